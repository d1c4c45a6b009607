#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop experiment` on the Odroid XU4 testbed (umockdev: the IRQ
# affinity files are the testbed's) with seq-direct on a real folder of
# this machine: both pins journaled, interleaved A B B A, the original
# affinity back at the end, after SIGTERM in the middle and after a failed
# run or a refused tuning; the session saved, reported and compared.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
[ "$(id -u)" = 0 ] || { echo "1..0 # SKIP the testbed's tunables need root (as benchtop set does)"; exit 0; }
plan 40
XDG_CONFIG_HOME=$TMPD/config
BENCHTOP_NO_PROGRESS=1
export XDG_CONFIG_HOME BENCHTOP_NO_PROGRESS
mkdir "$TMPD/disk"

# run NAME SHELL-COMMANDS: in one testbed (odroid-xu4 + odroid-xu4-tune);
# $B the program, $D the testbed, $O the output prefix, $W the folder the
# benchmark writes in.  IRQ 150 has no effective_affinity_list here (as
# before Linux 4.13): a testbed file would stay 2 whatever is written, and
# every pin would be found not in effect (experiment_effect.sh tests that).
run() {
	"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
		cp -r "$1/odroid-xu4/." "$UMOCKDEV_DIR/" &&
		cp -r "$1/odroid-xu4-tune/." "$UMOCKDEV_DIR/" || exit 99
		rm "$UMOCKDEV_DIR/proc/irq/150/effective_affinity_list"
		B=$2 D=$UMOCKDEV_DIR O=$3 W=$5; eval "$4"' sh "$TESTBEDS" \
		"$BENCHTOP" "$TMPD/$1" "$2" "$TMPD/disk"
}
AFF=proc/irq/150/smp_affinity_list
EXP='$B experiment --preset seq-direct --size 4M --target $W'

run two "$EXP"' --vary irq:150=0-3,4-7 --repeat 2 --json > $O.json 2> $O.err
	echo $? > $O.rc; cat $D/'$AFF' > $O.after'
[ "$(cat "$TMPD/two.rc")" = 0 ]
check $? "a two-variant IRQ experiment: status 0"
json "$TMPD/two.json" 'd["order"] == [0, 1, 1, 0] and [r["variant"] for r in d["runs"]] == [0, 1, 1, 0] and [r["index"] for r in d["runs"]] == [0, 1, 2, 3]'
check $? "the runs were interleaved A B B A"
json "$TMPD/two.json" '[(e["target"], e["old"], e["new"], e["result"]) for e in d["journal"] if not e["restore"]] == [("150", "2", "0-3", "ok"), ("150", "0-3", "4-7", "ok"), ("150", "4-7", "0-3", "ok")]'
check $? "the journal records the pin of A, of B, and A again (no write when a value is already set)"
json "$TMPD/two.json" '[(e["new"], e["readback"]) for e in d["journal"] if e["restore"]] == [("2", "2")] and d["restored"]'
check $? "... and the restore to the original affinity 2, read back"
[ "$(cat "$TMPD/two.after")" = 2 ]
check $? "the testbed's affinity file holds 2 again after the experiment"
json "$TMPD/two.json" 'all(r["result"]["status"] == "ok" and r["result"]["conditions"]["kernel"] for r in d["runs"]) and len(d["runs"]) == 4'
check $? "each run has its result and its conditions"
json "$TMPD/two.json" '[f["name"] for f in d["figures"]] == ["write", "read"] and all(len(f["variants"]) == 2 and f["variants"][1]["n"] == 2 and f["comparisons"][0]["verdict"] == "few" for f in d["figures"])'
check $? "per figure: each variant's median of 2 runs, and no verdict from 2 runs each"
json "$TMPD/two.json" 'all(abs(f["comparisons"][0]["ratio"] - f["variants"][1]["median"] / f["variants"][0]["median"]) < 1e-9 for f in d["figures"])'
check $? "the ratio is B's median over A's"
json "$TMPD/two.json" 'd["format"] == "benchtop.experiment" and d["version"] == 2 and d["kind"] == "experiment"' &&
	valid "$TMPD/two.json"
check $? "the document has the header and validates against doc/schema/experiment.json"
grep -q '^benchtop experiment: run 2/4: B irq:150=4-7$' "$TMPD/two.err" &&
	grep -q '^benchtop experiment: IRQ 150: affinity 4-7' "$TMPD/two.err" &&
	grep -q '^benchtop experiment: the tuning is back to where it was$' "$TMPD/two.err"
check $? "stderr says each pin, each run and that the tuning went back"

