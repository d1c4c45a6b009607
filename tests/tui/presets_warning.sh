#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The live screen with a damaged presets.conf in the data folder: the
# status line says so once (the file, the line and what is wrong there,
# the built-in presets are used: wrapped, not cut at 80 columns) and b
# still lists every shipped preset.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
mkdir -p "$TMPD/data" "$TMPD/xdg"
printf '[seq-direct]\nkind = seq-direct\nsize = 1M\n[oops\n' > "$TMPD/data/presets.conf"
plan 3

start 80 24 "BENCHTOP_DATADIR='$TMPD/data' XDG_CONFIG_HOME='$TMPD/xdg' '$BENCHTOP'"
wait_for '^DISK '
check $? "the monitor runs with a damaged presets.conf"
wait_for '^using the built-in presets: .*/presets.conf: line 4:'
status_line | grep -Eq 'presets\.conf: line 4: ?a section is \[name\] with letters, digits, - _ \. \("\[oops"\) *$'
check $? "the status line: the built-in presets are used, the file, the line and why, wrapped over the key bar's row and the one above"
keys b
ok=0
for p in $(awk '/^\[/ { print substr($0, 2, length($0) - 2) }' "$top_srcdir/data/presets.conf"); do
	wait_for "^$p +(seq-direct|iozone|read-timing|bonnie|iperf) " || { diag "no $p"; ok=1; }
done
check $ok "b lists every shipped preset all the same"
