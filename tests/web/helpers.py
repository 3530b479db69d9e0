"""Helpers for the web tests: a server in a thread or a process, websocket seats, play."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from rams.bots import make_bot
from rams.cards import cards_str
from rams.games.rams.match import RamsMatch
from rams.games.rams.rules import Rules
from rams.record import dumps, record_of
from rams.table import Table
from rams.web.app import create_app
from rams.web.protocol import PROTOCOL, apply_delta, random_action
from rams.web.serve import server_config
from rams.web.store import SeatRow, Store
from rams.web.tables import Settings

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class ThreadServer:
    """The app on uvicorn in a thread of the test process (its state can be inspected)."""

    def __init__(
        self, database_url: str, settings: Settings, uvicorn_options: dict[str, Any] | None = None
    ) -> None:
        self.app = create_app(database_url, settings)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        # The configuration `rams serve` runs with (no proxy: X-Forwarded-For ignored).
        config = server_config(
            self.app,
            None,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan="on",
            **(uvicorn_options or {}),
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        asyncio.run(self.server.serve())

    def start(self) -> ThreadServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)

    @property
    def tables(self) -> Any:
        return self.app.state.tables

    @property
    def store(self) -> Any:
        return self.app.state.store


class ProcessServer:
    """``rams serve`` as a separate process (to kill it with SIGKILL)."""

    def __init__(self, database_url: str, port: int | None = None, *extra: str) -> None:
        self.database_url = database_url
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        self.extra = extra
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> ProcessServer:
        cmd = [
            sys.executable,
            "-m",
            "rams.cli",
            "serve",
            "--port",
            str(self.port),
            "--database-url",
            self.database_url,
            "--log-level",
            "warning",
            *self.extra,
        ]
        fd, name = tempfile.mkstemp(prefix="rams-serve-", suffix=".log")
        os.close(fd)
        self.log = Path(name)
        with open(self.log, "ab") as err:
            self.proc = subprocess.Popen(
                cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err, env=os.environ.copy()
            )
        deadline = time.monotonic() + 90  # (a busy machine starts it slowly)
        while True:
            try:
                if httpx.get(f"{self.base}/api/meta", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"rams serve did not start: {self.log.read_text()[-2000:]}")
            time.sleep(0.1)

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


def create_table(
    base: str,
    bots: list[str | None],
    name: str = "Аня",
    preset: str = "classic",
    rules: dict[str, Any] | None = None,
    **options: Any,
) -> dict[str, Any]:
    r = httpx.post(
        f"{base}/api/tables",
        json={
            "name": name,
            "preset": preset,
            "players": len(bots),
            "bots": bots,
            "rules": rules or {},
            **options,  # the table's own: clock, watch_delay
        },
        timeout=10,
    )
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def join(base: str, table_id: str, name: str) -> dict[str, Any]:
    r = httpx.post(f"{base}/api/tables/{table_id}/join", json={"name": name}, timeout=10)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


class Seat:
    """A websocket client of one seat (or a guest), keeping every message it receives.

    It follows ``go`` (protocol 3: another server process plays the table; ``went`` keeps
    the addresses it followed), saying its hello again there.
    It speaks protocol 2 (rams.web.protocol) unless told ``protocol=1``: a ``delta`` is
    applied to the state it holds, and kept in ``messages`` as the whole ``state`` it
    makes (``wire`` keeps the messages as they came); a delta for another state than the
    one it holds (a message missed: ``miss`` drops the next delta on purpose) is not
    applied, and it asks for the whole state again (``resync``); so does a ``pong`` that
    names another state than the one it holds."""

    def __init__(
        self,
        ws_base: str,
        table_id: str,
        token: str | None,
        lang: str = "en",
        hello: bool = True,
        protocol: int = PROTOCOL,
    ) -> None:
        # Entered as a context manager, as websockets asks, and left in close().
        self.ws: ClientConnection = connect(
            f"{ws_base}/ws/{table_id}", open_timeout=10, close_timeout=2, max_size=2**22
        ).__enter__()
        self.url = f"{ws_base}/ws/{table_id}"
        self.greeting = {"type": "hello", "token": token, "lang": lang, "protocol": protocol}
        self.went: list[str] = []
        self.messages: list[dict[str, Any]] = []
        self.wire: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.acted_at: tuple[int, int] | None = None
        self.ready_for = 0
        self.protocol = protocol
        self.miss = False
        self.resyncs = 0
        if hello:
            self.send(self.greeting)

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def _go(self, url: str) -> None:
        """Protocol 3's ``go``: this socket closed, the address opened, the hello said; an
        address that does not answer (its process just died), as the browser does: the
        first address again, a moment later."""
        from websockets.exceptions import WebSocketException

        with contextlib.suppress(Exception):
            self.ws.close()
        self.went.append(url)
        self.state = None
        try:
            self.ws = connect(url, open_timeout=10, close_timeout=2, max_size=2**22).__enter__()
        except (OSError, WebSocketException):
            time.sleep(0.3)
            self.ws = connect(
                self.url, open_timeout=10, close_timeout=2, max_size=2**22
            ).__enter__()
        self.ws.send(json.dumps(self.greeting))

    def send_raw(self, data: str | bytes) -> None:
        self.ws.send(data)

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        m: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.wire.append(m)
        if m["type"] == "go":
            self._go(m["url"])
        elif m["type"] == "delta":
            if self.miss:  # (kept as it came, not applied)
                self.miss = False
                self.messages.append(m)
                return m
            try:
                m = apply_delta(self.state or {}, m)
            except ValueError:  # a message missed: the whole state again (asked once)
                if self.state is not None:
                    self.state = None
                    self.resyncs += 1
                    self.send({"type": "resync"})
                self.messages.append(m)
                return m
        elif m["type"] == "pong" and self._missed(m.get("seq")):
            self.state = None
            self.resyncs += 1
            self.send({"type": "resync"})
        self.messages.append(m)
        if m["type"] == "state":
            self.state = m
        elif m["type"] == "error" and m["code"] in ("flood", "server"):
            self.acted_at = None  # not taken: act again
        return m

    def _missed(self, seq: int | None) -> bool:
        """A pong names another state than this one (a change missed, no other came)."""
        return self.state is not None and seq is not None and self.state.get("seq") != seq

    def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 15) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no such message; last: {self.messages[-3:]}")
            m = self.recv(timeout=left)
            if pred(m):
                return m

    def drain(self, quiet: float = 0.05) -> None:
        """Read every message already sent (waiting at most ``quiet`` for each)."""
        while True:
            try:
                self.recv(timeout=quiet)
            except TimeoutError:
                return

    def close(self) -> None:
        self.ws.close()


class RoamingSeat(Seat):
    """A seat that, like the browser, connects again when its socket is closed (a server
    let the table go, a relayed socket's owner cannot be reached, a process died) — to the
    next of ``ws_bases`` each time — and says hello again; it keeps every message, and
    counts its reconnections and the errors it was told."""

    def __init__(self, ws_bases: list[str], table_id: str, token: str, lang: str = "en") -> None:
        self.ws_bases = ws_bases
        self.table_id = table_id
        self.token = token
        self.lang = lang
        self.at = 0
        self.reconnects = 0
        super().__init__(ws_bases[0], table_id, token, lang)

    def _again(self) -> None:
        from websockets.exceptions import WebSocketException

        self.acted_at = None  # (not acknowledged: act again on the state to come)
        deadline = time.monotonic() + 60
        while True:
            self.at = (self.at + 1) % len(self.ws_bases)
            with contextlib.suppress(Exception):
                self.ws.close()
            try:
                self.ws = connect(
                    f"{self.ws_bases[self.at]}/ws/{self.table_id}",
                    open_timeout=5,
                    close_timeout=2,
                    max_size=2**22,
                ).__enter__()
                self.ws.send(json.dumps({"type": "hello", "token": self.token,
                                         "lang": self.lang, "protocol": PROTOCOL}))  # fmt: skip
                self.reconnects += 1
                return
            except (OSError, WebSocketException):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.3)

    def send(self, message: dict[str, Any]) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            super().send(message)
        except ConnectionClosed:
            self._again()

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        from websockets.exceptions import ConnectionClosed

        try:
            return super().recv(timeout)
        except ConnectionClosed:
            self._again()
            raise TimeoutError("reconnected") from None


def choose(state: dict[str, Any], rng: random.Random) -> str | None:
    """A random legal action for a state, whatever the game; a pass one time in two."""
    legal = state.get("legal")
    if legal and any(b["action"] == "pass" for b in legal["buttons"]) and rng.random() < 0.5:
        return "pass"
    return random_action(state, rng)


def step(seat: Seat, rng: random.Random) -> bool:
    """Let a seat act once on its latest state if it may; True if it sent something."""
    s = seat.state
    if s is None or finished(s):
        return False
    if s.get("deal_over") and s["table"]["pausing"] and seat.ready_for != s["deal"]:
        seat.ready_for = s["deal"]
        seat.send({"type": "ready"})
        return True
    at = (s["deal"], s["step"])
    if seat.acted_at == at:
        return False
    action = choose(s, rng)
    if action is None:
        return False
    seat.acted_at = at
    seat.send({"type": "act", "action": action, "deal": s["deal"], "step": s["step"]})
    return True


def play_until(
    seats: list[Seat],
    rng: random.Random,
    done: Callable[[], bool],
    timeout: float = 120,
) -> None:
    """Every seat acts at random whenever it may, until ``done()`` or the game's end."""
    deadline = time.monotonic() + timeout
    finished = over(seats)
    while not done() and not finished():
        if time.monotonic() > deadline:
            last = [
                {k: (s.state or {}).get(k) for k in ("seat", "deal", "step", "phase", "legal")}
                for s in seats
            ]
            raise TimeoutError(f"the game did not finish in time: {last}")
        for seat in seats:
            seat.drain(0.01)
            step(seat, rng)


def finished(state: dict[str, Any]) -> bool:
    """Whether a state shows the game over (a Rams winner, or a plain game's winners)."""
    return state.get("winner") is not None or state.get("winners") is not None


def over(seats: list[Seat]) -> Callable[[], bool]:
    return lambda: all(s.state is not None and finished(s.state) for s in seats)


def run_benchmark(script: str, args: list[str], log: Path, timeout: float = 300) -> str:
    """Run ``benchmarks/SCRIPT`` with ``args`` to the end, what it prints into ``log`` (a
    file, not a pipe: the server's helper processes may hold one open); asserts it ended
    well, showing the end of what it printed if not, and returns what it printed."""
    with open(log, "w") as printed:
        done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args],
                              stdout=printed, stderr=subprocess.STDOUT, timeout=timeout,
                              cwd=ROOT)  # fmt: skip
    text = log.read_text()
    assert done.returncode == 0, text[-2000:]
    return text


