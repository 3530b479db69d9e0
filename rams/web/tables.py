"""The live tables: each a game driven by one :class:`rams.table.Table`, its seats and the
browsers connected to them.

The server is the authority: an action comes in over a seat's websocket, goes through the
engine, is stored, and only then acknowledged and shown. Each table has its own driver
task; its bots think on worker threads (a hard bot thinks without stalling the event
loop), so the bots of different tables think at the same time, while within a table
everything happens in turn under its lock. A person who drops keeps the seat: after a
grace period a bot plays it, and hands it back the moment the person returns. A table
where no person is connected waits: its bots play on when someone comes back. At start
every table not yet over is rebuilt from the database by replaying its stored deals and
actions; a finished table is answered from its stored record and is not kept in memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from rams.bots import LEVELS, Bot, available, make_bot
from rams.cards import cards_str
from rams.errors import IllegalActionError, RamsError, RulesError
from rams.games.protocol import DealState
from rams.games.rams.actions import Action
from rams.games.rams.match import Game
from rams.games.rams.rules import OPTIONS, PRESETS, Rules
from rams.games.rams.view import Observation
from rams.games.rams.wire import rules_summary, sheet_of, state_message
from rams.games.rams.words import legal_hint
from rams.record import FORMAT, Record, dumps, loads, record_of
from rams.table import Table
from rams.web.protocol import (
    Act,
    ClientMessage,
    Hello,
    Lang,
    Ping,
    ProtocolError,
    Ready,
    error,
    parse_message,
)
from rams.web.store import SeatRow, Store, TableRow

__all__ = [
    "HOUSE_LIMITS",
    "Client",
    "LiveTable",
    "RateLimit",
    "Settings",
    "TableError",
    "Tables",
    "check_house_rules",
    "make_level_bot",
]

log = logging.getLogger("rams.web")

_NAME_MAX = 32
#: Seconds a bot may think before the table is told that it is thinking.
THINKING_AFTER = 0.3
BROKEN_MESSAGE = (
    "this table could not be restored after the server restarted; its game is kept in the "
    "database, and the server's log says why"
)
#: The range of each numeric house rule a table may take. The rules themselves bound few
#: of them; a server bounds them all, so no table sets its bots astronomic scores.
HOUSE_LIMITS: dict[str, tuple[int, int]] = {
    "start_score": (1, 10_000),
    "max_exchange": (0, 5),
    "big_pack_from": (3, 8),
    "remise": (0, 10_000),
    "remise_only_at_or_below": (-10_000, 10_000),
    "spade_ace_bonus": (0, 10_000),
    "trump_rams": (0, 10_000),
    "spade_ace_trump": (0, 10_000),
    "four_jacks": (0, 10_000),
    "ace_values": (0, 10_000),
}
# Distinct clients' creation counters kept before the idle ones are dropped.
_BUCKETS_MAX = 10_000


def make_level_bot(level: str, rng: random.Random) -> Bot:
    """A bot of a level (``easy``, ``medium``, ``hard``: nothing else, and never one that
    sees every card), guarded, so that no bot's mistake can stop a table."""
    if level not in LEVELS:
        raise RulesError(
            "bots.not_a_level", ("bots",), levels=", ".join(LEVELS), name=clip(repr(level))
        )
    return GuardedBot(make_bot(level, rng), random.Random(rng.getrandbits(64)))


