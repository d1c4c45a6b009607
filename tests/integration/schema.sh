#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The JSON contract (doc/json.md): the schemas in doc/schema are valid JSON
# Schema 2020-12, the committed version 2 documents validate, and documents
# that break a decision of the contract are refused by the validator with
# the place named.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
python3 -c 'import jsonschema' 2> /dev/null || { echo "1..0 # SKIP python3-jsonschema missing"; exit 0; }
plan 8
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
        "compare.json", "journal.json", "journalfile.json",
        "experiment.json", "sessions.json"} <= set(names), names
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
def m_alt_class(d): d["system"]["usb"]["devices"][0]["alt_settings"][0]["class"] = "8/6/50"
def m_storage_driver(d): d["system"]["usb"]["devices"][0]["storage"]["driver"] = "UAS"
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
[ $n -eq 14 ] && [ $st -eq 0 ]
check $? "14 documents that break the contract are refused (IRQ as a string, MHz, permille, a share of 250 %, local and epoch times, no or an old header, another kind, a USB alternate setting's class, a storage driver)"

grep -q "^$TMPD/m_irq_string.json: system/irqs/0/irq: " "$TMPD/out" 2> /dev/null ||
	python3 "$V" --kind snapshot "$TMPD/m_irq_string.json" | grep -q "^$TMPD/m_irq_string.json: system/irqs/0/irq: "
check $? "the refusal names the place: system/irqs/0/irq"

# The parts of a document that were any object (a result's settings,
# table, details, iperf_end and conditions.target; an experiment's
# comparisons; the journal file) are described: the documents the tests
# wrote validate, and each break below is refused at its place.
DOCS="$top_srcdir/tests/data/json"
valid "$DOCS/result-iozone.json" "$DOCS/result-iperf.json" "$DOCS/experiment.json" "$DOCS/journalfile.json"
check $? "the documents benchtop wrote (tests/data/json) validate"

python3 - "$DOCS" "$TMPD" <<'PY' > "$TMPD/muts"
import copy, json, sys
docs = {n: json.load(open("%s/%s.json" % (sys.argv[1], n)))
        for n in ("result-iozone", "result-iperf", "experiment", "journalfile")}
def ioz(d): return d["result-iozone"]
def ip(d): return d["result-iperf"]
muts = {
    "settings_extra": ("result-iozone", "settings", lambda d: ioz(d)["settings"].update(extra=1)),
    "settings_io": ("result-iozone", "settings/io", lambda d: ioz(d)["settings"].update(io="mmap")),
    "details_extra": ("result-iozone", "details", lambda d: ioz(d)["details"].update(extra=1)),
    "table_row": ("result-iozone", "table/rows/0", lambda d: ioz(d)["table"]["rows"][0].pop()),
    "table_columns": ("result-iozone", "table/columns", lambda d: ioz(d)["table"]["columns"].reverse()),
    "target_extra": ("result-iozone", "conditions/target", lambda d: ioz(d)["conditions"]["target"].update(extra=1)),
    "target_irq": ("result-iozone", "conditions/target/disk", lambda d: ioz(d)["conditions"]["target"].update(disk=7)),
    "result_extra": ("result-iozone", "(top)", lambda d: ioz(d).update(extra=1)),
    "iperf_settings": ("result-iperf", "settings", lambda d: ip(d)["settings"].update(size_bytes=1)),
    "iperf_end_bps": ("result-iperf", "iperf_end/sum_sent/bits_per_second", lambda d: ip(d)["iperf_end"]["sum_sent"].update(bits_per_second="fast")),
    "iperf_end_cwnd": ("result-iperf", "iperf_end/streams/0/sender/max_snd_cwnd", lambda d: ip(d)["iperf_end"]["streams"][0]["sender"].update(max_snd_cwnd=-1)),
    "iperf_target": ("result-iperf", "conditions/target", lambda d: ip(d)["conditions"]["target"].update(path="/mnt")),
    "iperf_details": ("result-iperf", "details", lambda d: ip(d).update(details={})),
    "run_extra": ("experiment", "runs/0/result/settings", lambda d: d["experiment"]["runs"][0]["result"]["settings"].update(extra=1)),
    "verdict": ("experiment", "figures/0/comparisons/0/verdict", lambda d: d["experiment"]["figures"][0]["comparisons"][0].update(verdict="better")),
    "journalfile_extra": ("journalfile", "entries/0", lambda d: d["journalfile"]["entries"][0].update(extra=1)),
    "journalfile_pid": ("journalfile", "entries/0/pid", lambda d: d["journalfile"]["entries"][0].update(pid="4242")),
    "journalfile_bare": ("journalfile", "(top)", lambda d: d.update(journalfile=d["journalfile"]["entries"])),
}
for name, (doc, place, f) in muts.items():
    d = copy.deepcopy(docs)
    f(d)
    json.dump(d[doc], open("%s/x_%s.json" % (sys.argv[2], name), "w"))
    print(name, doc.split("-")[0], place)
PY
st=0 n=0
while read -r name kind place; do
	n=$((n + 1))
	f=$TMPD/x_$name.json
	if python3 "$V" --kind "$kind" "$f" > "$TMPD/out" 2>&1; then
		diag "$name: accepted"
		st=1
	elif ! grep -q "^$f: $place: " "$TMPD/out"; then
		diag "$name: not refused at $place: $(head -2 "$TMPD/out")"
		st=1
	fi
done < "$TMPD/muts"
[ $n -eq 18 ] && [ $st -eq 0 ]
check $? "18 breaks of the described parts are refused at their place (an extra key in settings, details, table, target, a result, a run, a journal entry; a wrong io, row, column order, disk, iperf total, cwnd, verdict, pid; a bare journal array)"

# Offline: every "$ref" resolves from doc/schema alone, each schema under
# its own "$id" (doc/json.md), with the registry of tests/schema.
python3 - "$top_srcdir/doc/schema" <<'PY'
import json, os, sys
from urllib.parse import urldefrag, urljoin
d = sys.argv[1]
ids = {}
for n in sorted(os.listdir(d)):
    if n.endswith(".json"):
        s = json.load(open(os.path.join(d, n)))
        assert s["$id"] == "https://benchtop.invalid/schema/" + n, n
        ids[s["$id"]] = s
def refs(o, base):
    if isinstance(o, dict):
        for k, v in o.items():
            if k == "$ref":
                yield urljoin(base, v)
            else:
                yield from refs(v, base)
    elif isinstance(o, list):
        for v in o:
            yield from refs(v, base)
bad = []
for base, s in ids.items():
    for r in refs(s, base):
        url, frag = urldefrag(r)
        node = ids.get(url)
        for part in filter(None, frag.split("/")):
            node = node.get(part) if isinstance(node, dict) else None
        if node is None:
            bad.append("%s: %s" % (base, r))
print("\n".join("# unresolved: " + b for b in bad))
sys.exit(1 if bad else 0)
PY
check $? "every \$ref resolves offline among the schemas, each under its own \$id"

# The parts that were any object are now described: coverage.py counts
# the fields a schema checks beyond "any" (doc/json.md, Validating).
python3 "$top_srcdir/tests/schema/coverage.py" "$DOCS/result-iozone.json" "$DOCS/result-iperf.json" "$DOCS/experiment.json" "$DOCS/journalfile.json" > "$TMPD/cov"
st=$?
sed 's/^/# /' "$TMPD/cov"
[ $st -eq 0 ] && awk '{ if ($2 != $4) bad = 1 } END { exit bad }' "$TMPD/cov"
check $? "every field of each document is checked beyond \"any\""
