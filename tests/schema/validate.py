#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# validate.py [--kind KIND] FILE...: check benchtop JSON documents against
# doc/schema/KIND.json (JSON Schema 2020-12), KIND taken from each file's
# "format" ("benchtop.once" -> once.json) unless given.  Prints one line
# per problem; exit 0 when every file is valid, 1 otherwise, 2 on misuse.
import json
import os
import sys

import jsonschema

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMAS = os.path.join(HERE, "..", "..", "doc", "schema")
BASE = "https://benchtop.invalid/schema/"


def load_schemas():
    """Every schema of doc/schema by file name; each names itself by $id."""
    out = {}
    for name in sorted(os.listdir(SCHEMAS)):
        if name.endswith(".json"):
            with open(os.path.join(SCHEMAS, name)) as f:
                out[name] = json.load(f)
            if out[name].get("$id") != BASE + name:
                raise SystemExit("%s: $id is not %s" % (name, BASE + name))
    return out


def validator_for(schemas, name):
    """A validator for doc/schema/NAME whose "$ref"s (relative names, such
    as common.json#/$defs/header) resolve offline: every schema is put in
    a registry under its own "$id", nothing is fetched."""
    cls = jsonschema.Draft202012Validator
    cls.check_schema(schemas[name])
    try:        # jsonschema >= 4.18 (referencing)
        from referencing import Registry
        from referencing.jsonschema import DRAFT202012
        reg = Registry().with_resources(
            (s["$id"], DRAFT202012.create_resource(s))
            for s in schemas.values())
        return cls(schemas[name], registry=reg,
                   format_checker=cls.FORMAT_CHECKER)
    except ImportError:     # Debian 12: jsonschema 4.10
        store = {s["$id"]: s for s in schemas.values()}
        res = jsonschema.RefResolver(schemas[name]["$id"], schemas[name],
                                     store=store)
        return cls(schemas[name], resolver=res,
                   format_checker=cls.FORMAT_CHECKER)


def kind_of(doc):
    fmt = doc.get("format") if isinstance(doc, dict) else None
    if not isinstance(fmt, str) or not fmt.startswith("benchtop."):
        return None
    return fmt[len("benchtop."):]


def check(schemas, path, kind):
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        return ["%s: not JSON: %s" % (path, e)]
    kind = kind or kind_of(doc)
    if kind is None:
        return ['%s: no "format": "benchtop.KIND" at the top' % path]
    if kind + ".json" not in schemas:
        return ["%s: no schema for the kind %r" % (path, kind)]
    v = validator_for(schemas, kind + ".json")
    errs = sorted(v.iter_errors(doc), key=lambda e: list(e.absolute_path))
    return ["%s: %s: %s" % (path, "/".join(map(str, e.absolute_path)) or "(top)",
                             e.message[:300]) for e in errs[:20]]


def main(argv):
    kind = None
    if len(argv) > 2 and argv[1] == "--kind":
        kind, argv = argv[2], argv[2:]
    if len(argv) < 2:
        print("usage: validate.py [--kind KIND] FILE...", file=sys.stderr)
        return 2
    schemas = load_schemas()
    bad = 0
    for path in argv[1:]:
        problems = check(schemas, path, kind)
        for p in problems:
            print(p)
        bad += bool(problems)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
