"""Daily deals (issue 31): each day (UTC) the same few deals of every game family for
everyone, played against bots, and each person's result compared with everyone's and with
the bots' on the very same cards (duplicate scoring).

**The day's deals.** For every family, its first preset (as :func:`rams.games.presets`
lists them) at its smallest number of players, :data:`DEALS_PER_GAME` deals. The person
sits in the first seat; every other seat is a bot of level :data:`LEVEL`. A deal's id is
``DAY-PRESET-K`` (``2026-12-07-classic-1``).

**The cards** come from the verifiable scheme (:mod:`rams.fair`, ``rams-fair/2``): the
deal's server seed, no client seed (the same cards for everyone), the deal's id as the
table id, deal number 1, and the context of the deal's rules and its seating, the seats
named ``1``, ``2``, … (a person's name would change the cards). The stream gives the deck,
the family's drawn fields (Boston's turned card) and the first dealer, exactly as
:func:`rams.fair.deal_cards` draws them. A deal's commitment (:func:`rams.fair.commitment`
of its seed) is published before its day begins (today's and tomorrow's are shown); its
seed once the day is over (:func:`revealed`), never before: with it anyone could compute
the deck.

**One deal, then the end.** :class:`OneDeal` is a match that is over once its first deal
is: the driver loop (:class:`rams.table.Table`), the terminal and the web tables play it
as any match. A seat's result is what the deal changed in its score, turned so that more
is better (:func:`deal_points`: the family's ``better``).

**Duplicate scoring.** On a deal, every result on the person's seat is compared with every
other one on the same seat — every person's, and the bots' own (the deal played by bots in
every seat, :func:`bots_points`): 2 matchpoints for each result beaten, 1 for each equal,
0 for each better (:func:`matchpoints`). The day's standings (:func:`standings`) add each
player's matchpoints over the deals played and give them as a share of the most there
were to win, and the points more (or fewer) than the bots made on the same deals.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from rams import games
from rams.bots import make_bot
from rams.cards import Card, pack
from rams.fair import Context, deal_cards
from rams.games.protocol import Match
from rams.ratings import bot_id
from rams.table import Table

__all__ = [
    "DEALS_PER_GAME",
    "LEVEL",
    "DailyDeal",
    "OneDeal",
    "Result",
    "Standing",
    "bots_points",
    "day_deals",
    "deal_points",
    "matchpoints",
    "new_game",
    "parse_day",
    "parse_deal",
    "revealed",
    "standings",
    "today",
]

#: Deals of each family a day.
DEALS_PER_GAME = 2
#: The bots' level: the person's opponents, and the bots' own result on each deal.
LEVEL = "easy"
#: The player id of the bots' own result (as the ratings name a bot level).
BOTS = bot_id(LEVEL)

_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def today(now: datetime | None = None) -> date:
    """The day (UTC) at ``now`` (default: this moment)."""
    return (now or datetime.now(UTC)).astimezone(UTC).date()


def revealed(day: date, now: datetime | None = None) -> bool:
    """Whether the seeds of ``day``'s deals may be published: once the day is over (UTC)."""
    return day < today(now)


def published(day: date, now: datetime | None = None) -> bool:
    """Whether ``day``'s commitments are published: from the day before it on."""
    return day <= today(now) + timedelta(days=1)


def parse_day(text: str) -> date | None:
    """A day written ``YYYY-MM-DD``, or None."""
    if _DAY.fullmatch(text) is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


@dataclass(frozen=True, slots=True)
class DailyDeal:
    """One deal of a day: the day, the preset, its number among the preset's (1-based)."""

    day: date
    preset: str
    number: int

    @property
    def id(self) -> str:
        """``DAY-PRESET-K``: the deal's name, and its table id in the dealing scheme."""
        return f"{self.day.isoformat()}-{self.preset}-{self.number}"

    @property
    def family(self) -> str:
        return games.presets()[self.preset].family

    @property
    def players(self) -> int:
        return games.presets()[self.preset].players[0]

    def rules(self) -> Any:
        return games.family(self.family).rules(self.preset, self.players)

    @property
    def bots(self) -> tuple[str | None, ...]:
        """Who sits where: the person first (None), then the bots."""
        return (None,) + (LEVEL,) * (self.players - 1)

    def context(self) -> Context:
        """The context the cards are dealt for: the rules, the seats named 1, 2, …"""
        names = [str(i + 1) for i in range(self.players)]
        return Context.of(self.rules(), names, self.bots)

    def cards(self, seed: str) -> tuple[list[Card], dict[str, int]]:
        """The deck (top first) and the drawn fields, the first ``dealer`` among them."""
        rules = self.rules()
        fields = games.family(self.family).deal_fields
        return deal_cards(seed, {}, self.id, 1, pack(rules.pack_size), fields, self.context())


def day_deals(day: date) -> list[DailyDeal]:
    """The deals of ``day``: for each family its first preset, :data:`DEALS_PER_GAME` deals."""
    firsts: dict[str, str] = {}
    for name, preset in games.presets().items():
        firsts.setdefault(preset.family, name)
    return [
        DailyDeal(day, firsts[family], k)
        for family in games.FAMILIES
        if family in firsts
        for k in range(1, DEALS_PER_GAME + 1)
    ]


