#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# small_select: at the smallest screen (60x12) every row j can select is
# drawn when it is selected (issue 27 item 15: the IRQ section had its
# title alone and j went on to IRQ rows that were never drawn). The XU4
# testbed: 2 clusters, 2 disks, 2 interfaces, then its IRQs.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 4
# the row under the IRQ title
irq_row() { screen | awk 'on { print; exit } /^IRQ +RATE/ { on = 1 }'; }
start 60 12 "$(bed_cmd odroid-xu4 '-d 0.5')"
wait_for '^eth0 ' > /dev/null
keys j j j j j j j
sleep 1
settle
irq_row | grep -Eq '^1[0-9]{2} +[0-9.k]+ '
check $? "60x12: j onto the first IRQ draws its row under the IRQ title ($(irq_row))"
keys j j
sleep 1
settle
irq_row | grep -Eq '^1[0-9]{2} +[0-9.k]+ '
check $? "60x12: two j further, the selected IRQ row is drawn ($(irq_row))"
keys k k k k k k k k k k
sleep 1
wait_for '^little Cortex-A7 '
check $? "60x12: back up, the clusters are there"
keys q
wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ]
check $? "q quits with status 0"
