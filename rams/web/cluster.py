"""Several server processes over one PostgreSQL: who plays each table, and the sockets and
requests that land on a process that does not.

Each live table is played by one process at a time, its *owner*, which holds a lease on the
table's row (:meth:`rams.web.store.Store.claim`) and renews it every third of its length.
When the lease lapses (its owner died, or stalled), another process takes the table over
from the database, as a restarted server would (RULES §12).

A websocket that lands on a process that does not own its table is *relayed* through Redis
pub/sub: what the browser sends goes to the owner's channel, where the owner serves it
exactly as a socket of its own (:func:`rams.web.sockets.serve`), and what the owner sends
comes back on this process's channel. When the owner dies, the relaying process (or
another) takes the table over and serves the relayed sockets itself, starting each with the
hello it sent and its action not yet acknowledged (an action carries its deal and step, so
sending it again is never taken twice): the players carry on where the database left them,
and nothing acknowledged is lost, since an action is acknowledged only once stored. HTTP
requests about a table owned elsewhere (joining it, its public view) are calls to the owner
over the same channels.

Where browsers reach each process at a port of its own (``rams serve --workers``: a port
beside the shared one; ``--direct``: its own), a socket is not relayed at all: the process
it landed on answers its hello ``go`` with the owner's address (protocol 3), and the
client opens that instead; only a client of an earlier protocol, or an owner with no port
of its own, is relayed. Each process says in Redis (the hash ``rams:peers:<database>``,
renewed with its leases; the processes of one cluster name their database by the same URL)
its ports and how many live tables it plays, and a new table is made by the
process that plays fewest (:meth:`Cluster.pick`), wherever its creation landed.

Every process has one channel, ``rams:<name>``; a message on it is a JSON object whose
``k`` says what it is: ``open``, ``in`` and ``close`` (a relayed socket's start, messages
and end, to the owner), ``out`` and ``end`` (to the relaying process), ``moved`` (the owner
does not play that table), ``call`` and ``reply``. The processes' clocks are compared by
the leases: on several machines they must be kept in time (NTP).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import json
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from rams.web.live import Background, Client, LiveTable, Sender, Settings, TableError
from rams.web.protocol import Act, Hello, ProtocolError, error, parse_message
from rams.web.store import Store

if TYPE_CHECKING:
    from redis.asyncio import Redis

__all__ = ["Cluster", "ClusterHost", "Receive", "process_name"]

log = logging.getLogger("rams.web")

Receive = Callable[[], Awaitable[Mapping[str, Any]]]


class ClusterHost(Protocol):
    """What a process's part in a cluster needs of its tables
    (:class:`~rams.web.tables.Tables`)."""

    store: Store
    settings: Settings
    #: The tables this process plays, by id.
    tables: dict[str, LiveTable]

    def get(self, table_id: str) -> LiveTable | None:
        """A table not yet over, loaded here (its lease claimed) if need be."""

    async def drop(self, table_id: str) -> None:
        """Another process took this table's lease: stop playing it here."""

    async def serve(
        self,
        table_id: str,
        receive: Receive,
        send: Sender,
        end: Callable[[str], Awaitable[None]] | None = None,
        relayed: bool = False,
    ) -> bool:
        """Talk to one websocket until it closes."""

    async def joined(
        self,
        table_id: str,
        name: str,
        seed: str | None = None,
        key: str | None = None,
        routed: bool = True,
    ) -> dict[str, Any]:
        """Take a free seat at a table (``POST /api/tables/{id}/join``)."""

    async def public(self, table_id: str, routed: bool = True) -> dict[str, Any] | None:
        """What anyone may see of a table."""

    async def made(self, routed: bool = True, **how: Any) -> dict[str, Any]:
        """A new table (``POST /api/tables``), made by the process that plays fewest."""

    async def made_daily(self, routed: bool = True, **how: Any) -> dict[str, Any]:
        """A daily deal's table, made by the process that plays fewest."""


#: Seconds an HTTP request waits for the owner's answer before it gives up.
CALL_TIMEOUT = 10.0
#: Seconds a Redis command may take, and the longest wait between tries to reconnect.
REDIS_TIMEOUT = 5.0
REDIS_BACKOFF = 2.0


