#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# usb_chain: the USB screen as a person uses it (issue 13, defect 3): a
# selection over its device rows (j k, Home End, PgUp PgDn, a click), each
# row naming the disk or interface on the device and the CPU that takes
# its controller's interrupts, Enter opening the chain of the device's
# disk or interface, or of the device itself when it has none, and p
# pinning that IRQ from there. On the XU4 and HC1 testbeds at 80x24; a
# feeder fires IRQ 150 (sda's xHCI) 2000 times and IRQ 151 (eth0's) 500
# times a second (read within a few percent: a loaded machine samples late) on the first CPU of their smp_affinity_list.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
[ "$(id -u)" = 0 ] || { echo "1..0 # SKIP pinning needs root"; exit 0; }
plan 35
feed=""
trap 'test -n "$feed" && kill $feed 2> /dev/null; $TMUXC kill-server > /dev/null 2>&1; rm -rf "$TMPD"' EXIT
FEEDER=$top_srcdir/tests/tui/feeder.py
# run BED: benchtop on BED at 80x24 with the feeder going.
run() {
	[ -z "$feed" ] || kill $feed
	start 80 24 "$(bed_cmd "$1" '-d 0.5')"
	wait_for '^CLUSTER' 30 > /dev/null || exit 1
	python3 "$FEEDER" "$(cat "$TMPD/udir")" irq:150:2000 irq:151:500 &
	feed=$!
}
# The X10 mouse report of a press and a release at column $1, line $2
# (0-based), as htop_keys.sh sends them.
click() {
	_xy="$(printf '%b%b' "\\$(printf %03o $(($1 + 33)))" \
		"\\$(printf %03o $(($2 + 33)))")"
	keys -l "$(printf '\033[M %s\033[M#%s' "$_xy" "$_xy")"
}
line() { screen | grep -n -m1 -E -- "$1" | cut -d: -f1 | awk '{ print $1 - 1 }'; }

track_captures
run odroid-xu4
keys d
wait_for '^  PORT +VID:PID +SPEED/CAPABLE +DRIVER +DISK/NET +CPU +DEVICE' 20
check $? "XU4, d: the USB screen's columns name DISK/NET and CPU"
wait_for '^  4-1 +174c:55aa +5000M/5000M +uas +sda +2 +ASM1153E ASMedia$' 20
check $? "4-1: the ASMedia bridge on uas at 5000M holds sda, CPU 2 takes its IRQ"
screen | grep -Eq '^  6-1 +0bda:8153 +5000M/5000M +r8152 +eth0 +7 +RTL8153 Realtek$'
check $? "6-1: the RTL8153 on r8152 is eth0, CPU 7 takes its IRQ"
screen | grep -q '^4-1 (sda): Enter shows its chain, p pins IRQ 150$'
check $? "the first device is selected, and the line below says what Enter and p do"
keys j
wait_for '^6-1 \(eth0\): Enter shows its chain, p pins IRQ 151$' 10
check $? "j selects 6-1 (eth0)"
keys k
wait_for '^4-1 \(sda\)' 10 && keys End && wait_for '^6-1 \(eth0\)' 10 &&
	keys Home && wait_for '^4-1 \(sda\)' 10 &&
	keys NPage && wait_for '^6-1 \(eth0\)' 10 &&
	keys PPage && wait_for '^4-1 \(sda\)' 10
check $? "k, End, Home, PgDn, PgUp move the selection between 4-1 and 6-1"
click 3 "$(line '^  6-1 ')"
wait_for '^6-1 \(eth0\)' 10
check $? "a click on 6-1's row selects it"
keys Enter
wait_for '^CHAIN eth0  \(p pins its IRQ, Esc back\)' 10 &&
	wait_for '^  -> IRQ 151 xhci-hcd:usb5  (4[89][0-9]|5[01][0-9])/s  on CPU 7 \(affinity 7\)$' 20
check $? "Enter on 6-1: eth0's chain, IRQ 151 at 500/s taken by CPU 7"
screen | grep -q '^  -> USB 6-1  Realtek RTL8153 r8152 5000M$'
check $? "... through USB 6-1, the RTL8153 on r8152 at 5000M"
keys Escape
wait_for '^6-1 \(eth0\)' 10
check $? "Esc: back on the USB screen, 6-1 still selected"
keys k Enter
wait_for '^CHAIN sda ' 10 &&
	wait_for '^  -> IRQ 150 xhci-hcd:usb3  (1\.9|2\.0|2\.1)k/s  on CPU 2 \(affinity 2\)$' 20
