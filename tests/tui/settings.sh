#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The configuration file ($XDG_CONFIG_HOME/benchtop/config) is read at
# start: interval, hidden devices, colour; a bad line is one warning and
# the rest still applies; no file at all is fine.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
plan 6

mkdir -p "$TMPD/cfg/benchtop"
cat > "$TMPD/cfg/benchtop/config" <<'CFG'
# benchtop settings for the test
interval = 0.5
hide = lo
color = no
CFG
start 80 24 "XDG_CONFIG_HOME='$TMPD/cfg' '$BENCHTOP'"
wait_for '^DISK +READ/s'
check $? "the overview starts with a configuration file"
wait_for '^NET ' && ! screen | grep -Eq '^lo '
check $? "hide = lo hides the loopback interface"
keys h
wait_for 'Interval 0.5 s. Colour off'
check $? "interval and colour come from the file"
keys q
wait_exit 10

printf 'interval = fast\nhide = lo\n' > "$TMPD/cfg/benchtop/config"
XDG_CONFIG_HOME="$TMPD/cfg" "$BENCHTOP" --once --interval 0.2 > "$TMPD/out" 2> "$TMPD/err"
check $? "a bad line does not stop benchtop"
[ "$(wc -l < "$TMPD/err")" -eq 1 ] && grep -q 'line 1' "$TMPD/err" && grep -q 'interval' "$TMPD/err"
check $? "one warning naming the line and the key"
XDG_CONFIG_HOME="$TMPD/none" HOME="$TMPD/none" "$BENCHTOP" --once --interval 0.2 > /dev/null 2> "$TMPD/err2"
[ $? -eq 0 ] && [ ! -s "$TMPD/err2" ]
check $? "no configuration file: no warning, exit 0"
