#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The user's presets.conf is read only as a regular file of at most 1 MiB,
# and a bad line skips its own preset, not the file: `benchtop bench
# --list` with a FIFO in its place (it hung), a link to /dev/zero (it
# grew without bound), 1 MiB of sections, and a file whose second preset
# has a bad line (it disabled bench: status 1, no list).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v timeout > /dev/null || { echo "1..0 # SKIP timeout missing"; exit 0; }
plan 4
C=$TMPD/config/benchtop
mkdir -p "$C"
XDG_CONFIG_HOME=$TMPD/config
export XDG_CONFIG_HOME
# list NAME: bench --list (at most 60 s): stdout NAME.out, stderr
# NAME.err, status NAME.rc
list() {
	timeout -s KILL 60 "$BENCHTOP" bench --list > "$TMPD/$1.out" 2> "$TMPD/$1.err"
	echo $? > "$TMPD/$1.rc"
}
# listed NAME WHY: status 0, the installed presets listed, one warning
# naming WHY
listed() {
	[ "$(cat "$TMPD/$1.rc")" = 0 ] && grep -q '^seq-direct ' "$TMPD/$1.out" &&
		[ "$(wc -l < "$TMPD/$1.err")" = 1 ] && grep -q "$2" "$TMPD/$1.err"
	_st=$?; [ $_st = 0 ] || diag "status $(cat "$TMPD/$1.rc"):" "$(head -c 600 "$TMPD/$1.err")"
	return $_st
}

mkfifo "$C/presets.conf"
list fifo
listed fifo "warning: cannot read your presets ($C/presets.conf: not a regular file); the installed ones are used"
check $? "a FIFO as presets.conf: not waited on, a warning, the installed presets listed"
rm -f "$C/presets.conf"

ln -s /dev/zero "$C/presets.conf"
list zero
listed zero "($C/presets.conf: not a regular file)"
check $? "a link to /dev/zero: not read, a warning, the installed presets listed"
rm -f "$C/presets.conf"

python3 -c 'import sys
sys.stdout.write("".join("[p%d]\nkind = iperf\n" % i for i in range(1 << 20) )[:(1 << 20) - 1])' > "$C/presets.conf"
list many
listed many "warning: $C/presets.conf: line [0-9]*: more presets than benchtop keeps (256)" &&
	grep -q '^p0 ' "$TMPD/many.out" && [ "$(grep -c . "$TMPD/many.out")" -le 256 ]
check $? "1 MiB of sections: 256 presets kept in all, the rest said in one warning"

printf '[mine]\nkind = iperf\nduration = 3\n[bad]\nkind = iperf\nduration = soon\nport = 7\n[also]\nkind = seq-direct\nsize = 8M\n' > "$C/presets.conf"
list bad
listed bad "warning: $C/presets.conf: line 6: needs a whole number above 0 (\"soon\"); preset \[bad\] skipped" &&
	grep -q '^mine ' "$TMPD/bad.out" && grep -q '^also ' "$TMPD/bad.out" && ! grep -q '^bad ' "$TMPD/bad.out"
check $? "a bad line in one preset: that preset skipped with a sentence, the others listed"
