#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# load.sh: the load a test must pass beside - twice as many CPU spinners
# as cores and a dd writing (fsync) and reading a 64 MiB file in a loop.
# Sourced (tests/run-all.sh): load_up DIR starts it, its file in DIR;
# load_down ends it (idempotent; the caller's exit trap calls it).
# Run: sh tests/load.sh CMD [ARG]...  runs CMD with the load beside it and
# exits with CMD's status, the load ended whatever happens, e.g.
#   sh tests/load.sh make -s check TESTS=tests/tui/scenarios/exp_keys.scn
# LOAD_SPINNERS overrides the count of spinners.

load_pids="" load_n=0
load_file=""
load_up() {
	_n=${LOAD_SPINNERS:-$(( $(nproc 2> /dev/null || echo 2) * 2 ))}
	load_file=$1/load.dd
	mkdir -p "$1"
	load_n=$_n _i=$_n
	while [ "$_i" -gt 0 ]; do
		sh -c 'while :; do :; done' & load_pids="$load_pids $!"
		_i=$((_i - 1))
	done
	sh -c 'while :; do dd if=/dev/zero of="$1" bs=1M count=64 conv=fsync 2> /dev/null
		dd if="$1" of=/dev/null bs=1M 2> /dev/null; done' sh "$load_file" &
	load_pids="$load_pids $!"
	echo "load: $_n CPU spinners and a dd loop beside the tests"
}

# load_down: end what load_up started (the dd loop's dd with it: a child
# left running would keep writing the file after it is removed).
load_down() {
	for _p in $load_pids; do
		pkill -P "$_p" 2> /dev/null
		kill "$_p" 2> /dev/null
	done
	for _p in $load_pids; do wait "$_p" 2> /dev/null; done
	[ -n "$load_file" ] && rm -f "$load_file"
	load_pids="" load_file=""
}

# Run as a command (not sourced by run-all.sh).
case ${0##*/} in
load.sh)
	[ $# -gt 0 ] || { echo "usage: sh tests/load.sh CMD [ARG]..." >&2; exit 2; }
	_dir=$(mktemp -d "${TMPDIR:-/tmp}/benchtop-load.XXXXXX") || exit 2
	trap 'load_down; rmdir "$_dir"' EXIT
	trap 'exit 130' INT TERM HUP
	load_up "$_dir"
	"$@"
	exit
	;;
esac
