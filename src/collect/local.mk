# SPDX-License-Identifier: GPL-2.0-or-later
# src/collect: /proc parsers and rates: stat, diskstats, net/dev, interrupts, affinity, loadavg, samples, history
# (included by Makefile.am; paths are from the top of the tree)
src_libbenchtop_a_SOURCES += \
	src/collect/diskstats.c \
	src/collect/diskstats.h \
	src/collect/history.c \
	src/collect/history.h \
	src/collect/interrupts.c \
	src/collect/interrupts.h \
	src/collect/irqaff.c \
	src/collect/irqaff.h \
	src/collect/irqcounts.c \
	src/collect/irqcounts.h \
	src/collect/irqread.c \
	src/collect/irqread.h \
	src/collect/loadavg.c \
	src/collect/loadavg.h \
	src/collect/netdev.c \
	src/collect/netdev.h \
	src/collect/procstat.c \
	src/collect/procstat.h \
	src/collect/sample.c \
	src/collect/socktable.c \
	src/collect/socktable.h \
	src/collect/sample.h
