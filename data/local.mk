# SPDX-License-Identifier: GPL-2.0-or-later
# data/: the files benchtop reads at run time (presets, USB bridges), the
# bash completion and the systemd units
# (included by Makefile.am; paths are from the top of the tree)
dist_pkgdata_DATA = data/usb-bridges.conf data/presets.conf
# bash completion, in bash-completion's completionsdir (configure)
if WITH_BASH_COMPLETION
bashcompletiondir = $(BASH_COMPLETION_DIR)
dist_bashcompletion_DATA = data/bash-completion/benchtop
else
EXTRA_DIST += data/bash-completion/benchtop
endif
# Beside the uninstalled binary: where the source tree's data/ is, so that
# a build (in the source folder or any other) reads the tree's data files.
# Never installed; an installed binary reads PKGDATADIR.
noinst_DATA = benchtop.datadir
CLEANFILES += benchtop.datadir
benchtop.datadir: Makefile
	$(AM_V_GEN)(cd '$(top_srcdir)/data' && pwd) > $@-t && mv $@-t $@

# ---- systemd units: the /metrics service, the textfile service and its
# timer (data/systemd); --with-systemdsystemunitdir=no leaves them out.
# Under distcheck the prefix is a temporary folder: the units go below it.
AM_DISTCHECK_CONFIGURE_FLAGS = \
	--with-systemdsystemunitdir='$${libdir}/systemd/system'
SYSTEMD_UNITS_IN = data/systemd/benchtop-metrics.service.in \
	data/systemd/benchtop-textfile.service.in
SYSTEMD_UNITS = data/systemd/benchtop-metrics.service \
	data/systemd/benchtop-textfile.service
EXTRA_DIST += $(SYSTEMD_UNITS_IN) data/systemd/benchtop-textfile.timer
CLEANFILES += $(SYSTEMD_UNITS)
if HAVE_SYSTEMD
systemdsystemunit_DATA = $(SYSTEMD_UNITS) data/systemd/benchtop-textfile.timer
endif
# the units name the installed program: bindir is known at make time
edit_unit = sed -e 's|@bindir[@]|$(bindir)|g'
data/systemd/benchtop-metrics.service: $(srcdir)/data/systemd/benchtop-metrics.service.in Makefile
	$(AM_V_GEN)$(MKDIR_P) data/systemd && \
	$(edit_unit) $(srcdir)/data/systemd/benchtop-metrics.service.in > $@.tmp && mv $@.tmp $@
data/systemd/benchtop-textfile.service: $(srcdir)/data/systemd/benchtop-textfile.service.in Makefile
	$(AM_V_GEN)$(MKDIR_P) data/systemd && \
	$(edit_unit) $(srcdir)/data/systemd/benchtop-textfile.service.in > $@.tmp && mv $@.tmp $@
all-local: $(SYSTEMD_UNITS)
