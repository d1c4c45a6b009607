#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop metrics --listen` gzips /metrics for a client whose
# Accept-Encoding takes it (curl --compressed, Prometheus), on this
# machine and on the XU4 testbed with --with-node-figures: the headers
# say so (Content-Encoding, Vary), the gunzipped body holds the same
# series as the plain one, gzip;q=0 and errors stay plain, without zlib
# (unreadable: root only) every answer is plain, a burst of 50 gzip
# scrapes compresses once per reading (the server's own counter), and a
# real Prometheus scrapes both (up == 1, every sample of the plain body).
# Every server runs on 127.0.0.1 on ports picked now.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/integration/metricslib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null 2>&1 || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
command -v curl > /dev/null 2>&1 || { echo "1..0 # SKIP curl missing"; exit 0; }
command -v prometheus > /dev/null 2>&1 || { echo "1..0 # SKIP prometheus missing (Debian package prometheus)"; exit 0; }
plan 15

stop_all() {
	for f in "$TMPD/host.pid" "$TMPD/xu4.pid" "$TMPD/nz.pid" "$TMPD/prom.pid" "$TMPD/burst.pid"; do
		[ -s "$f" ] && kill "$(cat "$f")" 2> /dev/null
	done
	for f in "$TMPD/host.pid" "$TMPD/xu4.pid" "$TMPD/nz.pid" "$TMPD/prom.pid" "$TMPD/burst.pid"; do
		[ -s "$f" ] || continue
		i=0
		while kill -0 "$(cat "$f")" 2> /dev/null && [ $i -lt 50 ]; do
			sleep 0.1; i=$((i + 1))
		done
		kill -9 "$(cat "$f")" 2> /dev/null
	done
	wait 2> /dev/null
	rm -rf "$TMPD"
}
trap stop_all EXIT

HP=$(free_port)
XP=$(free_port)
while [ "$XP" = "$HP" ]; do XP=$(free_port); done
PP=$(free_port)
while [ "$PP" = "$HP" ] || [ "$PP" = "$XP" ]; do PP=$(free_port); done
ZP=$(free_port)
while [ "$ZP" = "$HP" ] || [ "$ZP" = "$XP" ] || [ "$ZP" = "$PP" ]; do ZP=$(free_port); done

# A long minimum interval: every scrape of a server shows one reading.
sh -c 'echo $$ > "$0"; exec "$@"' "$TMPD/host.pid" \
	"$BENCHTOP" metrics --listen "127.0.0.1:$HP" --min-interval 600 \
	> "$TMPD/host.out" 2>&1 &
on_bed odroid-xu4 sh -c 'echo $$ > "$0"; exec "$@"' "$TMPD/xu4.pid" \
	"$BENCHTOP" metrics --listen "127.0.0.1:$XP" --with-node-figures \
	--min-interval 600 > "$TMPD/xu4.out" 2>&1 &
wait_http "http://127.0.0.1:$HP/metrics" 30 &&
	wait_http "http://127.0.0.1:$XP/metrics" 30
check $? "benchtop metrics --listen answers on this machine and on the XU4 testbed"

# get NAME PORT [CURL-ARGS...]: NAME.h (headers, lower case), NAME.b (body
# as sent) of GET /metrics.
get() {
	_n=$1 _p=$2; shift 2
	curl -sS --max-time 20 -D "$TMPD/$_n.raw" -o "$TMPD/$_n.b" "$@" \
		"http://127.0.0.1:$_p/metrics" 2> "$TMPD/$_n.err"
	_rc=$?
	tr -d '\r' < "$TMPD/$_n.raw" | tr 'A-Z' 'a-z' > "$TMPD/$_n.h"
	return $_rc
}
# has NAME LINE / hasnt NAME PATTERN: a header line is (is not) there.
has() { grep -qx "$2" "$TMPD/$1.h"; }
hasnt() { ! grep -q "$2" "$TMPD/$1.h"; }
# gz FILE: FILE starts with gzip's magic (1f 8b).
gz() { [ "$(od -An -tx1 -N2 "$1" | tr -d ' ')" = 1f8b ]; }
# same A B: the two exposition files hold the same lines once the values
# (and timestamps) of the samples are cut off.
same() {
	python3 - "$1" "$2" <<'PY'
import sys
def series(p):
    out = []
    for l in open(p, encoding="utf-8").read().splitlines():
        out.append(l if l.startswith("#") else l.rsplit("}", 1)[0] if "}" in l else l.split(" ")[0])
    return out
a, b = series(sys.argv[1]), series(sys.argv[2])
if a != b or len(a) < 20:
    print("# %d vs %d lines; first difference: %s" % (len(a), len(b),
          next(((x, y) for x, y in zip(a, b) if x != y), None)))
    sys.exit(1)
PY
}

