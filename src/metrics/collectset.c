/* SPDX-License-Identifier: GPL-2.0-or-later */
/* collectset: reads the kernel files (collect/sample, the hardware model),
 * the result files and irqbalance's presence once per minimum interval,
 * and renders the exposition in either format from that one reading. */
#include "config.h"

#include "metrics/collectset.h"

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/monoclock.h"
#include "base/stamp.h"

#include "metrics/expo.h"
#include "metrics/expo_hw.h"
#include "metrics/expo_io.h"
#include "metrics/expo_usb.h"
#include "hw/uevent.h"
#include "tune/irqbalance.h"
#include "tune/journalfile.h"

/* The exporter's reading: the whole hardware model (libusb, libpci,
 * every device: about half of a scrape) when a device folder changes, a
 * tuning is written or HW_RELOAD_S passed, as the live screen does at a
 * hotplug message; the IRQ affinities every AFF_RELOAD_S (a scrape every
 * 15 s would read every /proc/irq file each time). */
static const struct live_opts metrics_live = {
	.aff_keep_s = AFF_RELOAD_S,
	.hw_keep_s = HW_RELOAD_S,
	.watch_devices = true,
};

static double wall_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void collectset_init(struct collectset *c, const struct collectset_opts *o)
{
	memset(c, 0, sizeof(*c));
	c->o = *o;
	live_init(&c->live, &metrics_live);
	c->read_at = -1;
	c->irqbalance_at = -1;
	c->hotplug_fd = -1;
	irqbalance_look_init(&c->ib_look);
}

int collectset_hotplug(struct collectset *c)
{
	int fd = uevent_open();

	if (fd < 0)
		return fd;
	c->hotplug_fd = fd;
	c->live.o.watch_devices = false;
	c->live.o.hw_keep_s = HW_RELOAD_HOTPLUG_S;
	return 0;
}

/* The hotplug messages since the last reading: the model is read whole
 * at this one when one was about hardware, or when some were lost (the
 * socket's buffer full: ENOBUFS). A socket that fails otherwise is let
 * go, and the device folders and the minute's timer watch again (not a
 * whole reading at every scrape). */
static void take_hotplug(struct collectset *c)
{
	struct uevent ev;
	int rc;

	while (c->hotplug_fd >= 0 &&
	       (rc = uevent_read(c->hotplug_fd, &ev)) != 0) {
		if (rc < 0 || uevent_is_hw(&ev))
			live_hw_due(&c->live);
		if (rc < 0 && rc != -ENOBUFS) {
			close(c->hotplug_fd);
			c->hotplug_fd = -1;
			c->live.o.watch_devices = true;
			c->live.o.hw_keep_s = HW_RELOAD_S;
		}
	}
}

void collectset_fini(struct collectset *c)
{
	live_fini(&c->live);
	if (c->hotplug_fd >= 0)
		close(c->hotplug_fd);
	irqbalance_look_fini(&c->ib_look);
	benchres_free(&c->res);
	buf_free(&c->text[0]);
	buf_free(&c->text[1]);
	memset(c, 0, sizeof(*c));
}

/* The stamp of benchtop's runtime journal, which every tuning writes. */
static uint64_t journal_stamp(void)
{
	char journal[PATH_MAX];

	if (journalfile_path(journal, sizeof(journal)) != 0)
		return STAMP_START;
	return stamp_path(STAMP_START, journal);
}

/* Parse the result files again only when one of them changed: a large
 * folder costs seconds to parse, its fingerprint microseconds. */
static int reload_results(struct collectset *c)
{
	uint64_t stamp = benchres_stamp(c->o.results, c->o.nresults);
	int rc;

	if (c->res_loads && stamp == c->res_stamp)
		return 0;
	benchres_free(&c->res);
	if ((rc = benchres_load(&c->res, c->o.results, c->o.nresults)) != 0)
		return rc;
	c->res_stamp = stamp;
	c->res_loads++;
	return 0;
}

/* irqbalance's pid: the one found is checked each reading (its comm),
 * the processes are looked at only each HW_RELOAD_S (76 of a scrape's 130
 * file opens on this VM were /proc/PID/comm), and then as the monitor
 * looks (irqbalance_look: the comm of the processes new since the last
 * look, not of every one). */
static void find_irqbalance(struct collectset *c, double now)
{
	if (c->irqbalance_at >= 0 && now >= c->irqbalance_at &&
	    now - c->irqbalance_at < HW_RELOAD_S &&
	    (c->irqbalance <= 0 || irqbalance_still(sample_live_roots.proc,
						      c->irqbalance)))
		return;
	c->irqbalance = irqbalance_look(&c->ib_look, sample_live_roots.proc);
	c->irqbalance_at = now;
}

static int refresh(struct collectset *c, double now)
{
	int rc;

	take_hotplug(c);
	if ((rc = live_tick(&c->live, journal_stamp())) != 0)
		return rc;
	if ((rc = reload_results(c)) != 0)
		return rc;
	find_irqbalance(c, now);
	c->reads++;
	c->read_at = now;
	c->read_wall = wall_now();
	c->read_cost_s = monoclock_s() - now;
	c->fresh[0] = c->fresh[1] = false;
	return 0;
}