check $? "Enter on 4-1: sda's chain, IRQ 150 at 2.0k/s on CPU 2"
kill $feed; feed=""
printable
check $? "XU4: every screen captured held printable text only"
keys q
wait_exit 10

# The HC1 after resume: usb-storage at 480M, IRQ 150 may go anywhere
# (0-7); the CPU that takes it is the one its counts grow on.
run odroid-hc1-480m
keys d
wait_for '^  3-1 +174c:55aa +480M/5000M +usb-storage +sda +0 +ASM1153E ASMedia$' 20
check $? "HC1: 3-1 on usb-storage at 480M (capable 5000M) holds sda; CPU 0 takes its IRQ"
screen | grep -q '^Bus 3  480M  xhci-hcd.2.auto (xhci-hcd)  IRQ 150 on CPU 0 (affinity 0-7)$'
check $? "... its bus names CPU 0, with the affinity 0-7 it may go to"
screen | grep -q '^ *! UAS-capable but running usb-storage (quirk u: IGNORE_UAS)$'
check $? "... and says why it runs usb-storage"
keys Enter
wait_for '^  -> USB 3-1  ASMedia ASM1051E/ASM1053E/ASM1153E usb-storage 480M$' 20 &&
	wait_for '^  -> IRQ 150 xhci-hcd:usb3  (1\.9|2\.0|2\.1)k/s  on CPU 0 \(affinity 0-7\)$' 20
check $? "Enter: sda's chain through usb-storage at 480M, IRQ 150 at 2.0k/s on CPU 0"
screen | grep -A2 '^  -> USB 3-1 ' | grep -q '^       ! UAS-capable but running usb-storage (quirk u: IGNORE_UAS)$' &&
	screen | grep -q '^       ! SuperSpeed device negotiated at 480M$'
check $? "... with what is wrong with that link under its USB hop"
kill $feed; feed=""
printable
check $? "HC1: every screen captured held printable text only"
keys q
wait_exit 10

# The same in German (issue 27, item 10): the two warnings are the
# catalogue's, on the USB screen and under the chain's USB hop.
utf8=
for l in C.UTF-8 C.utf8; do
	[ "$(LC_ALL=$l locale charmap 2> /dev/null)" = UTF-8 ] && utf8=$l && break
done
if command -v msgfmt > /dev/null && [ -n "$utf8" ]; then
	mkdir -p "$TMPD/locale/de/LC_MESSAGES"
	msgfmt -o "$TMPD/locale/de/LC_MESSAGES/benchtop.mo" "$top_srcdir/po/de.po"
	start 80 24 "export BENCHTOP_LOCALEDIR='$TMPD/locale' LANGUAGE=de LC_ALL=$utf8; $(bed_cmd odroid-hc1-480m '-d 0.5')"
	wait_for '^CLUSTER' 30 > /dev/null
	keys d
	wait_for '^ *! kann UAS, läuft aber mit usb-storage \(Quirk u: IGNORE_UAS\)$' 20
	check $? "HC1 in German: the USB screen's UAS warning is translated"
	! screen | grep -q 'UAS-capable\|negotiated'
	check $? "... and no English warning is left on it"
	keys Enter
	wait_for '^       ! SuperSpeed-Gerät nur mit 480M verbunden$' 20 &&
		screen | grep -q '^       ! kann UAS, läuft aber mit usb-storage (Quirk u: IGNORE_UAS)$'
	check $? "... and under the chain's USB hop, both warnings in German"
	keys q
	wait_exit 10
else
	skip "msgfmt or a UTF-8 locale missing"
	skip "msgfmt or a UTF-8 locale missing"
	skip "msgfmt or a UTF-8 locale missing"
fi

# A hub's worth: 20 more RTL8153s on bus 6 (6-2 .. 6-21, eth1 .. eth20),
# more rows than 80x24 holds: in port order, scrolled to the selection.
mkdir -p "$TMPD/beds/many"
cp -r "$TESTBEDS/odroid-xu4/." "$TMPD/beds/many/"
python3 - "$TESTBEDS/odroid-xu4/usb.umockdev" >> "$TMPD/beds/many/usb.umockdev" <<'PY'
import sys
blocks = open(sys.argv[1]).read().split("\n\n")
six = [b for b in blocks if "/usb6/6-1" in b]
out = []
for n in range(2, 22):
    for b in six:
        for a, z in (("6-1", "6-%d" % n), ("006/002", "006/%03d" % (n + 1)),
                     ("DEVNUM=002", "DEVNUM=%03d" % (n + 1)),
                     ("devnum=2", "devnum=%d" % (n + 1)),
                     ("devpath=1", "devpath=%d" % n),
                     ("eth0", "eth%d" % (n - 1)),
                     ("IFINDEX=3", "IFINDEX=%d" % (n + 2)),
                     ("ifindex=3", "ifindex=%d" % (n + 2))):
            b = b.replace(a, z)
        out.append(b)
