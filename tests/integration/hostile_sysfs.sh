#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Out-of-range kernel numbers are errors, stated: a scaling_cur_freq of -5
# (or past 100 GHz) and a present list past the 1024 CPUs benchtop follows,
# on variants of the board testbeds made here.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 6
# variant BED NAME: a copy of testbed BED in $TMPD/NAME, for its changes.
variant() {
	cp -r "$TESTBEDS/$1" "$TMPD/$2"
}
# run_bed NAME ARGS...: benchtop ARGS under umockdev with variant NAME.
run_bed() {
	_b=$1; shift
	"$UMOCKDEV_RUN" -- sh -c 'cp -r "$0"/. "$UMOCKDEV_DIR"/ && exec "$@"' \
		"$TMPD/$_b" "$BENCHTOP" "$@"
}

variant odroid-xu4 neg
echo -5 > "$TMPD/neg/sys/devices/system/cpu/cpufreq/policy0/scaling_cur_freq"
run_bed neg --once --json > "$TMPD/neg.json" 2> /dev/null
json "$TMPD/neg.json" 'd["clusters"][0]["cur_khz"] is None and "scaling_cur_freq" in d["clusters"][0]["error"] and d["clusters"][1]["cur_khz"] == 2000000'
check $? "scaling_cur_freq -5: JSON cur_khz null with the error (not 9223372036854775807)"
run_bed neg --once > "$TMPD/neg.txt" 2> /dev/null
grep -q 'Cortex-A7  cpus 0-3  ondemand  ? MHz' "$TMPD/neg.txt" &&
	grep -q 'error: cpu0: scaling_cur_freq is not a number ("-5")' "$TMPD/neg.txt" &&
	! grep -q ' 0 MHz' "$TMPD/neg.txt"
check $? "and the text says '? MHz' and why, not '0 MHz'"

variant odroid-xu4 huge
echo 18446744073709551611 > "$TMPD/huge/sys/devices/system/cpu/cpufreq/policy4/scaling_cur_freq"
run_bed huge --once > "$TMPD/huge.txt" 2> /dev/null
grep -q 'error: cpu4: scaling_cur_freq holds 18446744073709551611, not a usable value' "$TMPD/huge.txt"
check $? "a frequency past 100 GHz is garbage, said so"

variant x86-vm many
for f in present online possible; do
	echo 0-4095 > "$TMPD/many/sys/devices/system/cpu/$f"
done
_i=2
while [ $_i -lt 4096 ]; do
	mkdir "$TMPD/many/sys/devices/system/cpu/cpu$_i"
	_i=$((_i + 1))
done
run_bed many --once > "$TMPD/many.txt" 2> /dev/null
grep -q 'CPUS     present 0-1023' "$TMPD/many.txt" &&
	grep -q 'error: CPUs past 1023 are not shown: /sys/devices/system/cpu/present lists more than the 1024 CPUs benchtop follows' "$TMPD/many.txt"
check $? "4096 CPUs: the text says plainly that CPUs past 1023 are not shown"
run_bed many --once --json > "$TMPD/many.json" 2> /dev/null
json "$TMPD/many.json" '"CPUs past 1023 are not shown" in d["cpu_topology"]["error"]'
check $? "and the JSON too"
run_bed many --once > /dev/null 2>&1
check $? "and --once still exits 0"
