# SPDX-License-Identifier: GPL-2.0-or-later
# Tests that must run alone, after every other test, one at a time: those
# that start a process named irqbalance (every benchtop on the machine sees
# it in /proc, and other screens would ask about it), and the known-rate
# rigs (a throttled disk or a shaped link reads its rate only when nothing
# else competes for the two CPUs). GNU make: configure.ac lets automake
# take its functions (-Wno-portability).
SERIAL_LOGS = tests/integration/tune_set.log tests/tui/tune_keys.log \
	tests/integration/experiment.log tests/integration/persist.log \
	tests/rig/rig_self.log tests/rig/disk_live.log tests/rig/disk_seq.log \
	tests/rig/disk_iozone.log tests/rig/disk_bonnie.log tests/rig/link.log \
	tests/rig/screen.log tests/integration/experiment_rig.log
SERIAL_LOGS += tests/rig/rig_v2.log tests/integration/experiment_null.log
SERIAL_LOGS += tests/integration/compare_devices.log
ALL_TEST_LOGS = $(addsuffix .log,$(basename $(TESTS)))
# each waits for every other test and for the serial ones before it, of
# those the run has (make check TESTS=... runs no more than it names)
SERIAL_0 = $(filter-out $(SERIAL_LOGS),$(ALL_TEST_LOGS))
tests/integration/tune_set.log: $(SERIAL_0)
SERIAL_1 = $(SERIAL_0) $(filter tests/integration/tune_set.log,$(ALL_TEST_LOGS))
tests/tui/tune_keys.log: $(SERIAL_1)
SERIAL_2 = $(SERIAL_1) $(filter tests/tui/tune_keys.log,$(ALL_TEST_LOGS))
tests/integration/experiment.log: $(SERIAL_2)
SERIAL_3 = $(SERIAL_2) $(filter tests/integration/experiment.log,$(ALL_TEST_LOGS))
tests/integration/persist.log: $(SERIAL_3)
SERIAL_4 = $(SERIAL_3) $(filter tests/integration/persist.log,$(ALL_TEST_LOGS))
tests/rig/rig_self.log: $(SERIAL_4)
SERIAL_5 = $(SERIAL_4) $(filter tests/rig/rig_self.log,$(ALL_TEST_LOGS))
tests/rig/disk_live.log: $(SERIAL_5)
SERIAL_6 = $(SERIAL_5) $(filter tests/rig/disk_live.log,$(ALL_TEST_LOGS))
tests/rig/disk_seq.log: $(SERIAL_6)
SERIAL_7 = $(SERIAL_6) $(filter tests/rig/disk_seq.log,$(ALL_TEST_LOGS))
tests/rig/disk_iozone.log: $(SERIAL_7)
SERIAL_8 = $(SERIAL_7) $(filter tests/rig/disk_iozone.log,$(ALL_TEST_LOGS))
tests/rig/disk_bonnie.log: $(SERIAL_8)
SERIAL_9 = $(SERIAL_8) $(filter tests/rig/disk_bonnie.log,$(ALL_TEST_LOGS))
tests/rig/link.log: $(SERIAL_9)
SERIAL_10 = $(SERIAL_9) $(filter tests/rig/link.log,$(ALL_TEST_LOGS))
tests/rig/screen.log: $(SERIAL_10)
SERIAL_11 = $(SERIAL_10) $(filter tests/rig/screen.log,$(ALL_TEST_LOGS))
tests/integration/experiment_rig.log: $(SERIAL_11)
SERIAL_12 = $(SERIAL_11) $(filter tests/integration/experiment_rig.log,$(ALL_TEST_LOGS))
tests/rig/rig_v2.log: $(SERIAL_12)
SERIAL_13 = $(SERIAL_12) $(filter tests/rig/rig_v2.log,$(ALL_TEST_LOGS))
tests/integration/experiment_null.log: $(SERIAL_13)
SERIAL_14 = $(SERIAL_13) $(filter tests/integration/experiment_null.log,$(ALL_TEST_LOGS))
tests/integration/compare_devices.log: $(SERIAL_14)
SERIAL_15 = $(SERIAL_14) $(filter tests/integration/compare_devices.log,$(ALL_TEST_LOGS))
