# SPDX-License-Identifier: GPL-2.0-or-later
# lib.sh: TAP helpers for the integration tests (sourced, POSIX sh).
# Each test script calls plan N, then ok/fail/skip, then done_testing.

: "${top_srcdir:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${top_builddir:=$(pwd)}"
: "${BENCHTOP:=$top_builddir/benchtop}"
: "${UMOCKDEV_RUN:=umockdev-run}"
TESTBEDS="$top_srcdir/tests/testbeds"
: "${BENCHTOP_DATADIR:=$top_srcdir/data}"
export BENCHTOP_DATADIR
# umockdev preloads its library ahead of the ASan runtime: allow that.
ASAN_OPTIONS="verify_asan_link_order=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# what glibc keeps until exit on purpose is not a leak of ours
LSAN_OPTIONS="suppressions=$top_srcdir/tests/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export ASAN_OPTIONS LSAN_OPTIONS
# The tests read English sentences and '.' decimals, from benchtop, from
# the C library (strerror) and from awk: whatever the person's locale
# (de_DE.UTF-8 gives "Auf dem Gerät ist kein Speicherplatz mehr verfügbar"
# and an awk that reads 1.22 as 1), they run in C.UTF-8; a test about a
# locale sets its own.
LANG=C.UTF-8
export LANG
unset LANGUAGE LC_ALL LC_CTYPE LC_NUMERIC LC_TIME LC_COLLATE LC_MONETARY \
	LC_MESSAGES LC_PAPER LC_NAME LC_ADDRESS LC_TELEPHONE LC_MEASUREMENT \
	LC_IDENTIFICATION
_tap_n=0
_tap_failed=0
TMPD=$(mktemp -d "${TMPDIR:-/tmp}/benchtop-test.XXXXXX")
trap 'rm -rf "$TMPD"' EXIT
# `benchtop set` keeps its journal here, not in /run/benchtop.
BENCHTOP_RUNTIME_DIR=$TMPD/run
export BENCHTOP_RUNTIME_DIR
# ... and benchtop without root reads no BOS cache of this machine's
# (/run/benchtop-bos), only one a test writes.
BENCHTOP_BOS_CACHE=$TMPD/bos
export BENCHTOP_BOS_CACHE
# A signal, a closed pipe (| head) or a hang-up exits, and the exit trap
# (this one, or the one a test sets for EXIT) cleans up.
trap 'exit 1' INT TERM HUP PIPE

plan() {
	_tap_plan=$1
	echo "1..$1"
}

# skip_rest WHY: every check the plan still holds skipped with WHY, so a
# test that stops early (no rig, no tool) never counts short of its plan.
skip_rest() {
	while [ "$_tap_n" -lt "${_tap_plan:-0}" ]; do
		_tap_n=$((_tap_n + 1))
		echo "ok $_tap_n - # SKIP $*"
	done
}

# nobody_paths: NOBODY_BENCHTOP and NOBODY_DATADIR, the program and its
# data where the user nobody reaches them, for the tests that run
# benchtop as nobody. A clone in root's home (0700 on Debian, where a
# root user on a new machine clones) keeps nobody out of the build and
# the data: those tests then run copies in $TMPD.
nobody_paths() {
	NOBODY_BENCHTOP=$BENCHTOP NOBODY_DATADIR=$BENCHTOP_DATADIR
	setpriv --reuid=65534 --regid=65534 --clear-groups sh -c \
		'test -x "$1" && test -r "$2/presets.conf"' sh "$BENCHTOP" \
		"$BENCHTOP_DATADIR" 2> /dev/null && return 0
	mkdir -p "$TMPD/nobody" && cp "$BENCHTOP" "$TMPD/nobody/benchtop" &&
		cp -r "$BENCHTOP_DATADIR" "$TMPD/nobody/data" &&
		chmod -R go+rX "$TMPD/nobody" && chmod go+x "$TMPD" || return 1
	NOBODY_BENCHTOP=$TMPD/nobody/benchtop NOBODY_DATADIR=$TMPD/nobody/data
}

# ok COND-EXIT-STATUS DESCRIPTION: "ok" when the status is 0.
check() {
	_st=$1; shift
	_tap_n=$((_tap_n + 1))
	if [ "$_st" -eq 0 ]; then
		echo "ok $_tap_n - $*"
	else
		echo "not ok $_tap_n - $*"
		_tap_failed=$((_tap_failed + 1))
		# A library may name what to show on a failure (tests/tui/lib.sh
		# shows the screen), so a failure in CI reads without a rerun.
		${ON_FAIL:-:}
	fi
}

skip() {
	_tap_n=$((_tap_n + 1))
	echo "ok $_tap_n - # SKIP $*"
}

diag() { printf '# %s\n' "$@" | sed '2,$s/^/# /'; }

