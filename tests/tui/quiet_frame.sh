#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A frame like the last sends nothing: on the XU4 testbed, where no figure
# moves, benchtop at -d 0.2 writes no cell outside the clock over 20 to 45
# ticks (counted by following the cursor through the terminal's bytes,
# tests/tui/framebytes.py: a regression here is a frame drawn again that
# should not be); a counter that then moves is on the terminal
# within the next ticks.  At 80x24 and 200x50.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v python3 > /dev/null || { echo "1..0 # SKIP python3 missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 8
# The testbed with a load average and an uptime of its own (the
# machine's would move)
BED=$TMPD/bed
cp -r "$TESTBEDS/odroid-xu4" "$BED"
echo "0.25 0.50 0.75 1/120 4321" > "$BED/proc/loadavg"
echo "12345.67 90000.00" > "$BED/proc/uptime"
# IRQ 151 (the RTL8153's xhci) gains 40000 on CPU 7
cat > "$TMPD/poke.py" <<'PY'
import sys
p = open(sys.argv[1]).read().strip() + "/proc/interrupts"
out = []
for l in open(p).read().split("\n"):
    if l.startswith("151:"):
        f = l.split()
        l = l.replace(" " + f[8] + " ", " " + str(int(f[8]) + 40000) + " ", 1)
    out.append(l)
open(p + ".new", "w").write("\n".join(out))
import os
os.rename(p + ".new", p)
PY
# 80x24 for 9 s: past the hardware model's and the affinities' reload at
# 10 s from the start, which must not show either
for size in 80x24 200x50; do
	win=4
	[ "$size" = 80x24 ] && win=9
	python3 "$top_srcdir/tests/tui/framebytes.py" --size "$size" \
		--window "$win" --poke "python3 '$TMPD/poke.py' '$TMPD/udir'" -- \
		"$UMOCKDEV_RUN" -d "$BED/usb.umockdev" -- sh -c \
		'cp -r "$1"/. "$UMOCKDEV_DIR"/ && echo "$UMOCKDEV_DIR" > "$2" && exec "$3" -d 0.2' \
		sh "$BED" "$TMPD/udir" "$BENCHTOP" > "$TMPD/out" 2>&1
	v() { sed -n "s/^$1=//p" "$TMPD/out"; }
	[ "$(v pattern_seen)" = 1 ]
	check $? "$size: the first rates are on the terminal"
	[ "$(v quiet_outside_clock)" = 0 ]
	check $? "$size: nothing moves, no cell written outside the clock in $win s of 0.2 s ticks (cells: $(v quiet_cells))"
	[ "$(v quiet_bytes)" -le 40 ]
	check $? "$size: at most the clock's minute in those $win s ($(v quiet_bytes) bytes)"
	[ "$(v poked_outside_clock)" -gt 0 ]
	check $? "$size: IRQ 151's counter moves, its row is written ($(v poked_outside_clock) cells)"
done
