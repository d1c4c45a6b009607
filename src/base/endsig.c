/* SPDX-License-Identifier: GPL-2.0-or-later */
/* endsig: one list of the terminating signals for the live screen's
 * signalfd and the commands' handlers (experiment, bench). */
#include "config.h"

#include "base/endsig.h"

#include <stddef.h>

void endsig_set(sigset_t *set)
{
	static const int sigs[] = {
		SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
		SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPIPE, SIGPOLL,
		SIGPWR, SIGSYS, SIGTRAP,
#ifdef SIGSTKFLT
		SIGSTKFLT,
#endif
	};
	size_t i;
	int n;

	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaddset(set, sigs[i]);
	for (n = SIGRTMIN; n <= SIGRTMAX; n++)
		sigaddset(set, n);
}
