#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# VM lab, x86_64: xHCIs without MSI-X (nec-usb-xhci: qemu 7.2's qemu-xhci
# cannot turn MSI-X off, and the NEC model has no streams, so no UAS): one
# with MSI and MSI-X off (its legacy line) with a hub and a BOT disk
# behind it and a CDC Ethernet adapter, one on plain MSI with a BOT disk. Each chain
# must reach the device through the hub, and the vectors of THAT
# controller only; a pin of the legacy line must read back true after the
# next interrupt. Guest side: tests/vm/x86_legacy.guest.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/vm/lib.sh"

vm_ready || vm_skip_all

for _f in hub msi; do truncate -s 64M "$TMPD/$_f.raw"; done
vm_initramfs "$TMPD/initrd" "$VM_DIR/x86_legacy.guest" \
	xhci-pci usb-storage sd_mod cdc_ether
RES=$TMPD/results
vm_boot "$TMPD/initrd" "$RES" \
	-device nec-usb-xhci,id=lx,msi=off,msix=off \
	-device usb-hub,bus=lx.0,port=1 \
	-drive if=none,id=hubd,file="$TMPD/hub.raw",format=raw \
	-device usb-storage,bus=lx.0,port=1.1,drive=hubd \
	-netdev user,id=n0,restrict=on -device usb-net,bus=lx.0,port=2,netdev=n0 \
	-device nec-usb-xhci,id=mx,msi=on,msix=off \
	-drive if=none,id=msid,file="$TMPD/msi.raw",format=raw \
	-device usb-storage,bus=mx.0,drive=msid
booted=$?
check $booted "the guest booted, ran the scenario and powered off (${VM_SECONDS}s)"
[ "$booted" -eq 0 ] || vm_diag_boot "$RES"
S=$TMPD/s
vm_sections "$RES" "$S"
diag "sysfs in the guest:" "$(cat "$S/truth" 2> /dev/null)"
cc() { python3 "$VM_DIR/chaincheck.py" "$S" "$@"; }

hubd=$(sed -n 's/^dev=\([^ ]*\) .*driver=usb-storage.*mode=legacy.*/\1/p' "$S/truth" 2> /dev/null | head -1)
msid=$(sed -n 's/^dev=\([^ ]*\) .*driver=usb-storage.*mode=msi.*/\1/p' "$S/truth" 2> /dev/null | head -1)
unet=$(sed -n 's/^dev=\([^ ]*\) .*driver=cdc_ether.*/\1/p' "$S/truth" 2> /dev/null | head -1)
[ -n "$hubd" ] && [ -n "$msid" ] && [ -n "$unet" ] &&
	grep -q "^dev=$hubd .*usb=[0-9]*-[0-9]*\.[0-9]* .*mode=legacy" "$S/truth" &&
	grep -q "^dev=$msid .*mode=msi" "$S/truth"
check $? "sysfs shows the BOT disk behind the hub on the legacy xHCI ($hubd), the CDC NIC ($unet) and the BOT disk on the MSI xHCI ($msid)"

cc "$hubd" usb; check $? "$hubd: the chain names its USB device behind the hub, usb-storage and its speed"
cc "$hubd" pci; check $? "$hubd: the chain reaches the legacy xHCI's PCI function"
cc "$hubd" irqs; check $? "$hubd: the xHCI has no MSI: the chain's IRQ is its legacy line"
cc "$hubd" text; check $? "$hubd: the --once table's chain line names the same IRQ"
cc "$unet" usb; check $? "$unet: the chain names the CDC adapter's USB device, cdc_ether and its speed"
cc "$unet" pci; check $? "$unet: the chain reaches the legacy xHCI's PCI function"
cc "$unet" irqs; check $? "$unet: the chain's IRQ is the legacy xHCI's line"
a=$(sed -n 's/.*before=\([0-9]*\).*/\1/p' "$S/usbnet_irq" 2> /dev/null)
b=$(sed -n 's/after=\([0-9]*\)/\1/p' "$S/usbnet_after" 2> /dev/null)
[ -n "$a" ] && [ -n "$b" ] && [ "$b" -gt "$a" ]
check $? "$unet: that line's count grew with traffic (${a:-?} -> ${b:-?})"
cc "$msid" usb; check $? "$msid: the chain names its USB device, usb-storage and its speed"
cc "$msid" pci; check $? "$msid: the chain reaches the MSI xHCI's PCI function"
# on plain MSI the kernel makes the function's irq its MSI vector
cc "$msid" irqs; check $? "$msid: the chain's IRQ is the MSI xHCI's vector (msi_irqs), not another line"

# the vectors that fire: while the guest read each disk or pinged through
# the CDC NIC, the IRQ that grew most must be in its chain
for d in "$hubd" "$unet" "$msid"; do
	cc "$d" fires; check $? "$d: the IRQ that fired most for its traffic is in its chain"
done

diag "pin: $(cat "$S/pin_choice" 2> /dev/null)" \
	"benchtop set irq said: $(cat "$S/set_irq" 2> /dev/null)" \
	"after set: $(cat "$S/pin_set" 2> /dev/null)" \
	"after one read from the disk: $(cat "$S/pin_io" 2> /dev/null)"
irq=$(sed -n 's/^irq=\([0-9]*\) .*/\1/p' "$S/pin_choice" 2> /dev/null)
cpu=$(sed -n 's/.* cpu=\([0-9]*\) .*/\1/p' "$S/pin_choice" 2> /dev/null)
grep -q "effective_affinity_list=$cpu " "$S/pin_io" 2> /dev/null
check $? "IRQ $irq (IO-APIC): after the next interrupt the kernel's effective affinity is CPU $cpu"
# the pinned CPU's column of the IRQ's row grew with the traffic
cpu_col() { awk -v c="$cpu" '{ print $(c + 2) }' "$1" 2> /dev/null; }
a=$(cpu_col "$S/pin_rows_before") b=$(cpu_col "$S/pin_rows")
[ -n "$a" ] && [ -n "$b" ] && [ "$b" -gt "$a" ]
check $? "IRQ $irq: CPU $cpu's count of it grew after the pin (${a:-?} -> ${b:-?})"
! grep -q 'stays' "$S/set_irq" 2> /dev/null && [ -s "$S/set_irq" ]
check $? "IRQ $irq: benchtop's read-back does not call the pending move a refusal"
json "$S/json_after" "any(q['irq'] == $irq and q['affinity'] == '$cpu' for c in d['chain'] if c['dev'] == '$hubd' for q in c['irqs'])"
check $? "$hubd: after the traffic the chain shows IRQ $irq pinned to CPU $cpu"
plan "$_tap_n"
