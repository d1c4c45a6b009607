# SPDX-License-Identifier: GPL-2.0-or-later
# src/view: the moment every output draws (live or replayed), plain values
# (included by Makefile.am; paths are from the top of the tree)
src_libbenchtop_a_SOURCES += \
	src/view/figures.c \
	src/view/figures.h \
	src/view/live.c \
	src/view/live.h \
	src/view/moment.c \
	src/view/moment.h \
	src/view/moment_live.c \
	src/view/order.c \
	src/view/order.h
