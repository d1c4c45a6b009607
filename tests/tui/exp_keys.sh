#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# An experiment from the live monitor on the XU4 testbed at 80x24: a run,
# r, x on it, the picker lists the tunables of its chain, Space and 2 and
# Enter start it; the live screen shows the governor change during the B
# runs, the key bar the progress; the table at the end; the governor file
# back to ondemand, the journal with each change and the restore; c
# cancels a second one and the tuning still goes back.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
[ "$(id -u)" = 0 ] || { echo "1..0 # SKIP the testbed's tunables need root"; exit 0; }
plan 19
mkdir -p "$TMPD/xdg/benchtop" "$TMPD/target"
cat > "$TMPD/xdg/benchtop/presets.conf" <<'CONF'
[a-exp]
kind = bonnie
description = about two seconds of seeks
size = 8M
block = 1M
seeks = 40000
CONF
mkdir "$TMPD/snaps"
echo "snapshot_dir = $TMPD/snaps" > "$TMPD/xdg/benchtop/config"
XDG_CONFIG_HOME=$TMPD/xdg
BENCHTOP_SYSTEMD_DIR=$TMPD/systemd
BENCHTOP_UDEV_DIR=$TMPD/udev
mkdir "$BENCHTOP_SYSTEMD_DIR" "$BENCHTOP_UDEV_DIR"
export XDG_CONFIG_HOME BENCHTOP_SYSTEMD_DIR BENCHTOP_UDEV_DIR

cat > "$TMPD/bt.sh" <<SH
exec $(live_ns)"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
cp -r "\$1/odroid-xu4/." "\$UMOCKDEV_DIR/" &&
cp -r "\$1/odroid-xu4-tune/." "\$UMOCKDEV_DIR/" || exit 99
echo "\$UMOCKDEV_DIR" > "\$2/udir"
"\$3" -d 0.5; r=\$?
cat "\$UMOCKDEV_DIR/sys/devices/system/cpu/cpufreq/policy4/scaling_governor" > "\$2/after"
exit \$r' sh "$TESTBEDS" "$TMPD" "$BENCHTOP"
SH
GOV=sys/devices/system/cpu/cpufreq/policy4/scaling_governor
file() { cat "$(cat "$TMPD/udir")/$1"; }

start 80 24 "sh '$TMPD/bt.sh'"
wait_for '^big Cortex-A15 +4-7 +ondemand'
check $? "the monitor runs on the XU4 testbed"
keys b
wait_for '^a-exp ' > /dev/null
n=$(screen | grep -E '^[a-z-]+ +(seq-direct|iozone|read-timing|bonnie|iperf) ' | grep -n '^a-exp ' | cut -d: -f1)
i=1; while [ "$i" -lt "$n" ]; do keys j; i=$((i + 1)); done
keys Enter
wait_for 'type a path' > /dev/null
keys End; i=0; while [ $i -lt 40 ]; do keys j; i=$((i + 1)); done
keys Enter
keys -l "$TMPD/target"
keys Enter
wait_for '^BENCH a-exp done: ' 30
check $? "a run of a-exp on a folder"

keys r
wait_for '^ 1 a-exp ' > /dev/null
keys x
wait_for '^Vary one or two tunables of run a-exp on '
check $? "x on the run opens the experiment picker"
screen | grep -Eq '^ \[ \] governor:policy4=ondemand,performance +governor of CPUs 4-7' &&
	screen | grep -Eq '^ \[ \] maxfreq:policy4=[0-9]+,2000000 +top frequency of CPUs 4-7'
check $? "it offers the big cluster's governor and top frequency"
n=$(screen | grep -E '^ \[[ x]\] ' | grep -n 'governor:policy4=' | cut -d: -f1)
i=1; while [ "$i" -lt "$n" ]; do keys j; i=$((i + 1)); done
screen | grep -q 'runs a side, a auto (now auto)'
auto_first=$?
keys Space 2
[ $auto_first = 0 ] && wait_for '^ \[x\] governor:policy4=ondemand,performance' && wait_for 'runs a side, a auto \(now 2\)'
check $? "auto by default; Space marks it, 2 sets two runs of each variant"
keys Enter
wait_for '^EXPERIMENT run 1/4: A governor:policy4=ondemand +c cancel +x table'
check $? "Enter starts it: the key bar says run 1/4, variant A"
wait_for '^EXPERIMENT run 2/4: B governor:policy4=performance' 30 &&
	wait_for '^big Cortex-A15 +4-7 +performance' 10 &&
	screen | grep -Eq '^BENCH a-exp '
check $? "during B the live overview shows the big cluster on performance, the BENCH row the run"
wait_for '^ +2 runs of each variant, in the order A B B A; status ok' 60
check $? "at the end the table comes up: 2 runs each, A B B A, ok"
screen > "$TMPD/table"
grep -Eq '^block write KB/s +A +[0-9.]+ [0-9.]+-[0-9.]+' "$TMPD/table" &&
	grep -Eq '^ +B +[0-9.]+ [0-9.]+-[0-9.]+ +[0-9.]+$' "$TMPD/table" &&
	flat "$TMPD/table" | grep -Eq ' B [0-9.]+ [0-9.]+-[0-9.]+ [0-9.]+ cannot tell with 2 runs a side(: about [0-9]+ more would decide a [0-9.]+ % change)? '
