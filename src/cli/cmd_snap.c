/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_snap: option parsing, help and file loading shared by the snapshot
 * commands (report, compare). */
#include "config.h"

#include "cli/cmd_snap.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "base/jsondoc.h"
#include "cli/cmdline.h"
#include "cli/commands.h"
#include "base/i18n.h"
#include "session/snapmulti.h"
#include "session/snapshot.h"
#include "base/strclean.h"
#include "base/textwrap.h"

int cmd_snap_format(void *args, const char *v)
{
	struct cmd_snap_args *a = args;
	int i;

	for (i = 0; a->formats[i]; i++)
		if (strcmp(a->formats[i], v) == 0) {
			a->format = i;
			return -1;
		}
	return cmdline_bad(a->cmd, _("unknown format '%s'"), v);
}

int cmd_snap_parse(int argc, char **argv, const struct command *cmd,
		   struct cmd_snap_args *a, int nfiles)
{
	int rc;

	a->cmd = cmd->name;
	rc = cliopt_parse(cmd, argc, argv, a);
	if (rc >= 0)
		return rc;
	if (argc - optind < nfiles || argc - optind > SNAPMULTI_MAX)
		return cmdline_bad(a->cmd, nfiles == 1 ?
				   _("give one snapshot file or more (at most "
				     "%d)") : _("give two snapshot files or "
				     "more (at most %d)"), SNAPMULTI_MAX);
	a->files = argv + optind;
	a->nfiles = argc - optind;
	return -1;
}

int cmd_snap_load(const char *path, json_t **doc)
{
	char why[400], shown[512];
	int rc = snapshot_read(path, doc, why, sizeof(why));

	if (rc == 0)
		return 0;
	strclean_copy(shown, sizeof(shown), path, strlen(path));
	fprintf(stderr, "%s: %s: %s\n", PACKAGE, shown, why);
	return 2;
}

int cmd_snap_load_doc(const char *path, struct snapdoc *d)
{
	char why[400], shown[512];
	json_t *doc;
	int rc = cmd_snap_load(path, &doc);

	memset(d, 0, sizeof(*d));
	if (rc)
		return rc;
	rc = snapdoc_load(d, doc, why, sizeof(why));
	json_decref(doc);
	if (rc == 0)
		return 0;
	strclean_copy(shown, sizeof(shown), path, strlen(path));
	fprintf(stderr, "%s: %s: %s\n", PACKAGE, shown, why);
	return 2;
}

int cmd_snap_multi(char **files, int n, bool md, bool json)
{
	struct snapdoc docs[SNAPMULTI_MAX] = { 0 };
	char names[SNAPMULTI_MAX][512];
	const char *np[SNAPMULTI_MAX] = { 0 };
	json_t *t = NULL;
	int i, k, rc = 0;

	for (k = 0; k < n && rc == 0; k++) {
		rc = cmd_snap_load_doc(files[k], &docs[k]);
		strclean_copy(names[k], sizeof(names[k]), files[k],
			      strlen(files[k]));
		np[k] = names[k];
	}
	if (rc == 0)
		t = snapmulti_build(docs, np, (size_t)n);
	for (i = 0; i < k; i++)
		snapdoc_fini(&docs[i]);
	if (rc)
		return rc;
	if (!t)
		return cmd_snap_flush(-ENOMEM);
	if (json) {
		t = jsondoc_wrap("sessions", time(NULL), t);
		rc = t && json_dumpf(t, stdout, JSON_INDENT(2) |
				     JSON_PRESERVE_ORDER) == 0 ? 0 : -EIO;
		fputc('\n', stdout);
	} else {
		rc = snapmulti_print(stdout, t, md);
	}
	json_decref(t);
	return cmd_snap_flush(rc);
}

int cmd_snap_flush(int rc)
{
	if (fflush(stdout) || ferror(stdout) || rc) {
		fprintf(stderr, _("%s: could not write the output: %s\n"),
			PACKAGE, strerror(rc ? -rc : errno ? errno : EIO));
		return EXIT_FAILURE;
	}
	return EXIT_SUCCESS;
}

int cmd_snap_once(const char *path, bool force, const struct sample *prev,
		  const struct sample *cur, const struct sample_rates *r,
		  const struct hwmodel *hw)
{
	struct snapshot_input in = { .prev = prev, .cur = cur, .rates = r,
				     .hw = hw, .saved_at = time(NULL) };
	char where[4096], err[600], shown[600], line[800];
	struct series s;
	struct stat st;
	bool dir = stat(path, &st) == 0 && S_ISDIR(st.st_mode);
	int rc;

	series_init(&s);
	rc = snapshot_feed(&s, cur, r, hw);
	in.series = &s;
	if (rc == 0)
		rc = snapshot_save(&in, dir ? NULL : path, dir ? path : NULL,
				   force, where, sizeof(where), err,
				   sizeof(err));
	else
		snprintf(err, sizeof(err), "%s", strerror(-rc));
	series_free(&s);
	if (rc) {
		fprintf(stderr, "%s: %s\n", PACKAGE, err);
		return rc;
	}
	strclean_copy(shown, sizeof(shown), where, strlen(where));
	snprintf(line, sizeof(line), _("%s: snapshot saved to %s\n"), PACKAGE,
		 shown);
	textwrap_put_path(stderr, 80, line, shown);
	return 0;
}
