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

#include "cli/cmdline.h"
#include "base/i18n.h"
#include "session/snapshot.h"
#include "base/strclean.h"

static const char *clean(const char *s, char *dst, size_t size)
{
	strclean_copy(dst, size, s, strlen(s));
	return dst;
}

static int set_format(struct cmd_snap_args *a, const char *cmd,
		      const char *v)
{
	int i;

	for (i = 0; a->formats[i]; i++)
		if (strcmp(a->formats[i], v) == 0) {
			a->format = i;
			return -1;
		}
	char w[256];

	return cmdline_bad(cmd, _("unknown format '%s'"),
			    clean(v, w, sizeof(w)));
}

/* Whether OPTS offers the option with short name VAL. */
static bool lo_has(const struct cmd_snap_opt *opts, int val)
{
	for (; opts->lo.name; opts++)
		if (opts->lo.val == val)
			return true;
	return false;
}

int cmd_snap_parse(int argc, char **argv, const struct cmd_snap_opt *opts,
		   struct cmd_snap_args *a, int nfiles)
{
	struct option lo[8];
	char w[256];
	int n, c, rc;

	for (n = 0; n < 7 && opts[n].lo.name; n++)
		lo[n] = opts[n].lo;
	memset(&lo[n], 0, sizeof(lo[n]));
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":f:ha", lo, NULL)) != -1) {
		if (c == 'a' && !lo_has(opts, 'a'))
			c = '?';
		if (c == 'h')
			a->help = true;
		else if (c == 'a')
			a->all_pairs = true;
		else if (c == 'f' && (rc = set_format(a, argv[0], optarg)) >= 0)
			return rc;
		else if (c == '?')
			return cmdline_bad(argv[0], _("unknown option '%s'"),
				   clean(argv[optind - 1], w, sizeof(w)));
		else if (c == ':')
			return cmdline_bad(argv[0],
				   _("option '%s' needs a value"),
				   clean(argv[optind - 1], w, sizeof(w)));
	}
	if (a->help)
		return -1;
	if (argc - optind != nfiles)
		return cmdline_bad(argv[0], "%s", nfiles == 1 ?
				    _("give one snapshot file") :
				    _("give two snapshot files"));
	a->files = argv + optind;
	return -1;
}

void cmd_snap_usage(FILE *f, const char *synopsis, const char *what,
		    const struct cmd_snap_opt *opts)
{
	fprintf(f, _("Usage: %s %s\n%s\n\n"), PACKAGE, synopsis, what);
	for (; opts->lo.name; opts++) {
		char left[48];

		snprintf(left, sizeof(left), "-%c, --%s%s%s", opts->lo.val,
			 opts->lo.name, opts->arg ? "=" : "",
			 opts->arg ? _(opts->arg) : "");
		fprintf(f, "  %-24s %s\n", left, _(opts->help));
	}
	fputs(_("\nExit status: 0 on success, 2 for a bad command line or a "
		"file that is not a readable benchtop snapshot.\n"), f);
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
	char where[4096], err[600], shown[600];
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
	fprintf(stderr, _("%s: snapshot saved to %s\n"), PACKAGE, shown);
	return 0;
}
