"""Duplicate tournaments: every deal is played once for each rotation of the bots.

Deal ``k`` of a run has one deck and one dealer, drawn from the master seed and ``k``. It is
played ``n`` times (``n`` seats), the bots moved one seat on each time (rotation ``r`` puts
``bots[(s + r) % n]`` in seat ``s``), always from the same deck and dealer and with every
record at the start score (S1). The luck of the cards thus falls alike on every bot, and two
bots can be compared deal by deal (a paired difference), which needs far fewer deals than
whole games do.

A bot's points in one play are the record it wrote off, ``start_records[seat] -
records[seat]`` (positive is good); its score for a deal is the mean over the plays and the
seats it had. After each play the bots are rated with OpenSkill (Plackett–Luce) by their
points, in deal order. Every figure depends only on the rules, the bots and the master seed:
the results are gathered in deal order, so they are the same whatever the number of workers.

>>> from rams.games import family
>>> rules = family("rams").rules("classic", 3)
>>> result = run_tournament_deals(rules, ["heuristic", "random", "random"], deals=4, seed=1)
>>> [p.bots for p in result.deals[0].plays]
[('heuristic', 'random', 'random'), ('random', 'random', 'heuristic'), \
('random', 'heuristic', 'random')]
>>> [b.name for b in summarize(result.deals).bots]
['heuristic', 'random']
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from rams import games
from rams import ratings as rating
from rams.bots import Bot
from rams.bots import make_bot as _make_bot
from rams.cards import Card, pack
from rams.errors import RulesError
from rams.games import DEFAULT_FAMILY
from rams.games.protocol import DealState, GameRules
from rams.parallel import chunk_ranges, parallelism, run_in_order
from rams.stats import Interval, mean_ci
from rams.table import bot_turn, close_bots, tell_deal_over

__all__ = [
    "BotFactory",
    "BotFigures",
    "DealResult",
    "PairFigures",
    "PlayResult",
    "Rating",
    "TournamentResult",
    "TournamentSummary",
    "bot_rng",
    "check_setup",
    "deal_scores",
    "deal_setup",
    "play_duplicate",
    "play_out",
    "play_rotations",
    "ratings",
    "run_tournament_deals",
    "seat_bots",
    "summarize",
    "summary_dict",
]

BotFactory = Callable[[str, random.Random], Bot]
"""Builds a bot from its name and its own RNG (:func:`rams.bots.make_bot`)."""


def make_bot(name: str, rng: random.Random, family: str = DEFAULT_FAMILY) -> Bot:
    """A bot for a tournament: every bot, the all-seeing one included (measurement), and
    without time limits, so that a seed gives the same results on any machine."""
    return _make_bot(name, rng, allow_all_seeing=True, timed=False, family=family)


def _for_game(factory: BotFactory, rules: GameRules) -> BotFactory:
    """The default factory builds the bots of the rules' game family."""
    return functools.partial(make_bot, family=rules.family) if factory is make_bot else factory


MAX_ACTIONS = 10_000  # a safety stop for a deal that would never end (Даве offered forever)


@dataclass(frozen=True)
class PlayResult:
    """One play of a deal: the rotation, the bot in each seat, each seat's points, the winner
    of the game if the play ended it (S6, S7, R1)."""

    rotation: int
    bots: tuple[str, ...]
    points: tuple[int, ...]
    winner: int | None = None


@dataclass(frozen=True)
class DealResult:
    """Every play of one deal (one per rotation), from the same deck and dealer."""

    index: int
    dealer: int
    plays: tuple[PlayResult, ...]


@dataclass(frozen=True)
class TournamentResult:
    """A whole run: its parameters and the deals in order."""

    rules: GameRules
    bots: tuple[str, ...]
    seed: int
    deals: tuple[DealResult, ...]


@dataclass(frozen=True)
class Rating:
    """An OpenSkill rating: ``mu``, ``sigma`` and the ordinal ``mu - 3 sigma``."""

    mu: float
    sigma: float
    ordinal: float


@dataclass(frozen=True)
class BotFigures:
    """One bot's figures: seats held in each play, mean points per deal, its rating."""

    name: str
    seats: int
    points: Interval
    rating: Rating


@dataclass(frozen=True)
class PairFigures:
    """``first``'s score minus ``second``'s, per deal, paired by deal."""

    first: str
    second: str
    difference: Interval


@dataclass(frozen=True)
class TournamentSummary:
    """A run's figures: per bot in the order given, and for every pair of bots."""

    deals: int
    plays: int
    bots: tuple[BotFigures, ...]
    pairs: tuple[PairFigures, ...]


# Playing -------------------------------------------------------------------------------


