"""A new terminal game's setup: the preset, the players, who is a bot, the names — from the
flags, else asked (or the defaults when standard input is not a terminal)."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Console

from rams import games
from rams.bots import available_levels, make_bot
from rams.errors import RulesError
from rams.games import parse_override
from rams.terminal.widgets import ui

__all__ = ["DEFAULT_PRESET", "Reader", "Setup", "ask_setup", "parse_bots"]

Reader = Callable[[str], str]

#: The preset a game gets when nobody chooses one.
DEFAULT_PRESET = "classic"
_PEOPLE = {"human", "person", "people", "me", "-", "", "человек", "я"}


@dataclass
class Setup:
    """What a new game needs: the rules, names, who is a bot, the language, the seed."""

    rules: Any
    names: list[str]
    bots: list[str | None]
    lang: str
    seed: int | None = None


def parse_bots(text: str, players: int, family: str = "rams") -> list[str | None]:
    """``--bots``: a bot or a person per seat, or just the bots beside the person in seat 1."""
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
            make_bot(item, random.Random(0), family=family)  # refuses unknown, all-seeing
            out.append(item)
    return out


def _offered(family: str) -> tuple[str, ...]:
    """The bots a person is offered: the levels this installation can seat, then the
    baselines (the parts of the strong bots, ``pimc`` and ``evaluator``, stay unnamed)."""
    levels = available_levels(family)
    return (*reversed(levels), *(("heuristic", "random") if family == "rams" else ("random",)))


def _ask_preset(lang: str, read: Reader, console: Console) -> str:
    presets = games.presets()
    names = list(presets)
    for i, name in enumerate(names, start=1):
        console.print(f"{i:2}. {name:<15} {presets[name].title[lang]}")
    while True:
        answer = read(f"{ui('setup_preset', lang)} [1]: ").strip() or "1"
        if answer.isdigit() and 1 <= int(answer) <= len(names):
            return names[int(answer) - 1]
        if answer in presets:
            return answer


def ask_setup(args: argparse.Namespace, lang: str, read: Reader, console: Console) -> Setup:
    """Fill in what the flags left out, by asking (or by defaults when not interactive)."""
    interactive = sys.stdin.isatty()
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
    rules = family.rules(preset, players, **overrides)
    if args.bots is not None:
        bots = parse_bots(args.bots, players, rules.family)
    elif interactive:
        bots = [None]
        offered = _offered(rules.family)
        for seat in range(2, players + 1):
            prompt = ui("setup_seat", lang, seat=seat, bots="/".join(offered))
            while True:  # a mistyped bot is asked again: no answer is lost
                answer = read(f"{prompt} [{offered[0]}]: ").strip() or offered[0]
                try:
                    bots += parse_bots(answer, 1, rules.family)
                    break
                except RulesError as e:
                    console.print(e.words(lang), style="yellow")
    else:
        bots = [None] + ["heuristic"] * (players - 1)
    if args.names:
        names = [n.strip() for n in args.names.split(",")]
        if len(names) != players or not all(names):
            raise RulesError("terminal.names_count", ("names",), players=players)
    else:
        names = []
        for seat, bot in enumerate(bots, start=1):
            default = ui("default_name", lang, seat=seat) if bot is None else f"{bot}-{seat}"
            if bot is None and interactive:
                answer = read(f"{ui('setup_name', lang, seat=seat)} [{default}]: ").strip()
                names.append(answer or default)
            else:
                names.append(default)
    return Setup(rules, names, bots, lang, args.seed)
