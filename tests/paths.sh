#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# No file of the source tree names a folder of the machine it was written
# on: not the shared workplace folder the captures came from, not the
# absolute path of this tree (a test or a document must work elsewhere).
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$top_srcdir/tests/integration/lib.sh"
plan 2
src=$(cd "$top_srcdir" && pwd)
shared="/$(echo work)/shared"	# spelt so that this file does not match
scan() {
	grep -rIlF --exclude-dir=.git --exclude-dir='build*' --exclude-dir=_build \
		--exclude-dir=_inst --exclude-dir=autom4te.cache --exclude-dir=po \
		--exclude-dir=.deps \
		--exclude-dir='benchtop-[0-9]*' --exclude='*.log' --exclude='*.trs' \
		--exclude=config.status --exclude=Makefile --exclude=config.h \
		--exclude=benchtop.datadir --exclude='*.o' -- "$1" "$src" > "$TMPD/hits"
	[ ! -s "$TMPD/hits" ] || { diag "$(sed "s|^$src/||" "$TMPD/hits" | head)"; false; }
}
scan "$shared"
check $? "no file names the shared capture folder of the machine"
scan "$src/"
check $? "no file names the absolute path of this source tree"
