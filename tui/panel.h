/* SPDX-License-Identifier: GPL-2.0-or-later */
/* panel: the screens of the live monitor, each a const ops table. */
#ifndef BENCHTOP_PANEL_H
#define BENCHTOP_PANEL_H

#include <stdbool.h>
#include <stddef.h>

struct app;

/* The screens; each is one row of the table in panels.c. */
enum panel_id {
	PANEL_MAIN, PANEL_IRQ, PANEL_HELP, PANEL_USB, PANEL_JOURNAL,
	PANEL_BENCH, PANEL_BENCHRES, PANEL_EXP, PANEL_PERSIST,
	PANEL_CHAIN,
	PANEL_N
};

struct panel_ops {
	const char *name;	/* "main", "irq", "usb", "help" */
	/* Draw into the rows TOP..TOP+HEIGHT-1 of the screen. */
	void (*draw)(struct app *a, int top, int height, int width);
	/* Handle a key the panel understands; true when it did. */
	bool (*key)(struct app *a, int ch);
};

/* The screen ID (its ops table; ID < PANEL_N). */
const struct panel_ops *panels_get(enum panel_id id);

extern const struct panel_ops panel_main_ops;
extern const struct panel_ops panel_irq_ops;
extern const struct panel_ops panel_usb_ops;
extern const struct panel_ops panel_help_ops;
extern const struct panel_ops panel_journal_ops;

/* What is selected on the overview; *INDEX into hw.clusters.v,
 * rates.disks, rates.nets or rates.irqs. */
enum panel_main_sel {
	PANEL_SEL_NONE, PANEL_SEL_CLUSTER, PANEL_SEL_DISK, PANEL_SEL_NET,
	PANEL_SEL_IRQ,
};
enum panel_main_sel panel_main_selected(struct app *a, size_t *index);
extern const struct panel_ops panel_bench_ops;
extern const struct panel_ops panel_benchres_ops;
extern const struct panel_ops panel_chain_ops;	/* Enter on a device */

#endif
