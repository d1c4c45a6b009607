#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Run every libFuzzer target built in BUILDDIR/tests/fuzz for SECONDS each,
# JOBS at a time (one a core: a target is one process), seeded with the
# captured kernel files; TAP output, one test per target, in order.
# usage: tests/fuzz/run.sh BUILDDIR [SECONDS [JOBS]]
builddir=${1:?usage: run.sh BUILDDIR [SECONDS [JOBS]]}
secs=${2:-20}
jobs=${3:-$(nproc 2> /dev/null || echo 1)}
srcdir=$(cd "$(dirname "$0")/../.." && pwd)
seeds_for() {
	case $1 in
	fuzz_procstat) echo "$srcdir/tests/data/x86/proc_stat* $srcdir/tests/data/hostile/proc_stat*" ;;
	fuzz_interrupts) echo "$srcdir/tests/data/*/*interrupts*" ;;
	fuzz_diskstats) echo "$srcdir/tests/data/*/*diskstats*" ;;
	fuzz_netdev) echo "$srcdir/tests/data/*/*net_dev*" ;;
	fuzz_settings) echo "$srcdir/tests/data/config/*.conf" ;;
	fuzz_cpulist) echo "$srcdir/tests/data/irqaff/proc/irq/*/* $srcdir/tests/data/hostile/cpu_*" ;;
	fuzz_cpuinfo) echo "$srcdir/tests/data/*/*cpuinfo*" ;;
	fuzz_time_in_state) echo "$srcdir/tests/data/*/*time_in_state*" ;;
	fuzz_thermal) echo "$srcdir/tests/testbeds/odroid-xu4/sys/class/thermal/*/*temp*" ;;
	*) echo "$srcdir/tests/data/fuzz-seeds/$1/*" ;;
	esac
}
targets=$(ls "$builddir"/tests/fuzz/fuzz_* 2>/dev/null | grep -v '\.\([co]\|log\|tap\)$')
echo "1..$(echo "$targets" | grep -c .)"
# fuzz NAME TARGET N: one target for $secs s; its TAP line (and the tail of
# its log on a crash) into $builddir/tests/fuzz/NAME.tap.
fuzz() {
	corpus=$(mktemp -d)
	for f in $(seeds_for "$1"); do [ -f "$f" ] && cp "$f" "$corpus/"; done
	log="$builddir/tests/fuzz/$1.fuzz.log"
	if "$2" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
		-print_final_stats=1 "$corpus" > "$log" 2>&1; then
		runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
		echo "ok $3 - $1: no crash in ${secs} s (${runs:-?} runs)"
	else
		echo "not ok $3 - $1: crash or sanitizer report, see $log"
		tail -30 "$log" | sed 's/^/# /'
	fi > "$builddir/tests/fuzz/$1.tap"
	rm -rf "$corpus"
}
# $jobs targets at a time (each runs for a fixed time, so a batch ends
# together), their lines in order once all have run
n=0 batch=0
for t in $targets; do
	n=$((n + 1))
	fuzz "$(basename "$t")" "$t" "$n" &
	batch=$((batch + 1))
	[ "$batch" -lt "$jobs" ] || { wait; batch=0; }
done
wait
for t in $targets; do
	cat "$builddir/tests/fuzz/$(basename "$t").tap"
	rm -f "$builddir/tests/fuzz/$(basename "$t").tap"
done
