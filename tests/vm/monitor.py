#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# The host's hand on QEMU's monitor for the VM lab (tests/vm/lib.sh runs it
# beside a guest booted with VM_MONITOR=1): follows the guest's results
# port (a file QEMU appends to) and sends each "=== HOST CMD ===" line's
# CMD, a human-monitor command, through QMP on a unix socket (its
# human-monitor-command: the answer comes back as plain text, with no
# line editing), one at a time, waiting for each answer; $NAME in CMD is
# the test's environment variable. Every command and QEMU's answer go to LOG. Ends when PID
# (the qemu process, or its timeout wrapper) has ended.
#   monitor.py RESULTS-FILE MONITOR-SOCKET LOG PID
import json
import os
import re
import socket
import sys
import time

HOST = re.compile(rb"^=== HOST (.+) ===\r?$")


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True


def connect(path, pid):
    """QMP, past its greeting and capabilities; None if QEMU ended."""
    while alive(pid):
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(path)
            s.settimeout(30)
            f = s.makefile("rwb")
            answer(f)  # the greeting
            ask(f, {"execute": "qmp_capabilities"})
            return f
        except OSError:
            time.sleep(0.1)
    return None


def answer(f):
    """The next reply that is not an event."""
    while True:
        line = f.readline()
        if not line:
            raise OSError("QMP closed")
        msg = json.loads(line)
        if "event" not in msg:
            return msg


def ask(f, cmd):
    f.write(json.dumps(cmd).encode() + b"\n")
    f.flush()
    return answer(f)


def main():
    results, path, log_path, pid = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    log = open(log_path, "a")
    mon = None
    pos = 0
    pending = b""
    while alive(pid):
        try:
            with open(results, "rb") as f:
                f.seek(pos)
                data = f.read()
        except OSError:
            data = b""
        pos += len(data)
        pending += data
        *lines, pending = pending.split(b"\n")
        for line in lines:
            m = HOST.match(line)
            if not m:
                continue
            # $NAME: from the test's environment (file paths are the host's)
            cmd = os.path.expandvars(m.group(1).decode("ascii", "replace"))
            if mon is None:
                mon = connect(path, pid)
            if mon is None:
                break
            try:
                r = ask(mon, {"execute": "human-monitor-command",
                              "arguments": {"command-line": cmd}})
                said = r.get("return", r.get("error"))
            except (OSError, ValueError) as e:
                said = "no answer: %s" % e
            said = str(said).strip() or "done"
            log.write("%s -> %s\n" % (cmd, said))
            log.flush()
        time.sleep(0.1)


if __name__ == "__main__":
    main()
