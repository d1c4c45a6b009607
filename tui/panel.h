/* SPDX-License-Identifier: GPL-2.0-or-later */
/* panel: the screens of the live monitor, each a const ops table. */
#ifndef BENCHTOP_PANEL_H
#define BENCHTOP_PANEL_H

#include <stdbool.h>

struct app;

struct panel_ops {
	const char *name;	/* "main", "irq", "usb", "help" */
	int id;			/* index into app.views */
	/* Draw into the rows TOP..TOP+HEIGHT-1 of the screen. */
	void (*draw)(struct app *a, int top, int height, int width);
	/* Handle a key the panel understands; true when it did. */
	bool (*key)(struct app *a, int ch);
};

extern const struct panel_ops panel_main_ops;
extern const struct panel_ops panel_irq_ops;
extern const struct panel_ops panel_usb_ops;
extern const struct panel_ops panel_help_ops;
/* [tune panels: begin] */
#include <stddef.h>

extern const struct panel_ops panel_journal_ops;

/* What is selected on the overview; *INDEX into hw.clusters.v,
 * rates.disks, rates.nets or rates.irqs. */
enum panel_main_sel {
	PANEL_SEL_NONE, PANEL_SEL_CLUSTER, PANEL_SEL_DISK, PANEL_SEL_NET,
	PANEL_SEL_IRQ,
};
enum panel_main_sel panel_main_selected(struct app *a, size_t *index);
/* [tune panels: end] */
/* [bench panels: begin] */
extern const struct panel_ops panel_bench_ops;
extern const struct panel_ops panel_benchres_ops;
/* [bench panels: end] */
/* [snapshot panels: begin] */
/* [snapshot panels: end] */

#endif
