#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# What a person reads fits the terminal: the IRQ screen always names each
# IRQ's action (2 CPUs on this machine, 8 on the XU4); a hint wraps rather
# than being cut; the "terminal too small" sentence is whole at 40x10 and
# 12x6; the "+N more" marker has a line of its own; the ASCII fallback
# shows no degree sign.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 15

# joined: the screen as one line, runs of blanks squeezed.
joined() { screen | tr '\n' ' ' | tr -s ' '; }

# This machine: each of the first numbered IRQs with an action shows it
# whole on its row (virtio1-req.0 and virtio2-input.0 told apart).
start 80 24 "'$BENCHTOP' -d 0.5"
wait_for '^DISK +READ/s'
keys i
wait_for '^IRQ +TOTAL/s'
bad=""
for p in $(awk '$1 ~ /^[0-9]+:$/ { a = $NF; if (length(a) <= 15 && $(NF - 1) !~ /,$/)
	print substr($1, 1, length($1) - 1) "=" a }' /proc/interrupts |
	head -12); do
	n=${p%%=*} act=${p#*=}
	screen | grep -q -- "^$n .* $act\( \|$\)" || bad="$bad $n=$act"
done
[ -z "$bad" ]
check $? "IRQ screen here: every action name is on its row (missing:${bad:-none})"
keys q
wait_exit 10

# The XU4: 8 CPU columns and the action name at 80 columns.  Its load
# average is its own and as wide as a busy board's (the machine's own
# would make the header's width depend on how loaded the machine is).
mkdir -p "$TMPD/beds"
cp -r "$TESTBEDS/odroid-xu4" "$TMPD/beds/"
echo "16.77 19.69 10.95 9/120 4321" > "$TMPD/beds/odroid-xu4/proc/loadavg"
start 80 24 "$(TESTBEDS=$TMPD/beds bed_cmd odroid-xu4 '-d 1')"
wait_for '^DISK +READ/s'
keys i
wait_for '^IRQ +TOTAL/s +CPU0 +CPU1 +CPU2 +CPU3 +CPU4 +CPU5 +CPU6 +CPU7 +AFF +EFF +NAME'
check $? "XU4 IRQ screen: CPU0-CPU7, AFF, EFF and NAME at 80 columns"
screen | grep -Eq '^150 +[0-9]+( +[0-9.k]+){8} +2 +- +xhci-hcd:usb3' &&
	screen | grep -Eq '^151 +[0-9]+( +[0-9.k]+){8} +7 +- +xhci-hcd:usb5'
check $? "XU4 IRQ screen: xhci-hcd:usb3 and xhci-hcd:usb5 on their rows with their affinity"
# The USB screen names the CPU that takes a controller's interrupts, not
# the CPUs it may go to: IRQ 150 may go anywhere (0-7), CPU 2 takes it.
echo 0-7 > "$(cat "$TMPD/udir")/proc/irq/150/smp_affinity_list"
keys d
wait_for '^Bus 4 +5000M +xhci-hcd.2.auto \(xhci-hcd\) +IRQ 150 on CPU 2 \(affinity 0-7\)$'
check $? "USB screen: IRQ 150 on CPU 2 (affinity 0-7), the CPU that takes it"
# The header keeps the board and the whole load average: at 80 columns
# and at the smallest screen (60), where the host, kernel and uptime go.
head1='^.*Hardkernel Odroid XU4  .*load 16\.77 19\.69 10\.95 +[0-9]{2}:[0-9]{2}$'
screen | head -1 | grep -Eq "$head1"
check $? "80 columns: the header holds the board and the whole load average"
resize 60 12
wait_for "$head1" 5 && ! screen | head -1 | grep -q ' up '
st=$?
[ $st -eq 0 ] || diag "header: $(screen | head -1)"
check $st "60 columns: the board and the whole load average, the uptime gone"
resize 80 24
keys q
wait_exit 10

# The HC1: the UAS hint wraps onto a second line instead of being cut;
# the 480M hint follows it, whole, above the key bar.
start 80 24 "$(bed_cmd odroid-hc1-480m '-d 1')"
wait_for 'can do UAS but runs'
joined | grep -q 'USB 3-1 (ASMedia ASM1051E/ASM1053E/ASM1153E) can do UAS but runs usb-storage: look at usb-storage quirks USB 3-1 (ASMedia ASM1051E/ASM1053E/ASM1153E) is a SuperSpeed device running at 480M: try another port or cable h Help'
check $? "the hints are whole, wrapped above the key bar"

# a: more devices than rows; the marker stands alone on its line.
keys a
wait_for '\+[0-9]+ more'
lines=$(screen | grep -c '+[0-9]* more')
alone=$(screen | grep -Ec '^ +\+[0-9]+ more$')
[ "$lines" -ge 1 ] && [ "$lines" = "$alone" ]
check $? "with a: every '+N more' marker has its own line ($alone of $lines)"
screen | awk '/^ +\+[0-9]+ more$/ { print prev; exit } { prev = $0 }' > "$TMPD/above"
grep -Eq '^[a-z][^ ]* +[0-9.]+ [kMG]?B/s' "$TMPD/above"
check $? "the row above the disks' marker is a whole disk row: $(cat "$TMPD/above")"

resize 40 10
wait_for 'terminal too small'
joined | grep -q 'terminal too small: need 60x12 (now 40x10)'
check $? "at 40x10 the whole sentence: terminal too small: need 60x12 (now 40x10)"
resize 12 6
wait_for '12x6\)'
joined | grep -q 'terminal too small: need 60x12 (now 12x6)'
check $? "at 12x6 it is still whole, wrapped"
resize 80 24
wait_for '^DISK +READ/s'
check $? "at 80x24 the overview is back"
keys q
wait_exit 10

# The C locale: the temperature in plain ASCII.
start 80 24 "LANG=C LC_ALL=C $(bed_cmd odroid-xu4 '-d 1')"
wait_for '^CLUSTER '
screen | grep -Eq '^CLUSTER .* [0-9]+\.[0-9] C$'
check $? "C locale: the hottest zone as 'NN.N C'"
sleep 1.5
screen | LC_ALL=C grep -q '[^ -~]'
[ $? -ne 0 ]
check $? "C locale: only printable ASCII on the screen"
keys q
wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ]
check $? "q quits with status 0"
