"""The public ladder on the server (rams.web.ladder): a person registers a bot (a name, a
secret key, no signup), runs ``rams bot connect URL --key KEY -- COMMAND…``, and the server
plays its scheduled duplicate match with the bot through the relayed protocol; the ratings,
the match and its replays are at ``/api/ladder/FAMILY``. A connected bot also takes an open
seat of a table by its link, or is seated by the table's host like a level, and plays the
game there through the same relay."""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from rams.record import loads
from tests.web.helpers import Seat, create_table, free_port, over, play_until, thread_server

ROOT = Path(__file__).resolve().parents[2]
RANDOM_BOT = [sys.executable, str(ROOT / "examples" / "bots" / "random_bot.py")]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Any]:
    with thread_server(f"sqlite:///{tmp_path / 'rams.sqlite3'}", bot_delay=0.0,
                       ladder_every=0.3, ladder_deals=1) as s:  # fmt: skip
        yield s


def _connector(server: Any, key: str, command: list[str]) -> subprocess.Popen[str]:
    return _connector_at(server.base, key, command)


def _connector_at(url: str, key: str, command: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "rams.cli", "bot", "connect", url, "--key", key,
         "--lang", "en", "--", *command],
        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=ENV,
    )  # fmt: skip


def _stop(connector: subprocess.Popen[str]) -> None:
    connector.terminate()
    connector.wait(10)
    assert connector.stderr is not None
    connector.stderr.close()


def _first_match(server: Any, family: str = "rams", seconds: float = 90) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        data = httpx.get(f"{server.base}/api/ladder/{family}").json()
        if data["matches"]:
            return dict(data)
        time.sleep(0.3)
    raise AssertionError("no ladder match was played")


def test_a_registered_bot_connects_and_plays_a_scheduled_duplicate_match(server: Any) -> None:
    made = httpx.post(f"{server.base}/api/bots", json={"name": "  Мой   бот "})
    assert made.status_code == 201
    bot = made.json()
    assert bot["name"] == "Мой бот" and len(bot["key"]) == 64 and len(bot["id"]) == 16
    with server.store.engine.connect() as c:  # only the key's SHA-256 is kept
        row = c.execute(sa.text("SELECT * FROM rams_bots")).mappings().one()
    assert row["key_hash"] == hashlib.sha256(bot["key"].encode()).hexdigest()
    assert bot["key"] not in [str(v) for v in row.values()]
    connector = _connector(server, bot["key"], RANDOM_BOT)
    try:
        assert connector.stderr is not None
        said = connector.stderr.readline()
        assert said.startswith("connected: the bot “Мой бот”")
        data = _first_match(server)
    finally:
        _stop(connector)
    match = data["matches"][0]
    # Rams' first preset at its fewest seats (3): the bot, and the filler level twice.
    level = "level:heuristic"
    assert match["seats"] == [bot["id"], level, level] and match["deals"] == 1
    assert match["names"] == {bot["id"]: "Мой бот", level: "heuristic"}
    assert match["failures"] == {} and match["plays"] == 3
    assert [(b["name"], b["seats"]) for b in match["bots"]] == [(bot["id"], 1), (level, 2)]
    rated = {r["entrant"]: r for r in data["ratings"]}
    assert set(rated) == {bot["id"], level} and rated[bot["id"]]["name"] == "Мой бот"
    assert rated[bot["id"]]["matches"] == 1 and rated[level]["level"] == "heuristic"
    for r in data["ratings"]:
        assert r["low"] < r["mu"] < r["high"]
        assert abs(r["ordinal"] - (r["mu"] - 3 * r["sigma"])) < 1e-9
    # The first deal's three plays replay at /r/ID, the bot in its rotated seat.
    assert len(match["replays"]) == 3
    for rotation, table in enumerate(match["replays"]):
        replay = httpx.get(f"{server.base}/api/tables/{table}/replay?lang=en")
        assert replay.status_code == 200
        assert replay.json()["players"].index("Мой бот") == (-rotation) % 3


def test_a_connected_program_that_crashes_loses_its_seats_to_the_stand_in(server: Any) -> None:
    bot = httpx.post(f"{server.base}/api/bots", json={"name": "crash"}).json()
    crash = [sys.executable, "-c", "import sys; sys.exit(3)"]
    connector = _connector(server, bot["key"], crash)
    try:
        assert connector.stderr is not None
        assert connector.stderr.readline().startswith("connected")
        match = _first_match(server)["matches"][0]
    finally:
        _stop(connector)
    # Each play in which the bot's seat has a decision starts the program once; it never says
    # ready. (A play can end before the seat's first decision: X3, everyone before the dealer
    # passed and the dealer is the bot; or a rams, R1-R3. The plays' records say which.)
    asked = 0
    for table in match["replays"]:
        record = loads(httpx.get(f"{server.base}/api/tables/{table}/record").text)
        seat = record.players.index("crash")
        asked += any(s == seat for d in record.deals for s, _ in d.actions)
    assert asked >= 1 and match["failures"] == {bot["id"]: {"no_start": asked}}


