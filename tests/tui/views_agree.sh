#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# views_agree: one figure, one answer (issue 27, item 7). On every board
# testbed, and on an XU4 whose LITTLE cluster runs at 1017.6 MHz (556.8-
# 1017.6) with a host controller that has no driver, `benchtop --once`
# and the monitor (its overview at 200x50 and its USB screen) print the
# same cluster frequencies and ranges (rounded to the nearest MHz), the
# same CPU for each IRQ (an idle one names where it went since boot), and
# the same driver word for each USB bus.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
BEDS="odroid-xu4 odroid-hc1-480m odroid-hc1-480m-5.4 rk3399 x86-vm
collectors-rpi4 exynos5250 odd"
plan 26

# The odd bed: the XU4 at 1017600 kHz, 556800-1017600, and bus 3-4's
# controller (xhci-hcd.2.auto) without its driver link.
mkdir -p "$TMPD/beds/odd"
for b in $BEDS; do
	[ "$b" = odd ] || cp -r "$TESTBEDS/$b" "$TMPD/beds/"
done
cp -r "$TESTBEDS/odroid-xu4/." "$TMPD/beds/odd/"
p=$TMPD/beds/odd/sys/devices/system/cpu/cpufreq/policy0
echo 1017600 > "$p/scaling_cur_freq"
echo 556800 > "$p/scaling_min_freq"
echo 1017600 > "$p/scaling_max_freq"
python3 - "$TMPD/beds/odd/usb.umockdev" <<'PY'
import sys
blocks = open(sys.argv[1]).read().split("\n\n")
out = []
for b in blocks:
    lines = b.split("\n")
    if lines and lines[0].endswith("/xhci-hcd.2.auto"):
        lines = [l for l in lines if not l.startswith("L: driver=")]
    out.append("\n".join(lines))
open(sys.argv[1], "w").write("\n\n".join(out))
PY
TESTBEDS=$TMPD/beds

# once BED: benchtop --once on BED into $TMPD/once.
once() {
	_d=""
	[ -f "$TESTBEDS/$1/usb.umockdev" ] && _d="-d $TESTBEDS/$1/usb.umockdev"
	# shellcheck disable=SC2086
	"$UMOCKDEV_RUN" $_d -- sh -c 'cp -r "$0"/. "$UMOCKDEV_DIR"/ && exec "$@"' \
		"$TESTBEDS/$1" "$BENCHTOP" --once > "$TMPD/once" 2>&1
}

# figures KIND FILE: the figures a person compares, one a line, sorted.
#  once:    from --once: "cluster CPUS CUR RANGE", "irq N CPU", "bus N DRIVER"
#  screen:  from the overview: "cluster CPUS CUR RANGE", "irq N CPU"
#  usb:     from the USB screen: "bus N DRIVER", "irq N CPU"
figures() {
	python3 - "$1" "$2" <<'PY'
import re, sys
kind, text = sys.argv[1], open(sys.argv[2]).read().splitlines()
out = set()
if kind == "once":
    sec = None
    for l in text:
        m = re.match(r"CLUSTER  .*  cpus (\S+)  \S+  (\d+) MHz  (\d+)-(\d+) MHz", l)
        if m:
            out.add("cluster %s %s %s-%s" % m.groups())
        if l.startswith("IRQ ") and "ON CPU" in l:
            sec = "irq"
            continue
        if sec == "irq":
            m = re.match(r"(\d+) +\S+ +(\S+) ", l)
            if m:
                out.add("irq %s %s" % m.groups())
            elif not l.strip():
                sec = None
        m = re.match(r"  bus (\d+) +\S+ +\S+ \((.*)\)$", l)
        if m:
            out.add("bus %s %s" % m.groups())
elif kind == "screen":
    sec = None
    for l in text:
        if l.startswith("CLUSTER"):
            sec = "cl"
            continue
        if re.match(r"IRQ +", l) and "CPU" in l:
            sec = "irq"
            continue
        if sec == "cl":
            m = re.match(r".{19} (\S+) +\S+ +(\d+) MHz +(\d+)-(\d+) ", l)
            if m:
                out.add("cluster %s %s %s-%s" % m.groups())
            elif not l.strip() or re.match(r"[A-Z]{3,}", l):
                sec = None
        if sec == "irq":
            m = re.match(r" *(\d+) +\S+ +(\S+) ", l)
            if m:
                out.add("irq %s %s" % m.groups())
            elif not l.strip():
                sec = None
else:
    for l in text:
        m = re.match(r"Bus (\d+)  \S+  \S+ \((.*?)\)  (.*)$", l)
        if m:
            out.add("bus %s %s" % m.groups()[:2])
            for q in re.finditer(r"IRQ (\d+) on CPU (\d+)", m.group(3)):
                out.add("irq %s %s" % q.groups())
for f in sorted(out):
    print(f)
PY
}

