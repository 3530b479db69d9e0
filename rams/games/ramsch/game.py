"""Ramsch (RULES §10.2): rules, deal and match.

>>> rules = RamschRules.preset("ramsch-jacks", 3)
>>> rules.jacks_trump, rules.rank_order, rules.deal_limit
(True, 'ten_second', 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from rams.cards import ACE, JACK, KING, QUEEN, TEN, cards_of, mask_of, rank_of
from rams.events import Event
from rams.games.plain.deal import Kind, PlainDeal
from rams.games.plain.match import PlainMatch
from rams.games.plain.rules import PlainPreset, PlainRules, option
from rams.tricks import NATURAL, SUIT, TEN_SECOND, trick_rules

__all__ = ["CARD_POINTS", "RamschDeal", "RamschMatch", "RamschRules", "card_points", "penalties"]

#: F6: the card points of each rank (A 11, 10 10, K 4, Q 3, J 2); 120 in the 32-card pack.
CARD_POINTS = {ACE: 11, TEN: 10, KING: 4, QUEEN: 3, JACK: 2}
#: The four jacks (F5), as a mask.
JACKS = sum(1 << (13 * s + JACK) for s in range(4))


def card_points(mask: int) -> int:
    """The card points of a set of cards (F6)."""
    return sum(CARD_POINTS.get(rank_of(c), 0) for c in cards_of(mask))


@dataclass(frozen=True)
class RamschRules(PlainRules):
    """The options of Ramsch (F1, F4, F5, F8)."""

    family: ClassVar[str] = "ramsch"
    PRESETS: ClassVar[Mapping[str, PlainPreset]] = {
        "ramsch": PlainPreset("ramsch", "004", (3, 4)),
        "ramsch-jacks": PlainPreset("ramsch-jacks", "004", (3, 4), {"jacks_trump": True}),
    }

    players: int = option(3, "F1", "int", low=3, high=4)
    deals: int | None = option(None, "F8", "int_or_null", low=1, high=1000)
    jacks_trump: bool = option(False, "F5", "bool")
    rank_order: str = option("ten_second", "F4", "choice", "ten_second", "natural")

    @property
    def pack_size(self) -> int:
        """The 32-card pack, 7 to the ace (F1)."""
        return 32

    @property
    def deal_limit(self) -> int:
        """Deals in a game: the option, else one per player (F8)."""
        return self.deals if self.deals is not None else self.players

    @cached_property
    def card_play(self) -> tuple[int, ...]:
        """Follow suit, else any card; the ten second (or the natural order); the jacks the
        only trumps under F5 (F4, F5)."""
        order = TEN_SECOND if self.rank_order == "ten_second" else NATURAL
        return trick_rules(follow=SUIT, order=order, jacks_trump=self.jacks_trump)


def penalties(points: list[int], taken: list[int], tricks: int) -> list[int] | None:
    """F7: the penalty points of a deal from each seat's card points and tricks taken, or
    None for a void deal (everyone with the same card points).

    >>> penalties([0, 120, 0], [0, 10, 0], 10)
    [5, 20, 5]
    >>> penalties([50, 61, 9], [4, 5, 1], 10), penalties([40, 40, 40], [3, 4, 3], 10)
    ([0, 10, 0], None)
    """
    if len(set(points)) == 1:
        return None
    most = max(points)
    losers = [s for s, p in enumerate(points) if p == most]
    out = [0] * len(points)
    for s in losers:
        if taken[s] == tricks:
            out[s] = 20
        elif any(taken[o] == 0 for o in range(len(points)) if o != s):
            out[s] = 15
        else:
            out[s] = 10
    winners = [s for s in range(len(points)) if s not in losers]
    for s in winners:
        if any(points[o] == points[s] for o in winners if o != s):
            out[s] = 5
    return out


class RamschDeal(PlainDeal):
    """A deal: the dealer's left leads, the skat goes to the last trick (F2, F3)."""

    family = "ramsch"
    DEAL_CLAUSE = "F2"
    PACK_CLAUSE = "F1"
    PLAY_CLAUSES: ClassVar[dict[str, str]] = {
        "free": "F4",
        "free_lead": "F3",
        "follow": "F4",
        "held": "F4",
        "turn": "F3",
    }

    def _setup(self, **extra: Any) -> None:
        super()._setup(**extra)
        self.card_points: list[int] = [0] * self.n

    def _begin(self) -> None:
        jacks = JACKS if self.rules.jacks_trump else 0
        self._start_play((self.dealer + 1) % self.n, trump_mask=jacks, off_suit=jacks)

    def _play_clause(self, rule: str) -> str:
        """F4, or F5 where the jacks are trumps and the card answers a led jack."""
        if rule == "follow" and self.rules.jacks_trump:
            return "F5"
        return super()._play_clause(rule)

    def _copy_into(self, other: Any) -> None:
        other.card_points = list(self.card_points)

    def _score(self) -> None:
        tp = self.play
        assert tp is not None
        points = [card_points(w) for w in tp.won]
        last = tp.winners[-1]
        if self.rest:
            skat = mask_of(self.rest)
            points[last] += card_points(skat)
            self.events.append(
                Event(Kind.SKAT, last, tuple(self.rest), number=card_points(skat), clause="F2")
            )
        self.card_points = points
        written = penalties(points, list(tp.taken), len(tp.tricks))
        if written is None:
            self.void = True
            self.events.append(Event(Kind.VOID, clause="F7"))
            return
        self.scores = written
        for seat, delta in enumerate(written):
            if delta:
                total = self.before[seat] + delta
                self.events.append(Event(Kind.SCORE, seat, delta=delta, record=total, clause="F7"))

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        """The card points each seat has taken so far (public: the tricks were played face
        up), and how many cards lie in the skat."""
        tp = self.play
        taken = [card_points(w) for w in tp.won] if tp is not None else [0] * self.n
        out: dict[str, Any] = {"card_points": taken, "skat": len(self.rest)}
        if self.is_over:
            out["card_points"] = list(self.card_points)
        return out

    def summary(self) -> dict[str, Any]:
        """F9: ``card_points``, ``tricks``, ``void`` (when true), ``penalties``, ``totals``."""
        tp = self.play
        out: dict[str, Any] = {
            "card_points": list(self.card_points),
            "tricks": list(tp.taken) if tp is not None else [0] * self.n,
        }
        if self.void:
            out["void"] = True
        out["penalties"] = list(self.scores)
        out["totals"] = [b + s for b, s in zip(self.before, self.scores, strict=True)]
        return out


class RamschMatch(PlainMatch):
    """A game of ``deals`` deals; the lowest total wins, ties share (F8)."""

    END_CLAUSE = "F8"
    deal_class = RamschDeal
    better = -1

    def deal_limit(self) -> int:
        return int(self.rules.deal_limit)
