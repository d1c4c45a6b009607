/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cells: the formatted cells and rows the panels share: rates with units
 * that fit, column titles, cluster rows, IRQ rows and device links. */
#ifndef BENCHTOP_CELLS_H
#define BENCHTOP_CELLS_H

#include <stdbool.h>
#include <stddef.h>

struct app;
struct moment;
struct moment_irq;
struct moment_disk;
struct moment_net;

/* "280.1 MB/s" (SI units); "-" when not VALID. */
void cells_bytes_rate(char *dst, size_t size, double bytes_per_s, bool valid);
/* "933.8 Mbit/s" from bytes per second; "-" when not VALID. */
void cells_bits_rate(char *dst, size_t size, double bytes_per_s, bool valid);
/* "12", "2.2k", "1.5M"; "-" when not VALID. */
void cells_count(char *dst, size_t size, double v, bool valid);
/* The same in 4 characters at most: "999", "9.9k", "12k", "1.5M". */
void cells_count_short(char *dst, size_t size, double v, bool valid);

/* Column titles of the overview's sections, into DST (the disks' and
 * interfaces' from the table of figures, view/figures.h). */
void cells_cluster_title(char *dst, size_t size);
void cells_disk_title(char *dst, size_t size);
void cells_net_title(char *dst, size_t size);
void cells_irq_title(char *dst, size_t size);

/* SRC with runs of blanks folded to one and no leading blanks, into DST
 * (kernel IRQ names are padded for columns). */
void cells_squeeze(char *dst, size_t size, const char *src);

/* Draw the cluster rows (or CPU groups without cpufreq) from row Y, at
 * most H rows, and the hottest zone on the title row above when the
 * titles (TITLE_W columns) leave room; returns the rows used. */
int cells_draw_clusters(struct app *a, int y, int h, int w, int title_w);

struct frame_key;

/* One column of a row: TEXT cut to PREC bytes (< 0: whole) and padded
 * to WIDTH, on the LEFT or the right; a blank follows each column but
 * the last (and the last too when SEP). */
struct cells_col {
	const char *text;	/* NULL ends the list */
	int width, prec;
	bool left, sep;
};

/* The columns C into DST as snprintf would with "%-5.5s %8s ..." (the
 * same bytes, cut to SIZE); the length it would have. */
size_t cells_row(char *dst, size_t size, const struct cells_col *c);

/* The overview's row of disk D or interface N up to its history: the
 * name and the cells of the figures the table of figures puts on the
 * screen (view/figures.h), a blank after the last, into DST as
 * cells_row; and what they are drawn from, added to K (the same walk,
 * so a shown figure is never missing from the key). */
size_t cells_disk_row(char *dst, size_t size, const struct moment_disk *d);
size_t cells_net_row(char *dst, size_t size, const struct moment_net *n);
void cells_disk_key(struct frame_key *k, const struct moment_disk *d);
void cells_net_key(struct frame_key *k, const struct moment_net *n);

/* What cells_draw_irq_row draws Q's row from, added to K. */
void cells_irq_key(struct frame_key *k, const struct moment_irq *q);

/* One IRQ row of the overview: number, rate, busiest CPU, affinity, name. */
void cells_draw_irq_row(struct app *a, int y, int w,
			const struct moment_irq *q);

/* The link of a disk or interface: "USB 5000M uas ASM1153E", "PCIe",
 * "MMC", or "" when unknown. */
void cells_disk_link(const struct moment *m, const char *dev, char *dst,
		     size_t size);
void cells_net_link(const struct moment *m, const char *dev, char *dst,
		    size_t size);

#endif
