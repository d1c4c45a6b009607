/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for pciids: names from pci.ids text as libpci gives them. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <pci/pci.h>

#include "base/buf.h"
#include "hw/pciids.h"
#include "testutil.h"

/* The file libpci reads: its id_file_name, or that without ".gz". */
static int read_ids(const struct pci_access *a, struct buf *b)
{
	char path[4096];
	size_t n = a->id_file_name ? strlen(a->id_file_name) : 0;

	if (n && buf_read_file(b, a->id_file_name) == 0)
		return 0;
	if (n < 4 || n >= sizeof(path) || strcmp(a->id_file_name + n - 3,
						 ".gz"))
		return -1;
	memcpy(path, a->id_file_name, n - 3);
	path[n - 3] = '\0';
	return buf_read_file(b, path);
}

static const char ids[] =
	"# a comment\n"
	"#\t1af4  not a vendor\n"
	"1234  Technical Corp.\n"
	"\t0001  AC-1\n"
	"1af4  Red Hat, Inc.\n"
	"\t1000  Virtio network device\n"
	"\t\t1af4 0001  Virtio network device (a subsystem)\n"
	"\t1041  Virtio 1.0 network device\r\n"
	"\t1044  Virtio 1.0 RNG\n"
	"8086  Intel Corporation\n"
	"\t0d57  \n"
	"C 0c  Serial bus controller\n"
	"\t03  USB controller\n"
	"abcd  After the classes\n"
	"\t0001  never read\n";

START_TEST(names_as_libpci_does)
{
	struct pciids_query q[] = {
		{ .vendor = 0x1af4, .device = 0x1041 },
		{ .vendor = 0x1af4, .device = 0x1044 },
		{ .vendor = 0x1af4, .device = 0x0001 },	/* a subsystem */
		{ .vendor = 0x1234, .device = 0x0001 },
		{ .vendor = 0x8086, .device = 0x0d57 },	/* no name */
		{ .vendor = 0xabcd, .device = 0x0001 },	/* past "C " */
		{ .vendor = 0x1af4, .device = 0x1000 },
	};

	pciids_lookup(ids, sizeof(ids) - 1, q, 7);
	ck_assert(q[0].found);
	ck_assert_str_eq(q[0].name, "Red Hat, Inc. Virtio 1.0 network device");
	ck_assert_str_eq(q[1].name, "Red Hat, Inc. Virtio 1.0 RNG");
	ck_assert(!q[2].found);
	ck_assert_str_eq(q[3].name, "Technical Corp. AC-1");
	ck_assert(!q[4].found);
	ck_assert(!q[5].found);
	ck_assert_str_eq(q[6].name, "Red Hat, Inc. Virtio network device");
}
END_TEST

START_TEST(garbage_and_cut_text)
{
	static const char junk[] = "zz\n\t\t\n1af4\n\t1041\n1af4  R\n\t104";
	struct pciids_query q = { .vendor = 0x1af4, .device = 0x1041 };
	char big[300 * 2 + 40];

	pciids_lookup(junk, sizeof(junk) - 1, &q, 1);
	ck_assert(!q.found);
	pciids_lookup("", 0, &q, 1);
	ck_assert(!q.found);
	/* a name longer than the field is cut, not overrun */
	memset(big, 'x', sizeof(big));
	memcpy(big, "1af4  ", 6);
	big[300] = '\n';
	memcpy(big + 301, "\t1041  ", 7);
	pciids_lookup(big, sizeof(big), &q, 1);
	ck_assert(q.found);
	ck_assert_uint_eq(strlen(q.name), sizeof(q.name) - 1);
}
END_TEST

/* The system's own pci.ids: every 40th device line gives the name
 * libpci's pci_lookup_name gives, and so do an unknown device and an
 * unknown vendor (none). */
START_TEST(same_as_libpci_on_the_real_file)
{
	struct pci_access *a = pci_alloc();
	struct pciids_query q;
	struct buf b = { 0 };
	char lib[256], *s;
	const char *line, *nl;
	unsigned vendor = 0, dev, n = 0, k = 0;

	pci_init(a);
	/* Debian's libpci asks for pci.ids.gz first, then pci.ids */
	if (read_ids(a, &b) != 0 ||
	    (b.len > 1 && (unsigned char)b.data[0] == 0x1f)) {
		buf_free(&b);
		pci_cleanup(a);
		return;		/* no plain pci.ids here */
	}
	for (line = b.data; *line; line = nl + 1) {
		if (!(nl = strchr(line, '\n')) ||
		    (line[0] == 'C' && line[1] == ' '))
			break;
		if (line[0] != '\t' && line[0] != '#' &&
		    sscanf(line, "%4x", &vendor) == 1)
			continue;
		if (line[0] != '\t' || line[1] == '\t' ||
		    sscanf(line + 1, "%4x", &dev) != 1 || k++ % 40)
			continue;
		q = (struct pciids_query){ .vendor = (uint16_t)vendor,
					   .device = (uint16_t)dev };
		pciids_lookup(b.data, b.len, &q, 1);
		s = pci_lookup_name(a, lib, sizeof(lib), PCI_LOOKUP_VENDOR |
				    PCI_LOOKUP_DEVICE | PCI_LOOKUP_NO_NUMBERS,
				    vendor, dev);
		ck_assert_msg(s && q.found && !strcmp(s, q.name),
			      "%04x:%04x: libpci '%s', pciids '%s'", vendor,
			      dev, s ? s : "(none)", q.found ? q.name : "-");
		n++;
	}
	ck_assert_uint_gt(n, 100);
	printf("# %u device names compared with libpci's\n", n);
	q = (struct pciids_query){ .vendor = 0x1af4, .device = 0xfffe };
	pciids_lookup(b.data, b.len, &q, 1);
	ck_assert(!q.found);
	ck_assert(!pci_lookup_name(a, lib, sizeof(lib), PCI_LOOKUP_VENDOR |
				   PCI_LOOKUP_DEVICE | PCI_LOOKUP_NO_NUMBERS,
				   0x1af4, 0xfffe));
	buf_free(&b);
	pci_cleanup(a);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("pciids");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, names_as_libpci_does);
	tcase_add_test(tc, garbage_and_cut_text);
	tcase_add_test(tc, same_as_libpci_on_the_real_file);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