def clip(text: str, limit: int = 200) -> str:
    """``text``, cut to ``limit`` characters: no error echoes a huge field back."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def check_house_rules(house: Mapping[str, Any]) -> None:
    """Refuse a numeric house rule outside :data:`HOUSE_LIMITS` (the rules check the rest)."""
    for name, value in house.items():
        if name not in HOUSE_LIMITS:
            continue
        low, high = HOUSE_LIMITS[name]
        values = value.values() if name == "ace_values" and isinstance(value, Mapping) else [value]
        for v in values:
            if isinstance(v, int) and not isinstance(v, bool) and not low <= v <= high:
                clause = OPTIONS[name].clause
                raise TableError(
                    400,
                    "bad_rules",
                    f"option {name} = {clip(repr(value), 60)}: a table takes {low} to {high}"
                    f" ({clause})",
                )


class GuardedBot:
    """A bot whose failure (an exception, an illegal choice) is logged and replaced by a
    random legal action: a table never stalls on a bot."""

    def __init__(self, bot: Bot, rng: random.Random) -> None:
        self.bot = bot
        self.name = bot.name
        self._rng = rng

    def act(self, view: Observation) -> Action:
        try:
            action = self.bot.act(view)
        except Exception:
            log.exception("bot %s failed; playing a random legal action", self.name)
            return self._rng.choice(view.legal_actions)
        if action not in view.legal_actions:
            log.error("bot %s chose %s, which is not legal; playing at random", self.name, action)
            return self._rng.choice(view.legal_actions)
        return action


@dataclass
class Settings:
    """What a server may tune (``rams serve`` flags)."""

    #: Seconds a dropped person's seat waits before a bot plays it.
    grace_s: float = 90.0
    #: Seconds between two bot actions, so people see each card (0: no pause).
    bot_delay: float = 0.6
    #: Most seconds between deals while people read the result (each may say ready sooner).
    deal_pause: float = 30.0
    #: The level of the bot that stands in for a person who left.
    standin: str = "medium"
    #: Messages a second a connection may send, and the burst it may save up.
    rate: float = 30.0
    burst: float = 60.0
    #: Messages over the rate, in a row, after which a flooding connection is closed.
    flood_close: int = 300
    #: Tables one client (address) may create at once, and then so many a minute.
    tables_burst: int = 20
    tables_per_minute: float = 10.0

    def __post_init__(self) -> None:
        if self.standin not in LEVELS:
            raise ValueError(
                f"a stand-in is a bot level ({', '.join(LEVELS)}), not {self.standin!r}"
            )


class TableError(ValueError):
    """A request about a table that cannot be met (HTTP 4xx): ``status`` and ``code``."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code


def hash_token(token: str) -> str:
    """The SHA-256 of a seat token, as stored (the token itself never is)."""
    return hashlib.sha256(token.encode()).hexdigest()


def clean_name(name: str) -> str:
    """A player's name, trimmed; refused if empty, too long or with control characters."""
    name = " ".join(name.split())
    if not name or len(name) > _NAME_MAX or not name.isprintable():
        raise TableError(400, "bad_name", f"a name is 1 to {_NAME_MAX} printable characters")
    return name


class RateLimit:
    """Token buckets by key (a client's address): ``burst`` at once, then ``per_minute``."""

    def __init__(
        self, per_minute: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._rate = per_minute / 60
        self._burst = float(burst)
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, key: str) -> bool:
        """Take one token from ``key``'s bucket; False when it is empty."""
        now = self._clock()
        tokens, stamp = self._buckets.get(key, (self._burst, now))
        tokens = min(self._burst, tokens + (now - stamp) * self._rate)
        allowed = tokens >= 1
        self._buckets[key] = (tokens - 1 if allowed else tokens, now)
        if len(self._buckets) > _BUCKETS_MAX:
            self._prune(now)
        return allowed

    def _prune(self, now: float) -> None:
        # A bucket that has filled up again is the same as none.
        self._buckets = {
            k: (t, s)
            for k, (t, s) in self._buckets.items()
            if t + (now - s) * self._rate < self._burst
        }


Sender = Callable[[dict[str, Any]], Awaitable[None]]


