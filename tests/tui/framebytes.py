#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""framebytes: which cells a full-screen program writes while nothing moves.

Runs CMD in a pseudo-terminal of COLSxROWS, waits until PATTERN is on the
terminal and SETTLE seconds more, then follows the cursor through what the
program writes for WINDOW seconds (cursor addressing, relative moves,
carriage return, line feed, backspace; SGR and modes change no cell) and
counts the bytes and the cells written outside the clock (the last
CLOCK columns of the first row).  With --poke, runs that shell command and
counts again for WINDOW seconds: proof that a change is seen.  Then sends
q.  Prints key=value lines.  Standard library only, Linux only.
"""

import argparse
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import fcntl
import subprocess
import time

CSI = re.compile(rb"\x1b\[([0-9;?>=!]*)([ -/]*)([@-~])")


class Cursor:
    """The cursor of a VT100-like terminal, 1-based, and the cells written
    outside the clock."""

    def __init__(self, cols, rows, clock):
        self.cols, self.rows, self.clock = cols, rows, clock
        self.row = self.col = 1
        self.outside = []

    def put(self, n=1):
        for _ in range(n):
            if not (self.row == 1 and self.col > self.cols - self.clock):
                self.outside.append((self.row, self.col))
            self.col = min(self.col + 1, self.cols)

    def csi(self, params, final):
        p = [int(x) if x.isdigit() else 0 for x in
             params.decode().lstrip("?>=!").split(";")] if params else []
        n = p[0] if p and p[0] else 1
        if final in b"Hf":
            self.row = p[0] if p and p[0] else 1
            self.col = p[1] if len(p) > 1 and p[1] else 1
        elif final == b"G":
            self.col = n
        elif final == b"d":
            self.row = n
        elif final == b"C":
            self.col += n
        elif final == b"D":
            self.col -= n
        elif final == b"A":
            self.row -= n
        elif final == b"B":
            self.row += n
        elif final in (b"K", b"X", b"J", b"P", b"@", b"L", b"M", b"b",
                       b"S", b"T"):
            self.put(1)     # an erase, insert, delete or repeat: a change
            self.col -= 1
        # m (SGR), h/l (modes), r (region), t, n: no cell written

    def feed(self, data):
        i = 0
        while i < len(data):
            b = data[i]
            if b == 0x1b:
                m = CSI.match(data, i)
                if m:
                    self.csi(m.group(1), m.group(3))
                    i = m.end()
                    continue
                i += 3 if data[i + 1:i + 2] in (b"(", b")") else 2
                continue
            if b == 0x0d:
                self.col = 1
            elif b == 0x0a:
                self.row += 1
            elif b == 0x08:
                self.col = max(1, self.col - 1)
            elif b >= 0x20 and not 0x80 <= b < 0xc0:
                self.put(1)     # a character (a UTF-8 lead byte)
            i += 1


def read_for(fd, seconds, sink):
    end = time.monotonic() + seconds
    while True:
        left = end - time.monotonic()
        if left <= 0:
            return
        r, _, _ = select.select([fd], [], [], left)
        if r:
            try:
                data = os.read(fd, 65536)
            except OSError:
                return
            if not data:
                return
            sink(data)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", default="80x24")
    ap.add_argument("--pattern", default="B/s")
    ap.add_argument("--settle", type=float, default=1.5)
    ap.add_argument("--window", type=float, default=4.0)
    ap.add_argument("--clock", type=int, default=8)
    ap.add_argument("--poke")
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cols, rows = (int(x) for x in a.size.split("x"))
    cmd = a.cmd[1:] if a.cmd[:1] == ["--"] else a.cmd
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8",
               COLUMNS=str(cols), LINES=str(rows))
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ,
                    struct.pack("HHHH", rows, cols, 0, 0))
        os.execvpe(cmd[0], cmd, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    seen = bytearray()
    deadline = time.monotonic() + 30
    while a.pattern.encode() not in seen and time.monotonic() < deadline:
        read_for(fd, 0.1, seen.extend)
    print("pattern_seen=%d" % (a.pattern.encode() in seen))
    read_for(fd, a.settle, lambda d: None)
    phases = [("quiet", None)] + ([("poked", a.poke)] if a.poke else [])
    for name, poke in phases:
        if poke:
            subprocess.run(poke, shell=True, check=False)
        cur, total = Cursor(cols, rows, a.clock), [0]

        def sink(d, cur=cur, total=total):
            total[0] += len(d)
            cur.feed(d)
        read_for(fd, a.window, sink)
        print("%s_bytes=%d" % (name, total[0]))
        print("%s_outside_clock=%d" % (name, len(cur.outside)))
        print("%s_cells=%s" % (name, " ".join("%d,%d" % c for c in
                                                cur.outside[:20])))
    os.write(fd, b"q")
    read_for(fd, 3, lambda d: None)
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
