#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Journey 2: which CPU takes the disk's (or NIC's) interrupts, and pin
# them to the big cores from the chain view, at 80x24 and 200x50 on each
# testbed of tests/tui/journey_beds.sh: the Odroid XU4 (sda behind a UAS
# bridge), the HC1 after resume (usb-storage at 480M; on a 5.4 kernel,
# without the BOS that says it could do 5000M), the RK3399 (its GbE), the x86 VM (a virtio
# disk, no big cores: one CPU) and the Raspberry Pi 4 (its GENET eth0).
# A feeder plays the kernel: the disk reads 4 MB/s, the interface receives 80 Mbit/s, and the IRQ
# fires 2000 times a second on the first CPU of its smp_affinity_list, so
# after the pin another CPU takes it. Each bed in each language of
# $JOURNEY_LANGS (English, German: journey_beds.sh's T gives the words) at
# each size of $JOURNEY_SIZES (journey_runs).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
. "$top_srcdir/tests/tui/journey_beds.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
[ "$(id -u)" = 0 ] || { echo "1..0 # SKIP pinning needs root"; exit 0; }
no_board_irqbalance || { echo "1..0 # SKIP an irqbalance runs here and no PID namespace can keep it off the testbeds"; exit 0; }
RUNS=$(journey_runs chain)
set -- $RUNS
plan $((12 * $# + $(echo "$RUNS" | tr ' ' '\n' | grep -c ':200x')))
feed=""
# An irqbalance on this machine is not the board's: no bed runs one, so
# the pin asks nothing (lib.sh's live_cmd gives each bed its own /proc).
# One runs here to show it, where the beds can have a PID namespace (where
# they cannot, it would be seen by this test's beds and by every test
# beside it: a chroot whose root is no mount point refuses unshare's
# --mount-proc).
ib=""
if [ -n "$(live_ns)" ]; then
	cp /bin/sleep "$TMPD/irqbalance"
	"$TMPD/irqbalance" 3600 &
	ib=$!
fi
trap 'test -n "$ib" && kill $ib; test -n "$feed" && kill $feed 2> /dev/null; $TMUXC kill-server > /dev/null 2>&1; rm -rf "$TMPD"' EXIT

track_captures
for run in $RUNS; do
	journey_run "$run"
	bed=$J_WHAT b=$J_BED
	start "$J_COLS" "$J_ROWS" "$J_LANG_CMD $(live_cmd "$b" '-d 1')"
	wait_for "^$J_CHAIN " 30
	check $? "$bed: the overview lists $J_CHAIN"
	u=$(cat "$TMPD/udir")
	python3 "$top_srcdir/tests/tui/feeder.py" "$u" \
		"disk:$J_DISK:4e6:0:0:0:0" "net:$J_NIC:80e6:0:0:0" \
		"irq:$J_IRQ:2000" &
	feed=$!
	# Within a few percent: a loaded machine samples a little late.
	if [ "$J_KIND" = disk ]; then
		r='(3\.9|4\.0|4\.1) MB/s'
		first=$(T "^$J_CHAIN  read $r  write 0 B/s\$")
	else
		r='(7[89]|8[01])\.[0-9] Mbit/s'
		first="^$J_CHAIN  rx $r  tx 0 bit/s\$"
	fi
	wait_for "^$J_CHAIN +$r " 30
	check $? "$bed: $J_CHAIN's rate on the overview, as fed"
	journey_click 2 "$(journey_line "^$J_CHAIN ")"
	keys Enter
	wait_for "$(T "^CHAIN $J_CHAIN  \(p pins its IRQ, Esc back\)")" 20
	check $? "$bed: a click on $J_CHAIN's row, Enter: its chain, saying p pins its IRQ"
	wait_for "$first" 30
	check $? "$bed: the chain's first hop: $J_CHAIN at its rate"
	ok=0
	T "$J_HOPS" | while read -r hop; do
		screen | grep -Eq -- "$hop" || { diag "no line /$hop/"; exit 1; }
	done || ok=1
	if [ -n "$J_NOHOP" ] && screen | grep -Eq -- "$(T "$J_NOHOP")"; then
		diag "a line /$J_NOHOP/ that the bed cannot tell"; ok=1
	fi
	check $ok "$bed: the hops to the host controller: $(echo "$J_HOPS" | tr '\n' ' ' | tr -d '^$\\')"
	irq="^  -> IRQ $J_IRQ $J_ACTION  (1\.9|2\.0|2\.1)k/s  on CPU"
	wait_for "$(T "$irq $J_CPU0 \(affinity $J_AFF0\)\$")" 30
	check $? "$bed: -> IRQ $J_IRQ at 2.0k/s: CPU $J_CPU0 takes it (affinity $J_AFF0)"
	keys p
	wait_for "$(T "Pin IRQ $J_IRQ to")" 20 && screen | grep -qF "$(T "$J_OFFER")"
	check $? "$bed: p on the chain offers IRQ $J_IRQ to $J_OFFER"
	keys $J_PICK
	wait_for "$(T "IRQ $J_IRQ: affinity $J_PINTO")" 20
	check $? "$bed: the status line reads back affinity $J_PINTO"
	[ "$(cat "$u/proc/irq/$J_IRQ/smp_affinity_list")" = "$J_PINTO" ]
	check $? "$bed: the testbed's smp_affinity_list holds $J_PINTO"
	wait_for "$(T "$irq $J_CPU1 \(affinity $J_PINTO\)\$")" 30
	check $? "$bed: the chain follows: 2.0k/s now on CPU $J_CPU1, affinity $J_PINTO"
	if [ "$J_COLS" -ge 200 ]; then
		# 200 columns: the IRQ screen has room for every CPU's column,
		# AFF and EFF on each row and the whole name
		n=$(head -n 1 "$u/proc/interrupts" | wc -w)
		hdr="" i=0
		while [ $i -lt "$n" ]; do hdr="$hdr +CPU$i"; i=$((i + 1)); done
		keys Escape
		keys i
		wait_for "$(T '^IRQ +TOTAL/s')$hdr +AFF +EFF +NAME" 20 &&
			wait_for "^$J_IRQ +[-0-9.k]+( +[-0-9.k]+){$n} +$J_PINTO +[-0-9,]+ +$J_ACTION( |\$)" 20
		check $? "$bed: the IRQ screen: all $n CPUs' columns, AFF and EFF; IRQ $J_IRQ reads $J_PINTO, $J_ACTION"
	fi
	kill $feed; feed=""
	printable
	check $? "$bed: every screen captured held printable text only"
	keys q
	wait_for "$(T 'keep them or restore')" 10
	check $? "$bed: q asks whether to keep the pin or restore it"
	keys r
	wait_exit 10
done
