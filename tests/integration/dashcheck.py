#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# dashcheck.py URL DASHBOARD: run every query of every panel of the Grafana
# dashboard DASHBOARD against the Prometheus query API at URL (the board
# variable as "all", the rate window 1m), polling up to 30 s each; the
# panels of facts (chains, USB devices, clusters, temperature) must have
# series of the board labelled board="xu4". Prints what failed; exit 1 then.
import json
import sys
import time
import urllib.parse
import urllib.request

FACTS = ("benchtop_chain_info", "benchtop_usb_device_info",
         "benchtop_cluster_frequency", "benchtop_thermal_zone_temperature")


def ask(url, q):
    try:
        with urllib.request.urlopen(url + "?" + urllib.parse.urlencode({"query": q}), timeout=5) as f:
            return json.load(f)
    except Exception as e:  # refused, timed out, bad JSON: polled again
        return {"status": repr(e)}


def good(r, q):
    if r.get("status") != "success":
        return False
    if not q.startswith(FACTS):
        return True
    return any(x["metric"].get("board") == "xu4" for x in r["data"]["result"])


def main():
    url, path = sys.argv[1:]
    with open(path) as f:
        d = json.load(f)
    bad = []
    for p in d["panels"]:
        for t in p["targets"]:
            q = t["expr"].replace("$instance", ".*").replace("$__rate_interval", "1m")
            end = time.time() + 30
            r = ask(url, q)
            while not good(r, q) and time.time() < end:
                time.sleep(0.5)
                r = ask(url, q)
            if not good(r, q):
                bad.append("%s: %s" % (p["title"], json.dumps(r)[:200]))
    print("\n".join(bad) or "%d panels" % len(d["panels"]))
    return 1 if bad else 0


sys.exit(main())
