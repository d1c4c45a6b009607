#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# snapshot_on_exit = yes: the monitor saves the session when q ends it, on
# SIGTERM and on SIGHUP (the pane closed), and says where on stderr once
# the terminal is restored; a save that cannot be written is one sentence
# and does not hold the exit up; without the setting nothing is written.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
plan 9

conf() {	# conf DIR YESNO: a configuration saving on exit into DIR
	mkdir -p "$TMPD/cfg/benchtop"
	printf 'snapshot_dir = %s\nsnapshot_on_exit = %s\n' "$1" "$2" \
		> "$TMPD/cfg/benchtop/config"
}
# run: the monitor in a pane with that configuration, stderr to a file;
# its pid in $TMPD/bpid (a shell that exec's it), its status in $TMPD/status.
run() {
	rm -f "$TMPD/err" "$TMPD/status"
	$TMUXC kill-server > /dev/null 2>&1
	n=50; while $TMUXC has-session > /dev/null 2>&1 && [ $n -gt 0 ]; do sleep 0.1; n=$((n - 1)); done
	sleep 0.3
	$TMUXC new-session -d -s t -x 100 -y 30 \
		"export XDG_CONFIG_HOME='$TMPD/cfg' LANG=C.UTF-8 ASAN_OPTIONS='$ASAN_OPTIONS'; sh -c 'echo \$\$ > \"$TMPD/bpid\"; exec \"$BENCHTOP\" 2> \"$TMPD/err\"'; echo \$? > '$TMPD/status'; sleep 30"
	$TMUXC set-option -t t -g status off > /dev/null
	wait_for '^DISK +READ/s'
}
ended() {	# wait until the status file is written
	n=100; while [ ! -s "$TMPD/status" ] && [ $n -gt 0 ]; do sleep 0.1; n=$((n - 1)); done
	[ -s "$TMPD/status" ]
}

mkdir -p "$TMPD/snaps"
conf "$TMPD/snaps" no
run && sleep 1.2 && keys q && ended
[ "$(cat "$TMPD/status")" = 0 ] && [ -z "$(ls "$TMPD/snaps")" ] && [ ! -s "$TMPD/err" ]
check $? "snapshot_on_exit = no: q writes nothing"

conf "$TMPD/snaps" yes
run && sleep 1.2 && keys q && ended
f=$(ls "$TMPD"/snaps/benchtop-*.json 2> /dev/null | head -1)
[ "$(cat "$TMPD/status")" = 0 ] && [ -n "$f" ]
check $? "snapshot_on_exit = yes: q saves the session"
grep -qx "benchtop: snapshot saved to $f" "$TMPD/err"
check $? "and says where on stderr after the screen is gone"
json "$f" 'sum(len(t["rows"]) for t in d["series"]["tiers"]) >= 1 and "host" in d["system"]'
check $? "the file holds the recorded series and the system facts"

rm -f "$TMPD"/snaps/*
run && sleep 1.2 && kill -TERM "$(cat "$TMPD/bpid")" && ended
[ "$(cat "$TMPD/status")" = 143 ] && ls "$TMPD"/snaps/benchtop-*.json > /dev/null 2>&1 &&
	grep -q "^benchtop: snapshot saved to $TMPD/snaps/" "$TMPD/err"
check $? "SIGTERM: saved, then exit status 143"

rm -f "$TMPD"/snaps/*
run && sleep 1.2
$TMUXC kill-pane -t t
n=100; while kill -0 "$(cat "$TMPD/bpid")" 2> /dev/null && [ $n -gt 0 ]; do sleep 0.1; n=$((n - 1)); done
ls "$TMPD"/snaps/benchtop-*.json > /dev/null 2>&1
check $? "SIGHUP (the pane closed): saved"

conf "$TMPD/no/such/folder" yes
run && sleep 1.2 && keys q && ended
[ "$(cat "$TMPD/status")" = 0 ]
check $? "a save that fails does not hold the exit up"
[ "$(wc -l < "$TMPD/err")" -eq 1 ] && grep -q "^benchtop: .*$TMPD/no/such/folder" "$TMPD/err" &&
	! grep -q "$(printf '\033')" "$TMPD/err"
check $? "it is one sentence on stderr, without escape sequences ($(cat "$TMPD/err"))"
[ ! -e "$TMPD/no" ]
check $? "and nothing is created"
