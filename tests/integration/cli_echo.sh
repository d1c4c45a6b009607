#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Words of the command line that come back in a sentence are cleaned of
# control, OSC and bidi characters: `set scheduler DISK=...` (the disk's
# name is the sentence's label) and `bench PRESET --target FOLDER` (the
# run's error names the folder) print '?' for ESC, BEL and U+202E.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 2
E=$(printf 'x\033]0;T\007y\342\200\256z')
# raw FILE: 0 when FILE holds an ESC, a BEL or U+202E
raw() { LC_ALL=C grep -q "$(printf '\033')\|$(printf '\007')\|$(printf '\342\200\256')" "$1"; }
"$BENCHTOP" set scheduler "$E=bfq" > "$TMPD/set" 2>&1
! raw "$TMPD/set" && grep -q '^benchtop set: x?\]0;T?y?z: ' "$TMPD/set"
st=$?; [ $st = 0 ] || diag "$(cat -v "$TMPD/set")"
check $st "set scheduler with ESC, OSC and U+202E in the disk's name: the sentence shows '?' for them"
"$BENCHTOP" bench seq-direct --target "$E" > "$TMPD/bench" 2>&1
! raw "$TMPD/bench" && grep -q 'x?\]0;T?y?z' "$TMPD/bench"
st=$?; [ $st = 0 ] || diag "$(cat -v "$TMPD/bench")"
check $st "bench --target with ESC, OSC and U+202E: the error shows '?' for them"
