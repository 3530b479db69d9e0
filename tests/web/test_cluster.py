"""Several server processes over one PostgreSQL and one Redis (rams.web.cluster): leases,
relayed sockets, HTTP requests answered by a table's owner, and the takeover of a table
whose process was killed (SIGKILL) mid-deal, with nothing acknowledged lost (RULES §12)."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import time
from typing import Any

import httpx
import pytest

from rams.games.rams.actions import parse_action
from rams.record import loads
from rams.web.store import LeaseLost, SeatRow, Store
from tests.web.helpers import ProcessServer, Seat, create_table, join, over, play_until

FLAGS = ("--bot-delay", "0", "--deal-pause", "0", "--grace", "60", "--lease", "2")


def test_a_lease_is_held_by_one_process_until_it_lapses(database_url: str) -> None:
    from rams import games

    store = Store(database_url)
    store.migrate()
    rules = games.family_of("classic").rules("classic", 3)
    store.create_table("t1", rules, [SeatRow("Аня"), SeatRow(None), SeatRow(None)])
    assert store.claim("t1", "a", until=110.0, now=100.0)
    assert not store.claim("t1", "b", until=111.0, now=101.0)  # a holds it
    assert store.claim("t1", "a", until=115.0, now=105.0)  # its own, renewed
    assert store.renew("a", ["t1"], until=120.0) == {"t1"}
    assert store.renew("b", ["t1"], until=120.0) == set()
    assert store.unowned_table_ids(now=119.0) == []
    assert store.unowned_table_ids(now=121.0) == ["t1"]  # lapsed: a died
    assert store.claim("t1", "b", until=131.0, now=121.0)
    assert store.renew("a", ["t1"], until=140.0) == set()  # a learns it lost the table
    lease = store.lease("t1")
    assert lease is not None and (lease.owner, lease.until) == ("b", 131.0)
    store.release("b", ["t1"])
    assert store.claim("t1", "c", until=200.0, now=122.0)  # released: taken at once
    store.finish("t1", "{}")
    assert not store.claim("t1", "d", until=300.0, now=250.0)  # over: nobody plays it
    assert store.unowned_table_ids(now=250.0) == []
    store.close()


def test_a_process_that_lost_a_lease_cannot_write_for_the_table(database_url: str) -> None:
    """The fence: a deal, an action or a game's end is written only in a transaction that
    finds the table's lease still this process's; a stale owner's write is refused whole."""
    from rams import games

    a, b = Store(database_url), Store(database_url)
    a.migrate()
    a.owner, b.owner = "a", "b"
    rules = games.family_of("classic").rules("classic", 3)
    a.create_table("t1", rules, [SeatRow("Аня"), SeatRow("Борис"), SeatRow(None, "easy")])
    assert a.claim("t1", "a", until=110.0, now=100.0)
    a.add_deal("t1", 0, 0, "AS KS")
    a.add_action("t1", 0, 0, 1, "play")
    assert b.claim("t1", "b", until=131.0, now=121.0)  # (a's lease lapsed: a was paused)
    with pytest.raises(LeaseLost):
        a.add_action("t1", 0, 1, 2, "pass")
    with pytest.raises(LeaseLost):
        a.add_deal("t1", 1, 1, "QS JS")
    with pytest.raises(LeaseLost):
        a.finish("t1", "{}")
    b.add_action("t1", 0, 1, 2, "play")  # (the new owner writes the step a could not)
    assert b.action_count("t1") == 2 and len(b.deals_of("t1")) == 1
    lease = b.lease("t1")
    assert lease is not None and (lease.owner, lease.until) == ("b", 131.0)
    a.close()
    b.close()


def _close(seats: list[Seat], *servers: ProcessServer) -> None:
    """A test's sockets closed (whatever state they are in), then its servers stopped."""
    for s in seats:
        with contextlib.suppress(Exception):
            s.close()
    for server in servers:
        server.stop()


def _acked(seats: list[Seat]) -> list[tuple[int, dict[str, Any]]]:
    return [(i, m) for i, seat in enumerate(seats) for m in seat.messages if m["type"] == "ack"]


def _check_record(base: str, table_id: str, acked: list[tuple[int, dict[str, Any]]]) -> None:
    """The finished game replays under every rule, with each acknowledged action in it."""
    text = httpx.get(f"{base}/api/tables/{table_id}/record", timeout=10).text
    record = loads(text)
    assert record.replay().is_over
    assert acked
    for seat, ack in acked:
        deal = record.deals[ack["deal"] - 1]
        assert deal.actions[ack["step"] - 1] == (seat, parse_action(ack["action"]))


