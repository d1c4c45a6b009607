# SPDX-License-Identifier: GPL-2.0-or-later
# rig.sh: known-rate rigs for tests and benchmarks (sourced, POSIX sh): a
# fresh zram disk under the block-I/O throttle, a tbf-shaped veth link.
#
#   rig_disk_up RBPS WBPS RIOPS WIOPS   zram + ext4 + mount + throttled cgroup
#                                       (0 = no limit for that field); sets
#                                       RIG_DISK RIG_DEVNO RIG_DEV RIG_MNT
#                                       RIG_CGROUP
#   rig_disk_set RBPS WBPS RIOPS WIOPS  change the live rig disk's throttle
#   rig_disk_next RBPS WBPS RIOPS WIOPS another disk like the first (a
#                                       fresh zram of RIG_DISK_SIZE, its own
#                                       mount, the same cgroup); the one
#                                       before stays, mounted, until rig_down
#   rig_run CMD ARGS...                 run CMD in the rig's cgroup, wait
#   rig_link_up RATE_MBIT               two namespaces, a veth pair, tbf on
#                                       both ends; sets RIG_NS_A RIG_NS_B
#                                       RIG_IF_A RIG_IF_B RIG_ADDR_A RIG_ADDR_B
#   rig_in_a CMD... / rig_in_b CMD...   run CMD in namespace A / B
#   rig_down                            remove all the rig made (idempotent)
#   rig_trap [SHELL-COMMAND]            rig_down (then the command) on EXIT,
#                                       INT, TERM, HUP, PIPE; exits 128+N on
#                                       a signal, with the script's status
#                                       otherwise
#   rig_skip_all REASON / rig_skip N    TAP helpers for a test without a rig
#   rig_rand LO HI                      a random integer in [LO, HI] (the
#                                       rates differ from run to run)
#   rig_within VALUE EXPECTED [PCT]     0 when VALUE is within PCT % (3)
#   rig_fresh VALUE BYTES RATE [PCT]    0 when a pass of BYTES that starts
#                                       its budget afresh is within PCT %
#                                       of what the slices allow (below)
#   rig_window_rate RATE W              the rate a live window of W s shows
#   rig_iops_secs N BUDGET [BEFORE OVER]  the time a pass of N requests
#                                       takes under the IOPS cap (below)
#   rig_disk_wios                       the rig cgroup's write requests
#
# An *_up that cannot build its rig returns 1 and sets RIG_WHY to one sentence
# ("rig unavailable: no zram"); the test prints it and skips.  Everything
# the rig makes is named btrig-PID-... and is removed by rig_down; nothing
# it did not make (another zram device, the host's network) is touched.
# Tunables (environment): RIG_DISK_SIZE (zram disksize, default 2G; zram
# stores zero pages without memory),
# RIG_TBF_LATENCY (default 50ms), RIG_TBF_BURST (bytes, default: 20 ms of
# the rate, at least 16 frames). The bucket holds what a sender starved
# for up to 20 ms would have sent: with 4 ms of it, under tests/load.sh
# the link moved 0.93-0.957 of its rate (every rate check of link.sh,
# screen.sh 4 and experiment_rig 6 failed, run 15 and here), with 20 ms
# 1.002-1.004; a window of T seconds can show at most 20 ms / T above
# the rate (0.7 % in a 3 s run).

# The block-I/O throttle works in slices (blk-throttle.c: throtl_slice,
# HZ/10 = 100 ms): a slice's budget, RATE x 0.1 s, is released when the
# slice starts, and a trimmed slice keeps one slice behind it, so what a
# cgroup has moved by time t is between RATE x t and RATE x (t + 0.2 s)
# (measured here: passes of 2.5-4.5 s ended 0.01-0.19 s early).  Hence:
#  - a pass that starts its budget afresh (after the other direction ran,
#    or after a pass under the other cap, bytes or IOPS) shows between
#    RATE and BYTES / (BYTES/RATE - 0.2), and where it lands in that range
#    is not steady: iozone's random write of 16M records, 4 requests of
#    16 MiB, came out at 0.993-0.999 of RATE while its 16k records gained
#    1.4 %; so rig_fresh asserts the whole range, PCT % below RATE to
#    PCT % above the top, and the tests size fresh passes so the range is
#    narrow (a 6 s pass: RATE to RATE x 1.034);
#  - a pass that follows one on the same budget finds the lead used and
#    keeps RATE (measured: 0.98-1.03 of it over 4 s passes);
#  - a live window of W seconds holds W/0.1 or one more budget steps:
#    between RATE and RATE x (1 + 0.1/W); rig_window_rate RATE W is the
#    middle;
#  - a slice's unused budget is dropped when the slice is trimmed: a pass
#    off the CPU for a whole slice comes out low (rig_run runs at nice -10).
RIG_SLICE_S=0.1

