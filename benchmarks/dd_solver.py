"""Double-dummy solver speed (rams.fast.dd) on random full 52-card deals.

Each deal: a random trump (or none, one time in five) and leader, N/S declaring; one
solve from the first lead on one core. Prints the compile time, the solve-time median,
p90, p99 and maximum, and positions searched per second. Progress goes to stderr.

    .venv/bin/python benchmarks/dd_solver.py --deals 1000 --seed 2026
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import numpy as np
from _provenance import header

from rams.fast.dd import DoubleDummy


def _deal(rng: random.Random) -> list[int]:
    deck = list(range(52))
    rng.shuffle(deck)
    return [sum(1 << c for c in deck[13 * p : 13 * (p + 1)]) for p in range(4)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--no-trump-share", type=float, default=0.2)
    parser.add_argument("--time-limit", type=float, default=0.0, help="stop after S seconds")
    args = parser.parse_args()
    print(header(__file__), flush=True)

    t0 = time.perf_counter()
    warm = DoubleDummy(tt_bits=10)
    warm.solve([0x7, 0x7 << 13, 0x7 << 26, 0x7 << 39], 0, 0, (0, 2))
    warm.best_moves([0x7, 0x7 << 13, 0x7 << 26, 0x7 << 39], 0, 0, (0, 2))
    compile_s = time.perf_counter() - t0

    rng = random.Random(args.seed)
    solver = DoubleDummy()
    times: list[float] = []
    nodes: list[int] = []
    tricks: list[int] = []
    start = time.perf_counter()
    for i in range(args.deals):
        hands = _deal(rng)
        trump = -1 if rng.random() < args.no_trump_share else rng.randrange(4)
        leader = rng.randrange(4)
        before = solver.nodes
        t = time.perf_counter()
        tricks.append(solver.solve(hands, trump, leader, (0, 2)))
        times.append(time.perf_counter() - t)
        nodes.append(solver.nodes - before)
        if (i + 1) % 50 == 0:
            print(
                f"{i + 1}/{args.deals} deals, median {np.median(times) * 1e3:.1f} ms",
                file=sys.stderr,
            )
        if args.time_limit and time.perf_counter() - start > args.time_limit:
            break
    ms = np.array(times) * 1e3
    n = np.array(nodes)
    print(f"deals: {len(ms)} (seed {args.seed}), one trump and leader each, N/S declaring")
    print(f"compile (or load from cache): {compile_s:.1f} s")
    print(
        f"solve time ms: median {np.median(ms):.1f}  mean {ms.mean():.1f}  "
        f"p90 {np.percentile(ms, 90):.1f}  p99 {np.percentile(ms, 99):.1f}  max {ms.max():.1f}"
    )
    print(
        f"positions per deal: median {int(np.median(n))}  p99 {int(np.percentile(n, 99))}  "
        f"max {int(n.max())}"
    )
    print(f"positions per second: {n.sum() / ms.sum() * 1e3 / 1e6:.2f} M")
    print(f"N/S tricks: mean {np.mean(tricks):.2f}")


if __name__ == "__main__":
    main()
