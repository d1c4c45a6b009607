# SPDX-License-Identifier: GPL-2.0-or-later
# tests/vm: the VM lab - Debian's kernel under qemu (TCG) with benchtop in
# an initramfs; each scenario boots one guest (doc/vm-lab.md)
# (included by Makefile.am; paths are from the top of the tree)
# The guests go in TESTS here, ahead of the scenarios and the shell tests:
# make starts the tests in the order of the list, and a guest begun after
# seventy short tests ended the parallel part late (run 14: x86_mixed
# began at 923 s of 1001).
VM_TESTS = \
	tests/vm/x86_mixed.sh \
	tests/vm/x86_legacy.sh \
	tests/vm/x86_screen.sh \
	tests/vm/x86_hotplug.sh \
	tests/vm/x86_traffic.sh \
	tests/vm/arm64_mixed.sh \
	tests/vm/arm64_screen.sh \
	tests/vm/arm64_hotplug.sh \
	tests/vm/arm64_traffic.sh
TESTS += $(VM_TESTS)
EXTRA_DIST += $(VM_TESTS) \
	tests/vm/lib.sh \
	tests/vm/cross.sh \
	tests/vm/init \
	tests/vm/chaincheck.py \
	tests/vm/monitor.py \
	tests/vm/x86_mixed.guest \
	tests/vm/x86_legacy.guest \
	tests/vm/x86_screen.guest \
	tests/vm/hotplug.lab \
	tests/vm/hotplug.guest \
	tests/vm/traffic.lab \
	tests/vm/traffic.guest \
	tests/vm/arm64_mixed.guest \
	tests/vm/arm64_screen.guest
# the arm64 guest's cross build of benchtop (tests/vm/cross.sh)
clean-local: clean-vm-cross
clean-vm-cross:
	rm -rf tests/vm/build-arm64 tests/vm/build-arm64.lock
.PHONY: clean-vm-cross
