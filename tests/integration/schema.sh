#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The JSON contract (doc/json.md): the schemas in doc/schema are valid JSON
# Schema 2020-12, the committed version 2 documents validate, and documents
# that break a decision of the contract are refused by the validator with
# the place named.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
python3 -c 'import jsonschema' 2> /dev/null || { echo "1..0 # SKIP python3-jsonschema missing"; exit 0; }
plan 4
SNAPS="$top_srcdir/tests/data/snapshots"
V="$top_srcdir/tests/schema/validate.py"

python3 - "$top_srcdir/doc/schema" <<'PY'
import json, os, sys
import jsonschema
names = sorted(n for n in os.listdir(sys.argv[1]) if n.endswith(".json"))
for n in names:
    s = json.load(open(os.path.join(sys.argv[1], n)))
    jsonschema.Draft202012Validator.check_schema(s)
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema", n
assert {"common.json", "once.json", "snapshot.json", "result.json",
        "compare.json", "journal.json"} <= set(names), names
PY
check $? "doc/schema: one valid 2020-12 schema per kind"

valid "$SNAPS/odroid-xu4.json" "$SNAPS/raw-odroid-xu4.json"
check $? "the committed version 2 snapshots validate"

# Each mutation breaks one decision; each must be refused, at its place.
python3 - "$SNAPS/raw-odroid-xu4.json" "$TMPD" <<'PY'
import copy, json, sys
good = json.load(open(sys.argv[1]))
def m_irq_string(d): d["system"]["irqs"][0]["irq"] = "80"
def m_named_irq_number(d): d["system"]["irqs"][0]["numeric"] = False
def m_mhz(d): d["system"]["clusters"][0]["cur_mhz"] = 1400
def m_permille(d): d["series"]["channels"][0] = "cpu:all:util_permille"
def m_pct_range(d): d["system"]["cpu_total"]["busy_pct"] = 250.0
def m_local_time(d): d["time"] = "2024-05-01T14:00:00+0200"
def m_epoch_time(d): d["journal"] = [dict(index=0, time=1714564800, kind="governor", target="4", old="a", new="b", result="ok", error=None, errno=None, readback="b", readback_matched=True, undo_of=None, restore=False)]
def m_no_format(d): del d["format"]
def m_old_header(d): d["schema"] = 1
def m_version(d): d["version"] = 1
def m_wrong_kind(d): d["format"] = "benchtop.once"
def m_series_start(d): d["series"]["start"] = "yesterday"
muts = [(k, v) for k, v in globals().items() if k.startswith("m_")]
for name, f in muts:
    d = copy.deepcopy(good)
    f(d)
    json.dump(d, open("%s/%s.json" % (sys.argv[2], name), "w"))
print(" ".join(n for n, _ in muts))
PY
st=0 n=0
for f in "$TMPD"/m_*.json; do
	n=$((n + 1))
	if python3 "$V" --kind snapshot "$f" > "$TMPD/out" 2>&1; then
		diag "$(basename "$f"): accepted"
		st=1
	elif ! grep -q "^$f: " "$TMPD/out"; then
		diag "$(basename "$f"): no problem line: $(head -2 "$TMPD/out")"
		st=1
	fi
done
[ $n -eq 12 ] && [ $st -eq 0 ]
check $? "12 documents that break the contract are refused (IRQ as a string, MHz, permille, a share of 250 %, local and epoch times, no or an old header, another kind)"

grep -q "^$TMPD/m_irq_string.json: system/irqs/0/irq: " "$TMPD/out" 2> /dev/null ||
	python3 "$V" --kind snapshot "$TMPD/m_irq_string.json" | grep -q "^$TMPD/m_irq_string.json: system/irqs/0/irq: "
check $? "the refusal names the place: system/irqs/0/irq"
