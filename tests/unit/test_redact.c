/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for redact: the kernel command line of a forum post. */
#include "config.h"

#include <string.h>

#include "base/redact.h"
#include "testutil.h"

/* A Raspberry Pi's and an Android-booted board's command lines: what a
 * person needs to help stays, the serial, MAC and keys go. */
START_TEST(leaves_out_serials_and_keys)
{
	char d[512];
	const char *rpi = "coherent_pool=1M 8250.nr_uarts=0 "
		"bcm2708_fb.fbwidth=656 smsc95xx.macaddr=DC:A6:32:01:02:03 "
		"vc_mem.mem_base=0x3ec00000 console=ttyS0,115200 "
		"root=PARTUUID=1234abcd-02 rootfstype=ext4 fsck.repair=yes "
		"rootwait quiet";

	ck_assert_uint_eq(redact_cmdline(rpi, d, sizeof(d)), 1);
	ck_assert_str_eq(d, "coherent_pool=1M 8250.nr_uarts=0 "
		"bcm2708_fb.fbwidth=656 smsc95xx.macaddr=<redacted> "
		"vc_mem.mem_base=0x3ec00000 console=ttyS0,115200 "
		"root=PARTUUID=1234abcd-02 rootfstype=ext4 fsck.repair=yes "
		"rootwait quiet");
	ck_assert_uint_eq(redact_cmdline("androidboot.serialno=HT7A1B201234 "
		"wifi_password=hunter2 api-token=x ip=dhcp", d, sizeof(d)), 3);
	ck_assert_str_eq(d, "androidboot.serialno=<redacted> "
		"wifi_password=<redacted> api-token=<redacted> ip=dhcp");
}
END_TEST

/* A value that looks like a key is left out whatever its name; paths,
 * UUIDs of 32 hex digits and words stay as they are unless they look so. */
START_TEST(leaves_out_key_looking_values)
{
	char d[512];

	ck_assert_uint_eq(redact_cmdline("ds=nocloud;s=http://10.0.0.1/ "
		"cloud-init=9f86d081884c7d659a2feaa0c55ad015 "
		"init=/sbin/init isolcpus=4-7 "
		"dGhpcyBpcyBhIHNlY3JldDEy", d, sizeof(d)), 2);
	ck_assert_str_eq(d, "ds=nocloud;s=http://10.0.0.1/ "
		"cloud-init=<redacted> init=/sbin/init isolcpus=4-7 "
		"<redacted>");
	/* the keyboard layout's name and monkey= are not keys */
	ck_assert_uint_eq(redact_cmdline("keymap=de monkey=1 keyboard=us",
					 d, sizeof(d)), 0);
	ck_assert_str_eq(d, "keymap=de monkey=1 keyboard=us");
}
END_TEST

START_TEST(cuts_like_snprintf)
{
	char d[12];

	ck_assert_uint_eq(redact_cmdline("pass=x console=ttyS0", d, sizeof(d)),
			  1);
	ck_assert_str_eq(d, "pass=<redac");
	ck_assert_uint_eq(redact_cmdline("", d, sizeof(d)), 0);
	ck_assert_str_eq(d, "");
	ck_assert_uint_eq(redact_cmdline(NULL, d, sizeof(d)), 0);
	ck_assert_str_eq(d, "");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("redact");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, leaves_out_serials_and_keys);
	tcase_add_test(tc, leaves_out_key_looking_values);
	tcase_add_test(tc, cuts_like_snprintf);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
