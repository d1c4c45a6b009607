#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# coverage.py [--schemas DIR] [--kind KIND] [--list] FILE...: the share of a benchtop JSON
# document's fields that its schema in doc/schema checks beyond "any": a
# field (an object's member or an array's item, at any depth) counts when a
# schema that applies to it there says more than "any value" (a type, a
# const, an enum, a pattern, a range, required keys, ...).  The contract
# every object gets (common.json#/$defs/contract: no old key names, times
# in UTC) is left out: it says nothing about the field itself.  --list
# prints the fields left unchecked.  Prints "FILE: CHECKED of FIELDS
# fields checked (P %)" per file.
import json
import os
import re
import sys
from urllib.parse import urljoin, urldefrag

sys.dont_write_bytecode = True  # no __pycache__ beside the sources
import validate  # noqa: E402

GENERIC = ("common.json#/$defs/contract",)
NOTHING = {"$schema", "$id", "$defs", "$comment", "title", "description",
           "examples", "default"}
APPLICATORS = {"$ref", "allOf", "anyOf", "oneOf", "if", "then", "else",
               "properties", "patternProperties", "additionalProperties",
               "items", "prefixItems", "not", "unevaluatedProperties"}


class Walker:
    def __init__(self, schemas):
        self.by_id = {s["$id"]: s for s in schemas.values()}
        self.schemas = schemas
        self.checked = set()
        self.fields = set()
        self.cache = {}

    def resolve(self, base, ref):
        url = urljoin(base, ref)
        doc, frag = urldefrag(url)
        node = self.by_id[doc]
        for part in filter(None, frag.split("/")):
            part = part.replace("~1", "/").replace("~0", "~")
            node = node[int(part) if isinstance(node, list) else part]
        return doc, node

    def valid(self, base, ptr, inst):
        """INST against the schema at BASE#PTR, its refs resolved."""
        name = base.rsplit("/", 1)[-1]
        if name not in self.cache:
            self.cache[name] = validate.validator_for(self.schemas, name)
        v = self.cache[name]
        return v.evolve(schema={"$ref": base + "#" + ptr}).is_valid(inst)

    def sub(self, base, ptr, *keys):
        return base, ptr + "".join("/" + str(k).replace("~", "~0")
                                   .replace("/", "~1") for k in keys)

    def walk(self, base, ptr, inst, path):
        """Mark the fields of INST (at PATH) the schema at BASE#PTR checks."""
        s = self.resolve(base, "#" + ptr)[1]
        if not isinstance(s, dict):
            return          # true (any) or false (nothing)
        if path and (any(k not in NOTHING and k not in APPLICATORS
                         for k in s) or
                     s.get("additionalProperties") is False or
                     s.get("unevaluatedProperties") is False):
            self.checked.add(path)
        if "const" in s or "enum" in s:    # the whole value is given
            self.checked |= {path + q for q in self.below(inst)}
        if "$ref" in s and not s["$ref"].endswith(GENERIC):
            url, frag = urldefrag(urljoin(base, s["$ref"]))
            self.walk(url, frag, inst, path)
        for i, _ in enumerate(s.get("allOf", [])):
            self.walk(*self.sub(base, ptr, "allOf", i), inst, path)
        for key in ("anyOf", "oneOf"):
            for i, _ in enumerate(s.get(key, [])):
                b, p = self.sub(base, ptr, key, i)
                if self.valid(b, p, inst):
                    self.walk(b, p, inst, path)
        if "if" in s:
            br = "then" if self.valid(*self.sub(base, ptr, "if"), inst) \
                else "else"
            if br in s:
                self.walk(*self.sub(base, ptr, br), inst, path)
        if isinstance(inst, dict):
            self.members(base, ptr, s, inst, path)
        elif isinstance(inst, list):
            pre = s.get("prefixItems", [])
            for i, v in enumerate(inst):
                if i < len(pre):
                    self.walk(*self.sub(base, ptr, "prefixItems", i), v,
                              path + (i,))
                elif "items" in s:
                    self.walk(*self.sub(base, ptr, "items"), v, path + (i,))

    def members(self, base, ptr, s, inst, path):
        props = s.get("properties", {})
        pats = s.get("patternProperties", {})
        for k, v in inst.items():
            subs = [("properties", k)] if k in props else []
            subs += [("patternProperties", r) for r in pats
                     if re.search(r, k)]
            if not subs and "additionalProperties" in s:
                subs = [("additionalProperties",)]
            for keys in subs:
                self.walk(*self.sub(base, ptr, *keys), v, path + (k,))

    def below(self, inst, path=()):
        """The paths of INST's fields, relative to it."""
        sub = Walker.__new__(Walker)
        sub.fields = set()
        sub.count(inst, path)
        return sub.fields

    def count(self, inst, path=()):
        if isinstance(inst, dict):
            items = inst.items()
        elif isinstance(inst, list):
            items = enumerate(inst)
        else:
            return
        for k, v in items:
            self.fields.add(path + (k,))
            self.count(v, path + (k,))


def main(argv):
    args = argv[1:]
    kind = None
    listing = "--list" in args
    args = [a for a in args if a != "--list"]
    if len(args) > 1 and args[0] == "--schemas":     # another doc/schema
        validate.SCHEMAS, args = args[1], args[2:]
    if len(args) > 1 and args[0] == "--kind":
        kind, args = args[1], args[2:]
    if not args:
        print("usage: coverage.py [--schemas DIR] [--kind KIND] [--list] FILE...",
              file=sys.stderr)
        return 2
    schemas = validate.load_schemas()
    for path in args:
        with open(path) as f:
            doc = json.load(f)
        k = kind or validate.kind_of(doc)
        s = schemas[k + ".json"]
        w = Walker(schemas)
        w.count(doc)
        w.walk(s["$id"], "", doc, ())
        n, c = len(w.fields), len(w.fields & w.checked)
        print("%s: %d of %d fields checked (%.0f %%)" %
              (path, c, n, 100.0 * c / n if n else 100.0))
        if listing:
            for p in sorted(w.fields - w.checked, key=lambda p: list(map(str, p))):
                print("  " + "/".join(map(str, p)))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    sys.exit(main(sys.argv))
