"""What is at stake in a Rams game: what a deal takes over (the records, the stake, Даве
rights: :class:`Standing`), the claim under overshoot (S7), Даве (V4) and the settlement
(S8).

The claim and Даве are actions of the deal any time it allows them; they are steps on the
:class:`~.board.Board` they are given (:class:`~.deal.Deal` offers and applies them).
"""

from __future__ import annotations

from collections.abc import Sequence

from rams.errors import IllegalActionError
from rams.games.rams.actions import ACCEPT, CONCEDE, Action, Told
from rams.games.rams.board import Board, Standing
from rams.games.rams.events import Event, EventKind
from rams.games.rams.rules import Rules
from rams.games.rams.view import Phase
from rams.words import Seat

__all__ = [
    "Standing",
    "answer_dave",
    "can_claim",
    "claim",
    "may_offer_dave",
    "offer_dave",
    "settlement",
]


def can_claim(board: Board, seat: int) -> bool:
    """Whether ``seat`` may claim the game now (S7; not between a Даве and its answer, V4)."""
    return (
        board.rules.overshoot == "restart"
        and board.winner is None
        and board.records[seat] <= 0
        and board.dave_pending is None
    )


def may_offer_dave(board: Board, seat: int) -> bool:
    """Whether ``seat`` may offer Даве now (V4: while either may, or the one who may)."""
    return (
        board.rules.dave
        and board.dave_pending is None
        and board.phase in (Phase.TALON, Phase.DEALER_TRUMP, Phase.PLAY)
        and (board.dave_offerer is None or board.dave_offerer == seat)
    )


def claim(board: Board, seat: int) -> None:
    """``seat`` claims the game (S7), and wins it."""
    if board.winner is not None:
        raise board._over_error()
    if board.rules.overshoot != "restart":
        raise IllegalActionError("S7", "rams.illegal.claim_needs_overshoot")
    if board.records[seat] > 0:
        raise IllegalActionError(
            "S7", "rams.illegal.claim_above_zero", who=Seat(seat), record=board.records[seat]
        )
    if board.dave_pending is not None:
        raise IllegalActionError(
            "V4", "rams.illegal.dave_pending_claim", offerer=Seat(board.dave_pending)
        )
    board.events.append(Event(EventKind.CLAIM, seat, clause="S7"))
    board._win(seat, "S7")


def offer_dave(board: Board, seat: int) -> None:
    """``seat`` offers Даве (V4), to be accepted or conceded."""
    if not board.rules.dave:
        raise IllegalActionError("V4", "rams.illegal.dave_off")
    if not may_offer_dave(board, seat):
        who = board.dave_offerer
        if who is not None:
            raise IllegalActionError(
                "V4", "rams.illegal.dave_only", who=Seat(seat), offerer=Seat(who)
            )
        raise IllegalActionError("V4", "rams.illegal.dave_not_now", who=Seat(seat))
    board.dave_pending = seat
    board.to_move = 1 - seat if board.n == 2 else None
    board.events.append(Event(EventKind.DAVE, seat, clause="V4", number=board.stake))


def answer_dave(board: Board, seat: int, action: Action) -> None:
    """``seat`` answers Даве (V4): accept, and the stake doubles; concede, and the one who
    offered wins."""
    offerer = board.dave_pending
    assert offerer is not None
    if action == ACCEPT:
        board.stake *= 2
        board.dave_offerer = seat
        board.dave_pending = None
        board.to_move = offerer
        board.events.append(Event(EventKind.ACCEPT, seat, clause="V4", number=board.stake))
    elif action == CONCEDE:
        board.dave_pending = None
        board.events.append(Event(EventKind.CONCEDE, seat, clause="V4", number=board.stake))
        board._win(offerer, "V4")
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
