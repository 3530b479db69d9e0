"""The live tables of a server: each a match driven by one :class:`rams.table.Table`, its
seats and the browsers connected to it, kept in the database.

Each table has its own driver task; its bots think in worker processes (a hard bot thinks
without stalling the event loop), or on the spot for a level that decides in microseconds,
so the bots of different tables think at the same time, while within a table everything
happens in turn under its lock. Its writes go to the store's one writer, which commits the
tables' steps in groups off the event loop; a step is told once it is durable. At start
every table not yet over is rebuilt from the database by replaying its stored deals and
actions; a finished table is answered from its stored record and is not kept in memory.
Here are the registry and its persistence; the seats' lifecycle is :mod:`rams.web.seats`,
the websockets :mod:`rams.web.sockets`, a table's parts :mod:`rams.web.live`.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import random
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from rams import games
from rams.bots import LEVELS, available, available_levels
from rams.bots.program import Channel, Limits, ProtocolBreak
from rams.cards import cards_str, pack
from rams.daily import DailyDeal, OneDeal, deal_points, parse_deal
from rams.errors import RamsError
from rams.fair import Context, Dealer, DealProof, new_seed
from rams.games.protocol import DealState, Match
from rams.ratings import match_places, match_sides, player_id
from rams.record import FORMAT, Record, dumps, loads, record_of
from rams.table import Table, close_bots
from rams.web.cluster import Cluster, Receive
from rams.web.hints import Hints
from rams.web.ladder import Hub
from rams.web.live import (
    PROGRAM,
    Background,
    BotSeat,
    Client,
    LiveTable,
    ProgramSeat,
    RateLimit,
    Sender,
    Settings,
    TableError,
    TableOptions,
    _finished_public,
    check_house_rules,
    clean_name,
    clip,
    cut_name,
    hash_token,
    make_level_bot,
    same_name,
    seal,
    unseal,
)
from rams.web.lobby import Lobby
from rams.web.protocol import error
from rams.web.seats import Driver
from rams.web.sockets import Sockets
from rams.web.store import (
    GameResult,
    LeaseLost,
    Op,
    SeatRow,
    Store,
    TableRow,
    Write,
    action_row,
    add_deal_in,
    finish_in,
)
from rams.web.work import Workers
from rams.words import text

__all__ = [
    "Client",
    "LiveTable",
    "RateLimit",
    "Rematch",
    "Settings",
    "TableError",
    "TableOptions",
    "Tables",
    "check_house_rules",
    "hash_token",
    "make_level_bot",
]

log = logging.getLogger("rams.web")


def bot_seat_names(lang: str) -> list[str]:
    """What a table calls the bot in each seat, in its creator's language (the catalogue's
    ``table.bot_names``: Russian names, as at a dacha's table, or English ones)."""
    return text("table.bot_names", lang).split()


#: Finished tables kept in memory, replayed, for the connections that watch them.
FINISHED_KEPT = 16
#: Failed writes in a row after which a table is given up (see :meth:`Tables._write`).
WRITE_GIVE_UP = 3
#: Finished tables whose next table (:meth:`Tables.rematch`) is remembered, the latest.
REMATCHES_KEPT = 1024


@dataclasses.dataclass(frozen=True, slots=True)
class Rematch:
    """A finished table's next game: the new table, the seat that asked for it, and the
    secret token of each person's seat there that this process knows (all of them where it
    made the table; after a restart, from the store, the one seat whose old token opened its
    sealed new one)."""

    table_id: str
    by: int
    tokens: dict[int, str]


@dataclasses.dataclass
class _Step:
    """What one step of play writes (:meth:`Tables.write`): its statements, its actions'
    rows, what is done once they are durable, and whether it ended the game."""

    ops: list[Op] = dataclasses.field(default_factory=list)
    actions: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    after: list[Callable[[], None]] = dataclasses.field(default_factory=list)
    over: bool = False


