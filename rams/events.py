"""What happens in a deal, as a list of events: the deal's history, in every game.

Each game family names its kinds of event (an enum: Rams' in
:mod:`rams.games.rams.events`). Every change of a score is an event with its ``delta``, so
a seat's score is always its score at the start of the deal plus the sum of its events'
deltas. Events whose cards are private (an exchange, a discard) keep them in ``secret`` and
``drawn``, which only their seat sees; :meth:`Event.seen_by` gives the view of any other
seat.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from rams.cards import Card

__all__ = ["Event"]


class Event(NamedTuple):
    """One thing that happened in a deal.

    ``delta`` changes ``seat``'s record to ``record``; ``cards`` are the cards the event
    shows to everyone; ``secret`` (cards discarded) and ``drawn`` (cards drawn) are seen
    only by ``seat``; ``number`` is a number (trick number, cards exchanged, units).
    """

    kind: enum.Enum
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    delta: int = 0
    record: int | None = None
    clause: str = ""
    detail: str = ""
    number: int = 0
    secret: tuple[Card, ...] = ()
    drawn: tuple[Card, ...] = ()

    def seen_by(self, seat: int | None) -> Event:
        """This event as ``seat`` may see it (the hidden-information gate for history;
        ``None``, a spectator, sees no seat's secrets)."""
        if (seat is not None and seat == self.seat) or not (self.secret or self.drawn):
            return self
        return self._replace(secret=(), drawn=())
