#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/rig/rig.sh itself: what it makes is there while up and gone after
# rig_down (twice is harmless), after a SIGTERM to a script that used
# rig_trap (exit 143), after a SIGINT or SIGTERM in the middle of
# rig_disk_up or rig_link_up (exit 130, 143), and after an *_up that failed
# half-way (RIG_WHY set, nothing left); rig_run runs in the rig's cgroup.
# "Nothing left": no zram device, cgroup, mount, namespace or folder of the
# script's (its PID is in every name).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/rig/rig.sh"
rig_trap 'rm -rf "$TMPD"'

rig_disk_up 10000000 10000000 0 0 || { rig_skip_all "$RIG_WHY"; exit 0; }
rig_link_up 10 || { rig_skip_all "$RIG_WHY"; exit 0; }
plan 15

# state: what of this shell's rig exists now, one word per part.
state() {
	[ -e "/sys/block/$1" ] && echo zram
	[ -d "$2" ] && echo cgroup
	grep -q " $3 " /proc/self/mountinfo && echo mount
	ip netns list | grep -Eq "^$4( |$)" && echo netns-a
	ip netns list | grep -Eq "^$5( |$)" && echo netns-b
	[ -d "$6" ] && echo folder
}
d=$RIG_DISK cg=$RIG_CGROUP mnt=$RIG_MNT na=$RIG_NS_A nb=$RIG_NS_B
dir=${RIG_MNT%/mnt}
[ "$(state "$d" "$cg" "$mnt" "$na" "$nb" "$dir" | tr '\n' ' ')" = \
	"zram cgroup mount netns-a netns-b folder " ]
check $? "up: $d, $cg, $mnt, $na, $nb"
rig_run cat /proc/self/cgroup | grep -q ":blkio:/${cg##*/}\$\|::/${cg##*/}\$"
check $? "rig_run runs in ${cg##*/}"
rig_down
left=$(state "$d" "$cg" "$mnt" "$na" "$nb" "$dir")
[ -z "$left" ]
check $? "rig_down removed everything (left: ${left:-nothing})"
rig_down
check $? "a second rig_down is harmless"
[ -z "$RIG_DISK$RIG_CGROUP$RIG_MNT$RIG_NS_A$RIG_NS_B" ]
check $? "rig_down cleared the RIG_ variables"

# A script with rig_trap, killed while a throttled write and a process in
# a namespace run: exit 143, nothing left.
cat > "$TMPD/victim.sh" <<'SH'
. "$1/tests/rig/rig.sh"
rig_trap
rig_disk_up 1000000 1000000 0 0 && rig_link_up 10 || exit 9
echo "$RIG_DISK $RIG_CGROUP $RIG_MNT $RIG_NS_A $RIG_NS_B" > "$2"
rig_in_b sleep 60 &
rig_run dd if=/dev/zero of="$RIG_MNT/f" bs=1M count=100 oflag=direct 2> /dev/null &
while :; do sleep 1; done
SH
# Without top_srcdir the victim takes no rig lock (rig__lock): it never
# waits behind another test of this tree.
env -u top_srcdir sh "$TMPD/victim.sh" "$top_srcdir" "$TMPD/names" &
v=$!
n=600
# Up to 60 s: mkfs and the rest take seconds on a loaded machine.
while [ ! -s "$TMPD/names" ] && [ $n -gt 0 ]; do sleep 0.1; n=$((n - 1)); done
sleep 0.5
kill -TERM "$v"
wait "$v"
check $(( $? != 143 )) "SIGTERM: the script exits 143"
set -- $(cat "$TMPD/names")
left=$(state "$1" "$2" "$3" "$4" "$5" "${3%/mnt}")
[ -s "$TMPD/names" ] && [ -z "$left" ]
check $? "SIGTERM: nothing left of $* (left: ${left:-nothing})"

# An up that fails half-way: a disk size zram refuses.
RIG_DISK_SIZE=nonsense rig_disk_up 0 0 0 0
check $(( $? == 0 )) "a refused disk size fails: $RIG_WHY"
case $RIG_WHY in
"rig unavailable: "*) [ -z "$RIG_CGROUP$RIG_DISK" ] &&
	[ ! -e "/sys/block/$RIG__LAST_DISK" ] &&
	! ls -d /sys/fs/cgroup/blkio/btrig-$$-* /tmp/btrig-$$.* 2> /dev/null ;;
