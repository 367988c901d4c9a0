#!/usr/bin/env python3
"""Import cycles between the files of a crate: `use-cycles.py SRC_DIR`.

Every path a file names with `crate::`, `super::` or `self::` (in `use`
lines and inline) is resolved to the file of the longest module prefix
that exists; a file depends on the files it names. Prints each cycle found
(a strongly connected group of more than one file) and exits 1 if any.
A module's own `mod` declarations are not dependencies.
"""

import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "app/src"
files = {}
for d, _, names in os.walk(root):
    for n in names:
        if n.endswith(".rs"):
            p = os.path.join(d, n)
            rel = os.path.relpath(p, root)[:-3].split(os.sep)
            if rel[-1] in ("mod", "lib", "main"):
                rel = rel[:-1]
            if rel and rel[0] == "bin":
                continue
            files[tuple(rel)] = p


def resolve(parts):
    for k in range(len(parts), -1, -1):
        if tuple(parts[:k]) in files:
            return tuple(parts[:k])
    return None


PATH = re.compile(r"\b(crate|super|self)((?:::[A-Za-z_][A-Za-z0-9_]*)+)")
GROUP = re.compile(r"\b(crate|super|self)((?:::[A-Za-z_][A-Za-z0-9_]*)*)::\{([^;]*?)\}", re.S)
deps = {m: set() for m in files}
for mod, path in files.items():
    src = open(path, encoding="utf-8").read()
    src = re.sub(r"//[^\n]*", "", src)
    is_dir_mod = os.path.basename(path) in ("mod.rs", "lib.rs")
    here = list(mod) if is_dir_mod else list(mod[:-1])

    def base(kind):
        if kind == "crate":
            return []
        if kind == "self":
            return list(mod)
        return here[:-1] if is_dir_mod else here

    targets = []
    for m in GROUP.finditer(src):
        prefix = base(m.group(1)) + [s for s in m.group(2).split("::") if s]
        for item in m.group(3).split(","):
            first = item.strip().split("::")[0].split(" ")[0]
            if first and first != "self":
                targets.append(prefix + [first])
            elif first == "self":
                targets.append(prefix)
    for m in PATH.finditer(src):
        targets.append(base(m.group(1)) + [s for s in m.group(2).split("::") if s])
    for t in targets:
        r = resolve(t)
        if r is not None and r != mod and r != tuple(mod[: len(r)]):
            deps[mod].add(r)

# Tarjan's strongly connected components.
index, low, stack, on, sccs, n = {}, {}, [], set(), [], [0]


def visit(v):
    index[v] = low[v] = n[0]
    n[0] += 1
    stack.append(v)
    on.add(v)
    for w in deps[v]:
        if w not in index:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop()
            on.discard(w)
            comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            sccs.append(comp)


sys.setrecursionlimit(10000)
for v in files:
    if v not in index:
        visit(v)
for comp in sccs:
    print("cycle:", " <-> ".join(files[m] for m in sorted(comp)))
print(f"{len(files)} files, {sum(len(d) for d in deps.values())} dependencies, {len(sccs)} cycles")
sys.exit(1 if sccs else 0)
