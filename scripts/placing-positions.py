#!/usr/bin/env python3
"""Every placing position of the games of a records file, one a line.

    scripts/placing-positions.py RECORDS [--morris PATH] [--from K] > positions.txt

The position before each placing turn after the first K (default 4, the
openings of `morris match`), each once however many games reach it, in
the order the games reach them. Label them exactly with
`morris tb probe --table FLAT --positions positions.txt > suite.book` and
the drawn (or won) ones are a test suite for `morris suite`: a fair sample
of what an engine meets in a match, not only the positions it lost.
"""

import argparse
import importlib.util
import itertools
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("first_loss", os.path.join(HERE, "first-loss.py"))
first_loss = importlib.util.module_from_spec(spec)
spec.loader.exec_module(first_loss)


def position(morris, variant, moves):
    """The position text after MOVES from the variant's empty board."""
    out = subprocess.run(
        [morris, "show", "--variant", variant, "--moves", " ".join(moves)],
        capture_output=True, text=True, check=True,
    ).stdout
    return next(l[len("position: "):] for l in out.splitlines() if l.startswith("position: "))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("records")
    ap.add_argument("--morris", default=os.path.join(HERE, "..", "target", "release", "morris"))
    ap.add_argument("--from", dest="start", type=int, default=4)
    args = ap.parse_args()
    seen = set()
    for headers, moves in first_loss.games(args.records):
        variant = headers.get("Variant", "nine")
        # The placing's turns: the moves before the first slide (`a1-a4`).
        placing = list(itertools.takewhile(lambda m: "-" not in m, moves))
        for turn in range(args.start, len(placing)):
            text = position(args.morris, variant, placing[:turn])
            if text not in seen:
                seen.add(text)
                print(text, flush=True)


if __name__ == "__main__":
    main()
