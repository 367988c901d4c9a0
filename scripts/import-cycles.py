#!/usr/bin/env python3
"""Finds import cycles between the files of each crate of the workspace.

A file uses another when it names an item through `crate::` or `super::`
paths (in `use` lines or inline) that resolve to the other file's module.
Names taken from the crate root (`crate::Position`, re-exported by lib.rs)
count as uses of the module that defines them when lib.rs says so with a
`pub use module::{...}`, and as uses of another crate's item (no file of this
one) when lib.rs re-exports them from there. Any other name taken from the
root is a use of lib.rs (or main.rs) itself, and the root uses each module it
re-exports from or names (`module::item`), so an item defined in lib.rs and
used by a module lib.rs re-exports is a cycle. Test code is left out:
`#[cfg(test)]` modules and `tests.rs` files.

Usage: scripts/import-cycles.py [CRATE_DIR ...]   (default: every crate)
Prints each cycle found; exits 1 if there is one, 0 otherwise.
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def crate_dirs():
    dirs = []
    for toml in sorted(ROOT.glob("*/Cargo.toml")):
        if (toml.parent / "src").is_dir() and toml.parent.name != "fuzz":
            dirs.append(toml.parent)
    return dirs


def strip_tests_and_comments(text):
    """The code without comments, strings' contents and test modules."""
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(\\.|[^"\\])*"', '""', text)
    out, i = [], 0
    pattern = re.compile(
        r"#\[cfg\(test\)\]\s*(#\[[^\]]*\]\s*)*(pub(\([^)]*\))?\s+)?mod\s+" + IDENT + r"\s*\{"
    )
    while True:
        m = pattern.search(text, i)
        if not m:
            out.append(text[i:])
            break
        out.append(text[i : m.start()])
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        i = j
    return "".join(out)


def module_files(src):
    """Module path (tuple) -> file, for the library (or main) tree."""
    mods = {}
    for f in src.rglob("*.rs"):
        rel = f.relative_to(src)
        if rel.parts[0] == "bin" or f.name == "tests.rs":
            continue
        parts = list(rel.with_suffix("").parts)
        if parts[-1] == "mod":
            parts = parts[:-1]
        if parts in (["lib"], ["main"]):
            parts = []
        mods[tuple(parts)] = f
    return mods


def split_group(body):
    """The top-level, comma-separated items of a `{...}` use group."""
    items, depth, cur = [], 0, ""
    for ch in body:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == "," and depth == 0:
            items.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        items.append(cur.strip())
    return items


def expand(path):
    """`a::{b, c::d}` -> [`a::b`, `a::c::d`]."""
    m = re.match(r"^(.*?)::\{(.*)\}$", path, re.S)
    if not m:
        return [path]
    head, body = m.group(1), m.group(2)
    out = []
    for item in split_group(body):
        out.extend(expand(head + "::" + item) if item != "self" else [head])
    return out


def paths_in(code):
    """Every `crate::…` / `super::…` path named in the code, groups expanded."""
    found = []
    for m in re.finditer(r"\buse\s+((?:crate|super|self)\b[^;]*);", code, re.S):
        found.extend(expand(re.sub(r"\s+", "", m.group(1))))
    rest = re.sub(r"\buse\s+[^;]*;", "", code)
    for m in re.finditer(r"\b((?:crate|super)(?:::" + IDENT + r")+)", rest):
        found.append(m.group(1))
    return found


def root_exports(mods):
    """Names the crate root re-exports, with the module each comes from."""
    names = {}
    root = mods.get(())
    if root is None:
        return names
    code = strip_tests_and_comments(root.read_text())
    for m in re.finditer(r"\bpub\s+use\s+([^;]*);", code, re.S):
        for p in expand(re.sub(r"\s+", "", m.group(1))):
            parts = [x.split(" as ")[0] for x in p.split("::")]
            if parts and parts[0] == "self":
                parts = parts[1:]
            alias = p.split("::")[-1].split(" as ")[-1]
            if len(parts) >= 2 and tuple(parts[:1]) in mods:
                # the longest module prefix
                for k in range(len(parts) - 1, 0, -1):
                    if tuple(parts[:k]) in mods:
                        names[alias] = tuple(parts[:k])
                        break
            elif len(parts) >= 2 and parts[0] not in ("crate", "super"):
                names[alias] = None  # another crate's item
    return names


def resolve(module, path, mods, exports):
    parts = path.split("::")
    if parts[0] == "crate":
        base, rest = [], parts[1:]
    else:
        base = list(module)
        rest = parts
        while rest and rest[0] in ("super", "self"):
            if rest[0] == "super":
                base = base[:-1]
            rest = rest[1:]
    rest = [r.split(" as ")[0] for r in rest]
    for k in range(len(rest), 0, -1):
        target = tuple(base + rest[:k])
        if target in mods and target != ():
            return target
    if not base and rest and rest[0] in exports:
        return exports[rest[0]]
    return tuple(base) if tuple(base) in mods else None


def root_paths(code, mods):
    """The paths the crate root names through its own modules: `module::…`
    in `use` lines (re-exports included) and inline, as `crate::module::…`."""
    top = {m[0] for m in mods if len(m) == 1}
    found = []
    for m in re.finditer(r"\buse\s+([^;]*);", code, re.S):
        for p in expand(re.sub(r"\s+", "", m.group(1))):
            if p.split("::")[0] in top:
                found.append("crate::" + p)
    rest = re.sub(r"\buse\s+[^;]*;", "", code)
    for m in re.finditer(r"(?<![:\w])(" + IDENT + r"(?:::" + IDENT + r")+)", rest):
        if m.group(1).split("::")[0] in top:
            found.append("crate::" + m.group(1))
    return found


def cycles_of(crate):
    src = crate / "src"
    mods = module_files(src)
    exports = root_exports(mods)
    edges = {m: set() for m in mods}
    for module, f in mods.items():
        code = strip_tests_and_comments(f.read_text())
        paths = paths_in(code)
        if module == ():
            paths += root_paths(code, mods)
        for p in paths:
            t = resolve(module, p, mods, exports)
            if t is not None and t != module:
                edges[module].add(t)
    # strongly connected components (Tarjan)
    index, low, stack, on, comps = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
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
                comps.append(comp)

    sys.setrecursionlimit(10000)
    for v in list(edges):
        if v not in index:
            visit(v)
    name = lambda m: str(mods[m].relative_to(ROOT))
    return [sorted(name(m) for m in c) for c in comps], sum(len(e) for e in edges.values()), len(mods)


def main():
    dirs = [Path(a).resolve() for a in sys.argv[1:]] or crate_dirs()
    bad = 0
    for crate in dirs:
        comps, n_edges, n_files = cycles_of(crate)
        rel = crate.relative_to(ROOT)
        if comps:
            for c in comps:
                print(f"{rel}: cycle between {', '.join(c)}")
            bad += len(comps)
        else:
            print(f"{rel}: no cycle ({n_files} files, {n_edges} uses between them)")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
