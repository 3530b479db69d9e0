"""The websocket protocol: every message type, and bad input of every kind.

Bad input always gets a clear error, never crashes the server, and changes nothing.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.web.helpers import (
    Seat,
    ThreadServer,
    create_table,
    join,
    over,
    play_until,
    thread_server,
)


@pytest.fixture
def server(sqlite_url: str) -> Iterator[ThreadServer]:
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0, grace_s=60) as s:
        yield s


def _my_turn(m: dict) -> bool:  # type: ignore[type-arg]
    return m["type"] == "state" and m["legal"] is not None and m["to_move"] == m["seat"]


def _started(
    server: ThreadServer, bots: list[str | None], rules: dict[str, int] | None = None
) -> tuple[str, list[Seat]]:
    made = create_table(server.base, bots, rules=rules)
    tokens = [made["token"]]
    for i in range(1, bots.count(None)):
        tokens.append(join(server.base, made["id"], f"P{i + 1}")["token"])
    seats = [Seat(server.ws_base, made["id"], tok) for tok in tokens]
    for s in seats:
        # Welcomed; the first deal is dealt once a person is there (it may be on its way).
        s.until(lambda m: m["type"] == "welcome")
    return made["id"], seats


def _unchanged(server: ThreadServer, table_id: str, seat: Seat, before: tuple[int, int]) -> None:
    """The game has not moved: same deal and step, same number of stored actions."""
    game = server.tables.tables[table_id].game
    assert (len(game.deals), len(game.deal.actions)) == before
    seat.send({"type": "ping"})
    seat.until(lambda m: m["type"] == "pong")


def test_hello_with_token_gets_welcome_and_own_hand(server: ThreadServer) -> None:
    _table_id, (me,) = _started(server, [None, "easy", "easy"])
    welcome = next(m for m in me.messages if m["type"] == "welcome")
    assert welcome["seat"] == 0
    assert welcome["table"]["status"] == "playing"
    state = me.until(_my_turn)
    assert len(state["hand"]) == 5
    assert state["table"]["seats"][0]["name"] == "Аня"
    assert [c["label"] for c in state["sheet"]["columns"]] == ["Аня", "Глаша", "Кузьма"]
    assert state["hint"]


def test_guest_sees_only_the_public_table(server: ThreadServer) -> None:
    table_id, (_me,) = _started(server, [None, "easy", "easy"])
    guest = Seat(server.ws_base, table_id, None)
    welcome = guest.until(lambda m: m["type"] == "welcome")
    assert welcome["seat"] is None
    # A spectator: the public board (the trick, the sheet), no hand and no choices.
    board = guest.until(lambda m: m["type"] == "state")
    assert board["seat"] is None and board["hand"] == [] and board["legal"] is None
    assert board["sheet"] and "trick" in board and board["table"]["spectators"] == 1
    guest.send({"type": "act", "action": "pass"})
    assert guest.until(lambda m: m["type"] == "error")["code"] == "no_seat"


def test_wrong_token_is_refused_and_watches_as_guest(server: ThreadServer) -> None:
    table_id, _ = _started(server, [None, "easy", "easy"])
    intruder = Seat(server.ws_base, table_id, "not-the-token")
    err = intruder.until(lambda m: m["type"] == "error")
    assert err["code"] == "bad_token"
    assert intruder.until(lambda m: m["type"] == "welcome")["seat"] is None
    intruder.send({"type": "act", "action": "play"})
    assert intruder.until(lambda m: m["type"] == "error")["code"] == "no_seat"


def test_missing_hello_and_second_hello(server: ThreadServer) -> None:
    table_id, _ = _started(server, [None, "easy", "easy"])
    raw = Seat(server.ws_base, table_id, None, hello=False)
    raw.send({"type": "act", "action": "pass"})
    assert raw.until(lambda m: m["type"] == "error")["code"] == "hello_first"
    raw.send({"type": "hello", "token": None, "lang": "en"})
    raw.until(lambda m: m["type"] == "welcome")
    raw.send({"type": "hello", "token": None, "lang": "en"})
    assert raw.until(lambda m: m["type"] == "error")["code"] == "bad_message"


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_message"),
        ('{"no": "type"}', "bad_message"),
        ('{"type": "teleport"}', "unknown_type"),
        ('{"type": "act"}', "bad_message"),
        ('{"type": "act", "action": 7}', "bad_message"),
        ('{"type": "act", "action": "castle kingside"}', "bad_action"),
        ('{"type": "act", "action": "AS", "step": "x", "deal": 1}', "bad_message"),
        ('{"type": "lang", "lang": "fr"}', "bad_message"),
        ('{"type": "hello", "token": 5}', "bad_message"),
        ("[" * 3000 + "]" * 1000, "bad_json"),
        ("x" * 5000, "too_big"),
    ],
)
def test_bad_input_gets_a_clear_error_and_changes_nothing(
    server: ThreadServer, payload: str, code: str
) -> None:
    table_id, (me,) = _started(server, [None, "easy", "easy"])
    state = me.until(_my_turn)
    me.send_raw(payload)
    err = me.until(lambda m: m["type"] == "error")
    assert err["code"] == code
    assert err["message"]
    _unchanged(server, table_id, me, (state["deal"], state["step"]))
    me.send({"type": "act", "action": "pass", "deal": 99, "step": 0})  # still answering
    assert me.until(lambda m: m["type"] == "error")["code"] == "stale"


def test_binary_frames_are_refused(server: ThreadServer) -> None:
    table_id, (me,) = _started(server, [None, "easy", "easy"])
    state = me.until(_my_turn)
    me.send_raw(b'{"type": "ping"}')
    assert me.until(lambda m: m["type"] == "error")["code"] == "bad_message"
    _unchanged(server, table_id, me, (state["deal"], state["step"]))


def test_a_huge_frame_closes_only_that_connection(server: ThreadServer) -> None:
    table_id, (me,) = _started(server, [None, "easy", "easy"])
    state = me.until(_my_turn)
    other = Seat(server.ws_base, table_id, None)
    other.until(lambda m: m["type"] == "welcome")
    other.send_raw("x" * 100_000)  # over the server's frame limit
    with pytest.raises(ConnectionClosed):
        other.until(lambda m: False, timeout=5)
    _unchanged(server, table_id, me, (state["deal"], state["step"]))


def test_illegal_action_names_the_clause_and_changes_nothing(server: ThreadServer) -> None:
    table_id, (me,) = _started(server, [None, "easy", "easy"])
    state = me.until(_my_turn)
    stored = server.store.action_count(table_id)
    wrong = "keep" if state["phase"] != "dealer_trump" else "take"
    me.send({"type": "act", "action": wrong, "deal": state["deal"], "step": state["step"]})
    err = me.until(lambda m: m["type"] == "error")
    assert err["code"] == "illegal"
    assert err["clause"]
    assert err["clause"] in err["message"]
    _unchanged(server, table_id, me, (state["deal"], state["step"]))
    assert server.store.action_count(table_id) == stored


def test_a_card_not_in_the_hand_is_illegal(server: ThreadServer) -> None:
    table_id, (me,) = _started(server, [None, "easy", "easy"])
    state = me.until(_my_turn)
    missing = next(c for c in ("AS", "AC", "AD", "AH", "KS", "KH") if c not in state["hand"])
    me.send({"type": "act", "action": missing})
    err = me.until(lambda m: m["type"] == "error")
    assert err["code"] == "illegal" and err["clause"]
    _unchanged(server, table_id, me, (state["deal"], state["step"]))


def test_out_of_turn_action_is_refused(server: ThreadServer) -> None:
    table_id, seats = _started(server, [None, None, "easy"])
    for s in seats:
        s.drain(0.2)
    game = server.tables.tables[table_id].game
    waiting = next(s for s in seats if s.state["seat"] != game.to_move)
    before = (len(game.deals), len(game.deal.actions))
    waiting.send({"type": "act", "action": "pass"})
    err = waiting.until(lambda m: m["type"] == "error")
    assert err["code"] == "illegal"
    assert err["clause"] in ("E1", "E4", "E5", "P1", "M3", "V2")
    assert "p" in err["message"]
    _unchanged(server, table_id, waiting, before)


def test_russian_errors_and_language_switch(server: ThreadServer) -> None:
    table_id, (me,) = _started(server, [None, "easy", "easy"])
    state = me.until(_my_turn)
    me.send({"type": "lang", "lang": "ru"})
    ru = me.until(lambda m: m["type"] == "state" and any("Сдаёт" in x for x in m["log"]))
    assert ru["hint"] and not any("deals" in line for line in ru["log"])
    me.send({"type": "act", "action": "go"})
    err = me.until(lambda m: m["type"] == "error")
    assert err["message"].startswith("Нельзя")
    # In Russian words, with the players' names: no Latin letter beside the clause id.
    words = re.sub(r"\b[A-Z]\d{1,2}\b", "", err["message"])
    assert not re.search(r"[A-Za-z]", words), err["message"]
    assert any(name in err["message"] for name in ("Аня", "Глаша", "Кузьма")), err["message"]
    _unchanged(server, table_id, me, (state["deal"], state["step"]))


def test_stale_action_is_refused_with_the_current_state(server: ThreadServer) -> None:
    _table_id, (me,) = _started(server, [None, "easy", "easy"])
    state = me.until(_my_turn)
    me.send({"type": "act", "action": "pass", "deal": state["deal"], "step": state["step"] + 1})
    assert me.until(lambda m: m["type"] == "error")["code"] == "stale"
    again = me.until(lambda m: m["type"] == "state")
    assert (again["deal"], again["step"]) == (state["deal"], state["step"])


def test_ack_comes_after_the_action_is_stored(server: ThreadServer) -> None:
    table_id, (me,) = _started(server, [None, "easy", "easy"])
    state = me.until(_my_turn)
    from tests.web.helpers import choose

    action = choose(state, random.Random(3))
    me.send({"type": "act", "action": action, "deal": state["deal"], "step": state["step"]})
    ack = me.until(lambda m: m["type"] == "ack")
    rows = server.store.deals_of(table_id)
    assert rows[ack["deal"] - 1].actions[ack["step"] - 1] == f"p1 {ack['action']}"


def test_flood_is_throttled_then_closed(server: ThreadServer) -> None:
    table_id, (me,) = _started(server, [None, "easy", "easy"])
    state = me.until(_my_turn)
    flooder = Seat(server.ws_base, table_id, None)
    flooder.until(lambda m: m["type"] == "welcome")
    for _ in range(100):
        flooder.send({"type": "ping"})
    err = flooder.until(lambda m: m["type"] == "error")
    assert err["code"] == "flood" and err["message"]
    with pytest.raises(ConnectionClosed):
        for _ in range(5000):
            flooder.send({"type": "ping"})
        while True:
            flooder.recv(timeout=5)
    _unchanged(server, table_id, me, (state["deal"], state["step"]))


def test_not_started_and_ready_and_ping(server: ThreadServer) -> None:
    made = create_table(server.base, [None, None, "easy"])
    me = Seat(server.ws_base, made["id"], made["token"])
    welcome = me.until(lambda m: m["type"] == "welcome")
    assert welcome["table"]["status"] == "open"
    me.send({"type": "act", "action": "play"})
    assert me.until(lambda m: m["type"] == "error")["code"] == "not_started"
    me.send({"type": "ready"})  # nothing to be ready for: ignored
    me.send({"type": "ping"})
    me.until(lambda m: m["type"] == "pong")
    friend = join(server.base, made["id"], "Борис")
    assert friend["seat"] == 1
    started = me.until(lambda m: m["type"] == "state" and m["phase"] != "waiting")
    assert started["table"]["status"] == "playing"


def test_whole_game_then_record_and_replay(server: ThreadServer) -> None:
    table_id, seats = _started(server, [None, None, "medium"], {"start_score": 30})
    r = httpx.get(f"{server.base}/api/tables/{table_id}/record")
    assert r.status_code == 409  # the deck stays secret while the game goes on
    assert httpx.get(f"{server.base}/api/tables/{table_id}/replay").status_code == 409
    play_until(seats, random.Random(5), over(seats))
    final = seats[0].state
    assert final is not None and final["winners"] is not None
    assert sum(final["settlement"]["columns"][0]["amounts"]) == 0  # (S8: what is paid is received)
    r = httpx.get(f"{server.base}/api/tables/{table_id}/record")
    assert r.status_code == 200
    assert "attachment" in r.headers["content-disposition"]
    from rams.record import loads, replay_summary

    record = loads(r.text)
    game = record.replay()
    assert [replay_summary(game)["payouts"]] == [
        c["amounts"] for c in final["settlement"]["columns"]
    ]
    assert [record.meta["winner"]] == [game.winner] == final["winners"]
    replay = httpx.get(f"{server.base}/api/tables/{table_id}/replay?lang=ru").json()
    assert replay["steps"][0]["action"] is None and len(replay["steps"][0]["hands"]) == 3
    amounts = [c["amounts"] for c in final["settlement"]["columns"]]
    assert [c["amounts"] for c in replay["settlement"]["columns"]] == amounts
    assert sum(len(d.actions) for d in game.deals) + len(game.deals) == len(replay["steps"])
    # Acting after the end is refused.
    seats[0].send({"type": "act", "action": "pass"})
    err = seats[0].until(lambda m: m["type"] == "error")
    assert err["code"] == "illegal" and err["clause"] == "X9"


def test_http_errors(server: ThreadServer) -> None:
    base = server.base
    meta = httpx.get(f"{base}/api/meta").json()
    assert {p["name"] for p in meta["presets"]} >= {"classic", "duel", "petukh"}
    assert meta["levels"] == ["easy", "medium", "hard"]
    bad = [
        {"name": "A", "preset": "nope", "players": 3, "bots": [None, None, None]},
        {"name": "A", "preset": "classic", "players": 3, "bots": [None, None]},
        {"name": "A", "preset": "classic", "players": 3, "bots": ["easy"] * 3},
        {"name": "A", "preset": "classic", "players": 3, "bots": [None, "genius", None]},
        {"name": "", "preset": "classic", "players": 3, "bots": [None, None, None]},
        {"name": "A\u0007", "preset": "classic", "players": 3, "bots": [None, None, None]},
        {
            "name": "A",
            "preset": "classic",
            "players": 3,
            "bots": [None] * 3,
            "rules": {"must_trump": False},
        },
        {
            "name": "A",
            "preset": "classic",
            "players": 3,
            "bots": [None] * 3,
            "extra": ["no_such_option=1"],
        },
        {"name": "A", "preset": "classic", "players": 9, "bots": [None] * 9},
    ]
    for body in bad:
        r = httpx.post(f"{base}/api/tables", json=body)
        assert r.status_code in (400, 422), body
    clash = httpx.post(f"{base}/api/tables", json=bad[6]).json()
    assert "must_overtrump" in clash["message"] and "must_trump" in clash["message"]
    assert httpx.get(f"{base}/api/tables/nope").status_code == 404
    assert httpx.post(f"{base}/api/tables/nope/join", json={"name": "B"}).status_code == 404
    made = create_table(base, [None, None, "easy"])
    join(base, made["id"], "B")
    full = httpx.post(f"{base}/api/tables/{made['id']}/join", json={"name": "C"})
    assert full.status_code == 409 and full.json()["code"] == "full"
    page = httpx.get(f"{base}/t/{made['id']}")
    assert page.status_code == 200 and "app.js" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert httpx.get(f"{base}/static/table.js").status_code == 200
    unknown = Seat(server.ws_base, "nope", None, hello=False)
    assert unknown.until(lambda m: m["type"] == "error")["code"] == "no_such_table"


def test_only_bot_levels_are_seated_through_the_api(server: ThreadServer) -> None:
    """The all-seeing bot (measurement only) and the bots that are parts of levels are
    refused by name; nothing is created."""
    from rams.bots import LEVELS, bot_names, measuring

    for bot in (*measuring(), *(b for b in bot_names() if b not in LEVELS)):
        body = {"name": "A", "preset": "classic", "players": 3, "bots": [None, bot, "easy"]}
        r = httpx.post(f"{server.base}/api/tables", json=body)
        assert r.status_code == 400, bot
        assert r.json()["code"] == "bad_seats" and repr(bot) in r.json()["message"]
    assert not server.tables.tables


def test_json_messages_are_objects() -> None:
    from rams.web.protocol import ProtocolError, parse_message

    for text in ["1", '"s"', "null", "true"]:
        with pytest.raises(ProtocolError):
            parse_message(text)
    assert json.loads('{"type": "ping"}')


@pytest.mark.parametrize(
    ("preset", "rules"),
    [
        ("rams-001", {"start_score": 20}),
        ("duel", {"dave": True, "payout": "stake"}),
        ("duel-v3", {}),
        ("mushka-pamfil", {"start_score": 12}),
        ("petukh", {}),
        ("rozaliev-jacks", {"start_score": 20}),
    ],
)
def test_every_kind_of_table_plays_to_the_end(
    server: ThreadServer, preset: str, rules: dict[str, object]
) -> None:
    """Talon, Даве, Pam, claims, freezes: the phases of every preset go over the wire."""
    players = 2 if preset.startswith("duel") else 3
    bots: list[str | None] = [None] * players if players == 2 else [None, None, "easy"]
    made = create_table(server.base, bots, preset=preset, rules=rules)  # type: ignore[arg-type]
    tokens = [made["token"]] + [
        join(server.base, made["id"], f"P{i + 1}")["token"] for i in range(1, bots.count(None))
    ]
    langs = ("ru", "en")
    seats = [Seat(server.ws_base, made["id"], tok, langs[i % 2]) for i, tok in enumerate(tokens)]
    play_until(seats, random.Random(preset), over(seats), timeout=120)
    record = httpx.get(f"{server.base}/api/tables/{made['id']}/record")
    assert record.status_code == 200
    from rams.record import loads

    assert loads(record.text).replay().is_over
