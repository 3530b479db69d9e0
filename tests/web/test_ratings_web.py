"""Ratings on the web tables: a finished game rates its people (by their browser's key, whose
hash alone is stored) and its bots, once, and shows on the leaderboard and the player page."""

from __future__ import annotations

import random
import secrets
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from rams import games
from rams.ratings import Rating, match_places, player_id, rate_match
from rams.record import loads
from rams.web.store import GameResult, SeatRow, Store, history, ratings
from tests.web.helpers import Seat, create_table, over, play_until, thread_server

pytest.importorskip("openskill")

SETTINGS = {"bot_delay": 0, "deal_pause": 0, "grace_s": 60}


def _play(server: object, key: str | None, name: str = "Аня") -> str:
    """A short game of Rams against an easy and a medium bot, to its end; its table id."""
    base, ws_base = server.base, server.ws_base  # type: ignore[attr-defined]
    extra = {} if key is None else {"key": key}
    made = create_table(base, [None, "easy", "medium"], name, rules={"start_score": 30}, **extra)
    me = Seat(ws_base, made["id"], made["token"])
    play_until([me], random.Random(5), over([me]), timeout=240)
    me.close()
    table_id: str = made["id"]
    return table_id


def _every_text(url: str) -> str:
    """Every value of every row of every table of the database, as one text."""
    engine = sa.create_engine(url)
    try:
        meta = sa.MetaData()
        meta.reflect(engine)
        with engine.connect() as c:
            return "\n".join(
                repr(tuple(row)) for t in meta.sorted_tables for row in c.execute(sa.select(t))
            )
    finally:
        engine.dispose()


def _unnamed(page: dict[str, Any]) -> list[dict[str, Any]]:
    """A player page's figures, without the name (which changes)."""
    return [{k: v for k, v in f.items() if k != "name"} for f in page["families"]]


def test_a_finished_game_rates_its_person_and_its_bots(sqlite_url: str) -> None:
    key = secrets.token_hex(32)
    me = player_id(key)
    with thread_server(sqlite_url, **SETTINGS) as server:
        table_id = _play(server, key)
        board = httpx.get(f"{server.base}/api/ratings/rams", timeout=10).json()
        record = loads(server.store.table(table_id).record)
    rows = {r["id"]: r for r in board["players"]}
    assert set(rows) == {me, "bot:easy", "bot:medium"}
    assert rows[me]["name"] == "Аня" and rows[me]["bot"] is None
    assert rows["bot:easy"]["bot"] == "easy"
    assert all(r["games"] == 1 for r in rows.values())
    # The leaderboard's numbers are the game's, rated from the start (rams.ratings).
    game = record.replay()
    places = match_places(game.scores(), game.winners(), -1)
    entrants, want = rate_match({}, [me, "bot:easy", "bot:medium"], places, ((0,), (1,), (2,)))
    for e in entrants:
        got = rows[e.player]
        assert got["mu"] == pytest.approx(want[e.player].mu)
        assert got["sigma"] == pytest.approx(want[e.player].sigma)
        assert got["ordinal"] == pytest.approx(want[e.player].ordinal)
        assert got["wins"] == int(e.won) and got["place"] == e.place
    assert [r["ordinal"] for r in board["players"]] == sorted(
        (r["ordinal"] for r in board["players"]), reverse=True
    )
    assert any(r["mu"] != Rating().mu for r in rows.values())
    # The server keeps the key's hash, never the key.
    stored = _every_text(sqlite_url)
    assert me in stored and key not in stored


