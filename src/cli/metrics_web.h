/* SPDX-License-Identifier: GPL-2.0-or-later */
/* metrics_web: `metrics --web-config FILE` read and checked before the
 * server starts: the file, and the certificate, key and CA it names. */
#ifndef BENCHTOP_METRICS_WEB_H
#define BENCHTOP_METRICS_WEB_H

#include "base/buf.h"
#include "metrics/webconfig.h"

struct metrics_web {
	struct webconfig w;
	struct buf cert, key, ca;	/* PEM texts (len 0: not given) */
};

/* Read PATH and the files it names into MW (zeroed first).  -1 to go on,
 * or the exit status 2 after one sentence on stderr (naming the line of
 * a file that does not parse); a file others can read that holds
 * password hashes is a warning. */
int metrics_web_load(struct metrics_web *mw, const char *path);

void metrics_web_fini(struct metrics_web *mw);

#endif