def test_a_wrong_key_is_refused_in_one_line(server: Any) -> None:
    connector = _connector(server, "0" * 64, RANDOM_BOT)
    assert connector.wait(30) == 2
    assert connector.stderr is not None
    err = connector.stderr.read().strip().splitlines()
    connector.stderr.close()
    assert err == ["the server refused the key: register the bot on the /ladder page and use "
                   "the key it gives"]  # fmt: skip


def test_a_bot_needs_a_name_and_a_family_must_exist(server: Any) -> None:
    assert httpx.post(f"{server.base}/api/bots", json={"name": "   "}).status_code == 400
    assert httpx.get(f"{server.base}/api/ladder/chess").status_code == 404
    # Five bots at once from one address, then two a minute.
    codes = [httpx.post(f"{server.base}/api/bots", json={"name": f"b{i}"}).status_code
             for i in range(6)]  # fmt: skip
    assert codes == [201] * 5 + [429]
    empty = httpx.get(f"{server.base}/api/ladder/whist").json()
    assert empty["ratings"] == [] and empty["matches"] == [] and "rams" in empty["families"]


@pytest.fixture
def table_server(tmp_path: Path) -> Iterator[Any]:
    with thread_server(f"sqlite:///{tmp_path / 'rams.sqlite3'}", bot_delay=0.0) as s:
        yield s


def test_a_connected_bot_takes_a_seat_by_the_tables_link_and_plays_the_game(
    table_server: Any,
) -> None:
    server = table_server
    # From 15 no deal ends the game before seat 2's first decision (from 5 one in thirty
    # games did: jacks J1 or five of a suit R2 take a record to 0 before play).
    made = create_table(server.base, [None, None], preset="duel", rules={"start_score": 15})
    bot = httpx.post(f"{server.base}/api/bots", json={"name": "Мой бот"}).json()
    connector = _connector_at(f"{server.base}/t/{made['id']}", bot["key"], RANDOM_BOT)
    me = Seat(server.ws_base, made["id"], made["token"])
    try:
        assert connector.stderr is not None
        assert connector.stderr.readline().startswith("connected")
        assert connector.stderr.readline().strip() == f"the bot sits at table {made['id']}, seat 2"
        me.until(lambda m: m["type"] == "state" and m["table"]["status"] == "playing")
        seat = me.state["table"]["seats"][1] if me.state else {}
        assert (seat["name"], seat["bot"]) == ("Мой бот", f"prog:{bot['id']}")
        live = server.tables.get(made["id"])
        play_until([me], random.Random(3), over([me]), timeout=120)
    finally:
        me.close()
        _stop(connector)
    agent = live.table.agents[1]  # (the table's own: a step undone rebuilds its seats)
    # Every decision of seat 2 was the program's, through the relay (none the stand-in's).
    assert agent.program.failure is None and agent.program.asked > 0
    record = loads(httpx.get(f"{server.base}/api/tables/{made['id']}/record").text)
    assert any(seat == 1 for d in record.deals for seat, _ in d.actions)


def test_the_host_seats_a_connected_bot_like_a_level(table_server: Any) -> None:
    server = table_server
    made = create_table(server.base, [None, None, None], preset="classic")
    bot = httpx.post(f"{server.base}/api/bots", json={"name": "Умник"}).json()
    me = Seat(server.ws_base, made["id"], made["token"])
    try:
        me.until(lambda m: m["type"] == "welcome")  # (the table waits for players)
        me.send({"type": "seat_bot", "seat": 1, "level": f"prog:{bot['id']}"})
        refused = me.until(lambda m: m["type"] == "error")
        assert refused["code"] == "bot_away"  # (not connected yet)
        connector = _connector(server, bot["key"], RANDOM_BOT)
        try:
            assert connector.stderr is not None
            assert connector.stderr.readline().startswith("connected")
            me.send({"type": "seat_bot", "seat": 1, "level": f"prog:{bot['id']}"})
            table = me.until(lambda m: m["type"] == "table" and m["table"]["seats"][1]["name"])
            seat = table["table"]["seats"][1]
            assert (seat["name"], seat["bot"]) == ("Умник", f"prog:{bot['id']}")
        finally:
            _stop(connector)
    finally:
        me.close()


def test_a_server_that_does_not_answer_is_said_in_one_line_in_russian() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rams.cli", "bot", "connect", f"http://127.0.0.1:{free_port()}",
         "--key", "k", "--lang", "ru", "--", *RANDOM_BOT],
        capture_output=True, text=True, env=ENV, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"не удалось подключиться к {done.args[5]} (в соединении отказано)"
    ]
