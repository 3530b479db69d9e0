"""The store's one writer (rams.web.store.Writer): the play's writes committed in groups off
the event loop, each acknowledged only once durable, each failing alone; and the server's
loop that serves everyone while a write waits on the database; and the instant bots that
decide on the spot, with no hand-off to the worker processes."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from rams import games
from rams.web.store import LeaseLost, SeatRow, Store, Write, action_row
from tests.web.helpers import Seat, create_table, join, play_until, step, thread_server


def _store_with_tables(url: str) -> Store:
    store = Store(url)
    store.migrate()
    rules = games.family_of("classic").rules("classic", 3)
    for table_id in ("t1", "t2"):
        store.create_table(table_id, rules, [SeatRow("Аня"), SeatRow("Борис"), SeatRow("Вера")])
        store.start_game(table_id, 0)
        store.add_deal(table_id, 0, 0, "AS KS")
    return store


def _gate(store: Store) -> tuple[threading.Event, threading.Event, Any]:
    """A first write that holds the writer inside its transaction until let go: what is
    submitted meanwhile waits, and is committed as one group."""
    entered, release = threading.Event(), threading.Event()

    def hold(_c: Any) -> None:
        entered.set()
        assert release.wait(10)

    done = store.writer.submit(Write("t1", (hold,)))
    assert entered.wait(10)
    return entered, release, done


def test_the_writer_commits_in_groups_and_a_refused_write_fails_alone(database_url: str) -> None:
    store = _store_with_tables(database_url)
    try:
        store.owner = "a"
        assert store.claim("t1", "a", until=1e12, now=0.0)
        assert store.claim("t2", "b", until=1e12, now=0.0)  # another process plays t2
        _, release, gate = _gate(store)
        t1 = [store.writer.submit(Write("t1", (), (action_row("t1", 0, i, i % 3, "pass"),)))
              for i in range(10)]  # fmt: skip
        t2 = store.writer.submit(Write("t2", (), (action_row("t2", 0, 0, 0, "pass"),)))
        assert not any(f.done() for f in [*t1, t2])  # (nothing is durable yet: no answer)
        release.set()
        gate.result(10)
        for f in t1:
            assert f.result(10) is None
        with pytest.raises(LeaseLost):
            t2.result(10)
        # The gate alone, then the eleven others in one transaction (t2's refused in it).
        assert (store.writer.commits, store.writer.written) == (2, 12)
        assert store.action_count("t1") == 10
        assert store.action_count("t2") == 0
        assert [d.actions for d in store.deals_of("t1")] == [
            tuple(f"p{i % 3 + 1} pass" for i in range(10))
        ]

        # A step already written (a diverged table) fails the group: each write is then
        # committed alone, and only the one at fault fails.
        store.owner = None
        _, release, gate = _gate(store)
        again = store.writer.submit(Write("t1", (), (action_row("t1", 0, 3, 0, "play"),)))
        fine = [store.writer.submit(Write("t2", (), (action_row("t2", 0, i, i, "pass"),)))
                for i in range(3)]  # fmt: skip
        release.set()
        gate.result(10)
        with pytest.raises(IntegrityError):
            again.result(10)
        for f in fine:
            assert f.result(10) is None
        assert store.action_count("t1") == 10 and store.action_count("t2") == 3
        assert store.writer.commits == 2 + 1 + 3  # (the gate; then t2's three, one by one)
    finally:
        store.close()


def test_the_writer_commits_what_is_queued_before_it_stops(sqlite_url: str) -> None:
    store = _store_with_tables(sqlite_url)
    _, release, gate = _gate(store)
    writer = store.writer
    queued = [writer.submit(Write("t2", (), (action_row("t2", 0, i, i, "pass"),)))
              for i in range(5)]  # fmt: skip
    release.set()
    store.close()  # (waits for the queue)
    assert gate.done() and all(f.result(0) is None for f in queued)
    late = writer.submit(Write("t2", (), (action_row("t2", 0, 5, 0, "pass"),)))
    with pytest.raises(RuntimeError):
        late.result(0)  # (a closed writer refuses at once: nobody waits forever)
    again = Store(sqlite_url)
    assert again.action_count("t2") == 5
    again.close()


@contextmanager
def _database_held(store: Store, table_id: str) -> Iterator[None]:
    """Every write of the table's actions waits while this holds: SQLite's one writer (the
    store's lock), or on PostgreSQL the table's row (an action's foreign key waits for it)."""
    if store.is_sqlite:
        assert store._write_lock is not None
        with store._write_lock:
            yield
        return
    engine = sa.create_engine(store.url)
    try:
        with engine.begin() as c:
            c.execute(
                sa.text("SELECT id FROM rams_tables WHERE id = :t FOR UPDATE"), {"t": table_id}
            )
            yield
    finally:
        engine.dispose()


def test_an_action_is_acknowledged_once_durable_and_the_loop_serves_meanwhile(
    database_url: str,
) -> None:
    """While the database makes an action wait, its sender has no acknowledgement and nobody
    sees it, yet the server answers everyone else at once (the event loop does not wait on
    the database); once the database lets go, the action is stored, then acknowledged."""
    rng = random.Random(4)
    with thread_server(database_url, bot_delay=0, deal_pause=0, grace_s=60) as server:
        made = create_table(server.base, [None, None, "easy"], rules={"start_score": 100})
        table_id = made["id"]
        other = join(server.base, table_id, "Борис")
        seats = [Seat(server.ws_base, table_id, t) for t in (made["token"], other["token"])]
        acks = lambda: sum(m["type"] == "ack" for s in seats for m in s.messages)  # noqa: E731
        play_until(seats, rng, lambda: acks() >= 3, timeout=60)
        for s in seats:
            s.drain(0.2)
        stored = server.store.action_count(table_id)
        mover = next(s for s in seats if s.state and s.state["legal"])
        seen = len(mover.messages)
        with _database_held(server.store, table_id):
            assert step(mover, rng)
            for _ in range(3):  # the loop answers meanwhile (the database still held)
                r = httpx.get(f"{server.base}/api/meta", timeout=5)
                assert r.status_code == 200
            time.sleep(0.3)
            mover.drain(0.2)
            assert not [m for m in mover.messages[seen:] if m["type"] in ("ack", "state")]
        ack = mover.until(lambda m: m["type"] in ("ack", "error"), timeout=10)
        assert ack["type"] == "ack"
        assert server.store.action_count(table_id) >= stored + 1
        for s in seats:
            s.close()


def test_instant_bots_decide_on_the_spot_and_the_others_in_the_workers(sqlite_url: str) -> None:
    """A table of instant bots (each family says which levels are: ``instant_levels``) plays
    without starting a single worker job; a bot that searches thinks in the workers."""
    for family in ("rams", "whist"):
        levels = games.family(family).levels
        instant = games.family(family).instant_levels
        assert instant and set(instant) < set(levels)
        assert "hard" in levels and "hard" not in instant
    assert games.family("rams").instant_levels == ("easy",)
    rng = random.Random(3)
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0, grace_s=60) as server:
        made = create_table(server.base, [None, "easy", "easy"], rules={"start_score": 100})
        me = Seat(server.ws_base, made["id"], made["token"])
        play_until([me], rng, lambda: sum(m["type"] == "ack" for m in me.messages) >= 12)
        mine = sum(m["type"] == "ack" for m in me.messages)
        assert server.store.action_count(made["id"]) > mine  # (the bots played as well)
        assert server.tables.workers.started == 0
        me.close()
        made = create_table(server.base, [None, "medium", "easy"], rules={"start_score": 100})
        me = Seat(server.ws_base, made["id"], made["token"])
        play_until([me], rng, lambda: server.tables.workers.started > 0, timeout=60)
        me.close()


def test_the_writer_and_a_renewal_lock_the_tables_in_one_order(pg_url: str) -> None:
    """The writer's group fences its tables in the order of their ids, and a renewal locks
    its rows in that order too: a group of t1 and t2, held in its transaction while the
    renewal of [t2, t1] comes, makes the renewal wait; neither is a deadlock's victim (before,
    the group held t1 alone there, the renewal took t2 and waited for t1, and PostgreSQL
    found the deadlock as the group went on to t2)."""
    store = _store_with_tables(pg_url)
    other = Store(pg_url)  # (the leases' renewal, on a connection of its own)
    try:
        store.owner = "a"
        for table_id in ("t1", "t2"):
            assert store.claim(table_id, "a", until=1e12, now=0.0)
        _, release, gate = _gate(store)
        entered, let_go = threading.Event(), threading.Event()

        def hold(_c: Any) -> None:
            entered.set()
            assert let_go.wait(10)

        first = store.writer.submit(Write("t1", (hold,), (action_row("t1", 0, 0, 0, "pass"),)))
        second = store.writer.submit(Write("t2", (), (action_row("t2", 0, 0, 0, "pass"),)))
        release.set()
        gate.result(10)
        assert entered.wait(10)  # (the group holds both rows now)
        renewed: list[set[str]] = []
        renewal = threading.Thread(
            target=lambda: renewed.append(other.renew("a", ["t2", "t1"], 2e12))
        )
        renewal.start()
        time.sleep(0.5)
        assert not renewed  # (it waits for the group's rows)
        let_go.set()
        assert first.result(10) is None and second.result(10) is None
        renewal.join(10)
        assert renewed == [{"t1", "t2"}]
        assert store.writer.commits == 2  # (the gate, then the group: none failed)
    finally:
        store.close()
        other.close()
