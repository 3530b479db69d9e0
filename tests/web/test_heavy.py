"""Heavy work cannot starve the tables (issue 24): the bots think and the hints are valued
in a bounded pool of worker processes, shared fairly by table, stale work dropped, the
workers dying with the server; what one address may ask for is bounded (tables with hints
or ``hard`` bots, analyses) and refused in words beyond; an abandoned table leaves memory
and comes back; a socket that does not read is closed; a page of another site cannot open
a websocket; the spectators' delay holds for every message a guest can ask for."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from rams.web import live as web_live
from tests.web.helpers import (
    ProcessServer,
    Seat,
    create_table,
    play_until,
    step,
    thread_server,
)
from tests.web.test_analysis_web import store_duel
from tests.web.test_browser_replay import store_finished

FAST = {"bot_delay": 0, "deal_pause": 0, "grace_s": 60}


# The pool ------------------------------------------------------------------------------


def _job(tag: str, seconds: float) -> tuple[str, int, float]:
    """A job for the pool: it takes ``seconds``, and says which it was, where and when."""
    time.sleep(seconds)
    return tag, os.getpid(), time.monotonic()


def test_the_pool_shares_its_workers_by_table_moves_first_and_drops_stale_work() -> None:
    """One worker process: table A queues five jobs, then C a hint and B two moves; the
    tables take turns (A's first job started at once, its second had come before B's), so
    B's move comes before A's last three, and C's hint after every move;
    a job whose ``current()`` is false when its turn comes never runs; a forgotten table's
    waiting jobs are dropped. Every job ran in the worker, not in this process."""
    from rams.web.work import Stale, Workers

    async def run() -> tuple[list[Any], list[str], int, int]:
        workers = Workers(1)
        try:
            ran: list[Any] = []
            stale: list[str] = []

            async def job(table: str, kind: str, tag: str, current: Any = lambda: True) -> None:
                try:
                    ran.append(await workers.run(table, kind, _job, tag, 0.05, current=current))
                except Stale:
                    stale.append(tag)

            jobs = [asyncio.ensure_future(job("A", "move", f"A{i}")) for i in range(5)]
            await asyncio.sleep(0)  # (A0 starts: the pool was free)
            jobs.append(asyncio.ensure_future(job("C", "hint", "C0")))
            jobs.append(asyncio.ensure_future(job("B", "move", "B0")))
            jobs.append(asyncio.ensure_future(job("B", "move", "B1", lambda: False)))
            jobs.append(asyncio.ensure_future(job("D", "move", "D0")))
            await asyncio.sleep(0)
            workers.forget("D")
            await asyncio.gather(*jobs)
            return ran, stale, workers.done, workers.dropped
        finally:
            workers.close()

    ran, stale, done, dropped = asyncio.run(run())
    order = [tag for tag, _, _ in sorted(ran, key=lambda r: r[2])]
    assert order == ["A0", "A1", "B0", "A2", "A3", "A4", "C0"]
    assert sorted(stale) == ["B1", "D0"] and done == 7 and dropped == 2
    assert {pid for _, pid, _ in ran} != {os.getpid()} and len({pid for _, pid, _ in ran}) == 1


def test_a_table_s_bots_think_in_the_workers_not_in_the_server(sqlite_url: str) -> None:
    """A table with two bots plays: every bot decision was made by the pool (its count
    grows), and no bot was made in the server's own process."""
    from rams.web import work

    rng = random.Random(4)
    work._bots.clear()  # (a test before may have made one here, calling think itself)
    with thread_server(sqlite_url, **FAST) as server:
        made = create_table(server.base, [None, "easy", "medium"], rules={"start_score": 30})
        me = Seat(server.ws_base, made["id"], made["token"])
        play_until([me], rng, lambda: server.tables.workers.done >= 10, timeout=120)
        me.close()
        assert server.tables.workers.processes >= 1
        assert work._bots == {}  # (the server process made none: the workers did)


