"""Replays of a long finished game, and guests watching it, while other tables play.

A whole ``--deals``-deal game (400) is played by random bots with the engine, its record
checked by replaying it, and stored as the server stores a finished table (its deals and
actions, then the record), once per round under a fresh id so that no round is helped by
the cache of the one before. Then ``rams serve`` (its defaults, on SQLite in a temporary
folder) starts, and ``--tables`` tables (20) play: each one person, a websocket client that
acts the moment it is its turn (a random legal action), and bots (``--bot``, at the
server's ``--bot-delay``); a table whose game ends is replaced by a new one. Each person
comes from an address of its own (127.0.0.N), as people do.

After a quiet stretch, each of ``--rounds`` rounds fires at once ``--replays`` (10)
``GET /api/tables/ID/replay`` of that round's finished game and opens ``--guests`` (20)
guest websockets on it (all from one address), holds the guests open ``--hold`` seconds
and closes them. It prints the acknowledgement latency of the people's actions (``act``
sent → ``ack`` received, which includes storing the action) sent in the quiet stretch and
sent during the rounds, as p50/p95/p99/max; the replays' and the guests' answer times; and
the server's resident memory before and after the rounds (and its peak). The target is a
p99 under load below 50 ms. A benchmark, not a test (``tests/web/test_replay_load_smoke.py``
runs it small).

The client never parses the large answers while it measures (a replay is read as bytes and
checked afterwards; a guest's table message by its first bytes), so that its own work does
not stand in the server's latency.

    .venv/bin/python benchmarks/replay_load.py [--deals 400] [--rounds 5] [--seed 2026]
        [--out benchmarks/results/replay_load.txt]
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _provenance import header, made_by

from rams.bots import make_bot
from rams.cards import cards_str
from rams.games.rams.match import RamsMatch
from rams.games.rams.rules import Rules
from rams.record import dumps, loads, record_of
from rams.table import Table
from rams.web.live import hash_token
from rams.web.protocol import random_action
from rams.web.store import SeatRow, Store
from rams.web.store import actions as action_rows
from rams.web.store import deals as deal_rows

ROOT = Path(__file__).resolve().parents[1]
TARGET_P99_MS = 50.0
PRESET = "classic"
PLAYERS = 3


# The finished game ------------------------------------------------------------------------


@dataclass(frozen=True)
class Finished:
    """A finished game's record (§12) as the server keeps it, and how it was found."""

    text: str
    deals: int
    start_score: int
    game_seed: int
    tries: int


def _play(start_score: int, seed: int) -> RamsMatch:
    rules = Rules.preset(PRESET, PLAYERS, start_score=start_score)
    names = ["Аня", "Прохор", "Глаша"]
    game = RamsMatch(rules, names, rng=random.Random(seed), first_dealer=0)
    bots = [make_bot("random", random.Random(seed * 10 + i)) for i in range(PLAYERS)]
    if Table(game, bots).advance() != "over":
        raise RuntimeError("the game did not end")
    return game


def finished_game(deals: int, seed: int) -> Finished:
    """A whole game of exactly ``deals`` deals, played by random bots: for each game seed
    drawn from ``seed``, the start score is searched by bisection (a higher start score
    makes a longer game, as long as nothing else ends it), until one lasts exactly
    ``deals`` deals. The record is replayed
    (every rule checked) before it is returned."""
    if deals < 1:
        raise ValueError("a game has at least one deal")
    rng = random.Random(seed)
    tries = 0
    for _ in range(100):
        game_seed = rng.getrandbits(32)
        lo, hi = 1, 16
        while True:  # a start score at which the game lasts at least `deals`
            tries += 1
            if len(_play(hi, game_seed).deals) >= deals:
                break
            lo, hi = hi, hi * 2
            if hi > 64 * deals + 1024:
                break  # ended by something else than the score (four jacks): the next seed
        if hi > 64 * deals + 1024:
            continue
        while lo < hi:
            mid = (lo + hi) // 2
            tries += 1
            if len(_play(mid, game_seed).deals) >= deals:
                hi = mid
            else:
                lo = mid + 1
        tries += 1
        game = _play(hi, game_seed)
        if len(game.deals) == deals:
            text = dumps(record_of(game, {"winner": game.winner}))
            replayed = loads(text).replay()  # raises if the record breaks any rule
            if not replayed.is_over or len(replayed.deals) != deals:
                raise RuntimeError("the record does not replay as the game it records")
            return Finished(text, deals, hi, game_seed, tries)
    raise RuntimeError(f"no game of exactly {deals} deals found")


