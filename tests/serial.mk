# SPDX-License-Identifier: GPL-2.0-or-later
# Tests that must run alone, after every other test, one at a time: those
# that start a process named irqbalance (every benchtop on the machine sees
# it in /proc, and other screens would ask about it), and the known-rate
# rigs (a throttled disk or a shaped link reads its rate only when nothing
# else competes for the two CPUs; and a rig's zram disk would show on the
# live screens of the other tests, its removal in their status line).
# GNU make: configure.ac lets automake take its functions
# (-Wno-portability).
#
# (Tried: the rigs in a make of their own beside the other tests. The
# screen rig's write rate read 0.93 of its throttle, and since_key's T
# answer gave way to "disk zram1 was removed".)
SERIAL_TESTS = tests/integration/tune_set.sh tests/tui/scenarios/tune_keys.scn \
	tests/integration/experiment.sh tests/integration/persist.sh \
	tests/rig/rig_self.sh tests/rig/disk_live.sh tests/rig/disk_seq.sh \
	tests/rig/disk_iozone.sh tests/rig/disk_bonnie.sh tests/rig/link.sh \
	tests/rig/screen.sh tests/integration/experiment_rig.sh \
	tests/rig/rig_v2.sh tests/integration/experiment_null.sh \
	tests/integration/compare_devices.sh
SERIAL_LOGS = $(addsuffix .log,$(basename $(SERIAL_TESTS)))
ALL_TEST_LOGS = $(addsuffix .log,$(basename $(TESTS)))
# Of the tests a run has (make check TESTS=... runs no more than it
# names), each serial one waits for every test not serial and for the
# serial ones before it.
serial_chain = $(if $1,$(eval $(firstword $1): $2)$(call serial_chain,$(wordlist 2,99,$1),$2 $(firstword $1)))
$(call serial_chain,$(filter $(SERIAL_LOGS),$(ALL_TEST_LOGS)),$(filter-out $(SERIAL_LOGS),$(ALL_TEST_LOGS)))

# tests/run-all.sh runs the two parts as two makes, so that it can start
# the fuzzing (at nice 19) when the serial part starts: check-parallel,
# then check-serial, each with its summary in tests/PART-suite.log.
check-parallel:
	@$(MAKE) $(AM_MAKEFLAGS) check TEST_SUITE_LOG=tests/parallel-suite.log \
	  TESTS='$(filter-out $(SERIAL_TESTS),$(TESTS))'
check-serial:
	@$(MAKE) $(AM_MAKEFLAGS) check TEST_SUITE_LOG=tests/serial-suite.log \
	  TESTS='$(filter $(SERIAL_TESTS),$(TESTS))'
.PHONY: check-parallel check-serial
CLEANFILES += tests/parallel-suite.log tests/serial-suite.log
