"""A match of a plain trick game: its deals in turn, the dealer rotating clockwise (D4), the
score sheet, the end and the winners. A family's match sets :attr:`PlainMatch.deal_class`
and says when the match is over and how a finished deal is settled.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from rams.cards import Card, pack
from rams.errors import IllegalActionError, RulesError
from rams.games.plain.deal import PlainDeal
from rams.games.protocol import Sheet
from rams.words import Seat

__all__ = ["PlainMatch"]


class PlainMatch:
    """A match (партия): ``deals`` in order; ``totals`` after each settled deal.

    ``first_dealer`` deals first (drawn with ``rng`` when None); ``rng`` also shuffles each
    new deal's pack when no deck is given.
    """

    deal_class: ClassVar[type[PlainDeal]]
    #: +1: a higher total is better (most games); -1: lower (Ramsch's penalties).
    better: ClassVar[int] = 1
    #: The clause that says how long a match is and that nothing follows its end.
    END_CLAUSE: ClassVar[str] = ""

    def __init__(
        self,
        rules: Any,
        names: Sequence[str] | None = None,
        rng: random.Random | None = None,
        first_dealer: int | None = None,
    ) -> None:
        n = rules.players
        if names is not None and len(names) != n:
            raise RulesError("plain.rules.names_count", ("players",), count=len(names), n=n)
        self.rules = rules
        self.players = list(names) if names is not None else [f"P{s + 1}" for s in range(n)]
        self.rng = rng if rng is not None else random.SystemRandom()
        if first_dealer is None:
            first_dealer = self.rng.randrange(n)
        if not 0 <= first_dealer < n:
            raise RulesError("plain.rules.no_dealer_seat", ("dealer",), seat=first_dealer + 1, n=n)
        self.first_dealer = first_dealer
        self._deals: list[PlainDeal] = []
        self._settled = 0
        self.totals = [0] * self._width()
        self._rows: list[tuple[int, ...]] = [tuple(self.totals)]
        self._over = False

    # What a family says -----------------------------------------------------------------

    def _width(self) -> int:
        """How many scores the sheet keeps (one per seat; one per side in Whist)."""
        return int(self.rules.players)

    def labels(self) -> list[str]:
        """The score sheet's column labels."""
        return list(self.players)

    def _settle(self, deal: PlainDeal) -> None:
        """Take a finished deal into the totals, and decide whether the match is over."""
        self.totals = [t + s for t, s in zip(self.totals, deal.scores, strict=True)]
        self._over = len(self._deals) >= self.deal_limit()

    def deal_limit(self) -> int:
        """How many deals a match has (the family's option)."""
        raise NotImplementedError

    def _winners(self) -> list[int]:
        """The seats that won a finished match: the best total, ties share."""
        best = max(t * self.better for t in self.totals)
        return [s for s, t in enumerate(self.totals) if t * self.better == best]

    def _before(self) -> list[int]:
        """The scores a new deal is played against."""
        return list(self.totals)

    def _deal_extra(self) -> dict[str, Any]:
        """The extra fields of a new deal, drawn with the match's RNG."""
        return self.draw_extra(self.rng)

    @staticmethod
    def draw_extra(rng: random.Random) -> dict[str, Any]:
        """The extra fields of a deal drawn at random (Boston's turned card, B1)."""
        return {}

    def summary_tail(self) -> dict[str, Any]:
        """The overall part of ``rams replay --json``, after the deals."""
        return {"totals": list(self.totals), "winners": self.winners() or None}

    # The protocol -----------------------------------------------------------------------

    def _catch_up(self) -> None:
        while self._settled < len(self._deals) and self._deals[self._settled].is_over:
            self._settle(self._deals[self._settled])
            self._settled += 1
            self._rows.append(tuple(self.totals))

    @property
    def deals(self) -> list[PlainDeal]:
        return self._deals

    @property
    def deal(self) -> PlainDeal | None:
        """The current deal (the last one dealt), or None before the first."""
        return self._deals[-1] if self._deals else None

    @property
    def is_over(self) -> bool:
        self._catch_up()
        return self._over

    @property
    def needs_deal(self) -> bool:
        """True when the next deal is to be dealt."""
        return not self.is_over and (not self._deals or self._deals[-1].is_over)

    @property
    def to_move(self) -> int | None:
        d = self.deal
        return None if d is None or d.is_over else d.to_move

    @property
    def sheet(self) -> Sheet:
        """The score sheet: the start, then the totals after each deal."""
        self._catch_up()
        return Sheet(self._rows, self.labels())

    def next_dealer(self) -> int:
        """The seat that deals next: the first dealer, then the left of the last (D4)."""
        if not self._deals:
            return self.first_dealer
        return int((self._deals[-1].dealer + 1) % self.rules.players)

    def start_deal(
        self, deck: Sequence[Card] | None = None, dealer: int | None = None, **extra: Any
    ) -> PlainDeal:
        """Deal the next deal (the deck shuffled with the match's RNG when None) and make
        it current; ``dealer`` must be the next in rotation (D4)."""
        if self.is_over:
            raise IllegalActionError(self.END_CLAUSE, "plain.illegal.match_over")
        if self._deals and not self._deals[-1].is_over:
            raise IllegalActionError(self.deal_class.DEAL_CLAUSE, "plain.illegal.deal_not_over")
        expected = self.next_dealer()
        if dealer is not None and dealer != expected:
            raise IllegalActionError(
                "D4", "plain.illegal.dealer", dealer=Seat(dealer), expected=Seat(expected)
            )
        if deck is None:
            cards = list(pack(self.rules.pack_size))
            self.rng.shuffle(cards)
            deck = cards
            extra = {**self._deal_extra(), **extra}
        deal = self.deal_class(self.rules, expected, deck, self._before(), **extra)
        self._deals.append(deal)
        return deal

    def winners(self) -> list[int]:
        """The seats that won, once the match is over (else empty)."""
        return self._winners() if self.is_over else []

    def scores(self) -> list[int]:
        """Each seat's total (Whist: its side's)."""
        self._catch_up()
        return self.seat_scores()

    def seat_scores(self) -> list[int]:
        return list(self.totals)

    def returns(self) -> list[float]:
        """Each seat's result for tournaments and adapters: its total's distance from the
        table's mean, positive for the better side of it."""
        s = self.scores()
        mean = sum(s) / len(s)
        return [float(self.better * (v - mean)) for v in s]

    def summary(self) -> dict[str, Any]:
        """The ``rams replay --json`` object (F9, W10, B13, T6)."""
        self._catch_up()
        return {"deals": [d.summary() for d in self._deals], **self.summary_tail()}

    def record(self) -> dict[str, Any]:
        """The §12 record of the match as a dict."""
        from rams.record import record_of

        found: dict[str, Any] = record_of(self).to_json()
        return found

    def copy(self) -> Any:
        """An independent copy of the match (its deals copied)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._deals = [d.copy() for d in self._deals]
        other.totals = list(self.totals)
        other._rows = list(self._rows)
        self._copy_into(other)
        return other

    def _copy_into(self, other: Any) -> None:
        """Copy the family's own mutable match state."""
