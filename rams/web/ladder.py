"""The public ladder: bots people register, connect from their own machines, and the
duplicate matches the server schedules among them (``/ladder``; ``docs/bot-protocol.md``).

- **Registering** (``POST /api/bots``, the /ladder page's form): a name; the server answers
  the bot's id and a secret key, shown once (it keeps only the key's SHA-256). No signup.
- **Connecting**: on their machine the person runs ``rams bot connect URL --key KEY --
  COMMAND…`` (:mod:`rams.web.connect`): a websocket to ``/ws/bot`` that relays the bot
  protocol between the server and a process of ``COMMAND`` it starts for each game. The
  server speaks to it as to any program (:class:`rams.bots.program.ProgramBot`, through a
  :class:`Relay` channel): the same messages, time limits, named errors and stand-in.
- **Matches**: every ``ladder_every`` seconds (:class:`Ladder`; 0: never) the server takes
  the next family in turn, seats the connected bots (as many as its first preset's fewest
  players, those that played least recently first) and fills the other seats with built-in
  levels, and plays ``ladder_deals`` duplicate deals (:func:`rams.tournament.play_duplicate`)
  in a thread of its own, one match at a time, the built-in bots without time limits. The
  figures are those of ``rams ladder``; the ratings (OpenSkill, as ``rams tournament``
  rates) go on from each entrant's rating before; the first deal's plays are stored as
  finished tables, replayed at ``/r/ID``.
- **The page** ``/ladder/FAMILY`` (``GET /api/ladder/FAMILY``): the ratings with their
  intervals, the matches with their figures and replays, the form to register a bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import itertools
import json
import logging
import queue
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from fastapi import WebSocket, WebSocketDisconnect

from rams import games
from rams import ratings as rating
from rams.bots.program import (
    PROTOCOL,
    Channel,
    Limits,
    ProgramBot,
    ProtocolBreak,
    read_line,
)
from rams.games.protocol import AnyBot
from rams.record import DealRecord, Record, dumps
from rams.tournament import (
    DealResult,
    deal_setup,
    make_bot,
    play_rotations,
    ratings,
    summarize,
    summary_dict,
)
from rams.web.live import PROGRAM, TableError
from rams.web.store import SeatRow, Store, bots, ladder_matches, ladder_ratings

__all__ = [
    "BUILTIN",
    "Hub",
    "Ladder",
    "Relay",
    "bot_of_key",
    "ladder_json",
    "register_bot",
    "serve_connector",
]

log = logging.getLogger("rams.web.ladder")

#: An entrant that is a built-in level: ``level:NAME``; a registered bot is its id.
BUILTIN = "level:"
#: The most characters a relayed line may have (the protocol's limit, and some).
MAX_LINE = 70_000


def _now() -> datetime:
    return datetime.now(UTC)


def key_hash(key: str) -> str:
    """What the server keeps of a bot's key: its SHA-256 (hex)."""
    return hashlib.sha256(key.encode()).hexdigest()


# The database ----------------------------------------------------------------------------


def register_bot(store: Store, name: str) -> tuple[str, str]:
    """A new bot of ``name``: its id and its secret key (given once, kept only hashed)."""
    bot_id, key = secrets.token_hex(8), secrets.token_hex(32)
    with store._write() as c:
        c.execute(bots.insert().values(id=bot_id, name=name, key_hash=key_hash(key),
                                       created_at=_now()))  # fmt: skip
    return bot_id, key


def bot_of_key(store: Store, key: str) -> tuple[str, str] | None:
    """The bot (id, name) whose key is ``key``, or None."""
    with store.engine.connect() as c:
        row = c.execute(
            sa.select(bots.c.id, bots.c.name).where(bots.c.key_hash == key_hash(key))
        ).first()
    return None if row is None else (row.id, row.name)


def _prior(store: Store, family: str, entrants: list[str]) -> dict[str, rating.Rating]:
    with store.engine.connect() as c:
        rows = c.execute(
            sa.select(ladder_ratings).where(
                ladder_ratings.c.family == family, ladder_ratings.c.entrant.in_(entrants)
            )
        ).all()
    return {r.entrant: rating.Rating(r.mu, r.sigma) for r in rows}


