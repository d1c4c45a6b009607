#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Crash-safe tunings: a `benchtop set` killed (SIGKILL) after its write
# and before it recorded the outcome leaves a journal that `set
# --restore` restores from, and the next run says in one sentence what it
# found.  On the Odroid XU4 tuning testbed, IRQ 151's smp_affinity_list is
# a FIFO, so that set waits at each step: the test gives it the old value,
# takes the new one it writes, and kills it while it waits to read back.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 4
J=$BENCHTOP_RUNTIME_DIR/journal.json

"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
	cp -r "$1/odroid-xu4/." "$UMOCKDEV_DIR/" &&
	cp -r "$1/odroid-xu4-tune/." "$UMOCKDEV_DIR/" || exit 99
	B=$2 D=$UMOCKDEV_DIR O=$3 F=$UMOCKDEV_DIR/proc/irq/151/smp_affinity_list
	rm -f "$F"; mkfifo "$F"
	$B set irq 151=4-7 > $O.set 2>&1 &
	pid=$!
	echo 7 > "$F"			# the value before: set reads it
	cat "$F" > $O.written		# what set writes, once it does
	kill -KILL $pid; wait $pid; echo $? > $O.setrc
	rm -f "$F"; cat $O.written > "$F"	# the file as the write left it
	$B set --restore > $O.out 2> $O.err; echo $? > $O.rc
	cat "$F" > $O.after' sh "$TESTBEDS" "$BENCHTOP" "$TMPD/o"
[ "$(cat "$TMPD/o.setrc")" = 137 ] && [ "$(cat "$TMPD/o.written")" = 4-7 ]
check $? "set wrote 4-7 to IRQ 151 and was killed before recording the outcome"
[ "$(cat "$TMPD/o.rc")" = 0 ] && [ "$(cat "$TMPD/o.after")" = 7 ] &&
	grep -q '^IRQ 151: affinity 7' "$TMPD/o.out"
st=$?; [ $st = 0 ] || diag "set --restore: $(cat "$TMPD/o.out" "$TMPD/o.err")"
check $st "set --restore finds the killed write in the journal and puts 7 back"
[ "$(wc -l < "$TMPD/o.err")" = 1 ] &&
	grep -q '^benchtop set: the journal shows that a benchtop set (pid [0-9]*) ended without putting back 1 change, still in force: IRQ 151 affinity 4-7; `benchtop set --restore` puts the original back$' "$TMPD/o.err"
check $? "the next run says in one sentence what it found"
json "$J" 'not any(e.get("pending") for e in d["entries"]) and all(e["settled"] for e in d["entries"])'
check $? "the journal holds no unfinished entry after that"