def process_name() -> str:
    """A name for this server process, unique in the cluster: host, pid and a random tail."""
    return f"{socket.gethostname()[:32]}-{os.getpid()}-{secrets.token_hex(3)}"


def _channel(process: str) -> str:
    return f"rams:{process}"


def _alive_key(process: str) -> str:
    return f"rams:alive:{process}"


def _peers_key(database_url: str) -> str:
    """The Redis hash of the processes of a cluster, each one's card (:class:`Peer`) by
    name: one a database (a Redis may serve several clusters)."""
    return "rams:peers:" + hashlib.sha256(database_url.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Peer:
    """What a process of the cluster says of itself, renewed with its leases."""

    #: The port at which browsers reach it itself (None: its sockets are relayed).
    port: int | None
    #: The port its pages come from (the shared one).
    public: int | None
    #: How many live tables it plays.
    tables: int
    #: Until when this holds (it is gone if not renewed by then).
    until: float


@dataclass
class _Relay:
    """A socket of this process whose table another process plays."""

    conn: str
    table_id: str
    owner: str
    out: Client  # what the owner sends, written to the socket in order
    inbox: asyncio.Queue[Mapping[str, Any]] = field(default_factory=asyncio.Queue)
    hello: Mapping[str, Any] | None = None
    #: The last action sent and not yet answered (sent again if the owner changes).
    pending: Mapping[str, Any] | None = None


class Cluster:
    """This process's part in a cluster of servers: its leases, its channel, its relays."""

    def __init__(
        self, tables: ClusterHost, redis_url: str, lease_s: float, name: str | None
    ) -> None:
        self.tables = tables
        self.redis_url = redis_url
        self.lease_s = lease_s
        self.me = name or process_name()
        tables.store.owner = self.me  # (its writes fenced by its leases)
        self._redis: Redis | None = None
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        #: Calls answered and relayed sockets served here, each a task of its own.
        self.background = Background(f"cluster {self.me}")
        self._ids = itertools.count(1)
        #: Sockets here, tables elsewhere (by connection id).
        self.relays: dict[str, _Relay] = {}
        #: Sockets elsewhere, tables here: each served by a task fed from its queue.
        self.remote: dict[str, tuple[str, asyncio.Queue[Mapping[str, Any]]]] = {}
        self._calls: dict[str, asyncio.Future[Any]] = {}
        self._ready = asyncio.Event()
        #: Whether this process is linked to Redis now: while it is not, its relayed
        #: sockets are told and closed, and requests for tables elsewhere refused at once.
        self.linked = False
        self._pubsub: Any = None
        #: The processes whose relayed sockets this one serves, by how many checks in a row
        #: found them not alive (two: they are gone).
        self._missing: dict[str, int] = {}
        #: The processes of the cluster as they said last (this one among them), and the
        #: tables this one gave each to make since.
        self.peers: dict[str, Peer] = {}
        self._given: dict[str, int] = {}
        self._peers_key = _peers_key(tables.store.url)

    # Start and stop -----------------------------------------------------------------------

    async def start(self) -> None:
        """Connect to Redis, listen on this process's channel, take the tables nobody plays,
        and keep the leases renewed."""
        import redis.asyncio as aioredis

        self._redis = aioredis.from_url(
            self.redis_url, socket_connect_timeout=REDIS_TIMEOUT, socket_timeout=REDIS_TIMEOUT
        )
        await self._redis.ping()
        pubsub = self._redis.pubsub()
        await pubsub.subscribe(_channel(self.me))
        await self._redis.hset(self._peers_key, self.me, self._card())
        await self._refresh()
        self.linked = True
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._listen(pubsub)),
            loop.create_task(self._publish()),
            loop.create_task(self._leases()),
        ]
        await asyncio.wait_for(self._ready.wait(), timeout=30)

    async def stop(self) -> None:
        """Give up every lease (another process takes the tables at once) and stop."""
        with contextlib.suppress(Exception):
            self.tables.store.release(self.me, list(self.tables.tables))
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.background.cancel()
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.delete(_alive_key(self.me))
                await self._redis.hdel(self._peers_key, self.me)
                await self._redis.aclose()

    # Leases -------------------------------------------------------------------------------

    def claim(self, table_id: str) -> bool:
        """This process's lease of a live table, taken if nobody else holds one."""
        now = time.time()
        return self.tables.store.claim(table_id, self.me, now + self.lease_s, now)

    def owner_of(self, table_id: str) -> str | None:
        """The process whose lease of a live table holds now (None: nobody's, or the table
        is not live)."""
        lease = self.tables.store.lease(table_id)
        if lease is None or lease.status not in ("open", "playing"):
            return None
        if lease.owner is None or lease.until is None or lease.until < time.time():
            return None
        return lease.owner

    def until(self) -> float:
        """When a lease taken now ends."""
        return time.time() + self.lease_s

    async def _leases(self) -> None:
        failing = False
        while True:
            try:
                await self._tend()
            except Exception as e:  # (the database away for a moment: try again)
                if not failing:
                    log.error("cluster %s: the leases could not be tended (%s); trying "
                              "again every %.1f s", self.me, _why(e), self.lease_s / 3)  # fmt: skip
                failing = True
            else:
                if failing:
                    log.warning("cluster %s: the leases are tended again", self.me)
                failing = False
            self._ready.set()
            await asyncio.sleep(self.lease_s / 3)

    async def _tend(self) -> None:
        """Renew this process's leases (in the database: Redis away or not), let go of the
        tables whose lease another took, take the tables nobody plays, move relays whose
        owner changed, and forget the relayed sockets of processes that died."""
        tables, store = self.tables, self.tables.store
        mine = [t for t, live in tables.tables.items() if live.status != "over"]
        held = store.renew(self.me, mine, self.until())
        for table_id in mine:
            if table_id not in held:
                log.warning("cluster %s: table %s is played elsewhere now", self.me, table_id)
                await tables.drop(table_id)
        for table_id in store.unowned_table_ids(time.time()):
            tables.get(table_id)  # (claims it, resumes it)
        for relay in list(self.relays.values()):
            lease = store.lease(relay.table_id)
            if lease is None or lease.status not in ("open", "playing"):
                continue  # (over: its owner shows the end and keeps the socket)
            if self.owner_of(relay.table_id) != relay.owner:
                relay.inbox.put_nowait({"type": "rams.resolve"})
        if self.linked:
            await self._heartbeat()

    async def _heartbeat(self) -> None:
        """Say in Redis that this process lives (a key that lapses with a lease), and drop the
        relayed sockets of a process found dead twice in a row (its sockets died with it).
        Redis away is not an error here: the listener says so, and says when it is back."""
        assert self._redis is not None
        try:
            await self._redis.set(_alive_key(self.me), "1", px=int(self.lease_s * 1000))
            await self._redis.hset(self._peers_key, self.me, self._card())
            await self._refresh()
            senders = {sender for sender, _ in self.remote.values()}
            alive = {s for s in senders if await self._redis.exists(_alive_key(s))}
        except Exception:
            return
        self._missing = {s: self._missing.get(s, 0) + 1 for s in senders - alive}
        for sender, times in self._missing.items():
            if times >= 2:
                self._drop_remote(sender)

    # The processes: their ports and their loads --------------------------------------------

    def _playing(self) -> int:
        return sum(1 for live in self.tables.tables.values() if live.status != "over")

    def _card(self) -> str:
        """This process's card among the cluster's (:class:`Peer`)."""
        s = self.tables.settings
        card = {"port": s.direct_port, "public": s.public_port, "tables": self._playing(),
                "until": time.time() + self.lease_s}  # fmt: skip
        return json.dumps(card)

    async def _refresh(self) -> None:
        """The processes' cards, read again (a card not renewed for a minute is removed)."""
        assert self._redis is not None
        now, peers, stale = time.time(), {}, []
        for name, raw in (await self._redis.hgetall(self._peers_key)).items():
            key = name.decode() if isinstance(name, bytes) else str(name)
            try:
                c = json.loads(raw)
                peer = Peer(c["port"], c["public"], int(c["tables"]), float(c["until"]))
            except (ValueError, KeyError, TypeError):
                continue
            if peer.until >= now:
                peers[key] = peer
            elif peer.until < now - 60:
                stale.append(key)
        if stale:
            await self._redis.hdel(self._peers_key, *stale)
        self.peers, self._given = peers, {}

    def pick(self) -> str:
        """The process a new table goes to: the one that plays fewest live tables now (as
        the processes said last, with the tables given to each since), this one when even.
        A card renewed late by less than a lease still counts (it is renewed every third of
        one: a busy machine delays a renewal, a process gone misses three)."""
        now = time.time() - self.lease_s
        loads = {self.me: self._playing()}
        if self.linked:
            for name, peer in self.peers.items():
                if name != self.me and peer.until >= now:
                    loads[name] = peer.tables + self._given.get(name, 0)
        best = min(loads, key=lambda name: (loads[name], name != self.me, name))
        if best != self.me:
            self._given[best] = self._given.get(best, 0) + 1
        return best

    async def direct(self, owner: str) -> int | None:
        """The port at which browsers reach ``owner`` itself, if it has one and lives."""
        peer = self.peers.get(owner)
        if peer is None and self.linked:  # (a process that started since: asked once)
            with contextlib.suppress(Exception):
                await self._refresh()
            peer = self.peers.get(owner)
        if peer is None or peer.until < time.time():
            return None
        return peer.port

    def ports(self) -> set[int]:
        """Every port of the cluster's processes a page may come from (its ``Origin``)."""
        s = self.tables.settings
        ports = {p for p in (s.direct_port, s.public_port) if p is not None}
        for peer in self.peers.values():
            ports |= {p for p in (peer.port, peer.public) if p is not None}
        return ports

    def _drop_remote(self, sender: str | None = None) -> None:
        """The relayed sockets of ``sender`` (None: of every process) end here, as if their
        browsers had left (their seats' grace periods start)."""
        for conn, (s, queue) in list(self.remote.items()):
            if sender is None or s == sender:
                queue.put_nowait({"type": "websocket.disconnect"})
                del self.remote[conn]

    # The channel --------------------------------------------------------------------------

    def _post(self, process: str, message: dict[str, Any]) -> None:
        self._outbox.put_nowait((_channel(process), json.dumps(message, ensure_ascii=False)))

    async def _publish(self) -> None:
        """Publish in order, everything waiting at once in one round trip."""
        assert self._redis is not None
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty():
                batch.append(self._outbox.get_nowait())
            if not self.linked:
                continue  # (nobody would hear them: the relays were told, and closed)
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for channel, data in batch:
                        pipe.publish(channel, data)
                    await pipe.execute()
            except Exception as e:
                self._lost(e)

    async def _listen(self, pubsub: Any) -> None:
        """Hear this process's channel; when Redis goes away, say so, tell the sockets that
        depend on it, and connect and subscribe again (waiting longer each time, up to
        :data:`REDIS_BACKOFF` seconds) until it is back."""
        assert self._redis is not None
        delay = 0.1
        while True:
            self._pubsub = pubsub
            try:
                if pubsub is None:
                    pubsub = self._pubsub = self._redis.pubsub()
                    await pubsub.subscribe(_channel(self.me))
                    await self._redis.set(_alive_key(self.me), "1", px=int(self.lease_s * 1000))
                    self.linked = True
                    delay = 0.1
                    log.warning("cluster %s: Redis is back; listening on %s again", self.me,
                                _channel(self.me))  # fmt: skip
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    try:
                        self._dispatch(json.loads(message["data"]))
                    except Exception:
                        log.exception("cluster %s: a message could not be handled", self.me)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                self._lost(e)
            with contextlib.suppress(Exception):
                await pubsub.aclose()
            pubsub = None
            await asyncio.sleep(delay)
            delay = min(delay * 2, REDIS_BACKOFF)

    def _lost(self, e: BaseException) -> None:
        """Redis went away: every socket relayed through it is told and closed (its browser
        reconnects), the relayed sockets served here end (their seats' grace periods start),
        and calls waiting for an answer are refused; play at the tables whose sockets are
        here goes on, and the leases are renewed in the database as before."""
        if not self.linked:
            return
        self.linked = False
        log.error("cluster %s: Redis cannot be reached (%s); reconnecting; the sockets "
                  "relayed through it are closed", self.me, _why(e))  # fmt: skip
        for relay in list(self.relays.values()):
            relay.inbox.put_nowait({"type": "rams.unreachable"})
        self._drop_remote()
        for future in self._calls.values():
            if not future.done():
                future.set_exception(TableError(503, "elsewhere"))
        if self._pubsub is not None:  # (the listener, if it still hears, connects anew)
            self.background.spawn(self._pubsub.aclose())

    def _dispatch(self, m: dict[str, Any]) -> None:
        kind, conn = m.get("k"), m.get("conn", "")
        if kind == "open":
            self._open_remote(conn, m["from"], m["table"])
        elif kind == "in":
            remote = self.remote.get(conn)
            if remote is not None:
                remote[1].put_nowait(m["m"])
        elif kind == "close":
            remote = self.remote.pop(conn, None)
            if remote is not None:
                remote[1].put_nowait({"type": "websocket.disconnect"})
        elif kind == "out":
            relay = self.relays.get(conn)
            if relay is not None:
                if m["m"].get("type") in ("ack", "error"):
                    relay.pending = None
                relay.out.send(m["m"])
        elif kind in ("end", "moved"):
            relay = self.relays.get(conn)
            if relay is not None:
                relay.inbox.put_nowait({"type": "rams.end" if kind == "end" else "rams.resolve"})
        elif kind == "call":
            self.background.spawn(self._answer(m))
        elif kind == "reply":
            future = self._calls.pop(m["id"], None)
            if future is not None and not future.done():
                future.set_result(m)

    # Sockets elsewhere, tables here -------------------------------------------------------

    def _open_remote(self, conn: str, sender: str, table_id: str) -> None:
        queue: asyncio.Queue[Mapping[str, Any]] = asyncio.Queue()
        self.remote[conn] = (sender, queue)

        async def send(message: dict[str, Any]) -> None:
            self._post(sender, {"k": "out", "conn": conn, "m": message})

        async def moved(reason: str = "moved") -> None:  # (it no longer plays the table)
            self.remote.pop(conn, None)
            self._post(sender, {"k": "moved", "conn": conn})
            queue.put_nowait({"type": "websocket.disconnect"})

        async def serve() -> None:
            served = await self.tables.serve(table_id, queue.get, send, moved, relayed=True)
            if not served:  # (another process plays it: the relay asks who)
                self._post(sender, {"k": "moved", "conn": conn})
            elif self.remote.pop(conn, None) is not None:  # ended here, not by the relay
                self._post(sender, {"k": "end", "conn": conn})

        self.background.spawn(serve())

    # Sockets here, tables elsewhere -------------------------------------------------------

    async def relay(self, table_id: str, owner: str, receive: Receive, send: Sender) -> None:
        """Serve a socket of this process whose table ``owner`` plays, until it closes; if
        this process takes the table over meanwhile, serve it here from then on."""
        conn = f"{self.me}/{next(self._ids)}"
        relay = _Relay(conn, table_id, owner, Client(send, self.tables.settings))
        if not self.linked:  # (the owner cannot be reached now: said at once, not silence)
            relay.out.send(error("unreachable", "en"))
            relay.out.queue.put_nowait(None)
            await relay.out.write()
            return
        self.relays[conn] = relay
        loop = asyncio.get_running_loop()
        writer = loop.create_task(relay.out.write())

        async def pump() -> None:
            while True:
                message = await receive()
                relay.inbox.put_nowait(message)
                if message["type"] == "websocket.disconnect":
                    return

        reader = loop.create_task(pump())
        local = False
        try:
            self._open(relay)
            while True:
                m = await relay.inbox.get()
                kind = m["type"]
                if kind == "websocket.disconnect":
                    self._post(relay.owner, {"k": "close", "conn": conn})
                    return
                if kind == "rams.end":
                    return
                if kind == "rams.unreachable":  # (told, and closed: the browser reconnects)
                    relay.out.send(error("unreachable", _lang(relay.hello)))
                    return
                if kind == "rams.resolve":
                    if await self._resolve(relay):
                        local = True
                        break
                    continue
                self._remember(relay, m)
                self._post(relay.owner, {"k": "in", "conn": conn, "m": _plain(m)})
        finally:
            self.relays.pop(conn, None)
            if local and relay.owner != self.me:  # (the old owner, if alive, lets it go)
                self._post(relay.owner, {"k": "close", "conn": conn})
            relay.out.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, timeout=5)
            if not local:
                reader.cancel()
        # This process plays the table now: the same socket, served here.
        replay = [m for m in (relay.hello, relay.pending) if m is not None]

        async def receive_here() -> Mapping[str, Any]:
            return replay.pop(0) if replay else await relay.inbox.get()

        try:
            await self.tables.serve(table_id, receive_here, send)
        finally:
            reader.cancel()

    def _open(self, relay: _Relay) -> None:
        """Tell the owner of a relayed socket about it, with what it must know already."""
        self._post(relay.owner, {"k": "open", "conn": relay.conn, "from": self.me,
                                 "table": relay.table_id})  # fmt: skip
        for m in (relay.hello, relay.pending):
            if m is not None:
                self._post(relay.owner, {"k": "in", "conn": relay.conn, "m": _plain(m)})

    @staticmethod
    def _remember(relay: _Relay, m: Mapping[str, Any]) -> None:
        """Keep a relayed socket's hello, and its action until it is answered."""
        raw = m.get("text", m.get("bytes"))
        try:
            parsed = parse_message(raw if raw is not None else b"")
        except ProtocolError:
            return
        if isinstance(parsed, Hello) and relay.hello is None:
            relay.hello = m
        elif isinstance(parsed, Act) and parsed.deal is not None and parsed.step is not None:
            relay.pending = m

    async def _resolve(self, relay: _Relay) -> bool:
        """The owner of a relayed socket's table changed, or was never there: True if this
        process plays the table now (or nobody does: it is over), else the relay is opened
        with the new owner."""
        if self.tables.get(relay.table_id) is not None:
            return True
        owner = self.owner_of(relay.table_id)
        if owner is None or owner == self.me:
            return True
        relay.owner = owner
        self._open(relay)
        return False

    # Requests about a table played elsewhere ----------------------------------------------

    async def call(self, owner: str, op: str, **args: Any) -> Any:
        """Ask the owner of a table to do ``op`` (``join``, ``public``, ``create``,
        ``daily``); its answer, or the TableError it raised."""
        if not self.linked:
            raise TableError(503, "elsewhere")
        call_id = f"{self.me}#{next(self._ids)}"
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._calls[call_id] = future
        self._post(owner, {"k": "call", "id": call_id, "from": self.me, "op": op, "args": args})
        try:
            reply = await asyncio.wait_for(future, timeout=CALL_TIMEOUT)
        except TimeoutError:
            raise TableError(503, "elsewhere") from None
        finally:
            self._calls.pop(call_id, None)
        if "error" in reply:
            e = reply["error"]
            raise TableError(e["status"], e["code"], e["key"], **e["fields"])
        return reply["value"]

    async def _answer(self, m: dict[str, Any]) -> None:
        args = m["args"]
        reply: dict[str, Any] = {"k": "reply", "id": m["id"]}
        try:
            if m["op"] == "join":
                reply["value"] = await self.tables.joined(routed=False, **args)
            elif m["op"] == "public":
                reply["value"] = await self.tables.public(args["table_id"], routed=False)
            elif m["op"] == "create":
                reply["value"] = await self.tables.made(routed=False, **args)
            elif m["op"] == "daily":
                reply["value"] = await self.tables.made_daily(routed=False, **args)
            else:
                raise TableError(400, "bad_request")
        except TableError as e:
            fields = {k: v if isinstance(v, int | float) else str(v) for k, v in e.fields.items()}
            reply["error"] = {
                "status": e.status,
                "code": e.code,
                "key": e.key.removeprefix("table."),
                "fields": fields,
            }
        self._post(m["from"], reply)


def _why(e: BaseException) -> str:
    """An error in a few words, for a log line."""
    first = str(e).strip().splitlines()
    return f"{type(e).__name__}: {first[0][:160]}" if first else type(e).__name__


def _lang(hello: Mapping[str, Any] | None) -> str:
    """The language a relayed socket said hello in (the catalogue's words for it)."""
    try:
        parsed = parse_message(str(hello.get("text", ""))) if hello else None
    except ProtocolError:
        return "en"
    return parsed.lang if isinstance(parsed, Hello) else "en"


def _plain(m: Mapping[str, Any]) -> dict[str, Any]:
    """An ASGI websocket message as JSON carries it (bytes as text: the protocol is text)."""
    out = dict(m)
    if isinstance(out.get("bytes"), bytes):
        out["text"] = out.pop("bytes").decode("utf-8", "replace")
    return out
