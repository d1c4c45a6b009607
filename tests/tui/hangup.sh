#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The SSH link drops: killing the tmux pane sends SIGHUP; benchtop must end
# and leave no process behind. A dead terminal must not make it spin.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
plan 4

$TMUXC new-session -d -s t -x 80 -y 24 \
	"export ASAN_OPTIONS='$ASAN_OPTIONS'; echo \$\$ > '$TMPD/pid'; exec '$BENCHTOP'"
wait_for '^DISK +READ/s'
check $? "benchtop is running in the pane"
pid=$(cat "$TMPD/pid")
$TMUXC kill-pane -t t
n=50
while kill -0 "$pid" 2> /dev/null && [ $n -gt 0 ]; do sleep 0.1; n=$((n - 1)); done
kill -0 "$pid" 2> /dev/null
[ $? -ne 0 ]
check $? "benchtop ended after the pane was killed (SIGHUP)"
# The pane's shell exec'ed benchtop, so its pid is the session id: no
# process may be left in that session (other tests run benchtop too).
[ -z "$(ps -o pid= -s "$pid" 2> /dev/null)" ]
check $? "no process is left in the pane's session"

# A terminal that reads EOF: benchtop on a pty whose other end closes.
python3 - "$BENCHTOP" <<'PY'
import os, pty, sys, time, select
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], [sys.argv[1]])
time.sleep(1.0)
os.close(fd)
t0 = time.time()
while time.time() - t0 < 5:
    p, st = os.waitpid(pid, os.WNOHANG)
    if p:
        sys.exit(0)
    time.sleep(0.1)
os.kill(pid, 9)
sys.exit(1)
PY
check $? "a closed terminal ends benchtop instead of spinning"
