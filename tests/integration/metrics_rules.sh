#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The alerting rules shipped in data/prometheus/benchtop.rules.yml:
# promtool accepts them, and its unit tests
# (tests/data/prometheus/benchtop.rules.test.yml) see each alert fire
# after its "for" on the series benchtop exports, and stay quiet on the
# look-alikes.  Their evaluation on live scrapes of two testbeds by a real
# Prometheus is in metrics_prometheus.sh.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v promtool > /dev/null 2>&1 || { echo "1..0 # SKIP promtool missing (Debian package prometheus)"; exit 0; }
plan 4
RULES=$top_srcdir/data/prometheus/benchtop.rules.yml
TESTS=$top_srcdir/tests/data/prometheus/benchtop.rules.test.yml

promtool check rules "$RULES" > "$TMPD/check" 2>&1
rc=$?
check $rc "promtool check rules: the shipped rules are valid"
[ $rc -eq 0 ] || diag "$(tail -5 "$TMPD/check")"

# The test file names the rules file beside it: both go into one folder.
cp "$RULES" "$TESTS" "$TMPD/"
promtool test rules "$TMPD/benchtop.rules.test.yml" > "$TMPD/test" 2>&1
check $? "promtool test rules: every alert fires when it should and only then"
grep -q SUCCESS "$TMPD/test" || diag "$(head -40 "$TMPD/test")"

# Every alert of the rules file has a unit test, and every rule an alert
# name the tests know (a new rule without a test fails here).
alerts=$(sed -n 's/^ *- alert: *//p' "$RULES" | sort)
tested=$(sed -n 's/^ *alertname: *//p' "$TESTS" | sort -u)
[ -n "$alerts" ] && [ "$alerts" = "$tested" ]
check $? "each of the $(echo "$alerts" | wc -l) alerts has a unit test"
[ "$alerts" = "$tested" ] || diag "rules: $alerts / tested: $tested"

# The tests bite: with the UAS rule's driver matcher changed, they fail.
sed 's/driver="usb-storage"/driver="uas"/' "$RULES" > "$TMPD/benchtop.rules.yml"
! promtool test rules "$TMPD/benchtop.rules.test.yml" > /dev/null 2>&1
check $? "a changed rule makes the unit tests fail"
