#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The live screen says what it could not read: on the Odroid XU4 testbed,
# /proc/stat, /proc/diskstats, /proc/net/dev and /proc/interrupts are
# garbled (or turned into a folder) while the monitor runs; each section
# stays with its sentence in place, the last good values marked stale,
# the status line says it once, and all recover when the files read again.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 13
start 80 30 "$(bed_cmd odroid-xu4 '-d 0.3')"
wait_for '^sda ' > /dev/null && wait_for '^eth0 ' > /dev/null &&
	wait_for '^151 ' > /dev/null
check $? "the XU4 overview shows sda, eth0 and IRQ 151"
U=$(cat "$TMPD/udir")
cp -r "$U/proc" "$TMPD/good"

printf 'garbage\n' > "$U/proc/diskstats"
wait_for '^/proc/diskstats cannot be understood; values from [0-9:]+ \(stale\)'
check $? "garbled diskstats: the sentence in place, values marked stale"
screen | grep -q '^sda '
check $? "and the disk rows stay (last good values)"
screen | tail -1 | grep -q '/proc/diskstats cannot be understood'
check $? "the status line said it"

rm "$U/proc/net/dev" && mkdir "$U/proc/net/dev"
wait_for '^/proc/net/dev: .*\(stale\)' && screen | grep -q '^eth0 '
check $? "net/dev unreadable (a folder): sentence, eth0 stays"

printf 'x\n' > "$U/proc/interrupts"
wait_for '^/proc/interrupts cannot be understood; values from .*\(stale\)' && screen | grep -q '^151 '
check $? "garbled interrupts: sentence, IRQ 151 stays"

printf 'cpu x\n' > "$U/proc/stat"
wait_for '^/proc/stat cannot be understood; values from .*\(stale\)'
check $? "garbled stat: the sentence under the clusters"
! screen | grep -Eq '^ +[0-7] +off'
check $? "and the CPUs are not drawn as 'off'"

rm -r "$U/proc/net/dev"
for f in diskstats net/dev interrupts stat; do cp "$TMPD/good/$f" "$U/proc/$f"; done
wait_for '^sda ' > /dev/null
sleep 1.5
! screen | grep -q 'stale'
check $? "the files read again: no section says stale"
! screen | sed '$d' | grep -Eq '^/proc/(stat|diskstats|net/dev|interrupts)[: ]'
check $? "and no sentence is left in the sections"
screen | tail -1 | grep -q 'reads again'
check $? "the status line says a file reads again"
screen | grep -q '^sda ' && screen | grep -q '^eth0 ' && screen | grep -q '^151 '
check $? "sda, eth0 and IRQ 151 are back"
keys q
wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ]
check $? "q quits with status 0"
