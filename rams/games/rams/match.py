"""A game (партия): a series of deals, the score sheet, the dealer's rotation, settlement.

>>> import random
>>> from rams.games.rams.rules import Rules
>>> game = RamsMatch(Rules.preset("classic", 3), ["Аня", "Борис", "Вера"], rng=random.Random(7))
>>> deal = game.start_deal()
>>> rng = random.Random(1)
>>> while not game.is_over and not game.deal.is_over:
...     game.apply(rng.choice(game.legal_actions()))
>>> len(game.sheet), game.winner
(2, None)
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Sequence
from typing import Any

from rams.cards import Card, pack
from rams.errors import IllegalActionError, RulesError
from rams.games.protocol import Sheet
from rams.games.rams.actions import Action
from rams.games.rams.deal import Deal, Standing
from rams.games.rams.events import EventKind
from rams.games.rams.rules import Rules
from rams.games.rams.stakes import settlement
from rams.games.rams.view import Observation
from rams.words import Seat

__all__ = ["RamsMatch", "settlement"]


class RamsMatch:
    """A game (партия) of Rams: deals in turn until someone wins (S6, S7, R1, V1, V4).

    The Rams family's match, as the other families have theirs (``WhistMatch``, …); it was
    called ``Game``, a name still importable from here with a deprecation warning.

    Randomness is injected: ``rng`` shuffles the decks and, when ``first_dealer`` is not
    given, draws the first dealer by lot (D1, D4). ``players`` are the names, in seat order.
    """

    def __init__(
        self,
        rules: Rules,
        players: Sequence[str] | None = None,
        *,
        rng: random.Random | None = None,
        first_dealer: int | None = None,
    ) -> None:
        n = rules.players
        names = list(players) if players is not None else [f"p{i + 1}" for i in range(n)]
        if len(names) != n:
            raise RulesError("rams.rules.names_count", ("players",), count=len(names), n=n)
        self.rules = rules
        self.players = names
        self.rng = rng if rng is not None else random.SystemRandom()
        if first_dealer is None:
            first_dealer = self.rng.randrange(n)
        if not 0 <= first_dealer < n:
            raise RulesError("rams.rules.no_first_dealer", ("players",), seat=first_dealer)
        self.first_dealer = first_dealer
        self.deals: list[Deal] = []
        self._standing = Standing((rules.start_score,) * n)

    # State ----------------------------------------------------------------------------

    @property
    def deal(self) -> Deal | None:
        """The current (or last) deal; None before the first."""
        return self.deals[-1] if self.deals else None

    @property
    def winner(self) -> int | None:
        """The seat that has won the game, or None while it goes on."""
        d = self.deal
        return d.winner if d is not None else None

    @property
    def sheet(self) -> Sheet:
        """The score sheet («запись»): the start records, then the records after each
        finished deal (the deal that ends the game shows them at that moment); a column per
        player."""
        rows = [(self.rules.start_score,) * self.rules.players]
        rows += [tuple(d.records) for d in self.deals if d.is_over]
        return Sheet(rows, self.players)

    @property
    def pam_ledger(self) -> list[int]:
        """M2: each player's net units of the Pam ledger over the game."""
        n = self.rules.players
        total = [0] * n
        for d in self.deals:
            for e in d.events:
                if e.kind is EventKind.PAM and e.seat is not None:
                    for s in range(n):
                        total[s] += e.number if s == e.seat else -1
        return total

    @property
    def is_over(self) -> bool:
        """True once someone has won."""
        return self.winner is not None

    @property
    def needs_deal(self) -> bool:
        """True when the next deal should start (before the first, or after a finished one)."""
        d = self.deal
        return not self.is_over and (d is None or d.is_over)

    @property
    def records(self) -> tuple[int, ...]:
        """Every player's current record (S1)."""
        d = self.deal
        return tuple(d.records) if d is not None else self._standing.records

    @property
    def stake(self) -> int:
        """The stake of the game, doubled by every accepted Даве (V4)."""
        d = self.deal
        return d.stake if d is not None else self._standing.stake

    @property
    def next_dealer(self) -> int:
        """The seat that deals next: clockwise from the first dealer, every deal (D4)."""
        return (self.first_dealer + len(self.deals)) % self.rules.players

    @property
    def to_move(self) -> int | None:
        """The seat to act in the current deal, or None."""
        d = self.deal
        return d.to_move if d is not None and not self.is_over else None

    def payouts(self) -> list[int]:
        """Each player's net settlement (S8); all zero while there is no winner."""
        return settlement(self.rules, self.records, self.winner, self.stake)

    # The match protocol (rams.games.protocol.Match) ------------------------------------

    def winners(self) -> list[int]:
        """The seats that have won: the one winner, or none while the game goes on."""
        return [] if self.winner is None else [self.winner]

    def scores(self) -> list[int]:
        """Every player's record now (S1: lower is better)."""
        return list(self.records)

    def returns(self) -> list[float]:
        """Each seat's result: its settlement (S8), zero for all while nobody has won."""
        return [float(p) for p in self.payouts()]

    def summary(self) -> dict[str, Any]:
        """The ``rams replay --json`` object: ``deals`` (every player's record after each
        deal), ``winner`` (0-based or None), ``records`` (the final records), ``payouts``
        (the S8 settlement), ``pam_ledger`` (M2) when Pam is played."""
        out: dict[str, Any] = {
            "deals": [{"records": list(d.records)} for d in self.deals],
            "winner": self.winner,
            "records": list(self.records),
            "payouts": self.payouts(),
        }
        if self.rules.pamfil:
            out["pam_ledger"] = self.pam_ledger
        return out

    def record(self) -> dict[str, Any]:
        """The game's record (§12) as a JSON object."""
        from rams.record import record_of

        return record_of(self).to_json()

    def copy(self) -> RamsMatch:
        """An independent copy: its deals copied, its own random generator in the same state."""
        new = RamsMatch.__new__(RamsMatch)
        new.rules = self.rules
        new.players = list(self.players)
        new.first_dealer = self.first_dealer
        if isinstance(self.rng, random.SystemRandom):
            new.rng = self.rng  # the system's randomness has no state to copy
        else:
            new.rng = random.Random()
            new.rng.setstate(self.rng.getstate())
        new.deals = [d.copy() for d in self.deals]
        new._standing = self._standing
        return new

    # Driving --------------------------------------------------------------------------

    def start_deal(self, deck: Sequence[Card] | None = None, dealer: int | None = None) -> Deal:
        """Deal the next deal: ``deck`` top first, or shuffled with the game's RNG (D1).

        ``dealer``, when given, must be the seat whose turn it is to deal (D4).
        """
        if self.is_over:
            assert self.winner is not None
            raise IllegalActionError("X9", "rams.illegal.match_over", who=Seat(self.winner))
        d = self.deal
        if d is not None and not d.is_over:
            raise IllegalActionError("X9", "rams.illegal.deal_unfinished", owed=d.owed_phrase())
        expected = self.next_dealer
        if dealer is not None and dealer != expected:
            raise IllegalActionError(
                "D4", "rams.illegal.wrong_dealer", expected=Seat(expected), given=Seat(dealer)
            )
        if deck is None:
            cards = list(pack(self.rules.pack_size))
            self.rng.shuffle(cards)
            deck = cards
        if d is not None:
            self._standing = d.standing()
        new = Deal(self.rules, expected, deck, self._standing)
        self.deals.append(new)
        return new

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The actions ``seat`` (by default the seat to act) may take in the current deal."""
        d = self.deal
        return d.legal_actions(seat) if d is not None else []

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Apply an action to the current deal (see :meth:`rams.games.rams.deal.Deal.apply`)."""
        d = self.deal
        if d is None:
            raise IllegalActionError("D1", "rams.illegal.no_deal_yet")
        d.apply(action, seat)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see of the current deal."""
        d = self.deal
        if d is None:
            raise IllegalActionError("D1", "rams.illegal.no_deal_yet")
        return d.observation(seat)


def __getattr__(name: str) -> object:
    """``Game``, the old name of :class:`RamsMatch`, with a :class:`DeprecationWarning`."""
    if name == "Game":
        warnings.warn(
            "rams.games.rams.match.Game is now RamsMatch", DeprecationWarning, stacklevel=2
        )
        return RamsMatch
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
