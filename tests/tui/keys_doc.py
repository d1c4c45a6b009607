#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# keys_doc.py: the key table (benchtop --list-keys, one row a line:
# keys, screens, modes, kind, help, by tabs) against what a person reads,
# for tests/tui/scenarios/keys_doc.scn. Exits 0 when they agree; else
# says where, as TAP comments.
#   man TABLE MANPAGE       the man page's KEYS (.TP entries, their bold
#                           words) lists the table's keys, row by row
#   readme TABLE README     README's key tables name only keys the table has
#   help TABLE SCREEN       the help screen has every row: its keys and help
import re
import shlex
import sys


def table(path):
    return [l.split("\t", 4) for l in open(path).read().split("\n") if l]


def say(head, lines):
    print("# " + head)
    for l in lines:
        print("#   " + l)


def man(rows, path):
    lines = open(path, encoding="utf-8").read().split("\n")
    got = []
    for i in range(lines.index(".SH KEYS") + 1, len(lines)):
        if lines[i].startswith(".SH "):
            break
        if lines[i] != ".TP":
            continue
        macro, _, rest = lines[i + 1].partition(" ")
        words = shlex.split(rest.replace("\\-", "-"))
        got.append(" ".join(words if macro == ".B" else words[0::2]))
    want = [r[0] for r in rows]
    if got == want:
        return 0
    n = max(len(got), len(want))
    say("table (<) and man page (>) differ:",
        ["%d: < %s > %s" % (i + 1, want[i] if i < len(want) else "",
                            got[i] if i < len(got) else "")
         for i in range(n) if (want[i:i + 1] != got[i:i + 1])])
    return 1


def readme(rows, path):
    keys = set(" ".join(r[0] for r in rows).split())
    lines = open(path, encoding="utf-8").read().split("\n")
    bad = []
    for i, l in enumerate(lines):
        if not re.match(r"^\|\s*key\s*\|", l):
            continue
        j = i + 2
        while j < len(lines) and lines[j].startswith("|"):
            cell = lines[j].split("|")[1].replace("`", " ").replace(",", " ")
            bad += ["README.md:%d: %s" % (j + 1, k) for k in cell.split()
                    if k not in keys]
            j += 1
    if bad:
        say("keys in README that the table does not have:", bad)
    return 1 if bad else 0


def helpscreen(rows, path):
    screen = open(path, encoding="utf-8").read()
    missing = []
    for r in rows:
        names, help_ = r[0], r[-1]
        line = (" %-16s %s" % (names, help_))[:100]
        if line not in screen:
            missing.append("[%s: %s]" % (names, help_))
    if missing:
        say("not on the help screen:", missing)
    return 1 if missing else 0


if __name__ == "__main__":
    what, rows, path = sys.argv[1], table(sys.argv[2]), sys.argv[3]
    sys.exit({"man": man, "readme": readme, "help": helpscreen}[what](
        rows, path))
