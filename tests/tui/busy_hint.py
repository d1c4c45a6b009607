#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# busy_hint.py DIR: for tests/tui/scenarios/hint_lines.scn, on the XU4
# testbed laid out in DIR: the big cores 40 % busy, LITTLE CPU 0 90 % busy
# (a reading a tick off either way gives 89 or 91), IRQ 151 at 8000 a
# second on CPU 0 (where a GIC that keeps its effective CPU would leave it
# after a pin). One process, writing every 50 ms for 120 s, its figures
# keyed to the time since it began, not to how often it gets to run.
import os
import sys
import time

d = sys.argv[1]
src = open(d + "/proc/interrupts").read().split("\n")
t0 = time.monotonic()


def put(name, text):
    open(d + name + ".new", "w").write(text)
    os.rename(d + name + ".new", d + name)


while time.monotonic() - t0 < 120:
    i = (time.monotonic() - t0) * 100    # ticks of one CPU
    lines = []
    for c in range(8):
        share = 0.9 if c == 0 else 0.4 if c >= 4 else 0
        busy = int(share * i)
        lines.append("cpu%d %d 0 5000 %d 500 0 500 0 0 0" % (c, 10000 + busy, 100000 + int(i) - busy))
    put("/proc/stat", "cpu  80000 0 40000 800000 4000 0 4000 0 0 0\n" +
        "\n".join(lines) + "\nctxt 1\nbtime 1\n")
    out = []
    for l in src:
        if l.startswith("151:"):
            f = l.split()
            f[1] = str(334 + int(80 * i))
            l = "%4s %10s %10s %10s %10s %10s %10s %10s %10s     GICv2 105 Edge      xhci-hcd:usb5" % tuple(f[:9])
        out.append(l)
    put("/proc/interrupts", "\n".join(out))
    time.sleep(0.05)
