/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for uevent: the kernel's and libudev's hotplug messages. */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "hw/uevent.h"
#include "testutil.h"

/* A message as the kernel sends it (strings joined by NULs). */
static const char kern[] =
	"remove@/devices/pci0000:00/0000:00:14.0/usb1/1-2\0"
	"ACTION=remove\0DEVPATH=/devices/pci0000:00/0000:00:14.0/usb1/1-2\0"
	"SUBSYSTEM=usb\0DEVNAME=bus/usb/001/004\0DEVTYPE=usb_device\0"
	"PRODUCT=174c/55aa/100\0SEQNUM=4711";

START_TEST(kernel_form)
{
	struct uevent ev;

	ck_assert_int_eq(uevent_parse(kern, sizeof(kern) - 1, &ev), 0);
	ck_assert_str_eq(ev.action, "remove");
	ck_assert_str_eq(ev.subsystem, "usb");
	ck_assert_str_eq(ev.devtype, "usb_device");
	ck_assert_str_eq(ev.devname, "bus/usb/001/004");
	ck_assert_str_eq(ev.name, "1-2");
	ck_assert(uevent_is_hw(&ev));
}
END_TEST

/* libudev's form (umockdev's): a 40-byte header, then the properties. */
START_TEST(libudev_form)
{
	static const char props[] = "ACTION=add\0DEVPATH=/devices/virtual/"
		"block/sdb\0SUBSYSTEM=block\0DEVNAME=/dev/sdb\0DEVTYPE=disk";
	char msg[40 + sizeof(props)];
	uint32_t off = 40, plen = sizeof(props), magic = 0xcafeedfe;
	struct uevent ev;

	memset(msg, 0, sizeof(msg));
	memcpy(msg, "libudev", 8);
	memcpy(msg + 8, &magic, 4);
	memcpy(msg + 16, &off, 4);
	memcpy(msg + 20, &plen, 4);
	memcpy(msg + 40, props, sizeof(props));
	ck_assert_int_eq(uevent_parse(msg, sizeof(msg), &ev), 0);
	ck_assert_str_eq(ev.action, "add");
	ck_assert_str_eq(ev.devname, "sdb");
	ck_assert_str_eq(ev.name, "sdb");
	ck_assert(uevent_is_hw(&ev));
}
END_TEST

START_TEST(names_and_kinds)
{
	static const char net[] = "add@/devices/virtual/net/veth0\0"
		"ACTION=add\0DEVPATH=/devices/virtual/net/veth0\0"
		"SUBSYSTEM=net\0INTERFACE=veth0\0IFINDEX=9";
	static const char iface[] = "add@/x/1-2/1-2:1.0\0ACTION=add\0"
		"DEVPATH=/x/1-2/1-2:1.0\0SUBSYSTEM=usb\0INTERFACE=8/6/80";
	static const char mem[] = "online@/devices/system/memory/memory9\0"
		"ACTION=online\0DEVPATH=/devices/system/memory/memory9\0"
		"SUBSYSTEM=memory";
	struct uevent ev;

	ck_assert_int_eq(uevent_parse(net, sizeof(net) - 1, &ev), 0);
	ck_assert_str_eq(ev.name, "veth0");
	ck_assert(uevent_is_hw(&ev));
	ck_assert_int_eq(uevent_parse(iface, sizeof(iface) - 1, &ev), 0);
	ck_assert_str_eq(ev.name, "1-2:1.0");	/* not INTERFACE */
	ck_assert_int_eq(uevent_parse(mem, sizeof(mem) - 1, &ev), 0);
	ck_assert(!uevent_is_hw(&ev));
}
END_TEST

/* Whether message M of N bytes, which parses, changes the model. */
static bool is_hw(const char *m, size_t n)
{
	struct uevent ev;

	ck_assert_int_eq(uevent_parse(m, n, &ev), 0);
	return uevent_is_hw(&ev);
}

