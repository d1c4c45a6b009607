#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A real SSH session: sshd on 127.0.0.1 with throwaway keys, `ssh -tt`
# inside tmux runs benchtop on the XU4 tuning testbed; the big cluster's
# governor goes to performance; then the ssh client is killed (a dropped
# link): benchtop gets SIGHUP, puts ondemand back (restore_on_signal
# defaults to yes), exits 129, and leaves no process behind.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
. "$top_srcdir/tests/tui/sshd.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
trap 'sshd_stop; $TMUXC kill-server > /dev/null 2>&1; rm -rf "$TMPD"' EXIT
sshd_start
case $? in
0) ;;
77) echo "1..0 # SKIP needs root, sshd and ssh"; exit 0 ;;
*) echo "1..0 # SKIP sshd did not start: $(cat "$TMPD/ssh/sshd.log")"; exit 0 ;;
esac
plan 8
mkdir -p "$TMPD/cfg"
# bt.sh (run by sshd's shell): benchtop in the testbed; $TMPD/bpid its pid,
# $TMPD/sid its session, $TMPD/rc its status, $TMPD/after the governor
# left in the testbed.  The shell outlives the hang-up (its trap) to say.
cat > "$TMPD/bt.sh" <<SH
trap 'echo hup >> "$TMPD/hup"' HUP
exec "$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
trap "echo hup >> \$2/hup" HUP
cp -r "\$1/odroid-xu4/." "\$UMOCKDEV_DIR/" &&
cp -r "\$1/odroid-xu4-tune/." "\$UMOCKDEV_DIR/" || exit 99
t=\$2 b=\$3 d=\$UMOCKDEV_DIR; shift 3
exec 3<&0
"\$b" "\$@" 2> "\$t/err" <&3 &
p=\$!
echo \$p > "\$t/bpid"; ps -o sid= -p \$p | tr -d " " > "\$t/sid"
while :; do wait \$p; r=\$?; kill -0 \$p 2> /dev/null || break; done
echo \$r > "\$t/rc"
cat \$d/sys/devices/system/cpu/cpufreq/policy4/scaling_governor > "\$t/after"' sh "$TESTBEDS" "$TMPD" "$BENCHTOP" "\$@"
SH
# What sshd's shell runs (the same machine: the test's folder is there).
# This shell stays the session's leader, as a login shell does: when the
# link drops, the kernel hangs it up, and the SIGHUP reaches benchtop's
# process group when it exits.
cat > "$TMPD/remote.sh" <<SH
cd "$(pwd)" || exit 1
# (sshd passes no variable: the test's journal folder too, or the
# session would write the machine's /run/benchtop/journal.json)
export XDG_CONFIG_HOME="$TMPD/cfg" LANG=C.UTF-8 ASAN_OPTIONS="$ASAN_OPTIONS" \
	BENCHTOP_RUNTIME_DIR="$BENCHTOP_RUNTIME_DIR"
sh "$TMPD/bt.sh" -d 0.5
echo "benchtop ended"
SH
start 80 24 "exec $SSH -tt sh $TMPD/remote.sh"
wait_for '^big Cortex-A15 +4-7 +ondemand' 20
check $? "benchtop runs through ssh -tt at 80x24, the XU4 overview on screen"
keys j g
wait_for 'Governor for CPUs 4-7' > /dev/null
keys j Enter
wait_for 'CPUs 4-7: governor ondemand -> performance, read back performance'
check $? "the governor changed over SSH, read back on the status line"
grep -q '"new": "performance"' "$BENCHTOP_RUNTIME_DIR/journal.json" 2> /dev/null
check $? "the change is in the test's journal, not the machine's /run/benchtop"
sid=$(cat "$TMPD/sid")
ssh_pid=$($TMUXC display -p -t t '#{pane_pid}')
kill -KILL "$ssh_pid"
n=100; while [ ! -s "$TMPD/rc" ] && [ $n -gt 0 ]; do sleep 0.1; n=$((n - 1)); done
[ "$(cat "$TMPD/rc" 2> /dev/null)" = 129 ]
check $? "the dropped link: benchtop ended by SIGHUP, exit status 129"
[ -s "$TMPD/hup" ]
check $? "the shell around benchtop saw the hang-up too (sshd closed the pty)"
[ "$(cat "$TMPD/after" 2> /dev/null)" = ondemand ]
check $? "the governor is back to ondemand (restore_on_signal = yes)"
n=50; while [ -n "$(ps -o pid= -s "$sid" 2> /dev/null)" ] && [ $n -gt 0 ]; do sleep 0.1; n=$((n - 1)); done
[ -n "$sid" ] && [ -z "$(ps -o pid= -s "$sid" 2> /dev/null)" ]
check $? "no process is left in the SSH session"
! kill -0 "$(cat "$TMPD/bpid")" 2> /dev/null
check $? "benchtop itself is gone"
