/* SPDX-License-Identifier: GPL-2.0-or-later */
/* irqbalance: finds the daemon by the comm of every process under /proc,
 * as pgrep does; the comm text is judged by a pure function. */
#include "config.h"

#include "tune/irqbalance.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/numparse.h"

#define NAME "irqbalance"

bool irqbalance_comm_is(const char *buf, size_t len)
{
	/* comm ends in a newline; the kernel cuts it to 15 bytes, which
	 * "irqbalance" fits. */
	if (len && buf[len - 1] == '\n')
		len--;
	return len == strlen(NAME) && memcmp(buf, NAME, len) == 0;
}

/* The pid DIRNAME spells, or 0 when it is not a number. */
static int pid_of(const char *name)
{
	uint64_t v;

	if (*name < '1' || *name > '9' || numparse_uint(name, INT_MAX, &v))
		return 0;
	return (int)v;
}

bool irqbalance_still(const char *proc_root, int pid)
{
	char path[PATH_MAX];
	struct buf b = { 0 };
	bool is;

	snprintf(path, sizeof(path), "%s/%d/comm", proc_root, pid);
	is = pid > 0 && buf_read_file(&b, path) == 0 &&
	     irqbalance_comm_is(b.data, b.len);
	buf_free(&b);
	return is;
}

int irqbalance_find(const char *proc_root)
{
	struct buf b = { 0 };
	struct dirent *de;
	char path[PATH_MAX];
	int found = 0;
	DIR *d = opendir(proc_root);

	if (!d)
		return -errno;
	while (!found && (de = readdir(d))) {
		int pid = pid_of(de->d_name);

		if (!pid)
			continue;
		snprintf(path, sizeof(path), "%s/%d/comm", proc_root, pid);
		if (buf_read_file(&b, path) == 0 &&
		    irqbalance_comm_is(b.data, b.len))
			found = pid;
	}
	closedir(d);
	buf_free(&b);
	return found;
}

void irqbalance_look_init(struct irqbalance_look *l)
{
	memset(l, 0, sizeof(*l));
}

void irqbalance_look_fini(struct irqbalance_look *l)
{
	free(l->seen);
	irqbalance_look_init(l);
}

static int seen_cmp(const void *a, const void *b)
{
	const struct irqbalance_seen *x = a, *y = b;

	return (x->pid > y->pid) - (x->pid < y->pid);
}

/* How often the last look read PID's comm; 0 when it is new (or its pid
 * now names another process: another inode). */
static unsigned reads_before(const struct irqbalance_look *l, int pid,
			     ino_t ino)
{
	struct irqbalance_seen key = { .pid = pid }, *s;

	s = l->nseen ? bsearch(&key, l->seen, l->nseen, sizeof(key),
			       seen_cmp) : NULL;
	return s && s->ino == ino ? s->reads : 0;
}

/* Read the comm of the processes in DIR not settled in L: the new list
 * goes to NEXT (N entries); the daemon's pid, or 0. */
static int look_dir(struct irqbalance_look *l, DIR *d, const char *proc_root,
		    struct irqbalance_seen **next, size_t *n, size_t *cap)
{
	struct buf b = { 0 };
	struct dirent *de;
	char path[PATH_MAX];
	int found = 0;

	while ((de = readdir(d))) {	/* on past it: all listed */
		int pid = pid_of(de->d_name);
		struct irqbalance_seen s = { pid, de->d_ino, 0 };

		if (!pid)
			continue;
		s.reads = reads_before(l, pid, s.ino);
		if (s.reads < 2 && !found) {	/* past the daemon: unread */
			snprintf(path, sizeof(path), "%s/%d/comm", proc_root,
				 pid);
			l->reads++;
			/* the first look settles what it reads: a process
			 * new since is read at two looks */
			s.reads = l->looks ? s.reads + 1 : 2;
			if (buf_read_file(&b, path) == 0 &&
			    irqbalance_comm_is(b.data, b.len))
				found = pid;
		}
		if (*n == *cap) {
			size_t c = *cap ? *cap * 2 : 256;
			void *p = realloc(*next, c * sizeof(**next));

			if (!p)
				break;	/* unlisted: read again next time */
			*next = p;
			*cap = c;
		}
		(*next)[(*n)++] = s;
	}
	buf_free(&b);
	return found;
}

int irqbalance_look(struct irqbalance_look *l, const char *proc_root)
{
	struct irqbalance_seen *next = NULL;
	size_t n = 0, cap = 0;
	DIR *d;

	l->reads = 0;
	if (l->pid > 0) {
		l->reads = 1;
		if (irqbalance_still(proc_root, l->pid))
			return l->pid;
	}
	if (!(d = opendir(proc_root)))
		return l->pid = -errno;
	l->pid = look_dir(l, d, proc_root, &next, &n, &cap);
	closedir(d);
	l->looks++;
	if (n > 1)
		qsort(next, n, sizeof(*next), seen_cmp);
	free(l->seen);
	l->seen = next;
	l->nseen = n;
	l->cap = cap;
	return l->pid;
}