def _store_match(
    store: Store,
    family: str,
    preset: str,
    seats: list[str],
    names: Mapping[str, str],
    deals: list[DealResult],
    seed: int,
    failures: Mapping[str, dict[str, int]],
    replays: list[str],
) -> int:
    """A finished match and the ratings it leaves (in one transaction); its id."""
    entrants = list(dict.fromkeys(seats))
    rated = ratings(deals, _prior(store, family, entrants))
    summary = {**summary_dict(summarize(deals)), "failures": dict(failures)}
    now = _now()
    with store._write() as c:
        match_id: int = c.execute(
            ladder_matches.insert().values(
                family=family,
                preset=preset,
                players=len(seats),
                deals=len(deals),
                seed=seed,
                entrants=json.dumps({"seats": seats, "names": dict(names)}, ensure_ascii=False),
                summary=json.dumps(summary, ensure_ascii=False),
                replays=json.dumps(replays),
                at=now,
            )
        ).inserted_primary_key[0]
        for entrant in entrants:
            r = rated[entrant]
            key = (ladder_ratings.c.entrant == entrant) & (ladder_ratings.c.family == family)
            done = c.execute(
                ladder_ratings.update()
                .where(key)
                .values(
                    mu=r.mu,
                    sigma=r.sigma,
                    name=names[entrant],
                    updated_at=now,
                    matches=ladder_ratings.c.matches + 1,
                )
            ).rowcount
            if not done:
                c.execute(ladder_ratings.insert().values(
                    entrant=entrant, family=family, name=names[entrant], mu=r.mu,
                    sigma=r.sigma, matches=1, updated_at=now,
                ))  # fmt: skip
    return match_id


def ladder_json(store: Store, family: str, limit: int = 50) -> dict[str, Any]:
    """What /ladder shows of ``family``: the ratings, best ordinal first, each with its
    interval (``mu ± 2 sigma``), and the latest matches with their figures and replays."""
    ordinal = ladder_ratings.c.mu - 3 * ladder_ratings.c.sigma
    with store.engine.connect() as c:
        rows = c.execute(
            sa.select(ladder_ratings)
            .where(ladder_ratings.c.family == family)
            .order_by(ordinal.desc(), ladder_ratings.c.entrant)
        ).all()
        matches = c.execute(
            sa.select(ladder_matches)
            .where(ladder_matches.c.family == family)
            .order_by(ladder_matches.c.id.desc())
            .limit(limit)
        ).all()
    return {
        "family": family,
        "families": list(games.FAMILIES),
        "ratings": [
            {
                "entrant": r.entrant,
                "name": r.name,
                "level": r.entrant.removeprefix(BUILTIN) if r.entrant.startswith(BUILTIN) else None,
                "mu": r.mu,
                "sigma": r.sigma,
                "ordinal": r.mu - 3 * r.sigma,
                "low": r.mu - 2 * r.sigma,
                "high": r.mu + 2 * r.sigma,
                "matches": r.matches,
            }
            for r in rows
        ],
        "matches": [
            {
                "id": m.id,
                "preset": m.preset,
                "players": m.players,
                "deals": m.deals,
                "at": m.at.isoformat(),
                **json.loads(m.entrants),
                **json.loads(m.summary),
                "replays": json.loads(m.replays),
            }
            for m in matches
        ],
    }


# The connectors --------------------------------------------------------------------------


@dataclass
class _Connector:
    """A connected bot: its websocket, and the lines its programs wrote, by channel."""

    bot_id: str
    name: str
    ws: WebSocket
    loop: asyncio.AbstractEventLoop
    channels: dict[int, queue.Queue[bytes | None]] = field(default_factory=dict)
    last_played: float = 0.0

    def send(self, message: dict[str, Any], seconds: float) -> None:
        """Send from another thread, within ``seconds``."""
        future = asyncio.run_coroutine_threadsafe(self.ws.send_text(json.dumps(message)), self.loop)
        try:
            future.result(seconds)
        except FutureTimeout:
            future.cancel()
            raise ProtocolBreak("late", "", seconds) from None
        except Exception:  # (the connection is gone)
            raise ProtocolBreak("crashed") from None


class Relay:
    """A :class:`~rams.bots.program.Channel` to a program that a person's connector runs:
    each message is relayed on the websocket as ``{"type": "relay", "channel", "line"}``,
    each line the program writes comes back the same way; ``exit`` says it ended."""

    def __init__(self, connector: _Connector, channel: int, line_bytes: int) -> None:
        self.connector = connector
        self.channel = channel
        self.line_bytes = line_bytes
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        connector.channels[channel] = self.lines

    def send(self, message: Mapping[str, Any], seconds: float) -> None:
        relay = {"type": "relay", "channel": self.channel, "line": dict(message)}
        self.connector.send(relay, seconds)

    def receive(self, seconds: float) -> Any:
        try:
            line = self.lines.get(timeout=seconds)
        except queue.Empty:
            raise ProtocolBreak("late", "", seconds) from None
        if line is None:
            raise ProtocolBreak("crashed")
        return read_line(line, self.line_bytes)

    def finish(self) -> None:
        self.stop()

    def stop(self) -> None:
        connector = self.connector
        connector.channels.pop(self.channel, None)
        stop = {"type": "stop", "channel": self.channel}
        with contextlib.suppress(RuntimeError):  # (on the event loop itself: never wait on it)
            if asyncio.get_running_loop() is connector.loop:
                _later(connector.loop.create_task(connector.ws.send_text(json.dumps(stop))))
                return
        with contextlib.suppress(ProtocolBreak):
            connector.send(stop, 1.0)


