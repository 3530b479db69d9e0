"""Several server processes (rams.web.cluster), issue 27: a socket that lands on a process
that does not play its table is sent to the one that does (``go``, protocol 3: its own
port), not relayed through Redis; a client of protocol 2 is still relayed; new tables are
made by the process that plays fewer, wherever the request landed («Играть сейчас»'s and
the daily deals' too); ``rams serve --workers 2`` gives each process a port of its own
(``--worker-ports``: the ones named); the browser follows ``go``."""

from __future__ import annotations

import contextlib
import json
import random
import secrets
import socket
import time
from collections.abc import Callable
from typing import Any

import httpx

from rams.web.cluster import _peers_key
from rams.web.store import Store
from tests.web.helpers import ProcessServer, Seat, create_table, join, play_until

FLAGS = ("--bot-delay", "0", "--deal-pause", "0", "--grace", "60", "--lease", "2")


def _owner(store: Store, table_id: str, servers: list[ProcessServer]) -> ProcessServer:
    """The server whose process holds the table's lease (a process's name holds its pid)."""
    lease = store.lease(table_id)
    assert lease is not None and lease.owner is not None
    found = [s for s in servers if s.proc is not None and f"-{s.proc.pid}-" in lease.owner]
    assert len(found) == 1, (lease.owner, [s.proc.pid for s in servers if s.proc])
    return found[0]


def _pair(pg_url: str, redis_url: str) -> list[ProcessServer]:
    """Two processes of one cluster, each reached by the browsers at its own port."""
    flags = (*FLAGS, "--redis", redis_url, "--direct")
    return [ProcessServer(pg_url, None, *flags).start() for _ in range(2)]


def _stop(seats: list[Seat], servers: list[ProcessServer]) -> None:
    for s in seats:
        with contextlib.suppress(Exception):
            s.close()
    for server in servers:
        server.stop()


def test_a_socket_on_the_other_process_is_sent_to_the_owner(pg_url: str, redis_url: str) -> None:
    servers = _pair(pg_url, redis_url)
    store = Store(pg_url)
    seats: list[Seat] = []
    try:
        made = create_table(servers[0].base, [None, None, "easy"], rules={"start_score": 100})
        table_id = made["id"]
        owner = _owner(store, table_id, servers)
        other = servers[1] if owner is servers[0] else servers[0]
        joined = join(other.base, table_id, "Борис")
        seats = [Seat(other.ws_base, table_id, t) for t in (made["token"], joined["token"])]
        for s in seats:
            welcome = s.until(lambda m: m["type"] == "welcome")
            assert welcome["protocol"] == 3
            # Sent once, to the owner's own port: the socket is the owner's, no relay.
            assert s.went == [f"{owner.ws_base}/ws/{table_id}"]
            assert s.ws.remote_address[1] == owner.port
            assert [m["type"] for m in s.wire].count("go") == 1
        assert welcome["seat"] == 1
        rng = random.Random(3)
        play_until(seats, rng, _acked(seats, 6), timeout=90)
        # A client of protocol 2 knows no «go»: relayed through Redis, as before.
        old = Seat(other.ws_base, table_id, None, protocol=2)
        seats.append(old)
        assert old.until(lambda m: m["type"] == "welcome")["protocol"] == 3
        old.until(lambda m: m["type"] == "state")
        assert old.went == [] and old.ws.remote_address[1] == other.port
    finally:
        store.close()
        _stop(seats, servers)


def _known(redis_url: str, pg_url: str, count: int) -> None:
    """Wait until ``count`` processes have said in Redis who they are, then for the first
    of them to have read them (it reads the cards every third of a lease)."""
    import redis

    client = redis.Redis.from_url(redis_url)
    try:
        deadline = time.monotonic() + 60
        while len(client.hgetall(_peers_key(pg_url))) < count:
            assert time.monotonic() < deadline, "the processes did not say who they are"
            time.sleep(0.2)
    finally:
        client.close()
    time.sleep(2.0)  # (a lease, FLAGS' --lease)


