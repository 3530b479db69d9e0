"""What is at stake in a Rams game: what a deal takes over (the records, the stake, Даве
rights), the claim under overshoot (S7), Даве (V4) and the settlement (S8).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rams.errors import IllegalActionError
from rams.games.rams.actions import ACCEPT, CONCEDE, Action, Told
from rams.games.rams.events import Event, EventKind
from rams.games.rams.rules import Rules
from rams.games.rams.view import Phase
from rams.words import Seat

if TYPE_CHECKING:
    from rams.games.rams.deal import Deal

__all__ = ["Standing", "settlement"]


@dataclass(frozen=True, slots=True)
class Standing:
    """What a deal takes over from the game: the records, the stake and Даве rights (V4).

    ``dave_offerer`` is the only seat that may offer Даве, or None while either may.
    """

    records: tuple[int, ...]
    stake: int = 1
    dave_offerer: int | None = None


def can_claim(deal: Deal, seat: int) -> bool:
    """Whether ``seat`` may claim the game now (S7; not between a Даве and its answer, V4)."""
    return (
        deal.rules.overshoot == "restart"
        and deal.winner is None
        and deal.records[seat] <= 0
        and deal.dave_pending is None
    )


def _may_offer_dave(deal: Deal, seat: int) -> bool:
    return (
        deal.rules.dave
        and deal.dave_pending is None
        and deal.phase in (Phase.TALON, Phase.DEALER_TRUMP, Phase.PLAY)
        and (deal.dave_offerer is None or deal.dave_offerer == seat)
    )


def _claim(deal: Deal, seat: int) -> None:
    if deal.winner is not None:
        raise deal._over_error()
    if deal.rules.overshoot != "restart":
        raise IllegalActionError("S7", "rams.illegal.claim_needs_overshoot")
    if deal.records[seat] > 0:
        raise IllegalActionError(
            "S7", "rams.illegal.claim_above_zero", who=Seat(seat), record=deal.records[seat]
        )
    if deal.dave_pending is not None:
        raise IllegalActionError(
            "V4", "rams.illegal.dave_pending_claim", offerer=Seat(deal.dave_pending)
        )
    deal.events.append(Event(EventKind.CLAIM, seat, clause="S7"))
    deal._win(seat, "S7")


def _offer_dave(deal: Deal, seat: int) -> None:
    if not deal.rules.dave:
        raise IllegalActionError("V4", "rams.illegal.dave_off")
    if not deal._may_offer_dave(seat):
        who = deal.dave_offerer
        if who is not None:
            raise IllegalActionError(
                "V4", "rams.illegal.dave_only", who=Seat(seat), offerer=Seat(who)
            )
        raise IllegalActionError("V4", "rams.illegal.dave_not_now", who=Seat(seat))
    deal.dave_pending = seat
    deal.to_move = 1 - seat if deal.n == 2 else None
    deal.events.append(Event(EventKind.DAVE, seat, clause="V4", number=deal.stake))


def _answer_dave(deal: Deal, seat: int, action: Action) -> None:
    offerer = deal.dave_pending
    assert offerer is not None
    if action == ACCEPT:
        deal.stake *= 2
        deal.dave_offerer = seat
        deal.dave_pending = None
        deal.to_move = offerer
        deal.events.append(Event(EventKind.ACCEPT, seat, clause="V4", number=deal.stake))
    elif action == CONCEDE:
        deal.dave_pending = None
        deal.events.append(Event(EventKind.CONCEDE, seat, clause="V4", number=deal.stake))
        deal._win(offerer, "V4")
    else:
        raise IllegalActionError(
            "V4",
            "rams.illegal.dave_answer",
            offerer=Seat(offerer),
            who=Seat(seat),
            act=Told(action),
        )


def settlement(rules: Rules, records: Sequence[int], winner: int | None, stake: int) -> list[int]:
    """Each player's net result (S8): the winner receives, the losers pay; zeros without a winner.

    >>> settlement(Rules.preset("rams-001", 3), [3, -3, 8], 1, 1)
    [-3, 11, -8]
    """
    out = [0] * len(records)
    if winner is None:
        return out
    for seat, record in enumerate(records):
        if seat == winner:
            continue
        pay = max(record, 0) if rules.payout == "remaining" else stake
        out[seat] -= pay
        out[winner] += pay
    return out
