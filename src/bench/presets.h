/* SPDX-License-Identifier: GPL-2.0-or-later */
/* presets: the benchmark presets of presets.conf ("[name]" sections of
 * "key = value" lines), parsed by a pure function; the kinds they run. */
#ifndef BENCHTOP_PRESETS_H
#define BENCHTOP_PRESETS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum bench_kind {
	BENCH_SEQ_DIRECT,	/* dd-style write then read */
	BENCH_IOZONE,		/* iozone -a sweep over record sizes */
	BENCH_READ_TIMING,	/* hdparm -tT and -t --direct */
	BENCH_BONNIE,		/* bonnie++-style phases with latency */
	BENCH_IPERF,		/* iperf3 client through libiperf */
	BENCH_NKINDS
};

#define PRESET_NAME_MAX 32
#define PRESET_DESC_MAX 96
#define PRESET_RECORDS_MAX 16

struct preset {
	char name[PRESET_NAME_MAX];
	char desc[PRESET_DESC_MAX];
	enum bench_kind kind;
	uint64_t size;		/* bytes written and read (seq, bonnie) */
	uint64_t block;		/* bytes per request (seq, bonnie) */
	uint64_t records[PRESET_RECORDS_MAX];	/* iozone record sizes */
	size_t nrecords;
	uint64_t file_size;	/* iozone file */
	unsigned duration_s;	/* iperf; each disk phase of read-timing */
	unsigned streams;	/* iperf -P */
	bool reverse;		/* iperf -R */
	unsigned port;		/* iperf server port, 0: the caller's */
	unsigned seeks;		/* bonnie random seeks */
	unsigned timeout_s;	/* the watchdog's bound */
	bool buffered;		/* buffered I/O with fsync, not O_DIRECT */
	double margin_pct;	/* experiments: "the same" only within
				 * +-this %; 0: VERDICT_MARGIN_PCT */
	/* iperf client options as iperf3 takes them (benchtop iperf) */
	bool udp;		/* -u */
	uint64_t rate_bps;	/* -b, bit/s; 0: iperf3's default */
	bool bidir;		/* --bidir */
	unsigned omit_s;	/* -O: seconds left out at the start */
	uint64_t window;	/* -w: socket buffer bytes; 0 the kernel's */
	char congestion[16];	/* -C: TCP congestion control; "" default */
	bool raw_json;		/* -J: keep libiperf's own JSON text */
	uint64_t length;	/* -l: bytes a read or write; 0 iperf3's */
	uint64_t bytes;		/* -n: bytes to send instead of a time */
	uint64_t blocks;	/* -k: blocks to send instead of a time */
	unsigned mss;		/* -M: TCP maximum segment size; 0 the kernel's */
	bool no_delay;		/* -N: TCP_NODELAY */
	unsigned tos;		/* -S: IP type of service; 0 none */
	bool zerocopy;		/* -Z */
	unsigned cport;		/* --cport: the client's port; 0 any */
	unsigned connect_timeout_ms;	/* --connect-timeout; 0 the system's */
	char bind[64];		/* -B: the local address; "" the route's */
	unsigned interval_ms;	/* -i: the lines' interval; 0 iperf3's 1 s */
	bool no_intervals;	/* -i 0: no lines, the totals alone */
};

struct presets {
	struct preset *v;
	size_t n;
	char warning[320];	/* the first line that was ignored, or "" */
	unsigned nwarnings;	/* lines ignored (unknown keys) */
	/* An optional file that exists but cannot be read ("" none): its
	 * presets are missing, the others are there. */
	char unreadable[300];
};

/* The kind's word in presets.conf ("seq-direct"), or NULL. */
const char *presets_kind_name(enum bench_kind k);

/* Whether presets of kind K write to a folder (the disk kinds but
 * read-timing, which reads a block device, and iperf). */
bool presets_kind_writes(enum bench_kind k);

/* Parse "512M", "4k", "16384k", "1G" (powers of 1024) or plain bytes into
 * *OUT; 0 or -EINVAL. */
int presets_parse_size(const char *s, size_t len, uint64_t *out);

/*
 * Parse presets.conf text into OUT, on top of what it holds: a section
 * whose name is already there replaces it.  Returns the number of presets
 * in OUT, or -EINVAL with *LINE (1-based) and MSG (a sentence) set for the
 * first bad line (OUT keeps what came before that section), or -ENOMEM.
 * A line with an unknown key is ignored: OUT->nwarnings counts such
 * lines and OUT->warning says the first ("line 3: unknown key ...").
 */
int presets_parse(const char *buf, size_t len, struct presets *out,
		  unsigned *line, char *msg, size_t msgsize);

/* presets_parse for a file the user keeps: a bad line skips the preset it
 * is in (or itself, outside any), counted in OUT->nwarnings with the
 * first said in OUT->warning; the other presets are read.  The count of
 * presets in OUT, or -ENOMEM. */
int presets_parse_lenient(const char *buf, size_t len, struct presets *out);

/* At most this many presets, and files of at most PRESETS_FILE_MAX. */
#define PRESETS_MAX 256
#define PRESETS_FILE_MAX (1u << 20)

/* The presets built into the binary (data/presets.conf as it was built),
 * then the data folder's presets.conf (datadir_find(): installed, or the
 * source tree of an uninstalled build), then the user's
 * $XDG_CONFIG_HOME/benchtop/presets.conf, each overriding by name.  A
 * missing or damaged data file keeps the built-in presets: the count is
 * returned and ERR holds the warning.  Otherwise ERR is "" on success; on
 * -errno (a damaged user's file, no memory) ERR names the file and why.
 * An ignored line of a file is in OUT->warning, with the file's name. */
int presets_load(struct presets *out, char *err, size_t errsize);

void presets_free(struct presets *p);

/* The preset named NAME, or NULL. */
const struct preset *presets_find(const struct presets *p, const char *name);

#endif
