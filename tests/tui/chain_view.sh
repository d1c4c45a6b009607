#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The device chain as a view of its own on the XU4 testbed at 80x24:
# Enter on sda shows sda -> USB 4-1 (the ASMedia bridge, uas, 5000M) ->
# xhci-hcd.2.auto -> IRQ 150 with its live rate and the CPU that takes it
# (a feeder advances /proc/diskstats and /proc/interrupts at known rates),
# and p pins that IRQ from there.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
[ "$(id -u)" = 0 ] || { echo "1..0 # SKIP pinning needs root"; exit 0; }
plan 6

start 80 24 "$(bed_cmd odroid-xu4 '-d 1')"
wait_for '^sda '
u=$(cat "$TMPD/udir")
# Every half second: sda reads 2048 sectors (2 MiB/s), IRQ 150 fires
# 1000 times on CPU 2 (2000/s).
(i=0; while [ $i -lt 60 ]; do
	i=$((i + 1)); sleep 0.5
	awk -v n="$i" '$3 == "sda" { $6 = 37537568 + 2048 * n } { print }' \
		"$u/proc/diskstats" > "$u/proc/diskstats.new" &&
		mv "$u/proc/diskstats.new" "$u/proc/diskstats"
	awk -v n="$i" '/^150:/ { $4 = 132611 + 1000 * n } { print }' \
		"$u/proc/interrupts" > "$u/proc/interrupts.new" &&
		mv "$u/proc/interrupts.new" "$u/proc/interrupts"
done) &
feed=$!
trap 'kill $feed 2> /dev/null; $TMUXC kill-server > /dev/null 2>&1; rm -rf "$TMPD"' EXIT
# The overview's rows: the two clusters, mmcblk0, then sda.
keys j j j
keys Enter
wait_for '^CHAIN sda  \(p pins its IRQ, Esc back\)'
check $? "Enter on sda opens its chain"
wait_for '^sda  read 2\.1 MB/s  write 0 B/s$'
check $? "the disk's live rate: read 2.1 MB/s (2048 sectors every 0.5 s)"
screen | grep -q '^  -> USB 4-1  ASMedia ASM1051E/ASM1053E/ASM1153E uas 5000M$' &&
	screen | grep -q '^  -> host controller xhci-hcd.2.auto$'
check $? "sda -> USB 4-1 (ASMedia, uas, 5000M) -> xhci-hcd.2.auto"
wait_for '^  -> IRQ 150 xhci-hcd:usb3  2\.0k/s  on CPU 2 \(affinity 2\)$'
check $? "-> IRQ 150 at 2.0k/s, taken by CPU 2"
keys p
wait_for 'Pin IRQ 150 to'
check $? "p on the chain offers to pin IRQ 150"
keys Enter
wait_for 'IRQ 150: affinity 4-7'
[ $? = 0 ] && [ "$(cat "$u/proc/irq/150/smp_affinity_list")" = 4-7 ]
check $? "pinned from the chain: IRQ 150's smp_affinity_list holds 4-7"
kill $feed 2> /dev/null
