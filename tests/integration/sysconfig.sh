#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The system-wide configuration (/etc/benchtop/config; $BENCHTOP_SYSCONFDIR
# here) is read before the user's: its values apply, the user's win, and a
# bad line in either is one warning naming that file.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 7
mkdir -p "$TMPD/etc/benchtop" "$TMPD/xdg/benchtop"
export BENCHTOP_SYSCONFDIR="$TMPD/etc" XDG_CONFIG_HOME="$TMPD/xdg"
# The first line gives the measured time between the two samples: at
# least the configured interval, and less than 0.6 s above it even on a
# loaded machine, so the values used (0.3, 1, 2) cannot be mistaken.
interval() {
	sed -n '1s/.*, interval \([0-9.]*\) s$/\1/p' "$TMPD/out" |
		awk -v e="$1" '{ exit !($1 >= e && $1 < e + 0.6) }'
}

"$BENCHTOP" --once > "$TMPD/out" 2> "$TMPD/err"
[ $? -eq 0 ] && interval 1 && [ ! -s "$TMPD/err" ]
check $? "no file anywhere: the default interval 1 s, no warning"

echo 'interval = 0.3' > "$TMPD/etc/benchtop/config"
"$BENCHTOP" --once > "$TMPD/out" 2> "$TMPD/err"
[ $? -eq 0 ] && interval 0.3 && [ ! -s "$TMPD/err" ]
check $? "the system-wide file's interval applies (0.3 s)"

echo 'interval = 2' > "$TMPD/xdg/benchtop/config"
"$BENCHTOP" --once > "$TMPD/out" 2> "$TMPD/err"
[ $? -eq 0 ] && interval 2
check $? "the user's file is read after it and wins (2 s)"

rm "$TMPD/xdg/benchtop/config"
printf 'interval = 0.3\ncolour = yes\n' > "$TMPD/etc/benchtop/config"
"$BENCHTOP" --once > "$TMPD/out" 2> "$TMPD/err"
[ $? -eq 0 ] && interval 0.3 && [ "$(wc -l < "$TMPD/err")" -eq 1 ]
check $? "a bad line in the system-wide file: one warning, the rest applies"
grep -q "^benchtop: $TMPD/etc/benchtop/config: line 2: .*colour" "$TMPD/err"
check $? "the warning names the system-wide file and the line"

printf 'interval = fast\n' > "$TMPD/xdg/benchtop/config"
"$BENCHTOP" --once > "$TMPD/out" 2> "$TMPD/err"
[ $? -eq 0 ] && interval 0.3 && [ "$(wc -l < "$TMPD/err")" -eq 2 ] &&
	grep -q "^benchtop: $TMPD/xdg/benchtop/config: line 1:" "$TMPD/err"
check $? "a bad user value keeps the system-wide one, with its own warning"

# The example configuration shipped for /usr/share/doc parses cleanly.
cp "$top_srcdir/doc/config.example" "$TMPD/etc/benchtop/config"
rm -f "$TMPD/xdg/benchtop/config"
"$BENCHTOP" --once > "$TMPD/out" 2> "$TMPD/err"
[ $? -eq 0 ] && [ ! -s "$TMPD/err" ]
check $? "doc/config.example is read without a warning"
