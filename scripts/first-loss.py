#!/usr/bin/env python3
"""The turn of a lost game that gave the value away, checked by the tables.

    scripts/first-loss.py RECORDS GAME TABLES... [--morris PATH] [--nodes N] [--from K]

RECORDS is a file of games as `morris match --records` writes them, GAME
which of them (its number, the record's [Game]), TABLES table files or
folders (flat ones are fastest). Every position of the game is valued
exactly with `morris tb probe`: in the moving phase from the tables, in
the placing phase by solving the rest of the placing down to them. The
value the loser can still reach only falls in a game against a perfect
player, so a binary search over the game's positions finds the first
position that is lost for the loser, and the turn before it is the one
that gave the value away. The search starts after the game's first K
turns (--from, default 4: the openings of `morris match` are four turns,
and the empty board is the costliest position to solve). Prints the
game's opening, that turn, the value before and after it and, where the
placing solve says them, the turns that kept it.
"""

import argparse
import re
import subprocess
import sys


def games(path):
    """(headers, moves) of each game of a records file."""
    text = open(path, encoding="utf-8").read()
    out = []
    for block in re.split(r"\n\s*\n(?=\[)", text.strip()):
        headers = dict(re.findall(r'^\[(\w+) "(.*)"\]$', block, re.M))
        body = "\n".join(l for l in block.splitlines() if not l.startswith("["))
        moves = [t for t in body.split() if not re.fullmatch(r"\d+\.|1-0|0-1|1/2-1/2|\*", t)]
        out.append((headers, moves))
    return out


class Morris:
    def __init__(self, exe, tables, nodes):
        self.exe, self.tables, self.nodes = exe, tables, nodes

    def run(self, *args):
        done = subprocess.run([self.exe, *args], capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"{self.exe} {' '.join(args)}: {done.stderr.strip()}")
        return done.stdout

    def position(self, variant, moves):
        """The position text and the side to move after `moves`."""
        out = self.run("show", "--variant", variant, "--moves", " ".join(moves))
        pos = re.search(r"^position:\s+(.*)$", out, re.M).group(1)
        turn = re.search(r"^to move:\s+(\w+)", out, re.M).group(1)
        return pos, turn

    def probe(self, position):
        """The probe's lines: the value for the side to move first."""
        args = ["tb", "probe", "--position", position, "--nodes", str(self.nodes)]
        for t in self.tables:
            args += ["--table", t]
        return self.run(*args).strip().splitlines()


def for_side(value, to_move, side):
    """'win', 'draw' or 'loss' for `side`, from the value for the side to move."""
    word = value.split()[0]
    if to_move == side or word == "draw":
        return word
    return {"win": "loss", "loss": "win"}[word]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("records")
    ap.add_argument("game", type=int)
    ap.add_argument("tables", nargs="+")
    ap.add_argument("--morris", default="target/release/morris")
    ap.add_argument("--nodes", type=int, default=10_000_000_000)
    ap.add_argument("--from", dest="start", type=int, default=4)
    args = ap.parse_args()

    # A match writes games as they end, each with its number in [Game].
    found = [g for g in games(args.records) if g[0].get("Game") == str(args.game)]
    if not found:
        sys.exit(f"{args.records} has no game {args.game}")
    headers, moves = found[0]
    result = headers.get("Result", "*")
    loser = {"1-0": "dark", "0-1": "light"}.get(result)
    if loser is None:
        sys.exit(f"game {args.game} was not won by either side ({result})")
    variant = headers.get("Variant", "nine")
    morris = Morris(args.morris, args.tables, args.nodes)
    seen = {}

    def value(k):
        """The value for the loser after the first k turns, and the probe's lines."""
        if k not in seen:
            pos, turn = morris.position(variant, moves[:k])
            lines = morris.probe(pos)
            seen[k] = (for_side(lines[0], turn, loser), turn, lines)
            print(f"  after {k:3} turns ({turn} to move): {lines[0]}", file=sys.stderr)
        return seen[k][0]

    # The first position lost for the loser: the game's last is, the start of
    # the search (after the opening) must not be.
    lo, hi = min(args.start, len(moves)), len(moves)
    if value(hi) != "loss":
        sys.exit(f"the tables do not say the last position is lost for {loser}: {seen[hi][2][0]}")
    if value(lo) == "loss":
        sys.exit(f"the position after {lo} turns is already lost for {loser}")
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if value(mid) == "loss":
            hi = mid
        else:
            lo = mid
    before, turn, lines = seen[lo]
    print(f"game {args.game}: {headers.get('Light', '?')} (light) against {headers.get('Dark', '?')} (dark), {result}")
    print(f"the loser: {loser}; the value before turn {hi}: {before} for {loser}")
    print(f"turn {hi} ({turn}): {moves[hi - 1]} gave it away: after it, {seen[hi][2][0]} for the side to move ({seen[hi][1]})")
    if len(lines) > 1:
        print(f"the turns that kept it: {lines[1]}")
    print(f"the game up to that turn: {' '.join(moves[:hi])}")


if __name__ == "__main__":
    main()
