#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Every signal that would end `benchtop experiment` restores what it
# varied: on the Odroid XU4 tuning testbed (umockdev), an experiment that
# pins IRQ 150 to 0-3 and 4-7 gets each signal once the pin of variant B
# (4-7) is in the file; it cancels the run, puts affinity 2 back and
# exits 128+N.
# (Before, only INT, TERM and HUP were handled: USR1, ALRM, PIPE, QUIT...
# left the pin in force.)
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
[ "$(id -u)" = 0 ] || { echo "1..0 # SKIP the testbed's tunables need root (as benchtop set does)"; exit 0; }
SIGS=$(python3 -c 'import signal as s, sys; print(" ".join("%s:%d" % (n, getattr(s, "SIG" + n)) for n in sys.argv[1].split()))' "${SIGNALS:-USR1 USR2 ALRM VTALRM PROF XCPU XFSZ PIPE POLL PWR STKFLT QUIT SYS TRAP RTMIN RTMAX TERM INT HUP}")
plan $(echo $SIGS | wc -w)
XDG_CONFIG_HOME=$TMPD/config
BENCHTOP_NO_PROGRESS=1
export XDG_CONFIG_HOME BENCHTOP_NO_PROGRESS
mkdir "$TMPD/disk"

# One testbed; per signal a line "NAME STATUS AFFINITY-DURING AFFINITY-AFTER"
# in $TMPD/o.sigs.
"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
	cp -r "$1/odroid-xu4/." "$UMOCKDEV_DIR/" &&
	cp -r "$1/odroid-xu4-tune/." "$UMOCKDEV_DIR/" || exit 99
	rm "$UMOCKDEV_DIR/proc/irq/150/effective_affinity_list"
	B=$2 D=$UMOCKDEV_DIR O=$3 W=$4; shift 4
	A=$D/proc/irq/150/smp_affinity_list
	for s in "$@"; do
		rm -f $O.err
		$B experiment --preset seq-direct --size 16M --target $W \
			--vary irq:150=0-3,4-7 --repeat 20 > /dev/null 2> $O.err &
		p=$!; n=0
		while [ "$(cat $A)" != 4-7 ] && [ $n -lt 1200 ]; do
			sleep 0.05; n=$((n + 1)); done
		during=$(cat $A); kill -"${s#*:}" $p; wait $p; rc=$?
		echo "${s%:*} $rc $during $(cat $A)" >> $O.sigs
		echo 2 > $A
	done' sh "$TESTBEDS" "$BENCHTOP" "$TMPD/o" "$TMPD/disk" $SIGS
for s in $SIGS; do
	name=${s%:*} num=${s#*:}
	[ "$(grep "^$name " "$TMPD/o.sigs")" = "$name $((128 + num)) 4-7 2" ]
	st=$?; [ $st = 0 ] || diag "$(grep "^$name " "$TMPD/o.sigs")"
	check $st "SIG$name with the pin 4-7 in force: exit $((128 + num)), affinity 2 again"
done
