/* SPDX-License-Identifier: GPL-2.0-or-later */
/* benchmsg: the benchmark child's line protocol: writers for the child
 * and a pure parser for the parent. */
#include "config.h"

#include "bench/benchmsg.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/strclean.h"

#define WORD(s) (wl == sizeof(s) - 1 && !memcmp(buf, s, wl))

/* A number of at most 31 characters at S[0..N); 0 or -EINVAL. */
static int parse_num(const char *s, size_t n, double *out)
{
	char tmp[32], *end;

	if (n == 0 || n >= sizeof(tmp))
		return -EINVAL;
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	*out = strtod(tmp, &end);
	if (end != tmp + n || !isfinite(*out))
		return -EINVAL;
	return 0;
}

/* The next blank-separated word of BUF[*I..LEN) into *W, *WL. */
static bool next_word(const char *buf, size_t len, size_t *i,
		      const char **w, size_t *wl)
{
	while (*i < len && buf[*i] == ' ')
		(*i)++;
	*w = buf + *i;
	while (*i < len && buf[*i] != ' ')
		(*i)++;
	*wl = (size_t)(buf + *i - *w);
	return *wl > 0;
}

static int parse_progress(const char *buf, size_t len, size_t i,
			  struct benchmsg *m)
{
	const char *w;
	size_t wl;

	if (!next_word(buf, len, &i, &w, &wl) ||
	    parse_num(w, wl, &m->fraction) || m->fraction < 0 ||
	    m->fraction > 1)
		return -EINVAL;
	if (!next_word(buf, len, &i, &w, &wl) || wl >= BENCHMSG_PHASE_MAX)
		return -EINVAL;
	strclean_copy(m->phase, sizeof(m->phase), w, wl);
	if (next_word(buf, len, &i, &w, &wl)) {
		if (parse_num(w, wl, &m->rate) || m->rate < 0)
			return -EINVAL;
		m->has_rate = true;
	}
	return next_word(buf, len, &i, &w, &wl) ? -EINVAL : 0;
}

int benchmsg_parse(const char *buf, size_t len, struct benchmsg *m)
{
	size_t wl = 0, i;
	const char *w;

	memset(m, 0, sizeof(*m));
	while (wl < len && buf[wl] != ' ')
		wl++;
	i = wl < len ? wl + 1 : wl;
	if (WORD("progress")) {
		m->type = BENCHMSG_PROGRESS;
		return parse_progress(buf, len, wl, m);
	}
	if (WORD("expect")) {
		m->type = BENCHMSG_EXPECT;
		if (!next_word(buf, len, &wl, &w, &i) ||
		    parse_num(w, i, &m->seconds) || m->seconds < 0)
			return -EINVAL;
		return next_word(buf, len, &wl, &w, &i) ? -EINVAL : 0;
	}
	if (!WORD("result") && !WORD("error"))
		return -EINVAL;
	m->type = WORD("result") ? BENCHMSG_RESULT : BENCHMSG_ERROR;
	m->text = buf + i;
	m->textlen = len - i;
	return m->textlen ? 0 : -EINVAL;
}

/* Write all of S (N bytes) on FD. */
static int write_all(int fd, const char *s, size_t n)
{
	while (n) {
		ssize_t w = write(fd, s, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return w < 0 ? -errno : -EIO;
		s += w;
		n -= (size_t)w;
	}
	return 0;
}

int benchmsg_progress(int fd, double fraction, const char *phase,
		      double rate)
{
	char line[128];
	int n;

	if (fraction < 0)
		fraction = 0;
	if (fraction > 1)
		fraction = 1;
	if (rate >= 0)
		n = snprintf(line, sizeof(line), "progress %.4f %s %.6g\n",
			     fraction, phase, rate);
	else
		n = snprintf(line, sizeof(line), "progress %.4f %s\n",
			     fraction, phase);
	return write_all(fd, line, (size_t)n < sizeof(line) ? (size_t)n :
			 sizeof(line) - 1);
}

int benchmsg_expect(int fd, double seconds)
{
	char line[64];
	int n = snprintf(line, sizeof(line), "expect %.3f\n", seconds);

	return write_all(fd, line, (size_t)n);
}

/* Write "WORD TEXT\n" with TEXT's newlines turned into blanks. */
static int write_text(int fd, const char *word, const char *text)
{
	size_t n = strlen(word) + strlen(text) + 2, i;
	char *line = malloc(n + 1);
	int rc;

	if (!line)
		return -ENOMEM;
	snprintf(line, n + 1, "%s %s\n", word, text);
	for (i = 0; i + 1 < n; i++)
		if (line[i] == '\n' || line[i] == '\r')
			line[i] = ' ';
	rc = write_all(fd, line, n);
	free(line);
	return rc;
}

int benchmsg_error(int fd, const char *sentence)
{
	return write_text(fd, "error", sentence);
}

int benchmsg_result(int fd, const char *json)
{
	return write_text(fd, "result", json);
}
