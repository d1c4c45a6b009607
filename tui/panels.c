/* SPDX-License-Identifier: GPL-2.0-or-later */
/* panels: the table of the live screen's screens, indexed by enum
 * panel_id; nothing but the frame (screen.c) looks a screen up. */
#include "config.h"

#include "panel.h"

#include "expui.h"
#include "persistui.h"

static const struct panel_ops *const panels[PANEL_N] = {
	[PANEL_MAIN] = &panel_main_ops,
	[PANEL_IRQ] = &panel_irq_ops,
	[PANEL_HELP] = &panel_help_ops,
	[PANEL_USB] = &panel_usb_ops,
	[PANEL_JOURNAL] = &panel_journal_ops,
	[PANEL_BENCH] = &panel_bench_ops,
	[PANEL_BENCHRES] = &panel_benchres_ops,
	[PANEL_EXP] = &panel_exp_ops,
	[PANEL_PERSIST] = &panel_persist_ops,
	[PANEL_CHAIN] = &panel_chain_ops,
};

const struct panel_ops *panels_get(enum panel_id id)
{
	return (unsigned)id < PANEL_N && panels[id] ? panels[id] :
	       panels[PANEL_MAIN];
}
