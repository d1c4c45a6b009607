#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The command table (src/cli/commands.c, each command's table of options)
# against what is written by hand from it: the man page's SYNOPSIS names
# every option of every command and none that its table lacks, each
# --help's "Usage:" lines name only options of the table, and the option
# and command names the bash completion knows by name exist.  --help is
# printed from the tables, so it stands for them here.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 5
MAN="$top_srcdir/doc/benchtop.1"
COMPL="$top_srcdir/data/bash-completion/benchtop"

cmds=$(LC_ALL=C "$BENCHTOP" --help | sed -n '/^Commands/,$s/^  \([a-z][a-z-]*\) .*/\1/p')
[ -n "$cmds" ]
check $? "benchtop --help lists the commands ($(echo $cmds))"

# table CMD: the options of CMD's --help ("" for benchtop's own), one
# "SHORT LONG" a line, "-" where it has none.
table() {
	LC_ALL=C "$BENCHTOP" $1 --help | sed -nE \
		-e 's/^  (-[A-Za-z0-9]), (--[a-z][a-z-]*)([=[ ].*)?$/\1 \2/p' \
		-e 's/^  (-[A-Za-z0-9])( .*)?$/\1 -/p' \
		-e 's/^      (--[a-z][a-z-]*)([=[ ].*)?$/- \1/p'
}

# options TEXT-ON-STDIN: the option words in it, one a line.
options() {
	grep -oE '(^|[^A-Za-z0-9-])--?[A-Za-z0-9][A-Za-z0-9-]*' |
		sed 's/^[^-]*//' | sort -u
}

# synopsis CMD: the options in the man page's SYNOPSIS forms of CMD.
synopsis() {
	sed -n '/^\.SH SYNOPSIS/,/^\.SH DESCRIPTION/p' "$MAN" |
		sed 's/\\f[BIRP]//g; s/\\-/-/g' | awk -v want="benchtop${1:+ $1}" '
			/^\.SY/ { n = $0; sub(/^\.SY *"?/, "", n); sub(/"$/, "", n)
				  on = n == want; next }
			/^\.YS/ { on = 0 }
			on' | options
}

# 2: every option of each table is in that command's SYNOPSIS (--help
# too for benchtop itself, which has it as a form of its own).
ok=0
for c in "" $cmds; do
	synopsis "$c" > "$TMPD/syn"
	table "$c" > "$TMPD/table"
	while read -r s l; do
		[ -n "$c" ] && [ "$l" = --help ] && continue
		grep -qxe "$s" -e "$l" "$TMPD/syn" ||
			{ diag "SYNOPSIS of benchtop${c:+ $c} lacks $s $l"; ok=1; }
	done < "$TMPD/table"
done
check $ok "the man page's SYNOPSIS names every option of every command's table"

# in_table CMD WHERE: 0 when every option on stdin is one of CMD's table;
# else says which is not, in WHERE.
in_table() {
	table "$1" | tr ' ' '\n' > "$TMPD/known"
	_ok=0
	for _o in $(cat); do
		grep -qxe "$_o" "$TMPD/known" ||
			{ diag "$2 of benchtop${1:+ $1} names $_o, not in its table"; _ok=1; }
	done
	return $_ok
}

# 3: and none that the table lacks.
ok=0
for c in "" $cmds; do
	synopsis "$c" | in_table "$c" SYNOPSIS || ok=1
done
check $ok "the SYNOPSIS names no option that a table lacks"

# 4: the "Usage:" line of each --help and the forms indented below it.
ok=0
for c in "" $cmds; do
	LC_ALL=C "$BENCHTOP" $c --help |
		awk 'NR == 1 || /^ / { print; next } { exit }' | options |
		in_table "$c" "the usage" || ok=1
done
check $ok "each --help's usage lines name only options of its table"

# 5: the completion's own cases: options given values by name, commands
# completed by name.
ok=0
for c in "" $cmds; do table "$c"; done | tr ' ' '\n' > "$TMPD/all"
for o in $(sed -nE 's/^[[:space:]]*(--[a-z][a-z-]*)\).*/\1/p' "$COMPL"); do
	grep -qxe "$o" "$TMPD/all" || { diag "the completion names $o, no command has it"; ok=1; }
done
for c in $(sed -nE 's/^[[:space:]]*([a-z][a-z|]*)\).*/\1/p' "$COMPL" | tr '|' ' '); do
	echo "$cmds" | grep -qx "$c" || { diag "the completion names command $c, not in the table"; ok=1; }
done
check $ok "the names the bash completion knows are in the tables"
