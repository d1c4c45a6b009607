#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Text that reaches the terminal: an IRQ name holding bidi overrides and
# isolates (U+202E, U+2066, U+2069) is drawn with '?' in their place; the
# screen's own symbols fall back to ASCII under LANG=C (the temperature's
# degree sign); an unknown option holding ESC is echoed without it.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 8
BED=$TMPD/bed
cp -r "$TESTBEDS/odroid-xu4" "$BED"
python3 - "$BED/proc/interrupts" <<'PY'
import sys
p = sys.argv[1]
s = open(p, encoding="utf-8").read()
s = s.replace("xhci-hcd:usb5", "xhci\u202edcsu\u2066:\u2069usb5")
open(p, "w", encoding="utf-8").write(s)
PY
cmd="'$UMOCKDEV_RUN' -d '$BED/usb.umockdev' -- sh -c 'cp -r \"$BED\"/. \"\$UMOCKDEV_DIR\"/ && exec \"$BENCHTOP\" -d 0.5'"

start 100 30 "$cmd"
wait_for '^IRQ +RATE/s'
screen | grep -q '^151 .*xhci?dcsu?:?usb5'
check $? "UTF-8: the IRQ name's bidi characters are drawn as '?'"
! screen | grep -q "$(printf '\342\200\256')"
check $? "and no U+202E reaches the screen"
screen | grep -q '31\.0°C'
check $? "UTF-8: the temperature reads 31.0°C"
keys q

start 100 30 "LANG=C LC_ALL=C TERM=vt100 NO_COLOR=1 $cmd"
wait_for '^IRQ +RATE/s' > /dev/null
sleep 1
screen | grep -q ' 31\.0 C$'
check $? "LANG=C: the temperature reads '31.0 C' (was '31.0??C')"
! screen | LC_ALL=C grep -q '[^ -~]'
check $? "LANG=C: every character on the screen is ASCII"
keys q

"$BENCHTOP" "$(printf -- '--\033[2J\342\200\256x')" 2> "$TMPD/opt.err"
[ $? -eq 2 ] && ! LC_ALL=C grep -q "$(printf '\033')" "$TMPD/opt.err" &&
	grep -q "unknown option '--?\[2J?x'" "$TMPD/opt.err"
check $? "an unknown option is echoed with ESC and U+202E as '?'"

"$UMOCKDEV_RUN" -d "$BED/usb.umockdev" -- sh -c 'cp -r "$0"/. "$UMOCKDEV_DIR"/ && exec "$1" --once' "$BED" "$BENCHTOP" > "$TMPD/once.txt" 2> /dev/null
grep -q 'xhci?dcsu?:?usb5' "$TMPD/once.txt" && ! grep -q "$(printf '\342\200\256')" "$TMPD/once.txt"
check $? "--once: the same IRQ name with '?' for each bidi character"

# CPU ids of 100 and up in the IRQ screen's header: one blank between.
cp -r "$TESTBEDS/odroid-xu4" "$TMPD/wide"
sed -i '1s/CPU\([0-7]\)/CPU60\1/g' "$TMPD/wide/proc/interrupts"
start 80 24 "'$UMOCKDEV_RUN' -d '$TMPD/wide/usb.umockdev' -- sh -c 'cp -r \"$TMPD/wide\"/. \"\$UMOCKDEV_DIR\"/ && exec \"$BENCHTOP\" -d 0.5'"
wait_for '^IRQ +RATE/s' > /dev/null
keys i
wait_for '^IRQ +TOTAL/s +C600 +C601 +C602 +C603 +C604 +C605 +C606 +C607 '
check $? "IRQ screen: CPU ids 600-607 are separate columns (was CPU600CPU601...)"
keys q