static void sources(struct expo *e, const struct sample_status *st)
{
	const struct { const char *name; int rc; } v[] = {
		{ "stat", st->stat }, { "diskstats", st->diskstats },
		{ "netdev", st->netdev }, { "interrupts", st->interrupts },
	};
	size_t i;

	expo_family(e, "benchtop_source_readable", EXPO_GAUGE, NULL,
		    "1 when the kernel file (/proc/stat, /proc/diskstats, "
		    "/proc/net/dev, /proc/interrupts) was read and parsed.");
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		struct expo_label l[1] = { { "source", v[i].name } };

		expo_u64(e, "benchtop_source_readable", l, 1, v[i].rc == 0);
	}
}

static void self(struct expo *e, const struct collectset *c)
{
	struct expo_label l[1] = { { "version", PACKAGE_VERSION } };

	expo_family(e, "benchtop_build_info", EXPO_INFO, NULL,
		    "The benchtop that wrote these metrics.");
	expo_u64(e, "benchtop_build_info", l, 1, 1);
	expo_family(e, "benchtop_metrics_reads_total", EXPO_COUNTER, NULL,
		    "Readings of the kernel files since the exporter started "
		    "(at most one per minimum interval).");
	expo_u64(e, "benchtop_metrics_reads_total", NULL, 0, c->reads);
	expo_family(e, "benchtop_metrics_hardware_reads_total", EXPO_COUNTER,
		    NULL, "Readings of the whole hardware model (USB, PCI, "
		    "block and network devices, chains): at a device come, gone "
		    "or changed, a tuning, and at least every 10 minutes "
		    "(every minute without hotplug messages).");
	expo_u64(e, "benchtop_metrics_hardware_reads_total", NULL, 0,
		 c->live.hw_loads);
	expo_family(e, "benchtop_metrics_read_timestamp_seconds", EXPO_GAUGE,
		    "seconds", "When the values were read (seconds since "
		    "the epoch).");
	expo_double(e, "benchtop_metrics_read_timestamp_seconds", NULL, 0,
		    c->read_wall);
	expo_family(e, "benchtop_metrics_read_duration_seconds", EXPO_GAUGE,
		    "seconds", "How long reading the kernel files took.");
	expo_double(e, "benchtop_metrics_read_duration_seconds", NULL, 0,
		    c->read_cost_s);
	if (c->o.nresults) {
		expo_family(e, "benchtop_metrics_results_loads_total",
			    EXPO_COUNTER, NULL, "Times the result files "
			    "(--results) were parsed: again only when one of "
			    "them changed.");
		expo_u64(e, "benchtop_metrics_results_loads_total", NULL, 0,
			 c->res_loads);
	}
	if (c->serving) {
		expo_family(e, "benchtop_metrics_http_gzip_bodies_total",
			    EXPO_COUNTER, NULL, "Answers gzip'ed by --listen: "
			    "at most one per reading and format, however many "
			    "scrapers asked.");
		expo_u64(e, "benchtop_metrics_http_gzip_bodies_total", NULL, 0,
			 c->http_gzips);
		expo_family(e, "benchtop_metrics_http_denied_total",
			    EXPO_COUNTER, NULL, "Requests refused for a wrong "
			    "or missing password or client certificate "
			    "(--web-config).");
		expo_u64(e, "benchtop_metrics_http_denied_total", NULL, 0,
			 c->http_denied);
	}
	expo_family(e, "benchtop_irqbalance_running", EXPO_GAUGE, NULL,
		    "1 when the irqbalance daemon runs (it moves IRQs pinned "
		    "by hand back).");
	if (c->irqbalance >= 0)
		expo_u64(e, "benchtop_irqbalance_running", NULL, 0,
			 c->irqbalance > 0);
}

static int render(struct collectset *c, bool om)
{
	const struct sample *s = live_cur(&c->live);
	struct expo e;
	int rc;

	expo_init(&e, &c->text[om], om);
	self(&e, c);
	sources(&e, &s->status);
	expo_hw_write(&e, &c->live.hw, (c->o.cpufreq ? EXPO_HW_CPUFREQ : 0) |
		      (c->o.thermal ? EXPO_HW_THERMAL : 0) |
		      (c->o.node_figures ? EXPO_HW_NODE : 0));
	expo_io_irqs(&e, s, c->o.per_cpu);
	expo_usb_write(&e, &c->live.hw.chain);
	if (c->o.io && c->o.node_figures)
		expo_io_write(&e, s);
	benchres_write(&e, &c->res);
	rc = expo_finish(&e);
	c->nseries = e.nseries;
	c->fresh[om] = rc == 0;
	return rc;
}

int collectset_get(struct collectset *c, bool om, double now,
		   const struct buf **out)
{
	int rc;

	if (c->read_at < 0 || now - c->read_at >= c->o.min_interval_s ||
	    now < c->read_at) {
		if ((rc = refresh(c, now)) != 0)
			return rc;
	}
	if (!c->fresh[om] && (rc = render(c, om)) != 0)
		return rc;
	*out = &c->text[om];
	return 0;
}
