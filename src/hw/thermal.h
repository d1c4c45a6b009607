/* SPDX-License-Identifier: GPL-2.0-or-later */
/* thermal: /sys/class/thermal zones (temperature, trip points) and cooling
 * devices (fans, cpufreq limits) and which CPUs a cooling device slows. */
#ifndef BENCHTOP_THERMAL_H
#define BENCHTOP_THERMAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct thermal_trip {
	int64_t temp_mc;	/* millidegrees Celsius */
	char type[16];		/* "active", "passive", "hot", "critical" */
};

struct thermal_zone {
	unsigned id;		/* N of thermal_zoneN */
	char *type;		/* "cpu0-thermal", control characters as '?' */
	bool has_temp;
	int64_t temp_mc;
	struct thermal_trip *trips;
	size_t ntrips;
	char *error;		/* what could not be read, or NULL */
};

struct thermal_cooling {
	unsigned id;		/* N of cooling_deviceN */
	char *type;		/* "pwm-fan", "thermal-cpufreq-0", ... */
	bool has_state;		/* cur_state known (0 or more) */
	bool inactive;		/* cur_state -1: the kernel's "not active"
				 * (intel_powerclamp), no error */
	bool has_max;		/* max_state known */
	uint64_t cur_state, max_state;
	char *error;
};

struct thermal {
	struct thermal_zone *zones;	/* by id */
	size_t nzones;
	struct thermal_cooling *cooling;	/* by id */
	size_t ncooling;
	char *error;		/* /sys/class/thermal unreadable, or NULL */
};

/* Read /sys/class/thermal into T (reset first); a missing directory is
 * no zones.  Problems become sentences; returns 0, or -ENOMEM. */
int thermal_load(struct thermal *t);

/* Read again only the temperatures and cooling states of T's zones and
 * devices (trip points, types and max states do not change); the whole
 * of thermal_load when one of them is gone or bad, or T had a sentence.
 * 0, or -ENOMEM. */
int thermal_refresh(struct thermal *t);

void thermal_fini(struct thermal *t);

/* Parse a temperature file such as "45000\n" or "-5000\n" (millidegrees);
 * 0, -EINVAL or -ERANGE. */
int thermal_parse_millic(const char *buf, size_t len, int64_t *out);

/* Parse trip_point_K_temp (TEMP) and trip_point_K_type (TYPE) into OUT;
 * 0 or -EINVAL. */
int thermal_parse_trip(const char *temp, size_t tlen, const char *type,
		       size_t ylen, struct thermal_trip *out);

enum thermal_target {
	THERMAL_TARGET_NONE,	/* a fan, a GPU devfreq: no CPU slows */
	THERMAL_TARGET_CPU,	/* "cpufreq-cpuN" (5.x+): N's cluster */
	THERMAL_TARGET_NTH,	/* "thermal-cpufreq-N" (older): the Nth
				 * cpufreq cooling device, clusters in
				 * policy order */
	THERMAL_TARGET_ALL,	/* "Processor" (ACPI): every CPU */
};

/* Which CPUs a cooling device of TYPE slows, with the number in *N. */
enum thermal_target thermal_cooling_target(const char *type, unsigned *n);

#endif
