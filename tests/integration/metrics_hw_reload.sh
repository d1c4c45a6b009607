#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop metrics --listen` keeps the hardware model between scrapes (on
# the Odroid XU4 testbed): five scrapes read the whole model once, yet a
# governor written by `benchtop set` shows at the next scrape, and the
# tuning (its journal) reads the whole model again (the chains' IRQ counts
# in between: test_chain).  Devices: with the kernel's hotplug messages
# (umockdev's uevents: tests/tui/hotplug_bed.py) a USB disk plugged in
# and out reads it whole again at the next scrape and a folder that
# changes without a message does not; without them (as nobody: no
# socket) the server says so and a network interface's folder that comes
# reads it whole.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/integration/metricslib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
/usr/bin/python3 -c 'import gi; gi.require_version("UMockdev", "1.0")' \
	2> /dev/null || { echo "1..0 # SKIP gir1.2-umockdev-1.0 missing"; exit 0; }
plan 12
P=$(free_port)
# scrape N (sourced in each testbed): /metrics of the server at $P into $O.N
SCRAPE=$TMPD/scrape.sh
cat > "$SCRAPE" <<'SH'
scrape() {
	python3 -c "import sys, urllib.request
sys.stdout.write(urllib.request.urlopen(sys.argv[1], timeout=20).read().decode())" \
		"http://127.0.0.1:$P/metrics" > "$O.$1" 2>&1
}
SH
export P SCRAPE

# In one testbed: the server, then scrapes into $O.N, with changes
# between them (the testbed's files are $UMOCKDEV_DIR's).
"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
	cp -r "$1/odroid-xu4/." "$UMOCKDEV_DIR/" &&
	cp -r "$1/odroid-xu4-tune/." "$UMOCKDEV_DIR/" || exit 99
	B=$2 O=$3
	"$B" metrics --listen "127.0.0.1:$P" --min-interval 0 \
		2> "$O.err" & S=$!
	. "$SCRAPE"
	i=0
	until scrape 0 || [ $i -ge 100 ]; do sleep 0.2; i=$((i + 1)); done
	for n in 1 2 3 4 5; do scrape $n; done
	"$B" set governor=performance --cluster 4 > "$O.set" 2>&1
	scrape 6
	scrape 7
	# a network interface folder comes, without a hotplug message
	mkdir -p "$UMOCKDEV_DIR/sys/class/net/usb9"
	scrape 8
	# IRQ 150 named anew (a driver that asks for it again, with no
	# hotplug message: a NIC at link-up)
	sed -i "s/xhci-hcd:usb3\$/newdrv-q0/" "$UMOCKDEV_DIR/proc/interrupts"
	scrape 9
	scrape 10
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
[ "$(val benchtop_metrics_hardware_reads_total 8)" = 2 ]
check $? "with hotplug messages, a folder in /sys/class/net that comes without one does not read it whole ($(val benchtop_metrics_hardware_reads_total 8))"
chain() { grep '^benchtop_chain_info{device="sda"' "$TMPD/m.$1" | grep -o 'irq="[^"]*",action="[^"]*"'; }
[ "$(chain 8)" = 'irq="150",action="xhci-hcd:usb3"' ] && [ "$(chain 9)" = 'irq="",action=""' ] &&
	[ "$(val benchtop_metrics_hardware_reads_total 9)" = 3 ] && [ "$(val benchtop_metrics_hardware_reads_total 10)" = 3 ]
check $? "IRQ 150 named anew in /proc/interrupts: the next scrape read the model again (once) and sda's chain no longer names it ($(chain 9))"
! grep -q hotplug "$TMPD/m.err"
check $? "... and the server says nothing of hotplug ($(cat "$TMPD/m.err"))"