def test_the_owner_killed_mid_deal_the_other_process_plays_on(pg_url: str, redis_url: str) -> None:
    flags = (*FLAGS, "--redis", redis_url)
    owner = ProcessServer(pg_url, None, *flags).start()
    other = ProcessServer(pg_url, None, *flags).start()
    rng = random.Random(11)
    seats: list[Seat] = []
    try:
        made = create_table(owner.base, [None, None, "easy"], rules={"start_score": 100})
        table_id = made["id"]
        # Joined through the other process: the owner seats the person.
        joined = join(other.base, table_id, "Борис")
        assert joined["seat"] == 1 and joined["table"]["seats"][1]["name"] == "Борис"
        public = httpx.get(f"{other.base}/api/tables/{table_id}", timeout=10).json()
        assert public["status"] == "playing"
        # Both sockets land on the other process: relayed to the owner.
        seats = [Seat(other.ws_base, table_id, t) for t in (made["token"], joined["token"])]
        for s in seats:
            assert s.until(lambda m: m["type"] == "welcome")["seat"] is not None

        def acks() -> int:
            return len(_acked(seats))

        play_until(seats, rng, lambda: acks() >= 16, timeout=90)
        assert seats[0].state is not None and seats[0].state["winners"] is None
        owner.kill()  # mid-deal, actions in flight
        before = acks()
        play_until(seats, rng, lambda: acks() >= before + 12, timeout=90)
        play_until(seats, rng, over(seats), timeout=240)
        _check_record(other.base, table_id, _acked(seats))
    finally:
        _close(seats, owner, other)


def test_an_owner_paused_past_its_lease_gives_the_table_up_when_it_wakes(
    pg_url: str, redis_url: str
) -> None:
    """The owner stopped (SIGSTOP) longer than its lease, not dead: the other process takes
    the table over and plays on with the relayed sockets; when the owner wakes (SIGCONT) it
    learns at its next renewal that the table is no longer its own and lets it go — what it
    still had queued is not written over the new owner's actions, and the game ends with
    every acknowledged action in the record."""
    flags = (*FLAGS, "--redis", redis_url)
    owner = ProcessServer(pg_url, None, *flags).start()
    other = ProcessServer(pg_url, None, *flags).start()
    store = Store(pg_url)
    rng = random.Random(23)
    seats: list[Seat] = []
    try:
        assert owner.proc is not None
        made = create_table(owner.base, [None, None, "easy"], rules={"start_score": 100})
        table_id = made["id"]
        joined = join(other.base, table_id, "Борис")
        seats = [Seat(other.ws_base, table_id, t) for t in (made["token"], joined["token"])]
        for s in seats:
            s.until(lambda m: m["type"] == "welcome")
        first = store.lease(table_id)
        assert first is not None

        def acks() -> int:
            return len(_acked(seats))

        play_until(seats, rng, lambda: acks() >= 12, timeout=90)
        os.kill(owner.proc.pid, signal.SIGSTOP)
        try:
            before = acks()
            play_until(seats, rng, lambda: acks() >= before + 10, timeout=90)
            taken = store.lease(table_id)
            assert taken is not None and taken.owner != first.owner
        finally:
            os.kill(owner.proc.pid, signal.SIGCONT)
        before = acks()
        play_until(seats, rng, lambda: acks() >= before + 10, timeout=90)  # (it woke)
        now = store.lease(table_id)
        assert now is not None and now.owner == taken.owner  # (not taken back)
        play_until(seats, rng, over(seats), timeout=240)
        _check_record(other.base, table_id, _acked(seats))
        assert owner.proc.poll() is None  # (it lives on, serving its other tables)
    finally:
        store.close()
        _close(seats, owner, other)


def _children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def test_serve_workers_two_processes_on_one_port_and_one_killed(
    pg_url: str, redis_url: str
) -> None:
    server = ProcessServer(pg_url, None, *FLAGS, "--redis", redis_url, "--workers", "2")
    server.start()
    rng = random.Random(5)
    seats: list[Seat] = []
    try:
        assert server.proc is not None
        deadline = time.monotonic() + 60
        while len(_children(server.proc.pid)) < 2:  # (the spawned workers, and their own)
            assert time.monotonic() < deadline
            time.sleep(0.2)
        made = create_table(server.base, [None, None, "easy"], rules={"start_score": 100})
        table_id = made["id"]
        joined = join(server.base, table_id, "Борис")
        seats = [Seat(server.ws_base, table_id, t) for t in (made["token"], joined["token"])]
        play_until(seats, rng, lambda: len(_acked(seats)) >= 10, timeout=90)
        workers = _children(server.proc.pid)
        os.kill(workers[0], signal.SIGKILL)  # whichever it played: the game goes on
        # A socket the killed process held is gone with it: each browser reconnects, and
        # lands on whichever process the kernel gives it.
        for i, token in enumerate((made["token"], joined["token"])):
            with contextlib.suppress(Exception):
                seats[i].close()
            old = seats[i].messages
            seats[i] = Seat(server.ws_base, table_id, token)
            seats[i].messages[:0] = old
        play_until(seats, rng, over(seats), timeout=240)
        _check_record(server.base, table_id, _acked(seats))
        assert len(_children(server.proc.pid)) >= 2  # the supervisor started another
    finally:
        _close(seats, server)
