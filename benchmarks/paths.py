"""Fixed work on one engine path, for timing a change as whole processes (its CPU seconds):
a number of whole random games on one path, the same deals every run.

    .venv/bin/python benchmarks/paths.py rams-ids --games 200
    farm-bench -n 9 -- env PYTHONPATH=. .venv/bin/python benchmarks/paths.py ramsch-fast \\
        --vs 'env PYTHONPATH=/tmp/old .venv/bin/python /tmp/old/benchmarks/paths.py ramsch-fast'

Paths: ``rams-actions`` and ``rams-ids`` (the reference engine, classic at ``--players``,
by action objects or integer ids), ``rams-fast`` (the compiled fast core, one deal a game),
``ramsch-ids`` and ``ramsch-fast`` (Ramsch at 3 through the protocol, and its compiled path).
It prints the decisions made (the same in every run: a check that the work is fixed).
"""

from __future__ import annotations

import argparse
import random

from rams import games
from rams.cards import pack


def protocol(preset: str, players: int, n: int, seed: int, ids: bool) -> int:
    """``n`` whole matches of random play through the protocol: the decisions made."""
    rng = random.Random(seed)
    decisions = 0
    for _ in range(n):
        match = games.new_match(preset, players, rng=random.Random(rng.getrandbits(32)))
        while not match.is_over:
            deal = match.start_deal()
            while not deal.is_over:
                if ids:
                    legal_ids = deal.legal_action_ids()
                    deal.apply_id(legal_ids[rng.randrange(len(legal_ids))])
                else:
                    legal = deal.legal_actions()
                    deal.apply(legal[rng.randrange(len(legal))])
                decisions += 1
    return decisions


def rams_fast(players: int, n: int, seed: int) -> int:
    """``n`` deals of classic through the compiled fast core."""
    from rams.fast.deal import FastDeal
    from rams.games.rams.rules import Rules

    rules = Rules.preset("classic", players)
    rng = random.Random(seed)
    decisions = 0
    for _ in range(n):
        deck = list(pack(rules.pack_size))
        rng.shuffle(deck)
        deal = FastDeal(rules, rng.randrange(players), deck)
        while not deal.is_over:
            legal_ids = deal.legal_action_ids()
            deal.apply_id(legal_ids[rng.randrange(len(legal_ids))])
            decisions += 1
    return decisions


def plain_fast(preset: str, players: int, n: int, seed: int) -> int:
    """``n`` deals of a plain game through its compiled path."""
    from rams.fast.plain import FastPlainDeal

    family = games.family_of(preset)
    rules = family.rules(preset, players)
    rng = random.Random(seed)
    decisions = 0
    for _ in range(n):
        deck = list(pack(rules.pack_size))
        rng.shuffle(deck)
        deal = FastPlainDeal(rules, rng.randrange(players), deck, None, **family.deal_extra(rng))
        while not deal.is_over:
            legal_ids = deal.legal_action_ids()
            deal.apply_id(legal_ids[rng.randrange(len(legal_ids))])
            decisions += 1
    return decisions


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("path", choices=["rams-actions", "rams-ids", "rams-fast", "ramsch-ids",
                                     "ramsch-fast"])  # fmt: skip
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    if a.path == "rams-fast":
        made = rams_fast(a.players, a.games, a.seed)
    elif a.path == "ramsch-fast":
        made = plain_fast("ramsch", 3, a.games, a.seed)
    else:
        preset = "classic" if a.path.startswith("rams-") else "ramsch"
        made = protocol(preset, a.players if preset == "classic" else 3, a.games, a.seed,
                        ids=a.path.endswith("-ids"))  # fmt: skip
    print(f"{a.path}: {made} decisions")


if __name__ == "__main__":
    main()
