"""Two server processes over one PostgreSQL and one Redis (rams.web.cluster) when those
services fail under them: Redis restarted after 1 s and after 10 s, PostgreSQL restarted,
in the middle of games of people and bots. Every game finishes and every acknowledged
action is in its record; play at tables whose sockets are local goes on while Redis is
away, the leases do not lapse because of it, a relayed socket is told, and the log says
what happened, with the time (RULES §12: nothing acknowledged is lost)."""

from __future__ import annotations

import random
import re
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from rams.games.rams.actions import parse_action
from rams.record import loads
from rams.web.store import Store
from tests.web.helpers import (
    ProcessServer,
    RoamingSeat,
    create_table,
    join,
    over,
    play_until,
    step,
)
from tests.web.services import Postgres, Redis, require

#: Two processes on a short lease, so that a lapse would show within the test.
FLAGS = ("--bot-delay", "0", "--deal-pause", "0", "--grace", "60", "--lease", "3")
#: A log line: its date and time to the millisecond first.
STAMPED = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} (INFO|WARNING|ERROR) ")


@dataclass
class Game:
    """A table at play: its id and the people's seats."""

    table_id: str
    seats: list[RoamingSeat]


def _games(a: ProcessServer, b: ProcessServer, more: int = 0) -> list[Game]:
    """Tables at play: one made on ``a`` with a person on each process (one socket local,
    one relayed) and a bot; one made on ``b`` with a person there and two bots; and
    ``more`` tables of a person and two bots, made on either."""
    bases = [a.ws_base, b.ws_base]
    made = create_table(a.base, [None, None, "easy"], rules={"start_score": 300})
    joined = join(b.base, made["id"], "Борис")
    games = [Game(made["id"], [RoamingSeat(bases, made["id"], made["token"]),
                               RoamingSeat(bases[::-1], made["id"], joined["token"])])]  # fmt: skip
    for i in range(1 + more):
        server, order = (b, bases[::-1]) if i % 2 == 0 else (a, bases)
        made = create_table(server.base, [None, "easy", "medium"], rules={"start_score": 150})
        games.append(Game(made["id"], [RoamingSeat(order, made["id"], made["token"])]))
    return games


def _seats(games: list[Game]) -> list[RoamingSeat]:
    return [s for g in games for s in g.seats]


def _acks(seats: list[RoamingSeat]) -> int:
    return sum(1 for s in seats for m in s.messages if m["type"] == "ack")


def _check_records(base: str, games: list[Game]) -> None:
    """Every game over, replayed under every rule, each acknowledged action in it."""
    for g in games:
        text = httpx.get(f"{base}/api/tables/{g.table_id}/record", timeout=10).text
        record = loads(text)
        assert record.replay().is_over
        acked = [(seat, m) for seat, s in enumerate(g.seats) for m in s.messages
                 if m["type"] == "ack"]  # fmt: skip
        assert acked
        for seat, ack in acked:
            deal = record.deals[ack["deal"] - 1]
            assert deal.actions[ack["step"] - 1] == (seat, parse_action(ack["action"]))


def _play_for(seats: list[RoamingSeat], rng: random.Random, seconds: float) -> None:
    """Play at the tables for a while, at a person's pace (whatever the sockets meet)."""
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        for seat in seats:
            seat.drain(0.01)
            step(seat, rng)
        time.sleep(0.3)


def _not_over(seats: list[RoamingSeat]) -> None:
    assert not over(seats)(), "the games ended before the fault: nothing was tried"


@pytest.fixture
def two_servers(pg_url: str) -> Iterator[Callable[..., tuple[ProcessServer, ProcessServer]]]:
    started: list[ProcessServer] = []

    def start(database: str, redis: str) -> tuple[ProcessServer, ProcessServer]:
        for _ in range(2):
            started.append(ProcessServer(database, None, *FLAGS, "--redis", redis).start())
        return started[-2], started[-1]

    yield start
    for server in started:
        server.stop()


def _closed(games: list[Game]) -> None:
    for s in _seats(games):
        s.close()


