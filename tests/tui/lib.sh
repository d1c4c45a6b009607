# SPDX-License-Identifier: GPL-2.0-or-later
# lib.sh: drive benchtop's live screen in a private, detached tmux server
# (send-keys, capture-pane) and read it as a person would. Sourced after
# tests/integration/lib.sh.

# The server's socket lives in $TMPD, so it goes with the folder (tmux
# leaves its socket file behind after kill-server).
TMUXC="tmux -S $TMPD/tmux -f /dev/null"
trap 'tmux_stop; rm -rf "$TMPD"' EXIT

# tmux_stop: end the server and wait (5 s at most) until every process of
# its panes is gone: a monitor hung up puts its tunings back and writes
# its journal into $TMPD as it exits, and would make the folder again
# after the trap removed it.
tmux_stop() {
	_ps=$($TMUXC list-panes -a -F '#{pane_pid}' 2> /dev/null)
	$TMUXC kill-server > /dev/null 2>&1
	_k=50
	for _p in $_ps; do
		while [ "$_k" -gt 0 ] &&
			[ -n "$(ps -o pid= -s "$_p" 2> /dev/null)" ]; do
			sleep 0.1
			_k=$((_k - 1))
		done
	done
}

# show_screen: the pane as it is, as TAP diagnostics; run by check on a
# failed check.
show_screen() { $TMUXC capture-pane -p -t t 2> /dev/null | sed 's/^/#   | /'; }
ON_FAIL=show_screen

# start COLS ROWS CMD: run CMD (a shell command line) in a new detached
# session (ending the one before); its exit status lands in $TMPD/status,
# its pid in $TMPD/pid.
start() {
	_c=$1 _r=$2; shift 2
	# The session before is ended after the new one is up: ending the
	# last session first stops the server, and a new session could
	# reach it while it goes.
	$TMUXC rename-session -t t old > /dev/null 2>&1
	rm -f "$TMPD/status" "$TMPD/pid"
	$TMUXC new-session -d -s t -x "$_c" -y "$_r" \
		"echo \$\$ > '$TMPD/pid'; export LANG=C.UTF-8 ASAN_OPTIONS='$ASAN_OPTIONS' BENCHTOP_RUNTIME_DIR='$BENCHTOP_RUNTIME_DIR'; $*; echo \$? > '$TMPD/status'; sleep 30"
	$TMUXC kill-session -t old > /dev/null 2>&1
	$TMUXC set-option -t t -g status off > /dev/null
}

# screen: what the pane shows now (and, once track_captures was called,
# kept for printable).
screen() {
	if [ -f "$TMPD/captures" ]; then
		$TMUXC capture-pane -p -t t | tee -a "$TMPD/captures"
	else
		$TMUXC capture-pane -p -t t
	fi
}

keys() { $TMUXC send-keys -t t "$@"; }

# settle: wait until the pane stops changing (two captures 0.1 s apart
# alike; at most 3 s), so that what is read next is a whole frame: under
# load a frame reaches the terminal in pieces, and a pattern in its first
# rows can be seen before the rest of it arrives.
settle() {
	_a=$($TMUXC capture-pane -p -t t 2> /dev/null) _k=30
	while [ "$_k" -gt 0 ]; do
		sleep 0.1
		_b=$($TMUXC capture-pane -p -t t 2> /dev/null)
		[ "$_a" = "$_b" ] && return 0
		_a=$_b _k=$((_k - 1))
	done
}

# wait_in VIEW PATTERN SECONDS: 0 once the command VIEW prints a text
# holding PATTERN (grep -E), and the frame is whole (settle); else the
# last view in a diagnostic.
wait_in() {
	_n=$(( $3 * 10 ))
	while [ "$_n" -gt 0 ]; do
		$1 | grep -Eq -- "$2" && { settle; return 0; }
		sleep 0.1
		_n=$((_n - 1))
	done
	$1 > "$TMPD/last-screen"
	diag "$1 did not show /$2/:" "$(cat "$TMPD/last-screen")"
	return 1
}

# wait_for PATTERN [SECONDS]: 0 once the screen shows PATTERN (grep -E).
wait_for() { wait_in screen "$1" "${2:-15}"; }

# dialog_text: the screen from a dialog's left edge on (tui/dialog.c
# centres it, 72 columns at most, 2 in from each side), as a person reads
# the box: the rows behind it show to its left.
dialog_text() {
	_w=$($TMUXC display-message -p -t t '#{pane_width}')
	_dw=$((_w - 4 < 72 ? _w - 4 : 72))
	screen | cut -c$(((_w - _dw) / 2 + 2))-
}

# status_line: the status line, which wraps over up to four rows at the
# bottom (tui/screen.c's MESSAGE_ROWS), as one line, as a person reads
# the sentence.
# A row that reached the right edge was cut inside a word (a long path):
# it is joined to the next as is.
status_line() {
	_w=$($TMUXC display-message -p -t t '#{pane_width}')
	screen | tail -4 | LC_ALL=C awk -v w="$_w" "$AWK_COLS"'
		{ printf "%s%s", (NR > 1 && !full ? " " : ""), $0
		  full = cols($0) >= w }
		END { print "" }'
}