def _children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def _spawned(pid: int) -> list[int]:
    """The worker processes (multiprocessing's spawned children) of a process."""
    found = []
    for child in _children(pid):
        with contextlib.suppress(OSError):
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                found.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    return status.exists() and "State:\tZ" not in status.read_text()


def test_the_worker_processes_die_with_the_server_killed(tmp_path: Path) -> None:
    """``kill -9`` of ``rams serve`` while its workers think for a bot and analyse a game:
    none of its processes (the workers, multiprocessing's resource tracker) lives on."""
    url = f"sqlite:///{tmp_path / 'rams.sqlite3'}"
    from rams.web.store import Store

    store = Store(url)
    store.migrate()
    store_duel(store, "duel")
    store.close()
    server = ProcessServer(url, None, "--bot-delay", "0", "--deal-pause", "0").start()
    try:
        assert server.proc is not None
        made = create_table(server.base, [None, "medium", "easy"], rules={"start_score": 60})
        me = Seat(server.ws_base, made["id"], made["token"])
        play_until([me], random.Random(1), lambda: len(me.messages) > 20, timeout=60)
        r = httpx.post(f"{server.base}/api/tables/duel/analysis?seat=0", timeout=10)
        assert r.status_code == 200, r.text
        deadline = time.monotonic() + 30
        while len(_children(server.proc.pid)) < 3:  # thinking, analysing, the tracker
            assert time.monotonic() < deadline, _children(server.proc.pid)
            time.sleep(0.2)
        helpers = _children(server.proc.pid)
        server.kill()
        # (They go at once; the margin is for a machine loaded by other tests.)
        deadline = time.monotonic() + 30
        while any(_alive(p) for p in helpers):
            assert time.monotonic() < deadline, [p for p in helpers if _alive(p)]
            time.sleep(0.2)
        me.close()
    finally:
        server.stop()


# What one address may ask for ----------------------------------------------------------


def test_tables_with_hints_or_hard_bots_are_limited_per_address(sqlite_url: str) -> None:
    """Two at once from one address: a third with hints or a ``hard`` bot is refused (429,
    in the client's language); one without is made; another address may make its own."""
    with thread_server(sqlite_url, heavy_tables_per_address=2, **FAST) as server:
        create_table(server.base, [None, "easy", "easy"], hints=True)
        create_table(server.base, [None, "hard", "easy"])
        body = {"name": "Аня", "players": 3, "bots": [None, "easy", "hard"]}
        refused = httpx.post(f"{server.base}/api/tables", json=body,
                             headers={"Accept-Language": "ru"}, timeout=10)  # fmt: skip
        assert refused.status_code == 429, refused.text
        assert refused.json()["code"] == "too_many_heavy"
        assert refused.json()["message"].startswith("с вашего адреса уже идут 2 стола")
        hinted = httpx.post(f"{server.base}/api/tables", json={**body, "bots": [None, "easy",
                            "easy"], "hints": True}, timeout=10)  # fmt: skip
        assert hinted.status_code == 429
        create_table(server.base, [None, "easy", "medium"])  # (no heavy work: made)
        other = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"))
        with other:
            assert other.post(f"{server.base}/api/tables", json=body, timeout=10).status_code == 201