class Client:
    """One browser connection: its seat (None: a guest), language, and outgoing queue."""

    def __init__(self, send: Sender, settings: Settings) -> None:
        self._send = send
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.seat: int | None = None
        self.lang = "ru"
        self.greeted = False
        self._tokens = settings.burst
        self._rate = settings.rate
        self._burst = settings.burst
        self._stamp = time.monotonic()
        self.flooded = 0
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message (sent in order by the writer task)."""
        if not self.closed:
            self.queue.put_nowait(message)

    def allow(self) -> bool:
        """The token bucket: False when the connection sends faster than the rate."""
        now = time.monotonic()
        self._tokens = min(self._burst, self._tokens + (now - self._stamp) * self._rate)
        self._stamp = now
        if self._tokens >= 1:
            self._tokens -= 1
            self.flooded = 0
            return True
        self.flooded += 1
        return False

    async def write(self) -> None:
        """Send the queued messages until None is queued or the connection fails."""
        while True:
            message = await self.queue.get()
            if message is None:
                return
            try:
                await self._send(message)
            except Exception:  # the socket is gone: the reader notices and cleans up
                self.closed = True
                return


@dataclass
class LiveTable:
    """A table in memory: its seats, its game (once the seats are full), its clients."""

    id: str
    rules: Rules
    seats: list[SeatRow]
    status: str
    first_dealer: int | None = None
    game: Game | None = None
    table: Table | None = None
    clients: set[Client] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    driver: asyncio.Task[None] | None = None
    grace: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    standins: set[int] = field(default_factory=set)
    ready: set[int] = field(default_factory=set)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    pausing: bool = False

    @property
    def names(self) -> list[str]:
        return [s.name or "" for s in self.seats]

    def online(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.clients)

    def anyone_online(self) -> bool:
        """True while a person sitting at the table is connected (guests do not count)."""
        return any(c.seat is not None for c in self.clients)

    def is_person(self, seat: int) -> bool:
        return self.seats[seat].bot is None

    def seat_of(self, token: str) -> int | None:
        digest = hash_token(token)
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return i
        return None

    def public(self) -> dict[str, Any]:
        """What anyone with the link may see: the seats, the rules, the state of play."""
        game = self.game
        return {
            "id": self.id,
            "status": self.status,
            "rules": rules_summary(self.rules),
            "seats": [
                {
                    "name": s.name,
                    "bot": s.bot,
                    "online": s.bot is not None or self.online(i),
                    "standin": i in self.standins,
                    "ready": i in self.ready,
                }
                for i, s in enumerate(self.seats)
            ],
            "pausing": self.pausing,
            "deals": len(game.deals) if game is not None else 0,
            "winner": game.winner if game is not None else None,
        }

    def meta(self) -> dict[str, Any]:
        """The record's application data: who was a bot, and the winner (so a finished
        table is shown without replaying its record)."""
        winner = self.game.winner if self.game is not None else None
        return {
            "bots": [s.bot for s in self.seats],
            "table": self.id,
            "app": "rams serve",
            "winner": winner,
        }


def _finished_public(row: TableRow, record: str) -> dict[str, Any]:
    """A finished table's public side, read from its stored record."""
    data = json.loads(record)
    meta = data.get("meta") or {}
    # (A record stored before its meta held the winner is replayed.)
    winner = meta["winner"] if "winner" in meta else loads(record).replay().winner
    public = LiveTable(row.id, row.rules, list(row.seats), "over", row.first_dealer).public()
    public.update(deals=len(data.get("deals", ())), winner=winner)
    return public


