/* SPDX-License-Identifier: GPL-2.0-or-later */
/* zonemap: thermal zones to clusters by the names device trees give them:
 * "little"/"big"/"mid" and core names (a7, a15, a53, a72...) pick a role,
 * "cpuN-thermal" the cluster of CPU N (on the Exynos 5422 of the XU3, XU4
 * and HC1 its four TMU sensors all sit on the A15 cluster), "cpu-thermal",
 * "soc-thermal" and "x86_pkg_temp" cover every cluster. */
#include "config.h"

#include "hw/zonemap.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *word;
	enum cluster_role role;
} role_words[] = {
	{ "little", CLUSTER_ROLE_LITTLE }, { "a7-", CLUSTER_ROLE_LITTLE },
	{ "a53", CLUSTER_ROLE_LITTLE }, { "a55", CLUSTER_ROLE_LITTLE },
	{ "mid", CLUSTER_ROLE_MEDIUM }, { "medium", CLUSTER_ROLE_MEDIUM },
	{ "big", CLUSTER_ROLE_BIG }, { "a15", CLUSTER_ROLE_BIG },
	{ "a57", CLUSTER_ROLE_BIG }, { "a72", CLUSTER_ROLE_BIG },
	{ "a73", CLUSTER_ROLE_BIG }, { "a76", CLUSTER_ROLE_BIG },
};

static const char *const whole_soc[] = {
	"cpu-thermal", "cpu_thermal", "soc-thermal", "soc_thermal",
	"x86_pkg_temp", "cpu", "soc",
};

/* Whether the clusters are the Exynos 542x pair: Cortex-A7 and -A15. */
static bool exynos542x(const struct clusters *c)
{
	bool a7 = false, a15 = false;
	size_t i;

	for (i = 0; i < c->n; i++) {
		const char *core = c->v[i].core ? c->v[i].core : "";

		a7 = a7 || strcmp(core, "Cortex-A7") == 0;
		a15 = a15 || strcmp(core, "Cortex-A15") == 0;
	}
	return a7 && a15;
}

/* "cpuN-thermal": N, or -1. */
static int cpu_number(const char *t)
{
	char *end;
	long n;

	if (strncmp(t, "cpu", 3) || !isdigit((unsigned char)t[3]))
		return -1;
	n = strtol(t + 3, &end, 10);
	return strncmp(end, "-thermal", 8) || n > 4095 ? -1 : (int)n;
}

bool zonemap_covers(const char *type, const struct clusters *c, size_t k)
{
	const struct cluster *cl = &c->v[k];
	char t[64];
	size_t i;
	int n;

	for (i = 0; type && type[i] && i + 1 < sizeof(t); i++)
		t[i] = (char)tolower((unsigned char)type[i]);
	t[i] = '\0';
	for (i = 0; i < sizeof(whole_soc) / sizeof(whole_soc[0]); i++)
		if (strcmp(t, whole_soc[i]) == 0)
			return true;
	if ((n = cpu_number(t)) >= 0)
		return exynos542x(c) ? cl->role == CLUSTER_ROLE_BIG :
		       cpuset_has(&cl->cpus, (unsigned)n);
	for (i = 0; i < sizeof(role_words) / sizeof(role_words[0]); i++)
		if (strstr(t, role_words[i].word))
			return cl->role == role_words[i].role;
	return false;
}

bool zonemap_cluster_temp(const struct thermal *t, const struct clusters *c,
			  size_t k, int64_t *mc)
{
	bool found = false;
	size_t i;

	for (i = 0; i < t->nzones; i++) {
		const struct thermal_zone *z = &t->zones[i];

		if (!z->has_temp || !zonemap_covers(z->type, c, k))
			continue;
		if (!found || z->temp_mc > *mc)
			*mc = z->temp_mc;
		found = true;
	}
	return found;
}
