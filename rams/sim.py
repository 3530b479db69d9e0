"""Bot-only games: many games, results with 95 % confidence intervals.

Every game's randomness (decks, first dealer, the bots' own choices) comes from one
master seed and the game's number, and results are gathered in game order, so a run gives
the same figures whatever the number of worker processes, or on a Ray cluster. The bots
rotate through the seats from game to game, so no bot keeps a seat's advantage.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from rams import games
from rams.bots import make_bot
from rams.games.protocol import GameRules
from rams.parallel import chunk_ranges, parallelism, run_in_order
from rams.record import dumps, record_of
from rams.stats import Interval, mean_ci, wilson
from rams.table import Table

__all__ = ["GameResult", "Summary", "game_seed", "play_game", "simulate", "summarize"]

MAX_DEALS = 2000  # a safety stop for a game that would never end


@dataclass(frozen=True)
class GameResult:
    """One bot-only game: the bot in each seat, the record changes, deals, the winner (the
    first of ``winners``: a Whist side, or players tied for the best total)."""

    index: int
    bots: tuple[str, ...]
    changes: tuple[int, ...]
    deals: int
    winner: int | None
    record_json: str | None = None
    winners: tuple[int, ...] = ()


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with master ``seed`` (stable across Pythons)."""
    return random.Random(f"rams-sim:{seed}:{index}").getrandbits(63)


def play_game(
    rules: GameRules, bots: Sequence[str], seed: int, index: int, keep: bool
) -> GameResult:
    """Play game ``index``: the bots rotated by ``index`` seats, all randomness from the seed."""
    n = rules.players
    seated = tuple(bots[(s + index) % n] for s in range(n))
    rng = random.Random(game_seed(seed, index))
    # Untimed bots: the searching ones take their full sample count, so results do not
    # depend on the machine's speed or load.
    agents = [
        make_bot(name, random.Random(rng.getrandbits(63)), timed=False, family=rules.family)
        for name in seated
    ]
    names = [f"{name}-{s + 1}" for s, name in enumerate(seated)]
    family = games.family(rules.family)
    game = family.new_match(rules, names, random.Random(rng.getrandbits(63)))
    start = game.scores()
    table = Table(game, agents)
    while not game.is_over and len(game.deals) < MAX_DEALS:
        table.advance(stop_at_deal_end=True)
    changes = tuple(b - a for a, b in zip(start, game.scores(), strict=True))
    text = dumps(record_of(game)) if keep else None
    won = game.winners()
    first = won[0] if won else None
    return GameResult(index, seated, changes, len(game.deals), first, text, tuple(won))


def _play_chunk(args: tuple[GameRules, tuple[str, ...], int, int, int, bool]) -> list[GameResult]:
    rules, bots, seed, start, stop, keep = args
    return [play_game(rules, bots, seed, i, keep) for i in range(start, stop)]


def simulate(
    rules: GameRules,
    bots: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
    records: Path | None = None,
    progress: Callable[[int], None] | None = None,
    ray: str | None = None,
) -> list[GameResult]:
    """Play ``games`` bot-only games; results in game order whatever ``workers`` is, and
    the same as Ray tasks on the cluster at address ``ray`` (:mod:`rams.parallel`)."""
    if len(bots) != rules.players:
        raise ValueError(f"{len(bots)} bots for {rules.players} seats")
    for name in set(bots):
        make_bot(name, random.Random(0), family=rules.family)  # an unknown name fails here
    keep = records is not None
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    results: list[GameResult] = []
    for chunk in _run(rules, tuple(bots), games, seed, workers, keep, ray):
        for result in chunk:
            if records is not None and result.record_json is not None:
                path = records / f"game-{result.index + 1:06d}.json"
                path.write_text(result.record_json + "\n", encoding="utf-8")
            results.append(result)
        if progress is not None:
            progress(len(chunk))
    return results


def _run(
    rules: GameRules,
    bots: tuple[str, ...],
    games: int,
    seed: int,
    workers: int,
    keep: bool,
    ray: str | None,
) -> Iterator[list[GameResult]]:
    ranges = chunk_ranges(games, parallelism(workers, ray))
    chunks = [(rules, bots, seed, start, stop, keep) for start, stop in ranges]
    return run_in_order(_play_chunk, chunks, workers, ray)


@dataclass(frozen=True)
class BotSummary:
    """One bot's figures: record change per deal and win rate, with 95 % intervals."""

    name: str
    seats: int
    change_per_deal: Interval
    win_rate: Interval


@dataclass(frozen=True)
class Summary:
    """A run's figures per bot, and each bot's difference from the first one (paired by game)."""

    games: int
    deals: int
    bots: list[BotSummary]
    versus_first: dict[str, Interval]


def summarize(results: Sequence[GameResult]) -> Summary:
    """Figures per distinct bot; a bot in several seats is averaged over them in each game."""
    names = list(dict.fromkeys(name for r in results for name in r.bots))
    per_game: dict[str, list[float]] = {name: [] for name in names}
    wins: dict[str, float] = dict.fromkeys(names, 0.0)
    seats: dict[str, int] = {}
    for r in results:
        for name in names:
            idx = [s for s, b in enumerate(r.bots) if b == name]
            seats[name] = len(idx)
            per_game[name].append(sum(r.changes[s] for s in idx) / len(idx) / max(r.deals, 1))
            won = r.winners or ((r.winner,) if r.winner is not None else ())
            wins[name] += sum(1 for s in idx if s in won) / len(idx)
    bots = [
        BotSummary(name, seats[name], mean_ci(per_game[name]), wilson(wins[name], len(results)))
        for name in names
    ]
    first = names[0]
    versus = {
        name: mean_ci([a - b for a, b in zip(per_game[name], per_game[first], strict=True)])
        for name in names[1:]
    }
    return Summary(len(results), sum(r.deals for r in results), bots, versus)


def summary_json(summary: Summary) -> str:
    """The figures as JSON (for benchmarks/results)."""
    return json.dumps(
        {
            "games": summary.games,
            "deals": summary.deals,
            "bots": [
                {
                    "name": b.name,
                    "seats": b.seats,
                    "record_change_per_deal": b.change_per_deal.as_json(),
                    "win_rate": b.win_rate.as_json(),
                }
                for b in summary.bots
            ],
            "versus_first": {k: v.as_json() for k, v in summary.versus_first.items()},
        },
        indent=1,
    )
