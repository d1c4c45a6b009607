/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_report: `benchtop report FILE [--format md|csv]` - a saved session
 * as Markdown (system, results, journal) or its time series as CSV. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd_snap.h"
#include "base/i18n.h"
#include "session/snapreport.h"
#include "session/snapshot.h"

int cmd_report_main(int argc, char **argv);

static const struct cmd_snap_opt report_opts[] = {
	{ { "format", required_argument, NULL, 'f' }, N_("md|csv"),
	  N_("Markdown (the default) or CSV of the time series") },
	{ { "help", no_argument, NULL, 'h' }, NULL,
	  N_("show this help and exit") },
	{ { NULL, 0, NULL, 0 }, NULL, NULL },
};

int cmd_report_main(int argc, char **argv)
{
	static const char *const formats[] = { "md", "csv", NULL };
	struct cmd_snap_args a = { .formats = formats };
	struct snapdoc doc;
	int rc = cmd_snap_parse(argc, argv, report_opts, &a, 1);

	if (rc >= 0)
		return rc;
	if (a.help) {
		cmd_snap_usage(stdout, _("report FILE [--format md|csv]"),
			       _("Render a saved session for people: Markdown "
				 "with the system, the benchmark results and "
				 "the tuning journal, or CSV of the time "
				 "series."), report_opts);
		return EXIT_SUCCESS;
	}
	rc = cmd_snap_load_doc(a.files[0], &doc);
	if (rc)
		return rc;
	rc = a.format == 1 ? snapreport_csv(stdout, doc.doc) :
	     snapreport_markdown(stdout, &doc);
	snapdoc_fini(&doc);
	return cmd_snap_flush(rc);
}
