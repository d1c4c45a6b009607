#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop set` on the Odroid XU4 testbed (umockdev): the writes land in
# the testbed's files, the sentences and exit statuses are what a script
# sees, the journal (--json) tells the truth about failures, and an
# unprivileged user changes nothing.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 36
XDG_CONFIG_HOME=$TMPD/config
export XDG_CONFIG_HOME

# run NAME SHELL-COMMANDS: in one testbed (odroid-xu4 + the odroid-xu4-tune
# overlay), $B the program, $D the testbed; output under $TMPD/NAME.*
# (in a PID namespace where it can: no process of this machine is seen)
run() {
	# shellcheck disable=SC2046
	$(live_ns) "$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
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
json "$TMPD/freq.down.json" '[e["kind"] for e in d["entries"]] == ["min_freq", "max_freq"] and [e["new"] for e in d["entries"]] == ["200000", "600000"]'
check $? "lowering 1400-2000 to 200-600 MHz: min first, then max"
json "$TMPD/freq.up.json" '[e["kind"] for e in d["entries"]] == ["max_freq", "min_freq"] and all(e["readback_matched"] for e in d["entries"])'
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
[ "$(cat "$TMPD/irq.file3")" = 0-7 ] && json "$TMPD/irq.json" 'd["entries"][0]["old"] == "2" and d["entries"][0]["effective"] == "2" and d["entries"][0]["result"] == "ok"'
check $? "irq 150=all: 0-7, journal with old value and effective affinity"

run sched '$B set scheduler sda=bfq --json > $O.json; echo $? > $O.rc
	cat $D/sys/block/sda/queue/scheduler > $O.file'
[ "$(cat "$TMPD/sched.rc")" = 0 ] && [ "$(cat "$TMPD/sched.file")" = bfq ] &&
	json "$TMPD/sched.json" 'd["entries"][0]["old"] == "mq-deadline" and d["entries"][0]["readback"] == "bfq"'
check $? "scheduler sda=bfq: written, old value mq-deadline in the journal"

# Failures: a file that cannot be read (a directory in its place) is
# refused before any write; a read-only file (a sysctl in its place)
# fails at the write. Both: status 1, one sentence, a truthful journal.
run bad 'rm $D/proc/irq/150/smp_affinity_list; mkdir $D/proc/irq/150/smp_affinity_list
	$B set irq 150=4-7 --json > $O.json 2> $O.err; echo $? > $O.rc'
[ "$(cat "$TMPD/bad.rc")" = 1 ] && [ "$(wc -l < "$TMPD/bad.err")" = 1 ] &&
	grep -q '^benchtop set: IRQ 150: could not read the current affinity: Is a directory$' "$TMPD/bad.err"
check $? "a directory in place of the affinity file: status 1, one sentence"
json "$TMPD/bad.json" 'd["entries"] == []'
check $? "... and the journal holds no change"
if [ -r /proc/sys/kernel/cap_last_cap ] && [ "$(id -u)" = 0 ]; then
	run ro 'rm $D/proc/irq/150/smp_affinity_list
		ln -s /proc/sys/kernel/cap_last_cap $D/proc/irq/150/smp_affinity_list
		$B set irq 150=0-1 --json > $O.json 2> $O.err; echo $? > $O.rc'
	[ "$(cat "$TMPD/ro.rc")" = 1 ] && grep -q '^benchtop set: IRQ 150: the kernel refused affinity 0-1 (Permission denied)$' "$TMPD/ro.err"
	check $? "a write the kernel refuses: status 1, the refusal in one sentence"
	json "$TMPD/ro.json" 'd["entries"][0]["result"] == "error" and d["entries"][0]["errno"] == "EACCES" and d["entries"][0]["readback"] == d["entries"][0]["old"] and not d["entries"][0]["readback_matched"]'
	check $? "... the journal records the error and an unchanged read-back"
else
	skip "needs root and /proc/sys/kernel/cap_last_cap"
	skip "needs root and /proc/sys/kernel/cap_last_cap"
fi

# Values the kernel does not offer are refused before any write, with one
# sentence naming what it offers; a limit between steps is written as the
# step the kernel resolves it to, and said so.
run chk '$B set governor=turbo --cluster 4 > $O.gov.out 2> $O.gov.err; echo $? > $O.gov.rc
	$B set scheduler sda=foo 2> $O.sched.err; echo $? > $O.sched.rc
	$B set min=123 --cluster 4 2> $O.min.err; echo $? > $O.min.rc
	$B set max=5GHz --cluster 4 2> $O.max.err; echo $? > $O.max.rc
	echo $(cat $D/'$P4'/scaling_governor $D/'$P4'/scaling_min_freq $D/'$P4'/scaling_max_freq $D/sys/block/sda/queue/scheduler) > $O.files
	$B set max=1450MHz min=1.45GHz --cluster 4 --json > $O.round.json; echo $? > $O.round.rc
	$B set max=1.45GHz --cluster 4 --json > $O.asked.json
	echo 2000000 > $D/'$P4'/scaling_max_freq
	$B set max=1.45GHz --cluster 4 > $O.round.out
	echo $(cat $D/'$P4'/scaling_min_freq $D/'$P4'/scaling_max_freq) > $O.rfiles'
[ "$(cat "$TMPD/chk.gov.rc")" = 1 ] && [ "$(wc -l < "$TMPD/chk.gov.err")" = 1 ] &&
	grep -q '^benchtop set: CPUs 4-7: not a governor this kernel offers; it offers: powersave userspace conservative ondemand performance schedutil$' "$TMPD/chk.gov.err"
check $? "governor=turbo: status 1, one sentence naming the governors offered"
[ "$(cat "$TMPD/chk.sched.rc")" = 1 ] &&
	grep -q '^benchtop set: sda: not a scheduler this disk offers; it offers: mq-deadline kyber bfq none$' "$TMPD/chk.sched.err"
check $? "scheduler sda=foo: status 1, the schedulers of sda named"
[ "$(cat "$TMPD/chk.min.rc")$(cat "$TMPD/chk.max.rc")" = 11 ] &&
	grep -q '^benchtop set: CPUs 4-7: outside what the CPUs can run; allowed: 200000-2000000 kHz$' "$TMPD/chk.min.err" &&
	grep -q 'allowed: 200000-2000000 kHz$' "$TMPD/chk.max.err"
check $? "min=123 kHz and max=5GHz: status 1, the range 200000-2000000 kHz named"
case "$(cat "$TMPD/chk.files")" in
"ondemand 200000 2000000 "*mq-deadline*) true ;;
*) diag "files: $(cat "$TMPD/chk.files")"; false ;;
esac
check $? "... and none of them was written"
[ "$(cat "$TMPD/chk.round.rc")" = 1 ] &&
	json "$TMPD/chk.round.json" 'd["entries"] == []'
