#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A real Prometheus scrapes `benchtop metrics --listen` running on the XU4
# testbed; its HTTP API then answers the fleet questions of doc/metrics.md
# for this one board: the USB disk's driver, the IRQ's affinity, which
# IRQ of a USB controller sits on a LITTLE core.  Both servers run on
# 127.0.0.1 on ports picked now, and are stopped with their data folder
# whatever happens.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/integration/metricslib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null 2>&1 || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
command -v prometheus > /dev/null 2>&1 || { echo "1..0 # SKIP prometheus missing (Debian package prometheus)"; exit 0; }
plan 8

stop_all() {
	for f in "$TMPD/benchtop.pid" "$TMPD/prom.pid"; do
		[ -s "$f" ] && kill "$(cat "$f")" 2> /dev/null
	done
	for f in "$TMPD/benchtop.pid" "$TMPD/prom.pid"; do
		[ -s "$f" ] || continue
		i=0
		while kill -0 "$(cat "$f")" 2> /dev/null && [ $i -lt 50 ]; do
			sleep 0.1; i=$((i + 1))
		done
		kill -9 "$(cat "$f")" 2> /dev/null
	done
	wait 2> /dev/null
	rm -rf "$TMPD"
}
trap stop_all EXIT

BP=$(free_port)
PP=$(free_port)
while [ "$PP" = "$BP" ]; do PP=$(free_port); done

on_bed odroid-xu4 sh -c 'echo $$ > "$0"; exec "$@"' "$TMPD/benchtop.pid" \
	"$BENCHTOP" metrics --listen "127.0.0.1:$BP" \
	> "$TMPD/benchtop.out" 2>&1 &
wait_http "http://127.0.0.1:$BP/metrics" 30
check $? "benchtop metrics --listen 127.0.0.1:$BP answers on the XU4 testbed"

cat > "$TMPD/prometheus.yml" <<YML
global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: benchtop
    static_configs:
      - targets: ['127.0.0.1:$BP']
YML
promtool check config "$TMPD/prometheus.yml" > /dev/null 2>&1
check $? "promtool accepts the generated configuration"
mkdir "$TMPD/data"
sh -c 'echo $$ > "$0"; exec "$@"' "$TMPD/prom.pid" prometheus \
	--config.file="$TMPD/prometheus.yml" \
	--storage.tsdb.path="$TMPD/data" \
	--web.listen-address="127.0.0.1:$PP" --log.level=warn \
	> "$TMPD/prom.out" 2>&1 &

# query PROMQL PYTHON-EXPR: poll the API (30 s at most) until the result
# list `r` makes EXPR true; prints the last result on failure.
query() {
	python3 - "http://127.0.0.1:$PP/api/v1/query" "$1" "$2" <<'PY'
import json, sys, time, urllib.parse, urllib.request
url, q, expr = sys.argv[1:]
end, r = time.time() + 30, None
while time.time() < end:
    try:
        with urllib.request.urlopen(url + "?" + urllib.parse.urlencode({"query": q}), timeout=5) as f:
            d = json.load(f)
        r = d["data"]["result"]
        if d["status"] == "success" and eval(expr, {"r": r}):
            sys.exit(0)
    except Exception as e:
        r = repr(e)
    time.sleep(0.5)
print("# last answer: %s" % json.dumps(r)[:600])
sys.exit(1)
PY
}

query 'up{job="benchtop"}' 'len(r) == 1 and r[0]["value"][1] == "1"'
check $? "Prometheus scraped benchtop (up == 1, the OpenMetrics it asked for parsed)"
query 'benchtop_chain_info{kind="block"}' \
	'[(x["metric"]["device"], x["metric"]["usb_driver"], x["metric"]["usb_speed"]) for x in r] == [("sda", "uas", "5000M")]'
check $? "the USB disk sda runs on uas at 5000M"
query 'count(benchtop_chain_info{kind="block", usb_driver="usb-storage"})' 'r == []'
check $? "the board is not among those whose USB disk runs on usb-storage"
query 'benchtop_irq_info{irq="150"}' \
	'len(r) == 1 and r[0]["metric"]["affinity"] == "2" and r[0]["metric"]["action"] == "xhci-hcd:usb3"'
check $? "IRQ 150 (xhci-hcd:usb3) has affinity 2"
query 'benchtop_irq_affinity_cpu{irq=~"150|151"} * on (instance, cpu) group_left (role) benchtop_cpu_info{role="little"}' \
	'[(x["metric"]["irq"], x["metric"]["cpu"], x["metric"]["role"]) for x in r] == [("150", "2", "little")]'
check $? "the USB IRQ on a LITTLE core: IRQ 150 on CPU 2, not IRQ 151 (CPU 7, big)"
query 'max_over_time(benchtop_cluster_throttled[1h])' \
	'sorted(x["metric"]["policy"] + "=" + x["value"][1] for x in r) == ["0=0", "4=0"]'
check $? "no cluster throttled in the last hour"
if [ -s "$TMPD/prom.out" ]; then diag "prometheus: $(tail -5 "$TMPD/prom.out")"; fi
