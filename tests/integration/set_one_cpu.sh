#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# set_one_cpu: `benchtop set` names a cluster of one CPU "CPU 7", never
# "CPUs 7" (issue 27, item 15; the monitor's menus are
# tests/tui/scenarios/one_cpu_cluster.scn), in its outcome, its "skipped"
# line and its undo. The bed is the XU4 with CPU 7 on a cpufreq policy of
# its own (policy7, related_cpus 7; policy4 keeps 4-6), as a kernel shows
# a core with its own clock (the Cortex-X of a 1+3+4 phone SoC).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
[ "$(id -u)" = 0 ] || { echo "1..0 # SKIP the testbed's tunables need root"; exit 0; }
plan 4
XDG_CONFIG_HOME=$TMPD/config
export XDG_CONFIG_HOME

mkdir -p "$TMPD/beds"
cp -r "$TESTBEDS/odroid-xu4" "$TESTBEDS/odroid-xu4-tune" "$TMPD/beds/"
c=$TMPD/beds/odroid-xu4/sys/devices/system/cpu
cp -r "$c/cpufreq/policy4" "$c/cpufreq/policy7"
for f in related_cpus affected_cpus; do
	echo 4 5 6 > "$c/cpufreq/policy4/$f"
	echo 7 > "$c/cpufreq/policy7/$f"
done
rm "$c/cpu7/cpufreq"
ln -s ../cpufreq/policy7 "$c/cpu7/cpufreq"
TESTBEDS=$TMPD/beds

# shellcheck disable=SC2016
"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
	cp -r "$1/odroid-xu4/." "$UMOCKDEV_DIR/" &&
	cp -r "$1/odroid-xu4-tune/." "$UMOCKDEV_DIR/" || exit 99
	B=$2 D=$UMOCKDEV_DIR O=$3
	$B set governor=performance --cluster 7 > $O.out 2> $O.err
	$B set --undo > $O.undo 2>&1
	echo 0 > $D/sys/devices/system/cpu/cpu7/online
	echo 0-6 > $D/sys/devices/system/cpu/online
	$B set governor=powersave > $O.out2 2> $O.err2' sh "$TESTBEDS" \
	"$BENCHTOP" "$TMPD/set"
grep -qx 'CPU 7: governor ondemand -> performance, read back performance' "$TMPD/set.out"
st=$?; [ $st = 0 ] || diag "$(cat "$TMPD/set.out" "$TMPD/set.err")"
check $st "set governor=performance --cluster 7: 'CPU 7: governor ondemand -> performance'"
! grep -q 'CPUs 7\b' "$TMPD/set.undo" && grep -q 'CPU 7' "$TMPD/set.undo"
st=$?; [ $st = 0 ] || diag "$(cat "$TMPD/set.undo")"
check $st "set --undo names it 'CPU 7'"
grep -q '^benchtop set: policy7 (CPU 7) skipped: ' "$TMPD/set.err2"
st=$?; [ $st = 0 ] || diag "$(cat "$TMPD/set.out2" "$TMPD/set.err2")"
check $st "CPU 7 offline: 'policy7 (CPU 7) skipped'"
grep -q '^CPUs 4-6: governor ondemand -> powersave' "$TMPD/set.out2"
st=$?; [ $st = 0 ] || diag "$(cat "$TMPD/set.out2" "$TMPD/set.err2")"
check $st "... while the cluster of three stays 'CPUs 4-6'"
