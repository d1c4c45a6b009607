/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tunefile: the runtime journal as the one record of every benchtop's
 * tunings.  Each change is a read-modify-write under flock: the file is
 * read again (what other processes wrote meanwhile stays), the intent is
 * saved before the write(2) and the outcome after it, so neither a second
 * benchtop nor a kill at any moment loses a change. */
#include "config.h"

#include "tune/tunefile.h"

#include <errno.h>

#include "tune/journalfile.h"

/* The file's entries into T->journal.  A file that lost entries this
 * process knows of (removed by hand) is replaced by them at the save. */
static int reload(struct tune *t)
{
	struct journal fresh;
	int rc;

	size_t i;

	journal_init(&fresh);
	rc = journalfile_load(&fresh, t->jpath);
	if (rc == 0 && fresh.n >= t->journal.n) {
		/* in place: an entry the caller points at stays where it
		 * is unless the journal grows past its room, as on an add */
		t->journal.n = 0;
		for (i = 0; rc == 0 && i < fresh.n; i++)
			if (journal_add(&t->journal, &fresh.v[i]) < 0)
				rc = -ENOMEM;
	}
	journal_fini(&fresh);
	return rc;
}

int tunefile_begin(struct tune *t)
{
	int fd, rc;

	if (t->jerr)
		return TUNE_ENOJOURNAL;
	if (!t->jpath[0] || t->depth++)
		return 0;
	fd = journalfile_lock(t->jpath);
	rc = fd < 0 ? fd : 0;
	t->lock_fd = fd;
	if (rc == 0)
		rc = reload(t);
	if (rc) {
		tunefile_end(t);
		t->jerr = rc;
		return TUNE_ENOJOURNAL;
	}
	return 0;
}

int tunefile_save(struct tune *t)
{
	int rc;

	if (!t->jpath[0] || t->lock_fd < 0)
		return t->jerr ? TUNE_ENOJOURNAL : 0;
	rc = journalfile_save(&t->journal, t->jpath);
	if (rc) {
		t->jerr = rc;
		return TUNE_ENOJOURNAL;
	}
	return 0;
}

void tunefile_end(struct tune *t)
{
	if (t->depth > 0 && --t->depth)
		return;
	t->depth = 0;
	journalfile_unlock(t->lock_fd);
	t->lock_fd = -1;
}
