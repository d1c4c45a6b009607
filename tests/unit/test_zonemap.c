/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_zonemap: thermal zone names of real device trees mapped to the
 * clusters they measure (XU4, RK3399, RK3588, x86). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "hw/zonemap.h"
#include "testutil.h"

static char a7[] = "Cortex-A7", a15[] = "Cortex-A15", a53[] = "Cortex-A53",
	    a72[] = "Cortex-A72";

static void two(struct clusters *c, struct cluster v[2], char *lc, char *bc)
{
	memset(c, 0, sizeof(*c));
	memset(v, 0, 2 * sizeof(*v));
	v[0].core = lc;
	v[0].role = CLUSTER_ROLE_LITTLE;
	v[1].core = bc;
	v[1].role = CLUSTER_ROLE_BIG;
	for (unsigned i = 0; i < 4; i++) {
		cpuset_add(&v[0].cpus, i);
		cpuset_add(&v[1].cpus, i + 4);
	}
	c->v = v;
	c->n = 2;
}

START_TEST(xu4_zones_are_the_a15s)
{
	struct clusters c;
	struct cluster v[2];
	struct thermal_zone z[4];
	struct thermal t = { .zones = z, .nzones = 4 };
	char ty[4][16];
	int64_t mc = 0;

	two(&c, v, a7, a15);
	memset(z, 0, sizeof(z));
	for (int i = 0; i < 4; i++) {
		snprintf(ty[i], sizeof(ty[i]), "cpu%d-thermal", i);
		z[i].type = ty[i];
		z[i].has_temp = true;
		z[i].temp_mc = 50000 + 1000 * i;
	}
	ck_assert(!zonemap_covers("cpu0-thermal", &c, 0));
	ck_assert(zonemap_covers("cpu0-thermal", &c, 1));
	ck_assert(!zonemap_cluster_temp(&t, &c, 0, &mc));
	ck_assert(zonemap_cluster_temp(&t, &c, 1, &mc));
	ck_assert_int_eq(mc, 53000);
}
END_TEST

START_TEST(names)
{
	struct clusters c;
	struct cluster v[2];

	two(&c, v, a53, a72);
	/* RK3399: one SoC-wide CPU zone; RK3588 names its clusters. */
	ck_assert(zonemap_covers("cpu-thermal", &c, 0));
	ck_assert(zonemap_covers("cpu-thermal", &c, 1));
	ck_assert(zonemap_covers("soc-thermal", &c, 1));
	ck_assert(zonemap_covers("littlecore-thermal", &c, 0));
	ck_assert(!zonemap_covers("littlecore-thermal", &c, 1));
	ck_assert(zonemap_covers("bigcore0-thermal", &c, 1));
	ck_assert(!zonemap_covers("bigcore0-thermal", &c, 0));
	ck_assert(zonemap_covers("a72-thermal", &c, 1));
	ck_assert(zonemap_covers("x86_pkg_temp", &c, 0));
	/* Not a CPU zone. */
	ck_assert(!zonemap_covers("gpu-thermal", &c, 0));
	ck_assert(!zonemap_covers("gpu-thermal", &c, 1));
	ck_assert(!zonemap_covers(NULL, &c, 0));
	/* cpuN-thermal elsewhere: the cluster of CPU N. */
	ck_assert(zonemap_covers("cpu5-thermal", &c, 1));
	ck_assert(!zonemap_covers("cpu5-thermal", &c, 0));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("zonemap");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, xu4_zones_are_the_a15s);
	tcase_add_test(tc, names);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
