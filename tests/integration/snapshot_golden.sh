#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Golden tests: snapshots made from the board testbeds under umockdev match
# the committed ones (tests/data/snapshots, after snapnorm.py fixes what
# varies by run), and report and compare print exactly the committed
# outputs (tests/data/golden).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null 2>&1 || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 13
SNAPS="$top_srcdir/tests/data/snapshots"
GOLD="$top_srcdir/tests/data/golden"

# Only odroid-xu4 has every /proc file the samples read; the other
# testbeds read parts of this machine's /proc, so their series vary and
# only their committed snapshots are rendered.
for bed in odroid-xu4; do
	dev=""
	[ -f "$TESTBEDS/$bed/usb.umockdev" ] && dev="-d $TESTBEDS/$bed/usb.umockdev"
	# shellcheck disable=SC2086
	"$UMOCKDEV_RUN" $dev -- sh -c 'cp -r "$0"/. "$UMOCKDEV_DIR"/ && exec "$@"' \
		"$TESTBEDS/$bed" "$BENCHTOP" --once --interval 0.2 \
		--snapshot "$TMPD/$bed.raw.json" > /dev/null 2>&1 &&
	python3 "$top_srcdir/tests/integration/snapnorm.py" "$TMPD/$bed.raw.json" \
		"$SNAPS/$bed.extra.json" "$TMPD/$bed.json" &&
	python3 -c 'import json, sys; a, b = (json.load(open(f)) for f in sys.argv[1:]); sys.exit(a != b)' \
		"$TMPD/$bed.json" "$SNAPS/$bed.json"
	check $? "$bed: a new snapshot matches the committed one"
	"$BENCHTOP" report "$TMPD/$bed.json" | diff -u "$GOLD/report-$bed.md" - > "$TMPD/diff"
	check $? "$bed: report of the new snapshot as committed"
	[ -s "$TMPD/diff" ] && diag "$(head -40 "$TMPD/diff")"
done
for bed in odroid-xu4 odroid-hc1-480m x86-vm; do
	"$BENCHTOP" report "$SNAPS/$bed.json" | diff -u "$GOLD/report-$bed.md" - > "$TMPD/diff"
	check $? "$bed: report (Markdown) as committed"
	[ -s "$TMPD/diff" ] && diag "$(head -40 "$TMPD/diff")"
	"$BENCHTOP" report --format csv "$SNAPS/$bed.json" | diff -u "$GOLD/report-$bed.csv" - > "$TMPD/diff"
	check $? "$bed: report --format csv as committed"
done

cd "$SNAPS" || exit 1
for f in text md json; do
	"$BENCHTOP" compare odroid-xu4.json odroid-hc1-480m.json --format $f |
		diff -u "$GOLD/compare-xu4-hc1.$f" - > "$TMPD/diff"
	check $? "compare xu4 hc1 --format $f as committed"
	[ -s "$TMPD/diff" ] && diag "$(head -40 "$TMPD/diff")"
done
grep -Eq '^  dd-direct /mnt/ssd +write_mb_s +52\.61 +76\.83 +1\.460 +\+46\.04 %' "$GOLD/compare-xu4-hc1.text"
check $? "the seeds' ratio: 52.61 -> 76.83 MB/s is 1.460, +46.04 %"
grep -Eq '^  USB 174c:55aa ASMT1153e driver +uas +usb-storage$' "$GOLD/compare-xu4-hc1.text"
check $? "the USB driver difference (uas against usb-storage) is listed"