RIG_WHY=
RIG_DISK= RIG_DEVNO= RIG_DEV= RIG_MNT= RIG_CGROUP=
RIG_NS_A= RIG_NS_B= RIG_IF_A= RIG_IF_B= RIG_ADDR_A= RIG_ADDR_B=
RIG_CG_VER=
RIG__TMP= RIG__ZID= RIG__MOUNTED= RIG__V2IO= RIG__LOCKED=
RIG__KEPT= RIG__NEXT=

# rig__why SENTENCE: set RIG_WHY, return 1.
rig__why() {
	RIG_WHY="rig unavailable: $*"
	return 1
}

# rig__tmp: the rig's private folder (made once).
rig__tmp() {
	[ -n "$RIG__TMP" ] && [ -d "$RIG__TMP" ] && return 0
	RIG__TMP=$(mktemp -d "${TMPDIR:-/tmp}/btrig-$$.XXXXXX") ||
		rig__why "cannot make a temporary folder"
}

# rig__root: the rigs need root (zram, cgroups, namespaces, mount).
rig__root() {
	[ "$(id -u)" = 0 ] || rig__why "needs root"
}

# rig__cg_find: where a throttle cgroup can be made; sets RIG_CG_VER and
# _p (the parent folder).  cgroup v1 blkio first, then v2 with io.
# RIG_CG_V1 and RIG_CG_V2 (a list) replace the folders looked at, for
# tests/rig/rig_v2.sh, which checks the v2 lines on a machine whose io
# controller v1 holds.
rig__cg_find() {
	_p=${RIG_CG_V1:-/sys/fs/cgroup/blkio}
	if [ -w "$_p/blkio.throttle.read_bps_device" ]; then
		RIG_CG_VER=1
		return 0
	fi
	for _p in ${RIG_CG_V2:-/sys/fs/cgroup /sys/fs/cgroup/unified}; do
		[ -f "$_p/cgroup.controllers" ] || continue
		grep -qw io "$_p/cgroup.controllers" || continue
		RIG_CG_VER=2
		return 0
	done
	return 1
}

# rig__cg_make: a fresh cgroup for the disk rig (sets RIG_CGROUP).
rig__cg_make() {
	rig__cg_find || { rig__why "no blkio throttle"; return 1; }
	if [ "$RIG_CG_VER" = 2 ] &&
	    ! grep -qw io "$_p/cgroup.subtree_control"; then
		echo +io > "$_p/cgroup.subtree_control" 2> /dev/null ||
			{ rig__why "no blkio throttle (io controller)"; return 1; }
		RIG__V2IO=$_p
	fi
	_c="$_p/btrig-$$-disk"
	mkdir "$_c" 2> /dev/null ||
		{ rig__why "cannot make a cgroup in $_p"; return 1; }
	RIG_CGROUP=$_c
}

