# SPDX-License-Identifier: GPL-2.0-or-later
# src/session: time series, snapshots, report, compare, replay
# (included by Makefile.am; paths are from the top of the tree)
src_libbenchtop_a_SOURCES += \
	src/session/expdoc.c \
	src/session/expdoc.h \
	src/session/runmatch.c \
	src/session/runmatch.h \
	src/session/replay.c \
	src/session/replay.h \
	src/session/replayhw.c \
	src/session/replayhw.h \
	src/session/report_json.c \
	src/session/report_json.h \
	src/session/series.c \
	src/session/series.h \
	src/session/snapavg.c \
	src/session/snapavg.h \
	src/session/snapbench.c \
	src/session/snapbench.h \
	src/session/snapcompare.c \
	src/session/snapcompare.h \
	src/session/snapcompare_print.c \
	src/session/snapdoc.c \
	src/session/snapdoc.h \
	src/session/snapevents.c \
	src/session/snapevents.h \
	src/session/snapexp.c \
	src/session/snapexp.h \
	src/session/snapfile.c \
	src/session/snapfile.h \
	src/session/snapmulti.c \
	src/session/snapmulti.h \
	src/session/snapreport.c \
	src/session/snapreport.h \
	src/session/snapshot.c \
	src/session/snapshot.h \
	src/session/snapsys.c \
	src/session/snapsys.h \
	src/session/snapupgrade.c \
	src/session/snapupgrade.h
