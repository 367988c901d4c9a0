#!/usr/bin/env python3
"""Entries per class and sector of the 24-point boards, for docs/distributed.md.

Counts what the solver's index would hold, without building anything:

- the symmetries of the mill board and of the mill board with diagonals,
  found as morris-solver/src/symmetry.rs finds them (every permutation of
  the points that keeps the lines and the mills), from the geometry of
  RULES.md 1.1 and 1.2;
- the canonical light sets of each piece count (the sets no symmetry makes
  smaller: one per orbit), by Burnside's lemma over those symmetries;
- the entries of a class as morris-solver/src/reduced.rs numbers it:
  per side to move, canonical light sets times C(points - light, dark);
  checked against the entries the solver printed for Nine (3v3 420,280;
  7v4 105,614,880; 3v3 ... 9v9 10.72 G);
- the sectors (pieces on the board and in hand, the side to move first, as
  in Gevay and Danner's Malom, Malom_megoldas/sector_graph.cpp) reachable
  from the empty board in Nine, Morabaraba and Lasker, their entries, the
  biggest ones, the dependencies of each and the longest chain of them;
- the processor time and wall time those would take, under the
  assumptions named below (each one a constant here).

Standard library only. Usage: scripts/class-sizes.py [--sectors VARIANT]
(VARIANT: nine, morabaraba or lasker; lists every sector with its entries
and the sectors a turn leads to).
"""

import argparse
import math
import sys
from functools import lru_cache

# RULES.md 1.1: the mill board. Points by name; rings as closed cycles.
OUTER = ["a1", "d1", "g1", "g4", "g7", "d7", "a7", "a4"]
MIDDLE = ["b2", "d2", "f2", "f4", "f6", "d6", "b6", "b4"]
INNER = ["c3", "d3", "e3", "e4", "e5", "d5", "c5", "c4"]
CROSS = [["d1", "d2", "d3"], ["a4", "b4", "c4"], ["g4", "f4", "e4"], ["d7", "d6", "d5"]]
# RULES.md 1.2: the four diagonals of Twelve and Morabaraba.
DIAGONALS = [["a1", "b2", "c3"], ["g1", "f2", "e3"], ["g7", "f6", "e5"], ["a7", "b6", "c5"]]

POINTS = OUTER + MIDDLE + INNER
INDEX = {p: i for i, p in enumerate(POINTS)}
N = len(POINTS)


def board(diagonals):
    """Adjacency (sets of point indices) and mills (frozensets) of a board."""
    lines = []
    for ring in (OUTER, MIDDLE, INNER):
        # The sides of a square: corner, middle, corner.
        for k in (0, 2, 4, 6):
            lines.append([ring[k], ring[k + 1], ring[(k + 2) % 8]])
    lines += CROSS
    if diagonals:
        lines += DIAGONALS
    adj = [set() for _ in range(N)]
    for line in lines:
        for a, b in zip(line, line[1:]):
            adj[INDEX[a]].add(INDEX[b])
            adj[INDEX[b]].add(INDEX[a])
    mills = {frozenset(INDEX[p] for p in line) for line in lines}
    return adj, mills


def symmetries(adj, mills):
    """Every permutation of the points keeping adjacency and mills."""
    order = [0]
    for p in order:
        for q in sorted(adj[p]):
            if q not in order:
                order.append(q)
    found = []
    image = [None] * N

    def search(k, used):
        if k == N:
            if all(frozenset(image[p] for p in m) in mills for m in mills):
                found.append(tuple(image))
            return
        p = order[k]
        for q in range(N):
            if q in used:
                continue
            # Every point already mapped keeps its adjacency with p.
            ok = all(
                (image[r] in adj[q]) == (r in adj[p]) for r in order[:k]
            )
            if not ok:
                continue
            image[p] = q
            used.add(q)
            search(k + 1, used)
            used.discard(q)
            image[p] = None

    search(0, set())
    return found


def cycle_lengths(perm):
    seen, out = set(), []
    for s in range(N):
        if s in seen:
            continue
        n, p = 0, s
        while p not in seen:
            seen.add(p)
            p = perm[p]
            n += 1
        out.append(n)
    return out


