/* SPDX-License-Identifier: GPL-2.0-or-later */
/* history: recent values of each device's rate, for sparklines. */
#ifndef BENCHTOP_HISTORY_H
#define BENCHTOP_HISTORY_H

#include <stddef.h>

#define HISTORY_LEN 64		/* samples kept per series */

struct history_series {
	char key[80];		/* "disk:sda", "net:eth0" */
	double v[HISTORY_LEN];	/* ring */
	size_t head;		/* next slot to write */
	size_t count;		/* valid samples, <= HISTORY_LEN */
	unsigned long seen;	/* tick of the last push */
};

struct history {
	struct history_series *s;
	size_t n;
	unsigned long tick;
	size_t *idx;		/* open-addressing index of s[] by key */
	size_t cap;		/* slots in idx: a power of 2, >= 2n */
};

/* Start a new tick; series not pushed for 60 ticks are dropped. */
void history_tick(struct history *h);

/* Append V to the series KEY (created when new); 0 or -ENOMEM. */
int history_push(struct history *h, const char *key, double v);

/* Copy up to MAX most recent values of KEY, oldest first, into OUT;
 * returns how many. */
size_t history_get(const struct history *h, const char *key, double *out,
		   size_t max);

void history_free(struct history *h);

#endif