# --repeat auto (the default) with a budget of 5 a side: one look, at 5,
# judged at 5 %; its lines on stderr as the interval narrows.
run auto "$EXP"' --vary irq:150=0-3,4-7 --budget 5 --json > $O.json 2> $O.err; echo $? > $O.rc'
[ "$(cat "$TMPD/auto.rc")" = 0 ] && json "$TMPD/auto.json" 'd["auto"] is True and d["budget"] == 5 and d["looks"] == 1 and abs(d["alpha"] - 0.05) < 1e-12 and d["repeat"] == 5 and len(d["runs"]) == 10 and d["order"] == [0, 1, 1, 0] * 2 + [0, 1]'
check $? "--repeat auto --budget 5: 5 runs a side interleaved, one look at 5 %"
flat "$TMPD/auto.err" > "$TMPD/auto.flat"
grep -Eq ' benchtop experiment: after 5 runs a side: write B: ((faster|slower) by |the same within|cannot tell with 5 runs a side)' "$TMPD/auto.flat" &&
	grep -q ' benchtop experiment: after 5 runs a side: read B: ' "$TMPD/auto.flat" &&
	grep -Eq ' benchtop experiment: (every main figure is decided after 5 runs a side|the budget of 5 runs a side is spent; a figure that cannot tell says how many more would decide it \(--budget\)) ' "$TMPD/auto.flat" &&
	json "$TMPD/auto.json" 'all(c["family"] == 2 and c["verdict"] in ("higher", "lower", "same", "unclear") and (c["lo_pct"] is None or c["lo_pct"] <= c["estimate_pct"] <= c["hi_pct"]) for f in d["figures"] for c in f["comparisons"])'
check $? "... stderr gives each main figure's verdict at the look; the JSON each interval around its estimate, one family of 2"
under_rows "$TMPD/auto.err" 80
check $? "... stderr's progress lines fit 80 columns (wrapped, further lines four in)"

# irqbalance would move the pin back during the runs: it is named.
cp "$(command -v sleep)" "$TMPD/irqbalance"
"$TMPD/irqbalance" 60 &
ib=$!
trap 'kill $ib 2> /dev/null; rm -rf "$TMPD"' EXIT
run ib "$EXP"' --vary irq:150=0-3,4-7 --repeat 1 > /dev/null 2> $O.err'
kill $ib 2> /dev/null
# (the first irqbalance found: a machine may run its own, or another test)
flat "$TMPD/ib.err" | grep -Eq "(^| )benchtop experiment: irqbalance runs \(pid [0-9]+\) and may move IRQ 150 back during the runs; each run's conditions record the affinity it ran with " &&
	under_rows "$TMPD/ib.err" 80
check $? "a running irqbalance is named: it may move the IRQ back during the runs (wrapped at 80 columns)"

# The IRQ named by its disk: sda's chain leads to IRQ 150; the table.
run chain "$EXP"' --vary irq:sda=little,big --repeat 2 > $O.out 2> $O.err
	echo $? > $O.rc; cat $D/'$AFF' > $O.after'
[ "$(cat "$TMPD/chain.rc")" = 0 ] && [ "$(cat "$TMPD/chain.after")" = 2 ] &&
	grep -q '^benchtop experiment: IRQ 150: affinity 0-3' "$TMPD/chain.err" &&
	grep -q '^benchtop experiment: IRQ 150: affinity 4-7' "$TMPD/chain.err"
check $? "irq:sda=little,big pins IRQ 150 (sda's controller) to 0-3 and 4-7, then back to 2"
grep -q '^  A  irq:sda=little$' "$TMPD/chain.out" && grep -q '^  B  irq:sda=big$' "$TMPD/chain.out" &&
	grep -Eq '^write MB/s +A +[0-9.]+ [0-9.]+-[0-9.]+ *$' "$TMPD/chain.out" &&
	grep -Eq '^ +B +[0-9.]+ [0-9.]+-[0-9.]+ +[0-9.]+$' "$TMPD/chain.out" &&
	flat "$TMPD/chain.out" | grep -Eq ' B [0-9.]+ [0-9.]+-[0-9.]+ [0-9.]+ cannot tell with 2 runs a side(: about [0-9]+ more would decide a [0-9.]+ % change)? '
check $? "the table: variants, each figure's median and min-max, B/A and a verdict (under B's row: it does not fit beside it in 80 columns)"
under_rows "$TMPD/chain.out" 80
check $? "the table fits 80 columns, its verdicts wrapped under their rows"

