#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Journey 2: which CPU takes the USB disk's interrupts, and pin them to
# the big cores from the chain view, on the Odroid XU4 testbed at 80x24.
# A feeder plays the kernel: sda reads 4 MB/s and IRQ 150 (the xHCI
# behind sda's USB bridge) fires 2000 times a second on the first CPU of
# its smp_affinity_list, by elapsed time, so after the pin CPU 4 takes them.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
[ "$(id -u)" = 0 ] || { echo "1..0 # SKIP pinning needs root"; exit 0; }
plan 12
feed=""
trap 'test -n "$feed" && kill $feed 2> /dev/null; $TMUXC kill-server > /dev/null 2>&1; rm -rf "$TMPD"' EXIT

cat > "$TMPD/feeder.py" <<'PY'
import os, sys, time
d = sys.argv[1]
disk = open(d + "/proc/diskstats").read().split("\n")
irq = open(d + "/proc/interrupts").read().split("\n")
aff = d + "/proc/irq/150/smp_affinity_list"
def put(name, text):
    open(name + ".new", "w").write(text)
    os.rename(name + ".new", name)
count = [int(x) for x in irq[2].split()[1:9]]
t = time.monotonic()
while True:
    now = time.monotonic()
    cpu = int(open(aff).read().replace("-", ",").split(",")[0])
    count[cpu] += int(2000 * (now - t) + 0.5)
    t += round(2000 * (now - t)) / 2000.0
    out = []
    for l in irq:
        if l.startswith("150:"):
            l = "150: " + " ".join("%10d" % c for c in count) + \
                "     GICv2 104 Edge      xhci-hcd:usb3"
        out.append(l)
    put(d + "/proc/interrupts", "\n".join(out))
    out = []
    for l in disk:
        f = l.split()
        if len(f) > 12 and f[2] == "sda":
            f[5] = str(int(f[5]) + int((now - t0) * 4e6 / 512))
            l = "%4s %7s %s" % (f[0], f[1], " ".join(f[2:]))
        out.append(l)
    put(d + "/proc/diskstats", "\n".join(out))
    time.sleep(0.01)
PY
sed -i 's/^t = time.monotonic()$/t = t0 = time.monotonic()/' "$TMPD/feeder.py"

track_captures
start 80 24 "$(bed_cmd odroid-xu4 '-d 1')"
wait_for '^sda .*USB 5000M uas' 30
check $? "the overview lists sda behind USB 5000M uas"
u=$(cat "$TMPD/udir")
python3 "$TMPD/feeder.py" "$u" &
feed=$!
wait_for '^sda +4\.0 MB/s ' 30
check $? "sda reads 4.0 MB/s on the overview"
# The overview's rows: the two clusters, mmcblk0, then sda.
keys j j j
wait_for '^CLUSTER' > /dev/null
keys Enter
wait_for '^CHAIN sda  \(p pins its IRQ, Esc back\)' 20
check $? "Enter on sda opens its chain, saying p pins its IRQ"
wait_for '^sda  read 4\.0 MB/s  write 0 B/s$' 30
check $? "the chain's first hop: sda, read 4.0 MB/s"
screen | grep -q '^  -> USB 4-1  ASMedia ASM1051E/ASM1053E/ASM1153E uas 5000M$'
check $? "-> USB 4-1, the ASMedia bridge on uas at 5000M"
screen | grep -q '^  -> host controller xhci-hcd.2.auto$'
check $? "-> the host controller xhci-hcd.2.auto"
wait_for '^  -> IRQ 150 xhci-hcd:usb3  2\.0k/s  on CPU 2 \(affinity 2\)$' 30
check $? "-> IRQ 150 at 2.0k/s: CPU 2 takes the disk's interrupts"
keys p
wait_for 'Pin IRQ 150 to' 20 && screen | grep -q 'big cores (4-7)'
check $? "p on the chain offers the big cores (4-7)"
keys Enter
wait_for 'IRQ 150: affinity 4-7' 20
check $? "the status line reads back affinity 4-7"
[ "$(cat "$u/proc/irq/150/smp_affinity_list")" = 4-7 ]
check $? "the testbed's smp_affinity_list holds 4-7"
wait_for '^  -> IRQ 150 xhci-hcd:usb3  2\.0k/s  on CPU 4 \(affinity 4-7\)$' 30
check $? "the chain follows: 2.0k/s now on big CPU 4, affinity 4-7"
kill $feed; feed=""
printable
check $? "every screen captured held printable text only"
keys q
wait_for 'keep them or restore' 10 > /dev/null && keys r
wait_exit 10
