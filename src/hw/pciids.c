/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pciids: one pass over pci.ids - "vvvv  vendor", then "\tdddd  device"
 * lines under it (subsystems, "\t\t", and the "C " classes skipped). */
#include "config.h"

#include "hw/pciids.h"

#include <stdio.h>
#include <string.h>

#include "base/numparse.h"

/* "xxxx  name" at P (N bytes, no newline): the id, the name's start and
 * length; false when the line is not one. */
static bool id_line(const char *p, size_t n, unsigned *id, const char **name,
		    size_t *nlen)
{
	size_t i;
	int v;

	if (n < 6)
		return false;
	for (*id = 0, i = 0; i < 4; i++) {
		if ((v = numparse_hexdigit(p[i])) < 0)
			return false;
		*id = *id << 4 | (unsigned)v;
	}
	if (p[4] != ' ' && p[4] != '\t')
		return false;
	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	while (n > i && (p[n - 1] == '\r' || p[n - 1] == ' '))
		n--;
	*name = p + i;
	*nlen = n - i;
	return *nlen > 0;
}

/* The device line P under vendor VENDOR (VNAME, VLEN): fill the queries
 * it answers. */
static void match_device(const char *p, size_t n, unsigned vendor,
			 const char *vname, size_t vlen,
			 struct pciids_query *q, size_t nq)
{
	const char *name;
	size_t nlen, i;
	unsigned id;

	if (!id_line(p, n, &id, &name, &nlen))
		return;
	for (i = 0; i < nq; i++)
		if (!q[i].found && q[i].vendor == vendor && q[i].device == id) {
			snprintf(q[i].name, sizeof(q[i].name), "%.*s %.*s",
				 (int)vlen, vname, (int)nlen, name);
			q[i].found = true;
		}
}

static bool wanted(unsigned vendor, const struct pciids_query *q, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!q[i].found && q[i].vendor == vendor)
			return true;
	return false;
}

void pciids_lookup(const char *buf, size_t len, struct pciids_query *q,
		   size_t n)
{
	const char *p = buf, *end = buf + len, *nl, *vname = NULL;
	size_t ll, vlen = 0, i;
	unsigned vendor = 0, id;
	bool in = false;

	for (i = 0; i < n; i++)
		q[i].found = false;
	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		ll = (size_t)(nl - p);
		if (ll == 0 || *p == '#')
			continue;
		if (*p != '\t') {	/* a vendor, or the classes: "C 0c" */
			if (p[0] == 'C' && ll > 1 && p[1] == ' ')
				break;
			in = id_line(p, ll, &id, &vname, &vlen) &&
			     wanted(id, q, n);
			vendor = id;
		} else if (in && ll > 1 && p[1] != '\t') {
			match_device(p + 1, ll - 1, vendor, vname, vlen, q, n);
		}
	}
}