def test_the_player_page_renaming_and_a_restart_that_does_not_rate_twice(
    sqlite_url: str,
) -> None:
    key = secrets.token_hex(32)
    me = player_id(key)
    with thread_server(sqlite_url, **SETTINGS) as server:
        table_id = _play(server, key)
        page = httpx.get(f"{server.base}/api/players/{me}", timeout=10).json()
        # Another table under another name: the same person, the same rating.
        create_table(server.base, [None, "easy", None], "Анна", key=key)
        renamed = httpx.get(f"{server.base}/api/players/{me}", timeout=10).json()
        assert httpx.get(f"{server.base}/api/players/{'0' * 64}", timeout=10).status_code == 404
        assert httpx.get(f"{server.base}/api/players/{key}x", timeout=10).status_code == 404
        assert httpx.get(f"{server.base}/api/ratings/chess", timeout=10).status_code == 404
    (family,) = page["families"]
    assert page["name"] == "Аня" and family["family"] == "rams" and family["games"] == 1
    assert family["presets"] == [
        {"preset": "classic", "games": 1, "wins": family["wins"], "place": family["place"]}
    ]
    (step,) = family["history"]
    assert step["table"] == table_id and step["mu"] == family["mu"]
    assert renamed["name"] == "Анна" and _unnamed(renamed) == _unnamed(page)
    # As if the server had died before the table's end was stored: at the next start the
    # table is finished again (from its stored actions), and not rated a second time.
    engine = sa.create_engine(sqlite_url)
    with engine.begin() as c:
        c.execute(
            sa.text("UPDATE rams_tables SET status = 'playing' WHERE id = :t"), {"t": table_id}
        )
    with thread_server(sqlite_url, **SETTINGS) as server:
        assert server.store.table(table_id).status == "over"
        again = httpx.get(f"{server.base}/api/players/{me}", timeout=10).json()
    with engine.connect() as c:
        steps = c.execute(sa.select(sa.func.count()).select_from(history)).scalar_one()
        games = c.execute(sa.select(ratings.c.games)).scalars().all()
    engine.dispose()
    assert _unnamed(again) == _unnamed(page)
    assert steps == 3 and games == [1, 1, 1]


def test_a_person_without_a_key_is_not_rated_the_bots_are(sqlite_url: str) -> None:
    with thread_server(sqlite_url, **SETTINGS) as server:
        _play(server, None)
        board = httpx.get(f"{server.base}/api/ratings/rams", timeout=10).json()
        assert (
            httpx.post(
                f"{server.base}/api/tables",
                json={"name": "x", "bots": [None, "easy", "easy"], "key": "not-hex"},
                timeout=10,
            ).status_code
            == 422
        )
    assert {r["id"] for r in board["players"]} == {"bot:easy", "bot:medium"}


def whist_result(me: str, friend: str) -> GameResult:
    """A Whist game won by ``me`` and ``friend`` (partners, W1) over two bots."""
    return GameResult(
        family="whist",
        preset="whist",
        players=(me, "bot:easy", friend, "bot:medium"),
        names=("Аня", "Прохор", "Борис", "Глаша"),
        places=tuple(match_places([3, 1, 3, 1], [0, 2], 1)),
        sides=((0, 2), (1, 3)),
    )


def store_whist(store: Store, table_id: str, me: str, friend: str) -> None:
    """A finished Whist table, rated as the server rates one."""
    rules = games.family("whist").rules("whist", 4)
    rows = [SeatRow("Аня", None, "a" * 64, me), SeatRow("Прохор", "easy")]
    rows += [SeatRow("Борис", None, "b" * 64, friend), SeatRow("Глаша", "medium")]
    store.create_table(table_id, rules, rows)
    store.start_game(table_id, 0)
    store.finish(table_id, "{}", whist_result(me, friend))


def test_whist_partners_share_the_result_and_a_table_is_rated_once(sqlite_url: str) -> None:
    me, friend = player_id("1" * 64), player_id("2" * 64)
    store = Store(sqlite_url)
    try:
        store.migrate()
        store_whist(store, "w1", me, friend)
        store.finish("w1", "{}", whist_result(me, friend))  # (again: not rated twice)
        board = {r["id"]: r for r in store.leaderboard("whist")}
        assert store.leaderboard("rams") == []
    finally:
        store.close()
    _, want = rate_match({}, [me, "bot:easy", friend, "bot:medium"], [1, 3, 1, 3], ((0, 2), (1, 3)))
    assert set(board) == {me, friend, "bot:easy", "bot:medium"}
    for p, r in board.items():
        assert (r["mu"], r["sigma"], r["games"]) == (want[p].mu, want[p].sigma, 1)
    assert board[me]["mu"] == board[friend]["mu"] > 25 > board["bot:easy"]["mu"]
    assert board[me]["wins"] == board[friend]["wins"] == 1 and board["bot:easy"]["wins"] == 0
    assert board[me]["name"] == "Аня" and board["bot:medium"]["bot"] == "medium"
