#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop set --persist` and `--unpersist` on the XU4 testbed: the unit
# and the udev rule are shown, then written (into folders of the test's
# own through BENCHTOP_SYSTEMD_DIR / BENCHTOP_UDEV_DIR; the default is
# /etc), the unit passes systemd-analyze verify, irqbalance is named, and
# --unpersist removes both.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
[ "$(id -u)" = 0 ] || { echo "1..0 # SKIP the testbed's tunables need root"; exit 0; }
plan 12
BENCHTOP_SYSTEMD_DIR=$TMPD/systemd
BENCHTOP_UDEV_DIR=$TMPD/udev
XDG_CONFIG_HOME=$TMPD/config
export BENCHTOP_SYSTEMD_DIR BENCHTOP_UDEV_DIR XDG_CONFIG_HOME
mkdir "$BENCHTOP_SYSTEMD_DIR" "$BENCHTOP_UDEV_DIR"
UNIT=$BENCHTOP_SYSTEMD_DIR/benchtop-tuning.service
RULE=$BENCHTOP_UDEV_DIR/60-benchtop-tuning.rules

run() {
	"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
		cp -r "$1/odroid-xu4/." "$UMOCKDEV_DIR/" &&
		cp -r "$1/odroid-xu4-tune/." "$UMOCKDEV_DIR/" || exit 99
		B=$2 D=$UMOCKDEV_DIR O=$3; eval "$4"' sh "$TESTBEDS" "$BENCHTOP" \
		"$TMPD/$1" "$2"
}

# A process named irqbalance, as the daemon's comm reads.
cp "$(command -v sleep)" "$TMPD/irqbalance"
"$TMPD/irqbalance" 60 &
ib=$!
trap 'kill $ib 2> /dev/null; rm -rf "$TMPD"' EXIT

run keep '$B set --persist irq 151=big governor=performance --cluster 4 \
	min=1.4GHz scheduler sda=bfq > $O.out 2> $O.err; echo $? > $O.rc'
[ "$(cat "$TMPD/keep.rc")" = 0 ] && [ -f "$UNIT" ] && [ -f "$RULE" ]
check $? "--persist: status 0, the unit and the rule are written"
grep -q "^ExecStart=/bin/sh -c 'echo 4-7 > /proc/irq/151/smp_affinity_list'$" "$UNIT" &&
	grep -q "^ExecStart=/bin/sh -c 'echo performance > /sys/devices/system/cpu/cpufreq/policy4/scaling_governor'$" "$UNIT" &&
	grep -q "^ExecStart=-/bin/sh -c 'echo 1400000 > /sys/devices/system/cpu/cpufreq/policy4/scaling_min_freq'$" "$UNIT"
check $? "the unit sets the pin, the governor and the minimum at boot"
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

"$BENCHTOP" set --unpersist > "$TMPD/un.out" 2>&1
[ $? = 0 ] && [ ! -e "$UNIT" ] && [ ! -e "$RULE" ] &&
	grep -q "^Removed $UNIT$" "$TMPD/un.out" && grep -q "^Removed $RULE$" "$TMPD/un.out"
check $? "--unpersist removes the unit and the rule, and says so"
"$BENCHTOP" set --unpersist > "$TMPD/un2.out" 2>&1
[ $? = 0 ] && grep -q '^Nothing to remove' "$TMPD/un2.out"
check $? "--unpersist again: nothing to remove, status 0"

# A failed setting writes nothing.
run failed '$B set --persist irq 150=9 > $O.out 2> $O.err; echo $? > $O.rc'
[ "$(cat "$TMPD/failed.rc")" = 1 ] && [ ! -e "$UNIT" ] && [ ! -e "$RULE" ]
check $? "--persist with a failed setting: status 1, no file written"
"$BENCHTOP" set --unpersist irq 151=big > /dev/null 2> "$TMPD/bad.err"
[ $? = 2 ] && [ "$(wc -l < "$TMPD/bad.err")" = 1 ]
check $? "--unpersist with settings: status 2, one sentence"
