#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Small command-line promises: output that cannot be written (/dev/full)
# is exit 1 with a sentence; the interval has one parser for the command
# line and the configuration file (no 0x1, no 1e3); an optional presets
# file that exists but cannot be read is a warning, not a refusal.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 10
for args in "--help" "--version" "bench --list" "bench --help" "serve --help"; do
	# shellcheck disable=SC2086
	"$BENCHTOP" $args > /dev/full 2> "$TMPD/full.err"
	st=$?
	[ $st -eq 1 ] && grep -q '^benchtop: could not write the output: No space left on device$' "$TMPD/full.err"
	check $? "benchtop $args > /dev/full: exit 1 and a sentence (was 0)"
done

a=0
for v in 0x1 1e3; do
	"$BENCHTOP" --once -i "$v" > /dev/null 2> "$TMPD/i.err"
	[ $? -eq 2 ] && grep -q "invalid interval '$v'" "$TMPD/i.err" || a=1
	mkdir -p "$TMPD/cfg/benchtop"
	echo "interval = $v" > "$TMPD/cfg/benchtop/config"
	XDG_CONFIG_HOME=$TMPD/cfg "$BENCHTOP" --once > /dev/null 2> "$TMPD/c.err"
	grep -q "interval must be seconds from 0.1 to 3600, not '$v'" "$TMPD/c.err" || a=1
done
check $a "-i 0x1 and -i 1e3: refused on the command line as in the configuration"
"$BENCHTOP" --once -i 0.5 > /dev/null
check $? "-i 0.5 is taken"

if [ "$(id -u)" = 0 ] && command -v setpriv > /dev/null; then
	# HOME=/root as nobody: the folder cannot be entered.
	mkdir -p "$TMPD/home/.config/benchtop"
	echo "[mine]" > "$TMPD/home/.config/benchtop/presets.conf"
	chmod 700 "$TMPD/home"
	BENCHTOP_DATADIR=$(cd "$BENCHTOP_DATADIR" && pwd)
	out=$(HOME=$TMPD/home XDG_CONFIG_HOME= BENCHTOP_DATADIR=$BENCHTOP_DATADIR \
		setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$BENCHTOP" bench --list 2> "$TMPD/p.err")
	st=$?
	[ $st -eq 0 ] && echo "$out" | grep -q '^seq-direct ' &&
		grep -q "^benchtop bench: warning: cannot read your presets ($TMPD/home/.config/benchtop/presets.conf: Permission denied); the installed ones are used$" "$TMPD/p.err"
	check $? "an unreadable user presets file: a warning, and the installed presets listed"
else
	skip "needs root and setpriv"
fi

# set irq N=big when the big cores exist but are all offline (the RK3399
# testbed, whose cpu_capacity tells big from little, with cpu4-5 offline):
# say that, not "this board has no big cores".
if command -v "$UMOCKDEV_RUN" > /dev/null; then
	"$UMOCKDEV_RUN" -- sh -c '
		cp -r "$1/rk3399/." "$UMOCKDEV_DIR/" || exit 99
		mkdir -p "$UMOCKDEV_DIR/proc/irq/151"
		echo 0-5 > "$UMOCKDEV_DIR/proc/irq/151/smp_affinity_list"
		c=$UMOCKDEV_DIR/sys/devices/system/cpu
		echo 0-3 > $c/online
		for n in 4 5; do echo 0 > $c/cpu$n/online; done
		"$2" set irq 151=big' sh "$TESTBEDS" "$BENCHTOP" > /dev/null 2> "$TMPD/off.err"
	st=$?
	[ $st -eq 1 ] && grep -q '^benchtop set: IRQ 151: the big cores are all offline$' "$TMPD/off.err"
	check $? "set irq 151=big with cpu4-5 offline: 'the big cores are all offline' (was 'no big cores')"
else
	skip "umockdev-run missing"
fi

# read-timing on a folder of a loop-mounted ext4, as nobody: the folder's
# device is named by its /dev node even where /dev/block is absent, and
# the refusal is about reading it (was "/dev/block/7:0 is not a folder" /
# "cannot write in /dev/loop0").
if [ "$(id -u)" = 0 ] && command -v mkfs.ext4 > /dev/null &&
	command -v setpriv > /dev/null; then
	mkdir -p "$TMPD/mnt"
	truncate -s 16M "$TMPD/fs.img"
	if mkfs.ext4 -q -F "$TMPD/fs.img" > /dev/null 2>&1 &&
		mount -o loop "$TMPD/fs.img" "$TMPD/mnt" 2> /dev/null; then
		dev=$(findmnt -n -o SOURCE "$TMPD/mnt")
		chmod 755 "$TMPD" "$TMPD/mnt"
		BENCHTOP_DATADIR=$BENCHTOP_DATADIR setpriv --reuid=65534 \
			--regid=65534 --clear-groups "$BENCHTOP" bench \
			read-timing --target "$TMPD/mnt" > /dev/null 2> "$TMPD/rt.err"
		st=$?
		umount "$TMPD/mnt"
		chmod 700 "$TMPD"
		[ $st -eq 1 ] && grep -q "cannot read $dev: Permission denied (reading a block device needs root or the disk group)" "$TMPD/rt.err"
		check $? "read-timing on a folder as nobody: 'cannot read $dev' (the folder's device)"
	else
		skip "cannot loop-mount an ext4 here"
	fi
else
	skip "needs root, mkfs.ext4 and setpriv"
fi
