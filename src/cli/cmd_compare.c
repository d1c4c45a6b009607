/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_compare: `benchtop compare A.json B.json [--format text|md|json]` -
 * what differs between two saved sessions, figure by figure. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd_snap.h"
#include "base/i18n.h"
#include "session/snapcompare.h"
#include "session/snapshot.h"
#include "base/strclean.h"

int cmd_compare_main(int argc, char **argv);

static const struct cmd_snap_opt compare_opts[] = {
	{ { "format", required_argument, NULL, 'f' }, N_("text|md|json"),
	  N_("plain text (the default), Markdown or JSON") },
	{ { "help", no_argument, NULL, 'h' }, NULL,
	  N_("show this help and exit") },
	{ { NULL, 0, NULL, 0 }, NULL, NULL },
};

static int compare(char **files, int format)
{
	static const enum snapcompare_format fmt[] = {
		SNAPCOMPARE_TEXT, SNAPCOMPARE_MD, SNAPCOMPARE_JSON };
	char na[512], nb[512];
	json_t *a = NULL, *b = NULL, *c;
	int rc = cmd_snap_load(files[0], &a);

	if (rc == 0)
		rc = cmd_snap_load(files[1], &b);
	if (rc) {
		json_decref(a);
		return rc;
	}
	strclean_copy(na, sizeof(na), files[0], strlen(files[0]));
	strclean_copy(nb, sizeof(nb), files[1], strlen(files[1]));
	c = snapcompare_json(a, b, na, nb);
	rc = c ? snapcompare_print(stdout, c, fmt[format]) : -12;
	json_decref(c);
	json_decref(a);
	json_decref(b);
	return cmd_snap_flush(rc);
}

int cmd_compare_main(int argc, char **argv)
{
	static const char *const formats[] = { "text", "md", "json", NULL };
	struct cmd_snap_args a = { .formats = formats };
	int rc = cmd_snap_parse(argc, argv, compare_opts, &a, 2);

	if (rc >= 0)
		return rc;
	if (a.help) {
		cmd_snap_usage(stdout, _("compare A.json B.json [--format "
					 "text|md|json]"),
			       _("Compare two saved sessions: the system facts "
				 "that differ, and for every benchmark figure "
				 "in both (runs matched by preset and target) "
				 "A, B, B/A and the change in percent."),
			       compare_opts);
		return EXIT_SUCCESS;
	}
	return compare(a.files, a.format);
}
