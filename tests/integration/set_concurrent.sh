#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Instances share one journal: on the Odroid XU4 tuning testbed (umockdev,
# its cpufreq and IRQ files writable), three `benchtop set` run at once,
# ROUNDS times.  Every round the journal holds all three changes (flock,
# read-modify-write), and `set --restore` puts every original back with
# status 0 (tests/tui/scenarios/two_screens.scn: two live screens on one knob).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 2
ROUNDS=${ROUNDS:-20}
J=$BENCHTOP_RUNTIME_DIR/journal.json

# run SHELL-COMMANDS: in one testbed (odroid-xu4 + the odroid-xu4-tune
# overlay), $B the program, $D the testbed, $O the output prefix.
run() {
	"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
		cp -r "$1/odroid-xu4/." "$UMOCKDEV_DIR/" &&
		cp -r "$1/odroid-xu4-tune/." "$UMOCKDEV_DIR/" || exit 99
		B=$2 D=$UMOCKDEV_DIR O=$3 J=$5 R=$6; eval "$4"' sh "$TESTBEDS" \
		"$BENCHTOP" "$TMPD/o" "$1" "$J" "$ROUNDS"
}
C=sys/devices/system/cpu/cpufreq
state='echo $(cat $D/'$C'/policy0/scaling_governor) $(cat $D/'$C'/policy4/scaling_governor) $(cat $D/proc/irq/151/smp_affinity_list)'

# Each round: the originals in the files, no journal, three set at once,
# then the number of entries in the journal, set --restore's status and
# the files after it, as one line of $O.rounds.
run 'r=0; while [ $r -lt $R ]; do r=$((r + 1))
	rm -f $J; echo ondemand > $D/'$C'/policy0/scaling_governor
	echo ondemand > $D/'$C'/policy4/scaling_governor
	echo 7 > $D/proc/irq/151/smp_affinity_list
	$B set governor=performance --cluster 0 > /dev/null 2>&1 &
	$B set governor=performance --cluster 4 > /dev/null 2>&1 &
	$B set irq 151=4-7 > /dev/null 2>&1 &
	wait
	n=$(grep -c "\"kind\":" $J); s1=$('"$state"')
	$B set --restore > $O.r$r 2>&1; rc=$?
	echo "$n $s1 / $rc $('"$state"')" >> $O.rounds
	done'
lost=$(awk '$1 != 3' "$TMPD/o.rounds" | wc -l)
diag "rounds: $(wc -l < "$TMPD/o.rounds"); journal lost an entry in $lost"
[ "$(wc -l < "$TMPD/o.rounds")" = "$ROUNDS" ] && [ "$lost" = 0 ] &&
	! grep -v '^3 performance performance 4-7 / ' "$TMPD/o.rounds" > /dev/null
st=$?; [ $st = 0 ] || diag "$(sort "$TMPD/o.rounds" | uniq -c)"
check $st "$ROUNDS rounds of three concurrent set: all three changes made and journaled every round"
bad=$(grep -cv ' / 0 ondemand ondemand 7$' "$TMPD/o.rounds")
diag "set --restore left a change or failed in $bad of $ROUNDS rounds"
[ "$bad" = 0 ]
check $? "set --restore after each round: status 0, every original back"

