#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Two live screens on one machine (one Odroid XU4 tuning testbed): A sets
# the big cluster's governor ondemand -> performance, then B sets it
# performance -> schedutil; A quits and restores, then B quits.  The
# governor ends at its true original, ondemand, the first value any
# benchtop recorded (each restoring its own first value left B's
# performance in force).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 4
XDG_CONFIG_HOME=$TMPD/config
export XDG_CONFIG_HOME
TMUXA=$TMUXC
TMUXB="tmux -S $TMPD/tmux-b -f /dev/null"
trap '$TMUXA kill-server > /dev/null 2>&1; $TMUXB kill-server > /dev/null 2>&1; rm -rf "$TMPD"' EXIT
G=sys/devices/system/cpu/cpufreq/policy4/scaling_governor
# Screen A in the testbed; screen B in a tmux of its own started inside
# it (same files, same runtime journal); once both ended, the governor
# in $TMPD/after.
cat > "$TMPD/bt.sh" <<SH
exec "$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
cp -r "\$1/odroid-xu4/." "\$UMOCKDEV_DIR/" &&
cp -r "\$1/odroid-xu4-tune/." "\$UMOCKDEV_DIR/" || exit 99
t=\$2 b=\$3 d=\$UMOCKDEV_DIR
$TMUXB new-session -d -s t -x 80 -y 24 "export LANG=C.UTF-8; \$b -d 0.5; echo \\\$? > \$t/status-b; sleep 30"
"\$b" -d 0.5; echo \$? > "\$t/status-a"
n=0; while [ ! -s "\$t/status-b" ] && [ \$n -lt 600 ]; do sleep 0.1; n=\$((n + 1)); done
cat \$d/$G > "\$t/after"' sh "$TESTBEDS" "$TMPD" "$BENCHTOP"
SH
start 80 24 "sh '$TMPD/bt.sh'"
wait_for '^big Cortex-A15 +4-7 +ondemand' > /dev/null
keys j g
wait_for 'Governor for CPUs 4-7' > /dev/null
keys j Enter
wait_for 'governor ondemand -> performance, read back performance'
check $? "screen A: ondemand -> performance"
TMUXC=$TMUXB
wait_for '^big Cortex-A15 +4-7 +performance' > /dev/null
keys j g
wait_for 'Governor for CPUs 4-7' > /dev/null
keys j Enter
wait_for 'governor performance -> schedutil, read back schedutil'
check $? "screen B: performance -> schedutil"
TMUXC=$TMUXA
keys q
wait_for 'Changes are in force' > /dev/null && keys r
TMUXC=$TMUXB
wait_for 'ondemand' > /dev/null
keys q
wait_for 'Changes are in force' 3 > /dev/null && keys r
n=0; while [ ! -s "$TMPD/after" ] && [ $n -lt 300 ]; do sleep 0.1; n=$((n + 1)); done
[ "$(cat "$TMPD/status-a") $(cat "$TMPD/status-b")" = "0 0" ]
check $? "both screens quit with status 0"
[ "$(cat "$TMPD/after")" = ondemand ]
st=$?; [ $st = 0 ] || diag "the governor after both: $(cat "$TMPD/after")"
check $st "A restored, then B quit: the governor is at its true original, ondemand"
