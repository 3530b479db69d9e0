"""What the web benchmarks share (``web_load.py``, ``soak.py``): ``rams serve`` started in a
process on a free loopback port, its memory, and bot seats that play a table over
websockets, choosing at random among the legal actions the server sends (speaking the
browser's protocol: deltas applied to the state held, ``go`` followed to the table's
process, a socket closed before the end connected again)."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from rams.web.protocol import PROTOCOL, apply_delta, random_action

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def memory(pid: int) -> dict[str, float]:
    """Resident and peak resident memory of a process, in MiB (Linux /proc)."""
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0]) / 1024
    return out


@dataclass(frozen=True)
class Server:
    base: str
    ws_base: str
    process: subprocess.Popen[bytes]


def _start_server(url: str, port: int, extra: Sequence[str]) -> subprocess.Popen[bytes]:
    """``rams serve`` on ``port`` and ``url``'s database, as :func:`serving` runs it."""
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "rams.cli",
            "serve",
            "--port",
            str(port),
            "--database-url",
            url,
            "--bot-delay",
            "0",
            "--deal-pause",
            "0",
            "--grace",
            "600",
            "--tables-per-minute",
            "1000000",  # every table comes from one address here
            "--log-level",
            "warning",
            *extra,  # (e.g. --workers 2 --redis URL)
        ],
        cwd=ROOT,
    )


@contextmanager
def serving(url: str, *extra: str) -> Iterator[Server]:
    """``rams serve`` on ``url``'s database, bots without delay, no pause between deals,
    and no limit on tables made from one address; stopped on leaving. A port taken by
    another program between choosing it and the server listening (a server that ends
    before it answers) is chosen again, up to three times."""
    for attempt in range(3):
        port = free_port()
        base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
        server = _start_server(url, port, extra)
        deadline = time.monotonic() + 120  # (a busy machine starts it slowly)
        ready = exited = False
        while not (ready or exited) and time.monotonic() < deadline:
            with suppress(httpx.HTTPError):
                ready = httpx.get(f"{base}/api/meta", timeout=1).status_code == 200
            exited = not ready and server.poll() is not None
            if not (ready or exited):
                time.sleep(0.1)
        if ready:
            break
        server.terminate()
        server.wait(timeout=30)
        if attempt == 2 or not exited:  # (only a server that ended tries another port)
            raise SystemExit("the server did not start")
    try:
        yield Server(base, ws_base, server)
    finally:
        server.terminate()
        server.wait(timeout=30)


#: How many times a seat connects again (a close it did not ask for) before it gives up.
RECONNECTS = 20


async def play_seat(
    ws_url: str,
    token: str,
    rng: random.Random,
    latencies: list[float],
    floods: list[int],
    refused: list[str] | None = None,
    local: str | None = None,
    think: float = 0.0,
    routes: list[str] | None = None,
) -> int:
    """Play one seat to the end of the game; returns the number of actions it took (the
    codes of the errors other than ``flood`` go to ``refused``, when given). ``local``: the
    loopback address to connect from (127.0.0.0/8; the server limits sockets per address).
    ``think``: the mean seconds the seat takes to act once it may (a person's pace: drawn
    between half and one and a half times it; 0, at once) — not part of the latency.

    As the browser does, it follows ``go`` (protocol 3: the table's process's own address,
    where it says its hello again), and a socket closed before the game's end (``moved``:
    the table's process changed; a process gone) connects again at ``ws_url`` and goes on
    from the state it is sent there (an action not yet acknowledged is not counted; sending
    it again could only be refused as stale). ``routes`` gets ``go`` for each address
    followed and ``again`` for each reconnection."""
    actions = [0]  # (counted as they come: a connection closed keeps its count)
    url = ws_url
    again = 0
    while True:
        try:
            outcome = await _seat_session(url, token, rng, latencies, floods, refused, local,
                                          think, actions)  # fmt: skip
        except (ConnectionClosed, OSError, TimeoutError) as e:
            if isinstance(e, TimeoutError) and url == ws_url:
                raise  # (no answer from the server itself: not a close)
            again += 1
            if again > RECONNECTS:
                raise
            if routes is not None:
                routes.append("again")
            url = ws_url
            await asyncio.sleep(min(0.1 * again, 1.0))
            continue
        done, where = outcome
        if done:
            return actions[0]
        if routes is not None:
            routes.append("go")
        url = where


