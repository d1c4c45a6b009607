#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# bospcap.py UMOCKDEV SYSPATH OUT: a usbmon capture (pcap, LINKTYPE
# USB_LINUX_MMAPPED) of the device at SYSPATH answering libusb's
# GET_DESCRIPTOR(BOS) - first the 5-byte header, then the whole set - with
# the bos_descriptors bytes UMOCKDEV (a umockdev device file of a kernel
# that has them, Linux >= 6.7) shows for it.  umockdev-run --pcap replays
# it, so libusb reads the BOS from the "device" as it would on Linux < 6.7.
import struct
import sys


def device(path, syspath):
    attrs, cur = {}, None
    for line in open(path):
        if line.startswith("P: "):
            cur = line[3:].strip()
        elif cur == syspath and line[:2] in ("A:", "H:"):
            k, _, v = line[3:].rstrip("\n").partition("=")
            attrs[k] = v.strip()
    return attrs


def record(f, pid, event, bus, dev, setup, urb_len, data, ts):
    hdr = struct.pack("<QBBBBHBBqiiII8siiII", pid, ord(event), 2, 0x80,
                      dev, bus, 0 if setup else ord("-"),
                      0 if data else ord("<"), ts, 0, 0, urb_len, len(data),
                      setup or bytes(8), 0, 0, 0, 0)
    f.write(struct.pack("<IIII", ts, 0, len(hdr + data), len(hdr + data)))
    f.write(hdr + data)


def main(umockdev, syspath, out):
    a = device(umockdev, syspath)
    bos = bytes.fromhex(a["bos_descriptors"])
    bus, dev = int(a["busnum"]), int(a["devnum"])
    with open(out, "wb") as f:
        f.write(struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535, 220))
        for i, n in enumerate((5, len(bos))):
            setup = struct.pack("<BBHHH", 0x80, 6, 0x0f00, 0, n)
            record(f, 100 + i, "S", bus, dev, setup, n, b"", 1000 + i)
            record(f, 100 + i, "C", bus, dev, None, n, bos[:n], 1000 + i)


if __name__ == "__main__":
    main(*sys.argv[1:4])