# rig__zram_make SIZE: a fresh zram device (sets RIG__ZID RIG_DISK
# RIG_DEVNO RIG_DEV).
rig__zram_make() {
	_ctl=/sys/class/zram-control
	[ -d "$_ctl" ] || modprobe zram num_devices=0 > /dev/null 2>&1
	[ -r "$_ctl/hot_add" ] || { rig__why "no zram"; return 1; }
	# Reading hot_add makes a device and prints its number: ours alone.
	_id=$(cat "$_ctl/hot_add" 2> /dev/null)
	case $_id in
	''|*[!0-9]*) rig__why "no zram (hot_add refused)"; return 1 ;;
	esac
	RIG__ZID=$_id
	RIG_DISK=zram$_id
	RIG__LAST_DISK=$RIG_DISK	# kept after rig_down, for rig_self.sh
	echo "$1" > "/sys/block/$RIG_DISK/disksize" 2> /dev/null ||
		{ rig__why "zram refused a disk size of $1"; return 1; }
	RIG_DEVNO=$(cat "/sys/block/$RIG_DISK/dev")
	rig__devnode
}

# rig__devnode: the device node (/dev/zramN, or one made in the rig's
# folder where no udev makes it).
rig__devnode() {
	_n=20
	while [ "$_n" -gt 0 ]; do
		[ -b "/dev/$RIG_DISK" ] && { RIG_DEV=/dev/$RIG_DISK; return 0; }
		sleep 0.05
		_n=$((_n - 1))
	done
	rig__tmp || return 1
	RIG_DEV=$RIG__TMP/$RIG_DISK
	mknod "$RIG_DEV" b "${RIG_DEVNO%:*}" "${RIG_DEVNO#*:}" ||
		{ rig__why "cannot make a node for $RIG_DISK"; return 1; }
}

# rig__fs_make: ext4 on the device, mounted in the rig's folder.
rig__fs_make() {
	command -v mkfs.ext4 > /dev/null || { rig__why "no mkfs.ext4"; return 1; }
	# Inode tables initialised now (no ext4lazyinit writes later, which
	# would add to the device's rate) and no journal: an fsync then waits
	# for the inode's own write, throttled as the test's, not for a jbd2
	# commit that a busy machine schedules late.
	mkfs.ext4 -q -F -O ^has_journal -E lazy_itable_init=0 \
	    "$RIG_DEV" > /dev/null 2>&1 || { rig__why "mkfs.ext4 failed"; return 1; }
	rig__tmp || return 1
	RIG_MNT=$RIG__TMP/mnt$RIG__NEXT
	mkdir -p "$RIG_MNT"
	mount -t ext4 -o noatime "$RIG_DEV" "$RIG_MNT" 2> /dev/null ||
		{ rig__why "cannot mount ext4 on $RIG_DISK"; return 1; }
	RIG__MOUNTED=$RIG_MNT
}

# rig__lock: one rig at a time per source tree (make check -j runs tests
# side by side, and two rigs sharing two CPUs would slow each other's
# throttled passes): an flock on this file, held until rig_down, waiting
# up to 15 min.  BENCHTOP_NO_RIGS set: no rig at all (a distcheck after
# the same tests ran as root already).
rig__lock() {
	[ -z "${BENCHTOP_NO_RIGS:-}" ] ||
		{ rig__why "BENCHTOP_NO_RIGS is set"; return 1; }
	[ -z "$RIG__LOCKED" ] || return 0
	[ -n "${top_srcdir:-}" ] && [ -r "$top_srcdir/tests/rig/rig.sh" ] &&
	    command -v flock > /dev/null || return 0
	exec 9< "$top_srcdir/tests/rig/rig.sh"
	flock -w 900 9 || { exec 9<&-; rig__why "another rig stayed up for 15 min"; return 1; }
	RIG__LOCKED=1
}

rig__unlock() {
	[ -n "$RIG__LOCKED" ] || return 0
	[ -n "$RIG__ZID$RIG_NS_A" ] && return 0
	exec 9<&-
	RIG__LOCKED=
}

