#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Hotplug by uevent, not a timer: on the XU4 testbed without its USB disk
# (umockdev, tests/tui/hotplug_bed.py), 30 s of ticks open no file of the
# hardware model (USB, trip points, cooling types, cpuinfo, block queue)
# and read the governors at most every 10 s; then the disk is plugged in
# with umockdev's uevents and shows at the next tick (the overview's link,
# the USB screen), and unplugged: gone, said in one sentence, no crash.
# (LeakSanitizer cannot run under strace's ptrace: leaks are checked by
# the other screen tests.)
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v strace > /dev/null || { echo "1..0 # SKIP strace missing"; exit 0; }
/usr/bin/python3 -c 'import gi; gi.require_version("UMockdev", "1.0")' \
	2> /dev/null || { echo "1..0 # SKIP gir1.2-umockdev-1.0 missing"; exit 0; }
plan 10

bed="$TESTBEDS/odroid-xu4"
disk=/devices/platform/soc/12000000.dwc3/xhci-hcd.2.auto/usb4/4-1
tr="$TMPD/opens"
mkfifo "$TMPD/ctl"
start 80 24 "/usr/bin/python3 '$top_srcdir/tests/tui/hotplug_bed.py' --bed '$bed' --hold '$disk' --ctl '$TMPD/ctl' -- env LSAN_OPTIONS=detect_leaks=0 strace -f -qq -e trace=openat,open -o '$tr' '$BENCHTOP' -d 1"
wait_for '^big Cortex-A15 '
wait_for '^sda ' && ! screen | grep -Eq '^sda .*USB'
check $? "without the USB disk, sda (in /proc/diskstats) shows no USB link"

# 30 ticks with no uevent
sleep 2
n0=$(wc -l < "$tr")
sleep 30
n1=$(wc -l < "$tr")
sed -n "$((n0 + 1)),${n1}p" "$tr" > "$TMPD/quiet"
rescan=$(grep -Ec 'bus/usb/devices|/usb[0-9]/|/descriptors|trip_point_|cooling_device[0-9]+/type|/proc/cpuinfo|queue/(rotational|scheduler)|bus/pci' "$TMPD/quiet")
[ "$rescan" -eq 0 ]
check $? "30 s without a uevent: no hardware rescan ($rescan opens of the model's files)"
diag "opens in those 30 s: $((n1 - n0)), $(( (n1 - n0) / 30 )) a tick"
gov=$(grep -c 'policy[0-9]*/scaling_governor\|cpufreq/scaling_governor' "$TMPD/quiet")
[ "$gov" -ge 2 ] && [ "$gov" -le 8 ]
check $? "governors read every 10 s: $gov opens for 2 policies in 30 s"
cur=$(grep -c 'cpu4/cpufreq/scaling_cur_freq' "$TMPD/quiet")
[ "$cur" -ge 20 ]
check $? "the big cluster's scaling_cur_freq still read each tick ($cur)"

echo add > "$TMPD/ctl"
wait_for '^sda .*USB 5000M uas ASM' 4
check $? "plugged in (uevents): sda's USB link shows at the next tick"
keys d
wait_for '^ +4-1 +174c:55aa +5000M/5000M +uas +sda +[0-9]+ +ASM1153E ASMedia' 4
check $? "the USB screen lists 4-1, the ASMedia bridge, with sda on it"

echo remove > "$TMPD/ctl"
wait_for 'USB device 4-1 .*was removed' 4
check $? "unplugged: one sentence says USB device 4-1 was removed"
n=40
while screen | grep -Eq '^ +4-1 ' && [ "$n" -gt 0 ]; do
	sleep 0.1
	n=$((n - 1))
done
screen | grep -Eq '^Bus 4 ' && ! screen | grep -Eq '^ +4-1 '
check $? "4-1 is gone from the USB screen at the next tick"
keys q
wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ]
check $? "benchtop quits normally after the unplug (status $(cat "$TMPD/status" 2>/dev/null))"
[ "$(cat "$TMPD/status" 2>/dev/null)" = 0 ] || diag "$(screen)"

# No uevent socket (as nobody, umockdev's stand-in for the netlink socket
# cannot be bound): the USB screen says so in one sentence.
command -v setpriv > /dev/null || { skip "setpriv missing"; exit 0; }
cat > "$TMPD/nobody.sh" <<SH
exec "$UMOCKDEV_RUN" -d "$bed/usb.umockdev" -- sh -c '
cp -r "$bed/." "\$UMOCKDEV_DIR/" && chmod 755 "\$UMOCKDEV_DIR" &&
exec setpriv --reuid=65534 --regid=65534 --clear-groups "$BENCHTOP" -d 1'
SH
start 80 24 "sh '$TMPD/nobody.sh'"
wait_for '^big Cortex-A15 '
keys d
wait_for '^no hotplug messages \(.*\): devices are read again every 60 s' 5
check $? "without a uevent socket the USB screen says devices are read every 60 s"
