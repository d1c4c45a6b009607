#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# libiperf and libmicrohttpd are loaded with dlopen when an iperf run or
# the metrics server starts: the binary does not list them (readelf -d),
# and with either library unreadable (a private mount namespace puts
# /dev/null over it) each command says so in one sentence, exit 1, while
# --once and the rest run.  libpci and libusb-1.0 likewise, for the
# hardware scan only: without them --once lists the devices sysfs shows
# and says in one sentence which library is missing.  Nor is libcrypt
# linked (loaded with dlopen for --web-config's users).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 8

if command -v readelf > /dev/null; then
	readelf -d "$BENCHTOP" > "$TMPD/dyn"
	grep -q NEEDED "$TMPD/dyn" && ! grep -Eq 'NEEDED.*(libiperf|libmicrohttpd|libcrypto|libgnutls)' "$TMPD/dyn"
	check $? "DT_NEEDED lists neither libiperf nor libmicrohttpd"
	! grep -Eq 'NEEDED.*(libpci|libusb|libudev|libz|libcrypt)\.' "$TMPD/dyn"
	check $? "DT_NEEDED lists none of libpci, libusb-1.0, libudev, libz, libcrypt"
	diag "$(grep NEEDED "$TMPD/dyn")"
else
	skip "readelf missing"
	skip "readelf missing"
fi

# the file the dynamic linker would load for SONAME
lib_of() {
	ldconfig -p | awk -v s="$1" '$1 == s && /x86-64|64bit|aarch64|arm/ { print $NF; exit }'
}
ip=$(lib_of libiperf.so.0)
mh=$(lib_of libmicrohttpd.so.12)
# (a private mount namespace: not in a chroot whose root is no mount point)
if [ "$(id -u)" != 0 ] || ! unshare -m true 2> /dev/null || [ -z "$ip" ] || [ -z "$mh" ]; then
	for i in 1 2 3 4 5 6; do skip "needs root, a private mount namespace (unshare -m) and both libraries"; done
	exit 0
fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
unshare -m sh -c '
mount --bind /dev/null "$(readlink -f "$1")" &&
mount --bind /dev/null "$(readlink -f "$2")" || exit 99
"$3" iperf 127.0.0.1 -p "$4" -t 1 > "$5/iperf.out" 2> "$5/iperf.err"
echo $? > "$5/iperf.rc"
"$3" metrics --listen "127.0.0.1:$4" > "$5/m.out" 2> "$5/m.err"
echo $? > "$5/m.rc"
"$3" --once -d 0.2 > "$5/once.out" 2> "$5/once.err"
echo $? > "$5/once.rc"' sh "$ip" "$mh" "$BENCHTOP" "$port" "$TMPD"
[ "$(cat "$TMPD/iperf.rc")" = 1 ] && [ "$(wc -l < "$TMPD/iperf.err")" = 1 ] &&
	grep -q '^benchtop iperf: libiperf.so.0 cannot be loaded (.*): install it to use iperf runs$' "$TMPD/iperf.err"
check $? "no libiperf: benchtop iperf says so in one sentence, exit 1"
diag "$(cat "$TMPD/iperf.err")"
[ "$(cat "$TMPD/m.rc")" = 1 ] && [ "$(wc -l < "$TMPD/m.err")" = 1 ] &&
	grep -q '^benchtop metrics: libmicrohttpd.so.12 cannot be loaded (.*): install it to use the metrics server$' "$TMPD/m.err"
check $? "no libmicrohttpd: benchtop metrics --listen says so in one sentence, exit 1"
diag "$(cat "$TMPD/m.err")"
[ "$(cat "$TMPD/once.rc")" = 0 ] && [ ! -s "$TMPD/once.err" ] &&
	grep -q '^CPU ' "$TMPD/once.out"
check $? "without either library --once runs as before"
"$BENCHTOP" metrics > "$TMPD/text" && grep -q '^benchtop_cpu_seconds_total\|^# TYPE' "$TMPD/text"
check $? "benchtop metrics (no server) needs no libmicrohttpd either way"

# libpci and libusb-1.0 unreadable: --once runs; its PCI section is the
# one sentence naming libpci, and the USB devices of the XU4 bed come from
# sysfs with the sentence naming libusb-1.0
pci=$(lib_of libpci.so.3)
usb=$(lib_of libusb-1.0.so.0)
if [ -z "$pci" ] || [ -z "$usb" ] || ! command -v "$UMOCKDEV_RUN" > /dev/null 2>&1; then
	skip "needs libpci, libusb-1.0 and umockdev-run"
	skip "needs libpci, libusb-1.0 and umockdev-run"
	exit 0
fi
unshare -m sh -c '
mount --bind /dev/null "$(readlink -f "$1")" &&
mount --bind /dev/null "$(readlink -f "$2")" || exit 99
"$3" --once -d 0.2 > "$4/nopci.out" 2> "$4/nopci.err"
echo $? > "$4/nopci.rc"
"$5" -d "$6/usb.umockdev" -- sh -c '"'"'cp -r "$0"/. "$UMOCKDEV_DIR"/ &&
	exec "$@"'"'"' "$6" "$3" --once -d 0.2 > "$4/nousb.out" 2> "$4/nousb.err"
echo $? > "$4/nousb.rc"' sh "$pci" "$usb" "$BENCHTOP" "$TMPD" \
	"$UMOCKDEV_RUN" "$TESTBEDS/odroid-xu4"
[ "$(cat "$TMPD/nopci.rc")" = 0 ] && [ ! -s "$TMPD/nopci.err" ] &&
	grep -A1 '^PCI$' "$TMPD/nopci.out" | grep -q '^  libpci\.so\.3 cannot be loaded (.*): install it to use the PCI scan$' &&
	grep -q '^CPU ' "$TMPD/nopci.out"
check $? "no libpci: --once runs, its PCI section is the one sentence"
diag "$(grep -A1 '^PCI$' "$TMPD/nopci.out")"
[ "$(cat "$TMPD/nousb.rc")" = 0 ] && [ ! -s "$TMPD/nousb.err" ] &&
	grep -q '^  error: libusb-1\.0\.so\.0 cannot be loaded (.*): install it to use the USB scan$' "$TMPD/nousb.out" &&
	grep -q '4-1 .*5000M' "$TMPD/nousb.out"
check $? "no libusb-1.0: --once lists the XU4's USB devices from sysfs and says so in one sentence"
diag "$(grep -B2 -A3 'error: libusb' "$TMPD/nousb.out")"
