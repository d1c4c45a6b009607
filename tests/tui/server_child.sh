#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The live screen's iperf3 server (v) serves this host only and dies with
# the screen: in a network namespace of its own, v listens on
# 127.0.0.1:5201 (not every interface), and after the screen is killed
# with SIGKILL the server's processes end too (PR_SET_PDEATHSIG) instead
# of listening on for ever.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
"$BENCHTOP" serve --help 2>&1 | grep -q 'built without iperf support' &&
	{ echo "1..0 # SKIP built without libiperf"; exit 0; }
{ [ "$(id -u)" = 0 ] && command -v unshare > /dev/null && command -v nsenter > /dev/null &&
	command -v ss > /dev/null && unshare -n true 2> /dev/null; } ||
	{ echo "1..0 # SKIP needs root, unshare, nsenter and ss"; exit 0; }
plan 3
XDG_CONFIG_HOME=$TMPD/config
export XDG_CONFIG_HOME

# The screen in a network namespace of its own (its own loopback, so no
# other test's port 5201 is in the way); its pid in $TMPD/bpid.
cat > "$TMPD/bt.sh" <<SH
echo \$\$ > "$TMPD/bpid"
exec unshare -n sh -c 'ip link set lo up && exec "\$0" -d 0.5' "$BENCHTOP"
SH
start 100 30 "sh '$TMPD/bt.sh'"
wait_for 'q Quit' 20 > /dev/null
bpid=$(cat "$TMPD/bpid")
keys v
wait_status 'iperf3 server on 127.0.0.1 port 5201' > /dev/null
# listening: ss in the screen's namespace, until the child listens
n=0
while [ $n -lt 200 ]; do
	nsenter -t "$bpid" -n ss -Hltnp 'sport = :5201' > "$TMPD/ss" 2> /dev/null
	[ -s "$TMPD/ss" ] && break
	sleep 0.05; n=$((n + 1))
done
diag "$(cat "$TMPD/ss")"
[ "$(awk '{print $4}' "$TMPD/ss")" = 127.0.0.1:5201 ]
check $? "v: the iperf3 server listens on 127.0.0.1:5201 only"
# the listener and the server child above it
lpid=$(sed -n 's/.*pid=\([0-9]*\).*/\1/p' "$TMPD/ss" | head -n 1)
spid=$(awk '{print $4}' "/proc/$lpid/stat" 2> /dev/null)
[ -n "$lpid" ] && [ "$spid" != "$bpid" ] && [ "$(awk '{print $4}' "/proc/$spid/stat")" = "$bpid" ]
check $? "the listener ($lpid) is a child of the server process ($spid), a child of the screen ($bpid)"
kill -KILL "$bpid"
n=0
while [ $n -lt 200 ] && { kill -0 "$lpid" 2> /dev/null || kill -0 "$spid" 2> /dev/null; }; do
	sleep 0.05; n=$((n + 1))
done
left=""
for p in $lpid $spid; do
	kill -0 "$p" 2> /dev/null && left="$left $p" && kill -KILL "$p"
done
[ -z "$left" ]
st=$?; [ $st = 0 ] || diag "left running after the screen was killed:$left"
check $st "the screen killed with SIGKILL: the server and its listener end with it"
