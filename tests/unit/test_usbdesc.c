/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for usbdesc: real descriptors of an ASM1153E (BOT + UAS), RTL8153,
 * JMS567 (BOT only) and SanDisk Ultra Fit; speeds, quirks, verdicts. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "hw/usbdesc.h"

static int load_desc(const char *name, struct usbdesc *d, size_t cut)
{
	size_t len;
	char *buf = testutil_load(name, &len);
	int rc = usbdesc_parse(buf, cut && cut < len ? cut : len, d);

	free(buf);
	return rc;
}

static int load_bos(const char *name, struct usbdesc_bos *b)
{
	size_t len;
	char *buf = testutil_load(name, &len);
	int rc = usbdesc_parse_bos(buf, len, b);

	free(buf);
	return rc;
}

START_TEST(asm1153e_offers_bot_and_uas)
{
	struct usbdesc d;

	ck_assert_int_eq(load_desc("usb/asm1153e_174c-55aa_descriptors.bin",
				   &d, 0), 2);
	ck_assert_uint_eq(d.bcd_usb, 0x0310);
	ck_assert_uint_eq(d.vid, 0x174c);
	ck_assert_uint_eq(d.pid, 0x55aa);
	ck_assert_uint_eq(d.nconfigs, 1);
	ck_assert(!d.truncated);
	ck_assert_uint_eq(d.alts[0].alt, 0);
	ck_assert_uint_eq(d.alts[0].proto, USBDESC_PROTO_BOT);
	ck_assert_uint_eq(d.alts[0].nendpoints, 2);
	ck_assert_uint_eq(d.alts[1].alt, 1);
	ck_assert_uint_eq(d.alts[1].proto, USBDESC_PROTO_UAS);
	ck_assert_uint_eq(d.alts[1].nendpoints, 4);
	ck_assert(usbdesc_has_storage(d.alts, d.nalts, 1, USBDESC_PROTO_UAS));
	ck_assert(usbdesc_has_storage(d.alts, d.nalts, 0, USBDESC_PROTO_BOT));
	ck_assert(!usbdesc_has_storage(d.alts, d.nalts, 2, USBDESC_PROTO_UAS));
	usbdesc_free(&d);
}
END_TEST

START_TEST(asm1153e_bos_says_superspeed)
{
	struct usbdesc_bos b;

	ck_assert_int_eq(load_bos("usb/asm1153e_174c-55aa_bos_descriptors.bin",
				  &b), 2);
	ck_assert(b.usb2_ext);
	ck_assert(b.lpm);		/* bmAttributes 0x0000f41e */
	ck_assert(b.ss);
	ck_assert(!b.ssp);
	ck_assert_uint_eq(usbdesc_capable_kbps(0x0310, &b, 5000000), 5000000);
	/* the same device enumerated at high speed reports bcdUSB 2.10 */
	ck_assert_uint_eq(usbdesc_capable_kbps(0x0210, &b, 480000), 5000000);
	ck_assert_uint_eq(usbdesc_capable_kbps(0x0210, NULL, 480000), 480000);
	ck_assert_uint_eq(usbdesc_capable_kbps(0x0310, NULL, 480000), 5000000);
}
END_TEST

START_TEST(highspeed_variant_keeps_uas_alt)
{
	struct usbdesc d;

	ck_assert_int_eq(load_desc(
		"usb/asm1153e_174c-55aa_descriptors_highspeed.bin", &d, 0), 2);
	ck_assert_uint_eq(d.bcd_usb, 0x0210);
	ck_assert(usbdesc_has_storage(d.alts, d.nalts, 1, USBDESC_PROTO_UAS));
	usbdesc_free(&d);
}
END_TEST

