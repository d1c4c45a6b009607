/* SPDX-License-Identifier: GPL-2.0-or-later */
/* expo: the Prometheus exposition writer - text format 0.0.4 and
 * OpenMetrics 1.0 - into a growing buffer, with label values escaped. */
#ifndef BENCHTOP_EXPO_H
#define BENCHTOP_EXPO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"

enum expo_type {
	EXPO_GAUGE,
	EXPO_COUNTER,	/* sample names end in _total */
	EXPO_INFO,	/* value 1, facts in labels; names end in _info */
};

struct expo_label {
	const char *name;
	const char *value;	/* any bytes; NULL is written as "" */
};

struct expo {
	struct buf *out;
	bool om;		/* OpenMetrics instead of 0.0.4 */
	int err;		/* first -errno (sticky), 0 */
	size_t nseries;		/* samples written */
	size_t nfamilies;	/* with at least one sample */
	/* The family begun, written out with its first sample. */
	const char *pend_name, *pend_unit, *pend_help;
	enum expo_type pend_type;
};

/* Start writing into OUT (emptied first); OM selects OpenMetrics. */
void expo_init(struct expo *e, struct buf *out, bool om);

/*
 * Begin the family whose samples are named NAME (with its _total or _info
 * suffix) of type T; UNIT is the base unit the name ends in ("bytes",
 * "hertz", ...) or NULL; HELP is one line.  Every sample up to the next
 * expo_family() belongs to it.  A family without samples is not written.
 * The strings must last until the next expo_family().
 */
void expo_family(struct expo *e, const char *name, enum expo_type t,
		 const char *unit, const char *help);

/* One sample of the current family: NAME{L...} V.  NAME is the family's
 * sample name; N may be 0. */
void expo_u64(struct expo *e, const char *name, const struct expo_label *l,
	      size_t n, uint64_t v);
void expo_double(struct expo *e, const char *name, const struct expo_label *l,
		 size_t n, double v);

/* End the exposition ("# EOF" in OpenMetrics); 0 or the first -errno. */
int expo_finish(struct expo *e);

/*
 * Append SRC (LEN bytes) to OUT as the inside of a quoted label value:
 * backslash, double quote and newline escaped as \\ \" \n, other control
 * characters and every byte of invalid UTF-8 written as '?'.  0 or
 * -ENOMEM.
 */
int expo_escape(struct buf *out, const char *src, size_t len);

/* The Content-Type of the format. */
const char *expo_content_type(bool om);

#endif
