#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop --once` on the machine it runs on: the real /proc and /sys.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 9

"$BENCHTOP" --once --json --interval 0.5 > "$TMPD/live.json"
check $? "--once --json exits 0 on this machine"
awk -F: 'NR > 1 { gsub(/ /, "", $1); print $1 }' /proc/interrupts | sort > "$TMPD/rows"
python3 -c 'import json,sys; [print(r["irq"]) for r in json.load(open(sys.argv[1]))["irqs"]]' \
	"$TMPD/live.json" | sort > "$TMPD/jrows"
cmp -s "$TMPD/rows" "$TMPD/jrows"
check $? "every row of /proc/interrupts is in the JSON"
st=0
for nic in $(awk -F: 'NR > 2 { gsub(/ /, "", $1); print $1 }' /proc/net/dev); do
	json "$TMPD/live.json" "any(n['name'] == '$nic' for n in d['net'])" || st=1
done
check $st "every interface of /proc/net/dev is in the JSON (lo among them)"
json "$TMPD/live.json" 'any(n["name"] == "lo" for n in d["net"])'
check $? "lo is listed"
ncpu=$(ls -d /sys/devices/system/cpu/cpu[0-9]* | wc -l)
json "$TMPD/live.json" "len(d['cpus']) == $ncpu and all(c['online'] for c in d['cpus'])"
check $? "all $ncpu CPUs are listed and online"

"$BENCHTOP" --once --interval 0.2 > "$TMPD/live.txt"
check $? "--once text exits 0"
grep -Eq '^CPU +USER' "$TMPD/live.txt" && grep -Eq '^DISK +KIND' "$TMPD/live.txt" \
	&& grep -Eq '^NET +RX' "$TMPD/live.txt" && grep -Eq '^IRQ +RATE/s' "$TMPD/live.txt"
check $? "the text output has the CPU, DISK, NET and IRQ tables"

# A 256 MiB O_DIRECT write inside a 4 s interval shows up as 256 MiB
# (within 5 %) on the disk that holds the folder.
dev=$(findmnt -no SOURCE --target "$top_builddir" 2>/dev/null | sed 's|^/dev/||')
if [ -n "$dev" ] && [ -e "/sys/class/block/$dev" ] && \
   [ "$(df -Pk "$top_builddir" | awk 'NR==2 {print $4}')" -gt 600000 ]; then
	disk=$dev
	[ -e "/sys/class/block/$dev/partition" ] && \
		disk=$(basename "$(readlink -f "/sys/class/block/$dev/..")")
	sync
	outer0=$(awk -v d="$disk" '$3 == d { print $10 }' /proc/diskstats)
	"$BENCHTOP" --once --json --interval 4 > "$TMPD/dd.json" &
	pid=$!
	sleep 0.7
	dd if=/dev/zero of="$top_builddir/dd-test.tmp" bs=8M count=32 oflag=direct 2> "$TMPD/dd.err"
	ddst=$?
	rm -f "$top_builddir/dd-test.tmp"
	wait $pid
	outer1=$(awk -v d="$disk" '$3 == d { print $10 }' /proc/diskstats)
	check $ddst "dd oflag=direct wrote 256 MiB"
	# Other tests may write to the same disk meanwhile: what the disk took
	# around the whole run (outer) bounds what benchtop may report.
	outer=$(( (outer1 - outer0) * 512 ))
	json "$TMPD/dd.json" "(lambda w: (abs(w / 268435456 - 1) < 0.05 or 0.95 * 268435456 <= w <= $outer + 1048576) or print('# benchtop: %d bytes, the disk around the run: $outer' % w))([x for x in d['disks'] if x['name'] == '$disk'][0]['write_bytes_per_s'] * d['interval_s'])"
	check $? "$disk write rate x interval is 256 MiB within 5 % (or within what the disk took)"
else
	skip "the build folder is not on a block device with 600 MB free"
	skip "the build folder is not on a block device with 600 MB free"
fi
