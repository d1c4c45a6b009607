#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# iozone-sweep on the disk rig: every record size (4k..16M) and every
# operation within 3 % of what the throttle allows it, min(bps cap, IOPS
# cap x record / requests per record), reads under the read caps and
# writes under the write caps, all four drawn at random.  The caps are
# chosen so 4 KiB records are IOPS-bound and 16k and up bps-bound, and
# every pass lasts 6 s or more.  The throttle's slices (tests/rig/rig.sh)
# let a pass that starts its direction afresh (read, random write: the
# other direction ran before) or after a pass of the other cap (write 16k
# after the IOPS-bound 4k passes), and the rewrite (the write's fsync can
# outlast the write's last slice: over 4 s passes it showed 1.015-1.020
# of the cap) end 0-0.2 s early, by an amount that
# varies from run to run: it must lie in that range, rig_fresh; one that
# follows a pass in the same direction and of the same cap keeps the cap
# (measured: 0.98-1.03 of it).
# A request is at most the device's max_sectors_kb (124 KiB on zram): a
# larger record is split, and the IOPS throttle counts the pieces.
# Then the slice rules exactly (rig_iops_secs): 4k records alone under
# IOPS caps only, the file a whole number of write slices, passes of
# 0.8-1.1 s; a fresh pass gains one slice, the rewrite loses one to the
# write's fsync (its inode write is let through over the limit and
# charged), reread and random read keep the cap.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/rig/rig.sh"
rig_trap 'rm -rf "$TMPD"'
export BENCHTOP_NO_PROGRESS=1

# 6.0-6.5 s a 96 MiB pass at the bps cap; 4k at 85-92 % of it.
F=$((96 << 20))
RB=$(rig_rand 15600000 16700000)
WB=$(rig_rand 15600000 16700000)
RI=$(rig_rand $((RB * 85 / 100 / 4096)) $((RB * 92 / 100 / 4096)))
WI=$(rig_rand $((WB * 85 / 100 / 4096)) $((WB * 92 / 100 / 4096)))
rig_disk_up "$RB" "$WB" "$RI" "$WI" || { rig_skip_all "$RIG_WHY"; exit 0; }
plan 44
diag "rig: $RIG_DISK read $RB B/s $RI IOPS, write $WB B/s $WI IOPS; file $F"
MAXREQ=$(($(cat "/sys/block/$RIG_DISK/queue/max_sectors_kb") * 1024))

rig_run "$BENCHTOP" bench iozone-sweep --target "$RIG_MNT" --size "$F" \
	--json > "$TMPD/ioz.json"
check $? "iozone-sweep of a $F-byte file on $RIG_MNT"

# One line per figure: NAME VALUE (KB/s) SIZE (bytes moved) RECORD.
python3 - "$TMPD/ioz.json" > "$TMPD/figs" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
val = {f["name"]: f["value"] for f in d["figures"]}
ops = ["write", "rewrite", "read", "reread", "random read", "random write"]
for row in d["table"]["rows"]:
    rec = row[1] * 1024
    lab = "%dM" % (rec >> 20) if rec % (1 << 20) == 0 else "%dk" % (rec >> 10)
    size = d["details"]["file_bytes"] // rec * rec
    for op in ops:
        name = "%s %s" % (op, lab)
        print("%s|%s|%d|%d" % (name, val[name], size, rec))
PY
[ "$(wc -l < "$TMPD/figs")" -eq 36 ] || diag "$(cat "$TMPD/figs")"
prev_w=
while IFS='|' read -r name v size rec; do
	case $name in
	*write*) b=$WB i=$WI ;;
	*) b=$RB i=$RI ;;
	esac
	cap=$(awk -v b="$b" -v i="$i" -v r="$rec" -v m="$MAXREQ" 'BEGIN {
		n = int((r + m - 1) / m); c = i * r / n
		printf "%.3f %s\n", c < b ? c : b, c < b ? "iops" : "bps" }')
	kind=${cap#* } cap=${cap% *}
	case $name in
	"read "*|"random write "*|"rewrite "*) fresh=1 ;;
	"write "*) [ "$prev_w" = "$kind" ] && fresh= || fresh=1 ;;
	*) fresh= ;;
	esac
	case $name in *write*) prev_w=$kind ;; esac
	got=$(awk -v v="$v" 'BEGIN { printf "%.3f\n", v * 1024 }')
	kb=$(awk -v e="$cap" 'BEGIN { printf "%.0f", e / 1024 }')
	if [ -n "$fresh" ]; then
		rig_fresh "$got" "$size" "$cap"
		check $? "$name: $v KB/s, a fresh pass: $kb KB/s (the cap, $cap B/s) or up to two slices more"
	else
		rig_within "$got" "$cap"
		check $? "$name: $v KB/s, expected $kb KB/s (the cap, $cap B/s)"
	fi
done < "$TMPD/figs"

# The slice rules, exactly: no bps cap, 4k records only; a write IOPS
# cap of 2000-5000 (a multiple of 10, so a slice's budget is whole) and
# a file of A whole write slices (A = 8-11), so one slice is a ninth to
# a twelfth of a pass; a read cap that makes a read pass AR = 8-11
# slices, the last one part-used.
WI=$(($(rig_rand 200 500) * 10))
A=$(rig_rand 8 11)
N=$((A * WI / 10))
AR=$(rig_rand 8 11)
RI=$(((N + AR - 1) / AR * 10))
rig_disk_set 0 0 "$RI" "$WI"
mkdir -p "$TMPD/xdg/benchtop"
printf '[slices]\nkind = iozone\nfile_size = %dk\nrecords = 4k\n' \
	$((N * 4)) > "$TMPD/xdg/benchtop/presets.conf"
diag "slices: read $RI IOPS, write $WI IOPS, $N records of 4k ($A write slices)"
sleep 0.3
w0=$(rig_disk_wios)
rig_run env XDG_CONFIG_HOME="$TMPD/xdg" "$BENCHTOP" bench slices \
	--target "$RIG_MNT" --json > "$TMPD/slices.json"
check $? "iozone of $N 4k records on $RIG_MNT"
w1=$(rig_disk_wios)
# the three fsyncs' metadata writes (measured: one inode write each)
over=$(awk -v a="${w0:-0}" -v b="${w1:-0}" -v n="$N" \
	'BEGIN { printf "%.3f\n", (b - a - 3 * n) / 3 }')
dw=$((${w1:-0} - ${w0:-0}))
diag "write requests $dw for $((3 * N)) records: $over over them a fsync"
python3 - "$TMPD/slices.json" > "$TMPD/sfigs" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for f in d["figures"]:
    print("%s|%s" % (f["name"], f["value"]))
PY
while IFS='|' read -r name v; do
	case $name in
	"write "*|"random write "*) s=$(rig_iops_secs "$N" $((WI / 10))) ;;
	"rewrite "*) s=$(rig_iops_secs "$N" $((WI / 10)) "$N" "$over") ;;
	"read "*) s=$(rig_iops_secs "$N" $((RI / 10))) ;;
	"reread "*) s=$(rig_iops_secs "$N" $((RI / 10)) "$N" 0) ;;
	"random read "*) s=$(rig_iops_secs "$N" $((RI / 10)) $((2 * N)) 0) ;;
	*) continue ;;
	esac
	e=$(awk -v n="$N" -v s="$s" 'BEGIN { printf "%.3f\n", n * 4 / s }')
	rig_within "$v" "$e"
	check $? "$name: $v KB/s, expected $e KB/s ($s s by the slice rules)"
done < "$TMPD/sfigs"
