"""Outside programs at a seat (:mod:`rams.bots.program`, ``docs/bot-protocol.md``).

The two reference bots (``examples/bots``) play a deal of every preset through the protocol
without a fault; programs that break it — an illegal answer, a late one, a crash, garbage,
too long a line, no ``ready`` — lose their seat to the stand-in and the deal goes on; a spy
program shows that a seat is sent its own observation, exactly, and no card it may not see.
"""

from __future__ import annotations

import json
import random
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from rams import games
from rams.bots import make_bot
from rams.bots.program import (
    FAILURES,
    PROTOCOL,
    Failure,
    Limits,
    ProgramBot,
    observation_json,
)
from rams.table import bot_turn, close_bots, tell_deal_over
from rams.words import has
from tests.families import ORACLES
from tests.web.helpers import cards_named

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "bots"
PRESETS = sorted(games.presets())


def _deal(preset: str, players: int, seed: int) -> tuple[Any, Any]:
    match = games.new_match(preset, players, rng=random.Random(seed))
    return match, match.start_deal()


def _play(match: Any, deal: Any, agents: list[Any]) -> None:
    try:
        for _ in range(2000):
            if bot_turn(deal, agents) == "done":
                break
        assert deal.is_over
        tell_deal_over(match, deal, agents)
    finally:
        close_bots(agents)


@pytest.mark.parametrize("script", ["random_bot.py", "low_bot.py"])
@pytest.mark.parametrize("preset", PRESETS)
def test_the_reference_bots_play_every_preset_through_the_protocol(
    preset: str, script: str
) -> None:
    players = games.presets()[preset].players[0]
    match, deal = _deal(preset, players, 7)
    failed: list[ProgramBot] = []
    bots = [
        ProgramBot(
            [sys.executable, str(EXAMPLES / script)], random.Random(s), on_failure=failed.append
        )
        for s in range(players)
    ]
    _play(match, deal, list(bots))
    assert failed == [], [b.failure for b in failed]
    assert all(b.program_name == script.removesuffix("_bot.py") for b in bots)
    # Every decision of the deal was the programs' (none was a stand-in's).
    assert sum(b.asked for b in bots) >= len([a for s, a in deal.actions if s is not None]) > 0
    assert not any(b.running for b in bots)  # (stopped)


def test_the_low_bot_leads_high_and_follows_low() -> None:
    """Its plan, worked out by hand on an observation of card play."""
    sys.path.insert(0, str(EXAMPLES))
    try:
        import low_bot
    finally:
        sys.path.pop(0)
    legal = ["7S", "AS", "TS"]
    assert low_bot.choose({"phase": "play", "trick": []}, legal) == "AS"
    assert low_bot.choose({"phase": "play", "trick": [[1, "KS"]]}, legal) == "7S"
    assert low_bot.choose({"phase": "declare", "trick": []}, ["play", "pass"]) == "play"


# Programs that break the protocol -----------------------------------------------------

_HEAD = f"""
import json, sys, time
def say(m):
    sys.stdout.write(json.dumps(m) + "\\n"); sys.stdout.flush()
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        say({{"type": "ready", "protocol": "{PROTOCOL}", "name": "broken"}})
    elif m["type"] in ("act", "offer"):
        choices = m.get("legal") or m["offers"]
"""

BROKEN = {
    "illegal": 'say({"type": "action", "id": m["id"], "action": "no such action"})',
    "late": 'time.sleep(3); say({"type": "action", "id": m["id"], "action": choices[0]})',
    "crashed": "sys.exit(3)",
    "garbage": 'sys.stdout.write("I play the ace!\\n"); sys.stdout.flush()',
    "too_long": 'sys.stdout.write("x" * 5000); sys.stdout.flush(); time.sleep(3)',
    "bad_message": 'say({"type": "action", "id": m["id"] + 1, "action": choices[0]})',
}


def _script(tmp_path: Path, name: str, body: str) -> list[str]:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return [sys.executable, str(path)]


@pytest.mark.parametrize("code", sorted(BROKEN))
def test_a_program_that_breaks_the_protocol_loses_its_seat_and_the_deal_goes_on(
    tmp_path: Path, code: str
) -> None:
    body = _HEAD + "        " + BROKEN[code] + "\n"
    command = _script(tmp_path, code, body)
    limits = Limits(move_seconds=0.5, start_seconds=5.0, line_bytes=1000)
    failed: list[ProgramBot] = []
    broken = ProgramBot(command, random.Random(1), limits=limits, on_failure=failed.append)
    match, deal = _deal("classic", 3, 3)
    seat = deal.to_move
    agents: list[Any] = [make_bot("random", random.Random(s)) for s in range(3)]
    agents[seat] = broken
    _play(match, deal, agents)
    assert failed == [broken]
    assert broken.failure is not None and broken.failure.code == code
    assert broken._standin is not None and broken._standin.name == "random"
    assert deal.is_over


