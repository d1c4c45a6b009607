/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_netdev: libFuzzer target for netdev_parse and the rates over two
 * samples (the first half of the input as the earlier sample). */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "collect/netdev.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	struct net_table prev, cur;
	struct net_rate *r;
	double dt = size ? data[0] / 16.0 : 1.0;
	int n;

	netdev_parse(buf, size / 2, &prev);
	if (netdev_parse(buf, size, &cur) >= 0) {
		n = netdev_rates(&prev, &cur, dt, &r);
		for (int i = 0; i < n; i++)
			if (r[i].rx_bytes_per_s < 0 || r[i].tx_drop_per_s < 0 ||
			    (!r[i].valid && r[i].rx_bytes_per_s != 0))
				abort();
		free(r);
		n = netdev_rates(NULL, &cur, dt, &r);
		free(r);
	}
	netdev_free(&prev);
	netdev_free(&cur);
	return 0;
}
