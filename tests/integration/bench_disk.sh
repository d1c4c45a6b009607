#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Disk presets on a loop-mounted ext4 made here: seq-direct, iozone-sweep,
# bonnie-style and read-timing work; ramfs refuses O_DIRECT in a sentence;
# a nearly full filesystem, cancel, SIGKILL of the child and the watchdog
# end cleanly with nothing left on disk and no process.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
if [ "$(id -u)" -ne 0 ] || ! command -v mkfs.ext4 > /dev/null ||
   ! command -v losetup > /dev/null; then
	echo "1..0 # SKIP needs root, mkfs.ext4 and losetup"; exit 0
fi
MNT="$TMPD/mnt" RF="$TMPD/ramfs" LOOP=""
cleanup() {
	[ -n "${BPID:-}" ] && kill -KILL "$BPID" 2> /dev/null
	mountpoint -q "$RF" && umount "$RF"
	mountpoint -q "$MNT" && umount "$MNT"
	[ -n "$LOOP" ] && losetup -d "$LOOP"
	rm -rf "$TMPD"
}
trap cleanup EXIT
# A signal (also a closed pipe or a dropped SSH link) exits, and the exit
# cleans up: the loop device and its mount do not outlive the test.
trap 'exit 1' INT TERM HUP PIPE
mkdir -p "$MNT" "$RF" "$TMPD/xdg/benchtop"
dd if=/dev/zero of="$TMPD/img" bs=1M count=96 status=none
mkfs.ext4 -q -m 0 "$TMPD/img"
LOOP=$(losetup -f --show "$TMPD/img") && mount "$LOOP" "$MNT" || {
	echo "1..0 # SKIP no loop device here"; exit 0; }
