"""«Ещё партию?»: a seat of a finished table asks to play again, and the next table has the
same rules, options and bots in their seats, and every person still at the table in their
own seat under a new secret token, told over the old table's websocket (each seat its own
token, a spectator none). Refused before the game is over, for a token of no seat, and for
no such table."""

from __future__ import annotations

from typing import Any

import httpx

from rams.web.store import SeatRow, Store
from rams.web.tables import hash_token
from tests.web.helpers import Seat, create_table, store_played_game, thread_server

OPTIONS = {"clock": "relaxed", "watch_delay": 0, "hints": False, "public": True, "reactions": False}


def finished_table(store: Store, table_id: str) -> None:
    """A whole game of Аня (token ``anya``), a bot and Борис (``boris``), played by bots
    and stored as the server stores one, then finished."""
    rows = [
        SeatRow("Аня", None, hash_token("anya"), "a" * 64),
        SeatRow("Глаша", "medium"),
        SeatRow("Борис", None, hash_token("boris")),
    ]
    store_played_game(store, table_id, rows, {"bots": [None, "medium", None]}, OPTIONS)


def _post(base: str, table_id: str, token: str) -> httpx.Response:
    return httpx.post(f"{base}/api/tables/{table_id}/rematch", json={"token": token}, timeout=10)


def _rematch_of(seat: Seat) -> dict[str, Any]:
    return seat.until(lambda m: m["type"] == "rematch")


def test_play_again_seats_the_same_people_and_bots_at_a_new_table(sqlite_url: str) -> None:
    with thread_server(sqlite_url, bot_delay=0, deal_pause=60, grace_s=60) as s:
        finished_table(s.store, "done")
        boris = Seat(s.ws_base, "done", "boris", lang="ru")
        guest = Seat(s.ws_base, "done", None, lang="ru")
        for c in (boris, guest):
            c.until(lambda m: m["type"] == "welcome")
            c.drain()
        made = _post(s.base, "done", "anya")
        assert made.status_code == 200, made.text
        again = made.json()
        assert again["id"] != "done" and again["seat"] == 0 and again["token"]
        # Борис is told over the old table's socket: his own seat's token, not Аня's; the
        # spectator is told the table, and no token.
        told = _rematch_of(boris)
        assert told["id"] == again["id"] and told["by"] == 0
        assert told["token"] and told["token"] != again["token"]
        seen = _rematch_of(guest)
        assert seen["id"] == again["id"] and seen["token"] is None
        # The new table: the same rules and options, the bot in its seat at its level, the
        # people in theirs; it plays at once.
        table = httpx.get(f"{s.base}/api/tables/{again['id']}", timeout=10).json()
        assert [x["name"] for x in table["seats"]] == ["Аня", "Глаша", "Борис"]
        assert [x["bot"] for x in table["seats"]] == [None, "medium", None]
        assert table["options"] == OPTIONS and table["rules"]["preset"] == "classic"
        assert table["rules"]["start_score"] == 30
        assert table["status"] == "playing"
        live = s.tables.tables[again["id"]]
        assert live.seats[0].player_id == "a" * 64  # (Аня's rating goes on)
        # Each token is its own seat there, and the old ones are not.
        for token, seat in ((again["token"], 0), (told["token"], 2), ("anya", None)):
            c = Seat(s.ws_base, again["id"], token, lang="ru")
            welcome = c.until(lambda m: m["type"] == "welcome")
            assert welcome["seat"] == seat
            c.close()
        # Борис asks too: the same table, his own token; asked again, nothing new is made.
        second = _post(s.base, "done", "boris").json()
        assert second["id"] == again["id"] and second["seat"] == 2
        assert second["token"] == told["token"]
        assert len([t for t in s.tables.tables.values() if t.id != "done"]) == 1
        # A page that comes back to the finished table later is told as well.
        late = Seat(s.ws_base, "done", "boris", lang="en")
        assert _rematch_of(late)["token"] == told["token"]
        for c in (boris, guest, late):
            c.close()


def test_a_person_away_when_the_next_table_is_made_finds_a_free_seat(sqlite_url: str) -> None:
    with thread_server(sqlite_url, bot_delay=0, deal_pause=60, grace_s=60) as s:
        finished_table(s.store, "done")
        again = _post(s.base, "done", "anya").json()
        table = httpx.get(f"{s.base}/api/tables/{again['id']}", timeout=10).json()
        # Борис was not at the table: his seat waits for the invitation.
        assert [x["name"] for x in table["seats"]] == ["Аня", "Глаша", None]
        assert table["status"] == "open"
        late = _post(s.base, "done", "boris").json()
        assert late["id"] == again["id"] and late["seat"] is None and late["token"] is None


def test_play_again_is_refused_before_the_end_for_no_seat_and_no_table(sqlite_url: str) -> None:
    with thread_server(sqlite_url, bot_delay=0, deal_pause=60, grace_s=60) as s:
        finished_table(s.store, "done")
        playing = create_table(s.base, [None, "easy", "easy"])
        early = _post(s.base, playing["id"], playing["token"])
        assert early.status_code == 409 and early.json()["code"] == "not_over"
        wrong = _post(s.base, "done", "not-a-token")
        assert wrong.status_code == 403 and wrong.json()["code"] == "not_a_seat"
        ru = httpx.post(f"{s.base}/api/tables/done/rematch", json={"token": "x"},
                        headers={"Accept-Language": "ru"}, timeout=10)  # fmt: skip
        assert ru.json()["message"] == "эта ссылка — не место за этим столом"
        gone = _post(s.base, "nosuch", "anya")
        assert gone.status_code == 404
        assert len(s.tables.tables) == 1  # (only the game being played)


def test_play_again_after_a_restart_finds_the_same_table_and_each_seat_its_own_token(
    sqlite_url: str,
) -> None:
    """The next table outlives the server process: after a restart Аня and Борис, asking
    with their old tokens, get the table made before and each their own new seat (opened
    from the store with the old token); a wrong token opens nothing; no second table is
    made. The store holds no new token in the clear."""
    with thread_server(sqlite_url, bot_delay=0, deal_pause=60, grace_s=60) as s:
        finished_table(s.store, "done")
        boris = Seat(s.ws_base, "done", "boris", lang="ru")
        boris.until(lambda m: m["type"] == "welcome")
        again = _post(s.base, "done", "anya").json()
        told = _rematch_of(boris)
        boris.close()
        stored = s.store.rematch("done")
        assert stored is not None and stored.next_id == again["id"] and stored.by == 0
        assert set(stored.sealed) == {0, 2}
        assert again["token"] not in stored.sealed[0] and told["token"] not in stored.sealed[2]
    with thread_server(sqlite_url, bot_delay=0, deal_pause=60, grace_s=60) as s:
        anya = _post(s.base, "done", "anya").json()
        assert (anya["id"], anya["seat"], anya["token"]) == (again["id"], 0, again["token"])
        late = Seat(s.ws_base, "done", "boris", lang="ru")
        assert _rematch_of(late)["token"] == told["token"]
        late.close()
        tables = httpx.get(f"{s.base}/api/tables/{again['id']}", timeout=10).json()
        assert [x["name"] for x in tables["seats"]] == ["Аня", "Глаша", "Борис"]
        assert s.store.rematch("done") == stored  # (nothing new made)
        c = Seat(s.ws_base, again["id"], anya["token"], lang="ru")
        assert c.until(lambda m: m["type"] == "welcome")["seat"] == 0
        c.close()
