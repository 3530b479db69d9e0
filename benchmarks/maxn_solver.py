"""The plain games' max^n solver (rams.fast.maxn) on random endings: solve time and positions
per second, exact (no budget), for Ramsch at 3 and 4 players and the four trump deals, by
the number of cards left in each hand.

    .venv/bin/python benchmarks/maxn_solver.py [--positions 40] [--seed 2026]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from _provenance import header

from rams.cards import SUIT_MASKS, mask_of
from rams.fast.maxn import CARD_POINTS, Goal, MaxN
from rams.tricks import TEN_SECOND, TRUMP, trick_rules

CASES = (
    ("ramsch 3p", 3, (4, 5, 6)),
    ("ramsch 4p", 4, (4, 5)),
    ("kony", 4, (4, 5, 6)),
)


def position(rng: random.Random, n: int, k: int) -> tuple[list[int], int]:
    cards = [c for c in range(52) if c % 13 >= 5]  # the 32-card pack
    rng.shuffle(cards)
    hands = [mask_of(cards[i * k : (i + 1) * k]) for i in range(n)]
    skat = sum(int(CARD_POINTS[c]) for c in cards[n * k : n * k + 2]) if n == 3 else 0
    return hands, skat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(header(__file__), flush=True)
    solver = MaxN()
    solver.move_values([1, 2, 4], trick_rules(), -1, 0, 0, 0, (), Goal.fewest_points(3))  # compile
    rng = random.Random(args.seed)
    for name, n, sizes in CASES:
        for k in sizes:
            times, nodes = [], []
            for _ in range(args.positions):
                hands, skat = position(rng, n, k)
                if name == "kony":
                    trump = rng.randrange(4)
                    t, tm, off, goal = (
                        trick_rules(follow=TRUMP),
                        SUIT_MASKS[trump],
                        0,
                        Goal.each_for_himself(4),
                    )
                else:
                    trump, t, tm, off = -1, trick_rules(order=TEN_SECOND), 0, 0
                    goal = Goal.fewest_points(n, skat)
                start = time.perf_counter()
                solver.move_values(hands, t, trump, tm, off, rng.randrange(n), (), goal)
                times.append(time.perf_counter() - start)
                nodes.append(solver.nodes)
            times.sort()
            p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
            rate = sum(nodes) / sum(times) / 1e6
            print(
                f"{name:<10} {k} cards each: median {statistics.median(times) * 1e3:7.1f} ms, "
                f"p99 {p99 * 1e3:7.1f} ms, median {statistics.median(nodes):9.0f} positions, "
                f"{rate:.2f} M positions/s",
                flush=True,
            )


if __name__ == "__main__":
    main()
