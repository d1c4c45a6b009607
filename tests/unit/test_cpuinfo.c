/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for cpuinfo: /proc/cpuinfo of an ODROID-XU3 (3.10), an Exynos 5250
 * (3.x, one "CPU part" for all), an RK3399 (arm64) and an x86 VM. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hw/cpuinfo.h"
#include "testutil.h"

START_TEST(xu3_parts_per_processor)
{
	size_t len;
	char *buf = testutil_load("odroid-xu4/xu3_3.10_proc_cpuinfo", &len);
	struct cpuinfo ci;
	struct cpuinfo_cpu c;

	ck_assert_int_eq(cpuinfo_parse(buf, len, &ci), 8);
	ck_assert(cpuinfo_get(&ci, 0, &c));
	ck_assert_int_eq(c.part, 0xc07);
	ck_assert_int_eq(c.implementer, 0x41);
	ck_assert_str_eq(c.model_name, "ARMv7 Processor rev 3 (v7l)");
	ck_assert(cpuinfo_get(&ci, 3, &c));
	ck_assert_int_eq(c.part, 0xc07);
	ck_assert(cpuinfo_get(&ci, 4, &c));
	ck_assert_int_eq(c.part, 0xc0f);
	ck_assert(cpuinfo_get(&ci, 7, &c));
	ck_assert_int_eq(c.part, 0xc0f);
	ck_assert(!cpuinfo_get(&ci, 8, &c));
	ck_assert_str_eq(ci.hardware, "ODROID-XU3");
	ck_assert_ptr_null(ci.model);
	cpuinfo_free(&ci);
	free(buf);
}
END_TEST

START_TEST(exynos5250_common_part)
{
	size_t len;
	char *buf = testutil_load("exynos5250/proc_cpuinfo", &len);
	struct cpuinfo ci;
	struct cpuinfo_cpu c;

	/* Pre-3.8 layout: "Processor" above "processor : 0", and the CPU
	 * part once for both CPUs after the last block. */
	ck_assert_int_eq(cpuinfo_parse(buf, len, &ci), 2);
	ck_assert(cpuinfo_get(&ci, 1, &c));
	ck_assert_int_eq(c.part, 0xc0f);
	ck_assert_int_eq(c.implementer, 0x41);
	ck_assert_str_eq(c.model_name, "ARMv7 Processor rev 4 (v7l)");
	ck_assert(cpuinfo_get(&ci, 0, &c));
	ck_assert_int_eq(c.part, 0xc0f);
	ck_assert_str_eq(ci.hardware,
			 "SAMSUNG EXYNOS5 (Flattened Device Tree)");
	cpuinfo_free(&ci);
	free(buf);
}
END_TEST

START_TEST(rk3399_two_kinds)
{
	size_t len;
	char *buf = testutil_load("rk3399/proc_cpuinfo", &len);
	struct cpuinfo ci;
	struct cpuinfo_cpu c;

	ck_assert_int_eq(cpuinfo_parse(buf, len, &ci), 6);
	ck_assert(cpuinfo_get(&ci, 3, &c));
	ck_assert_int_eq(c.part, 0xd03);
	ck_assert(cpuinfo_get(&ci, 4, &c));
	ck_assert_int_eq(c.part, 0xd08);
	ck_assert_ptr_null(c.model_name);
	ck_assert_ptr_null(ci.hardware);
	cpuinfo_free(&ci);
	free(buf);
}
END_TEST

START_TEST(x86_model_name)
{
	size_t len;
	char *buf = testutil_load("x86/vm2_proc_cpuinfo", &len);
	struct cpuinfo ci;
	struct cpuinfo_cpu c;

	ck_assert_int_eq(cpuinfo_parse(buf, len, &ci), 2);
	ck_assert(cpuinfo_get(&ci, 1, &c));
	ck_assert_str_eq(c.model_name, "Intel(R) Xeon(R) Processor");
	ck_assert_int_eq(c.part, -1);
	ck_assert_int_eq(c.implementer, -1);
	cpuinfo_free(&ci);
	free(buf);
}
END_TEST

START_TEST(raspberry_pi_model_line)
{
	const char *s = "processor\t: 0\nCPU part\t: 0xd08\n\n"
			"Hardware\t: BCM2835\nRevision\t: c03114\n"
			"Model\t\t: Raspberry Pi 4 Model B Rev 1.4\n";
	struct cpuinfo ci;

	ck_assert_int_eq(cpuinfo_parse(s, strlen(s), &ci), 1);
	ck_assert_str_eq(ci.model, "Raspberry Pi 4 Model B Rev 1.4");
	ck_assert_str_eq(ci.hardware, "BCM2835");
	cpuinfo_free(&ci);
}
END_TEST

