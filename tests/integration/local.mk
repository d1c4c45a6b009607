# SPDX-License-Identifier: GPL-2.0-or-later
# tests/integration: the real binary on this machine or under umockdev-run
# with a board testbed; iperf3, Prometheus, the JSON contract
# (included by Makefile.am; paths are from the top of the tree)
SH_TESTS += \
	tests/integration/cli.sh \
	tests/integration/once_testbed.sh \
	tests/integration/once_live.sh \
	tests/integration/once_count.sh \
	tests/integration/hw_usb.sh \
	tests/integration/bos_cache.sh \
	tests/integration/hw_clusters.sh \
	tests/integration/i18n.sh \
	tests/integration/tune_set.sh \
	tests/integration/set_one_cpu.sh \
	tests/integration/bench_disk.sh \
	tests/integration/bench_iperf.sh \
	tests/integration/iperf_flags.sh \
	tests/integration/snapshot_cli.sh \
	tests/integration/snapshot_results.sh \
	tests/integration/snapshot_golden.sh \
	tests/integration/locale_de.sh \
	tests/integration/datadir.sh \
	tests/integration/sysconfig.sh \
	tests/integration/completion.sh \
	tests/integration/experiment.sh \
	tests/integration/experiment_rig.sh \
	tests/integration/experiment_effect.sh \
	tests/integration/bench_snapshot.sh \
	tests/integration/experiment_budget.sh \
	tests/integration/experiment_null.sh \
	tests/integration/experiment_signals.sh \
	tests/integration/experiment_snapshot_first.sh \
	tests/integration/persist.sh \
	tests/integration/set_undo.sh \
	tests/integration/set_concurrent.sh \
	tests/integration/set_crash.sh \
	tests/integration/cli_echo.sh \
	tests/integration/journal_hostile.sh \
	tests/integration/presets_hostile.sh \
	tests/integration/garbled_cpufreq.sh \
	tests/integration/compare_like.sh \
	tests/integration/compare_devices.sh \
	tests/integration/compare_sessions.sh \
	tests/integration/compare_runs.sh \
	tests/integration/report_types.sh \
	tests/integration/report_redact.sh \
	tests/integration/serve_hostile.sh \
	tests/integration/serve_snapshot.sh \
	tests/integration/hostile_sysfs.sh \
	tests/integration/cli_hardening.sh \
	tests/integration/cli_table.sh \
	tests/integration/metrics_testbeds.sh \
	tests/integration/metrics_prometheus.sh \
	tests/integration/metrics_server.sh \
	tests/integration/metrics_gzip.sh \
	tests/integration/metrics_results.sh \
	tests/integration/metrics_results_reload.sh \
	tests/integration/metrics_hw_reload.sh \
	tests/integration/metrics_experiments.sh \
	tests/integration/metrics_listener.sh \
	tests/integration/metrics_soak.sh \
	tests/integration/metrics_tls.sh \
	tests/integration/metrics_hostile.sh \
	tests/integration/metrics_textfile.sh \
	tests/integration/metrics_units.sh \
	tests/integration/metrics_rules.sh \
	tests/integration/metrics_irqbalance.sh \
	tests/integration/once_badline.sh \
	tests/integration/schema.sh \
	tests/integration/dlopen_libs.sh
EXTRA_DIST += \
	tests/integration/lib.sh \
	tests/integration/exp_rig_hook.sh \
	tests/integration/snapnorm.py \
	tests/integration/iperf_hostile.py \
	tests/integration/metricsnorm.py \
	tests/integration/dashcheck.py \
	tests/integration/metricslib.sh \
	tests/integration/http_hostile.py \
	tests/data/snapshots/mkreplay.py \
	tests/schema/validate.py \
	tests/schema/coverage.py
