# SPDX-License-Identifier: GPL-2.0-or-later
# metricslib.sh: helpers of the metrics tests (sourced after lib.sh).

# on_bed BED CMD...: run CMD under umockdev-run with tests/testbeds/BED
# laid into $UMOCKDEV_DIR, and its usb.umockdev loaded when it has one.
# usb-malformed gets its dangling link made at run time (see hw_usb.sh).
# BED may be an absolute path (a testbed copy).
on_bed() {
	_bed=$1; shift
	case $_bed in /*) ;; *) _bed=$TESTBEDS/$_bed ;; esac
	set -- sh -c '
		cp -r "$0"/. "$UMOCKDEV_DIR"/ || exit 1
		case $0 in */usb-malformed)
			mkdir -p "$UMOCKDEV_DIR/sys/bus/usb/devices" && ln -s \
			../../../devices/pci0000:00/0000:00:14.0/usb2/2-9 \
			"$UMOCKDEV_DIR/sys/bus/usb/devices/2-9" ;; esac
		exec "$@"' "$_bed" "$@"
	if [ -f "$_bed/usb.umockdev" ]; then
		"$UMOCKDEV_RUN" -d "$_bed/usb.umockdev" -- "$@"
	else
		"$UMOCKDEV_RUN" -- "$@"
	fi
}

# wait_http URL SECONDS: until URL answers (any status); 1 if it never does.
wait_http() {
	python3 - "$1" "$2" <<'PY'
import sys, time, urllib.request, urllib.error
end = time.time() + float(sys.argv[2])
while time.time() < end:
    try:
        urllib.request.urlopen(sys.argv[1], timeout=2).read()
        sys.exit(0)
    except urllib.error.HTTPError:
        sys.exit(0)
    except Exception:
        time.sleep(0.1)
sys.exit(1)
PY
}

# Debian's python3 (the OpenMetrics parser is python3-prometheus-client).
DEBIAN_PY=/usr/bin/python3

# prom_start: a real Prometheus on 127.0.0.1:$PP with $TMPD/prometheus.yml,
# its data in $TMPD/data, its pid in $TMPD/prom.pid (for the caller's
# trap), its output in $TMPD/prom.out.
prom_start() {
	mkdir "$TMPD/data"
	sh -c 'echo $$ > "$0"; exec "$@"' "$TMPD/prom.pid" prometheus \
		--config.file="$TMPD/prometheus.yml" \
		--storage.tsdb.path="$TMPD/data" \
		--web.listen-address="127.0.0.1:$PP" --log.level=warn \
		> "$TMPD/prom.out" 2>&1 &
}

# prom_query PROMQL PYTHON-EXPR: poll prom_start's API (30 s at most)
# until the result list `r` makes EXPR true; prints the last result on
# failure.
prom_query() {
	python3 - "http://127.0.0.1:$PP/api/v1/query" "$1" "$2" <<'PY'
import json, sys, time, urllib.parse, urllib.request
url, q, expr = sys.argv[1:]
end, r = time.time() + 30, None
while time.time() < end:
    try:
        with urllib.request.urlopen(url + "?" + urllib.parse.urlencode({"query": q}), timeout=5) as f:
            d = json.load(f)
        r = d["data"]["result"]
        if d["status"] == "success" and eval(expr, {"r": r}):
            sys.exit(0)
    except Exception as e:
        r = repr(e)
    time.sleep(0.5)
print("# last answer: %s" % json.dumps(r)[:600])
sys.exit(1)
PY
}
