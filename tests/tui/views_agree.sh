#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# views_agree: one figure, one answer (issue 27, item 7). On every board
# testbed, and on an XU4 whose LITTLE cluster runs at 1017.6 MHz (556.8-
# 1017.6) with a host controller that has no driver, `benchtop --once`
# and the monitor (its overview at 200x50 and its USB screen) print the
# same cluster frequencies and ranges (rounded to the nearest MHz), the
# same CPU for each IRQ (an idle one names where it went since boot), and
# the same driver word for each USB bus (each bed with its live overlay,
# tests/testbeds/BED-live, as live_cmd lays it). The chain of the bed's
# device (journey_beds.sh's J_CHAIN), live and replayed, and the replay of
# the session --once --snapshot saved (its overview, its USB screen) name
# the same CPU for each IRQ as --once, and so do --once's chain lines and
# its JSON chain[].irqs[].cpu (the odd bed's IRQ 151 sent to CPU 4 by its
# effective affinity, its counts since boot CPU 7's): the file's per_cpu_count rows are
# what the live views read. A file saved without them still replays.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
. "$top_srcdir/tests/tui/journey_beds.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
BEDS="odroid-xu4 odroid-hc1-480m odroid-hc1-480m-5.4 rk3399 x86-vm
collectors-rpi4 exynos5250 odd"
plan 51

# The odd bed: the XU4 at 1017600 kHz, 556800-1017600, and bus 3-4's
# controller (xhci-hcd.2.auto) without its driver link.
mkdir -p "$TMPD/beds/odd"
for b in $BEDS; do
	[ "$b" = odd ] || cp -r "$TESTBEDS/$b" "$TMPD/beds/"
	[ ! -d "$TESTBEDS/$b-live" ] || cp -r "$TESTBEDS/$b-live" "$TMPD/beds/"
done
cp -r "$TESTBEDS/odroid-xu4/." "$TMPD/beds/odd/"
p=$TMPD/beds/odd/sys/devices/system/cpu/cpufreq/policy0
echo 1017600 > "$p/scaling_cur_freq"
# IRQ 151 pinned to 4-7: the kernel sends it to CPU 4 now, while its counts
# since boot are still CPU 7's (an idle IRQ names where it goes next)
echo 4-7 > "$TMPD/beds/odd/proc/irq/151/smp_affinity_list"
echo 4 > "$TMPD/beds/odd/proc/irq/151/effective_affinity_list"
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

# once BED: benchtop --once on BED (with its live overlay, as live_cmd
# lays it: the /proc files the bed itself lacks) into $TMPD/once, the
# session into $TMPD/s.json.
once() {
	start 200 50 "$(live_cmd "$1" "--once --snapshot '$TMPD/s.json' -F > '$TMPD/once' 2>&1")"
	wait_exit 60
	start 200 50 "$(live_cmd "$1" "--once --json > '$TMPD/once.json' 2>&1")"
	wait_exit 60
}

# chains: the CPU --once's chain lines and its JSON chain[].irqs[].cpu
# name for each IRQ, "chain N CPU" ("-" for none yet), one a line.
chains() {
	python3 - "$TMPD/once" "$TMPD/once.json" <<'PY'
import json, re, sys
out = set()
for l in open(sys.argv[1]).read().splitlines():
    m = re.search(r" -> IRQ (\d+) -> (?:CPU (\d+)|no interrupts yet)$", l)
    if m:
        out.add("text %s %s" % (m.group(1), m.group(2) or "-"))
    m = re.search(r" -> IRQs (.*)$", l)
    if m:
        for q in re.finditer(r"(\d+) \((?:CPU (\d+)|no interrupts yet)\)", m.group(1)):
            out.add("text %s %s" % (q.group(1), q.group(2) or "-"))
for c in json.load(open(sys.argv[2])).get("chain", []):
    for q in c.get("irqs", []):
        out.add("json %s %s" % (q["irq"], "-" if q["cpu"] is None else q["cpu"]))
for f in sorted(out):
    print(f)
PY
}

