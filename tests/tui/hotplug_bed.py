#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
# hotplug_bed.py: what umockdev-run does, plus hotplug: make a umockdev
# testbed from a board's folder and usb.umockdev, leave the device at
# --hold (and everything under it) out, run the program in it, and on
# each line written to the --ctl FIFO: "add" puts that device in and sends
# the "add" uevent of each of its sysfs devices, "remove" sends "remove"
# uevents (children first) and takes it out again.  Uses umockdev's own
# library (gir1.2-umockdev-1.0): umockdev_testbed_add_from_string,
# umockdev_testbed_uevent, umockdev_testbed_remove_device.
import argparse, os, select, shutil, subprocess, sys

import gi
gi.require_version("UMockdev", "1.0")
from gi.repository import UMockdev


def split_records(text):
    """The records of a usb.umockdev file, each with its P: devpath."""
    recs = [r for r in text.split("\n\n") if r.strip()]
    out = []
    for r in recs:
        path = next(l[3:] for l in r.splitlines() if l.startswith("P: "))
        out.append((path, r.strip() + "\n"))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bed", required=True)
    ap.add_argument("--hold", required=True, help="a P: devpath")
    ap.add_argument("--ctl", required=True, help="a FIFO of commands")
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    # umockdev's uevent sender finds the device through libudev in this
    # process: it needs the preload library too (as umockdev-wrapper)
    if "libumockdev-preload" not in os.environ.get("LD_PRELOAD", ""):
        os.environ["LD_PRELOAD"] = "libumockdev-preload.so.0:" + \
            os.environ.get("LD_PRELOAD", "")
        os.execv(sys.executable, [sys.executable] + sys.argv)
    cmd = a.cmd[1:] if a.cmd[:1] == ["--"] else a.cmd
    tb = UMockdev.Testbed.new()
    root = tb.get_root_dir()
    shutil.copytree(a.bed, root, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("usb.umockdev"))
    with open(os.path.join(a.bed, "usb.umockdev")) as f:
        recs = split_records(f.read())
    held = [(p, r) for p, r in recs
            if p == a.hold or p.startswith(a.hold + "/")]
    rest = "\n".join(r for p, r in recs if (p, r) not in held)
    tb.add_from_string(rest)
    env = dict(os.environ, UMOCKDEV_DIR=root)
    child = subprocess.Popen(cmd, env=env)
    fd = os.open(a.ctl, os.O_RDONLY | os.O_NONBLOCK)
    pending = b""
    while child.poll() is None:
        r, _, _ = select.select([fd], [], [], 0.2)
        if not r:
            continue
        data = os.read(fd, 4096)
        if not data:		# the writer closed: open again for the next
            os.close(fd)
            fd = os.open(a.ctl, os.O_RDONLY | os.O_NONBLOCK)
            continue
        pending += data
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            command(tb, line.decode().strip(), held)
    os.close(fd)
    return child.returncode


def command(tb, what, held):
    if what == "add":
        # add_from_string sends the "add" uevent of each device itself
        # (through umockdev_testbed_uevent), parents first
        tb.add_from_string("\n".join(r for p, r in held))
    elif what == "remove":
        for p, r in reversed(held):
            tb.uevent("/sys" + p, "remove")
        tb.remove_device("/sys" + held[0][0])


if __name__ == "__main__":
    sys.exit(main())
