#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop set` on the Odroid XU4 testbed (umockdev): the writes land in
# the testbed's files, the sentences and exit statuses are what a script
# sees, the journal (--json) tells the truth about failures, and an
# unprivileged user changes nothing.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 24
XDG_CONFIG_HOME=$TMPD/config
export XDG_CONFIG_HOME

# run NAME SHELL-COMMANDS: in one testbed (odroid-xu4 + the odroid-xu4-tune
# overlay), $B the program, $D the testbed; output under $TMPD/NAME.*
run() {
	"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
		cp -r "$1/odroid-xu4/." "$UMOCKDEV_DIR/" &&
		cp -r "$1/odroid-xu4-tune/." "$UMOCKDEV_DIR/" || exit 99
		B=$2 D=$UMOCKDEV_DIR O=$3; eval "$4"' sh "$TESTBEDS" "$BENCHTOP" \
		"$TMPD/$1" "$2"
}
P4=sys/devices/system/cpu/cpufreq/policy4

run gov '$B set governor=performance --cluster 4 > $O.out 2> $O.err; echo $? > $O.rc
	cat $D/'$P4'/scaling_governor > $O.file
	cat $D/sys/devices/system/cpu/cpufreq/policy0/scaling_governor > $O.other'
[ "$(cat "$TMPD/gov.rc")" = 0 ] && [ "$(cat "$TMPD/gov.file")" = performance ]
check $? "governor=performance --cluster 4: status 0, policy4's file says performance"
grep -q '^CPUs 4-7: governor ondemand -> performance, read back performance$' "$TMPD/gov.out"
check $? "the sentence gives old, new and read-back value"
[ "$(cat "$TMPD/gov.other")" = ondemand ]
check $? "the other cluster is left alone"

# Limits: lowering across the current minimum writes min first, raising
# across the current maximum writes max first; every step keeps min <= max.
run freq '$B set min=1400MHz --cpu 5 > /dev/null; echo $? > $O.rc1
	$B set --cluster 4 --json min=200000 max=600000 > $O.down.json; echo $? > $O.rc2
	$B set --cluster 4 --json min=1.4GHz max=2GHz > $O.up.json; echo $? > $O.rc3
	echo $(cat $D/'$P4'/scaling_min_freq) $(cat $D/'$P4'/scaling_max_freq) > $O.file'
[ "$(cat "$TMPD/freq.rc1" "$TMPD/freq.rc2" "$TMPD/freq.rc3" | tr -d '\n')" = 000 ]
check $? "three limit changes, each with status 0"
json "$TMPD/freq.down.json" '[e["kind"] for e in d] == ["min_freq", "max_freq"] and [e["new"] for e in d] == ["200000", "600000"]'
check $? "lowering 1400-2000 to 200-600 MHz: min first, then max"
json "$TMPD/freq.up.json" '[e["kind"] for e in d] == ["max_freq", "min_freq"] and all(e["readback_matched"] for e in d)'
check $? "raising 200-600 to 1400-2000 MHz: max first, then min; read-back matched"
[ "$(cat "$TMPD/freq.file")" = "1400000 2000000" ]
check $? "the testbed's files hold the new limits"

run irq '$B set irq 151=big > $O.big 2>&1; echo $? > $O.rc1
	cat $D/proc/irq/151/smp_affinity_list > $O.file1
	$B set irq 151=little > $O.little 2>&1; echo $? > $O.rc2
	$B set irq 150=all --json > $O.json; echo $? > $O.rc3
	cat $D/proc/irq/150/smp_affinity_list > $O.file3'
[ "$(cat "$TMPD/irq.rc1")" = 0 ] && [ "$(cat "$TMPD/irq.file1")" = 4-7 ]
check $? "irq 151=big writes 4-7 to /proc/irq/151/smp_affinity_list"
grep -q '^IRQ 151: affinity 4-7, effective 7$' "$TMPD/irq.big"
check $? "the read-back shows affinity and effective affinity"
grep -q '^IRQ 151: affinity 0-3, but the effective affinity stays 7$' "$TMPD/irq.little"
check $? "a controller that keeps firing on CPU 7 is called out"
[ "$(cat "$TMPD/irq.file3")" = 0-7 ] && json "$TMPD/irq.json" 'd[0]["old"] == "2" and d[0]["effective"] == "2" and d[0]["result"] == "ok"'
check $? "irq 150=all: 0-7, journal with old value and effective affinity"