# AWK_COLS: cols(S), the columns of UTF-8 text S in an awk run with
# LC_ALL=C (bytes, less the continuation bytes; the screens draw no wide
# characters).
AWK_COLS='function cols(s,  t) { t = s; return length(s) - gsub(/[\200-\277]/, "", t) }'

# screen_unwrapped: the screen with each wrapped line joined back to the
# row it continues, as a person reads it: the results detail and the keep
# screen wrap a line wider than the screen (a long $TMPDIR in a path) on
# rows 4 columns in. A row that reached the right edge was cut inside a
# word (joined as is); one that ended before it, at a blank.
screen_unwrapped() {
	_w=$($TMUXC display-message -p -t t '#{pane_width}')
	screen | LC_ALL=C awk -v w="$_w" "$AWK_COLS"'
		NR > 1 && /^    [^ ]/ {
			row = $0; sub(/^    /, "", row)
			line = line (full ? "" : " ") row
			full = cols($0) >= w; next
		}
		NR > 1 { print line }
		{ line = $0; full = cols($0) >= w }
		END { print line }'
}

# wait_unwrapped PATTERN [SECONDS]: 0 once screen_unwrapped shows PATTERN.
wait_unwrapped() { wait_in screen_unwrapped "$1" "${2:-15}"; }

# wait_status PATTERN [SECONDS]: 0 once the status line shows PATTERN.
wait_status() { wait_in status_line "$1" "${2:-15}"; }

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
# As live_cmd, it runs in a PID namespace of its own where it can: a
# board sees no process of this machine (an irqbalance here would ask
# before every pin).
bed_cmd() {
	_dev="" _ns=$(live_ns)
	[ -f "$TESTBEDS/$1/usb.umockdev" ] && _dev="-d '$TESTBEDS/$1/usb.umockdev'"
	echo "${_ns:+$_ns }'$UMOCKDEV_RUN' $_dev -- sh -c 'cp -r \"$TESTBEDS/$1\"/. \"\$UMOCKDEV_DIR\"/ && echo \"\$UMOCKDEV_DIR\" > \"$TMPD/udir\" && exec \"$BENCHTOP\" ${2:-}'"
}

# printable [WHAT]: 0 when every screen captured since the last call
# (screen() keeps them in $TMPD/captures once $TMPD/captures exists) holds
# printable text only: valid UTF-8, no control or format (bidi) character,
# no U+FFFD, no '?' placeholder from a bad buffer ('??', '(?', '?,' or a
# '?' glued to a letter, as in "USB 3-1 (???,?)"); a '?' that ends a
# question is text. A bad line is shown as a diagnostic. Call
# track_captures once first.
track_captures() { : > "$TMPD/captures"; }
printable() {
	[ -f "$TMPD/captures" ] || { diag "printable: track_captures was not called"; return 1; }
	python3 - "$TMPD/captures" <<'PY'
import re, sys, unicodedata
data = open(sys.argv[1], "rb").read()
open(sys.argv[1], "wb").close()
bad = []
try:
    text = data.decode("utf-8")
except UnicodeDecodeError as e:
    bad.append("not UTF-8 at byte %d: %r" % (e.start, data[max(0, e.start - 20):e.start + 20]))
    text = data.decode("utf-8", "replace")
q = re.compile(r"\?\?|\(\?|\?[,(]|[^\s\W]\?[^\s\W]|\?[^\W\d_]")
for line in text.split("\n"):
    for ch in line:
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cf", "Cs", "Co", "Cn") or ch == "\ufffd":
            bad.append("U+%04X (%s) in: %r" % (ord(ch), cat, line))
            break
    else:
        if q.search(line):
            bad.append("'?' placeholder in: %r" % line)
seen = set()
for b in bad:
    if b not in seen:
        seen.add(b)
        print("# " + b)
sys.exit(1 if bad else 0)
PY
}

# live_cmd BED [ARGS]: as bed_cmd, with BED's live overlay laid on top
# when there is one (tests/testbeds/BED-live: the collector files, cpufreq
# and devices a journey reads that the bed itself lacks), then the
# testbeds named in $LIVE_EXTRA (odroid-xu4-tune), with every *.umockdev
# file of the bed and its live overlay.
# It runs in a PID namespace of its own where it can (live_ns,
# tests/integration/lib.sh).

live_cmd() {
	_dev="" _ov="" _ns=$(live_ns)
	_ns=${_ns:+$_ns }
	for _f in "$TESTBEDS/$1"/*.umockdev "$TESTBEDS/$1-live"/*.umockdev; do
		[ -f "$_f" ] && _dev="$_dev -d '$_f'"
	done
	for _o in "$1-live" ${LIVE_EXTRA:-}; do
		[ -d "$TESTBEDS/$_o" ] &&
			_ov="$_ov && cp -r \"$TESTBEDS/$_o\"/. \"\$UMOCKDEV_DIR\"/"
	done
	echo "$_ns'$UMOCKDEV_RUN' $_dev -- sh -c 'cp -r \"$TESTBEDS/$1\"/. \"\$UMOCKDEV_DIR\"/$_ov && echo \"\$UMOCKDEV_DIR\" > \"$TMPD/udir\" && exec \"$BENCHTOP\" ${2:-}'"
}
