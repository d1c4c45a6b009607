#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Journey 3: switch the big cluster's governor (g) and its frequency
# limits (f), then undo each (u), at 80x24 on each testbed of
# tests/tui/journey_beds.sh that has cpufreq (the XU4 with its tuning
# overlay, the HC1, the RK3399, and the Exynos 5250 on a 3.x kernel, one
# cluster of two A15s whose cpu1/cpufreq links to cpu0's), reading every
# value on the cluster row and in the testbed's cpufreq files. The x86 VM
# and the Raspberry Pi 4 capture have no cpufreq: there the
# journey reads what a person sees instead - the sentence on the overview,
# and g, f, P each saying there is nothing to set. Each bed in English and
# in German, at 80x24 and 200x50 (journey_beds.sh's journey_runs; T gives
# the words).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
. "$top_srcdir/tests/tui/journey_beds.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
[ "$(id -u)" = 0 ] || { echo "1..0 # SKIP tuning needs root"; exit 0; }
RUNS=$(journey_runs tune)
n=0
for run in $RUNS; do
	journey_run "$run"
	if [ -n "$J_ROW" ]; then n=$((n + 16)); else n=$((n + 6)); fi
done
plan $n
XDG_CONFIG_HOME=$TMPD/config
export XDG_CONFIG_HOME
file() { cat "$(cat "$TMPD/udir")/sys/devices/system/cpu/$J_POLICY/$1"; }
# typed LIMIT: choose the typed value of the open limit list, type LIMIT.
typed() {
	keys Enter End Enter
	wait_for '> _' 20 > /dev/null
	keys -l "$1"
	keys Enter
}

# no_cpufreq BED: what the journey is on a machine without cpufreq.
no_cpufreq() {
	start "$J_COLS" "$J_ROWS" "$J_LANG_CMD $(live_cmd "$1" '-d 0.5')"
	wait_for "$(T '^cpufreq not exposed by this kernel$')" 30 &&
		{ [ -z "$J_CORES" ] || wait_for "$J_CORES" 10; }
	check $? "$bed: the overview says cpufreq not exposed by this kernel${J_CORES:+, under the row of its cores}"
	keys g
	wait_for "$(T '^cpufreq not exposed by this kernel: no governor or frequency limit to set')" 10
	check $? "$bed: g says there is no governor to set, and why"
	keys f
	wait_for "$(T '^cpufreq not exposed by this kernel: no governor or frequency limit to set')" 10
	check $? "$bed: f says the same of the limits"
	keys P
	wait_for "$(T '^no cluster has cpufreq')" 10
	check $? "$bed: P (all to performance): no cluster has cpufreq"
	printable
	check $? "$bed: every screen captured held printable text only"
	keys q
	wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ]
	check $? "$bed: q quits at once (nothing was changed), status 0"
}

