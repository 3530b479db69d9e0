"""Bots: players that see only their seat's observation (the hidden-information gate).

Every bot has ``act(view) -> Action`` (:class:`rams.games.protocol.Bot`; ``Bot`` here is a bot
of any family, :data:`rams.games.protocol.AnyBot`);
the driver loop (:mod:`rams.table`) is given the bots, asks each whenever its seat is to
act, and claims for it as soon as it may (S7). ``make_bot(name, rng, family=…)`` builds one
by name, as the family's bots' module offers them (:func:`bot_names`; the module is the
family's :attr:`~rams.games.protocol.Family.bots`): in Rams ``random``, ``heuristic``, the
levels ``easy``, ``medium``, ``hard``, and the parts ``pimc`` (card play by sampling and
solving) and ``evaluator`` (the learned decisions before play). ``allseeing`` sees every card
and exists for measurement only (:func:`measuring`).

``random``, ``heuristic``, ``easy`` and ``evaluator`` are pure Python; the bots that search
(``medium``, ``hard``, ``pimc``, ``allseeing``) need the compiled solver, NumPy and Numba
(the extras ``rams[bots]``, ``rams[play]`` and ``rams[web]`` all bring them):
:func:`available` says whether a bot can run in this installation.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from functools import cache

from rams import games
from rams.bots.families import of
from rams.games import DEFAULT_FAMILY
from rams.games.protocol import AnyBot as Bot

__all__ = [
    "LEVELS",
    "SEARCHING",
    "Bot",
    "available",
    "available_levels",
    "bot_names",
    "make_bot",
    "measuring",
]


#: The levels offered to people, in any game (each family states its own: ``Family.levels``).
LEVELS = tuple(dict.fromkeys(lv for name in games.FAMILIES for lv in games.family(name).levels))
#: The bots that search with the compiled solver (they need NumPy and Numba).
SEARCHING = frozenset(
    {
        "medium",
        "hard",
        "hardsim",
        "pimc",
        "allseeing",
        "hardcards",
        "hardold",
        "hardlate",
        "hardfirst",
        "hardshort",
        "oracle",
        "allseeing-heuristic",
        "hardgbt",
        "allseeing-gbt",
        "allseeing-ridge",
    }
)


@cache
def _solver_installed() -> bool:
    return all(importlib.util.find_spec(m) is not None for m in ("numpy", "numba"))


def available(name: str) -> bool:
    """Whether the bot ``name`` can run here: the searching bots need NumPy and Numba."""
    return name not in SEARCHING or _solver_installed()


def available_levels(family: str = DEFAULT_FAMILY) -> tuple[str, ...]:
    """The levels this installation can seat at a game of ``family`` (the searching ones
    once ``rams[bots]`` is in)."""
    return tuple(level for level in games.family(family).levels if available(level))


def bot_names(family: str = DEFAULT_FAMILY) -> tuple[str, ...]:
    """The bots anyone may seat at a game of ``family``: its levels and the parts they are
    made of (its bots' module's ``NAMES``)."""
    return tuple(of(games.family(family)).NAMES)


def measuring(family: str = DEFAULT_FAMILY) -> tuple[str, ...]:
    """The bots of ``family`` for measurement only (the all-seeing one; the terminal and the
    web refuse them)."""
    return tuple(of(games.family(family)).MEASURING)


def make_bot(
    name: str,
    rng: random.Random,
    allow_all_seeing: bool = False,
    timed: bool = True,
    family: str = DEFAULT_FAMILY,
) -> Bot:
    """A bot by name for a game family, with its own injected RNG. The all-seeing bot only
    when allowed (measurement: tournaments and benchmarks). ``timed=False`` takes the
    searching bots' time limits away (their sample counts alone decide), so a measurement is
    reproducible. Each family has its bots (:attr:`rams.games.protocol.Family.bots`)."""
    found = games.family(family)
    made: Bot = of(found).make_bot(found, name, rng, allow_all_seeing, timed)
    return made