def store_finished(url: str, table_id: str, finished: Finished) -> None:
    """Keep a finished game as the server keeps one it played: the table and its seats, each
    deal and action as it was stored during play, then the record."""
    record = loads(finished.text)
    store = Store(url)
    try:
        store.migrate()
        rows = [SeatRow(record.players[0], None, hash_token(f"{table_id}-person"))]
        rows += [SeatRow(name, "easy") for name in record.players[1:]]
        store.create_table(table_id, record.rules, rows)
        store.start_game(table_id, 0)
        now = datetime.now(UTC)
        with store.engine.begin() as c:  # (in one transaction: 10,000 rows at once)
            c.execute(
                deal_rows.insert(),
                [
                    {
                        "table_id": table_id,
                        "deal_index": k,
                        "dealer": d.dealer,
                        "deck": cards_str(d.deck),
                        "created_at": now,
                    }
                    for k, d in enumerate(record.deals)
                ],
            )
            c.execute(
                action_rows.insert(),
                [
                    {
                        "table_id": table_id,
                        "deal_index": k,
                        "action_index": i,
                        "seat": seat,
                        "action": str(action),
                        "created_at": now,
                    }
                    for k, d in enumerate(record.deals)
                    for i, (seat, action) in enumerate(d.actions)
                ],
            )
        store.finish(table_id, finished.text)
    finally:
        store.close()


# The server -------------------------------------------------------------------------------


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _rss(pid: int) -> dict[str, float]:
    """Resident and peak resident memory of a process, in MiB (Linux /proc)."""
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0]) / 1024
    return out


def start_server(url: str, port: int, args: argparse.Namespace) -> subprocess.Popen[bytes]:
    """``rams serve`` with its defaults but the bots' pace (``--bot-delay``, the pause
    between deals) and the creation limit (one client creates every table here)."""
    cmd = [
        sys.executable,
        "-m",
        "rams.cli",
        "serve",
        "--port",
        str(port),
        "--database-url",
        url,
        "--bot-delay",
        str(args.bot_delay),
        "--deal-pause",
        str(args.deal_pause),
        "--tables-per-minute",
        "1000000",
        "--log-level",
        "warning",
    ]
    server = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline or server.poll() is not None:
            server.kill()
            raise SystemExit("the server did not start")
        time.sleep(0.1)


# The people at the playing tables ---------------------------------------------------------


@dataclass
class Figures:
    """What the clients measure, as it happens."""

    #: (when sent, seconds to its ack) of every person's action, perf_counter time.
    acks: list[tuple[float, float]] = field(default_factory=list)
    #: (start, end) of each round, perf_counter time, and (start, every answer given).
    windows: list[tuple[float, float]] = field(default_factory=list)
    serving: list[tuple[float, float]] = field(default_factory=list)
    games_finished: int = 0
    tables_created: int = 0
    refused: int = 0
    flood_retries: int = 0
    rss: list[float] = field(default_factory=list)


