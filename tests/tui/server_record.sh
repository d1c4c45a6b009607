#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A test served by the live screen's iperf3 server (v) is recorded in
# the session, as a run is: stock iperf3 -c -t 2 against it (in a network
# namespace of the screen's own) shows on the results screen, and the
# session saved at q holds it with the server's two per-second lines,
# whose bytes are the client's total within 1 %.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v iperf3 > /dev/null || { echo "1..0 # SKIP iperf3 missing"; exit 0; }
"$BENCHTOP" serve --help 2>&1 | grep -q 'built without iperf support' &&
	{ echo "1..0 # SKIP built without libiperf"; exit 0; }
{ [ "$(id -u)" = 0 ] && command -v unshare > /dev/null && command -v nsenter > /dev/null &&
	command -v ss > /dev/null && unshare -n true 2> /dev/null; } ||
	{ echo "1..0 # SKIP needs root, unshare, nsenter and ss"; exit 0; }
plan 4
mkdir -p "$TMPD/config/benchtop" "$TMPD/snaps"
printf 'snapshot_dir = %s\nsnapshot_on_exit = yes\n' "$TMPD/snaps" \
	> "$TMPD/config/benchtop/config"
XDG_CONFIG_HOME=$TMPD/config
export XDG_CONFIG_HOME

cat > "$TMPD/bt.sh" <<SH
echo \$\$ > "$TMPD/bpid"
exec unshare -n sh -c 'ip link set lo up && exec "\$0" -d 0.5 2> "$TMPD/err"' "$BENCHTOP"
SH
start 100 30 "sh '$TMPD/bt.sh'"
wait_for 'q Quit' 20 > /dev/null
bpid=$(cat "$TMPD/bpid")
keys v
wait_status 'iperf3 server on 127.0.0.1 port 5201' > /dev/null
n=0
while [ $n -lt 200 ]; do
	nsenter -t "$bpid" -n ss -Hltn 'sport = :5201' > "$TMPD/ss" 2> /dev/null
	[ -s "$TMPD/ss" ] && break
	sleep 0.05; n=$((n + 1))
done
nsenter -t "$bpid" -n iperf3 -c 127.0.0.1 -t 2 --json > "$TMPD/c.json"
check $? "stock iperf3 -c -t 2 against the screen's server"
keys r
wait_for '^ *1 serve +127\.0\.0\.1 +receiver [0-9.]+ Mbit/s' 20 > /dev/null
[ $? -eq 0 ] && wait_for '^  served client 127\.0\.0\.1$' 5 > /dev/null
check $? "the results screen lists the served test: serve, the client, its receiver rate"
keys q
wait_exit 10
f=$(ls "$TMPD"/snaps/benchtop-*.json 2> /dev/null | head -n 1)
[ -n "$f" ] && valid "$f" && json "$f" 'len([r for r in d["results"] if r["preset"] == "serve" and len(r["intervals"]) == 2]) == 1'
check $? "the session saved at q holds it with two per-second lines (schema-valid)"
python3 - "$f" "$TMPD/c.json" <<'PY'
import json, sys
r = [r for r in json.load(open(sys.argv[1]))["results"] if r["preset"] == "serve"][0]
c = json.load(open(sys.argv[2]))["end"]["sum_received"]["bytes"]
s = sum(i["bytes"] for i in r["intervals"])
print("# server's lines: %d bytes; the client's total: %d" % (s, c))
sys.exit(0 if c > 0 and abs(s - c) <= 0.01 * c else 1)
PY
check $? "their bytes are the client's total within 1 %"
