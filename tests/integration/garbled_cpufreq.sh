#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Garbled cpufreq files are said, not shown as numbers: on the Odroid XU4
# testbed, scaling_cur_freq "1e23" (libcpupower's strtoul read 1 kHz, shown
# as 0 MHz) and related_cpus "0-99999" (read as CPU 0: the big cores
# joined the LITTLE cluster) each give a sentence naming the file, and
# --once keeps the big cluster apart.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 4
P4=sys/devices/system/cpu/cpufreq/policy4
# once NAME FILE VALUE: --once with policy4's FILE holding VALUE
once() {
	"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
		cp -r "$1/odroid-xu4/." "$UMOCKDEV_DIR/" || exit 99
		echo "$4" > "$UMOCKDEV_DIR/$5/$3"
		"$2" --once > "$6" 2>&1' sh "$TESTBEDS" "$BENCHTOP" "$2" "$3" \
		"$P4" "$TMPD/$1"
}
once cur scaling_cur_freq 1e23
grep -q '^CLUSTER  big Cortex-A15  cpus 4-7  ondemand  ? MHz' "$TMPD/cur" && ! grep -q ' 0 MHz' "$TMPD/cur"
st=$?; [ $st = 0 ] || diag "$(grep -A1 CLUSTER "$TMPD/cur")"
check $st "scaling_cur_freq 1e23: no figure (?), not 0 MHz"
grep -q 'error: cpu4: scaling_cur_freq is not a number ("1e23")' "$TMPD/cur"
check $? "... and a sentence names the file and its text"
once rel related_cpus 0-99999
grep -q '^CLUSTER  little Cortex-A7  cpus 0-3 ' "$TMPD/rel" && grep -q '^CLUSTER  big Cortex-A15  cpus 4-7 ' "$TMPD/rel"
st=$?; [ $st = 0 ] || diag "$(grep -A1 CLUSTER "$TMPD/rel")"
check $st "related_cpus 0-99999: the big cluster stays 4-7, labelled big"
grep -q 'error: cpu4: related_cpus is not a list of present CPUs ("0-99999")' "$TMPD/rel"
check $? "... and a sentence names the file and its text"
