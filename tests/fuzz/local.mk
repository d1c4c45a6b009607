# SPDX-License-Identifier: GPL-2.0-or-later
# tests/fuzz: one libFuzzer target per parser, tests/fuzz/fuzz_NAME.c each;
# configure --enable-fuzzing CC=clang, then `make fuzz` (tests/fuzz/run.sh
# runs each for a bounded time); the core library is instrumented by the
# fuzzing configuration's CFLAGS
# (included by Makefile.am; paths are from the top of the tree)
FUZZ_TARGETS = \
	tests/fuzz/fuzz_benchmsg \
	tests/fuzz/fuzz_benchres \
	tests/fuzz/fuzz_bridges \
	tests/fuzz/fuzz_chainpath \
	tests/fuzz/fuzz_cpuinfo \
	tests/fuzz/fuzz_cpulist \
	tests/fuzz/fuzz_diskstats \
	tests/fuzz/fuzz_expo \
	tests/fuzz/fuzz_gzipbody \
	tests/fuzz/fuzz_interrupts \
	tests/fuzz/fuzz_mountinfo \
	tests/fuzz/fuzz_netdev \
	tests/fuzz/fuzz_presets \
	tests/fuzz/fuzz_procstat \
	tests/fuzz/fuzz_replay \
	tests/fuzz/fuzz_settings \
	tests/fuzz/fuzz_snapshot \
	tests/fuzz/fuzz_socktable \
	tests/fuzz/fuzz_thermal \
	tests/fuzz/fuzz_time_in_state \
	tests/fuzz/fuzz_tuneparse \
	tests/fuzz/fuzz_tunespec \
	tests/fuzz/fuzz_uevent \
	tests/fuzz/fuzz_usbdesc \
	tests/fuzz/fuzz_webconfig
tests_fuzz_fuzz_benchmsg_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_benchres_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_bridges_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_chainpath_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_cpuinfo_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_cpulist_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_diskstats_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_expo_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_gzipbody_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_interrupts_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_mountinfo_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_netdev_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_presets_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_procstat_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_replay_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_settings_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_snapshot_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_socktable_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_thermal_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_time_in_state_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_tuneparse_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_tunespec_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_uevent_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_usbdesc_LDFLAGS = $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_webconfig_LDFLAGS = $(FUZZ_LDFLAGS)
EXTRA_PROGRAMS = $(FUZZ_TARGETS)
EXTRA_DIST += $(FUZZ_TARGETS:=.c) tests/fuzz/run.sh
CLEANFILES += $(FUZZ_TARGETS)
if ENABLE_FUZZING
fuzz: $(FUZZ_TARGETS)
else
fuzz:
	@echo "configure with --enable-fuzzing CC=clang to build the fuzz targets"; exit 1
endif
.PHONY: fuzz
