/* SPDX-License-Identifier: GPL-2.0-or-later */
/* irqbalance: whether the irqbalance daemon runs (it moves IRQs back after
 * they are pinned by hand). */
#ifndef BENCHTOP_IRQBALANCE_H
#define BENCHTOP_IRQBALANCE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* One process of the last look: its /proc/PID inode tells a pid used
 * again by a new process apart; its comm is read at the first two looks
 * that list it (a child renamed by its exec right after the first), or
 * once when the very first look lists it. */
struct irqbalance_seen {
	int pid;
	ino_t ino;
	unsigned reads;
};

/* The look for the daemon kept between ticks, so that a tick reads one
 * comm (the daemon's) or those of the processes new since the last. */
struct irqbalance_look {
	int pid;		/* > 0: the daemon the last look found */
	struct irqbalance_seen *seen;	/* the last look's processes, by pid */
	size_t nseen, cap;
	unsigned reads;		/* comm files the last look read */
	unsigned looks;		/* looks that listed PROC_ROOT */
};

/* Whether BUF (LEN bytes, the text of a /proc/PID/comm file) names the
 * irqbalance daemon. */
bool irqbalance_comm_is(const char *buf, size_t len);

/* The pid of a running irqbalance found under PROC_ROOT ("/proc"), 0 when
 * none runs, or -errno when PROC_ROOT cannot be listed. */
int irqbalance_find(const char *proc_root);

/* Whether PID, found before, is still the irqbalance daemon (one file
 * read, not a scan of every process). */
bool irqbalance_still(const char *proc_root, int pid);

/* An empty look (nothing seen yet), and its memory released. */
void irqbalance_look_init(struct irqbalance_look *l);
void irqbalance_look_fini(struct irqbalance_look *l);

/* The pid of a running irqbalance under PROC_ROOT as irqbalance_find
 * returns it, reading the found daemon's comm again or else only the comm
 * of processes the last looks did not settle; 0 when none runs, -errno
 * when PROC_ROOT cannot be listed. */
int irqbalance_look(struct irqbalance_look *l, const char *proc_root);

#endif
