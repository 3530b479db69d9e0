"""The questions of `rams play` before a game (`rams/terminal/setup.py`), through a
pseudo-terminal (pexpect): the language first when the locale says none, the preset, a
short game and Даве where the preset allows it, each seat's bot with what Enter gives, the
names; every question in the game's language; the answers reach the saved game."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect

from rams.bots import LEVELS
from rams.terminal.saves import load_save
from rams.terminal.setup import _offered, bot_word, parse_bots


def spawn(save: Path, locale: str, *args: str) -> pexpect.spawn:
    env = {**os.environ, "LANG": locale, "LC_ALL": locale, "COLUMNS": "100", "PYTHONUTF8": "1"}
    env.pop("LC_MESSAGES", None)
    return pexpect.spawn(
        sys.executable,
        ["-m", "rams.cli", "play", "--pace", "0", "--seed", "3", "--save", str(save), *args],
        encoding="utf-8", timeout=60, env=env, dimensions=(60, 100),
    )  # fmt: skip


def quit_at(child: pexpect.spawn, prompt: str) -> None:
    child.expect_exact(prompt)
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_language_is_asked_first_then_the_duel_with_dave(tmp_path: Path) -> None:
    """A locale that names no language (C.UTF-8) and no --lang: the first question is the
    language, in both; the duel asks no table size and no short game (it starts at 5), but
    offers Даве (V4); Enter at seat 2 gives the bot the question names."""
    save = tmp_path / "g.json"
    child = spawn(save, "C.UTF-8")
    child.expect_exact("Язык (ru — русский) / Language (en — English) [en]: ")
    child.sendline("en")
    child.expect(r" 1\. classic +classic Rams\r\n")  # the presets, in English
    child.expect_exact("Game [1]: ")
    child.sendline("duel")
    child.expect_exact("Play with Dave: the stake may be doubled (V4)? [y/N] ")
    child.sendline("y")
    offered = _offered("rams")
    words = "/".join(bot_word(b, "en") for b in offered)
    child.expect_exact(
        f"Seat 2: a bot ({words}) or human; Enter for the {bot_word(offered[0], 'en')} bot: "
    )
    child.sendline("")
    child.expect_exact("Name of the player in seat 1 [Player 1]: ")
    child.sendline("Anya")
    quit_at(child, "Anya> ")
    saved = load_save(save)
    assert saved.meta["lang"] == "en"
    assert saved.meta["bots"] == [None, offered[0]]
    assert list(saved.players) == ["Anya", "Bot 2"]
    assert saved.rules.preset_name == "duel" and saved.rules.dave


def test_a_russian_locale_asks_in_russian_and_offers_a_short_game(tmp_path: Path) -> None:
    """A Russian locale decides the language (nothing asks for it); the classic game offers
    a short game (start 50 instead of 100, S1) and no Даве (it needs the duel's talon); a
    mistyped bot gets a Russian word and the same question again; Russian bot words are
    read; every question is Russian (no Latin word but the key Enter)."""
    save = tmp_path / "g.json"
    child = spawn(save, "ru_RU.UTF-8")
    child.expect_exact(" 1. классический рамс\r\n")
    child.expect_exact("Игра [1]: ")
    assert "Language" not in str(child.before)
    child.sendline("1")
    child.expect_exact("Сколько игроков (3–7) [3]: ")
    child.sendline("3")
    child.expect_exact("Короткая партия: начальная запись 50 вместо 100 (S1)? [д/Н] ")
    child.sendline("д")
    seat = r"(Место (\d): [^\r\n]*: )"
    assert child.expect([seat, "даве"]) == 0, "Даве offered without the duel's talon"
    question = str(child.match.group(1))
    default = bot_word(_offered("rams")[0], "ru")
    assert question.endswith(f"или человек; Enter — {default} бот: ")
    assert not re.search(r"[A-Za-z]", question.replace("Enter", "")), question
    child.sendline("робот")
    child.expect_exact("Такого бота нет: 'робот'. Можно: сильный, средний, лёгкий,")
    child.expect(seat)
    assert child.match.group(2) == "2"  # the same seat, asked again
    child.sendline("случайный")
    child.expect(seat)
    assert child.match.group(2) == "3"
    child.sendline("эвристический")
    child.expect_exact("Имя игрока на месте 1 [Игрок 1]: ")
    child.sendline("")
    quit_at(child, "Игрок 1> ")
    saved = load_save(save)
    assert saved.meta["lang"] == "ru"
    assert saved.meta["bots"] == [None, "random", "heuristic"]
    assert list(saved.players) == ["Игрок 1", "Бот 2", "Бот 3"]
    assert saved.rules.start_score == 50


def test_a_game_given_by_its_flags_asks_nothing_but_the_names(tmp_path: Path) -> None:
    """`--preset`, `--bots` (a Russian bot word) and `--lang` given: only the person's name
    is asked; a game named by its preset gets no short-game or Даве question."""
    save = tmp_path / "g.json"
    child = spawn(save, "C.UTF-8", "--preset", "duel", "--bots", "лёгкий", "--lang", "ru")
    child.expect_exact("Имя игрока на месте 1 [Игрок 1]: ")
    assert "даве" not in str(child.before) and "Language" not in str(child.before)
    child.sendline("Аня")
    quit_at(child, "Аня> ")
    saved = load_save(save)
    assert saved.meta["bots"] == [None, "easy"] and not saved.rules.dave


def test_bots_are_named_in_either_language() -> None:
    assert parse_bots("лёгкий,случайный,эвристический", 4) == [None, "easy", "random", "heuristic"]
    assert parse_bots("легкий, human, random", 3) == ["easy", None, "random"]


def test_help_lists_every_level() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "rams.cli", "play", "--help"],
        capture_output=True, text=True, env={**os.environ, "COLUMNS": "200"},
    )  # fmt: skip
    assert proc.returncode == 0
    bots_help = proc.stdout.split("\n  --bots BOTS", 1)[1].split("\n  --names", 1)[0]
    for level in (*LEVELS, "heuristic", "random", "human"):
        assert re.search(rf"\b{level}\b", bots_help), level
    for level in (*LEVELS, "heuristic", "random"):  # and the words a Russian screen offers
        assert bot_word(level, "ru") in bots_help, level
