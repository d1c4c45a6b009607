#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The experiment against the truth rig: the hook tunable (test-only,
# BENCHTOP_EXPERIMENT_HOOK) sets the rig disk's throttle or the rig link's
# shaper, so the variants differ by a known factor; the experiment must
# find it and its size within 3 %, and put the throttle back.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
RIG_SH=$top_srcdir/tests/rig/rig.sh
[ -r "$RIG_SH" ] || { echo "1..0 # SKIP tests/rig/rig.sh is not there"; exit 0; }
. "$RIG_SH"
rig_trap 'rm -rf "$TMPD"'
plan 16
MB=1048576
BENCHTOP_EXPERIMENT_HOOK=$top_srcdir/tests/integration/exp_rig_hook.sh
RIG_HOOK_STATE=$TMPD/hook
XDG_CONFIG_HOME=$TMPD/config
BENCHTOP_NO_PROGRESS=1
export BENCHTOP_EXPERIMENT_HOOK RIG_HOOK_STATE RIG_SH XDG_CONFIG_HOME \
	BENCHTOP_NO_PROGRESS

# Disk: 16 MiB/s against 32 MiB/s, read and write: B/A is 2.  Five runs a
# side: no distribution-free test can claim anything from three at 5 %
# (the smallest p of three against three is 2/20), five reach 2/252.
if rig_disk_up 0 0 0 0; then
	export RIG_CGROUP RIG_DEVNO RIG_CG_VER
	rig_run "$BENCHTOP" experiment --preset seq-direct --size 64M \
		--target "$RIG_MNT" --vary hook:disk=$((16 * MB)),$((32 * MB)) \
		--repeat 5 --json > "$TMPD/disk.json" 2> "$TMPD/disk.err"
	check $? "disk: a hook experiment on the rig disk, status 0"
	diag "$(grep 'done:' "$TMPD/disk.err")"
	diag "$(python3 -c 'import json, sys
for f in json.load(open(sys.argv[1]))["figures"]:
    print(f["name"], [round(v["median"], 2) for v in f["variants"]], "B/A %.4f" % f["comparisons"][0]["ratio"])' "$TMPD/disk.json" 2>&1)"
	# Each pass starts its budget afresh (the cap or the direction changed
	# before it): rig.sh's slice rule puts a pass of T seconds at the cap
	# between RATE and RATE x T / (T - 0.2 s).  A's 64 MiB at 16 MiB/s is
	# a 4 s pass, B's at 32 MiB/s a 2 s pass; so A's median is within
	# 16.8-17.7 MB/s and B/A within 2 x 3.8/4 = 1.90 and 2 x 2/1.8 = 2.22,
	# each 3 % wider (measured B/A: 1.99 on a loaded machine, 2.03 idle;
	# the CI run that failed the 3 %-of-2 check is not on record).
	json "$TMPD/disk.json" 'len(d["figures"]) == 2 and all(16 * 1.048576 * 0.97 <= f["variants"][0]["median"] <= 16 * 1.048576 * 4 / 3.8 * 1.03 for f in d["figures"])'
	check $? "disk: A's medians are the throttle's 16.8 MB/s, within the slice range and 3 %"
	json "$TMPD/disk.json" 'len(d["figures"]) == 2 and all(f["comparisons"][0]["verdict"] == "higher" and 2 * 3.8 / 4 * 0.97 <= f["comparisons"][0]["ratio"] <= 2 * 2 / 1.8 * 1.03 and f["comparisons"][0]["sentence"].startswith("faster by ") for f in d["figures"])'
	check $? "disk: write and read found faster, B/A = 2 within the slice range and 3 %"
	[ "$(cat "$RIG_HOOK_STATE.disk")" = 0 ] && json "$TMPD/disk.json" 'd["restored"]'
	check $? "disk: the throttle is back to none"
	rig_down
else
	rig_skip 4 "$RIG_WHY"
fi

