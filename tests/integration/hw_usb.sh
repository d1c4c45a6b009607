#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The USB/PCI/block part of the hardware model, through the real libusb and
# libpci under umockdev: uas vs usb-storage, negotiated and capable speeds,
# bridge names, and the chain from a disk or NIC to its IRQ and CPU.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null 2>&1 || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 46
BENCHTOP_DATADIR="$top_srcdir/data"
export BENCHTOP_DATADIR

# run BED FORMAT OUT [PREFIX...]: benchtop --once [--json] with BED's
# usb.umockdev loaded (PREFIX: a command that runs benchtop, e.g. setpriv).
# usb-malformed has a device that vanished between listing and reading: a
# dangling link in sys/bus/usb/devices, made at run time because `make
# dist` cannot carry a dangling link.
run() {
	_bin=$BENCHTOP
	[ -z "${4:-}" ] || _bin=$NOBODY_BENCHTOP
	"$UMOCKDEV_RUN" -d "$TESTBEDS/$1/usb.umockdev" -- sh -c '
		cp -r "$0"/. "$UMOCKDEV_DIR"/ || exit 1
		chmod -R go+rX "$UMOCKDEV_DIR"	# readable by nobody too
		case $0 in */usb-malformed)
			mkdir -p "$UMOCKDEV_DIR/sys/bus/usb/devices" && ln -s \
			../../../devices/pci0000:00/0000:00:14.0/usb2/2-9 \
			"$UMOCKDEV_DIR/sys/bus/usb/devices/2-9" ;; esac
		exec "$@"' "$TESTBEDS/$1" ${4:+$4} "$_bin" --once $2 > "$3" 2> "$3.err"
}

dev() { echo "[x for x in d['usb']['devices'] if x['name'] == '$1'][0]"; }
chain() { echo "[x for x in d['chain'] if x['dev'] == '$1'][0]"; }

# ---- ODROID-XU4: SSD on uas at 5000M, RTL8153 on the other xHCI --------
J=$TMPD/xu4.json T=$TMPD/xu4.txt
run odroid-xu4 --json "$J"; check $? "xu4: benchtop --once --json exits 0"
valid "$J"; check $? "xu4: the document validates against doc/schema/once.json"
json "$J" "$(dev 4-1)['driver'] == 'uas' and $(dev 4-1)['storage'] == {'bot': True, 'uas_capable': True, 'driver': 'uas'}"
check $? "xu4: 4-1 offers BOT and UAS and runs uas"
json "$J" "$(dev 4-1)['speed'] == '5000M' and $(dev 4-1)['capable_speed'] == '5000M' and $(dev 4-1)['libusb_speed'] == '5000M'"
check $? "xu4: 4-1 at 5000M (sysfs and libusb agree), capable of 5000M"
json "$J" "'ASM1153E' in $(dev 4-1)['bridge'] and $(dev 4-1)['id'] == '174c:55aa'"
check $? "xu4: 4-1 bridge chip named from usb-bridges.conf"
json "$J" "[a['class'] for a in $(dev 4-1)['alt_settings']] == ['08/06/50', '08/06/62'] and $(dev 4-1)['alt_settings_from'] == 'libusb'"
check $? "xu4: libusb lists the BOT and UAS alternate settings"
json "$J" "$(dev 4-1)['verdicts'] == [] and 'error' not in $(dev 4-1)"
check $? "xu4: no verdict and no error for a healthy uas link"
json "$J" "$(dev 6-1)['driver'] == 'r8152' and $(dev 6-1)['bridge'] == 'Realtek RTL8153' and $(dev 6-1)['controller'] == 'xhci-hcd.3.auto'"
check $? "xu4: RTL8153 on r8152 behind xhci-hcd.3.auto"
json "$J" "$(chain sda)['text'] == 'sda -> 4-1 ASMedia ASM1051E/ASM1053E/ASM1153E uas 5000M -> xhci-hcd.2.auto -> IRQ 150 -> CPU 2'"
check $? "xu4: sda chain reaches IRQ 150 on CPU 2"
json "$J" "$(chain sda)['irqs'][0]['affinity'] == '2' and $(chain sda)['irqs'][0]['action'] == 'xhci-hcd:usb3'"
check $? "xu4: sda's IRQ is xhci-hcd:usb3 with affinity 2"
json "$J" "$(chain eth0)['text'] == 'eth0 -> 6-1 Realtek RTL8153 r8152 5000M -> xhci-hcd.3.auto -> IRQ 151 -> CPU 7'"
check $? "xu4: eth0 chain reaches IRQ 151 on CPU 7"
json "$J" "$(chain eth0)['irqs'][0]['hwirq'] == '105' and $(chain eth0)['irqs'][0]['total'] == 7406634"
check $? "xu4: IRQ 151 is GIC hwirq 105 with 7406634 interrupts"
json "$J" "[b for b in d['block']['devices'] if b['name'] == 'sda'][0]['mounts'] == [{'part': 'sda1', 'mountpoint': '/mnt/ssd', 'fstype': 'ext4'}]"
check $? "xu4: sda1 mounted on /mnt/ssd"
json "$J" "[b['name'] for b in d['block']['devices']] == ['sda'] and d['block']['devices'][0]['rotational'] is True and d['block']['devices'][0]['scheduler'] == 'mq-deadline'"
check $? "xu4: one disk, rotational, mq-deadline"
json "$J" "[(b['bus'], b['speed'], b['controller']) for b in d['usb']['buses']][2:] == [(3, '480M', 'xhci-hcd.2.auto'), (4, '5000M', 'xhci-hcd.2.auto'), (5, '480M', 'xhci-hcd.3.auto'), (6, '5000M', 'xhci-hcd.3.auto')]"
check $? "xu4: xHCI root hubs and their controllers"
run odroid-xu4 "" "$T"; check $? "xu4: text output exits 0"
grep -q 'sda -> 4-1 .*ASM1153E uas 5000M -> xhci-hcd.2.auto -> IRQ 150 -> CPU 2' "$T"
check $? "xu4: text shows the sda chain"
grep -q '^      IRQ 150 hwirq 104 xhci-hcd:usb3: [0-9]* interrupts, 97% of them on CPU 2, affinity 2$' "$T"
check $? "xu4: its IRQ line names the chain's CPU and that CPU's share (97 %), not 'the busiest CPU'"