st=$?; [ $st = 0 ] || diag "$(cat "$TMPD/table")"
check $st "each figure with A's and B's median, range, B/A and the verdict, read whole at 80 columns (wrapped under B's row, not cut at the edge)"
[ "$(file $GOV)" = ondemand ] && screen | grep -q 'The tuning was put back to where it was'
check $? "the governor file says ondemand again"
keys J
wait_for 'governor +ondemand -> performance +ok' && wait_for 'governor +performance -> ondemand +ok' &&
	wait_for '0 settings differ from the original'
check $? "the journal screen shows each change; nothing differs at the end (A ran last)"

keys w
wait_status "snapshot saved to $TMPD/snaps/benchtop-[^ ]*\.json" &&
	json "$(ls "$TMPD"/snaps/*.json)" 'len(d["experiments"]) == 1 and d["experiments"][0]["status"] == "ok" and d["experiments"][0]["order"] == [0, 1, 1, 0] and len(d["results"]) == 5'
check $? "w saves the session with the experiment and its runs"

# A second experiment, cancelled with c during a run.
keys r
wait_for '^ [0-9] a-exp ' > /dev/null
keys x
wait_for '^Vary one or two tunables' > /dev/null
i=1; while [ "$i" -lt "$n" ]; do keys j; i=$((i + 1)); done
keys Space 3 Enter
wait_for '^EXPERIMENT run 2/6: B' 30 > /dev/null
keys c
wait_for 'experiment cancelled: the tuning is back to where it was' 20 &&
	[ "$(file $GOV)" = ondemand ] &&
	screen | grep -Eq '^ +3 runs of each variant, in the order A B B A A B; status cancelled$'
st=$?; [ $st = 0 ] || diag "$(screen)"
check $st "c cancels an experiment in run 2 (B); the governor is ondemand again"
keys J
resize 100 24
wait_for 'governor +performance -> ondemand +ok +\(undo\) +\(restore\)'
check $? "... through a restore in the journal"

# K on the journal: keep the governor set by hand across reboots.
resize 80 24
keys 1
wait_for '^big Cortex-A15 +4-7 +ondemand' > /dev/null
keys j g
wait_for 'Governor for CPUs 4-7' > /dev/null
keys j Enter
wait_for '^big Cortex-A15 +4-7 +performance' > /dev/null
keys J
wait_for '1 setting differs from the original' > /dev/null
keys K
wait_unwrapped "^$TMPD/systemd/benchtop-tuning.service:" &&
	wait_for "^ ExecStart=/bin/sh -c 'echo performance >$" &&
	screen | grep -q "^ /sys/devices/system/cpu/cpufreq/policy4/scaling_governor'$"
check $? "K on the journal shows the unit it would write, with the governor in force (its long line wrapped at 80 columns, not cut)"
[ ! -e "$TMPD/systemd/benchtop-tuning.service" ]
check $? "... and writes nothing yet"
keys y
wait_for 'written; enable it: systemctl enable benchtop-tuning.service' &&
	grep -q "^ExecStart=/bin/sh -c 'echo performance > /sys/devices/system/cpu/cpufreq/policy4/scaling_governor'$" "$TMPD/systemd/benchtop-tuning.service" &&
	{ ! command -v systemd-analyze > /dev/null || systemd-analyze verify "$TMPD/systemd/benchtop-tuning.service"; }
check $? "y writes it; systemd-analyze verify accepts it"

# An IRQ pin is kept by its device's name, which benchtop set finds at boot.
keys i
wait_for '^IRQ +TOTAL/s' > /dev/null
keys j j
wait_for '^151: GICv2 105 Edge xhci-hcd:usb5' > /dev/null
keys p
wait_for 'Pin IRQ 151 to' > /dev/null
keys Enter
wait_for 'IRQ 151: affinity 4-7' > /dev/null
keys J
wait_for 'IRQ 151' > /dev/null
keys K
# (the line wraps where the program's path is long: read the rows as one)
joined() { screen | tr '\n' ' ' | tr -s ' '; }
wait_in joined 'ExecStart=.* set irq "xhci-hcd:usb5=4-7"' 15 &&
	! screen | grep -q '/proc/irq'
st=$?; [ $st = 0 ] || diag "$(screen)"
check $st "K with IRQ 151 pinned: the unit names its device (benchtop set irq \"xhci-hcd:usb5=4-7\"), not /proc/irq/151"
keys y
wait_for 'written; enable it' &&
	grep -Eq '^ExecStart=/[^ ]*benchtop set irq "xhci-hcd:usb5=4-7"$' "$TMPD/systemd/benchtop-tuning.service"
check $? "y writes that line"
