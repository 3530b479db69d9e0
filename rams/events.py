"""What happens in a deal, as a list of events: the deal's history (§3–§8).

Every change of a record is an event with its ``delta``, so a seat's record is always its
record at the start of the deal plus the sum of its events' deltas. Events whose cards
are private (an exchange, the dealer's discard) keep them in ``secret`` and ``drawn``, which
only their seat sees; :meth:`Event.seen_by` gives the view of any other seat.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from rams.cards import Card

__all__ = ["Event", "EventKind"]


class EventKind(enum.Enum):
    """The kinds of event, with the clause that produces each."""

    DEAL = "deal"  #: cards dealt, the trump turned (D2, D3, K1)
    PAM_SWAP = "pam_swap"  #: the dealer takes a turned Pam (M3)
    CALL = "call"  #: play or pass (E1)
    VOID = "void"  #: nobody before the dealer plays (E3, X3)
    TALON = "talon"  #: take, sell or go (V2)
    EXCHANGE = "exchange"  #: discards and draws (E4)
    FROZEN = "frozen"  #: a seat may not exchange (K5)
    DEALER_SWAP = "dealer_swap"  #: the dealer takes the turned trump (E5)
    KEEP = "keep"  #: the dealer leaves it (E5)
    RAMS = "rams"  #: a rams shown; ``detail`` = four_aces, trump_rams, five_suit; beaten or not
    RAMS_PAY = "rams_pay"  #: a player who plays pays for another's rams (R2, R3)
    JACKS = "jacks"  #: a jack declaration (J1–J5, V1)
    PLAY = "play"  #: a card played
    FORCED = "forced"  #: the card just led was forced: the trump ace (P4), the queen (P5)
    TRICK = "trick"  #: a trick taken and what it writes off (S2, S3, K4, K6, K7)
    OVERSHOOT = "overshoot"  #: a trick taken at ≤ 0 restarts the record (S7)
    SPADE_ACE = "spade_ace"  #: K7: the ace of spades lost to another card
    REMISE = "remise"  #: no trick taken (S4, J4, K3, K6)
    REVERT = "revert"  #: the game ended during play: back to the pre-play record (S6)
    DAVE = "dave"  #: Даве offered (V4)
    ACCEPT = "accept"  #: Даве accepted: the stake doubles (V4)
    CONCEDE = "concede"  #: Даве refused: the offerer wins (V4)
    CLAIM = "claim"  #: a win claimed at ≤ 0 (S7)
    WIN = "win"  #: the game is won (S6, R1, V1, M4, S7, V4)
    PAM = "pam"  #: the holder of Pam receives a unit from everyone (M2)
    DONE = "done"  #: the deal is over


class Event(NamedTuple):
    """One thing that happened in a deal.

    ``delta`` changes ``seat``'s record to ``record``; ``cards`` are the cards the event
    shows to everyone; ``secret`` (cards discarded) and ``drawn`` (cards drawn) are seen
    only by ``seat``; ``number`` is a number (trick number, cards exchanged, units).
    """

    kind: EventKind
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    delta: int = 0
    record: int | None = None
    clause: str = ""
    detail: str = ""
    number: int = 0
    secret: tuple[Card, ...] = ()
    drawn: tuple[Card, ...] = ()

    def seen_by(self, seat: int) -> Event:
        """This event as ``seat`` may see it (the hidden-information gate for history)."""
        if seat == self.seat or not (self.secret or self.drawn):
            return self
        return self._replace(secret=(), drawn=())
