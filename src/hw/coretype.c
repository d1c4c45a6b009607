/* SPDX-License-Identifier: GPL-2.0-or-later */
/* coretype: a sorted table of Arm part numbers (Arm's Technical Reference
 * Manuals, MIDR_EL1.PartNum) and a few licensees' own cores. */
#include "config.h"

#include "hw/coretype.h"

#include <stdio.h>
#include <stdlib.h>

struct coretype_entry {
	unsigned part;
	const char *name;
};

/* Sorted by part for bsearch. */
static const struct coretype_entry arm_parts[] = {
	{ 0x810, "ARM810" }, { 0x920, "ARM920" }, { 0x922, "ARM922" },
	{ 0x926, "ARM926" }, { 0x940, "ARM940" }, { 0x946, "ARM946" },
	{ 0x966, "ARM966" }, { 0xa20, "ARM1020" }, { 0xa22, "ARM1022" },
	{ 0xa26, "ARM1026" }, { 0xb02, "ARM11-MPCore" }, { 0xb36, "ARM1136" },
	{ 0xb56, "ARM1156" }, { 0xb76, "ARM1176" },
	{ 0xc05, "Cortex-A5" }, { 0xc07, "Cortex-A7" }, { 0xc08, "Cortex-A8" },
	{ 0xc09, "Cortex-A9" }, { 0xc0d, "Cortex-A17" },
	{ 0xc0e, "Cortex-A17" }, { 0xc0f, "Cortex-A15" },
	{ 0xc14, "Cortex-R4" }, { 0xc15, "Cortex-R5" }, { 0xc17, "Cortex-R7" },
	{ 0xc18, "Cortex-R8" }, { 0xc20, "Cortex-M0" }, { 0xc21, "Cortex-M1" },
	{ 0xc23, "Cortex-M3" }, { 0xc24, "Cortex-M4" }, { 0xc27, "Cortex-M7" },
	{ 0xc60, "Cortex-M0+" },
	{ 0xd01, "Cortex-A32" }, { 0xd02, "Cortex-A34" },
	{ 0xd03, "Cortex-A53" }, { 0xd04, "Cortex-A35" },
	{ 0xd05, "Cortex-A55" }, { 0xd06, "Cortex-A65" },
	{ 0xd07, "Cortex-A57" }, { 0xd08, "Cortex-A72" },
	{ 0xd09, "Cortex-A73" }, { 0xd0a, "Cortex-A75" },
	{ 0xd0b, "Cortex-A76" }, { 0xd0c, "Neoverse-N1" },
	{ 0xd0d, "Cortex-A77" }, { 0xd0e, "Cortex-A76AE" },
	{ 0xd13, "Cortex-R52" }, { 0xd20, "Cortex-M23" },
	{ 0xd21, "Cortex-M33" }, { 0xd40, "Neoverse-V1" },
	{ 0xd41, "Cortex-A78" }, { 0xd42, "Cortex-A78AE" },
	{ 0xd43, "Cortex-A65AE" }, { 0xd44, "Cortex-X1" },
	{ 0xd46, "Cortex-A510" }, { 0xd47, "Cortex-A710" },
	{ 0xd48, "Cortex-X2" }, { 0xd49, "Neoverse-N2" },
	{ 0xd4a, "Neoverse-E1" }, { 0xd4b, "Cortex-A78C" },
	{ 0xd4c, "Cortex-X1C" }, { 0xd4d, "Cortex-A715" },
	{ 0xd4e, "Cortex-X3" }, { 0xd4f, "Neoverse-V2" },
	{ 0xd80, "Cortex-A520" }, { 0xd81, "Cortex-A720" },
	{ 0xd82, "Cortex-X4" }, { 0xd84, "Neoverse-V3" },
	{ 0xd85, "Cortex-X925" }, { 0xd87, "Cortex-A725" },
	{ 0xd8e, "Neoverse-N3" },
};

/* Qualcomm (0x51): its own cores, named as util-linux lscpu names them;
 * most newer Snapdragons report Arm's parts and implementer instead. */
static const struct coretype_entry qcom_parts[] = {
	{ 0x00f, "Scorpion" }, { 0x02d, "Scorpion" },
	{ 0x04d, "Krait" }, { 0x06f, "Krait" },
	{ 0x201, "Kryo" }, { 0x205, "Kryo" }, { 0x211, "Kryo" },
	{ 0x800, "Falkor-V1/Kryo" }, { 0x801, "Kryo-V2" },
	{ 0x802, "Kryo-3XX-Gold" }, { 0x803, "Kryo-3XX-Silver" },
	{ 0x804, "Kryo-4XX-Gold" }, { 0x805, "Kryo-4XX-Silver" },
	{ 0xc00, "Falkor" }, { 0xc01, "Saphira" },
};

static int cmp_part(const void *key, const void *elem)
{
	unsigned k = *(const unsigned *)key;
	unsigned p = ((const struct coretype_entry *)elem)->part;

	return k < p ? -1 : k > p;
}

const char *coretype_name(int implementer, unsigned part)
{
	const struct coretype_entry *t = NULL, *e;
	size_t n = 0;

	if (implementer < 0 || implementer == CORETYPE_ARM) {
		t = arm_parts;
		n = sizeof(arm_parts) / sizeof(arm_parts[0]);
	} else if (implementer == 0x51) {
		t = qcom_parts;
		n = sizeof(qcom_parts) / sizeof(qcom_parts[0]);
	}
	if (!t)
		return NULL;
	e = bsearch(&part, t, n, sizeof(*t), cmp_part);
	return e ? e->name : NULL;
}

size_t coretype_format(int implementer, unsigned part, char *dst,
		       size_t size)
{
	const char *name = coretype_name(implementer, part);
	int n;

	if (name)
		n = snprintf(dst, size, "%s", name);
	else
		n = snprintf(dst, size, "0x%03x", part);
	return n < 0 ? 0 : (size_t)n;
}
