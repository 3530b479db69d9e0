"""Daily deals on the web (issue 31): a person's one try at a deal, a table of its own
against bots dealt the deal's cards; the result stored and still there after a restart; the
seeds (and the tables' replays) published only once the day is over, by the server's clock
(a fake one here)."""

from __future__ import annotations

import hashlib
import random
import secrets
import time
from datetime import UTC, datetime
from typing import Any

import httpx

from rams.cards import cards_str
from rams.daily import BOTS, deal_points, parse_deal
from rams.ratings import player_id
from rams.record import loads
from rams.web.store import SeatRow, Store
from tests.web.helpers import Seat, over, play_until, thread_server

SETTINGS = {"bot_delay": 0, "deal_pause": 0, "grace_s": 60}
DEAL = "2026-12-07-ramsch-1"
DURING = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)
AFTER = datetime(2026, 12, 8, 0, 0, 1, tzinfo=UTC)


def _at(server: Any, now: datetime) -> None:
    server.app.state.services.clock = lambda: now


def _play(server: Any, key: str, name: str, deal: str = DEAL) -> httpx.Response:
    return httpx.post(
        f"{server.base}/api/daily/{deal}/play",
        json={"name": name, "key": key, "lang": "ru"},
        timeout=30,
    )


def _deal_of(day: dict[str, Any], deal: str) -> dict[str, Any]:
    found: dict[str, Any] = next(d for d in day["deals"] if d["id"] == deal)
    return found


def test_one_try_a_deal_stored_through_a_restart_and_seeds_after_the_day(
    sqlite_url: str,
) -> None:
    key, other = secrets.token_hex(32), secrets.token_hex(32)
    with thread_server(sqlite_url, **SETTINGS) as server:
        _at(server, DURING)
        today = httpx.get(f"{server.base}/api/daily?lang=en", timeout=30).json()
        assert today["day"] == "2026-12-07" and today["open"] and not today["over"]
        assert len(today["deals"]) == 10 and all(d["seed"] is None for d in today["deals"])
        assert today["next"]["day"] == "2026-12-08" and len(today["next"]["deals"]) == 10
        promised = _deal_of(today, DEAL)["commitment"]
        # The day after tomorrow is not published yet; a day not written as one is no day.
        assert httpx.get(f"{server.base}/api/daily/2026-12-09", timeout=10).status_code == 404
        assert httpx.get(f"{server.base}/api/daily/7-12-2026", timeout=10).status_code == 404

        made = _play(server, key, "Аня")
        assert made.status_code == 201, made.text
        table_id = made.json()["id"]
        me = Seat(server.ws_base, table_id, made.json()["token"])
        play_until([me], random.Random(3), over([me]), timeout=120)
        me.close()
        # One try: a second is refused, even after the deal is played.
        again = _play(server, key, "Аня")
        assert again.status_code == 409 and again.json()["code"] == "daily_once"
        # Another person plays the same deal (and leaves it unplayed: it counts as tried).
        boris = _play(server, other, "Борис")
        assert boris.status_code == 201
        # Not today's deal, no such deal.
        late = _play(server, key, "Аня", "2026-12-08-ramsch-1")
        assert late.status_code == 409 and late.json()["code"] == "daily_closed"
        assert _play(server, key, "Аня", "2026-12-07-chess-1").status_code == 404
        # The day's page while the day is on: the points, no table named (its replay would
        # show the cards), no seed.
        day = httpx.get(f"{server.base}/api/daily/2026-12-07", timeout=30).json()
        row = server.store.table(table_id)
        # A daily table is not rated, and cannot be played again.
        rematch = httpx.post(
            f"{server.base}/api/tables/{table_id}/rematch",
            json={"token": made.json()["token"]},
            timeout=10,
        )
        assert rematch.status_code == 409
    mine = player_id(key)
    results = {r["player"]: r for r in _deal_of(day, DEAL)["results"]}
    assert set(results) == {mine, BOTS}  # (Борис has not finished)
    assert all(r["table"] is None for r in results.values())
    assert _deal_of(day, DEAL)["seed"] is None
    # The stored points are the record's: what the deal changed in the first seat's score.
    record = loads(row.record)
    game = record.replay()
    assert len(record.deals) == 1 and record.meta["daily"] == DEAL
    assert results[mine]["points"] == deal_points(game, 0)
    # Duplicate scoring against the bots' result on the same cards.
    mp = {True: 2, False: 0}
    ours, theirs = results[mine]["points"], results[BOTS]["points"]
    want = 1 if ours == theirs else mp[ours > theirs]
    assert results[mine]["matchpoints"] == want and results[mine]["most"] == 2
    assert results[BOTS]["matchpoints"] == 2 - want

    # A restart, and the day is over: everything is still there, the seed is shown (its
    # hash the commitment shown before), the deck is the seed's, each table is named.
    with thread_server(sqlite_url, **SETTINGS) as server:
        # Борис's deal, begun before the restart, is resumed where it was and played out.
        _at(server, DURING)
        him = Seat(server.ws_base, boris.json()["id"], boris.json()["token"])
        play_until([him], random.Random(4), over([him]), timeout=120)
        him.close()
        _at(server, AFTER)
        after = httpx.get(f"{server.base}/api/daily/2026-12-07", timeout=30).json()
        closed = _play(server, secrets.token_hex(32), "Вера")
        replay = httpx.get(f"{server.base}/api/tables/{table_id}/replay", timeout=30)
        # The bots' analysis of the person's seat may be asked for (none is stored yet).
        analysis = httpx.get(f"{server.base}/api/tables/{table_id}/analysis?seat=0", timeout=30)
        # A day over whose deals were never published has none (no seed drawn and shown).
        never = httpx.get(f"{server.base}/api/daily/2026-12-01", timeout=30)
    assert analysis.status_code == 200 and analysis.json()["status"] == "none"
    assert never.status_code == 404 and never.json()["code"] == "no_daily"
    assert closed.status_code == 409 and closed.json()["code"] == "daily_closed"
    assert replay.status_code == 200
    deal = _deal_of(after, DEAL)
    assert deal["commitment"] == promised
    assert hashlib.sha256(bytes.fromhex(deal["seed"])).hexdigest() == promised
    assert all(d["seed"] is not None for d in after["deals"])
    spec = parse_deal(DEAL)
    assert spec is not None
    deck, drawn = spec.cards(deal["seed"])
    assert record.deals[0].deck == tuple(deck) or cards_str(record.deals[0].deck) == cards_str(deck)
    assert record.deals[0].dealer == drawn["dealer"]
    again_rows = {r["player"]: r for r in deal["results"]}
    assert again_rows[mine]["points"] == results[mine]["points"]
    assert again_rows[mine]["table"] == table_id
    his = again_rows[player_id(other)]
    assert his["table"] == boris.json()["id"]
    assert his["points"] == deal_points(loads(server.store.table(his["table"]).record).replay())
    (first, *_) = [s for s in after["standings"] if s["player"] == mine]
    assert first["deals"] == 1 and first["versus_bots"] == ours - theirs
    # Every deal of a day that is over has the bots' own result.
    assert all(any(r["bots"] for r in d["results"]) for d in after["deals"])


