"""The worked examples of ../shared/examples (copied into tests/records/examples) replay to
their expected results, and round-trip through dump/load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rams.errors import RecordError
from rams.record import dumps, loads, replay_summary

EXAMPLES = Path(__file__).parent / "records" / "examples"
NAMES = sorted(
    p.name[: -len(".json")] for p in EXAMPLES.glob("*.json") if ".expected" not in p.name
)


def test_there_are_nineteen_examples() -> None:
    """The fourteen of the Rams family and five of RULES §10.2–10.5."""
    assert len(NAMES) == 19


@pytest.mark.parametrize("name", NAMES)
def test_example_replays_to_expected(name: str) -> None:
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_text(encoding="utf-8"))
    expected.pop("why")
    expected.pop("choice", None)
    record = loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    if "error" in expected:
        with pytest.raises(RecordError) as info:
            record.replay()
        assert str(info.value) == expected["error"]
        return
    assert replay_summary(record.replay()) == expected


@pytest.mark.parametrize("name", NAMES)
def test_example_round_trips(name: str) -> None:
    record = loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    again = loads(dumps(record))
    assert again == record
    assert json.loads(dumps(again)) == json.loads(dumps(record))
