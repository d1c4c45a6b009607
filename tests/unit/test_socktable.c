/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for socktable: one process's sockets in the kernel's tables. */
#include "config.h"

#include <string.h>

#include "collect/socktable.h"
#include "testutil.h"

/* /proc/net/tcp of a one-off iperf3 server, as Linux 6.1 writes it: the
 * listener (0A), the control connection (01) and a client refused in
 * TIME_WAIT (06), which has no inode any more. */
static const char tcp[] =
	"  sl  local_address rem_address   st tx_queue rx_queue tr tm->when "
	"retrnsmt   uid  timeout inode\n"
	"   0: 0100007F:1451 00000000:0000 0A 00000000:00000000 00:00000000 "
	"00000000     0        0 41201 1 0000000000000000 100 0 0 10 0\n"
	"   1: 0100007F:1451 0100007F:D2F4 01 00000000:00000000 00:00000000 "
	"00000000     0        0 41305 1 0000000000000000 20 4 30 10 -1\n"
	"   2: 0100007F:1451 0100007F:D2F6 06 00000000:00000000 03:00001770 "
	"00000000     0        0 0 3 0000000000000000\n"
	"   3: 0100007F:8CA0 0100007F:1F40 01 00000000:00000000 00:00000000 "
	"00000000  1000        0 99999 1 0000000000000000 20 4 30 10 -1\n";

START_TEST(counts_the_process_sockets_by_state)
{
	const uint64_t mine[] = { 41201, 41305, 7 };

	ck_assert_uint_eq(socktable_count(tcp, strlen(tcp), mine, 3,
					  SOCKTABLE_ESTABLISHED), 1);
	ck_assert_uint_eq(socktable_count(tcp, strlen(tcp), mine, 3,
					  SOCKTABLE_ANY), 2);
	ck_assert_uint_eq(socktable_count(tcp, strlen(tcp), mine, 3, 0x0A),
			  1);
	/* another process's connection (99999) is not counted, nor the
	 * inode 0 of a socket in TIME_WAIT */
	ck_assert_uint_eq(socktable_count(tcp, strlen(tcp), mine, 2,
					  SOCKTABLE_ESTABLISHED), 1);
	ck_assert_uint_eq(socktable_count(tcp, strlen(tcp), NULL, 0,
					  SOCKTABLE_ANY), 0);
}
END_TEST

START_TEST(garbage_counts_nothing)
{
	static const char *bad[] = {
		"",
		"header only\n",
		"h\n 0: a b 01 q t r u to\n",			/* 9 words */
		"h\n 0: a b 0G q t r u to 41305\n",		/* state */
		"h\n 0: a b 01 q t r u to 41305x\n",		/* inode */
		"h\n 0: a b 01 q t r u to 99999999999999999999\n",
		"h\n\n\n 0: a b 01 q t r u to -41305\n",
	};
	const uint64_t mine[] = { 41305 };
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_uint_eq(socktable_count(bad[i], strlen(bad[i]), mine,
						  1, SOCKTABLE_ANY), 0);
	/* no newline at the end, and one good row among garbage */
	ck_assert_uint_eq(socktable_count("h\n 0: a b 01 q t r u to 41305",
					  29, mine, 1, 1), 1);
	ck_assert_uint_eq(socktable_count("h\nxx\n 0: a b 01 q t r u to "
					  "41305\n\x01\xff\n", 36, mine, 1, 1),
			  1);
}
END_TEST

START_TEST(socket_links)
{
	ck_assert_uint_eq(socktable_fd_inode("socket:[41305]"), 41305);
	ck_assert_uint_eq(socktable_fd_inode("socket:[]"), 0);
	ck_assert_uint_eq(socktable_fd_inode("socket:[12a]"), 0);
	ck_assert_uint_eq(socktable_fd_inode("socket:[12"), 0);
	ck_assert_uint_eq(socktable_fd_inode("pipe:[41305]"), 0);
	ck_assert_uint_eq(socktable_fd_inode("/dev/null"), 0);
	ck_assert_uint_eq(socktable_fd_inode(""), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("socktable");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, counts_the_process_sockets_by_state);
	tcase_add_test(tc, garbage_counts_nothing);
	tcase_add_test(tc, socket_links);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