@contextmanager
def thread_server(
    database_url: str, uvicorn_options: dict[str, Any] | None = None, **settings: Any
) -> Iterator[ThreadServer]:
    """The app on uvicorn in a thread, with these ``settings`` (and, for a test that must
    rule one out, uvicorn's own ``uvicorn_options``, such as its keepalive pings)."""
    server = ThreadServer(database_url, Settings(**settings), uvicorn_options).start()
    try:
        yield server
    finally:
        server.stop()


CARD_WORD = re.compile(r"(10|[2-9JQKAВДКТ])([♠♣♦♥])")
_RANKS = {"10": "T", "В": "J", "Д": "Q", "К": "K", "Т": "A"}
_SUITS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}


def cards_named(data: Any) -> set[str]:
    """Every card a message names: card codes (``AS``) and cards in words (``A♠``, ``Т♠``)."""
    found: set[str] = set()
    if isinstance(data, dict):
        for v in data.values():
            found |= cards_named(v)
    elif isinstance(data, list):
        for v in data:
            found |= cards_named(v)
    elif isinstance(data, str):
        if len(data) == 2 and data[0] in "23456789TJQKA" and data[1] in "SCDH":
            found.add(data)
        for rank, suit in CARD_WORD.findall(data):
            found.add(_RANKS.get(rank, rank) + _SUITS[suit])
    return found


