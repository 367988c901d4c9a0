#!/usr/bin/env python3
"""Where a table solve's time goes, by phase, from a `perf` recording.

Record a solve with call stacks, sampling the processor clock (this
project's machine has no hardware counters):

    perf record -e cpu-clock -F 199 --call-graph dwarf,16384 -o solve.data \\
        target/release/morris tb generate --variant nine --class 6v4 \\
        --tables DIR --out 6v4.tb --deflate-level 1

then `scripts/solve-phases.py solve.data`. Each sample goes to the phase of
the solver's function nearest the root of its stack: the first pass (every
entry's moves), the passes back, or the rest, which runs on the main thread
alone but for the file's deflate (the codes gathered and the aliases set,
the table built from them, counted for the report and written, the smaller
tables read). Within each
phase, the functions the samples fell in (after inlining: the release build
inlines most of the solver into its passes). Used for docs/tables.md,
"Issue 42".

Usage: scripts/solve-phases.py DATA [--top N]
"""

import argparse
import collections
import subprocess
import sys

# The first of these a stack holds, looked for from the phases inward.
PHASES = [
    ("first_pass", "first pass"),
    ("pass_on", "passes back"),
]
REST = "the rest (the main thread alone, but for the deflate)"


def samples(data):
    out = subprocess.run(
        ["perf", "script", "-i", data, "-F", "ip,sym"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for block in out.split("\n\n"):
        frames = [line.strip().split(" ", 1)[-1] for line in block.strip().splitlines()]
        if frames:
            yield frames


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data")
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args()
    phase = collections.Counter()
    leaf = collections.defaultdict(collections.Counter)
    total = 0
    for frames in samples(args.data):
        total += 1
        name = next((label for key, label in PHASES if any(key in f for f in frames)), REST)
        phase[name] += 1
        leaf[name][frames[0].split("+0x")[0][:100]] += 1
    if total == 0:
        sys.exit(f"{args.data}: no samples")
    print(f"{total} samples")
    for name, count in phase.most_common():
        print(f"{count:8}  {100 * count / total:5.1f}%  {name}")
        for function, k in leaf[name].most_common(args.top):
            print(f"{k:16}  {100 * k / total:5.1f}%  {function}")


if __name__ == "__main__":
    main()
