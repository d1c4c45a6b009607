#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# layers: the include rules of the source tree, checked over every #include
# line. src/ folders are ranked bottom-up (base collect hw view tune bench
# session metrics cli); a file may include its own folder and the folders below it,
# never one above. tui/ sits beside src/cli: it enters cli only through
# cli/options.h, and cli enters tui only through tui/tui.h. src/ never
# includes curses; tui/ never names a /proc or /sys path.
# Marker lines ("[area: begin]") are refused everywhere in the code.
# Usage: sh tests/layers.sh [SRCDIR]; TAP on stdout.
set -u
top=${1:-${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}}
cd "$top" || exit 2

bad=$(mktemp) || exit 2
trap 'rm -f "$bad"' EXIT INT TERM HUP

# Every #include line of src/ and tui/ in one awk pass (a loop of the
# shell's over 2,500 lines forked a sed for each: 42 s idle, 212 s under
# tests/load.sh). A file's layer is its folder: tui/, or src/FOLDER/.
find src tui -name '*.[ch]' | LC_ALL=C sort | xargs awk '
BEGIN {
	n = split("base collect hw view tune bench session metrics cli", l)
	for (i = 1; i <= n; i++)
		R[l[i]] = i - 1
	R["tui"] = R["cli"]
}
function rank(l) { return l in R ? R[l] : -1 }
function bad(what) { print FILENAME ":" FNR ": includes " inc ": " what }
FNR == 1 {
	from = ""
	if (FILENAME ~ /^tui\//)
		from = "tui"
	else if (FILENAME ~ /^src\/[^\/]*\//)
		from = substr(FILENAME, 5, index(substr(FILENAME, 5), "/") - 1)
	rf = rank(from)
	dir = FILENAME; sub(/\/[^\/]*$/, "", dir)
	if (rf < 0)
		print FILENAME ": not in a layer folder"
}
rf < 0 { nextfile }
!/^[[:space:]]*#[[:space:]]*include[[:space:]]*["<]/ { next }
{
	inc = $0; sub(/^[[:space:]]*#[[:space:]]*include[[:space:]]*/, "", inc)
	quoted = substr(inc, 1, 1) == "\""
	inc = substr(inc, 2); sub(/[">].*/, "", inc)
	if (inc ~ /^(curses\.h|ncurses.*\.h|ncursesw\/.*|term\.h|panel\.h)$/) {
		# tui/panel.h is the project own panel header
		if (from != "tui")
			bad("src/ never includes curses")
		next
	}
	if (inc !~ /\//) {
		# a bare name: a header of the same folder only (a bare
		# "tui.h" from src/cli would enter tui/ through -I)
		if (inc != "config.h" && quoted && (getline line < (dir "/" inc)) < 0)
			print FILENAME ":" FNR ": includes \"" inc "\": a bare name must be a header of its own folder"
		close(dir "/" inc)
		next
	}
	to = substr(inc, 1, index(inc, "/") - 1)
	rt = rank(to)
	if (rt < 0 || to == from)	# a system header such as sys/stat.h
		next
	if (from == "tui" && to == "cli") {
		if (inc != "cli/options.h")
			bad("tui/ enters cli only through cli/options.h")
	} else if (from == "cli" && to == "tui") {
		if (inc != "tui/tui.h")
			bad("cli enters tui/ only through tui/tui.h")
	} else if (rt >= rf)
		bad(from " may not include " to " (a higher or side layer)")
}' >> "$bad" || echo "the awk pass over the include lines failed" >> "$bad"

# tui/ never opens kernel files: no /proc or /sys path in its code.
grep -n '"/\(proc\|sys\)[/"]' tui/*.c tui/*.h 2> /dev/null |
	sed 's/$/: tui\/ never opens \/proc or \/sys/' >> "$bad"

# The kernel's roots are named once (sample_live_roots, src/collect):
# every reader takes them from there, so tests can point all of them
# elsewhere and no copy of them drifts.
grep -n '"/\(proc\|sys\)"' src/*/*.c tui/*.c 2> /dev/null |
	grep -v '^src/collect/sample\.c:' |
	sed 's/$/: the kernel roots come from sample_live_roots/' >> "$bad"

# No "[area: begin]" / "[area: end]" marker lines: a part of a hub file
# that parallel work once fenced off is a file or a table row of its own
# now (tui/features.c), and a marker would invite the next one.
grep -n '\[[a-z][a-z0-9 _-]*: \(begin\|end\)\]' src/*/*.[ch] tui/*.[ch] \
	Makefile.am src/*/local.mk doc/benchtop.1 po/POTFILES.in 2> /dev/null |
	sed 's/$/: a marker line (give the part a file or a table row)/' >> "$bad"

echo "1..1"
if [ -s "$bad" ]; then
	sed 's/^/# /' "$bad"
	echo "not ok 1 - the layers hold: includes point down, kernel roots named once, no marker lines ($(wc -l < "$bad") wrong)"
	exit 1
fi
echo "ok 1 - the layers hold: includes point down, kernel roots named once, no marker lines"
