#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop metrics` on every board testbed: promtool accepts the text
# format, the OpenMetrics parser of python3-prometheus-client accepts
# --openmetrics, and the output matches tests/data/golden/metrics-BED.prom
# once counters and what this machine shows are masked (metricsnorm.py).
# METRICS_GOLDEN_UPDATE=1 writes the golden files instead.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/integration/metricslib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null 2>&1 || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
command -v promtool > /dev/null 2>&1 || { echo "1..0 # SKIP promtool missing (Debian package prometheus)"; exit 0; }
GOLD="$top_srcdir/tests/data/golden"
# every bed; the BED-live folders are overlays laid over a bed by the
# screen journeys (tests/tui/lib.sh live_cmd), not beds of their own
beds=$(cd "$TESTBEDS" && for d in */; do
	case $d in *-live/) ;; *) echo "${d%/}" ;; esac; done)
plan $(($(echo "$beds" | wc -l) * 4 + 6))

for bed in $beds; do
	out=$TMPD/$bed.prom
	on_bed "$bed" "$BENCHTOP" metrics --with-node-figures > "$out" 2> "$TMPD/$bed.err"
	check $? "$bed: benchtop metrics --with-node-figures exits 0"
	promtool check metrics < "$out" > "$TMPD/$bed.lint" 2>&1
	check $? "$bed: promtool check metrics finds nothing"
	[ -s "$TMPD/$bed.lint" ] && diag "$(head -20 "$TMPD/$bed.lint")"
	on_bed "$bed" "$BENCHTOP" metrics --with-node-figures --openmetrics > "$out.om" 2>&1 &&
	"$DEBIAN_PY" -c '
import sys
from prometheus_client.openmetrics.parser import text_string_to_metric_families
n = sum(len(f.samples) for f in text_string_to_metric_families(open(sys.argv[1]).read()))
sys.exit(n == 0)' "$out.om" > "$TMPD/$bed.omerr" 2>&1
	check $? "$bed: --openmetrics parses as OpenMetrics"
	[ -s "$TMPD/$bed.omerr" ] && diag "$(tail -3 "$TMPD/$bed.omerr")"
	python3 "$top_srcdir/tests/integration/metricsnorm.py" \
		"$TESTBEDS/$bed" < "$out" > "$TMPD/$bed.norm"
	if [ -n "${METRICS_GOLDEN_UPDATE:-}" ]; then
		cp "$TMPD/$bed.norm" "$GOLD/metrics-$bed.prom"
	fi
	diff -u "$GOLD/metrics-$bed.prom" "$TMPD/$bed.norm" > "$TMPD/diff"
	check $? "$bed: output as in tests/data/golden/metrics-$bed.prom"
	[ -s "$TMPD/diff" ] && diag "$(head -30 "$TMPD/diff")"
done

# What a fleet query needs is there on the XU4 (not only "some output").
X=$TMPD/odroid-xu4.prom
grep -qx 'benchtop_chain_info{device="sda",kind="block",usb_device="4-1",usb_driver="uas",usb_speed="5000M",bridge="ASMedia ASM1051E/ASM1053E/ASM1153E",controller="xhci-hcd.2.auto",irq="150",action="xhci-hcd:usb3"} 1' "$X" &&
	grep -qx 'benchtop_chain_irq_cpu{device="sda",irq="150"} 2' "$X"
check $? "xu4: sda's chain: uas at 5000M, IRQ 150 on CPU 2"
grep -qx 'benchtop_irq_interrupts_total{irq="150",action="xhci-hcd:usb3",cpu="2"} 132611' "$X" &&
grep -qx 'benchtop_irq_affinity_cpu{irq="150",cpu="2"} 1' "$X" &&
grep -qx 'benchtop_cpu_info{cpu="2",core="Cortex-A7",policy="0",role="little"} 1' "$X"
check $? "xu4: IRQ 150's 132611 interrupts on CPU 2, pinned there, a LITTLE Cortex-A7"
grep -q 'benchtop_usb_device_info{device="3-1",.*driver="usb-storage",speed="480M",capable_speed="5000M",uas="no",uas_capable="yes"' "$TMPD/odroid-hc1-480m.prom"
check $? "hc1: the UAS-capable SuperSpeed bridge runs usb-storage at 480M"

# By default what node_exporter's default collectors export is left out
# (disks, interfaces, frequencies, temperatures, cooling states), what it
# lacks stays; each group can be turned off.
on_bed odroid-xu4 "$BENCHTOP" metrics > "$TMPD/default.prom" 2>&1
node='^benchtop_(disk|network|cluster_(frequency|min|max|hardware_min|hardware_max)_hertz|thermal_zone_temperature|cooling_device)'
! grep -Eq "$node" "$TMPD/default.prom" &&
	grep -q '^benchtop_chain_info{device="sda"' "$TMPD/default.prom" &&
	grep -q '^benchtop_cluster_throttled{policy="4"} 0' "$TMPD/default.prom" &&
	grep -q '^benchtop_thermal_trip_celsius' "$TMPD/default.prom" &&
	grep -q '^benchtop_irq_interrupts_total{irq="150"' "$TMPD/default.prom"
check $? "xu4: by default no series node_exporter has ($(grep -vc '^#' "$TMPD/default.prom") series, $(grep -Evc "^#|$node" "$X") of them with --with-node-figures less theirs)"
[ "$(grep -vc '^#' "$TMPD/default.prom")" -eq "$(grep -Evc "^#|$node" "$X")" ]
check $? "xu4: the default is --with-node-figures less node_exporter's, nothing else lost"
on_bed odroid-xu4 "$BENCHTOP" metrics --with-node-figures --no-cpufreq --no-thermal > "$TMPD/off.prom" 2>&1
! grep -Eq '^benchtop_(cluster|thermal|cooling)_' "$TMPD/off.prom" &&
	grep -q '^benchtop_disk_read_bytes_total' "$TMPD/off.prom" &&
	grep -q '^benchtop_cpu_info{cpu="2",core="Cortex-A7"' "$TMPD/off.prom"
check $? "xu4: --no-cpufreq --no-thermal leave out the clusters, zones and cooling, and only those"
