# SPDX-License-Identifier: GPL-2.0-or-later
# src/tune: writes with read-back, the journal, irqbalance, hints
# (included by Makefile.am; paths are from the top of the tree)
src_libbenchtop_a_SOURCES += \
	src/tune/hints.c \
	src/tune/hints.h \
	src/tune/irqbalance.c \
	src/tune/irqbalance.h \
	src/tune/irqmove.c \
	src/tune/irqmove.h \
	src/tune/journal.c \
	src/tune/journal.h \
	src/tune/journalfile.c \
	src/tune/journalfile.h \
	src/tune/persist.c \
	src/tune/persist.h \
	src/tune/tune.c \
	src/tune/tunefile.c \
	src/tune/tuneattach.c \
	src/tune/tunefile.h \
	src/tune/tune.h \
	src/tune/tunecheck.c \
	src/tune/tunecheck.h \
	src/tune/tunemsg.c \
	src/tune/tunemsg.h \
	src/tune/tunespec.c \
	src/tune/tunespec.h \
	src/tune/tunevary.c \
	src/tune/tunevary.h
