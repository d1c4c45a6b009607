#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop set --persist` and `--unpersist` on the XU4 testbed: the unit
# and the udev rule are shown, then written (into folders of the test's
# own through BENCHTOP_SYSTEMD_DIR / BENCHTOP_UDEV_DIR; the default is
# /etc), the unit passes systemd-analyze verify, irqbalance is named, and
# --unpersist removes both.  An IRQ pin names its device (its action in
# /proc/interrupts), whose number the unit finds at boot: run on a kernel
# that numbers the device otherwise, the pin follows it; a pin no name
# finds alone is refused; a unit of an older benchtop (pins by number)
# still applies.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
[ "$(id -u)" = 0 ] || { echo "1..0 # SKIP the testbed's tunables need root"; exit 0; }
plan 17
BENCHTOP_SYSTEMD_DIR=$TMPD/systemd
BENCHTOP_UDEV_DIR=$TMPD/udev
XDG_CONFIG_HOME=$TMPD/config
export BENCHTOP_SYSTEMD_DIR BENCHTOP_UDEV_DIR XDG_CONFIG_HOME
mkdir "$BENCHTOP_SYSTEMD_DIR" "$BENCHTOP_UDEV_DIR"
UNIT=$BENCHTOP_SYSTEMD_DIR/benchtop-tuning.service
RULE=$BENCHTOP_UDEV_DIR/60-benchtop-tuning.rules

# run NAME SCRIPT [INTERRUPTS]: SCRIPT on the XU4 testbed (with that
# /proc/interrupts instead of its own), $O the output's prefix.
run() {
	"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
		cp -r "$1/odroid-xu4/." "$UMOCKDEV_DIR/" &&
		cp -r "$1/odroid-xu4-tune/." "$UMOCKDEV_DIR/" || exit 99
		[ -z "$5" ] || cp "$5" "$UMOCKDEV_DIR/proc/interrupts" || exit 99
		B=$2 D=$UMOCKDEV_DIR O=$3; eval "$4"' sh "$TESTBEDS" "$BENCHTOP" \
		"$TMPD/$1" "$2" "${3:-}"
}
# A kernel that numbers the two xHCI controllers the other way round.
sed -e 's/xhci-hcd:usb3$/xhci-hcd:usbX/' -e 's/xhci-hcd:usb5$/xhci-hcd:usb3/' \
	-e 's/xhci-hcd:usbX$/xhci-hcd:usb5/' \
	"$TESTBEDS/odroid-xu4/proc/interrupts" > "$TMPD/swapped"
# ... and one where both are "xhci-hcd", as x86's are all "xhci_hcd".
sed 's/xhci-hcd:usb[35]$/xhci-hcd/' "$TESTBEDS/odroid-xu4/proc/interrupts" \
	> "$TMPD/alike"
# The unit's commands as systemd runs them at boot, in order; then the
# two IRQs' affinity.
BOOT='sed -n "s/^ExecStart=-\{0,1\}//p" "$U" > "$O.sh" && sh "$O.sh" \
	> "$O.out" 2>&1; echo $? > "$O.rc"
	for i in 150 151; do echo "$i $(cat "$D/proc/irq/$i/smp_affinity_list")"
	done > "$O.irqs"'

# A process named irqbalance, as the daemon's comm reads.
cp "$(command -v sleep)" "$TMPD/irqbalance"
"$TMPD/irqbalance" 60 &
ib=$!
trap 'kill $ib 2> /dev/null; rm -rf "$TMPD"' EXIT

run keep '$B set --persist irq 151=big governor=performance --cluster 4 \
	min=1.4GHz scheduler sda=bfq > $O.out 2> $O.err; echo $? > $O.rc'
[ "$(cat "$TMPD/keep.rc")" = 0 ] && [ -f "$UNIT" ] && [ -f "$RULE" ]
check $? "--persist: status 0, the unit and the rule are written"
grep -Eq '^ExecStart=/[^ ]*benchtop set irq "xhci-hcd:usb5=4-7"$' "$UNIT" &&
	grep -q "^ExecStart=/bin/sh -c 'echo performance > /sys/devices/system/cpu/cpufreq/policy4/scaling_governor'$" "$UNIT" &&
	grep -q "^ExecStart=-/bin/sh -c 'echo 1400000 > /sys/devices/system/cpu/cpufreq/policy4/scaling_min_freq'$" "$UNIT"
check $? "the unit sets the pin, the governor and the minimum at boot"
! grep -q '/proc/irq' "$UNIT"
check $? "the pin names IRQ 151's device (xhci-hcd:usb5), not its number"
grep -q '^Type=oneshot$' "$UNIT" && grep -q '^After=.*irqbalance.service' "$UNIT" &&
	grep -q '^WantedBy=multi-user.target$' "$UNIT"
check $? "a oneshot unit, after irqbalance, for multi-user.target"
grep -q '^ACTION=="add|change", SUBSYSTEM=="block", KERNEL=="sda", ATTR{queue/scheduler}="bfq"$' "$RULE" &&
	! grep -q scheduler "$UNIT"
