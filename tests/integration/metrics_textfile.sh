#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop metrics --textfile DIR` on the XU4 testbed, read by the real
# node_exporter's textfile collector (prometheus-node-exporter, started
# here on 127.0.0.1 with only that collector): the file is replaced
# atomically, mode 0644, no temporary file stays, and node_exporter
# serves benchtop's series without a textfile error.  A folder that does
# not exist gives one sentence and leaves nothing behind.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/integration/metricslib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null 2>&1 || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 9

stop_all() {
	if [ -s "$TMPD/ne.pid" ]; then
		kill "$(cat "$TMPD/ne.pid")" 2> /dev/null
		i=0
		while kill -0 "$(cat "$TMPD/ne.pid")" 2> /dev/null && [ $i -lt 50 ]; do
			sleep 0.1; i=$((i + 1))
		done
		kill -9 "$(cat "$TMPD/ne.pid")" 2> /dev/null
	fi
	wait 2> /dev/null
	rm -rf "$TMPD"
}
trap stop_all EXIT

D=$TMPD/textfile
mkdir "$D"
on_bed odroid-xu4 "$BENCHTOP" metrics --textfile "$D" > "$TMPD/out" 2> "$TMPD/err"
check $? "benchtop metrics --textfile DIR exits 0"
[ ! -s "$TMPD/out" ] && [ "$(ls -A "$D")" = benchtop.prom ] &&
	[ "$(stat -c %a "$D/benchtop.prom")" = 644 ]
check $? "DIR holds benchtop.prom alone, mode 0644 (node_exporter runs as another user); nothing on stdout"
promtool check metrics < "$D/benchtop.prom" > /dev/null 2>&1 ||
	! command -v promtool > /dev/null
check $? "promtool accepts the file"
ino=$(stat -c %i "$D/benchtop.prom")
on_bed odroid-xu4 "$BENCHTOP" metrics --textfile "$D" 2>> "$TMPD/err"
[ "$(ls -A "$D")" = benchtop.prom ] && [ "$(stat -c %i "$D/benchtop.prom")" != "$ino" ]
check $? "a second run replaces the file by rename (a new inode), no temporary file left"

"$BENCHTOP" metrics --textfile "$TMPD/missing" > /dev/null 2> "$TMPD/err2"
[ $? -eq 1 ] && grep -qx "benchtop metrics: could not write $TMPD/missing/benchtop.prom: the folder: No such file or directory" "$TMPD/err2" &&
	[ ! -e "$TMPD/missing" ]
check $? "a missing folder: one sentence, status 1 ($(cat "$TMPD/err2"))"
"$BENCHTOP" metrics --textfile "$D" --openmetrics > /dev/null 2>&1
check $(($? != 2)) "--openmetrics with --textfile is refused (the collector reads text 0.0.4)"

if ! command -v prometheus-node-exporter > /dev/null 2>&1; then
	skip "prometheus-node-exporter missing"; skip "-"; skip "-"
	exit 0
fi
P=$(free_port)
sh -c 'echo $$ > "$0"; exec "$@"' "$TMPD/ne.pid" prometheus-node-exporter \
	--web.listen-address="127.0.0.1:$P" --collector.disable-defaults \
	--collector.textfile --collector.textfile.directory="$D" \
	> "$TMPD/ne.out" 2>&1 &
wait_http "http://127.0.0.1:$P/metrics" 30
check $? "node_exporter with the textfile collector answers on 127.0.0.1:$P"
python3 - "http://127.0.0.1:$P/metrics" > "$TMPD/ne.metrics" <<'PY'
import sys, urllib.request
sys.stdout.write(urllib.request.urlopen(sys.argv[1], timeout=10).read().decode())
PY
grep -qx 'node_textfile_scrape_error 0' "$TMPD/ne.metrics"
check $? "node_exporter read the file without an error"
grep -q '^benchtop_chain_info{action="xhci-hcd:usb3",bridge="ASMedia ASM1051E/ASM1053E/ASM1153E",controller="xhci-hcd.2.auto",device="sda",irq="150",kind="block",usb_device="4-1",usb_driver="uas",usb_speed="5000M"} 1$' "$TMPD/ne.metrics" &&
	grep -q '^benchtop_chain_irq_cpu{device="sda",irq="150"} 2$' "$TMPD/ne.metrics" &&
	grep -q '^benchtop_irq_interrupts_total{action="xhci-hcd:usb3",cpu="2",irq="150"} 132611$' "$TMPD/ne.metrics"
check $? "node_exporter serves benchtop's chain and IRQ counts"
if [ -s "$TMPD/ne.out" ]; then diag "node_exporter: $(grep -i -m3 'error\|warn' "$TMPD/ne.out")"; fi