# chain DEV: the chain of DEV opened from the overview (a click on its
# row, Enter), its IRQ lines' figures appended to $TMPD/f.chain; back.
chain() {
	_l=$(journey_line "^$1 ")
	[ -n "$_l" ] || { diag "no row for $1 on the overview"; return 1; }
	journey_click 2 "$_l"
	keys Enter
	wait_for "^CHAIN $1 " 20 &&
		wait_for "^  -> IRQ [0-9]+ " 20 || return 1
	screen | sed -n 's/^  -> IRQ \([0-9]*\) .*  on CPU \([^ ]*\) (.*/irq \1 \2/p' >> "$TMPD/f.chain"
	keys Escape
	wait_for '^CLUSTER|^CPU' 20 > /dev/null
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

# views ARGS KIND: the overview, the chain of $dev (when the bed has one)
# and the USB screen of benchtop ARGS on the bed, into $TMPD/f.KIND
# (figures), $TMPD/f.chain (appended) and $TMPD/f.KINDusb.
views() {
	start 200 50 "$(live_cmd "$bed" "$1")"
	wait_for '^CLUSTER|^CPU' 30 > /dev/null
	settle > /dev/null 2>&1
	screen > "$TMPD/screen"
	figures screen "$TMPD/screen" > "$TMPD/f.$2"
	if [ -n "$dev" ]; then
		chain "$dev" || echo "chain $dev: no IRQ line" >> "$TMPD/f.chain"
	fi
	keys d
	wait_for '^Bus [0-9]|[Nn]o USB' 20 > /dev/null
	screen > "$TMPD/usb"
	figures usb "$TMPD/usb" > "$TMPD/f.${2}usb"
	keys q
	wait_exit 10
}

for bed in $BEDS; do
	dev="" J_CHAIN=""
	journey_bed "$bed" 2> /dev/null && dev=${J_CHAIN:-}
	[ "$bed" = odd ] && dev=sda
	once "$bed"
	figures once "$TMPD/once" > "$TMPD/f.once"
	: > "$TMPD/f.chain"
	views '-d 0.5' screen
	views "--replay '$TMPD/s.json'" replay
	# the replay's IRQ CPUs, and the chain's, live and replayed
	grep -h '^irq' "$TMPD/f.replay" "$TMPD/f.replayusb" | sort -u |
		comm -23 - "$TMPD/f.once" > "$TMPD/d4"
	sort -u "$TMPD/f.chain" | comm -23 - "$TMPD/f.once" > "$TMPD/d5"
	[ -s "$TMPD/d4" ] && diag "$bed: the replay says $(tr '\n' ';' < "$TMPD/d4") where --once says $(grep '^irq' "$TMPD/f.once" | tr '\n' ';')"
	[ -s "$TMPD/d5" ] && diag "$bed: the chain says $(tr '\n' ';' < "$TMPD/d5") where --once says $(grep '^irq' "$TMPD/f.once" | tr '\n' ';')"
	[ ! -s "$TMPD/d4" ] && grep -q '^irq' "$TMPD/f.replay"
	check $? "$bed: the replay's overview and USB screen name --once's CPU for each IRQ ($(grep -c '^irq' "$TMPD/f.replay") + $(grep -c '^irq' "$TMPD/f.replayusb"))"
	[ ! -s "$TMPD/d5" ] && { [ -z "$dev" ] || [ "$(grep -c '^irq' "$TMPD/f.chain")" -ge 2 ]; }
	check $? "$bed: the chain of ${dev:-(no device)} names --once's CPU, live and replayed ($(grep -c '^irq' "$TMPD/f.chain") IRQ lines)"
	mv "$TMPD/f.screenusb" "$TMPD/f.usb"
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
	# --once's chain (its line and its JSON) names the CPU its IRQ table
	# and the screens name, on every bed
	chains > "$TMPD/f.chains"
	grep '^irq' "$TMPD/f.once" | sed 's/^irq/x/' > "$TMPD/f.taker"
	grep '^irq' "$TMPD/f.chain" | sed 's/^irq/x/' >> "$TMPD/f.taker"
	sed 's/^[a-z]* /x /' "$TMPD/f.chains" | sort -u |
		comm -23 - "$(sort -u "$TMPD/f.taker" > "$TMPD/f.t2"; echo "$TMPD/f.t2")" > "$TMPD/d6"
	[ -s "$TMPD/d6" ] && diag "$bed: --once's chain says $(tr '\n' ';' < "$TMPD/d6") where its IRQ table and the chain screen say $(tr '\n' ';' < "$TMPD/f.t2")"
	[ ! -s "$TMPD/d6" ] && [ "$(grep -c "^text" "$TMPD/f.chains")" = "$(grep -c "^json" "$TMPD/f.chains")" ]
	check $? "$bed: --once's chain line and JSON chain cpu name the screens' CPU ($(grep -c . "$TMPD/f.chains") IRQs)"
	case $bed in
	odd)
		grep -qx 'cluster 0-3 1018 557-1018' "$TMPD/f.screen" &&
			grep -qx 'cluster 0-3 1018 557-1018' "$TMPD/f.once"
		check $? "odd: 1017600 kHz (556800-1017600) reads 1018 MHz 557-1018 in both"
		grep -qx 'bus 3 no driver' "$TMPD/f.usb" &&
			grep -qx 'bus 3 no driver' "$TMPD/f.once"
		check $? "odd: the driverless controller reads 'no driver' in both"
		grep -qx 'irq 150 2' "$TMPD/f.usb" && grep -qx 'irq 150 2' "$TMPD/f.once" &&
			grep -qx 'irq 150 2' "$TMPD/f.screen" &&
			grep -qx 'irq 150 2' "$TMPD/f.replay"
		check $? "odd: idle IRQ 150 is on CPU 2 in --once, the overview, the USB screen and the replay"
		# a session file saved before per_cpu_count: still replayed
		python3 - "$TMPD/s.json" "$TMPD/old.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for q in d["system"]["irqs"]:
    q.pop("per_cpu_count", None)
json.dump(d, open(sys.argv[2], "w"))
PY
		start 200 50 "$(live_cmd "$bed" "--replay '$TMPD/old.json'")"
		wait_for '^REPLAY ' 30 > /dev/null && wait_for '^ *150 ' 20 > /dev/null
		r=$?
		keys q
		wait_exit 10
		check $r "odd: a session file without per_cpu_count replays (IRQ 150 listed)"
		;;
	*)	[ -s "$TMPD/f.once" ]
		check $? "$bed: --once printed figures to compare ($(grep -c . "$TMPD/f.once"))"
		;;
	esac
done
