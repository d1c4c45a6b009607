#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The BOS cache of the metrics service (issue 29): before Linux 6.7 sysfs
# has no bos_descriptors and only root may ask a device for its BOS, so
# the DynamicUser service left the capable speed empty.  On the HC1 bed
# of a 5.4 kernel (tests/testbeds/SOURCES.md; the XU4's SoC, its USB 3
# devices attached at 480M): `benchtop metrics --write-bos-cache`, as
# root with the devices answering (umockdev replaying usbmon captures),
# caches each BOS; benchtop as nobody then reads the capable speed from
# the cache, and a device plugged in again (another device number) does
# not take an old device's file.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null 2>&1 || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
[ "$(id -u)" -eq 0 ] || { echo "1..0 # SKIP root asks the devices, nobody reads"; exit 0; }
command -v setpriv > /dev/null || { echo "1..0 # SKIP setpriv missing"; exit 0; }
plan 8
BENCHTOP_DATADIR="$top_srcdir/data"
BENCHTOP_BOS_CACHE=$TMPD/bos
export BENCHTOP_DATADIR BENCHTOP_BOS_CACHE
chmod 755 "$TMPD"	# nobody reaches the cache
BED=$TESTBEDS/odroid-hc1-480m-5.4
X=/devices/platform/soc
D3=$X/12000000.dwc3/xhci-hcd.2.auto/usb3/3-1
D5=$X/12400000.dwc3/xhci-hcd.3.auto/usb5/5-1
for d in $D3 $D5; do
	python3 "$TESTBEDS/bospcap.py" "$TESTBEDS/odroid-hc1-480m/usb.umockdev" \
		"$d" "$TMPD/$(basename "$d").pcap" || echo "# bospcap.py failed"
done
nobody_paths	# copies nobody reaches when the clone is in /root
nobody="setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME=/nonexistent BENCHTOP_DATADIR=$NOBODY_DATADIR"

# as_root ARGS...: benchtop ARGS as root, the devices answering GET_DESCRIPTOR(BOS)
as_root() {
	"$UMOCKDEV_RUN" -d "$BED/usb.umockdev" -p "/sys$D3=$TMPD/3-1.pcap" \
		-p "/sys$D5=$TMPD/5-1.pcap" -- \
		sh -c 'cp -r "$0"/. "$UMOCKDEV_DIR"/ && exec "$@"' "$BED" \
		"$BENCHTOP" "$@"
}
# as_nobody ARGS...: benchtop ARGS as nobody, as the DynamicUser service runs
as_nobody() {
	"$UMOCKDEV_RUN" -d "$BED/usb.umockdev" -- sh -c '
		cp -r "$0"/. "$UMOCKDEV_DIR"/ && chmod -R go+rX "$UMOCKDEV_DIR" &&
		exec "$@"' "$BED" $nobody "$NOBODY_BENCHTOP" "$@"
}
capable() {	# capable METRICS-FILE DEVICE: its capable_speed label
	sed -n "s/^benchtop_usb_device_info{device=\"$2\".*capable_speed=\"\([^\"]*\)\".*/\1/p" "$1"
}

as_nobody metrics > "$TMPD/before.prom" 2> "$TMPD/before.err"
[ $? -eq 0 ] && [ -z "$(capable "$TMPD/before.prom" 3-1)" ] &&
	[ -z "$(capable "$TMPD/before.prom" 5-1)" ] &&
	grep -q '^benchtop_usb_device_info{device="3-1"' "$TMPD/before.prom"
check $? "without the cache, as nobody: capable speed empty for 3-1 and 5-1"
as_nobody metrics --write-bos-cache > "$TMPD/nb.out" 2> "$TMPD/nb.err"
[ $? -eq 1 ] && [ "$(wc -l < "$TMPD/nb.err")" -eq 1 ] &&
	grep -q '^benchtop metrics: --write-bos-cache needs root' "$TMPD/nb.err" &&
	[ ! -e "$BENCHTOP_BOS_CACHE" ]
check $? "--write-bos-cache as nobody: status 1, one sentence, nothing written"
[ $? -eq 0 ] || diag "$(cat "$TMPD/nb.err")"
as_root metrics --write-bos-cache > "$TMPD/root.out" 2> "$TMPD/root.err"
[ $? -eq 0 ] && grep -qx "benchtop metrics: 2 BOS descriptors cached in $BENCHTOP_BOS_CACHE" "$TMPD/root.out" &&
	[ "$(ls "$BENCHTOP_BOS_CACHE" | wc -l)" -eq 2 ] &&
	[ "$(stat -c %a "$BENCHTOP_BOS_CACHE" "$BENCHTOP_BOS_CACHE"/*| sort -u | tr '\n' ' ')" = "644 755 " ]
check $? "--write-bos-cache as root: the two devices' BOS, files 0644 in a 0755 folder"
[ $? -eq 0 ] || diag "$(cat "$TMPD/root.out" "$TMPD/root.err"; ls -l "$BENCHTOP_BOS_CACHE")"
as_nobody metrics > "$TMPD/after.prom" 2> "$TMPD/after.err"
[ $? -eq 0 ] && [ "$(capable "$TMPD/after.prom" 3-1)" = 5000M ] &&
	[ "$(capable "$TMPD/after.prom" 5-1)" = 5000M ]
check $? "with the cache, as nobody: metrics say capable of 5000M"
J=$TMPD/once.json
as_nobody --once --json > "$J" 2> "$J.err"
dev() { echo "[x for x in d['usb']['devices'] if x['name'] == '$1'][0]"; }
json "$J" "$(dev 3-1)['capable_speed'] == '5000M' and $(dev 3-1)['capable_speed_from'] == 'cache' and 'capable_speed_note' not in $(dev 3-1) and $(dev 5-1)['capable_speed'] == '5000M'"
check $? "as nobody: --once --json reads it from the cache (capable_speed_from cache, no note)"
json "$J" "$(dev 3-1)['verdicts'] == ['UAS-capable but running usb-storage (quirk u: IGNORE_UAS)', 'SuperSpeed device negotiated at 480M'] and $(dev 5-1)['verdicts'] == ['SuperSpeed device negotiated at 480M']" &&
	valid "$J"
check $? "as nobody: the same verdicts as on a 6.7 kernel; the document validates"
# 3-1 plugged in again: another device number; the old file is not its
for f in "$BENCHTOP_BOS_CACHE"/003-*; do mv "$f" "$BENCHTOP_BOS_CACHE/003-099-${f##*/003-???-}"; done
as_nobody --once --json > "$J" 2> "$J.err"
json "$J" "'capable_speed' not in $(dev 3-1) or $(dev 3-1)['capable_speed'] is None" &&
	json "$J" "$(dev 3-1)['capable_speed_note'] == 'capable speed unknown (needs root or Linux 6.7)' and $(dev 5-1)['capable_speed'] == '5000M'"
check $? "a cache file of another device number is not read: 3-1 unknown again, 5-1 still 5000M"
grep -qx 'ExecStartPre=-+@bindir@/benchtop metrics --write-bos-cache' \
	"$top_srcdir/data/systemd/benchtop-metrics.service.in"
check $? "the metrics unit caches the BOS as root before it starts (ExecStartPre=-+)"
