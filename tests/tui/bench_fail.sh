#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# bench_fail: a run that fails says why on the BENCH row when the sentence
# fits, and where to read it (r) when it does not: never half a sentence
# (issue 27 item 15). iperf to 127.0.0.1:9, where nothing listens, at 60
# and 120 columns.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
plan 3
start 60 24 "XDG_CONFIG_HOME='$TMPD/xdg' '$BENCHTOP'"
wait_for '^DISK ' > /dev/null
keys b
wait_for '^iperf +iperf ' > /dev/null
keys End k Enter
wait_for 'type a' > /dev/null
keys End Enter
keys -l "127.0.0.1:9"
keys Enter
wait_for '^BENCH iperf failed \(r shows why\) *$' 30
check $? "60 columns: BENCH iperf failed (r shows why), not a cut sentence"
resize 120 24
wait_for '^BENCH iperf failed: .*[Cc]onnection refused *$'
check $? "120 columns: the whole reason on the row"
keys q
wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ]
check $? "q quits with status 0"
