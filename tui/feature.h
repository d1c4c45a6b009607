/* SPDX-License-Identifier: GPL-2.0-or-later */
/* feature: the live monitor's features (tuning, benchmarks, snapshots,
 * replay, experiments...) as const ops tables, as tmux's window modes:
 * the frame and the event loop walk the table in features.c. */
#ifndef BENCHTOP_FEATURE_H
#define BENCHTOP_FEATURE_H

#include <stdbool.h>
#include <stdio.h>

struct app;
struct pollfd;

/* The most descriptors one feature polls. */
#define FEATURE_MAX_FDS 2
/* The most rows the table in features.c may have. */
#define FEATURES_MAX 12

/* Each hook is optional (NULL).  Walked in the table's order, but for
 * fini and exit_note, walked backwards (the last set up goes first). */
struct feature_ops {
	const char *name;
	void (*init)(struct app *a);	/* state behind its own pointer */
	void (*fini)(struct app *a);
	/* In place of the live reading: true when it took the tick. */
	bool (*source_tick)(struct app *a);
	void (*tick)(struct app *a);	/* after each new reading */
	/* Fill up to FEATURE_MAX_FDS descriptors to poll; their count. */
	int (*pollfds)(const struct app *a, struct pollfd *pfd);
	void (*on_poll)(struct app *a, const struct pollfd *pfd, int n);
	void (*reap)(struct app *a);	/* SIGCHLD came */
	/* Takes every key while open: true when it took CH. */
	bool (*modal_key)(struct app *a, int ch);
	/* Draws the header line in its own way: true when it did. */
	bool (*draw_header)(struct app *a, int width);
	/* Rows of its own above the key bar, and drawing them at Y. */
	int (*rows)(const struct app *a);
	void (*draw_rows)(struct app *a, int y, int width);
	void (*draw_over)(struct app *a);	/* over the finished frame */
	/* True while a text field takes every key: they go to the screen's
	 * own key hook ('+' and '-' are text then). */
	bool (*typing)(const struct app *a);
	/* The run ends (RC: 0 after q, the signal, or -errno), terminal
	 * still up; then, with the terminal restored, its note to F. */
	void (*on_exit)(struct app *a, int rc);
	void (*exit_note)(const struct app *a, FILE *f);
};

/* The walks over the table, one per hook. */
void features_init(struct app *a);
void features_fini(struct app *a);
bool features_source_tick(struct app *a);
void features_tick(struct app *a);
int features_pollfds(const struct app *a, struct pollfd *pfd, int room);
void features_on_poll(struct app *a, const struct pollfd *pfd, int n);
void features_reap(struct app *a);
bool features_modal_key(struct app *a, int ch);
bool features_typing(const struct app *a);
bool features_draw_header(struct app *a, int width);
int features_rows(const struct app *a);
void features_draw_rows(struct app *a, int y, int width);
void features_draw_over(struct app *a);
void features_exit(struct app *a, int rc);
void features_exit_note(const struct app *a, FILE *f);

/* A row's state slot in struct app: for a feature whose state no other
 * file reads, its one pointer (app_feature_data finds it). */
struct feature_slot {
	const struct feature_ops *ops;	/* set by features_init */
	void *data;			/* NULL at the start */
};

#endif
