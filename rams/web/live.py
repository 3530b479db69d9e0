"""A table in memory and what it is made of: its seats, the browsers connected to it, the
bots that sit at it, the server's settings, and the errors a request about it meets.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import random
import time
import unicodedata
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rams import games
from rams.bots import LEVELS, Bot, make_bot
from rams.bots.program import Channel, Limits, ProgramBot
from rams.errors import RulesError
from rams.fair import Dealer
from rams.games import DEFAULT_FAMILY
from rams.games.protocol import AnyFamily, Match
from rams.record import loads
from rams.table import Table
from rams.web.store import SeatRow, TableRow
from rams.web.views import TableViews
from rams.words import text

__all__ = [
    "Background",
    "BotSeat",
    "Client",
    "GuardedBot",
    "LiveTable",
    "RateLimit",
    "Settings",
    "TableError",
    "TableOptions",
    "check_house_rules",
    "clean_name",
    "clip",
    "cut_name",
    "hash_token",
    "make_level_bot",
    "same_name",
]

log = logging.getLogger("rams.web")

#: The most characters of a name (a longer one is cut, and its person told).
NAME_MAX = 32
#: Seconds a bot may think before the table is told that it is thinking.
THINKING_AFTER = 0.3
# Distinct clients' creation counters kept before the idle ones are dropped.
_BUCKETS_MAX = 10_000


def make_level_bot(level: str, rng: random.Random, family: str = DEFAULT_FAMILY) -> BotSeat:
    """The bot of a level at a table (``easy``, ``medium``, ``hard`` for Rams; the plain
    games' levels; nothing else, and never one that sees every card): a :class:`BotSeat`,
    whose thinking the table's driver sends to the worker processes."""
    levels = games.family(family).levels
    if level not in levels:
        raise RulesError(
            "bots.not_a_level", ("bots",), levels=", ".join(levels), name=clip(repr(level))
        )
    return BotSeat(level, family, rng.getrandbits(63))


class BotSeat:
    """A bot at a web table: its level, its game and the seed its bot is made from. The
    table's driver has it think in the worker processes (:func:`rams.web.work.think`), or on
    the spot when its level is instant (:attr:`instant`, :func:`rams.web.work.think_here`);
    :meth:`act` thinks here instead (a tool, a test), guarded as there."""

    def __init__(self, level: str, family: str, seed: int) -> None:
        self.name = level
        self.family = family
        self.seed = seed
        self._bot: GuardedBot | None = None
        #: Whether its level decides in microseconds (its family's ``instant_levels``): the
        #: driver then asks it on the spot, with no hand-off to the worker processes.
        self.instant = level in games.family(family).instant_levels
        #: The bot the driver asks on the spot (an instant level), made when first asked.
        self.here: Any = None

    def act(self, view: Any) -> Any:
        if self._bot is None:
            rng = random.Random(self.seed)
            made = make_bot(self.name, rng, family=self.family)
            self._bot = GuardedBot(made, random.Random(rng.getrandbits(64)))
        return self._bot.act(view)

    def fallback(self, view: Any) -> Any:
        """A random legal action: what a table plays when this bot could not think."""
        return random.Random(self.seed ^ len(view.events)).choice(list(view.legal_actions))


#: A seat's bot that is a registered bot connected to the ladder (rams.web.ladder):
#: ``prog:ID``.
PROGRAM = "prog:"


class ProgramSeat(BotSeat):
    """A registered bot at a web table, seated like a level: the person's program, reached
    through its connector (``connect``: a channel of :class:`rams.web.ladder.Hub`) and
    spoken to by the bot protocol, its seat's view only; a program that breaks it (or a
    connector gone) loses the seat to the ``random`` stand-in. It thinks in a thread of the
    server (its program does the work), never in the worker processes."""

    def __init__(self, bot: str, family: str, seed: int, connect: Callable[[], Channel],
                 limits: Limits) -> None:  # fmt: skip
        super().__init__(bot, family, seed)
        self.program = ProgramBot([], random.Random(seed), name=bot, limits=limits,
                                  connect=connect)  # fmt: skip

    def decide(self, view: Any, offers: Sequence[Any] | None) -> Any:
        """The program's answer to its turn (an offer out of turn when ``offers``)."""
        if offers is not None:
            return self.program.act_out_of_turn(view, list(offers))
        return self.program.act(view)

    def close(self) -> None:
        """Stop the program (the game is over)."""
        self.program.close()


def clip(text: str, limit: int = 200) -> str:
    """``text``, cut to ``limit`` characters: no error echoes a huge field back."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def check_house_rules(house: Mapping[str, Any], family: AnyFamily) -> None:
    """Refuse a numeric house rule outside the family's ``house_limits`` (the rules check
    the rest)."""
    limits = family.house_limits
    for name, value in house.items():
        if name not in limits:
            continue
        low, high = limits[name]
        values = value.values() if name == "ace_values" and isinstance(value, Mapping) else [value]
        for v in values:
            if isinstance(v, int) and not isinstance(v, bool) and not low <= v <= high:
                clause = family.option_clause(name)
                raise TableError(
                    400,
                    "bad_rules",
                    "house_limit",
                    name=name,
                    value=clip(repr(value), 60),
                    low=low,
                    high=high,
                    clause=clause,
                )


class GuardedBot:
    """A bot whose failure (an exception, an illegal choice) is logged and replaced by a
    random legal action: a table never stalls on a bot."""

    def __init__(self, bot: Bot, rng: random.Random) -> None:
        self.bot = bot
        self.name = bot.name
        self._rng = rng

    def act(self, view: Any) -> Any:
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
    #: Websockets one client (address) may hold open at once.
    sockets_per_address: int = 32
    #: Hours after which a table whose seats never filled is closed.
    open_hours: float = 24.0
    #: Worker processes that build finished games' replays (0: a thread of the server,
    #: which then shares the interpreter with the live tables while it builds).
    replay_workers: int = 1
    #: Worker processes that analyse finished games (rams.web.analysis; 0: a thread).
    analysis_workers: int = 1
    #: Analyses that may wait or run at once, in all and from one address; more are
    #: refused (HTTP 429), never queued in silence.
    analysis_queue: int = 8
    analyses_per_address: int = 2
    #: Sampled deals behind a learner's hint (a table with hints, rams.web.hints).
    hint_samples: int = 12
    #: Worker processes that think for the bots and value the hints (rams.web.work; None:
    #: as many as the machine's cores; 0: a thread, for measurements).
    think_workers: int | None = None
    #: Start those worker processes with the server, their bots' code loaded (``rams
    #: serve`` does), rather than when the first bot is to move.
    prestart_workers: bool = False
    #: Live tables one address may have made at once that put the workers to work: with
    #: hints, or with a ``hard`` bot.
    heavy_tables_per_address: int = 3
    #: Seconds a playing table with nobody connected stays in memory; then it is unloaded,
    #: and resumed from the database when someone comes back.
    unload_after: float = 1800.0
    #: Messages waiting to be sent to one connection, and the seconds one message may take
    #: to leave: a connection that does not read is closed, with the reason.
    send_queue: int = 512
    send_timeout: float = 20.0
    #: Pages at other addresses whose websockets are taken (``--allow-origin``): a browser
    #: says where its page came from (``Origin``), and a page of another site is refused.
    allow_origins: tuple[str, ...] = ()
    #: Several server processes over one PostgreSQL (rams.web.cluster): the Redis that
    #: carries their messages (None: this process alone plays every table), the seconds a
    #: process's lease of a table lasts unless renewed, and this process's name.
    redis_url: str | None = None
    lease_s: float = 10.0
    process_name: str | None = None
    #: Among several processes, the port at which browsers reach this process itself
    #: (``rams serve --workers``: a port of its own beside the shared one; ``--direct``: its
    #: own): a socket whose table another process plays is sent there (``go``, protocol 3)
    #: instead of relayed. None: relayed (a proxy in front, or not reachable directly).
    direct_port: int | None = None
    #: The port the browsers' pages come from (the shared one), for the ``Origin`` check
    #: of a socket sent to ``direct_port``.
    public_port: int | None = None
    #: The public ladder (rams.web.ladder): seconds between two scheduled matches of the
    #: connected bots (0: none), and the duplicate deals of a match.
    ladder_every: float = 0.0
    ladder_deals: int = 4

    def __post_init__(self) -> None:
        if self.standin not in LEVELS:
            raise ValueError(
                f"a stand-in is a bot level ({', '.join(LEVELS)}), not {self.standin!r}"
            )


#: The turn clocks a table may choose: seconds a person has for each turn (None: no clock).
CLOCKS: dict[str, float | None] = {"off": None, "relaxed": 60.0, "fast": 20.0}
#: The delays, in seconds, a table may put between the game and its spectators.
WATCH_DELAYS = (0, 10, 30, 120)


@dataclass(frozen=True)
class TableOptions:
    """What the creator of a table chooses beside the rules: the turn clock (``off``,
    ``relaxed``, ``fast``; when a person's time runs out a bot plays that turn, as for one
    who left), how many seconds behind the game its spectators see it, hints for learners
    (each person is shown the strong bot's choice before a decision), whether the table is
    listed in the lobby while it waits (``public``; by its link only otherwise) and whether
    its players may send quick reactions (:mod:`rams.web.reactions`)."""

    clock: str = "off"
    watch_delay: int = 0
    hints: bool = False
    public: bool = False
    reactions: bool = True
    #: The daily deal the table plays (rams.daily: one deal, one person against bots), or
    #: None for a table of its own.
    daily: str | None = None

    def __post_init__(self) -> None:
        if self.clock not in CLOCKS:
            raise TableError(400, "bad_options", "bad_clock", clocks=", ".join(CLOCKS))
        if self.watch_delay not in WATCH_DELAYS:
            delays = ", ".join(map(str, WATCH_DELAYS))
            raise TableError(400, "bad_options", "bad_delay", delays=delays)

    @property
    def turn_seconds(self) -> float | None:
        return CLOCKS[self.clock]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "clock": self.clock,
            "watch_delay": self.watch_delay,
            "hints": self.hints,
            "public": self.public,
            "reactions": self.reactions,
        }
        if self.daily is not None:
            out["daily"] = self.daily
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableOptions:
        # (A table stored before the lobby was by link, with reactions.)
        return cls(
            str(data.get("clock", "off")),
            int(data.get("watch_delay", 0)),
            bool(data.get("hints", False)),
            bool(data.get("public", False)),
            bool(data.get("reactions", True)),
            str(data["daily"]) if data.get("daily") is not None else None,
        )


class TableError(ValueError):
    """A request about a table that cannot be met (HTTP 4xx): ``status``, ``code``, and what
    is wrong as a text of the catalogue (``table.KEY``) with its fields; ``words(lang)`` says
    it in a language (an error of the engine inside it, ``cause``, in its own words)."""

    def __init__(self, status: int, code: str, key: str | None = None, /, **fields: Any) -> None:
        self.status = status
        self.code = code
        self.key = f"table.{key or code}"
        self.fields = fields
        super().__init__(self.words("en"))

    def words(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """The message in ``lang`` (at most 200 characters: no field is echoed at length)."""
        return clip(text(self.key, lang, names=names, **self.fields))


def hash_token(token: str) -> str:
    """The SHA-256 of a seat token, as stored (the token itself never is)."""
    return hashlib.sha256(token.encode()).hexdigest()


def _keystream(key: str, n: int) -> bytes:
    """``n`` bytes drawn from a seat's token: SHA-256 of a label, the token and a counter
    (the label makes them other than :func:`hash_token`'s, which the database holds)."""
    blocks = (
        hashlib.sha256(b"rams.rematch\0" + key.encode() + i.to_bytes(4, "big")).digest()
        for i in range(-(-n // 32))
    )
    return b"".join(blocks)[:n]


def seal(secret: str, key: str) -> str:
    """A seat's new token sealed with its old one (hex), so that only whoever holds the old
    token opens it: what a finished table keeps of its next table's tokens.

    >>> sealed = seal("new-token", "old-token")
    >>> unseal(sealed, "old-token"), unseal(sealed, "guess") == "new-token"
    ('new-token', False)
    """
    data = secret.encode()
    return bytes(a ^ b for a, b in zip(data, _keystream(key, len(data)), strict=True)).hex()


def unseal(sealed: str, key: str) -> str | None:
    """What :func:`seal` sealed with ``key``; None where that is no text (a wrong key)."""
    data = bytes.fromhex(sealed)
    opened = bytes(a ^ b for a, b in zip(data, _keystream(key, len(data)), strict=True))
    try:
        return opened.decode()
    except UnicodeDecodeError:
        return None


def clean_name(name: str) -> str:
    """A player's name, trimmed and cut to :data:`NAME_MAX` characters (:func:`cut_name`)."""
    return cut_name(name)[0]


#: The zero-width joiner, which makes one emoji of several (👩‍💻, 🏳️‍🌈).
_JOINER = "\u200d"
#: The tag letters that spell a subdivision's flag after the black flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿).
_TAGS = range(0xE0020, 0xE0080)
_BLACK_FLAG = "\U0001f3f4"


def _printable(name: str) -> bool:
    """Every character of a name can be seen: printable, or the invisible glue inside an
    emoji — a joiner between two symbols (👩‍💻), tag letters after the black flag (a
    subdivision's flag). No joiner elsewhere: «Аня» and «Аня» with a joiner inside would
    look the same."""
    for i, c in enumerate(name):
        if c.isprintable():
            continue
        before = name[i - 1] if i else ""
        if c == _JOINER:
            after = name[i + 1] if i + 1 < len(name) else ""
            if (
                before
                and after
                and unicodedata.category(before) in ("So", "Sk", "Mn")
                and unicodedata.category(after) == "So"
            ):
                continue
        elif ord(c) in _TAGS and before and (before == _BLACK_FLAG or ord(before) in _TAGS):
            continue
        return False
    return True


def cut_name(name: str) -> tuple[str, bool]:
    """A player's name, its spaces trimmed, cut to :data:`NAME_MAX` characters (no emoji
    left half joined), and whether it was cut (the person is told); refused if it is empty
    or holds a character that cannot be seen (a control character, a joiner outside an
    emoji). Emoji are welcome: «Аня 🦊», «👩‍💻»."""
    name = " ".join(name.split())
    if not name or not _printable(name):
        raise TableError(400, "bad_name", None, most=NAME_MAX)
    if len(name) <= NAME_MAX:
        return name, False
    cut = name[:NAME_MAX]
    while cut and (cut[-1] == _JOINER or ord(cut[-1]) in _TAGS):
        cut = cut[:-1]
    return cut.rstrip(), True


def _name_key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


def same_name(a: str | None, b: str | None) -> bool:
    """Whether two names are the same at a table (case and Unicode's look-alike forms
    aside: «Аня», «аня» and «АНЯ» are one)."""
    return a is not None and b is not None and _name_key(a) == _name_key(b)


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

    def refund(self, key: str) -> None:
        """Give back the token of a request that failed (a refused creation costs nothing)."""
        tokens, stamp = self._buckets.get(key, (self._burst, self._clock()))
        self._buckets[key] = (min(self._burst, tokens + 1), stamp)

    def _prune(self, now: float) -> None:
        # A bucket that has filled up again is the same as none.
        self._buckets = {
            k: (t, s)
            for k, (t, s) in self._buckets.items()
            if t + (now - s) * self._rate < self._burst
        }


Sender = Callable[[dict[str, Any]], Awaitable[None]]


#: What a guest at a table with a spectators' delay is sent at once; the rest comes late.
_PROMPT = frozenset({"pong", "error"})


class Client:
    """One browser connection: its seat (None: a guest), language, and outgoing queue.

    The queue is bounded (``Settings.send_queue``) and each message must leave within
    ``Settings.send_timeout``: a connection that does not read is closed with the reason
    (``slow_reader``), never left to grow. A guest at a table that shows the game late
    (``delay`` seconds) gets every message with game in it that late, whatever asked for
    it."""

    def __init__(
        self,
        send: Sender,
        settings: Settings,
        end: Callable[[str], Awaitable[None]] | None = None,
    ) -> None:
        self._send = send
        #: Closes the connection from the server's side, with a reason (a code the page
        #: words): its table moved to another process, it did not read, …
        self.end = end
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.seat: int | None = None
        #: The seat's secret token as this connection gave it (memory only): a new table to
        #: play again seals this seat's token there with it (:func:`seal`).
        self.token: str | None = None
        self.lang = "ru"
        self.greeted = False
        #: Seconds a guest sees the game behind it (the table's spectators' delay).
        self.delay = 0.0
        self._tokens = settings.burst
        self._rate = settings.rate
        self._burst = settings.burst
        self._limit = settings.send_queue
        self._timeout = settings.send_timeout
        self._stamp = time.monotonic()
        self.flooded = 0
        #: The protocol the client speaks (2: deltas, :mod:`rams.web.protocol`), and the
        #: ``seq`` of the state it was sent last (None: its next state is sent whole).
        self.protocol = 1
        self.seq: int | None = None
        self.closed = False
        #: Why the server closed it (None: it was not the server).
        self.reason: str | None = None

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message (sent in order by the writer task); a guest's, late if the table
        delays its spectators."""
        if self.closed:
            return
        if self.delay > 0 and message.get("type") not in _PROMPT:
            asyncio.get_running_loop().call_later(self.delay, self._put, message)
        else:
            self._put(message)

    def _put(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= self._limit:
            log.warning("a connection fell %d messages behind; closed", self._limit)
            self.close("slow_reader")
            return
        self.queue.put_nowait(message)

    def close(self, reason: str) -> None:
        """Close the connection from the server's side, saying why (``reason``, a code)."""
        if self.closed:
            return
        self.closed = True
        self.reason = reason
        self.queue.put_nowait(None)
        if self.end is not None:
            task = asyncio.ensure_future(self.end(reason))
            _closing.add(task)
            task.add_done_callback(_closing.discard)

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
        """Send the queued messages until None is queued or the connection fails; a
        message that cannot leave in time closes the connection (``slow_reader``)."""
        while True:
            message = await self.queue.get()
            if message is None:
                return
            try:
                async with asyncio.timeout(self._timeout):
                    await self._send(message)
            except TimeoutError:
                log.warning("a connection did not read for %.0f s; closed", self._timeout)
                self.close("slow_reader")
                return
            except Exception:  # the socket is gone: the reader notices and cleans up
                self.closed = True
                return


#: Closings under way (kept until done: a task nobody holds may be collected).
_closing: set[asyncio.Future[None]] = set()


class Background:
    """Work a server runs in the background (timers' tasks, retries, loops): each task kept
    until it is done (a task nobody holds may be collected), and an error that ends one
    logged with ``what`` it was: no task dies in silence."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.tasks: set[asyncio.Future[Any]] = set()

    def spawn(self, work: Awaitable[Any]) -> asyncio.Future[Any]:
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self._ended)
        return task

    def _ended(self, task: asyncio.Future[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("%s: a background task failed", self.what, exc_info=task.exception())

    async def cancel(self) -> None:
        """Stop every task, and wait for them to end."""
        tasks = list(self.tasks)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


@dataclass
class LiveTable:
    """A table in memory: its seats, its game (once the seats are full), its clients."""

    id: str
    rules: Any
    seats: list[SeatRow]
    status: str
    first_dealer: int | None = None
    game: Match | None = None
    table: Table | None = None
    clients: set[Client] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    driver: asyncio.Task[None] | None = None
    grace: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    standins: set[int] = field(default_factory=set)
    ready: set[int] = field(default_factory=set)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    pausing: bool = False
    #: When the table was made (seconds since the epoch): a table that never fills expires.
    created: float = field(default_factory=time.time)
    options: TableOptions = field(default_factory=TableOptions)
    #: The turn clock now running: its (deal, step, seat), its end, its timer.
    clock_key: tuple[int, int, int] | None = None
    clock_until: float | None = None
    clock: asyncio.TimerHandle | None = None
    #: The hint now shown (a table with hints): its (deal, step, seat), and the choices
    #: valued best first, once computed (rams.web.hints).
    hint_key: tuple[int, int, int] | None = None
    hint: list[tuple[Any, float]] | None = None
    #: When each dropped person's grace period ends, and the pause between deals
    #: (seconds since the epoch, for the countdowns people see).
    grace_until: dict[int, float] = field(default_factory=dict)
    pause_until: float | None = None
    #: The verifiable dealer (:mod:`rams.fair`): the seeds of the deals dealt and the seed
    #: committed to for the next one (None: a table of before, or a finished one).
    dealer: Dealer | None = None
    #: This process lost the table's lease: another plays it now (rams.web.cluster); or
    #: it let the table go, to be resumed from the database.
    moved: bool = False
    #: Writes that failed in a row (rams.web.tables.Tables._write).
    write_failures: int = 0
    #: Since when nobody has been connected (seconds since the epoch; None: somebody is):
    #: an abandoned table is unloaded after ``Settings.unload_after``.
    idle_since: float | None = field(default_factory=time.time)
    #: The address that made the table, and whether it puts the workers to work (hints,
    #: a ``hard`` bot): one address may have only so many such tables at once.
    creator: str | None = None
    heavy: bool = False
    #: When each seat sent its recent quick reactions (rams.web.reactions: a few a while).
    reacted: dict[int, list[float]] = field(default_factory=dict)
    #: Every client's state after the last change, and the deal in words as it goes
    #: (rams.web.views; made with the game).
    views: TableViews | None = None
    _rules_json: dict[str, Any] | None = field(default=None, repr=False)

    @property
    def rules_json(self) -> dict[str, Any]:
        """The table's rules as the page reads them (built once: they never change)."""
        if self._rules_json is None:
            self._rules_json = games.family(self.rules.family).rules_json(self.rules)
        return self._rules_json

    @property
    def names(self) -> list[str]:
        return [s.name or "" for s in self.seats]

    @property
    def host(self) -> int | None:
        """The host's seat: the creator's, the first that is not a bot (a seat given to a
        bot later was free, so after it). The host may seat bots while the table waits."""
        return next((i for i, s in enumerate(self.seats) if s.bot is None), None)

    def online(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.clients)

    def spectators(self) -> int:
        """How many guests watch (connections with no seat)."""
        return sum(1 for c in self.clients if c.seat is None)

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
            "host": self.host,
            "rules": self.rules_json,
            "seats": [
                {
                    "name": s.name,
                    "bot": s.bot,
                    "online": s.bot is not None or self.online(i),
                    "standin": i in self.standins,
                    "ready": i in self.ready,
                    "grace_until": _ms(self.grace_until.get(i)),
                }
                for i, s in enumerate(self.seats)
            ],
            "pausing": self.pausing,
            "now": _ms(time.time()),
            "pause_until": _ms(self.pause_until) if self.pausing else None,
            "options": self.options.to_json(),
            "spectators": self.spectators(),
            "clock": None
            if self.clock_key is None
            else {
                "seat": self.clock_key[2],
                "until": _ms(self.clock_until),
                "seconds": self.options.turn_seconds,
            },
            "deals": len(game.deals) if game is not None else 0,
            "winner": _first(game.winners()) if game is not None else None,
            "winners": game.winners() if game is not None else [],
            # Commitments and client seeds only: the server seeds come with the record.
            "fair": None
            if self.dealer is None
            else self.dealer.public(game is not None and game.is_over),
        }

    def meta(self) -> dict[str, Any]:
        """The record's application data: who was a bot, and the winner (so a finished
        table is shown without replaying its record)."""
        winner = _first(self.game.winners()) if self.game is not None else None
        return {
            "bots": [s.bot for s in self.seats],
            "table": self.id,
            "app": "rams serve",
            "winner": winner,
        }


def _ms(stamp: float | None) -> int | None:
    """Seconds since the epoch as whole milliseconds (what a browser's clock counts)."""
    return None if stamp is None else int(stamp * 1000)


def _first(seats: list[int]) -> int | None:
    return seats[0] if seats else None


def _finished_public(row: TableRow, record: str) -> dict[str, Any]:
    """A finished table's public side, read from its stored record."""
    data = json.loads(record)
    meta = data.get("meta") or {}
    # (A record stored before its meta held the winner is replayed.)
    winner = meta["winner"] if "winner" in meta else _first(loads(record).replay().winners())
    live = LiveTable(row.id, row.rules, list(row.seats), "over", row.first_dealer)
    live.options = TableOptions.from_json(row.options)  # (a daily deal's says so)
    public = live.public()
    public.update(deals=len(data.get("deals", ())), winner=winner)
    return public