def test_no_bot_stands_in_for_the_person_at_a_daily_deal(sqlite_url: str) -> None:
    """A person away from an ordinary table gets a stand-in bot after the grace period; at a
    daily deal the table waits instead (a bot's play would count as the person's result)."""
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0, grace_s=0.2) as server:
        _at(server, DURING)
        made = _play(server, secrets.token_hex(32), "Аня")
        assert made.status_code == 201
        me = Seat(server.ws_base, made.json()["id"], made.json()["token"])
        me.until(lambda m: m["type"] == "state")
        me.close()  # (the person leaves: an ordinary table's grace period would begin)
        time.sleep(1.5)  # (seven grace periods)
        live = server.tables.get(made.json()["id"])
        assert live is not None and live.status == "playing"
        assert not live.standins and not live.grace


def test_the_daily_rows_on_sqlite_and_postgresql(database_url: str) -> None:
    """The migration's tables on both databases: a deal's seed drawn once, one try a player
    a deal, the points written with the table's end, the bots' result once."""
    store = Store(database_url)
    store.migrate()
    try:
        ids = ["2026-12-07-classic-1", "2026-12-07-classic-2"]
        draws = iter(["a" * 64, "b" * 64, "c" * 64, "d" * 64])
        first = store.daily_seeds("2026-12-07", ids, lambda: next(draws))
        assert first == {ids[0]: "a" * 64, ids[1]: "b" * 64}
        assert store.daily_seeds("2026-12-07", ids, lambda: next(draws)) == first
        assert store.daily_seeds_drawn(["2026-12-08-classic-1"]) == {}
        rules = parse_deal(ids[0]).rules()  # type: ignore[union-attr]
        store.create_table("t1", rules, [SeatRow("Аня"), SeatRow("Прохор", "easy"),
                                         SeatRow("Глаша", "easy")])  # fmt: skip
        assert store.daily_try(ids[0], "2026-12-07", "p" * 64, "Аня", "t1")
        assert not store.daily_try(ids[0], "2026-12-07", "p" * 64, "Аня", "t2")
        assert store.daily_try(ids[1], "2026-12-07", "p" * 64, "Аня", None)
        store.finish("t1", "{}", daily_points=-7)
        store.daily_bots(ids[0], "2026-12-07", BOTS, "Боты", 3)
        store.daily_bots(ids[0], "2026-12-07", BOTS, "Боты", 99)  # (a second is ignored)
        rows = {(r.deal, r.player_id): r for r in store.daily_day("2026-12-07")}
        assert rows[(ids[0], "p" * 64)].points == -7
        assert rows[(ids[0], "p" * 64)].table_id == "t1"
        assert rows[(ids[1], "p" * 64)].points is None
        assert rows[(ids[0], BOTS)].points == 3
        assert store.daily_day("2026-12-08") == []
    finally:
        store.close()