START_TEST(blocks_without_blank_lines)
{
	const char *s = "processor : 0\nCPU part : 0xc09\n"
			"processor : 1\nCPU part : 0xc05\n";
	struct cpuinfo ci;
	struct cpuinfo_cpu c;

	ck_assert_int_eq(cpuinfo_parse(s, strlen(s), &ci), 2);
	ck_assert(cpuinfo_get(&ci, 1, &c));
	ck_assert_int_eq(c.part, 0xc05);
	cpuinfo_free(&ci);
}
END_TEST

START_TEST(empty_and_blank)
{
	struct cpuinfo ci;

	ck_assert_int_eq(cpuinfo_parse("", 0, &ci), 0);
	cpuinfo_free(&ci);
	ck_assert_int_eq(cpuinfo_parse("\n\n  \n", 5, &ci), 0);
	cpuinfo_free(&ci);
}
END_TEST

START_TEST(truncated_mid_line)
{
	size_t len;
	char *buf = testutil_load("odroid-xu4/xu3_3.10_proc_cpuinfo", &len);
	const char *cut = strstr(buf, "CPU part");
	struct cpuinfo ci;

	/* "...CPU pa": a line without ':' on line 8. */
	ck_assert_int_eq(cpuinfo_parse(buf, (size_t)(cut - buf) + 6, &ci),
			 -EINVAL);
	ck_assert_uint_eq(ci.err_line, 8);
	ck_assert_ptr_null(ci.cpus);
	/* Cut right after "0x": not a number. */
	ck_assert_int_eq(cpuinfo_parse(buf, (size_t)(cut - buf) + 13, &ci),
			 -EINVAL);
	free(buf);
}
END_TEST

START_TEST(garbage_and_bad_numbers)
{
	struct cpuinfo ci;
	const char *g = "\x7f" "ELF\x01\x02garbage\n";
	const char *dup = "processor : 0\n\nprocessor : 0\n";
	const char *huge = "processor : 184467440737095516160\n";
	const char *big = "processor : 1024\n";
	const char *neg = "processor : -1\n";
	const char *part = "processor : 0\nCPU part : 0xfffff\n";

	ck_assert_int_eq(cpuinfo_parse(g, strlen(g), &ci), -EINVAL);
	ck_assert_int_eq(cpuinfo_parse(dup, strlen(dup), &ci), -EINVAL);
	ck_assert_uint_eq(ci.err_line, 3);
	ck_assert_int_eq(cpuinfo_parse(huge, strlen(huge), &ci), -ERANGE);
	ck_assert_int_eq(cpuinfo_parse(big, strlen(big), &ci), -ERANGE);
	ck_assert_int_eq(cpuinfo_parse(neg, strlen(neg), &ci), -EINVAL);
	ck_assert_int_eq(cpuinfo_parse(part, strlen(part), &ci), -EINVAL);
}
END_TEST

START_TEST(long_line_and_escapes)
{
	size_t n = 200000, i;
	char *s = malloc(n + 64);
	struct cpuinfo ci;
	struct cpuinfo_cpu c;

	strcpy(s, "processor : 0\nmodel name : ");
	i = strlen(s);
	memset(s + i, 'A', n);
	s[i + 3] = '\x1b';
	strcpy(s + i + n, "\n");
	ck_assert_int_eq(cpuinfo_parse(s, strlen(s), &ci), 1);
	ck_assert(cpuinfo_get(&ci, 0, &c));
	ck_assert_uint_eq(strlen(c.model_name), n);
	ck_assert_int_eq(c.model_name[3], '?');
	cpuinfo_free(&ci);
	free(s);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("cpuinfo");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, xu3_parts_per_processor);
	tcase_add_test(tc, exynos5250_common_part);
	tcase_add_test(tc, rk3399_two_kinds);
	tcase_add_test(tc, x86_model_name);
	tcase_add_test(tc, raspberry_pi_model_line);
	tcase_add_test(tc, blocks_without_blank_lines);
	tcase_add_test(tc, empty_and_blank);
	tcase_add_test(tc, truncated_mid_line);
	tcase_add_test(tc, garbage_and_bad_numbers);
	tcase_add_test(tc, long_line_and_escapes);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