#: Debian's Chromium, and how the browser tests start it (Playwright cannot download one).
CHROMIUM = os.environ.get("RAMS_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def store_played_game(
    store: Store,
    table_id: str,
    rows: list[SeatRow],
    meta: dict[str, object],
    options: dict[str, Any] | None = None,
) -> RamsMatch:
    """A whole classic game from 30 of the seats ``rows``, played by random bots and stored
    as the server stores one (each deal, each action), then finished with ``meta``."""
    rules = Rules.preset("classic", len(rows), start_score=30)
    store.create_table(table_id, rules, rows, options)
    store.start_game(table_id, 0)
    game = RamsMatch(rules, [row.name or "" for row in rows], rng=random.Random(table_id),
                     first_dealer=0)  # fmt: skip

    def dealt(deal: object) -> None:
        d = game.deal
        assert d is not None
        store.add_deal(table_id, len(game.deals) - 1, d.dealer, cards_str(d.deck))

    def acted(seat: int, action: object) -> None:
        assert game.deal is not None
        k, i = len(game.deals) - 1, len(game.deal.actions) - 1
        store.add_action(table_id, k, i, seat, str(action))

    bots = [make_bot("random", random.Random(i)) for i in range(len(rows))]
    assert Table(game, bots, on_action=acted, on_deal=dealt).advance() == "over"
    store.finish(table_id, dumps(record_of(game, meta)))
    return game