class Tables:
    """Every live table of a server, and the protocol of their websockets."""

    def __init__(self, store: Store, settings: Settings | None = None) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.tables: dict[str, LiveTable] = {}
        #: Tables that could not be rebuilt from the database, and why (logged once; every
        #: start tries them again, so a fixed server brings them back).
        self.broken: dict[str, str] = {}
        #: The step of play each table is taking now (:meth:`write`), its writes gathered.
        self._steps: dict[str, _Step] = {}
        self._rng = random.SystemRandom()
        #: The background work (timers' tasks, retries, the sweeping loops).
        self.background = Background("tables")
        #: Table creations by client address (``POST /api/tables``).
        self.creations = RateLimit(self.settings.tables_per_minute, self.settings.tables_burst)
        #: Open websockets by client address.
        self.connections: dict[str, int] = {}
        #: Finished tables being watched, replayed once and shared by every connection
        #: (the most recent few), and the replays under way.
        self._finished_tables: OrderedDict[str, LiveTable] = OrderedDict()
        #: The next table of each finished table that asked to play again (:meth:`rematch`).
        self.rematches: OrderedDict[str, Rematch] = OrderedDict()
        self._replaying: dict[str, asyncio.Future[LiveTable | None]] = {}
        #: The worker processes that think for the bots and value the hints (rams.web.work).
        self.workers = Workers(self.settings.think_workers)
        #: The registered bots connected now (rams.web.ladder), seated like levels.
        self.hub: Hub | None = None
        #: The parts: the hints, the tables' turns, the websockets (each given what it needs).
        self.hints = Hints(self.workers, self.background, self.settings.hint_samples)
        self.driver = Driver(self)
        self.sockets = Sockets(self, self.driver, self.hints)
        self.lobby = Lobby(self)
        #: This process's part among several over one database (None: it plays every table).
        s = self.settings
        self.cluster = (
            Cluster(self, s.redis_url, s.lease_s, s.process_name) if s.redis_url else None
        )

    # Start and stop -----------------------------------------------------------------------

    async def start(self) -> None:
        """Resume every table not yet over, from the database; one that cannot be rebuilt
        is logged and marked broken, and the others play on. Tables whose seats never fill
        are closed after ``open_hours``, checked every few minutes."""
        self._spawn(self._expire_open_tables())
        self._spawn(self._unload_idle_tables())
        if self.settings.prestart_workers:
            self.workers.prestart()
        if self.cluster is not None:  # (it takes the tables no other process plays)
            await self.cluster.start()
            return
        for table_id in self.store.live_table_ids():
            live = self._load(table_id)
            if live is not None and live.status != "over":
                self._resume(live)

    def _resume(self, live: LiveTable) -> None:
        """A table brought back from the database plays on: its people have their grace
        period to come back, and its bots play."""
        if live.game is not None and not live.game.is_over:
            for seat in range(len(live.seats)):
                if live.is_person(seat):
                    self.driver.start_grace(live, seat)
            self.kick(live)

    def _spawn(self, work: Any) -> None:
        """Run ``work`` in the background (:class:`~rams.web.live.Background`)."""
        self.background.spawn(work)

    async def _expire_open_tables(self) -> None:
        while True:
            try:
                self.expire_open_tables()
            except SQLAlchemyError as e:  # (the database away: next time)
                log.warning("open tables not expired now: %s", clip(str(e), 160))
            await asyncio.sleep(max(1.0, min(600.0, self.settings.open_hours * 3600 / 10)))

    async def _unload_idle_tables(self) -> None:
        held = len(self.tables)
        while True:
            await asyncio.sleep(max(0.2, min(60.0, self.settings.unload_after / 4)))
            await self.unload_idle_tables()
            if len(self.tables) < held:  # (tables unloaded, or finished and forgotten)
                trim_memory()
            held = len(self.tables)

    async def unload_idle_tables(self, now: float | None = None) -> list[str]:
        """Unload every table nobody has been connected to for ``Settings.unload_after``
        seconds (its game is in the database; the next person who comes back resumes it
        from there); their ids."""
        now = time.time() if now is None else now
        limit = self.settings.unload_after
        idle = [
            t
            for t in self.tables.values()
            if t.status in ("open", "playing")
            and not t.clients
            and t.idle_since is not None
            and now - t.idle_since >= limit
            and (t.driver is None or t.driver.done())
        ]
        for live in idle:
            del self.tables[live.id]
            live.moved = True  # (its timers and loops stop)
            self.workers.forget(live.id)
            await self._halt(live)
            if self.cluster is not None:  # (nobody takes it until somebody comes back)
                with contextlib.suppress(SQLAlchemyError):
                    self.store.release(self.cluster.me, [live.id], idle=True)
        if idle:
            log.info("%d idle tables unloaded (kept in the database)", len(idle))
        return [t.id for t in idle]

    def expire_open_tables(self, now: float | None = None) -> list[str]:
        """Close every table still waiting for players after ``open_hours``; their ids."""
        now = time.time() if now is None else now
        limit = self.settings.open_hours * 3600
        gone = [
            t.id for t in self.tables.values() if t.status == "open" and now - t.created > limit
        ]
        for table_id in gone:
            live = self.tables.pop(table_id)
            self.store.expire(table_id)
            live.status = "expired"
            for c in list(live.clients):
                c.send(error("expired", c.lang))
                c.queue.put_nowait(None)
        return gone

    async def stop(self) -> None:
        """Stop every driver and timer (the database already holds everything); among
        several processes, give up this one's leases first."""
        if self.cluster is not None:
            await self.cluster.stop()
        await self.background.cancel()
        for live in self.tables.values():
            await self._halt(live)
            for c in list(live.clients):
                c.queue.put_nowait(None)
        self.workers.close()

    @staticmethod
    async def _halt(live: LiveTable) -> None:
        """Stop a table's driver and timers."""
        for handle in live.grace.values():
            handle.cancel()
        if live.clock is not None:
            live.clock.cancel()
        if live.driver is not None:
            live.driver.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await live.driver

    async def drop(self, table_id: str) -> None:
        """Another process took this table's lease: stop playing it here, and close its
        connections (a browser reconnects, a relayed socket asks who plays it now)."""
        live = self.tables.pop(table_id, None)
        if live is None:
            return
        live.moved = True
        self.workers.forget(table_id)
        await self._halt(live)
        for c in list(live.clients):
            c.close("moved")

    def _load(self, table_id: str) -> LiveTable | None:
        """A table not yet over, from the database, kept in memory while it is played; None
        (and the table marked broken) if it cannot be rebuilt. Among several processes,
        only if this one takes its lease: then it resumes here."""
        if table_id in self.broken:
            return None
        if self.cluster is not None:
            if not self.cluster.claim(table_id):
                return None
            live = self._load_here(table_id)
            if live is not None and live.status != "over":
                self._resume(live)
            return live
        return self._load_here(table_id)

    def _load_here(self, table_id: str) -> LiveTable | None:
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
        if row is None or row.status in ("over", "expired"):
            return None
        seats = [self._checked_seat(table_id, s) for s in row.seats]
        live = LiveTable(row.id, row.rules, seats, row.status, row.first_dealer)
        live.created = row.created_at.timestamp()
        live.options = TableOptions.from_json(row.options)
        if row.fair is not None:  # (the tables of before verifiable dealing have none)
            live.dealer = Dealer.restored(row.fair)
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
        return SeatRow(seat.name, self.settings.standin, seat.token_hash, seat.player_id)

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
                        {
                            "dealer": d.dealer + 1,
                            **d.fields,
                            "deck": d.deck,
                            "actions": list(d.actions),
                        }
                        for d in deal_rows
                    ],
                }
            )
            game = record.replay(partial=True)
        else:
            family = games.family(live.rules.family)
            game = family.new_match(live.rules, live.names, None, row.first_dealer)
        game = _shaped(live, game)
        game.rng = random.SystemRandom()  # the replay's RNG must not deal what comes next
        # The verifiable dealer as stored: the seeds of the deals dealt and the next one's.
        live.dealer = None
        if row.fair is not None and all(d.fair is not None for d in deal_rows):
            proofs = [DealProof.from_json(d.fair, live.rules.players) for d in deal_rows]
            live.dealer = Dealer.restored(row.fair, proofs)
        live.game = game
        live.table = self._table_of(live, game)
        if game.is_over and live.status != "over":
            self._finish(live)

    def _table_of(self, live: LiveTable, game: Match) -> Table:
        if live.dealer is not None:  # (rams-fair/2: the deals bind the rules and the seating)
            live.dealer.bind(Context.of(live.rules, live.names, [s.bot for s in live.seats]))
        agents: list[BotSeat | None] = []
        for i, s in enumerate(live.seats):
            if s.bot is not None and s.bot.startswith(PROGRAM):
                agents.append(self.program_seat(s.bot, game.rules.family))
            elif s.bot is not None:
                rng = random.Random(self._rng.getrandbits(64))
                agents.append(make_level_bot(s.bot, rng, game.rules.family))
            elif i in live.standins:
                agents.append(self.standin_bot(game.rules.family))
            else:
                agents.append(None)
        shuffle: Any = None if live.dealer is None else lambda game: self._fair_cards(live)
        if live.options.daily is not None:
            shuffle = lambda game: self._daily_cards(live)  # noqa: E731
        return Table(
            game,
            agents,
            on_action=lambda seat, action: self._stored_action(live, seat, action),
            on_deal=lambda deal: self._stored_deal(live, deal),
            shuffle=shuffle,
        )

    @staticmethod
    def _fair_cards(live: LiveTable) -> tuple[list[int], dict[str, int]]:
        """The next deal's cards from the committed seed and the seats' seeds (rams.fair)."""
        assert live.dealer is not None
        fields = games.family(live.rules.family).deal_fields
        return live.dealer.deal(pack(live.rules.pack_size), fields)

    def _daily_cards(self, live: LiveTable) -> tuple[list[int], dict[str, int]]:
        """A daily deal's cards: the deal's own, from its seed (rams.daily)."""
        deal = parse_deal(live.options.daily or "")
        assert deal is not None
        seeds = self.store.daily_seeds(deal.day.isoformat(), [deal.id], new_seed)
        return deal.cards(seeds[deal.id])

    def client_seed(self, live: LiveTable, seat: int, seed: str, deal: int | None = None) -> bool:
        """A seat's seed for the next deal (rams.fair), stored before it counts; False if the
        table takes none now, the seed is malformed, the seat gave one for that deal, or it
        was meant for another deal (``deal``) than the next."""
        dealer = live.dealer
        game = live.game
        if dealer is None or live.status == "over" or (game is not None and game.is_over):
            return False
        if deal is not None and deal != dealer.next_deal:
            return False
        if not dealer.add_client_seed(seat, seed):
            return False
        try:
            self.store.set_fair(live.id, dealer.pending_json())
        except BaseException:
            del dealer.next_client_seeds[seat]  # (not stored: it does not count)
            raise
        return True

    def program_seat(self, bot: str, family: str) -> ProgramSeat:
        """The seat of a registered bot (``prog:ID``), reached through its connector."""
        bot_id = bot.removeprefix(PROGRAM)
        hub, limits = self.hub, Limits(move_seconds=2.0, start_seconds=10.0)

        def connect() -> Channel:
            if hub is None:
                raise ProtocolBreak("no_start", bot_id)
            return hub.channel(bot_id, limits.line_bytes)

        return ProgramSeat(bot, family, self._rng.getrandbits(63), connect, limits)

    async def seat_program(self, table_id: str, bot: str, name: str) -> int:
        """A registered bot (``prog:ID``) takes the first free seat of an open table, by its
        link, under its name (unique at the table); returns the seat."""
        live = self.get(table_id)
        if live is None:
            raise self.no_table(table_id)
        async with live.lock:
            if live.status != "open":
                raise TableError(409, "not_open", "lobby.not_open")
            free = [i for i, s in enumerate(live.seats) if s.name is None]
            if not free:
                raise TableError(409, "full")
            if any(same_name(s.name, name) for s in live.seats):
                raise TableError(409, "name_taken", "lobby.name_taken", name=name)
            seat = free[0]
            if not self.store.seat_bot(live.id, seat, name, bot):
                raise TableError(409, "full", "just_taken")
            live.seats[seat] = SeatRow(name, bot)
            self._filled(live)
            self.broadcast(live)
        self.kick(live)
        return seat

    def standin_bot(self, family: str) -> BotSeat:
        level = self.settings.standin if available(self.settings.standin) else "easy"
        if level not in available_levels(family):
            level = available_levels(family)[-1]
        return make_level_bot(level, random.Random(self._rng.getrandbits(64)), family)

    def get(self, table_id: str) -> LiveTable | None:
        """A table not yet over (loaded from the database if it is not in memory), or a
        finished one still watched; None for any other (see :meth:`public`)."""
        live = self.tables.get(table_id)
        if live is None and 0 < len(table_id) <= 32:
            live = self._load(table_id)
        return live

    def elsewhere(self, table_id: str) -> str | None:
        """The process that plays this table, if another one does (among several)."""
        if self.cluster is None or table_id in self.tables or self.get(table_id) is not None:
            return None
        owner = self.cluster.owner_of(table_id)
        return owner if owner != self.cluster.me else None

    def _row(self, table_id: str) -> TableRow | None:
        return self.store.table(table_id) if 0 < len(table_id) <= 32 else None

    async def public(self, table_id: str, routed: bool = True) -> dict[str, Any] | None:
        """What anyone may see of a table (``GET /api/tables/{id}``); a finished table's
        from its stored record, and it is not kept in memory; one that another process
        plays, as that process answers (``routed``)."""
        owner = self.elsewhere(table_id) if routed else None
        if owner is not None:
            assert self.cluster is not None
            found: dict[str, Any] | None = await self.cluster.call(
                owner, "public", table_id=table_id
            )
            return found
        live = self.get(table_id)
        if live is not None:
            return live.public()
        if table_id in self.broken:
            raise self.no_table(table_id)
        row = self._row(table_id)
        if row is None or row.record is None:
            return None
        return await asyncio.to_thread(_finished_public, row, row.record)

    async def finished(self, table_id: str) -> LiveTable | None:
        """A finished table, replayed from its stored record off the event loop, once, and
        shared by every connection that watches it (the most recent few are kept)."""
        cached = self._finished_tables.get(table_id)
        if cached is not None:
            self._finished_tables.move_to_end(table_id)
            return cached
        pending = self._replaying.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[LiveTable | None] = asyncio.get_running_loop().create_future()
        self._replaying[table_id] = future
        try:
            live = await self._replay_finished(table_id)
            future.set_result(live)
        except BaseException as e:
            future.set_exception(e)
            future.exception()  # (retrieved: no warning if nobody else waited)
            raise
        finally:
            del self._replaying[table_id]
        if live is not None:
            self._finished_tables[table_id] = live
            while len(self._finished_tables) > FINISHED_KEPT:
                self._finished_tables.popitem(last=False)
        return live

    async def _replay_finished(self, table_id: str) -> LiveTable | None:
        row = self._row(table_id)
        if row is None or row.record is None:
            return None
        game = await asyncio.to_thread(loads(row.record).replay)  # (a finished match)
        live = LiveTable(row.id, row.rules, list(row.seats), "over", row.first_dealer, game)
        live.options = TableOptions.from_json(row.options)  # (its reactions on or off)
        live.game = game = _shaped(live, game)
        live.table = Table(game, [None] * row.rules.players)  # acting is refused (X9)
        return live

    def no_table(self, table_id: str) -> TableError:
        if table_id in self.broken:
            return TableError(409, "broken")
        row = self._row(table_id)
        if row is not None and row.status == "expired":
            return TableError(410, "expired")
        if self._row(table_id) is not None:
            return TableError(409, "over")
        return TableError(404, "no_table")

    # Persistence (called by the Table, under the table's lock) ----------------------------

    def _stored_deal(self, live: LiveTable, deal: DealState) -> None:
        assert live.game is not None
        index = len(live.game.deals) - 1
        family = games.family(live.rules.family)
        fields = {k: family.write_deal_field(k, v) for k, v in deal.record_fields().items()}
        dealer = live.dealer
        deck = cards_str(deal.deck)
        step = self._steps.get(live.id)
        if dealer is None:
            if step is None:
                self.store.add_deal(live.id, index, deal.dealer, deck, fields=fields)
                return
            step.ops.append(
                lambda c: add_deal_in(c, live.id, index, deal.dealer, deck, fields=fields)
            )
            return
        # The deal's proof, and the seed committed to for the next deal, in one transaction.
        proof, seed = dealer.proof(), new_seed()
        proof_json, next_fair = proof.to_json(), dealer.pending_json(seed)
        if step is None:
            self.store.add_deal(
                live.id, index, deal.dealer, deck, proof_json, next_fair, fields=fields
            )
            dealer.dealt(seed)
            return
        step.ops.append(
            lambda c: add_deal_in(
                c, live.id, index, deal.dealer, deck, proof_json, next_fair, fields
            )
        )
        step.after.append(lambda: dealer.dealt(seed))

    def _stored_action(self, live: LiveTable, seat: int, action: Any) -> None:
        game = live.game
        assert game is not None and game.deal is not None
        deal = game.deal
        where = (live.id, len(game.deals) - 1, len(deal.actions) - 1, seat, str(action))
        step = self._steps.get(live.id)
        if step is not None:  # (written by the store's writer: :meth:`write`)
            step.actions.append(action_row(*where))
            step.over = game.is_over
            return
        self.store.add_action(*where)
        if game.is_over:
            try:
                self._finish(live)
            except SQLAlchemyError:  # (the last action is stored: the end is written later)
                log.warning("table %s: its end could not be stored; trying again", live.id)
                self._spawn(self._finish_later(live))

    async def _finish_later(self, live: LiveTable) -> None:
        """Store a finished game's end once the database takes it (its every action is
        stored already: a restart would finish it the same way)."""
        delay = 1.0
        while live.status != "over" and not live.moved:
            await asyncio.sleep(delay)
            try:
                self._finish(live)
            except SQLAlchemyError:
                delay = min(delay * 2, 30.0)
        self.forget_if_done(live)

    def _finish(self, live: LiveTable) -> None:
        record, result, points = self._ending(live)
        self.store.finish(live.id, record, result, daily_points=points)
        live.status = "over"  # the grace timers see it and do nothing
        self._close_programs(live)

    def _ending(self, live: LiveTable) -> tuple[str, GameResult | None, int | None]:
        """A finished game's record, and its result or (a daily deal) its person's points,
        as :meth:`Store.finish` keeps them."""
        assert live.game is not None
        if live.options.daily is not None:
            # A daily deal: its person's points, not a rated game (its record is one deal,
            # with no result: the match goes on no further, rams.daily).
            meta = {**live.meta(), "daily": live.options.daily}
            return dumps(record_of(live.game, meta)), None, deal_points(live.game, 0)
        proofs = live.dealer.proofs if live.dealer is not None else ()
        # The server seeds are revealed here, with the record of the finished game, and
        # its players are rated in the same transaction (rams.ratings).
        record = dumps(record_of(live.game, live.meta(), proofs, result=True))
        return record, self._result(live, live.game), None

    async def _finish_written(self, live: LiveTable) -> None:
        """A finished game's end, by the store's writer (its last action is durable)."""
        record, result, points = self._ending(live)
        write = Write(live.id, (lambda c: finish_in(c, live.id, record, result, points),))
        try:
            await asyncio.wrap_future(self.store.writer.submit(write))
        except SQLAlchemyError:  # (the last action is stored: the end is written later)
            log.warning("table %s: its end could not be stored; trying again", live.id)
            self._spawn(self._finish_later(live))
            return
        live.status = "over"
        self._close_programs(live)

    @staticmethod
    def _close_programs(live: LiveTable) -> None:
        """A finished game's programs (people's bots) stopped, off the event loop."""
        programs = [
            a for a in (live.table.agents if live.table else []) if isinstance(a, ProgramSeat)
        ]
        if programs:  # (their programs stopped, off the event loop: the relay waits on it)
            threading.Thread(target=close_bots, args=(programs,), daemon=True).start()

    @staticmethod
    def _result(live: LiveTable, game: Match) -> GameResult:
        """A finished game as it is rated: its people by their keys' hashes, its bots by
        level, placed by the family's way of winning."""
        family = games.family(live.rules.family)
        spec = live.rules.to_json()
        return GameResult(
            family=live.rules.family,
            preset=str(spec["preset"] if isinstance(spec, dict) else spec),
            players=tuple(s.rated_id for s in live.seats),
            names=tuple(live.names),
            places=tuple(match_places(game.scores(), game.winners(), family.better)),
            sides=match_sides(game),
        )

    async def write(self, live: LiveTable, what: str, step: Callable[[], object]) -> bool:
        """Take one step of play that stores itself (``what``: a ``"deal"`` dealt, an
        ``"action"`` taken: the :class:`~rams.table.Table`'s hooks give its rows to the
        store's writer, :class:`~rams.web.store.Writer`), True once they are durable — the
        caller tells anyone of the step only then (it holds the table's lock meanwhile; the
        event loop serves the other tables). When the write fails, the step is undone in
        memory (:meth:`_undo`: the database is not touched in the error path), the table
        plays on from what was stored, and it is False; the caller says so and tries again.
        A table that cannot write :data:`WRITE_GIVE_UP` times in a row, that lost its lease,
        or whose database holds a step its memory does not, is let go (:meth:`_give_up`),
        to be resumed from the database. An illegal action raises, as before."""
        pending = _Step()
        self._steps[live.id] = pending
        try:
            step()
        finally:
            del self._steps[live.id]
        try:
            if pending.ops or pending.actions:
                write = Write(live.id, tuple(pending.ops), tuple(pending.actions))
                await self._durable(live, asyncio.wrap_future(self.store.writer.submit(write)))
        except SQLAlchemyError as e:
            live.write_failures += 1
            log.error("table %s: the %s could not be stored (%s: %s); undone, to try again",
                      live.id, what, type(e).__name__, clip(str(e).splitlines()[0] if str(e)
                      else "", 160))  # fmt: skip
            if live.game is not None:
                self._undo(live, what)
            diverged = isinstance(e, (LeaseLost, IntegrityError))
            if diverged or live.write_failures >= WRITE_GIVE_UP:
                self._give_up(live, "lease" if isinstance(e, LeaseLost) else "write")
            return False
        for after in pending.after:
            after()
        live.write_failures = 0
        if pending.over:
            await self._finish_written(live)
        return True

    async def _durable(self, live: LiveTable, written: asyncio.Future[None]) -> None:
        """Wait for a write to be durable. Should the waiter be cancelled meanwhile (its
        socket closed, the server stopping), the write goes on; if it then fails, the
        table's memory is ahead of its database, and the table is let go (resumed from
        the database)."""
        try:
            await asyncio.shield(written)
        except asyncio.CancelledError:

            def check(done: asyncio.Future[None]) -> None:
                if not done.cancelled() and done.exception() is not None and not live.moved:
                    self._give_up(live, "write")

            written.add_done_callback(check)
            raise

    def _undo(self, live: LiveTable, what: str) -> None:
        """Forget the last deal or action in memory (it was not stored): the game is
        replayed from its own record without it."""
        game = live.game
        assert game is not None
        record = record_of(game)
        deals = list(record.deals)
        if what == "deal":
            deals.pop()
        elif deals and deals[-1].actions:
            deals[-1] = dataclasses.replace(deals[-1], actions=deals[-1].actions[:-1])
        if deals:
            rebuilt = Record(record.rules, record.players, tuple(deals)).replay(partial=True)
        else:
            family = games.family(live.rules.family)
            rebuilt = family.new_match(live.rules, live.names, None, live.first_dealer)
        rebuilt = _shaped(live, rebuilt)
        rebuilt.rng = random.SystemRandom()
        before = live.table
        live.game = rebuilt
        live.table = self._table_of(live, rebuilt)
        if before is not None:  # (the pause after the last deal is not taken twice)
            live.table.paused_after = before.paused_after

    def _give_up(self, live: LiveTable, why: str) -> None:
        """Let a table go from this process's memory (its loops stop, its lease is no longer
        renewed, its connections are closed with the reason: browsers reconnect): what the
        database holds is the game, and it is resumed from there, here or (among several
        processes) wherever its lease is taken next."""
        if why == "lease":
            log.warning("table %s: taken over while this process was away; let go", live.id)
        else:
            log.error("table %s: its writes keep failing; let go, to be resumed from the "
                      "database", live.id)  # fmt: skip
        live.moved = True
        if self.tables.get(live.id) is live:
            del self.tables[live.id]
        self._spawn(self._let_go(live))

    async def _let_go(self, live: LiveTable) -> None:
        self.workers.forget(live.id)
        await self._halt(live)
        for c in list(live.clients):
            c.close("server_moved")
        if self.cluster is not None:  # (another process may take it at once)
            with contextlib.suppress(SQLAlchemyError):
                self.store.release(self.cluster.me, [live.id])

    # Creating and joining (HTTP) ----------------------------------------------------------

    def create(
        self,
        name: str,
        preset: str,
        players: int,
        bots: Sequence[str | None],
        house_rules: dict[str, Any],
        options: TableOptions | None = None,
        key: str | None = None,
        address: str | None = None,
        lang: str = "ru",
    ) -> tuple[LiveTable, int, str]:
        """A new table; its creator sits in the first seat that is not a bot, rated by
        their browser's ``key`` when they bring one (only its hash is kept); the bots are
        named in the creator's language ``lang``. A table that
        puts the worker processes to work (hints, a ``hard`` bot) is refused (429) when its
        creator's ``address`` already has ``Settings.heavy_tables_per_address`` of them.

        Returns the table, the creator's seat and the creator's secret token.
        """
        name = clean_name(name)
        if preset not in games.presets():
            raise TableError(400, "bad_rules", "unknown_preset", name=clip(repr(preset)))
        family = games.family_of(preset)
        check_house_rules(house_rules, family)
        try:
            rules = family.rules(preset, players, **house_rules)
        except RamsError as e:  # (a value of a kind an option never takes among them)
            raise TableError(400, "bad_rules", "cause", cause=e) from None
        if len(bots) != players:
            raise TableError(400, "bad_seats", "seat_count", players=players)
        offered = family.levels
        for b in bots:
            if b is not None and b not in offered:
                levels = ", ".join(offered)
                raise TableError(400, "bad_seats", "not_a_level", levels=levels, name=clip(repr(b)))
            if b is not None and not available(b):
                raise TableError(400, "bad_seats", "no_solver", level=b)
        if all(b is not None for b in bots):
            raise TableError(400, "bad_seats", "no_person")
        options = options or TableOptions()
        creator = bots.index(None)
        bot_names = bot_seat_names(lang)
        token = secrets.token_urlsafe(24)
        rows: list[SeatRow] = [SeatRow(None)] * len(bots)
        rows[creator] = SeatRow(name, None, hash_token(token), _rated(key))
        for i, b in enumerate(bots):
            if b is not None:  # (named after the creator: no bot takes the creator's name)
                rows[i] = SeatRow(bot_name(i, [r.name for r in rows], bot_names), b)
        return self._open(rules, rows, options, address), creator, token

    async def made(self, routed: bool = True, **how: Any) -> dict[str, Any]:
        """``POST /api/tables``: a new table (:meth:`create`'s arguments, ``options`` as
        JSON), answered with its id, the creator's seat and token, and its public side.

        Among several processes it is made by the one that plays fewest live tables
        (:meth:`_elsewhere`). A table that puts the worker processes to work (hints, a
        ``hard`` bot) is made here: the limit of such tables an address may have is this
        process's."""
        heavy = how["options"].get("hints") or "hard" in how["bots"]
        if routed and not heavy and (answer := await self._elsewhere("create", how)):
            return answer
        options = TableOptions.from_json(how.pop("options"))
        live, seat, token = self.create(options=options, **how)
        self.kick(live)
        return {"id": live.id, "seat": seat, "token": token, "table": live.public()}

    async def made_daily(self, routed: bool = True, **how: Any) -> dict[str, Any]:
        """A person's try at a daily deal (``deal``: its id; :meth:`create_daily`'s other
        arguments), answered as :meth:`made` answers; among several processes made by the
        one that plays fewest live tables (:meth:`_elsewhere`)."""
        if routed and (answer := await self._elsewhere("daily", how)):
            return answer
        deal = parse_deal(how.pop("deal"))
        if deal is None:
            raise TableError(404, "no_daily", "daily.no_deal")
        live, seat, token = self.create_daily(deal, **how)
        self.kick(live)
        return {"id": live.id, "seat": seat, "token": token, "table": live.public()}

    async def _elsewhere(self, op: str, how: dict[str, Any]) -> dict[str, Any] | None:
        """Among several processes, a new table goes to the one that plays fewest live
        tables (rams.web.cluster), whichever the request landed on: that one is asked over
        Redis to make it (``op``, ``how``) and its answer returned; None when this process
        is that one, or the other does not answer (it is then made here)."""
        if self.cluster is None:
            return None
        owner = self.cluster.pick()
        if owner == self.cluster.me:
            return None
        try:
            answer: dict[str, Any] = await self.cluster.call(owner, op, **how)
            return answer
        except TableError as e:
            if e.code != "elsewhere":
                raise
            log.warning("cluster: %s did not make a table; made here", owner)
            return None

    def create_daily(
        self, deal: DailyDeal, name: str, key: str, address: str | None = None, lang: str = "ru"
    ) -> tuple[LiveTable, int, str]:
        """A daily deal's table (rams.daily): the person in the first seat under their
        browser's ``key``, bots in the others; its one deal dealt from the deal's seed. The
        person's one try at the deal is stored first: a second is refused (409)."""
        name = clean_name(name)
        pid = player_id(key)
        table_id = secrets.token_urlsafe(9)
        if not self.store.daily_try(deal.id, deal.day.isoformat(), pid, name, table_id):
            raise TableError(409, "daily_once", "daily.once")
        token = secrets.token_urlsafe(24)
        rows = [SeatRow(name, None, hash_token(token), pid)]
        bot_names = bot_seat_names(lang)
        for i, b in enumerate(deal.bots[1:], start=1):
            rows.append(SeatRow(bot_name(i, [r.name for r in rows] + [None], bot_names), b))
        options = TableOptions(daily=deal.id)
        return self._open(deal.rules(), rows, options, address, table_id), 0, token

    def _open(
        self,
        rules: Any,
        rows: list[SeatRow],
        options: TableOptions,
        address: str | None,
        table_id: str | None = None,
    ) -> LiveTable:
        """A new table of ``rules`` with these seats, stored and kept live; its game starts
        at once when every seat is taken. A table that puts the worker processes to work
        (hints, a ``hard`` bot) is refused (429) when ``address`` already has
        ``Settings.heavy_tables_per_address`` of them."""
        heavy = options.hints or any(s.bot == "hard" for s in rows)
        if heavy and address is not None:
            running = self.heavy_tables(address)
            if running >= self.settings.heavy_tables_per_address:
                raise TableError(429, "too_many_heavy", count=running)
        table_id = table_id or secrets.token_urlsafe(9)
        # Committed to deal 1's seed before any seat sends one (a daily deal's cards are
        # the deal's own: rams.daily).
        dealer = Dealer(table_id) if options.daily is None else None
        fair = dealer.pending_json() if dealer is not None else None
        owner, until = (
            (self.cluster.me, self.cluster.until()) if self.cluster is not None else (None, None)
        )
        self.store.create_table(
            table_id, rules, rows, options.to_json(), fair, owner, until,
            public=options.public,
        )  # fmt: skip
        live = LiveTable(table_id, rules, rows, "open", options=options, dealer=dealer)
        live.creator, live.heavy = address, heavy
        self.tables[table_id] = live
        if self._full(live):
            self._start_game(live)
        return live

    # Playing again ------------------------------------------------------------------------

    async def rematch(
        self, table_id: str, token: str, address: str | None = None
    ) -> dict[str, Any]:
        """``POST /api/tables/{id}/rematch``: a seat of a finished table asks to play again.
        The first ask makes the next table — the same rules and options, every bot kept in
        its seat, every person still at the table (connected, or the one who asks) seated
        where they sat under a new secret token, any other seat free for the invitation —
        and tells each connection of the old table (:meth:`rematch_message`): a seat its own
        token, a spectator the table to watch. Every later ask gets the same table. Answered
        like a creation: the new table, the seat and its token. Refused with 404 (no such
        table), 409 (not over yet) and 403 (the token is no seat of it). A seat that was away
        when the next table was made is answered with its id alone (no seat, no token)."""
        live = self.get(table_id)
        if live is None and table_id not in self.broken:
            live = await self.finished(table_id)
        if live is None:
            raise self.no_table(table_id)
        if live.status != "over":
            raise TableError(409, "not_over", "living.rematch_not_over")
        if live.options.daily is not None:  # (one try a deal, rams.daily)
            raise TableError(409, "daily_once", "daily.once")
        seat = live.seat_of(token)
        if seat is None:
            raise TableError(403, "not_a_seat", "living.not_a_seat")
        async with live.lock:
            found = self._rematch_of(live.id, seat, token)
            if found is None:
                if address is not None and not self.creations.allow(address):
                    raise TableError(429, "too_many")
                try:
                    found = self._rematch(live, seat, token, address)
                except TableError:
                    if address is not None:
                        self.creations.refund(address)  # (a refused creation does not count)
                    raise
                self.rematches[live.id] = found
                while len(self.rematches) > REMATCHES_KEPT:
                    self.rematches.popitem(last=False)
                for c in list(live.clients):
                    c.send(_rematch_json(found, c.seat))
        again = self.get(found.table_id)
        # (A seat that was away when the table was made has none there: it may take a free
        # seat by the invitation, as anyone may.)
        kept = seat in found.tokens
        return {
            "id": found.table_id,
            "seat": seat if kept else None,
            "token": found.tokens.get(seat),
            "table": again.public() if again is not None else None,
        }

    def _rematch_of(self, table_id: str, seat: int | None, token: str | None) -> Rematch | None:
        """The next table of ``table_id``, if one was made: from memory, or after a restart
        from the store, where the seat's new token opens with its old one (``token``)."""
        found = self.rematches.get(table_id)
        if found is not None:
            return found
        row = self.store.rematch(table_id)
        if row is None:
            return None
        tokens: dict[int, str] = {}
        if seat is not None and token is not None and seat in row.sealed:
            opened = unseal(row.sealed[seat], token)
            again = self.store.table(row.next_id)
            if (
                opened is not None
                and again is not None
                and seat < len(again.seats)
                and again.seats[seat].token_hash == hash_token(opened)
            ):
                tokens[seat] = opened
        return Rematch(row.next_id, by=row.by, tokens=tokens)

    def _rematch(self, live: LiveTable, seat: int, token: str, address: str | None) -> Rematch:
        rows: list[SeatRow] = []
        tokens: dict[int, str] = {}
        for i, s in enumerate(live.seats):
            if s.bot is not None:
                rows.append(SeatRow(s.name, s.bot))
            elif s.name is not None and (i == seat or live.online(i)):
                tokens[i] = secrets.token_urlsafe(24)
                rows.append(SeatRow(s.name, None, hash_token(tokens[i]), s.player_id))
            else:
                rows.append(SeatRow(None))
        # (The options as stored: a finished table replayed for its watchers has none.)
        row = self.store.table(live.id)
        options = TableOptions.from_json(row.options) if row is not None else live.options
        again = self._open(live.rules, rows, options, address)
        if again.status == "playing":  # (everyone came along: their grace periods run)
            for k in range(len(again.seats)):
                if again.is_person(k) and not again.online(k):
                    self.driver.start_grace(again, k)
        self.kick(again)
        # Each kept seat's new token sealed with its old one (the asker's, or its connection's),
        # stored: after a restart the seat asks again with its old token and opens its own.
        old = {c.seat: c.token for c in live.clients if c.seat is not None and c.token}
        old[seat] = token
        sealed = {i: seal(new, old[i]) for i, new in tokens.items() if i in old}
        if not self.store.add_rematch(live.id, again.id, seat, sealed):
            log.warning("table %s: its next table was stored by another process", live.id)
        return Rematch(again.id, by=seat, tokens=tokens)

    def rematch_message(
        self, table_id: str, seat: int | None, token: str | None = None
    ) -> dict[str, Any] | None:
        """What a connection of finished table ``table_id`` is told of its next table, if
        there is one: ``{"type": "rematch", "id", "by", "token"}``, the token that seat's
        own (none for a spectator, or a seat that was not kept); ``token``: the seat's old
        one, which opens its new one after a restart."""
        found = self._rematch_of(table_id, seat, token)
        return None if found is None else _rematch_json(found, seat)

    def heavy_tables(self, address: str) -> int:
        """The live tables ``address`` made that put the workers to work (hints, ``hard``)."""
        return sum(
            1
            for t in self.tables.values()
            if t.heavy and t.creator == address and t.status in ("open", "playing")
        )

    async def joined(
        self,
        table_id: str,
        name: str,
        seed: str | None = None,
        key: str | None = None,
        routed: bool = True,
    ) -> dict[str, Any]:
        """``POST /api/tables/{id}/join``: :meth:`join`, answered with the table as it is
        then; at a table another process plays, that process joins (``routed``)."""
        owner = self.elsewhere(table_id) if routed else None
        if owner is not None:
            assert self.cluster is not None
            args = {"table_id": table_id, "name": name, "seed": seed, "key": key}
            answer: dict[str, Any] = await self.cluster.call(owner, "join", **args)
            return answer
        seat, token, seeded = await self.join(table_id, name, seed, key)
        live = self.get(table_id)
        assert live is not None
        answer = {"id": table_id, "seat": seat, "token": token, "table": live.public()}
        # The name the person sits under, and whether it was cut to fit (they are told).
        answer["name"], answer["name_cut"] = cut_name(name)
        if seed is not None:  # (acknowledged as the websocket acknowledges a seed)
            answer["seed"] = {"seed": seed, "deal": 1, "accepted": seeded}
        return answer

    async def join(
        self, table_id: str, name: str, seed: str | None = None, key: str | None = None
    ) -> tuple[int, str, bool]:
        """Take the first free seat, with the seat's seed for the first deal if it brings one
        (rams.fair), rated by the browser's ``key`` if it brings one (rams.ratings); returns
        the seat, its secret token, and whether its seed counts. A name already at the
        table (a person's or a bot's; case aside) is refused: names are unique at a table."""
        name = clean_name(name)
        live = self.get(table_id)
        if live is None:
            raise self.no_table(table_id)
        async with live.lock:
            free = [i for i, s in enumerate(live.seats) if s.name is None]
            if not free:
                raise TableError(409, "full")
            if any(same_name(s.name, name) for s in live.seats):
                raise TableError(409, "name_taken", "lobby.name_taken", name=name)
            token = secrets.token_urlsafe(24)
            seat = free[0]
            rated = _rated(key)
            if not self.store.take_seat(live.id, seat, name, hash_token(token), rated):
                raise TableError(409, "full", "just_taken")
            live.seats[seat] = SeatRow(name, None, hash_token(token), rated)
            seeded = seed is not None and self.client_seed(live, seat, seed, 1)
            self._filled(live)
            self.broadcast(live)
        self.kick(live)
        return seat, token, seeded

    async def seat_bot(
        self, live: LiveTable, by: int | None, seat: int, level: str, lang: str = "ru"
    ) -> None:
        """The host (the seat ``by`` must be the table's :attr:`~LiveTable.host`, its
        creator) gives the free seat ``seat`` to a bot of ``level`` while the table waits
        for players; the bot sits under a name nobody at the table has, in the host's
        language ``lang`` (as the creator's picks the bots' names), and a table it fills
        starts at once. A ``hard`` bot counts the table among its creator's heavy
        ones (refused, 429, past ``Settings.heavy_tables_per_address``)."""
        family = games.family(live.rules.family)
        async with live.lock:
            if live.status != "open":
                raise TableError(409, "not_open", "lobby.not_open")
            if by is None or by != live.host:
                raise TableError(403, "not_host", "lobby.not_host")
            if not 0 <= seat < len(live.seats):
                raise TableError(422, "no_seat", seat=seat, players=len(live.seats))
            if live.seats[seat].name is not None:
                raise TableError(409, "seat_taken", "lobby.seat_taken")
            program = level.startswith(PROGRAM) and self.hub is not None
            connected = self.hub.connected if self.hub is not None else {}
            if program and level.removeprefix(PROGRAM) not in connected:
                raise TableError(409, "bot_away", "ladder.bot_away")
            if not program and level not in family.levels:
                levels = ", ".join(family.levels)
                raise TableError(400, "bad_seats", "not_a_level", levels=levels,
                                 name=clip(repr(level)))  # fmt: skip
            if not program and not available(level):
                raise TableError(400, "bad_seats", "no_solver", level=level)
            heavy = level == "hard" and not live.heavy
            if heavy and live.creator is not None:
                running = self.heavy_tables(live.creator)
                if running >= self.settings.heavy_tables_per_address:
                    raise TableError(429, "too_many_heavy", count=running)
            name = bot_name(seat, live.names, bot_seat_names(lang))
            if program:  # (a registered bot sits under its own name when nobody has it)
                own = connected[level.removeprefix(PROGRAM)].name
                name = own if not any(same_name(s.name, own) for s in live.seats) else name
            if not self.store.seat_bot(live.id, seat, name, level):
                raise TableError(409, "seat_taken", "lobby.seat_taken")
            live.seats[seat] = SeatRow(name, level)
            live.heavy = live.heavy or heavy
            self._filled(live)
            self.broadcast(live)
        self.kick(live)

    def _filled(self, live: LiveTable) -> None:
        """A table whose seats are all taken starts; the people not connected now have
        their grace period to come."""
        if not self._full(live):
            return
        self._start_game(live)
        for s in range(len(live.seats)):
            if live.is_person(s) and not live.online(s):
                self.driver.start_grace(live, s)

    @staticmethod
    def _full(live: LiveTable) -> bool:
        return all(s.name is not None for s in live.seats)

    def _start_game(self, live: LiveTable) -> None:
        # D4: the first dealer by lot; a verifiable dealer draws it again with deal 1's
        # cards, from the committed seed (rams-fair/2), and the deal stores it.
        first = self._rng.randrange(live.rules.players)
        self.store.start_game(live.id, first)
        live.status = "playing"
        live.first_dealer = first
        family = games.family(live.rules.family)
        game = _shaped(live, family.new_match(live.rules, live.names, random.SystemRandom(), first))
        live.game = game
        live.table = self._table_of(live, game)

    # The parts' needs (DriverHost, SocketsHost, ClusterHost) -------------------------------

    def kick(self, live: LiveTable) -> None:
        """Make sure the table's driver runs (:meth:`rams.web.seats.Driver.kick`)."""
        self.driver.kick(live)

    def broadcast(self, live: LiveTable) -> None:
        """Show every client of the table the table as it is now
        (:meth:`rams.web.sockets.Sockets.broadcast`)."""
        self.sockets.broadcast(live)

    async def serve(
        self,
        table_id: str,
        receive: Receive,
        send: Sender,
        end: Callable[[str], Awaitable[None]] | None = None,
        relayed: bool = False,
        url_at: Callable[[int], str] | None = None,
    ) -> bool:
        """Talk to one websocket until it closes (:meth:`rams.web.sockets.Sockets.serve`)."""
        return await self.sockets.serve(table_id, receive, send, end, relayed, url_at)

    async def direct(self, owner: str) -> int | None:
        """The port at which browsers reach the process ``owner`` itself (None: none, or
        gone: its sockets are relayed)."""
        return await self.cluster.direct(owner) if self.cluster is not None else None

    def ports(self) -> set[int]:
        """The ports of the cluster's processes a page of this server may come from."""
        return self.cluster.ports() if self.cluster is not None else set()

    async def relay(self, table_id: str, owner: str, receive: Receive, send: Sender) -> None:
        """Serve a socket whose table ``owner`` plays, through it (rams.web.cluster)."""
        assert self.cluster is not None
        await self.cluster.relay(table_id, owner, receive, send)

    def forget_if_done(self, live: LiveTable) -> None:
        """A finished table nobody watches leaves memory (the database keeps its record)."""
        if live.status == "over" and not live.clients and self.tables.get(live.id) is live:
            del self.tables[live.id]