# Two specs make a grid: limits and the disk's scheduler, each restored.
P4=sys/devices/system/cpu/cpufreq/policy4
run grid "$EXP"' --vary maxfreq:policy4=1400MHz,2GHz --vary scheduler:sda=bfq,mq-deadline --repeat 2 --json > $O.json 2> $O.err
	echo $? > $O.rc; echo $(cat $D/'$P4'/scaling_max_freq) $(cat $D/sys/block/sda/queue/scheduler) > $O.after'
[ "$(cat "$TMPD/grid.rc")" = 0 ] && json "$TMPD/grid.json" 'd["order"] == [0, 1, 2, 3, 3, 2, 1, 0] and [v["label"] for v in d["variants"]] == ["maxfreq:policy4=1400000 scheduler:sda=bfq", "maxfreq:policy4=1400000 scheduler:sda=mq-deadline", "maxfreq:policy4=2000000 scheduler:sda=bfq", "maxfreq:policy4=2000000 scheduler:sda=mq-deadline"]'
check $? "two --vary: a grid of 4 variants, the first spec varying slowest, interleaved"
json "$TMPD/grid.json" 'all(len(f["variants"]) == 4 and len(f["comparisons"]) == 3 for f in d["figures"]) and d["variants"][2]["settings"] == {"maxfreq:policy4": "2000000", "scheduler:sda": "bfq"}'
check $? "... each figure has 4 variants, 3 compared with A"
[ "$(cat "$TMPD/grid.after")" = "2000000 mq-deadline" ] &&
	json "$TMPD/grid.json" 'd["restored"] and [(e["kind"], e["new"]) for e in d["journal"] if e["restore"]] == [("max_freq", "2000000"), ("scheduler", "mq-deadline")]'
check $? "... the top frequency and the scheduler are back (2000000, mq-deadline), journaled as restores"

# iozone: its grid of medians per variant, as iozone prints it.
run ioz '$B experiment --preset iozone-sweep --size 8M --target $W --vary irq:150=0-3,4-7 --repeat 1 > $O.out 2> $O.err'
grep -q '^Variant B (irq:150=4-7), medians in KB/s:$' "$TMPD/ioz.out" &&
	grep -Eq '^ +reclen +write +rewrite +read +reread +rnd read +rnd write$' "$TMPD/ioz.out" &&
	[ "$(grep -Ec '^ +(4k|16k|32k|512k|1M)( +[0-9]+){6}$' "$TMPD/ioz.out")" = 10 ]
check $? "iozone: the grid of medians (5 record sizes x 6 operations) for each variant"
under_rows "$TMPD/ioz.out" 80
check $? "iozone: its table of 30 figures and the grids fit 80 columns"

# SIGTERM in the middle: the run is cancelled, the affinity goes back.
run term "$EXP"' --size 64M --vary irq:150=0-3,4-7 --repeat 20 --json > $O.json 2> $O.err &
	p=$!; n=0
	while ! grep -q "run 3/40:" $O.err 2>/dev/null && [ $n -lt 600 ]; do sleep 0.05; n=$((n+1)); done
	cat $D/'$AFF' > $O.during; kill -TERM $p; wait $p; echo $? > $O.rc
	cat $D/'$AFF' > $O.after'
[ "$(cat "$TMPD/term.rc")" = 143 ]
check $? "SIGTERM in the middle: status 143"
[ "$(cat "$TMPD/term.during")" = 4-7 ] && [ "$(cat "$TMPD/term.after")" = 2 ]
check $? "... the pin was 4-7 during run 3, and the affinity is 2 again"
json "$TMPD/term.json" 'd["status"] == "cancelled" and d["restored"] and d["runs_done"] < 40 and [e["new"] for e in d["journal"] if e["restore"]] == ["2"]'
check $? "... the JSON says cancelled, restored, with the restore journaled"

# A failed run: the folder does not exist; the pin is undone.
run fail '$B experiment --preset seq-direct --size 4M --target $W/gone --vary irq:150=0-3,4-7 --json > $O.json 2> $O.err
	echo $? > $O.rc; cat $D/'$AFF' > $O.after'
[ "$(cat "$TMPD/fail.rc")" = 1 ] && [ "$(cat "$TMPD/fail.after")" = 2 ]
check $? "a failed run: status 1 and the affinity back to 2"
json "$TMPD/fail.json" 'd["status"] == "failed" and d["error"].startswith("run 1 of at most 40 failed: ") and [e["new"] for e in d["journal"]] == ["0-3", "2"]'
check $? "... the error names the run (of at most 40: --repeat auto, 20 a side), the journal has the pin and its restore"
flat "$TMPD/fail.err" | grep -q ' benchtop experiment: run 1 of at most 40 failed: .*/gone is not a folder $' &&
	under_rows "$TMPD/fail.err" 80