def test_analyses_are_limited_in_all_and_per_address(sqlite_url: str) -> None:
    """At most one analysis an address and two in all wait or run: beyond, a clear 429 in
    words, never a silent queue; an analysis already stored or running is answered."""
    with thread_server(sqlite_url, analyses_per_address=1, analysis_queue=2, **FAST) as server:
        for i, name in enumerate(("g1", "g2", "g3")):  # (long games: minutes to analyse)
            store_finished(server.store, name, "classic", 3, {"start_score": 100}, i)

        def ask(table: str, address: str) -> httpx.Response:
            transport = httpx.HTTPTransport(local_address=address)
            with httpx.Client(transport=transport, headers={"Accept-Language": "ru"}) as c:
                return c.post(f"{server.base}/api/tables/{table}/analysis?seat=0", timeout=10)

        assert ask("g1", "127.0.0.1").status_code == 200
        again = ask("g1", "127.0.0.1")  # (the same one: answered, not a second job)
        assert again.status_code == 200 and again.json()["status"] in ("running", "done")
        mine = ask("g2", "127.0.0.1")
        assert mine.status_code == 429 and mine.json()["code"] == "too_many_analyses"
        assert "уже ждёт 1 разбор" in mine.json()["message"]
        assert ask("g2", "127.0.0.2").status_code == 200
        assert len(server.app.state.analyses.jobs) == 2  # (both still to do)
        busy = ask("g3", "127.0.0.3")
        assert busy.status_code == 429 and busy.json()["code"] == "analyses_busy"
        assert "слишком много" in busy.json()["message"]


# Memory, slow readers, other sites, spectators -------------------------------------------


def test_an_abandoned_table_leaves_memory_and_comes_back_where_it_was(sqlite_url: str) -> None:
    """Nobody connected for ``unload_after``: the table is unloaded (its game stays in the
    database); the person who comes back finds it as they left it, and plays on."""
    rng = random.Random(6)
    with thread_server(sqlite_url, unload_after=0.5, **FAST) as server:
        made = create_table(server.base, [None, "easy", "easy"], rules={"start_score": 60})
        table_id = made["id"]
        me = Seat(server.ws_base, table_id, made["token"])
        play_until([me], rng, lambda: len([m for m in me.messages if m["type"] == "ack"]) >= 3)
        me.drain(0.3)
        assert me.state is not None
        left_at = (me.state["deal"], me.state["step"])
        me.close()
        deadline = time.monotonic() + 30
        while table_id in server.tables.tables:
            assert time.monotonic() < deadline
            time.sleep(0.1)
        back = Seat(server.ws_base, table_id, made["token"])
        state = back.until(lambda m: m["type"] == "state")
        assert (state["deal"], state["step"]) == left_at and state["seat"] == 0
        assert table_id in server.tables.tables
        play_until([back], rng, lambda: len([m for m in back.messages if m["type"] == "ack"]) >= 2)
        back.close()


def test_a_socket_that_does_not_read_is_closed_with_the_reason() -> None:
    """A connection whose messages cannot leave: one message may take ``send_timeout``,
    then the connection is closed with the reason (``slow_reader``); and what waits for a
    connection is bounded: past ``send_queue`` messages it is closed the same way, without
    waiting."""
    from rams.web.live import Client, Settings

    async def run() -> tuple[list[str], list[str], int]:
        ended: list[str] = []

        async def never(message: dict[str, Any]) -> None:
            await asyncio.Event().wait()  # (a reader that never reads: the send hangs)

        async def end(reason: str) -> None:
            ended.append(reason)

        settings = Settings(send_queue=8, send_timeout=0.3)
        stuck = Client(never, settings, end)
        writer = asyncio.ensure_future(stuck.write())
        stuck.send({"type": "state"})
        await asyncio.wait_for(writer, 5)  # (it gave up on its own)
        flooded = Client(never, settings, end)  # (no writer: nothing ever leaves)
        for i in range(20):
            flooded.send({"type": "state", "n": i})
        await asyncio.sleep(0.05)
        return ended, [str(stuck.reason), str(flooded.reason)], flooded.queue.qsize()

    ended, reasons, waiting = asyncio.run(run())
    assert ended == ["slow_reader", "slow_reader"] and reasons == ["slow_reader"] * 2
    assert waiting <= 9  # (8 messages and the end: never the 20)


