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

rank() {
	case $1 in
	base) echo 0 ;; collect) echo 1 ;; hw) echo 2 ;; view) echo 3 ;;
	tune) echo 4 ;; bench) echo 5 ;; session) echo 6 ;; metrics) echo 7 ;;
	cli) echo 8 ;; tui) echo 8 ;;
	*) echo -1 ;;
	esac
}

bad=$(mktemp) || exit 2
trap 'rm -f "$bad"' EXIT INT TERM HUP

# folder FILE: the layer a source file belongs to.
folder() {
	case $1 in
	tui/*) echo tui ;;
	src/*/*) f=${1#src/}; echo "${f%%/*}" ;;
	*) echo "" ;;
	esac
}

for f in $(find src tui -name '*.[ch]' | sort); do
	from=$(folder "$f")
	rf=$(rank "$from")
	[ "$rf" -ge 0 ] || { echo "$f: not in a layer folder" >> "$bad"; continue; }
	grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*["<]' "$f" |
	while IFS= read -r line; do
		n=${line%%:*}
		inc=$(echo "$line" | sed 's/.*include[[:space:]]*["<]\([^">]*\)[">].*/\1/')
		case $inc in
		curses.h|ncurses*.h|ncursesw/*|term.h|panel.h)
			# tui/panel.h is the project's own panel header
			if [ "$from" != tui ]; then
				echo "$f:$n: includes $inc: src/ never includes curses" >> "$bad"
			fi
			continue ;;
		*/*) to=${inc%%/*} ;;
		config.h) continue ;;	# configure's
		*) # a bare name: a header of the same folder only (a bare
		   # "tui.h" from src/cli would enter tui/ through -I)
		   if [ "${line#*include*\"}" != "$line" ] &&
		      [ ! -f "$(dirname "$f")/$inc" ]; then
			echo "$f:$n: includes \"$inc\": a bare name must be a header of its own folder" >> "$bad"
		   fi
		   continue ;;
		esac
		rt=$(rank "$to")
		[ "$rt" -ge 0 ] || continue	# a system header such as sys/stat.h
		[ "$to" = "$from" ] && continue
		if [ "$from" = tui ] && [ "$to" = cli ]; then
			[ "$inc" = cli/options.h ] && continue
			echo "$f:$n: includes $inc: tui/ enters cli only through cli/options.h" >> "$bad"
			continue
		fi
		if [ "$from" = cli ] && [ "$to" = tui ]; then
			[ "$inc" = tui/tui.h ] && continue
			echo "$f:$n: includes $inc: cli enters tui/ only through tui/tui.h" >> "$bad"
			continue
		fi
		if [ "$rt" -gt "$rf" ] || [ "$rt" -eq "$rf" ]; then
			echo "$f:$n: includes $inc: $from may not include $to (a higher or side layer)" >> "$bad"
		fi
	done
done

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
