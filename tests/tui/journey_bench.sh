#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Journey 4: run a preset (b) and an iperf run from the monitor at 80x24
# and read each result with its conditions on the results screen (r).
# seq-direct at a size chosen there (s, 16M) in a folder of the test's;
# iperf against a stock `iperf3 -s` on a free port of 127.0.0.1. On this
# machine, then on each testbed of tests/tui/journey_beds.sh (BENCH_BEDS
# narrows it): the runs do real I/O and real TCP here, and the monitor
# reads the board's kernel files around them, so the conditions name the
# board's clusters. Each in English and in German (T gives the words), at
# 80x24 and 200x50 ($JOURNEY_LANGS, $JOURNEY_SIZES).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v iperf3 > /dev/null || { echo "1..0 # SKIP iperf3 missing"; exit 0; }
. "$top_srcdir/tests/tui/journey_beds.sh"
: "${BENCH_BEDS:=host $(journey_beds bench)}"
RUNS=""
for l in $JOURNEY_LANGS; do
	journey_lang "$l" || continue
	for b in $BENCH_BEDS; do
		for z in $JOURNEY_SIZES; do RUNS="$RUNS $l:$b:$z"; done
	done
done
set -- $RUNS
plan $((15 * $#))
srv=""
trap 'test -n "$srv" && kill $srv 2> /dev/null; $TMUXC kill-server > /dev/null 2>&1; rm -rf "$TMPD"' EXIT
export BENCHTOP_NO_PROGRESS=1
mkdir -p "$TMPD/target" "$TMPD/xdg"
P=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
iperf3 -s -B 127.0.0.1 -p "$P" > /dev/null 2>&1 &
srv=$!
# pick NAME: move the preset menu's cursor to NAME and choose it.
pick() {
	wait_for "^$1 " 20 > /dev/null || exit 1
	_n=$(screen | grep -E '^[a-z-]+ +(seq-direct|iozone|read-timing|bonnie|iperf) ' | grep -n "^$1 " | cut -d: -f1)
	keys Home
	_i=1; while [ "$_i" -lt "${_n:-1}" ]; do keys j; _i=$((_i + 1)); done
	keys Enter
}
# typed TEXT: the last row of a list ("type a ..."), then TEXT and Enter.
typed() {
	keys End; _i=0; while [ $_i -lt 40 ]; do keys j; _i=$((_i + 1)); done
	keys Enter
	keys -l "$1"
	keys Enter
}

track_captures
for run in $RUNS; do
journey_run "$run"
bed=$J_WHAT b=$J_BED
rm -rf "$TMPD/xdg"; mkdir -p "$TMPD/xdg"
if [ "$b" = host ]; then
	start "$J_COLS" "$J_ROWS" "$J_LANG_CMD XDG_CONFIG_HOME='$TMPD/xdg' '$BENCHTOP'"
else
	start "$J_COLS" "$J_ROWS" "$J_LANG_CMD export XDG_CONFIG_HOME='$TMPD/xdg'; $(live_cmd "$b")"
fi
wait_for "$(T '^DISK ')" 30
keys b
pick seq-direct
wait_for "$(T '^seq-direct: which folder\?')" 20 && screen | grep -q "$(T '^size 512 MiB  (s changes it)')"
check $? "$bed: b, seq-direct: it asks which folder and shows its size, 512 MiB"
keys s
wait_for "$(T '^size \(such as 64M, 1G\): _')" 20
check $? "$bed: s on the folder step asks for a size"
# Keys typed past a step that did not come would reach the overview of
# this machine (p pins, g sets a governor): stop here instead.
[ $? = 0 ] || screen | grep -q "$(T '^size (such as ')" || exit 1
keys -l 16M
keys Enter
wait_for "$(T '^size 16 MiB  \(s changes it\)')" 20
check $? "$bed: 16M, Enter: the size is 16 MiB"
screen | grep -q "$(T '^size 16 MiB')" || exit 1
typed "$TMPD/target"
wait_for "$(T '^BENCH seq-direct done: .*write [0-9.]+ [kMG]B/s.*read [0-9.]+ [kMG]B/s')" 180
check $? "$bed: the status line gives seq-direct's write and read rates"
[ -z "$(ls -A "$TMPD/target")" ]
check $? "$bed: the folder is left empty"

keys b
pick iperf
wait_for "$(T '^iperf: which iperf3 server\?')" 20
check $? "$bed: b, iperf: it asks which iperf3 server"
screen | grep -q "$(T '^iperf: which iperf3 server')" || exit 1
typed "127.0.0.1:$P"
wait_for "$(T '^BENCH iperf done: sender [0-9.]+ [MG]bit/s +receiver [0-9.]+ [MG]bit/s')" 120
check $? "$bed: the iperf run against 127.0.0.1:$P ends with sender and receiver rates"

keys r
wait_for "$(T '^ 2 iperf +127\.0\.0\.1 +sender [0-9.]+ Mbit/s')" 20 &&
	screen | grep -Eq "^ 1 seq-direct +$(echo "$TMPD/target" | cut -c1-10)"
check $? "$bed: r lists both runs: 1 seq-direct on the folder, 2 iperf on 127.0.0.1"
# The newest run is the one shown in detail.
wait_for "$(T '^#2 iperf on 127\.0\.0\.1  [0-9]{4}-[0-9]{2}-[0-9]{2}T')" 20 &&
	screen | grep -Eq "$(T '^ sender +[0-9.]+ Mbit/s$')" &&
	screen | grep -Eq "$(T '^ receiver +[0-9.]+ Mbit/s$')"
check $? "$bed: #2 iperf: its sender and receiver figures"
# The run's time is its 10 s and its set-up: at least 10.0 s, and as much
# more as a loaded machine takes (the 120 s wait above bounds it).
kernel=$(uname -r | sed 's/[].[*+?(){}|^$\\]/\\&/g')
wait_for "$(T '^Conditions: kernel ')$kernel, [0-9-]+T[0-9:]+Z, ([1-9][0-9]+)\.[0-9] s$" 20 &&
	wait_for "$(T '^  server 127\.0\.0\.1$')" 10 &&
	wait_for "$(T '^  (no cluster was seen throttled|a cluster was throttled during the run)$')" 10
check $? "$bed: ... and its conditions: kernel, time, 10.0 s or more (the run and its set-up), server, throttling"
cpus=""
if [ -n "$J_ROW" ]; then
	cpus=$(echo "$J_ROW" | sed 's/.* +\([0-9-]*\) +$/\1/')
	screen | grep -Eq "$(T "^  CPUs $cpus: $J_GOV0, [0-9]+ -> [0-9]+ MHz")"
	check $? "$bed: ... with the board's big cluster as it ran: CPUs $cpus, $J_GOV0"
else
	! screen | grep -q "$(T '^  CPUs ')"
	check $? "$bed: ... and no cluster line: no cpufreq here"
fi
keys k
wait_for "$(T '^#1 seq-direct on ')" 20 && screen | grep -Eq "$(T '^ write +[0-9.]+ [kMG]B/s')"
check $? "$bed: k: #1 seq-direct in detail, its write figure"
i=0; while [ $i -lt 6 ]; do keys NPage; i=$((i + 1)); done
# then " on MOUNT (fs, disk)", or " (fs ...)" alone where the mount table
# does not tell the folder's mount (a chroot: findmnt and benchtop need
# not agree there, so either is taken)
on_mount=$(T ' on ')
wait_for "$(T '^  size 16 MiB, O_DIRECT')" 20 &&
	screen_unwrapped | grep -Eq "$(T '^  target ')$TMPD/target($on_mount| \()"
check $? "$bed: ... its conditions: the target folder and the size chosen, 16 MiB, O_DIRECT"
printable
check $? "$bed: every screen captured held printable text only"
keys q
wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ]
check $? "$bed: q quits, status 0"
done
