/* SPDX-License-Identifier: GPL-2.0-or-later */
/* servewatch: what a `benchtop serve` test child's sockets are doing, from
 * /proc/PID/fd and the kernel's socket tables: a client in its control
 * exchange holds one established TCP connection and no stream. */
#ifndef BENCHTOP_SERVEWATCH_H
#define BENCHTOP_SERVEWATCH_H

#include <stdbool.h>
#include <sys/types.h>

/* Whether process PID holds exactly one established TCP connection and
 * no UDP socket: a client connected whose streams are not (yet, or any
 * more) open.  False when it cannot be told. */
bool servewatch_exchanging(pid_t pid);

#endif
