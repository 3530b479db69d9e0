"""The first `hard` decision after a fresh install, from an empty compile cache.

Numba compiles the solver on its first call and caches the result on disk. This benchmark
starts from an empty cache (``NUMBA_CACHE_DIR`` set to a new folder) and times, each in a
fresh Python process:

1. the install step (``python -m rams.fast.warm``, which ``scripts/setup`` runs): the
   compile, paid once, while nobody waits;
2. a new program's first ``hard`` card decision after that install — everything a person
   waits for when a game starts: importing, building the bots, the first search (the goal:
   under 1 s);
3. for comparison, the same first decision with no install step (what every first move
   cost before: the whole compile happens inside it);
4. Whist's first searched ``hard`` card after the install (the other games' solvers,
   double dummy and max^n, compiled by the install step too).

    .venv/bin/python benchmarks/first_decision.py [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

from _provenance import header

_FIRST = """
import random, time
t0 = time.perf_counter()
from rams.bots import make_bot
from rams.cards import pack
from rams.games.rams.deal import Deal
from rams.games.rams.view import Phase
from rams.games.rams.rules import Rules
from rams.table import bot_turn
rules = Rules.preset("classic", 3)
bots = [make_bot("hard", random.Random(s)) for s in range(3)]
for seed in range(50):
    deck = list(pack(32)); random.Random(seed).shuffle(deck)
    deal = Deal(rules, 0, deck)
    while not deal.is_over and deal.phase is not Phase.PLAY:
        bot_turn(deal, bots)
    if deal.phase is Phase.PLAY and len(deal.legal_actions()) > 1:
        break
t1 = time.perf_counter()
bot_turn(deal, bots)
t2 = time.perf_counter()
print(f"{t2 - t0:.3f} {t2 - t1:.3f}")
"""


# The other games' solvers: Whist's first `hard` card in the ending, where it searches
# (double dummy, max^n), the deal played to there by the same bots.
_FIRST_WHIST = """
import random, time
t0 = time.perf_counter()
from rams.bots import make_bot
from rams.games import new_match
match = new_match("whist", rng=random.Random(1))
match.start_deal()
deal = match.deal
bots = [make_bot("hard", random.Random(s), family="whist") for s in range(4)]
while not deal.is_over and max(deal.hand_of(s).bit_count() for s in range(4)) > 8:
    seat = deal.to_move
    deal.apply(bots[seat].act(deal.observation(seat)), seat)
t1 = time.perf_counter()
seat = deal.to_move
deal.apply(bots[seat].act(deal.observation(seat)), seat)
t2 = time.perf_counter()
print(f"{t2 - t0:.3f} {t2 - t1:.3f}")
"""


def _run(args: list[str], cache: str) -> float:
    """Seconds a fresh process takes to run ``args`` with its compile cache in ``cache``."""
    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
    started = time.perf_counter()
    subprocess.run(args, env=env, capture_output=True, check=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="repetitions of each measurement")
    args = parser.parse_args()
    print(header(__file__), flush=True)
    install, first, whist, cold = [], [], [], []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
            install.append(_run([sys.executable, "-m", "rams.fast.warm", "--quiet"], cache))
            first.append(_run([sys.executable, "-c", _FIRST], cache))
            whist.append(_run([sys.executable, "-c", _FIRST_WHIST], cache))
        with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
            cold.append(_run([sys.executable, "-c", _FIRST], cache))

    def fmt(xs: list[float]) -> str:
        return f"median {statistics.median(xs):.2f} s (of {', '.join(f'{x:.2f}' for x in xs)})"

    print(f"runs: {args.runs}, each from an empty Numba cache, each step a fresh process")
    print(f"install step (python -m rams.fast.warm):          {fmt(install)}")
    print(f"first hard decision after the install (process):   {fmt(first)}")
    print(f"first hard decision with no install step (process): {fmt(cold)}")
    print(f"Whist's first searched hard card after the install: {fmt(whist)}")
    goal = max(statistics.median(first), statistics.median(whist)) < 1.0
    print(f"goal (first decisions after install < 1 s): {'met' if goal else 'NOT met'}")


if __name__ == "__main__":
    main()
