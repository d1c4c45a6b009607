#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop metrics --results DIR` on a folder of two snapshots saved by two
# ordinary `benchtop experiment --snapshot DIR` runs (each has a journal
# and an experiment): the newer experiment is shown, once, and the
# program exits 0 (a stray json_decref freed the first experiment twice:
# a double free under ASan, garbage or a crash in a release build), also
# with the folder read again and again by the server.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/integration/metricslib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
[ "$(id -u)" = 0 ] || { echo "1..0 # SKIP the testbed's tunables need root (as benchtop set does)"; exit 0; }
plan 6
XDG_CONFIG_HOME=$TMPD/config
BENCHTOP_NO_PROGRESS=1
export XDG_CONFIG_HOME BENCHTOP_NO_PROGRESS
mkdir "$TMPD/disk" "$TMPD/snaps"

# experiment VARY: one experiment on the XU4 testbed (as experiment.sh),
# saved into the folder $TMPD/snaps.
experiment() {
	"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
		cp -r "$1/odroid-xu4/." "$UMOCKDEV_DIR/" &&
		cp -r "$1/odroid-xu4-tune/." "$UMOCKDEV_DIR/" || exit 99
		rm "$UMOCKDEV_DIR/proc/irq/150/effective_affinity_list"
		"$2" experiment --preset seq-direct --size 1M --target "$3" \
			--vary "$4" --repeat 1 --snapshot "$5"' sh "$TESTBEDS" \
		"$BENCHTOP" "$TMPD/disk" "$1" "$TMPD/snaps"
}
experiment irq:150=0-3,4-7 > /dev/null 2> "$TMPD/e1.err" &&
	sleep 1.1 &&
	experiment irq:150=4-7,0-3 > /dev/null 2> "$TMPD/e2.err"
st=$?
[ $st = 0 ] || diag "$(cat "$TMPD/e1.err" "$TMPD/e2.err")"
[ $st = 0 ] && [ "$(ls "$TMPD/snaps" | grep -c '\.json$')" -eq 2 ]
check $? "two experiments saved two snapshots into one folder"

"$BENCHTOP" metrics --no-io --results "$TMPD/snaps" > "$TMPD/out" 2> "$TMPD/err"
st=$?
[ $st = 0 ] || diag "exit $st:" "$(head -20 "$TMPD/err")"
check $st "benchtop metrics --results on that folder exits 0"
! grep -q "AddressSanitizer\|double-free\|heap-use-after-free" "$TMPD/err"
check $? "no use after free or double free reported"
grep -qx 'benchtop_results_files{state="read"} 2' "$TMPD/out"
check $? "both snapshots are read"
# The newer experiment varied 4-7 first: its variant A is irq:150=4-7.
grep -q '^benchtop_experiment_median_bytes_per_second{.*variant="A",label="irq:150=4-7"}' "$TMPD/out" &&
	! grep -q '^benchtop_experiment_median_[a-z_]*{.*variant="A",label="irq:150=0-3"}' "$TMPD/out"
check $? "the newer experiment's variants are shown, not the older's"

# The server reads the folder at every refresh: many refreshes, one process.
P=$(free_port)
"$BENCHTOP" metrics --no-io --min-interval 0 --results "$TMPD/snaps" \
	--listen "127.0.0.1:$P" 2> "$TMPD/srv.err" & SPID=$!
trap 'kill $SPID 2> /dev/null; rm -rf "$TMPD"' EXIT
wait_http "http://127.0.0.1:$P/metrics" 20
python3 - "$P" <<'PY'
import sys, urllib.request
for i in range(20):
    body = urllib.request.urlopen("http://127.0.0.1:%s/metrics" % sys.argv[1], timeout=20).read()
    assert b'label="irq:150=4-7"' in body
PY
st=$?
kill "$SPID"; wait "$SPID"
[ $st = 0 ] && [ $? = 0 ] && ! grep -q "AddressSanitizer" "$TMPD/srv.err"
st=$?
[ $st = 0 ] || diag "$(head -20 "$TMPD/srv.err")"
check $st "20 refreshes of the served metrics: each shows the newer experiment, the server exits 0 on SIGTERM"
