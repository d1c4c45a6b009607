#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Only the rows that fit: on a generated XU4 bed with 200 more disks and
# 200 more interfaces the overview keeps its IRQ section at 80x24 and
# 200x50 (the disks and interfaces once took every row and pushed it off
# the screen), each section ending in its "+N more" marker.  With 600
# more disks the recording's channel cap is hit: one sentence on the
# screen, and the snapshot says how many channels it left out.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 13

# The bed: the XU4's, with vdaa..vdhr in diskstats and veth0..veth199 in
# net/dev, each moving a little every read is not needed: the rows are
# there from the first reading.
beds="$TMPD/beds"
mkdir -p "$beds"
cp -r "$TESTBEDS/odroid-xu4" "$beds/many"
awk 'BEGIN { for (i = 0; i < 200; i++)
	printf "   8 %7d vd%c%c 100 0 800 10 50 0 400 5 0 20 15\n", i * 16, 97 + int(i / 26), 97 + i % 26 }' \
	>> "$beds/many/proc/diskstats"
awk 'BEGIN { for (i = 0; i < 200; i++)
	printf "veth%d: 1000 10 0 0 0 0 0 0 2000 20 0 0 0 0 0 0\n", i }' \
	>> "$beds/many/proc/net/dev"
TESTBEDS="$beds"

for size in "80 24" "200 50"; do
	set -- $size
	start "$1" "$2" "$(bed_cmd many '-d 1')"
	wait_for '^IRQ +RATE/s'
	check $? "$1x$2, 200 more disks and interfaces: the IRQ section is on screen"
	screen > "$TMPD/s"
	n=$(grep -Ec '^[0-9]+ +[0-9.k]+ +[0-9-]+ ' "$TMPD/s")
	[ "$n" -ge 3 ]
	check $? "$1x$2: $n IRQ rows under its title (3 or more)"
	m=$(grep -Ec '^ +\+[0-9]+ more$' "$TMPD/s")
	[ "$m" -ge 2 ]
	check $? "$1x$2: the disks and the interfaces end in '+N more' ($m markers)"
	rows=$(wc -l < "$TMPD/s")
	[ "$rows" -eq "$2" ] && tail -n 1 "$TMPD/s" | grep -q 'h Help\|q Quit\|Help'
	check $? "$1x$2: $rows rows, the key bar still last"
	if [ "$1" = 80 ]; then
		# the disks scrolled down by the selection: the marker counts
		# the rows below the window only
		before=$(sed -n '/^DISK/,/^NET/p' "$TMPD/s" | sed -n 's/^ *+\([0-9]*\) more$/\1/p')
		keys Home j j j j j j j j j j
		wait_for '^DISK' > /dev/null
		sleep 1.5
		screen > "$TMPD/s2"
		first=$(sed -n '/^DISK/{n;p;}' "$TMPD/s2" | awk '{print $1}')
		after=$(sed -n '/^DISK/,/^NET/p' "$TMPD/s2" | sed -n 's/^ *+\([0-9]*\) more$/\1/p')
		[ "$first" = vdac ] && [ -n "$before" ] && [ "$after" = $((before - 4)) ]
		st=$?; [ $st = 0 ] || diag "first $first, +$before then +$after"
		check $st "80x24: scrolled past mmcblk0, sda, vdaa and vdab, the disks' marker says 4 fewer (+$before, +$after)"
	fi
	keys q
	wait_exit 10
done

# 60 more IRQs that have fired: the overview lists the 32 busiest, and
# its marker counts every one not on the screen (it counted from the 32).
cp -r "$top_srcdir/tests/testbeds/odroid-xu4" "$beds/irqs"
f="$beds/irqs/proc/interrupts"
firing=$(awk 'NR > 1 && $1 ~ /^[0-9]+:$/ { s = 0; for (i = 2; i <= 9; i++) s += $i; if (s > 0) c++ } END { print c + 60 }' "$f")
head -n 1 "$f" > "$f.new"
awk 'BEGIN { for (i = 0; i < 60; i++)
	printf "%d: %10d %10d %10d %10d %10d %10d %10d %10d     GICv2 %d Level     dev%d\n",
		300 + i, i + 1, 0, 0, 0, 0, 0, 0, 0, 400 + i, i }' >> "$f.new"
tail -n +2 "$f" >> "$f.new"
mv "$f.new" "$f"
start 80 24 "$(bed_cmd irqs '-d 1')"
wait_for '^IRQ +RATE/s' > /dev/null
wait_for '^ +\+[0-9]+ more$' > /dev/null
screen > "$TMPD/s"
listed=$(sed -n '/^IRQ /,$p' "$TMPD/s" | grep -Ec '^[0-9]+ +[0-9.k]+ ')
more=$(sed -n '/^IRQ /,$p' "$TMPD/s" | sed -n 's/^ *+\([0-9]*\) more$/\1/p')
[ -n "$more" ] && [ $((listed + more)) -eq "$firing" ]
st=$?; [ $st = 0 ] || { diag "listed $listed, +$more, firing $firing"; cat "$TMPD/s" >&2; }
check $st "80x24, $firing IRQs fired: $listed listed and '+$more more' count them all"
keys q
wait_exit 10

# 600 more disks: 4 channels each, past the recording's 2048.
cp -r "$beds/many" "$beds/cap"
cp "$top_srcdir/tests/testbeds/odroid-xu4/proc/diskstats" "$beds/cap/proc/"
awk 'BEGIN { for (i = 0; i < 600; i++)
	printf "   8 %7d vd%c%c%c 100 0 800 10 50 0 400 5 0 20 15\n", i * 16,
		97 + int(i / 676), 97 + int(i / 26) % 26, 97 + i % 26 }' \
	>> "$beds/cap/proc/diskstats"
mkdir -p "$TMPD/cfg/benchtop" "$TMPD/snaps"
echo "snapshot_dir = $TMPD/snaps" > "$TMPD/cfg/benchtop/config"
start 80 24 "export XDG_CONFIG_HOME='$TMPD/cfg'; $(bed_cmd cap '-d 0.5')"
wait_for 'recording: [0-9]+ channels past the 2048-channel cap are not kept'
check $? "the cap hit: one sentence on the screen"
n=$(screen | sed -n 's/.*recording: \([0-9]*\) channels past.*/\1/p')
keys w
wait_status "snapshot saved to /[^ ]*\.json"
check $? "w: saved"
f=$(ls "$TMPD"/snaps/benchtop-*.json 2> /dev/null | head -1)
json "$f" "d['series']['channels_refused'] == $n and len(d['series']['channels']) == 2048"
check $? "the snapshot: $n channels refused, 2048 kept"
keys q
wait_exit 10
