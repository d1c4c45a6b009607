/* SPDX-License-Identifier: GPL-2.0-or-later */
/* runmatch: like runs with like. */
#include "config.h"

#include "session/runmatch.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strclean.h"

bool runmatch_finished(const json_t *r)
{
	const char *s = json_string_value(json_object_get(r, "status"));

	return !s || !strcmp(s, "ok");
}

/* What a setting is called when two runs differ in it. */
static const char *setting_words(const char *key)
{
	static const struct { const char *key, *words; } t[] = {
		{ "size_bytes", "sizes" }, { "file_bytes", "file sizes" },
		{ "block_bytes", "block sizes" },
		{ "records_bytes", "record sizes" },
		{ "seconds_per_phase", "durations" },
		{ "duration_s", "durations" }, { "seeks", "seek counts" },
		{ "io", "I/O modes" }, { "streams", "stream counts" },
		{ "reverse", "directions" }, { "direction", "directions" },
	};
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(*t); i++)
		if (!strcmp(t[i].key, key))
			return t[i].words;
	return NULL;
}

/* V as a user reads it: a byte count in KiB/MiB/GiB when KEY counts
 * bytes, arrays as their items, strings cleaned. */
static void value_text(const char *key, const json_t *v, char *dst,
		       size_t size)
{
	static const char *const unit[] = { "bytes", "KiB", "MiB", "GiB",
					    "TiB" };
	size_t klen = strlen(key), i, at = 0;
	char *s;

	if (json_is_array(v)) {
		dst[0] = '\0';
		for (i = 0; i < json_array_size(v) && at < size; i++) {
			char one[64];

			value_text(key, json_array_get(v, i), one,
				   sizeof(one));
			at += (size_t)snprintf(dst + at, size - at, "%s%s",
					       i ? ", " : "", one);
		}
		return;
	}
	if (json_is_integer(v) && klen > 6 &&
	    !strcmp(key + klen - 6, "_bytes")) {
		double x = (double)json_integer_value(v);

		for (i = 0; x >= 1024 && i + 1 < sizeof(unit) / sizeof(*unit) &&
		     (int64_t)x % 1024 == 0; i++)
			x /= 1024;
		snprintf(dst, size, "%.0f %s", x, unit[i]);
		return;
	}
	if (json_is_string(v)) {
		strclean_copy(dst, size, json_string_value(v),
			      strlen(json_string_value(v)));
		return;
	}
	s = json_is_null(v) || !v ? NULL : json_dumps(v, JSON_ENCODE_ANY |
						      JSON_COMPACT);
	snprintf(dst, size, "%s", s ? s : "none");
	free(s);
}

/* "WORDS differ: A vs B" into WHY. */
static bool differ(const char *key, const char *words, const json_t *a,
		   const json_t *b, char *why, size_t size)
{
	char ta[128], tb[128];

	if (!why)
		return false;
	value_text(key, a, ta, sizeof(ta));
	value_text(key, b, tb, sizeof(tb));
	if (words)
		snprintf(why, size, "%s differ: %s vs %s", words, ta, tb);
	else
		snprintf(why, size, "setting %s differs: %s vs %s", key, ta,
			 tb);
	return false;
}

static bool settings_alike(const json_t *a, const json_t *b, char *why,
			   size_t size)
{
	const json_t *sa = json_object_get(a, "settings");
	const json_t *sb = json_object_get(b, "settings");
	const char *key;
	json_t *va;

	json_object_foreach((json_t *)sa, key, va) {
		const json_t *vb = json_object_get(sb, key);

		if (!strcmp(key, "timeout_s"))
			continue;
		if (!json_equal(va, (json_t *)vb) &&
		    !(json_is_null(va) && !vb))
			return differ(key, setting_words(key), va, vb, why,
				      size);
	}
	json_object_foreach((json_t *)sb, key, va)
		if (strcmp(key, "timeout_s") && !json_object_get(sa, key) &&
		    !json_is_null(va))
			return differ(key, setting_words(key), NULL, va, why,
				      size);
	return true;
}

/* The disk the run's target was on ("disk": "sda", or an object with
 * its "name"), or NULL. */
static const json_t *disk_of(const json_t *r)
{
	const json_t *d = json_object_get(json_object_get(json_object_get(
		r, "conditions"), "target"), "disk");

	return json_is_object(d) ? json_object_get(d, "name") : d;
}

/* A and B alike: settings, the disk too when DISK, and the variant (the
 * first difference into WHY). */
static bool alike(const json_t *a, const json_t *b, bool disk, char *why,
		  size_t size)
{
	const json_t *da = disk_of(a), *db = disk_of(b);
	const json_t *va = json_object_get(a, "variant");
	const json_t *vb = json_object_get(b, "variant");

	if (why && size)
		why[0] = '\0';
	if (!settings_alike(a, b, why, size))
		return false;
	if (disk && json_is_string(da) && json_is_string(db) &&
	    !json_equal((json_t *)da, (json_t *)db))
		return differ("disk", "disks", da, db, why, size);
	if ((va || vb) && !json_equal((json_t *)va, (json_t *)vb))
		return differ("variant", "variants", va, vb, why, size);
	return true;
}

bool runmatch_settings_alike(const json_t *a, const json_t *b, char *why,
			     size_t size)
{
	return alike(a, b, false, why, size);
}

bool runmatch_alike(const json_t *a, const json_t *b, char *why,
		    size_t size)
{
	return alike(a, b, true, why, size);
}