async def _play_one_game(
    ws: ClientConnection, token: str, rng: random.Random, figures: Figures, stop: asyncio.Event
) -> bool:
    """Sit at a table until its game ends (True) or ``stop`` is set (False)."""
    await ws.send(json.dumps({"type": "hello", "token": token, "lang": "ru"}))
    sent_at: float | None = None
    pending: str | None = None
    acted: tuple[int, int] | None = None
    ready_for = 0
    while not stop.is_set():
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
        except TimeoutError:
            if sent_at is not None and time.perf_counter() - sent_at > 60:
                raise RuntimeError("an action was never acknowledged") from None
            continue
        now = time.perf_counter()
        m = json.loads(raw)
        kind = m["type"]
        if kind == "ack":
            if sent_at is not None:
                figures.acks.append((sent_at, now - sent_at))
                sent_at = pending = None
            continue
        if kind == "error":
            if m["code"] == "flood" and pending is not None:
                figures.flood_retries += 1  # faster than a person may go: wait, send again
                await asyncio.sleep(0.2)
                sent_at = time.perf_counter()
                await ws.send(pending)
            else:
                figures.refused += 1  # (stale: act on the state that follows)
                sent_at = pending = None
                acted = None
            continue
        if kind != "state":
            continue
        if m.get("winners") is not None:
            return True
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
        acted = at
        pending = json.dumps({"type": "act", "action": action, "deal": at[0], "step": at[1]})
        sent_at = time.perf_counter()
        await ws.send(pending)
    return False


async def person(
    index: int,
    port: int,
    args: argparse.Namespace,
    rng: random.Random,
    figures: Figures,
    stop: asyncio.Event,
) -> None:
    """One person: creates a table (the other seats bots) and plays it, then another when
    its game is over, until ``stop``; from an address of its own."""
    address = f"127.0.{1 + index // 200}.{10 + index % 200}"
    transport = httpx.AsyncHTTPTransport(local_address=address)
    async with httpx.AsyncClient(transport=transport, timeout=60) as http:
        while not stop.is_set():
            r = await http.post(
                f"http://127.0.0.1:{port}/api/tables",
                json={
                    "name": f"Игрок {index + 1}",
                    "preset": PRESET,
                    "players": PLAYERS,
                    "bots": [None] + [args.bot] * (PLAYERS - 1),
                    "rules": {"start_score": args.start_score},
                },
            )
            r.raise_for_status()
            made = r.json()
            figures.tables_created += 1
            async with connect(
                f"ws://127.0.0.1:{port}/ws/{made['id']}",
                open_timeout=60,
                max_size=2**24,
                local_addr=(address, 0),
            ) as ws:
                if await _play_one_game(ws, made["token"], rng, figures, stop):
                    figures.games_finished += 1


# The load: replays and guests of a finished table ------------------------------------------


async def _replay(http: httpx.AsyncClient, url: str) -> tuple[int, float, bytes, int]:
    """A replay request: its status, seconds, JSON body and the bytes it took on the wire
    (gzip, as a browser asks for it)."""
    started = time.perf_counter()
    r = await http.get(url)
    body = await r.aread()
    wire = int(r.headers.get("content-length", len(body)))
    return r.status_code, time.perf_counter() - started, body, wire


async def _guest(ws_url: str, opened: asyncio.Event, close: asyncio.Event) -> float:
    """A guest socket (no token): seconds until the finished table is shown to it; then held
    open until ``close``. Its messages are not parsed (only their first bytes read)."""
    started = time.perf_counter()
    async with connect(ws_url, open_timeout=60, max_size=2**26) as ws:
        await ws.send(json.dumps({"type": "hello", "token": None, "lang": "ru"}))
        while True:
            raw = await asyncio.wait_for(ws.recv(), timeout=120)
            head = raw[:40] if isinstance(raw, str) else raw[:40].decode("utf-8", "replace")
            # (the board as a guest sees it: the public side of the last deal, or the table)
            if head.startswith(('{"type": "state"', '{"type": "table"')):
                break
            if head.startswith('{"type": "error"'):
                raise RuntimeError(f"a guest was refused: {raw[:300]!r}")
        took = time.perf_counter() - started
        opened.set()
        await close.wait()
        while True:  # read what is left, so that closing is not held up
            try:
                await asyncio.wait_for(ws.recv(), timeout=0.01)
            except TimeoutError:
                break
    return took


