"""Double-dummy solver speed (rams.fast.dd) on random full 52-card deals, beside DDS.

Each deal: a random trump (or none, one time in five) and leader, N/S declaring; one
solve from the first lead on one core, by our solver and by the C++ solver DDS (through the
``endplay`` package of the ``dev`` extra, asked the same question: the most tricks with
best play, one card's value, ``solutions=1``; ``--no-dds`` leaves it out). Every deal's
trick count must agree (the run stops on the first that does not). Prints the compile
time, both solvers' solve-time median, p90, p99 and maximum, and our positions searched
per second. ``--slow`` puts issue 29's slowest deal first (the deals after it are the same
as without). Times are this process's CPU time (``time.process_time``: on a shared machine
wall time would count the others' work too; both solvers run in this one thread). Progress
goes to stderr.

    .venv/bin/python benchmarks/dd_solver.py --deals 200 --seed 2026
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

import numpy as np
from _provenance import header

from rams.fast.dd import DoubleDummy

# rams.cards: suits ♠ ♣ ♦ ♥ (0..3), ranks 2..A (0..12); a PBN hand lists ♠ ♥ ♦ ♣.
_PBN_SUITS = (0, 3, 2, 1)
_RANKS = "23456789TJQKA"


def _deal(rng: random.Random) -> list[int]:
    deck = list(range(52))
    rng.shuffle(deck)
    return [sum(1 << c for c in deck[13 * p : 13 * (p + 1)]) for p in range(4)]


def pbn(hands: list[int]) -> str:
    """The deal in PBN, North first (seats 0..3 are N, E, S, W)."""
    out = []
    for h in hands:
        suits = []
        for s in _PBN_SUITS:
            suits.append("".join(_RANKS[r] for r in range(12, -1, -1) if h >> (13 * s + r) & 1))
        out.append(".".join(suits))
    return "N:" + " ".join(out)


def from_pbn(text: str) -> list[int]:
    """The four hands of a PBN deal that begins with North (``N:`` and four hands)."""
    hands = []
    for hand in text.removeprefix("N:").split():
        mask = 0
        for s, suit in zip(_PBN_SUITS, hand.split("."), strict=True):
            for ch in suit:
                mask |= 1 << (13 * s + _RANKS.index(ch))
        hands.append(mask)
    return hands


# Issue 29's slowest deal (33.6 s then): spades trumps, West to lead.
SLOW = ("N:K762.Q73.64.A875 QJ93.AJ642.AQT3. T8.T95.K87.QJT43 A54.K8.J952.K962", 0, 3)


def dds_solver() -> Callable[[list[int], int, int], int]:
    """DDS's N/S tricks for hands, a trump (rams' suit index, or -1) and a leader."""
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode
    from endplay.types import Deal, Denom, Player

    denoms = {-1: Denom.nt, 0: Denom.spades, 1: Denom.clubs, 2: Denom.diamonds, 3: Denom.hearts}

    def run(hands: list[int], trump: int, leader: int) -> int:
        deal = Deal(pbn(hands))
        deal.trump = denoms[trump]
        deal.first = Player(leader)
        score = max(tricks for _, tricks in solve_board(deal, SolveMode.OptimalOne))
        n = min(h.bit_count() for h in hands)
        return n - score if leader % 2 else score  # DDS counts the side on lead

    return run


def _row(name: str, ms: np.ndarray) -> str:
    return (
        f"{name}: median {np.median(ms):.1f}  mean {ms.mean():.1f}  "
        f"p90 {np.percentile(ms, 90):.1f}  p99 {np.percentile(ms, 99):.1f}  max {ms.max():.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--no-trump-share", type=float, default=0.2)
    parser.add_argument("--time-limit", type=float, default=0.0, help="stop after S seconds")
    parser.add_argument("--no-dds", action="store_true", help="time our solver alone")
    parser.add_argument("--slow", action="store_true", help="issue 29's slowest deal first")
    args = parser.parse_args()
    print(header(__file__), flush=True)

    t0 = time.perf_counter()
    warm = DoubleDummy(tt_bits=10)
    warm.solve([0x7, 0x7 << 13, 0x7 << 26, 0x7 << 39], 0, 0, (0, 2))
    warm.best_moves([0x7, 0x7 << 13, 0x7 << 26, 0x7 << 39], 0, 0, (0, 2))
    compile_s = time.perf_counter() - t0
    dds = None if args.no_dds else dds_solver()

    rng = random.Random(args.seed)
    solver = DoubleDummy()
    times: list[float] = []
    dds_times: list[float] = []
    nodes: list[int] = []
    tricks: list[int] = []
    slowest = (0.0, "")
    start = time.perf_counter()
    for i in range(args.deals + args.slow):
        if args.slow and i == 0:
            hands, trump, leader = from_pbn(SLOW[0]), SLOW[1], SLOW[2]
        else:
            hands = _deal(rng)
            trump = -1 if rng.random() < args.no_trump_share else rng.randrange(4)
            leader = rng.randrange(4)
        before = solver.nodes
        t = time.process_time()
        got = solver.solve(hands, trump, leader, (0, 2))
        times.append(time.process_time() - t)
        nodes.append(solver.nodes - before)
        tricks.append(got)
        this = f"{pbn(hands)}, trump {trump}, leader {leader}"
        if times[-1] > slowest[0]:
            slowest = (times[-1], this)
        if dds is not None:
            t = time.process_time()
            want = dds(hands, trump, leader)
            dds_times.append(time.process_time() - t)
            if got != want:  # (the deal that disagrees, to solve again by hand)
                sys.exit(f"deal {i}: ours {got} N/S tricks, DDS {want}: {this}")
        if (i + 1) % 50 == 0:
            print(
                f"{i + 1}/{args.deals + args.slow} deals, median {np.median(times) * 1e3:.1f} ms",
                file=sys.stderr,
            )
        if args.time_limit and time.perf_counter() - start > args.time_limit:
            break
    ms = np.array(times) * 1e3
    n = np.array(nodes)
    slow = " (issue 29's slowest deal first)" if args.slow else ""
    print(f"deals: {len(ms)} (seed {args.seed}){slow}, one trump and leader each, N/S declaring")
    print(f"compile (or load from cache): {compile_s:.1f} s")
    print(_row("solve time ms (CPU)", ms))
    if dds_times:
        dms = np.array(dds_times) * 1e3
        print(_row("DDS time ms (CPU)  ", dms))
        print(
            f"ours / DDS: median {np.median(ms) / np.median(dms):.1f}x  "
            f"p90 {np.percentile(ms, 90) / np.percentile(dms, 90):.1f}x  "
            f"p99 {np.percentile(ms, 99) / np.percentile(dms, 99):.1f}x; "
            f"trick counts agree on all {len(dms)} deals"
        )
    print(
        f"positions per deal: median {int(np.median(n))}  p99 {int(np.percentile(n, 99))}  "
        f"max {int(n.max())}"
    )
    print(f"positions per second: {n.sum() / ms.sum() * 1e3 / 1e6:.2f} M")
    print(f"N/S tricks: mean {np.mean(tricks):.2f}")
    print(f"slowest: {slowest[0] * 1e3:.0f} ms, {slowest[1]}")


if __name__ == "__main__":
    main()
