"""How long the evaluator takes for one prediction and for one exchange: the ridge model and
the boosted trees (issue 28), in pure Python, on the features of real decisions.

    .venv/bin/python benchmarks/evaluator_speed.py [--preset classic --players 4 --deals 200]

prints the CPU time (``time.process_time``) a prediction and a ranking of the exchanges takes
with each model.
"""

from __future__ import annotations

import argparse
import random
import time

from _provenance import header

from rams.cards import pack
from rams.games.rams.deal import Deal
from rams.games.rams.evaluator import EvaluatorBot, features
from rams.games.rams.heuristic import HeuristicBot
from rams.games.rams.rules import Rules
from rams.games.rams.view import Observation, Phase


def decisions(rules: Rules, deals: int, seed: int) -> list[Observation]:
    """The views of the exchanges (E4) of ``deals`` deals played by the heuristic."""
    rng = random.Random(seed)
    bot = HeuristicBot(rng)
    views = []
    for _ in range(deals):
        deck = list(pack(rules.pack_size))
        rng.shuffle(deck)
        deal = Deal(rules, rng.randrange(rules.players), deck)
        while not deal.is_over and deal.phase is not Phase.PLAY:
            seat = deal.to_move
            assert seat is not None
            view = deal.observation(seat)
            if deal.phase is Phase.EXCHANGE and len(view.legal_actions) > 1:
                views.append(view)
            deal.apply(bot.act(view), seat)
    return views


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(header(__file__), flush=True)
    rules = Rules.preset(args.preset, args.players)
    views = decisions(rules, args.deals, args.seed)
    inputs = [features(v, v.hand, 0) for v in views]
    print(f"{args.preset} {args.players}p: {len(views)} exchanges of {args.deals} deals")
    for label, trees in (("ridge", False), ("trees", True)):
        bot = EvaluatorBot(random.Random(0), trees=trees)
        models = bot._models(rules)
        assert models is not None
        model = models["exchange"]
        kind = type(model).__name__
        start = time.process_time()
        for _ in range(5):
            for x in inputs:
                model.predict(x)
        one = (time.process_time() - start) / (5 * len(inputs))
        start = time.process_time()
        for v in views:
            bot.ranked_exchanges(v)
        ranking = (time.process_time() - start) / len(views)
        print(f"  {label:<6} ({kind}): {one * 1e6:7.1f} µs a prediction, "
              f"{ranking * 1e3:6.2f} ms an exchange ranked")  # fmt: skip


if __name__ == "__main__":
    main()