run sched '$B set scheduler sda=bfq --json > $O.json; echo $? > $O.rc
	cat $D/sys/block/sda/queue/scheduler > $O.file'
[ "$(cat "$TMPD/sched.rc")" = 0 ] && [ "$(cat "$TMPD/sched.file")" = bfq ] &&
	json "$TMPD/sched.json" 'd[0]["old"] == "mq-deadline" and d[0]["readback"] == "bfq"'
check $? "scheduler sda=bfq: written, old value mq-deadline in the journal"

# Failures: a file that cannot be read (a directory in its place) is
# refused before any write; a read-only file (a sysctl in its place)
# fails at the write. Both: status 1, one sentence, a truthful journal.
run bad 'rm $D/proc/irq/150/smp_affinity_list; mkdir $D/proc/irq/150/smp_affinity_list
	$B set irq 150=4-7 --json > $O.json 2> $O.err; echo $? > $O.rc'
[ "$(cat "$TMPD/bad.rc")" = 1 ] && [ "$(wc -l < "$TMPD/bad.err")" = 1 ] &&
	grep -q '^benchtop set: IRQ 150: could not read the current affinity: Is a directory$' "$TMPD/bad.err"
check $? "a directory in place of the affinity file: status 1, one sentence"
json "$TMPD/bad.json" 'd == []'
check $? "... and the journal holds no change"
if [ -r /proc/sys/kernel/cap_last_cap ] && [ "$(id -u)" = 0 ]; then
	run ro 'rm $D/proc/irq/150/smp_affinity_list
		ln -s /proc/sys/kernel/cap_last_cap $D/proc/irq/150/smp_affinity_list
		$B set irq 150=0-1 --json > $O.json 2> $O.err; echo $? > $O.rc'
	[ "$(cat "$TMPD/ro.rc")" = 1 ] && grep -q '^benchtop set: IRQ 150: the kernel refused affinity 0-1 (Permission denied)$' "$TMPD/ro.err"
	check $? "a write the kernel refuses: status 1, the refusal in one sentence"
	json "$TMPD/ro.json" 'd[0]["result"] == "error" and d[0]["errno"] == "EACCES" and d[0]["readback"] == d[0]["old"] and not d[0]["readback_matched"]'
	check $? "... the journal records the error and an unchanged read-back"
else
	skip "needs root and /proc/sys/kernel/cap_last_cap"
	skip "needs root and /proc/sys/kernel/cap_last_cap"
fi

for args in "irq 151" "min=fast" "governor=" "bogus=1" "--cluster x governor=performance" "irq 151=4-7 --frobnicate"; do
	# shellcheck disable=SC2086
	"$BENCHTOP" set $args > /dev/null 2> "$TMPD/cl.err"
	st=$?
	[ $st = 2 ] && [ "$(wc -l < "$TMPD/cl.err")" = 1 ]
	check $? "bad command line 'set $args': status 2, one sentence"
done

# An unprivileged user: the files are root's, nothing is written.
if command -v setpriv > /dev/null && [ "$(id -u)" = 0 ]; then
	run user 'chmod 755 $D; setpriv --reuid=65534 --regid=65534 --clear-groups \
		$B set governor=performance irq 151=4-7 > $O.out 2> $O.err; echo $? > $O.rc
		echo $(cat $D/'$P4'/scaling_governor) $(cat $D/proc/irq/151/smp_affinity_list) > $O.file'
	[ "$(cat "$TMPD/user.rc")" = 1 ] && grep -q "^benchtop set: CPUs 4-7: changing a cluster's governor needs root; benchtop stays read-only$" "$TMPD/user.err" &&
		grep -q '^benchtop set: IRQ 151: pinning an IRQ needs root' "$TMPD/user.err"
	check $? "as nobody: status 1 and 'needs root' for each change"
	[ "$(cat "$TMPD/user.file")" = "ondemand 7" ]
	check $? "... and the files are unchanged"
else
	skip "needs root and setpriv"
	skip "needs root and setpriv"
fi
