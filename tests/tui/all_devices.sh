#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# all_devices: a (all devices) adds the idle loop devices and the
# partitions below the disks shown without it, so a busy disk is not
# pushed off an 80x24 screen by eight idle loop devices listed before it
# in /proc/diskstats (issue 27 item 13). The XU4 testbed with loop0-7
# first, as the kernel registers them, and sda read at 20 MB/s.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null ||
	{ echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 5
feed=""
trap 'test -n "$feed" && kill $feed 2> /dev/null
	$TMUXC kill-server > /dev/null 2>&1; rm -rf "$TMPD"' EXIT
mkdir -p "$TMPD/beds" && cp -a "$TESTBEDS/odroid-xu4" "$TMPD/beds/loops"
st="$TMPD/beds/loops/proc/diskstats"
for i in 0 1 2 3 4 5 6 7; do
	echo "   7       $i loop$i 0 0 0 0 0 0 0 0 0 0 0"
done > "$TMPD/loops"
cat "$st" >> "$TMPD/loops" && mv "$TMPD/loops" "$st"
TESTBEDS=$TMPD/beds
start 80 24 "$(bed_cmd loops '-d 1')"
wait_for '^mmcblk0 ' 30 > /dev/null || exit 1
python3 "$top_srcdir/tests/tui/feeder.py" "$(cat "$TMPD/udir")" \
	disk:sda:20000000:0:200:0:40 &
feed=$!
wait_for '^sda +20\.0 MB/s ' > /dev/null
check $? "without a: sda reads at 20.0 MB/s"
! screen | grep -q '^loop0 '
check $? "without a: the idle loop devices are not listed"
keys a
wait_for '^loop0 ' > /dev/null
check $? "a: the idle loop devices are listed"
screen | grep -Eq '^sda +20\.0 MB/s '
check $? "a at 80x24: the busy sda is still on the screen"
screen | awk '/^sda / { s = NR } /^loop[0-9] / && !l { l = NR }
	END { exit !(s && l && s < l) }'
check $? "a: sda is above the idle loop devices"
kill $feed; feed=""
keys q
