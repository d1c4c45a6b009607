#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# benchtop --once --snapshot, report and compare as a user meets them:
# saves that say where they went, refuse to overwrite or follow a link,
# leave the old file and no temp file on a full disk; bad files of every
# kind give one sentence and exit status 2, never raw control characters.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 31

MNT="$TMPD/mnt"
cleanup() { mountpoint -q "$MNT" 2>/dev/null && umount "$MNT"; rm -rf "$TMPD"; }
trap cleanup EXIT
# A signal (also a closed pipe or a dropped SSH link) exits, and the exit
# cleans up: the loop device and its mount do not outlive the test.
trap 'exit 1' INT TERM HUP PIPE
SNAPS="$top_srcdir/tests/data/snapshots"

# clean FILE: no control characters but newline and tab.
clean() { ! LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$1"; }

# refused LABEL CMD...: exit status 2, one line on stderr, nothing raw.
refused() {
	_l=$1; shift
	"$@" > "$TMPD/out" 2> "$TMPD/err"
	_st=$?
	[ "$_st" -eq 2 ] && [ "$(wc -l < "$TMPD/err")" -eq 1 ] &&
		clean "$TMPD/out" && clean "$TMPD/err"
	_r=$?
	[ $_r -eq 0 ] || diag "status $_st" "$(cat "$TMPD/err")"
	check $_r "$_l: exit 2 and one sentence ($(head -c 120 "$TMPD/err"))"
}

# --- saving ---------------------------------------------------------------
S="$TMPD/s.json"
"$BENCHTOP" --once --interval 0.1 --snapshot "$S" > "$TMPD/out" 2> "$TMPD/err"
check $? "benchtop --once --snapshot FILE on this machine"
flat "$TMPD/err" | grep -q "snapshot saved to $S"
check $? "the save says where it went"
json "$S" 'd["format"] == "benchtop.snapshot" and d["version"] == 2 and isinstance(d["results"], list) and d["system"]["host"]["kernel"]'
check $? "the file is a version 2 snapshot with the system facts"
valid "$S"
check $? "the snapshot validates against doc/schema/snapshot.json"
if [ "$(id -u)" -eq 0 ]; then
	[ "$(stat -c %a "$S")" = 600 ]
	check $? "written by root: mode 0600"
else
	skip "mode 0600 is for files root writes"
fi
cp "$S" "$TMPD/before"
"$BENCHTOP" --once --interval 0.1 --snapshot "$S" > /dev/null 2> "$TMPD/err"
[ $? -eq 1 ] && grep -q -- "--force" "$TMPD/err" && cmp -s "$S" "$TMPD/before"
check $? "an existing file is not replaced without --force"
"$BENCHTOP" --once --interval 0.1 --snapshot "$S" --force > /dev/null 2>&1 &&
	! cmp -s "$S" "$TMPD/before"
check $? "--force replaces it"
echo keep > "$TMPD/victim"
ln -s "$TMPD/victim" "$TMPD/link.json"
"$BENCHTOP" --once --interval 0.1 --snapshot "$TMPD/link.json" --force > /dev/null 2> "$TMPD/err"
[ $? -eq 1 ] && [ "$(cat "$TMPD/victim")" = keep ] && [ -L "$TMPD/link.json" ] &&
	grep -q "symbolic link" "$TMPD/err"
check $? "a symbolic link at the target is neither followed nor replaced"
mkdir "$TMPD/dir"
(cd "$TMPD" && "$BENCHTOP" --once --interval 0.1 --snapshot dir > /dev/null 2>&1)
ls "$TMPD/dir" | grep -Eq "^benchtop-.+-[0-9]{8}-[0-9]{6}\.json$"
check $? "a folder gets the default name benchtop-HOST-YYYYmmdd-HHMMSS.json"
[ -z "$(ls -A "$TMPD" | grep '\.tmp$')" ]
check $? "no temporary file is left beside the saves"

# --- a full disk (a small loop file system) -----------------------------------
if [ "$(id -u)" -ne 0 ] || ! command -v mkfs.ext4 > /dev/null; then
	skip "full disk: needs root and mkfs.ext4"
	skip "full disk: needs root"
	skip "full disk: needs root"
	skip "full disk: needs root"
else
	truncate -s 4M "$TMPD/fs.img" && mkfs.ext4 -q -m 0 -O ^has_journal "$TMPD/fs.img" &&
		mkdir "$MNT" && mount -o loop "$TMPD/fs.img" "$MNT"
	echo OLD > "$MNT/old.json"
	dd if=/dev/zero of="$MNT/fill" bs=4k 2> /dev/null
	sync
	"$BENCHTOP" --once --interval 0.1 --snapshot "$MNT/old.json" --force > /dev/null 2> "$TMPD/err"
	[ $? -eq 1 ] && grep -q "No space left" "$TMPD/err" && [ "$(wc -l < "$TMPD/err")" -eq 1 ]
	check $? "disk full: one sentence ($(cat "$TMPD/err"))"
	[ "$(cat "$MNT/old.json")" = OLD ]
	check $? "disk full: the existing file is not replaced"
	"$BENCHTOP" --once --interval 0.1 --snapshot "$MNT/new.json" > /dev/null 2>&1
	[ $? -eq 1 ] && [ ! -e "$MNT/new.json" ]
	check $? "disk full: no new file appears"
	[ "$(ls -A "$MNT" | grep -v -e '^old.json$' -e '^fill$' -e '^lost+found$')" = "" ]
	check $? "disk full: no temporary file is left"
fi

# --- report and compare on the saved file ---------------------------------
"$BENCHTOP" report "$S" > "$TMPD/r.md" && grep -q '^## System' "$TMPD/r.md" &&
	grep -q '^## Time series' "$TMPD/r.md"
check $? "report renders the saved session as Markdown"
"$BENCHTOP" report --format csv "$S" | head -1 | grep -q '^time,time_s,samples,cpu:all:util_pct,'
check $? "report --format csv starts with the times and the channel names"
"$BENCHTOP" compare "$S" "$TMPD/before" --format json > "$TMPD/c.json"
json "$TMPD/c.json" 'isinstance(d["facts"], list) and d["figures"] == []' &&
	valid "$TMPD/c.json"
check $? "compare two saves of this machine (json, valid benchtop.compare)"

# --- bad files ------------------------------------------------------------
head -c 700 "$SNAPS/x86-vm.json" > "$TMPD/trunc.json"
refused "truncated" "$BENCHTOP" report "$TMPD/trunc.json"
grep -q truncated "$TMPD/err"
check $? "a truncated file is called truncated"
printf 'garbage\001\033[2J' > "$TMPD/corrupt.json"
refused "corrupt" "$BENCHTOP" report "$TMPD/corrupt.json"
python3 -c 'print("[" * 100000)' > "$TMPD/deep.json"
refused "100000 [" "$BENCHTOP" report "$TMPD/deep.json"
echo '{"schema": 1e999}' > "$TMPD/huge.json"
refused "1e999" "$BENCHTOP" compare "$TMPD/huge.json" "$S"
echo '{"schema": 1180591620717411303424}' > "$TMPD/big.json"
refused "2^70" "$BENCHTOP" report "$TMPD/big.json"
echo '{"schema": 999, "x": 1}' > "$TMPD/newer.json"
refused "newer schema" "$BENCHTOP" report "$TMPD/newer.json"
grep -q "written by a newer benchtop (schema 999); this one reads version 2" "$TMPD/err"
check $? "the newer schema is named in the sentence"
: > "$TMPD/empty.json"
refused "empty" "$BENCHTOP" compare "$S" "$TMPD/empty.json"
refused "missing" "$BENCHTOP" report "$TMPD/nothing-here.json"
refused "a folder" "$BENCHTOP" report "$TMPD"
refused "a bad --format" "$BENCHTOP" report --format pdf "$S"

# A valid file whose strings carry terminal escape sequences.
python3 - "$SNAPS/odroid-xu4.json" "$TMPD/esc.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
e = "\x1b]0;owned\x07\x1b[2J\x9b31m"
d["system"]["board"] = "board" + e
d["system"]["host"]["kernel"] = "4.9" + e
d["results"][0]["preset"] = "dd" + e
d["results"][0]["conditions"]["x" + e] = e
d["results"][0]["w" + e + "_mb_s"] = 1.5
d["journal"][0]["new"] = e
json.dump(d, open(sys.argv[2], "w"))
PY
"$BENCHTOP" report "$TMPD/esc.json" > "$TMPD/out" 2>&1 && clean "$TMPD/out"
check $? "report of a file with escape sequences prints none"
"$BENCHTOP" compare "$TMPD/esc.json" "$SNAPS/odroid-xu4.json" > "$TMPD/out" 2>&1 && clean "$TMPD/out" &&
	grep -q 'board?]0;owned' "$TMPD/out"
check $? "compare shows them as '?'"
