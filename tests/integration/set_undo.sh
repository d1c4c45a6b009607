#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop set --undo` and `--restore` on the Odroid XU4 testbed: each run
# of `set` journals its changes in a file (mode 0600, written atomically),
# --undo takes back the newest change, --restore everything, headless.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 15
P4=sys/devices/system/cpu/cpufreq/policy4
J=$BENCHTOP_RUNTIME_DIR/journal.json

# run SHELL-COMMANDS: in one testbed (odroid-xu4 + the odroid-xu4-tune
# overlay), $B the program, $D the testbed, $O the output prefix.
run() {
	"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
		cp -r "$1/odroid-xu4/." "$UMOCKDEV_DIR/" &&
		cp -r "$1/odroid-xu4-tune/." "$UMOCKDEV_DIR/" || exit 99
		B=$2 D=$UMOCKDEV_DIR O=$3; eval "$4"' sh "$TESTBEDS" "$BENCHTOP" \
		"$TMPD/o" "$1"
}
state='echo $(cat $D/'$P4'/scaling_governor) $(cat $D/'$P4'/scaling_max_freq) $(cat $D/proc/irq/151/smp_affinity_list)'

run '$B set governor=performance --cluster 4 > /dev/null; echo $? > $O.rc1
	$B set max=1.4GHz --cluster 4 > /dev/null; echo $? >> $O.rc1
	$B set irq 151=4-7 > /dev/null; echo $? >> $O.rc1
	'"$state"' > $O.s1
	stat -c %a '"$J"' > $O.mode; ls -A '"$BENCHTOP_RUNTIME_DIR"' > $O.ls
	cp '"$J"' $O.journal.json
	$B set --undo > $O.u1 2>&1; echo $? > $O.urc; '"$state"' > $O.s2
	$B set --undo > $O.u2 2>&1; '"$state"' > $O.s3
	$B set --restore > $O.r 2>&1; echo $? > $O.rrc; '"$state"' > $O.s4
	$B set --restore > $O.r2 2>&1; echo $? > $O.rrc2
	$B set --undo --json > $O.u3.json 2> $O.u3; echo $? > $O.urc3'
[ "$(cat "$TMPD/o.rc1" | tr -d '\n')" = 000 ] && [ "$(cat "$TMPD/o.s1")" = "performance 1400000 4-7" ]
check $? "three changes by three runs of set"
[ "$(cat "$TMPD/o.mode")" = 600 ] && [ "$(cat "$TMPD/o.ls")" = journal.json ]
check $? "the journal file is mode 0600, and no temporary file is left beside it"
json "$TMPD/o.journal.json" 'len(d["entries"]) == 3 and [e["kind"] for e in d["entries"]] == ["governor", "max_freq", "irq_affinity"]'
check $? "the journal file holds each run's change in order"
json "$TMPD/o.journal.json" 'd["format"] == "benchtop.journalfile" and d["version"] == 2' &&
	valid "$TMPD/o.journal.json"
check $? "the journal file has the header and validates against doc/schema/journalfile.json"
[ "$(cat "$TMPD/o.urc")" = 0 ] && [ "$(cat "$TMPD/o.s2")" = "performance 1400000 7" ] &&
	grep -q '^IRQ 151: affinity 7' "$TMPD/o.u1"
check $? "--undo takes back the last change: IRQ 151 back on 7"
[ "$(cat "$TMPD/o.s3")" = "performance 2000000 7" ] &&
	grep -q '^cluster of CPU 4: maximum kHz 1400000 -> 2000000, read back 2000000$' "$TMPD/o.u2"
check $? "a second --undo takes back the one before: max 2000000"
[ "$(cat "$TMPD/o.rrc")" = 0 ] && [ "$(cat "$TMPD/o.s4")" = "ondemand 2000000 7" ] &&
	grep -q '^cluster of CPU 4: governor performance -> ondemand, read back ondemand$' "$TMPD/o.r"
check $? "--restore puts the governor back to ondemand"
[ "$(cat "$TMPD/o.rrc2")" = 0 ] && grep -q '^nothing to restore: every value benchtop set changed is back' "$TMPD/o.r2"
check $? "a second --restore: nothing to restore, status 0"
[ "$(cat "$TMPD/o.urc3")" = 1 ] && grep -q "^benchtop set: nothing to undo in $J\$" "$TMPD/o.u3"
check $? "--undo with nothing left: status 1, one sentence"