get hplain "$HP" && has hplain 'vary: accept, accept-encoding' &&
	hasnt hplain '^content-encoding' && head -c 6 "$TMPD/hplain.b" | grep -qx '# HELP'
check $? "without Accept-Encoding: plain text, Vary: Accept, Accept-Encoding"
get hgz "$HP" -H 'Accept-Encoding: gzip' && has hgz 'content-encoding: gzip' &&
	has hgz 'vary: accept, accept-encoding' && gz "$TMPD/hgz.b" &&
	has hgz "content-length: $(wc -c < "$TMPD/hgz.b" | tr -d ' ')"
check $? "Accept-Encoding: gzip: Content-Encoding: gzip, a gzip body of the length said"
gunzip -c < "$TMPD/hgz.b" > "$TMPD/hgz.u" 2> "$TMPD/gunzip.err" &&
	same "$TMPD/hplain.b" "$TMPD/hgz.u"
check $? "gunzipped, it holds the series of the plain answer, line for line"
get hcurl "$HP" --compressed && has hcurl 'content-encoding: gzip' &&
	same "$TMPD/hplain.b" "$TMPD/hcurl.b"
check $? "curl --compressed gets it gzip'ed and decodes it to the same series"
st=0
for v in 'GZIP' 'br, gzip;q=0.5' 'identity;q=0.1, *'; do
	get hv "$HP" -H "Accept-Encoding: $v" && has hv 'content-encoding: gzip' &&
		gz "$TMPD/hv.b" || { diag "'$v': $(cat "$TMPD/hv.h")"; st=1; }
done
check $st "upper case, a weight, a star: gzip"
st=0
for v in 'gzip;q=0' 'identity' 'gzip;q=0, *' 'gzip;q=nonsense' ''; do
	get hv "$HP" -H "Accept-Encoding: $v" && hasnt hv '^content-encoding' &&
		same "$TMPD/hplain.b" "$TMPD/hv.b" || { diag "'$v': $(cat "$TMPD/hv.h")"; st=1; }
done
check $st "gzip;q=0, identity, a refused gzip beside *, a bad weight, empty: plain"
get hom "$HP" -H 'Accept-Encoding: gzip' -H 'Accept: application/openmetrics-text; version=1.0.0' &&
	has hom 'content-encoding: gzip' &&
	grep -q '^content-type: application/openmetrics-text' "$TMPD/hom.h" &&
	[ "$(gunzip -c < "$TMPD/hom.b" | tail -n 1)" = '# EOF' ]
check $? "OpenMetrics asked for with gzip: both (ends in # EOF once gunzipped)"
curl -sS --max-time 20 -I -H 'Accept-Encoding: gzip' "http://127.0.0.1:$HP/metrics" |
	tr -d '\r' | tr 'A-Z' 'a-z' > "$TMPD/head.h" &&
	has head 'content-encoding: gzip' && has head "$(grep '^content-length' "$TMPD/hgz.h")"
check $? "HEAD with gzip: the headers of the gzip'ed GET, no body"
curl -sS --max-time 20 -D "$TMPD/nf.raw" -o "$TMPD/nf.b" -H 'Accept-Encoding: gzip' \
	"http://127.0.0.1:$HP/nothing" && tr -d '\r' < "$TMPD/nf.raw" | tr 'A-Z' 'a-z' > "$TMPD/nf.h" &&
	grep -q '^http/1.1 404' "$TMPD/nf.h" && hasnt nf '^content-encoding' &&
	hasnt nf '^vary' && grep -q 'metrics are at /metrics' "$TMPD/nf.b"
check $? "a 404 asked for with gzip stays plain text"

get xplain "$XP" && get xgz "$XP" -H 'Accept-Encoding: gzip' &&
	has xgz 'content-encoding: gzip' && gunzip -c < "$TMPD/xgz.b" > "$TMPD/xgz.u" &&
	same "$TMPD/xplain.b" "$TMPD/xgz.u"
