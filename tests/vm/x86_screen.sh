#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# VM lab, x86_64: the live screen at 80x24 on a pty in the guest (util-linux
# script), rendered on the host by tmux: a UAS disk on qemu-xhci (MSI-X)
# beside an EHCI. The overview's disk row, its chain view and a pin from
# the chain with p; the chain must show the xHCI's own vectors only.
# Guest side: tests/vm/x86_screen.guest.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/vm/lib.sh"

vm_ready || vm_skip_all
command -v tmux > /dev/null 2>&1 || { VM_SKIP="tmux is not installed"; vm_skip_all; }
command -v script > /dev/null 2>&1 || { VM_SKIP="script (util-linux) is not installed"; vm_skip_all; }

truncate -s 64M "$TMPD/uas.raw"
vm_initramfs "$TMPD/initrd" "$VM_DIR/x86_screen.guest" \
	xhci-pci ehci-pci uas sd_mod
RES=$TMPD/results
vm_boot "$TMPD/initrd" "$RES" \
	-device qemu-xhci,id=xhci \
	-device usb-ehci,id=ehci \
	-drive if=none,id=uas,file="$TMPD/uas.raw",format=raw \
	-device usb-uas,id=uasctl,bus=xhci.0 \
	-device scsi-hd,bus=uasctl.0,scsi-id=0,lun=0,drive=uas
booted=$?
check $booted "the guest booted, ran the scenario and powered off (${VM_SECONDS}s)"
[ "$booted" -eq 0 ] || vm_diag_boot "$RES"
S=$TMPD/s
vm_sections "$RES" "$S"
diag "sysfs in the guest:" "$(cat "$S/truth" 2> /dev/null)"
for f in overview chain pin_prompt pinned; do
	vm_screen "$S" "$f" > "$S/$f.txt" 2> /dev/null
	diag "the screen, $f:" "$(cat "$S/$f.txt")"
done
plan "$_tap_n"
