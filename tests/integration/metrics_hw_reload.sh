#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop metrics --listen` keeps the hardware model between scrapes (on
# the Odroid XU4 testbed): five scrapes read the whole model once, yet a
# governor written by `benchtop set` shows at the next scrape, the tuning
# (its journal) and a network interface that comes each read the whole
# model again (the chains' IRQ counts in between: test_chain).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/integration/metricslib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 5
P=$(free_port)
export P

# In one testbed: the server, then scrapes into $O.N, with changes
# between them (the testbed's files are $UMOCKDEV_DIR's).
"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
	cp -r "$1/odroid-xu4/." "$UMOCKDEV_DIR/" &&
	cp -r "$1/odroid-xu4-tune/." "$UMOCKDEV_DIR/" || exit 99
	B=$2 O=$3
	"$B" metrics --listen "127.0.0.1:$P" --min-interval 0 \
		2> "$O.err" & S=$!
	scrape() {
		python3 -c "import sys, urllib.request
sys.stdout.write(urllib.request.urlopen(sys.argv[1], timeout=20).read().decode())" \
			"http://127.0.0.1:$P/metrics" > "$O.$1" 2>&1
	}
	i=0
	until scrape 0 || [ $i -ge 100 ]; do sleep 0.2; i=$((i + 1)); done
	for n in 1 2 3 4 5; do scrape $n; done
	"$B" set governor=performance --cluster 4 > "$O.set" 2>&1
	scrape 6
	scrape 7
	# a network interface comes (a folder in /sys/class/net)
	mkdir -p "$UMOCKDEV_DIR/sys/class/net/usb9"
	scrape 8
	kill $S; wait $S' sh "$TESTBEDS" "$BENCHTOP" "$TMPD/m"

val() { sed -n "s/^$1 \\([0-9]*\\)\$/\\1/p" "$TMPD/m.$2"; }
[ "$(val benchtop_metrics_hardware_reads_total 5)" = 1 ] &&
	[ "$(val benchtop_metrics_reads_total 5)" -ge 6 ]
check $? "6 scrapes, $(val benchtop_metrics_reads_total 5) readings of the kernel files, the hardware model read whole once ($(val benchtop_metrics_hardware_reads_total 5))"
grep -q 'benchtop_chain_info{device="sda"' "$TMPD/m.5" &&
	grep -q '^benchtop_usb_device_info{' "$TMPD/m.5"
check $? "... and the chains and USB devices are still there at the 6th"
grep -q '^benchtop_cluster_governor_info{policy="4",governor="performance"} 1$' "$TMPD/m.6"
st=$?; [ $st = 0 ] || diag "$(cat "$TMPD/m.set")" "$(grep governor_info "$TMPD/m.6")"
check $st "a governor set by benchtop set shows at the next scrape"
[ "$(val benchtop_metrics_hardware_reads_total 6)" = 2 ] &&
	[ "$(val benchtop_metrics_hardware_reads_total 7)" = 2 ]
check $? "the tuning (its journal) read the model whole again, once ($(val benchtop_metrics_hardware_reads_total 6), $(val benchtop_metrics_hardware_reads_total 7))"
[ "$(val benchtop_metrics_hardware_reads_total 8)" = 3 ]
check $? "a network interface that came read it whole again ($(val benchtop_metrics_hardware_reads_total 8))"
