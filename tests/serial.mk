# SPDX-License-Identifier: GPL-2.0-or-later
# Tests that must not run beside some others. GNU make: configure.ac lets
# automake take its functions (-Wno-portability).
#
# The known-rate rigs (tests/rig/rig.sh: a throttled zram disk, a shaped
# veth link) run one at a time, in a chain of their own beside the other
# tests: two rigs would share one zram budget of CPU, and their flock
# (rig__lock) would hold a make job idle while it waits. A rig mostly
# waits on its throttle, and its passes run at nice -10 (rig_run), which
# is why a job beside the other tests does not slow them: tests/run-all.sh
# gives make check one job more than the cores for it. (The rigs pass
# beside tests/load.sh's spinners too, which is what --under-load and CI
# run them with.)
RIG_LOGS = tests/integration/experiment_null.log \
	tests/integration/experiment_rig.log \
	tests/integration/compare_devices.log tests/rig/rig_self.log \
	tests/rig/disk_live.log tests/rig/disk_seq.log \
	tests/rig/disk_iozone.log tests/rig/disk_bonnie.log \
	tests/rig/link.log tests/rig/screen.log tests/rig/rig_v2.log
# The tests that start a process named irqbalance (every benchtop on the
# machine sees it in /proc, and other screens would ask about it) run
# last, after every other test and the rigs, one at a time.
ALONE_LOGS = tests/integration/tune_set.log tests/tui/tune_keys.log \
	tests/integration/experiment.log tests/integration/persist.log
ALL_TEST_LOGS = $(addsuffix .log,$(basename $(TESTS)))
# Of those a run has (make check TESTS=... runs no more than it names):
# each rig waits for the rig before it; each alone test for every test
# not alone and for the alone ones before it.
rig_chain = $(if $(word 2,$1),$(eval $(word 2,$1): $(firstword $1))$(call rig_chain,$(wordlist 2,99,$1)))
alone_chain = $(if $1,$(eval $(firstword $1): $2)$(call alone_chain,$(wordlist 2,99,$1),$2 $(firstword $1)))
$(call rig_chain,$(filter $(RIG_LOGS),$(ALL_TEST_LOGS)))
$(call alone_chain,$(filter $(ALONE_LOGS),$(ALL_TEST_LOGS)),$(filter-out $(ALONE_LOGS),$(ALL_TEST_LOGS)))
