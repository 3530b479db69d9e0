"""The websockets of the live tables: a connection's messages in, every seat's view out.

The server is the authority: an action comes in over a seat's websocket, goes through the
engine, is stored, and only then acknowledged and shown to everyone, each seat its own view
(the family serialises it). :class:`Sockets` is one of the parts
:class:`~rams.web.tables.Tables` is made of; it is given the driver, the hints and what it
needs of the rest (:class:`SocketsHost`), and imports none of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol

from sqlalchemy.exc import SQLAlchemyError

from rams import games
from rams.errors import IllegalActionError, NotationError
from rams.games.display import settlement_json
from rams.games.wire import deal_log, state_message
from rams.web.hints import Hints
from rams.web.live import Client, LiveTable, Sender, Settings, TableError
from rams.web.protocol import (
    PROTOCOL,
    Act,
    ClientMessage,
    Hello,
    Lang,
    Log,
    Message,
    Ping,
    ProtocolError,
    React,
    Ready,
    Resync,
    SeatBot,
    Seed,
    error,
    parse_message,
)
from rams.web.reactions import check, reaction_message
from rams.web.seats import Driver
from rams.web.views import TableViews, delta
from rams.words import Phrase

__all__ = ["Receive", "Sockets", "SocketsHost"]

log = logging.getLogger("rams.web")

#: An ASGI websocket's receive.
Receive = Callable[[], Awaitable[Mapping[str, Any]]]


class SocketsHost(Protocol):
    """What the sockets need of the server's tables (:class:`~rams.web.tables.Tables`)."""

    settings: Settings
    #: Tables that could not be rebuilt, and why.
    broken: dict[str, str]

    def get(self, table_id: str) -> LiveTable | None:
        """A table not yet over (loaded if need be), or a finished one still watched."""

    async def finished(self, table_id: str) -> LiveTable | None:
        """A finished table, replayed once and shared."""

    def no_table(self, table_id: str) -> TableError:
        """Why there is no such table to play."""

    def elsewhere(self, table_id: str) -> str | None:
        """The process that plays this table, if another one does (among several)."""

    async def relay(self, table_id: str, owner: str, receive: Receive, send: Sender) -> None:
        """Serve a socket whose table ``owner`` plays, through it (rams.web.cluster)."""

    async def direct(self, owner: str) -> int | None:
        """The port at which browsers reach the process ``owner`` itself, if any."""

    def forget_if_done(self, live: LiveTable) -> None:
        """A finished table nobody watches leaves memory."""

    def client_seed(self, live: LiveTable, seat: int, seed: str, deal: int | None = None) -> bool:
        """A seat's seed for the next deal (rams.fair), stored before it counts."""

    def rematch_message(
        self, table_id: str, seat: int | None, token: str | None = None
    ) -> dict[str, Any] | None:
        """What a connection of a finished table is told of its next table, if any."""

    async def write(self, live: LiveTable, what: str, step: Callable[[], object]) -> bool:
        """Take a step of play that stores itself; False (undone) if it was not stored."""

    async def seat_bot(
        self, live: LiveTable, by: int | None, seat: int, level: str, lang: str = "ru"
    ) -> None:
        """The host (``by``) gives a free seat to a bot while the table waits (named in
        the host's language)."""