check $? "XU4 testbed, --with-node-figures: gzip'ed, the same series once gunzipped"
# zlib unreadable (a private mount namespace puts /dev/null over it, as
# dlopen_libs.sh does): the server runs and answers gzip askers plainly.
zl=$(ldconfig -p | awk '$1 == "libz.so.1" && /x86-64|64bit|aarch64|arm/ { print $NF; exit }')
# (a private mount namespace: not in a chroot whose root is no mount point)
if [ "$(id -u)" = 0 ] && unshare -m true 2> /dev/null && [ -n "$zl" ]; then
	unshare -m sh -c 'mount --bind /dev/null "$(readlink -f "$1")" || exit 99
		echo $$ > "$2"; exec "$3" metrics --listen "127.0.0.1:$4" --min-interval 600' \
		sh "$zl" "$TMPD/nz.pid" "$BENCHTOP" "$ZP" > "$TMPD/nz.out" 2>&1 &
	wait_http "http://127.0.0.1:$ZP/metrics" 30 && get nz "$ZP" -H 'Accept-Encoding: gzip' &&
		grep -q '^http/1.1 200' "$TMPD/nz.h" && hasnt nz '^content-encoding' &&
		head -c 6 "$TMPD/nz.b" | grep -qx '# HELP'
	check $? "without zlib: still served, plain to a client asking for gzip"
	[ -s "$TMPD/nz.pid" ] && kill "$(cat "$TMPD/nz.pid")" 2> /dev/null
else
	skip "needs root, a private mount namespace (unshare -m) and libz.so.1"
fi

hb=$(wc -c < "$TMPD/hplain.b") hg=$(wc -c < "$TMPD/hgz.b")
xb=$(wc -c < "$TMPD/xplain.b") xg=$(wc -c < "$TMPD/xgz.b")
diag "bytes per scrape, plain -> gzip: this machine $hb -> $hg, XU4 with node figures $xb -> $xg"

# 50 gzip scrapes in a burst (one curl, one connection after another) of
# a server reading every second: each reading is compressed once, so the
# server's count of gzip'ed bodies (shown by the next reading, fetched
# plain) is the number of readings the 50 answers show, whatever the
# speed of the machine (before: 50).
BP=$(free_port)
sh -c 'echo $$ > "$0"; exec "$@"' "$TMPD/burst.pid" \
	"$BENCHTOP" metrics --listen "127.0.0.1:$BP" --min-interval 1 \
	> "$TMPD/burst.out" 2>&1 &
wait_http "http://127.0.0.1:$BP/metrics" 30
set --
i=0
while [ $i -lt 50 ]; do set -- "$@" "http://127.0.0.1:$BP/metrics"; i=$((i + 1)); done
curl -sS --max-time 60 --compressed "$@" > "$TMPD/burst.b" 2> "$TMPD/burst.err"
sleep 1.2
get bafter "$BP"
bodies=$(grep -c '^benchtop_build_info{' "$TMPD/burst.b")
readings=$(sed -n 's/^benchtop_metrics_reads_total //p' "$TMPD/burst.b" | sort -u | wc -l)
gzips=$(sed -n 's/^benchtop_metrics_http_gzip_bodies_total //p' "$TMPD/bafter.b")
[ "$bodies" = 50 ] && [ "$gzips" = "$readings" ]
check $? "50 gzip scrapes in a burst: $gzips compression(s) for the $readings reading(s) they showed"

cat > "$TMPD/prometheus.yml" <<YML
global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: benchtop
    static_configs:
      - targets: ['127.0.0.1:$HP']
        labels: {board: host}
      - targets: ['127.0.0.1:$XP']
        labels: {board: xu4}
YML
prom_start


prom_query 'up{job="benchtop"}' 'len(r) == 2 and all(x["value"][1] == "1" for x in r)'
check $? "Prometheus (it asks for gzip) scrapes both: up == 1"
# samples of the plain XU4 answer: its lines that are not comments
n=$(grep -vc '^#' "$TMPD/xplain.b")
prom_query 'scrape_samples_scraped{board="xu4"}' "len(r) == 1 and r[0]['value'][1] == '$n'"
check $? "Prometheus took every sample of the XU4's answer ($n)"
if [ -s "$TMPD/prom.out" ]; then diag "prometheus: $(tail -5 "$TMPD/prom.out")"; fi