async def _seat_session(
    url: str,
    token: str,
    rng: random.Random,
    latencies: list[float],
    floods: list[int],
    refused: list[str] | None,
    local: str | None,
    think: float,
    actions: list[int],
) -> tuple[bool, str]:
    """One connection of a seat, its actions counted in ``actions[0]``: (True, "") at the
    game's end, or (False, the address) when the server says ``go``; a close raises
    ConnectionClosed."""
    bind = {} if local is None else {"local_addr": (local, 0)}
    async with connect(url, max_size=2**22, open_timeout=60, **bind) as ws:
        hello = {"type": "hello", "token": token, "lang": "en", "protocol": PROTOCOL}
        await ws.send(json.dumps(hello))
        state: dict[str, Any] | None = None  # (protocol 2: the deltas are applied to it)
        sent_at: float | None = None
        pending: str | None = None
        acted: tuple[int, int] | None = None
        ready_for = 0
        while True:
            # (asyncio.timeout, not wait_for: Python 3.11's wait_for swallows a cancellation
            # that comes as the message does, and a stopped benchmark would play on.)
            async with asyncio.timeout(120):
                raw = await ws.recv()
            m = json.loads(raw)
            if m["type"] == "go":  # (protocol 3: the table's process, at its own port)
                return False, str(m["url"])
            if m["type"] == "ack":
                if sent_at is not None:
                    latencies.append(time.perf_counter() - sent_at)
                    sent_at = pending = None
                actions[0] += 1
                continue
            if m["type"] == "error":
                if m["code"] == "flood" and pending is not None:
                    floods.append(1)  # faster than a person may go: wait, send again
                    await asyncio.sleep(0.2)
                    sent_at = time.perf_counter()
                    await ws.send(pending)
                else:
                    if refused is not None:
                        refused.append(m["code"])
                    sent_at, acted = None, None  # refused (stale): act on the next state
                continue
            if m["type"] == "delta":
                try:
                    m = apply_delta(state or {}, m)
                except ValueError:  # a change missed: the whole state again
                    if state is not None:
                        await ws.send(json.dumps({"type": "resync"}))
                    state = None
                    continue
            if m["type"] != "state":
                continue
            state = m
            if m["winners"] is not None:
                return True, ""
            if m.get("deal_over") and m["table"]["pausing"] and ready_for != m["deal"]:
                ready_for = m["deal"]
                await ws.send(json.dumps({"type": "ready"}))
                continue
            at = (m["deal"], m["step"])
            if sent_at is not None or acted == at:
                continue
            action = random_action(m, rng)
            if action is None:
                continue
            if think > 0:
                await asyncio.sleep(think * (0.5 + rng.random()))
            acted = at
            sent_at = time.perf_counter()
            pending = json.dumps({"type": "act", "action": action, "deal": at[0], "step": at[1]})
            await ws.send(pending)


async def play_table(
    base: str,
    ws_base: str,
    rng: random.Random,
    args: argparse.Namespace,
    latencies: list[float],
    floods: list[int],
    refused: list[str] | None = None,
    local: str | None = None,
    routes: list[str] | None = None,
) -> int:
    """Make a table of two client seats and an ``easy`` server bot (``args.preset``,
    ``args.start_score``) and play it to the end; returns the client seats' actions (a
    seat that fails ends the other: the error is raised in an ExceptionGroup)."""
    async with httpx.AsyncClient(timeout=60) as http:
        r = await http.post(
            f"{base}/api/tables",
            json={
                "name": "load-1",
                "preset": args.preset,
                "players": 3,
                "bots": [None, None, "easy"],
                "rules": {"start_score": args.start_score},
            },
        )
        r.raise_for_status()
        made = r.json()
        r = await http.post(f"{base}/api/tables/{made['id']}/join", json={"name": "load-2"})
        r.raise_for_status()
        other = r.json()
    url = f"{ws_base}/ws/{made['id']}"
    async with asyncio.TaskGroup() as group:
        seats = [
            group.create_task(
                play_seat(
                    url,
                    token,
                    random.Random(rng.getrandbits(64)),
                    latencies,
                    floods,
                    refused,
                    local,
                    getattr(args, "think", 0.0),
                    routes,
                )
            )
            for token in (made["token"], other["token"])
        ]
    return sum(t.result() for t in seats)
