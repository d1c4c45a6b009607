#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# VM lab, x86_64: a USB disk, a USB NIC and a pinned virtio-net plugged
# and unplugged while the live screen runs (tests/vm/hotplug.lab).
VM_ARCH=amd64
. "${top_srcdir:-$(dirname "$0")/../..}/tests/vm/hotplug.lab"