@pytest.mark.parametrize("outage", [1.0, 10.0])
def test_redis_restarted_every_game_finishes_and_nothing_acknowledged_is_lost(
    outage: float, pg_url: str, two_servers: Any
) -> None:
    """Redis killed and started again ``outage`` seconds later (its subscriptions gone):
    each process says so in its log and subscribes again; while it is away the relayed
    socket is told (an error in words, then closed: it reconnects), the local sockets play
    on, and no lease lapses (the tables stay with their owners); afterwards requests and
    sockets through the other process work again; every game ends with every acknowledged
    action in its record."""
    require("redis-server", "redis-cli")
    redis = Redis().start()
    store = Store(pg_url)
    games: list[Game] = []
    try:
        a, b = two_servers(pg_url, redis.url)
        games = _games(a, b)
        seats = _seats(games)
        rng = random.Random(int(outage))
        play_until(seats, rng, lambda: _acks(seats) >= 12, timeout=90)
        owners = {g.table_id: store.lease(g.table_id).owner for g in games}  # type: ignore[union-attr]
        _not_over(seats)
        redis.stop()
        before = _acks(seats)
        _play_for(seats, rng, outage)
        if outage > 5:  # (long enough to see: the tables of local sockets play on)
            assert _acks(seats) > before
            leases = {g.table_id: store.lease(g.table_id) for g in games}
            playing = {t: lease for t, lease in leases.items() if lease and lease.status != "over"}
            assert playing  # (a game still on, whose lease Redis's absence must not lapse)
            for table_id, lease in playing.items():
                assert lease.owner == owners[table_id]
                assert lease.until is not None and lease.until > time.time()
        redis.start()
        _play_for(seats, rng, 4.0)  # (the listeners are back within two seconds)
        for g in games:  # the other process answers for the table again (a call to its owner)
            for server in (a, b):
                r = httpx.get(f"{server.base}/api/tables/{g.table_id}", timeout=15)
                assert r.status_code == 200, r.text
        play_until(seats, rng, over(seats), timeout=300)
        _check_records(a.base, games)
        for g in games:  # (nobody took a table from its owner)
            lease = store.lease(g.table_id)
            assert lease is not None and lease.owner in (owners[g.table_id], None)
        told = [m for s in seats for m in s.messages
                if m["type"] == "error" and m["code"] == "unreachable"]  # fmt: skip
        relayed = games[0].seats[1]
        assert told or relayed.reconnects, "the relayed socket was left silent"
        for server in (a, b):
            log = server.log.read_text()
            assert "Redis cannot be reached" in log and "Redis is back" in log
            assert "Exception in ASGI application" not in log
            lines = [ln for ln in log.splitlines() if "cluster" in ln and "Redis" in ln]
            assert lines and all(STAMPED.match(ln) for ln in lines), lines
    finally:
        _closed(games)
        store.close()
        redis.stop()


def test_postgres_restarted_every_game_finishes_and_nothing_acknowledged_is_lost(
    two_servers: Any, redis_url: str
) -> None:
    """PostgreSQL restarted under two processes in the middle of games (its connections
    cut): a write that fails is undone in memory and tried again, never acknowledged;
    nothing freezes, every game ends with every acknowledged action in its record, and
    no request ends in an unhandled error."""
    require("postgres", "redis-cli")
    pg = Postgres().start()
    games: list[Game] = []
    try:
        a, b = two_servers(pg.url, redis_url)
        games = _games(a, b, more=2)
        seats = _seats(games)
        rng = random.Random(3)
        play_until(seats, rng, lambda: _acks(seats) >= 12, timeout=90)
        for _ in range(3):  # (three times, while the bots and the people play on)
            _not_over(seats)
            restart = threading.Thread(target=pg.restart)
            restart.start()
            _play_for(seats, rng, 2.0)
            restart.join()
            before = _acks(seats)
            play_until(seats, rng, lambda b=before: _acks(seats) >= b + 10, timeout=120)
        play_until(seats, rng, over(seats), timeout=300)
        _check_records(a.base, games)
        for server in (a, b):
            log = server.log.read_text()
            assert "Exception in ASGI application" not in log
            assert "Task exception was never retrieved" not in log
    finally:
        _closed(games)
        pg.stop()