async def load_round(port: int, table_id: str, args: argparse.Namespace) -> dict[str, Any]:
    """Fire the replays and open the guests at once; hold the guests; close them."""
    base = f"http://127.0.0.1:{port}"
    close = asyncio.Event()
    opened = [asyncio.Event() for _ in range(args.guests)]
    ws_url = f"ws://127.0.0.1:{port}/ws/{table_id}"
    async with httpx.AsyncClient(timeout=300, limits=httpx.Limits(max_connections=None)) as http:
        started = time.perf_counter()
        guests = [asyncio.create_task(_guest(ws_url, opened[i], close)) for i in range(args.guests)]
        replays = await asyncio.gather(
            *(_replay(http, f"{base}/api/tables/{table_id}/replay") for _ in range(args.replays))
        )
        await asyncio.gather(*(o.wait() for o in opened))
        served = time.perf_counter()
        await asyncio.sleep(args.hold)
        close.set()
        guest_times = await asyncio.gather(*guests)
        ended = time.perf_counter()
    bodies = {hashlib.sha256(b).hexdigest() for _, _, b, _ in replays}
    return {
        "started": started,
        "ended": ended,
        "served_s": served - started,
        "statuses": [s for s, _, _, _ in replays],
        "replay_s": [t for _, t, _, _ in replays],
        "replay_bytes": len(replays[0][2]) if replays else 0,
        "replay_wire": replays[0][3] if replays else 0,
        "distinct_bodies": len(bodies),
        "body": replays[0][2] if replays else b"",
        "guest_s": list(guest_times),
    }


def _check_replay(body: bytes, deals: int) -> int:
    """The replay's number of steps; raises unless it is the whole finished game."""
    replay = json.loads(body)
    steps = replay["steps"]
    if max(s["deal"] for s in steps) != deals or replay["winners"] is None:
        raise RuntimeError("the replay is not the whole finished game")
    return len(steps)


# The run ----------------------------------------------------------------------------------


def _quantiles(values: Sequence[float]) -> dict[str, float | int | None]:
    """p50/p95/p99/max in ms (nearest rank), and the count."""
    if not values:
        return {"n": 0, "p50": None, "p95": None, "p99": None, "max": None}
    ordered = sorted(values)

    def rank(q: float) -> float:
        return ordered[min(len(ordered) - 1, max(0, int(q * len(ordered) + 0.999999) - 1))]

    return {
        "n": len(ordered),
        "p50": round(rank(0.50) * 1000, 2),
        "p95": round(rank(0.95) * 1000, 2),
        "p99": round(rank(0.99) * 1000, 2),
        "max": round(ordered[-1] * 1000, 2),
    }


