# SPDX-License-Identifier: GPL-2.0-or-later
# src/cli: main, options, the subcommands; enters tui/ through tui/tui.h only
# (included by Makefile.am; paths are from the top of the tree)
benchtop_SOURCES += \
	src/cli/cmd_bench.c \
	src/cli/cmd_bench.h \
	src/cli/cmd_compare.c \
	src/cli/cmd_experiment.c \
	src/cli/cmd_iperf.c \
	src/cli/cmd_metrics.c \
	src/cli/cmd_persist.c \
	src/cli/cmd_persist.h \
	src/cli/cmd_report.c \
	src/cli/cmd_serve.c \
	src/cli/cmd_set.c \
	src/cli/cmd_snap.c \
	src/cli/cmd_snap.h \
	src/cli/cliopt.c \
	src/cli/cliopt.h \
	src/cli/cmdline.c \
	src/cli/cmdline.h \
	src/cli/commands.c \
	src/cli/commands.h \
	src/cli/main.c \
	src/cli/metrics_web.c \
	src/cli/metrics_web.h \
	src/cli/options.c \
	src/cli/options.h \
	src/cli/report_text.c \
	src/cli/report_text.h
