"""The kinds of event of a Rams deal (§3–§8), with the clause that produces each.

Events themselves are :class:`rams.events.Event`; a seat's record is its record at the
start of the deal plus the sum of its events' deltas.
"""

from __future__ import annotations

import enum

from rams.events import Event

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