check $? "the disk's scheduler goes in the udev rule, not the unit"
# Shown before it is written: the path, then the text, in the output.
awk -v u="Writing $UNIT:" '$0 == u { s = 1; next } s && /^ExecStart=/ { print "ok"; exit }' "$TMPD/keep.out" | grep -q ok
check $? "the output shows the unit's path and text"
grep -Eq "^benchtop set: irqbalance runs \(pid [0-9]+\) and will move IRQ 151 again after boot" "$TMPD/keep.err"
check $? "irqbalance is named: it would undo the pin at boot"
if command -v systemd-analyze > /dev/null; then
	systemd-analyze verify "$UNIT" > "$TMPD/verify.out" 2>&1
	check $? "systemd-analyze verify accepts the unit"
	[ ! -s "$TMPD/verify.out" ]
	check $? "... without a warning"
else
	skip "systemd-analyze missing"
	skip "systemd-analyze missing"
fi
kill $ib 2> /dev/null
cp "$UNIT" "$TMPD/named.service"
U=$TMPD/named.service
export U
run boot "$BOOT" "$TMPD/swapped"
[ "$(cat "$TMPD/boot.rc")" = 0 ] && grep -qx '150 4-7' "$TMPD/boot.irqs" &&
	grep -qx '151 7' "$TMPD/boot.irqs"
check $? "at boot on a kernel that gives xhci-hcd:usb5 IRQ 150: 150 is pinned, 151 left alone"
[ $? = 0 ] || diag "$(cat "$TMPD/boot.out" "$TMPD/boot.irqs")"

"$BENCHTOP" set --unpersist > "$TMPD/un.out" 2>&1
[ $? = 0 ] && [ ! -e "$UNIT" ] && [ ! -e "$RULE" ] &&
	grep -q "^Removed $UNIT$" "$TMPD/un.out" && grep -q "^Removed $RULE$" "$TMPD/un.out"
check $? "--unpersist removes the unit and the rule, and says so"
"$BENCHTOP" set --unpersist > "$TMPD/un2.out" 2>&1
[ $? = 0 ] && grep -q '^Nothing to remove' "$TMPD/un2.out"
check $? "--unpersist again: nothing to remove, status 0"

# set irq NAME=CPUS: a name no IRQ has, or one several IRQs have.
run names '$B set irq nosuch=4-7 > $O.out 2> $O.err1; echo $? > $O.rc1' \
	"$TMPD/alike"
run names2 '$B set irq xhci-hcd=4-7 > $O.out 2> $O.err; echo $? > $O.rc' \
	"$TMPD/alike"
[ "$(cat "$TMPD/names.rc1")" = 1 ] && [ "$(cat "$TMPD/names2.rc")" = 1 ] &&
	grep -qx "benchtop set: no IRQ in /proc/interrupts is held by 'nosuch'" "$TMPD/names.err1" &&
	grep -qx "benchtop set: 'xhci-hcd' holds IRQs 150 and 151: give the number instead" "$TMPD/names2.err"
check $? "set irq NAME=CPUS: a name no IRQ has, or two have: status 1, one sentence"
[ $? = 0 ] || diag "$(cat "$TMPD/names.err1" "$TMPD/names2.err")"

# A pin no device name finds alone: refused, nothing written.
run alike '$B set --persist irq 151=big > $O.out 2> $O.err; echo $? > $O.rc' \
	"$TMPD/alike"
[ "$(cat "$TMPD/alike.rc")" = 1 ] && [ ! -e "$UNIT" ] && [ ! -e "$RULE" ] &&
	[ "$(grep -vc irqbalance "$TMPD/alike.err")" = 1 ] &&
	grep -q "^benchtop set: IRQ 151 is held by no device /proc/interrupts names alone, so it is not kept across reboots" "$TMPD/alike.err"
st=$?	# (an irqbalance of the machine's, or of another test's, is warned of too)
check $st "--persist of a pin whose device no name finds alone: status 1, one sentence, no file"
[ $st = 0 ] || diag "$(cat "$TMPD/alike.err")"

# A unit an older benchtop wrote pins by number: it still applies, and
# --unpersist removes it.
cat > "$UNIT" << 'EOF'
# Written by benchtop on 2026-11-02 10:00 UTC: the tunings to set at boot.
[Unit]
Description=benchtop: tunings kept across reboots (governors, limits, IRQs)
After=sysinit.target systemd-modules-load.service irqbalance.service

[Service]
Type=oneshot
RemainAfterExit=yes
ExecStart=/bin/sh -c 'echo 4-7 > /proc/irq/151/smp_affinity_list'

[Install]
WantedBy=multi-user.target
EOF
U=$UNIT
run old "$BOOT"
[ "$(cat "$TMPD/old.rc")" = 0 ] && grep -qx '151 4-7' "$TMPD/old.irqs" &&
	"$BENCHTOP" set --unpersist > /dev/null 2>&1 && [ ! -e "$UNIT" ]
check $? "an older unit that pins IRQ 151 by number still pins it; --unpersist removes it"

# A failed setting writes nothing.
run failed '$B set --persist irq 150=9 > $O.out 2> $O.err; echo $? > $O.rc'
[ "$(cat "$TMPD/failed.rc")" = 1 ] && [ ! -e "$UNIT" ] && [ ! -e "$RULE" ]
check $? "--persist with a failed setting: status 1, no file written"
"$BENCHTOP" set --unpersist irq 151=big > /dev/null 2> "$TMPD/bad.err"
[ $? = 2 ] && [ "$(wc -l < "$TMPD/bad.err")" = 1 ]
check $? "--unpersist with settings: status 2, one sentence"
