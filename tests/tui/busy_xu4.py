#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# busy_xu4.py DIR [--secs S] [--cpu0 SHARE] [--big SHARE] [--irq-cpu N]
#             [--irq-from COUNT]
# Load on the XU4 testbed laid out in DIR: LITTLE CPU 0 and the big cores
# (4-7) busy for SHARE of their time (0-1; the other LITTLE cores idle),
# and IRQ 151 (the RTL8153's xhci) firing 8000 times a second on CPU N,
# its count from COUNT. One process, writing every 50 ms for S seconds,
# its figures keyed to the time since it began, not to how often it gets
# to run: a loaded machine gives the same rates (100 ticks a second a
# CPU).
#   xu4_screens: --secs 40 --big 1 --irq-cpu 7 --irq-from 7406300, as in
#     the seeds' iperf runs;
#   hint_lines: --secs 120 --cpu0 0.9 --big 0.4 --irq-cpu 0 --irq-from 334
#     (CPU 0 where a GIC that keeps its effective CPU would leave IRQ 151
#     after a pin; a reading a tick off either way gives 89 or 91 %).
import argparse
import os
import time

ap = argparse.ArgumentParser()
ap.add_argument("dir")
ap.add_argument("--secs", type=float, default=40)
ap.add_argument("--cpu0", type=float, default=0)
ap.add_argument("--big", type=float, default=1)
ap.add_argument("--irq-cpu", type=int, default=7)
ap.add_argument("--irq-from", type=int, default=7406300)
o = ap.parse_args()
d = o.dir
src = open(d + "/proc/interrupts").read().split("\n")
t0 = time.monotonic()


def put(name, text):
    open(d + name + ".new", "w").write(text)
    os.rename(d + name + ".new", d + name)


while time.monotonic() - t0 < o.secs:
    t = time.monotonic() - t0
    ticks = int(100 * t)
    lines = []
    for c in range(8):
        share = o.cpu0 if c == 0 else o.big if c >= 4 else 0
        busy = int(share * 100 * t)
        lines.append("cpu%d %d 0 5000 %d 500 0 500 0 0 0"
                     % (c, 10000 + busy, 100000 + ticks - busy))
    put("/proc/stat", "cpu  80000 0 40000 800000 4000 0 4000 0 0 0\n" +
        "\n".join(lines) + "\nctxt 1\nbtime 1\n")
    out = []
    for l in src:
        if l.startswith("151:"):
            f = l.split()
            f[1 + o.irq_cpu] = str(o.irq_from + int(8000 * t))
            l = ("%4s %10s %10s %10s %10s %10s %10s %10s %10s     GICv2 105"
                 " Edge      xhci-hcd:usb5") % tuple(f[:9])
        out.append(l)
    put("/proc/interrupts", "\n".join(out))
    time.sleep(0.05)
