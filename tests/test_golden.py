"""Golden records of whole games (tests/records/golden): each replays to the result worked out
by hand in its ``NAME.expected.json`` (the ``why`` string), round-trips through dump/load, and
is rejected when its dealer rotation (D4) or its end (X9) is broken."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rams import games
from rams.errors import RecordError
from rams.record import Record, dumps, loads, replay_summary

RECORDS = Path(__file__).parent / "records"
#: The Rams family's golden games, and those of the games of RULES §10.2–10.5 (``004``).
FOLDERS = ("golden", "golden_004")
NAMES = sorted(
    f"{folder}/{p.name[: -len('.json')]}"
    for folder in FOLDERS
    for p in (RECORDS / folder).glob("*.json")
    if not p.name.endswith(".expected.json")
    and (RECORDS / folder / f"{p.stem}.expected.json").exists()
)


def _record_json(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def _expected(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (RECORDS / f"{name}.expected.json").read_text(encoding="utf-8")
    )
    data.pop("choice", None)  # a reading of an ambiguous clause, in words
    return data


def _end_clause(name: str) -> str:
    """The clause that says where the record's game ends (X9, F8, W9, B12, T2)."""
    data = _record_json(name)
    preset = data["rules"] if isinstance(data["rules"], str) else data["rules"]["preset"]
    return games.family_of(preset).end_clause


def _players(data: dict[str, Any]) -> int:
    return len(data["players"])


MULTI_DEAL = [n for n in NAMES if len(_record_json(n)["deals"]) >= 2]
WON = [
    n
    for n in NAMES
    if _expected(n).get("winner") is not None or _expected(n).get("winners") is not None
]


def test_golden_records_are_present() -> None:
    """The folder holds golden games, each with its hand-worked expected result."""
    assert NAMES


@pytest.mark.parametrize("name", NAMES)
def test_golden_game_replays_to_expected(name: str) -> None:
    """Replaying the record gives the per-deal records, winner and payouts worked out by hand."""
    expected = _expected(name)
    assert expected.pop("why")
    record = loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    if "error" in expected:
        with pytest.raises(RecordError) as info:
            record.replay()
        assert str(info.value) == expected["error"]
        return
    assert replay_summary(record.replay()) == expected


@pytest.mark.parametrize("name", NAMES)
def test_golden_record_round_trips(name: str) -> None:
    """§12: loads(dumps(record)) == record, and the JSON written is stable."""
    record = loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    again = loads(dumps(record))
    assert again == record
    assert json.loads(dumps(again)) == json.loads(dumps(record))
    assert isinstance(again, Record)


@pytest.mark.parametrize("name", MULTI_DEAL)
def test_golden_game_rejects_a_dealer_out_of_rotation(name: str) -> None:
    """D4, X9: the second deal must be dealt by the seat left of the first dealer."""
    data = _record_json(name)
    n = _players(data)
    first = data["deals"][0]["dealer"]
    assert data["deals"][1]["dealer"] == first % n + 1  # the record itself rotates clockwise
    bad = copy.deepcopy(data)
    bad["deals"][1]["dealer"] = first  # the same dealer again
    with pytest.raises(RecordError) as info:
        loads(json.dumps(bad)).replay()
    assert info.value.deal == 2
    assert info.value.action is None
    assert info.value.reason.startswith("D4")


@pytest.mark.parametrize("name", WON)
def test_golden_game_refuses_a_deal_after_the_end(name: str) -> None:
    """X9: the record stops at the action that ends the game; one more deal is an error."""
    data = _record_json(name)
    n = _players(data)
    bad = copy.deepcopy(data)
    last = copy.deepcopy(bad["deals"][-1])
    last["dealer"] = last["dealer"] % n + 1
    bad["deals"].append(last)
    with pytest.raises(RecordError) as info:
        loads(json.dumps(bad)).replay()
    assert info.value.deal == len(bad["deals"])
    assert info.value.reason.startswith(_end_clause(name))
