#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A report pasted into a forum post: the kernel command line's values that
# look like secrets or serial numbers are left out by default (report and
# compare), and `report --redact` leaves out the host name and the whole
# command line; the rest of the report is as without.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 6
SNAPS=$top_srcdir/tests/data/snapshots

python3 - "$SNAPS" "$TMPD" <<'PY'
import json, sys
src, out = sys.argv[1:]
d = json.load(open(src + "/odroid-xu4.json"))
d["system"]["host"]["cmdline"] = ("console=ttySAC2,115200n8 root=UUID=e139ce78 "
    "rootwait ro androidboot.serialno=HT7A1B201234 wifi_password=hunter2")
json.dump(d, open(out + "/serial.json", "w"))
PY
cd "$TMPD" || exit 1
"$BENCHTOP" report serial.json > out.md 2> err.txt
[ $? -eq 0 ] && [ ! -s err.txt ] &&
	grep -qF '| Command line | console=ttySAC2,115200n8 root=UUID=e139ce78 rootwait ro androidboot.serialno=<redacted> wifi_password=<redacted> |' out.md
check $? "report: the serial number and the password are left out, the rest of the command line stays"
[ $? -eq 0 ] || diag "$(grep 'Command line' out.md)"
! grep -q 'HT7A1B201234\|hunter2' out.md &&
	grep -qx '2 values of the command line that look like a secret or a serial number: left out (<redacted>).' out.md
check $? "report: nowhere else either, and one sentence says 2 values are left out"
host=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["system"]["host"]["hostname"])' serial.json)
"$BENCHTOP" report --redact serial.json > red.md 2> err.txt
[ $? -eq 0 ] && [ ! -s err.txt ] && grep -qx '# benchtop session: (host name left out)' red.md &&
	grep -qF '| Command line | (left out) |' red.md && ! grep -qF "$host" red.md
check $? "report --redact: the host name ($host) and the command line are left out"
# the rest is the same report
diff out.md red.md | grep '^[<>] .' | grep -v 'benchtop session:\|Command line\|values of the command line' > rest.txt
[ ! -s rest.txt ]
check $? "report --redact: every other line as without it"
[ -s rest.txt ] && diag "$(head -5 rest.txt)"
"$BENCHTOP" compare "$SNAPS/odroid-xu4.json" serial.json > cmp.txt 2> err.txt
[ $? -eq 0 ] && ! grep -q 'HT7A1B201234\|hunter2' cmp.txt &&
	grep -q 'androidboot.serialno=<redacted>' cmp.txt
check $? "compare: the command line that differs is shown without the serial and the password"
"$BENCHTOP" report --help | grep -q '^      --redact  *leave out the host name'
check $? "report --help lists --redact"
