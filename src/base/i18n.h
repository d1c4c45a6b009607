/* SPDX-License-Identifier: GPL-2.0-or-later */
/* i18n: gettext macros for the user-facing front (tui/ and the CLI). */
#ifndef BENCHTOP_I18N_H
#define BENCHTOP_I18N_H

#include <libintl.h>
#include <locale.h>

#define _(s) gettext(s)
#define N_(s) (s)

#endif
