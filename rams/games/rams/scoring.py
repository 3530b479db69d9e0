"""What a trick and the end of play write on the records of a Rams deal (RULES §5): a
trick's write-off (S2, S3, K4, K6, K7), the overshoot (S7), the remises (S4, J4, K3, K6),
and the end of the game the moment a record reaches 0 (S6).

Steps of the play (:class:`~.deal.Deal`) on the :class:`~.board.Board` they are given; the
writing itself (a record and its event) is the board's.
"""

from __future__ import annotations

from rams.cards import ACE, Card, card
from rams.games.rams.board import Board
from rams.games.rams.events import EventKind

__all__ = ["end_trick", "remises"]

_SPADE_ACE = card(ACE, 0)


def end_trick(board: Board, winner: int, trick: tuple[tuple[int, Card], ...]) -> None:
    """``trick`` is complete and ``winner`` took it (the card play counted it): he writes it
    off (S2, S3, K4, K7; S7 at or below 0); after the fifth, the remises (S4)."""
    lead_seat, lead_card = trick[0]
    number = len(board.completed)
    rules = board.rules
    play = board.play
    assert play is not None
    # P5: the duty to lead the queen after a winning king.
    play.queen_due = -1
    if (
        rules.marriage_lead
        and lead_seat == winner
        and (1 << lead_card) == board._trump_king
        and board.hands[winner] & board._trump_queen
    ):
        play.queen_due = winner
    spade_ace = None
    bonus = 0
    if rules.spade_ace_bonus:  # K7
        spade_ace = next((s for s, c in trick if c == _SPADE_ACE), None)
        bonus = rules.spade_ace_bonus if spade_ace is not None else 0
    if rules.overshoot == "restart" and board.records[winner] <= 0:
        # S7: a trick taken at ≤ 0 restarts the record and writes nothing off.
        board.credited[winner] = True
        board._write(
            winner,
            rules.start_score - board.records[winner],
            EventKind.OVERSHOOT,
            "S7",
            cards=tuple(c for _, c in trick),
            number=number,
        )
    else:
        amount = 1
        detail = []
        if not board.credited[winner]:
            board.credited[winner] = True
            aces = board._aces(board.start_hands[winner])
            if aces:
                amount += aces
                detail.append(f"aces={aces}")
            if board.jack_credit[winner]:
                amount += board.jack_credit[winner]
                detail.append(f"jacks={board.jack_credit[winner]}")
        if bonus and spade_ace == winner:
            amount += bonus
            detail.append(f"spade_ace={bonus}")
        board._write(
            winner,
            -amount,
            EventKind.TRICK,
            "S2",
            cards=tuple(c for _, c in trick),
            detail=",".join(detail),
            number=number,
        )
    if bonus and spade_ace is not None and spade_ace != winner:
        board._write(spade_ace, bonus, EventKind.SPADE_ACE, "K7")
    if board._reached_zero(winner):
        board._win(winner, "S6")
        return
    if number == 5:
        remises(board)
        board._finish()
        return
    board.leader = winner
    board.to_move = winner


def remises(board: Board) -> None:
    """S4, J4, K3, K6: each player who played and took no trick."""
    rules = board.rules
    for seat in board.active:
        if board.tricks_taken[seat]:
            continue
        amount = 0
        limit = rules.remise_only_at_or_below
        if limit is None or board.records[seat] <= limit:
            amount += rules.remise + board._aces(board.start_hands[seat])
        amount += board.jack_remise[seat]
        if amount:
            clause = "K6" if board.jack_remise[seat] else "K3" if limit is not None else "S4"
            board._write(seat, amount, EventKind.REMISE, clause)
