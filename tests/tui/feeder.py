#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# feeder.py DIR SPEC...: play the kernel for a testbed laid out in DIR (its
# $UMOCKDEV_DIR): every 10 ms, write /proc/diskstats, /proc/net/dev and
# /proc/interrupts as they would read now, at known rates by elapsed time
# (CLOCK_MONOTONIC, the clock benchtop times its samples by), so a stalled
# loop loses nothing. SPEC is one of
#   disk:NAME:READ_B/s:WRITE_B/s:READS/s:WRITES/s:BUSY_%
#   net:NAME:RX_bit/s:TX_bit/s:RX_pkt/s:TX_pkt/s
#   irq:N:PER_S   (on the first CPU of proc/irq/N/smp_affinity_list, read
#                  each time, so a pin moves it as the kernel would; an
#                  effective_affinity_list there follows it)
#   irq:N:PER_S:ALT_PER_S:PERIOD_S   the same, PER_S for PERIOD_S seconds,
#                  then ALT_PER_S for as long, and so on (a square wave)
import os
import sys
import time

d = sys.argv[1]
disks, nets, irqs = {}, {}, {}
for spec in sys.argv[2:]:
    kind, name, *r = spec.split(":")
    r = [float(x) for x in r]
    if kind == "disk":
        # fields: 3 reads, 5 sectors read, 7 writes, 9 sectors written,
        # 12 ms doing I/O
        disks[name] = {3: r[2], 5: r[0] / 512, 7: r[3], 9: r[1] / 512,
                       12: r[4] * 10}
    elif kind == "net":
        # receive bytes, packets (0, 1); send (8, 9)
        nets[name] = {0: r[0] / 8, 1: r[2], 8: r[1] / 8, 9: r[3]}
    elif kind == "irq":
        irqs[name] = r
    else:
        sys.exit("feeder: unknown spec " + spec)


def fired(r, t):
    """Interrupts of rate spec R by T seconds."""
    if len(r) < 3:
        return r[0] * t
    a, b, p = r[:3]
    n = int(t // p)
    whole = ((n + 1) // 2 * a + n // 2 * b) * p
    return whole + (t - n * p) * (a if n % 2 == 0 else b)


def read(name):
    try:
        return open(d + name).read().split("\n")
    except OSError:
        return None


def put(name, lines):
    open(d + name + ".new", "w").write("\n".join(lines))
    os.rename(d + name + ".new", d + name)


def first_cpu(n):
    try:
        t = open("%s/proc/irq/%s/smp_affinity_list" % (d, n)).read()
        return int(t.replace("-", ",").split(",")[0])
    except (OSError, ValueError):
        return 0


def effective(n, cpu):
    name = "%s/proc/irq/%s/effective_affinity_list" % (d, n)
    try:
        if open(name).read().strip() != str(cpu):
            open(name + ".new", "w").write("%d\n" % cpu)
            os.rename(name + ".new", name)
    except OSError:
        pass


disk, net, intr = read("/proc/diskstats"), read("/proc/net/dev"), \
    read("/proc/interrupts")
ncpu = len(intr[0].split()) if intr else 0
counts, done = {}, {}
for i, l in enumerate(intr or []):
    key = l.split(":", 1)[0].strip()
    if key in irqs:
        counts[key] = [int(x) for x in l.split(":", 1)[1].split()[:ncpu]]
        done[key] = 0
t0 = time.monotonic()
while True:
    t = time.monotonic() - t0
    if disks:
        out = []
        for l in disk:
            f = l.split()
            if len(f) > 12 and f[2] in disks:
                for i, r in disks[f[2]].items():
                    f[i] = str(int(f[i]) + int(r * t))
                l = "%4s %7s %s" % (f[0], f[1], " ".join(f[2:]))
            out.append(l)
        put("/proc/diskstats", out)
    if nets:
        out = []
        for l in net:
            name, _, rest = l.partition(":")
            if rest and name.strip() in nets:
                f = rest.split()
                for i, r in nets[name.strip()].items():
                    f[i] = str(int(f[i]) + int(r * t))
                l = "%6s: %s" % (name.strip(), " ".join(f))
            out.append(l)
        put("/proc/net/dev", out)
    if irqs:
        out = []
        for l in intr:
            key, _, rest = l.partition(":")
            k = key.strip()
            if k in irqs:
                want = int(fired(irqs[k], t))
                cpu = first_cpu(k)
                effective(k, cpu)
                counts[k][cpu] += want - done[k]
                done[k] = want
                desc = rest.split(None, ncpu)[ncpu:]
                l = "%4s: %s %s" % (k, " ".join("%10d" % c for c in
                                                 counts[k]),
                                    desc[0] if desc else "")
            out.append(l)
        put("/proc/interrupts", out)
    time.sleep(0.01)