track_captures
for run in $RUNS; do
	journey_run "$run"
	bed=$J_WHAT
	[ -n "$J_ROW" ] || { no_cpufreq "$J_BED"; continue; }
	# each bed a machine of its own: its own runtime journal, as the
	# live screen reads the one `benchtop set` keeps
	BENCHTOP_RUNTIME_DIR=$TMPD/run-$J_BED-$J_LANG-$J_COLS
	start "$J_COLS" "$J_ROWS" "$J_LANG_CMD $(LIVE_EXTRA=$J_EXTRA live_cmd "$J_BED" '-d 0.5')"
	role=only other="one cluster: its row is the only one"
	[ -n "$J_LITTLE" ] && role=big other="the LITTLE row is untouched"
	max0=${J_LIM0#*-} min0=${J_LIM0%-*}
	wait_for "${J_ROW}$J_GOV0 +[0-9]+ MHz +$J_LIM0 " 30
	check $? "$bed: the $role row: $J_GOV0, limits $J_LIM0 MHz"
	# the big cluster is the second row (J_GO), one cluster the only; then
	# performance's place in its list
	keys $J_GO g
	# the list is read once the box shows it (its title can come first)
	wait_for "$(T "Governor for CPUs [0-9-]+ \\(now $J_GOV0\\)")" 20 &&
		wait_in dialog_text '^ *performance( |$)' 10 &&
		wait_in dialog_text "^ *$J_GOVS" 10
	check $? "$bed: g on the tuned row lists its governors (performance, $J_GOVS...)"
	at=$(tr ' ' '\n' < "$(cat "$TMPD/udir")/sys/devices/system/cpu/$J_POLICY/scaling_available_governors" | grep -n '^performance$' | cut -d: -f1)
	keys Home
	i=1; while [ $i -lt "$at" ]; do keys j; i=$((i + 1)); done
	keys Enter
	cpus=$(echo "$J_ROW" | sed 's/.* +\([0-9-]*\) +$/\1/')
	wait_for "$(T "CPUs $cpus: governor $J_GOV0 -> performance, read back performance")" 20
	check $? "$bed: performance chosen: old, new and read-back on the status line"
	wait_for "${J_ROW}performance +[0-9]+ MHz +$J_LIM0 " 20 && [ "$(file scaling_governor)" = performance ]
	check $? "$bed: the $role row and scaling_governor say performance"
	if [ -n "$J_LITTLE" ]; then
		screen | grep -Eq "$J_LITTLE"
	else
		# the row's per-CPU bars ("  0 ░░░   0%") come between
		# where the screen has rows for them (200x50)
		wait_for "$(T '^DISK ')" 20 &&
		screen | sed -n "/$(echo "$J_ROW" | sed 's/ +/ */g')/,\$p" |
			grep -v -E '^ +[0-9]+ ' | sed -n 2p | grep -q "$(T '^DISK ')" ||
			{ diag "not the DISK header after /$J_ROW/:" "$(screen)"; false; }
	fi
	check $? "$bed: $other"

	keys f
	wait_for "$(T "Frequency limit of CPUs $cpus to change")" 20 && screen | grep -q "$(T "maximum (now $max0 MHz)")"
	check $? "$bed: f asks which limit: maximum (now $max0 MHz), minimum"
	IFS=: read -r t1 k1 m1 <<EOT
$J_MAX
EOT
	IFS=: read -r t2 k2 m2 <<EOT
$J_MIN
EOT
	typed "$t1"
	wait_for "$(T "CPUs $cpus: maximum kHz ${max0}000 -> $k1, read back $k1")" 20
	check $? "$bed: a typed $t1 maximum is read back as $k1 kHz"
	wait_for "${J_ROW}performance +[0-9]+ MHz +$min0-$m1 " 20 && [ "$(file scaling_max_freq)" = "$k1" ]
	check $? "$bed: the $role row's range reads $min0-$m1 MHz, as scaling_max_freq"
	keys f j
	wait_for "$(T "minimum \\(now $min0 MHz\\)")" 20 > /dev/null
	typed "$t2"
	wait_for "$(T "CPUs $cpus: minimum kHz ${min0}000 -> $k2, read back $k2")" 20
	check $? "$bed: a typed $t2 minimum is read back as $k2 kHz"
	wait_for "${J_ROW}performance +[0-9]+ MHz +$m2-$m1 " 20 && [ "$(file scaling_min_freq)" = "$k2" ]
	check $? "$bed: the $role row's range reads $m2-$m1 MHz, as scaling_min_freq"

	keys u
	wait_for "$(T "undo: CPUs $cpus: minimum kHz $k2 -> ${min0}000")" 20 &&
		wait_for "${J_ROW}performance +[0-9]+ MHz +$min0-$m1 " 20
	check $? "$bed: u: the minimum goes back first, the row reads $min0-$m1"
	keys u
	wait_for "$(T "undo: CPUs $cpus: maximum kHz $k1 -> ${max0}000")" 20 &&
		wait_for "${J_ROW}performance +[0-9]+ MHz +$J_LIM0 " 20
	check $? "$bed: u: then the maximum, the row reads $J_LIM0"
	keys u
	wait_for "$(T "undo: CPUs $cpus: governor performance -> $J_GOV0")" 20 &&
		wait_for "${J_ROW}$J_GOV0 +[0-9]+ MHz +$J_LIM0 " 20
	check $? "$bed: u: then the governor, the row reads $J_GOV0"
	[ "$(file scaling_governor) $(file scaling_min_freq) $(file scaling_max_freq)" = "$J_GOV0 ${min0}000 ${max0}000" ]
	check $? "$bed: the files hold the originals: $J_GOV0, ${min0}000, ${max0}000"
	printable
	check $? "$bed: every screen captured held printable text only"
	keys q
	wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ]
	check $? "$bed: q quits at once (nothing left in force), status 0"
done