# ---- ODROID-HC1 after resume: everything at 480M, UAS ignored by quirk ----
J=$TMPD/hc1.json T=$TMPD/hc1.txt
run odroid-hc1-480m --json "$J"; check $? "hc1: benchtop --once --json exits 0"
valid "$J"; check $? "hc1: the document validates against doc/schema/once.json"
json "$J" "$(dev 3-1)['driver'] == 'usb-storage' and $(dev 3-1)['storage']['uas_capable'] and $(dev 3-1)['quirks'] == 'u' and $(dev 3-1)['quirk_names'] == ['IGNORE_UAS']"
check $? "hc1: 3-1 is UAS-capable, runs usb-storage, quirk u"
json "$J" "$(dev 3-1)['speed'] == '480M' and $(dev 3-1)['capable_speed'] == '5000M' and $(dev 3-1)['capable_speed_from'] == 'sysfs' and $(dev 3-1)['usb_version'] == '2.10'"
check $? "hc1: 3-1 negotiated 480M, capable of 5000M (BOS)"
json "$J" "$(dev 3-1)['verdicts'] == ['UAS-capable but running usb-storage (quirk u: IGNORE_UAS)', 'SuperSpeed device negotiated at 480M']"
check $? "hc1: both verdicts for the bridge"
json "$J" "$(dev 5-1)['verdicts'] == ['SuperSpeed device negotiated at 480M']"
check $? "hc1: the RTL8153 at 480M too"
json "$J" "$(chain sda)['text'].startswith('sda -> 3-1 ') and 'usb-storage 480M -> xhci-hcd.2.auto -> IRQ 150' in $(chain sda)['text']"
check $? "hc1: sda chain through usb-storage at 480M"
json "$J" "[b for b in d['block']['devices'] if b['name'] == 'sda'][0]['mounts'][0]['mountpoint'] == '/srv/dev-disk-by-label-My Disk'"
check $? "hc1: escaped space in the mount point"
run odroid-hc1-480m "" "$T"
grep -q '! UAS-capable but running usb-storage' "$T" && grep -q '! SuperSpeed device negotiated at 480M' "$T"
check $? "hc1: text shows the verdicts"

# ---- broken sysfs values: reported per device, the others still there ----
J=$TMPD/bad.json
run usb-malformed --json "$J"; check $? "malformed: benchtop exits 0"
json "$J" "$(dev 2-1)['capable_speed'] == '5000M' and $(dev 2-1)['storage']['bot'] and not $(dev 2-1)['storage']['uas_capable'] and 'error' not in $(dev 2-1)"
check $? "malformed: the good SanDisk is listed whole"
json "$J" "$(dev 2-2)['error'] == 'speed: empty' and $(dev 2-2)['speed'] is None"
check $? "malformed: empty speed file reported"
json "$J" "'idVendor: garbled value' in $(dev 1-3)['error'] and $(dev 1-3)['id'] == '0bda:8153'"
check $? "malformed: garbage idVendor reported, id from descriptors"
json "$J" "$(dev 2-3)['error'] == 'descriptors cut short, bytes: 80'"
check $? "malformed: descriptors cut short reported"
json "$J" "$(dev 2-9)['error'] == 'vanished while reading' and len(d['usb']['devices']) == 5"
check $? "malformed: vanished device reported, all five listed"

