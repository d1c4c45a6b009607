/* SPDX-License-Identifier: GPL-2.0-or-later */
/* usbdesc: raw USB descriptors and BOS, the sysfs speed text, usb-storage
 * quirks and the user-facing verdicts, all as pure functions over bytes. */
#include "config.h"

#include "hw/usbdesc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DT_DEVICE	0x01
#define DT_CONFIG	0x02
#define DT_INTERFACE	0x04
#define DT_BOS		0x0f
#define DT_DEVCAP	0x10
#define CAP_USB2_EXT	0x02
#define CAP_SS		0x03
#define CAP_SSP		0x0a

static uint16_t le16(const unsigned char *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static int add_alt(struct usbdesc *d, uint8_t config, const unsigned char *p)
{
	struct usbdesc_alt *v, *a;

	v = realloc(d->alts, (d->nalts + 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	d->alts = v;
	a = &v[d->nalts++];
	a->config = config;
	a->iface = p[2];
	a->alt = p[3];
	a->nendpoints = p[4];
	a->cls = p[5];
	a->subcls = p[6];
	a->proto = p[7];
	return 0;
}

/* Walk the descriptors of one configuration (P, N bytes, the 9-byte
 * header included).  Returns 0, -EINVAL, -ENOMEM. */
static int parse_config(struct usbdesc *d, const unsigned char *p, size_t n)
{
	uint8_t value = p[5];
	size_t off = p[0];

	while (off + 2 <= n) {
		size_t dl = p[off];
		int rc;

		if (dl < 2)
			return -EINVAL;
		if (dl > n - off) {
			d->truncated = true;
			return 0;
		}
		if (p[off + 1] == DT_INTERFACE && dl >= 9) {
			rc = add_alt(d, value, p + off);
			if (rc)
				return rc;
		}
		off += dl;
	}
	if (off != n)
		d->truncated = true;
	return 0;
}

static void parse_device(struct usbdesc *d, const unsigned char *p)
{
	d->bcd_usb = le16(p + 2);
	d->dev_class = p[4];
	d->dev_subclass = p[5];
	d->dev_proto = p[6];
	d->vid = le16(p + 8);
	d->pid = le16(p + 10);
	d->bcd_device = le16(p + 12);
	d->nconfigs = p[17];
}

int usbdesc_parse(const void *buf, size_t len, struct usbdesc *out)
{
	const unsigned char *p = buf;
	size_t off = 18;

	memset(out, 0, sizeof(*out));
	if (len < 18 || p[0] < 18 || p[1] != DT_DEVICE)
		return -EINVAL;
	parse_device(out, p);
	off = p[0];
	while (off < len) {
		size_t total;
		int rc;

		if (len - off < 9 || p[off] < 9 || p[off + 1] != DT_CONFIG) {
			out->truncated = true;
			break;
		}
		total = le16(p + off + 2);
		if (total < p[off])
			return usbdesc_free(out), -EINVAL;
		if (total > len - off) {
			out->truncated = true;
			total = len - off;
		}
		rc = parse_config(out, p + off, total);
		if (rc < 0)
			return usbdesc_free(out), rc;
		out->nconfigs_seen++;
		off += total;
	}
	if (out->nconfigs_seen < out->nconfigs)
		out->truncated = true;
	return (int)out->nalts;
}

void usbdesc_free(struct usbdesc *d)
{
	free(d->alts);
	d->alts = NULL;
	d->nalts = 0;
}

static uint32_t sublink_kbps(uint32_t attr)
{
	static const uint32_t scale[4] = { 0, 1, 1000, 1000000 };
	uint32_t lse = (attr >> 4) & 3, lsm = attr >> 16;

	if (lse == 0)
		return lsm / 1000;
	return lsm * scale[lse];	/* lsm < 2^16: fits for Gb/s < 4295 */
}

static void parse_ssp(struct usbdesc_bos *b, const unsigned char *p,
		      size_t dl)
{
	size_t nattr, i;
	unsigned rx, tx;

	b->ssp = true;
	if (dl < 12)
		return;
	nattr = (le32(p + 4) & 0x1f) + 1;
	rx = (le16(p + 8) >> 8) & 0xf;
	tx = (le16(p + 8) >> 12) & 0xf;
	b->ssp_min_lanes = rx > tx ? rx : tx;
	if (b->ssp_min_lanes == 0)
		b->ssp_min_lanes = 1;
	for (i = 0; i < nattr && 12 + 4 * i + 4 <= dl; i++) {
		uint32_t k = sublink_kbps(le32(p + 12 + 4 * i));

		if (k > b->ssp_lane_kbps)
			b->ssp_lane_kbps = k;
	}
}

static void parse_cap(struct usbdesc_bos *b, const unsigned char *p,
		      size_t dl)
{
	switch (p[2]) {
	case CAP_USB2_EXT:
		b->usb2_ext = true;
		if (dl >= 7)
			b->lpm = (le32(p + 3) & 0x2) != 0;
		break;
	case CAP_SS:
		b->ss = true;
		break;
	case CAP_SSP:
		parse_ssp(b, p, dl);
		break;
	default:
		break;
	}
}

int usbdesc_parse_bos(const void *buf, size_t len, struct usbdesc_bos *out)
{
	const unsigned char *p = buf;
	size_t off, total;
	int ncaps = 0;

	memset(out, 0, sizeof(*out));
	if (len < 5 || p[0] < 5 || p[1] != DT_BOS)
		return -EINVAL;
	total = le16(p + 2);
	if (total < p[0])
		return -EINVAL;
	if (total > len)
		total = len;
	for (off = p[0]; off + 3 <= total; off += p[off]) {
		size_t dl = p[off];

		if (dl < 3 || dl > total - off)
			return ncaps ? ncaps : -EINVAL;
		if (p[off + 1] == DT_DEVCAP) {
			parse_cap(out, p + off, dl);
			ncaps++;
		}
	}
	return ncaps;
}

uint32_t usbdesc_capable_kbps(uint16_t bcd_usb, const struct usbdesc_bos *bos,
			      uint32_t negotiated_kbps)
{
	if (bos && bos->ssp && bos->ssp_lane_kbps >= 5000000) {
		uint64_t k = (uint64_t)bos->ssp_lane_kbps * bos->ssp_min_lanes;

		return k > 20000000 ? 20000000 : (uint32_t)k;
	}
	if ((bos && (bos->ss || bos->ssp)) || bcd_usb >= 0x0300)
		return 5000000;
	/* Below SuperSpeed the descriptors do not say: a bcdUSB 2.00 device
	 * at 12M may be full-speed only, a bcdUSB 1.10 one low-speed only. */
	return negotiated_kbps >= 480000 ? negotiated_kbps : 0;
}

bool usbdesc_has_storage(const struct usbdesc_alt *alts, size_t n,
			 uint8_t config, uint8_t proto)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const struct usbdesc_alt *a = &alts[i];

		if (config && a->config != config)
			continue;
		if (a->cls == USBDESC_CLASS_STORAGE &&
		    a->subcls == USBDESC_SUBCLASS_SCSI && a->proto == proto)
			return true;
	}
	return false;
}

int usbdesc_parse_speed(const char *buf, size_t len, uint32_t *kbps)
{
	static const struct {
		const char *text;
		uint32_t kbps;
	} known[] = {
		{ "1.5", 1500 },	{ "12", 12000 },
		{ "480", 480000 },	{ "5000", 5000000 },
		{ "10000", 10000000 },	{ "20000", 20000000 },
	};
	size_t i;

	while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == ' '))
		len--;
	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		if (strlen(known[i].text) == len &&
		    memcmp(known[i].text, buf, len) == 0) {
			*kbps = known[i].kbps;
			return 0;
		}
	}
	return -EINVAL;
}

