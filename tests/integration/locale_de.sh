#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# locale_de: under a real German locale (LANG=de_DE.UTF-8, whose decimal
# point is ','), numbers are read and written with a '.' as the man page
# says (LANGUAGE): the live header's load average reads 0.42, `benchtop
# set max=1.4GHz` is taken, --interval 0.5 is taken, reports are the same
# bytes as in the C locale, while the words are German. The locale is
# built into the test's folder with localedef (LOCPATH), so the machine's
# locales are not touched.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
plan 8

skip_all() {
	i=0
	while [ $i -lt 8 ]; do skip "$1"; i=$((i + 1)); done
	exit 0
}
command -v localedef > /dev/null || skip_all "localedef (libc-bin) missing"
command -v msgfmt > /dev/null || skip_all "msgfmt (gettext) missing"
command -v "$UMOCKDEV_RUN" > /dev/null || skip_all "umockdev-run missing"
command -v tmux > /dev/null || skip_all "tmux missing"
mkdir -p "$TMPD/loc" "$TMPD/locale/de/LC_MESSAGES"
localedef -i de_DE -f UTF-8 "$TMPD/loc/de_DE.UTF-8" > "$TMPD/localedef.out" 2>&1 ||
	[ -f "$TMPD/loc/de_DE.UTF-8/LC_NUMERIC" ] ||
	skip_all "localedef cannot build de_DE.UTF-8 (package locales missing)"
msgfmt -o "$TMPD/locale/de/LC_MESSAGES/benchtop.mo" "$top_srcdir/po/de.po"
GERMAN="LOCPATH='$TMPD/loc' LANG=de_DE.UTF-8 LANGUAGE=de BENCHTOP_LOCALEDIR='$TMPD/locale'"
unset LC_ALL LC_NUMERIC LC_MESSAGES
# de CMD...: CMD in German.
de() {
	env LOCPATH="$TMPD/loc" LANG=de_DE.UTF-8 LANGUAGE=de \
		BENCHTOP_LOCALEDIR="$TMPD/locale" "$@"
}

[ "$(de locale decimal_point 2> /dev/null)" = "," ]
check $? "the German locale is real: its decimal point is ','"

# The live screen on the XU4 testbed with a /proc/loadavg of 0.42.
start 120 30 "export $GERMAN; '$UMOCKDEV_RUN' -- sh -c 'cp -r \"$TESTBEDS/odroid-xu4\"/. \"\$UMOCKDEV_DIR\"/ && echo \"0.42 0.30 0.25 1/123 4567\" > \"\$UMOCKDEV_DIR/proc/loadavg\" && exec \"$BENCHTOP\" -d 0.5'"
wait_for 'Last 0\.42 0\.30 0\.25'
check $? "the header reads 'Last 0.42 0.30 0.25': German words, '.' numbers"
keys h
wait_for 'Intervall 0\.5 s'
check $? "the help screen says 'Intervall 0.5 s'"
keys q
wait_exit 10

de "$BENCHTOP" --once --interval 0.5 > "$TMPD/once" 2> "$TMPD/once.err"
st=$?
grep -Eq ', Intervall 0\.[0-9]+ s$' "$TMPD/once" || st=1
[ $st -eq 0 ] || diag "$(head -3 "$TMPD/once" "$TMPD/once.err")"
check $st "--once --interval 0.5 is taken and says 'Intervall 0.5x s'"

# benchtop set on the tuning testbed (as tests/integration/tune_set.sh).
P4=sys/devices/system/cpu/cpufreq/policy4
de "$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
	cp -r "$1/odroid-xu4/." "$UMOCKDEV_DIR/" &&
	cp -r "$1/odroid-xu4-tune/." "$UMOCKDEV_DIR/" || exit 99
	"$2" set max=1.4GHz --cluster 4 > "$3.out" 2> "$3.err"; echo $? > "$3.rc"
	cat "$UMOCKDEV_DIR/'$P4'/scaling_max_freq" > "$3.file"' sh \
	"$TESTBEDS" "$BENCHTOP" "$TMPD/set"
[ "$(cat "$TMPD/set.rc")" = 0 ] && [ "$(cat "$TMPD/set.file")" = 1400000 ]
st=$?
[ $st -eq 0 ] || diag "$(cat "$TMPD/set.out" "$TMPD/set.err" "$TMPD/set.rc")"
check $st "set max=1.4GHz is taken: status 0, scaling_max_freq 1400000"

# Documents never follow the locale: the same bytes as in the C locale.
SNAP=$top_srcdir/tests/data/snapshots/odroid-xu4.json
LC_ALL=C "$BENCHTOP" report "$SNAP" > "$TMPD/c.md"
de "$BENCHTOP" report "$SNAP" > "$TMPD/de.md"
cmp -s "$TMPD/c.md" "$TMPD/de.md" && grep -q '[0-9]\.[0-9]' "$TMPD/de.md"
check $? "report (Markdown) is the same bytes under German as under C"
LC_ALL=C "$BENCHTOP" report --format csv "$SNAP" > "$TMPD/c.csv"
de "$BENCHTOP" report --format csv "$SNAP" > "$TMPD/de.csv"
cmp -s "$TMPD/c.csv" "$TMPD/de.csv" && grep -q '[0-9]\.[0-9]' "$TMPD/de.csv"
check $? "report --format csv is the same bytes under German as under C"
de "$BENCHTOP" --once --json --interval 0.2 > "$TMPD/once.json"
json "$TMPD/once.json" 'isinstance(d["interval_s"], float) and 0.19 <= d["interval_s"] < 2'
check $? "--once --json under German is JSON with interval_s 0.2 (measured: at least 0.19, under 2 on a loaded machine)"
