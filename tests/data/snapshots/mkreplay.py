# SPDX-License-Identifier: GPL-2.0-or-later
# mkreplay.py [--bytes-only] IN OUT: the replay fixture - IN (odroid-xu4.json, one row as
# the XU4 testbed gives it: its /proc files do not change under umockdev)
# with twelve rows at 1 s written here instead, so that stepping through
# the session changes what the screen shows: a write burst on sda, eth0
# traffic, the big cluster slowing from 2000 to 1400 MHz, IRQ 150 and 151
# busier each second, and sda absent from the first row (plugged in later).
# With --bytes-only, the disks' IOPS and busy share are left out, as an
# older benchtop saved them.
import json, sys

bytes_only = "--bytes-only" in sys.argv
args = [a for a in sys.argv[1:] if a != "--bytes-only"]
doc = json.load(open(args[0]))
if bytes_only:
    doc["series"]["channels"] = [
        c for c in doc["series"]["channels"] if not c.startswith("disk:") or
        c.endswith("_bytes_per_s")]
ch = doc["series"]["channels"]
rows = []
for k in range(12):
    v = {
        "cpu:all:util_permille": 100 + 50 * k,
        "cluster:0:util_permille": 200 + 10 * k,
        "cluster:0:freq_mhz": 1400,
        "cluster:4:util_permille": 50 * k,
        "cluster:4:freq_mhz": 2000 - 50 * k,
        "disk:mmcblk0:read_bytes_per_s": 4096 * k,
        "disk:mmcblk0:write_bytes_per_s": 0,
        "disk:mmcblk0:read_iops": k,
        "disk:mmcblk0:write_iops": 0,
        "disk:mmcblk0:util_permille": 5 * k,
        "disk:sda:read_bytes_per_s": None if k == 0 else 1000 * k,
        "disk:sda:write_bytes_per_s": None if k == 0 else 1000000 * k,
        "disk:sda:read_iops": None if k == 0 else k,
        "disk:sda:write_iops": None if k == 0 else 100 * k,
        "disk:sda:util_permille": None if k == 0 else 80 * k,
        "net:lo:rx_bytes_per_s": 0,
        "net:lo:tx_bytes_per_s": 0,
        "net:eth0:rx_bytes_per_s": 125000 * k,
        "net:eth0:tx_bytes_per_s": 2500 * k,
        "irq:150:per_s": 100 * k,
        "irq:151:per_s": 1000 + k,
    }
    rows.append([1000 * k, 1] + [v.get(c, 0) for c in ch])
doc["series"]["tiers"][0]["rows"] = rows
doc["series"]["interval_s"] = 1.0
with open(args[1], "w") as f:
    json.dump(doc, f, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    f.write("\n")
