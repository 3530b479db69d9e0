"""What every game's seat view shows, typed once, and its wire for the web.

Every family's observation (Rams' :class:`~rams.games.rams.view.Observation`, the plain
games' :class:`~rams.games.plain.deal.PlainView`) is a :class:`SeatView`: the seat, the
dealer, the phase, who is to move, the seat's hand, the trump, the trick on the table, the
tricks taken and who took them, the events and the legal actions, and the rule that limits
the seat's card. :func:`seat_view_json` writes that common part of a seat's state message
once for every game; what a game shows beyond it (records, calls, sides, the contract) is
the family's display (:mod:`rams.games.display`). Like the observation it reads, it holds
only what the seat may see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from rams.cards import Card, card_str
from rams.events import Event

__all__ = ["SeatView", "last_trick_json", "seat_view_json"]


class _Phase(Protocol):
    @property
    def value(self) -> str: ...


@runtime_checkable
class SeatView(Protocol):
    """A seat's view of a deal of any game (``seat`` None: a spectator, who has no hand
    and no choices). ``trick`` and ``tricks`` are (seat, card) pairs in playing order,
    ``winners`` the seat that took each completed trick."""

    @property
    def seat(self) -> int | None: ...

    @property
    def dealer(self) -> int: ...

    @property
    def phase(self) -> _Phase: ...

    @property
    def to_move(self) -> int | None: ...

    @property
    def hand(self) -> tuple[Card, ...]: ...

    @property
    def trump(self) -> int | None: ...

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]: ...

    @property
    def tricks(self) -> tuple[tuple[tuple[int, Card], ...], ...]: ...

    @property
    def winners(self) -> tuple[int, ...]: ...

    @property
    def tricks_taken(self) -> tuple[int, ...]: ...

    @property
    def events(self) -> tuple[Event, ...]: ...

    @property
    def legal_actions(self) -> Sequence[Any]: ...

    @property
    def play_rule(self) -> str | None: ...


def _pairs(cards: Sequence[tuple[int, Card]]) -> list[list[Any]]:
    return [[s, card_str(c)] for s, c in cards]


def last_trick_json(view: SeatView) -> dict[str, Any] | None:
    """The last completed trick: its number, its cards by seat and who took it (None
    before the first)."""
    if not view.tricks:
        return None
    return {
        "number": len(view.tricks),
        "cards": _pairs(view.tricks[-1]),
        "winner": view.winners[-1] if view.winners else None,
    }


def seat_view_json(view: SeatView) -> dict[str, Any]:
    """The part of a seat's state message that every game has, cards as record codes
    (``AS``, ``TD``)."""
    return {
        "phase": view.phase.value,
        "dealer": view.dealer,
        "to_move": view.to_move,
        "hand": [card_str(c) for c in view.hand],
        "trump": None if view.trump is None else "SCDH"[view.trump],
        "trick": _pairs(view.trick),
        "last_trick": last_trick_json(view),
        "tricks_taken": list(view.tricks_taken),
        "play_rule": view.play_rule,
    }
