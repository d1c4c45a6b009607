#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# L with snapshot_dir = the current folder: each saved session is offered
# once (it was listed twice, once per folder scanned).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
plan 2
mkdir -p "$TMPD/xdg/benchtop" "$TMPD/here"
cp "$top_srcdir/tests/data/snapshots/x86-vm-bench-a.json" "$TMPD/here/benchtop-a.json"
for d in . "$TMPD/here"; do
	echo "snapshot_dir = $d" > "$TMPD/xdg/benchtop/config"
	start 100 30 "cd '$TMPD/here'; XDG_CONFIG_HOME='$TMPD/xdg' '$BENCHTOP'"
	wait_for '^DISK ' > /dev/null
	keys L
	wait_for 'Baseline: which saved session' > /dev/null
	[ "$(screen | grep -c 'benchtop-a\.json')" = 1 ]
	check $? "snapshot_dir = $d, the monitor in that folder: L offers benchtop-a.json once"
	keys Escape q
	wait_exit 10
done