async def _run(port: int, pid: int, args: argparse.Namespace, ids: list[str]) -> dict[str, Any]:
    rng = random.Random(args.seed)
    figures = Figures()
    stop = asyncio.Event()

    async def sample() -> None:
        while True:
            figures.rss.append(_rss(pid)["VmRSS"])
            await asyncio.sleep(0.1)

    sampler = asyncio.create_task(sample())
    people = [
        asyncio.create_task(
            person(i, port, args, random.Random(rng.getrandbits(64)), figures, stop)
        )
        for i in range(args.tables)
    ]
    await asyncio.sleep(args.warmup)
    quiet_from = time.perf_counter()
    await asyncio.sleep(args.quiet)
    quiet_to = time.perf_counter()
    rss_before = _rss(pid)["VmRSS"]
    rounds = []
    for table_id in ids:
        rounds.append(await load_round(port, table_id, args))
        r = rounds[-1]
        figures.windows.append((r["started"], r["ended"]))
        figures.serving.append((r["started"], r["started"] + r["served_s"]))
        await asyncio.sleep(args.gap)
    rss_after = _rss(pid)["VmRSS"]
    stop.set()
    await asyncio.gather(*people)
    sampler.cancel()

    quiet = [lat for sent, lat in figures.acks if quiet_from <= sent < quiet_to]

    def within(windows: list[tuple[float, float]]) -> list[float]:
        return [lat for sent, lat in figures.acks if any(a <= sent < b for a, b in windows)]

    steps = _check_replay(rounds[0]["body"], args.deals) if rounds else 0
    replay_s = [t for r in rounds for t in r["replay_s"]]
    guest_s = [t for r in rounds for t in r["guest_s"]]
    return {
        "quiet": _quantiles(quiet),
        "load": _quantiles(within(figures.windows)),
        "load_seconds": round(sum(b - a for a, b in figures.windows), 2),
        "serving": _quantiles(within(figures.serving)),
        "serving_seconds": round(sum(b - a for a, b in figures.serving), 2),
        "quiet_seconds": round(quiet_to - quiet_from, 2),
        "actions_all": len(figures.acks),
        "refused": figures.refused,
        "flood_retries": figures.flood_retries,
        "tables_created": figures.tables_created,
        "games_finished": figures.games_finished,
        "replays": {
            "requests": len(replay_s),
            "ok": sum(s == 200 for r in rounds for s in r["statuses"]),
            "same_body_each_round": all(r["distinct_bodies"] == 1 for r in rounds),
            "bytes": rounds[0]["replay_bytes"] if rounds else 0,
            "wire": rounds[0]["replay_wire"] if rounds else 0,
            "steps": steps,
            "median_s": round(statistics.median(replay_s), 3) if replay_s else None,
            "max_s": round(max(replay_s), 3) if replay_s else None,
        },
        "guests": {
            "sockets": len(guest_s),
            "median_s": round(statistics.median(guest_s), 3) if guest_s else None,
            "max_s": round(max(guest_s), 3) if guest_s else None,
        },
        "served_s": [round(r["served_s"], 3) for r in rounds],
        "rss_mib": {
            "before": round(rss_before, 1),
            "after": round(rss_after, 1),
            "peak_sampled": round(max(figures.rss), 1) if figures.rss else None,
        },
    }


