/* SPDX-License-Identifier: GPL-2.0-or-later */
/* endsig: the signals that end benchtop by default and can be caught, so
 * that each one restores tunings and the terminal before the exit. */
#ifndef BENCHTOP_ENDSIG_H
#define BENCHTOP_ENDSIG_H

#include <signal.h>

/* Add to SET every signal whose default action ends the process and that
 * a kill(2) sends (TERM, HUP, INT, QUIT, USR1, USR2, ALRM, VTALRM, PROF,
 * XCPU, XFSZ, PIPE, POLL, PWR, STKFLT, SYS, TRAP, SIGRTMIN..SIGRTMAX);
 * not KILL and STOP, which cannot be caught, nor the faults (SEGV, BUS,
 * FPE, ILL, ABRT), whose handler must not return. */
void endsig_set(sigset_t *set);

#endif
