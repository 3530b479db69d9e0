"""How well ``hard``'s samples know the others' trumps at its first card (issue 28).

Deals of a Rams preset are played by ``hard`` in every seat (``--seats heuristic``: the
heuristic bot instead) up to each seat's first card decision. There, for every other seat
still in the deal, the trumps it really holds (Pam counted, M1) are set against the mean
over ``--samples`` worlds drawn as ``hard`` draws them: before (every world weighs 1, as
``hardold`` samples) and after (the worlds weighed by the others' choices,
:mod:`rams.games.rams.inference`). Rows: every such hand, then split by how many cards it
exchanged (E4) and whether it is the dealer; each with the mean error, sampled minus truth,
and its 95 % interval (normal, over the hands). Also the CPU time one world costs to draw
(with inference: the four worlds drawn and weighed for each one kept).

    .venv/bin/python benchmarks/inference.py [--preset classic] [--players 4] [--deals 200]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections import defaultdict

from _provenance import header

from rams.bots import make_bot
from rams.cards import pack, suit_of
from rams.games.rams.deal import PAM, Deal
from rams.games.rams.rules import Rules
from rams.games.rams.search import PimcBot, RamsCards
from rams.games.rams.view import Observation, Phase
from rams.table import bot_turn


def trumps(hand: int, trump: int, pamfil: bool) -> int:
    """The trumps in a hand (Pam among them where it is played, M1)."""
    return sum(
        1 for c in range(52) if hand >> c & 1 and (suit_of(c) == trump or (pamfil and c == PAM))
    )


def sampled(view: Observation, infer: bool, samples: int, seed: int) -> tuple[list[float], float]:
    """Each seat's mean trumps over ``samples`` worlds drawn as ``hard`` draws them, and the
    CPU seconds a world took (the process's time: the machine may be shared)."""
    bot = PimcBot(random.Random(seed), seconds=None, infer=infer)
    search = RamsCards(infer=infer)
    assert view.trump is not None
    found = search.round(bot, view, False)
    totals = [0.0] * view.rules.players
    got = 0
    started = time.process_time()
    for _ in range(samples * 20):
        drawn = found.draw()
        if drawn is None:
            continue
        hands, _ = drawn
        got += 1
        for s in view.active:
            totals[s] += trumps(hands[s], view.trump, view.rules.pamfil)
        if got == samples:
            break
    took = (time.process_time() - started) / max(got, 1)
    return [t / max(got, 1) for t in totals], took


def interval(values: list[float]) -> str:
    if len(values) < 2:
        return "n/a"
    m = statistics.fmean(values)
    h = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{m:+.2f} [{m - h:+.2f}, {m + h:+.2f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--samples", type=int, default=48)
    parser.add_argument("--seats", choices=("hard", "heuristic"), default="hard")
    args = parser.parse_args()
    print(header(__file__), flush=True)
    rules = Rules.preset(args.preset, args.players)
    rng = random.Random(args.seed)
    n = args.players
    agents = [make_bot(args.seats, random.Random(rng.getrandbits(32)), timed=False)
              for _ in range(n)]  # fmt: skip
    rows: dict[str, list[tuple[int, float, float]]] = defaultdict(list)
    costs: dict[bool, list[float]] = {False: [], True: []}
    decisions = 0
    for d in range(args.deals):
        deck = list(pack(rules.pack_size))
        rng.shuffle(deck)
        deal = Deal(rules, rng.randrange(n), deck)
        seen: set[int] = set()
        while deal.phase is not Phase.DONE and deal.to_move is not None:
            seat = deal.to_move
            if deal.phase is Phase.PLAY and deal.dave_pending is None:
                if seat in seen or len(deal.legal_actions()) < 2:
                    if seat in seen:
                        break  # (every seat in the deal has had its first card)
                else:
                    seen.add(seat)
                    view = deal.observation(seat)
                    assert view.trump is not None
                    decisions += 1
                    before, cost0 = sampled(view, False, args.samples, d * 10 + seat)
                    after, cost1 = sampled(view, True, args.samples, d * 10 + seat)
                    costs[False].append(cost0)
                    costs[True].append(cost1)
                    for o in view.active:
                        if o == seat:
                            continue
                        truth = trumps(deal.hands[o], view.trump, rules.pamfil)
                        k = view.exchanged[o]
                        row = (truth, before[o], after[o])
                        rows["every hand"].append(row)
                        rows["exchanged nothing" if k == 0 else f"exchanged {k}"].append(row)
                        if o == view.dealer:
                            rows["the dealer"].append(row)
            if bot_turn(deal, agents) == "done":
                break
    print(
        f"{args.preset} {n}p, {args.deals} deals, seats {args.seats}, {decisions} first card "
        f"decisions, {args.samples} worlds each: the trumps of the others still in the deal"
    )
    print(f"{'hands':<18} {'n':>5} {'truth':>6} {'before':>7} {'after':>6}   "
          f"{'before − truth (95 %)':<24} {'after − truth (95 %)':<24}")  # fmt: skip
    order = ["every hand", "exchanged nothing", *[f"exchanged {k}" for k in range(1, 6)],
             "the dealer"]  # fmt: skip
    for name in order:
        got = rows.get(name)
        if not got:
            continue
        truth = statistics.fmean(r[0] for r in got)
        b = statistics.fmean(r[1] for r in got)
        a = statistics.fmean(r[2] for r in got)
        eb = interval([r[1] - r[0] for r in got])
        ea = interval([r[2] - r[0] for r in got])
        print(f"{name:<18} {len(got):>5} {truth:6.2f} {b:7.2f} {a:6.2f}   {eb:<24} {ea:<24}")
    for infer, label in ((False, "before"), (True, "after")):
        if costs[infer]:
            cost = statistics.median(costs[infer]) * 1e6
            print(f"one world drawn, {label}: median {cost:.0f} µs of CPU")


if __name__ == "__main__":
    main()
