#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Golden tests: snapshots made from the board testbeds under umockdev match
# the committed ones (tests/data/snapshots, after snapnorm.py fixes what
# varies by run), and report and compare print exactly the committed
# outputs (tests/data/golden).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null 2>&1 || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 17
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
	valid "$TMPD/$bed.raw.json" "$TMPD/$bed.json"
	check $? "$bed: the new snapshot validates against doc/schema/snapshot.json"
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
# The JSON comparison carries the time it was made: the golden has a
# fixed one.
for f in text md json; do
	"$BENCHTOP" compare odroid-xu4.json odroid-hc1-480m.json --format $f |
		sed -E 's/^(  "time": ")[^"]*"/\12024-05-01T12:00:00Z"/' |
		diff -u "$GOLD/compare-xu4-hc1.$f" - > "$TMPD/diff"
	check $? "compare xu4 hc1 --format $f as committed"
	[ -s "$TMPD/diff" ] && diag "$(head -40 "$TMPD/diff")"
done
flat "$GOLD/compare-xu4-hc1.text" | grep -Eq ' dd-direct /mnt/ssd read_mb_s .* write_mb_s 52\.61 76\.83 1\.460 \+46\.04 % MB/s hdparm '
check $? "the seeds' ratio: 52.61 -> 76.83 MB/s is 1.460, +46.04 %"
grep -Eq '^  USB 174c:55aa ASMT1153e driver +uas +usb-storage$' "$GOLD/compare-xu4-hc1.text"
check $? "the USB driver difference (uas against usb-storage) is listed"
under_rows "$GOLD/compare-xu4-hc1.text" 80
check $? "compare's text fits 80 columns (the command line wrapped under A and B)"
"$BENCHTOP" compare odroid-xu4.json odroid-hc1-480m.json --format json > "$TMPD/cmp.json"
valid "$TMPD/cmp.json"
check $? "compare --format json validates against doc/schema/compare.json"
python3 - "$GOLD" <<'PY'
# report --format csv per RFC 4180: CRLF rows as long as the header, the
# absolute time in RFC 3339 UTC beside the seconds since the start, and the
# values as the file holds them (10.3 %, not 10).
import csv, datetime, sys
bad = 0
for bed in ("odroid-xu4", "odroid-hc1-480m", "x86-vm"):
    raw = open("%s/report-%s.csv" % (sys.argv[1], bed), newline="").read()
    lines = raw.split("\r\n")
    rows = list(csv.reader(raw.splitlines(True)))
    head = rows[0]
    ok = (lines[-1] == "" and "\n" not in "".join(lines)
          and head[:3] == ["time", "time_s", "samples"]
          and all(len(r) == len(head) for r in rows))
    for r in rows[1:]:
        t = datetime.datetime.strptime(r[0], "%Y-%m-%dT%H:%M:%S.%fZ")
        ok = ok and float(r[1]) >= 0 and int(r[2]) >= 1 and t.year >= 2024
    if bed == "odroid-hc1-480m":
        ok = ok and rows[1][head.index("cpu:all:util_pct")] == "10.3"
    if not ok:
        print("# %s: not RFC 4180 with full rows" % bed)
        bad = 1
sys.exit(bad)
PY
check $? "report --format csv: RFC 4180, every row as long as the header, RFC 3339 times, values unrounded"