check $? "max=1450MHz min=1.45GHz: the steps 1400000 and 1500000 would cross: status 1, nothing written"
grep -q '^CPUs 4-7: maximum kHz 2000000 -> 1400000 (1450000 is between the steps the CPUs run), read back 1400000$' "$TMPD/chk.round.out" &&
	[ "$(cat "$TMPD/chk.rfiles")" = "200000 1400000" ]
check $? "a limit between steps is shown as the step it became"
json "$TMPD/chk.asked.json" 'd["entries"][0]["kind"] == "max_freq" and d["entries"][0]["new"] == "1400000" and d["entries"][0]["asked"] == "1450000" and d["entries"][0]["readback_matched"]'
check $? "... its journal entry: new 1400000, asked 1450000, read-back matched"

# A read-back that differs from what was written (a sysctl that keeps ms
# as jiffies in place of the limit): status 1, what the kernel kept.
if [ "$(id -u)" = 0 ] && unshare -n true 2> /dev/null; then
	unshare -n "$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
		cp -r "$1/odroid-xu4/." "$UMOCKDEV_DIR/"; P=$UMOCKDEV_DIR/$3
		rm $P/scaling_available_frequencies $P/scaling_max_freq
		ln -s /proc/sys/net/ipv4/neigh/lo/base_reachable_time_ms $P/scaling_max_freq
		"$2" set max=1450001 --cluster 4 > "$4.out" 2> "$4.err"; echo $? > "$4.rc"
		cat $P/scaling_max_freq > "$4.kept"' sh "$TESTBEDS" "$BENCHTOP" "$P4" "$TMPD/rb"
	kept=$(cat "$TMPD/rb.kept")
	if [ "$kept" = 1450001 ]; then
		skip "this kernel (HZ=1000) keeps base_reachable_time_ms as written"
	else
		[ "$(cat "$TMPD/rb.rc")" = 1 ] &&
			grep -q "^benchtop set: CPUs 4-7: wrote maximum kHz 1450001 but the kernel kept $kept\$" "$TMPD/rb.err"
		check $? "a read-back of $kept for 1450001: status 1, 'the kernel kept $kept'"
	fi
