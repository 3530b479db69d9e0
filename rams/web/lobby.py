"""The lobby: the tables their creators made public, listed while they wait for players, and
«Играть сейчас» — a seat at one of them that needs a person, or else a new table with bots.

The list is read from the database (:meth:`rams.web.store.Store.public_tables`), not from
this process's memory: among several server processes (rams.web.cluster) each lists every
process's tables, and a person who takes a seat is sent to the process that plays it (as
``POST /api/tables/{id}/join`` is). What it shows of a table is what its invitation shows
anyone: the rules, the names at it and the bots' levels, the free seats, the options —
never a card, a token or a rated person's id. :class:`Lobby` is one of the parts
:class:`~rams.web.tables.Tables` is made of; it is given what it needs (:class:`LobbyHost`).
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from rams import games
from rams.bots import available
from rams.games import DEFAULT_PRESET
from rams.ratings import player_id
from rams.web.live import (
    RateLimit,
    Settings,
    TableError,
    TableOptions,
    cut_name,
    same_name,
)
from rams.web.store import Store, TableRow

__all__ = ["LISTED", "PLAY_NOW_LEVEL", "Lobby", "LobbyHost", "listed"]

#: The most tables the lobby lists (the newest).
LISTED = 50
#: The bots' level at a table «Играть сейчас» makes (where the game has it).
PLAY_NOW_LEVEL = "medium"


class LobbyHost(Protocol):
    """What the lobby needs of the server's tables (:class:`~rams.web.tables.Tables`)."""

    store: Store
    settings: Settings
    #: Table creations by client address.
    creations: RateLimit

    async def made(self, routed: bool = True, **how: Any) -> dict[str, Any]:
        """A new table, its creator seated, made by the server process that plays fewest
        tables (``POST /api/tables``'s arguments, ``options`` as JSON)."""

    async def joined(
        self,
        table_id: str,
        name: str,
        seed: str | None = None,
        key: str | None = None,
        routed: bool = True,
    ) -> dict[str, Any]:
        """Take a free seat at a table (wherever it is played)."""


def listed(row: TableRow) -> dict[str, Any]:
    """A table as the lobby shows it: its id, rules (in words, both languages), seats (a
    name and a bot's level, or null: free), free seats, status, when it was made
    (milliseconds since the epoch) and options."""
    seats = [{"name": s.name, "bot": s.bot} for s in row.seats]
    options = TableOptions.from_json(row.options).to_json()
    made = row.created_at if row.created_at.tzinfo else row.created_at.replace(tzinfo=UTC)
    return {
        "id": row.id,
        "rules": games.family(row.rules.family).rules_json(row.rules),
        "seats": seats,
        "free": sum(s["name"] is None for s in seats),
        "status": row.status,
        "created": int(made.timestamp() * 1000),
        "options": options,
    }


class Lobby:
    """The public tables of a server (of all its processes), and «Играть сейчас»."""

    def __init__(self, host: LobbyHost) -> None:
        self.host = host

    def rows(self, now: float | None = None) -> list[TableRow]:
        """The public tables waiting for players, newest first (one older than the hours
        an open table lasts is left out: it is being closed)."""
        now = time.time() if now is None else now
        since = datetime.fromtimestamp(now, UTC) - timedelta(hours=self.host.settings.open_hours)
        return self.host.store.public_tables(since, LISTED)

    def tables(self) -> list[dict[str, Any]]:
        """``GET /api/lobby``: the public tables waiting for players, as :func:`listed`."""
        return [listed(row) for row in self.rows()]

    async def play_now(
        self, name: str, seed: str | None, key: str | None, address: str, lang: str = "ru"
    ) -> dict[str, Any]:
        """``POST /api/play``: a seat for this person at a public table that needs one — the
        one nearest to starting (fewest free seats), then the oldest — skipping the tables
        where this browser (``key``) sits already or where the name is taken; or, when none
        will do, a new table of the default preset, the person and bots of
        :data:`PLAY_NOW_LEVEL` named in the person's language ``lang``, which starts at
        once. Answered as a join is, with ``made`` (True: a new table)."""
        name, cut = cut_name(name)
        for row in self._open_for(name, key):
            try:
                answer = await self.host.joined(row.id, name, seed, key)
            except TableError as e:  # (taken meanwhile, started, closed: the next one)
                if e.status in (404, 409, 410):
                    continue
                raise
            return {**answer, "made": False}
        return await self._new_table(name, cut, key, address, lang)

    def choose(self, name: str, key: str | None) -> str | None:
        """``POST /api/play/choose``: the table «Играть сейчас» would seat this person at
        (as :meth:`play_now` picks it), without seating him; None: it would make a new one.
        The browser then shows itself the table's commitment for the first deal and joins
        with its own seed for that deal (rams.fair), as at a table chosen from the list:
        a seed sent with :meth:`play_now` goes before the commitment is seen."""
        name, _ = cut_name(name)
        return next((row.id for row in self._open_for(name, key)), None)

    async def made_for(
        self, name: str, key: str | None, address: str, lang: str = "ru"
    ) -> dict[str, Any]:
        """``POST /api/play`` with ``new_table``: a new table of the default preset with
        bots, as :meth:`play_now` makes one when no table needs a person."""
        name, cut = cut_name(name)
        return await self._new_table(name, cut, key, address, lang)

    def _open_for(self, name: str, key: str | None) -> list[TableRow]:
        """The public tables that need a person, in the order «Играть сейчас» tries them:
        the nearest to starting (fewest free seats), then the oldest; not those where this
        browser (``key``) sits already or where the name is taken."""
        me = None if key is None else player_id(key)
        rows = sorted(self.rows(), key=lambda r: (sum(s.name is None for s in r.seats),
                                                  r.created_at))  # fmt: skip
        return [
            row
            for row in rows
            if not (me is not None and any(s.player_id == me for s in row.seats))
            and not any(same_name(s.name, name) for s in row.seats)
        ]

    async def _new_table(
        self, name: str, cut: bool, key: str | None, address: str, lang: str
    ) -> dict[str, Any]:
        """A new table of the default preset, the person and bots; among several server
        processes made by the one that plays fewest tables, as any new table is."""
        host = self.host
        if not host.creations.allow(address):
            raise TableError(429, "too_many")
        preset = games.presets()[DEFAULT_PRESET]
        levels = [lv for lv in games.family(preset.family).levels if available(lv)]
        level = PLAY_NOW_LEVEL if PLAY_NOW_LEVEL in levels else levels[0]
        players = preset.players[0]
        try:
            answer = await host.made(
                name=name, preset=DEFAULT_PRESET, players=players,
                bots=[None, *[level] * (players - 1)], house_rules={},
                options=TableOptions().to_json(), key=key, address=address, lang=lang,
            )  # fmt: skip
        except TableError:
            host.creations.refund(address)
            raise
        return {**answer, "name": name, "name_cut": cut, "made": True}
