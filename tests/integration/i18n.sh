#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The German catalogue (po/de.po) is used: --help, the --once tables, the
# sentence for a bad option, the sentence of a failed benchmark (written
# by its child process), those of a bad configuration or presets file and
# those of reading, replaying and saving a snapshot come out in German,
# with the plural forms of the catalogue ("1 idle device", "1 inaktives
# Gerät").  `make check` runs the uninstalled binary, so the catalogue is
# compiled into a private locale folder and found through
# BENCHTOP_LOCALEDIR.  gettext only looks at LANGUAGE when the locale is
# not C/POSIX: C.UTF-8 (built into glibc 2.35 and later, shipped by Debian
# before that) or any other UTF-8 locale will do; no German locale is
# needed.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 20

utf8=
for l in C.UTF-8 C.utf8 $(locale -a 2>/dev/null | grep -Ei '\.utf-?8$'); do
	if [ "$(LC_ALL=$l locale charmap 2>/dev/null)" = UTF-8 ]; then
		utf8=$l
		break
	fi
done

if ! command -v msgfmt > /dev/null 2>&1; then
	why="msgfmt (gettext) is not installed"
elif [ -z "$utf8" ]; then
	why="no UTF-8 locale (C.UTF-8 or another) on this machine"
else
	why=
fi
if [ -n "$why" ]; then
	i=0
	while [ $i -lt 20 ]; do
		skip "$why"
		i=$((i + 1))
	done
	exit 0
fi

mkdir -p "$TMPD/locale/de/LC_MESSAGES"
msgfmt --check -o "$TMPD/locale/de/LC_MESSAGES/benchtop.mo" \
	"$top_srcdir/po/de.po" 2> "$TMPD/msgfmt.err"
st=$?
[ -s "$TMPD/msgfmt.err" ] && diag "$(cat "$TMPD/msgfmt.err")"
check $st "po/de.po compiles with msgfmt --check"

de() {
	BENCHTOP_LOCALEDIR="$TMPD/locale" LANGUAGE=de LC_ALL=$utf8 \
		"$BENCHTOP" "$@"
}

de --help > "$TMPD/help" 2>&1
check $? "--help exits 0 in German"
grep -q '^Aufruf: benchtop \[OPTION\]' "$TMPD/help" \
	&& grep -q -- '--interval=SEK' "$TMPD/help" \
	&& grep -q 'diese Hilfe anzeigen und beenden' "$TMPD/help"
check $? "--help is German (Aufruf:, --interval=SEK, the option texts)"
! grep -q '^Usage:' "$TMPD/help"
check $? "--help has no English usage line left"
# every German --help, benchtop's and each command's, in 80 columns (the
# width is counted in characters: wc -L in the UTF-8 locale)
for c in '' $(LC_ALL=C "$BENCHTOP" --help | sed -n '/^Commands/,$s/^  \([a-z][a-z-]*\) .*/\1/p'); do
	# shellcheck disable=SC2086
	de $c --help 2>&1 | while IFS= read -r l; do
		w=$(printf '%s' "$l" | LC_ALL=$utf8 wc -L)
		[ "$w" -le 80 ] || printf '%s: %s: %s\n' "${c:-benchtop}" "$w" "$l"
	done
done > "$TMPD/wide"
[ ! -s "$TMPD/wide" ] || diag "$(cat "$TMPD/wide")"
[ ! -s "$TMPD/wide" ]
check $? "every German --help fits in 80 columns"

de --once --interval 0.2 > "$TMPD/once" 2> "$TMPD/once.err"
check $? "--once --interval 0.2 exits 0 in German"
grep -Eq '^CPU +USER .* AUSL\.$' "$TMPD/once" \
	&& grep -Eq '^LAUFWERK +ART +LESEN +SCHREIBEN +L IOPS +S IOPS +AUSL% +WARTEms$' "$TMPD/once" \
	&& grep -Eq '^NETZ +RX +TX +RX Pkt/s' "$TMPD/once" \
	&& grep -Eq '^IRQ +RATE/s +AN CPU +AFFINIT\. +EFFEKTIV +NAME$' "$TMPD/once"
