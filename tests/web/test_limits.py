"""Limits on the work anyone may ask of a server: house-rule ranges, request sizes, table
creations per client; and no error echoes a huge field back."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from rams.web.app import MAX_BODY
from tests.web.helpers import ThreadServer, create_table, thread_server


@pytest.fixture
def server(sqlite_url: str) -> Iterator[ThreadServer]:
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0, grace_s=60) as s:
        yield s


def _body(**changes: object) -> dict[str, object]:
    body: dict[str, object] = {"name": "Аня", "players": 3, "bots": [None, "easy", "easy"]}
    body.update(changes)
    return body


@pytest.mark.parametrize(
    ("changes", "option"),
    [
        ({"rules": {"start_score": 10**30}}, "start_score"),
        ({"rules": {"start_score": 10_001}}, "start_score"),
        ({"extra": ["start_score=1000000"]}, "start_score"),
        ({"rules": {"remise": 10**18}}, "remise"),
        ({"rules": {"spade_ace_bonus": 99_999}}, "spade_ace_bonus"),
        ({"rules": {"four_jacks": 10**12}}, "four_jacks"),
        ({"rules": {"ace_values": {"S": 1, "C": 2, "D": 3, "H": 10**9}}}, "ace_values"),
    ],
)
def test_numeric_house_rules_out_of_range_are_refused_by_name(
    server: ThreadServer, changes: dict[str, object], option: str
) -> None:
    r = httpx.post(f"{server.base}/api/tables", json=_body(**changes))
    assert r.status_code == 400, r.text
    assert r.json()["code"] == "bad_rules" and f"option {option} = " in r.json()["message"]
    assert not server.tables.tables


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ({"start_score": "100"}, "option start_score = '100': expected "),
        ({"jacks": ["rams"]}, "option jacks = ['rams']: expected \"rams\" or "),
        ({"passing": 1.5}, "option passing = 1.5: expected "),
        ({"players": 4}, "unknown option 'players' (§9.1)"),
    ],
    ids=["str-for-int", "list-for-choice", "float-for-bool", "players"],
)
def test_house_rules_of_a_wrong_kind_are_refused_in_the_rules_words(
    server: ThreadServer, rules: dict[str, object], words: str
) -> None:
    """The rules' own refusal, naming the option and its clause (issue 24: an option named
    ``players`` was Python's ``TypeError``, passed on as it was)."""
    r = httpx.post(f"{server.base}/api/tables", json=_body(rules=rules))
    assert r.status_code == 400, r.text
    assert r.json()["code"] == "bad_rules" and words in r.json()["message"], r.text
    assert not server.tables.tables


def test_the_largest_start_score_is_taken_and_the_ranges_are_published(
    server: ThreadServer,
) -> None:
    made = create_table(server.base, [None, "easy", "easy"], rules={"start_score": 10_000})
    assert made["table"]["rules"]["start_score"] == 10_000
    options = {o["name"]: o for o in httpx.get(f"{server.base}/api/meta").json()["options"]}
    assert (options["start_score"]["min"], options["start_score"]["max"]) == (1, 10_000)
    assert options["remise"]["max"] == 10_000 and options["jacks"]["max"] is None


def test_a_request_body_over_the_limit_is_refused_unread(server: ThreadServer) -> None:
    huge = "x" * (10 * 1024 * 1024)
    r = httpx.post(f"{server.base}/api/tables", json=_body(name=huge), timeout=30)
    assert r.status_code == 413
    assert r.json()["code"] == "too_big" and "64 KiB" in r.json()["message"]
    assert len(r.content) < 200

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it streams in
        yield b'{"name": "'
        for _ in range(MAX_BODY // 4096 + 2):
            yield b"x" * 4096
        yield b'"}'

    r = httpx.post(
        f"{server.base}/api/tables",
        content=chunks(),
        headers={"Content-Type": "application/json"},
        timeout=30,
    )
    assert r.status_code == 413 and r.json()["code"] == "too_big"
    assert not server.tables.tables
    # Under the limit, a body is read as ever.
    assert create_table(server.base, [None, "easy", "easy"])["id"]


@pytest.mark.parametrize(
    "changes",
    [
        {"name": "Й" * 20_000},
        {"bots": [None, "z" * 50_000, "easy"]},
        {"preset": "p" * 50_000},
        {"rules": {"k" * 50_000: 1}},
        {"rules": {"jacks": "j" * 50_000}},
        {"extra": ["e" * 50_000]},
        {"players": "9" * 50_000},
    ],
    ids=["name", "bot", "preset", "rule-key", "rule-value", "extra", "players"],
)
def test_an_error_never_echoes_a_huge_field(
    server: ThreadServer, changes: dict[str, object]
) -> None:
    r = httpx.post(f"{server.base}/api/tables", json=_body(**changes))
    assert r.status_code in (400, 422), r.text[:300]
    assert r.json()["code"] and r.json()["message"]
    assert len(r.content) < 600, r.text[:300]


def test_table_creation_is_rate_limited_per_client(sqlite_url: str) -> None:
    with thread_server(sqlite_url, bot_delay=0, tables_burst=3, tables_per_minute=0.01) as server:
        for _ in range(3):
            create_table(server.base, [None, "easy", "easy"])
        r = httpx.post(f"{server.base}/api/tables", json=_body())
        assert r.status_code == 429 and r.json()["code"] == "too_many"
        assert len(server.tables.tables) == 3