def test_new_tables_are_made_by_the_process_that_plays_fewer(pg_url: str, redis_url: str) -> None:
    servers = _pair(pg_url, redis_url)
    store = Store(pg_url)
    try:
        _known(redis_url, pg_url, 2)
        made = []
        with httpx.Client(base_url=servers[0].base, timeout=10) as http:  # (one connection)
            for i in range(6):
                body = {"name": f"Аня {i}", "preset": "classic", "players": 3,
                        "bots": [None, None, "easy"]}  # fmt: skip
                r = http.post("/api/tables", json=body)
                assert r.status_code == 201, r.text
                made.append(r.json())
            # «Играть сейчас» makes its new tables the same way (none waits for a person).
            for i in range(4):
                r = http.post("/api/play", json={"name": f"Боря {i}", "new_table": True})
                assert r.status_code == 200, r.text
                assert r.json()["made"] is True
                made.append(r.json())
            # And so are the daily deals' tables (each try a person's own, by a key of theirs).
            deal = http.get("/api/daily?lang=en").json()["deals"][0]["id"]
            for i in range(4):
                body = {"name": f"Вера {i}", "key": secrets.token_hex(32), "lang": "ru"}
                r = http.post(f"/api/daily/{deal}/play", json=body)
                assert r.status_code == 201, r.text
                made.append({**r.json(), "made": True})
        owners = [_owner(store, m["id"], servers) for m in made]
        for kind in (slice(6, 10), slice(10, 14)):
            assert all(owners[kind].count(s) >= 1 for s in servers), [
                servers.index(o) for o in owners
            ]
        # Turn about (each says how many it plays; the one that plays fewer makes the next):
        # three each when the counts are fresh; on a busy machine a count renewed late (with
        # the leases) can send a few more to one, but each process makes some (before the
        # spreading, the one the connection landed on made all six).
        assert all(owners.count(s) >= 1 for s in servers), [servers.index(o) for o in owners]
        for m in made:  # every answer a creation's, whoever made it
            assert m["seat"] == 0 and m["name"] == m["table"]["seats"][0]["name"]
            assert m["table"]["status"] == ("open" if "made" not in m else "playing")
            assert m["token"]
        # A table made by the other process is its own: its creator plays it there.
        far = next(m for m, o in zip(made, owners, strict=True) if o is not servers[0])
        seat = Seat(servers[0].ws_base, far["id"], far["token"])
        try:
            assert seat.until(lambda m: m["type"] == "welcome")["seat"] == 0
            assert seat.ws.remote_address[1] != servers[0].port
        finally:
            seat.close()
    finally:
        store.close()
        _stop([], servers)


def _acked(seats: list[Seat], count: int) -> Callable[[], bool]:
    """Whether the seats were told of ``count`` actions of theirs stored, between them."""
    return lambda: sum(m["type"] == "ack" for s in seats for m in s.messages) >= count


def _free_ports(count: int) -> int:
    """The first of ``count`` consecutive ports free now."""
    rng = random.Random()
    for _ in range(100):
        first = rng.randrange(20000, 60000)
        with contextlib.ExitStack() as stack:
            try:
                for port in range(first, first + count):
                    s = stack.enter_context(socket.socket())
                    s.bind(("127.0.0.1", port))
            except OSError:
                continue
        return first
    raise AssertionError("no free ports")


def test_serve_workers_gives_each_process_a_port_of_its_own(pg_url: str, redis_url: str) -> None:
    """``rams serve --workers 2 --worker-ports FIRST``: each process says in Redis its own
    port (FIRST and FIRST + 1) beside the shared one, and a socket either lands on its
    table's process or is sent to that one's port."""
    import redis

    first = _free_ports(2)
    flags = ("--redis", redis_url, "--workers", "2", "--worker-ports", str(first))
    server = ProcessServer(pg_url, None, *FLAGS, *flags)
    server.start()
    store = Store(pg_url)
    client = redis.Redis.from_url(redis_url)
    seats: list[Seat] = []
    try:
        assert server.proc is not None
        deadline = time.monotonic() + 60
        while len(cards := client.hgetall(_peers_key(pg_url))) < 2:
            assert time.monotonic() < deadline, cards
            time.sleep(0.2)
        ports: dict[str, Any] = {}
        for name, raw in cards.items():
            card = json.loads(raw)
            assert card["public"] == server.port and card["port"] != server.port
            ports[name.decode()] = card["port"]
        assert sorted(ports.values()) == [first, first + 1]
        rng = random.Random(7)
        for _ in range(2):
            made = create_table(server.base, [None, None, "easy"], rules={"start_score": 50})
            lease = store.lease(made["id"])
            assert lease is not None and lease.owner in ports
            joined = join(server.base, made["id"], "Борис")
            pair = [Seat(server.ws_base, made["id"], t) for t in (made["token"], joined["token"])]
            seats += pair
            for s in pair:
                s.until(lambda m: m["type"] == "welcome")
                if s.went:  # (landed on the other process: sent to the owner's own port)
                    assert s.went == [f"ws://127.0.0.1:{ports[lease.owner]}/ws/{made['id']}"]
                    assert s.ws.remote_address[1] == ports[lease.owner]
            play_until(pair, rng, _acked(pair, 4), timeout=90)
    finally:
        client.close()
        store.close()
        _stop(seats, [server])


def test_the_browser_follows_go_to_the_tables_process(
    pg_url: str, redis_url: str, browser: Any
) -> None:
    """The page comes from the process that does not play the table: its socket is sent to
    the owner's port (its ``Origin`` the page's: accepted), and the game shows."""
    servers = _pair(pg_url, redis_url)
    store = Store(pg_url)
    try:
        made = create_table(servers[0].base, [None, "easy", "easy"], rules={"start_score": 50})
        owner = _owner(store, made["id"], servers)
        other = servers[1] if owner is servers[0] else servers[0]
        page = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
        page = page.new_page()
        sockets: list[str] = []
        errors: list[str] = []
        page.on("websocket", lambda ws: sockets.append(ws.url))
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{other.base}/t/{made['id']}#s={made['token']}")
        page.wait_for_selector(".hand .card", timeout=20000)
        assert sockets[:2] == [
            f"{other.ws_base}/ws/{made['id']}",
            f"{owner.ws_base}/ws/{made['id']}",
        ]
        assert not page.locator("body.offline").count()
        assert errors == []
        page.context.close()
    finally:
        store.close()
        _stop([], servers)