START_TEST(rtl8153_two_configurations)
{
	struct usbdesc d;

	ck_assert_int_eq(load_desc("usb/rtl8153_0bda-8153_rpi5_descriptors.bin",
				   &d, 0), 4);
	ck_assert_uint_eq(d.nconfigs, 2);
	ck_assert_uint_eq(d.nconfigs_seen, 2);
	ck_assert_uint_eq(d.bcd_device, 0x3000);
	/* config 1: vendor class (r8152); config 2: CDC ECM + data alts */
	ck_assert_uint_eq(d.alts[0].config, 1);
	ck_assert_uint_eq(d.alts[0].cls, 0xff);
	ck_assert_uint_eq(d.alts[1].config, 2);
	ck_assert_uint_eq(d.alts[1].cls, 0x02);
	ck_assert_uint_eq(d.alts[1].subcls, 0x06);
	ck_assert_uint_eq(d.alts[3].cls, 0x0a);
	ck_assert_uint_eq(d.alts[3].alt, 1);
	ck_assert(!usbdesc_has_storage(d.alts, d.nalts, 0, USBDESC_PROTO_BOT));
	usbdesc_free(&d);
	ck_assert_int_eq(load_desc("usb/rtl8153_0bda-8153_x86_descriptors.bin",
				   &d, 0), 4);
	ck_assert_uint_eq(d.bcd_device, 0x3001);
	usbdesc_free(&d);
}
END_TEST

START_TEST(jms567_is_bot_only)
{
	struct usbdesc d;
	struct usbdesc_bos b;

	ck_assert_int_eq(load_desc("usb/jms567_152d-0567_descriptors.bin", &d,
				   0), 1);
	ck_assert(usbdesc_has_storage(d.alts, d.nalts, 0, USBDESC_PROTO_BOT));
	ck_assert(!usbdesc_has_storage(d.alts, d.nalts, 0, USBDESC_PROTO_UAS));
	usbdesc_free(&d);
	ck_assert_int_eq(load_bos("usb/jms567_152d-0567_bos_descriptors.bin",
				  &b), 2);
	ck_assert(b.ss);
}
END_TEST

START_TEST(sandisk_usb32_bot)
{
	struct usbdesc d;
	struct usbdesc_bos b;

	ck_assert_int_eq(load_desc(
		"usb/sandisk-ultrafit_0781-5583_descriptors.bin", &d, 0), 1);
	ck_assert_uint_eq(d.bcd_usb, 0x0320);
	ck_assert_uint_eq(d.vid, 0x0781);
	ck_assert_uint_eq(d.pid, 0x5583);
	usbdesc_free(&d);
	ck_assert_int_eq(load_bos(
		"usb/sandisk-ultrafit_0781-5583_bos_descriptors.bin", &b), 2);
	ck_assert(b.ss && !b.ssp && b.lpm);	/* bmAttributes 0x00000002 */
	ck_assert_uint_eq(usbdesc_capable_kbps(0x0320, &b, 5000000), 5000000);
}
END_TEST

START_TEST(cut_short_descriptors)
{
	struct usbdesc d;

	/* cut inside the UAS alternate setting's endpoints */
	ck_assert_int_eq(load_desc("usb/asm1153e_174c-55aa_descriptors.bin",
				   &d, 80), 2);
	ck_assert(d.truncated);
	usbdesc_free(&d);
	/* cut inside the first interface descriptor */
	ck_assert_int_eq(load_desc("usb/asm1153e_174c-55aa_descriptors.bin",
				   &d, 30), 0);
	ck_assert(d.truncated);
	usbdesc_free(&d);
	/* device descriptor only: the promised configuration is missing */
	ck_assert_int_eq(load_desc("usb/asm1153e_174c-55aa_descriptors.bin",
				   &d, 18), 0);
	ck_assert(d.truncated);
	usbdesc_free(&d);
	ck_assert_int_eq(load_desc("usb/asm1153e_174c-55aa_descriptors.bin",
				   &d, 17), -EINVAL);
}
END_TEST

START_TEST(garbage_descriptors)
{
	struct usbdesc d;
	unsigned char zero_len[18 + 9 + 2] = { 18, 1, 0, 2 };
	unsigned char junk[64];

	ck_assert_int_eq(usbdesc_parse("", 0, &d), -EINVAL);
	memset(junk, 0xff, sizeof(junk));
	ck_assert_int_eq(usbdesc_parse(junk, sizeof(junk), &d), -EINVAL);
	/* a configuration whose inner descriptor has bLength 0 */
	zero_len[18] = 9;
	zero_len[19] = 2;
	zero_len[20] = sizeof(zero_len) - 18;
	ck_assert_int_eq(usbdesc_parse(zero_len, sizeof(zero_len), &d),
			 -EINVAL);
	/* wTotalLength smaller than the header */
	zero_len[20] = 3;
	ck_assert_int_eq(usbdesc_parse(zero_len, sizeof(zero_len), &d),
			 -EINVAL);
}
END_TEST

