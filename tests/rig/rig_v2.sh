#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/rig/rig.sh's cgroup v2 branch (io.max).  Where a cgroup2 hierarchy
# mounted here offers the io controller, a real rig disk under io.max:
# a direct write within 3 % of the cap.  Where cgroup v1 blkio holds the
# io controller (it cannot be in both), that part skips and says so; the
# lines the v2 branch writes are checked in any case, on a folder laid
# out as a cgroup2 parent: +io in cgroup.subtree_control, the btrig-PID-
# disk child, io.max as "MAJ:MIN rbps= wbps= riops= wiops=" (0 = max), a
# refused figure or io.max, and rig__disk_down's -io and rmdir.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/rig/rig.sh"
CG2=
# a cgroup2 mount made below goes before the folder that holds it
rig_trap '[ -z "$CG2" ] || umount "$CG2"; rm -rf "$TMPD"'
plan 15

v2=$TMPD/v2
mkdir "$v2"
echo "cpuset cpu io memory pids" > "$v2/cgroup.controllers"
: > "$v2/cgroup.subtree_control"
RIG_CG_V1=$TMPD/no-v1 RIG_CG_V2=$v2
rig__cg_make
check $? "a v2 parent with io: a cgroup made (${RIG_WHY:-no error})"
[ "$RIG_CG_VER" = 2 ] && [ "$RIG_CGROUP" = "$v2/btrig-$$-disk" ] &&
	[ -d "$RIG_CGROUP" ]
check $? "... version 2, $v2/btrig-$$-disk"
[ "$(cat "$v2/cgroup.subtree_control")" = "+io" ]
check $? "... +io written to cgroup.subtree_control"
RIG_DEVNO=253:7
rig_disk_set 123000000 0 4500 0 &&
	[ "$(cat "$RIG_CGROUP/io.max")" = \
	    "253:7 rbps=123000000 wbps=max riops=4500 wiops=max" ]
check $? "io.max: $(cat "$RIG_CGROUP/io.max")"
rig_disk_set 0 7000000 0 900 &&
	[ "$(cat "$RIG_CGROUP/io.max")" = \
	    "253:7 rbps=max wbps=7000000 riops=max wiops=900" ]
check $? "io.max changed: $(cat "$RIG_CGROUP/io.max")"
! rig_disk_set 1 2x 0 0 && [ "$RIG_WHY" = "rig unavailable: not a figure: 2x" ] &&
	grep -q "wbps=7000000" "$RIG_CGROUP/io.max"
check $? "a figure that is not one: $RIG_WHY; io.max as it was"
rm "$RIG_CGROUP/io.max"
mkdir "$RIG_CGROUP/io.max"	# a write the kernel refuses
! rig_disk_set 1 1 1 1 &&
	[ "$RIG_WHY" = "rig unavailable: no blkio throttle (io.max refused)" ]
check $? "io.max refused: $RIG_WHY"
rmdir "$RIG_CGROUP/io.max"	# a real cgroup's files go with rmdir; these do not
rig__disk_down
[ ! -d "$v2/btrig-$$-disk" ] && [ -z "$RIG_CGROUP$RIG__V2IO" ] &&
	[ "$(cat "$v2/cgroup.subtree_control")" = "-io" ]
check $? "down: the cgroup removed, -io written back"

echo io > "$v2/cgroup.subtree_control"
rig__cg_make && rig__disk_down
[ "$(cat "$v2/cgroup.subtree_control")" = "io" ] && [ ! -d "$v2/btrig-$$-disk" ]
check $? "io already enabled: cgroup.subtree_control left as it was"
echo "cpu memory" > "$v2/cgroup.controllers"
! rig__cg_make && [ "$RIG_WHY" = "rig unavailable: no blkio throttle" ] &&
	[ ! -d "$v2/btrig-$$-disk" ]
check $? "no io controller: $RIG_WHY, no folder made"

# The real thing, where the machine lets a cgroup2 hierarchy have io.
real_v2() {
	[ "$(id -u)" = 0 ] || { RIG_WHY="needs root"; return 1; }
	mkdir "$TMPD/cg2"
	mount -t cgroup2 none "$TMPD/cg2" 2> /dev/null ||
		{ RIG_WHY="cannot mount cgroup2"; return 1; }
	CG2=$TMPD/cg2
	grep -qw io "$CG2/cgroup.controllers" || {
		RIG_WHY="the io controller is not offered to cgroup v2 here"
		grep -qw blkio /proc/self/cgroup &&
			RIG_WHY="$RIG_WHY: cgroup v1 blkio holds it"
		return 1
	}
	RIG_CG_V2=$CG2
	rig_disk_up 0 "$1" 0 0
}
RIG_CG_V1=$TMPD/no-v1
rate=$(rig_rand 40000000 90000000)
if real_v2 "$rate"; then
	[ "$RIG_CG_VER" = 2 ] && grep -q "^$RIG_DEVNO .*wbps=$rate" "$RIG_CGROUP/io.max"
	check $? "a real v2 rig: $RIG_CGROUP/io.max has wbps=$rate"
	n=$((rate * 4 / 1048576))
	out=$(rig_run dd if=/dev/zero of="$RIG_MNT/f" bs=1M count=$n \
	    oflag=direct 2>&1)
	got=$(echo "$out" | sed -n 's/^\([0-9]*\) bytes.* copied, \([0-9.]*\) s.*/\1 \2/p' |
	    awk '{ printf "%.0f", $1 / $2 }')
	rig_fresh "$got" $((n * 1048576)) "$rate"
	check $? "a direct write under io.max: $got B/s, cap $rate"
	rig_down
	[ ! -d "$CG2/btrig-$$-disk" ]
	check $? "down: no btrig-$$-disk left in the v2 hierarchy"
else
	rig_down
	rig_skip 3 "no real cgroup v2 io.max: $RIG_WHY"
fi
if [ -n "$CG2" ]; then
	umount "$CG2"
	check $? "the private cgroup2 mount removed"
	CG2=
else
	rig_skip 1 "no cgroup2 mount was made"
fi
[ -z "$(ls -d "$v2"/btrig-* 2> /dev/null)" ] &&
	! grep -q " $TMPD/" /proc/self/mountinfo
check $? "nothing left: no btrig cgroup, no mount under $TMPD"
exit "$_tap_failed"
