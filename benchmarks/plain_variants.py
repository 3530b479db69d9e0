"""Variants of the plain games' hard bot against each other and the heuristic, in duplicate
deals (how hard's settings were chosen: samples, node budget, inference, when to search).

A variant is ``NAME:SAMPLES:BUDGET:INFER:DD_CARDS:EARLY`` (INFER 1 or 0; EARLY ``search``,
``heuristic`` or ``default``); the table is the variants then heuristics, or ``--bots``.

    .venv/bin/python benchmarks/plain_variants.py whist 4 200 h:24:1500:1:8:heuristic \\
        a:24:1500:1:8:search
    .venv/bin/python benchmarks/plain_variants.py whist 4 200 h:24:1500:1:8:default \\
        --bots h,heuristic,h,heuristic
"""

from __future__ import annotations

import argparse
import random
import time

from _provenance import header

from rams import games
from rams.bots import Bot
from rams.games.plain.family import plain_family
from rams.games.plain.search import PlainSearchBot
from rams.tournament import make_bot, run_tournament_deals, summarize

VARIANTS: dict[str, tuple[int, int, bool, int, str | None]] = {}
FAMILY = ""


def factory(name: str, rng: random.Random) -> Bot:
    if name not in VARIANTS:
        return make_bot(name, rng, FAMILY)
    samples, budget, infer, dd_cards, early = VARIANTS[name]
    model = plain_family(FAMILY).heuristic(random.Random(rng.getrandbits(63)))
    bot = PlainSearchBot(rng, model, samples, None, budget, name, infer, dd_cards, early)
    return bot  # type: ignore[return-value]


def main() -> None:
    global FAMILY
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("preset")
    parser.add_argument("players", type=int)
    parser.add_argument("deals", type=int)
    parser.add_argument("variants", nargs="+")
    parser.add_argument("--bots")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(header(__file__), flush=True)
    for spec in args.variants:
        name, samples, budget, infer, dd_cards, early = spec.split(":")
        VARIANTS[name] = (
            int(samples), int(budget), infer == "1", int(dd_cards),
            None if early == "default" else early,
        )  # fmt: skip
    rules = games.family_of(args.preset).rules(args.preset, args.players)
    FAMILY = rules.family
    bots = args.bots.split(",") if args.bots else list(VARIANTS)
    bots += ["heuristic"] * (args.players - len(bots))
    start = time.perf_counter()
    result = run_tournament_deals(rules, bots, args.deals, args.seed, factory=factory)
    for pair in summarize(result.deals).pairs:
        d = pair.difference
        print(f"{pair.first} − {pair.second}: {d.mean:+.3f} [{d.low:+.3f}, {d.high:+.3f}]")
    print(f"({args.deals} deals, seed {args.seed}, {time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
