/* SPDX-License-Identifier: GPL-2.0-or-later */
/* i18n: gettext macros for the user-facing front (tui/ and the CLI). */
#ifndef BENCHTOP_I18N_H
#define BENCHTOP_I18N_H

#include <libintl.h>
#include <locale.h>
#include <string.h>

#define _(s) gettext(s)
#define N_(s) (s)

/* NC_(CTX, S): S marked for translation in context CTX (a msgctxt), as a
 * key for i18n_pgettext: a word the screens use in two senses ("write"
 * the benchmark figure, "write" the CLI's abbreviated column) has one
 * msgid each. */
#define NC_(ctx, s) ctx "\004" s

/* The translation of KEY (an NC_ key), or its text after the context
 * when the catalogue has none. */
static inline const char *i18n_pgettext(const char *key)
{
	const char *t = gettext(key), *eot = strchr(key, '\004');

	return t == key && eot ? eot + 1 : t;
}

#endif