# rig_disk_up RBPS WBPS RIOPS WIOPS: the disk rig; 0 on success, 1 with
# RIG_WHY (and nothing left made) when a part is missing.
rig_disk_up() {
	RIG_WHY=
	[ $# -eq 4 ] || { rig__why "rig_disk_up needs 4 figures"; return 1; }
	[ -z "$RIG__ZID" ] || { rig__why "a rig disk is already up"; return 1; }
	rig__root || return 1
	rig__lock || return 1
	if ! rig__cg_make || ! rig__zram_make "${RIG_DISK_SIZE:-2G}" ||
	    ! rig__fs_make || ! rig_disk_set "$@"; then
		_w=$RIG_WHY
		rig__disk_down
		RIG_WHY=$_w
		return 1
	fi
	return 0
}

# rig_disk_next RBPS WBPS RIOPS WIOPS: one more rig disk (several disks
# alike, as a board with two of the same SSD); 0, or 1 with RIG_WHY.
rig_disk_next() {
	[ -n "$RIG__ZID" ] || { rig__why "no rig disk is up"; return 1; }
	RIG__KEPT="$RIG__KEPT $RIG__ZID:$RIG__MOUNTED"
	RIG__ZID= RIG__MOUNTED=
	RIG__NEXT=$((${RIG__NEXT:-0} + 1))
	rig__zram_make "${RIG_DISK_SIZE:-2G}" && rig__fs_make &&
		rig_disk_set "$@"
}

# rig__kept_down: the disks rig_disk_next kept.
rig__kept_down() {
	for _k in $RIG__KEPT; do
		umount "${_k#*:}" 2> /dev/null || umount -l "${_k#*:}" 2> /dev/null
		rig__zram_remove "${_k%%:*}"
	done
	RIG__KEPT= RIG__NEXT=
}

# rig__v1 FILE VALUE: one cgroup v1 throttle rule (0 removes it).
rig__v1() {
	echo "$RIG_DEVNO $2" 2> /dev/null > "$RIG_CGROUP/blkio.throttle.$1" ||
		rig__why "no blkio throttle ($1 refused)"
}

# rig__v2val N: io.max's spelling of a limit (0 = max).
rig__v2val() {
	if [ "$1" = 0 ]; then echo max; else echo "$1"; fi
}

# rig_disk_set RBPS WBPS RIOPS WIOPS: the throttle of the live rig disk.
rig_disk_set() {
	[ $# -eq 4 ] || { rig__why "rig_disk_set needs 4 figures"; return 1; }
	[ -n "$RIG_CGROUP" ] && [ -n "$RIG_DEVNO" ] ||
		{ rig__why "no rig disk is up"; return 1; }
	for _v in "$@"; do
		case $_v in
		''|*[!0-9]*) rig__why "not a figure: $_v"; return 1 ;;
		esac
	done
	if [ "$RIG_CG_VER" = 1 ]; then
		rig__v1 read_bps_device "$1" && rig__v1 write_bps_device "$2" &&
		rig__v1 read_iops_device "$3" && rig__v1 write_iops_device "$4"
		return
	fi
	echo "$RIG_DEVNO rbps=$(rig__v2val "$1") wbps=$(rig__v2val "$2")" \
	    "riops=$(rig__v2val "$3") wiops=$(rig__v2val "$4")" \
	    2> /dev/null > "$RIG_CGROUP/io.max" ||
		rig__why "no blkio throttle (io.max refused)"
}

# rig_run CMD ARGS...: CMD inside the rig's cgroup (its I/O throttled);
# waits and returns CMD's status.  CMD runs at nice -10 where it can: a
# throttled pass keeps its rate only if it is never off the CPU for a whole
# 100 ms slice (the unused budget of older slices is dropped), which a
# machine busy with other suites otherwise causes now and then.
rig_run() {
	[ -n "$RIG_CGROUP" ] || { echo "rig_run: no rig disk is up" >&2; return 125; }
	sh -c 'echo $$ > "$0/cgroup.procs" && renice -n -10 $$ > /dev/null 2>&1
exec "$@"' "$RIG_CGROUP" "$@"
}

# rig__link_fail SENTENCE: the link rig's failure sentence, after cleaning up.
rig__link_fail() {
	rig__link_down
	rig__why "$1"
}

# rig__tbf NS IF RATE [change]: shape one end (a new shaper, or a new rate
# for the one there: the experiment rig's hook, exp_rig_hook.sh).
rig__tbf() {
	_bytes=$(($3 * 125000))
	_burst=${RIG_TBF_BURST:-$((_bytes / 50))}
	[ "$_burst" -ge 24224 ] || _burst=24224
	ip netns exec "$1" tc qdisc "${4:-add}" dev "$2" root tbf rate "${3}mbit" \
	    burst "$_burst" latency "${RIG_TBF_LATENCY:-50ms}" 2> /dev/null
}

# rig_link_up RATE_MBIT: the link rig; 0 on success, 1 with RIG_WHY.
rig_link_up() {
	RIG_WHY=
	case ${1:-} in
	''|*[!0-9]*|0) rig__why "rig_link_up needs a rate in Mbit/s"; return 1 ;;
	esac
	[ -z "$RIG_NS_A" ] || { rig__why "a rig link is already up"; return 1; }
	rig__root || return 1
	rig__lock || return 1
	command -v ip > /dev/null || { rig__why "no ip (iproute2)"; return 1; }
	command -v tc > /dev/null || { rig__why "no tc (iproute2)"; return 1; }
	RIG_NS_A=btrig-$$-a
	ip netns add "$RIG_NS_A" 2> /dev/null ||
		{ RIG_NS_A=; rig__why "no netns"; return 1; }
	RIG_NS_B=btrig-$$-b
	ip netns add "$RIG_NS_B" 2> /dev/null ||
		{ RIG_NS_B=; rig__link_fail "no netns"; return 1; }
	RIG_IF_A=btriga RIG_IF_B=btrigb
	RIG_ADDR_A=10.213.0.1 RIG_ADDR_B=10.213.0.2
	ip -n "$RIG_NS_A" link add "$RIG_IF_A" type veth peer name \
	    "$RIG_IF_B" netns "$RIG_NS_B" 2> /dev/null ||
		{ rig__link_fail "no veth"; return 1; }
	rig__link_addr || return 1
	rig__tbf "$RIG_NS_A" "$RIG_IF_A" "$1" &&
	    rig__tbf "$RIG_NS_B" "$RIG_IF_B" "$1" ||
		{ rig__link_fail "no tbf (sch_tbf)"; return 1; }
	return 0
}

