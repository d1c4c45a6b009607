#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# VM lab, arm64: the live rates against dd's, QEMU's throttle's and
# iperf3's own figures, within 3 % (tests/vm/traffic.lab).
VM_ARCH=arm64
. "${top_srcdir:-$(dirname "$0")/../..}/tests/vm/traffic.lab"