def orbit_counts(syms):
    """Canonical sets per piece count k (orbits of k-sets), by Burnside."""
    total = [0] * (N + 1)
    for perm in syms:
        # A k-set fixed by perm is a union of its cycles: the coefficient
        # of x^k in the product of (1 + x^len) over the cycles.
        poly = [1] + [0] * N
        for n in cycle_lengths(perm):
            new = poly[:]
            for k in range(N - n + 1):
                new[k + n] += poly[k]
            poly = new
        total = [t + c for t, c in zip(total, poly)]
    return [t // len(syms) for t in total]


def class_entries(orbits, light, dark):
    """Entries of one side to move, as reduced.rs numbers them."""
    return orbits[light] * math.comb(N - light, dark) if light + dark <= N else 0


# Sectors: (W, B, WF, BF), the side to move's pieces on the board, the
# other's, then the pieces in hand, as Malom names them. The graph is
# Malom's (sector_graph.cpp): std_mora_graph_func for Nine and Morabaraba,
# lask_graph_func for Lasker; a child is named from the other side's view.
def children(u, lasker):
    W, B, WF, BF = u
    out = []
    if lasker:
        if WF:
            out += [(W + 1, B, WF - 1, BF), (W + 1, B - 1, WF - 1, BF)]
        if W:
            out += [(W, B, WF, BF), (W, B - 1, WF, BF)]
    else:
        if WF:
            out += [(W + 1, B, WF - 1, BF), (W + 1, B - 1, WF - 1, BF)]
        else:
            out += [(W, B, WF, BF), (W, B - 1, WF, BF)]
    kids = []
    for w, b, wf, bf in out:
        if b + bf >= 3 and b >= 0 and w + b <= N:
            kids.append((b, w, bf, wf))  # the other side moves next
    return kids


def sectors(pieces, lasker):
    start = (0, 0, pieces, pieces)
    seen, queue, edges = {start}, [start], {}
    while queue:
        u = queue.pop()
        kids = sorted(set(children(u, lasker)))
        edges[u] = kids
        for v in kids:
            if v not in seen:
                seen.add(v)
                queue.append(v)
    return edges


def units(edges):
    """Sectors solved together: a sector and its mirror (W and B
    exchanged) when each reaches the other (a move that takes nothing),
    as Malom's "wu" and as one of this solver's classes (both sides to
    move in one table)."""
    unit = {}
    for u in edges:
        m = (u[1], u[0], u[3], u[2])
        unit[u] = min(u, m) if (m in edges and m in edges[u] and u in edges[m]) else u
    deps = {}
    for u, kids in edges.items():
        d = deps.setdefault(unit[u], set())
        for v in kids:
            if unit[v] != unit[u]:
                d.add(unit[v])
    members = {}
    for u in edges:
        members.setdefault(unit[u], []).append(u)
    return deps, members


def longest_chain(deps, cost):
    """The most expensive chain of dependencies (cost summed along it)."""

    @lru_cache(maxsize=None)
    def best(u):
        below = [best(v) for v in deps[u]]
        tail = max(below, key=lambda t: t[0]) if below else (0, ())
        return (cost[u] + tail[0], (u,) + tail[1])

    sys.setrecursionlimit(10000)
    return max((best(u) for u in deps), key=lambda t: t[0])


# Microseconds of one core per entry, docs/distributed.md "Estimates":
# Nine measured 0.65 on 7v4 and about 1 on its biggest classes (both
# hands empty); the placing units are assumed.
MOVING_US = 1.0
PLACING_US = 1.0
LASKER_PLACING_US = 2.0
BOARD_FACTOR = {"mill": 1.0, "mill+diagonals": 1.25}
# Assumed: how much faster one unit runs on a 32-core node than on one
# core (a solve uses at most 16 threads, threads.rs, and its
# single-threaded steps, ~7 % of a big class's processor time, bound it
# near 1 / (0.07 + 0.93 / 16) = 7.8), and the share of the cores a node
# packed with units keeps busy.
SPEEDUP_NODE = 8
# Bytes of memory per entry while a unit is solved, besides the tables it
# reads at one byte an entry: docs/distributed.md "Memory".
BYTES_SOLVING = 12
PACKED_EFFICIENCY = 0.7


def name(u):
    return "%d/%d/%d/%d" % u


def g(x):
    return "%.2f G" % (x / 1e9)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sectors", choices=["nine", "morabaraba", "lasker"])
    args = ap.parse_args()

    plain, diag = board(False), board(True)
    syms = {"mill": symmetries(*plain), "mill+diagonals": symmetries(*diag)}
    orbits = {b: orbit_counts(s) for b, s in syms.items()}
    variants = {
        "nine": ("mill", 9, False),
        "morabaraba": ("mill+diagonals", 12, False),
        "lasker": ("mill", 10, True),
    }

    if args.sectors:
        b, pieces, lasker = variants[args.sectors]
        edges = sectors(pieces, lasker)
        for u in sorted(edges):
            print(name(u), class_entries(orbits[b], u[0], u[1]), " ".join(name(v) for v in edges[u]))
        return

    for b, s in syms.items():
        print("%s: %d symmetries; canonical sets per count: %s" % (b, len(s), orbits[b][:13]))

    # Nine's classes as the solver numbers them: both sides to move.
    o = orbits["mill"]
    nine = {(l, d): 2 * class_entries(o, l, d) for l in range(3, 10) for d in range(3, l + 1)}
    print("nine 3v3: %d entries (the solver printed 420,280)" % nine[(3, 3)])
    print("nine 7v4: %d entries (the solver printed 105,614,880)" % nine[(7, 4)])
    print("nine 7v5: %d, 7v6: %d, 7v7: %d, 8v8: %d, 9v9: %d" % tuple(nine[c] for c in [(7, 5), (7, 6), (7, 7), (8, 8), (9, 9)]))
    print("nine 3v3 ... 9v9 (light >= dark): %d entries (docs/tables.md: 10.72 G)" % sum(nine.values()))

    for v, (b, pieces, lasker) in variants.items():
        edges = sectors(pieces, lasker)
        size = {u: class_entries(orbits[b], u[0], u[1]) for u in edges}
        moving = [u for u in edges if u[2] == 0 and u[3] == 0]
        placing = [u for u in edges if u not in moving]
        deps, members = units(edges)
        entries = {w: sum(size[u] for u in members[w]) for w in deps}
        total = sum(size.values())
        print()
        print("%s (%s, %d pieces): %d sectors (%d with both hands empty), %d units" % (v, b, pieces, len(edges), len(moving), len(deps)))
        print("  entries: %d (%s); with both hands empty %s; with pieces in hand %s" % (total, g(total), g(sum(size[u] for u in moving)), g(sum(size[u] for u in placing))))
        big = sorted(entries, key=lambda w: -entries[w])[:5]
        print("  biggest units: " + ", ".join("%s %s" % ("+".join(name(u) for u in sorted(members[w])), g(entries[w])) for w in big))
        print("  most units one unit reads: %d" % max(len(deps[w]) for w in deps))
        heavy = max(deps, key=lambda w: entries[w] * BYTES_SOLVING + sum(entries[x] for x in deps[w]))
        print("  most memory: %s, %s entries solved and %s read (%.1f GB at %d bytes an entry solved, 1 read)" % ("+".join(name(u) for u in sorted(members[heavy])), g(entries[heavy]), g(sum(entries[x] for x in deps[heavy])), (entries[heavy] * BYTES_SOLVING + sum(entries[x] for x in deps[heavy])) / 1e9, BYTES_SOLVING))
        reads = sum(entries[x] for w in deps for x in deps[w])
        print("  entries read by the units that need them (each read once per reader): %s" % g(reads))
        length, chain = longest_chain(deps, entries)
        print("  longest chain: %d units, %s entries along it (%.1f %% of all)" % (len(chain), g(length), 100 * length / total))
        # Processor time under the assumptions of docs/distributed.md
        # (microseconds of one core per entry).
        factor = BOARD_FACTOR[b]
        cost = {}
        for w in deps:
            if w[2] == 0 and w[3] == 0:
                per = MOVING_US
            elif lasker:
                per = LASKER_PLACING_US
            else:
                per = PLACING_US
            cost[w] = entries[w] * per * factor / 1e6
        work = sum(cost.values())
        crit, path = longest_chain(deps, cost)
        print("  processor time (estimate): %.1f core-hours; longest chain %.2f core-hours over %d units" % (work / 3600, crit / 3600, len(path)))
        print("  longest chain's units: " + " ".join(name(w) for w in path))
        for nodes in (1, 4, 32):
            cores = 32 * nodes
            spread = work / (cores * PACKED_EFFICIENCY)
            chain = crit / SPEEDUP_NODE
            # Graham's bound for list scheduling: at most the work spread
            # over the cores plus the longest chain.
            print("  %2d nodes x 32 cores: work spread %.2f h, chain %.2f h, so between %.2f and %.2f h" % (nodes, spread / 3600, chain / 3600, max(spread, chain) / 3600, (spread + chain) / 3600))
        depth = {}

        def d(w):
            if w not in depth:
                depth[w] = 1 + max((d(x) for x in deps[w]), default=0)
            return depth[w]

        for w in deps:
            d(w)
        levels = max(depth.values())
        widest = max(sum(1 for w in deps if depth[w] == k) for k in range(1, levels + 1))
        print("  levels: %d; most units on one level: %d" % (levels, widest))

if __name__ == "__main__":
    main()
