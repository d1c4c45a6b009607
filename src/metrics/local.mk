# SPDX-License-Identifier: GPL-2.0-or-later
# src/metrics: Prometheus exposition (text 0.0.4, OpenMetrics), the gathering of what it shows, the textfile and the /metrics endpoint
# (included by Makefile.am; paths are from the top of the tree)
src_libbenchtop_a_SOURCES += \
	src/metrics/benchres.c \
	src/metrics/benchres.h \
	src/metrics/benchunits.c \
	src/metrics/benchunits.h \
	src/metrics/collectset.c \
	src/metrics/collectset.h \
	src/metrics/expo.c \
	src/metrics/expo.h \
	src/metrics/expo_hw.c \
	src/metrics/expo_hw.h \
	src/metrics/expo_io.c \
	src/metrics/expo_io.h \
	src/metrics/expo_usb.c \
	src/metrics/expo_usb.h \
	src/metrics/gzipbody.c \
	src/metrics/gzipbody.h \
	src/metrics/httpd.c \
	src/metrics/httpd.h \
	src/metrics/httpd_slots.c \
	src/metrics/httpd_slots.h \
	src/metrics/textfile.c \
	src/metrics/textfile.h \
	src/metrics/webauth.c \
	src/metrics/webauth.h \
	src/metrics/webconfig.c \
	src/metrics/webconfig.h
