"""What the records of a Rams deal are written with (RULES §5): a trick's write-off (S2, S3,
K4, K6, K7), the overshoot (S7), the remises (S4, J4, K3, K6), and the end of the game the
moment a record reaches 0 (S6).

These are the Rams deal's own steps (:class:`~rams.games.rams.deal.Deal` binds them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rams.cards import ACE, Card, card
from rams.games.rams.events import Event, EventKind
from rams.games.rams.view import Phase

if TYPE_CHECKING:
    from rams.games.rams.deal import Deal

__all__: list[str] = []

_SPADE_ACE = card(ACE, 0)
_new_event = tuple.__new__  # an Event without NamedTuple's keyword handling (hot loops)


def _aces(deal: Deal, mask: int) -> int:
    v = deal._ace_value
    total = 0
    for s in range(4):
        if mask >> (13 * s + ACE) & 1:
            total += v[s]
    return total


def _end_trick(deal: Deal) -> None:
    winner = deal._win_seat
    trick = tuple(deal.trick)
    lead_seat, lead_card = trick[0]
    deal.completed.append(trick)
    deal.trick = []
    deal.tricks_taken[winner] += 1
    number = len(deal.completed)
    rules = deal.rules
    # P5: the duty to lead the queen after a winning king.
    deal.q_due = None
    if (
        rules.marriage_lead
        and lead_seat == winner
        and (1 << lead_card) == deal._trump_king
        and deal.hands[winner] & deal._trump_queen
    ):
        deal.q_due = winner
    spade_ace = None
    bonus = 0
    if rules.spade_ace_bonus:  # K7
        spade_ace = next((s for s, c in trick if c == _SPADE_ACE), None)
        bonus = rules.spade_ace_bonus if spade_ace is not None else 0
    if rules.overshoot == "restart" and deal.records[winner] <= 0:
        # S7: a trick taken at ≤ 0 restarts the record and writes nothing off.
        deal.credited[winner] = True
        deal._write(
            winner,
            rules.start_score - deal.records[winner],
            EventKind.OVERSHOOT,
            "S7",
            cards=tuple(c for _, c in trick),
            number=number,
        )
    else:
        amount = 1
        detail = []
        if not deal.credited[winner]:
            deal.credited[winner] = True
            aces = deal._aces(deal.start_hands[winner])
            if aces:
                amount += aces
                detail.append(f"aces={aces}")
            if deal.jack_credit[winner]:
                amount += deal.jack_credit[winner]
                detail.append(f"jacks={deal.jack_credit[winner]}")
        if bonus and spade_ace == winner:
            amount += bonus
            detail.append(f"spade_ace={bonus}")
        deal._write(
            winner,
            -amount,
            EventKind.TRICK,
            "S2",
            cards=tuple(c for _, c in trick),
            detail=",".join(detail),
            number=number,
        )
    if bonus and spade_ace is not None and spade_ace != winner:
        deal._write(spade_ace, bonus, EventKind.SPADE_ACE, "K7")
    if deal._reached_zero(winner):
        deal._win(winner, "S6")
        return
    if number == 5:
        deal._remises()
        deal._finish()
        return
    deal.leader = winner
    deal.to_move = winner


def _remises(deal: Deal) -> None:
    """S4, J4, K3, K6: each player who played and took no trick."""
    rules = deal.rules
    for seat in deal.active:
        if deal.tricks_taken[seat]:
            continue
        amount = 0
        limit = rules.remise_only_at_or_below
        if limit is None or deal.records[seat] <= limit:
            amount += rules.remise + deal._aces(deal.start_hands[seat])
        amount += deal.jack_remise[seat]
        if amount:
            clause = "K6" if deal.jack_remise[seat] else "K3" if limit is not None else "S4"
            deal._write(seat, amount, EventKind.REMISE, clause)


def _write(
    deal: Deal,
    seat: int,
    delta: int,
    kind: EventKind,
    clause: str,
    cards: tuple[Card, ...] = (),
    detail: str = "",
    number: int = 0,
) -> None:
    deal.records[seat] += delta
    deal.events.append(
        _new_event(
            Event,
            (kind, seat, cards, delta, deal.records[seat], clause, detail, number, (), ()),
        )
    )


def _set_record(deal: Deal, seat: int, value: int, kind: EventKind, clause: str) -> None:
    deal._write(seat, value - deal.records[seat], kind, clause)


def _reached_zero(deal: Deal, seat: int) -> bool:
    return deal.rules.overshoot == "off" and deal.records[seat] <= 0


def _win(deal: Deal, seat: int, clause: str) -> None:
    """``seat`` wins the game; during play the others go back to their pre-play records."""
    deal.winner = seat
    deal.win_clause = clause
    if deal.phase is Phase.PLAY and deal.pre_play_records is not None:
        for other in range(deal.n):
            if other != seat and deal.records[other] != deal.pre_play_records[other]:
                deal._set_record(other, deal.pre_play_records[other], EventKind.REVERT, "S6")
    deal.events.append(Event(EventKind.WIN, seat, clause=clause, record=deal.records[seat]))
    if deal.phase is not Phase.DONE:
        deal._finish()
