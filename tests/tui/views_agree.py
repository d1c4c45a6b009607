#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# views_agree.py: for tests/tui/scenarios/views_agree.scn (the old
# script's heredocs).
#  figures KIND FILE  the figures a person compares, one a line, sorted:
#     once:   from --once: "cluster CPUS CUR RANGE", "irq N CPU",
#             "bus N DRIVER"
#     screen: from the overview: "cluster CPUS CUR RANGE", "irq N CPU"
#     usb:    from the USB screen: "bus N DRIVER", "irq N CPU"
#  chains TEXT JSON   the CPU --once's chain lines (TEXT) and its JSON
#     chain[].irqs[].cpu name for each IRQ, "text|json N CPU" ("-" for
#     none yet), one a line, sorted
#  nodriver FILE      FILE (a usb.umockdev) without the driver link of
#     the host controller xhci-hcd.2.auto
#  unpercpu IN OUT    the session file IN as one saved before
#     per_cpu_count: OUT
import json
import re
import sys


def irq_line(pattern, line, out):
    """A line of an IRQ list: "irq N CPU" into OUT where PATTERN reads
    it; False at the list's end (a blank line)."""
    m = re.match(pattern, line)
    if m:
        out.add("irq %s %s" % m.groups())
        return True
    return bool(line.strip())


def figures(kind, text):
    out = set()
    if kind == "once":
        sec = None
        for l in text:
            m = re.match(r"CLUSTER  .*  cpus (\S+)  \S+  (\d+) MHz  (\d+)-(\d+) MHz", l)
            if m:
                out.add("cluster %s %s %s-%s" % m.groups())
            if l.startswith("IRQ ") and "ON CPU" in l:
                sec = "irq"
                continue
            if sec == "irq" and not irq_line(r"(\d+) +\S+ +(\S+) ", l, out):
                sec = None
            m = re.match(r"  bus (\d+) +\S+ +\S+ \((.*)\)$", l)
            if m:
                out.add("bus %s %s" % m.groups())
    elif kind == "screen":
        sec = None
        for l in text:
            if l.startswith("CLUSTER"):
                sec = "cl"
                continue
            if re.match(r"IRQ +", l) and "CPU" in l:
                sec = "irq"
                continue
            if sec == "cl":
                m = re.match(r".{19} (\S+) +\S+ +(\d+) MHz +(\d+)-(\d+) ", l)
                if m:
                    out.add("cluster %s %s %s-%s" % m.groups())
                elif not l.strip() or re.match(r"[A-Z]{3,}", l):
                    sec = None
            if sec == "irq" and not irq_line(r" *(\d+) +\S+ +(\S+) ", l,
                                             out):
                sec = None
    else:
        for l in text:
            m = re.match(r"Bus (\d+)  \S+  \S+ \((.*?)\)  (.*)$", l)
            if m:
                out.add("bus %s %s" % m.groups()[:2])
                for q in re.finditer(r"IRQ (\d+) on CPU (\d+)", m.group(3)):
                    out.add("irq %s %s" % q.groups())
    return out


def chains(text, doc):
    out = set()
    for l in text:
        m = re.search(r" -> IRQ (\d+) -> (?:CPU (\d+)|no interrupts yet)$", l)
        if m:
            out.add("text %s %s" % (m.group(1), m.group(2) or "-"))
        m = re.search(r" -> IRQs (.*)$", l)
        if m:
            for q in re.finditer(r"(\d+) \((?:CPU (\d+)|no interrupts yet)\)",
                                 m.group(1)):
                out.add("text %s %s" % (q.group(1), q.group(2) or "-"))
    for c in doc.get("chain", []):
        for q in c.get("irqs", []):
            out.add("json %s %s" % (q["irq"], "-" if q["cpu"] is None
                                    else q["cpu"]))
    return out


def nodriver(path):
    blocks = open(path).read().split("\n\n")
    out = []
    for b in blocks:
        lines = b.split("\n")
        if lines and lines[0].endswith("/xhci-hcd.2.auto"):
            lines = [l for l in lines if not l.startswith("L: driver=")]
        out.append("\n".join(lines))
    open(path, "w").write("\n\n".join(out))


def unpercpu(src, dst):
    d = json.load(open(src))
    for q in d["system"]["irqs"]:
        q.pop("per_cpu_count", None)
    json.dump(d, open(dst, "w"))


def main(argv):
    if len(argv) == 3 and argv[0] == "figures":
        for f in sorted(figures(argv[1], open(argv[2]).read().splitlines())):
            print(f)
    elif len(argv) == 3 and argv[0] == "chains":
        for f in sorted(chains(open(argv[1]).read().splitlines(),
                               json.load(open(argv[2])))):
            print(f)
    elif len(argv) == 2 and argv[0] == "nodriver":
        nodriver(argv[1])
    elif len(argv) == 3 and argv[0] == "unpercpu":
        unpercpu(argv[1], argv[2])
    else:
        sys.exit("usage: views_agree.py figures KIND FILE | chains TEXT "
                 "JSON | nodriver FILE | unpercpu IN OUT")


if __name__ == "__main__":
    main(sys.argv[1:])
