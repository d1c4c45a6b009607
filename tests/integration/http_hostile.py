#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# http_hostile.py PORT MODE ...: hostile HTTP clients against a server on
# 127.0.0.1:PORT (benchtop metrics --listen), every loop bounded in count
# and time; prints one line of figures, exit 0 when the server held.
#   burst N ROUNDS      N slow connections at once (half a request each),
#                       held 1 s, dropped together; then a scrape must be
#                       answered within 10 s, ROUNDS times
#   slowloris N SECS K  N connections from 127.0.0.2 ... 127.0.0.(K+1)
#                       that send one header byte every 2 s for SECS
#                       seconds, each one dropped reconnected; meanwhile a
#                       scrape from 127.0.0.1 every second must be answered
#                       within 5 s
#   perip N             N slow connections from 127.0.0.9: prints how many
#                       the server keeps open after 1 s
#   paths               GET of odd paths: prints "PATH STATUS" per path
#   soak N PID FILE     N scrapes one after the other, FILE's time moved
#                       before each (a results file that changed); the
#                       server PID's PSS after the first tenth and at the
#                       end (kB): exit 0 when it grew by 8 MiB at most
import http.client
import os
import socket
import sys
import threading
import time

HOST = "127.0.0.1"


def scrape(port, timeout, path="/metrics", src=None):
    """The status of one GET, or None when none came within TIMEOUT s."""
    try:
        c = http.client.HTTPConnection(HOST, port, timeout=timeout,
                                       source_address=(src, 0) if src else None)
        c.request("GET", path)
        r = c.getresponse()
        r.read()
        c.close()
        return r.status
    except (OSError, http.client.HTTPException):
        return None


def raw_status(port, request, timeout=10):
    """The status line's code of a raw REQUEST (bytes), or 0."""
    s = socket.create_connection((HOST, port), timeout=timeout)
    try:
        s.sendall(request)
        line = s.recv(64).split(b"\r\n")[0].split()
        return int(line[1]) if len(line) > 1 else 0
    except (OSError, ValueError):
        return 0
    finally:
        s.close()


def open_one(port, src):
    s = socket.socket()
    s.setblocking(False)
    if src:
        s.bind((src, 0))
    s.connect_ex((HOST, port))
    return s


def open_slow(port, n, srcs=(None,)):
    """N connections (non-blocking connects) from the addresses SRCS in
    turn, each with half a request."""
    socks = [open_one(port, srcs[i % len(srcs)]) for i in range(n)]
    time.sleep(0.3)
    for s in socks:
        try:
            s.send(b"GET /metrics HTTP/1.1\r\nHost: x\r\n")
        except OSError:
            pass
    return socks


def is_open(s):
    """Whether the server still holds connection S (no EOF, no reset)."""
    try:
        return s.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


def burst(port, n, rounds):
    answered = 0
    for _ in range(rounds):
        socks = open_slow(port, n)
        time.sleep(1)
        for s in socks:
            s.close()
        time.sleep(0.2)
        if scrape(port, 10) == 200:
            answered += 1
    print("burst of %d x %d: %d of %d scrapes after it answered" %
          (n, rounds, answered, rounds))
    return answered == rounds


def slowloris(port, n, secs, k):
    srcs = ["127.0.0.%d" % (2 + i) for i in range(k)]
    socks = open_slow(port, n, srcs)
    end = time.time() + secs
    stop = threading.Event()

    def drip():
        while not stop.wait(2):
            for i, s in enumerate(socks):
                try:
                    if not is_open(s):
                        raise OSError
                    s.send(b"X")
                except OSError:
                    s.close()
                    socks[i] = open_one(port, srcs[i % len(srcs)])
    t = threading.Thread(target=drip)
    t.start()
    asked = answered = 0
    worst = 0.0
    try:
        while time.time() < end:
            t0 = time.time()
            asked += 1
            if scrape(port, 5, src="127.0.0.1") == 200:
                answered += 1
                worst = max(worst, time.time() - t0)
            time.sleep(max(0, 1 - (time.time() - t0)))
    finally:
        stop.set()
        t.join()
        for s in socks:
            s.close()
    print("slowloris of %d from %d addresses for %d s: %d of %d scrapes "
          "answered (slowest %.2f s)" % (n, k, secs, answered, asked, worst))
    return answered == asked


def perip(port, n):
    socks = open_slow(port, n, ("127.0.0.9",))
    time.sleep(1)
    kept = sum(is_open(s) for s in socks)
    for s in socks:
        s.close()
    print(kept)
    return True


def paths(port):
    for p in (b"/metrics", b"/metrics%00", b"/metrics%00x", b"/metrics/",
              b"/metrics?x=1", b"//metrics", b"/metrics%2F", b"/%6detrics",
              b"/metrics\x01", b"/"):
        st = raw_status(port, b"GET " + p + b" HTTP/1.1\r\nHost: x\r\n\r\n")
        print(repr(p.decode("latin-1"))[1:-1], st)
    return True


def pss_kb(pid):
    with open("/proc/%d/smaps_rollup" % pid) as f:
        for line in f:
            if line.startswith("Pss:"):
                return int(line.split()[1])
    return 0


def soak(port, n, pid, path):
    c = http.client.HTTPConnection(HOST, port, timeout=30)
    warm = None
    t0 = time.time()
    for i in range(n):
        os.utime(path, (1e9 + i, 1e9 + i))
        c.request("GET", "/metrics")
        r = c.getresponse()
        r.read()
        if r.status != 200:
            print("scrape %d: status %d" % (i, r.status))
            return False
        if i + 1 == max(1, n // 10):
            warm = pss_kb(pid)
    end = pss_kb(pid)
    print("%d scrapes (%.1f ms each): PSS %d kB after %d, %d kB after %d "
          "(%+d kB)" % (n, (time.time() - t0) * 1000 / n, warm, n // 10,
                        end, n, end - warm))
    return end - warm <= 8192


def main():
    port, mode = int(sys.argv[1]), sys.argv[2]
    args = [a if mode == "soak" and i == 2 else int(a)
            for i, a in enumerate(sys.argv[3:])]
    ok = {"burst": burst, "slowloris": slowloris, "perip": perip,
          "paths": paths, "soak": soak}[mode](
        port, *args)
    sys.exit(0 if ok else 1)


main()