size_t usbdesc_format_speed(uint32_t kbps, char *dst, size_t size)
{
	int n;

	if (kbps == 0)
		n = snprintf(dst, size, "?");
	else if (kbps % 1000)
		n = snprintf(dst, size, "%u.%uM", kbps / 1000,
			     (kbps % 1000) / 100);
	else
		n = snprintf(dst, size, "%uM", kbps / 1000);
	return n < 0 ? 0 : (size_t)n;
}

/* Parse 1-4 hex digits of P[0..N) into *V. */
static int hex16(const char *p, size_t n, uint16_t *v)
{
	unsigned x = 0;
	size_t i;

	if (n == 0 || n > 4)
		return -EINVAL;
	for (i = 0; i < n; i++) {
		char c = p[i];
		unsigned d;

		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			d = (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			d = (unsigned)(c - 'A' + 10);
		else
			return -EINVAL;
		x = x << 4 | d;
	}
	*v = (uint16_t)x;
	return 0;
}

/* One "vid:pid:flags" entry E[0..N): 1 match, 0 other device, -EINVAL. */
static int quirk_entry(const char *e, size_t n, uint16_t vid, uint16_t pid,
		       char *flags, size_t size)
{
	const char *c1 = memchr(e, ':', n), *c2;
	uint16_t v, p;
	size_t fl;

	if (!c1)
		return -EINVAL;
	c2 = memchr(c1 + 1, ':', n - (size_t)(c1 + 1 - e));
	if (!c2 || hex16(e, (size_t)(c1 - e), &v) ||
	    hex16(c1 + 1, (size_t)(c2 - c1 - 1), &p))
		return -EINVAL;
	if (v != vid || p != pid)
		return 0;
	fl = n - (size_t)(c2 + 1 - e);
	if (size) {
		if (fl >= size)
			fl = size - 1;
		memcpy(flags, c2 + 1, fl);
		flags[fl] = '\0';
	}
	return 1;
}

int usbdesc_quirks_lookup(const char *buf, size_t len, uint16_t vid,
			  uint16_t pid, char *flags, size_t size)
{
	size_t off = 0;
	int bad = 0;

	while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == ' '))
		len--;
	while (off < len) {
		const char *comma = memchr(buf + off, ',', len - off);
		size_t n = comma ? (size_t)(comma - (buf + off)) : len - off;
		int rc = n ? quirk_entry(buf + off, n, vid, pid, flags, size)
			   : 0;

		if (rc == 1)
			return 1;
		if (rc < 0)
			bad = rc;
		off += n + 1;
	}
	return bad;
}