#: The stops sent from the event loop, kept until done (a task nobody holds may vanish).
_STOPPING: set[asyncio.Task[None]] = set()


def _later(task: asyncio.Task[None]) -> None:
    _STOPPING.add(task)
    task.add_done_callback(_STOPPING.discard)


class Hub:
    """The bots connected now, by id (one connector each: a new one replaces the old)."""

    def __init__(self) -> None:
        self.connected: dict[str, _Connector] = {}
        self._channels = itertools.count(1)  # (taken from several threads: atomic)

    def channel(self, bot_id: str, line_bytes: int) -> Channel:
        """A new channel to a connected bot's program (``no_start`` if it is gone)."""
        connector = self.connected.get(bot_id)
        if connector is None:
            raise ProtocolBreak("no_start", bot_id)
        return Relay(connector, next(self._channels), line_bytes)


#: Seats a registered bot at a table by its link: (table id, ``prog:ID``, name) → the seat
#: (:meth:`rams.web.tables.Tables.seat_program`; raises its TableError).
SeatProgram = Callable[[str, str, str], Awaitable[int]]


async def serve_connector(
    ws: WebSocket, store: Store, hub: Hub, seat: SeatProgram | None = None
) -> None:
    """A connector's websocket: ``{"type": "bot", "key", "protocol"}`` first (answered
    ``connected`` with the bot's id and name, or ``error`` and closed), then the relayed
    lines of its programs (``relay``) and their ends (``exit``). With ``"table": ID`` in
    the first message (the connector was given a table's link), the bot also takes the
    first free seat there (``seated`` with the seat, or ``error`` with the refusal's code
    and words)."""
    await ws.accept()
    try:
        first = json.loads(await asyncio.wait_for(ws.receive_text(), 10))
        key = first.get("key") if isinstance(first, dict) else None
        found = bot_of_key(store, key) if isinstance(key, str) and len(key) <= 200 else None
    except (TimeoutError, ValueError, WebSocketDisconnect):
        found = None
    if found is None or first.get("protocol") != PROTOCOL:
        with contextlib.suppress(Exception):
            await ws.send_text(json.dumps({"type": "error", "code": "bad_key"}))
            await ws.close(4001)
        return
    bot_id, name = found
    me = _Connector(bot_id, name, ws, asyncio.get_running_loop())
    old = hub.connected.get(bot_id)
    hub.connected[bot_id] = me
    if old is not None:
        with contextlib.suppress(Exception):
            await old.ws.close(4002)
    await ws.send_text(json.dumps({"type": "connected", "id": bot_id, "name": name}))
    log.info("bot %s (%s) connected", bot_id, name)
    table = first.get("table")
    if seat is not None and isinstance(table, str) and 0 < len(table) <= 32:
        try:
            where = await seat(table, PROGRAM + bot_id, name)
            await ws.send_text(json.dumps({"type": "seated", "table": table, "seat": where}))
        except TableError as e:
            refusal = {"type": "error", "code": e.code, "message": e.words("en"),
                       "ru": e.words("ru")}  # fmt: skip
            await ws.send_text(json.dumps(refusal))
    try:
        while True:
            text = await ws.receive_text()
            if len(text) > MAX_LINE:
                continue  # (a line over the limit arrives cut: the program's own failure)
            try:
                message = json.loads(text)
                channel = message["channel"]
                lines = me.channels.get(channel) if isinstance(channel, int) else None
            except (ValueError, KeyError, TypeError):
                continue
            if lines is None:
                continue
            if message.get("type") == "relay" and isinstance(message.get("line"), str):
                lines.put(message["line"].encode())
            elif message.get("type") == "exit":
                lines.put(None)
    except WebSocketDisconnect:
        pass
    finally:
        if hub.connected.get(bot_id) is me:
            del hub.connected[bot_id]
        for lines in list(me.channels.values()):
            lines.put(None)  # (every program of this connector has ended)
        log.info("bot %s disconnected", bot_id)


