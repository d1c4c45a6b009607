#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Hostile strings in label values: a copy of the XU4 testbed whose USB
# disk bridge has a product string with quotes, backslashes, terminal
# escapes, a newline and invalid UTF-8, and whose /proc/interrupts has an
# IRQ action with the same.  The output stays valid (promtool, the
# OpenMetrics parser), UTF-8, free of control bytes, and the values read
# back are the cleaned strings.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/integration/metricslib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null 2>&1 || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 9

BED=$TMPD/hostile-xu4
cp -r "$TESTBEDS/odroid-xu4" "$BED"
# umockdev reads \" \\ \n and octal escapes in A: values: the sysfs file
# gets a real quote, backslash, ESC, BEL, newline and bytes 0xff 0xfe and
# an overlong 0xc0 0xaf.
python3 - "$BED/usb.umockdev" <<'PY'
import sys
p = sys.argv[1]
b = open(p, "rb").read()
evil = (b'A: product=Evil \\"quoted\\" back\\\\slash \\033[31mred\\033]0;t\\007'
        b' two\\nlines \\377\\376\\300\\257 end')
assert b"A: product=ASMT1153e" in b
open(p, "wb").write(b.replace(b"A: product=ASMT1153e", evil))
PY
printf ' 160:          1          0          0          0          0          0          0          0     GICv2 110 Edge      evil"irq\\ \033[2J\377 x\n' > "$TMPD/row"
cat "$TMPD/row" >> "$BED/proc/interrupts"
grep -q 'evil"irq' "$BED/proc/interrupts"
check $? "the testbed copy has the hostile IRQ row"

on_bed "$BED" "$BENCHTOP" metrics > "$TMPD/out" 2> "$TMPD/err" &&
	on_bed "$BED" "$BENCHTOP" metrics --openmetrics > "$TMPD/om" 2>> "$TMPD/err"
check $? "benchtop metrics runs on it (both formats)"
promtool check metrics < "$TMPD/out" > "$TMPD/lint" 2>&1
check $? "promtool check metrics accepts it"
if [ -s "$TMPD/lint" ]; then diag "$(head -5 "$TMPD/lint")"; fi
python3 - "$TMPD/out" "$TMPD/om" <<'PY'
import sys
for f in sys.argv[1:]:
    b = open(f, "rb").read()
    b.decode("utf-8")                       # strict: raises on bad UTF-8
    bad = [c for c in b if (c < 0x20 and c != 0x0a) or c == 0x7f]
    assert not bad, "%s: control bytes %r" % (f, bad[:5])
PY
check $? "both outputs are valid UTF-8 without control bytes"
"$DEBIAN_PY" - "$TMPD/out" "$TMPD/om" <<'PY'
import sys
from prometheus_client.parser import text_string_to_metric_families as text
from prometheus_client.openmetrics.parser import text_string_to_metric_families as om
want_product = 'Evil "quoted" back\\slash ?[31mred?]0;t? two?lines ???? end'
want_action = 'evil"irq\\ ?[2J? x'
for f, parse in zip(sys.argv[1:], (text, om)):
    s = {}
    for fam in parse(open(f).read()):
        for smp in fam.samples:
            s.setdefault(smp.name, []).append(smp.labels)
    prod = [l["product"] for l in s["benchtop_usb_device_info"] if l["device"] == "4-1"]
    act = [l["action"] for l in s["benchtop_irq_info"] if l["irq"] == "160"]
    if prod != [want_product] or act != [want_action]:
        print("# %s: product %r action %r" % (f, prod, act))
        sys.exit(1)
PY
check $? "parsers read back the cleaned product and action (quotes, backslash kept; escapes, newline, bad bytes as ?)"
grep -q 'product="Evil \\"quoted\\" back\\\\slash ?\[31mred?\]0;t? two?lines ???? end"' "$TMPD/out"
check $? "the exposition has them escaped: \\\" and \\\\"

# Garbage in two kernel files: their families are left out, the rest is
# there, one sentence each on stderr, and the output is still valid.
BAD=$TMPD/garbage-xu4
cp -r "$TESTBEDS/odroid-xu4" "$BAD"
printf 'CPU0 CPU1\n 150: lots\n\033[2J\n' > "$BAD/proc/interrupts"
printf 'not diskstats\n' > "$BAD/proc/diskstats"
on_bed "$BAD" "$BENCHTOP" metrics --with-node-figures > "$TMPD/g.out" 2> "$TMPD/g.err"
check $? "garbage /proc/interrupts and /proc/diskstats: still exit 0"
grep -qx 'benchtop_source_readable{source="interrupts"} 0' "$TMPD/g.out" &&
	grep -qx 'benchtop_source_readable{source="diskstats"} 0' "$TMPD/g.out" &&
	! grep -q '^benchtop_irq_\|^benchtop_disk_' "$TMPD/g.out" &&
	grep -q '^benchtop_network_receive_bytes_total{device="eth0"}' "$TMPD/g.out" &&
	promtool check metrics < "$TMPD/g.out" > /dev/null 2>&1
check $? "their families are left out and said unreadable; the rest is there and valid"
[ "$(grep -c . "$TMPD/g.err")" -eq 2 ] &&
	grep -qx "benchtop metrics: /proc/interrupts: the file's contents could not be understood (its metrics are left out)" "$TMPD/g.err" &&
	grep -qx "benchtop metrics: /proc/diskstats: the file's contents could not be understood (its metrics are left out)" "$TMPD/g.err"
check $? "one sentence for each on stderr ($(tr '\n' '|' < "$TMPD/g.err"))"
