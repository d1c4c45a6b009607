#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# VM lab, x86_64: hotplug while the live screen runs. The guest asks the
# host (tests/vm/monitor.py on QEMU's monitor) to plug a USB disk
# (usb-storage) and a USB NIC (CDC) into the xHCI and to take them out,
# then to take out a virtio-net whose IRQ `benchtop set` had pinned. The
# rows, the USB screen and the chain come and go without a restart; the
# journal's entry for the vanished IRQ is said plainly.
# Guest side: tests/vm/x86_hotplug.guest.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/vm/lib.sh"

vm_ready || vm_skip_all
command -v tmux > /dev/null 2>&1 || { VM_SKIP="tmux is not installed"; vm_skip_all; }
command -v script > /dev/null 2>&1 || { VM_SKIP="script (util-linux) is not installed"; vm_skip_all; }

truncate -s 64M "$TMPD/uas.raw" "$TMPD/hot.raw"
HOT_DISK=$TMPD/hot.raw
export HOT_DISK
vm_initramfs "$TMPD/initrd" "$VM_DIR/x86_hotplug.guest" \
	xhci-pci uas usb-storage sd_mod cdc_ether virtio_pci virtio_net
RES=$TMPD/results
VM_MONITOR=1 vm_boot "$TMPD/initrd" "$RES" \
	-device qemu-xhci,id=xhci \
	-drive if=none,id=uas,file="$TMPD/uas.raw",format=raw \
	-device usb-uas,id=uasctl,bus=xhci.0 \
	-device scsi-hd,bus=uasctl.0,scsi-id=0,lun=0,drive=uas \
	-netdev user,id=n1,restrict=on,net=10.0.3.0/24 \
	-device virtio-net-pci,id=vnet,netdev=n1
booted=$?
check $booted "the guest booted, ran the scenario and powered off (${VM_SECONDS}s)"
[ "$booted" -eq 0 ] || vm_diag_boot "$RES"
diag "the monitor:" "$(cat "$RES.monitor" 2> /dev/null)"
grep -v '^=== ' "$RES" | grep '^vm: ' | sed 's/^/# /'
S=$TMPD/s
vm_sections "$RES" "$S"
for f in main_before usb_before main_plugged usb_plugged main_removed main_unplugged \
	usb_unplugged main_vnet_gone; do
	vm_screen "$S" "$f" > "$S/$f.txt" 2> /dev/null
	diag "the screen, $f:" "$(cat "$S/$f.txt")"
done
diag "sysfs in the guest, plugged:" "$(cat "$S/truth" 2> /dev/null)"
diag "restore:" "$(cat "$S/restore" 2> /dev/null)"
cc() { python3 "$VM_DIR/chaincheck.py" "$S" "$@"; }
row() { grep -q "$2" "$S/$1.txt" 2> /dev/null; }

hot=$(sed -n 's/^disk=\([^ ]*\) .*/\1/p' "$S/plugged" 2> /dev/null)
unet=$(sed -n 's/.* if=\(.*\)/\1/p' "$S/plugged" 2> /dev/null)
[ -n "$hot" ] && [ -n "$unet" ] && ! grep -q ' -> .*[Ee]rror' "$RES.monitor"
check $? "QEMU took the plugs (device_add) and the guest's kernel made the disk ($hot) and the interface ($unet)"

# plugged: the rows come without a restart, with their link
row main_plugged "^$hot .*USB 5000M usb-storage" &&
	row main_plugged "^$unet .*USB 12M cdc_ether"
check $? "the overview gains the plugged disk and interface, each with its USB link"
row usb_plugged "^  2-[0-9]* .* usb-storage $hot " &&
	row usb_plugged "^  1-[0-9]* .* cdc_ether *$unet "
check $? "the USB screen gains the plugged disk's and NIC's devices"
cc "$hot" usb _plugged && cc "$hot" irqs _plugged
check $? "$hot (plugged): its chain names its USB device and ends at the xHCI's own vectors"
cc "$unet" usb _plugged && cc "$unet" irqs _plugged
check $? "$unet (plugged): its chain names its USB device and ends at the xHCI's own vectors"

# unplugged: the rows go, the others stay, the screen says what went
! row main_unplugged "^$hot " && ! row main_unplugged "^$unet " &&
	row main_unplugged '^sda .*USB 5000M uas'
check $? "the overview drops the unplugged disk and interface and keeps sda"
row main_removed '^\(USB device .*\|disk \|network interface \).* was removed$'
check $? "the overview says which device was removed"
! row usb_unplugged 'usb-storage' && ! row usb_unplugged 'cdc_ether' &&
	row usb_unplugged '^  2-[0-9]* .* uas  *sda '
check $? "the USB screen drops the unplugged devices and keeps the UAS disk's"

# the virtio-net whose IRQ was pinned goes: its row and its IRQ
vpci=$(sed -n 's/.* pci=\([^ ]*\) .*/\1/p' "$S/vnet" 2> /dev/null)
virq=$(sed -n 's/.* irq=\([0-9]*\) .*/\1/p' "$S/vnet" 2> /dev/null)
grep -q "^IRQ $virq: affinity" "$S/set_vnet" 2> /dev/null
check $? "benchtop set pinned the virtio-net's IRQ $virq"
[ -n "$vpci" ] && ! row main_vnet_gone "PCIe $vpci"
check $? "the overview drops the virtio-net ($vpci) once QEMU takes it out"
! grep -qE "^ *$virq:" "$S/interrupts" 2> /dev/null
check $? "its IRQ $virq is gone from the guest's /proc/interrupts"
# the journal's entry for the vanished IRQ is said plainly, and is no
# failure: nothing of it is left in force
grep -qx "IRQ $virq is gone: its device was removed after the change, so nothing is left to put back" "$S/restore" 2> /dev/null &&
	grep -qx 'exit=0' "$S/restore"
check $? "set --restore says IRQ $virq is gone with its device, and exits 0"
plan "$_tap_n"
