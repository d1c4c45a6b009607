#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Tuning from the keyboard on the Odroid XU4 testbed (umockdev), at 80x24:
# governor, undo, IRQ pinning with read-back, the journal, a refused file,
# frequency limits, quit with restore; signals; irqbalance; read-only.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
no_board_irqbalance || { echo "1..0 # SKIP an irqbalance runs here and no PID namespace can keep it off the testbed"; exit 0; }
plan 39
fake=""
trap 'test -n "$fake" && kill $fake 2> /dev/null; $TMUXC kill-server > /dev/null 2>&1; rm -rf "$TMPD"' EXIT
XDG_CONFIG_HOME=$TMPD/config
export XDG_CONFIG_HOME

# [AS_NOBODY=PROGRAM AS_NOBODY_DATADIR=DIR] [FAKE_IRQBALANCE=PROGRAM]
# bt.sh BENCHTOP-ARGS: benchtop in the testbed (xu4 and the xu4-tune
# overlay; PROGRAM as nobody), in a PID namespace of its own where it can
# (live_ns: an irqbalance on this machine is not the board's), with a
# process named irqbalance beside it when asked; $TMPD/udir the testbed,
# $TMPD/bpid its pid in there (bpid below: here), and after it ends
# $TMPD/after: IRQ 151's affinity, policy4's governor, max.
cat > "$TMPD/bt.sh" <<SH
exec $(live_ns)"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
cp -r "\$1/odroid-xu4/." "\$UMOCKDEV_DIR/" &&
cp -r "\$1/odroid-xu4-tune/." "\$UMOCKDEV_DIR/" || exit 99
chmod 755 "\$UMOCKDEV_DIR"
t=\$2 b=\$3 d=\$UMOCKDEV_DIR; shift 3
echo "\$d" > "\$t/udir"
exec 3<&0
[ -n "\$FAKE_IRQBALANCE" ] && "\$FAKE_IRQBALANCE" 120 &
if [ -n "\$AS_NOBODY" ]; then
	BENCHTOP_DATADIR=\$AS_NOBODY_DATADIR setpriv --reuid=65534 \\
		--regid=65534 --clear-groups "\$AS_NOBODY" "\$@" <&3 &
else
	"\$b" "\$@" <&3 &
fi
echo \$! > "\$t/bpid"; wait \$!; r=\$?
p=\$d/sys/devices/system/cpu/cpufreq/policy4
echo \$(cat \$d/proc/irq/151/smp_affinity_list) \$(cat \$p/scaling_governor) \$(cat \$p/scaling_max_freq) > "\$t/after"
exit \$r' sh "$TESTBEDS" "$TMPD" "$BENCHTOP" "\$@"
SH
P4=sys/devices/system/cpu/cpufreq/policy4
bpid() {
	if [ -n "$(live_ns)" ]; then
		host_pid "$(cat "$TMPD/bpid")" "XDG_CONFIG_HOME=$XDG_CONFIG_HOME"
	else
		cat "$TMPD/bpid"
	fi
}
file() { cat "$(cat "$TMPD/udir")/$1"; }
# Keys typed before the screen is up can be lost on a loaded machine: wait
# for the overview after each start.
# A server that is still shutting down can swallow a new session of the
# same name: each restart uses a fresh tmux socket.
restarts=0
restart() {
	$TMUXC kill-server > /dev/null 2>&1
	restarts=$((restarts + 1))
	TMUXC="tmux -S $TMPD/tmux-$restarts -f /dev/null"
	rm -f "$TMPD/after" "$TMPD/udir"
	start 80 24 "$*"
	wait_for '^CLUSTER' > /dev/null
}

start 80 24 "sh '$TMPD/bt.sh' -d 0.5"
wait_for '^big Cortex-A15 +4-7 +ondemand'
check $? "the overview shows the big cluster on ondemand"
# At 40x10 the screen says only that it is too small: keys typed there
# blind (P, then y) change nothing, and leave no question behind.
resize 40 10
wait_for 'terminal too small' > /dev/null
keys P y j g
sleep 1
resize 80 24
wait_for '^big Cortex-A15 +4-7 +ondemand' > /dev/null
sleep 0.5
[ "$(file $P4/scaling_governor)" = ondemand ] &&
	[ "$(file sys/devices/system/cpu/cpufreq/policy0/scaling_governor)" = ondemand ] &&
	! screen | grep -Eq 'performance governor on all|Governor for'
