#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Install what benchtop needs to build and to run its tests, on Debian,
# Ubuntu or Armbian, with apt-get.  Safe to run again: it installs only
# what is missing and says what that is.
set -e

PKGS="build-essential autoconf automake autopoint gettext pkg-config
libncurses-dev libpci-dev libusb-1.0-0-dev libjansson-dev libcpupower-dev
libiperf-dev check umockdev clang python3 tmux iperf3 fio e2fsprogs
util-linux procps git ca-certificates"
# the fuzz targets: clang's libFuzzer and sanitizer runtimes (clang only
# recommends them, and --no-install-recommends below leaves them out)
PKGS="$PKGS libclang-rt-dev"
# metrics_gzip.sh: curl --compressed against metrics --listen
PKGS="$PKGS curl"
# the bash completion and man page tests; the package's CI has its own
# list in .ci/package
PKGS="$PKGS bash-completion mandoc man-db groff-base"
# benchtop metrics (libmicrohttpd) and its tests: a real Prometheus, the
# node exporter's textfile collector, systemd-analyze for the units
PKGS="$PKGS libmicrohttpd-dev zlib1g-dev prometheus prometheus-node-exporter
python3-prometheus-client systemd"
# the JSON documents checked against doc/schema
PKGS="$PKGS python3-jsonschema"
# experiments: systemd-analyze verify of the persisted unit; ip for the rigs
PKGS="$PKGS iproute2"
# valgrind memcheck of the live screen and --once
PKGS="$PKGS valgrind"
# The known-rate rigs (tests/rig) and the accuracy benchmark beside them.
PKGS="$PKGS iproute2 ethtool hdparm bonnie++"
# the German-locale test (localedef)
PKGS="$PKGS locales"
# The SSH session test (sshd on 127.0.0.1) and its htop benchmark.
PKGS="$PKGS openssh-server openssh-client htop"
# the mouse test (xterm-1006 terminfo)
PKGS="$PKGS ncurses-term"
# tests/tui/tick_reads.sh counts the opens per tick
PKGS="$PKGS strace"
# tests/tui/hotplug.sh plugs a USB disk in with umockdev's uevents
# (its GObject library from Python)
PKGS="$PKGS gir1.2-umockdev-1.0 python3-gi"
# the VM lab (tests/vm): Debian's kernel under qemu with busybox in an
# initramfs; the kernel package itself is downloaded into a cache
PKGS="$PKGS qemu-system-x86 busybox-static cpio kmod"
# its arm64 guest: qemu-system-aarch64 and the cross compiler; the :arm64
# libraries benchtop is built against are downloaded into the lab's cache
# (tests/vm/cross.sh), never installed
PKGS="$PKGS qemu-system-arm gcc-aarch64-linux-gnu"

if ! command -v apt-get > /dev/null 2>&1; then
	echo "install-deps: this script needs apt-get (Debian, Ubuntu, Armbian);" \
	     "install the equivalent of: $(echo $PKGS)" >&2
	exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
	echo "install-deps: run me as root (sudo sh $0)" >&2
	exit 1
fi

# apt-get download of those :arm64 packages needs arm64 as a foreign
# architecture (it installs none of them)
if [ "$(dpkg --print-architecture)" = amd64 ] &&
	! dpkg --print-foreign-architectures | grep -qx arm64; then
	echo "install-deps: adding arm64 as a foreign architecture (for the VM lab's downloads)"
	dpkg --add-architecture arm64
	apt-get update -qq
fi

missing=""
for p in $PKGS; do
	if ! dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q 'ok installed'; then
		missing="$missing $p"
	fi
done

if [ -z "$missing" ]; then
	echo "install-deps: every build and test package is already installed."
	exit 0
fi
echo "install-deps: installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing > /dev/null
echo "install-deps: done."