# rig__link_addr: addresses and links up inside the two namespaces.
rig__link_addr() {
	for _s in "A $RIG_NS_A $RIG_IF_A $RIG_ADDR_A" \
	    "B $RIG_NS_B $RIG_IF_B $RIG_ADDR_B"; do
		set -- $_s
		ip -n "$2" link set lo up &&
		    ip -n "$2" addr add "$4/24" dev "$3" &&
		    ip -n "$2" link set "$3" up ||
			{ rig__link_fail "cannot configure the veth ($1)"; return 1; }
		# Full-size frames reach the shaper as they would on a wire.
		ip netns exec "$2" ethtool -K "$3" tso off gso off gro off \
		    > /dev/null 2>&1
	done
	return 0
}

# rig_in_a CMD... / rig_in_b CMD...: CMD inside namespace A / B.
rig_in_a() { ip netns exec "$RIG_NS_A" "$@"; }
rig_in_b() { ip netns exec "$RIG_NS_B" "$@"; }

# rig__kill_list PIDS...: TERM, a moment, then KILL what is left.
rig__kill_list() {
	[ $# -gt 0 ] || return 0
	kill -TERM "$@" 2> /dev/null
	_n=20
	while [ "$_n" -gt 0 ]; do
		_alive=
		for _p in "$@"; do
			kill -0 "$_p" 2> /dev/null && _alive=1
		done
		[ -z "$_alive" ] && return 0
		sleep 0.05
		_n=$((_n - 1))
	done
	kill -KILL "$@" 2> /dev/null
	sleep 0.05
}

# rig__link_down: the namespaces (and so the veth pair) and what runs in them.
rig__link_down() {
	for _ns in "$RIG_NS_A" "$RIG_NS_B"; do
		[ -n "$_ns" ] || continue
		rig__kill_list $(ip netns pids "$_ns" 2> /dev/null)
		ip netns del "$_ns" 2> /dev/null
	done
	RIG_NS_A= RIG_NS_B= RIG_IF_A= RIG_IF_B= RIG_ADDR_A= RIG_ADDR_B=
}

# rig__zram_remove ID: reset and remove zram device ID, retrying for up
# to 2 min while it is still open: after a umount that returned, the
# kernel here (6.18) kept the device open 0-2.8 s more, and 30 s to 2 min
# on a machine busy with other suites' I/O (the superblock's last
# reference goes with whoever holds it last, a sync(2) for one).  Says so
# on stderr if it stays.
rig__zram_remove() {
	_n=1200
	while [ -e "/sys/block/zram$1" ] && [ "$_n" -gt 0 ]; do
		echo 1 > "/sys/block/zram$1/reset" 2> /dev/null &&
			echo "$1" > /sys/class/zram-control/hot_remove 2> /dev/null &&
			return 0
		sleep 0.1
		_n=$((_n - 1))
	done
	[ -e "/sys/block/zram$1" ] &&
		echo "rig_down: zram$1 is still busy; remove it with: echo 1 >" \
		    "/sys/block/zram$1/reset; echo $1 > /sys/class/zram-control/hot_remove" >&2
	return 0
}

# rig__disk_down: processes in the cgroup, the mount, zram, the cgroup.
rig__disk_down() {
	if [ -n "$RIG_CGROUP" ] && [ -d "$RIG_CGROUP" ]; then
		rig__kill_list $(cat "$RIG_CGROUP/cgroup.procs" 2> /dev/null)
	fi
	rig__kept_down
	if [ -n "$RIG__MOUNTED" ]; then
		umount "$RIG__MOUNTED" 2> /dev/null ||
			{ sleep 0.2; umount "$RIG__MOUNTED" 2> /dev/null; } ||
			umount -l "$RIG__MOUNTED" 2> /dev/null
		RIG__MOUNTED=
	fi
	[ -z "$RIG__ZID" ] || rig__zram_remove "$RIG__ZID"
	RIG__ZID=
	if [ -n "$RIG_CGROUP" ] && [ -d "$RIG_CGROUP" ]; then
		rmdir "$RIG_CGROUP" 2> /dev/null ||
			{ sleep 0.2; rmdir "$RIG_CGROUP" 2> /dev/null; }
	fi
	[ -z "$RIG__V2IO" ] ||
		echo -io > "$RIG__V2IO/cgroup.subtree_control" 2> /dev/null
	RIG__V2IO=
	RIG_DISK= RIG_DEVNO= RIG_DEV= RIG_MNT= RIG_CGROUP=
}

# rig_down: remove every namespace, cgroup, mount, zram device and folder
# the rig made.  Idempotent; safe from a trap.
rig_down() {
	rig__link_down
	rig__disk_down
	if [ -n "$RIG__TMP" ]; then
		rm -rf "$RIG__TMP"
		RIG__TMP=
	fi
	rig__unlock
	return 0
}

# rig__cleanup: rig_down, then the command given to rig_trap.
rig__cleanup() {
	rig_down
	[ -z "${RIG__ON_EXIT:-}" ] || eval "$RIG__ON_EXIT"
}

# rig__sig N: cleanup after a signal, exit 128+N.
rig__sig() {
	trap - EXIT
	rig__cleanup
	exit $((128 + $1))
}

# rig_trap [SHELL-COMMAND]: rig_down (then SHELL-COMMAND, e.g. the test's
# own cleanup) on any exit; replaces the EXIT, INT, TERM, HUP, PIPE traps.
rig_trap() {
	RIG__ON_EXIT=${1:-}
	trap 'rig__st=$?; rig__cleanup; exit $rig__st' EXIT
	trap 'rig__sig 1' HUP
	trap 'rig__sig 2' INT
	trap 'rig__sig 13' PIPE
	trap 'rig__sig 15' TERM
}

# rig_skip_all REASON: a TAP plan that skips the whole script.
rig_skip_all() {
	echo "1..0 # SKIP $*"
}

# rig_skip N REASON: N skipped TAP results (for tests that count with
# $_tap_n, as tests/integration/lib.sh does).
rig_skip() {
	_k=$1
	shift
	while [ "$_k" -gt 0 ]; do
		_tap_n=$((${_tap_n:-0} + 1))
		echo "ok $_tap_n # SKIP $*"
		_k=$((_k - 1))
	done
}

# rig_rand LO HI: a random integer in [LO, HI].
rig_rand() {
	_r=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
	echo $(($1 + _r % ($2 - $1 + 1)))
}

# rig_within VALUE EXPECTED [PCT]: 0 when VALUE is within PCT % (default
# 3) of EXPECTED; prints the ratio as a TAP comment when it is not.
rig_within() {
	awk -v v="$1" -v e="$2" -v p="${3:-3}" 'BEGIN {
		if (v == "" || v == "None" || e <= 0) { print "# no figure: " v; exit 1 }
		r = v / e
		if (r >= 1 - p / 100 && r <= 1 + p / 100) exit 0
		printf "# %s is %.4f of the expected %s (band %s %%)\n", v, r, e, p
		exit 1
	}'
}

