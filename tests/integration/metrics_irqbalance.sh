#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The exporter's benchtop_irqbalance_running gauge: 1 while a process
# named irqbalance runs (a copy of sleep: its comm reads as the daemon's),
# from `benchtop metrics` and from a scrape of `metrics --listen`; once
# that process has ended the next scrape says 0 (checked only when no
# other irqbalance runs on the machine: the gauge counts any).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/integration/metricslib.sh"
plan 4
IB= SPID=
trap 'kill $IB $SPID 2> /dev/null; rm -rf "$TMPD"' EXIT

gauge() { sed -n 's/^benchtop_irqbalance_running //p' "$1"; }
scrape() {
	python3 -c 'import sys, urllib.request
sys.stdout.write(urllib.request.urlopen(sys.argv[1], timeout=30).read().decode())' \
		"http://127.0.0.1:$P/metrics" > "$1"
}

cp "$(command -v sleep)" "$TMPD/irqbalance"
"$TMPD/irqbalance" 300 & IB=$!
i=0	# until its exec is done and its comm reads irqbalance
while [ "$(cat "/proc/$IB/comm" 2> /dev/null)" != irqbalance ] && [ $i -lt 100 ]; do
	sleep 0.1; i=$((i + 1))
done

"$BENCHTOP" metrics --no-io > "$TMPD/once.prom" 2> "$TMPD/once.err"
[ "$(gauge "$TMPD/once.prom")" = 1 ]
check $? "benchtop metrics: benchtop_irqbalance_running 1 while irqbalance runs"

P=$(free_port)
"$BENCHTOP" metrics --listen "$P" --min-interval 0 --no-io \
	> /dev/null 2> "$TMPD/err" & SPID=$!
wait_http "http://127.0.0.1:$P/metrics" 30
check $? "benchtop metrics --listen $P answers"
scrape "$TMPD/s1.prom"
[ "$(gauge "$TMPD/s1.prom")" = 1 ]
check $? "a scrape: benchtop_irqbalance_running 1 while irqbalance runs"

kill $IB
wait $IB 2> /dev/null
IB=
if pgrep -x irqbalance > /dev/null; then
	skip "another irqbalance runs on this machine: the gauge stays 1"
else
	scrape "$TMPD/s2.prom"
	if pgrep -x irqbalance > /dev/null; then
		skip "an irqbalance started meanwhile"
	else
		[ "$(gauge "$TMPD/s2.prom")" = 0 ]
		check $? "the next scrape after it ended: benchtop_irqbalance_running 0"
	fi
fi
