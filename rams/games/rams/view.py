"""What one seat may see of a deal: the single gate for hidden information.

Bots, the terminal, the web table and the framework adapters all read a deal through
:meth:`rams.games.rams.deal.Deal.observation`, which builds one of these frozen views. It holds the
seat's own hand, everything shown face up, and the public history; never a card of
another hand, of the stock or of the discards.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rams.cards import Card
from rams.games.rams.actions import Action
from rams.games.rams.events import Event
from rams.games.rams.rules import Rules

__all__ = ["Observation", "Phase"]


class Phase(enum.Enum):
    """The phases of a deal, in the order they can occur."""

    PAM_SWAP = "pam_swap"  #: the dealer takes a turned Pam (M3)
    DECLARE = "declare"  #: play or pass (E1–E3)
    TALON = "talon"  #: the duel's talon: take, sell, go (V2)
    EXCHANGE = "exchange"  #: discard and draw (E4, K5)
    DEALER_TRUMP = "dealer_trump"  #: the dealer's swap or keep (E5, X1, V3)
    PLAY = "play"  #: five tricks (P1–P6)
    DONE = "done"  #: the deal is over


@dataclass(frozen=True, slots=True)
class Observation:
    """A seat's view of a deal.

    ``known`` gives, for every seat, the cards publicly known to be in its hand (the
    turned trump the dealer took, Pam after M3, Петух's shown trump card, jacks shown from
    the hand in play). ``trick`` and ``tricks`` are (seat, card) pairs in playing order.
    ``seat`` is None for a spectator: no hand, no choices.
    """

    seat: int | None
    rules: Rules
    dealer: int
    phase: Phase
    to_move: int | None
    hand: tuple[Card, ...]
    trump: int | None
    turned: Card | None
    stock_count: int
    calls: tuple[str | None, ...]
    active: tuple[int, ...]
    exchanged: tuple[int | None, ...]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    tricks_taken: tuple[int, ...]
    records: tuple[int, ...]
    pre_play_records: tuple[int, ...] | None
    stake: int
    dave_offerer: int | None
    dave_pending: int | None
    known: tuple[tuple[Card, ...], ...]
    events: tuple[Event, ...]
    legal_actions: tuple[Action, ...]
    winner: int | None
    #: When the seat is to play a card: the rule that limits its choice (see Deal.play_rule).
    play_rule: str | None = None
    #: The seat's own dealt hand (J2, E2; the duel's hand given up for the talon).
    dealt: tuple[Card, ...] = ()
    #: The seat that took each completed trick, in order.
    winners: tuple[int, ...] = ()

    @property
    def is_my_turn(self) -> bool:
        """True when this seat is to act."""
        return self.to_move == self.seat
