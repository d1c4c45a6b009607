/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_compare: `benchtop compare A.json B.json [--format text|md|json]` -
 * what differs between two saved sessions, figure by figure. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd_snap.h"
#include "cli/cmdline.h"
#include "cli/commands.h"
#include "base/i18n.h"
#include "session/snapcompare.h"
#include "session/snapshot.h"
#include "base/strclean.h"

int cmd_compare_main(int argc, char **argv);

static const struct cliopt compare_opts[] = {
	{ "format", 'f', N_("text|md|json"),
	  N_("plain text (the default), Markdown or JSON"),
	  CLIOPT_CALL_FN(cmd_snap_format) },
	{ "all-pairs", 'a', NULL,
	  N_("compare every run of a preset and target with every run of "
	     "it in the other file (default: the latest of each)"),
	  CLIOPT_SET_FLAG(struct cmd_snap_args, all_pairs) },
	CLIOPT_HELP_ROW,
	{ 0 },
};

const struct command cmd_compare_entry = {
	.name = "compare",
	.summary = N_("compare two saved sessions figure by figure"),
	.synopsis = N_("compare A.json B.json [--format text|md|json] "
		       "[--all-pairs]\n"
		       "       benchtop compare A.json B.json C.json ... "
		       "[--format text|md|json]"),
	.about = N_("Compare two saved sessions: the system facts that "
		    "differ, and for every benchmark figure in both (runs "
		    "matched by preset and target, the latest of each) A, B, "
		    "B/A and the change in percent.  Three files or more: one "
		    "table with a column per session, each session's like "
		    "runs against the first, ratios and the verdict where "
		    "the runs allow one."),
	.opts = compare_opts,
	.epilog = N_("Exit status: 0 on success, 2 for a bad command line or "
		     "a file that is not a readable benchtop snapshot."),
	.main = cmd_compare_main,
};

static int compare(char **files, int format, bool all_pairs)
{
	static const enum snapcompare_format fmt[] = {
		SNAPCOMPARE_TEXT, SNAPCOMPARE_MD, SNAPCOMPARE_JSON };
	char na[512], nb[512];
	struct snapdoc a, b;
	struct snapcompare c;
	int rc = cmd_snap_load_doc(files[0], &a);

	if (rc == 0)
		rc = cmd_snap_load_doc(files[1], &b);
	if (rc) {
		snapdoc_fini(&a);
		return rc;
	}
	strclean_copy(na, sizeof(na), files[0], strlen(files[0]));
	strclean_copy(nb, sizeof(nb), files[1], strlen(files[1]));
	rc = snapcompare_build(&c, &a, &b, na, nb, all_pairs);
	if (rc == 0)
		rc = snapcompare_print(stdout, &c, fmt[format]);
	snapcompare_fini(&c);
	snapdoc_fini(&a);
	snapdoc_fini(&b);
	return cmd_snap_flush(rc);
}

int cmd_compare_main(int argc, char **argv)
{
	static const char *const formats[] = { "text", "md", "json", NULL };
	struct cmd_snap_args a = { .formats = formats };
	int rc = cmd_snap_parse(argc, argv, &cmd_compare_entry, &a, 2);

	if (rc >= 0)
		return rc;
	if (a.nfiles > 2 && a.all_pairs)
		return cmdline_bad("compare", "%s", _("--all-pairs compares "
				   "two files"));
	if (a.nfiles > 2)
		return cmd_snap_multi(a.files, a.nfiles, a.format == 1,
				      a.format == 2);
	return compare(a.files, a.format, a.all_pairs);
}
