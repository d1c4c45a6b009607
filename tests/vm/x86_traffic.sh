#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# VM lab, x86_64: the live rates against the tools' own figures, within
# 3 %. A usb-storage disk on qemu-xhci that QEMU's block throttle holds at
# 4 MiB/s, read with dd while benchtop --once takes a 6 s window; the
# xHCI's vector pinned to CPU 1 takes the disk's interrupts there. A
# virtio-net on a tap in a network namespace the test makes, shaped by
# tbf to 20 Mbit/s, and stock iperf3 serving from that namespace (-R: the
# host sends): the guest's receive rate against iperf3's. (TCP through
# the tbf under TCG comes out 4-8 % below the shaper's rate, so the
# network's truth is iperf3's own figure, not the tbf's.)
# Guest side: tests/vm/x86_traffic.guest.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/vm/lib.sh"

vm_ready || vm_skip_all
command -v iperf3 > /dev/null 2>&1 || { VM_SKIP="iperf3 is not installed"; vm_skip_all; }
[ "$(id -u)" = 0 ] || { VM_SKIP="the tap and its namespace need root"; vm_skip_all; }
NS=benchtop-vm-$$
ip netns add "$NS" 2> /dev/null || { VM_SKIP="no network namespaces here (ip netns add failed)"; vm_skip_all; }
trap 'ip netns pids "$NS" 2> /dev/null | xargs -r kill 2> /dev/null; ip netns del "$NS" 2> /dev/null; rm -rf "$TMPD"' EXIT
in_ns() { ip netns exec "$NS" "$@"; }
in_ns ip tuntap add dev tap0 mode tap &&
	in_ns ip addr add 10.0.5.1/24 dev tap0 &&
	in_ns ip link set tap0 up && in_ns ip link set lo up &&
	in_ns tc qdisc add dev tap0 root tbf rate 20mbit burst 5000 latency 50ms ||
	{ VM_SKIP="the namespace's tap or tbf could not be made"; vm_skip_all; }
in_ns iperf3 -s -B 10.0.5.1 -p 5201 > "$TMPD/iperf3.log" 2>&1 &

truncate -s 64M "$TMPD/bot.raw"
vm_initramfs "$TMPD/initrd" "$VM_DIR/x86_traffic.guest" \
	xhci-pci usb-storage sd_mod virtio_pci virtio_net
RES=$TMPD/results
MiB=1048576
VM_NETNS=$NS vm_boot "$TMPD/initrd" "$RES" \
	-device qemu-xhci,id=xhci \
	-drive if=none,id=bot,file="$TMPD/bot.raw",format=raw,throttling.bps-read=$((4 * MiB)) \
	-device usb-storage,bus=xhci.0,drive=bot \
	-netdev tap,id=t0,ifname=tap0,script=no,downscript=no \
	-device virtio-net-pci,netdev=t0
booted=$?
check $booted "the guest booted, ran the scenario and powered off (${VM_SECONDS}s)"
[ "$booted" -eq 0 ] || vm_diag_boot "$RES"
grep '^vm: ' "$RES" | sed 's/^/# /'
S=$TMPD/s
vm_sections "$RES" "$S"
for f in pin_xhci dd iperf_err net_if; do diag "$f:" "$(cat "$S/$f" 2> /dev/null)"; done

# py SECTION EXPR: EXPR over the section's JSON (d), printed; 1 on error
py() {
	python3 - "$S/$1" "$2" <<'PY'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
    print(eval(sys.argv[2], {"d": d}))
except Exception as e:
    print("# %s: %r" % (sys.argv[1], e))
    sys.exit(1)
PY
}
# within A B PCT: A is B within PCT %
within() { awk -v a="$1" -v b="$2" -v p="$3" 'BEGIN { exit !(b > 0 && a / b >= 1 - p / 100 && a / b <= 1 + p / 100) }'; }

# the disk: dd's bytes over its time by the guest's clock
dd_bps=$(awk -F'[ =]' '/^bytes=/ { if ($6 > $4) printf "%.0f\n", $2 / ($6 - $4) }' "$S/dd" 2> /dev/null)
disk=$(sed -n 's/^disk=//p' "$S/pin_xhci" 2> /dev/null)
live=$(py disk_json '[x["read_bytes_per_s"] for x in d["disks"] if x["name"].startswith("sd")][0]')
diag "the disk: dd ${dd_bps:-?} B/s, benchtop's window ${live:-?} B/s, QEMU's throttle $((4 * MiB)) B/s"
within "$live" $((4 * MiB)) 3 && within "$live" "$dd_bps" 3
check $? "the disk's live read rate is dd's and QEMU's throttle's 4 MiB/s within 3 %"
irq=$(sed -n 's/^irq=//p' "$S/pin_xhci" 2> /dev/null)
grep -q "^IRQ $irq: affinity 1" "$S/pin_xhci" 2> /dev/null
check $? "benchtop set pinned the xHCI's vector $irq to CPU 1"
on1=$(py disk_json "[(x['per_cpu_per_s'].get('1', 0), x['rate_per_s']) for x in d['irqs'] if x['key'] == '$irq'][0]")
diag "IRQ $irq in the disk's window (on CPU 1, on all): $on1"
echo "$on1" | awk -F'[(), ]+' '{ exit !($2 > 10 && $2 == $3) }'
check $? "IRQ $irq's live rate is all on CPU 1, where it was pinned"

# the read-timing preset in the guest (2 s a phase): QEMU's throttle is a
# leaky bucket that holds a tenth of a second of its rate, full after the
# cached phase (no disk reads): the buffered phase may gain that, 5 % of
# 2 s; the O_DIRECT phase follows it on an empty bucket
bt_b=$(py bench_json '[f["value"] for f in d["figures"] if f["name"] == "buffered disk reads"][0]')
bt_d=$(py bench_json '[f["value"] for f in d["figures"] if f["name"] == "O_DIRECT disk reads"][0]')
diag "read-timing in the guest: buffered ${bt_b:-?} MiB/s, O_DIRECT ${bt_d:-?} MiB/s (throttle 4 MiB/s)"
within "$bt_d" 4 3 &&
	awk -v v="$bt_b" 'BEGIN { exit !(v >= 4 * 0.97 && v <= 4 * 1.05 * 1.03) }'
check $? "benchtop bench read-timing on the guest's USB disk: O_DIRECT 4 MiB/s within 3 %, buffered within the bucket's 5 % more and 3 %"

# the network: iperf3's receiver figure is TCP's goodput; the interface
# counts whole frames: 1514 bytes on the wire carry 1448 of payload
ip_mbps=$(py iperf '[f["value"] for f in d["figures"] if f["name"] == "receiver"][0]')
vif=$(sed -n 's/^if=//p' "$S/net_if" 2> /dev/null)
rx=$(py net_json "[x['rx_bytes_per_s'] for x in d['net'] if x['name'] == '$vif'][0]")
rx_mbps=$(awk -v r="$rx" 'BEGIN { printf "%.2f\n", r * 8 / 1e6 }')
want=$(awk -v m="$ip_mbps" 'BEGIN { printf "%.2f\n", m * 1514 / 1448 }')
diag "the network: iperf3's receiver ${ip_mbps:-?} Mbit/s (${want} on the wire), benchtop's window on $vif ${rx_mbps} Mbit/s, tbf 20 Mbit/s"
within "$rx_mbps" "$want" 3
check $? "the interface's live receive rate is iperf3's receiver figure (as frames on the wire) within 3 %"
plan "$_tap_n"
