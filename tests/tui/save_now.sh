#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A save right after a change records the state now: on the XU4 testbed
# with a 30 s interval, IRQ 151 pinned to the big cores and w at once
# give a snapshot with affinity 4-7 (it held 7, the last tick's reading).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
[ "$(id -u)" = 0 ] || { echo "1..0 # SKIP pinning needs root"; exit 0; }
plan 3

mkdir -p "$TMPD/cfg/benchtop" "$TMPD/snaps"
echo "snapshot_dir = $TMPD/snaps" > "$TMPD/cfg/benchtop/config"
start 80 24 "export XDG_CONFIG_HOME='$TMPD/cfg'; $(bed_cmd odroid-xu4 '-d 0.3')"
wait_for '^DISK +READ/s'
keys + + + + + + + + + + + +
keys i
wait_for '^IRQ +TOTAL/s' > /dev/null
keys j j
wait_for '^151: GICv2 105 Edge xhci-hcd:usb5'
keys p
wait_for 'Pin IRQ 151 to'
keys Enter
wait_for 'IRQ 151: affinity 4-7'
check $? "IRQ 151 pinned to 4-7"
keys w
wait_status "snapshot saved to /[^ ]*\.json"
check $? "w at once: saved"
f=$(ls "$TMPD"/snaps/benchtop-*.json 2> /dev/null | head -1)
json "$f" '[q["affinity"] for q in d["system"]["irqs"] if q["key"] == "151"] == ["4-7"]'
check $? "the snapshot records IRQ 151 at 4-7, the affinity at the save"
