/* SPDX-License-Identifier: GPL-2.0-or-later */
/* socktable: the kernel's socket tables (/proc/PID/net/tcp, tcp6, udp,
 * udp6) read for the sockets of one process: how many of its sockets
 * (by inode, from /proc/PID/fd) are in a given state. */
#ifndef BENCHTOP_SOCKTABLE_H
#define BENCHTOP_SOCKTABLE_H

#include <stddef.h>
#include <stdint.h>

#define SOCKTABLE_ESTABLISHED 0x01	/* TCP_ESTABLISHED */
#define SOCKTABLE_ANY (-1)

/* The rows of TEXT (LEN bytes, a /proc/net/{tcp,tcp6,udp,udp6} table)
 * whose inode is one of INODES (N of them) and whose state is STATE
 * (SOCKTABLE_ANY: any state).  A row that cannot be read counts not. */
unsigned socktable_count(const char *text, size_t len,
			 const uint64_t *inodes, size_t n, int state);

/* The inode of a /proc/PID/fd link's target "socket:[INODE]"; 0 when
 * LINK is not a socket's. */
uint64_t socktable_fd_inode(const char *link);

#endif
