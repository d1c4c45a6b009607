#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop metrics --listen` against hostile clients on 127.0.0.1 (real
# sockets, tests/integration/http_hostile.py; every loop bounded): a burst
# of 200 slow connections dropped together, five times, and the server
# still accepts (it stopped accepting for good when the last run of
# libmicrohttpd closed them all); it holds as many descriptors as before
# once the idle ones are timed out.  A slowloris (160 connections from
# four addresses dripping a byte every 2 s, more than the 128 slots) while
# a scrape a second must be answered: the oldest idler is dropped for each
# new client (every scrape timed out before).  One address is held to 64
# connections (half the slots).  Only the exact path /metrics is served.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/integration/metricslib.sh"
HOSTILE="$top_srcdir/tests/integration/http_hostile.py"
plan 6
SPID= S2=
trap 'kill $SPID $S2 2> /dev/null; rm -rf "$TMPD"' EXIT
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

# The default --timeout (10 s): the drip every 2 s keeps each idler alive.
P2=$(free_port)
"$BENCHTOP" metrics --listen "$P2" --min-interval 600 --no-io \
	> /dev/null 2> "$TMPD/err2" & S2=$!
wait_http "http://127.0.0.1:$P2/metrics" 30
python3 "$HOSTILE" "$P2" slowloris 160 15 4 > "$TMPD/loris" 2>&1
check $? "$(cat "$TMPD/loris")"
kept=$(python3 "$HOSTILE" "$P2" perip 100)
[ "$kept" = 64 ]
check $? "100 slow connections from one address: the server keeps $kept (64 wanted)"

# Only the exact path /metrics (a query string is ignored) answers 200:
# not /metrics%00 (a NUL after unescaping), nor other spellings.
python3 "$HOSTILE" "$P2" paths > "$TMPD/paths" 2>&1
[ "$(grep -c ' 200$' "$TMPD/paths")" = 2 ] &&
	grep -qx '/metrics 200' "$TMPD/paths" &&
	grep -qx '/metrics?x=1 200' "$TMPD/paths" &&
	[ "$(grep -c ' 404$' "$TMPD/paths")" = 8 ]
check $? "only /metrics is served, 404 for the rest: $(tr '\n' ',' < "$TMPD/paths")"
