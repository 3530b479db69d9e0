"""What ``hard``'s card search would cost in Whist and Boston from an earlier trick: the
double-dummy solver's time for one sample (``best_moves``: every legal card's value, as
:meth:`rams.games.plain.search.Evaluator.values` asks it) by hand length, 8 to 13 cards.

Each position: a random deal, each hand cut to the length at random (as if the other cards
had been played), a random trump (or none, one time in five) and leader, a side of two
declaring, Whist's duty to trump (W5). One solver for all positions of a length (as a bot
keeps its table from sample to sample). Times are this process's CPU time. The last column
multiplies the median by ``hard``'s 24 samples a card (when untimed).

    .venv/bin/python benchmarks/dd_lengths.py --positions 40 --seed 2026
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from _provenance import header

from rams.fast.dd import DoubleDummy

SAMPLES = 24  # (rams.games.plain.bots.PLAIN_HARD_SAMPLES)


def _position(rng: random.Random, length: int) -> list[int]:
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [deck[13 * p : 13 * (p + 1)] for p in range(4)]
    return [sum(1 << c for c in rng.sample(h, length)) for h in hands]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(header(__file__), flush=True)
    rng = random.Random(args.seed)
    DoubleDummy(8).best_moves(_position(rng, 2), 0, 0, (0, 2))  # (compile or load first)
    print("cards a hand: median / p90 / p99 / max ms a sample (CPU); x24 median", flush=True)
    for length in range(8, 14):
        solver = DoubleDummy()
        times = []
        for _ in range(args.positions):
            hands = _position(rng, length)
            trump = -1 if rng.random() < 0.2 else rng.randrange(4)
            start = time.process_time()
            solver.best_moves(hands, trump, rng.randrange(4), (0, 2), must_trump=True)
            times.append(time.process_time() - start)
        times.sort()
        q = [times[min(len(times) - 1, int(f * len(times)))] * 1e3 for f in (0.9, 0.99)]
        median = statistics.median(times) * 1e3
        print(
            f"{length:>2}: {median:8.1f} / {q[0]:8.1f} / {q[1]:8.1f} / {times[-1] * 1e3:8.1f}"
            f"   {median * SAMPLES / 1e3:6.2f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
