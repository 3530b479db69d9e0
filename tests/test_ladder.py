"""``rams ladder`` end to end (small): a program against a built-in bot, duplicate deals,
ratings and the pairwise difference as ``rams tournament`` gives them; a program that
crashes loses its seats and the ladder goes on; bad engines are refused in one line."""

from __future__ import annotations

import functools
import json
import shlex
import sys
from pathlib import Path

import pytest

from rams import games
from rams.bots.program import Limits
from rams.cli import main
from rams.ladder import engine_bot
from rams.tournament import run_tournament_deals, summarize, summary_dict

ROOT = Path(__file__).resolve().parent.parent
RANDOM = f"{shlex.quote(sys.executable)} {shlex.quote(str(ROOT / 'examples/bots/random_bot.py'))}"


def test_the_ladder_rates_a_program_against_a_built_in_bot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ladder"
    argv = ["ladder", "--engines", RANDOM, "builtin:heuristic", "--preset", "classic",
            "--players", "3", "--deals", "2", "--seed", "5", "--out", str(out),
            "--lang", "en"]  # fmt: skip
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "Ladder: " in printed and "Pairwise" in printed and "Protocol failures" in printed
    data = json.loads((out / "results.json").read_text(encoding="utf-8"))
    # Two engines at three seats take them in turn; 2 deals, each played in 3 rotations.
    assert data["parameters"]["seats"] == [RANDOM, "builtin:heuristic", RANDOM]
    assert (data["deals"], data["plays"]) == (2, 6)
    assert [(b["name"], b["seats"]) for b in data["bots"]] == [
        (RANDOM, 2),
        ("builtin:heuristic", 1),
    ]
    assert [(p["first"], p["second"]) for p in data["pairs"]] == [(RANDOM, "builtin:heuristic")]
    assert data["failures"] == {}
    assert (out / "chart.png").read_bytes()[:4] == b"\x89PNG"
    # The figures are the tournament's for the same engines and seed.
    rules = games.family("rams").rules("classic", 3)
    factory = functools.partial(engine_bot, family="rams", limits=Limits())
    again = run_tournament_deals(rules, data["parameters"]["seats"], 2, 5, factory=factory)
    assert summary_dict(summarize(again.deals))["pairs"] == data["pairs"]


def test_a_program_that_crashes_loses_its_seats_and_the_ladder_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    crash = tmp_path / "crash.py"
    crash.write_text("import sys; sys.exit(3)\n", encoding="utf-8")
    engine = f"{shlex.quote(sys.executable)} {shlex.quote(str(crash))}"
    out = tmp_path / "out"
    argv = ["ladder", "--engines", engine, "builtin:random", "--preset", "duel", "--players",
            "2", "--deals", "1", "--out", str(out), "--lang", "ru"]  # fmt: skip
    assert main(argv) == 0
    data = json.loads((out / "results.json").read_text(encoding="utf-8"))
    # One deal, two rotations: the program starts in each play and fails to say ready.
    assert data["failures"] == {engine: {"no_start": 2}}
    printed = capsys.readouterr().out
    assert "Нарушения протокола" in printed and "сбой запуска × 2" in printed


def test_more_engines_than_seats_play_every_seating_on_the_same_deals(tmp_path: Path) -> None:
    out = tmp_path / "out"
    engines = ["builtin:random", RANDOM, "builtin:heuristic"]
    argv = ["ladder", "--engines", *engines, "--preset", "duel", "--players", "2", "--deals",
            "2", "--out", str(out), "--lang", "en"]  # fmt: skip
    assert main(argv) == 0
    data = json.loads((out / "results.json").read_text(encoding="utf-8"))
    # Three seatings of two (every choice of two engines), each on the same 2 deals, each
    # deal in 2 rotations: 6 deals, 12 plays; each engine in 2 seatings (4 deals), each pair
    # in one (2 deals).
    assert data["parameters"]["seats"] == [engines[:2], [engines[0], engines[2]], engines[1:]]
    assert (data["deals"], data["plays"]) == (6, 12)
    assert [(b["name"], b["points_per_deal"]["n"]) for b in data["bots"]] == [
        (e, 4) for e in engines
    ]
    assert [(p["first"], p["second"], p["difference"]["n"]) for p in data["pairs"]] == [
        (engines[0], engines[1], 2),
        (engines[0], engines[2], 2),
        (engines[1], engines[2], 2),
    ]
    # Every engine was rated: its uncertainty fell below the start (25/3).
    assert all(b["openskill"]["sigma"] < 25 / 3 for b in data["bots"])


@pytest.mark.parametrize(
    ("engines", "said"),
    [
        (["builtin:random", "builtin:random"], "give at least one engine, each once"),
        ([f"builtin:x{i}" for i in range(30)], "30 engines for 2 seats make more than 200"),
        (["/no/such/program --fast", "builtin:random"], "no such program: /no/such/program"),
        (["builtin:nonsense", "builtin:random"], "nonsense"),
    ],
)
def test_bad_engines_are_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], engines: list[str], said: str
) -> None:
    argv = ["ladder", "--engines", *engines, "--preset", "duel", "--players", "2", "--deals",
            "1", "--out", str(tmp_path), "--lang", "en"]  # fmt: skip
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and len(err.strip().splitlines()) == 1
