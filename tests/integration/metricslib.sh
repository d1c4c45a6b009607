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

# free_port: a TCP port of 127.0.0.1 that nothing listens on now.
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
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
