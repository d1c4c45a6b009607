#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The manual page: mandoc -T lint, lexgrog and man -l (groff warnings)
# clean; the SYNOPSIS shows every form and the FILES every file.
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$top_srcdir/tests/integration/lib.sh"
plan 8
MAN="$top_srcdir/doc/benchtop.1"

if command -v mandoc > /dev/null; then
	mandoc -T lint -W warning "$MAN" > "$TMPD/lint" 2>&1
	[ $? -eq 0 ] && [ ! -s "$TMPD/lint" ] || { diag "$(cat "$TMPD/lint")"; false; }
	check $? "mandoc -T lint: no warning"
else
	skip "mandoc missing (apt-get install mandoc)"
fi
if command -v lexgrog > /dev/null; then
	lexgrog "$MAN" > "$TMPD/lex" 2>&1 &&
		grep -q ': "benchtop - ' "$TMPD/lex" || { diag "$(cat "$TMPD/lex")"; false; }
	check $? "lexgrog reads the NAME line (whatis, apropos)"
else
	skip "lexgrog missing (man-db)"
fi
if command -v man > /dev/null && command -v groff > /dev/null; then
	LC_ALL=C.UTF-8 MANWIDTH=80 MAN_KEEP_FORMATTING= man --warnings -l "$MAN" \
		> "$TMPD/page" 2> "$TMPD/warn"
	[ $? -eq 0 ] && [ ! -s "$TMPD/warn" ] && [ -s "$TMPD/page" ] ||
		{ diag "$(cat "$TMPD/warn")"; false; }
	check $? "man -l renders it without a groff warning"
else
	skip "man or groff missing"
fi
[ -s "$TMPD/page" ] || LC_ALL=C.UTF-8 mandoc -T utf8 "$MAN" > "$TMPD/page" 2> /dev/null
sed 's/.\x08//g' "$TMPD/page" > "$TMPD/text"
sed -n '/^SYNOPSIS/,/^DESCRIPTION/p' "$TMPD/text" > "$TMPD/syn"

# Every form of the command line: the options the brief names, and every
# subcommand the program lists in --help (plus metrics).
ok=0
for o in -d -E -w -F -r -h -V --once; do
	grep -q -- "\\[\\?$o\\b" "$TMPD/syn" || { diag "SYNOPSIS lacks $o"; ok=1; }
done
check $ok "the SYNOPSIS shows -d, -E, -w, -F, -r, -h, -V and --once"
ok=0
for c in set bench iperf serve report compare metrics \
	 $(LC_ALL=C "$BENCHTOP" --help | sed -n '/^Commands/,$s/^  \([a-z][a-z-]*\) .*/\1/p'); do
	grep -q "benchtop $c\\b" "$TMPD/syn" || { diag "SYNOPSIS lacks benchtop $c"; ok=1; }
done
check $ok "the SYNOPSIS has a line for every subcommand"

# Every option of benchtop --help is described under OPTIONS.
ok=0
for o in $(LC_ALL=C "$BENCHTOP" --help | sed -n 's/^  -\(.\), --\([a-z-]*\).*/-\1,--\2/p'); do
	grep -q -- "^ *${o%%,*}, ${o#*,}" "$TMPD/text" || { diag "OPTIONS lacks $o"; ok=1; }
done
check $ok "OPTIONS describes every option of benchtop --help"

# and README.md's Usage block lists them, as --help spells them
sed -n '/^## Usage/,/^### /p' "$top_srcdir/README.md" > "$TMPD/usage"
LC_ALL=C "$BENCHTOP" --help | sed -n 's/^  \(-., --[a-zA-Z=-]*\) .*/\1/p' > "$TMPD/opts"
ok=0
while IFS= read -r o; do
	grep -q -- "^  $o " "$TMPD/usage" || { diag "README.md's Usage lacks $o"; ok=1; }
done < "$TMPD/opts"
[ -s "$TMPD/opts" ] || ok=1
check $ok "README.md's Usage lists every option of benchtop --help"

sed -n '/^FILES/,/^ENVIRONMENT/p' "$TMPD/text" > "$TMPD/files"
ok=0
for f in /etc/benchtop/config 'XDG_CONFIG_HOME/benchtop/config' \
	 /usr/share/benchtop/presets.conf 'XDG_CONFIG_HOME/benchtop/presets.conf' \
	 usb-bridges.conf config.example /run/benchtop/ journal \
	 bash-completion/completions/benchtop; do
	grep -qF -- "$f" "$TMPD/files" || { diag "FILES lacks $f"; ok=1; }
done
check $ok "FILES names the config files, presets.conf, the journal and the completion"
