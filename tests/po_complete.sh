#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Every string the program marks for translation is in the catalogue and
# translated: each file of src/ and tui/ that holds a _() or N_() msgid is
# listed in po/POTFILES.in (so that it reaches po/benchtop.pot), and each
# such msgid has a German msgstr in po/de.po that is neither empty nor
# fuzzy (a fuzzy one is not used: the screen would show English).  The
# sources are read with xgettext's own keywords (po/Makevars).
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$top_srcdir/tests/integration/lib.sh"
for t in xgettext msgcmp msgattrib; do
	command -v $t > /dev/null || { echo "1..0 # SKIP $t (gettext) missing"; exit 0; }
done
plan 4
cd "$top_srcdir" || exit 99
kw=$(sed -n 's/^XGETTEXT_OPTIONS *= *//p' po/Makevars)
find src tui -name '*.[ch]' | LC_ALL=C sort > "$TMPD/files"
: > "$TMPD/unlisted"
n=0
while read -r f; do
	# shellcheck disable=SC2086
	rm -f "$TMPD/one.pot"
	xgettext $kw -o "$TMPD/one.pot" "$f" 2> /dev/null || continue
	grep -q '^msgid "[^"]' "$TMPD/one.pot" 2> /dev/null || continue
	n=$((n + 1))
	grep -qxF "$f" po/POTFILES.in || echo "$f" >> "$TMPD/unlisted"
done < "$TMPD/files"
[ "$n" -ge 40 ]
check $? "$n files of src/ and tui/ hold msgids"
[ ! -s "$TMPD/unlisted" ] || diag "not in po/POTFILES.in: $(tr '\n' ' ' < "$TMPD/unlisted")"
[ ! -s "$TMPD/unlisted" ]
check $? "each of them is listed in po/POTFILES.in"
# shellcheck disable=SC2086
xgettext $kw -o "$TMPD/all.pot" -f "$TMPD/files"
msgcmp po/de.po "$TMPD/all.pot" > "$TMPD/cmp" 2>&1
st=$?
sed -n 's/^[^:]*:\([0-9]*\): this message is.*/\1/p' "$TMPD/cmp" | head -20 |
	while read -r l; do sed -n "$((l - 1))p" "$TMPD/all.pot"; done > "$TMPD/missing"
[ $st = 0 ] || diag "no German msgstr in po/de.po for: $(cat "$TMPD/missing")"
check $st "every msgid of src/ and tui/ has a German msgstr in po/de.po (not empty, not fuzzy)"
msgattrib --only-fuzzy --no-obsolete po/de.po > "$TMPD/fuzzy"
msgattrib --untranslated --no-obsolete po/de.po >> "$TMPD/fuzzy"
! grep -q '^msgid "[^"]' "$TMPD/fuzzy"
check $? "po/de.po has no fuzzy or empty entry"