def _report(result: dict[str, Any], args: argparse.Namespace) -> str:
    f = result["finished"]
    rep, gst, rss = result["replays"], result["guests"], result["rss_mib"]
    lines = [
        f"finished game: {f['deals']} deals of {PRESET} ({PLAYERS} players, random bots), "
        f"start score {f['start_score']}, game seed {f['game_seed']} (from --seed {args.seed}, "
        f"{f['tries']} games tried), record {f['record_bytes'] / 1024:.0f} KiB, "
        f"replay {rep['bytes'] / 1024:.0f} KiB ({rep['wire'] / 1024:.0f} KiB gzip) in "
        f"{rep['steps']} steps",
        f"server: rams serve, SQLite, bot delay {args.bot_delay} s, deal pause "
        f"{args.deal_pause} s; {args.tables} playing tables (1 person + "
        f"{PLAYERS - 1} × {args.bot}, start score {args.start_score})",
        f"load: {args.rounds} rounds × ({args.replays} concurrent replay requests + "
        f"{args.guests} guest sockets, held {args.hold} s), a fresh finished table each round",
        "",
        f"{'ack latency of the people':<34}{'actions':>8}{'p50 ms':>9}{'p95 ms':>9}"
        f"{'p99 ms':>9}{'max ms':>9}",
    ]

    def cell(v: float | None) -> str:
        return f"{v:>9.1f}" if v is not None else f"{'-':>9}"

    for label, key, seconds in (
        ("quiet (before the rounds)", "quiet", result["quiet_seconds"]),
        ("during the rounds", "load", result["load_seconds"]),
        ("  of which until all served", "serving", result["serving_seconds"]),
    ):
        q = result[key]
        lines.append(
            f"{label + f' {seconds:.1f} s':<34}{q['n']:>8}"
            + "".join(cell(q[k]) for k in ("p50", "p95", "p99", "max"))
        )
    served = ", ".join(f"{s:.2f}" for s in result["served_s"])
    lines += [
        "",
        f"replay requests: {rep['requests']}, {rep['ok']} answered 200, one body per round: "
        f"{'yes' if rep['same_body_each_round'] else 'NO'}; time median {rep['median_s']} s, "
        f"max {rep['max_s']} s",
        f"guest sockets: {gst['sockets']}, until the table is shown: median {gst['median_s']} s, "
        f"max {gst['max_s']} s",
        f"each round served (every replay answered, every guest shown the table) in: {served} s",
        f"person actions: {result['actions_all']} acknowledged in all, {result['refused']} "
        f"refused, {result['flood_retries']} flood retries; tables created "
        f"{result['tables_created']}, games finished {result['games_finished']}",
        f"server RSS MiB: before the rounds {rss['before']}, after {rss['after']}, "
        f"peak {rss['peak_sampled']} (sampled every 0.1 s), high-water mark {rss['hwm']}",
    ]
    p99 = result["load"]["p99"]
    if p99 is None:
        lines.append("target (p99 during the rounds < 50 ms): no actions measured")
    else:
        met = "met" if p99 < TARGET_P99_MS else "NOT met"
        lines.append(f"target (p99 during the rounds < {TARGET_P99_MS:.0f} ms): {met} ({p99} ms)")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400, help="deals of the finished game")
    parser.add_argument("--replays", type=int, default=10, help="concurrent replay requests")
    parser.add_argument("--guests", type=int, default=20, help="guest sockets on it")
    parser.add_argument("--tables", type=int, default=20, help="tables playing meanwhile")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of replays and guests")
    parser.add_argument("--bot", default="easy", help="the bots' level at the playing tables")
    parser.add_argument("--start-score", type=int, default=100, help="at the playing tables")
    parser.add_argument("--bot-delay", type=float, default=0.6, help="the server's (seconds)")
    parser.add_argument("--deal-pause", type=float, default=30.0, help="the server's (seconds)")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds, not measured")
    parser.add_argument("--quiet", type=float, default=15.0, help="seconds measured unloaded")
    parser.add_argument("--hold", type=float, default=5.0, help="seconds the guests stay")
    parser.add_argument("--gap", type=float, default=2.0, help="seconds between rounds")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", metavar="FILE", help="also write the report (command first)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    print(header(__file__, argv), flush=True)
    provenance = made_by(__file__, argv)  # (the commit the run starts on)
    started = time.perf_counter()
    finished = finished_game(args.deals, args.seed)
    built_s = time.perf_counter() - started
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/replay-load.sqlite3"
        ids = [f"finished-{k + 1}" for k in range(args.rounds)]
        for table_id in ids:
            store_finished(url, table_id, finished)
        port = _port()
        server = start_server(url, port, args)
        try:
            result = asyncio.run(_run(port, server.pid, args, ids))
            result["rss_mib"]["hwm"] = round(_rss(server.pid)["VmHWM"], 1)
        finally:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
    result["finished"] = {
        "deals": finished.deals,
        "start_score": finished.start_score,
        "game_seed": finished.game_seed,
        "tries": finished.tries,
        "record_bytes": len(finished.text.encode()),
        "built_s": round(built_s, 1),
    }
    result["target_p99_ms"] = TARGET_P99_MS
    result["seed"] = args.seed
    result.update(provenance)
    report = _report(result, args)
    print(report, flush=True)
    if args.out:
        Path(args.out).write_text(f"{header(__file__, argv)}\nseed: {args.seed}\n{report}\n")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
