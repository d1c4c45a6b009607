# SPDX-License-Identifier: GPL-2.0-or-later
# Tests that must not run beside some others. GNU make: configure.ac lets
# automake take its functions (-Wno-portability).
#
# The known-rate rigs (tests/rig/rig.sh: a throttled zram disk, a shaped
# veth link) run one at a time: two would share the CPUs their throttled
# passes count on. The tests that start a process named irqbalance run
# alone, after every other test: every benchtop on the machine sees it in
# /proc, and other screens would ask about it.
RIG_TESTS = tests/rig/rig_self.sh tests/rig/disk_live.sh \
	tests/rig/disk_seq.sh tests/rig/disk_iozone.sh \
	tests/rig/disk_bonnie.sh tests/rig/link.sh tests/rig/screen.sh \
	tests/rig/rig_v2.sh tests/integration/experiment_rig.sh \
	tests/integration/experiment_null.sh \
	tests/integration/compare_devices.sh
ALONE_TESTS = tests/integration/tune_set.sh tests/tui/tune_keys.sh \
	tests/integration/experiment.sh tests/integration/persist.sh

# make check: of the tests a run has (make check TESTS=... runs no more
# than it names), each rig waits for the one before it, each alone test
# for every test not alone and for the alone ones before it.
RIG_LOGS = $(RIG_TESTS:.sh=.log)
ALONE_LOGS = $(ALONE_TESTS:.sh=.log)
ALL_TEST_LOGS = $(addsuffix .log,$(basename $(TESTS)))
rig_chain = $(if $(word 2,$1),$(eval $(word 2,$1): $(firstword $1))$(call rig_chain,$(wordlist 2,99,$1)))
alone_chain = $(if $1,$(eval $(firstword $1): $2)$(call alone_chain,$(wordlist 2,99,$1),$2 $(firstword $1)))
$(call rig_chain,$(filter $(RIG_LOGS),$(ALL_TEST_LOGS)))
$(call alone_chain,$(filter $(ALONE_LOGS),$(ALL_TEST_LOGS)),$(filter-out $(ALONE_LOGS),$(ALL_TEST_LOGS)))

# GNU make starts a waiting test only on its next walk through the list,
# after it has started every other it can: under make check -j the rig
# chain's second test waits for the last test of the list to start. So
# tests/run-all.sh runs the rigs and the rest as two makes side by side
# (the rigs mostly wait on their throttles, and their passes run at nice
# -10), then the alone tests: check-build, then check-rigs and
# check-others at once, then check-alone; each group's summary in its own
# log, tests/*-suite.log.
check-build: $(check_PROGRAMS) $(check_LIBRARIES) all-am
check-rigs check-others check-alone: check-build
check-rigs:
	@$(MAKE) $(AM_MAKEFLAGS) check-TESTS TEST_SUITE_LOG=tests/rigs-suite.log \
	  TESTS='$(filter $(RIG_TESTS),$(TESTS))'
check-others:
	@$(MAKE) $(AM_MAKEFLAGS) check-TESTS TEST_SUITE_LOG=tests/others-suite.log \
	  TESTS='$(filter-out $(RIG_TESTS) $(ALONE_TESTS),$(TESTS))'
check-alone:
	@$(MAKE) $(AM_MAKEFLAGS) check-TESTS TEST_SUITE_LOG=tests/alone-suite.log \
	  TESTS='$(filter $(ALONE_TESTS),$(TESTS))'
.PHONY: check-build check-rigs check-others check-alone
CLEANFILES += tests/rigs-suite.log tests/others-suite.log tests/alone-suite.log
