#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Every signal whose default action ends the process (SIGSYS and SIGTRAP
# too) is handled as SIGTERM is: on the Odroid XU4 tuning testbed, with the big cluster's governor
# tuned to performance, each signal restores the terminal (alternate screen
# off, cursor shown), puts ondemand back (restore_on_signal = yes) and
# exits 128+N.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
SIGS=$(python3 -c 'import signal as s, sys; print(" ".join("%s:%d" % (n, getattr(s, "SIG" + n)) for n in sys.argv[1].split()))' "${SIGNALS:-USR1 USR2 ALRM VTALRM PROF XCPU XFSZ PIPE POLL PWR STKFLT RTMIN RTMAX TERM QUIT SYS TRAP}")
plan $(($(echo $SIGS | wc -w) * 3))
XDG_CONFIG_HOME=$TMPD/config
export XDG_CONFIG_HOME
# bt.sh ARGS: benchtop in the xu4 testbed with the tuning overlay; its pid
# in $TMPD/bpid, its exit status in $TMPD/rc, and after it ends
# $TMPD/after: policy4's governor.
cat > "$TMPD/bt.sh" <<SH
exec "$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
cp -r "\$1/odroid-xu4/." "\$UMOCKDEV_DIR/" &&
cp -r "\$1/odroid-xu4-tune/." "\$UMOCKDEV_DIR/" || exit 99
t=\$2 b=\$3 d=\$UMOCKDEV_DIR; shift 3
exec 3<&0
"\$b" "\$@" <&3 &
echo \$! > "\$t/bpid"; wait \$!; r=\$?
echo \$r > "\$t/rc"
cat \$d/sys/devices/system/cpu/cpufreq/policy4/scaling_governor > "\$t/after"
exit \$r' sh "$TESTBEDS" "$TMPD" "$BENCHTOP" "\$@"
SH
n=0
for s in $SIGS; do
	name=${s%:*} num=${s#*:}
	$TMUXC kill-server > /dev/null 2>&1
	n=$((n + 1))
	TMUXC="tmux -S $TMPD/tmux-$n -f /dev/null"
	rm -f "$TMPD/after" "$TMPD/rc" "$TMPD/bpid"
	start 80 24 "sh '$TMPD/bt.sh' -d 0.5"
	wait_for '^big Cortex-A15 +4-7 +ondemand' > /dev/null
	keys j g
	wait_for 'Governor for CPUs 4-7' > /dev/null
	keys j Enter
	wait_for 'governor ondemand -> performance, read back performance' > /dev/null
	kill -"$num" "$(cat "$TMPD/bpid")"
	wait_exit 10
	[ "$(cat "$TMPD/after" 2> /dev/null)" = ondemand ]
	check $? "SIG$name: the governor is back to ondemand"
	[ "$(cat "$TMPD/rc" 2> /dev/null)" = $((128 + num)) ]
	check $? "SIG$name: exit status $((128 + num))"
	[ "$($TMUXC display -p -t t '#{alternate_on} #{cursor_flag}')" = "0 1" ]
	check $? "SIG$name: alternate screen off, cursor shown"
done
