#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Every file of the source tree that README.md and doc/*.md name by its
# path (src/hw/hwmodel.c, tests/unit/testutil.h) exists: a document that
# sends a reader to a moved file is wrong. Logs a build writes (*.log) and
# installed paths (/usr/share/doc/...) are not files of the tree.
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$top_srcdir/tests/integration/lib.sh"
plan 2
cd "$top_srcdir" || exit 99
grep -oE '(^|[^/A-Za-z0-9_.-])(src|tui|tests|tools|po|data|doc)/[A-Za-z0-9_./-]*[A-Za-z0-9_]' \
	README.md doc/*.md | sed 's/:[^a-z]*/:/' | sort -u > "$TMPD/named"
n=$(wc -l < "$TMPD/named")
[ "$n" -ge 20 ]
check $? "README.md and doc/ name files of the tree ($n found)"
: > "$TMPD/missing"
while IFS=: read -r doc path; do
	case $path in *.log) continue ;; esac
	[ -e "$path" ] || echo "$doc names $path, which does not exist" >> "$TMPD/missing"
done < "$TMPD/named"
[ ! -s "$TMPD/missing" ] || diag "$(cat "$TMPD/missing")"
[ ! -s "$TMPD/missing" ]
check $? "every path the documents name exists"
