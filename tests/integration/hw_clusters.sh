#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop --once [--json]` under the board testbeds: CPU clusters by
# cpufreq policy, core types, frequencies, thermal zones, and per-cluster
# sentences for broken sysfs values while the other clusters still show.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 20

command -v "$UMOCKDEV_RUN" > /dev/null 2>&1 || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }

CPU=sys/devices/system/cpu

# bed BED OUT BREAK [ARGS...]: benchtop --once ARGS on testbed BED after the
# shell commands BREAK ran in $UMOCKDEV_DIR; stdout into $TMPD/OUT.
bed() {
	_b=$1 _o=$2 _brk=$3
	shift 3
	"$UMOCKDEV_RUN" -- sh -c 'cp -r "$0"/. "$UMOCKDEV_DIR"/ &&
		chmod -R u+w "$UMOCKDEV_DIR" && (cd "$UMOCKDEV_DIR" && eval "$1") &&
		shift && exec "$@"' "$TESTBEDS/$_b" "$_brk" \
		"$BENCHTOP" --once --interval 0.2 "$@" > "$TMPD/$_o"
}

bed odroid-xu4 xu4.json : --json
check $? "odroid-xu4: --once --json exits 0"
J="$TMPD/xu4.json"
json "$J" '[(c["policy"], c["cpus"], c["core"], c["role"]) for c in d["clusters"]] == [(0, "0-3", "Cortex-A7", "little"), (4, "4-7", "Cortex-A15", "big")]'
check $? "odroid-xu4: little Cortex-A7 cpus 0-3 (policy0), big Cortex-A15 cpus 4-7 (policy4)"
json "$J" '[(c["hw_min_khz"], c["hw_max_khz"], c["min_khz"], c["max_khz"], c["governor"]) for c in d["clusters"]] == [(200000, 1400000, 200000, 1400000, "ondemand"), (200000, 2000000, 200000, 2000000, "ondemand")]'
check $? "odroid-xu4: 200-1400 and 200-2000 MHz, ondemand"
json "$J" 'd["clusters"][1]["time_in_state"][-1] == {"khz": 2000000, "ms": 566620} and d["clusters"][1]["transitions"] == 316653 and len(d["clusters"][0]["frequencies_khz"]) == 13'
check $? "odroid-xu4: 566.62 s at 2000 MHz, 316653 transitions, 13 OPPs on the A7s"
json "$J" '[z["type"] for z in d["thermal"]["zones"]] == ["cpu0-thermal", "cpu1-thermal", "cpu2-thermal", "cpu3-thermal"] and d["thermal"]["zones"][0]["temp_c"] == 31.0'
check $? "odroid-xu4: 4 cpu thermal zones, zone0 at 31.0 C"
json "$J" 'd["cpu_topology"]["present"] == "0-7" and d["board"] == "Hardkernel Odroid XU4" and not any(c["throttled"] for c in d["clusters"])'
check $? "odroid-xu4: 8 CPUs from sysfs, board from the device tree, not throttled"

bed odroid-xu4 xu4.txt :
check $? "odroid-xu4: --once exits 0"
grep -q '^CLUSTER  little Cortex-A7  cpus 0-3  ondemand  1400 MHz  200-1400 MHz  (hw 200-1400)$' "$TMPD/xu4.txt" &&
	grep -q '^CLUSTER  big Cortex-A15  cpus 4-7  ondemand  2000 MHz  200-2000 MHz  (hw 200-2000)$' "$TMPD/xu4.txt"
check $? "odroid-xu4: the CLUSTER lines"
grep -q '^THERMAL  cpu0-thermal  31.0°C  active 50/60/70  passive 70/85  critical 120 °C$' "$TMPD/xu4.txt"
check $? "odroid-xu4: the THERMAL line with its trip points"

bed rk3399 rk.json : --json
check $? "rk3399: --once --json exits 0"
json "$TMPD/rk.json" '[(c["cpus"], c["core"], c["role"], c["capacity"], c["hw_max_khz"]) for c in d["clusters"]] == [("0-3", "Cortex-A53", "little", 485, 1008000), ("4-5", "Cortex-A72", "big", 1024, 1500000)]'
check $? "rk3399: A53 little cpus 0-3 (capacity 485), A72 big cpus 4-5 (1024)"

bed exynos5250 ex.json : --json
check $? "exynos5250: --once --json exits 0"
json "$TMPD/ex.json" 'len(d["clusters"]) == 1 and d["clusters"][0]["cpus"] == "0-1" and d["clusters"][0]["core"] == "Cortex-A15" and d["clusters"][0]["frequencies_khz"][0] == 1700000 and d["clusters"][0]["transitions"] == 22156 and d["clusters"][0]["error"] is None'
check $? "exynos5250: one cluster of two A15s through the cpu1/cpufreq symlink"

bed x86-vm vm.txt :
check $? "x86-vm: --once exits 0"
grep -q '^CLUSTER  cpufreq not exposed by this kernel$' "$TMPD/vm.txt" &&
	grep -q '^CPUS     present 0-1  online 0-1  Intel(R) Xeon(R) Processor$' "$TMPD/vm.txt"
check $? "x86-vm: says cpufreq is not exposed and still lists the CPUs"
bed x86-vm vm.json : --json
json "$TMPD/vm.json" 'd["clusters"] == [] and d["cpufreq"] == "cpufreq not exposed by this kernel" and d["cpu_topology"]["present"] == "0-1"'
check $? "x86-vm: JSON clusters [] and the cpufreq sentence"

# The breakage goes through cpu4/cpufreq: `make dist` turns links into copies.
bed odroid-xu4 empty.json ": > $CPU/cpu4/cpufreq/scaling_cur_freq" --json
check $? "odroid-xu4, empty scaling_cur_freq: exits 0"
json "$TMPD/empty.json" 'd["clusters"][1]["error"] == "cpu4: scaling_cur_freq is empty" and d["clusters"][1]["cur_khz"] is None and d["clusters"][1]["max_khz"] == 2000000 and d["clusters"][0]["error"] is None and d["clusters"][0]["cur_khz"] == 1400000'
check $? "odroid-xu4, empty scaling_cur_freq: a sentence for the big cluster, the little one intact"

gone="cd $CPU && for c in 4 5 6 7; do rm -rf cpu\$c/cpufreq &&
	ln -s ../cpufreq/policy4 cpu\$c/cpufreq; done &&
	rm -rf cpufreq/policy4 && echo x7 > cpu0/cpu_capacity"
bed odroid-xu4 gone.txt "$gone"
check $? "odroid-xu4, policy4 gone and a garbage cpu_capacity: exits 0"
grep -q '^         error: cpu4: cpufreq points to ../cpufreq/policy4, which is gone$' "$TMPD/gone.txt" &&
	grep -q '^         error: cpu0: cpu_capacity is not a number ("x7")$' "$TMPD/gone.txt" &&
	grep -q '^CLUSTER  .*Cortex-A7  cpus 0-3  ondemand  1400 MHz' "$TMPD/gone.txt"
check $? "odroid-xu4, policy4 gone: sentences, and the A7 cluster still shows"