# rig_window_rate RATE W: what a live rate over W seconds shows.
rig_window_rate() {
	awk -v r="$1" -v w="$2" -v s="$RIG_SLICE_S" \
	    'BEGIN { printf "%.6f\n", r * (1 + s / 2 / w) }'
}

# rig_fresh VALUE BYTES RATE [PCT]: 0 when VALUE, the rate a pass of BYTES
# throttled at RATE (any unit per second) showed, is within PCT % (3) of
# the range the slice rule above gives a pass that starts its budget
# afresh, RATE to BYTES / (BYTES/RATE - 2 slices).
rig_fresh() {
	awk -v v="$1" -v b="$2" -v r="$3" -v p="${4:-3}" -v s="$RIG_SLICE_S" '
	BEGIN {
		if (v == "" || v == "None" || r <= 0) { print "# no figure: " v; exit 1 }
		lo = r; hi = b / (b / r - 2 * s)
		if (v >= lo * (1 - p / 100) && v <= hi * (1 + p / 100)) exit 0
		printf "# %s is %.4f of the cap %s, outside %.4f-%.4f (the slice range, %s %% wider)\n",
		    v, v / r, r, 1 - p / 100, hi / r * (1 + p / 100), p
		exit 1
	}'
}

# rig_iops_secs N BUDGET [BEFORE OVER]: how long the IOPS throttle takes
# over a pass of N requests, BUDGET requests a slice (IOPS x 0.1 s), from
# blk-throttle.c's rules.  A pass that starts its direction afresh (no
# BEFORE) gets the whole budget of its first slice at once
# (tg_within_iops_limit counts to the slice's end), then BUDGET at each
# slice's start: its last burst goes at the start of slice
# ceil(N/BUDGET) - 1.  One that follows BEFORE requests on the same slice
# begins where those left it, at the start of slice ceil(BEFORE/BUDGET)
# - 1, and first pays for OVER requests charged in between over the
# limit (a REQ_META write, an fsync's inode block: bio_issue_as_root_blkg
# lets it through and charges it), so it ends at the start of slice
# ceil((BEFORE + OVER + N)/BUDGET) - 1.  The bursts' own few ms are left
# out.
rig_iops_secs() {
	awk -v n="$1" -v b="$2" -v p="${3:-}" -v o="${4:-0}" \
	    -v s="$RIG_SLICE_S" '
	function ceil(x) { return x == int(x) ? x : int(x) + 1 }
	BEGIN {
		if (p == "") printf "%.6f\n", (ceil(n / b) - 1) * s
		else printf "%.6f\n", (ceil((p + o + n) / b) - ceil(p / b)) * s
	}'
}

# rig_disk_wios: the write requests the rig's cgroup has issued to the rig
# disk so far (v1 blkio.throttle.io_serviced, v2 io.stat wios=).
rig_disk_wios() {
	if [ "$RIG_CG_VER" = 1 ]; then
		awk -v d="$RIG_DEVNO" '$1 == d && $2 == "Write" { print $3 }' \
		    "$RIG_CGROUP/blkio.throttle.io_serviced"
	else
		awk -v d="$RIG_DEVNO" '$1 == d { for (i = 2; i <= NF; i++)
			if ($i ~ /^wios=/) print substr($i, 6) }' \
		    "$RIG_CGROUP/io.stat"
	fi
}
