# SPDX-License-Identifier: GPL-2.0-or-later
# tests/rig: the known-rate rigs (tests/rig/rig.sh): a throttled zram disk,
# a shaped veth link; each test skips, saying why, on a machine without them
# (included by Makefile.am; paths are from the top of the tree)
SH_TESTS += \
	tests/rig/rig_math.sh \
	tests/rig/rig_self.sh \
	tests/rig/disk_live.sh \
	tests/rig/disk_seq.sh \
	tests/rig/disk_iozone.sh \
	tests/rig/disk_bonnie.sh \
	tests/rig/link.sh \
	tests/rig/screen.sh \
	tests/rig/rig_v2.sh
EXTRA_DIST += tests/rig/rig.sh tests/rig/rig-hold
