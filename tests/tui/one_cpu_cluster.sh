#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# one_cpu_cluster: a cluster of one CPU (a prime core, as on the arm64
# tri-cluster phones) is named in the singular: "Governor for CPU 7", not
# "CPUs 7" (issue 27 item 15). The XU4 testbed with CPU 7 given a cpufreq
# policy of its own (policy7), CPUs 4-6 keeping policy4.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 4
mkdir -p "$TMPD/beds" && cp -a "$TESTBEDS/odroid-xu4" "$TMPD/beds/prime"
c=$TMPD/beds/prime/sys/devices/system/cpu
cp -a "$c/cpufreq/policy4" "$c/cpufreq/policy7"
for f in related_cpus affected_cpus; do
	echo "4 5 6" > "$c/cpufreq/policy4/$f"
	echo 7 > "$c/cpufreq/policy7/$f"
done
rm "$c/cpu7/cpufreq" && ln -s ../cpufreq/policy7 "$c/cpu7/cpufreq"
TESTBEDS=$TMPD/beds
start 80 24 "$(bed_cmd prime '-d 0.5')"
wait_for '^big Cortex-A15 +7 +ondemand '
check $? "CPU 7 is a cluster row of its own"
keys j j g
wait_for 'Governor for CPU 7 \(now ondemand\)'
check $? "g on it: Governor for CPU 7 (singular)"
keys Escape
keys k g
wait_for 'Governor for CPUs 4-6 \(now ondemand\)'
check $? "g on the 4-6 cluster: Governor for CPUs 4-6"
keys Escape
keys q
wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ]
check $? "q quits with status 0"
