"""What ``hard``'s samples say about the declarer's trumps, against the truth (issue 28).

Deals of Whist with a named trump (W4) and of Boston (B4) are played by the heuristic bots up
to a defender's first card in a suit contract (the declarer: whoever named the trump, or won
the auction). There ``hard``'s card play draws its samples of the hidden hands, weighted as
its search weighs them, twice on the same position: *before*, without the auction (the
samples fit the cards seen; issue 27's sampler), and *after*, fitting the auction too
(:func:`rams.games.plain.search.draw_fitting`). For each it prints the declarer's trumps as
dealt, the truth and the weighted mean of the samples, the mean error with a 95 % interval
over the deals, the share of draws that found a sample fitting every action before play,
and the time a draw takes.

    .venv/bin/python benchmarks/auction_inference.py [--deals 100] [--samples 24] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from _provenance import header

from rams import games
from rams.bots import make_bot
from rams.bots.families import part
from rams.games.plain.deal import Phase
from rams.games.plain.search import PlainSearchBot, World, _dealt, auction_fit
from rams.table import bot_turn

GAMES = ("whist-named", "boston")


def _declarer(deal: Any) -> int | None:
    """The declarer of a suit contract (None: no suit, or no declarer)."""
    if deal.trump < 0:
        return None
    declarer = getattr(deal, "declarer", None)
    if declarer is not None:
        return int(declarer)
    for seat, action in deal.actions:  # Whist: whoever named the trump
        if getattr(action, "suit", None) is not None:
            return int(seat)
    return None


def _defenders_first(deal: Any, declarer: int) -> bool:
    """A defender is to play his first card."""
    if deal.phase is not Phase.PLAY or deal.to_move is None:
        return False
    side = [s for s in (deal.sides() or ()) if declarer in s]
    team = side[0] if side else (declarer, getattr(deal, "partner", None))
    seat = deal.to_move
    return (
        seat not in team
        and not any(s == seat for s, _ in deal.play.trick)
        and (not deal.play.tricks)
    )


def positions(preset: str, deals: int, seed: int) -> list[tuple[Any, int]]:
    """(a defender's view of the deal at his first card, the declarer) for every deal of
    ``deals`` that reaches one in a suit contract."""
    family = games.family_of(preset)
    rules = family.rules(preset, 4)
    bots = [make_bot("heuristic", random.Random(seed + s), family=rules.family) for s in range(4)]
    found = []
    for k in range(deals):
        match = family.new_match(rules, None, random.Random(seed * 100_000 + k))
        deal = match.start_deal()
        while not deal.is_over:
            declarer = _declarer(deal) if deal.phase is Phase.PLAY else None
            if declarer is not None and _defenders_first(deal, declarer):
                found.append((deal, declarer))
                break
            bot_turn(deal, bots)
    return found


def _trumps(hand: int, suit: int) -> int:
    return (hand >> (13 * suit) & 0x1FFF).bit_count()


def measure(
    deal: Any, declarer: int, family: Any, samples: int, auction: bool, rng: random.Random
) -> tuple[float, float, float]:
    """(the samples' weighted mean of the declarer's trumps as dealt, the share of the
    samples fitting the auction, seconds a draw)."""
    view = deal.observation(deal.to_move)
    model = part(family, "bots").heuristic(random.Random(0))
    bot = PlainSearchBot(rng, model, samples, None, auction=auction)
    found = bot.plain.round(bot, view, False)
    start = time.perf_counter()
    drawn = [found.draw() for _ in range(samples)]
    seconds = (time.perf_counter() - start) / samples
    fit = auction_fit(view, model)
    assert fit is not None
    total = weight = 0.0
    fitting = 0
    for one in drawn:
        assert one is not None
        world, w = one
        assert isinstance(world, World)
        fitting += fit(world)[1]
        total += w * _trumps(_dealt(view, world)[declarer], deal.trump)
        weight += w
    return total / weight, fitting / samples, seconds


def _interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return f"{mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--samples", type=int, default=24)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    print(header(__file__), flush=True)
    for preset in args.games.split(","):
        family = games.family_of(preset)
        found = positions(preset, args.deals, args.seed)
        truth = [float(_trumps(deal.dealt[declarer], deal.trump)) for deal, declarer in found]
        print(f"{preset}: {len(found)} suit contracts of {args.deals} deals; the declarer's "
              f"trumps as dealt, truly {statistics.fmean(truth):.2f}")  # fmt: skip
        for auction in (False, True):
            rng = random.Random(args.seed)
            means, fits, times = [], [], []
            for deal, declarer in found:
                mean, fit, seconds = measure(deal, declarer, family, args.samples, auction, rng)
                means.append(mean)
                fits.append(fit)
                times.append(seconds)
            errors = [m - t for m, t in zip(means, truth, strict=True)]
            absolute = [abs(e) for e in errors]
            label = "after (auction)" if auction else "before"
            print(f"  {label:<16} samples' mean {statistics.fmean(means):.2f}; error "
                  f"{_interval(errors)}, |error| {statistics.fmean(absolute):.2f}; fitting "
                  f"{statistics.fmean(fits):.0%}; {statistics.median(times) * 1e3:.1f} ms a "
                  f"draw (median)", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
