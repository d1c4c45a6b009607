#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# cycles: no two modules (a .c file and its header) depend on each other,
# directly or round a longer circle. Two graphs are checked: the #include
# graph (A -> B when A.c includes B.h and B.c exists; a header that only
# gathers types, as app.h does, adds no edge) and, when the
# objects are built, the symbol graph (A -> B when A.o uses a symbol B.o
# defines, from `nm`). Each strongly connected component of more than one
# module is a cycle. Usage: cycles.py SRCDIR [BUILDDIR]; TAP on stdout.
import os
import re
import subprocess
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def modules(top):
    """Module name ("tui/screen", "src/base/buf") -> its .c path."""
    mods = {}
    for folder in ("src", "tui"):
        for root, _, files in os.walk(os.path.join(top, folder)):
            for f in files:
                if f.endswith(".c"):
                    path = os.path.join(root, f)
                    mods[os.path.relpath(path, top)[:-2]] = path
    return mods


def resolve(inc, mod, mods):
    """The module a "name.h" include names, or None."""
    if "/" in inc:
        cand = "src/" + inc[:-2]
    else:  # a bare name: the including file's folder
        cand = os.path.join(os.path.dirname(mod), inc[:-2])
    return cand if cand in mods else None


def include_graph(top, mods):
    g = {m: set() for m in mods}
    for m in mods:
        for ext in (".c",):
            try:
                with open(os.path.join(top, m + ext), encoding="utf-8") as f:
                    text = f.read()
            except OSError:
                continue
            for inc in INCLUDE.findall(text):
                to = resolve(inc, m, mods)
                if to and to != m:
                    g[m].add(to)
    return g


def object_of(build, mod):
    """The object file of MOD in BUILD (automake names some per program)."""
    d, base = os.path.split(mod)
    for name in (base + ".o", "benchtop-" + base + ".o"):
        p = os.path.join(build, d, name)
        if os.path.exists(p):
            return p
    return None


def nm(paths, *flags):
    """For each of PATHS, the symbols nm FLAGS lists: one nm for all of
    them (one a file forked 600: 31 s idle, 132 s under tests/load.sh)."""
    out = subprocess.run(["nm", "-A"] + list(flags) + paths,
                         capture_output=True, text=True, check=True).stdout
    syms = {p: set() for p in paths}
    for l in out.splitlines():
        path, _, rest = l.partition(":")
        if rest.strip():
            syms[path].add(rest.split()[-1])
    return syms


def symbol_graph(build, mods):
    objs = {m: object_of(build, m) for m in mods}
    missing = sorted(m for m, o in objs.items() if not o)
    if missing:
        print("# not built: " + " ".join(missing))
        return None
    paths = sorted(set(objs.values()))
    defined = nm(paths, "--defined-only", "-g")
    used = nm(paths, "-u")
    defs, uses = {}, {}
    for m, o in objs.items():
        uses[m] = used[o]
        for s in defined[o]:
            defs[s] = m
    return {m: {defs[s] for s in uses[m] if s in defs and defs[s] != m}
            for m in mods}


def sccs(g):
    """Tarjan's strongly connected components, iteratively."""
    index, low, on, stack, out = {}, {}, set(), [], []
    for root in sorted(g):
        if root in index:
            continue
        work = [(root, iter(sorted(g[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(g[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def report(n, what, g):
    if g is None:
        print("ok %d - %s # SKIP the objects are not built" % (n, what))
        return True
    bad = sccs(g)
    for comp in bad:
        print("# cycle: " + " ".join(comp))
        for a in comp:
            inside = sorted(b for b in g[a] if b in comp)
            print("#   %s -> %s" % (a, ", ".join(inside)))
    print("%s %d - %s" % ("not ok" if bad else "ok", n, what))
    return not bad


def main():
    top = sys.argv[1] if len(sys.argv) > 1 else "."
    build = sys.argv[2] if len(sys.argv) > 2 else top
    mods = modules(top)
    print("1..2")
    ok = report(1, "no cycle in the include graph of %d modules" % len(mods),
                include_graph(top, mods))
    ok &= report(2, "no cycle in the symbol graph (nm) of the objects",
                 symbol_graph(build, mods))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
