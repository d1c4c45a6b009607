#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A variant that does not take effect is marked and left out: before each
# run the experiment reads the tunable back (an IRQ's effective affinity,
# the hook's "get") and records it in the run's conditions with the
# variant's name.  On the XU4 testbed the kernel files are plain files:
# eth0's IRQ 151 is written 0-3 but its effective affinity stays 7, as on
# a board whose controller ignores the pin.  A hook whose "set 13" does
# nothing is the same with a tunable of any kind.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 13
BENCHTOP_NO_PROGRESS=1
XDG_CONFIG_HOME=$TMPD/config
export BENCHTOP_NO_PROGRESS XDG_CONFIG_HOME
mkdir -p "$TMPD/disk"
EXP="experiment --preset seq-buffered-fsync --size 4M --repeat 2"

if command -v "$UMOCKDEV_RUN" > /dev/null; then
	"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
		cp -r "$1/odroid-xu4/." "$UMOCKDEV_DIR/" &&
		cp -r "$1/odroid-xu4-tune/." "$UMOCKDEV_DIR/" || exit 99
		"$2" $4 --target "$3/disk" --vary irq:eth0=little,big \
			--json > "$3/irq.json" 2> "$3/irq.err"
		echo $? > "$3/irq.rc"' sh "$TESTBEDS" "$BENCHTOP" "$TMPD" "$EXP"
	[ "$(cat "$TMPD/irq.rc")" = 0 ]
	check $? "irq: an experiment on the XU4 testbed, status 0"
	json "$TMPD/irq.json" '[(v["name"], v["not_in_effect"], v["readback"]) for v in d["variants"]] == [("A", 2, "irq:eth0=7"), ("B", 0, None)]'
	check $? "irq: A (little, 0-3) did not take effect in its 2 runs, IRQ 151 read back on 7; B (big, 4-7) did"
	json "$TMPD/irq.json" '[(r["result"]["conditions"]["variant"]["name"], r["result"]["conditions"]["variant"]["readback"], r["in_effect"]) for r in d["runs"]] == [("A", {"irq:eth0": "7"}, False), ("B", {"irq:eth0": "7"}, True), ("B", {"irq:eth0": "7"}, True), ("A", {"irq:eth0": "7"}, False)]'
	check $? "irq: each run's conditions carry its variant's name and the effective affinity read back"
	json "$TMPD/irq.json" 'len(d["figures"]) == 2 and all(f["variants"][0]["n"] == 0 and f["variants"][1]["n"] == 2 and f["comparisons"][0]["verdict"] not in ("higher", "lower", "same") for f in d["figures"])'
	check $? "irq: A's runs are left out of the figures and no verdict is claimed"
else
	skip "umockdev-run missing"
	skip "umockdev-run missing"
	skip "umockdev-run missing"
	skip "umockdev-run missing"
fi

# The hook: B's "set 13" leaves the value at 12.
cat > "$TMPD/hook" <<'HOOK'
#!/bin/sh
case $1 in
get) cat "$HOOK_STATE" 2> /dev/null || echo 0 ;;
set) [ "$3" = 13 ] || echo "$3" > "$HOOK_STATE" ;;
esac
HOOK
chmod +x "$TMPD/hook"
BENCHTOP_EXPERIMENT_HOOK=$TMPD/hook HOOK_STATE=$TMPD/hook.state \
	"$BENCHTOP" $EXP --target "$TMPD/disk" --vary hook:knob=12,13 \
	--snapshot "$TMPD/hook.snap" > "$TMPD/hook.txt" 2> "$TMPD/hook.err"
check $? "hook: an experiment with a hook whose set 13 does nothing, status 0"
json "$TMPD/hook.snap" '[(v["name"], v["not_in_effect"], v["readback"]) for v in d["experiments"][0]["variants"]] == [("A", 0, None), ("B", 2, "hook:knob=12")]'
check $? "hook: B did not take effect in its 2 runs (read back 12)"
grep -q '^benchtop experiment: run 2: hook:knob reads back 12, not 13: the ' "$TMPD/hook.err" &&
	flat "$TMPD/hook.err" | grep -q ' benchtop experiment: run 2: hook:knob reads back 12, not 13: the variant did not take effect and the run is left out of the verdict '
check $? "hook: stderr says it as the run starts"
grep -q '^  B\*: the variant did not take effect in 2 of its runs ' "$TMPD/hook.txt" &&
	flat "$TMPD/hook.txt" | grep -q ' B\*: the variant did not take effect in 2 of its runs (read back hook:knob=12), which are left out of the table and the verdict\. ' &&
	[ "$(grep -Ec '^ +B\* +- +-( |$)' "$TMPD/hook.txt")" = 2 ]
check $? "hook: the table marks B* on both figures and says so in one sentence"
"$BENCHTOP" report "$TMPD/hook.snap" > "$TMPD/report.txt" 2>&1 &&
	grep -q 'B\*: the variant did not take effect in 2 of its runs' "$TMPD/report.txt"
check $? "hook: the report of the snapshot says it too"
valid "$TMPD/hook.snap"
check $? "hook: the session validates against doc/schema (each run's conditions.variant)"
under_rows "$TMPD/hook.txt" 80
check $? "hook: the table fits 80 columns (its sentence wrapped under the head)"
under_rows "$TMPD/hook.err" 80
check $? "hook: stderr's lines fit 80 columns (\"reads back 12, not 13: ...\" wrapped)"

# The same in German (po/de.po through a private catalogue, as i18n.sh):
# the table, and what it says on stderr, in 80 columns too.
utf8=
for l in C.UTF-8 C.utf8; do
	[ "$(LC_ALL=$l locale charmap 2>/dev/null)" = UTF-8 ] && utf8=$l && break
done
if command -v msgfmt > /dev/null 2>&1 && [ -n "$utf8" ]; then
	mkdir -p "$TMPD/locale/de/LC_MESSAGES"
	msgfmt -o "$TMPD/locale/de/LC_MESSAGES/benchtop.mo" \
		"$top_srcdir/po/de.po" &&
		BENCHTOP_EXPERIMENT_HOOK=$TMPD/hook HOOK_STATE=$TMPD/de.state \
		BENCHTOP_LOCALEDIR=$TMPD/locale LANGUAGE=de LC_ALL=$utf8 \
		"$BENCHTOP" $EXP --target "$TMPD/disk" --vary hook:knob=12,13 \
		> "$TMPD/de.txt" 2> "$TMPD/de.err" &&
		grep -q '^benchtop experiment: ' "$TMPD/de.err" &&
		! grep -q 'the tuning is back to where it was' "$TMPD/de.err" &&
		under_rows "$TMPD/de.txt" 80 && under_rows "$TMPD/de.err" 80
	check $? "hook, in German: the table and stderr's progress fit 80 columns"
else
	skip "msgfmt or a UTF-8 locale missing"
fi
diag "$(cat "$TMPD/hook.txt")"
