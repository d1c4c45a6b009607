#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop --once --json` on the kernel files of a 4-CPU ARM board laid
# into umockdev: the files change between the two samples exactly as
# written here, and the JSON must show those changes as rates.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 16

command -v "$UMOCKDEV_RUN" > /dev/null 2>&1 || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }

# Phase two, applied 1.5 s into a 3 s interval:
#  - CPU 3 goes offline (its /proc/stat line disappears), CPU 0 is 50 % busy;
#  - sdb reads 2048 sectors in 16 I/Os and is busy 1500 ms, 3 requests in
#    flight at the end;
#  - eth0 rx_bytes wraps at 2^32 on this 32-bit kernel (4248714927 -> 20173913);
#  - IRQ 39 (xhci_hcd) fires 30000 times on CPU 0; a new IRQ row 99 appears.
cat > "$TMPD/phase2" <<'SH'
sleep 1.5
d="$UMOCKDEV_DIR/proc"
cat > "$d/stat.new" <<'STAT'
cpu  4150 0 2000 40450 400 0 400 0 0 0
cpu0 1150 0 500 10150 100 0 100 0 0 0
cpu1 1000 0 500 10300 100 0 100 0 0 0
cpu2 1000 0 500 10300 100 0 100 0 0 0
intr 0
ctxt 123999
btime 1700000000
STAT
mv "$d/stat.new" "$d/stat"
awk '$3 == "sdb" { $4 += 16; $6 += 2048; $7 += 40; $12 = 3; $13 += 1500 } { print }' \
	"$d/diskstats" > "$d/ds.new" && mv "$d/ds.new" "$d/diskstats"
sed 's/4248714927/20173913/' "$d/net/dev" > "$d/nd.new" && mv "$d/nd.new" "$d/net/dev"
awk '$1 == "39:" { $2 += 30000 } { print }
     $1 == "Err:" { }' "$d/interrupts" > "$d/in.new"
sed -i 's/^Err:/ 99:          5          0          0          0     GICv2  99 Level     new-device\nErr:/' "$d/in.new"
mv "$d/in.new" "$d/interrupts"
SH

in_testbed collectors-rpi4 sh -c '"$1" --once --json --interval 3 > "$2/out.json" & p=$!; sh "$2/phase2"; wait $p' \
	sh "$BENCHTOP" "$TMPD"
check $? "benchtop ran under umockdev"
J="$TMPD/out.json"

json "$J" 'abs(d["interval_s"] - 3) < 0.5'
check $? "interval_s is the measured 3 s"
json "$J" '[c["id"] for c in d["cpus"]] == [0, 1, 2, 3]'
check $? "CPUs listed by id from sys/devices/system/cpu/present"
json "$J" '[c["online"] for c in d["cpus"]] == [True, True, True, False] and d["cpus"][3]["busy_pct"] is None'
check $? "CPU 3 went offline and is shown as offline"
json "$J" 'abs(d["cpus"][0]["busy_pct"] - 50) < 0.01 and abs(d["cpus"][1]["idle_pct"] - 100) < 0.01'
check $? "CPU 0 50 % busy, CPU 1 idle"
json "$J" '{x["name"]: x["kind"] for x in d["disks"]} == {"loop0": "virtual", "loop1": "virtual", "loop2": "virtual", "loop3": "virtual", "loop4": "virtual", "loop5": "virtual", "loop6": "virtual", "loop7": "virtual", "mmcblk0": "disk", "mmcblk0p1": "partition", "mmcblk0p2": "partition", "sda": "disk", "sda1": "partition", "sdc": "disk", "sdc1": "partition", "sdb": "disk", "sdb1": "partition"}'
check $? "disks and partitions of the old 11-field diskstats told apart"
json "$J" '[x for x in d["disks"] if x["name"] == "sdb"][0]["read_bytes"] == 2048 * 512'
check $? "sdb read 1 MiB in the interval"
json "$J" 'abs([x for x in d["disks"] if x["name"] == "sdb"][0]["read_bytes_per_s"] * d["interval_s"] - 1048576) < 1'
check $? "sdb read rate x interval = 1 MiB"
json "$J" 'abs([x for x in d["disks"] if x["name"] == "sdb"][0]["read_iops"] * d["interval_s"] - 16) < 0.01 and abs([x for x in d["disks"] if x["name"] == "sdb"][0]["await_ms"] - 2.5) < 0.001'
check $? "sdb: 16 reads, await 40 ms / 16 = 2.5 ms"
json "$J" 'abs([x for x in d["disks"] if x["name"] == "sdb"][0]["util_pct"] - 150000 / d["interval_s"] / 1000) < 0.5'
check $? "sdb %util = 1500 ms busy over the interval"
json "$J" '[x for x in d["disks"] if x["name"] == "sda"][0]["read_bytes_per_s"] == 0'
check $? "an idle disk reads 0 B/s"
json "$J" 'abs([x for x in d["net"] if x["name"] == "eth0"][0]["rx_bytes_per_s"] * d["interval_s"] - 66426282) < 2'
check $? "eth0 rx counter wrap at 2^32 counted as 66426282 bytes"
json "$J" '[r["key"] for r in d["irqs"]] == ["3", "11", "14", "17", "24", "25", "31", "32", "38", "39", "IPI0", "IPI1", "IPI2", "IPI3", "IPI4", "IPI5", "IPI6", "99", "Err"] and [r for r in d["irqs"] if r["key"] == "99"][0]["rate_per_s"] is None and [r["irq"] for r in d["irqs"]][9:11] == [39, None]'
check $? "every /proc/interrupts row is listed by key, numbered ones with their number; the new row 99 has no rate yet"
valid "$J"
check $? "the document validates against doc/schema/once.json"
json "$J" 'all(abs(r["rate_per_s"] * d["interval_s"] - 30000) < 1 and r["chip"] == "BRCM STB PCIe MSI" and r["action"] == "xhci_hcd" and r["affinity"] == "0-3" and r["effective_affinity"] == "0" and abs(r["per_cpu_per_s"]["0"] * d["interval_s"] - 30000) < 1 for r in d["irqs"] if r["irq"] == 39)'
check $? "IRQ 39 xhci_hcd: 30000 on CPU 0, chip with spaces, affinity 0-3 effective 0"
json "$J" '[x["in_flight"] for x in d["disks"] if x["name"] in ("sdb", "sda")] == [0, 3]'
check $? "sdb: 3 requests in flight (diskstats field 9) at the second reading, sda none"

