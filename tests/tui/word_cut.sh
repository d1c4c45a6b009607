#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# word_cut: a name longer than its column ends at a whole part of it and
# a '>' (README: "ends at a whole word and a '>'"), never mid-word: the
# RK3399's ff6d0000.dma-controller in the IRQ screen at 80x24 (issue 27
# item 15 saw "ff6d0000.dma-control>").
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 3
start 80 24 "$(live_cmd rk3399 '-d 0.5')"
wait_for '^DISK +READ/s' > /dev/null
keys i
wait_for '^35 .* ff6d0000\.dma>$'
check $? "IRQ 35's name ends at a whole part: ff6d0000.dma>"
! screen | grep -q 'dma-control>'
check $? "no name is cut mid-word (dma-control>)"
keys q
wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ]
check $? "q quits with status 0"
