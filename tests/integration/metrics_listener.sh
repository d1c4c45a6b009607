#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop metrics --listen` against hostile clients on 127.0.0.1 (real
# sockets, tests/integration/http_hostile.py; every loop bounded): a burst
# of 200 slow connections dropped together, five times, and the server
# still accepts (it stopped accepting for good when the last run of
# libmicrohttpd closed them all); it holds as many descriptors as before
# once the idle ones are timed out.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/integration/metricslib.sh"
HOSTILE="$top_srcdir/tests/integration/http_hostile.py"
plan 3
SPID=
trap '[ -z "$SPID" ] || kill "$SPID" 2> /dev/null; rm -rf "$TMPD"' EXIT
fds() { ls "/proc/$SPID/fd" | wc -l; }

P=$(free_port)
"$BENCHTOP" metrics --listen "$P" --min-interval 600 --no-io --timeout 2 \
	> /dev/null 2> "$TMPD/err" & SPID=$!
wait_http "http://127.0.0.1:$P/metrics" 30
check $? "benchtop metrics --listen $P answers"
before=$(fds)

python3 "$HOSTILE" "$P" burst 200 5 > "$TMPD/burst" 2>&1
check $? "$(cat "$TMPD/burst")"
# (connections still in the backlog are accepted and closed meanwhile:
# within the 2 s timeout, so 20 s is plenty on a loaded machine)
i=0
while [ "$(fds)" -gt "$before" ] && [ $i -lt 200 ]; do
	sleep 0.1; i=$((i + 1))
done
after=$(fds)
[ "$after" -le "$before" ]
check $? "the server holds as many descriptors as before ($before, then $after)"
