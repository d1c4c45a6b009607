#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The rigs' arithmetic, which every rig test's expected figure comes from
# (tests/rig/rig.sh): the fresh-pass range of rig_fresh, the slice times
# of rig_iops_secs and the live window of rig_window_rate, on figures
# worked by hand from the slice rules.  Needs no rig.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/rig/rig.sh"
plan 12

# A 96 MiB pass at 16,000,000 B/s: 6.291 s; two slices early, 6.091 s,
# shows 16,525,389 B/s; the band is 3 % below the cap to 3 % above that.
B=$((96 << 20))
rig_fresh 15520001 "$B" 16000000
check $? "rig_fresh: 0.970 of the cap is in"
rig_fresh 15519000 "$B" 16000000 > /dev/null
check $(( $? == 0 )) "rig_fresh: 0.96994 of the cap is out"
rig_fresh 17021000 "$B" 16000000
check $? "rig_fresh: two slices early and 3 % more (17,021,150) is in"
out=$(rig_fresh 17022000 "$B" 16000000)
check $(( $? == 0 )) "rig_fresh: 17,022,000 is out"
case $out in *"1.0639 of the cap"*"0.9700-1.0638"*) r=0 ;; *) r=1 ;; esac
check $r "rig_fresh says where the figure fell and the band: ${out#\# }"
rig_fresh "" "$B" 16000000 > /dev/null
check $(( $? == 0 )) "rig_fresh: no figure is a failure"
rig_fresh 15360 1000 16000 2 > /dev/null
check $(( $? == 0 )) "rig_fresh: PCT narrows the band (0.96 out at 2 %)"

# 2816 requests, 352 a slice: a fresh pass's last burst at the start of
# slice 7 (0.7 s); after 2816 on the same slice and one over the limit,
# ceil(5633/352) - ceil(2816/352) = 17 - 8 slices (0.9 s); with none
# over, 16 - 8 (0.8 s).
[ "$(rig_iops_secs 2816 352)" = 0.700000 ]
check $? "rig_iops_secs: a fresh pass of 8 budgets ends at 0.7 s"
[ "$(rig_iops_secs 2816 352 2816 1)" = 0.900000 ]
check $? "rig_iops_secs: one over the limit costs a slice (0.9 s)"
[ "$(rig_iops_secs 2816 352 2816 0)" = 0.800000 ]
check $? "rig_iops_secs: none over, 0.8 s"
[ "$(rig_iops_secs 2380 238 4760 0)" = 1.000000 ]
check $? "rig_iops_secs: a pass on a part-used slice (2380 after 4760, 238 a slice)"

# a 5 s window holds 50 or 51 steps: the middle is 1 % over the rate
[ "$(rig_window_rate 1000 5)" = 1010.000000 ]
check $? "rig_window_rate: 5 s at 1000/s shows 1010"
