#!/usr/bin/env python3
"""The longest Rust functions in the given folders: `longest-fn.py [-n N] DIR...`.

Each `fn` is measured from the line of its `fn` keyword to the line of the
brace that closes its body, braces matched outside strings, characters and
comments. A function inside another (a nested `fn`) is listed on its own and
also counts towards the outer one; closures count towards their function.
Prints `LINES  FILE:LINE  NAME`, longest first.
"""

import argparse
import os
import re
import sys

FN = re.compile(r"\bfn\s+([A-Za-z_][A-Za-z0-9_]*)")


def code_mask(src):
    """The source with strings, characters and comments blanked (newlines kept)."""
    out = list(src)
    i, n = 0, len(src)

    def blank(a, b):
        for k in range(a, min(b, n)):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif src.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if src.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif src.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif c == "r" and re.match(r'r#*"', src[i:i + 10]) and not (i and (src[i - 1].isalnum() or src[i - 1] == "_")):
            hashes = len(re.match(r"r(#*)", src[i:]).group(1))
            end = src.find('"' + "#" * hashes, i + 2 + hashes)
            j = n if end < 0 else end + 1 + hashes
            blank(i, j)
            i = j
        elif c == '"':
            j = i + 1
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            blank(i, j + 1)
            i = j + 1
        elif c == "'":
            # A character literal ('x', '\n', '\u{..}'), else a lifetime.
            if i + 1 < n and src[i + 1] == "\\":
                j = src.find("'", i + 2)
                j = n if j < 0 else j
                blank(i, j + 1)
                i = j + 1
            elif i + 2 < n and src[i + 2] == "'":
                blank(i, i + 3)
                i += 3
            else:
                i += 1
        else:
            i += 1
    return "".join(out)


def functions(path):
    with open(path, encoding="utf-8") as f:
        src = code_mask(f.read())
    for m in FN.finditer(src):
        # The body opens at the first `{` after the signature, unless a `;`
        # comes first (a declaration in a trait or an extern block).
        i = m.end()
        while i < len(src) and src[i] not in "{;":
            i += 1
        if i >= len(src) or src[i] == ";":
            continue
        depth, j = 0, i
        while j < len(src):
            if src[j] == "{":
                depth += 1
            elif src[j] == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        first = src.count("\n", 0, m.start()) + 1
        last = src.count("\n", 0, j) + 1
        yield last - first + 1, first, m.group(1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=10, help="how many to print (default 10)")
    ap.add_argument("dirs", nargs="+")
    args = ap.parse_args()
    found = []
    for d in args.dirs:
        for root, _, files in os.walk(d):
            for name in sorted(files):
                if name.endswith(".rs"):
                    path = os.path.join(root, name)
                    found += [(n, f"{path}:{line}", fn) for n, line, fn in functions(path)]
    if not found:
        print("no Rust functions found", file=sys.stderr)
        return 1
    found.sort(key=lambda t: (-t[0], t[1]))
    for n, where, name in found[: args.n]:
        print(f"{n:5}  {where}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