def test_a_program_that_never_says_ready_or_cannot_start_loses_its_seat(tmp_path: Path) -> None:
    silent = _script(tmp_path, "silent", "import time; time.sleep(5)\n")
    missing = [str(tmp_path / "no-such-program")]
    for command in (silent, missing):
        bot = ProgramBot(command, random.Random(1), limits=Limits(start_seconds=0.5))
        match, deal = _deal("duel", 2, 1)
        agents: list[Any] = [bot, make_bot("random", random.Random(2))]
        _play(match, deal, agents)
        assert bot.failure is not None and bot.failure.code == "no_start"


def test_a_program_over_its_memory_limit_loses_its_seat(tmp_path: Path) -> None:
    body = _HEAD + "        x = bytearray(400 * 1024 * 1024)\n" + "        say({})\n"
    bot = ProgramBot(_script(tmp_path, "greedy", body), random.Random(1),
                     limits=Limits(memory_mb=200))  # fmt: skip
    match, deal = _deal("duel", 2, 1)
    _play(match, deal, [bot, make_bot("random", random.Random(2))])
    assert bot.failure is not None and bot.failure.code == "crashed"


def test_every_failure_is_worded_in_both_languages() -> None:
    for code in FAILURES:
        assert has(f"program.failure.{code}")
    assert Failure("late", "", 0.5).words("ru") == "нет ответа за 0,5 с"
    assert Failure("late", "", 0.5).words("en") == "no answer within 0.5 s"
    assert Failure("too_long", "", 5000).words("ru") == "слишком длинная строка: 5000 байт"
    assert Failure("too_long", "", 2).words("ru") == "слишком длинная строка: 2 байта"
    assert Failure("crashed", "", 3).words("en") == "the program ended (exit status 3)"
    assert Failure("illegal", "9Z").words("ru") == "недопустимый ход: 9Z"


# What a program sees ------------------------------------------------------------------

_SPY = """
import json, sys
log = open(sys.argv[1], "a", encoding="utf-8")
for line in sys.stdin:
    log.write(line); log.flush()
    m = json.loads(line)
    if m["type"] == "hello":
        reply = {"type": "ready", "protocol": "%s", "name": "spy"}
    elif m["type"] in ("act", "offer"):
        reply = {"type": "action", "id": m["id"], "action": (m.get("legal") or m["offers"])[-1]}
    else:
        continue
    sys.stdout.write(json.dumps(reply) + "\\n"); sys.stdout.flush()
"""


def _read_new(path: Path, done: int) -> tuple[list[dict[str, Any]], int]:
    if not path.exists():
        return [], done
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(x) for x in lines[done:]], len(lines)


@pytest.mark.parametrize("preset", ["classic", "duel", "mushka-pamfil", "ramsch", "whist",
                                    "boston", "kony"])  # fmt: skip
def test_a_program_is_sent_its_seats_observation_and_no_card_it_may_not_see(
    tmp_path: Path, preset: str
) -> None:
    players = games.presets()[preset].players[0]
    match, deal = _deal(preset, players, 11)
    oracle = ORACLES[games.family_of(preset).name]
    spy = _script(tmp_path, "spy", _SPY % PROTOCOL)
    logs = [tmp_path / f"seat{s}.jsonl" for s in range(players)]
    agents: list[Any] = [ProgramBot([*spy, str(logs[s])], random.Random(s)) for s in range(players)]
    read = [0] * players
    kinds: set[str] = set()
    try:
        for _ in range(2000):
            allowed = [oracle.visible(deal, s) for s in range(players)]
            views = [observation_json(deal.observation(s)) for s in range(players)]
            if bot_turn(deal, agents) == "done":
                break
            for s in range(players):
                new, read[s] = _read_new(logs[s], read[s])
                for message in new:
                    kinds.add(message["type"])
                    named = cards_named(message)
                    assert named <= allowed[s], f"seat {s} sent {sorted(named - allowed[s])}"
                    if message["type"] in ("act", "offer"):
                        assert message["observation"] == views[s]  # its view, exactly
                    if message["type"] == "hello":
                        assert message["seat"] == s and message["protocol"] == PROTOCOL
        tell_deal_over(match, deal, agents)
        close_bots(agents)  # (they have read and logged everything once they are gone)
        for s in range(players):
            new, read[s] = _read_new(logs[s], read[s])
            final = oracle.visible(deal, s)
            for message in new:
                kinds.add(message["type"])
                assert cards_named(message) <= final
    finally:
        close_bots(agents)
    assert {"hello", "deal", "events", "act", "deal_end"} <= kinds
    assert all(a.failure is None for a in agents)
