#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# keys_doc: the live screen's key table (benchtop --list-keys) against what
# a person reads: every row on the help screen, the same keys in the same
# order in the man page's KEYS section, and key bars made from it.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
plan 9

"$BENCHTOP" --list-keys > "$TMPD/table"
check $? "benchtop --list-keys prints the key table"
[ "$(wc -l < "$TMPD/table")" -ge 30 ] && ! cut -f1 "$TMPD/table" | grep -qv .
check $? "every row of the table names its keys ($(wc -l < "$TMPD/table") rows)"

# Screen names come from the panel table (tui/panels.c, by enum panel_id):
# a screen missing from it would print as another screen's name.
[ "$(grep '^j k Down Up	' "$TMPD/table" | cut -f2)" = main,irq,help,usb,journal,bench,benchres ]
check $? "the list screens resolve through the panel table: main,irq,help,usb,journal,bench,benchres"

# The man page: each .TP entry of KEYS, its bold words (the keys).
python3 - "$top_srcdir/doc/benchtop.1" > "$TMPD/man" <<'PY'
import shlex, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
keys = lines.index(".SH KEYS")
for i in range(keys + 1, len(lines)):
    if lines[i].startswith(".SH "):
        break
    if lines[i] != ".TP":
        continue
    macro, _, rest = lines[i + 1].partition(" ")
    words = shlex.split(rest.replace("\\-", "-"))
    bold = words if macro == ".B" else words[0::2]
    print(" ".join(bold))
PY
cut -f1 "$TMPD/table" > "$TMPD/names"
diff "$TMPD/names" "$TMPD/man" > "$TMPD/mandiff"
st=$?
[ $st -eq 0 ] || diag "table (<) and man page (>) differ:" "$(cat "$TMPD/mandiff")"
check $st "the man page's KEYS lists the table's keys, row by row, in order"

# README's key tables name only keys of the table.
python3 - "$top_srcdir/README.md" "$TMPD/names" > "$TMPD/readme" <<'PY'
import re, sys
keys = set(open(sys.argv[2]).read().split())
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
for i, l in enumerate(lines):
    if not re.match(r"^\|\s*key\s*\|", l):
        continue
    j = i + 2
    while j < len(lines) and lines[j].startswith("|"):
        cell = lines[j].split("|")[1].replace("`", " ").replace(",", " ")
        for k in cell.split():
            if k not in keys:
                print("README.md:%d: %s" % (j + 1, k))
        j += 1
PY
[ ! -s "$TMPD/readme" ] || diag "keys in README that the table does not have:" "$(cat "$TMPD/readme")"
[ ! -s "$TMPD/readme" ]
check $? "README's key tables name only keys that the table has"

# The help screen, tall enough for every row: each row's keys and help.
start 120 60 "'$BENCHTOP' -d 0.5"
wait_for '^DISK +READ/s'
screen | tail -1 > "$TMPD/bar"
# g Governor, f Freq and P All perf only where a CPU has cpufreq
if ls -d /sys/devices/system/cpu/cpufreq/policy* > /dev/null 2>&1; then
	grep -q '^h Help  i IRQs  d USB  b Bench  g Governor  f Freq  P All perf  p Pin IRQ  s Sched  u Undo  +8 more: h  *q Quit' "$TMPD/bar"
else
	grep -Eq '^h Help  i IRQs  d USB  b Bench  p Pin IRQ  s Sched  u Undo  J Journal  .*\+[0-9]+ more: h  *q Quit' "$TMPD/bar" &&
		! grep -Eq 'g Governor|f Freq|P All perf' "$TMPD/bar"
fi
check $? "the overview's key bar at 120 columns: h Help ... u Undo ... +N more: h  q Quit ($(cat "$TMPD/bar"))"
keys i
wait_for '^IRQ +TOTAL/s'
# (an irqbalance running on this machine puts a note before the keys)
screen | tail -1 > "$TMPD/bar"
grep -q 'h Help  p Pin IRQ  u Undo  J Journal  / Filter  S Sort  Esc Back  q Quit' "$TMPD/bar"
st=$?
[ $st -eq 0 ] || diag "the bar: $(cat "$TMPD/bar")"
check $st "the IRQ screen's key bar names its tuning keys and Esc"
keys h
wait_for 'Keys \(F-keys are extras'
screen > "$TMPD/help"
missing=""
while IFS="	" read -r names screens modes kind help; do
	line=$(printf ' %-16s %s' "$names" "$help" | cut -c1-100)
	grep -qF -- "$line" "$TMPD/help" || missing="$missing [$names: $help]"
done < "$TMPD/table"
[ -z "$missing" ] || diag "not on the help screen:$missing" "$(cat "$TMPD/help")"
[ -z "$missing" ]
check $? "the help screen lists every row of the table: keys and help"
grep -q ' PgDn PgUp  *a page down, a page up' "$TMPD/help" &&
	grep -q ' Home End  *the first row, the last row' "$TMPD/help" &&
	grep -q ' g  *governor of the selected cluster' "$TMPD/help"
check $? "help says Home End for first/last and g for the governor"
keys q
wait_exit 10
