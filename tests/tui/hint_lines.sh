#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The overview's hints say what was measured and offer only what would
# change something, and every hint that applies shows: at 80x24, the
# Odroid XU4 testbed with IRQ 151 busy on LITTLE CPU 0 (pinned with p, as
# root), the HC1 testbed whose USB disk has two problems at once, and
# the Exynos 5250 with a cpufreq policy per CPU, whose governor hint during
# a benchmark names one CPU ("CPU 0 runs", "CPU 0 läuft"), in en and de.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 11
busy=""
trap 'test -n "$busy" && kill $busy 2> /dev/null; $TMUXC kill-server > /dev/null 2>&1; rm -rf "$TMPD"' EXIT

# The XU4 with its tuning files, IRQ 151 on the kernel's default 0-7.
beds=$TMPD/beds
mkdir -p "$beds/xu4"
cp -r "$TESTBEDS/odroid-xu4/." "$TESTBEDS/odroid-xu4-tune/." "$beds/xu4/"
echo 0-7 > "$beds/xu4/proc/irq/151/smp_affinity_list"
echo 0 > "$beds/xu4/proc/irq/151/effective_affinity_list"
HC1=$TESTBEDS
TESTBEDS=$beds

# One process, writing every 50 ms by the clock: the big cores 40 % busy,
# CPU 0 90 % busy (a reading a tick off either way gives 89 or 91), IRQ 151 at 8000 a second on CPU 0 (where a GIC that
# keeps its effective CPU would leave it after a pin).
cat > "$TMPD/busy.py" <<'PY'
import os, sys, time
d = sys.argv[1]
src = open(d + "/proc/interrupts").read().split("\n")
t0 = time.monotonic()
def put(name, text):
    open(d + name + ".new", "w").write(text)
    os.rename(d + name + ".new", d + name)
while time.monotonic() - t0 < 120:
    i = (time.monotonic() - t0) * 100	# ticks of one CPU
    lines = []
    for c in range(8):
        share = 0.9 if c == 0 else 0.4 if c >= 4 else 0
        busy = int(share * i)
        lines.append("cpu%d %d 0 5000 %d 500 0 500 0 0 0" % (c, 10000 + busy, 100000 + int(i) - busy))
    put("/proc/stat", "cpu  80000 0 40000 800000 4000 0 4000 0 0 0\n" +
        "\n".join(lines) + "\nctxt 1\nbtime 1\n")
    out = []
    for l in src:
        if l.startswith("151:"):
            f = l.split()
            f[1] = str(334 + int(80 * i))
            l = "%4s %10s %10s %10s %10s %10s %10s %10s %10s     GICv2 105 Edge      xhci-hcd:usb5" % tuple(f[:9])
        out.append(l)
    put("/proc/interrupts", "\n".join(out))
    time.sleep(0.05)
PY

# joined: the screen as one line, its rows joined by a space (a hint wraps
# over up to three rows, at spaces).
joined() { screen | tr '\n' ' ' | tr -s ' '; }

start 80 24 "$(bed_cmd xu4 '-d 0.5')"
wait_for '^CLUSTER' > /dev/null
python3 "$TMPD/busy.py" "$(cat "$TMPD/udir")" &
busy=$!
wait_for '^big Cortex-A15 .* 40%' > /dev/null
wait_in joined 'IRQ 151 \(xhci-hcd:usb5\) runs on LITTLE CPU 0 \((89|90|91) % busy\) while the big cores are (39|40|41) % busy: press p to pin it to the big cores' 15
check $? "the IRQ hint gives the loads measured (CPU 0 90 %, big cores 40 %), not 'idle'"
! joined | grep -q 'idle'
check $? "... and does not call 40 % busy cores idle"
keys p
wait_for 'Pin IRQ 151 to' > /dev/null && keys Enter
wait_for 'IRQ 151: affinity 4-7'
check $? "p from the hint pins IRQ 151 to the big cores 4-7"
wait_in joined 'IRQ 151 \(xhci-hcd:usb5\) is pinned to the big cores \(4-7\) but its interrupts still arrive on LITTLE CPU 0' 15
check $? "pinned, its interrupts still on CPU 0: the hint says so"
! joined | grep -q 'press p'
check $? "... and no longer offers p, which would change nothing"
kill $busy; busy=""
keys q r
wait_exit 10

