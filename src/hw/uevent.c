/* SPDX-License-Identifier: GPL-2.0-or-later */
/* uevent: a netlink socket on the kernel's uevent multicast group and the
 * parser of its messages (kernel form and libudev form). */
#include "config.h"

#include "hw/uevent.h"

#include <errno.h>
#include <linux/netlink.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/strclean.h"

#define UEVENT_MAX 8192	/* the kernel's UEVENT_BUFFER_SIZE is 2048 */
#define LIBUDEV_MAGIC 0xfeedcafeu

/* Where the KEY=VALUE strings start: after libudev's binary header, or
 * after the kernel's "action@devpath" string. */
static size_t props_start(const char *buf, size_t len)
{
	uint32_t off;

	if (len >= 40 && memcmp(buf, "libudev", 8) == 0) {
		memcpy(&off, buf + 16, sizeof(off));	/* properties_off */
		return off >= 40 && off <= len ? off : len;
	}
	if (memchr(buf, '@', strnlen(buf, len)))
		return strnlen(buf, len) + 1;
	return 0;
}

static void set(char *dst, size_t size, const char *v, size_t n)
{
	strclean_copy(dst, size, v, n);
}

static void take(struct uevent *ev, const char *p, size_t n)
{
	static const struct { const char *key; size_t off, size; } keys[] = {
#define K(k, m) { k "=", offsetof(struct uevent, m), \
		  sizeof(((struct uevent *)0)->m) }
		K("ACTION", action), K("DEVPATH", devpath),
		K("SUBSYSTEM", subsystem), K("DEVTYPE", devtype),
		K("DEVNAME", devname), K("INTERFACE", interface),
#undef K
	};
	size_t i, kl;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		kl = strlen(keys[i].key);
		if (n > kl && memcmp(p, keys[i].key, kl) == 0) {
			set((char *)ev + keys[i].off, keys[i].size, p + kl,
			    n - kl);
			return;
		}
	}
}

int uevent_parse(const char *buf, size_t len, struct uevent *ev)
{
	size_t i = props_start(buf, len), n;
	const char *base;

	memset(ev, 0, sizeof(*ev));
	for (; i < len; i += n + 1) {
		n = strnlen(buf + i, len - i);
		take(ev, buf + i, n);
	}
	if (!ev->action[0] || !ev->devpath[0])
		return -EINVAL;
	if (strncmp(ev->devname, "/dev/", 5) == 0)
		memmove(ev->devname, ev->devname + 5,
			strlen(ev->devname + 5) + 1);
	base = strrchr(ev->devpath, '/');
	base = base ? base + 1 : ev->devpath;
	if (!strcmp(ev->subsystem, "block") && ev->devname[0])
		base = ev->devname;
	else if (!strcmp(ev->subsystem, "net") && ev->interface[0])
		base = ev->interface;
	set(ev->name, sizeof(ev->name), base, strlen(base));
	return 0;
}

bool uevent_is_hw(const struct uevent *ev)
{
	static const char *const subs[] = {
		"usb", "pci", "block", "net", "thermal", "cpu", "scsi",
		"nvme", "mmc", "platform",
	};
	size_t i;

	if (!strcmp(ev->action, "bind") || !strcmp(ev->action, "unbind"))
		return !strcmp(ev->subsystem, "usb") ||
		       !strcmp(ev->subsystem, "pci");	/* the driver */
	/* a zone's "change" is a trip crossed (the user_space governor
	 * sends one at each): the zones and their names stay, and a board
	 * hovering at a trip would read the model whole at every one */
	if (!strcmp(ev->subsystem, "thermal") && !strcmp(ev->action, "change"))
		return false;
	for (i = 0; i < sizeof(subs) / sizeof(subs[0]); i++)
		if (!strcmp(ev->subsystem, subs[i]))
			return true;
	return false;
}

int uevent_open(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK, .nl_groups = 1 };
	int fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK,
			NETLINK_KOBJECT_UEVENT);

	if (fd < 0)
		return -errno;
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) != 0) {
		int e = errno;

		close(fd);
		return -e;
	}
	return fd;
}

int uevent_read(int fd, struct uevent *ev)
{
	char buf[UEVENT_MAX];
	ssize_t n;

	for (;;) {
		n = recv(fd, buf, sizeof(buf) - 1, MSG_DONTWAIT);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno == EAGAIN || errno == EWOULDBLOCK ?
			       0 : -errno;
		if (n == 0)
			return 0;
		buf[n] = '\0';
		if (uevent_parse(buf, (size_t)n, ev) == 0)
			return 1;
	}
}
