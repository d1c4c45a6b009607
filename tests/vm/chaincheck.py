#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Check one device's chain in benchtop's --once --json against what the
guest's sysfs said (tests/vm/init's truth lines) and its /proc/interrupts.

Usage: chaincheck.py SECTIONS-DIR DEV WHAT [SUFFIX]
  SUFFIX: read benchtop's output from the sections jsonSUFFIX, onceSUFFIX
  WHAT: usb       the chain names the disk's USB device, its speed, driver
        pci       the chain's controller is the device's PCI function
        irqs      the chain's IRQs are that function's vectors: msi_irqs
                  when MSI/MSI-X is on, its legacy irq only otherwise
        virtio    each of those vectors is named virtioN-... in
                  /proc/interrupts, N the device's own virtio child
        text      the --once table's chain line names the same IRQs
        fires     the IRQ that grew most while the guest made traffic on
                  DEV (section grow_DEV) is one of the chain's and sysfs's;
                  per-CPU rows (a GIC's PPIs, 16-31: the arm64 timer) are
                  no device's and left out, as x86's LOC has no number
Exit 0 when the check holds; "# " lines say what was seen."""
import json
import re
import sys


def truth(d):
    out = {}
    for line in open(d + "/truth"):
        head, _, irqs = line.strip().partition(" irqs=")
        kv = dict(f.split("=", 1) for f in head.split())
        kv["irqs"] = sorted(int(x) for x in irqs.split())
        out[kv["dev"]] = kv
    return out


SUFFIX = ""
# a /proc/interrupts row of a GIC's private per-CPU interrupt (hwirq 16-31)
PPI = re.compile(r"\sGIC\w*\s+(1[6-9]|2[0-9]|3[01])\s")


def chain_of(d, dev):
    doc = json.load(open(d + "/json" + SUFFIX))
    for c in doc.get("chain") or []:
        if c.get("dev") == dev:
            return c
    return None


def text_line(d, dev):
    for line in open(d + "/once" + SUFFIX):
        if line.strip().startswith(dev + " -> "):
            return line.strip()
    return None


def irq_names(d):
    names = {}
    for line in open(d + "/interrupts"):
        f = line.split()
        if f and f[0].rstrip(":").isdigit():
            names[int(f[0].rstrip(":"))] = line.rstrip()
    return names


def main():
    global SUFFIX
    d, dev, what = sys.argv[1:4]
    SUFFIX = sys.argv[4] if len(sys.argv) > 4 else ""
    t = truth(d).get(dev)
    c = chain_of(d, dev)
    if t is None or c is None:
        print("# %s: sysfs %s, chain %s" % (dev, t, c and c.get("text")))
        return 1
    print("# sysfs:  " + " ".join("%s=%s" % kv for kv in t.items()))
    print("# chain:  " + str(c.get("text")))
    got = sorted(i.get("irq") for i in c.get("irqs") or [])
    if what == "usb":
        usb = c.get("usb") or ""
        ok = (c.get("usb_device") == t["usb"]
              and (" %s " % t["driver"]) in " %s " % usb
              and (t["speed"] + "M") in usb)
    elif what == "pci":
        ok = c.get("pci") == t["pci"]
    elif what == "irqs":
        print("# chain IRQs %s, the function's %s vectors %s"
              % (got, t["mode"], t["irqs"]))
        ok = got == t["irqs"]
    elif what == "virtio":
        names = irq_names(d)
        rows = [names.get(i, "(no row)") for i in t["irqs"]]
        for r in rows:
            print("# " + r)
        ok = t.get("virtio", "-") != "-" and all(
            re.search(r"\b%s-" % t["virtio"], r) for r in rows)
    elif what == "text":
        line = text_line(d, dev)
        print("# --once: %s" % line)
        nums = [int(n) for n in re.findall(r"(?:IRQs?|,) (\d+)", line or "")]
        ok = line is not None and sorted(nums) == t["irqs"]
    elif what == "fires":
        try:
            grew = [[int(x) for x in l.split()]
                    for l in open(d + "/grow_" + dev) if l.strip()]
        except OSError:
            grew = []
        print("# IRQs that grew (irq count): %s" % grew)
        names = irq_names(d)
        grew = [g for g in grew if not PPI.search(names.get(g[0], ""))]
        ok = bool(grew) and grew[0][0] in got and grew[0][0] in t["irqs"]
    else:
        print("# unknown check " + what)
        return 2
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