# The HC1: a UAS-capable bridge on usb-storage, and at 480M. Both show.
TESTBEDS=$HC1
start 80 24 "$(bed_cmd odroid-hc1-480m '-d 0.5')"
wait_for 'USB 3-1 \(ASMedia ASM1051E/ASM1053E/ASM1153E\) is a SuperSpeed device'
check $? "hc1: the 480M hint shows"
joined | grep -q 'USB 3-1 (ASMedia ASM1051E/ASM1053E/ASM1153E) can do UAS but runs usb-storage: look at usb-storage quirks'
check $? "hc1: ... and the UAS hint with it, not hidden behind it"
keys q
wait_exit 10

# Per-CPU cpufreq policies (the Exynos 5250's two A15s, each with a
# policy of its own as Qualcomm's Krait cores have): during a benchmark (an
# iperf run against a local iperf3 -s) the governor hint names CPU 0 in the
# singular, in English and in German (journey_beds.sh's catalogue).
. "$top_srcdir/tests/tui/journey_beds.sh"
if ! command -v iperf3 > /dev/null; then
	for i in 1 2 3 4; do skip "iperf3 missing"; done
	exit 0
fi
TESTBEDS=$beds
c=$beds/percpu/sys/devices/system/cpu
mkdir -p "$beds/percpu"
cp -r "$HC1/exynos5250/." "$HC1/exynos5250-live/." "$beds/percpu/"
rm "$c/cpu1/cpufreq"
cp -r "$c/cpu0/cpufreq" "$c/cpu1/cpufreq"
for n in 0 1; do
	echo $n > "$c/cpu$n/cpufreq/related_cpus"
	echo $n > "$c/cpu$n/cpufreq/affected_cpus"
done
P=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
iperf3 -s -B 127.0.0.1 -p "$P" > /dev/null 2>&1 &
busy=$!
mkdir -p "$TMPD/xdg"
for lang in en de; do
	journey_lang $lang || { skip "no msgfmt"; skip "no msgfmt"; continue; }
	start 80 24 "export XDG_CONFIG_HOME='$TMPD/xdg'; $J_LANG_CMD $(bed_cmd percpu '-d 0.5')"
	wait_for '^DISK ' 30 > /dev/null
	keys b
	wait_for '^iperf ' 20 > /dev/null
	n=$(screen | grep -E '^[a-z-]+ +(seq-direct|iozone|read-timing|bonnie|iperf) ' | grep -n '^iperf ' | cut -d: -f1)
	keys Home
	i=1; while [ "$i" -lt "${n:-1}" ]; do keys j; i=$((i + 1)); done
	keys Enter End
	i=0; while [ $i -lt 40 ]; do keys j; i=$((i + 1)); done
	keys Enter
	keys -l "127.0.0.1:$P"
	keys Enter
	one='CPU 0 runs ondemand during a benchmark: press P for performance'
	any='during a benchmark: press P'
	if [ $lang = de ]; then
		one='CPU 0 läuft im Benchmark mit ondemand: P schaltet auf performance'
		any='im Benchmark mit ondemand: P schaltet'
	fi
	# the hint as it shows during the run, once
	wait_in joined "$any" 30 > /dev/null
	joined > "$TMPD/hint"
	grep -qF "$one" "$TMPD/hint"
	check $? "per-CPU policies ($lang): the governor hint names one CPU in the singular"
	grep -q "$any" "$TMPD/hint" && ! grep -Eq 'CPUs 0 |CPU 0 run |CPU 0 laufen' "$TMPD/hint"
	check $? "per-CPU policies ($lang): the hint shows, with no plural"
	keys c
	sleep 1
	keys q
	wait_exit 20
done
