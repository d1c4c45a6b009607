# SPDX-License-Identifier: GPL-2.0-or-later
# src/hw: the hardware model: CPUs, clusters, thermal, USB, PCI, block devices, the device chain
# (included by Makefile.am; paths are from the top of the tree)
src_libbenchtop_a_SOURCES += \
	src/hw/blockdev.c \
	src/hw/blockdev.h \
	src/hw/boscache.c \
	src/hw/boscache.h \
	src/hw/bridges.c \
	src/hw/bridges.h \
	src/hw/chain.c \
	src/hw/chain.h \
	src/hw/clusters.c \
	src/hw/clusters.h \
	src/hw/coretype.c \
	src/hw/coretype.h \
	src/hw/cpufreqinfo.c \
	src/hw/cpufreqinfo.h \
	src/hw/cpuinfo.c \
	src/hw/cpuinfo.h \
	src/hw/cputopo.c \
	src/hw/cputopo.h \
	src/hw/hwmodel.c \
	src/hw/hwmodel.h \
	src/hw/pcidev.c \
	src/hw/pcidev.h \
	src/hw/pciids.c \
	src/hw/pciids.h \
	src/hw/thermal.c \
	src/hw/thermal.h \
	src/hw/uevent.c \
	src/hw/uevent.h \
	src/hw/usbdesc.c \
	src/hw/usbdesc.h \
	src/hw/usbdev.c \
	src/hw/usbdev.h \
	src/hw/usbdev_json.c \
	src/hw/zonemap.c \
	src/hw/zonemap.h