# A slow preset for cancel, SIGKILL and the watchdog: seeks that would
# take many minutes.
cat > "$TMPD/xdg/benchtop/presets.conf" <<'CONF'
[slow]
kind = bonnie
size = 8M
block = 1M
seeks = 50000000
timeout = 600
[slow-bound]
kind = bonnie
size = 8M
block = 1M
seeks = 50000000
timeout = 1
CONF
export XDG_CONFIG_HOME="$TMPD/xdg" BENCHTOP_NO_PROGRESS=1
used() { sync; df --output=used "$MNT" | tail -1; }
files() { ls -A "$MNT" | grep -v '^lost+found$'; }
# MiB of the image that are not zeros (the loop device has no direct I/O,
# so the image file shows what the filesystem wrote).
nonzero_mib() {
	sync
	python3 -c 'import sys
f = open(sys.argv[1], "rb"); z = bytes(65536); n = 0
while True:
    b = f.read(65536)
    if not b:
        break
    n += b != z[:len(b)]
print(n // 16)' "$TMPD/img"
}
plan 35
base=$(used)
nz0=$(nonzero_mib)

"$BENCHTOP" bench seq-direct --target "$MNT" --size 16M --json > "$TMPD/seq.json"
check $? "seq-direct 16 MiB on ext4 runs"
nz1=$(nonzero_mib)
[ "$nz1" -lt $((nz0 + 4)) ]
check $? "seq-direct writes zeros, as dd if=/dev/zero does (non-zero MiB of the image: $nz0 before, $nz1 after)"
json "$TMPD/seq.json" '0 < d["details"]["write_io_s"] <= d["details"]["write_s"]'
check $? "the time inside the writes is in the details, within the write time"
json "$TMPD/seq.json" 'd["status"] == "ok" and [f["name"] for f in d["figures"]] == ["write", "read"] and all(f["value"] > 0 and f["unit"] == "MB/s" for f in d["figures"])'
check $? "seq-direct gives write and read in MB/s"
json "$TMPD/seq.json" 'd["details"]["io"] == "O_DIRECT" and d["details"]["bytes"] == 16 << 20 and d["details"]["block_bytes"] == 8 << 20'
check $? "O_DIRECT, 16 MiB in 8 MiB blocks"
c='d["conditions"]'
json "$TMPD/seq.json" "$c[\"target\"][\"fstype\"] == \"ext4\" and $c[\"target\"][\"disk\"] == \"$(basename "$LOOP")\" and $c[\"target\"][\"mountpoint\"] == \"$MNT\""
check $? "the result's conditions name the filesystem and the disk"
json "$TMPD/seq.json" "$c[\"kernel\"] == \"$(uname -r)\" and 'T' in $c[\"time_start\"] and 'T' in $c[\"time_end\"] and $c[\"duration_s\"] >= 0 and isinstance($c[\"throttled\"], bool) and 'temperature_max_c' in $c and 'clusters_start' in $c and 'clusters_end' in $c and 'irqs' in $c[\"target\"] and 'usb' in $c[\"target\"]"
check $? "conditions: kernel, times, clusters, temperature, throttling, IRQs, USB"

"$BENCHTOP" bench iozone-sweep --target "$MNT" --size 4M --json > "$TMPD/ioz.json"
check $? "iozone-sweep on a 4 MiB file runs"
json "$TMPD/ioz.json" 'd["table"]["columns"] == ["kB", "reclen", "write", "rewrite", "read", "reread", "random read", "random write"] and [r[1] for r in d["table"]["rows"]] == [4, 16, 32, 512, 1024] and all(r[0] == 4096 and all(v > 0 for v in r[2:]) for r in d["table"]["rows"])'
check $? "iozone table: record sizes 4k..1M (16M skipped: larger than the file), six figures each in KB/s"
"$BENCHTOP" bench iozone-sweep --target "$MNT" --size 4M > "$TMPD/ioz.txt"
grep -Eq '^ +kB +reclen +write +rewrite +read +reread +read +write$' "$TMPD/ioz.txt" &&
	grep -Eq '^ +4096 +512( +[0-9]+){6}$' "$TMPD/ioz.txt"
check $? "the text table is shaped like iozone's"

"$BENCHTOP" bench bonnie-style --target "$MNT" --size 8M --json > "$TMPD/bon.json"
check $? "bonnie-style runs"
json "$TMPD/bon.json" '[f["name"] for f in d["figures"]][:4] == ["block write", "rewrite", "block read", "random seeks"] and all(f["value"] > 0 for f in d["figures"][:4]) and len([f for f in d["figures"] if f["unit"] == "ms"]) == 4'
check $? "bonnie-style: block write, rewrite, block read, seeks/s and four latencies"
NCPU=$(getconf _NPROCESSORS_ONLN)
json "$TMPD/bon.json" '(lambda v: all(v[p + " %CP"]["unit"] == "%" and 0 <= v[p + " %CP"]["value"] <= 100 * '"$NCPU"' for p in ("block write", "rewrite", "block read", "random seeks", "putc", "getc")) and v["putc"]["value"] > 0 and v["getc"]["value"] > 0 and v["putc"]["unit"] == "KB/s")({f["name"]: f for f in d["figures"]}) and d["details"]["char_bytes"] == 8 << 20'
[ $? -eq 0 ] && valid "$TMPD/bon.json"
check $? "bonnie-style: putc, getc (8 MiB) and %CP of all six phases in 0-$((100 * NCPU)) % (schema-valid)"
"$BENCHTOP" report "$TMPD/bon.json" > "$TMPD/bon.md"
grep -q '^| putc K/sec | %CP | block write K/sec | %CP |' "$TMPD/bon.md" &&
	grep -A2 '^| putc K/sec' "$TMPD/bon.md" | tail -1 | grep -Eq '^(\| [0-9]+ ){12}\|$'
check $? "report: bonnie++'s line, each rate with its %CP"
[ "$(used)" = "$base" ] && [ -z "$(files)" ]
check $? "nothing left on the filesystem after the runs"

"$BENCHTOP" bench read-timing --target "$LOOP" --json > "$TMPD/rt.json"
check $? "read-timing on $LOOP runs"
json "$TMPD/rt.json" '[f["name"] for f in d["figures"]] == ["cached reads", "buffered disk reads", "O_DIRECT disk reads"] and all(f["value"] > 0 and f["unit"] == "MiB/s" for f in d["figures"])'
check $? "read-timing gives cached, buffered and O_DIRECT reads"

# read-timing on a folder: the device it lives on, said and used; a
# folder on a filesystem without a device is told it needs one.
"$BENCHTOP" bench read-timing --target "$MNT" --json > "$TMPD/rtd.json" 2> "$TMPD/rtd.err"
[ $? -eq 0 ] && grep -q "^benchtop bench: $MNT lives on $LOOP: timing reads of $LOOP\$" "$TMPD/rtd.err" &&
	json "$TMPD/rtd.json" "d[\"target\"] == \"$LOOP\" and len(d[\"figures\"]) == 3"
check $? "read-timing on the folder $MNT: runs on $LOOP and says so"
mount -t ramfs none "$RF"
"$BENCHTOP" bench read-timing --target "$RF" > /dev/null 2> "$TMPD/rtr.err"
[ $? -eq 1 ] && grep -q "^benchtop bench: $RF is on a filesystem without a block device (device 0:[0-9]*): read-timing needs a disk or partition, such as /dev/sda\$" "$TMPD/rtr.err"
check $? "read-timing on a ramfs folder: it needs a device, in one sentence"
umount "$RF"

"$BENCHTOP" bench seq-direct --target "$LOOP" 2> "$TMPD/raw.err"
[ $? -eq 1 ] && grep -q "never a raw device" "$TMPD/raw.err"
check $? "a write preset refuses a block device"

mount -t ramfs none "$RF"
"$BENCHTOP" bench seq-direct --target "$RF" --size 4M 2> "$TMPD/rf.err"
[ $? -eq 1 ] && grep -q "the filesystem at $RF (ramfs) does not support O_DIRECT; choose a folder on a disk, or a buffered-with-fsync preset" "$TMPD/rf.err" && [ -z "$(ls -A "$RF")" ]
check $? "ramfs: the O_DIRECT sentence, no silent fallback, nothing left"
"$BENCHTOP" bench seq-buffered-fsync --target "$RF" --size 4M --json > "$TMPD/rfb.json"
[ $? -eq 0 ] && json "$TMPD/rfb.json" 'd["details"]["io"] == "buffered+fsync"' && [ -z "$(ls -A "$RF")" ]
check $? "the buffered-with-fsync preset runs there, labelled as such"

avail=$(df --output=avail -B1 "$MNT" | tail -1)
fallocate -l $((avail - 3 * 1048576)) "$MNT/filler"
full=$(used)
"$BENCHTOP" bench seq-direct --target "$MNT" --size 16M 2> "$TMPD/full.err"
[ $? -eq 1 ] && grep -q "not enough free space in $MNT: . MiB free, the run needs 16 MiB (it would end in ENOSPC)" "$TMPD/full.err"
check $? "a nearly full filesystem: the ENOSPC sentence"
[ "$(used)" = "$full" ] && [ "$(files)" = "filler" ]
check $? "... and nothing left"
rm -f "$MNT/filler"

# wait_file PID: until the child of PID holds a file on the mount.
wait_file() {
	_n=100
	while [ $_n -gt 0 ]; do
		CPID=$(ps -o pid= --ppid "$1" | tr -d ' ' | head -1)
		[ -n "$CPID" ] && ls -l "/proc/$CPID/fd" 2> /dev/null |
			grep -q -- "$MNT/" && return 0
		sleep 0.1
		_n=$((_n - 1))
	done
	return 1
}
gone() { ! kill -0 "$1" 2> /dev/null; }

"$BENCHTOP" bench slow --target "$MNT" --json > "$TMPD/cancel.json" 2> "$TMPD/cancel.err" & BPID=$!
wait_file "$BPID"
check $? "a slow run holds its (nameless) file"
[ -z "$(files)" ]
check $? "the file has no name while the run goes on"
kill -INT "$BPID"; wait "$BPID"; st=$?
[ $st -eq 130 ] && grep -q "slow: cancelled" "$TMPD/cancel.err"
check $? "Ctrl-C cancels the run (status 130, 'cancelled')"
gone "$CPID" && [ "$(used)" = "$base" ] && [ -z "$(files)" ] &&
	! lsof -w "$MNT" > /dev/null 2>&1
check $? "after cancel: no process, no file, nothing open on the mount"

"$BENCHTOP" bench slow --target "$MNT" --json > "$TMPD/kill.json" 2> "$TMPD/kill.err" & BPID=$!
wait_file "$BPID"
kill -KILL "$CPID"; wait "$BPID"; st=$?
[ $st -eq 1 ] && grep -q "ended by signal 9" "$TMPD/kill.err"
check $? "SIGKILL of the child: the run fails in one sentence"
gone "$CPID" && [ "$(used)" = "$base" ] && [ -z "$(files)" ]
check $? "after SIGKILL: no process, no file"

"$BENCHTOP" bench slow-bound --target "$MNT" --json > "$TMPD/wd.json" 2> "$TMPD/wd.err"
[ $? -eq 1 ] && grep -q "took longer than its bound of 1 s" "$TMPD/wd.err" &&
	json "$TMPD/wd.json" 'd["status"] == "timeout" and d["conditions"]["target"]["fstype"] == "ext4"'
check $? "the watchdog ends a run past its bound; the JSON says timeout"
[ "$(used)" = "$base" ] && [ -z "$(files)" ]
check $? "after the watchdog: no file"
BPID=""

"$BENCHTOP" bench nosuch --target "$MNT" 2> "$TMPD/bad.err"
[ $? -eq 2 ] && grep -q "no preset is named 'nosuch'" "$TMPD/bad.err"
check $? "an unknown preset: exit 2 and a sentence"
"$BENCHTOP" bench seq-direct 2> /dev/null
[ $? -eq 2 ]
check $? "no --target: exit 2"
valid "$TMPD/seq.json" "$TMPD/ioz.json" "$TMPD/bon.json" "$TMPD/rt.json" "$TMPD/wd.json" "$TMPD/cancel.json" "$TMPD/kill.json" "$TMPD/rfb.json" &&
	json "$TMPD/cancel.json" 'd["status"] == "cancelled"' && json "$TMPD/kill.json" 'd["status"] == "failed"'
check $? "every bench --json document validates against doc/schema/result.json (ok, timeout, cancelled, failed; O_DIRECT and buffered)"
