#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# http_hostile.py PORT MODE ...: hostile HTTP clients against a server on
# 127.0.0.1:PORT (benchtop metrics --listen), every loop bounded in count
# and time; prints one line of figures, exit 0 when the server held.
#   burst N ROUNDS      N slow connections at once (half a request each),
#                       held 1 s, dropped together; then a scrape must be
#                       answered within 10 s, ROUNDS times
#   slowloris N SECS    N connections that send one header byte every 2 s
#                       for SECS seconds; meanwhile a scrape every second
#                       must be answered within 5 s
#   paths               GET of odd paths: prints "PATH STATUS" per path
import http.client
import socket
import sys
import threading
import time

HOST = "127.0.0.1"


def scrape(port, timeout, path="/metrics"):
    """The status of one GET, or None when none came within TIMEOUT s."""
    try:
        c = http.client.HTTPConnection(HOST, port, timeout=timeout)
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


def open_slow(port, n):
    """N connections (non-blocking connects), each with half a request."""
    socks = []
    for _ in range(n):
        s = socket.socket()
        s.setblocking(False)
        s.connect_ex((HOST, port))
        socks.append(s)
    time.sleep(0.3)
    for s in socks:
        try:
            s.send(b"GET /metrics HTTP/1.1\r\nHost: x\r\n")
        except OSError:
            pass
    return socks


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


def slowloris(port, n, secs):
    socks = open_slow(port, n)
    end = time.time() + secs
    stop = threading.Event()

    def drip():
        while not stop.wait(2):
            for s in socks:
                try:
                    s.send(b"X")
                except OSError:
                    pass
    t = threading.Thread(target=drip)
    t.start()
    asked = answered = 0
    worst = 0.0
    try:
        while time.time() < end:
            t0 = time.time()
            asked += 1
            if scrape(port, 5) == 200:
                answered += 1
                worst = max(worst, time.time() - t0)
            time.sleep(max(0, 1 - (time.time() - t0)))
    finally:
        stop.set()
        t.join()
        for s in socks:
            s.close()
    print("slowloris of %d for %d s: %d of %d scrapes answered (slowest "
          "%.2f s)" % (n, secs, answered, asked, worst))
    return answered == asked


def paths(port):
    for p in (b"/metrics", b"/metrics%00", b"/metrics%00x", b"/metrics/",
              b"/metrics?x=1", b"//metrics", b"/metrics%2F", b"/%6detrics",
              b"/metrics\x01", b"/"):
        st = raw_status(port, b"GET " + p + b" HTTP/1.1\r\nHost: x\r\n\r\n")
        print(repr(p.decode("latin-1"))[1:-1], st)
    return True


def main():
    port, mode = int(sys.argv[1]), sys.argv[2]
    args = [int(a) for a in sys.argv[3:]]
    ok = {"burst": burst, "slowloris": slowloris, "paths": paths}[mode](
        port, *args)
    sys.exit(0 if ok else 1)


main()
