/* SPDX-License-Identifier: GPL-2.0-or-later */
/* usbrows: the USB screen's lines (buses, devices, verdicts) in the order
 * drawn, its selectable device rows, and what each row adds to the scan:
 * the disks and interfaces on the device and the CPU that takes its host
 * controller's interrupts; Enter opens the selected device's chain. */
#ifndef BENCHTOP_USBROWS_H
#define BENCHTOP_USBROWS_H

#include <stdbool.h>
#include <stddef.h>

struct app;
struct usbdev;
struct usbdev_bus;

enum usbrows_kind { USBROWS_BUS, USBROWS_DEV, USBROWS_VERDICT };

struct usbrows_line {
	enum usbrows_kind kind;
	const struct usbdev_bus *bus;	/* the bus the line is under */
	const struct usbdev *dev;	/* DEV and VERDICT lines */
	size_t verdict;			/* VERDICT: its index in dev */
	size_t row;			/* DEV, VERDICT: the device row */
};

/* The screen's lines into a new array (free it), their count into *N;
 * NULL with *N 0 when there are none or memory ran out. */
struct usbrows_line *usbrows_lines(struct app *a, size_t *n);

/* The number of device rows, and the device of row ROW (NULL past the
 * end). */
size_t usbrows_count(struct app *a);
const struct usbdev *usbrows_dev(struct app *a, size_t row);

/* The disks and interfaces on D ("sda", "eth0", "sda,sdb") into DST;
 * "" when it has none. Returns the first one's name, or NULL. */
const char *usbrows_names(struct app *a, const struct usbdev *d,
			  char *dst, size_t size);

/* Indexes into the current sample's IRQ rows of the interrupts of bus
 * BUSNUM's host controller (with the root hubs it shares them with),
 * into IDX (at most MAX); returns how many. */
size_t usbrows_irqs(struct app *a, unsigned busnum, size_t *idx,
		    size_t max);

/* The CPU that takes bus BUSNUM's controller interrupts (the most of them
 * in the last interval, else since boot), or -1 when none fired. */
int usbrows_cpu(struct app *a, unsigned busnum);

/* The IRQ number that pins the device named NAME ("4-1"), or -1. */
long usbrows_irq_of(struct app *a, const char *name);

/* The selected device row's device, or NULL. */
const struct usbdev *usbrows_selected(struct app *a);

/* Enter: the chain of the selected device's disk or interface, or of the
 * device itself when it has none. */
void usbrows_open(struct app *a);

#endif