def test_a_guest_that_never_reads_is_cut_off_and_leaves_the_table(sqlite_url: str) -> None:
    """At a table whose bots play fast, a guest's socket that never reads (its buffers
    full, not even a close frame can leave): the server closes it with the reason, cuts
    the connection, and the table forgets it; the person plays on.

    Keepalive pings are off on both sides: a loaded machine may take longer to fill the
    buffers than a ping takes to go unanswered, and then the ping, not the guard under test,
    would cut the connection."""
    no_pings = {"ws_ping_interval": None, "ws_ping_timeout": None}
    with thread_server(sqlite_url, no_pings, send_queue=16, send_timeout=2.0, **FAST) as server:
        made = create_table(server.base, [None, *["easy"] * 6], rules={"start_score": 10000})
        me = Seat(server.ws_base, made["id"], made["token"])
        # (A small receive buffer: the server's sends back up soon.)
        raw = socket.socket()
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        raw.connect(("127.0.0.1", int(server.base.rsplit(":", 1)[1])))
        slow = connect(
            f"{server.ws_base}/ws/{made['id']}", sock=raw, max_queue=1, ping_interval=None
        ).__enter__()
        slow.send(json.dumps({"type": "hello", "token": None, "lang": "en"}))
        live = server.tables.tables[made["id"]]
        rng = random.Random(2)
        play_until([me], rng, lambda: live.spectators() == 1, timeout=30)
        guest = next(c for c in live.clients if c.seat is None)
        play_until([me], rng, lambda: live.spectators() == 0, timeout=120)
        assert guest.closed and guest.reason == "slow_reader"
        acks = len([m for m in me.messages if m["type"] == "ack"])
        play_until([me], rng, lambda: len([m for m in me.messages if m["type"] == "ack"])
                   > acks, timeout=60)  # fmt: skip
        me.close()
        with contextlib.suppress(Exception):
            slow.close()


