#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# configure refuses an --enable-X value other than yes or no, and a
# --with-libiperf other than yes or no, with one clear sentence; the
# program's --version and --help carry the licence and AC_INIT's addresses.
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$top_srcdir/tests/integration/lib.sh"
plan 8

refused() {	# refused OPTION SENTENCE
	(cd "$TMPD" && "$top_srcdir/configure" -q "$1" > out 2> err)
	st=$?
	[ "$st" -ne 0 ] && grep -qF "configure: error: $2" "$TMPD/err" ||
		{ diag "status $st: $(tail -n 3 "$TMPD/err")"; false; }
}
if [ -f "$top_srcdir/config.status" ]; then
	# configured in the source folder: configure refuses to run elsewhere
	for t in 1 2 3 4; do skip "the source folder is configured in place"; done
else
	refused --enable-asan=maybe "--enable-asan takes yes or no, not 'maybe'"
	check $? "--enable-asan=maybe is refused in one sentence"
	refused --enable-werror=1 "--enable-werror takes yes or no, not '1'"
	check $? "--enable-werror=1 is refused"
	refused --enable-silent-rules=please "--enable-silent-rules takes yes or no, not 'please'"
	check $? "an automake option with a bad value too (--enable-silent-rules=please)"
	refused --with-libiperf=auto "--with-libiperf takes yes or no, not 'auto'"
	check $? "--with-libiperf=auto is refused"
fi

"$BENCHTOP" --version > "$TMPD/ver"
[ "$(sed -n 2p "$TMPD/ver")" = "Copyright (C) 2026 The benchtop authors." ] &&
	[ "$(sed -n 3p "$TMPD/ver")" = "License GPLv2+: GNU GPL version 2 or later <https://gnu.org/licenses/gpl.html>." ] &&
	grep -qx 'There is NO WARRANTY, to the extent permitted by law.' "$TMPD/ver"
check $? "--version: copyright, licence and warranty lines as GNU programs print them"
LC_ALL=C "$BENCHTOP" --help > "$TMPD/help"
grep -qx 'Report bugs to: https://github.com/benchtop-project/benchtop/issues' "$TMPD/help" &&
	grep -qx 'benchtop home page: <https://github.com/benchtop-project/benchtop>' "$TMPD/help"
check $? "--help ends with AC_INIT's bug-report address and home page"
head -n 2 "$top_srcdir/COPYING" | tr -s ' ' | grep -qx ' GNU GENERAL PUBLIC LICENSE' &&
	grep -q 'Version 2, June 1991' "$top_srcdir/COPYING" &&
	[ "$(wc -l < "$top_srcdir/COPYING")" -ge 330 ]
check $? "COPYING is the whole GPL version 2"
grep -q '^License: GPL-2+$' "$top_srcdir/debian/copyright" 2> /dev/null ||
	[ ! -d "$top_srcdir/debian" ]
check $? "debian/copyright (where the tree has it) says GPL-2+"