def parse_deal(text: str) -> DailyDeal | None:
    """The deal named ``text`` (``DAY-PRESET-K``), or None if no day has it."""
    day = parse_day(text[:10])
    if day is None:
        return None
    return next((d for d in day_deals(day) if d.id == text), None)


# Playing one deal ---------------------------------------------------------------------------


class OneDeal:
    """A match that is over once its first deal is; everything else is the match's own."""

    def __init__(self, inner: Match) -> None:
        object.__setattr__(self, "inner", inner)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self.inner, name, value)

    @property
    def is_over(self) -> bool:
        inner = self.inner
        return bool(inner.is_over or (inner.deals and inner.deals[0].is_over))

    @property
    def needs_deal(self) -> bool:
        return not self.is_over and bool(self.inner.needs_deal)

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else self.inner.to_move

    def winners(self) -> list[int]:
        """The seats that made the most of the deal (none before its end)."""
        if not self.is_over:
            return []
        if self.inner.is_over:
            return list(self.inner.winners())
        points = [deal_points(self, s) for s in range(len(self.inner.players))]
        return [s for s, p in enumerate(points) if p == max(points)]

    def returns(self) -> list[float]:
        return [float(deal_points(self, s)) for s in range(len(self.inner.players))]


def new_game(deal: DailyDeal, names: Sequence[str]) -> OneDeal:
    """A new one-deal match of ``deal`` for these seats (not dealt yet)."""
    family = games.family(deal.family)
    return OneDeal(family.new_match(deal.rules(), list(names), None, 0))


def deal_points(game: Any, seat: int = 0) -> int:
    """What the first deal changed in ``seat``'s score, more being better."""
    inner = game.inner if isinstance(game, OneDeal) else game
    family = games.family(inner.rules.family)
    start = family.new_match(inner.rules, list(inner.players), None, 0).scores()
    return int(family.better * (inner.scores()[seat] - start[seat]))


def shuffler(deck: Sequence[Card], drawn: dict[str, int]) -> Any:
    """A :class:`~rams.table.Table`'s ``shuffle`` that deals these cards (once)."""
    return lambda game: (list(deck), dict(drawn))


def bots_points(deal: DailyDeal, seed: str) -> int:
    """The bots' own result on the person's seat: the deal played by bots in every seat
    (their choices drawn from the seed, so the same every time)."""
    deck, drawn = deal.cards(seed)
    game = new_game(deal, [str(i + 1) for i in range(deal.players)])
    rng = random.Random(f"daily-bots:{deal.id}:{seed}")
    agents = [
        make_bot(LEVEL, random.Random(rng.getrandbits(63)), timed=False, family=deal.family)
        for _ in range(deal.players)
    ]
    table = Table(game, agents, shuffle=shuffler(deck, drawn))
    table.advance()
    return deal_points(game, 0)


# Duplicate scoring ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Result:
    """A player's result on one deal: the player's id (a browser key's hash, or the bots'
    :data:`BOTS`), name, the deal's points on the person's seat; the table it was played
    at (None: the bots' own)."""

    deal: str
    player: str
    name: str
    points: int
    table: str | None = None


def matchpoints(points: Sequence[int]) -> list[int]:
    """Each result's matchpoints among ``points`` (the results on one seat of one deal):
    2 for each other result it beats, 1 for each it equals."""
    return [
        sum(2 if p > q else 1 if p == q else 0 for j, q in enumerate(points) if j != i)
        for i, p in enumerate(points)
    ]


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's day: deals played, matchpoints won of the most there were, points more
    than the bots on the same deals (None when the bots' result is not there)."""

    player: str
    name: str
    deals: int
    matchpoints: int
    most: int
    versus_bots: int | None

    @property
    def share(self) -> float:
        """The matchpoints as a share of the most (0 to 1; 0 with nobody to compare)."""
        return self.matchpoints / self.most if self.most else 0.0


def _by_deal(results: Iterable[Result]) -> dict[str, list[Result]]:
    out: dict[str, list[Result]] = {}
    for r in results:
        out.setdefault(r.deal, []).append(r)
    return out


def scored(results: Iterable[Result]) -> Iterator[tuple[Result, int, int]]:
    """Each result with its matchpoints and the most it could have had on its deal."""
    for rows in _by_deal(results).values():
        for r, mp in zip(rows, matchpoints([r.points for r in rows]), strict=True):
            yield r, mp, 2 * (len(rows) - 1)


def standings(results: Iterable[Result]) -> list[Standing]:
    """The day's standings over these results (each deal's results include the bots' own,
    player :data:`BOTS`, when it is known): best share first, then more matchpoints."""
    results = list(results)
    bots = {r.deal: r.points for r in results if r.player == BOTS}
    table: dict[str, list[Any]] = {}
    for r, mp, most in scored(results):
        row = table.setdefault(r.player, [r.name, 0, 0, 0, 0, True])
        row[1] += 1
        row[2] += mp
        row[3] += most
        if r.deal in bots:
            row[4] += r.points - bots[r.deal]
        else:
            row[5] = False
    out = [
        Standing(p, name, n, mp, most, versus if whole else None)
        for p, (name, n, mp, most, versus, whole) in table.items()
    ]
    out.sort(key=lambda s: (-s.share, -s.matchpoints, s.name))
    return out
