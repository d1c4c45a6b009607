#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Data files of an uninstalled binary: the build finds the source tree's
# data/ from any folder; a binary without its data, or with a damaged
# presets.conf, says so in one warning and runs the built-in presets.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 10
export XDG_CONFIG_HOME="$TMPD/xdg" BENCHTOP_NO_PROGRESS=1
mkdir -p "$TMPD/xdg" "$TMPD/away" "$TMPD/empty" "$TMPD/bad" "$TMPD/run"
npresets=$(grep -c '^\[' "$top_srcdir/data/presets.conf")

# The build as it is, started from another folder, without BENCHTOP_DATADIR.
(cd "$TMPD/away" && env -u BENCHTOP_DATADIR "$BENCHTOP" bench --list) \
	> "$TMPD/out" 2> "$TMPD/err"
check $? "the uninstalled binary lists the presets from any folder"
[ ! -s "$TMPD/err" ] && [ "$(wc -l < "$TMPD/out")" -eq "$npresets" ]
check $? "no warning: it read the source tree's data/presets.conf ($npresets presets)"
grep -qx "$(cd "$top_srcdir/data" && pwd)" "$top_builddir/benchtop.datadir"
check $? "benchtop.datadir beside the binary names the source tree's data/"

# The same binary copied away from its build: no marker beside it.
cp "$BENCHTOP" "$TMPD/away/benchtop"
env -u BENCHTOP_DATADIR "$TMPD/away/benchtop" bench --list \
	> "$TMPD/out" 2> "$TMPD/err"
st=$?
[ "$st" -eq 0 ] && [ "$(wc -l < "$TMPD/out")" -eq "$npresets" ] &&
	{ [ ! -s "$TMPD/err" ] ||
	  { [ "$(wc -l < "$TMPD/err")" -eq 1 ] &&
	    grep -q 'using the built-in presets' "$TMPD/err"; }; }
check $? "a binary away from its build lists every preset (built in)"

# A data folder without presets.conf: one warning naming the file.
BENCHTOP_DATADIR="$TMPD/empty" "$BENCHTOP" bench --list \
	> "$TMPD/out" 2> "$TMPD/err"
st=$?
[ "$st" -eq 0 ] && [ "$(wc -l < "$TMPD/out")" -eq "$npresets" ] &&
	[ "$(wc -l < "$TMPD/err")" -eq 1 ]
check $? "missing presets.conf: exit 0, every preset, one line on stderr"
grep -q "^benchtop bench: using the built-in presets: $TMPD/empty/presets.conf: No such file or directory$" "$TMPD/err"
check $? "the warning names the missing file and says what is used"

# A damaged presets.conf: one warning, and a benchmark still runs.
printf '[seq-direct]\nkind = seq-direct\nsize = 1M\n[oops\n' > "$TMPD/bad/presets.conf"
BENCHTOP_DATADIR="$TMPD/bad" "$BENCHTOP" bench seq-buffered-fsync \
	--target "$TMPD/run" --size 1M --json > "$TMPD/out" 2> "$TMPD/err"
check $? "damaged presets.conf: the benchmark runs all the same"
[ "$(wc -l < "$TMPD/err")" -eq 1 ] &&
	grep -q "^benchtop bench: using the built-in presets: $TMPD/bad/presets.conf: line 4: " "$TMPD/err"
check $? "one warning with the file and the line"
json "$TMPD/out" 'd["status"] == "ok" and d["preset"] == "seq-buffered-fsync"'
check $? "the result is the built-in preset's"
[ -z "$(ls -A "$TMPD/run")" ]
check $? "nothing left in the target folder"
