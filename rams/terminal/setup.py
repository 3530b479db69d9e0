"""A new terminal game's setup: the language, the preset, the players, a short game, Даве,
who is a bot, the names — from the flags, else asked (or the defaults when standard input
is not a terminal). Every question says what Enter gives, in the game's language."""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Console

from rams import games
from rams.bots import available_levels, make_bot
from rams.errors import RulesError
from rams.games import DEFAULT_FAMILY, DEFAULT_PRESET, parse_override
from rams.terminal.widgets import ui
from rams.words import LANGS, bot_word, default_lang

__all__ = ["DEFAULT_PRESET", "Reader", "Setup", "ask_setup", "ask_yes", "bot_word", "parse_bots"]

Reader = Callable[[str], str]

_PEOPLE = {"human", "person", "people", "me", "-", "", "человек", "я"}
#: The bots that have a word of their own in the catalogue (``terminal.bot_NAME``).
_WORDED = ("easy", "medium", "hard", "heuristic", "random")
_YES = ("y", "yes", "д", "да")
_NO = ("", "n", "no", "н", "нет")
_LANG_WORDS = {
    "ru": "ru", "r": "ru", "р": "ru", "рус": "ru", "русский": "ru",
    "en": "en", "e": "en", "eng": "en", "english": "en", "английский": "en",
}  # fmt: skip
#: A short game (S1): its start, as a share of the preset's, when that is at least this.
_SHORT_FROM = 20


@dataclass
class Setup:
    """What a new game needs: the rules, names, who is a bot, the language, the seed."""

    rules: Any
    names: list[str]
    bots: list[str | None]
    lang: str
    seed: int | None = None


def _bot_id(word: str) -> str:
    """The bot a word names, in either language (``сильный`` → ``hard``; ё read as е)."""
    low = word.lower().replace("ё", "е")
    for bot in _WORDED:
        if low in (bot_word(bot, lang).replace("ё", "е") for lang in LANGS):
            return bot
    return word


def parse_bots(text: str, players: int, family: str = DEFAULT_FAMILY) -> list[str | None]:
    """``--bots``: a bot or a person per seat, or just the bots beside the person in seat 1.
    A bot is named by its level in either language (``hard``, ``сильный``)."""
    items = [t.strip() for t in text.split(",")]
    if len(items) == players - 1:
        items = ["human", *items]
    if len(items) != players:
        raise RulesError(
            "terminal.bots_seats", ("bots",), count=len(items), players=players, bots=players - 1
        )
    out: list[str | None] = []
    for item in items:
        if item.lower() in _PEOPLE:
            out.append(None)
        else:
            bot = _bot_id(item)
            make_bot(bot, random.Random(0), family=family)  # refuses unknown, all-seeing
            out.append(bot)
    return out


def _offered(family: str) -> tuple[str, ...]:
    """The bots a person is offered: the levels this installation can seat, then the
    baselines (the parts of the strong bots, ``pimc`` and ``evaluator``, stay unnamed)."""
    levels = available_levels(family)
    return (*reversed(levels), *games.family(family).baselines)


def _locale_lang() -> str | None:
    """The language the locale decides (``ru`` for a Russian one, else ``en``), or None
    when it names no language (unset, ``C``, ``POSIX``, ``C.UTF-8``)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            base = value.split(".")[0].split("@")[0]
            if base in ("C", "POSIX"):
                return None
            return "ru" if base.lower().startswith("ru") else "en"
    return None


def _ask_lang(read: Reader) -> str:
    """The language, asked in both (nothing says yet which one the player reads)."""
    default = default_lang()
    prompt = " / ".join(ui("setup_lang", lang) for lang in LANGS)
    while True:
        answer = read(f"{prompt} [{default}]: ").strip().lower() or default
        if answer in _LANG_WORDS:
            return _LANG_WORDS[answer]


def _ask_preset(lang: str, read: Reader, console: Console) -> str:
    presets = games.presets()
    names = list(presets)
    for i, name in enumerate(names, start=1):
        title = presets[name].title[lang]
        # (a Russian screen names each by its title alone: the ids are English words)
        console.print(f"{i:2}. {title}" if lang == "ru" else f"{i:2}. {name:<15} {title}")
    while True:
        answer = read(f"{ui('setup_preset', lang)} [1]: ").strip() or "1"
        if answer.isdigit() and 1 <= int(answer) <= len(names):
            return names[int(answer) - 1]
        if answer in presets:
            return answer
        console.print(ui("setup_bad_preset", lang, text=answer, count=len(names)), style="yellow")


def ask_yes(read: Reader, prompt: str, lang: str, say: Callable[[str], object]) -> bool:
    """A yes-or-no question, «no» by default (Enter); any other answer is asked again, with
    what to type (it once counted as «no»)."""
    while True:
        answer = read(prompt).strip().lower()
        if answer in _YES:
            return True
        if answer in _NO:
            return False
        say(ui("yes_no", lang))


def _ask_options(
    family: Any, preset: str, players: int, overrides: dict[str, Any], lang: str, read: Reader,
    console: Console,
) -> dict[str, Any]:  # fmt: skip
    """The house rules a person is asked about: a short game (a lower start, S1) where the
    preset's start is long, and Даве (V4) where the preset allows it; each off by default."""
    asked: dict[str, Any] = {}
    rules = family.rules(preset, players, **overrides)
    start = getattr(rules, "start_score", None)
    if "start_score" not in overrides and isinstance(start, int) and start >= _SHORT_FROM:
        short = start // 2 // 5 * 5
        if ask_yes(read, ui("setup_short", lang, short=short, start=start), lang, console.print):
            asked["start_score"] = short
    if "dave" not in overrides and not getattr(rules, "dave", True):
        try:
            family.rules(preset, players, **overrides, dave=True)
        except RulesError:
            pass  # (Даве needs the duel's talon and its stake)
        else:
            if ask_yes(read, ui("setup_dave", lang), lang, console.print):
                asked["dave"] = True
    return asked


