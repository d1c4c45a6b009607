#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# VM lab, x86_64: Debian's kernel under qemu with several controllers at
# once - a UAS and a BOT disk on qemu-xhci (MSI-X), a BOT disk on EHCI, a
# virtio-blk disk, an e1000 and a virtio-net NIC - and benchtop inside. Each chain must reach
# the device's USB device, driver, speed, controller and the vectors of
# THAT controller only; a pin of the xHCI's MSI-X vector must read back
# true after the next interrupt. Guest side: tests/vm/x86_mixed.guest.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/vm/lib.sh"

vm_ready || vm_skip_all

for _f in uas bot ehci vblk; do truncate -s 64M "$TMPD/$_f.raw"; done
vm_initramfs "$TMPD/initrd" "$VM_DIR/x86_mixed.guest" \
	xhci-pci ehci-pci uas usb-storage sd_mod e1000 virtio_pci virtio_net \
	virtio_blk
RES=$TMPD/results
vm_boot "$TMPD/initrd" "$RES" \
	-device qemu-xhci,id=xhci \
	-drive if=none,id=uas,file="$TMPD/uas.raw",format=raw \
	-device usb-uas,id=uasctl,bus=xhci.0 \
	-device scsi-hd,bus=uasctl.0,scsi-id=0,lun=0,drive=uas \
	-drive if=none,id=bot,file="$TMPD/bot.raw",format=raw \
	-device usb-storage,bus=xhci.0,drive=bot \
	-device usb-ehci,id=ehci \
	-drive if=none,id=ehd,file="$TMPD/ehci.raw",format=raw \
	-device usb-storage,bus=ehci.0,drive=ehd \
	-drive if=none,id=vblk,file="$TMPD/vblk.raw",format=raw \
	-device virtio-blk-pci,drive=vblk \
	-netdev user,id=n0,restrict=on -device e1000,netdev=n0 \
	-netdev user,id=n1,restrict=on,net=10.0.3.0/24 \
	-device virtio-net-pci,netdev=n1
booted=$?
check $booted "the guest booted, ran the scenario and powered off (${VM_SECONDS}s)"
[ "$booted" -eq 0 ] || vm_diag_boot "$RES"
S=$TMPD/s
vm_sections "$RES" "$S"
diag "sysfs in the guest:" "$(cat "$S/truth" 2> /dev/null)"

# dev_by KEY=VALUE: the first device whose truth line has KEY=VALUE.
dev_by() { sed -n "s/^dev=\([^ ]*\) .*\b$1\b.*/\1/p" "$S/truth" 2> /dev/null | head -1; }
cc() { python3 "$VM_DIR/chaincheck.py" "$S" "$@"; }

uas=$(dev_by driver=uas)
bot=$(sed -n 's/^dev=\([^ ]*\) .*driver=usb-storage.*mode=msi.*/\1/p' "$S/truth" 2> /dev/null | head -1)
ehd=$(sed -n 's/^dev=\([^ ]*\) .*driver=usb-storage.*mode=legacy.*/\1/p' "$S/truth" 2> /dev/null | head -1)
eth=$(dev_by driver=e1000)
vnet=$(dev_by driver=virtio_net)
[ -n "$uas" ] && [ -n "$bot" ] && [ -n "$ehd" ] && [ -n "$eth" ] && [ -n "$vnet" ]
check $? "sysfs shows the UAS ($uas) and BOT ($bot) disks on the xHCI, the BOT disk on EHCI ($ehd), the e1000 ($eth) and the virtio-net ($vnet)"