*) false ;;
esac
check $? "... says so in one sentence and leaves no zram device or cgroup"

# left PID [ZRAM]: what is left of the rigs of process PID (names carry
# it), and of the zram device ZRAM.
left() {
	[ -n "${2:-}" ] && [ -e "/sys/block/$2" ] && echo "$2"
	ls -d /sys/fs/cgroup/blkio/btrig-$1-* /sys/fs/cgroup/btrig-$1-* \
	    /sys/fs/cgroup/unified/btrig-$1-* "${TMPDIR:-/tmp}"/btrig-$1.* \
	    2> /dev/null
	ip netns list | grep -o "^btrig-$1-[ab]"
	grep -o "btrig-$1\.[^ ]*" /proc/self/mountinfo
}

# A signal in the middle of an *_up: mkfs.ext4 (the disk: zram and the
# cgroup made, nothing mounted yet) or tc (the link: the disk up, both
# namespaces and the veth made, no shaper yet) is a wrapper here that
# says it was reached and hangs; the signal goes to the script's process
# group, as a terminal's Ctrl-C does.  python3 starts the script with
# SIGINT at its default (a shell's background job has it ignored, and a
# shell cannot trap a signal ignored on entry) in a process group of its own.
cat > "$TMPD/victim2.sh" <<'SH'
. "$1/tests/rig/rig.sh"
rig_trap
echo $$ > "$2.pid"
case $3 in
mkfs.ext4) rig_disk_up 1000000 1000000 0 0 ;;
tc) rig_disk_up 1000000 1000000 0 0 && echo "$RIG_DISK" > "$2.disk" &&
	rig_link_up 10 ;;
esac
exit 9
SH
mid_setup() {	# SIGNAL NUMBER TOOL
	mkdir -p "$TMPD/shim-$3"
	printf '#!/bin/sh\necho "$*" > "%s"\nexec sleep 60\n' \
	    "$TMPD/at-$3" > "$TMPD/shim-$3/$3"
	chmod +x "$TMPD/shim-$3/$3"
	env -u top_srcdir PATH="$TMPD/shim-$3:$PATH" python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.setpgid(0, 0)
os.execvp(sys.argv[1], sys.argv[1:])' sh "$TMPD/victim2.sh" "$top_srcdir" \
	    "$TMPD/v-$3" "$3" &
	_v=$!
	_n=600
	while [ ! -s "$TMPD/at-$3" ] && [ $_n -gt 0 ]; do
		sleep 0.1
		_n=$((_n - 1))
	done
	_vp=$(cat "$TMPD/v-$3.pid" 2> /dev/null)
	kill -"$1" -- "-$_v"
	wait "$_v"
	_st=$?
	check $(( _st != 128 + $2 )) "SIG$1 while $3 runs: the script exits $_st"
	case $3 in
	mkfs.ext4) _z=$(sed 's|.*/||' "$TMPD/at-$3") ;;	# its last word: the device
	*) _z=$(cat "$TMPD/v-$3.disk" 2> /dev/null) ;;
	esac
	_l=$(left "$_vp" "$_z")
	[ -s "$TMPD/at-$3" ] && [ -n "$_vp" ] && [ -n "$_z" ] && [ -z "$_l" ]
	check $? "SIG$1 while $3 runs: nothing left of process $_vp's rigs or $_z (left: ${_l:-nothing})"
}
mid_setup INT 2 mkfs.ext4
mid_setup TERM 15 tc

# And this script's own rigs, after all the above.
l=$(left $$ "$d")
[ -z "$l" ]
check $? "this script: nothing left of its rigs or $d (left: ${l:-nothing})"
set -- $(cat "$TMPD/names")
vp=${2##*btrig-}
l=$(left "${vp%-disk}" "$1")
[ -z "$l" ]
check $? "the SIGTERM victim: nothing left of its rigs or $1 (left: ${l:-nothing})"
