#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A soak of `benchtop metrics --listen` (tests/integration/http_hostile.py
# soak): scrapes one after the other with --min-interval 0, each reading
# the kernel files and a results folder of two experiment snapshots whose
# file changed before each; the server's PSS (/proc/PID/smaps_rollup)
# after the first tenth and at the end grows by 8 MiB at most (it leaked
# the newest experiment, about 60 kB, at every reading).  The count is
# METRICS_SOAK_SCRAPES (default 2000: minutes under ASan on a loaded
# 2-core machine; 10000 is the issue's figure, for a release build).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/integration/metricslib.sh"
HOSTILE="$top_srcdir/tests/integration/http_hostile.py"
N=${METRICS_SOAK_SCRAPES:-2000}
plan 2
SPID=
trap '[ -z "$SPID" ] || kill "$SPID" 2> /dev/null; rm -rf "$TMPD"' EXIT
# ASan keeps freed memory in quarantine (256 MiB): that is not growth.
ASAN_OPTIONS="$ASAN_OPTIONS:quarantine_size_mb=1"
export ASAN_OPTIONS

# The two snapshots of two `benchtop experiment --snapshot DIR` runs, as
# the fuzz seed holds them (cut at the NUL byte).
mkdir "$TMPD/res"
python3 - "$top_srcdir/tests/data/fuzz-seeds/fuzz_benchres/two-experiments" "$TMPD/res" <<'PY'
import sys
a, b = open(sys.argv[1], "rb").read().split(b"\0")
open(sys.argv[2] + "/a.json", "wb").write(a)
open(sys.argv[2] + "/b.json", "wb").write(b)
PY
P=$(free_port)
"$BENCHTOP" metrics --listen "$P" --min-interval 0 --no-io \
	--results "$TMPD/res" > /dev/null 2> "$TMPD/err" & SPID=$!
wait_http "http://127.0.0.1:$P/metrics" 30
check $? "benchtop metrics --listen $P --min-interval 0 answers"
python3 "$HOSTILE" "$P" soak "$N" "$SPID" "$TMPD/res/b.json" > "$TMPD/soak" 2>&1
check $? "$(cat "$TMPD/soak")"
