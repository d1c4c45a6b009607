#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The results screen at 80x24 after an iozone sweep run from the monitor
# with a size chosen there (s, 16M): every figure and the conditions are
# reachable by scrolling (PgDn), the size is the one chosen, the target's
# disk and the IRQs of its controller are named.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
plan 7
mkdir -p "$TMPD/target" "$TMPD/xdg"

start 80 24 "XDG_CONFIG_HOME='$TMPD/xdg' '$BENCHTOP'"
wait_for '^DISK '
keys b
wait_for '^iozone-sweep '
n=$(screen | grep -E '^[a-z-]+ +(seq-direct|iozone|read-timing|bonnie|iperf) ' | grep -n '^iozone-sweep ' | cut -d: -f1)
i=1; while [ "$i" -lt "$n" ]; do keys j; i=$((i + 1)); done
keys Enter
wait_for '^size 100 MiB  \(s changes it\)'
check $? "the folder step shows the preset's size (100 MiB) and s"
keys s
wait_for '^size \(such as 64M, 1G\): _'
keys -l 16M
keys Enter
wait_for '^size 16 MiB  \(s changes it\)'
check $? "s, 16M, Enter: the size is 16 MiB"
keys End; i=0; while [ $i -lt 40 ]; do keys j; i=$((i + 1)); done
keys Enter
keys -l "$TMPD/target"
keys Enter
wait_for '^BENCH iozone-sweep done: ' 120
keys r
wait_for ' lines 1-[0-9]+ of [0-9]+: PgDn/PgUp scroll'
check $? "r: the detail says it scrolls (lines 1-N of M)"
total=$(screen | sed -n 's/.* lines 1-[0-9]* of \([0-9]*\):.*/\1/p')
[ "${total:-0}" -ge 40 ]
check $? "36 figures and the conditions: $total lines"
# the mount is named where this process sees it (not in a chroot, whose
# mount table leaves out the mount the folder is on); the disk always
on_mount='on .* '
findmnt -n -T "$TMPD/target" > /dev/null 2>&1 || on_mount=
i=0; while [ $i -lt 12 ]; do keys NPage; i=$((i + 1)); done
wait_for "^ random write 16M +[0-9.]+ KB/s"
check $? "PgDn reaches the last figure, random write 16M"
screen | grep -q "^Conditions: kernel $(uname -r), " &&
	screen_unwrapped | grep -q "^  target $TMPD/target $on_mount(.*disk [a-z0-9]*)"
check $? "... and the conditions: kernel, target, its mount and disk"
screen | grep -q '^  size 16 MiB, O_DIRECT' &&
	screen | grep -Eq '^  (no cluster was seen throttled|a cluster was throttled during the run)$'
check $? "... the size chosen (16 MiB, O_DIRECT) and the throttling"
keys q
wait_exit 10
