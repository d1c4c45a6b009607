#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A real Prometheus scrapes `benchtop metrics --listen` running on two
# testbeds, the XU4 and the HC1 whose UAS bridge runs usb-storage at 480M;
# its HTTP API then answers the fleet questions of doc/metrics.md (the USB
# disk's driver, the IRQ's affinity, which IRQ of a USB controller sits on
# a LITTLE core), and the shipped alerting rules
# (data/prometheus/benchtop.rules.yml) pick out the HC1's disk and nothing
# on the XU4.  Every server runs on 127.0.0.1 on ports picked now, and all
# are stopped with their data folder whatever happens.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/integration/metricslib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null 2>&1 || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
command -v prometheus > /dev/null 2>&1 || { echo "1..0 # SKIP prometheus missing (Debian package prometheus)"; exit 0; }
plan 13

stop_all() {
	for f in "$TMPD/benchtop.pid" "$TMPD/hc1.pid" "$TMPD/prom.pid"; do
		[ -s "$f" ] && kill "$(cat "$f")" 2> /dev/null
	done
	for f in "$TMPD/benchtop.pid" "$TMPD/hc1.pid" "$TMPD/prom.pid"; do
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
HP=$(free_port)
while [ "$HP" = "$BP" ]; do HP=$(free_port); done
PP=$(free_port)
while [ "$PP" = "$BP" ] || [ "$PP" = "$HP" ]; do PP=$(free_port); done

on_bed odroid-xu4 sh -c 'echo $$ > "$0"; exec "$@"' "$TMPD/benchtop.pid" \
	"$BENCHTOP" metrics --listen "127.0.0.1:$BP" --with-node-figures \
	> "$TMPD/benchtop.out" 2>&1 &
wait_http "http://127.0.0.1:$BP/metrics" 30
check $? "benchtop metrics --listen 127.0.0.1:$BP answers on the XU4 testbed"
on_bed odroid-hc1-480m sh -c 'echo $$ > "$0"; exec "$@"' "$TMPD/hc1.pid" \
	"$BENCHTOP" metrics --listen "127.0.0.1:$HP" \
	> "$TMPD/hc1.out" 2>&1 &
wait_http "http://127.0.0.1:$HP/metrics" 30
check $? "benchtop metrics --listen 127.0.0.1:$HP answers on the HC1 testbed"

cat > "$TMPD/prometheus.yml" <<YML
global:
  scrape_interval: 1s
  scrape_timeout: 1s
  evaluation_interval: 1s
rule_files:
  - $top_srcdir/data/prometheus/benchtop.rules.yml
scrape_configs:
  - job_name: benchtop
    static_configs:
      - targets: ['127.0.0.1:$BP']
        labels: {board: xu4}
      - targets: ['127.0.0.1:$HP']
        labels: {board: hc1}
YML
promtool check config "$TMPD/prometheus.yml" > /dev/null 2>&1
check $? "promtool accepts the generated configuration and the shipped rules"
prom_start


prom_query 'up{job="benchtop"}' 'len(r) == 2 and all(x["value"][1] == "1" for x in r)'
check $? "Prometheus scraped both boards (up == 1, the OpenMetrics it asked for parsed)"
prom_query 'benchtop_chain_info{board="xu4", kind="block"}' \
	'[(x["metric"]["device"], x["metric"]["usb_driver"], x["metric"]["usb_speed"]) for x in r] == [("sda", "uas", "5000M")]'
check $? "the USB disk sda runs on uas at 5000M"
prom_query 'count by (board) (benchtop_chain_info{kind="block", usb_driver="usb-storage"})' \
	'[x["metric"]["board"] for x in r] == ["hc1"]'
check $? "of the two boards, the HC1's USB disk runs on usb-storage, the XU4's does not"
prom_query 'benchtop_irq_info{board="xu4", irq="150"}' \
	'len(r) == 1 and r[0]["metric"]["affinity"] == "2" and r[0]["metric"]["action"] == "xhci-hcd:usb3"'
check $? "IRQ 150 (xhci-hcd:usb3) has affinity 2"
prom_query 'benchtop_irq_affinity_cpu{board="xu4", irq=~"150|151"} * on (instance, cpu) group_left (role) benchtop_cpu_info{role="little"}' \
	'[(x["metric"]["irq"], x["metric"]["cpu"], x["metric"]["role"]) for x in r] == [("150", "2", "little")]'
check $? "the USB IRQ on a LITTLE core: IRQ 150 on CPU 2, not IRQ 151 (CPU 7, big)"
prom_query 'max_over_time(benchtop_cluster_throttled{board="xu4"}[1h])' \
	'sorted(x["metric"]["policy"] + "=" + x["value"][1] for x in r) == ["0=0", "4=0"]'
check $? "no cluster throttled in the last hour"
# The rules, evaluated every second on the live scrapes: their alerts are
# pending (each has a "for" of minutes) for the HC1's devices only.
prom_query 'ALERTS{alertname="BenchtopUASBridgeOnUsbStorage"}' \
	'[(x["metric"]["board"], x["metric"]["device"], x["metric"]["alertstate"]) for x in r] == [("hc1", "3-1", "pending")]'
check $? "alert BenchtopUASBridgeOnUsbStorage pending for the HC1's 3-1, not for the XU4"
prom_query 'ALERTS{alertname="BenchtopUSBBelowCapableSpeed"}' \
	'sorted((x["metric"].get("board"), x["metric"]["device"]) for x in r) == [("hc1", "3-1"), ("hc1", "5-1")]'
check $? "alert BenchtopUSBBelowCapableSpeed pending for the HC1's disk 3-1 and NIC 5-1 (480M of 5000M) only"
prom_query 'count(ALERTS{board="xu4"}) or vector(0)' 'len(r) == 1 and r[0]["value"][1] == "0"'
check $? "no alert of the shipped rules on the XU4 testbed"
# The shipped Grafana dashboard: every query of every panel runs, and its
# panels of facts show the XU4's series (dashcheck.py).
python3 "$top_srcdir/tests/integration/dashcheck.py" "http://127.0.0.1:$PP/api/v1/query" \
	"$top_srcdir/data/prometheus/benchtop-dashboard.json" > "$TMPD/dash" 2>&1
rc=$?
check $rc "every query of the Grafana dashboard runs; its fact panels show the XU4"
[ $rc -eq 0 ] || diag "$(cat "$TMPD/dash")"
if [ -s "$TMPD/prom.out" ]; then diag "prometheus: $(tail -5 "$TMPD/prom.out")"; fi