# the disks: USB device, driver and speed; controller; its own vectors
cc "$uas" usb; check $? "$uas: the chain names its USB device, uas and its speed"
cc "$uas" pci; check $? "$uas: the chain reaches the xHCI's PCI function"
# defect 1 (issue 25): the xHCI runs on MSI-X but the chain also lists its
# legacy irq, which is another controller's (EHCI's) line
cc "$uas" irqs; check $? "$uas: the chain's IRQs are the xHCI's MSI-X vectors (msi_irqs), not its legacy line"
# the PCI list names the xHCI's vectors, not the legacy line it leaves
xpci=$(sed -n "s/^dev=$uas pci=\([^ ]*\) .*/\1/p" "$S/truth" 2> /dev/null)
xline=$(grep "^  $xpci " "$S/once" 2> /dev/null)
[ -n "$xpci" ] && echo "$xline" | grep -q '  MSI [0-9]' && ! echo "$xline" | grep -q '  IRQ [0-9]'
check $? "--once's PCI list: $xpci with its MSI-X vectors and no legacy IRQ (${xline##*driver })"
cc "$bot" usb; check $? "$bot: the chain names its USB device, usb-storage and its speed"
cc "$bot" irqs; check $? "$bot: the chain's IRQs are the xHCI's MSI-X vectors only"
cc "$ehd" usb; check $? "$ehd: the chain names its USB device on the EHCI, usb-storage, 480M"
cc "$ehd" pci; check $? "$ehd: the chain reaches the EHCI's PCI function"
cc "$ehd" irqs; check $? "$ehd: the EHCI has no MSI: the chain's IRQ is its legacy line"
cc "$ehd" text; check $? "$ehd: the --once table's chain line names the same IRQ"

# the NICs
cc "$eth" pci; check $? "$eth: the chain reaches the e1000's PCI function"
cc "$eth" irqs; check $? "$eth: the chain reaches the e1000's legacy line, the row named $eth"
cc "$eth" text; check $? "$eth: the --once table's chain line names the same IRQ"
# defect 2 (issue 25): before its interface is up the e1000 has asked for
# no IRQ at all (e1000_open does), and the chain blames the IRQ rows
down=$(awk -v d="$eth" '$1 == d && $2 == "->" { l = $0; getline n; print l " / " n }' "$S/once_down" 2> /dev/null)
diag "$eth before it is up: $down"
! echo "$down" | grep -q 'no IRQ row names this controller' && [ -n "$down" ]
check $? "$eth, interface down: the chain does not say 'no IRQ row names this controller' (no IRQ is asked for until it is up)"
a=$(sed -n 's/.*before=\([0-9]*\).*/\1/p' "$S/e1000_irq" 2> /dev/null)
b=$(sed -n 's/after=\([0-9]*\)/\1/p' "$S/e1000_after" 2> /dev/null)
[ -n "$a" ] && [ -n "$b" ] && [ "$b" -gt "$a" ]
check $? "$eth: its IRQ's count grew with traffic (${a:-?} -> ${b:-?}): that line is the one that fires for it"
cc "$vnet" pci; check $? "$vnet: the chain reaches the virtio-net's PCI function"
# defect 1 again: the virtio-net runs on MSI-X, its legacy irq is listed
cc "$vnet" irqs; check $? "$vnet: the chain's IRQs are the virtio-net's MSI-X vectors only"
cc "$vnet" virtio; check $? "$vnet: each of those rows is named after its own virtio device"

# without libpci (a board that lacks it) the vectors come from sysfs alone
if [ -s "$S/json_nolibpci" ]; then
	cc "$uas" irqs _nolibpci
	check $? "$uas, no libpci: the chain's IRQs are still the xHCI's MSI-X vectors"
	# the e1000's row is named after the interface: found by that name
	cc "$eth" irqs _nolibpci
	check $? "$eth, no libpci: the chain reaches the row named $eth, the e1000's line"
	cc "$vnet" irqs _nolibpci
	check $? "$vnet, no libpci: the chain's IRQs are the virtio-net's MSI-X vectors"
else
	skip "no libpci in the guest to take away"
	skip "no libpci in the guest to take away"
	skip "no libpci in the guest to take away"
fi

