# SPDX-License-Identifier: GPL-2.0-or-later
# tests/tui: the live screen driven through tmux (and ssh, valgrind)
# (included by Makefile.am; paths are from the top of the tree)
SH_TESTS += \
	tests/tui/server_child.sh \
	tests/tui/valgrind.sh \
	tests/tui/ssh_session.sh \
	tests/tui/quiet_frame.sh \
	tests/tui/tick_reads.sh \
	tests/tui/hotplug.sh
EXTRA_DIST += \
	tests/tui/lib.sh \
	tests/tui/feeder.py \
	tests/tui/framebytes.py \
	tests/tui/sshd.sh \
	tests/tui/hotplug_bed.py
# Screen scenarios: one file per journey, run by tests/tui/scenario.py
# (the testbed, the size, the keys, what the screen must show).
# (the journeys first: the longest, and make starts the tests in this
# order)
SCN_TESTS = \
	tests/tui/scenarios/journey_bench.scn \
	tests/tui/scenarios/journey_chain.scn \
	tests/tui/scenarios/journey_watch.scn \
	tests/tui/scenarios/journey_tune.scn \
	tests/tui/scenarios/journey_replay.scn \
	tests/tui/scenarios/xu4_screens.scn \
	tests/tui/scenarios/screen_fit.scn \
	tests/tui/scenarios/word_cut.scn \
	tests/tui/scenarios/mono_ascii.scn \
	tests/tui/scenarios/cluster_temp.scn \
	tests/tui/scenarios/interval_keys.scn \
	tests/tui/scenarios/one_cpu_cluster.scn \
	tests/tui/scenarios/all_devices.scn \
	tests/tui/scenarios/live_keys.scn \
	tests/tui/scenarios/since_key.scn \
	tests/tui/scenarios/hangup.scn \
	tests/tui/scenarios/irq_oldformat.scn \
	tests/tui/scenarios/list_ends.scn \
	tests/tui/scenarios/bench_fail.scn \
	tests/tui/scenarios/small_select.scn \
	tests/tui/scenarios/no_color.scn \
	tests/tui/scenarios/settings.scn \
	tests/tui/scenarios/server_record.scn \
	tests/tui/scenarios/kill_restore.scn \
	tests/tui/scenarios/set_then_screen.scn \
	tests/tui/scenarios/two_screens.scn \
	tests/tui/scenarios/resume_keys.scn \
	tests/tui/scenarios/bench_screen.scn \
	tests/tui/scenarios/snapshot_keys.scn \
	tests/tui/scenarios/replay_keys.scn \
	tests/tui/scenarios/snapshot_exit.scn \
	tests/tui/scenarios/snapshot_baseline.scn \
	tests/tui/scenarios/keys_doc.scn \
	tests/tui/scenarios/presets_warning.scn \
	tests/tui/scenarios/exp_keys.scn \
	tests/tui/scenarios/htop_keys.scn \
	tests/tui/scenarios/save_now.scn \
	tests/tui/scenarios/bench_port.scn \
	tests/tui/scenarios/bench_results.scn \
	tests/tui/scenarios/replay_state.scn \
	tests/tui/scenarios/chain_view.scn \
	tests/tui/scenarios/kept_rows.scn \
	tests/tui/scenarios/capped_range.scn \
	tests/tui/scenarios/hint_lines.scn \
	tests/tui/scenarios/replay_recorded.scn \
	tests/tui/scenarios/keep_restore.scn \
	tests/tui/scenarios/narrow_fit.scn \
	tests/tui/scenarios/usb_chain.scn \
	tests/tui/scenarios/signals.scn \
	tests/tui/scenarios/snapshot_frozen.scn \
	tests/tui/scenarios/hostile_text.scn \
	tests/tui/scenarios/unreadable.scn \
	tests/tui/scenarios/frame_select.scn \
	tests/tui/scenarios/row_order.scn \
	tests/tui/scenarios/disk_linger.scn \
	tests/tui/scenarios/snapshot_pick.scn \
	tests/tui/scenarios/many_devices.scn \
	tests/tui/scenarios/mapped_libs.scn \
	tests/tui/scenarios/tune_keys.scn \
	tests/tui/scenarios/views_agree.scn \
	tests/tui/scenarios/replay_hint.scn
TESTS += $(SCN_TESTS)
EXTRA_DIST += $(SCN_TESTS) \
	tests/tui/scenarios/journey_lang.inc \
	tests/tui/scenarios/journey_beds.inc \
	tests/tui/scenario.py \
	tests/tui/busy_xu4.py \
	tests/tui/keys_doc.py \
	tests/tui/narrow_fit.py \
	tests/tui/views_agree.py
