#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The IRQ screen over a /proc/interrupts in the format before 4.x (no hwirq
# column, "PCI-MSI-edge      eth0-TxRx-4"; a 16-CPU Nehalem on 2.6.38,
# tests/data/x86/nehalem16_proc_interrupts): the action leads the NAME
# column at 80x24 and 200x50, and Left/Right page the 16 CPU columns a
# screenful at a time.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 13
mkdir -p "$TMPD/beds"
cp -r "$TESTBEDS/x86-vm" "$TMPD/beds/old"
cp "$top_srcdir/tests/data/x86/nehalem16_proc_interrupts" \
	"$TMPD/beds/old/proc/interrupts"

start 200 50 "$(TESTBEDS=$TMPD/beds bed_cmd old '-d 0.5')"
wait_for '^DISK +READ/s' > /dev/null
wait_for 'b Bench' > /dev/null
! screen | grep -Eq 'g Governor|f Freq|P All perf'
check $? "without cpufreq the key bar offers no g Governor, f Freq or P All perf"
resize 80 24
keys i
wait_for '^IRQ +TOTAL/s +CPU0 +CPU1 +CPU2 +CPU3 +CPU4 +CPU5 +CPU6 +CPU7 ?> +AFF +EFF +NAME'
check $? "80x24: CPU0-CPU7, a > for the CPUs to the right, AFF, EFF, NAME"
keys /
keys -l eth0-TxRx
keys Enter
wait_for '^133 .* eth0-TxRx-4( |$)'
check $? "80x24: row 133 is named eth0-TxRx-4, its action"
! screen | grep -q 'PCI-MSI-edge>'
check $? "80x24: no name reads PCI-MSI-edge>"
keys Right
wait_for '^IRQ +TOTAL/s +CPU8 +CPU9 +C10 +C11 +C12 +C13 +C14 +C15 +AFF +EFF +NAME'
check $? "Right: one press shows the next screenful, CPU8-CPU15 (C10 for CPU10 in 5 columns)"
keys Right
sleep 1
screen | grep -Eq '^IRQ +TOTAL/s +CPU8 +CPU9 .* +C15 +AFF'
check $? "Right at the last CPUs stays on CPU8-CPU15"
keys Left
wait_for '^IRQ +TOTAL/s +CPU0 +CPU1 .* +CPU7 ?> +AFF'
check $? "Left: one press is back at CPU0-CPU7"

# ERR holds one count for the whole machine: under TOTAL/s, no CPU's
keys Escape
keys /
keys -l ERR
keys Enter
wait_for '^ERR +0 ' > /dev/null
screen | awk '/^ERR / { found = 1; if (substr($0, 15, 40) !~ /^ *$/) bad = 1 }
	END { exit !(found && !bad) }'
check $? "the ERR row has no figure under a CPU column"
keys Escape

resize 200 50
wait_for '^133 .* eth0-TxRx-4 \(PCI-MSI edge\)$'
check $? "200x50: eth0-TxRx-4 first, its chip and trigger after it"
wait_for '^IRQ +TOTAL/s +CPU0 +CPU1 .* +CPU15 +AFF +EFF +NAME'
check $? "200x50: all 16 CPU columns"
keys q
wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ]
check $? "q quits with status 0"

# TERM=linux has no screen of its own to give back (no rmcup): quit
# leaves a blank screen, not the last frame.
start 80 24 "TERM=linux $(TESTBEDS=$TMPD/beds bed_cmd old '-d 0.5')"
wait_for '^DISK +READ/s' > /dev/null
keys q
wait_exit 10
check $? "TERM=linux: q quits"
sleep 0.5
! screen | grep -Eq '^(DISK|NET|IRQ) '
check $? "TERM=linux: the monitor's rows are gone from the screen after quit"