# ---- the same HC1 on Linux 5.4: no sysfs bos_descriptors (before 6.7) ----
# Without root benchtop cannot ask the device, and says so; as root it opens
# the device through libusb and asks for the BOS: first with nodes that
# cannot answer a control transfer (its own sentence), then with umockdev
# replaying the devices' answers (tests/testbeds/SOURCES.md).
nobody_paths
nobody="setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME=/nonexistent BENCHTOP_DATADIR=$NOBODY_DATADIR"
cap54="[($(dev 3-1)['capable_speed'], $(dev 3-1)['capable_speed_from'], $(dev 3-1).get('capable_speed_note')), ($(dev 5-1)['capable_speed'], $(dev 5-1).get('capable_speed_note'))]"
J=$TMPD/hc154.json
if [ "$(id -u)" -eq 0 ]; then
	run odroid-hc1-480m-5.4 --json "$J" "$nobody"
	check $? "hc1 on 5.4 as nobody: benchtop --once --json exits 0"
	json "$J" "$cap54 == [(None, None, 'capable speed unknown (needs root or Linux 6.7)'), (None, 'capable speed unknown (needs root or Linux 6.7)')]"
	check $? "hc1 on 5.4 as nobody: capable speed unknown (needs root or Linux 6.7)"
	json "$J" "$(dev 3-1)['verdicts'] == ['UAS-capable but running usb-storage (quirk u: IGNORE_UAS)'] and $(dev 5-1)['verdicts'] == []"
	check $? "hc1 on 5.4 as nobody: no 480M verdict guessed from bcdUSB 2.10"
	run odroid-hc1-480m-5.4 "" "$T" "$nobody" &&
		grep -q '^          capable speed unknown (needs root or Linux 6.7)$' "$T"
	check $? "hc1 on 5.4 as nobody: the text says so under the device"
	run odroid-hc1-480m-5.4 --json "$J"
	check $? "hc1 on 5.4 as root: benchtop --once --json exits 0"
	json "$J" "$cap54 == [(None, None, 'capable speed unknown: the device did not give its BOS descriptor (LIBUSB_ERROR_IO)'), (None, 'capable speed unknown: the device did not give its BOS descriptor (LIBUSB_ERROR_IO)')]"
	check $? "hc1 on 5.4 as root: libusb asked the device; its failure in one sentence"
	valid "$J"; check $? "hc1 on 5.4: the document validates against doc/schema/once.json"
	# Now the devices answer: umockdev replays a usbmon capture of each
	# one sending the BOS that sysfs shows on Linux >= 6.7.
	X=/devices/platform/soc
	for d in 12000000.dwc3/xhci-hcd.2.auto/usb3/3-1 12400000.dwc3/xhci-hcd.3.auto/usb5/5-1; do
		python3 "$TESTBEDS/bospcap.py" "$TESTBEDS/odroid-hc1-480m/usb.umockdev" \
			"$X/$d" "$TMPD/$(basename "$d").pcap" || echo "# bospcap.py failed"
	done
	"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-hc1-480m-5.4/usb.umockdev" \
		-p "/sys$X/12000000.dwc3/xhci-hcd.2.auto/usb3/3-1=$TMPD/3-1.pcap" \
		-p "/sys$X/12400000.dwc3/xhci-hcd.3.auto/usb5/5-1=$TMPD/5-1.pcap" -- \
		sh -c 'cp -r "$0"/. "$UMOCKDEV_DIR"/ && exec "$@"' \
		"$TESTBEDS/odroid-hc1-480m-5.4" "$BENCHTOP" --once --json > "$J" 2> "$J.err"
	check $? "hc1 on 5.4 as root, devices answering: benchtop --once --json exits 0"
	json "$J" "$cap54 == [('5000M', 'libusb', None), ('5000M', None)] and 'capable_speed_note' not in $(dev 3-1)"
	check $? "hc1 on 5.4 as root: libusb read the BOS from the device: capable of 5000M"
	json "$J" "$(dev 3-1)['verdicts'] == ['UAS-capable but running usb-storage (quirk u: IGNORE_UAS)', 'SuperSpeed device negotiated at 480M'] and $(dev 5-1)['verdicts'] == ['SuperSpeed device negotiated at 480M']"
	check $? "hc1 on 5.4 as root: the same verdicts as on a 6.7 kernel"
else
	for i in 1 2 3 4 5 6 7 8 9 10; do skip "the 5.4 testbed runs as root and as nobody"; done
fi

# ---- the bare x86 VM: no USB at all; PCI through libpci on the live host ----
J=$TMPD/x86.json
in_testbed x86-vm "$BENCHTOP" --once --json > "$J" 2> "$J.err"
json "$J" "d['usb']['devices'] == [] and d['usb']['note'] == 'no USB devices'"
check $? "x86-vm: no USB devices, said in words"
in_testbed x86-vm "$BENCHTOP" --once > "$TMPD/x86.txt" 2>&1 &&
	grep -q '^  no USB devices$' "$TMPD/x86.txt"
check $? "x86-vm: text says no USB devices"
"$BENCHTOP" --once --json > "$TMPD/live.json" 2> "$TMPD/live.err"
st=$?
n=$(ls /sys/bus/pci/devices 2>/dev/null | wc -l)
[ $st -eq 0 ] && json "$TMPD/live.json" "len(d['pci']['devices']) == $n"
check $? "live: exit 0 and libpci lists the $n PCI functions of /sys/bus/pci"