const char *usbdesc_quirk_name(char letter)
{
	/* admin-guide/kernel-parameters.txt, "usb-storage.quirks" */
	static const char *const names[26] = {
		['a' - 'a'] = "SANE_SENSE",	['b' - 'a'] = "BAD_SENSE",
		['c' - 'a'] = "FIX_CAPACITY",
		['d' - 'a'] = "NO_READ_DISC_INFO",
		['e' - 'a'] = "NO_READ_CAPACITY_16",
		['f' - 'a'] = "NO_REPORT_OPCODES",
		['g' - 'a'] = "MAX_SECTORS_240",
		['h' - 'a'] = "CAPACITY_HEURISTICS",
		['i' - 'a'] = "IGNORE_DEVICE",	['j' - 'a'] = "NO_REPORT_LUNS",
		['k' - 'a'] = "NO_SAME",	['l' - 'a'] = "NOT_LOCKABLE",
		['m' - 'a'] = "MAX_SECTORS_64",
		['n' - 'a'] = "INITIAL_READ10",
		['o' - 'a'] = "CAPACITY_OK",	['p' - 'a'] = "WRITE_CACHE",
		['r' - 'a'] = "IGNORE_RESIDUE",	['s' - 'a'] = "SINGLE_LUN",
		['t' - 'a'] = "NO_ATA_1X",	['u' - 'a'] = "IGNORE_UAS",
		['w' - 'a'] = "NO_WP_DETECT",	['y' - 'a'] = "ALWAYS_SYNC",
	};

	if (letter >= 'A' && letter <= 'Z')
		letter = (char)(letter - 'A' + 'a');
	if (letter < 'a' || letter > 'z')
		return NULL;
	return names[letter - 'a'];
}

static const char *speed_family(uint32_t kbps)
{
	if (kbps >= 10000000)
		return "SuperSpeedPlus";
	if (kbps >= 5000000)
		return "SuperSpeed";
	if (kbps >= 480000)
		return "High-speed";
	return "Full-speed";
}

size_t usbdesc_verdicts(const struct usbdesc_state *s,
			char out[USBDESC_VERDICTS][USBDESC_VERDICT_MAX])
{
	bool ignore_uas = s->quirks && (strchr(s->quirks, 'u') ||
					strchr(s->quirks, 'U'));
	size_t n = 0;
	char sp[16];

	if (s->has_uas && s->storage_bound && !s->uas_bound)
		snprintf(out[n++], USBDESC_VERDICT_MAX,
			 "UAS-capable but running usb-storage%s",
			 ignore_uas ? " (quirk u: IGNORE_UAS)" : "");
	else if (s->has_uas && !s->uas_bound && ignore_uas)
		snprintf(out[n++], USBDESC_VERDICT_MAX,
			 "UAS disabled by quirk u (IGNORE_UAS)");
	if (s->speed_kbps && s->capable_kbps > s->speed_kbps) {
		usbdesc_format_speed(s->speed_kbps, sp, sizeof(sp));
		snprintf(out[n++], USBDESC_VERDICT_MAX,
			 "%s device negotiated at %s",
			 speed_family(s->capable_kbps), sp);
	}
	return n;
}
