"""Quick reactions at a table: a few phrases and emoji of the catalogue (no free text), which
a seated person sends over the websocket and everyone at the table — the spectators too —
sees for a moment by that person's seat.

A seat may send :data:`BURST` reactions in any :data:`WINDOW` seconds (more are refused in
words); a table whose creator turned them off (``TableOptions.reactions``) shows and takes
none. The words are the catalogue's (``reactions.KEY``), in each person's language.
"""

from __future__ import annotations

import time

from rams.web.live import LiveTable, TableError
from rams.words import text

__all__ = ["BURST", "REACTIONS", "SHOWN_S", "WINDOW", "check", "reaction_message"]

#: The reactions, as the bar shows them: phrases, then emoji (``reactions.KEY`` words them).
REACTIONS = (
    "hello",
    "luck",
    "nice",
    "well_played",
    "thanks",
    "sorry",
    "oops",
    "think",
    "good_game",
    "thumbs_up",
    "smile",
    "wow",
    "sad",
    "thinking_face",
    "party",
)
#: Reactions one seat may send in any ``WINDOW`` seconds.
BURST = 3
WINDOW = 10.0
#: Seconds a reaction stays by its seat on the page.
SHOWN_S = 4


def check(live: LiveTable, seat: int | None, reaction: str, now: float | None = None) -> None:
    """Take a reaction of ``seat`` at ``live`` (counted against its rate), or refuse it
    (:class:`~rams.web.live.TableError`, in words): a guest has no seat to show it by, the
    table may have them off, the reaction must be one of :data:`REACTIONS`, and a seat
    sends at most :data:`BURST` in :data:`WINDOW` seconds."""
    if seat is None:
        raise TableError(403, "no_seat", "lobby.react_no_seat")
    if not live.options.reactions:
        raise TableError(409, "reactions_off", "lobby.reactions_off")
    if reaction not in REACTIONS:
        raise TableError(400, "bad_reaction", "lobby.bad_reaction")
    now = time.monotonic() if now is None else now
    recent = [at for at in live.reacted.get(seat, ()) if now - at < WINDOW]
    if len(recent) >= BURST:
        wait = max(1, int(WINDOW - (now - recent[0]) + 0.999))
        live.reacted[seat] = recent
        raise TableError(429, "reaction_rate", "lobby.reaction_rate", n=wait)
    live.reacted[seat] = [*recent, now]


def reaction_message(seat: int, reaction: str, lang: str) -> dict[str, object]:
    """What every client of the table is sent: the seat, the reaction, its words."""
    return {
        "type": "reaction",
        "seat": seat,
        "reaction": reaction,
        "text": text(f"reactions.{reaction}", lang),
        "seconds": SHOWN_S,
    }