check $? "at 40x10 P y and g change nothing and open nothing"
keys j g
wait_for 'Governor for CPUs 4-7 \(now ondemand\)' && wait_in dialog_text '^ *performance( |$)' 10
check $? "g on the big cluster lists its governors"
# The box (columns 4-75 at 80) stands alone: the row above it and the
# columns beside it are blank, so no fragment of the rows beneath shows
# next to it.
screen | awk -v t="Governor for CPUs 4-7" '
	{ row[NR] = sprintf("%-80s", $0) }
	index($0, t) { top = NR }
	/j\/k choose/ { bot = NR }
	END {
		if (!top || !bot) exit 1
		if (substr(row[top - 1], 4, 74) ~ /[^ ]/) exit 1
		for (i = top; i <= bot + 1; i++)
			if (substr(row[i], 1, 4) != "    " || substr(row[i], 77, 4) != "    ") exit 1
	}'
check $? "the governor box stands alone: nothing of the rows beneath shows beside it"
keys j Enter
wait_for 'CPUs 4-7: governor ondemand -> performance, read back performance'
check $? "choosing performance: old, new and read-back on the status line"
[ "$(file $P4/scaling_governor)" = performance ]
check $? "the testbed's scaling_governor now says performance"
wait_for '^big Cortex-A15 +4-7 +performance'
check $? "the cluster row follows"
keys u
wait_for 'undo: CPUs 4-7: governor performance -> ondemand'
[ $? = 0 ] && [ "$(file $P4/scaling_governor)" = ondemand ]
check $? "u puts ondemand back in the file"

keys i
wait_for '^IRQ +TOTAL/s' > /dev/null
keys j j
wait_for '^151: GICv2 105 Edge xhci-hcd:usb5'
check $? "IRQ screen, IRQ 151 selected"
keys p
wait_for 'Pin IRQ 151 to' && screen | grep -q 'big cores (4-7)'
check $? "p offers the big cores (4-7) first"
keys Enter
wait_for 'IRQ 151: affinity 4-7, effective 7'
check $? "pinned: the status line reads back affinity 4-7, effective 7"
[ "$(file proc/irq/151/smp_affinity_list)" = 4-7 ]
check $? "the testbed's smp_affinity_list holds 4-7"
wait_for '^151: .*xhci-hcd:usb5  affinity 4-7, effective 7$'
check $? "the selected IRQ's line shows the new affinity within a tick"
keys u
wait_for 'undo: IRQ 151: affinity 7, effective 7'
[ $? = 0 ] && [ "$(file proc/irq/151/smp_affinity_list)" = 7 ]
check $? "u: back to 7 in the file"
wait_for '^151: .*xhci-hcd:usb5  affinity 7, effective 7$'
check $? "and on the screen"
keys p j Enter
wait_for 'IRQ 151: affinity 0-3, but the effective affinity stays 7'
check $? "LITTLE cores: the effective affinity that stays on CPU 7 is said"

keys J
wait_for '^JOURNAL +5 changes, 1 setting differs from the original'
check $? "J: the journal counts 5 changes, 1 in force (1 setting differs, singular)"
keys Enter
wait_for 'undo: IRQ 151: affinity 7'
[ $? = 0 ] && [ "$(file proc/irq/151/smp_affinity_list)" = 7 ]
check $? "Enter in the journal undoes the selected (newest) change"

# A file that refuses: a directory in place of IRQ 150's affinity.
u=$(cat "$TMPD/udir")
rm "$u/proc/irq/150/smp_affinity_list" && mkdir "$u/proc/irq/150/smp_affinity_list"
keys Escape k p Enter
wait_for 'IRQ 150: could not read the current affinity: Is a directory'
check $? "a directory as affinity file: one sentence, same screen"
keys J
wait_for '^JOURNAL +6 changes, 0 settings differ'
check $? "the journal did not record a change that was not made"
# A write the kernel refuses (an immutable scaling_governor: EPERM even
# for root) is in the journal, but is not counted as a change.
if chattr +i "$u/$P4/scaling_governor" 2> /dev/null; then
	keys 1 g
	wait_for 'Governor for CPUs 4-7 \(now ondemand\)' > /dev/null
	keys j Enter
	wait_for 'CPUs 4-7: the kernel refused governor performance' &&
		keys J && wait_for '^JOURNAL +6 changes, 1 write refused, 0 settings differ'
	st=$?
	chattr -i "$u/$P4/scaling_governor"
	check $st "a refused governor write: the journal says 6 changes, 1 write refused"
else
	skip "chattr +i does not work in $TMPDIR"
fi

