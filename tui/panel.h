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
/* [tune panels: end] */
/* [bench panels: begin] */
/* [bench panels: end] */
/* [snapshot panels: begin] */
/* [snapshot panels: end] */

#endif
