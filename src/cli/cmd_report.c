/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_report: `benchtop report FILE [--format md|csv]` - a saved session
 * as Markdown (system, results, journal) or its time series as CSV. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "cli/cmd_snap.h"
#include "cli/cmdline.h"
#include "cli/commands.h"
#include "session/snapreport.h"
#include "session/snapshot.h"

int cmd_report_main(int argc, char **argv);

static const struct cliopt report_opts[] = {
	{ "format", 'f', N_("md|csv"),
	  N_("Markdown (the default) or CSV of the time series"),
	  CLIOPT_CALL_FN(cmd_snap_format) },
	{ "redact", 0, NULL,
	  N_("leave out the host name and the whole kernel command line "
	     "(values that look like secrets or serial numbers are always "
	     "left out)"),
	  CLIOPT_SET_FLAG(struct cmd_snap_args, redact) },
	CLIOPT_HELP_ROW,
	{ 0 },
};

const struct command cmd_report_entry = {
	.name = "report",
	.summary = N_("render a saved session as Markdown or CSV"),
	.synopsis = N_("report FILE [--format md|csv] [--redact]\n"
		       "       benchtop report FILE FILE ...  (one table, "
		       "Markdown)"),
	.about = N_("Render a saved session for people: Markdown with the "
		    "system, the benchmark results and the tuning journal, or "
		    "CSV of the time series."),
	.opts = report_opts,
	.epilog = N_("Exit status: 0 on success, 2 for a bad command line or "
		     "a file that is not a readable benchtop snapshot."),
	.main = cmd_report_main,
};

int cmd_report_main(int argc, char **argv)
{
	static const char *const formats[] = { "md", "csv", NULL };
	struct cmd_snap_args a = { .formats = formats };
	struct snapdoc doc;
	int rc = cmd_snap_parse(argc, argv, &cmd_report_entry, &a, 1);

	if (rc >= 0)
		return rc;
	if (a.nfiles > 1 && a.format == 1)
		return cmdline_bad("report", "%s", _("--format csv takes one "
				   "file"));
	if (a.nfiles > 1)
		return cmd_snap_multi(a.files, a.nfiles, true, false);
	rc = cmd_snap_load_doc(a.files[0], &doc);
	if (rc)
		return rc;
	rc = a.format == 1 ? snapreport_csv(stdout, doc.doc) :
	     snapreport_markdown(stdout, &doc, a.redact);
	snapdoc_fini(&doc);
	return cmd_snap_flush(rc);
}
