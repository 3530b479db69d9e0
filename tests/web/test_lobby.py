"""The lobby (issue 26, «A lobby»): public tables listed while they wait, «Играть сейчас»,
bots seated by the host after the table is made, names unique at a table (cut to 32
characters, and said so; emoji welcome), and quick reactions over the websocket."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from rams.ratings import player_id
from rams.web.live import NAME_MAX, TableError, cut_name, same_name
from rams.web.protocol import ProtocolError, React, SeatBot, parse_message
from rams.web.reactions import BURST, REACTIONS
from rams.words import section, text
from tests.web.helpers import ProcessServer, Seat, create_table, join, thread_server

FAST = {"bot_delay": 0, "deal_pause": 0, "grace_s": 60}
KEY = "5" * 64


def _lobby(base: str) -> list[dict[str, Any]]:
    r = httpx.get(f"{base}/api/lobby", timeout=10)
    assert r.status_code == 200, r.text
    tables: list[dict[str, Any]] = r.json()["tables"]
    return tables


def _keys(data: Any) -> set[str]:
    """Every key of a JSON value, at any depth."""
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in _keys(v)}
    if isinstance(data, list):
        return {k for v in data for k in _keys(v)}
    return set()


def _play(base: str, name: str, key: str | None = None, lang: str = "en") -> httpx.Response:
    body = {"name": name, "lang": lang, **({"key": key} if key else {})}
    return httpx.post(f"{base}/api/play", json=body, headers={"accept-language": lang},
                      timeout=10)  # fmt: skip


# Names -------------------------------------------------------------------------------------


def test_a_long_name_is_cut_to_32_characters_and_says_so() -> None:
    name, cut = cut_name("  Анна   Мария " + "я" * 40)
    assert cut and len(name) == NAME_MAX == 32
    assert name == "Анна Мария " + "я" * 21
    assert cut_name("Аня") == ("Аня", False)
    assert cut_name("я" * 32) == ("я" * 32, False)
    # A cut never leaves an emoji half joined: the joiner at the end goes too.
    name, cut = cut_name("я" * 30 + "👩\u200d💻")
    assert cut and name == "я" * 30 + "👩"


#: Scotland's flag: the black flag, the tag letters «gbsct», the cancel tag.
SCOTLAND = "🏴" + "".join(chr(0xE0000 + ord(c)) for c in "gbsct") + "\U000e007f"


@pytest.mark.parametrize("name", ["Аня 🦊", "👩\u200d💻", "🏳️\u200d🌈", "👍🏽 Вера", SCOTLAND])
def test_emoji_are_welcome_in_a_name(name: str) -> None:
    """Joined emoji (a joiner between two symbols, a flag's tag letters) were refused as
    not printable."""
    assert cut_name(name) == (name, False)


@pytest.mark.parametrize(
    "name", ["", "  ", "a\x00", "Аня\u200d", "А\u200dня", "\u200d😀", "a\u200bb"]
)
def test_a_name_with_nothing_to_see_or_hidden_characters_is_refused(name: str) -> None:
    with pytest.raises(TableError) as e:
        cut_name(name)
    assert e.value.code == "bad_name"


def test_names_are_the_same_whatever_their_case() -> None:
    assert same_name("Аня", "аня") and same_name("АНЯ", "аня")
    assert not same_name("Аня", "Аня 2") and not same_name(None, "Аня")


def test_a_second_anya_is_refused_and_a_long_name_cut_over_http(tmp_path: Path) -> None:
    with thread_server(f"sqlite:///{tmp_path / 'r.sqlite3'}", **FAST) as server:
        made = create_table(server.base, [None, None, None, "easy"], name="Аня")
        assert (made["name"], made["name_cut"]) == ("Аня", False)
        ru = {"accept-language": "ru"}
        url = f"{server.base}/api/tables/{made['id']}/join"
        r = httpx.post(url, json={"name": " аня "}, headers=ru, timeout=10)
        assert r.status_code == 409
        assert r.json() == {
            "code": "name_taken",
            "message": "за этим столом уже сидит «аня»: выберите другое имя",
        }
        # A bot's name is taken as well (seat 3's bot is Дуня).
        r = httpx.post(url, json={"name": "Дуня"}, timeout=10)
        assert r.status_code == 409 and r.json()["code"] == "name_taken"
        long = "Вера " + "ю" * 40
        joined = join(server.base, made["id"], long)
        assert joined["name_cut"] is True and joined["name"] == long[:32]
        assert joined["table"]["seats"][1]["name"] == long[:32]
        fox = join(server.base, made["id"], "Лиса 🦊")
        assert fox["name_cut"] is False and fox["table"]["seats"][2]["name"] == "Лиса 🦊"
        made = create_table(server.base, [None, None, None], name="x" * 33)
        assert made["name_cut"] is True and made["table"]["seats"][0]["name"] == "x" * 32


def test_no_bot_takes_the_creators_name(tmp_path: Path) -> None:
    with thread_server(f"sqlite:///{tmp_path / 'r.sqlite3'}", **FAST) as server:
        made = create_table(server.base, [None, "easy", "easy"], name="глаша")
        names = [s["name"] for s in made["table"]["seats"]]
        assert names == ["глаша", "Кузьма", "Дуня"]  # (seat 1's Глаша skipped)
        made = create_table(server.base, [None, "easy", "easy"], name="Борис")
        assert [s["name"] for s in made["table"]["seats"]] == ["Борис", "Глаша", "Кузьма"]


# The lobby ---------------------------------------------------------------------------------


def test_a_public_table_is_listed_while_it_waits_and_never_shows_a_secret(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    with thread_server(url, **FAST) as server:
        assert _lobby(server.base) == []
        public = create_table(server.base, [None, None, "easy"], name="Аня", public=True,
                              clock="relaxed", key=KEY)  # fmt: skip
        create_table(server.base, [None, None, "easy"], name="Борис")  # by link only
        assert public["table"]["options"]["public"] is True
        (listed,) = _lobby(server.base)
        assert listed["id"] == public["id"]
        assert listed["seats"] == [
            {"name": "Аня", "bot": None},
            {"name": None, "bot": None},
            {"name": "Кузьма", "bot": "easy"},
        ]
        assert (listed["free"], listed["status"]) == (1, "open")
        assert listed["rules"]["ru"] == "классический рамс" and listed["rules"]["players"] == 3
        assert listed["options"]["clock"] == "relaxed" and listed["options"]["reactions"]
        assert abs(listed["created"] / 1000 - time.time()) < 60
        # No token, no token's hash, no rated person's id, no card.
        raw = httpx.get(f"{server.base}/api/lobby", timeout=10).text
        assert not _keys(_lobby(server.base)) & {"token", "token_hash", "player_id", "hand"}
        assert public["token"] not in raw and player_id(KEY) not in raw
    # The server restarted: the table is listed still, from the database.
    with thread_server(url, **FAST) as server:
        (listed,) = _lobby(server.base)
        assert listed["id"] == public["id"] and listed["options"]["public"] is True
        join(server.base, public["id"], "Вера")  # the last seat: the game starts
        assert _lobby(server.base) == []


def test_a_table_older_than_an_open_tables_life_is_not_listed(tmp_path: Path) -> None:
    with thread_server(f"sqlite:///{tmp_path / 'r.sqlite3'}", **FAST) as server:
        create_table(server.base, [None, None, None], public=True)
        lobby = server.tables.lobby
        assert len(lobby.rows()) == 1
        assert lobby.rows(now=time.time() + 25 * 3600) == []  # (24 hours by default)


# «Играть сейчас» ---------------------------------------------------------------------------


def test_play_now_seats_a_person_at_a_public_table_that_needs_one(tmp_path: Path) -> None:
    with thread_server(f"sqlite:///{tmp_path / 'r.sqlite3'}", **FAST) as server:
        four = create_table(server.base, [None, None, None, None], name="Аня", public=True)
        three = create_table(server.base, [None, None, "easy"], name="Борис", public=True,
                             key=KEY)  # fmt: skip
        create_table(server.base, [None, None, None], name="Гена")  # by link only: never chosen
        # The table nearest to starting (one free seat) first.
        r = _play(server.base, "Вера")
        assert r.status_code == 200, r.text
        got = r.json()
        assert (got["id"], got["seat"], got["made"]) == (three["id"], 1, False)
        assert got["table"]["status"] == "playing" and got["name"] == "Вера"
        # Then the other; a name taken there is not taken again («Аня» sits there).
        assert _play(server.base, "Дима").json()["id"] == four["id"]
        r = _play(server.base, "аня")
        assert r.json()["made"] is True and r.json()["id"] not in (three["id"], four["id"])


def test_play_now_skips_a_table_where_this_browser_sits(tmp_path: Path) -> None:
    with thread_server(f"sqlite:///{tmp_path / 'r.sqlite3'}", **FAST) as server:
        made = create_table(server.base, [None, None, None], name="Аня", public=True, key=KEY)
        r = _play(server.base, "Аня на телефоне", key=KEY)
        assert r.json()["made"] is True and r.json()["id"] != made["id"]
        # (Its bots are named in the person's language, here English.)
        assert [s["name"] for s in r.json()["table"]["seats"]] == ["Аня на телефоне", "Gladys",
                                                                   "Cosmo"]  # fmt: skip


def test_play_now_with_no_table_to_join_makes_one_with_bots_that_starts(tmp_path: Path) -> None:
    with thread_server(f"sqlite:///{tmp_path / 'r.sqlite3'}", **FAST) as server:
        r = _play(server.base, "Вера " + "ж" * 40, lang="ru")
        assert r.status_code == 200, r.text
        got = r.json()
        assert got["made"] is True and got["seat"] == 0 and got["name_cut"] is True
        table = got["table"]
        assert table["status"] == "playing" and table["rules"]["preset"] == "classic"
        assert [s["bot"] for s in table["seats"]] == [None, "medium", "medium"]
        assert [s["name"] for s in table["seats"]][1:] == ["Глаша", "Кузьма"]
        assert table["options"]["public"] is False
        seat = Seat(server.ws_base, got["id"], got["token"])
        try:
            state = seat.until(lambda m: m["type"] == "state" and m["hand"])
            assert state["seat"] == 0
        finally:
            seat.close()
        assert _lobby(server.base) == []


def test_play_now_names_its_table_first_so_the_browser_can_bring_a_seed_for_deal_1(
    tmp_path: Path,
) -> None:
    """F1: a seed must go after the commitment it is mixed with is shown. ``/api/play/choose``
    names the table «Играть сейчас» would take (seating nobody); the browser logs its
    commitment and joins with its seed, which counts for deal 1; none waiting: null, and
    ``new_table`` makes a table with bots even while another waits."""
    with thread_server(f"sqlite:///{tmp_path / 'r.sqlite3'}", **FAST) as server:
        choose = f"{server.base}/api/play/choose"
        assert httpx.post(choose, json={"name": "Вера"}, timeout=10).json() == {"id": None}
        three = create_table(server.base, [None, None, "easy"], name="Борис", public=True)
        r = httpx.post(choose, json={"name": "Вера", "key": KEY}, timeout=10)
        assert r.json() == {"id": three["id"]}
        assert _lobby(server.base)[0]["free"] == 1  # (the choice seats nobody)
        assert httpx.post(choose, json={"name": "борис"}, timeout=10).json() == {"id": None}
        seed = "ab" * 16
        body = {"name": "Вера", "seed": seed, "key": KEY}
        joined = httpx.post(f"{server.base}/api/tables/{three['id']}/join", json=body,
                            timeout=10).json()  # fmt: skip
        assert joined["seed"] == {"accepted": True, "deal": 1, "seed": seed}
        other = create_table(server.base, [None, None, None], name="Аня", public=True)
        made = httpx.post(f"{server.base}/api/play",
                          json={"name": "Гена", "new_table": True}, timeout=10).json()  # fmt: skip
        assert made["made"] is True and made["id"] != other["id"]
        assert _lobby(server.base)[0]["id"] == other["id"]  # (still waiting for two)


def test_play_now_makes_no_more_tables_than_an_address_may(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    with thread_server(url, **FAST, tables_burst=1, tables_per_minute=0.001) as server:
        assert _play(server.base, "Аня").status_code == 200
        r = _play(server.base, "Борис", lang="ru")
        assert r.status_code == 429 and r.json()["code"] == "too_many"


# Bots seated by the host -----------------------------------------------------------------


def test_the_host_seats_a_bot_while_the_table_waits(tmp_path: Path) -> None:
    with thread_server(f"sqlite:///{tmp_path / 'r.sqlite3'}", **FAST) as server:
        made = create_table(server.base, [None, None, None, None], name="Аня", public=True)
        assert made["table"]["host"] == 0
        vera = join(server.base, made["id"], "Вера")
        host = Seat(server.ws_base, made["id"], made["token"], lang="ru")
        guest_seat = Seat(server.ws_base, made["id"], vera["token"])
        guest = Seat(server.ws_base, made["id"], None)
        seats = [host, guest_seat, guest]
        try:
            for s in seats:
                s.until(lambda m: m["type"] == "welcome")
            # Only the host: not another person, not a guest.
            for s in (guest_seat, guest):
                s.send({"type": "seat_bot", "seat": 2, "level": "easy"})
                m = s.until(lambda m: m["type"] == "error")
                assert m["code"] == "not_host"
                assert m["message"] == "only the table's creator may seat a bot"
            host.send({"type": "seat_bot", "seat": 1, "level": "easy"})
            m = host.until(lambda m: m["type"] == "error")
            assert (m["code"], m["message"]) == ("seat_taken", "это место уже занято")
            host.send({"type": "seat_bot", "seat": 2, "level": "genius"})
            assert host.until(lambda m: m["type"] == "error")["code"] == "bad_seats"
            host.send({"type": "seat_bot", "seat": 9, "level": "easy"})
            assert host.until(lambda m: m["type"] == "error")["code"] == "no_seat"
            host.send({"type": "seat_bot", "seat": 2, "level": "hard"})
            m = guest.until(lambda m: m["type"] == "table" and m["table"]["seats"][2]["name"])
            assert m["table"]["seats"][2] == {**m["table"]["seats"][2], "name": "Кузьма",
                                              "bot": "hard"}  # fmt: skip
            assert m["table"]["status"] == "open"
            (listed,) = _lobby(server.base)
            assert listed["free"] == 1 and listed["seats"][2] == {"name": "Кузьма", "bot": "hard"}
            stored = server.store.table(made["id"])
            assert stored.seats[2].bot == "hard" and stored.seats[2].token_hash is None
            # The last free seat to a bot: the game starts at once.
            host.send({"type": "seat_bot", "seat": 3, "level": "medium"})
            state = host.until(lambda m: m["type"] == "state" and bool(m["hand"]))
            assert [s["bot"] for s in state["table"]["seats"]] == [None, None, "hard", "medium"]
            assert _lobby(server.base) == []
            host.send({"type": "seat_bot", "seat": 3, "level": "easy"})
            assert host.until(lambda m: m["type"] == "error")["code"] == "not_open"
        finally:
            for s in seats:
                s.close()


def test_a_seated_bot_comes_back_after_a_restart(tmp_path: Path) -> None:
    """The bot is named in the host's language (here English), never as someone at the table
    is (case aside), and stored: it sits there after a restart."""
    url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    with thread_server(url, **FAST) as server:
        made = create_table(server.base, [None, None, None], name="gladys")
        host = Seat(server.ws_base, made["id"], made["token"], lang="en")
        try:
            host.until(lambda m: m["type"] == "welcome")
            host.send({"type": "seat_bot", "seat": 2, "level": "easy"})
            m = host.until(lambda m: m["type"] == "table" and m["table"]["seats"][2]["name"])
            assert m["table"]["seats"][2]["name"] == "Cosmo"  # (seat 3's own English name)
            host.send({"type": "seat_bot", "seat": 1, "level": "easy"})
            host.until(lambda m: m["type"] == "state")  # (full: the game starts)
        finally:
            host.close()
    with thread_server(url, **FAST) as server:
        public = httpx.get(f"{server.base}/api/tables/{made['id']}", timeout=10).json()
        # (Seat 2's own name, Gladys, is the creator's; the next, Cosmo, seat 3's: Dolly.)
        names = [(s["name"], s["bot"]) for s in public["seats"]]
        assert names == [("gladys", None), ("Dolly", "easy"), ("Cosmo", "easy")]
        assert public["status"] == "playing"


# Quick reactions ---------------------------------------------------------------------------


def test_the_reaction_messages_are_read_and_refused_in_words() -> None:
    assert parse_message('{"type": "react", "reaction": "thanks"}') == React("thanks")
    assert parse_message('{"type": "seat_bot", "seat": 2, "level": "easy"}') == SeatBot(2, "easy")
    for bad in (
        '{"type": "react"}',
        '{"type": "react", "reaction": 5}',
        '{"type": "seat_bot", "level": "easy"}',
        '{"type": "seat_bot", "seat": "2", "level": "easy"}',
        '{"type": "seat_bot", "seat": 2}',
    ):
        with pytest.raises(ProtocolError):
            parse_message(bad)


def test_every_reaction_has_words_in_both_languages() -> None:
    """The page's bar is the catalogue's ``reactions`` section, in its order (reactions.js):
    the very reactions the server takes, no more."""
    assert tuple(section("reactions", "ru")) == tuple(section("reactions", "en")) == REACTIONS
    for r in REACTIONS:
        assert text(f"reactions.{r}", "ru") and text(f"reactions.{r}", "en")
    assert text("reactions.thanks", "ru") == "Спасибо!"


def test_a_reaction_is_shown_to_the_table_and_its_spectators(tmp_path: Path) -> None:
    with thread_server(f"sqlite:///{tmp_path / 'r.sqlite3'}", **FAST) as server:
        made = create_table(server.base, [None, None, "easy"], name="Аня")
        boris = join(server.base, made["id"], "Борис")
        anya = Seat(server.ws_base, made["id"], made["token"], lang="ru")
        bob = Seat(server.ws_base, made["id"], boris["token"], lang="en")
        guest = Seat(server.ws_base, made["id"], None, lang="ru")
        seats = [anya, bob, guest]
        try:
            for s in seats:
                s.until(lambda m: m["type"] == "welcome")
            bob.send({"type": "react", "reaction": "thanks"})
            said = [s.until(lambda m: m["type"] == "reaction") for s in seats]
            assert [m["text"] for m in said] == ["Спасибо!", "Thanks!", "Спасибо!"]
            assert all(m["seat"] == 1 and m["reaction"] == "thanks" for m in said)
            guest.send({"type": "react", "reaction": "wow"})
            m = guest.until(lambda m: m["type"] == "error")
            assert m["code"] == "no_seat" and "не зрители" in m["message"]
            anya.send({"type": "react", "reaction": "free text"})
            m = anya.until(lambda m: m["type"] == "error")
            assert (m["code"], m["message"]) == ("bad_reaction", "такой реакции нет")
            # A few at once, then refused until a while has passed.
            for _ in range(BURST - 1):
                bob.send({"type": "react", "reaction": "party"})
            for _ in range(BURST - 1):
                assert anya.until(lambda m: m["type"] == "reaction")["reaction"] == "party"
            bob.send({"type": "react", "reaction": "party"})
            m = bob.until(lambda m: m["type"] == "error")
            assert m["code"] == "reaction_rate" and "not so often" in m["message"]
            anya.send({"type": "ping"})
            anya.until(lambda m: m["type"] == "pong")
            # (The first and the BURST - 1 after it; the refused one was shown to nobody.)
            assert sum(m["type"] == "reaction" for m in anya.messages) == BURST
        finally:
            for s in seats:
                s.close()


def test_a_table_with_reactions_off_shows_and_takes_none(tmp_path: Path) -> None:
    with thread_server(f"sqlite:///{tmp_path / 'r.sqlite3'}", **FAST) as server:
        made = create_table(server.base, [None, None, "easy"], reactions=False)
        assert made["table"]["options"]["reactions"] is False
        boris = join(server.base, made["id"], "Борис")
        anya = Seat(server.ws_base, made["id"], made["token"], lang="ru")
        bob = Seat(server.ws_base, made["id"], boris["token"])
        try:
            for s in (anya, bob):
                s.until(lambda m: m["type"] == "welcome")
            anya.send({"type": "react", "reaction": "hello"})
            m = anya.until(lambda m: m["type"] == "error")
            assert (m["code"], m["message"]) == (
                "reactions_off",
                "за этим столом реакции выключены",
            )
            bob.send({"type": "ping"})
            bob.until(lambda m: m["type"] == "pong")
            assert not [m for m in anya.messages + bob.messages if m["type"] == "reaction"]
        finally:
            anya.close()
            bob.close()


# Several server processes ------------------------------------------------------------------


def test_every_process_lists_every_processes_tables(pg_url: str, redis_url: str) -> None:
    """The lobby reads the database: a table made on one process is listed by the other,
    «Играть сейчас» there seats the person through the table's owner, and the host's bot
    is seated through a socket the other process relays."""
    flags = ("--bot-delay", "0", "--deal-pause", "0", "--grace", "60", "--lease", "2",
             "--redis", redis_url)  # fmt: skip
    a = ProcessServer(pg_url, None, *flags).start()
    b = ProcessServer(pg_url, None, *flags).start()
    host: Seat | None = None
    try:
        made = create_table(a.base, [None, None, None], name="Аня", public=True)
        (listed,) = _lobby(b.base)
        assert listed["id"] == made["id"] and listed["free"] == 2
        got = _play(b.base, "Борис").json()
        assert (got["id"], got["seat"], got["made"]) == (made["id"], 1, False)
        assert _lobby(a.base)[0]["seats"][1] == {"name": "Борис", "bot": None}
        host = Seat(b.ws_base, made["id"], made["token"])
        host.until(lambda m: m["type"] == "welcome")
        host.send({"type": "seat_bot", "seat": 2, "level": "easy"})
        host.until(lambda m: m["type"] == "state")
        assert _lobby(a.base) == [] and _lobby(b.base) == []
    finally:
        if host is not None:
            host.close()
        a.stop()
        b.stop()
