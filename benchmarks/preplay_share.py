"""The share of the gap before play that an evaluator closes, with intervals (issue 28).

With the card play all-seeing in every seat (the exact solver), bots that differ only in
their decisions before play meet in a duplicate tournament: ``allseeing-heuristic`` (the
heuristic's decisions: the low end), ``oracle`` (each decision played out on the real deal:
the high end) and the evaluators to measure (``allseeing``: ``hard``'s, the boosted trees;
``allseeing-ridge``: the ridge evaluator, ``hard``'s before issue 28's trees; the runs before
the change named them ``allseeing-gbt`` and ``allseeing``). An evaluator's share is (its
points − the heuristic's) over (the oracle's − the heuristic's), per deal paired; its 95 %
interval is a bootstrap over deals (percentiles of 2 000 resamples, seeded), and so is the
difference of two shares.

    nice -n 10 .venv/bin/python benchmarks/preplay_share.py --deals 200 --seed 2030

prints the tournament's figures and the shares; one process (the bots run untimed, so the
figures are reproducible from the seed).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

from _provenance import header

from rams.games.rams.rules import Rules
from rams.stats import mean_ci
from rams.tournament import deal_scores, run_tournament_deals

LOW, HIGH = "allseeing-heuristic", "oracle"


def share(scores: Sequence[dict[str, float]], name: str) -> float:
    """(name − LOW) / (HIGH − LOW) over these deals' scores (nan if the gap is 0)."""
    gained = sum(s[name] - s[LOW] for s in scores)
    gap = sum(s[HIGH] - s[LOW] for s in scores)
    return gained / gap if gap else float("nan")


Scores = Sequence[dict[str, float]]


def bootstrap(
    scores: Scores, stat: Callable[[Scores], float], rounds: int, rng: random.Random
) -> tuple[float, float]:
    """The 2.5 and 97.5 percentiles of ``stat`` over resamples of the deals."""
    values = []
    for _ in range(rounds):
        pick = [scores[rng.randrange(len(scores))] for _ in scores]
        value = stat(pick)
        if value == value:  # (a resample with no gap: left out)
            values.append(value)
    values.sort()
    return values[int(0.025 * len(values))], values[int(0.975 * len(values)) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--evaluators", default="allseeing-ridge,allseeing")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2030)
    parser.add_argument("--rounds", type=int, default=2000)
    args = parser.parse_args()
    print(header(__file__), flush=True)
    measured = args.evaluators.split(",")
    bots = [LOW, *measured, HIGH]
    while len(bots) < args.players:
        bots.insert(1, LOW)
    if len(bots) != args.players:
        parser.error(f"{len(bots)} bots for {args.players} seats")
    rules = Rules.preset(args.preset, args.players)
    started, wall = time.process_time(), time.perf_counter()
    result = run_tournament_deals(rules, bots, args.deals, args.seed)
    cpu, wall = time.process_time() - started, time.perf_counter() - wall
    scores = [deal_scores(d) for d in result.deals]
    print(f"{args.preset} {args.players}p, bots {','.join(bots)} (rotated), {args.deals} deals, "
          f"seed {args.seed}: {cpu:.0f} s CPU, {wall:.0f} s wall")  # fmt: skip
    print("points a deal [95 % CI]:")
    for name in dict.fromkeys(bots):
        i = mean_ci([s[name] for s in scores])
        print(f"  {name:<20} {i.mean:+.3f} [{i.low:+.3f}, {i.high:+.3f}]")
    print("differences a deal, paired [95 % CI]:")
    names = list(dict.fromkeys(bots))
    for k, b in enumerate(names):
        for a in names[k + 1 :]:
            i = mean_ci([s[a] - s[b] for s in scores])
            print(f"  {a} − {b}: {i.mean:+.3f} [{i.low:+.3f}, {i.high:+.3f}]")
    rng = random.Random(f"share:{args.seed}")
    print(f"share of the gap before play closed ({HIGH} − {LOW} = 100 %) [95 % bootstrap CI]:")
    for name in measured:
        low, high = bootstrap(scores, lambda s, n=name: share(s, n), args.rounds, rng)
        print(f"  {name:<20} {share(scores, name):6.1%} [{low:6.1%}, {high:6.1%}]")
    if len(measured) == 2:
        a, b = measured[1], measured[0]

        def apart(s: Scores) -> float:
            return share(s, a) - share(s, b)

        low, high = bootstrap(scores, apart, args.rounds, rng)
        print(f"  {a} − {b}: {apart(scores):+.1%} [{low:+.1%}, {high:+.1%}]")


if __name__ == "__main__":
    main()