def bot_name(seat: int, taken: Sequence[str | None], names: Sequence[str]) -> str:
    """The name of a bot in ``seat``: the seat's own of ``names`` (:func:`bot_seat_names`),
    or the first of them nobody at the table has (``taken``: the names there)."""
    n = len(names)
    for name in (names[(seat + k) % n] for k in range(n)):
        if not any(same_name(name, t) for t in taken):
            return name
    return f"{names[seat % n]} {seat + 1}"  # (a table of at most 7 never comes here)


def _rematch_json(found: Rematch, seat: int | None) -> dict[str, Any]:
    token = None if seat is None else found.tokens.get(seat)
    return {"type": "rematch", "id": found.table_id, "by": found.by, "token": token}


def _rated(key: str | None) -> str | None:
    """A person's player id from their browser's secret key (None: they are not rated)."""
    return None if key is None else player_id(key)


def _shaped(live: LiveTable, game: Match) -> Any:
    """A daily deal's table plays one deal (:class:`rams.daily.OneDeal`); any other, its match."""
    return OneDeal(game) if live.options.daily is not None else game


def trim_memory() -> None:
    """Give the memory freed back to the system (after tables leave memory): a collection,
    then glibc's ``malloc_trim`` where there is one, so the server's size falls back."""
    import ctypes
    import gc

    gc.collect()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)
