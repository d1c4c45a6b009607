# SPDX-License-Identifier: GPL-2.0-or-later
# tests/unit: one Check suite per module, tests/unit/test_NAME.c each,
# linked with the core library; fed with captured kernel files (tests/data)
# (included by Makefile.am; paths are from the top of the tree)
check_LIBRARIES = tests/unit/libtestutil.a
tests_unit_libtestutil_a_SOURCES = tests/unit/testutil.c tests/unit/testutil.h
LDADD = tests/unit/libtestutil.a $(BENCHTOP_LIBS) $(CHECK_LIBS)
UNIT_TESTS = \
	tests/unit/test_benchmsg \
	tests/unit/test_benchresult \
	tests/unit/test_benchunits \
	tests/unit/test_socktable \
	tests/unit/test_stamp \
	tests/unit/test_textwrap \
	tests/unit/test_blockdev \
	tests/unit/test_bridges \
	tests/unit/test_chain \
	tests/unit/test_clusters \
	tests/unit/test_clusters_pure \
	tests/unit/test_coretype \
	tests/unit/test_counter \
	tests/unit/test_cpuinfo \
	tests/unit/test_cpulist \
	tests/unit/test_diskstats \
	tests/unit/test_errlist \
	tests/unit/test_live \
	tests/unit/test_experiment \
	tests/unit/test_expo \
	tests/unit/test_figfmt \
	tests/unit/test_figures \
	tests/unit/test_gzipbody \
	tests/unit/test_hints \
	tests/unit/test_history \
	tests/unit/test_interrupts \
	tests/unit/test_irqaff \
	tests/unit/test_irqbalance \
	tests/unit/test_irqcounts \
	tests/unit/test_irqcounts_diff \
	tests/unit/test_journal \
	tests/unit/test_loadavg \
	tests/unit/test_moment \
	tests/unit/test_netdev \
	tests/unit/test_normq \
	tests/unit/test_numparse \
	tests/unit/test_order \
	tests/unit/test_pciids \
	tests/unit/test_presets \
	tests/unit/test_redact \
	tests/unit/test_presets_builtin \
	tests/unit/test_procstat \
	tests/unit/test_replay \
	tests/unit/test_runmatch \
	tests/unit/test_sample \
	tests/unit/test_series \
	tests/unit/test_settings \
	tests/unit/test_snapdoc \
	tests/unit/test_snapevents \
	tests/unit/test_snapshot \
	tests/unit/test_strclean \
	tests/unit/test_thermal \
	tests/unit/test_tune \
	tests/unit/test_tunecheck \
	tests/unit/test_uevent \
	tests/unit/test_usbdesc \
	tests/unit/test_verdict \
	tests/unit/test_webconfig \
	tests/unit/test_zonemap
# libm for the Monte-Carlo's lognormal noise (the verdict itself has none)
tests_unit_test_verdict_LDADD = $(LDADD) -lm
# libpci (dlopen in benchtop) as the reference pciids is checked against
tests_unit_test_pciids_LDADD = $(LDADD) $(LIBPCI_LIBS)
# zlib's inflate (benchtop loads zlib with dlopen) to check gzipbody by
tests_unit_test_gzipbody_LDADD = $(LDADD) $(ZLIB_LIBS)
if HAVE_CHECK
check_PROGRAMS += $(UNIT_TESTS)
TESTS += $(UNIT_TESTS)
endif