keys 1 f
wait_for 'Frequency limit of CPUs 4-7 to change'
check $? "f on the big cluster asks which limit"
keys Enter End Enter
wait_for '> _'
keys 1 . 4 G H z Enter
wait_for 'CPUs 4-7: maximum kHz 2000000 -> 1400000, read back 1400000'
[ $? = 0 ] && [ "$(file $P4/scaling_max_freq)" = 1400000 ]
check $? "a typed 1.4GHz maximum lands in scaling_max_freq"
# From the device chain: a disk or interface row pins its controller's IRQ.
keys Home j j j p
wait_for 'Pin IRQ 150 to'
check $? "p on sda pins IRQ 150, the xHCI behind its USB bridge"
keys Escape j j p
wait_for 'Pin IRQ 151 to'
check $? "p on eth0 pins IRQ 151, the xHCI behind the RTL8153"
keys Escape k p
wait_for 'lo has no IRQ of its own in its device chain'
check $? "p on lo says it has no IRQ"
keys q
wait_for 'keep them or restore the originals'
check $? "q with a change in force asks keep or restore"
keys r
wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ] && [ "$(cat "$TMPD/after")" = "7 ondemand 2000000" ]
check $? "r restores the originals and quits with status 0"

# irqbalance runs (a process of that name, on the board): said and asked
# before pinning.
cp /bin/sleep "$TMPD/irqbalance"
if [ -n "$(live_ns)" ]; then
	restart "FAKE_IRQBALANCE='$TMPD/irqbalance' sh '$TMPD/bt.sh' -d 0.5"
else
	"$TMPD/irqbalance" 120 &
	fake=$!
	restart "sh '$TMPD/bt.sh' -d 0.5"
fi
keys i
wait_for 'irqbalance runs: it moves pinned IRQs back'
check $? "the IRQ screen says that irqbalance runs"
wait_for '^IRQ +TOTAL/s' > /dev/null
keys j j
wait_for '^151: GICv2' > /dev/null
keys p
wait_for 'irqbalance is running and will move IRQ 151 back'
check $? "p warns before pinning"
keys n
sleep 0.5
[ "$(file proc/irq/151/smp_affinity_list)" = 7 ]
check $? "n: nothing written"
keys p y Enter
wait_for 'IRQ 151: affinity 4-7'
check $? "p y: pinned after all"
test -n "$fake" && kill $fake; fake=""
# SIGTERM with the default settings (restore_on_signal = yes).
kill -TERM "$(bpid)"
wait_exit 10 && [ "$(cat "$TMPD/after")" = "7 ondemand 2000000" ]
check $? "SIGTERM: the originals are back (restore_on_signal defaults to yes)"

mkdir -p "$XDG_CONFIG_HOME/benchtop"
echo "restore_on_signal = no" > "$XDG_CONFIG_HOME/benchtop/config"
restart "sh '$TMPD/bt.sh' -d 0.5"
keys i
wait_for '^IRQ +TOTAL/s' > /dev/null
keys j j
wait_for '^151: GICv2' > /dev/null
keys p Enter
wait_for 'IRQ 151: affinity 4-7'
kill -HUP "$(bpid)"
wait_exit 10 && [ "$(cat "$TMPD/after")" = "4-7 ondemand 2000000" ]
check $? "SIGHUP with restore_on_signal = no: the change is kept"
rm "$XDG_CONFIG_HOME/benchtop/config"

# Not root: read-only, every tuning key says why; the hint still shows.
nobody_paths
restart "AS_NOBODY='$NOBODY_BENCHTOP' AS_NOBODY_DATADIR='$NOBODY_DATADIR' sh '$TMPD/bt.sh' -d 0.5"
wait_for 'read-only: not root'
check $? "as nobody: the status line says read-only"
keys j g
wait_for "changing a cluster's governor needs root; benchtop runs read-only"
check $? "g explains that it needs root"
keys i
wait_for '^IRQ +TOTAL/s' > /dev/null
keys j j
wait_for '^151: GICv2' > /dev/null
keys p
wait_for 'pinning an IRQ needs root'
check $? "p explains that it needs root"
u=$(cat "$TMPD/udir")
(for i in $(seq 1 30); do
	sleep 0.4
	awk -v n="$i" '/^151:/ { $2 = 7406300 + 4000 * n } { print }' \
		"$u/proc/interrupts" > "$u/proc/interrupts.new" &&
		mv "$u/proc/interrupts.new" "$u/proc/interrupts"
done) &
busy=$!
keys 1
wait_for 'IRQ 151 \(xhci-hcd:usb5\) is pinned to the big cores \(4-7\) but its'
check $? "hint: IRQ 151 (affinity 7) busy on LITTLE CPU 0: pinned to the big cores, yet on CPU 0"
kill $busy 2> /dev/null
keys q
wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ] && [ "$(cat "$TMPD/after")" = "7 ondemand 2000000" ]
check $? "q quits at once (nothing in force), files untouched"