START_TEST(superspeedplus_bos)
{
	/* BOS header + SSP capability with one sublink attribute: LSE 3
	 * (Gb/s), LSM 10, and minimum Rx/Tx lane counts 1 or 2. */
	unsigned char bos[5 + 16] = {
		5, 0x0f, 21, 0, 1,
		16, 0x10, 0x0a, 0, 0, 0, 0, 0, 0x00, 0x00, 0, 0,
		0x30, 0x40, 10, 0 };
	struct usbdesc_bos b;

	ck_assert_int_eq(usbdesc_parse_bos(bos, sizeof(bos), &b), 1);
	ck_assert(b.ssp);
	ck_assert_uint_eq(b.ssp_lane_kbps, 10000000);
	ck_assert_uint_eq(usbdesc_capable_kbps(0x0320, &b, 5000000), 10000000);
	bos[14] = 0x22;		/* min Rx and Tx lane count 2: Gen 2x2 */
	ck_assert_int_eq(usbdesc_parse_bos(bos, sizeof(bos), &b), 1);
	ck_assert_uint_eq(usbdesc_capable_kbps(0x0320, &b, 10000000),
			  20000000);
	ck_assert_int_eq(usbdesc_parse_bos(bos, 4, &b), -EINVAL);
	bos[5] = 0;		/* capability with bLength 0 */
	ck_assert_int_eq(usbdesc_parse_bos(bos, sizeof(bos), &b), -EINVAL);
}
END_TEST

START_TEST(speed_text)
{
	uint32_t k = 7;
	char s[16];

	ck_assert_int_eq(usbdesc_parse_speed("5000\n", 5, &k), 0);
	ck_assert_uint_eq(k, 5000000);
	ck_assert_int_eq(usbdesc_parse_speed("1.5\n", 4, &k), 0);
	ck_assert_uint_eq(k, 1500);
	ck_assert_int_eq(usbdesc_parse_speed("20000", 5, &k), 0);
	ck_assert_uint_eq(k, 20000000);
	ck_assert_int_eq(usbdesc_parse_speed("", 0, &k), -EINVAL);
	ck_assert_int_eq(usbdesc_parse_speed("\n", 1, &k), -EINVAL);
	ck_assert_int_eq(usbdesc_parse_speed("480x", 4, &k), -EINVAL);
	ck_assert_int_eq(usbdesc_parse_speed("184467440737095516160", 21, &k),
			 -EINVAL);
	usbdesc_format_speed(1500, s, sizeof(s));
	ck_assert_str_eq(s, "1.5M");
	usbdesc_format_speed(480000, s, sizeof(s));
	ck_assert_str_eq(s, "480M");
	usbdesc_format_speed(0, s, sizeof(s));
	ck_assert_str_eq(s, "?");
}
END_TEST

START_TEST(quirks_parameter)
{
	const char *rpi = "174c:1153:u\n";
	const char *doc = "0419:aaf5:rl,0421:0433:rc";
	char f[8];

	ck_assert_int_eq(usbdesc_quirks_lookup(rpi, strlen(rpi), 0x174c,
					       0x1153, f, sizeof(f)), 1);
	ck_assert_str_eq(f, "u");
	ck_assert_int_eq(usbdesc_quirks_lookup(rpi, strlen(rpi), 0x174c,
					       0x55aa, f, sizeof(f)), 0);
	ck_assert_int_eq(usbdesc_quirks_lookup(doc, strlen(doc), 0x0421,
					       0x0433, f, sizeof(f)), 1);
	ck_assert_str_eq(f, "rc");
	ck_assert_int_eq(usbdesc_quirks_lookup("", 0, 1, 2, f, sizeof(f)), 0);
	ck_assert_int_eq(usbdesc_quirks_lookup("\n", 1, 1, 2, f, sizeof(f)),
			 0);
	ck_assert_int_eq(usbdesc_quirks_lookup("zzzz:1:u", 8, 1, 2, f,
					       sizeof(f)), -EINVAL);
	ck_assert_int_eq(usbdesc_quirks_lookup("garbage,0001:0002:abcdefghij",
					       28, 1, 2, f, 4), 1);
	ck_assert_str_eq(f, "abc");
	ck_assert_int_eq(usbdesc_quirks_lookup("12345:1:u", 9, 0x2345, 1, f,
					       sizeof(f)), -EINVAL);
	ck_assert_str_eq(usbdesc_quirk_name('u'), "IGNORE_UAS");
	ck_assert_str_eq(usbdesc_quirk_name('U'), "IGNORE_UAS");
	ck_assert_ptr_null(usbdesc_quirk_name('q'));
	ck_assert_ptr_null(usbdesc_quirk_name(':'));
}
END_TEST

