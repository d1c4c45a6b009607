/* snapui: the monitor's side of snapshots - feeding the session recorder
 * at each tick, and w / F6 writing the whole session to a file. */
#include "config.h"

#include "snapui.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "app.h"
#include "i18n.h"
#include "journal.h"
#include "settings.h"
#include "snapshot.h"
#include "strclean.h"

void snapui_init(struct app *a)
{
	series_init(&a->series);
}

void snapui_fini(struct app *a)
{
	series_free(&a->series);
}

void snapui_tick(struct app *a)
{
	if (a->have_rates)
		snapshot_feed(&a->series, app_cur(a), &a->rates,
			      a->have_hw ? &a->hw : NULL);
}

/* Save the session to the default name; 0 or -errno, with the status
 * line saying where it went or why not. */
int snapui_save(struct app *a)
{
	struct snapshot_input in = {
		.prev = a->have_rates ? &a->samples[!a->cur] : NULL,
		.cur = a->have_rates ? app_cur(a) : NULL,
		.rates = a->have_rates ? &a->rates : NULL,
		.hw = a->have_hw ? &a->hw : NULL,
		.series = &a->series,
		.saved_at = time(NULL),
	};
	char where[4096], err[600], shown[140];
	int rc;

	/* The tuning journal; benchmark results join here once they are
	 * kept in struct app (in.results, a JSON array of objects). */
	in.journal = journal_json(&a->tune.journal);
	rc = snapshot_save(&in, NULL, a->cfg->snapshot_dir, false, where,
			   sizeof(where), err, sizeof(err));
	json_decref(in.journal);
	if (rc) {
		strclean_copy(a->message, sizeof(a->message), err,
			      strlen(err));
		return rc;
	}
	strclean_copy(shown, sizeof(shown), where, strlen(where));
	snprintf(a->message, sizeof(a->message), _("snapshot saved to %s"),
		 shown);
	return 0;
}
