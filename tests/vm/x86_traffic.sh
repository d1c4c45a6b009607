#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# VM lab, x86_64: the live rates against the tools' own figures, within
# 3 %. A usb-storage disk on qemu-xhci that QEMU's block throttle holds at
# 4 MiB/s, read with dd while benchtop --once takes a 6 s window; the
# xHCI's vector pinned to CPU 1 takes the disk's interrupts there. A
# virtio-net on a tap in a network namespace the test makes, shaped by
# tbf to 20 Mbit/s, and stock iperf3 serving from that namespace (-R: the
# host sends): the bytes the guest's interface received in a window that
# holds the whole run against iperf3's. (TCP through the tbf under TCG
# comes out 1-8 % below the shaper's rate, so the network's truth is
# iperf3's own count, not the tbf's.)
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
for f in pin_xhci dd exp_err iperf_err net_if; do diag "$f:" "$(cat "$S/$f" 2> /dev/null)"; done

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

# the experiment in the guest: the disk's IRQ (the xHCI's five MSI-X
# vectors, of which one fires) on CPU 0 against CPU 1. x86 moves each at
# its next interrupt: a spare vector that never fires waits for ever, and
# is no refusal (the read-back called every run "did not take effect")
exp() { py exp_json "$1"; }
diag "the experiment's runs in effect: $(exp '[r["in_effect"] for r in d["runs"]]')" \
	"its verdicts: $(exp '[(f["name"], [c["verdict"] for c in f["comparisons"]]) for f in d["figures"]]')"
[ "$(exp 'len(d["runs"]) == 6 and all(r["in_effect"] for r in d["runs"])')" = True ]
check $? "experiment irq:$disk=0,1 in the guest: all 6 runs took their variant (a pending move is no refusal)"
[ "$(exp 'd["status"] == "ok" and d["restored"] and len(d["figures"]) == 3 and not any(c["verdict"] in ("higher", "lower") for f in d["figures"] for c in f["comparisons"])')" = True ] &&
	grep -q "smp_affinity_list=1 " "$S/exp_affinity"
check $? "it claims no difference that an IRQ's CPU cannot make on a throttled disk (3 runs a side: cannot tell), and puts IRQ $irq back on CPU 1"

# the network: benchtop's window holds the whole iperf3 run; the bytes
# the interface received in it (rate x window) are iperf3's received
# bytes as frames on the wire: 1514 bytes carry 1448 of TCP payload
ip_bytes=$(py iperf 'd["iperf_end"]["sum_received"]["bytes"]')
ip_mbps=$(py iperf '[f["value"] for f in d["figures"] if f["name"] == "receiver"][0]')
vif=$(sed -n 's/^if=//p' "$S/net_if" 2> /dev/null)
rx=$(py net_json "[x['rx_bytes_per_s'] * d['interval_s'] for x in d['net'] if x['name'] == '$vif'][0]")
want=$(awk -v b="$ip_bytes" 'BEGIN { printf "%.0f\n", b * 1514 / 1448 }')
diag "the network: iperf3 received ${ip_bytes:-?} bytes (${want} as frames; ${ip_mbps:-?} Mbit/s), benchtop's window on $vif ${rx:-?} bytes, tbf 20 Mbit/s"
within "$rx" "$want" 3
check $? "the interface's bytes in benchtop's window are iperf3's received bytes (as frames on the wire) within 3 %"
plan "$_tap_n"
