#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The test rig's side of the experiment's hook tunable (benchtop runs it
# as BENCHTOP_EXPERIMENT_HOOK): "get NAME" prints the value, "set NAME V"
# applies it.  NAME "disk": V bytes/s of the rig disk's read and write
# throttle (0: none).  NAME "link": V Mbit/s of the tbf on both veth ends.
# The rig's state comes from the environment the test exported.
# rig.sh starts from empty state: keep what the test exported.
_cg=$RIG_CGROUP _dev=$RIG_DEVNO _ver=$RIG_CG_VER
_na=$RIG_NS_A _nb=$RIG_NS_B _ia=$RIG_IF_A _ib=$RIG_IF_B
. "$RIG_SH"
RIG_CGROUP=$_cg RIG_DEVNO=$_dev RIG_CG_VER=$_ver
RIG_NS_A=$_na RIG_NS_B=$_nb RIG_IF_A=$_ia RIG_IF_B=$_ib
state=$RIG_HOOK_STATE.$2
case $1 in
get)
	cat "$state" 2> /dev/null || echo 0
	;;
set)
	case $3 in ''|*[!0-9]*) echo "not a figure: $3" >&2; exit 1 ;; esac
	case $2 in
	disk)
		rig_disk_set "$3" "$3" 0 0 || { echo "$RIG_WHY" >&2; exit 1; }
		;;
	link)
		for _e in "$RIG_NS_A $RIG_IF_A" "$RIG_NS_B $RIG_IF_B"; do
			set -- $_e "$3"
			rig__tbf "$1" "$2" "$3" change || exit 1
		done
		set -- set link "$3"
		;;
	*) echo "no such hook tunable: $2" >&2; exit 1 ;;
	esac
	echo "$3" > "$state"
	;;
*)
	exit 2
	;;
esac