P=$(free_port)
# A USB disk plugged in and out (uevents), the XU4's ASMedia bridge at 4-1.
disk=/devices/platform/soc/12000000.dwc3/xhci-hcd.2.auto/usb4/4-1
mkfifo "$TMPD/ctl"
/usr/bin/python3 "$top_srcdir/tests/tui/hotplug_bed.py" --bed "$TESTBEDS/odroid-xu4" \
	--hold "$disk" --ctl "$TMPD/ctl" -- sh -c '
	B=$1 O=$2 C=$3
	"$B" metrics --listen "127.0.0.1:$P" --min-interval 0 \
		2> "$O.err" & S=$!
	. "$SCRAPE"
	reads() { sed -n "s/^benchtop_metrics_hardware_reads_total //p" "$O.$1"; }
	# scrape N: until the model was read whole more than at the last
	# (the message goes from the FIFO to the socket within 0.2 s)
	until_read() {
		before=$(reads $(($1 - 1))) i=0
		scrape $1
		while [ "$(reads $1)" = "$before" ] && [ $i -lt 50 ]; do
			sleep 0.2; scrape $1; i=$((i + 1))
		done
	}
	# scrape N: until the count held for a second (a device comes as
	# several messages, one per sysfs device, sent one after another)
	settle() {
		i=0 prev=$(reads $(($1 - 1)))
		scrape $1
		while [ "$(reads $1)" != "$prev" ] && [ $i -lt 20 ]; do
			prev=$(reads $1); sleep 1; scrape $1; i=$((i + 1))
		done
	}
	i=0
	until scrape 0 || [ $i -ge 100 ]; do sleep 0.2; i=$((i + 1)); done
	scrape 1; scrape 2
	echo add > "$C"
	until_read 3
	settle 4
	sleep 1; scrape 5
	echo remove > "$C"
	until_read 6
	settle 7
	sleep 1; scrape 8
	kill $S; wait $S' sh "$BENCHTOP" "$TMPD/h" "$TMPD/ctl"

hval() { sed -n "s/^$1 \([0-9]*\)\$/\1/p" "$TMPD/h.$2"; }
usb41() { grep -c '^benchtop_usb_device_info{device="4-1"' "$TMPD/h.$1"; }
[ "$(hval benchtop_metrics_hardware_reads_total 2)" = 1 ] && [ "$(usb41 2)" = 0 ]
check $? "without the USB disk: 3 scrapes, the model read whole once, no device at 4-1"
r() { hval benchtop_metrics_hardware_reads_total "$1"; }
[ "$(r 3)" -ge 2 ] && [ "$(usb41 4)" = 1 ] && [ "$(r 5)" = "$(r 4)" ]
st=$?; [ $st = 0 ] || diag "$(grep -h 'hardware_reads_total \|device="4-1"' "$TMPD/h.3" "$TMPD/h.4" "$TMPD/h.5")"
check $st "plugged in (uevents): a scrape read it whole again ($(r 2) -> $(r 3), $(r 4) once its messages were in) and shows the device at 4-1, and a second later no more ($(r 5))"
[ "$(r 6)" -gt "$(r 5)" ] && [ "$(usb41 7)" = 0 ] && [ "$(r 8)" = "$(r 7)" ]
check $? "unplugged: read whole again ($(r 5) -> $(r 6), $(r 7)), 4-1 gone, then no more ($(r 8))"

P=$(free_port)
# No uevent socket: as nobody, umockdev's stand-in for the netlink
# socket cannot be bound.
if ! command -v setpriv > /dev/null; then
	skip_rest "setpriv missing"
	exit 0
fi
"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
	cp -r "$1/odroid-xu4/." "$UMOCKDEV_DIR/" && chmod 755 "$UMOCKDEV_DIR" || exit 99
	B=$2 O=$3
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$B" metrics --listen "127.0.0.1:$P" --min-interval 0 \
		2> "$O.err" & S=$!
	. "$SCRAPE"
	i=0
	until scrape 0 || [ $i -ge 100 ]; do sleep 0.2; i=$((i + 1)); done
	scrape 1
	mkdir -p "$UMOCKDEV_DIR/sys/class/net/usb9"
	scrape 2
	kill $S; wait $S' sh "$TESTBEDS" "$BENCHTOP" "$TMPD/n"
grep -q '^benchtop metrics: no hotplug messages (.*): the device folders are looked at each reading and the hardware read whole every 60 s$' "$TMPD/n.err"
st=$?; [ $st = 0 ] || diag "$(cat "$TMPD/n.err")"
check $st "without a hotplug socket the server says so in one sentence"
nval() { sed -n "s/^$1 \([0-9]*\)\$/\1/p" "$TMPD/n.$2"; }
[ "$(nval benchtop_metrics_hardware_reads_total 1)" = 1 ] &&
	[ "$(nval benchtop_metrics_hardware_reads_total 2)" = 2 ]
check $? "... and a network interface that came (its folder) read it whole again ($(nval benchtop_metrics_hardware_reads_total 1), $(nval benchtop_metrics_hardware_reads_total 2))"