class Sockets:
    """The websockets of a server's tables: each served until it closes, and every seat's
    view sent to it whenever its table changes."""

    def __init__(self, host: SocketsHost, driver: Driver, hints: Hints) -> None:
        self.host = host
        self.driver = driver
        self.hints = hints
        self.settings = host.settings

    def message_for(self, live: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
        """What a client of ``seat`` is shown now, built afresh and whole (``seq`` None: the
        client's next state comes whole too); a guest (``None``) sees the public board:
        the game as the engine's spectator observation has it, no hand."""
        family = games.family(live.rules.family)
        public = live.public()
        if live.game is None or (seat is None and live.game.deal is None):
            return self._table_message(live, public, lang)
        return {**state_message(family, live.game, seat, lang, public), "seq": None}

    def _table_message(self, live: LiveTable, public: dict[str, Any], lang: str) -> Message:
        """The table before its game (or a guest's between deals): its public side, and the
        score sheet so far."""
        out = Message(type="table", table=public)
        if live.game is not None:
            family = games.family(live.rules.family)
            out["sheet"] = games.sheet_of(live.game).to_json(lang)
            paid = family.payouts(live.game)
            out["settlement"] = settlement_json(paid, live.game.players, lang)
        return out

    def broadcast(self, live: LiveTable) -> None:
        """Send every client of the table the table as its seat sees it now (the turn clock
        set first, so that the message shows it); spectators get theirs after the table's
        delay, if it has one. A table with hints starts valuing a person's decision, and sends
        that seat the hint once it is ready (rams.web.hints).

        Each viewer's state is built once for all its clients (rams.web.views), and each
        message encoded once: a client of protocol 2 that holds the viewer's last state is
        sent the delta from it, any other client the whole state."""
        self.driver.arm_clock(live)
        self.hints.arm(live)
        clients = list(live.clients)
        public = live.public()
        game = live.game
        tables: dict[str, Message] = {}
        if game is None or game.deal is None:  # (the guests see the table, not a board)
            for c in clients:
                if game is None or c.seat is None:
                    if c.lang not in tables:
                        tables[c.lang] = self._table_message(live, public, c.lang)
                    c.seq = None
                    c.send(tables[c.lang])
            if game is None:
                return
            clients = [c for c in clients if c.seat is not None]
        views = live.views
        if views is None:
            views = live.views = TableViews(games.family(live.rules.family), game.players)
        before = views.last
        views.update(game, public, [(c.seat, c.lang) for c in clients])
        deltas: dict[tuple[int | None, str], Message] = {}
        for c in clients:
            key = (c.seat, c.lang)
            now, then = views.last[key], before.get(key)
            if c.protocol >= 2 and then is not None and c.seq == then.seq:
                if key not in deltas:
                    deltas[key] = delta(then, now)
                message = deltas[key]
            else:
                message = now.full()
            c.seq = now.seq
            c.send(message)  # (a guest's comes after the table's delay: Client.send)
        self.hints.send(live)  # (after the state it is for: the deciding seat only)

    def resync(self, live: LiveTable, client: Client) -> None:
        """Send a client that missed a change the state it should hold now, whole."""
        views = live.views
        shown = views.last.get((client.seat, client.lang)) if views is not None else None
        if shown is not None:
            client.seq = shown.seq
            client.send(shown.full())
        else:
            client.seq = None
            client.send(self.message_for(live, client.seat, client.lang))

    async def serve(
        self,
        table_id: str,
        receive: Receive,
        send: Sender,
        end: Callable[[str], Awaitable[None]] | None = None,
        relayed: bool = False,
        url_at: Callable[[int], str] | None = None,
    ) -> bool:
        """Talk to one websocket until it closes (``receive``/``send`` are the ASGI
        websocket's message functions, already accepted; ``end`` closes it from this side).

        Among several processes, a socket whose table another process plays is sent there
        (``go``, protocol 3: ``url_at`` gives this socket's address at that process's own
        port) if its hello speaks protocol 3 and that process has a port of its own, and
        relayed to it otherwise (rams.web.cluster); a socket relayed here (``relayed``) whose
        table this process does not play is not served: False.
        """
        try:
            owner = self.host.elsewhere(table_id)  # (among several processes)
        except SQLAlchemyError:  # (the database is away: the browser tries again)
            await send(error("server", "en"))
            return True
        if owner is not None:
            if relayed:
                return False
            port = await self.host.direct(owner) if url_at is not None else None
            if url_at is not None and port is not None:
                first = await receive()
                if first["type"] == "websocket.disconnect":
                    return True
                if _speaks_go(first):  # (the client opens the owner's own port instead)
                    await send({"type": "go", "url": url_at(port)})
                    return True
                receive = _again(first, receive)
            await self.host.relay(table_id, owner, receive, send)
            return True
        client = Client(send, self.settings, end)
        writer = asyncio.get_running_loop().create_task(client.write())
        live: LiveTable | None = None
        try:
            try:
                live = self.host.get(table_id)
                if live is None:
                    live = await self.host.finished(table_id)
            except SQLAlchemyError:  # (the database is away: the browser tries again)
                log.warning("table %s: not loaded, the database did not answer", table_id)
                client.send(error("server", "en"))
                return True
            if live is None:
                # (Before its hello a client has no language: its page words these codes.)
                if table_id in self.host.broken:
                    client.send(error("broken", "en"))
                elif self.host.no_table(table_id).code == "expired":
                    client.send(error("expired", "en"))
                else:
                    client.send(error("no_such_table", "en"))
                return True
            while not client.closed:
                message = await receive()
                if message["type"] == "websocket.disconnect":
                    return True
                text = message.get("text")
                raw = text if text is not None else message.get("bytes")
                if not client.allow():
                    # Every message dropped is answered (a client must know its action was
                    # not taken); a flood that goes on is closed.
                    client.send(error("flood", client.lang))
                    if client.flooded > self.settings.flood_close:
                        return True
                    continue
                try:
                    parsed = parse_message(raw if raw is not None else b"")
                except ProtocolError as e:
                    client.send(error(e.code, client.lang, **e.fields))
                    continue
                try:
                    await self._handle(live, client, parsed)
                except SQLAlchemyError:  # (a seed not stored: not taken; the client may resend)
                    log.warning("table %s: a message not stored, the database did not answer",
                                live.id)  # fmt: skip
                    client.send(error("server", client.lang))
            return True
        finally:
            if live is not None and client in live.clients and not live.moved:
                live.clients.discard(client)
                if not live.clients:  # (an abandoned table leaves memory after a while)
                    live.idle_since = time.time()
                if client.seat is not None:
                    self.driver.left(live, client.seat)
                if live.status != "over" or client.seat is not None:
                    async with live.lock:  # (the seat's dot, or the spectators' count)
                        self.broadcast(live)
            client.closed = True
            client.queue.put_nowait(None)
            if live is not None:
                self.host.forget_if_done(live)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, timeout=5)

    async def _handle(self, live: LiveTable, client: Client, m: ClientMessage) -> None:
        if isinstance(m, Ping):  # (with the state it should hold: a gap shows, protocol 2)
            client.send({"type": "pong", "seq": client.seq if client.delay == 0 else None})
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
                client.seq = None
                client.send(self.message_for(live, client.seat, client.lang))
        elif isinstance(m, Resync):
            async with live.lock:
                self.resync(live, client)
        elif isinstance(m, Ready):
            if client.seat is not None and live.pausing:
                live.ready.add(client.seat)
                if not self.driver.waiting(live):
                    live.wake.set()
                async with live.lock:
                    self.broadcast(live)
        elif isinstance(m, Act):
            await self._act(live, client, m)
        elif isinstance(m, Seed):
            if client.seat is None:
                client.send(error("no_seat", client.lang))
                return
            async with live.lock:  # (a deal is dealt under the lock: the seed is for the next)
                deal = live.dealer.next_deal if live.dealer is not None else None
                accepted = self.host.client_seed(live, client.seat, m.seed, m.deal)
                client.send({"type": "seed", "seed": m.seed, "deal": deal, "accepted": accepted})
                if accepted:
                    self.broadcast(live)
        elif isinstance(m, React):
            await self._react(live, client, m)
        elif isinstance(m, SeatBot):
            try:
                await self.host.seat_bot(live, client.seat, m.seat, m.level, client.lang)
            except TableError as e:
                client.send(refusal(e, client.lang, live.names))
        elif isinstance(m, Log):
            async with live.lock:
                game = live.game
                if game is None or not 1 <= m.deal <= len(game.deals):
                    client.send(error("bad_message", client.lang, why=Phrase("server.why_deal")))
                    return
                family = games.family(live.rules.family)
                lines = deal_log(family, game, m.deal, client.seat, client.lang)
                client.send({"type": "log", "deal": m.deal, "lines": lines})

    async def _react(self, live: LiveTable, client: Client, m: React) -> None:
        """A quick reaction (rams.web.reactions): everyone at the table is shown it by the
        sender's seat (a guest late, if the table delays its spectators); refused in words
        when the table has them off, for a guest, or too many at once."""
        async with live.lock:
            try:
                check(live, client.seat, m.reaction)
            except TableError as e:
                client.send(refusal(e, client.lang, live.names))
                return
            assert client.seat is not None
            for c in list(live.clients):
                c.send(reaction_message(client.seat, m.reaction, c.lang))

    async def _hello(self, live: LiveTable, client: Client, m: Hello) -> None:
        if client.greeted:
            client.send(error("bad_message", client.lang, why=Phrase("server.why_hello")))
            return
        client.greeted = True
        client.lang = m.lang
        client.protocol = m.protocol
        seat = live.seat_of(m.token) if m.token else None
        if m.token and seat is None:
            client.send(error("bad_token", client.lang))
        async with live.lock:  # joined under the lock: the welcome comes before any state
            client.seat = seat
            client.token = m.token if seat is not None else None
            if seat is None:  # a guest sees everything late, if the table says so
                client.delay = float(live.options.watch_delay)
            live.clients.add(client)
            live.idle_since = None
            seeded = None
            if seat is not None and m.seed is not None:
                deal = live.dealer.next_deal if live.dealer is not None else None
                accepted = self.host.client_seed(live, seat, m.seed, m.deal)  # (before the kick)
                seeded = {"type": "seed", "seed": m.seed, "deal": deal, "accepted": accepted}
            if seat is not None:
                self.driver.came_back(live, seat)
                twins = [c for c in live.clients if c.seat == seat]
                if len(twins) > 1:  # the same seat open twice: each window is told
                    for c in twins:
                        c.send({"type": "notice", "code": "two_devices"})
            welcome = {"type": "welcome", "seat": seat, "table": live.public()}
            client.send({**welcome, "protocol": PROTOCOL})
            if seeded is not None:  # (acknowledged like any seed: the browser logs it)
                client.send(seeded)
            again = self.host.rematch_message(live.id, seat, client.token)
            if again is not None:  # (the next table, made while this page was away)
                client.send(again)
            self.broadcast(live)
        self.driver.kick(live)

    async def _act(self, live: LiveTable, client: Client, m: Act) -> None:
        seat, lang = client.seat, client.lang
        family = games.family(live.rules.family)
        try:
            action = family.parse_action(m.action)
        except NotationError:
            client.send(error("bad_action", lang, what=m.action))
            return
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
                client.seq = None
                client.send(self.message_for(live, seat, lang))
                return
            try:
                stored = await self.host.write(live, "action", lambda: table.submit(seat, action))
            except IllegalActionError as e:
                hint = family.hint(deal.observation(seat), lang) if deal else ""
                why = f"{e.why(lang, live.names)} ({e.clause})"
                client.send(error("illegal", lang, clause=e.clause, hint=hint, why=why))
                return
            if not stored:  # (undone: not taken; the seat may act again)
                client.send(error("server", lang))
                self.broadcast(live)
                return
            deal = game.deal
            assert deal is not None
            step = len(deal.actions)
            client.send({"type": "ack", "action": str(action), "deal": now[0], "step": step})
            self.broadcast(live)
        self.driver.kick(live)


def _speaks_go(m: Mapping[str, Any]) -> bool:
    """A socket's first message is a hello of protocol 3 or later (it follows ``go``)."""
    raw = m.get("text", m.get("bytes"))
    try:
        parsed = parse_message(raw if raw is not None else b"")
    except ProtocolError:
        return False
    return isinstance(parsed, Hello) and parsed.protocol >= 3


def _again(first: Mapping[str, Any], receive: Receive) -> Receive:
    """``receive``, with ``first`` (already received) coming first."""
    waiting = [first]

    async def again() -> Mapping[str, Any]:
        return waiting.pop() if waiting else await receive()

    return again


def refusal(e: TableError, lang: str, names: list[str] | None = None) -> dict[str, Any]:
    """A :class:`~rams.web.live.TableError` as a websocket's ``error`` message, in words."""
    message = e.words(lang, names)
    return {"type": "error", "code": e.code, "message": message, "clause": None, "hint": None}