def _ask_bots(
    players: int, family: str, lang: str, read: Reader, console: Console
) -> list[str | None]:
    bots: list[str | None] = [None]
    offered = _offered(family)
    words = [bot_word(b, lang) for b in offered]
    default = words[0]
    for seat in range(2, players + 1):
        prompt = ui("setup_seat", lang, seat=seat, bots="/".join(words), default=default)
        while True:  # a mistyped bot is asked again: no answer is lost
            answer = read(f"{prompt}: ").strip() or offered[0]
            try:
                bots += parse_bots(answer, 1, family)
                break
            except RulesError as e:
                if e.key in ("bots.unknown", "bots.not_for_game"):
                    why = ui("setup_bad_bot", lang, text=answer, bots=", ".join(words))
                else:
                    why = e.words(lang)
                console.print(why, style="yellow")
    return bots


def ask_setup(args: argparse.Namespace, lang: str, read: Reader, console: Console) -> Setup:
    """Fill in what the flags left out, by asking (or by defaults when not interactive).

    ``lang`` is the language when nothing chooses another: where there is something to
    ask, the language comes first when neither ``--lang`` nor the locale says it. A short
    game and Даве are asked with the preset (a game named by ``--preset`` is played as the
    flags say)."""
    interactive = sys.stdin.isatty()
    asking = interactive and (args.preset is None or args.bots is None or not args.names)
    if asking and args.lang is None and _locale_lang() is None:
        lang = _ask_lang(read)
    preset = args.preset
    if preset is None:
        preset = _ask_preset(lang, read, console) if interactive else DEFAULT_PRESET
    family = games.family_of(preset)  # refuses an unknown preset
    low, high = games.presets()[preset].players
    players = args.players
    if players is None and interactive and low != high:
        while players is None:
            answer = read(f"{ui('setup_players', lang, low=low, high=high)} [{low}]: ").strip()
            if not answer:
                players = low
            elif answer.isdigit() and low <= int(answer) <= high:
                players = int(answer)
    if players is None:
        players = 3 if low <= 3 <= high else low
    overrides = dict(parse_override(r) for r in args.rule or [])
    # Bad flags are refused before any question: nobody answers for nothing.
    kind = family.rules(preset, players, **overrides).family
    bots = None if args.bots is None else parse_bots(args.bots, players, kind)
    if interactive and args.preset is None:
        overrides.update(_ask_options(family, preset, players, overrides, lang, read, console))
    rules = family.rules(preset, players, **overrides)
    if bots is None:
        if interactive:
            bots = _ask_bots(players, kind, lang, read, console)
        else:
            bots = [None] + ["heuristic"] * (players - 1)
    if args.names:
        names = [n.strip() for n in args.names.split(",")]
        if len(names) != players or not all(names):
            raise RulesError("terminal.names_count", ("names",), players=players)
    else:
        names = []
        for seat, bot in enumerate(bots, start=1):
            key = "default_name" if bot is None else "bot_name"
            default = ui(key, lang, seat=seat)
            if bot is None and interactive:
                answer = read(f"{ui('setup_name', lang, seat=seat)} [{default}]: ").strip()
                names.append(answer or default)
            else:
                names.append(default)
    return Setup(rules, names, bots, lang, args.seed)
