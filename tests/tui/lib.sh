# SPDX-License-Identifier: GPL-2.0-or-later
# lib.sh: drive benchtop's live screen in a private, detached tmux server
# (send-keys, capture-pane) and read it as a person would. Sourced after
# tests/integration/lib.sh.

# The server's socket lives in $TMPD, so it goes with the folder (tmux
# leaves its socket file behind after kill-server).
TMUXC="tmux -S $TMPD/tmux -f /dev/null"
trap '$TMUXC kill-server > /dev/null 2>&1; rm -rf "$TMPD"' EXIT

# start COLS ROWS CMD: run CMD (a shell command line) in a new detached
# session (ending the one before); its exit status lands in $TMPD/status,
# its pid in $TMPD/pid.
start() {
	_c=$1 _r=$2; shift 2
	$TMUXC kill-session -t t > /dev/null 2>&1
	rm -f "$TMPD/status" "$TMPD/pid"
	$TMUXC new-session -d -s t -x "$_c" -y "$_r" \
		"echo \$\$ > '$TMPD/pid'; export LANG=C.UTF-8 ASAN_OPTIONS='$ASAN_OPTIONS'; $*; echo \$? > '$TMPD/status'; sleep 30"
	$TMUXC set-option -t t -g status off > /dev/null
}

screen() { $TMUXC capture-pane -p -t t; }

keys() { $TMUXC send-keys -t t "$@"; }

# wait_for PATTERN [SECONDS]: 0 once the screen shows PATTERN (grep -E).
wait_for() {
	_n=$(( ${2:-15} * 10 ))
	while [ "$_n" -gt 0 ]; do
		screen | grep -Eq -- "$1" && return 0
		sleep 0.1
		_n=$((_n - 1))
	done
	screen > "$TMPD/last-screen"
	diag "screen did not show /$1/:" "$(cat "$TMPD/last-screen")"
	return 1
}

# wait_exit [SECONDS]: 0 once the command has ended (status file written).
wait_exit() {
	_n=$(( ${1:-10} * 10 ))
	while [ "$_n" -gt 0 ]; do
		[ -s "$TMPD/status" ] && return 0
		sleep 0.1
		_n=$((_n - 1))
	done
	return 1
}

resize() { $TMUXC resize-window -t t -x "$1" -y "$2"; }

# bed_cmd BED [ARGS]: benchtop under umockdev with testbed BED (and its
# usb.umockdev when there is one), as a command line for start; the
# testbed's folder is written to $TMPD/udir so a test can change files.
bed_cmd() {
	_dev=""
	[ -f "$TESTBEDS/$1/usb.umockdev" ] && _dev="-d '$TESTBEDS/$1/usb.umockdev'"
	echo "'$UMOCKDEV_RUN' $_dev -- sh -c 'cp -r \"$TESTBEDS/$1\"/. \"\$UMOCKDEV_DIR\"/ && echo \"\$UMOCKDEV_DIR\" > \"$TMPD/udir\" && exec \"$BENCHTOP\" ${2:-}'"
}
