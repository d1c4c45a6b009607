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

# The units' settings (data/default/benchtop-metrics, every line commented
# out): in /etc/default on a Debian system, where dpkg keeps it as a conffile.
defaultdir = $(sysconfdir)/default
dist_default_DATA = data/default/benchtop-metrics data/default/benchtop-serve

# The Prometheus mixin: alerting rules and a Grafana dashboard over the
# metrics (doc/metrics.md), for rule_files: and Grafana's import.
prometheusdir = $(pkgdatadir)/prometheus
dist_prometheus_DATA = data/prometheus/benchtop.rules.yml \
	data/prometheus/benchtop-dashboard.json

# ---- systemd units: the /metrics service, the textfile service and its
# timer (data/systemd); --with-systemdsystemunitdir=no leaves them out.
# Under distcheck the prefix is a temporary folder: the units go below it.
AM_DISTCHECK_CONFIGURE_FLAGS = \
	--with-systemdsystemunitdir='$${libdir}/systemd/system'
SYSTEMD_UNITS_IN = data/systemd/benchtop-metrics.service.in \
	data/systemd/benchtop-textfile.service.in \
	data/systemd/benchtop-serve.service.in
SYSTEMD_UNITS = data/systemd/benchtop-metrics.service \
	data/systemd/benchtop-textfile.service \
	data/systemd/benchtop-serve.service
EXTRA_DIST += $(SYSTEMD_UNITS_IN) data/systemd/benchtop-textfile.timer
CLEANFILES += $(SYSTEMD_UNITS)
if HAVE_SYSTEMD
systemdsystemunit_DATA = $(SYSTEMD_UNITS) data/systemd/benchtop-textfile.timer
endif
# the units name the installed program: bindir is known at make time
edit_unit = sed -e 's|@bindir[@]|$(bindir)|g' -e 's|@sysconfdir[@]|$(sysconfdir)|g'
data/systemd/benchtop-metrics.service: $(srcdir)/data/systemd/benchtop-metrics.service.in Makefile
	$(AM_V_GEN)$(MKDIR_P) data/systemd && \
	$(edit_unit) $(srcdir)/data/systemd/benchtop-metrics.service.in > $@.tmp && mv $@.tmp $@
data/systemd/benchtop-textfile.service: $(srcdir)/data/systemd/benchtop-textfile.service.in Makefile
	$(AM_V_GEN)$(MKDIR_P) data/systemd && \
	$(edit_unit) $(srcdir)/data/systemd/benchtop-textfile.service.in > $@.tmp && mv $@.tmp $@
data/systemd/benchtop-serve.service: $(srcdir)/data/systemd/benchtop-serve.service.in Makefile
	$(AM_V_GEN)$(MKDIR_P) data/systemd && \
	$(edit_unit) $(srcdir)/data/systemd/benchtop-serve.service.in > $@.tmp && mv $@.tmp $@
all-local: $(SYSTEMD_UNITS)