check $? "... one sentence on stderr says which run failed and why, wrapped at 80 columns"

# A tuning refused in the middle: CPU 9 is not online; A's pin is undone.
run refused "$EXP"' --vary irq:150=0-3,9 --repeat 2 --json > $O.json 2> $O.err
	echo $? > $O.rc; cat $D/'$AFF' > $O.after'
[ "$(cat "$TMPD/refused.rc")" = 1 ] && [ "$(cat "$TMPD/refused.after")" = 2 ] &&
	json "$TMPD/refused.json" 'd["status"] == "failed" and d["runs_done"] == 1 and [e["new"] for e in d["journal"]] == ["0-3", "2"]'
check $? "a value refused before run 2: status 1, one run done, the pin restored"

# The session: saved with the experiment, reported, compared.
run snap "$EXP"' --vary irq:150=0-3,4-7 --repeat 2 --snapshot $O.a.json > /dev/null 2> $O.err; echo $? > $O.rc
	'"$EXP"' --vary irq:150=0-3,4-7 --repeat 2 --snapshot $O.b.json > /dev/null 2>> $O.err
	$B report $O.a.json > $O.md; $B compare $O.a.json $O.b.json > $O.cmp'
[ "$(cat "$TMPD/snap.rc")" = 0 ] && json "$TMPD/snap.a.json" 'len(d["experiments"]) == 1 and len(d["results"]) == 4 and d["experiments"][0]["order"] == [0, 1, 1, 0] and len(d["journal"]) == 4'
check $? "--snapshot: the session holds the experiment, its 4 runs and the journal"
grep -q '^## Experiments$' "$TMPD/snap.md" && grep -q '^### Experiment: seq-direct on ' "$TMPD/snap.md" &&
	grep -Eq '^\| write MB/s \| A \| [0-9.]+ \| [0-9.]+-[0-9.]+ \|' "$TMPD/snap.md" &&
	grep -q '^- \*\*B\*\*: `irq:150=4-7`$' "$TMPD/snap.md"
check $? "report: the experiment's table in Markdown"
flat "$TMPD/snap.cmp" | grep -Eq ' seq-direct .* irq:150=0-3,4-7 ' &&
	grep -Eq '^    write MB/s +[0-9.]+ +[0-9.]+ +[0-9.]+  irq:150=4-7$' "$TMPD/snap.cmp"
check $? "compare: the experiments' medians variant by variant, with B/A, under the experiment's name"
under_rows "$TMPD/snap.cmp" 80
check $? "compare with experiments fits 80 columns"
"$BENCHTOP" compare --format json "$TMPD/snap.a.json" "$TMPD/snap.b.json" > "$TMPD/snap.cmp.json" &&
	json "$TMPD/snap.cmp.json" 'len(d["experiments"]) > 0' &&
	valid "$TMPD/snap.a.json" "$TMPD/snap.cmp.json"
check $? "the session with its experiment and compare --format json of two such validate (snapshot.json, compare.json's experiments)"
"$BENCHTOP" metrics --no-io --results "$TMPD/snap.a.json" > "$TMPD/snap.prom" 2> "$TMPD/snap.prom.err"
grep -Eq '^benchtop_experiment_median_bytes_per_second\{preset="seq-direct",target="[^"]*",figure="write",variant="A",label="irq:150=0-3"\} [0-9.e+]+$' "$TMPD/snap.prom" &&
	grep -Eq '^benchtop_experiment_ratio\{preset="seq-direct",.*figure="write",.*variant="B",label="irq:150=4-7",verdict="[a-z]+"\} [0-9.]+$' "$TMPD/snap.prom" &&
	{ ! command -v promtool > /dev/null || promtool check metrics < "$TMPD/snap.prom" > /dev/null 2>&1; }
check $? "metrics: the experiment as gauges (median per variant, B/A with its verdict), promtool-clean"

# Bad command lines: status 2, one sentence, nothing touched.
for args in "--preset seq-direct --target /tmp" "--preset seq-direct --target /tmp --vary irq:150=4-7" \
	"--preset nope --target /tmp --vary irq:150=1,2" "--preset seq-direct --target /tmp --vary hook:x=1,2" \
	"--preset seq-direct --target /tmp --vary irq:150=1,2 --repeat 0"; do
	# shellcheck disable=SC2086
	run bad "\$B experiment $args > /dev/null 2> \$O.err; echo \$? > \$O.rc"
	[ "$(cat "$TMPD/bad.rc")" = 2 ] && [ "$(wc -l < "$TMPD/bad.err")" = 1 ]
	check $? "bad command line '$args': status 2, one sentence"
done
