"""The lessons (rams.lessons, issue 31): every lesson's right answer and a wrong one, worked
out by hand from the cards each lesson deals and the clauses of RULES.md; `rams learn` in a
terminal (pty) and its --list."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from rams import games
from rams.lessons import all_lessons, check, find, load_progress, position_json

# Each lesson: (its right answer, a wrong one, the clause the engine refuses the wrong one
# with, or None where the wrong answer is allowed but not the lesson's: a move that is worse,
# a set of cards that misses some, or another clause).
CASES: dict[str, tuple[str, str, str | None]] = {
    # Rams (three players, dealer p3; E2: an ace dealt, no pass; E3: the dealer must play
    # when one before him plays; P4 the trump ace leads; P2 follow, else trump higher;
    # P6 the ace covers the king; M1 Pam beats all).
    "rams/no-pass-ace": ("E2", "E1", None),
    "rams/dealer-must": ("E3", "E2", None),
    "rams/swap": ("swap 7S", "keep", None),
    "rams/trump-ace-lead": ("AH", "AH 7H", "P4"),
    "rams/follow": ("7D QD KD", "7D QD KD 8H", "P2"),
    "rams/overtrump": ("TH AH", "7H TH AH", "P2"),
    "rams/take-with-ace": ("AH", "7H", None),
    "rams/ace-on-king": ("AH", "AH 7H", "P6"),
    "rams/pam": ("JC", "7D", None),
    "rams/petukh-exchange": ("exchange 6S 7S 7D 8D", "exchange AH", None),
    # Ramsch (F4 follow, else anything; F5 the jacks a suit of their own).
    "ramsch/follow": ("9S JS QS", "9S JS QS TC", "F4"),
    "ramsch/void": ("QC JC AD KD QD JD AH KH QH JH", "AD AH", None),
    "ramsch/give-points": ("QS", "9S", None),
    "ramsch/ten-second": ("KH", "AH", None),
    "ramsch/dump": ("AH", "JC", None),
    "ramsch/jack-led": ("JS", "JS QS", "F5"),
    "ramsch/jack-not-suit": ("F5", "F4", None),
    "ramsch/jack-apart": ("8H QH KH AH", "8H QH KH AH JH", "F5"),
    # Whist (hearts trumps, turned by the dealer p4; W5 follow, else trump; W4 naming).
    "whist/follow": ("JS TS 8S 2S", "JS TS 8S 2S 6H", "W5"),
    "whist/must-trump": ("JH 5H", "JH 5H KC", "W5"),
    "whist/why-trump": ("W5", "W3", None),
    "whist/cheap": ("QH", "AH", None),
    "whist/low": ("9D", "JD", None),
    "whist/finesse": ("QD", "AD", None),
    "whist/name-trump": ("trump H", "trump S", None),
    "whist/delegated": ("W4", "W3", None),
    # Boston (spades turned: spades first; B3 values, B5 partners, B6 aside, B8 in suit).
    "boston/bid-null": ("bid big-null", "bid 5S", None),
    "boston/more-tricks": ("B3", "B8", None),
    "boston/first-suit": ("B3", "B12", None),
    "boston/alone": ("B5", "B4", None),
    "boston/aside": ("aside AH", "aside 2S", None),
    "boston/null-lead": ("2S", "AH", None),
    "boston/null-follow": ("6S KS AS", "6S KS AS 5C", "B8"),
    "boston/no-duty-trump": (
        "2C 3C 4C 5C 6C 7C 2H 3H 4H 5H 6H 7H 8H",
        "2H 3H 4H 5H 6H 7H 8H",
        None,
    ),
    # The trump deals (p1 names hearts; T4 follow, else trump).
    "kony/name-trump": ("trump H", "trump C", None),
    "kony/not-yours": ("T3", "T2", None),
    "kony/follow": ("TC KC QC", "TC KC QC KS", "T4"),
    "kony/no-higher": ("TC", "KC", None),
    "kony/last-hand": ("7H", "TH", None),
    "kony/must-trump": ("9H JH QH KH AH", "9H JH QH KH AH 8D", "T4"),
    "kony/why-trump": ("T4", "T3", None),
    "kony/sure-trump": ("AH", "9H", None),
}


def test_every_family_has_eight_lessons_and_every_lesson_a_case() -> None:
    found = all_lessons()
    assert list(found) == list(games.FAMILIES)
    assert all(len(lessons) >= 8 for lessons in found.values())
    assert {lesson.key for lessons in found.values() for lesson in lessons} == set(CASES)


@pytest.mark.parametrize("key", sorted(CASES))
def test_right_and_wrong_answer(key: str) -> None:
    lesson = find(key)
    right, wrong, clause = CASES[key]
    assert check(lesson, right, analyse=False).right
    outcome = check(lesson, wrong, analyse=False)
    assert not outcome.right
    if clause is not None:  # refused by the engine, and the clause named
        assert clause in outcome.clauses
    for lang in ("ru", "en"):
        lines = outcome.lines(lesson, lang)
        assert lines and all(line.strip() for line in lines)
    if lesson.goal == "why":  # the clause asked for is the one the engine refuses with
        assert lesson.answer() == (right,)
        assert right in lesson.options


def test_a_legal_goal_is_what_the_engine_allows() -> None:
    # Whist, p2 void in spades with the jack and five of hearts, hearts trumps (W5).
    assert find("whist/must-trump").answer() == ("5H", "JH")
    # Ramsch with the jacks trumps: the jack of hearts is no heart (F5).
    assert find("ramsch/jack-apart").answer() == ("8H", "QH", "KH", "AH")


def test_the_position_shows_only_the_learners_cards() -> None:
    shown = position_json(find("whist/finesse"), "ru")
    assert shown["hand"] == [
        "TS",
        "JS",
        "QS",
        "KS",
        "TC",
        "JC",
        "QC",
        "KC",
        "7D",
        "QD",
        "AD",
        "6H",
        "7H",
    ]
    assert [t["card"] for t in shown["trick"]] == ["2D", "5D"]
    assert "KD" not in json.dumps(shown)  # the king lies with another seat
    assert shown["you"] == "Аня" and shown["clauses"][0]["id"] == "W5"


def test_a_wrong_move_not_held_is_refused_by_its_clause() -> None:
    outcome = check(find("whist/cheap"), "AS", analyse=False)
    assert not outcome.right and outcome.clauses == ("W5",)
    assert outcome.lines(find("whist/cheap"), "ru")[0].startswith("Так нельзя (W5)")


def _env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "RAMS_LESSONS": str(tmp_path / "progress.json"), "COLUMNS": "200"}


def test_list_prints_every_familys_lessons(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "rams.cli", "learn", "--list", "--lang", "ru"],
        capture_output=True, text=True, env=_env(tmp_path), check=True,
    ).stdout  # fmt: skip
    assert "Вист: 8 уроков" in out and "Рамс: 10 уроков" in out
    assert "whist/finesse" in out and "Прорезка" in out
    assert out.count("\n  ") == len(CASES)


def test_learn_in_a_terminal_explains_and_keeps_progress(tmp_path: Path) -> None:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "rams.cli", "learn", "whist/cheap", "--lang", "ru", "--no-analysis"],
        encoding="utf-8", timeout=60, env=_env(tmp_path), dimensions=(60, 200),
    )  # fmt: skip
    child.expect("Урок 4 из 8: Возьмите взятку дёшево")
    child.expect("Ваш ход")
    child.sendline("AH")  # wins, but the queen would do
    child.expect("Неверно")
    child.expect("Ваш ход")
    child.sendline("QH")
    child.expect("Верно!")
    child.expect("Урок 5 из 8")
    child.expect("Ваш ход")
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert load_progress(tmp_path / "progress.json") == {"whist/cheap"}


def test_russian_prompts_write_cards_as_the_table_and_take_them_so(tmp_path: Path) -> None:
    # The prompts showed record codes («AS, 10H») on a Russian screen; now the table's
    # notation, which the answer may use too (Т♠, 10♥, or letters: тп, 10ч).
    child = pexpect.spawn(
        sys.executable,
        ["-m", "rams.cli", "learn", "rams/swap", "--lang", "ru", "--no-analysis"],
        encoding="utf-8", timeout=60, env=_env(tmp_path), dimensions=(60, 200),
    )  # fmt: skip
    seen = io.StringIO()
    child.logfile_read = seen
    child.expect("Урок 3 из 10: Возьмите открытый козырь")
    child.expect("1. Не брать козырь")  # (the one move that is not a card, by its number)
    child.expect("Какие карты\\? Перечислите их через пробел \\(Т♠ 10♥ или тп 10ч\\)")
    child.expect("Ваш ход: карта, как на столе \\(Т♠, 10♥")
    child.sendline("8п")  # the eight of spades: legal, but the seven is the most useless
    child.expect("Неверно")
    child.expect("семёрку пик")
    child.expect("Ваш ход")
    child.sendline("7♠")
    child.expect("Верно!")
    child.expect("Урок 4 из 10")
    child.expect("Перечислите через пробел")
    child.sendline("тч")  # the ace of hearts, the trump ace, must lead (P4)
    child.expect("Верно!")
    child.expect("Урок 5 из 10")
    child.sendline("q")
    child.expect(pexpect.EOF)
    # Nothing on the Russian screen in record codes (what was typed is not echoed).
    assert not re.search(r"\b(10|[2-9TJQKA])[SCDH]\b", seen.getvalue()), seen.getvalue()
    assert load_progress(tmp_path / "progress.json") == {"rams/swap", "rams/trump-ace-lead"}
    # An action by its number: Whist's trump named by the dealer's partner, hearts the 4th.
    child = pexpect.spawn(
        sys.executable,
        ["-m", "rams.cli", "learn", "whist/name-trump", "--lang", "ru", "--no-analysis"],
        encoding="utf-8", timeout=60, env=_env(tmp_path), dimensions=(60, 200),
    )  # fmt: skip
    child.expect("4. Козырь: черви")
    child.expect("Ваш ход")
    child.sendline("4")
    child.expect("Верно!")
    child.sendline("q")
    child.expect(pexpect.EOF)