for bed in $BEDS; do
	once "$bed"
	figures once "$TMPD/once" > "$TMPD/f.once"
	start 200 50 "$(bed_cmd "$bed" '-d 0.5')"
	wait_for '^CLUSTER|^CPU' 30 > /dev/null
	settle > /dev/null 2>&1
	screen > "$TMPD/screen"
	figures screen "$TMPD/screen" > "$TMPD/f.screen"
	keys d
	wait_for '^Bus [0-9]|[Nn]o USB' 20 > /dev/null
	screen > "$TMPD/usb"
	figures usb "$TMPD/usb" > "$TMPD/f.usb"
	keys q
	wait_exit 10
	# every figure a screen shows is --once's, and the overview shows
	# every cluster row and IRQ row --once has a figure for that fits
	comm -23 "$TMPD/f.screen" "$TMPD/f.once" > "$TMPD/d1"
	comm -23 "$TMPD/f.usb" "$TMPD/f.once" > "$TMPD/d2"
	grep '^cluster' "$TMPD/f.once" | comm -23 - "$TMPD/f.screen" > "$TMPD/d3"
	[ -s "$TMPD/d1" ] && diag "$bed: the overview says $(tr '\n' ';' < "$TMPD/d1") where --once says $(tr '\n' ';' < "$TMPD/f.once")"
	[ -s "$TMPD/d2" ] && diag "$bed: the USB screen says $(tr '\n' ';' < "$TMPD/d2") where --once says $(tr '\n' ';' < "$TMPD/f.once")"
	[ -s "$TMPD/d3" ] && diag "$bed: the overview lacks $(tr '\n' ';' < "$TMPD/d3")"
	[ ! -s "$TMPD/d1" ] && [ ! -s "$TMPD/d3" ] && [ -s "$TMPD/f.screen" ]
	check $? "$bed: the overview's cluster MHz and IRQ CPUs are --once's ($(grep -c . "$TMPD/f.screen") figures)"
	[ ! -s "$TMPD/d2" ]
	check $? "$bed: the USB screen's bus drivers and IRQ CPUs are --once's ($(grep -c . "$TMPD/f.usb") figures)"
	case $bed in
	odd)
		grep -qx 'cluster 0-3 1018 557-1018' "$TMPD/f.screen" &&
			grep -qx 'cluster 0-3 1018 557-1018' "$TMPD/f.once"
		check $? "odd: 1017600 kHz (556800-1017600) reads 1018 MHz 557-1018 in both"
		grep -qx 'bus 3 no driver' "$TMPD/f.usb" &&
			grep -qx 'bus 3 no driver' "$TMPD/f.once"
		check $? "odd: the driverless controller reads 'no driver' in both"
		grep -qx 'irq 150 2' "$TMPD/f.usb" && grep -qx 'irq 150 2' "$TMPD/f.once" &&
			grep -qx 'irq 150 2' "$TMPD/f.screen"
		check $? "odd: idle IRQ 150 is on CPU 2 in --once, the overview and the USB screen"
		;;
	*)	[ -s "$TMPD/f.once" ]
		check $? "$bed: --once printed figures to compare ($(grep -c . "$TMPD/f.once"))"
		;;
	esac
done