st=$?
[ $st -eq 0 ] || diag "$(grep -E '^(CPU|LAUFWERK|DISK|NETZ|NET|IRQ) ' "$TMPD/once")"
check $st "--once shows the German column titles of the four tables"
grep -Eq '^[^ ]+ [^ ]+ auf .*, Kernel .*, Intervall 0\.[0-9]+ s$' "$TMPD/once"
check $? "--once opens with the German first line"

bad() {
	de "$@" > "$TMPD/out" 2> "$TMPD/err"
	st=$?
	[ "$st" -eq 2 ] && [ ! -s "$TMPD/out" ] && [ "$(wc -l < "$TMPD/err")" -eq 1 ]
}
bad --frobnicate
check $? "an unknown option: exit 2, one line on stderr"
grep -q "^benchtop: unbekannte Option „--frobnicate“; siehe „benchtop --help“$" "$TMPD/err"
st=$?
[ $st -eq 0 ] || diag "$(cat "$TMPD/err")"
check $st "the sentence for an unknown option is German"
bad --interval abc && grep -q "ungültiges Intervall „abc“" "$TMPD/err"
check $? "--interval abc: exit 2 and the German sentence"

# A benchmark's sentence is made in its child process: a regular file as
# the target is refused before anything is written, by a write preset and
# by read-timing (no root, no free space needed).
: > "$TMPD/file"
de bench seq-direct --target "$TMPD/file" > "$TMPD/out" 2> "$TMPD/err"
st=$?
[ $st -eq 1 ] && [ ! -s "$TMPD/out" ] && grep -Fqx \
	"benchtop bench: seq-direct: $TMPD/file ist kein Verzeichnis" "$TMPD/err"
st=$?
[ $st -eq 0 ] || diag "$(cat "$TMPD/err")"
check $st "bench seq-direct on a file: exit 1 and the German sentence"
de bench read-timing --target "$TMPD/file" > "$TMPD/out" 2> "$TMPD/err"
st=$?
[ $st -eq 1 ] && grep -Fqx "benchtop bench: read-timing: $TMPD/file ist kein \
Blockgerät: read-timing liest ein Laufwerk wie /dev/sda" "$TMPD/err"
st=$?
[ $st -eq 0 ] || diag "$(cat "$TMPD/err")"
check $st "bench read-timing on a file: exit 1 and the German sentence"

# The sentences of the two file parsers: a bad line of the configuration
# file (a warning, the rest is used) and of a presets file (refused).
mkdir -p "$TMPD/cfg/benchtop"
printf 'interval = fast\n' > "$TMPD/cfg/benchtop/config"
printf '[mine]\nkind = fast\n' > "$TMPD/cfg/benchtop/presets.conf"
XDG_CONFIG_HOME="$TMPD/cfg" de --once --interval 0.2 > /dev/null 2> "$TMPD/err"
st=$?
[ $st -eq 0 ] && grep -Fqx "benchtop: $TMPD/cfg/benchtop/config: Zeile 1: interval \
muss Sekunden von 0.1 bis 3600 sein, nicht „fast“ (der Rest der Datei wurde \
verwendet)" "$TMPD/err"
st=$?
[ $st -eq 0 ] || diag "$(cat "$TMPD/err")"
check $st "a bad line in the configuration file: the German warning"
XDG_CONFIG_HOME="$TMPD/cfg" de bench --list > /dev/null 2> "$TMPD/err"
st=$?
[ $st -eq 0 ] && grep -Fqx "benchtop bench: Warnung: \
$TMPD/cfg/benchtop/presets.conf: Zeile 2: kind muss seq-direct, iozone, \
read-timing, bonnie oder iperf sein („fast“); Preset [mine] übersprungen" "$TMPD/err"
st=$?
[ $st -eq 0 ] || diag "$(cat "$TMPD/err")"
check $st "a bad line in a presets file: its preset skipped, the German sentence"

