#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# iperf ports and the user's presets: an unknown key in presets.conf is one
# warning for its line and every preset stays (the shipped ones too); a
# preset's port key is used; the monitor takes a target HOST:PORT.  Stock
# iperf3 servers on free ports of 127.0.0.1.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v iperf3 > /dev/null || { echo "1..0 # SKIP iperf3 missing"; exit 0; }
PIDS=""
trap 'for p in $PIDS; do kill $p 2> /dev/null; done; $TMUXC kill-server > /dev/null 2>&1; rm -rf "$TMPD"' EXIT
export BENCHTOP_NO_PROGRESS=1
plan 7
P1=$(free_port) P2=$(free_port)
mkdir -p "$TMPD/xdg/benchtop"
cat > "$TMPD/xdg/benchtop/presets.conf" <<CONF
[a-iperf]
kind = iperf
description = one second
duration = 1
colour = red
[iperf]
kind = iperf
description = one second to a port of its own
duration = 1
port = $P2
CONF
export XDG_CONFIG_HOME="$TMPD/xdg"

"$BENCHTOP" bench --list > "$TMPD/list" 2> "$TMPD/list.err"
[ $? -eq 0 ] && [ "$(wc -l < "$TMPD/list.err")" = 1 ] &&
	grep -q "^benchtop bench: warning: $TMPD/xdg/benchtop/presets.conf: line 5: unknown key, line ignored (\"colour\")$" "$TMPD/list.err"
check $? "an unknown key: exit 0, one warning naming the file, line and key"
grep -q '^ *seq-direct ' "$TMPD/list" && grep -q '^ *a-iperf ' "$TMPD/list" &&
	grep -q '^ *iperf-reverse ' "$TMPD/list"
check $? "... and every preset is listed: shipped seq-direct, iperf-reverse, a-iperf"

iperf3 -s -1 -B 127.0.0.1 -p "$P2" > /dev/null 2>&1 & PIDS="$PIDS $!"
listening "$P2"
"$BENCHTOP" iperf 127.0.0.1 --json > "$TMPD/port.json" 2> /dev/null
json "$TMPD/port.json" 'd["status"] == "ok" and d["port"] == '"$P2"
check $? "the iperf preset's port key: benchtop iperf HOST goes to port $P2"

iperf3 -s -1 -B 127.0.0.1 -p "$P1" > /dev/null 2>&1 & PIDS="$PIDS $!"
listening "$P1"
start 80 24 "'$BENCHTOP'"
wait_for '^DISK '
keys b
wait_for 'unknown key, line ignored'
check $? "b: the warning is on the status line"
wait_for '^a-iperf +iperf '
check $? "... and the menu lists the presets"
n=$(screen | grep -E '^[a-z-]+ +(seq-direct|iozone|read-timing|bonnie|iperf) ' | grep -n '^a-iperf ' | cut -d: -f1)
i=1; while [ "$i" -lt "$n" ]; do keys j; i=$((i + 1)); done
keys Enter
wait_for 'type a'
keys End; i=0; while [ $i -lt 10 ]; do keys j; i=$((i + 1)); done
keys Enter
keys -l "127.0.0.1:$P1"
keys Enter
wait_for '^BENCH a-iperf done: .*Mbit/s' 30
check $? "the monitor runs iperf against 127.0.0.1:$P1 (a target HOST:PORT)"
keys q
wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ]
check $? "q quits with status 0"
