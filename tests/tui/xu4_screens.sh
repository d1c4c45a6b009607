#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The live screen on the Odroid XU4 testbed (umockdev), at 80x24, as a
# person reads it: clusters, disks and links, IRQs, USB, live updates.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 21

start 80 24 "$(bed_cmd odroid-xu4 '-d 1')"
wait_for '^[^ ]+  Hardkernel Odroid XU4  [^ ]+  up '
check $? "the header names the board"
wait_for '^little Cortex-A7 +0-3 +ondemand +1400 MHz +200-1400'
check $? "the LITTLE cluster: Cortex-A7, CPUs 0-3, ondemand, 200-1400 MHz"
wait_for '^big Cortex-A15 +4-7 +ondemand +[0-9]+ MHz +200-2000'
check $? "the big cluster: Cortex-A15, CPUs 4-7, 200-2000 MHz"
wait_for '^sda .*USB 5000M uas ASM1153E'
check $? "sda's link: USB 5000M uas behind the ASMedia bridge, its chip ASM1153E first"
screen | grep -Eq '^eth0 .*USB 5000M r8152>$'
check $? "eth0's link: USB 5000M r8152, and > for the chip's name that 80 columns leave no room for"
screen | grep -Eq '^mmcblk0 ' && ! screen | grep -Eq '^(sda1|mmcblk0p1) '
check $? "whole disks shown, partitions hidden by default"

# Make the big cores busy and IRQ 151 (the RTL8153's xhci) fire 8000
# times a second on CPU 7, as in the seeds' iperf runs.
udir=$(cat "$TMPD/udir")
cat > "$TMPD/busy.py" <<'PY'
import os, sys, time
# One process, writing every 50 ms for 40 s, its figures keyed to the time
# since it began, not to how often it gets to run: a loaded machine gives
# the same rates.  Per half second the big cores gain 50 ticks of user
# time each, IRQ 151 gains 4000 on CPU 7 (8000 a second).
d = sys.argv[1]
src = open(d + "/proc/interrupts").read().split("\n")
t0 = time.monotonic()
def put(name, text):
    open(d + name + ".new", "w").write(text)
    os.rename(d + name + ".new", d + name)
while time.monotonic() - t0 < 40:
    i = (time.monotonic() - t0) * 2
    lines = []
    for c in range(8):
        busy = int(50 * i) if c >= 4 else 0
        idle = int(50 * i) - busy
        lines.append("cpu%d %d 0 5000 %d 500 0 500 0 0 0" % (c, 10000 + busy, 100000 + idle))
    put("/proc/stat", "cpu  80000 0 40000 800000 4000 0 4000 0 0 0\n" +
        "\n".join(lines) + "\nctxt 1\nbtime 1\n")
    out = []
    for l in src:
        if l.startswith("151:"):
            f = l.split()
            f[8] = str(7406300 + int(4000 * i))
            l = "%4s %10s %10s %10s %10s %10s %10s %10s %10s     GICv2 105 Edge      xhci-hcd:usb5" % tuple(f[:9])
        out.append(l)
    put("/proc/interrupts", "\n".join(out))
    time.sleep(0.05)
PY
python3 "$TMPD/busy.py" "$udir" &
busy=$!
wait_for '^big Cortex-A15 .* 100%'
check $? "the big cluster's utilisation follows /proc/stat (100 %)"
wait_for '^151 +[78][.0-9]*k +7 +7 +xhci-hcd:usb5'
check $? "IRQ 151 xhci-hcd:usb5 at ~8k/s on CPU 7, affinity 7, tops the IRQ list"

keys i
wait_for '^IRQ +TOTAL/s +CPU0 +CPU1 +CPU2 +CPU3 +CPU4 +CPU5 +CPU6 +CPU7 +AFF +EFF +NAME'
check $? "the IRQ screen has a column for each of the 8 CPUs, AFF, EFF and the name at 80 columns"
wait_for '^151 +[0-9.]+k +0 +0 +0 +0 +0 +0 +0 +[0-9.]+k +7 +- +xhci-hcd:usb5'
check $? "row 151: all on CPU7, affinity 7, no effective affinity file, named xhci-hcd:usb5"
# every IRQ row has its affinity and effective affinity under AFF and EFF
# (a CPU list, or - where the kernel has no file), the name after them
screen | awk -v a="$(screen | grep '^IRQ ' | awk '{ print index($0, " AFF ") }')" '
	/^IRQ / { on = 1; next }
	on && /^[0-9]+ / { n++; if (substr($0, a + 1) !~ /^[-0-9,]+ +[-0-9,]+ +[^ ]/) bad++ }
	END { exit !(a > 1 && n >= 5 && !bad) }'
check $? "at 80x24 every IRQ row shows AFF and EFF, then the name"
resize 200 50
wait_for '^151 +[0-9.]+k +0 +0 +0 +0 +0 +0 +0 +[0-9.]+k +7 +- +xhci-hcd:usb5 \(GICv2 105 Edge\)'
check $? "at 200x50 the IRQ screen keeps AFF, EFF and the whole name with its chip"
resize 80 24
keys j j
wait_for '^151: GICv2 105 Edge xhci-hcd:usb5  affinity 7, effective -'
check $? "the selected row's whole name and affinity are spelled out"

keys d
wait_for '^ +4-1 +174c:55aa +5000M/5000M +uas +sda +2 +ASM1153E ASMedia$'
check $? "USB screen: 4-1 ASMedia bridge at 5000M, capable 5000M, uas"
screen | grep -Eq '^ +6-1 +0bda:8153 +5000M/5000M +r8152 +eth0 +7 +RTL8153 Realtek$'
check $? "USB screen: 6-1 RTL8153 on r8152 at 5000M"
screen | grep -Eq '^Bus 4 +5000M +xhci-hcd.2.auto \(xhci-hcd\) +IRQ 150 on CPU 2 \(affinity 2\)'
check $? "USB screen: bus 4's host controller, its IRQ and where it fires"

keys h
wait_for '^ +q F10 +quit'
check $? "the help screen lists q (and F10)"
wait_for '^ +Left Right l +.*AFF and EFF'
check $? "the help says the IRQ screen keeps AFF and EFF and how its CPU columns fit"
keys Escape
keys 1
wait_for '^CLUSTER'
check $? "1 returns to the overview"
resize 120 34
wait_for '^  7 .* +[0-9]+%$'
check $? "a larger terminal shows a bar per CPU, wrapped so CPU 7 is not lost"
resize 80 24
kill $busy 2> /dev/null
keys q
wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ]
check $? "q quits with status 0"
