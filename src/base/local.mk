# SPDX-License-Identifier: GPL-2.0-or-later
# src/base: buffers, vectors, strict numbers, string cleaning, CPU lists, settings, JSON helpers
# (included by Makefile.am; paths are from the top of the tree)
src_libbenchtop_a_SOURCES += \
	src/base/buf.c \
	src/base/monoclock.c \
	src/base/monoclock.h \
	src/base/stamp.c \
	src/base/stamp.h \
	src/base/buf.h \
	src/base/counter.c \
	src/base/counter.h \
	src/base/cpulist.c \
	src/base/cpulist.h \
	src/base/datadir.c \
	src/base/datadir.h \
	src/base/dynlib.c \
	src/base/endsig.c \
	src/base/errlist.c \
	src/base/errlist.h \
	src/base/endsig.h \
	src/base/dynlib.h \
	src/base/figfmt.c \
	src/base/figfmt.h \
	src/base/i18n.h \
	src/base/jsondoc.c \
	src/base/jsondoc.h \
	src/base/jsonget.c \
	src/base/jsonget.h \
	src/base/jsonload.c \
	src/base/jsonload.h \
	src/base/mdcell.c \
	src/base/mdcell.h \
	src/base/redact.c \
	src/base/redact.h \
	src/base/normq.c \
	src/base/normq.h \
	src/base/numparse.c \
	src/base/numparse.h \
	src/base/regfile.c \
	src/base/regfile.h \
	src/base/settings.c \
	src/base/settings.h \
	src/base/strclean.c \
	src/base/strclean.h \
	src/base/textwrap.c \
	src/base/textwrap.h \
	src/base/vec.c \
	src/base/vec.h
