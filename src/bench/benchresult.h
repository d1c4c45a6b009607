/* SPDX-License-Identifier: GPL-2.0-or-later */
/* benchresult: one benchmark result (doc/bench.md, doc/schema/result.json)
 * as a C struct - preset, target, figures with units, the iozone grid and
 * the conditions - loaded from its JSON document with every type checked. */
#ifndef BENCHTOP_BENCHRESULT_H
#define BENCHTOP_BENCHRESULT_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

/* Strings point into the loaded document (DOC, held by the struct): NULL
 * when the key is missing or null.  Numbers are NAN when missing or null.
 * Strings stay as the document has them (control and bidi characters
 * included); whoever shows one cleans it. */

enum benchresult_status {
	BENCHRESULT_OK,
	BENCHRESULT_FAILED,
	BENCHRESULT_CANCELLED,
	BENCHRESULT_TIMEOUT,
	BENCHRESULT_UNKNOWN,	/* missing, or a word this version lacks */
};

struct benchresult_figure {
	const char *name, *unit;	/* "" when missing */
	double value;
	bool main;
	bool count;		/* a whole number in the document */
};

/* iozone's grid: the column titles, then rows of numbers (NAN: none). */
struct benchresult_row {
	double *v;
	size_t n;
};

struct benchresult_table {
	bool present;
	const char **columns;	/* NULL for a title that is null */
	size_t ncolumns;
	struct benchresult_row *rows;
	size_t nrows;
};

struct benchresult_usb {
	bool present;
	const char *device, *speed, *driver, *bridge, *product;
	int uas;		/* 1, 0, or -1 when not said */
};

struct benchresult_irq {
	long long irq;		/* 0 when not an integer */
	const char *action, *affinity;
	long long top_cpu;
	bool has_top_cpu;
};

/* A disk or a network interface with its USB link and IRQs. */
struct benchresult_chain {
	const char *name;
	struct benchresult_usb usb;
	struct benchresult_irq *irqs;
	size_t nirqs;
};

enum benchresult_where {
	BENCHRESULT_WHERE_NONE,
	BENCHRESULT_WHERE_FOLDER,	/* the target has "fstype" */
	BENCHRESULT_WHERE_DEVICE,	/* "device_path" */
	BENCHRESULT_WHERE_HOST,		/* "host" (iperf) */
};

struct benchresult_target {
	enum benchresult_where where;
	const char *path, *mountpoint, *fstype, *source, *device_path;
	const char *host;
	struct benchresult_chain disk;	/* name: "disk"; usb and irqs */
	struct benchresult_chain *ifs;	/* iperf: the interfaces */
	size_t nifs;
};

struct benchresult_cluster {
	long long policy;
	const char *cpus, *governor;
	double cur_khz, max_khz;
	bool throttled;
};

struct benchresult_cond {
	bool present;
	const char *time_start, *time_end, *kernel, *machine, *hostname;
	const char *board;
	double duration_s;
	struct benchresult_target target;
	struct benchresult_cluster *start, *end;
	size_t nstart, nend;
	double temp_min_c, temp_max_c;
	int throttled;		/* 1, 0, or -1 when not said */
	long long *throttled_policies;
	size_t nthrottled_policies;
};

/* What the readers use of "settings" and "details". */
struct benchresult_settings {
	const char *io;
	long long size_bytes, file_bytes;	/* -1 when not an integer */
	double duration_s;
	bool reverse, udp;	/* iperf's -R and -u */
};

struct benchresult_details {
	double bytes, write_s, read_s;
	const char *device;
};

/* One per-second line of an iperf run ("intervals"): seconds from the
 * start, bytes moved and bits per second (NAN when missing). */
struct benchresult_interval {
	double start, end, bytes, bps;
};

struct benchresult {
	json_t *doc;		/* the document (a reference held) */
	const char *preset, *kind, *target, *status, *error;
	enum benchresult_status st;
	int port;		/* 0 when none */
	struct benchresult_figure *figs;
	size_t nfigs;
	struct benchresult_table table;
	struct benchresult_interval *ivals;	/* iperf's per-second lines */
	size_t nivals;
	struct benchresult_settings settings;
	struct benchresult_details details;
	struct benchresult_cond cond;
};

/* Whether DOC is a run's result (it has a "figures" list) rather than a
 * snapshot's seed result of another shape. */
bool benchresult_is_run(const json_t *doc);

/* Load result document DOC into R (R holds a reference to DOC).  0, or
 * -EINVAL with one sentence in ERR naming the key of a wrong type (R is
 * then empty), or -ENOMEM. */
int benchresult_load(struct benchresult *r, json_t *doc, char *err,
		     size_t errsize);

/* A new result loaded from DOC, or NULL (ERR says why). */
struct benchresult *benchresult_new(json_t *doc, char *err, size_t errsize);

/* The document R was loaded from, as it came (the writer's input for a
 * snapshot's "results"); borrowed. */
json_t *benchresult_doc(const struct benchresult *r);

/* The first figure called NAME, or NULL. */
const struct benchresult_figure *
benchresult_figure(const struct benchresult *r, const char *name);

/* The unit of figure NAME of result document DOC ("" when it has none)
 * without loading the rest; NULL when DOC has no such figure with a
 * number.  For a reader that needs one unit per figure of many results
 * (the metrics exporter). */
const char *benchresult_unit(const json_t *doc, const char *name);

/* S, or DFLT when S is NULL. */
static inline const char *benchresult_or(const char *s, const char *dflt)
{
	return s ? s : dflt;
}

void benchresult_fini(struct benchresult *r);
void benchresult_free(struct benchresult *r);

#endif
