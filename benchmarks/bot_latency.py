"""Decision latency of every bot at 2–7 players: median and p99 over many decisions.

Every seat is played by the bot under test (so all its decisions are timed: play or pass,
exchange, the turned trump, the talon, cards); `classic` at 3–7 players, the duel at 2.
Only decisions with a real choice (more than one legal action) are timed.

    .venv/bin/python benchmarks/bot_latency.py [--deals 12] [--bots hard,medium]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rams.bots import BOT_NAMES, make_bot
from rams.cards import pack
from rams.deal import Deal
from rams.observation import Phase
from rams.rules import Rules
from rams.tournament import make_bot as tournament_bot


def latencies(bot: str, players: int, deals: int, seed: int) -> tuple[list[float], list[float]]:
    """(every timed decision, the card plays among them), in seconds."""
    preset = "duel" if players == 2 else "classic"
    rules = Rules.preset(preset, players)
    rng = random.Random(seed)
    agents = [tournament_bot(bot, random.Random(rng.getrandbits(32))) for _ in range(players)]
    times: list[float] = []
    cards: list[float] = []
    for _ in range(deals):
        deck = list(pack(rules.pack_size))
        rng.shuffle(deck)
        deal = Deal(rules, rng.randrange(players), deck)
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            agent = agents[seat]
            timed = len(deal.legal_actions()) > 1
            start = time.perf_counter()
            if getattr(agent, "sees_all", False):
                action = agent.act_full(deal, seat)  # type: ignore[attr-defined]
            else:
                action = agent.act(deal.observation(seat))
            took = time.perf_counter() - start
            if timed:
                times.append(took)
                if deal.phase is Phase.PLAY:
                    cards.append(took)
            deal.apply(action, seat)
    return times, cards


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default=",".join([*BOT_NAMES, "allseeing"]))
    args = parser.parse_args()
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