print("\n\n" + "\n\n".join(out))
PY
TESTBEDS=$TMPD/beds run many
keys d End
wait_for '^6-21 \(eth20\): Enter shows its chain, p pins IRQ 151$' 20 &&
	screen | grep -Eq '^  6-21 +0bda:8153 .* eth20 '
check $? "22 devices: End selects the last, 6-21 (eth20), scrolled into view"

[ "$(screen | grep -o '^  6-[0-9]*' | tr -d ' ' | sort -t- -k2 -n | tr '\n' ' ')" = "$(screen | grep -o '^  6-[0-9]*' | tr -d ' ' | tr '\n' ' ')" ] &&
	screen | grep -q '^  6-9 ' && screen | grep -q '^  6-10 '
check $? "... the ports in the order of their numbers (6-9 before 6-10), as lsusb -t"
keys Home
wait_for '^4-1 \(sda\)' 10 && screen | grep -q '^Bus 1  480M'
check $? "Home: 4-1 selected, the list from its top (Bus 1)"
keys NPage
wait_for '^6-20 \(eth19\)' 10
check $? "PgDn: a page on, 6-20 (eth19)"
keys q
wait_exit 10

# The ASMedia enclosure with no disk in it: 4-1 is bound to uas but has
# no sda, so Enter shows the chain from the device, and p pins from it.
mkdir -p "$TMPD/beds/xu4-empty"
cp -r "$TESTBEDS/odroid-xu4/." "$TMPD/beds/xu4-empty/"
python3 - "$TESTBEDS/odroid-xu4/usb.umockdev" > "$TMPD/beds/xu4-empty/usb.umockdev" <<'PY'
import sys
blocks = open(sys.argv[1]).read().split("\n\n")
print("\n\n".join(b for b in blocks if "/4-1:1.0/host" not in b))
PY
TESTBEDS=$TMPD/beds run xu4-empty
u=$(cat "$TMPD/udir")
keys d
wait_for '^  4-1 +174c:55aa +5000M/5000M +uas +- +2 +ASM1153E ASMedia' 20
check $? "an empty enclosure: 4-1 on uas holds no disk (-), CPU 2 takes its IRQ"
wait_for '^4-1: Enter shows its chain, p pins IRQ 150$' 10
check $? "... the line below names no disk"
keys Enter
wait_for '^CHAIN 4-1  \(p pins its IRQ, Esc back\)' 10 &&
	wait_for '^4-1  ASMedia ASM1051E/ASM1053E/ASM1153E uas 5000M  \(no disk or interface on it\)$' 10
check $? "Enter: the chain from the device itself, 4-1 on uas at 5000M, no disk on it"
screen | grep -q '^  -> host controller xhci-hcd.2.auto$'
check $? "-> its host controller xhci-hcd.2.auto"
wait_for '^  -> IRQ 150 xhci-hcd:usb3  (1\.9|2\.0|2\.1)k/s  on CPU 2 \(affinity 2\)$' 20
check $? "-> IRQ 150 at 2.0k/s, taken by CPU 2"
keys p
wait_for 'Pin IRQ 150 to' 10 && screen | grep -q 'big cores (4-7)'
check $? "p on the device's chain offers IRQ 150 to the big cores (4-7)"
keys Enter
wait_for 'IRQ 150: affinity 4-7' 10 && [ "$(cat "$u/proc/irq/150/smp_affinity_list")" = 4-7 ]
check $? "Enter: the status line and the testbed's smp_affinity_list read 4-7"
wait_for '^  -> IRQ 150 xhci-hcd:usb3  (1\.9|2\.0|2\.1)k/s  on CPU 4 \(affinity 4-7\)$' 30
check $? "the chain follows: 2.0k/s now on big CPU 4"
keys Escape
wait_for '^  4-1 +174c:55aa +5000M/5000M +uas +- +4 +ASM1153E ASMedia' 20
check $? "Esc: the USB screen's CPU column reads 4 for 4-1"
kill $feed; feed=""
printable
check $? "the empty enclosure: every screen captured held printable text only"
keys q
wait_for 'keep them or restore' 10 > /dev/null && keys r
wait_exit 10