# One set command line is one action: --undo takes back all it wrote
# (both clusters of governor=performance), not its last write only.
rm -f "$J"
P0=sys/devices/system/cpu/cpufreq/policy0
run '$B set governor=performance > $O.p 2>&1; echo $? > $O.prc
	echo $(cat $D/'$P0'/scaling_governor) $(cat $D/'$P4'/scaling_governor) > $O.ps1
	$B set --undo > $O.pu 2>&1; echo $? > $O.purc
	echo $(cat $D/'$P0'/scaling_governor) $(cat $D/'$P4'/scaling_governor) > $O.ps2
	$B set --undo > $O.pu2 2>&1; echo $? > $O.purc2'
[ "$(cat "$TMPD/o.prc")" = 0 ] && [ "$(cat "$TMPD/o.ps1")" = "performance performance" ] &&
	[ "$(cat "$TMPD/o.purc")" = 0 ] && [ "$(cat "$TMPD/o.ps2")" = "ondemand ondemand" ] &&
	[ "$(grep -c 'governor performance -> ondemand' "$TMPD/o.pu")" = 2 ]
st=$?; [ $st = 0 ] || diag "set said:" "$(cat "$TMPD/o.p")" "after: $(cat "$TMPD/o.ps1")" "--undo said:" "$(cat "$TMPD/o.pu")" "after: $(cat "$TMPD/o.ps2")"
check $st "set governor=performance on both clusters, then one --undo: both back to ondemand"
[ "$(cat "$TMPD/o.purc2")" = 1 ] && grep -q "^benchtop set: nothing to undo in $J\$" "$TMPD/o.pu2"
check $? "and a second --undo has nothing left: status 1, one sentence"

# A journal file that is not a journal is refused, and kept as it is.
mkdir -p "$BENCHTOP_RUNTIME_DIR"
echo '{"not": "a journal"}' > "$J"
run '$B set --undo > $O.bad 2>&1; echo $? > $O.badrc'
[ "$(cat "$TMPD/o.badrc")" = 1 ] && grep -q "^benchtop set: $J cannot be read as a journal: not a benchtop journal\$" "$TMPD/o.bad" &&
	[ "$(cat "$J")" = '{"not": "a journal"}' ]
check $? "a file that is not a journal: status 1, one sentence, left as it was"

# A journal as benchtop wrote it before the header (a bare array of
# entries, times in seconds) is still read: --restore takes its change back.
cat > "$J" <<'EOF'
[
  {"index": 0, "time": 1714564800, "kind": "governor", "target": "policy4",
   "old": "ondemand", "new": "performance", "result": "ok", "error": null,
   "errno": null, "readback": "performance", "readback_matched": true,
   "undo_of": null, "restore": false, "pid": 1, "settled": true}
]
EOF
run 'echo performance > $D/'$P4'/scaling_governor
	$B set --restore > $O.old 2>&1; echo $? > $O.oldrc
	cat $D/'$P4'/scaling_governor > $O.olds'
[ "$(cat "$TMPD/o.oldrc")" = 0 ] && [ "$(cat "$TMPD/o.olds")" = ondemand ] &&
	grep -q '^cluster of CPU 4: governor performance -> ondemand, read back ondemand$' "$TMPD/o.old" &&
	json "$J" 'd["format"] == "benchtop.journalfile" and len(d["entries"]) == 2'
st=$?; [ $st = 0 ] || diag "set --restore said:" "$(cat "$TMPD/o.old")"
check $st "a journal without the header (as before): read, --restore puts ondemand back, written anew with it"

# Without a runtime folder (not root, no XDG_RUNTIME_DIR) set says that a
# change cannot be undone later; XDG_RUNTIME_DIR is used when there is one.
if command -v setpriv > /dev/null && [ "$(id -u)" = 0 ]; then
	mkdir -p "$TMPD/xdg" && chown 65534 "$TMPD/xdg"
	chmod 755 "$TMPD"
	env -u BENCHTOP_RUNTIME_DIR -u XDG_RUNTIME_DIR setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$BENCHTOP" set --undo > /dev/null 2> "$TMPD/nx.err"
	grep -q 'no journal: XDG_RUNTIME_DIR is not set' "$TMPD/nx.err"
	check $? "as nobody without XDG_RUNTIME_DIR: no journal, said"
	env -u BENCHTOP_RUNTIME_DIR XDG_RUNTIME_DIR="$TMPD/xdg" setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$BENCHTOP" set --undo > /dev/null 2> "$TMPD/nx2.err"
	grep -q "nothing to undo in $TMPD/xdg/benchtop/journal.json" "$TMPD/nx2.err"
	check $? "as nobody: the journal is looked for in \$XDG_RUNTIME_DIR/benchtop"
else
	skip "needs root and setpriv"
	skip "needs root and setpriv"
fi
