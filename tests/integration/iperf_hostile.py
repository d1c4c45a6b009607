#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# iperf_hostile.py PORT CASE: one hostile iperf3 client against the server
# on 127.0.0.1:PORT.  Cases: crash (the CVE-2024-53580 parameter block),
# idle (connects and says nothing; prints how long until the server hung
# up), flood (50 connections at once), garbage (random bytes), drip (a
# valid cookie and parameter block one byte every 1.5 s, under a 2 s idle
# bound; prints how long until the server hung up, 60 s at most).
import os
import select
import socket
import struct
import sys
import time

PORT = int(sys.argv[1])
ADDR = ("127.0.0.1", PORT)


def crash():
    s = socket.create_connection(ADDR, timeout=10)
    s.sendall(b"a" * 36 + b"\0")
    s.recv(1)			# PARAM_EXCHANGE
    block = b'{"tcp":true,"time":1,"title":5}'
    s.sendall(struct.pack(">I", len(block)) + block)
    try:
        s.recv(100)
    except OSError:
        pass
    s.close()


def idle():
    took = 0.0
    # A connection that lands in the backlog of the test child before,
    # while it exits, is reset at once: that is not the idle bound, so
    # connect again (each test gets a child of its own; a loaded machine
    # makes the window wider).
    for _ in range(20):
        try:
            s = socket.create_connection(ADDR, timeout=60)
        except OSError:
            time.sleep(0.2)
            continue
        t = time.monotonic()
        try:
            s.recv(100)
        except OSError:
            pass
        took = time.monotonic() - t
        s.close()
        if took >= 0.5:
            break
        time.sleep(0.2)
    print("%.1f" % took)


def flood():
    socks = []
    for _ in range(50):
        try:
            socks.append(socket.create_connection(ADDR, timeout=5))
        except OSError:
            pass
    for s in socks:
        s.close()


def garbage():
    s = socket.create_connection(ADDR, timeout=10)
    try:
        s.sendall(os.urandom(37) + b"\xff\xff\xff\xff" + os.urandom(4000))
        s.recv(100)
    except OSError:
        pass
    s.close()


def drip():
    block = b'{"tcp":true,"omit":0,"time":1,"parallel":1,"len":131072}'
    data = b"b" * 36 + b"\0" + struct.pack(">I", len(block)) + block
    took = 0.0
    for _ in range(20):         # as idle(): a reset at once is not it
        try:
            s = socket.create_connection(ADDR, timeout=60)
        except OSError:
            time.sleep(0.2)
            continue
        t = time.monotonic()
        for b in data:
            if time.monotonic() - t > 60:
                break
            try:
                s.send(bytes([b]))
                r, _, _ = select.select([s], [], [], 1.5)
                if r and s.recv(100, socket.MSG_PEEK) == b"":
                    break
            except OSError:
                break
        took = time.monotonic() - t
        s.close()
        if took >= 0.5:
            break
        time.sleep(0.2)
    print("%.1f" % took)


{"crash": crash, "idle": idle, "flood": flood, "garbage": garbage,
 "drip": drip}[sys.argv[2]]()
