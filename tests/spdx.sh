#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Every source file of the tree (C, headers, shell, Python, Makefile.am,
# configure.ac, scripts) carries the SPDX-License-Identifier line at its
# top: tools/spdx-add --check lists the folder (not git, so this runs in a
# dist tarball too).  A file without it is named; tools/spdx-add adds it.
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$top_srcdir/tests/integration/lib.sh"
plan 3
sh "$top_srcdir/tools/spdx-add" --check "$top_srcdir" > "$TMPD/missing" 2>&1
st=$?
[ "$st" -eq 0 ] && [ ! -s "$TMPD/missing" ] || diag "$(head -n 20 "$TMPD/missing")"
check $st "every source file has an SPDX-License-Identifier line (tools/spdx-add adds it)"

# The check itself: a copy of a few files, one without the line, is caught,
# and tools/spdx-add puts the line where each kind of file wants it.
mkdir -p "$TMPD/tree/src" "$TMPD/tree/tools"
printf '/* purpose */\nint x;\n' > "$TMPD/tree/src/a.c"
printf '#!/bin/sh\necho hi\n' > "$TMPD/tree/tools/run"
printf 'AC_INIT([x], [1])\n' > "$TMPD/tree/configure.ac"
printf '/* SPDX-License-Identifier: GPL-2.0-or-later */\n' > "$TMPD/tree/src/b.h"
sh "$top_srcdir/tools/spdx-add" --check "$TMPD/tree" > "$TMPD/out"
[ $? -ne 0 ] && [ "$(sort "$TMPD/out" | tr '\n' ' ')" = "no SPDX line: configure.ac no SPDX line: src/a.c no SPDX line: tools/run " ]
check $? "--check names each file without the line and fails"
sh "$top_srcdir/tools/spdx-add" "$TMPD/tree" > /dev/null &&
	[ "$(sed -n 1p "$TMPD/tree/src/a.c")" = "/* SPDX-License-Identifier: GPL-2.0-or-later */" ] &&
	[ "$(sed -n 2p "$TMPD/tree/src/a.c")" = "/* purpose */" ] &&
	[ "$(sed -n 1p "$TMPD/tree/tools/run")" = "#!/bin/sh" ] &&
	[ "$(sed -n 2p "$TMPD/tree/tools/run")" = "# SPDX-License-Identifier: GPL-2.0-or-later" ] &&
	[ "$(sed -n 1p "$TMPD/tree/configure.ac")" = "dnl SPDX-License-Identifier: GPL-2.0-or-later" ] &&
	[ "$(wc -l < "$TMPD/tree/src/b.h")" -eq 1 ] &&
	sh "$top_srcdir/tools/spdx-add" --check "$TMPD/tree"
check $? "spdx-add: line 1 of C and configure.ac, after #! in scripts, once"
