"""The analysis of a finished game (`rams analyse`, :mod:`rams.analysis`): seconds per rated
decision (card play and the decisions before play apart) and per whole game, for each table
size of the classic game and the duel.

Each game is played by heuristic bots from a fixed seed (:func:`rams.sim.play_game`), then
one seat's decisions are rated with ``--samples`` sampled deals each; the solver is compiled
before the clock starts.

    .venv/bin/python benchmarks/analysis.py [--games 1] [--samples 32] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from itertools import pairwise

from _provenance import header

from rams.analysis import analyse, decisions
from rams.games import family_of
from rams.record import loads
from rams.sim import play_game

TABLES = (("classic", 3), ("classic", 4), ("classic", 5), ("classic", 7), ("duel", 2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="games per table size")
    parser.add_argument("--samples", type=int, default=32, help="sampled deals per decision")
    parser.add_argument("--seed", type=int, default=0, help="master seed")
    args = parser.parse_args()
    print(header(__file__), flush=True)
    from rams.fast import warm

    warm.compile_all()
    print(f"games per table: {args.games}, samples per decision: {args.samples}, seat p1")
    print(
        f"{'table':<12} {'deals':>6} {'decided':>8} {'rated':>6} {'s/decision':>11} {'s/card':>8} "
        f"{'s/before':>9} {'s/game':>8}"
    )
    for preset, players in TABLES:
        rules = family_of(preset).rules(preset, players)
        deals = rated = 0
        per_game: list[float] = []
        cards: list[float] = []
        before: list[float] = []
        for index in range(args.games):
            result = play_game(rules, ["heuristic"] * players, args.seed, index, keep=True)
            assert result.record_json is not None
            record = loads(result.record_json)
            deals += len(record.deals)
            phases = [v.phase.value for _, _, v, _ in decisions(record, 0)]
            stamps = [time.perf_counter()]

            def stamp(done: int, total: int, stamps: list[float] = stamps) -> None:
                stamps.append(time.perf_counter())

            ratings = analyse(record, 0, args.samples, random.Random(args.seed), stamp)
            per_game.append(stamps[-1] - stamps[0])
            rated += len(ratings)
            for phase, (start, end) in zip(phases, pairwise(stamps), strict=True):
                (cards if phase == "play" else before).append(end - start)
        everything = cards + before
        print(
            f"{preset + ' ' + str(players):<12} {deals:>6} {len(everything):>8} {rated:>6} "
            f"{statistics.mean(everything):>11.3f} {_mean(cards):>8} {_mean(before):>9} "
            f"{statistics.mean(per_game):>8.1f}"
        )


def _mean(values: list[float]) -> str:
    return f"{statistics.mean(values):.3f}" if values else "—"


if __name__ == "__main__":
    main()