# the virtio-blk disk: its own PCI function, its own virtioN's vectors
vblk=$(dev_by driver=virtio_blk)
cc "$vblk" pci; check $? "$vblk: the chain reaches the virtio-blk's PCI function"
cc "$vblk" irqs; check $? "$vblk: the chain's IRQs are the virtio-blk's MSI-X vectors only"
cc "$vblk" virtio; check $? "$vblk: each of those rows is named after its own virtio device"

# the vectors that fire: while the guest read each disk or pinged through
# each NIC, the IRQ that grew most must be in its chain
for d in "$uas" "$bot" "$ehd" "$vblk" "$eth" "$vnet"; do
	cc "$d" fires; check $? "$d: the IRQ that fired most for its traffic is in its chain"
done

# the pin (set irq) and its read-back
diag "pin: $(cat "$S/pin_choice" 2> /dev/null)" \
	"benchtop set irq said: $(cat "$S/set_irq" 2> /dev/null)" \
	"after set: $(cat "$S/pin_set" 2> /dev/null)" \
	"after one read from the disk: $(cat "$S/pin_io" 2> /dev/null)"
irq=$(sed -n 's/^irq=\([0-9]*\) .*/\1/p' "$S/pin_choice" 2> /dev/null)
cpu=$(sed -n 's/.* cpu=\([0-9]*\) .*/\1/p' "$S/pin_choice" 2> /dev/null)
grep -q "effective_affinity_list=$cpu " "$S/pin_io" 2> /dev/null
check $? "IRQ $irq: after the next interrupt the kernel's effective affinity is CPU $cpu"
# the pinned CPU's column of the IRQ's row grew with the traffic
cpu_col() { awk -v c="$cpu" '{ print $(c + 2) }' "$1" 2> /dev/null; }
a=$(cpu_col "$S/pin_rows_before") b=$(cpu_col "$S/pin_rows")
[ -n "$a" ] && [ -n "$b" ] && [ "$b" -gt "$a" ]
check $? "IRQ $irq: CPU $cpu's count of it grew after the pin (${a:-?} -> ${b:-?})"
# defect 3 (issue 25): on x86 an MSI moves at its next interrupt, but the
# read-back says "the effective affinity stays ..." as if refused
! grep -q 'stays' "$S/set_irq" 2> /dev/null && [ -s "$S/set_irq" ]
check $? "IRQ $irq: benchtop's read-back does not call the pending move a refusal"
json "$S/json_after" "any(q['irq'] == $irq and q['affinity'] == '$cpu' for c in d['chain'] if c['dev'] == '$uas' for q in c['irqs'])"
check $? "$uas: after the traffic the chain shows IRQ $irq pinned to CPU $cpu"
diag "the chain after the traffic (its (CPU N) is the CPU that took most since boot):" \
	"$(grep "^ *$uas -> " "$S/once_after" 2> /dev/null)"
# a managed vector: the kernel refuses the pin (EIO), benchtop says so in
# one sentence and exits 1
diag "managed: $(cat "$S/managed_choice" 2> /dev/null)" \
	"benchtop set irq said: $(cat "$S/managed_set" 2> /dev/null)" \
	"before: $(cat "$S/managed_before" 2> /dev/null)" \
	"after: $(cat "$S/managed_after" 2> /dev/null)"
mirq=$(sed -n 's/^irq=\([0-9]*\) .*/\1/p' "$S/managed_choice" 2> /dev/null)
[ "$(cat "$S/managed_before" 2> /dev/null)" = "$(cat "$S/managed_after" 2> /dev/null)" ] &&
	[ -n "$mirq" ]
check $? "IRQ $mirq (managed, virtio-blk): the kernel kept its affinity"
grep -qx 'exit=1' "$S/managed_set" 2> /dev/null &&
	[ "$(grep -vc '^exit=' "$S/managed_set")" -eq 1 ]
check $? "IRQ $mirq: benchtop set irq exits 1 with one sentence"
plan "$_tap_n"
