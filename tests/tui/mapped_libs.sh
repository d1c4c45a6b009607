#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# What the live screen keeps mapped (its peak RSS is mostly shared
# libraries' pages, tests/bench/README.md): once the first figures show,
# /proc/PID/maps has none of libpci, libusb-1.0, libudev and libz (loaded
# with dlopen for the hardware scan and closed after it) and of the locale files only
# LC_CTYPE and LC_MESSAGES; on the XU4 bed, where libusb read the USB
# disk (its link shows), libusb is gone again too.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
plan 4

# bt_pid: the benchtop process under the pane's shell (through
# umockdev-run and sh on a bed).
bt_pid() {
	_p=$(cat "$TMPD/pid")
	for _i in 1 2 3 4; do
		_c=$(ps -o pid= --ppid "$_p" | head -n 1 | tr -d ' ')
		[ -n "$_c" ] || return 1
		[ "$(cat "/proc/$_c/comm" 2> /dev/null)" = benchtop ] &&
			{ echo "$_c"; return 0; }
		_p=$_c
	done
	return 1
}

start 80 24 "'$BENCHTOP' -d 1"
wait_for ' MHz|^cpu|^CPU' 20
pid=$(bt_pid)
cp "/proc/$pid/maps" "$TMPD/maps.live" 2> /dev/null
libs='/lib(pci|usb-1\.0|udev|z)\.so'
[ -s "$TMPD/maps.live" ] && ! grep -Eq "$libs" "$TMPD/maps.live"
check $? "live screen: none of libpci, libusb-1.0, libudev, libz mapped"
diag "$(grep -Eo '/[^ ]+\.so[.0-9]*' "$TMPD/maps.live" | sort -u | tr '\n' ' ')"
! grep -Eq '/LC_(TIME|COLLATE|MONETARY|NUMERIC|PAPER|NAME|ADDRESS|TELEPHONE|MEASUREMENT|IDENTIFICATION)$' "$TMPD/maps.live" &&
	grep -q '/LC_CTYPE$' "$TMPD/maps.live"
check $? "live screen: of the locale's files only LC_CTYPE (and LC_MESSAGES)"
diag "$(grep -Eo '/LC_[A-Z_]+$' "$TMPD/maps.live" | sort -u | tr '\n' ' ')"
keys q
wait_exit

if ! command -v "$UMOCKDEV_RUN" > /dev/null 2>&1; then
	skip "umockdev-run missing"
	skip "umockdev-run missing"
	exit 0
fi
start 80 24 "$(bed_cmd odroid-xu4 '-d 1')"
wait_for '^sda .*USB' 20
check $? "XU4 bed: the overview shows sda's USB link (libusb and sysfs read)"
pid=$(bt_pid)
cp "/proc/$pid/maps" "$TMPD/maps.bed" 2> /dev/null
[ -s "$TMPD/maps.bed" ] && ! grep -Eq '/lib(pci|usb-1\.0|udev|z)\.so' "$TMPD/maps.bed"
check $? "XU4 bed: libusb-1.0, libudev, libpci and libz are unmapped after the scan"
diag "$(grep -Eo '/[^ ]+\.so[.0-9]*' "$TMPD/maps.bed" | sort -u | tr '\n' ' ')"
keys q
wait_exit