/* A trip crossed (gov_user_space.c's message) leaves the zones as they
 * are; a zone that comes or goes does not. */
START_TEST(thermal_trip_is_not_hw)
{
	static const char trip[] = "change@/devices/virtual/thermal/"
		"thermal_zone0\0ACTION=change\0DEVPATH=/devices/virtual/"
		"thermal/thermal_zone0\0SUBSYSTEM=thermal\0NAME=cpu-thermal"
		"\0TEMP=70000\0TRIP=0\0EVENT=2";
	static const char add[] = "add@/devices/virtual/thermal/"
		"thermal_zone4\0ACTION=add\0DEVPATH=/devices/virtual/"
		"thermal/thermal_zone4\0SUBSYSTEM=thermal";
	static const char disk[] = "change@/devices/virtual/block/sdb\0"
		"ACTION=change\0DEVPATH=/devices/virtual/block/sdb\0"
		"SUBSYSTEM=block\0DEVNAME=sdb\0DISK_MEDIA_CHANGE=1";

	ck_assert(!is_hw(trip, sizeof(trip) - 1));
	ck_assert(is_hw(add, sizeof(add) - 1));
	ck_assert(is_hw(disk, sizeof(disk) - 1));	/* a medium: its size */
}
END_TEST

START_TEST(hostile_and_short)
{
	static const char noact[] = "add@/x\0DEVPATH=/x\0SUBSYSTEM=usb";
	static const char ctl[] = "ACTION=add\0DEVPATH=/a\x1b[2J\xe2\x80\xae"
		"b\0SUBSYSTEM=block\0DEVNAME=sd\x07x";
	char junk[64], big[9000];
	struct uevent ev;

	ck_assert_int_eq(uevent_parse(noact, sizeof(noact) - 1, &ev),
			 -EINVAL);
	ck_assert_int_eq(uevent_parse("", 0, &ev), -EINVAL);
	memset(junk, 0xff, sizeof(junk));
	ck_assert_int_eq(uevent_parse(junk, sizeof(junk), &ev), -EINVAL);
	memcpy(junk, "libudev", 8);	/* an offset past the end */
	ck_assert_int_eq(uevent_parse(junk, 40, &ev), -EINVAL);
	ck_assert_int_eq(uevent_parse(ctl, sizeof(ctl) - 1, &ev), 0);
	ck_assert(!strchr(ev.devpath, '\x1b'));
	ck_assert(!strstr(ev.devpath, "\xe2\x80\xae"));
	ck_assert(!strchr(ev.name, '\x07'));
	/* a value longer than its field is cut, not overrun */
	memset(big, 'a', sizeof(big));
	memcpy(big, "ACTION=add", 11);
	memcpy(big + 11, "DEVPATH=/", 9);
	ck_assert_int_eq(uevent_parse(big, sizeof(big), &ev), 0);
	ck_assert_uint_lt(strlen(ev.devpath), sizeof(ev.devpath));
}
END_TEST

/* uevent_read over a socket pair: messages one by one, then 0. */
START_TEST(reads_until_empty)
{
	struct uevent ev;
	int sv[2];

	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv), 0);
	ck_assert_int_eq(send(sv[1], "junk", 4, 0), 4);
	ck_assert_int_eq(send(sv[1], kern, sizeof(kern) - 1, 0),
			 (int)sizeof(kern) - 1);
	ck_assert_int_eq(uevent_read(sv[0], &ev), 1);	/* junk skipped */
	ck_assert_str_eq(ev.name, "1-2");
	ck_assert_int_eq(uevent_read(sv[0], &ev), 0);
	close(sv[0]);
	close(sv[1]);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("uevent");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, kernel_form);
	tcase_add_test(tc, libudev_form);
	tcase_add_test(tc, names_and_kinds);
	tcase_add_test(tc, thermal_trip_is_not_hw);
	tcase_add_test(tc, hostile_and_short);
	tcase_add_test(tc, reads_until_empty);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