else
	skip "needs root and network namespaces"
fi

# An offline policy is named with why it was skipped; the others are set.
run off 'echo 0-3 > $D/sys/devices/system/cpu/online
	$B set governor=performance > $O.out 2> $O.err; echo $? > $O.rc'
[ "$(cat "$TMPD/off.rc")" = 0 ] &&
	grep -q '^benchtop set: policy4 (CPUs 4-7) skipped: its CPUs are offline$' "$TMPD/off.err" &&
	grep -q '^CPUs 0-3: governor ondemand -> performance' "$TMPD/off.out"
check $? "CPUs 4-7 offline: policy4 named as skipped (offline), policy0 set"

# A journal that cannot be written (a 2-byte file size limit: the intent
# is journaled before the write) refuses the change: nothing is written
# that the journal does not hold.  (Before the write-ahead journal the
# same limit made a short write of 4-7 that no journal recorded.)
if command -v prlimit > /dev/null; then
	run short '(trap "" XFSZ; prlimit --fsize=2 $B set irq 150=4-7 --json 2>&1; echo rc=$?) | cat > $O.out
		cat $D/proc/irq/150/smp_affinity_list > $O.file'
	grep -q '^rc=1$' "$TMPD/short.out" &&
		grep -q '^benchtop set: IRQ 150: no change made: the journal .* cannot be used (File too large)' "$TMPD/short.out" &&
		[ "$(cat "$TMPD/short.file")" = 2 ]
	st=$?; [ $st = 0 ] || diag "$(cat "$TMPD/short.out")"
	check $st "a journal that cannot be written: status 1, one sentence, IRQ 150 left at 2"
else
	skip "prlimit missing"
fi

# irqbalance runs (a process of that name, on the board): headless set
# irq warns.
mkdir "$TMPD/ibdir" && cp /bin/sleep "$TMPD/ibdir/irqbalance"
run ib '"$O"dir/irqbalance 60 & ib=$!
	$B set irq 151=4-7 > $O.out 2> $O.err; echo $? > $O.rc; kill $ib'
[ "$(cat "$TMPD/ib.rc")" = 0 ] &&
	grep -q "^benchtop set: warning: irqbalance (pid [0-9]*) is running and will move IRQ 151 back" "$TMPD/ib.err"
check $? "irqbalance running: set irq warns that it will move IRQ 151 back"

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
valid "$TMPD/freq.down.json" "$TMPD/freq.up.json" "$TMPD/irq.json" "$TMPD/sched.json" "$TMPD/bad.json" "$TMPD/chk.round.json" "$TMPD/chk.asked.json" $([ -f "$TMPD/ro.json" ] && echo "$TMPD/ro.json")
check $? "every set --json document validates against doc/schema/journal.json (a rounded frequency's \"asked\" too)"
