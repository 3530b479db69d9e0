"""The database of the web tables: tables, seats, deals and the append-only actions.

Every deal's deck and dealer and every action are written (and committed) before anyone
is told of them, so a server killed at any moment resumes each table at its last
acknowledged action by replaying them (RULES §12). The play's writes go through one writer
thread (:class:`Writer`) that commits them in groups. SQLite by default, PostgreSQL by URL;
the schema is Alembic's (``rams/web/migrations``), brought up to date at every start.
"""

from __future__ import annotations

import concurrent.futures
import json
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from rams import games
from rams.ratings import Entrant, Rating, bot_id, rate_match

__all__ = [
    "AnalysisRow",
    "DailyRow",
    "DealRow",
    "GameResult",
    "LeaseLost",
    "LeaseRow",
    "Op",
    "RematchRow",
    "SeatRow",
    "Store",
    "TableRow",
    "Write",
    "Writer",
    "action_row",
    "add_deal_in",
    "finish_in",
    "metadata",
]

metadata = sa.MetaData()

tables = sa.Table(
    "rams_tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("rules", sa.Text, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("first_dealer", sa.Integer, nullable=True),
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("record", sa.Text, nullable=True),
    sa.Column("options", sa.Text, nullable=False, server_default="{}"),
    sa.Column("fair", sa.Text, nullable=True),
    # The server process that plays the table now, and until when (seconds since the epoch)
    # its lease holds unless renewed (several processes: rams.web.cluster).
    sa.Column("owner", sa.String(64), nullable=True),
    sa.Column("lease_until", sa.Float, nullable=True),
    # Listed in the lobby (the creator chose «public»; by link only otherwise): the lobby
    # reads it here, so every process of a cluster lists every process's tables.
    sa.Column("public", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Index("ix_rams_tables_status", "status"),
    sa.Index("ix_rams_tables_public", "public", "status"),
)
seats = sa.Table(
    "rams_seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("rams_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("bot", sa.String(32), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("joined_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("player_id", sa.String(64), nullable=True),
)
deals = sa.Table(
    "rams_deals",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("rams_tables.id"), primary_key=True),
    sa.Column("deal_index", sa.Integer, primary_key=True),
    sa.Column("dealer", sa.Integer, nullable=False),
    sa.Column("deck", sa.Text, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("fair", sa.Text, nullable=True),
    sa.Column("fields", sa.Text, nullable=True),
)
actions = sa.Table(
    "rams_actions",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("rams_tables.id"), nullable=False),
    sa.Column("deal_index", sa.Integer, nullable=False),
    sa.Column("action_index", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.String(64), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("table_id", "deal_index", "action_index", name="uq_rams_actions_step"),
)
players = sa.Table(
    "rams_players",
    metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)
ratings = sa.Table(
    "rams_ratings",
    metadata,
    sa.Column("player_id", sa.String(64), sa.ForeignKey("rams_players.id"), primary_key=True),
    sa.Column("family", sa.String(16), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("wins", sa.Integer, nullable=False),
    sa.Column("place_sum", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_rams_ratings_family", "family"),
)
history = sa.Table(
    "rams_rating_history",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("player_id", sa.String(64), sa.ForeignKey("rams_players.id"), nullable=False),
    sa.Column("family", sa.String(16), nullable=False),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("rams_tables.id"), nullable=False),
    sa.Column("preset", sa.String(40), nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("place", sa.Integer, nullable=False),
    sa.Column("won", sa.Boolean, nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("table_id", "player_id", name="uq_rams_rating_history_table"),
    sa.Index("ix_rams_rating_history_player", "player_id"),
)
analyses = sa.Table(
    "rams_analyses",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("rams_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("done_decisions", sa.Integer, nullable=False),
    sa.Column("total_decisions", sa.Integer, nullable=False),
    sa.Column("result", sa.Text, nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)

rematches = sa.Table(
    "rams_rematches",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("rams_tables.id"), primary_key=True),
    sa.Column("next_id", sa.String(32), sa.ForeignKey("rams_tables.id"), nullable=False),
    sa.Column("by_seat", sa.Integer, nullable=False),
    sa.Column("sealed", sa.Text, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

# Daily deals (rams.daily) ----------------------------------------------------------------
daily_seeds = sa.Table(
    "rams_daily_seeds",
    metadata,
    sa.Column("deal", sa.String(64), primary_key=True),
    sa.Column("day", sa.String(10), nullable=False),
    sa.Column("seed", sa.String(64), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_rams_daily_seeds_day", "day"),
)
daily_results = sa.Table(
    "rams_daily_results",
    metadata,
    # One row a player a deal: the one try (its table), its points once played.
    sa.Column("deal", sa.String(64), primary_key=True),
    sa.Column("player_id", sa.String(64), primary_key=True),
    sa.Column("day", sa.String(10), nullable=False),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("table_id", sa.String(32), nullable=True),
    sa.Column("points", sa.Integer, nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    sa.Index("ix_rams_daily_results_day", "day"),
    sa.Index("ix_rams_daily_results_table", "table_id"),
)


@dataclass(frozen=True, slots=True)
class DailyRow:
    """A player's try at a daily deal: the deal's id, the player's id (a key's hash, or the
    bots' ``bot:LEVEL``), the name, the table (None for the bots' own), the points (None
    while it is played)."""

    deal: str
    player_id: str
    name: str
    table_id: str | None
    points: int | None


# The public ladder (issue 30, rams.web.ladder): bots registered by a name and a secret key
# (only the key's SHA-256 is kept), the duplicate matches the server schedules among them
# and the built-in levels, and their ratings per family.
bots = sa.Table(
    "rams_bots",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("key_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)
ladder_matches = sa.Table(
    "rams_ladder_matches",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("family", sa.String(16), nullable=False),
    sa.Column("preset", sa.String(40), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("deals", sa.Integer, nullable=False),
    sa.Column("seed", sa.Integer, nullable=False),
    # The entrants by seat before rotating, their names, the figures (as rams ladder writes
    # them), the failures, and the finished tables that replay the first deal's plays.
    sa.Column("entrants", sa.Text, nullable=False),
    sa.Column("summary", sa.Text, nullable=False),
    sa.Column("replays", sa.Text, nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_rams_ladder_matches_family", "family"),
)
ladder_ratings = sa.Table(
    "rams_ladder_ratings",
    metadata,
    sa.Column("entrant", sa.String(64), primary_key=True),
    sa.Column("family", sa.String(16), primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("matches", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A seat: its player's name (None while free), the bot level of a bot seat, the
    SHA-256 of the seat's secret token (never the token itself), and the rated person's id
    (the SHA-256 of their browser's key, rams.ratings; None: not rated)."""

    name: str | None
    bot: str | None = None
    token_hash: str | None = None
    player_id: str | None = None

    @property
    def rated_id(self) -> str | None:
        """Who this seat's results rate: its person, or its bot level (a registered bot,
        ``prog:ID``, is rated on the ladder, not here)."""
        if self.bot is not None and self.bot.startswith("prog:"):
            return None
        return bot_id(self.bot) if self.bot is not None else self.player_id


@dataclass(frozen=True, slots=True)
class LeaseRow:
    """A table's status, and which process plays it until when (rams.web.cluster)."""

    status: str
    owner: str | None
    until: float | None


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game as it is rated: each seat's player id (None: not rated) and name,
    each seat's place (1 = first), the sides played by (rams.ratings)."""

    family: str
    preset: str
    players: tuple[str | None, ...]
    names: tuple[str, ...]
    places: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class DealRow:
    """A deal as stored: the dealer (0-based), the deck top first (§12), the actions as
    record lines ``pN ACTION``, and the proof of its deck (the record's ``fair`` object,
    server seed included: :mod:`rams.fair`), None for a deal of before; the fields its
    family adds, as the record writes them (Boston's ``turned``, B13)."""

    dealer: int
    deck: str
    actions: tuple[str, ...]
    fair: dict[str, Any] | None = None
    fields: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table as stored."""

    id: str
    created_at: datetime
    rules: Any
    status: str
    first_dealer: int | None
    seats: tuple[SeatRow, ...]
    record: str | None
    #: The table's own options (the turn clock, the spectators' delay), as JSON.
    options: dict[str, Any] = field(default_factory=dict)
    #: The seed committed to for the next deal and its client seeds
    #: (:meth:`rams.fair.Dealer.pending_json`), None for a table of before.
    fair: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class AnalysisRow:
    """A finished table's analysis of one seat (rams.web.analysis): ``running``, ``done``
    or ``failed``; the decisions rated so far of all; the result (JSON) once done."""

    table_id: str
    seat: int
    status: str
    done_decisions: int
    total_decisions: int
    result: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class RematchRow:
    """A finished table's next table (rams.web.tables, playing again): its id, the seat that
    asked for it, and each kept seat's new token sealed with that seat's old one (hex; see
    :func:`rams.web.live.seal`): the database alone opens none of them."""

    table_id: str
    next_id: str
    by: int
    sealed: dict[int, str]


def _now() -> datetime:
    return datetime.now(UTC)


def _json_or_none(value: dict[str, Any] | None) -> str | None:
    return None if value is None else json.dumps(value)


def _rules_json(rules: Any) -> str:
    return json.dumps(rules.to_json(), ensure_ascii=False)


class LeaseLost(SQLAlchemyError):
    """A write for a table whose lease this process no longer holds (it was paused, and
    another process took the table over): refused, in the same transaction, so that a
    stale owner never writes over the new owner's actions. A database error like any
    other to the code that writes (it recovers from the database)."""


class Store:
    """The tables' database at ``url`` (an SQLAlchemy URL: ``sqlite:///rams.sqlite3``,
    ``postgresql+psycopg://user:pass@host/db``)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        # A pooled connection is tried before it is used: after a database restart the
        # dead ones are replaced, not handed to a write that then fails.
        kwargs: dict[str, Any] = {"pool_pre_ping": True}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
            path = sa.make_url(url).database
            if path and path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.engine: Engine = sa.create_engine(url, **kwargs)
        if self.is_sqlite:
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        # SQLite has one writer at a time; a lock here saves its busy-waiting.
        self._write_lock = threading.Lock() if self.is_sqlite else None
        #: Among several processes, this one's name (rams.web.cluster): a deal, an action
        #: and a game's end are then written only while it holds the table's lease.
        self.owner: str | None = None
        self._writer: Writer | None = None

    def migrate(self) -> None:
        """Bring the schema up to date (Alembic ``upgrade head``)."""
        from rams.web.migrations import upgrade

        upgrade(self.engine)

    def close(self) -> None:
        """Stop the writer (what it was given is committed first) and close every pooled
        connection."""
        writer, self._writer = self._writer, None
        if writer is not None:
            writer.close()
        self.engine.dispose()

    @property
    def writer(self) -> Writer:
        """The store's one writer of the play (:class:`Writer`), started when first asked."""
        if self._writer is None:
            self._writer = Writer(self)
        return self._writer

    def _write(self) -> Any:
        return _Writing(self)

    def _fence(self, c: Connection, table_id: str) -> None:
        """Refuse (:class:`LeaseLost`) a write for a table another process holds now. The
        row stays locked to the end of the transaction: a takeover waits for it."""
        if not self._holds(c, table_id):
            raise LeaseLost(f"table {table_id} is no longer held by {self.owner}")

    def _lock_rows(self, c: Connection, table_ids: list[str]) -> None:
        """Lock these tables' rows in the order of their ids (PostgreSQL; SQLite has one
        writer at a time): every transaction that locks several rows — the writer's group,
        a renewal, a release — locks them in that one order, so no two wait on each other."""
        if not self.is_sqlite:
            c.execute(
                sa.select(tables.c.id)
                .where(tables.c.id.in_(table_ids))
                .order_by(tables.c.id)
                .with_for_update()
            ).all()

    def _holds(self, c: Connection, table_id: str) -> bool:
        """Whether this process holds the table's lease (always, alone: no cluster); the
        row stays locked to the end of the transaction."""
        if self.owner is None:
            return True
        held = c.execute(
            tables.update()
            .where(tables.c.id == table_id, tables.c.owner == self.owner)
            .values(owner=self.owner)
        ).rowcount
        return bool(held)

    # Tables and seats -------------------------------------------------------------------

    def create_table(
        self,
        table_id: str,
        rules: Any,
        seat_rows: list[SeatRow],
        options: dict[str, Any] | None = None,
        fair: dict[str, Any] | None = None,
        owner: str | None = None,
        lease_until: float | None = None,
        public: bool = False,
    ) -> None:
        """A new table, waiting for its free seats to be taken (``fair``: the seed committed
        to for its first deal, :meth:`rams.fair.Dealer.pending_json`; ``owner``: the server
        process that plays it, with its lease, rams.web.cluster; ``public``: listed in the
        lobby while it waits)."""
        with self._write() as c:
            c.execute(
                tables.insert().values(
                    id=table_id,
                    created_at=_now(),
                    players=rules.players,
                    rules=_rules_json(rules),
                    status="open",
                    options=json.dumps(options or {}),
                    fair=_json_or_none(fair),
                    owner=owner,
                    lease_until=lease_until,
                    public=public,
                )
            )
            c.execute(
                seats.insert(),
                [
                    {
                        "table_id": table_id,
                        "seat": i,
                        "name": s.name,
                        "bot": s.bot,
                        "token_hash": s.token_hash,
                        "joined_at": _now() if s.name is not None else None,
                        "player_id": s.player_id,
                    }
                    for i, s in enumerate(seat_rows)
                ],
            )
            for s in seat_rows:
                if s.player_id is not None and s.name is not None:
                    _name_player(c, s.player_id, s.name)

    def take_seat(
        self, table_id: str, seat: int, name: str, token_hash: str, player_id: str | None = None
    ) -> bool:
        """Give a free seat to a player (a rated person when ``player_id`` is given, under
        this name from now on); False if someone took it first."""
        with self._write() as c:
            result = c.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.name.is_(None))
                .values(name=name, token_hash=token_hash, joined_at=_now(), player_id=player_id)
            )
            if result.rowcount != 1:
                return False
            if player_id is not None:
                _name_player(c, player_id, name)
            return True

    def seat_bot(self, table_id: str, seat: int, name: str, bot: str) -> bool:
        """Give a free seat to a bot of level ``bot`` under ``name`` (the table's host asked,
        while the table waits); False if someone took it first."""
        with self._write() as c:
            result = c.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.name.is_(None))
                .values(name=name, bot=bot, joined_at=_now())
            )
            return bool(result.rowcount == 1)

    def start_game(self, table_id: str, first_dealer: int) -> None:
        """The seats are full: the game begins with this first dealer (D4)."""
        with self._write() as c:
            c.execute(
                tables.update()
                .where(tables.c.id == table_id)
                .values(status="playing", first_dealer=first_dealer)
            )

    def expire(self, table_id: str) -> None:
        """A table whose seats never filled is closed (it is not resumed again)."""
        with self._write() as c:
            c.execute(
                tables.update()
                .where(tables.c.id == table_id, tables.c.status == "open")
                .values(status="expired")
            )

    def finish(
        self,
        table_id: str,
        record: str,
        result: GameResult | None = None,
        daily_points: int | None = None,
    ) -> None:
        """The game is over: keep its record (§12), and rate its players (``result``) in the
        same transaction: a table is rated once, whatever restarts come between. A daily
        deal's table (rams.daily) writes its person's points instead (``daily_points``)."""
        with self._write() as c:
            self._fence(c, table_id)
            finish_in(c, table_id, record, result, daily_points)

    def set_fair(self, table_id: str, fair: dict[str, Any]) -> None:
        """The seed committed to for the next deal and its client seeds, as they are now."""
        with self._write() as c:
            c.execute(tables.update().where(tables.c.id == table_id).values(fair=json.dumps(fair)))

    # Deals and actions ------------------------------------------------------------------

    def add_deal(
        self,
        table_id: str,
        deal_index: int,
        dealer: int,
        deck: str,
        fair: dict[str, Any] | None = None,
        next_fair: dict[str, Any] | None = None,
        fields: dict[str, Any] | None = None,
    ) -> None:
        """A deal dealt: its dealer and whole deck, stored before anyone sees a card, and
        the fields its family adds (``fields``, as the record writes them); with its proof
        (``fair``) and, in the same transaction, the seed committed to for the deal after it
        (``next_fair``). The first deal's dealer is the table's first dealer (D4: a
        verifiable dealer draws it with that deal's cards)."""
        with self._write() as c:
            self._fence(c, table_id)
            add_deal_in(c, table_id, deal_index, dealer, deck, fair, next_fair, fields)

    def add_action(
        self, table_id: str, deal_index: int, action_index: int, seat: int, action: str
    ) -> None:
        """An action, appended (never changed): stored before it is acknowledged."""
        with self._write() as c:
            self._fence(c, table_id)
            c.execute(
                actions.insert().values(
                    action_row(table_id, deal_index, action_index, seat, action)
                )
            )

    # Reading ----------------------------------------------------------------------------

    def table(self, table_id: str) -> TableRow | None:
        """A table and its seats, or None."""
        with self.engine.connect() as c:
            row = c.execute(sa.select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            seat_rows = c.execute(
                sa.select(seats.c.name, seats.c.bot, seats.c.token_hash, seats.c.player_id)
                .where(seats.c.table_id == table_id)
                .order_by(seats.c.seat)
            ).all()
        return _table_row(
            row, [SeatRow(s.name, s.bot, s.token_hash, s.player_id) for s in seat_rows]
        )

    def public_tables(self, since: datetime, limit: int = 50) -> list[TableRow]:
        """The tables listed in the lobby: public, waiting for players (every one has a free
        seat: a table starts when its seats fill), made after ``since`` (older ones are
        closed, or about to be), the newest first; at most ``limit``."""
        with self.engine.connect() as c:
            rows = c.execute(
                sa.select(tables)
                .where(
                    tables.c.public.is_(True),
                    tables.c.status == "open",
                    tables.c.created_at >= since,
                )
                .order_by(tables.c.created_at.desc(), tables.c.id)
                .limit(limit)
            ).all()
            seat_rows = c.execute(
                sa.select(seats)
                .where(seats.c.table_id.in_([r.id for r in rows]))
                .order_by(seats.c.table_id, seats.c.seat)
            ).all()
        by_table: dict[str, list[SeatRow]] = {r.id: [] for r in rows}
        for s in seat_rows:
            by_table[s.table_id].append(SeatRow(s.name, s.bot, s.token_hash, s.player_id))
        return [_table_row(r, by_table[r.id]) for r in rows]

    def live_table_ids(self) -> list[str]:
        """The tables not yet over (to resume at start), oldest first."""
        with self.engine.connect() as c:
            rows = c.execute(
                sa.select(tables.c.id)
                .where(tables.c.status.in_(("open", "playing")))
                .order_by(tables.c.created_at)
            ).all()
        return [r.id for r in rows]

    # Leases (several server processes: rams.web.cluster) -------------------------------

    def claim(self, table_id: str, owner: str, until: float, now: float) -> bool:
        """Take a live table's lease for ``owner`` until ``until`` if nobody holds it at
        ``now`` (or ``owner`` already does); the database decides between processes that
        claim it at once."""
        with self._write() as c:
            result = c.execute(
                tables.update()
                .where(
                    tables.c.id == table_id,
                    tables.c.status.in_(("open", "playing")),
                    sa.or_(
                        tables.c.owner.is_(None),
                        tables.c.owner == owner,
                        tables.c.lease_until < now,
                    ),
                )
                .values(owner=owner, lease_until=until)
            )
            return bool(result.rowcount == 1)

    def renew(self, owner: str, table_ids: list[str], until: float) -> set[str]:
        """Extend ``owner``'s leases of these tables; the ones it still holds."""
        if not table_ids:
            return set()
        with self._write() as c:
            self._lock_rows(c, table_ids)
            c.execute(
                tables.update()
                .where(tables.c.owner == owner, tables.c.id.in_(table_ids))
                .values(lease_until=until)
            )
            rows = c.execute(
                sa.select(tables.c.id).where(tables.c.owner == owner, tables.c.id.in_(table_ids))
            ).all()
        return {r.id for r in rows}

    def release(self, owner: str, table_ids: list[str], idle: bool = False) -> None:
        """Give these leases up: a server stopping, or a table it could not write for, so
        that another process takes the tables at once; or (``idle``) tables nobody is at,
        unloaded, which no process takes until somebody comes back to one."""
        if not table_ids:
            return
        with self._write() as c:
            self._lock_rows(c, table_ids)
            c.execute(
                tables.update()
                .where(tables.c.owner == owner, tables.c.id.in_(table_ids))
                .values(owner=None, lease_until=None if idle else 0.0)
            )

    def lease(self, table_id: str) -> LeaseRow | None:
        """A table's status and lease (None: no such table)."""
        with self.engine.connect() as c:
            row = c.execute(
                sa.select(tables.c.status, tables.c.owner, tables.c.lease_until).where(
                    tables.c.id == table_id
                )
            ).first()
        return None if row is None else LeaseRow(row.status, row.owner, row.lease_until)

    def unowned_table_ids(self, now: float) -> list[str]:
        """The live tables whose lease lapsed by ``now`` or was given up to be taken (a
        process died, stopped, or could not write), oldest first; not the tables unloaded
        while idle, nor those no process ever held (one takes them when someone comes)."""
        with self.engine.connect() as c:
            rows = c.execute(
                sa.select(tables.c.id)
                .where(tables.c.status.in_(("open", "playing")), tables.c.lease_until < now)
                .order_by(tables.c.created_at)
            ).all()
        return [r.id for r in rows]

    def deals_of(self, table_id: str) -> list[DealRow]:
        """The table's deals with their actions, in order (to rebuild the game by replay)."""
        with self.engine.connect() as c:
            deal_rows = c.execute(
                sa.select(
                    deals.c.deal_index, deals.c.dealer, deals.c.deck, deals.c.fair, deals.c.fields
                )
                .where(deals.c.table_id == table_id)
                .order_by(deals.c.deal_index)
            ).all()
            action_rows = c.execute(
                sa.select(
                    actions.c.deal_index, actions.c.action_index, actions.c.seat, actions.c.action
                )
                .where(actions.c.table_id == table_id)
                .order_by(actions.c.deal_index, actions.c.action_index)
            ).all()
        by_deal: dict[int, list[str]] = {r.deal_index: [] for r in deal_rows}
        for a in action_rows:
            lines = by_deal.setdefault(a.deal_index, [])
            if a.action_index != len(lines):
                raise RuntimeError(
                    f"table {table_id}: deal {a.deal_index + 1} lacks action {len(lines) + 1}"
                )
            lines.append(f"p{a.seat + 1} {a.action}")
        out = []
        for k, r in enumerate(deal_rows):
            if r.deal_index != k:
                raise RuntimeError(f"table {table_id}: deal {k + 1} is missing")
            fair = json.loads(r.fair) if r.fair else None
            fields = json.loads(r.fields) if r.fields else {}
            out.append(DealRow(r.dealer, r.deck, tuple(by_deal[k]), fair, fields))
        return out

    def action_count(self, table_id: str) -> int:
        """How many actions the table has stored (all deals)."""
        with self.engine.connect() as c:
            n = c.execute(
                sa.select(sa.func.count())
                .select_from(actions)
                .where(actions.c.table_id == table_id)
            ).scalar_one()
        return int(n)

    # Analyses ---------------------------------------------------------------------------

    def begin_analysis(self, table_id: str, seat: int) -> None:
        """A seat's analysis (re)started: ``running``, nothing rated yet, no result."""
        now = _now()
        values = {
            "status": "running",
            "done_decisions": 0,
            "total_decisions": 0,
            "result": None,
            "updated_at": now,
        }
        with self._write() as c:
            done = c.execute(
                analyses.update()
                .where(analyses.c.table_id == table_id, analyses.c.seat == seat)
                .values(**values)
            )
            if done.rowcount == 0:
                c.execute(
                    analyses.insert().values(table_id=table_id, seat=seat, created_at=now, **values)
                )

    def analysis_progress(self, table_id: str, seat: int, done: int, total: int) -> None:
        """How many of the seat's decisions its running analysis has rated."""
        with self._write() as c:
            c.execute(
                analyses.update()
                .where(analyses.c.table_id == table_id, analyses.c.seat == seat)
                .values(done_decisions=done, total_decisions=total, updated_at=_now())
            )

    def end_analysis(
        self, table_id: str, seat: int, result: dict[str, Any] | None, status: str = "done"
    ) -> None:
        """The analysis over: ``done`` with its result, or ``failed`` (no result)."""
        with self._write() as c:
            c.execute(
                analyses.update()
                .where(analyses.c.table_id == table_id, analyses.c.seat == seat)
                .values(status=status, result=_json_or_none(result), updated_at=_now())
            )

    def analysis(self, table_id: str, seat: int) -> AnalysisRow | None:
        """A seat's analysis as stored, or None (never started)."""
        with self.engine.connect() as c:
            row = c.execute(
                sa.select(analyses).where(analyses.c.table_id == table_id, analyses.c.seat == seat)
            ).first()
        if row is None:
            return None
        return AnalysisRow(
            row.table_id,
            row.seat,
            row.status,
            row.done_decisions,
            row.total_decisions,
            json.loads(row.result) if row.result else None,
        )

    # Playing again ----------------------------------------------------------------------

    def add_rematch(self, table_id: str, next_id: str, by: int, sealed: dict[int, str]) -> bool:
        """Remember a finished table's next table; False if it has one already (another
        process made it first: :meth:`rematch` then says which)."""
        try:
            with self._write() as c:
                c.execute(
                    rematches.insert().values(
                        table_id=table_id,
                        next_id=next_id,
                        by_seat=by,
                        sealed=json.dumps({str(k): v for k, v in sealed.items()}),
                        created_at=_now(),
                    )
                )
        except IntegrityError:
            return False
        return True

    def rematch(self, table_id: str) -> RematchRow | None:
        """A finished table's next table as stored, or None (nobody asked to play again)."""
        with self.engine.connect() as c:
            row = c.execute(sa.select(rematches).where(rematches.c.table_id == table_id)).first()
        if row is None:
            return None
        sealed = {int(k): str(v) for k, v in json.loads(row.sealed).items()}
        return RematchRow(row.table_id, row.next_id, row.by_seat, sealed)

    # Ratings ----------------------------------------------------------------------------

    def leaderboard(self, family: str, limit: int = 100) -> list[dict[str, Any]]:
        """A family's rated players, people and bots, best ``ordinal`` (mu - 3 sigma) first."""
        ordinal = ratings.c.mu - 3 * ratings.c.sigma
        with self.engine.connect() as c:
            rows = c.execute(
                sa.select(ratings, players.c.name)
                .join(players, players.c.id == ratings.c.player_id)
                .where(ratings.c.family == family)
                .order_by(ordinal.desc(), ratings.c.player_id)
                .limit(limit)
            ).all()
        return [_rating_json(r) for r in rows]

    def player(self, player_id: str) -> dict[str, Any] | None:
        """A player's page: per family its rating, games, wins, mean place, the same by
        preset, and the rating after every game; None for an unknown id."""
        with self.engine.connect() as c:
            who = c.execute(sa.select(players).where(players.c.id == player_id)).first()
            if who is None:
                return None
            rated = c.execute(
                sa.select(ratings, players.c.name)
                .join(players, players.c.id == ratings.c.player_id)
                .where(ratings.c.player_id == player_id)
                .order_by(ratings.c.family)
            ).all()
            steps = c.execute(
                sa.select(history)
                .where(history.c.player_id == player_id)
                .order_by(history.c.at, history.c.id)
            ).all()
        families = []
        for r in rated:
            mine = [h for h in steps if h.family == r.family]
            presets: dict[str, list[Any]] = {}
            for h in mine:
                presets.setdefault(h.preset, []).append(h)
            families.append(
                {
                    **_rating_json(r),
                    "presets": [
                        {
                            "preset": name,
                            "games": len(hs),
                            "wins": sum(bool(h.won) for h in hs),
                            "place": sum(h.place for h in hs) / len(hs),
                        }
                        for name, hs in sorted(presets.items())
                    ],
                    "history": [
                        {
                            "table": h.table_id,
                            "preset": h.preset,
                            "at": _utc(h.at).isoformat(),
                            "mu": h.mu,
                            "sigma": h.sigma,
                            "ordinal": h.mu - 3 * h.sigma,
                            "place": h.place,
                            "won": bool(h.won),
                        }
                        for h in mine
                    ],
                }
            )
        bot = player_id[4:] if player_id.startswith("bot:") else None
        return {"id": who.id, "name": who.name, "bot": bot, "families": families}

    # Daily deals (rams.daily) ------------------------------------------------------------

    def daily_seeds(self, day: str, deals: list[str], draw: Any) -> dict[str, str]:
        """The server seeds of a day's deals, each drawn (``draw()``) and stored the first
        time it is asked for (its commitment is then published); the same ever after."""
        found = self.daily_seeds_drawn(deals)
        missing = [d for d in deals if d not in found]
        if missing:
            try:
                with self._write() as c:
                    c.execute(
                        daily_seeds.insert(),
                        [
                            {"deal": d, "day": day, "seed": draw(), "created_at": _now()}
                            for d in missing
                        ],
                    )
            except IntegrityError:  # (another process drew them first: theirs count)
                pass
            found = self.daily_seeds_drawn(deals)
        return found

    def daily_seeds_drawn(self, deals: list[str]) -> dict[str, str]:
        """The seeds of these deals drawn so far (none is drawn here)."""
        with self.engine.connect() as c:
            rows = c.execute(
                sa.select(daily_seeds.c.deal, daily_seeds.c.seed).where(
                    daily_seeds.c.deal.in_(deals)
                )
            ).all()
        return {r.deal: r.seed for r in rows}

    def daily_try(
        self, deal: str, day: str, player_id: str, name: str, table_id: str | None
    ) -> bool:
        """A player's one try at a deal begins (at ``table_id``; None: the bots' own result,
        whose points come at once with :meth:`daily_bots`); False if it had begun before."""
        try:
            with self._write() as c:
                c.execute(
                    daily_results.insert().values(
                        deal=deal, player_id=player_id, day=day, name=name,
                        table_id=table_id, created_at=_now(),
                    )
                )  # fmt: skip
        except IntegrityError:
            return False
        return True

    def daily_bots(self, deal: str, day: str, player_id: str, name: str, points: int) -> None:
        """The bots' own result on a deal (once; a second is ignored)."""
        if self.daily_try(deal, day, player_id, name, None):
            with self._write() as c:
                c.execute(
                    daily_results.update()
                    .where(daily_results.c.deal == deal, daily_results.c.player_id == player_id)
                    .values(points=points, finished_at=_now())
                )

    def daily_day(self, day: str) -> list[DailyRow]:
        """Every try at a day's deals, in the order they began."""
        r = daily_results.c
        with self.engine.connect() as c:
            rows = c.execute(
                sa.select(r.deal, r.player_id, r.name, r.table_id, r.points)
                .where(r.day == day)
                .order_by(r.created_at, r.deal, r.player_id)
            ).all()
        return [DailyRow(x.deal, x.player_id, x.name, x.table_id, x.points) for x in rows]


def _table_row(row: Any, seat_rows: list[SeatRow]) -> TableRow:
    """A table's stored row and its seats, its rules read back."""
    spec = json.loads(row.rules)
    preset = spec["preset"] if isinstance(spec, dict) else spec
    rules = games.family_of(preset).rules_from_json(spec, row.players)
    return TableRow(
        id=row.id,
        created_at=row.created_at,
        rules=rules,
        status=row.status,
        first_dealer=row.first_dealer,
        seats=tuple(seat_rows),
        record=row.record,
        options=json.loads(row.options or "{}"),
        fair=json.loads(row.fair) if row.fair else None,
    )


def _utc(at: datetime) -> datetime:
    """A stored moment in UTC (SQLite gives it back without its zone)."""
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


def _rating_json(r: Any) -> dict[str, Any]:
    return {
        "id": r.player_id,
        "name": r.name,
        "bot": r.player_id[4:] if r.player_id.startswith("bot:") else None,
        "family": r.family,
        "mu": r.mu,
        "sigma": r.sigma,
        "ordinal": r.mu - 3 * r.sigma,
        "games": r.games,
        "wins": r.wins,
        "place": r.place_sum / r.games if r.games else None,
    }


def _name_player(c: Connection, player_id: str, name: str) -> None:
    """A player known by this name from now on (a new one is added)."""
    done = c.execute(players.update().where(players.c.id == player_id).values(name=name))
    if done.rowcount == 0:
        c.execute(players.insert().values(id=player_id, name=name, created_at=_now()))


def _rate(c: Connection, table_id: str, result: GameResult) -> None:
    """A finished table's players rated (once: a table already rated is left as it is)."""
    seen = c.execute(
        sa.select(sa.func.count()).select_from(history).where(history.c.table_id == table_id)
    ).scalar_one()
    if seen:
        return
    ids = [p for p in result.players if p is not None]
    if not ids:
        return
    rows = c.execute(
        sa.select(ratings)
        .where(ratings.c.family == result.family, ratings.c.player_id.in_(set(ids)))
        .with_for_update()
    ).all()
    known = {r.player_id: r for r in rows}
    try:
        entrants, new = rate_match(
            {p: Rating(r.mu, r.sigma) for p, r in known.items()},
            result.players,
            result.places,
            result.sides,
        )
    except ImportError:  # (openskill is not installed: the game is kept, not rated)
        return
    now = _now()
    for e in entrants:
        if e.player not in new:
            continue
        _rate_one(c, table_id, result, e, new[e.player], known.get(e.player), now)


def _rate_one(
    c: Connection,
    table_id: str,
    result: GameResult,
    e: Entrant,
    rating: Rating,
    row: Any,
    now: datetime,
) -> None:
    if e.player.startswith("bot:"):
        if c.execute(sa.select(players.c.id).where(players.c.id == e.player)).first() is None:
            c.execute(players.insert().values(id=e.player, name=e.player, created_at=now))
    elif c.execute(sa.select(players.c.id).where(players.c.id == e.player)).first() is None:
        _name_player(c, e.player, result.names[e.seats[0]])
    values = {"mu": rating.mu, "sigma": rating.sigma, "updated_at": now}
    if row is None:
        c.execute(
            ratings.insert().values(
                player_id=e.player,
                family=result.family,
                games=1,
                wins=int(e.won),
                place_sum=e.place,
                **values,
            )
        )
    else:
        c.execute(
            ratings.update()
            .where(ratings.c.player_id == e.player, ratings.c.family == result.family)
            .values(
                games=row.games + 1,
                wins=row.wins + int(e.won),
                place_sum=row.place_sum + e.place,
                **values,
            )
        )
    c.execute(
        history.insert().values(
            player_id=e.player,
            family=result.family,
            table_id=table_id,
            preset=result.preset,
            place=e.place,
            won=e.won,
            at=now,
            mu=rating.mu,
            sigma=rating.sigma,
        )
    )


# The play's writes (by the store's methods, and grouped by the writer) ------------------


def action_row(
    table_id: str, deal_index: int, action_index: int, seat: int, action: str
) -> dict[str, Any]:
    """An action as its row of ``rams_actions``."""
    return {
        "table_id": table_id,
        "deal_index": deal_index,
        "action_index": action_index,
        "seat": seat,
        "action": action,
        "created_at": _now(),
    }


def add_deal_in(
    c: Connection,
    table_id: str,
    deal_index: int,
    dealer: int,
    deck: str,
    fair: dict[str, Any] | None = None,
    next_fair: dict[str, Any] | None = None,
    fields: dict[str, Any] | None = None,
) -> None:
    """:meth:`Store.add_deal`'s rows, in the transaction ``c``."""
    c.execute(
        deals.insert().values(
            table_id=table_id,
            deal_index=deal_index,
            dealer=dealer,
            deck=deck,
            created_at=_now(),
            fair=_json_or_none(fair),
            fields=_json_or_none(fields or None),
        )
    )
    if next_fair is not None:
        c.execute(tables.update().where(tables.c.id == table_id).values(fair=json.dumps(next_fair)))
    if deal_index == 0:
        c.execute(tables.update().where(tables.c.id == table_id).values(first_dealer=dealer))


def finish_in(
    c: Connection,
    table_id: str,
    record: str,
    result: GameResult | None,
    daily_points: int | None = None,
) -> None:
    """:meth:`Store.finish`'s rows, in the transaction ``c``."""
    c.execute(
        tables.update()
        .where(tables.c.id == table_id)
        .values(status="over", record=record, finished_at=_now())
    )
    if result is not None:
        _rate(c, table_id, result)
    if daily_points is not None:
        c.execute(
            daily_results.update()
            .where(daily_results.c.table_id == table_id)
            .values(points=daily_points, finished_at=_now())
        )


#: A write of :class:`Write`: rows written in the writer's transaction.
Op = Callable[[Connection], None]


@dataclass(eq=False)
class Write:
    """One table's writes of one step of play, committed together or not at all: its
    statements (``ops``, in order: a deal, a game's end) and its actions' rows (inserted
    with every other table's of the same group, in one statement). ``done``: resolved once
    they are committed (durable), or with the error that refused them (:class:`LeaseLost`
    when this process no longer holds the table)."""

    table_id: str
    ops: tuple[Op, ...] = ()
    actions: tuple[dict[str, Any], ...] = ()
    done: concurrent.futures.Future[None] = field(default_factory=concurrent.futures.Future)


class Writer:
    """The one writer of a store's play: a thread that takes the waiting writes (:class:`Write`),
    commits them in groups (at most :attr:`GROUP` in one transaction, one fence per table,
    one insert for all their actions), and resolves each once it is durable. The event loop
    never waits on the database for a step of play: it awaits the write's future, and
    serves the other tables meanwhile; the more steps come at once, the fewer commits they
    cost. A group the database refuses is committed again one write at a time, so that a
    write fails alone, with its own error."""

    #: The most writes committed in one transaction.
    GROUP = 256

    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: queue.SimpleQueue[Write | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="rams-writer", daemon=True)
        self._closed = False
        #: Transactions committed and writes in them (the tests and benchmarks count them).
        self.commits = 0
        self.written = 0
        self._thread.start()

    def submit(self, write: Write) -> concurrent.futures.Future[None]:
        """Queue a write; its future is resolved once it is committed, or refused."""
        if self._closed:
            write.done.set_exception(RuntimeError("the store's writer is closed"))
        else:
            self._queue.put(write)
        return write.done

    def close(self) -> None:
        """Commit what is queued, then stop."""
        if not self._closed:
            self._closed = True
            self._queue.put(None)
            self._thread.join(30)

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            group = [first]
            stop = False
            while len(group) < self.GROUP:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                group.append(more)
            self._commit(group)
            if stop:
                return

    def _commit(self, group: list[Write]) -> None:
        refused: dict[int, BaseException] = {}
        try:
            with self.store._write() as c:
                # (the rows fenced in the order of their ids: :meth:`Store._lock_rows`)
                held = {t: self.store._holds(c, t) for t in sorted({w.table_id for w in group})}
                rows: list[dict[str, Any]] = []
                for w in group:
                    if not held[w.table_id]:
                        refused[id(w)] = LeaseLost(
                            f"table {w.table_id} is no longer held by {self.store.owner}"
                        )
                        continue
                    for op in w.ops:
                        op(c)
                    rows.extend(w.actions)
                if rows:
                    c.execute(actions.insert(), rows)
        except Exception as e:
            if len(group) > 1:  # (each alone: the one at fault fails, the others commit)
                for w in group:
                    self._commit([w])
            elif not group[0].done.done():
                group[0].done.set_exception(e)
            return
        self.commits += 1
        self.written += len(group)
        for w in group:
            if w.done.done():
                continue
            error = refused.get(id(w))
            if error is None:
                w.done.set_result(None)
            else:
                w.done.set_exception(error)


class _Writing:
    """A write transaction (serialized in-process for SQLite)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._tx: Any = None

    def __enter__(self) -> Connection:
        lock = self.store._write_lock
        if lock is not None:
            lock.acquire()
        try:
            self._tx = self.store.engine.begin()
            conn: Connection = self._tx.__enter__()
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        return conn

    def __exit__(self, *exc: Any) -> None:
        try:
            self._tx.__exit__(*exc)
        finally:
            lock = self.store._write_lock
            if lock is not None:
                lock.release()


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL: readers never wait for the writer. synchronous=NORMAL: a commit is in the WAL
    # file before the action is acknowledged, so a killed server loses nothing acknowledged;
    # only a power cut could lose the last moments (FULL would fsync every action: 30x
    # slower, measured). PostgreSQL, with its default synchronous_commit, loses nothing.
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()
