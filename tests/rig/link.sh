#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The link rig (two namespaces, a veth pair, tbf at a random rate R on
# both ends): the shaped goodput is R x 1448 / 1514 (TCP payload with
# timestamps over the Ethernet frame tbf counts at MTU 1500).  benchtop
# iperf (forward, -R, -P 2) and a stock `iperf3 -c` against `benchtop
# serve` are within 3 % of it and within 2 % of stock iperf3 on the same
# link; while iperf3 runs, `benchtop --once --json` in each namespace
# shows the veth's tx and rx bytes/s within 3 % of R / 8 (tbf shapes the
# frames /proc/net/dev counts).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/rig/rig.sh"
rig_trap 'rm -rf "$TMPD"'
export BENCHTOP_NO_PROGRESS=1

command -v iperf3 > /dev/null || { rig_skip_all "rig unavailable: no iperf3"; exit 0; }
R=$(rig_rand 40 120)
rig_link_up "$R" || { rig_skip_all "$RIG_WHY"; exit 0; }
plan 11
G=$(awk -v r="$R" 'BEGIN { printf "%.3f\n", r * 1448 / 1514 }')
diag "rig: $RIG_NS_A $RIG_IF_A $RIG_ADDR_A <-> $RIG_NS_B $RIG_IF_B $RIG_ADDR_B," \
	"tbf $R Mbit/s, goodput $G Mbit/s"
T=5

# A port of the namespace's own (no other suite can hold one there).
rig_in_b iperf3 -s -B "$RIG_ADDR_B" -p 5201 > /dev/null 2>&1 &
rig_in_b "$BENCHTOP" serve --bind "$RIG_ADDR_B" --port 5202 \
	> "$TMPD/serve.out" 2>&1 &
sleep 1

# stock ARGS: stock iperf3 -c's receiver Mbit/s.
stock() {
	rig_in_a iperf3 -c "$RIG_ADDR_B" -t "$T" --json "$@" > "$TMPD/stock.json" &&
	python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["end"]["sum_received"]["bits_per_second"] / 1e6)' \
		"$TMPD/stock.json"
}

# mine ARGS: benchtop iperf's receiver Mbit/s.
mine() {
	rig_in_a "$BENCHTOP" iperf "$RIG_ADDR_B" -p 5201 -t "$T" --json "$@" \
		> "$TMPD/mine.json" &&
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print([f["value"] for f in d["figures"] if f["name"] == "receiver"][0])' \
		"$TMPD/mine.json"
}

# pair LABEL ARGS: benchtop and stock iperf3 with ARGS, two checks.
pair() {
	_l=$1
	shift
	m=$(mine "$@") s=$(stock -p 5201 "$@")
	diag "$_l: benchtop $m, iperf3 $s Mbit/s (goodput $G)"
	rig_within "$m" "$G"
	check $? "benchtop iperf $_l within 3 % of the shaped goodput"
	rig_within "$m" "$s" 2
	check $? "benchtop iperf $_l within 2 % of stock iperf3 -c $_l"
}

pair "forward"
pair "-R" -R
pair "-P 2" -P 2

s=$(stock -p 5201)
b=$(stock -p 5202)
check $? "stock iperf3 -c got a result from benchtop serve"
diag "iperf3 -c against benchtop serve $b, against iperf3 -s $s Mbit/s"
rig_within "$b" "$G"
check $? "benchtop serve: iperf3 -c within 3 % of the shaped goodput"
rig_within "$b" "$s" 2
check $? "benchtop serve: within 2 % of iperf3 -c against iperf3 -s"

# Live rates: benchtop in each namespace over 3 s of a 6 s transfer.
rig_in_a iperf3 -c "$RIG_ADDR_B" -p 5201 -t 6 > /dev/null 2>&1 &
cli=$!
sleep 1.5
rig_in_a "$BENCHTOP" --once --json --interval 3 > "$TMPD/a.json" &
rig_in_b "$BENCHTOP" --once --json --interval 3 > "$TMPD/b.json"
wait $!
nic() {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print([n for n in d["net"] if n["name"] == sys.argv[2]][0][sys.argv[3]])' "$@"
}
tx=$(nic "$TMPD/a.json" "$RIG_IF_A" tx_bytes_per_s)
rx=$(nic "$TMPD/b.json" "$RIG_IF_B" rx_bytes_per_s)
e=$(awk -v r="$R" 'BEGIN { print r * 1e6 / 8 }')
diag "live: $RIG_IF_A tx $tx B/s, $RIG_IF_B rx $rx B/s (tbf $e B/s)"
rig_within "$tx" "$e"
check $? "$RIG_IF_A tx bytes/s within 3 % of the shaped rate"
rig_within "$rx" "$e"
check $? "$RIG_IF_B rx bytes/s within 3 % of the shaped rate"
wait "$cli"