# Link: 40 Mbit/s against 80 Mbit/s, a real iperf3 server in B.
if command -v iperf3 > /dev/null && rig_link_up 40; then
	export RIG_NS_A RIG_NS_B RIG_IF_A RIG_IF_B
	echo 40 > "$RIG_HOOK_STATE.link"	# what rig_link_up set
	port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	rig_in_b iperf3 -s -p "$port" -B "$RIG_ADDR_B" > /dev/null 2>&1 &
	sleep 0.5
	rig_in_a "$BENCHTOP" experiment --preset iperf --time 3 \
		--target "$RIG_ADDR_B" --port "$port" --vary hook:link=40,80 \
		--repeat 5 --json > "$TMPD/link.json" 2> "$TMPD/link.err"
	check $? "link: a hook experiment over the rig link with iperf3, status 0"
	diag "$(grep 'done:' "$TMPD/link.err")"
	# tbf counts whole frames: TCP's goodput is 1448 of every 1514 bytes.
	json "$TMPD/link.json" '[abs(f["variants"][0]["median"] / (40 * 1448 / 1514) - 1) < 0.03 for f in d["figures"] if f["name"] == "receiver"] == [True]'
	check $? "link: A's receiver median is the shaper's goodput, 38.3 Mbit/s, within 3 %"
	json "$TMPD/link.json" '[(c["verdict"], abs(c["ratio"] / 2 - 1) < 0.03) for f in d["figures"] if f["name"] == "receiver" for c in f["comparisons"]] == [("higher", True)]'
	check $? "link: receiver found faster, B/A = 2 within 3 %"
	[ "$(cat "$RIG_HOOK_STATE.link")" = 40 ] && json "$TMPD/link.json" 'd["restored"]'
	check $? "link: the shaper is back to 40 Mbit/s"
	# A true +10 %: 40 against 44 Mbit/s, --repeat auto (the default): it
	# stops at the first look that decides both main figures.
	echo 40 > "$RIG_HOOK_STATE.link"
	rig_in_a "$BENCHTOP" experiment --preset iperf --time 2 \
		--target "$RIG_ADDR_B" --port "$port" --vary hook:link=40,44 \
		--json > "$TMPD/ten.json" 2> "$TMPD/ten.err"
	check $? "link +10 %: an auto experiment, status 0"
	diag "$(grep 'after ' "$TMPD/ten.err")"
	# Both found faster; the receiver's (the shaper's goodput) estimate is
	# the true 10 % within the rig's 3 %.  Whether an interval holds the
	# truth is a 95 % matter, and the sender's counts what is still
	# queued (6.7-9.5 % in one run): neither is asserted.
	json "$TMPD/ten.json" '[(c["verdict"], c["sentence"].startswith("faster by ")) for f in d["figures"] if f["name"] in ("sender", "receiver") for c in f["comparisons"]] == [("higher", True)] * 2 and all(abs(c["estimate_pct"] - 10) <= 3 for f in d["figures"] if f["name"] == "receiver" for c in f["comparisons"]) and d["auto"] and d["repeat"] < 20'
	check $? "link +10 %: sender and receiver faster, the receiver by 10 % within 3 %, before the budget"
	grep -Eq '^benchtop experiment: every main figure is decided after [0-9]+ runs a side$' "$TMPD/ten.err"
	check $? "link +10 %: stderr says it stopped because every main figure was decided"
	# The XU4 write-up's experiment on the XU4 testbed: eth0's IRQ (151,
	# through the chain) on the LITTLE cores, then on the big ones.  Here
	# the pin lands in a testbed file whose effective affinity stays on
	# CPU 7: the LITTLE pin does not take effect and is marked, its runs
	# left out; auto with a budget of 10 a side.
	if command -v "$UMOCKDEV_RUN" > /dev/null; then
		rig_in_a "$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
			cp -r "$1/odroid-xu4/." "$UMOCKDEV_DIR/" &&
			cp -r "$1/odroid-xu4-tune/." "$UMOCKDEV_DIR/" || exit 99
			"$2" experiment --preset iperf --time 2 --target "$3" \
				--port "$4" --vary irq:eth0=little,big --budget 10 \
				--json > "$5.json" 2> "$5.err"
			echo $? > "$5.rc"
			cat "$UMOCKDEV_DIR/proc/irq/151/smp_affinity_list" > "$5.after"' \
			sh "$TESTBEDS" "$BENCHTOP" "$RIG_ADDR_B" "$port" "$TMPD/xu4"
		[ "$(cat "$TMPD/xu4.rc")" = 0 ] && [ "$(cat "$TMPD/xu4.after")" = 7 ]
		check $? "XU4 testbed: irq:eth0=little,big over the rig link, status 0, IRQ 151 back on CPU 7"
		json "$TMPD/xu4.json" '[(e["target"], e["new"]) for e in d["journal"]][:3] == [("151", "0-3"), ("151", "4-7"), ("151", "0-3")] and (d["journal"][-1]["target"], d["journal"][-1]["new"]) == ("151", "7") and all(e["new"] in ("0-3", "4-7") for e in d["journal"][:-1])'
		check $? "XU4 testbed: the journal pins 151 to 0-3, 4-7, 0-3 ... and restores 7"
		json "$TMPD/xu4.json" '[(v["name"], v["not_in_effect"] == len([r for r in d["runs"] if r["variant"] == 0]) > 0, v["readback"]) for v in d["variants"]] == [("A", True, "irq:eth0=7"), ("B", False, None)]'
		check $? "XU4 testbed: A's pin (0-3) did not take effect in any of its runs (effective 7) and is marked"
		json "$TMPD/xu4.json" 'all(c["verdict"] not in ("higher", "lower", "same") for f in d["figures"] for c in f["comparisons"])'
		check $? "XU4 testbed: with A's runs left out, no figure claims anything"
	else
		rig_skip 4 "umockdev-run missing"
	fi
else
	rig_skip 11 "${RIG_WHY:-no iperf3}"
fi

# Every experiment document above (disk, iperf, auto, a pin not in effect
# whose variant has a readback) validates against doc/schema/experiment.json.
set --
for f in disk link ten xu4; do
	[ -s "$TMPD/$f.json" ] && set -- "$@" "$TMPD/$f.json"
done
if [ $# -gt 0 ]; then
	valid "$@"
	check $? "the $# experiment documents validate against doc/schema/experiment.json"
else
	skip "no experiment ran"
fi
