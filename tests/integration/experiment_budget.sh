#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop experiment --budget TIME`: --repeat auto starts no round once
# the time is spent, judges the table where it stopped (one look more)
# and says so; a budget that is neither runs nor a time is one sentence.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 5
BENCHTOP_NO_PROGRESS=1
XDG_CONFIG_HOME=$TMPD/config
BENCHTOP_EXPERIMENT_HOOK=$TMPD/hook
HOOK_STATE=$TMPD/hook.state
export BENCHTOP_NO_PROGRESS XDG_CONFIG_HOME BENCHTOP_EXPERIMENT_HOOK HOOK_STATE
mkdir "$TMPD/disk"
cat > "$TMPD/hook" <<'HOOK'
#!/bin/sh
case $1 in
get) cat "$HOOK_STATE" 2> /dev/null || echo 0 ;;
set) echo "$3" > "$HOOK_STATE" ;;
esac
HOOK
chmod +x "$TMPD/hook"
EXP="experiment --preset seq-buffered-fsync --size 4M --target $TMPD/disk --vary hook:knob=1,2"

# How many rounds fit in 2 s depends on the machine (0.1-1 s a run under
# ASan, 32 rounds in a plain build here): only the budget's cap (50 a
# side) is asserted, and that the run ended by the time or at a look.
"$BENCHTOP" $EXP --budget 2s --json > "$TMPD/t.json" 2> "$TMPD/t.err"
check $? "--budget 2s: status 0"
json "$TMPD/t.json" 'd["auto"] and d["budget_s"] == 2 and d["budget"] == 50 and d["looks"] == 9 and abs(d["alpha"] - 0.05 / 9) < 1e-12 and 1 <= d["repeat"] <= 50 and len(d["runs"]) == 2 * d["repeat"] and (d["timed_out"] or d["repeat"] in (5, 7, 10))'
check $? "--budget 2s: runs a side capped at 50, 9 looks, stopped by the time or at a look that decided"
valid "$TMPD/t.json"
check $? "--budget 2s: the document validates against doc/schema/experiment.json"
json "$TMPD/t.json" 'not d["timed_out"]' > /dev/null ||
	flat "$TMPD/t.err" | grep -Eq '(^| )benchtop experiment: the budget of 2 s is spent after [0-9]+ runs a side; a figure that cannot tell says how many more would decide it \(--budget\) '
check $? "--budget 2s: stderr says the time is spent and after how many runs"
"$BENCHTOP" $EXP --budget 10x > /dev/null 2> "$TMPD/bad.err"
[ $? = 2 ] && [ "$(wc -l < "$TMPD/bad.err")" = 1 ] &&
	grep -q "'10x' is not a budget: a number of runs (1-50) or a time such as 10m, 90s or 2h" "$TMPD/bad.err"
check $? "--budget 10x: status 2, one sentence"
diag "$(tail -2 "$TMPD/t.err")"