class Tables:
    """Every live table of a server, and the protocol of their websockets."""

    def __init__(self, store: Store, settings: Settings | None = None) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.tables: dict[str, LiveTable] = {}
        #: Tables that could not be rebuilt from the database, and why (logged once; every
        #: start tries them again, so a fixed server brings them back).
        self.broken: dict[str, str] = {}
        self._rng = random.SystemRandom()
        self._tasks: set[asyncio.Task[None]] = set()
        #: Table creations by client address (``POST /api/tables``).
        self.creations = RateLimit(self.settings.tables_per_minute, self.settings.tables_burst)

    # Start and stop -----------------------------------------------------------------------

    async def start(self) -> None:
        """Resume every table not yet over, from the database; one that cannot be rebuilt
        is logged and marked broken, and the others play on."""
        for table_id in self.store.live_table_ids():
            live = self._load(table_id)
            if live is None or live.status == "over":
                continue
            if live.game is not None and not live.game.is_over:
                for seat in range(len(live.seats)):
                    if live.is_person(seat):
                        self._start_grace(live, seat)
                self.kick(live)

    async def stop(self) -> None:
        """Stop every driver and timer (the database already holds everything)."""
        for live in self.tables.values():
            for handle in live.grace.values():
                handle.cancel()
            if live.driver is not None:
                live.driver.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await live.driver
            for c in list(live.clients):
                c.queue.put_nowait(None)

    def _load(self, table_id: str) -> LiveTable | None:
        """A table not yet over, from the database, kept in memory while it is played; None
        (and the table marked broken) if it cannot be rebuilt."""
        if table_id in self.broken:
            return None
        try:
            return self._rebuilt(table_id)
        except SQLAlchemyError:
            raise  # the database itself: not this table's fault
        except Exception as e:  # a stored game this server cannot replay
            log.exception("table %s cannot be restored; it is marked broken", table_id)
            self.broken[table_id] = clip(f"{type(e).__name__}: {e}")
            self.tables.pop(table_id, None)
            return None

    def _rebuilt(self, table_id: str) -> LiveTable | None:
        row = self.store.table(table_id)
        if row is None or row.status == "over":
            return None
        seats = [self._checked_seat(table_id, s) for s in row.seats]
        live = LiveTable(row.id, row.rules, seats, row.status, row.first_dealer)
        if row.status != "open":
            self._rebuild(live, row)
        if live.status != "over":  # (its last action was stored, its end was not)
            self.tables[table_id] = live
        return live

    def _checked_seat(self, table_id: str, seat: SeatRow) -> SeatRow:
        """A stored seat, its bot a level: a bot no table may seat (one that sees every
        card) never comes back from the database; a bot of the stand-in level plays."""
        if seat.bot is None or seat.bot in LEVELS:
            return seat
        log.error(
            "table %s: bot %s is not a level; a %s bot plays",
            table_id,
            clip(repr(seat.bot)),
            self.settings.standin,
        )
        return SeatRow(seat.name, self.settings.standin, seat.token_hash)

    def _rebuild(self, live: LiveTable, row: TableRow) -> None:
        """The game of a table, replayed from its stored deals and actions (§12)."""
        assert row.first_dealer is not None
        deal_rows = self.store.deals_of(live.id)
        if deal_rows:
            record = Record.from_json(
                {
                    "format": FORMAT,
                    "rules": live.rules.to_json(),
                    "players": live.names,
                    "deals": [
                        {"dealer": d.dealer + 1, "deck": d.deck, "actions": list(d.actions)}
                        for d in deal_rows
                    ],
                }
            )
            game = record.replay(partial=True)
        else:
            game = Game(live.rules, live.names, first_dealer=row.first_dealer)
        game.rng = random.SystemRandom()  # the replay's RNG must not deal what comes next
        live.game = game
        live.table = self._table_of(live, game)
        if game.is_over and live.status != "over":
            self._finish(live)

    def _table_of(self, live: LiveTable, game: Game) -> Table:
        agents: list[Bot | None] = []
        for i, s in enumerate(live.seats):
            if s.bot is not None:
                agents.append(make_level_bot(s.bot, random.Random(self._rng.getrandbits(64))))
            elif i in live.standins:
                agents.append(self._standin_bot())
            else:
                agents.append(None)
        return Table(
            game,
            agents,
            on_action=lambda seat, action: self._stored_action(live, seat, action),
            on_deal=lambda deal: self._stored_deal(live, deal),
        )

    def _standin_bot(self) -> Bot:
        level = self.settings.standin if available(self.settings.standin) else "easy"
        return make_level_bot(level, random.Random(self._rng.getrandbits(64)))

    def get(self, table_id: str) -> LiveTable | None:
        """A table not yet over (loaded from the database if it is not in memory), or a
        finished one still watched; None for any other (see :meth:`public`)."""
        live = self.tables.get(table_id)
        if live is None and 0 < len(table_id) <= 32:
            live = self._load(table_id)
        return live

    def _row(self, table_id: str) -> TableRow | None:
        return self.store.table(table_id) if 0 < len(table_id) <= 32 else None

    async def public(self, table_id: str) -> dict[str, Any] | None:
        """What anyone may see of a table (``GET /api/tables/{id}``); a finished table's
        from its stored record, and it is not kept in memory."""
        live = self.get(table_id)
        if live is not None:
            return live.public()
        if table_id in self.broken:
            raise self._no_table(table_id)
        row = self._row(table_id)
        if row is None or row.record is None:
            return None
        return await asyncio.to_thread(_finished_public, row, row.record)

    async def _finished(self, table_id: str) -> LiveTable | None:
        """A finished table, replayed from its stored record for one connection (off the
        event loop) and not kept: it goes when the connection does."""
        row = self._row(table_id)
        if row is None or row.record is None:
            return None
        game = await asyncio.to_thread(loads(row.record).replay)
        live = LiveTable(row.id, row.rules, list(row.seats), "over", row.first_dealer, game)
        live.table = Table(game, [None] * row.rules.players)  # acting is refused (X9)
        return live

    def _no_table(self, table_id: str) -> TableError:
        if table_id in self.broken:
            return TableError(409, "broken", BROKEN_MESSAGE)
        if self._row(table_id) is not None:
            return TableError(409, "over", "the game at this table is over")
        return TableError(404, "no_table", "no such table")

    # Persistence (called by the Table, under the table's lock) ----------------------------

    def _stored_deal(self, live: LiveTable, deal: DealState) -> None:
        assert live.game is not None
        index = len(live.game.deals) - 1
        self.store.add_deal(live.id, index, deal.dealer, cards_str(deal.deck))

    def _stored_action(self, live: LiveTable, seat: int, action: Action) -> None:
        game = live.game
        assert game is not None and game.deal is not None
        deal = game.deal
        self.store.add_action(
            live.id, len(game.deals) - 1, len(deal.actions) - 1, seat, str(action)
        )
        if game.is_over:
            self._finish(live)

    def _finish(self, live: LiveTable) -> None:
        assert live.game is not None
        self.store.finish(live.id, dumps(record_of(live.game, live.meta())))
        live.status = "over"  # the grace timers see it and do nothing

    def _recover(self, live: LiveTable) -> None:
        """After a failed write: forget the game in memory and replay what was stored."""
        log.exception("table %s: an action failed; replaying the database", live.id)
        row = self.store.table(live.id)
        if row is None:  # pragma: no cover - the table itself is gone
            return
        live.status = row.status
        self._rebuild(live, row)

    # Creating and joining (HTTP) ----------------------------------------------------------

    def create(
        self,
        name: str,
        preset: str,
        players: int,
        bots: Sequence[str | None],
        house_rules: dict[str, Any],
    ) -> tuple[LiveTable, int, str]:
        """A new table; its creator sits in the first seat that is not a bot.

        Returns the table, the creator's seat and the creator's secret token.
        """
        name = clean_name(name)
        if preset not in PRESETS:
            raise TableError(400, "bad_rules", f"unknown preset {clip(repr(preset))} (§9.2)")
        check_house_rules(house_rules)
        try:
            rules = Rules.preset(preset, players, **house_rules)
        except (RamsError, TypeError) as e:
            raise TableError(400, "bad_rules", clip(str(e))) from None
        if len(bots) != players:
            raise TableError(400, "bad_seats", f"give a bot level or null for each of {players}")
        for b in bots:
            if b is not None and b not in LEVELS:
                levels = ", ".join(LEVELS)
                raise TableError(400, "bad_seats", f"bot levels are {levels}, not {clip(repr(b))}")
            if b is not None and not available(b):
                raise TableError(
                    400, "bad_seats", f"this server cannot seat a {b} bot: it lacks the solver"
                )
        if all(b is not None for b in bots):
            raise TableError(400, "bad_seats", "at least one seat is for a person (you)")
        creator = bots.index(None)
        token = secrets.token_urlsafe(24)
        rows = [
            SeatRow(f"bot-{i + 1}", b)
            if b is not None
            else SeatRow(name, None, hash_token(token))
            if i == creator
            else SeatRow(None)
            for i, b in enumerate(bots)
        ]
        table_id = secrets.token_urlsafe(9)
        self.store.create_table(table_id, rules, rows)
        live = LiveTable(table_id, rules, rows, "open")
        self.tables[table_id] = live
        if self._full(live):
            self._start_game(live)
        return live, creator, token

    async def join(self, table_id: str, name: str) -> tuple[int, str]:
        """Take the first free seat; returns the seat and its secret token."""
        name = clean_name(name)
        live = self.get(table_id)
        if live is None:
            raise self._no_table(table_id)
        async with live.lock:
            free = [i for i, s in enumerate(live.seats) if s.name is None]
            if not free:
                raise TableError(409, "full", "every seat is taken")
            token = secrets.token_urlsafe(24)
            seat = free[0]
            if not self.store.take_seat(live.id, seat, name, hash_token(token)):
                raise TableError(409, "full", "that seat was just taken; try again")
            live.seats[seat] = SeatRow(name, None, hash_token(token))
            if self._full(live):
                self._start_game(live)
                for s in range(len(live.seats)):
                    if live.is_person(s) and not live.online(s):
                        self._start_grace(live, s)
            self._broadcast(live)
        self.kick(live)
        return seat, token

    @staticmethod
    def _full(live: LiveTable) -> bool:
        return all(s.name is not None for s in live.seats)

    def _start_game(self, live: LiveTable) -> None:
        first = self._rng.randrange(live.rules.players)  # D4: the first dealer by lot
        self.store.start_game(live.id, first)
        live.status = "playing"
        live.first_dealer = first
        game = Game(live.rules, live.names, rng=random.SystemRandom(), first_dealer=first)
        live.game = game
        live.table = self._table_of(live, game)

    # Driving the bots ---------------------------------------------------------------------

    def kick(self, live: LiveTable) -> None:
        """Make sure the table's driver runs (it stops when a person must act)."""
        if live.table is None or live.status == "over":
            return
        if live.driver is None or live.driver.done():
            live.driver = asyncio.get_running_loop().create_task(self._drive(live))

    async def _drive(self, live: LiveTable) -> None:
        s = self.settings
        while True:
            async with live.lock:
                table = live.table
                if table is None or table.game.is_over:
                    self._forget_if_done(live)
                    return
                if not live.anyone_online():
                    return  # nobody at the table: it waits (the next person's hello kicks it)
                steps = None if s.bot_delay <= 0 else 1
                try:
                    reason = await self._advance(live, table, steps)
                except Exception:  # storing failed, or worse: replay what is stored, retry
                    self._recover(live)
                    reason = "error"
                if reason == "deal_end":
                    live.ready.clear()
                    live.wake.clear()
                    live.pausing = True
                self._broadcast(live)
            if reason == "error":
                await asyncio.sleep(1.0)
            elif reason == "steps":
                await asyncio.sleep(s.bot_delay)
            elif reason == "deal_end":
                await self._pause(live)
            else:
                if reason == "over":
                    self._forget_if_done(live)
                return

    async def _advance(self, live: LiveTable, table: Table, steps: int | None) -> str:
        """The bots' turns, on a worker thread; when one thinks longer than
        :data:`THINKING_AFTER`, everyone at the table is told who is thinking."""
        work = asyncio.ensure_future(asyncio.to_thread(table.advance, True, steps))
        done, _ = await asyncio.wait({work}, timeout=THINKING_AFTER)
        if not done:
            seat = table.game.to_move
            if seat is not None and not table.is_person(seat):
                for c in list(live.clients):
                    c.send({"type": "thinking", "seat": seat})
        return await work

    def _forget_if_done(self, live: LiveTable) -> None:
        """A finished table nobody watches leaves memory (the database keeps its record)."""
        if live.status == "over" and not live.clients and self.tables.get(live.id) is live:
            del self.tables[live.id]

    def _waiting(self, live: LiveTable) -> list[int]:
        """The people whose "next deal" the pause still waits for."""
        return [
            i
            for i in range(len(live.seats))
            if live.is_person(i)
            and i not in live.standins
            and i not in live.ready
            and live.online(i)
        ]

    async def _pause(self, live: LiveTable) -> None:
        if self._waiting(live):
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(live.wake.wait(), timeout=self.settings.deal_pause)
        elif self.settings.bot_delay > 0:
            await asyncio.sleep(self.settings.bot_delay)
        async with live.lock:
            live.pausing = False
            live.ready.clear()

    # People leaving and coming back -------------------------------------------------------

    def _start_grace(self, live: LiveTable, seat: int) -> None:
        if seat in live.grace or seat in live.standins:
            return
        loop = asyncio.get_running_loop()

        def expire() -> None:
            live.grace.pop(seat, None)
            task = loop.create_task(self._stand_in(live, seat))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

        live.grace[seat] = loop.call_later(self.settings.grace_s, expire)

    async def _stand_in(self, live: LiveTable, seat: int) -> None:
        async with live.lock:
            # Checked under the lock: the person may have come back while it waited for it
            # (then the seat is theirs), or left again (then a newer grace period runs).
            if (
                live.online(seat)
                or seat in live.grace
                or seat in live.standins
                or live.table is None
                or live.status == "over"
            ):
                return
            live.table.set_agent(seat, self._standin_bot())
            live.standins.add(seat)
            if seat not in live.ready:
                live.ready.add(seat)
            self._broadcast(live)
        if not self._waiting(live):
            live.wake.set()
        self.kick(live)

    def _came_back(self, live: LiveTable, seat: int) -> None:
        """The seat's person is back (called under the lock, once the client is added, so
        a stand-in that was waiting for the lock finds them online, or is undone here)."""
        handle = live.grace.pop(seat, None)
        if handle is not None:
            handle.cancel()
        if seat in live.standins:
            if live.table is not None:
                live.table.set_agent(seat, None)
            live.standins.discard(seat)

    def _left(self, live: LiveTable, seat: int) -> None:
        if live.online(seat) or live.game is None or live.status == "over":
            return
        self._start_grace(live, seat)
        if not self._waiting(live):
            live.wake.set()

    # Sending ------------------------------------------------------------------------------

    def _message_for(self, live: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
        public = live.public()
        if seat is None or live.game is None:
            out: dict[str, Any] = {"type": "table", "table": public}
            if live.game is not None:
                out["sheet"] = sheet_of(live.game)
                out["payouts"] = live.game.payouts() if live.game.is_over else None
            return out
        return state_message(live.game, seat, lang, public)

    def _broadcast(self, live: LiveTable) -> None:
        """Send every client of the table the table as its seat sees it now."""
        cache: dict[tuple[int | None, str], dict[str, Any]] = {}
        for c in list(live.clients):
            key = (c.seat, c.lang)
            if key not in cache:
                cache[key] = self._message_for(live, c.seat, c.lang)
            c.send(cache[key])

    # The websocket ------------------------------------------------------------------------

    async def serve(
        self,
        table_id: str,
        receive: Callable[[], Awaitable[Mapping[str, Any]]],
        send: Sender,
    ) -> None:
        """Talk to one websocket until it closes (``receive``/``send`` are the ASGI
        websocket's message functions, already accepted)."""
        client = Client(send, self.settings)
        writer = asyncio.get_running_loop().create_task(client.write())
        live = self.get(table_id)
        if live is None:
            live = await self._finished(table_id)
        try:
            if live is None:
                if table_id in self.broken:
                    client.send(error("broken", "en"))
                else:
                    client.send(error("bad_message", "en", why="no such table"))
                return
            while not client.closed:
                message = await receive()
                if message["type"] == "websocket.disconnect":
                    return
                text = message.get("text")
                raw = text if text is not None else message.get("bytes")
                if not client.allow():
                    # Every message dropped is answered (a client must know its action was
                    # not taken); a flood that goes on is closed.
                    client.send(error("flood", client.lang))
                    if client.flooded > self.settings.flood_close:
                        return
                    continue
                try:
                    parsed = parse_message(raw if raw is not None else b"")
                except ProtocolError as e:
                    client.send(error(e.code, client.lang, **e.fields))
                    continue
                await self._handle(live, client, parsed)
        finally:
            if live is not None and client in live.clients:
                live.clients.discard(client)
                if client.seat is not None:
                    self._left(live, client.seat)
                    async with live.lock:
                        self._broadcast(live)
            client.closed = True
            client.queue.put_nowait(None)
            if live is not None:
                self._forget_if_done(live)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, timeout=5)

    async def _handle(self, live: LiveTable, client: Client, m: ClientMessage) -> None:
        if isinstance(m, Ping):
            client.send({"type": "pong"})
            return
        if isinstance(m, Hello):
            await self._hello(live, client, m)
            return
        if not client.greeted:
            client.send(error("hello_first", client.lang))
            return
        if isinstance(m, Lang):
            client.lang = m.lang
            async with live.lock:
                client.send(self._message_for(live, client.seat, client.lang))
        elif isinstance(m, Ready):
            if client.seat is not None and live.pausing:
                live.ready.add(client.seat)
                if not self._waiting(live):
                    live.wake.set()
                async with live.lock:
                    self._broadcast(live)
        elif isinstance(m, Act):
            await self._act(live, client, m)

    async def _hello(self, live: LiveTable, client: Client, m: Hello) -> None:
        if client.greeted:
            client.send(error("bad_message", client.lang, why="hello comes once"))
            return
        client.greeted = True
        client.lang = m.lang
        seat = live.seat_of(m.token) if m.token else None
        if m.token and seat is None:
            client.send(error("bad_token", client.lang))
        async with live.lock:  # joined under the lock: the welcome comes before any state
            client.seat = seat
            live.clients.add(client)
            if seat is not None:
                self._came_back(live, seat)
            client.send({"type": "welcome", "seat": seat, "table": live.public()})
            self._broadcast(live)
        self.kick(live)

    async def _act(self, live: LiveTable, client: Client, m: Act) -> None:
        seat, lang = client.seat, client.lang
        if seat is None:
            client.send(error("no_seat", lang))
            return
        async with live.lock:
            table, game = live.table, live.game
            if table is None or game is None:
                client.send(error("not_started", lang))
                return
            deal = game.deal
            now = (len(game.deals), len(deal.actions) if deal is not None else 0)
            if m.deal is not None and m.step is not None and (m.deal, m.step) != now:
                client.send(error("stale", lang))
                client.send(self._message_for(live, seat, lang))
                return
            try:
                table.submit(seat, m.action)
            except IllegalActionError as e:
                hint = legal_hint(deal.observation(seat), lang) if deal is not None else ""
                why = f"{e.why(lang, live.names)} ({e.clause})"
                client.send(error("illegal", lang, clause=e.clause, hint=hint, why=why))
                return
            except SQLAlchemyError:
                self._recover(live)
                client.send(error("server", lang))
                self._broadcast(live)
                return
            deal = game.deal
            assert deal is not None
            step = len(deal.actions)
            client.send({"type": "ack", "action": str(m.action), "deal": now[0], "step": step})
            self._broadcast(live)
        self.kick(live)
