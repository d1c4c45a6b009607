#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The command line behaves as GNU programs do: --help, --version, and one
# clear sentence with exit status 2 for anything it does not understand.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 14

"$BENCHTOP" --help > "$TMPD/help" 2>&1
check $? "--help exits 0"
grep -q -- '--interval=SEC' "$TMPD/help" && grep -q -- '--json' "$TMPD/help" \
	&& grep -q '^Usage: benchtop' "$TMPD/help"
check $? "--help lists the usage and the options"
# help_width: the lines of benchtop --help and of each command's --help
# wider than 80 columns (an SSH terminal of 80 would wrap them), one
# "COMMAND: WIDTH: LINE" a line.
help_width() {
	for c in '' $(sed -n '/^Commands/,$s/^  \([a-z][a-z-]*\) .*/\1/p' "$TMPD/help"); do
		# shellcheck disable=SC2086
		"$BENCHTOP" $c --help 2>&1 | while IFS= read -r l; do
			w=$(printf '%s' "$l" | wc -L)
			[ "$w" -le 80 ] || printf '%s: %s: %s\n' "${c:-benchtop}" "$w" "$l"
		done
	done
}
help_width > "$TMPD/wide"
[ ! -s "$TMPD/wide" ] || { diag "$(cat "$TMPD/wide")"; false; }
check $? "every --help (benchtop's and each command's) fits in 80 columns"
# a table laid out in the text keeps its columns (set's SETTINGs)
"$BENCHTOP" set --help > "$TMPD/set" 2>&1
grep -qx '  governor=NAME            the governor of every cluster, or of the one chosen' "$TMPD/set" &&
	grep -qx '                           /proc/interrupts (xhci-hcd:usb5=4-7)' "$TMPD/set"
check $? "set --help: the SETTING table keeps its two columns"

"$BENCHTOP" --version > "$TMPD/ver"
check $? "--version exits 0"
grep -Eq '^benchtop [0-9]+\.[0-9]+\.[0-9]+$' "$TMPD/ver"
check $? "--version prints 'benchtop X.Y.Z'"

bad() {
	"$BENCHTOP" "$@" > "$TMPD/out" 2> "$TMPD/err"
	st=$?
	[ "$st" -eq 2 ] && [ ! -s "$TMPD/out" ] && [ "$(wc -l < "$TMPD/err")" -eq 1 ]
}
bad --frobnicate
check $? "an unknown option: exit 2, one line on stderr"
grep -q "unknown option '--frobnicate'" "$TMPD/err"
check $? "the sentence names the unknown option"
bad --interval abc
check $? "--interval abc: exit 2, one line"
grep -q "invalid interval 'abc'" "$TMPD/err"
check $? "the sentence names the bad interval"
bad --interval 0
check $? "--interval 0 is refused"
bad -d -5
check $? "-d -5 is refused"
bad --interval
check $? "--interval without a value is refused"
bad --once extra
check $? "a stray argument is refused"
