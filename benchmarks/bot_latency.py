"""Decision latency of every bot at 2–7 players: median and p99 over many decisions.

Every seat is played by the bot under test, as people meet it (with its time limits), so
all its decisions are timed: play or pass, exchange, the turned trump, the talon, cards;
`classic` at 3–7 players, the duel at 2. Only decisions with a real choice (more than one
legal action) are timed. ``--games`` times the plain games' levels instead (RULES
§10.2–10.5: Ramsch at 3, the trump deals, Whist and Boston at 4).

    .venv/bin/python benchmarks/bot_latency.py [--deals 12] [--bots hard,medium]
    .venv/bin/python benchmarks/bot_latency.py --games [--deals 6] [--bots hard]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from _provenance import header

from rams import games
from rams.actions import Play
from rams.bots import Bot, bot_names, make_bot
from rams.cards import pack
from rams.games.rams.actions import Action
from rams.games.rams.deal import Deal
from rams.games.rams.rules import Rules
from rams.games.rams.view import Observation
from rams.table import bot_turn


class Timed:
    """A bot whose decisions are timed (those with a real choice: more than one action)."""

    def __init__(self, inner: Bot, every: list[float], cards: list[float]) -> None:
        self.inner = inner
        self.name = inner.name
        self.sees_all = getattr(inner, "sees_all", False)
        self.every = every
        self.cards = cards

    def _timed(self, view: Any, decide: Callable[[], Action]) -> Action:
        start = time.perf_counter()
        action = decide()
        took = time.perf_counter() - start
        if len(view.legal_actions) > 1:
            self.every.append(took)
            if all(isinstance(a, Play) for a in view.legal_actions):
                self.cards.append(took)
        return action

    def act_out_of_turn(self, view: Any, offers: list[Any]) -> Any:
        inner = getattr(self.inner, "act_out_of_turn", None)
        return inner(view, offers) if inner is not None else None

    def act(self, view: Observation) -> Action:
        return self._timed(view, lambda: self.inner.act(view))

    def act_full(self, deal: Deal, seat: int) -> Action:
        view = deal.observation(seat)
        return self._timed(view, lambda: self.inner.act_full(deal, seat))  # type: ignore[attr-defined, no-any-return]


def latencies(bot: str, players: int, deals: int, seed: int) -> tuple[list[float], list[float]]:
    """(every timed decision, the card plays among them), in seconds, of the bot as people
    meet it (with its time limits), played through the driver loop's step."""
    preset = "duel" if players == 2 else "classic"
    rules = Rules.preset(preset, players)
    rng = random.Random(seed)
    every: list[float] = []
    cards: list[float] = []
    agents = [
        Timed(
            make_bot(bot, random.Random(rng.getrandbits(32)), allow_all_seeing=True), every, cards
        )
        for _ in range(players)
    ]
    for _ in range(deals):
        deck = list(pack(rules.pack_size))
        rng.shuffle(deck)
        deal = Deal(rules, rng.randrange(players), deck)
        while bot_turn(deal, agents) != "done":
            pass
    return every, cards


PLAIN_GAMES = (("ramsch", 3), ("kony", 4), ("whist", 4), ("whist-named", 4), ("boston", 4))


def plain_latencies(
    bot: str, preset: str, players: int, deals: int, seed: int
) -> tuple[list[float], list[float]]:
    """(every timed decision, the card plays among them) of the bot in every seat of a
    plain game, in seconds."""
    family = games.family_of(preset)
    rules = family.rules(preset, players)
    rng = random.Random(seed)
    every: list[float] = []
    cards: list[float] = []
    agents = [
        Timed(
            make_bot(bot, random.Random(rng.getrandbits(32)), True, family=rules.family),
            every,
            cards,
        )
        for _ in range(players)
    ]
    for k in range(deals):
        match = family.new_match(rules, None, random.Random(seed * 1000 + k))
        deal = match.start_deal()
        while bot_turn(deal, agents) != "done":  # type: ignore[arg-type]
            pass
    return every, cards


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default=",".join([*bot_names(), "allseeing"]))
    parser.add_argument("--games", action="store_true", help="the plain games' bots")
    parser.add_argument("--presets", help="with --games: only these (comma-separated)")
    args = parser.parse_args()
    print(header(__file__), flush=True)
    if args.games:
        for bot in args.bots.split(","):
            plain_latencies(bot, "kony", 4, 1, 0)  # warm up (Numba compiles on first use)
            line, plays = [], []
            only = args.presets.split(",") if args.presets else None
            for preset, n in PLAIN_GAMES:
                if only is not None and preset not in only:
                    continue
                e, c = plain_latencies(bot, preset, n, args.deals, args.seed)
                line.append(f"{preset} {statistics.median(e) * 1e3:6.2f}/{p99(e) * 1e3:6.0f}")
                plays.append(f"{preset} {statistics.median(c) * 1e3:6.2f}/{p99(c) * 1e3:6.0f}")
            print(f"{bot:<10} every decision, median/p99 ms: " + "  ".join(line), flush=True)
            print(f"{'':<10} card plays,     median/p99 ms: " + "  ".join(plays), flush=True)
        return
    make_bot("heuristic", random.Random(0))
    for bot in args.bots.split(","):
        latencies(bot, 3, 1, 0)  # warm up (Numba compiles on first use)
        every, plays = [], []
        for n in range(2, 8):
            t, c = latencies(bot, n, args.deals, args.seed)
            every.append(f"{n}p {statistics.median(t) * 1e3:6.2f}/{p99(t) * 1e3:6.1f}")
            plays.append(f"{n}p {statistics.median(c) * 1e3:6.2f}/{p99(c) * 1e3:6.1f}")
        print(f"{bot:<10} all decisions, median/p99 ms: " + "  ".join(every), flush=True)
        print(f"{'':<10} card plays,    median/p99 ms: " + "  ".join(plays), flush=True)


if __name__ == "__main__":
    main()
