#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A change kept at quit (q, then k) goes into the runtime journal that
# `benchtop set` keeps: the monitor says at k and after quit that it stays
# and how to undo it, and `benchtop set --restore` in the same testbed
# (Odroid XU4 with its tuning files, 80x24) writes IRQ 150's original
# affinity back into proc/irq/150/smp_affinity_list.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 7
J=$BENCHTOP_RUNTIME_DIR/journal.json

# The monitor, then (after it quits, in the same testbed) IRQ 150's
# affinity in $TMPD/kept, the runtime journal in $TMPD/journal.kept,
# `set --restore`'s words in $TMPD/restore, its status in $TMPD/rrc
# and the affinity after it in $TMPD/after.
cat > "$TMPD/bt.sh" <<SH
exec $(live_ns)"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
cp -r "\$1/odroid-xu4/." "\$UMOCKDEV_DIR/" &&
cp -r "\$1/odroid-xu4-tune/." "\$UMOCKDEV_DIR/" || exit 99
t=\$2 b=\$3 d=\$UMOCKDEV_DIR
"\$b" -d 0.5; r=\$?
cat \$d/proc/irq/150/smp_affinity_list > "\$t/kept"
cp "$J" "\$t/journal.kept"
"\$b" set --restore > "\$t/restore" 2>&1; echo \$? > "\$t/rrc"
cat \$d/proc/irq/150/smp_affinity_list > "\$t/after"
exit \$r' sh "$TESTBEDS" "$TMPD" "$BENCHTOP"
SH

# joined: the pane with its wrapped lines joined, as the sentence reads.
joined() { $TMUXC capture-pane -p -J -t t; }

start 80 24 "sh '$TMPD/bt.sh'"
wait_for '^CLUSTER' > /dev/null
keys i
wait_for '^IRQ +TOTAL/s' > /dev/null
keys j
wait_for '^150: GICv2' > /dev/null
keys p
wait_for 'Pin IRQ 150 to' > /dev/null && keys Enter
wait_for 'IRQ 150: affinity 4-7'
check $? "IRQ 150 pinned to the big cores 4-7 from the IRQ screen"
keys q
wait_for 'Changes are in force: keep them or restore the originals\?' && wait_for '\(k/r\)  k keeps them: `benchtop set --restore` undoes them later'
check $? "q: the question says that kept changes can be put back later with set --restore"
keys k
wait_in joined 'these changes stay in force: IRQ 150 affinity 4-7; `benchtop set --undo` takes back the last, `benchtop set --restore` puts every original back' 20
check $? "after k: the terminal says what stays and how to undo it"
wait_exit 20 && [ "$(cat "$TMPD/status")" = 0 ] && [ "$(cat "$TMPD/kept")" = 4-7 ]
check $? "k quits with status 0 and IRQ 150 stays at 4-7 in the testbed"
json "$TMPD/journal.kept" '[(e["kind"], e["target"], e["old"], e["new"]) for e in d["entries"]] == [("irq_affinity", "150", "2", "4-7")]'
check $? "the runtime journal holds the kept change: IRQ 150, 2 -> 4-7"
[ "$(cat "$TMPD/rrc")" = 0 ] && grep -q '^IRQ 150: affinity 2' "$TMPD/restore"
st=$?; [ $st = 0 ] || diag "set --restore said:" "$(cat "$TMPD/restore")"
check $st "set --restore sees the monitor's change and puts affinity 2 back"
[ "$(cat "$TMPD/after")" = 2 ]
check $? "the testbed's smp_affinity_list reads 2 again"
