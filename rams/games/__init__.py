"""The game families and their presets, behind one protocol (:mod:`rams.games.protocol`).

``presets()`` lists every preset of every family; ``new_match(preset, players, …)`` starts
a match of any of them; records load and dump through :mod:`rams.record`, whatever the
game. A family is imported the first time it is asked for.

>>> sorted(presets())[:4]
['boston', 'classic', 'duel', 'duel-v3']
>>> import random
>>> match = new_match("classic", 3, names=["Аня", "Борис", "Вера"], rng=random.Random(1))
>>> deal = match.start_deal()
>>> match.players, deal.to_move in range(3), match.winners()
(['Аня', 'Борис', 'Вера'], True, [])
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from rams.errors import RulesError
from rams.games.protocol import AnyFamily, Match, PresetInfo

if TYPE_CHECKING:
    from rams.sheets import ScoreSheet

__all__ = [
    "DEFAULT_FAMILY",
    "DEFAULT_PRESET",
    "FAMILIES",
    "SHARED",
    "family",
    "family_of",
    "new_match",
    "parse_override",
    "presets",
    "sheet_of",
]

#: Every family, by name, and the module that holds it (its ``FAMILY``).
FAMILIES: dict[str, str] = {
    "rams": "rams.games.rams.family",
    "ramsch": "rams.games.ramsch.family",
    "whist": "rams.games.whist.family",
    "boston": "rams.games.boston.family",
    "kony": "rams.games.kony.family",
}
#: The preset a front end starts from when none is named, and its family.
DEFAULT_PRESET = "classic"
DEFAULT_FAMILY = "rams"
#: Packages of parts several families share, with words of their own (``plain.…``).
SHARED = ("plain",)


@cache
def family(name: str) -> AnyFamily:
    """A family by its name (``rams``)."""
    if name not in FAMILIES:
        raise RulesError("rules.unknown_family", (), name=repr(name), known=", ".join(FAMILIES))
    found: AnyFamily = importlib.import_module(FAMILIES[name]).FAMILY
    return found


def sheet_of(match: Match) -> ScoreSheet:
    """A match's score sheet (:mod:`rams.sheets`): its family's columns and notes over its
    rows, a row per deal, and the final standings once it is over."""
    from rams.sheets import score_sheet

    return score_sheet(family(match.rules.family), match)


@cache
def presets() -> dict[str, PresetInfo]:
    """Every preset of every family, by name."""
    out: dict[str, PresetInfo] = {}
    for name in FAMILIES:
        out.update(family(name).presets())
    return out


@cache
def family_of(preset: str) -> AnyFamily:
    """The family a preset belongs to: the families are asked in turn, so that a record of
    a Rams game imports no other family (a preset names one family: ``tests/test_cli_start.py``)."""
    for name in FAMILIES:
        found = family(name)
        if preset in found.presets():
            return found
    known = ", ".join(presets())
    raise RulesError("rules.unknown_preset", ("preset",), name=repr(preset), known=known)


def new_match(
    preset: str,
    players: int | None = None,
    *,
    names: Sequence[str] | None = None,
    rng: random.Random | None = None,
    first_dealer: int | None = None,
    **options: Any,
) -> Match:
    """A new match (партия) of ``preset`` for ``players`` seats (the preset's smallest table
    when None), with house rules as ``options``; ``rng`` shuffles the decks and draws the
    first dealer (the system's randomness when None)."""
    fam = family_of(preset)
    rules = fam.rules(preset, players, **options)
    match: Match = fam.new_match(rules, names, rng, first_dealer)
    return match


def parse_override(text: str) -> tuple[str, Any]:
    """A house rule written ``KEY=VALUE`` (the value read as JSON, else as a string).

    >>> parse_override("start_score=50"), parse_override("dealer_trump=mandatory")
    (('start_score', 50), ('dealer_trump', 'mandatory'))
    """
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise RulesError("rules.house_rule", ("rule",), text=repr(text))
    try:
        parsed: Any = json.loads(value)
    except json.JSONDecodeError:
        parsed = value
    return key.strip(), parsed
