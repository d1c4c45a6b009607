#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# narrow_fit.py DIR NAME WIDTH...: for tests/tui/scenarios/narrow_fit.scn.
# Exits 0 when every row of every narrow screen DIR/NAME.WIDTH (not the
# header, the hint and the key bar, which are laid out for the width) is
# its row of DIR/NAME.120 up to a whole word, and ">" only where that
# row goes on (past the edge a row may also just end); the titles' notes
# move with the width and are left out of it. Prints the rows that are
# not.
import re
import sys

tmpd, name, widths = sys.argv[1], sys.argv[2], sys.argv[3:]


def plain(row):
    """ROW without the titles' right-hand notes, which move with the
    width: the sort order, the hottest zone."""
    row = re.sub(r" +sort: [a-z ]+$", "", row.rstrip())
    if row.startswith("CLUSTER"):
        row = re.sub(r" +[0-9.]+(\u00b0| )C$", "", row)
    return row


wide = [plain(r) for r in open("%s/%s.120" % (tmpd, name)).read().split("\n")]
bad = 0
for w in widths:
    rows = open("%s/%s.%s" % (tmpd, name, w)).read().split("\n")
    for i, row in enumerate(rows[1:-4], 1):
        ref = wide[i] if i < len(wide) else ""
        row = plain(row)
        more = row.endswith(">") and not ref.startswith(row)
        text = (row[:-1] if more else row).rstrip()
        # what shows is the wide row up to a whole word ...
        ok = ref.startswith(text) and (len(text) == len(ref) or
                                       not text or ref[len(text)] == " ")
        # ... and a ">" stands only where something is left out
        if more and len(text) == len(ref):
            ok = False
        if not ok:
            bad += 1
            print("%s col: %r (120 col: %r)" % (w, row, ref))
sys.exit(1 if bad else 0)
