#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# busy_xu4.py DIR: the big cores of the XU4 testbed laid out in DIR busy
# and IRQ 151 (the RTL8153's xhci) firing 8000 times a second on CPU 7, as
# in the seeds' iperf runs. One process, writing every 50 ms for 40 s, its
# figures keyed to the time since it began, not to how often it gets to
# run: a loaded machine gives the same rates. Per half second the big
# cores gain 50 ticks of user time each, IRQ 151 gains 4000 on CPU 7.
import os
import sys
import time

d = sys.argv[1]
src = open(d + "/proc/interrupts").read().split("\n")
t0 = time.monotonic()


def put(name, text):
    open(d + name + ".new", "w").write(text)
    os.rename(d + name + ".new", d + name)


while time.monotonic() - t0 < 40:
    i = (time.monotonic() - t0) * 2
    lines = []
    for c in range(8):
        busy = int(50 * i) if c >= 4 else 0
        idle = int(50 * i) - busy
        lines.append("cpu%d %d 0 5000 %d 500 0 500 0 0 0" % (c, 10000 + busy, 100000 + idle))
    put("/proc/stat", "cpu  80000 0 40000 800000 4000 0 4000 0 0 0\n" +
        "\n".join(lines) + "\nctxt 1\nbtime 1\n")
    out = []
    for l in src:
        if l.startswith("151:"):
            f = l.split()
            f[8] = str(7406300 + int(4000 * i))
            l = "%4s %10s %10s %10s %10s %10s %10s %10s %10s     GICv2 105 Edge      xhci-hcd:usb5" % tuple(f[:9])
        out.append(l)
    put("/proc/interrupts", "\n".join(out))
    time.sleep(0.05)
