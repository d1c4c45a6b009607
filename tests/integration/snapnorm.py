# SPDX-License-Identifier: GPL-2.0-or-later
# snapnorm.py IN EXTRA OUT: make a snapshot taken under umockdev
# reproducible for the golden tests - the host facts (the real machine's
# name, kernel and command line) and the session's times and measured
# interval are replaced by fixed values, and the journal and results of
# EXTRA (hand-written, in the shape doc/snapshot.md documents) are added.
import json, sys

doc = json.load(open(sys.argv[1]))
extra = json.load(open(sys.argv[2]))
doc["saved_at"] = "2024-05-01T12:00:00Z"
doc["benchtop_version"] = "0.1.0"
host = doc["system"]["host"]
host.update(extra["host"])
host["benchtop_version"] = "0.1.0"
doc["system"]["interval_s"] = 0.2
doc["series"]["interval_s"] = 0.2
for tier in doc["series"]["tiers"]:
    for row in tier["rows"]:
        row[0] = 0
doc["journal"] = extra["journal"]
doc["results"] = extra["results"]
with open(sys.argv[3], "w") as f:
    json.dump(doc, f, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    f.write("\n")
