#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A live screen killed with SIGKILL or SIGSEGV cannot restore anything,
# but its change is in the runtime journal before it is written: on the
# Odroid XU4 tuning testbed the screen sets the big cluster's governor to
# performance and is killed; `benchtop set --restore` then says in one
# sentence what it found and puts ondemand back.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 6
XDG_CONFIG_HOME=$TMPD/config
export XDG_CONFIG_HOME
G=sys/devices/system/cpu/cpufreq/policy4/scaling_governor
# the screen (pid in $TMPD/bpid); after it ends, the governor in
# $TMPD/killed, set --restore's words in $TMPD/restore, its status in
# $TMPD/rrc, the governor after it in $TMPD/after
cat > "$TMPD/bt.sh" <<SH
exec "$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
cp -r "\$1/odroid-xu4/." "\$UMOCKDEV_DIR/" &&
cp -r "\$1/odroid-xu4-tune/." "\$UMOCKDEV_DIR/" || exit 99
t=\$2 b=\$3 d=\$UMOCKDEV_DIR
exec 3<&0
"\$b" -d 0.5 <&3 &
echo \$! > "\$t/bpid"; wait \$!
cat \$d/$G > "\$t/killed"
"\$b" set --restore > "\$t/restore" 2>&1; echo \$? > "\$t/rrc"
cat \$d/$G > "\$t/after"' sh "$TESTBEDS" "$TMPD" "$BENCHTOP"
SH
for sig in KILL SEGV; do
	rm -f "$TMPD/after" "$TMPD/bpid" "$BENCHTOP_RUNTIME_DIR/journal.json"
	start 80 24 "sh '$TMPD/bt.sh'"
	wait_for '^big Cortex-A15 +4-7 +ondemand' > /dev/null
	keys j g
	wait_for 'Governor for CPUs 4-7' > /dev/null
	keys j Enter
	wait_for 'governor ondemand -> performance, read back performance' > /dev/null
	kill -"$sig" "$(cat "$TMPD/bpid")"
	n=0; while [ ! -s "$TMPD/after" ] && [ $n -lt 300 ]; do sleep 0.1; n=$((n + 1)); done
	[ "$(cat "$TMPD/killed")" = performance ]
	check $? "SIG$sig: the screen ended with performance in force"
	[ "$(cat "$TMPD/rrc")" = 0 ] && [ "$(cat "$TMPD/after")" = ondemand ] &&
		grep -q '^cluster of CPU 4: governor performance -> ondemand, read back ondemand$' "$TMPD/restore"
	st=$?; [ $st = 0 ] || diag "set --restore said:" "$(cat "$TMPD/restore")"
	check $st "SIG$sig: set --restore puts ondemand back"
	grep -q '^benchtop set: the journal shows that a live screen (pid [0-9]*) ended without putting back 1 change, still in force: cluster of CPU 4 governor performance; `benchtop set --restore` puts the original back$' "$TMPD/restore"
	check $? "SIG$sig: set says in one sentence what the killed screen left"
done