START_TEST(long_quirks_line)
{
	size_t n = 100000, i;
	char *s = malloc(n + 16), f[8];

	for (i = 0; i + 12 <= n; i += 12)
		memcpy(s + i, "0001:0002:u,", 12);
	memcpy(s + i, "174c:55aa:u", 11);
	ck_assert_int_eq(usbdesc_quirks_lookup(s, i + 11, 0x174c, 0x55aa, f,
					       sizeof(f)), 1);
	free(s);
}
END_TEST

START_TEST(verdicts_for_hc1_after_resume)
{
	char v[USBDESC_VERDICTS][USBDESC_VERDICT_MAX];
	struct usbdesc_state s = { .speed_kbps = 480000,
				   .capable_kbps = 5000000, .has_uas = true,
				   .storage_bound = true, .quirks = "u" };

	ck_assert_uint_eq(usbdesc_verdicts(&s, v), 2);
	ck_assert_str_eq(v[0], "UAS-capable but running usb-storage "
			       "(quirk u: IGNORE_UAS)");
	ck_assert_str_eq(v[1], "SuperSpeed device negotiated at 480M");
	s.quirks = NULL;
	usbdesc_verdicts(&s, v);
	ck_assert_str_eq(v[0], "UAS-capable but running usb-storage");
}
END_TEST

START_TEST(no_verdict_when_all_is_well)
{
	char v[USBDESC_VERDICTS][USBDESC_VERDICT_MAX];
	struct usbdesc_state xu4 = { .speed_kbps = 5000000,
				     .capable_kbps = 5000000, .has_uas = true,
				     .uas_bound = true };
	struct usbdesc_state jms = { .speed_kbps = 5000000,
				     .capable_kbps = 5000000,
				     .storage_bound = true };
	struct usbdesc_state unknown = { .speed_kbps = 12000 };

	ck_assert_uint_eq(usbdesc_verdicts(&xu4, v), 0);
	ck_assert_uint_eq(usbdesc_verdicts(&jms, v), 0);
	ck_assert_uint_eq(usbdesc_verdicts(&unknown, v), 0);
	ck_assert_uint_eq(usbdesc_capable_kbps(0x0200, NULL, 12000), 0);
	ck_assert_uint_eq(usbdesc_capable_kbps(0x0110, NULL, 1500), 0);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("usbdesc");
	TCase *t = tcase_create("core");

	tcase_add_test(t, asm1153e_offers_bot_and_uas);
	tcase_add_test(t, asm1153e_bos_says_superspeed);
	tcase_add_test(t, highspeed_variant_keeps_uas_alt);
	tcase_add_test(t, rtl8153_two_configurations);
	tcase_add_test(t, jms567_is_bot_only);
	tcase_add_test(t, sandisk_usb32_bot);
	tcase_add_test(t, cut_short_descriptors);
	tcase_add_test(t, garbage_descriptors);
	tcase_add_test(t, superspeedplus_bos);
	tcase_add_test(t, speed_text);
	tcase_add_test(t, quirks_parameter);
	tcase_add_test(t, long_quirks_line);
	tcase_add_test(t, verdicts_for_hc1_after_resume);
	tcase_add_test(t, no_verdict_when_all_is_well);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return testutil_run(suite());
}
