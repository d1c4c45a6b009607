#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The live screen loads the runtime journal at its start: a change that
# `benchtop set` made before (IRQ 150 pinned to 4-7 on the Odroid XU4
# tuning testbed) is undone by u and its journal shows it; R restores the
# originals of what set changed, as `set --restore` would.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 4
XDG_CONFIG_HOME=$TMPD/config
export XDG_CONFIG_HOME
A=proc/irq/150/smp_affinity_list
G=sys/devices/system/cpu/cpufreq/policy4/scaling_governor
# set, then the screen, then the files in $TMPD/after
cat > "$TMPD/bt.sh" <<SH
exec "$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
cp -r "\$1/odroid-xu4/." "\$UMOCKDEV_DIR/" &&
cp -r "\$1/odroid-xu4-tune/." "\$UMOCKDEV_DIR/" || exit 99
t=\$2 b=\$3 d=\$UMOCKDEV_DIR
"\$b" set governor=performance --cluster 4 > /dev/null 2>&1
"\$b" set irq 150=4-7 > /dev/null 2>&1
echo \$(cat \$d/$A) \$(cat \$d/$G) > "\$t/before"
"\$b" -d 0.5
echo \$(cat \$d/$A) \$(cat \$d/$G) > "\$t/after"' sh "$TESTBEDS" "$TMPD" "$BENCHTOP"
SH
start 100 30 "sh '$TMPD/bt.sh'"
wait_for '^big Cortex-A15 +4-7 +performance' > /dev/null
[ "$(cat "$TMPD/before")" = "4-7 performance" ]
check $? "set pinned IRQ 150 to 4-7 and set performance before the screen started"
keys u
wait_status 'undo: IRQ 150: affinity 2'
check $? "u in the screen takes back set's last change: IRQ 150 affinity 2"
keys R
wait_status 'restored the original value of 1 setting'
check $? "R restores what set changed: the governor"
keys q
wait_exit 10
[ "$(cat "$TMPD/after")" = "2 ondemand" ]
check $? "the testbed's files hold the originals: IRQ 150 on 2, ondemand"