def deal_setup(rules: GameRules, seed: int, index: int) -> tuple[int, tuple[Card, ...]]:
    """The dealer and the deck (top card first) of deal ``index`` of a run with ``seed``."""
    rng = random.Random(f"rams-tour:{seed}:{index}")
    dealer = rng.randrange(rules.players)
    deck = list(pack(rules.pack_size))
    rng.shuffle(deck)
    return dealer, tuple(deck)


def seat_bots(bots: Sequence[str], rotation: int) -> tuple[str, ...]:
    """The bot in each seat in ``rotation``: seat ``s`` gets ``bots[(s + rotation) % n]``.

    >>> seat_bots(["a", "b", "c"], 1)
    ('b', 'c', 'a')
    """
    n = len(bots)
    return tuple(bots[(s + rotation) % n] for s in range(n))


def bot_rng(seed: int, index: int, rotation: int, seat: int) -> random.Random:
    """The RNG of the bot in ``seat`` in ``rotation`` of deal ``index``."""
    return random.Random(f"rams-tour:{seed}:{index}:{rotation}:{seat}")


def play_out(deal: DealState, agents: Sequence[Bot]) -> DealState:
    """Play ``deal`` to its end, each seat's bot acting on its own observation, through the
    driver loop's step (:func:`rams.table.bot_turn`): bots claim as soon as they may (S7)."""
    for _ in range(MAX_ACTIONS):
        if bot_turn(deal, agents) == "done":
            return deal
    raise RuntimeError(f"a deal ran past {MAX_ACTIONS} actions: {deal!r}")


def play_rotations(
    rules: GameRules,
    bots: Sequence[str],
    dealer: int,
    deck: Sequence[Card],
    *,
    seed: int = 0,
    index: int = 0,
    factory: BotFactory = make_bot,
    on_play: Callable[[int, DealState], None] | None = None,
    extra: dict[str, Any] | None = None,
) -> DealResult:
    """Play one deal (``dealer``, ``deck``, and the family's ``extra`` fields) once for
    every rotation of ``bots``, each from the start of a match (every score at its start).

    ``on_play(rotation, deal)`` is called with each finished deal (to check, to save).
    """
    family = games.family(rules.family)
    factory = _for_game(factory, rules)
    plays = []
    for rotation in range(rules.players):
        seated = seat_bots(bots, rotation)
        agents = [
            factory(name, bot_rng(seed, index, rotation, seat)) for seat, name in enumerate(seated)
        ]
        match = family.new_match(rules, None, random.Random(0), dealer)
        before = match.scores()
        try:
            deal = play_out(match.start_deal(deck, dealer, **(extra or {})), agents)
            tell_deal_over(match, deal, agents)
        finally:
            close_bots(agents)  # (an outside program's process: rams.bots.program)
        after = match.scores()
        points = tuple(family.better * (a - b) for a, b in zip(after, before, strict=True))
        won = match.winners()
        plays.append(PlayResult(rotation, seated, points, won[0] if won else None))
        if on_play is not None:
            on_play(rotation, deal)
    return DealResult(index, dealer, tuple(plays))


def play_duplicate(
    rules: GameRules,
    bots: Sequence[str],
    seed: int,
    index: int,
    factory: BotFactory = make_bot,
    on_play: Callable[[int, DealState], None] | None = None,
) -> DealResult:
    """Deal ``index`` of a run with master ``seed``, played for every rotation."""
    dealer, deck = deal_setup(rules, seed, index)
    extra = games.family(rules.family).deal_extra(random.Random(f"rams-tour:{seed}:{index}:x"))
    return play_rotations(
        rules, bots, dealer, deck, seed=seed, index=index, factory=factory, on_play=on_play,
        extra=extra,
    )  # fmt: skip


def _play_chunk(
    args: tuple[GameRules, tuple[str, ...], int, int, int, BotFactory],
) -> list[DealResult]:
    rules, bots, seed, start, stop, factory = args
    return [play_duplicate(rules, bots, seed, k, factory) for k in range(start, stop)]


#: The most games or deals a run may ask for (more would never end on a machine).
MOST_RUNS = 10_000_000


def check_setup(
    rules: GameRules, bots: Sequence[str], deals: int, workers: int, factory: BotFactory = make_bot
) -> None:
    """Raise :class:`RulesError` for a bad bot list, deal count or worker count."""
    if len(bots) != rules.players:
        raise RulesError("cli.bots_for_seats", ("bots",), count=len(bots), seats=rules.players)
    for name in dict.fromkeys(bots):
        _for_game(factory, rules)(name, random.Random(0))  # an unknown name fails here
    if deals < 1:
        raise RulesError("cli.deals_count", ("deals",), count=deals)
    if deals > MOST_RUNS:
        raise RulesError("cli.how_many", ("deals",), flag="--deals", value=deals, most=MOST_RUNS)
    if workers < 1:
        raise RulesError("cli.workers_count", ("workers",), count=workers)


