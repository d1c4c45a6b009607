#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Between the smallest screen (60 columns) and 80, the right edge cuts
# rows: it must never cut a figure or a name into another ("31" of
# 31.0°C, "USB 50" of 5000M).  On the XU4 testbed, the overview and the
# USB screen at 60-79 columns show of each row the text of the same row
# at 120 columns up to a whole word, then ">" where something is left
# out; the hottest zone and the sort order give way to the column
# titles; at 80 columns both are back.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 11

WIDTHS="60 63 66 69 72 75 79"

# grab NAME: the screen at each width into $TMPD/NAME.W, 120 first.
grab() {
	for w in 120 $WIDTHS; do
		resize "$w" 24
		sleep 1.2	# two ticks at -d 0.5: drawn at this width
		screen > "$TMPD/$1.$w"
	done
	resize 120 24
}

# whole NAME: 0 when every row of every narrow NAME screen (not the
# header, the hint and the key bar, which are laid out for the width)
# is its 120-column row up to a whole word, and ">" only where that row
# goes on (past the edge a row may also just end); the titles' notes
# move with the width and are left out of it.  Prints the rows that are
# not.
whole() {
	python3 - "$TMPD" "$1" $WIDTHS <<'PY'
import re, sys
tmpd, name, widths = sys.argv[1], sys.argv[2], sys.argv[3:]

def plain(row):
    """ROW without the titles' right-hand notes, which move with the
    width: the sort order, the hottest zone."""
    row = re.sub(r" +sort: [a-z ]+$", "", row.rstrip())
    if row.startswith("CLUSTER"):
        row = re.sub(r" +[0-9.]+(\u00b0| )C$", "", row)
    return row

wide = [plain(r) for r in open("%s/%s.120" % (tmpd, name)).read().split("\n")]
bad = 0
for w in widths:
    rows = open("%s/%s.%s" % (tmpd, name, w)).read().split("\n")
    for i, row in enumerate(rows[1:-4], 1):
        ref = wide[i] if i < len(wide) else ""
        row = plain(row)
        more = row.endswith(">") and not ref.startswith(row)
        text = (row[:-1] if more else row).rstrip()
        # what shows is the wide row up to a whole word ...
        ok = ref.startswith(text) and (len(text) == len(ref) or
                                       not text or ref[len(text)] == " ")
        # ... and a ">" stands only where something is left out
        if more and len(text) == len(ref):
            ok = False
        if not ok:
            bad += 1
            print("%s col: %r (120 col: %r)" % (w, row, ref))
sys.exit(1 if bad else 0)
PY
}

start 120 24 "$(bed_cmd odroid-xu4 '-d 0.5')"
wait_for '^big Cortex-A15 '
grab main
whole main > "$TMPD/out"
check $? "overview at $WIDTHS columns: every row whole to a word, > where it goes on$(sed 's/^/; /' "$TMPD/out" | tr -d '\n')"
keys d
wait_for '^Bus 4 '
grab usb
whole usb > "$TMPD/out"
check $? "USB screen at $WIDTHS columns: the same$(sed 's/^/; /' "$TMPD/out" | tr -d '\n')"
keys Escape

# What a person reads at 66 columns.
grep -Eq '^CLUSTER +CPUS +GOVERNOR +FREQ +RANGE MHz +UTIL>$' "$TMPD/main.66"
check $? "66 columns: the cluster titles up to UTIL, then >; no temperature over them"
grep -Eq '^big Cortex-A15 +4-7 +ondemand +2000 MHz +200-2000 +[0-9]+% >$' "$TMPD/main.66"
check $? "66 columns: the big cluster's 31.0°C is left out whole, not shown as 3"
grep -Eq '^sda .* USB 5000M>$' "$TMPD/main.66"
check $? "66 columns: sda's link is USB 5000M, then >"
grep -Eq '^DISK +READ/s +WRITE/s +IOPS +UTIL +HISTORY +LINK$' "$TMPD/main.66"
check $? "66 columns: the disk titles whole, the sort order gives way"
grep -Eq '^Bus 4 +5000M +xhci-hcd\.2\.auto \(xhci-hcd\) +IRQ 150 on CPU 2>$' "$TMPD/usb.66"
check $? "66 columns: USB bus 4's IRQ 150 on CPU 2, then >"
grep -Eq '^little Cortex-A7 +0-3 +ondemand +1400 MHz +200-1400 +>$' "$TMPD/main.60"
check $? "60 columns: the LITTLE cluster's utilisation is left out whole"

# At 80 columns the notes are back where they were.
resize 80 24
sleep 1.2
screen | grep -Eq '^CLUSTER +CPUS +GOVERNOR +FREQ +RANGE MHz +UTIL +TEMP +31\.0°C$'
check $? "80 columns: the hottest zone, 31.0°C, right of the cluster titles"
screen | grep -Eq '^DISK .* LINK sort: kernel order$'
check $? "80 columns: the sort order right of the disk titles"
screen | grep -Eq '^big Cortex-A15 .* 31\.0°C$'
check $? "80 columns: the big cluster's 31.0°C"
keys q
wait_exit 10