# json FILE PYTHON-EXPRESSION: exit 0 when the expression (over `d`, the
# parsed document) is true; prints the value on failure.
json() {
	python3 - "$1" "$2" <<'PY'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception as e:
    print("# %s is not JSON: %s" % (sys.argv[1], e))
    sys.exit(1)
try:
    v = eval(sys.argv[2], {"d": d, "any": any, "all": all, "len": len,
                           "abs": abs, "set": set, "sorted": sorted})
except Exception as e:
    print("# error: %r" % e)
    sys.exit(1)
if not v:
    print("# false: " + sys.argv[2])
    sys.exit(1)
PY
}

# in_testbed BED CMD...: run CMD under umockdev-run with tests/testbeds/BED
# laid into $UMOCKDEV_DIR.
in_testbed() {
	_bed=$1; shift
	"$UMOCKDEV_RUN" -- sh -c 'cp -r "$0"/. "$UMOCKDEV_DIR"/ && exec "$@"' \
		"$TESTBEDS/$_bed" "$@"
}

# valid FILE... : every file is a benchtop JSON document that validates
# against doc/schema/KIND.json (KIND from its "format"); the problems are
# printed as diagnostics.
valid() {
	python3 "$top_srcdir/tests/schema/validate.py" "$@" > "$TMPD/valid.out" 2>&1
	_st=$?
	sed 's/^/# /' "$TMPD/valid.out"
	return $_st
}

# under_rows FILE COLS: exit 0 when no line of FILE is wider than COLS
# columns (UTF-8 characters, as a terminal shows them); else it names the
# widest line (the first of them), its width and the count over COLS. A
# line with a word wider than COLS (a long path) is not counted.
under_rows() {
	python3 - "$1" "$2" <<'PY'
import sys
cols = int(sys.argv[2])
with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
    lines = f.read().splitlines()
# a line that holds a word wider than the screen (a long $TMPDIR's path)
# cannot be made to fit by breaking it: the terminal wraps it
def unbreakable(l):
    room = cols - (len(l) - len(l.lstrip(" ")))
    return any(len(w) > room for w in l.split())
over = [(len(l), i + 1, l) for i, l in enumerate(lines)
        if len(l) > cols and not unbreakable(l)]
if over:
    w, n, line = max(over, key=lambda t: (t[0], -t[1]))
    print("# %s: %d line(s) over %d columns, the widest line %d (%d "
          "columns): %s" % (sys.argv[1], len(over), cols, n, w, line))
    sys.exit(1)
PY
}

# flat FILE: FILE on one line, every run of blanks and line ends one
# space: a sentence wrapped under its row reads (and greps) whole.
flat() {
	tr -s ' \n' '  ' < "$1"
	echo
}

# free_port: a TCP port free on 127.0.0.1 now.
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# listening PORT: 0 once something listens on 127.0.0.1:PORT (10 s at
# most; no connect: a one-off server would take the probe for its test).
listening() {
	_n=100
	while [ $_n -gt 0 ]; do
		ss -ltnH "sport = :$1" 2> /dev/null | grep -q . && return 0
		sleep 0.1
		_n=$((_n - 1))
	done
	return 1
}

# live_ns: the prefix that runs a command in a PID namespace with a /proc
# of its own (as root, where unshare can), or nothing. A testbed is a
# machine of its own, and so are its processes: umockdev lays the bed's
# /proc files over this machine's, but /proc's list of pids stays this
# one's, so an irqbalance running here (the machine's own, or one a test
# of another suite started) would be seen on the board: `benchtop set`
# would warn and the screens ask before every pin. A test that wants an
# irqbalance on the board starts it inside (tune_set.sh).
live_ns() {
	[ "$(id -u)" = 0 ] && unshare -pf --mount-proc true 2> /dev/null &&
		echo "unshare -pf --mount-proc "
}

# no_board_irqbalance: 0 unless an irqbalance runs on this machine and
# no PID namespace (live_ns) can keep it off the testbeds, where a pin
# would ask about it: a test of pins then skips, saying why.
no_board_irqbalance() {
	[ -n "$(live_ns)" ] || ! pgrep -x irqbalance > /dev/null 2>&1
}

# host_pid NSPID ENV: this machine's pid of the process that is NSPID in
# its PID namespace (live_ns) and has ENV ("XDG_CONFIG_HOME=...") in its
# environment, for a signal sent from outside; NSPID itself when the
# process runs in no namespace of its own. 1 when none is found.
host_pid() {
	for _d in /proc/[0-9]*; do
		_n=$(sed -n 's/^NSpid:.*[[:space:]]\([0-9]*\)$/\1/p' "$_d/status" 2> /dev/null)
		[ "$_n" = "$1" ] || continue
		tr '\0' '\n' < "$_d/environ" 2> /dev/null | grep -qxF "$2" || continue
		echo "${_d#/proc/}"
		return 0
	done
	return 1
}