def run_tournament_deals(
    rules: GameRules,
    bots: Sequence[str],
    deals: int,
    seed: int,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    factory: BotFactory = make_bot,
    ray: str | None = None,
) -> TournamentResult:
    """Play deals ``0 … deals-1`` in duplicate; the results in deal order whatever ``workers``,
    and the same as Ray tasks on the cluster at address ``ray`` (:mod:`rams.parallel`).

    ``progress(k)`` is called after every ``k`` deals done. ``factory`` must be picklable
    (a module-level function) when ``workers > 1`` or with Ray.
    """
    check_setup(rules, bots, deals, workers, factory)
    names = tuple(bots)
    ranges = chunk_ranges(deals, parallelism(workers, ray))
    chunks = [(rules, names, seed, start, stop, factory) for start, stop in ranges]
    results: list[DealResult] = []
    for chunk in run_in_order(_play_chunk, chunks, workers, ray):
        results += chunk
        if progress is not None:
            progress(len(chunk))
    return TournamentResult(rules, names, seed, tuple(results))


# Figures -------------------------------------------------------------------------------


def _names(deals: Sequence[DealResult]) -> list[str]:
    return list(dict.fromkeys(name for d in deals for p in d.plays for name in p.bots))


def _play_points(play: PlayResult) -> dict[str, float]:
    """Each bot's points in one play (the mean over its seats)."""
    seats: dict[str, list[int]] = {}
    for name, points in zip(play.bots, play.points, strict=True):
        seats.setdefault(name, []).append(points)
    return {name: sum(p) / len(p) for name, p in seats.items()}


def deal_scores(deal: DealResult) -> dict[str, float]:
    """Each bot's score for one deal: its mean points over every play and seat it had.

    >>> deal_scores(DealResult(0, 0, (
    ...     PlayResult(0, ("a", "b", "b"), (6, -5, 2)),
    ...     PlayResult(1, ("b", "b", "a"), (1, 0, 3)),
    ... )))
    {'a': 4.5, 'b': -0.5}
    """
    total: dict[str, list[int]] = {}
    for play in deal.plays:
        for name, points in zip(play.bots, play.points, strict=True):
            total.setdefault(name, []).append(points)
    return {name: sum(p) / len(p) for name, p in total.items()}


def ratings(
    deals: Sequence[DealResult], prior: Mapping[str, rating.Rating] | None = None
) -> dict[str, Rating]:
    """OpenSkill (Plackett–Luce) ratings after every play of every deal, in deal order,
    from ``prior`` (each bot's rating before, where it has one: a ladder's) or the start.

    Each play ranks the distinct bots by their points (the mean over their seats when a bot
    has several): more points rank better, equal points tie. A play with a single distinct
    bot rates nothing.
    """
    names = _names(deals)
    current = {name: (prior or {}).get(name, rating.Rating()) for name in names}
    for deal in deals:
        for play in deal.plays:
            points = _play_points(play)
            order = list(points)
            places = [1 + sum(p > points[name] for p in points.values()) for name in order]
            current.update(rating.rate(current, [[name] for name in order], places))
    return {name: Rating(r.mu, r.sigma, r.ordinal) for name, r in current.items()}


def summarize(deals: Sequence[DealResult]) -> TournamentSummary:
    """Figures per bot (in the order of the list given) and for every pair, paired by deal."""
    names = _names(deals)
    scores = [deal_scores(d) for d in deals]
    per_bot = {name: [s[name] for s in scores] for name in names}
    rated = ratings(deals)
    first = deals[0].plays[0].bots if deals and deals[0].plays else ()
    bots = tuple(
        BotFigures(name, first.count(name), mean_ci(per_bot[name]), rated[name]) for name in names
    )
    pairs = tuple(
        PairFigures(a, b, mean_ci([x - y for x, y in zip(per_bot[a], per_bot[b], strict=True)]))
        for a, b in combinations(names, 2)
    )
    return TournamentSummary(len(deals), sum(len(d.plays) for d in deals), bots, pairs)


def _interval(i: Interval) -> dict[str, Any]:
    return dict(i.as_json())


def summary_dict(summary: TournamentSummary) -> dict[str, Any]:
    """The figures as plain data for JSON (non-finite bounds become None)."""
    return {
        "deals": summary.deals,
        "plays": summary.plays,
        "bots": [
            {
                "name": b.name,
                "seats": b.seats,
                "points_per_deal": _interval(b.points),
                "openskill": {
                    "mu": b.rating.mu,
                    "sigma": b.rating.sigma,
                    "ordinal": b.rating.ordinal,
                },
            }
            for b in summary.bots
        ],
        "pairs": [
            {"first": p.first, "second": p.second, "difference": _interval(p.difference)}
            for p in summary.pairs
        ],
    }
