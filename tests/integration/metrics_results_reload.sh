#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop metrics --listen --results DIR` parses the result files again
# only when one of them changed (a large folder costs seconds a parse):
# scrapes of an unchanged folder keep benchtop_metrics_results_loads_total
# at 1, and a file rewritten, added or removed is read at the next scrape.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/integration/metricslib.sh"
plan 6

D=$TMPD/results
mkdir "$D"
# result NAME MB/s END: a `benchtop bench --json` result in $D/NAME.json
result() {
	cat > "$D/$1.json.tmp" <<JSON
{"preset": "$1", "kind": "seq-direct", "status": "ok", "target": "/mnt/ssd",
 "figures": [{"name": "write", "value": $2, "unit": "MB/s", "main": true}],
 "conditions": {"time_end": "$3"}}
JSON
	mv "$D/$1.json.tmp" "$D/$1.json"
}
result seq 100.5 2024-05-01T14:00:00+0200

P=$(free_port)
"$BENCHTOP" metrics --no-io --listen "127.0.0.1:$P" --min-interval 0 \
	--results "$D" > /dev/null 2> "$TMPD/server.err" &
SRV=$!
trap 'kill $SRV 2> /dev/null; wait $SRV 2> /dev/null; rm -rf "$TMPD"' EXIT
wait_http "http://127.0.0.1:$P/metrics" 30 || diag "no server: $(cat "$TMPD/server.err")"

# scrape: the exposition into $TMPD/m
scrape() {
	python3 -c 'import sys, urllib.request
sys.stdout.write(urllib.request.urlopen(sys.argv[1], timeout=20).read().decode())' \
		"http://127.0.0.1:$P/metrics" > "$TMPD/m" 2>&1
}
loads() { sed -n 's/^benchtop_metrics_results_loads_total \([0-9]*\)$/\1/p' "$TMPD/m"; }
fig() { sed -n "s/^benchtop_bench_bytes_per_second{preset=\"$1\".*} \\([0-9]*\\)\$/\\1/p" "$TMPD/m"; }

n=0
while [ $n -lt 5 ]; do scrape; n=$((n + 1)); done
reads=$(sed -n 's/^benchtop_metrics_reads_total \([0-9]*\)$/\1/p' "$TMPD/m")
[ "$(loads)" = 1 ] && [ "${reads:-0}" -ge 5 ] && [ "$(fig seq)" = 100500000 ]
check $? "5 scrapes, ${reads:-?} readings of the kernel, the unchanged results parsed once ($(loads)); seq at 100.5 MB/s"

result seq 200.25 2024-05-01T15:00:00+0200
scrape
[ "$(loads)" = 2 ] && [ "$(fig seq)" = 200250000 ]
check $? "seq.json replaced: parsed again ($(loads)), the new figure $(fig seq)"

# rewritten in place, same size, same name
sed 's/200.25/300.25/' "$D/seq.json" > "$TMPD/x" && cat "$TMPD/x" > "$D/seq.json"
scrape
[ "$(loads)" = 3 ] && [ "$(fig seq)" = 300250000 ]
check $? "seq.json rewritten in place at the same size: parsed again ($(loads)), $(fig seq)"

result rnd 42 2024-05-01T16:00:00+0200
scrape
[ "$(loads)" = 4 ] && [ "$(fig rnd)" = 42000000 ] && [ "$(fig seq)" = 300250000 ]
check $? "a file added: parsed again ($(loads)), both presets shown"

rm "$D/rnd.json"
scrape; scrape
[ "$(loads)" = 5 ] && [ -z "$(fig rnd)" ]
check $? "a file removed: parsed again once ($(loads)), its preset gone"

touch "$D/notes.txt" "$D/.hidden.json"
scrape
[ "$(loads)" = 5 ]
check $? "files benchtop does not read (notes.txt, .hidden.json) change nothing ($(loads))"