# The matches -----------------------------------------------------------------------------


@dataclass
class LadderSettings:
    """How the server runs its ladder: a match every ``every`` seconds (0: never), of
    ``deals`` duplicate deals, the connected bots' limits, the built-in level that fills the
    other seats and the stand-in for a bot that breaks the protocol."""

    every: float = 0.0
    deals: int = 4
    limits: Limits = field(default_factory=lambda: Limits(move_seconds=2.0, start_seconds=10.0))
    filler: str = "heuristic"
    standin: str = "random"


def _keep(played: list[Any], rotation: int, deal: Any) -> None:
    played.append(deal)


class Ladder:
    """The server's ladder: scheduled matches among the connected bots (:meth:`run_once`)."""

    def __init__(self, store: Store, hub: Hub, settings: LadderSettings) -> None:
        self.store = store
        self.hub = hub
        self.settings = settings
        self._turn = 0
        self._task: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()

    async def start(self) -> None:
        if self.settings.every > 0:
            self._task = asyncio.create_task(self._schedule())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _schedule(self) -> None:
        while True:
            await asyncio.sleep(self.settings.every)
            try:
                await self.run_once()
            except Exception:  # (a match that fails is logged; the ladder goes on)
                log.exception("a ladder match failed")

    async def run_once(self, family: str | None = None) -> int | None:
        """Play the next match (of ``family``, else the next family in turn) if a bot is
        connected: its id, or None."""
        async with self._lock:
            if not self.hub.connected:
                return None
            if family is None:
                family = list(games.FAMILIES)[self._turn % len(games.FAMILIES)]
                self._turn += 1
            return await asyncio.to_thread(self._play, family)

    def _play(self, family: str) -> int:
        preset = next(n for n, p in games.presets().items() if p.family == family)
        players = games.presets()[preset].players[0]
        rules = games.family(family).rules(preset, players)
        waiting = sorted(self.hub.connected.values(), key=lambda c: c.last_played)
        chosen = waiting[:players]
        level = self.settings.filler
        seats = [c.bot_id for c in chosen]
        seats += [BUILTIN + level] * (players - len(seats))
        names = {c.bot_id: c.name for c in chosen} | {BUILTIN + level: level}
        failures: dict[str, dict[str, int]] = {}

        def failed(bot: ProgramBot) -> None:
            assert bot.failure is not None
            counts = failures.setdefault(bot.name, {})
            counts[bot.failure.code] = counts.get(bot.failure.code, 0) + 1

        def factory(entrant: str, rng: random.Random) -> AnyBot:
            if entrant.startswith(BUILTIN):
                return make_bot(entrant.removeprefix(BUILTIN), rng, family)
            limits = self.settings.limits
            return ProgramBot(
                [], rng, name=entrant, limits=limits, standin=self.settings.standin,
                on_failure=failed, connect=lambda: self.hub.channel(entrant, limits.line_bytes),
            )  # fmt: skip

        seed = secrets.randbits(31)
        results: list[DealResult] = []
        replays: list[str] = []
        for index in range(self.settings.deals):
            dealer, deck = deal_setup(rules, seed, index)
            extra = games.family(family).deal_extra(random.Random(f"rams-tour:{seed}:{index}:x"))
            played: list[Any] = []
            results.append(play_rotations(
                rules, seats, dealer, deck, seed=seed, index=index, factory=factory,
                on_play=functools.partial(_keep, played), extra=extra,
            ))  # fmt: skip
            if index == 0:
                replays = [
                    self._replay(rules, seats, names, rotation, deal)
                    for rotation, deal in enumerate(played)
                ]
        for c in chosen:
            c.last_played = time.monotonic()
        return _store_match(self.store, family, preset, seats, names, results, seed, failures,
                            replays)  # fmt: skip

    def _replay(
        self, rules: Any, seats: list[str], names: Mapping[str, str], rotation: int, deal: Any
    ) -> str:
        """A play stored as a finished table (replayed at /r/ID): its id."""
        n = len(seats)
        seated = [names[seats[(s + rotation) % n]][:32] for s in range(n)]
        fields = tuple(deal.record_fields().items())
        record = Record(
            rules,
            tuple(seated),
            (DealRecord(deal.dealer, deal.deck, tuple(deal.actions), fields, None),),
            {"ladder": True},
            None,
        )
        table_id = "l" + secrets.token_hex(8)
        self.store.create_table(table_id, rules, [SeatRow(name, "ladder") for name in seated])
        self.store.finish(table_id, dumps(record))
        return table_id
