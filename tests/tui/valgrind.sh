#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Valgrind memcheck over the live screen and --once on the board testbeds,
# so a read of uninitialised memory (the USB hint of the HC1 at 480M once
# printed an unset buffer) is caught.  Needs a build without ASan (valgrind
# and ASan cannot share a process): tests/run-all.sh runs this test in a
# plain build; an ASan build skips it.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v valgrind > /dev/null || { echo "1..0 # SKIP valgrind missing"; exit 0; }
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
if ldd "$BENCHTOP" 2> /dev/null | grep -q 'lib[at]san'; then
	echo "1..0 # SKIP an ASan build (tests/run-all.sh runs this in a plain build)"
	exit 0
fi
plan 12

# The binary under memcheck: an error is exit status 99, the log says where.
REAL=$BENCHTOP
cat > "$TMPD/vg" <<EOF
#!/bin/sh
exec valgrind -q --error-exitcode=99 --track-origins=yes \
	--log-file="$TMPD/vg.%p.log" "$REAL" "\$@"
EOF
chmod +x "$TMPD/vg"
BENCHTOP=$TMPD/vg

vg_clean() {
	_st=0
	for _f in "$TMPD"/vg.*.log; do
		[ -s "$_f" ] || continue
		diag "$(head -30 "$_f")"
		_st=1
	done
	rm -f "$TMPD"/vg.*.log
	return $_st
}

# The live screen on the HC1 (its USB 3 disk at 480M on usb-storage): the
# hint names the bridge, in English and in German.
start 80 24 "$(bed_cmd odroid-hc1-480m '-d 1')"
wait_for 'USB 3-1 \(ASMedia ASM1051E' 60
check $? "hc1: the UAS hint names the bridge (ASMedia ASM1051E...)"
# The USB screen's rows and a device's chain, with its link's verdicts.
keys d
wait_for '^  3-1 +174c:55aa +480M/5000M +usb-storage +sda ' 60
check $? "hc1: the USB screen names sda on 3-1"
keys j Enter
wait_for '^       ! SuperSpeed device negotiated at 480M' 60
check $? "hc1: Enter on 5-1: eth0's chain with its verdict"
keys q
wait_exit 30 && [ "$(cat "$TMPD/status")" = 0 ]
check $? "hc1: q quits with status 0 under memcheck"
vg_clean
check $? "hc1: memcheck found no error on the live screen"

utf8=
for l in C.UTF-8 C.utf8; do
	[ "$(LC_ALL=$l locale charmap 2> /dev/null)" = UTF-8 ] && utf8=$l && break
done
if command -v msgfmt > /dev/null && [ -n "$utf8" ]; then
	mkdir -p "$TMPD/locale/de/LC_MESSAGES"
	msgfmt -o "$TMPD/locale/de/LC_MESSAGES/benchtop.mo" \
		"$top_srcdir/po/de.po"
	start 80 24 "export BENCHTOP_LOCALEDIR='$TMPD/locale' LANGUAGE=de; $(bed_cmd odroid-hc1-480m '-d 1')"
	wait_for 'USB 3-1 \(ASMedia ASM1051E.* kann UAS' 60
	check $? "hc1 in German: the hint names the bridge"
	keys q
	wait_exit 30
	vg_clean
	check $? "hc1 in German: memcheck found no error"
else
	skip "msgfmt or a UTF-8 locale missing"
	skip "msgfmt or a UTF-8 locale missing"
fi

# --once on every board testbed.
for bed in odroid-xu4 odroid-hc1-480m rk3399 x86-vm odroid-xu4-tune; do
	_d=""
	[ -f "$TESTBEDS/$bed/usb.umockdev" ] && _d="$TESTBEDS/$bed/usb.umockdev"
	if [ -n "$_d" ]; then
		"$UMOCKDEV_RUN" -d "$_d" -- sh -c \
			'cp -r "$0"/. "$UMOCKDEV_DIR"/ && exec "$@"' \
			"$TESTBEDS/$bed" "$BENCHTOP" --once > "$TMPD/out" 2>&1
	else
		in_testbed "$bed" "$BENCHTOP" --once > "$TMPD/out" 2>&1
	fi
	st=$?
	vg_clean && [ $st -ne 99 ]
	check $? "$bed: --once has no memcheck error (exit $st)"
done