def test_a_page_of_another_site_cannot_open_a_websocket(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The browser says where its page came from (``Origin``): this server's own page, a
    site named by ``--allow-origin`` and a client that is no browser are taken; another
    site's page is refused (HTTP 403) before anything is said."""
    with thread_server(sqlite_url, allow_origins=("https://rams.example",), **FAST) as server:
        made = create_table(server.base, [None, "easy", "easy"])
        url = f"{server.ws_base}/ws/{made['id']}"
        evil = "https://evil.example"
        with pytest.raises(InvalidStatus) as refused, connect(url, origin=evil):  # type: ignore[arg-type]
            pass
        assert refused.value.response.status_code == 403
        for origin in (server.base, "https://rams.example", None):
            with connect(url, origin=origin) as ws:  # type: ignore[arg-type]
                ws.send(json.dumps({"type": "hello", "token": None, "lang": "en"}))
                assert json.loads(ws.recv(timeout=10))["type"] == "welcome"


def test_the_spectators_delay_holds_for_every_message_a_guest_asks_for(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a table two seconds behind: a guest's welcome, its answer to ``lang`` and to
    ``log`` all come two seconds late (a guest cannot skip the delay by asking); a pong
    comes at once."""
    monkeypatch.setattr(web_live, "WATCH_DELAYS", (0, 2))
    with thread_server(sqlite_url, **FAST) as server:
        made = create_table(server.base, [None, "easy", "easy"], watch_delay=2)
        me = Seat(server.ws_base, made["id"], made["token"])
        me.until(lambda m: m["type"] == "state" and bool(m["legal"]))
        t0 = time.monotonic()
        guest = Seat(server.ws_base, made["id"], None)
        guest.until(lambda m: m["type"] == "welcome", timeout=10)
        assert time.monotonic() - t0 >= 1.8
        guest.drain(2.5)
        for ask, answer in (({"type": "lang", "lang": "ru"}, "table"),
                            ({"type": "log", "deal": 1}, "log"),
                            ({"type": "ping"}, "pong")):  # fmt: skip
            t0 = time.monotonic()
            guest.send(ask)
            guest.until(lambda m, answer=answer: m["type"] in (answer, "state"), timeout=10)
            late = time.monotonic() - t0
            if answer == "pong":
                assert late < 1.5, late
            else:
                assert late >= 1.8, (ask, late)
        me.close()
        guest.close()


def test_the_serve_flags_set_the_limits(tmp_path: Path) -> None:
    """``rams serve --allow-origin … --heavy-tables 1 --think-workers 1``: its worker
    process starts with it (before any table), that origin's pages are taken, and a second
    table with hints from one address is refused."""
    url = f"sqlite:///{tmp_path / 'rams.sqlite3'}"
    flags = ("--allow-origin", "https://rams.example", "--heavy-tables", "1", "--think-workers",
             "1", "--unload-after", "5")  # fmt: skip
    server = ProcessServer(url, None, *flags).start()
    try:
        assert server.proc is not None
        deadline = time.monotonic() + 30  # (its worker started with it, before any table)
        while not _spawned(server.proc.pid):
            assert time.monotonic() < deadline, "no worker process was started with the server"
            time.sleep(0.2)
        made = create_table(server.base, [None, "easy", "easy"], hints=True)
        with connect(f"{server.ws_base}/ws/{made['id']}", origin="https://rams.example") as ws:  # type: ignore[arg-type]
            ws.send(json.dumps({"type": "hello", "token": None, "lang": "en"}))
            assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
        body = {"name": "Аня", "players": 3, "bots": [None, "easy", "easy"], "hints": True}
        again = httpx.post(f"{server.base}/api/tables", json=body, timeout=10)
        assert again.status_code == 429 and again.json()["code"] == "too_many_heavy"
    finally:
        server.stop()


def test_a_hint_is_valued_only_while_its_person_is_connected(sqlite_url: str) -> None:
    """Two people at a table with hints, Аня to decide: while she is away the table goes on
    being drawn for Боря (his messages), but her hint is not valued; when she comes back it
    is valued, and sent to her."""
    with thread_server(sqlite_url, hint_samples=3, **FAST) as server:
        made = create_table(server.base, [None, None, "easy"], hints=True)
        other = httpx.post(f"{server.base}/api/tables/{made['id']}/join", json={"name": "Боря"},
                           timeout=10).json()  # fmt: skip
        live = server.tables.tables[made["id"]]
        boris = Seat(server.ws_base, made["id"], other["token"])
        anya = Seat(server.ws_base, made["id"], made["token"])
        rng = random.Random(5)

        def hinted() -> tuple[int, int] | None:
            s = anya.state
            if s is None or not s["legal"]:
                return None
            at = (s["deal"], s["step"])
            hints = [m for m in anya.messages if m["type"] == "hint"]
            return at if any((h["deal"], h["step"]) == at for h in hints) else None

        deadline = time.monotonic() + 180
        waiting: tuple[tuple[int, int], float] | None = None
        while (at := hinted()) is None:  # Боря plays; Аня waits for her turn and its hint
            assert time.monotonic() < deadline
            anya.drain(0.05)
            boris.drain(0.05)
            step(boris, rng)
            s = anya.state
            if s is not None and s["legal"]:  # (a decision no bot values has no hint: on)
                mine = (s["deal"], s["step"])
                if waiting is None or waiting[0] != mine:
                    waiting = (mine, time.monotonic())
                elif time.monotonic() - waiting[1] > 20:
                    step(anya, rng)
        anya.close()
        boris.until(lambda m: m["type"] == "state" and not m["table"]["seats"][0]["online"])
        started = server.tables.workers.started  # (one under way may still end: not new)
        for lang in ("ru", "en", "ru"):  # (the table is drawn again for him, each time)
            boris.send({"type": "lang", "lang": lang})
            boris.until(lambda m: m["type"] == "state")
        time.sleep(1.0)
        assert live.hint_key is None and server.tables.workers.started == started
        back = Seat(server.ws_base, made["id"], made["token"])
        hint = back.until(lambda m: m["type"] == "hint", timeout=60)
        assert (hint["deal"], hint["step"]) == at and hint["seat"] == 0
        assert server.tables.workers.started > started
        back.close()
        boris.close()