# The snapshot sentences: a truncated file for report, a file without
# recorded rows for --replay (both refused before the terminal is touched),
# and --once --snapshot onto a symbolic link (refused, nothing written).
printf '{"schema": 1, "system": {' > "$TMPD/trunc.json"
de report "$TMPD/trunc.json" > "$TMPD/out" 2> "$TMPD/err"
st=$?
[ $st -eq 2 ] && [ ! -s "$TMPD/out" ] && grep -Fqx "benchtop: $TMPD/trunc.json: \
ist kein vollständiges JSON-Dokument: es endet vorzeitig in Zeile 1 (eine \
abgeschnittene Datei?)" "$TMPD/err"
st=$?
[ $st -eq 0 ] || diag "$(cat "$TMPD/err")"
check $st "report on a truncated snapshot: exit 2 and the German sentence"
tier() {
	printf '{"step_ms": %s, "keep_ms": %s, "max_rows": %s, "rows": []}' "$@"
}
printf '{"schema": 1, "saved_at": "2026-01-01T00:00:00Z", "system": {}, '\
'"journal": [], "results": [], "series": {"interval_s": 1, "channels": [], '\
'"tiers": [%s, %s, %s]}}\n' "$(tier 0 900000 900)" \
	"$(tier 10000 21600000 2160)" "$(tier 60000 0 2880)" > "$TMPD/norows.json"
de --replay "$TMPD/norows.json" > "$TMPD/out" 2> "$TMPD/err" < /dev/null
st=$?
[ $st -eq 2 ] && [ ! -s "$TMPD/out" ] && grep -Fqx "benchtop: $TMPD/norows.json: \
kann nicht wiedergegeben werden: sie enthält keine aufgezeichneten Messungen \
zur Wiedergabe" "$TMPD/err"
st=$?
[ $st -eq 0 ] || diag "$(cat "$TMPD/err")"
check $st "--replay of a snapshot without rows: exit 2 and the German sentence"
ln -s "$TMPD/elsewhere.json" "$TMPD/link.json"
de --once --interval 0.2 --snapshot "$TMPD/link.json" > /dev/null \
	2> "$TMPD/err"
st=$?
[ $st -eq 1 ] && [ ! -e "$TMPD/elsewhere.json" ] && grep -Fqx "benchtop: \
$TMPD/link.json wurde nicht gespeichert: das ist ein symbolischer Link, und \
benchtop schreibt nie durch einen Link hindurch" "$TMPD/err"
st=$?
[ $st -eq 0 ] || diag "$(cat "$TMPD/err")"
check $st "--once --snapshot onto a symbolic link: exit 1 and the German sentence"

# Plural forms: the XU4 testbed with one idle zram device, which --once
# leaves out and counts - in the singular, in English and in German.
if ! command -v "$UMOCKDEV_RUN" > /dev/null 2>&1; then
	skip "umockdev-run missing"
	skip "umockdev-run missing"
	exit 0
fi
mkdir -p "$TMPD/beds" && cp -a "$TESTBEDS/odroid-xu4" "$TMPD/beds/one-zram" &&
	echo " 254       0 zram0 0 0 0 0 0 0 0 0 0 0 0" >> "$TMPD/beds/one-zram/proc/diskstats"
once_zram() {
	"$UMOCKDEV_RUN" -- sh -c 'cp -r "$0"/. "$UMOCKDEV_DIR"/ && exec "$@"' \
		"$TMPD/beds/one-zram" env "$@" "$BENCHTOP" --once --interval 0.2
}
once_zram LANGUAGE= > "$TMPD/en" 2>&1
grep -qx '(1 idle loop/ram/zram device hidden; --all shows it)' "$TMPD/en"
st=$?
[ $st -eq 0 ] || diag "$(grep -i hidden "$TMPD/en")"
check $st "one hidden device is said in the singular"
once_zram BENCHTOP_LOCALEDIR="$TMPD/locale" LANGUAGE=de LC_ALL=$utf8 > "$TMPD/de" 2>&1
grep -qx '(1 inaktives loop/ram/zram-Gerät ausgeblendet; --all zeigt es an)' "$TMPD/de"
st=$?
[ $st -eq 0 ] || diag "$(grep -i ausgeblendet "$TMPD/de")"
check $st "and in the German singular"
