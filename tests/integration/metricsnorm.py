#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""metricsnorm: make `benchtop metrics` output of a testbed comparable with
its golden file.  Usage: metricsnorm.py BEDDIR < metrics > normalised

- counter values (_total) become C, and the values read at run time
  (timestamps, durations, irqbalance from this machine's /proc) become X;
- the kernel and machine labels of benchtop_board_info become K (uname);
- families fed by a /proc file the testbed does not have (umockdev then
  shows this machine's file) are left out, and so are the labels that
  come from this machine's /proc/cpuinfo."""
import os
import re
import sys

bed = sys.argv[1]
have = lambda p: os.path.exists(os.path.join(bed, p))
drop = []
if not have("proc/interrupts"):
    drop += ["benchtop_irq_", "benchtop_chain_info",
             'benchtop_source_readable{source="interrupts"}']
if not have("proc/diskstats"):
    drop += ["benchtop_disk_", 'benchtop_source_readable{source="diskstats"}']
if not have("proc/net/dev"):
    drop += ["benchtop_network_", 'benchtop_source_readable{source="netdev"}']
if not have("proc/stat"):
    drop += ['benchtop_source_readable{source="stat"}']
varies = ("benchtop_metrics_read_timestamp_seconds",
          "benchtop_metrics_read_duration_seconds",
          "benchtop_irqbalance_running")

for line in sys.stdin:
    line = line.rstrip("\n")
    name = re.split(r"[{ ]", line.split(" ", 3)[2] if line.startswith("# ")
                    else line, 1)[0]
    if any(name.startswith(d) or line.startswith(d) for d in drop):
        continue
    if line.startswith("#"):
        print(line)
        continue
    if name == "benchtop_board_info":
        line = re.sub(r'(kernel|machine)="[^"]*"', r'\1="K"', line)
        if not have("proc/cpuinfo"):
            line = re.sub(r'(board|source)="[^"]*"', r'\1="K"', line)
    if not have("proc/cpuinfo") and name in ("benchtop_cpu_info",
                                             "benchtop_cluster_info"):
        line = re.sub(r'core="[^"]*"', 'core="K"', line)
    if name.endswith("_total"):
        line = re.sub(r" [^ ]+$", " C", line)
    elif name in varies:
        line = re.sub(r" [^ ]+$", " X", line)
    print(line)
