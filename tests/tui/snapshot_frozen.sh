#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# snapshot_on_exit into a folder that does not answer (a dead NFS server,
# here an ext4 on a loop device frozen with fsfreeze): q ends the monitor
# within the 10 s bound, and stderr says which folder did not answer; when
# the file system thaws, the save finishes and no process is left.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
[ "$(id -u)" = 0 ] && command -v fsfreeze > /dev/null &&
	command -v mkfs.ext4 > /dev/null ||
	{ echo "1..0 # SKIP needs root, fsfreeze and mkfs.ext4"; exit 0; }
MNT=$TMPD/mnt
cleanup() {
	fsfreeze -u "$MNT" > /dev/null 2>&1
	$TMUXC kill-server > /dev/null 2>&1
	umount "$MNT" > /dev/null 2>&1
	rm -rf "$TMPD"
}
trap cleanup EXIT
mkdir -p "$MNT" "$TMPD/cfg/benchtop"
truncate -s 32M "$TMPD/fs.img"
mkfs.ext4 -q -F "$TMPD/fs.img" > /dev/null 2>&1 &&
	mount -o loop "$TMPD/fs.img" "$MNT" 2> /dev/null ||
	{ echo "1..0 # SKIP cannot loop-mount an ext4 here"; exit 0; }
plan 5
mkdir "$MNT/snaps"
printf 'snapshot_dir = %s\nsnapshot_on_exit = yes\n' "$MNT/snaps" \
	> "$TMPD/cfg/benchtop/config"
$TMUXC new-session -d -s t -x 100 -y 30 \
	"export XDG_CONFIG_HOME='$TMPD/cfg' LANG=C.UTF-8 ASAN_OPTIONS='$ASAN_OPTIONS'; sh -c 'echo \$\$ > \"$TMPD/bpid\"; exec \"$BENCHTOP\" 2> \"$TMPD/err\"'; echo \$? > '$TMPD/status'; sleep 60"
$TMUXC set-option -t t -g status off > /dev/null
wait_for '^DISK +READ/s' > /dev/null
sleep 1.2
fsfreeze -f "$MNT"
t0=$(date +%s)
keys q
n=200; while [ ! -s "$TMPD/status" ] && [ $n -gt 0 ]; do sleep 0.1; n=$((n - 1)); done
t=$(($(date +%s) - t0))
[ -s "$TMPD/status" ] && [ $t -le 13 ]
check $? "q with a frozen snapshot_dir: the monitor ends within the bound (${t} s)"
[ "$(cat "$TMPD/status")" = 0 ]
check $? "and exits 0"
grep -q "^benchtop: the snapshot was not saved: $MNT/snaps did not answer within 10 s; the save goes on as process [0-9]* and ends when the folder answers" "$TMPD/err"
check $? "stderr names the folder that did not answer"
child=$(sed -n 's/.*as process \([0-9]*\).*/\1/p' "$TMPD/err")
fsfreeze -u "$MNT"
n=100; while [ -n "$child" ] && kill -0 "$child" 2> /dev/null && [ $n -gt 0 ]; do sleep 0.1; n=$((n - 1)); done
[ -n "$child" ] && ! kill -0 "$child" 2> /dev/null
check $? "thawed: the save's process ends"
ls "$MNT"/snaps/benchtop-*.json > /dev/null 2>&1 &&
	[ -z "$(ls -A "$MNT/snaps" | grep -v '^benchtop-.*\.json$')" ]
check $? "and the snapshot is there, no temp file beside it"
