"""Bots: players that see only their seat's observation (the hidden-information gate).

Every bot has ``act(view) -> Action`` (:class:`rams.games.protocol.Bot`; ``Bot`` here is a bot
of any family, :data:`rams.games.protocol.AnyBot`);
the driver loop (:mod:`rams.table`) is given the bots, asks each whenever its seat is to
act, and claims for it as soon as it may (S7). ``make_bot(name, rng)`` builds
one by name: ``random``, ``heuristic``, the levels ``easy``, ``medium``, ``hard``, and the
parts ``pimc`` (card play by sampling and solving) and ``evaluator`` (the learned decisions
before play). ``allseeing`` sees every card and exists for measurement only.

``random``, ``heuristic``, ``easy`` and ``evaluator`` are pure Python; the bots that search
(``medium``, ``hard``, ``pimc``, ``allseeing``) need the compiled solver, NumPy and Numba
(the extras ``rams[bots]``, ``rams[play]`` and ``rams[web]`` all bring them):
:func:`available` says whether a bot can run in this installation.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable
from functools import cache

from rams import games
from rams.bots.families import of
from rams.errors import RulesError
from rams.games import DEFAULT_FAMILY
from rams.games.protocol import AnyBot as Bot

__all__ = [
    "ALL_SEEING",
    "BOT_NAMES",
    "LEVELS",
    "SEARCHING",
    "Bot",
    "available",
    "available_levels",
    "make_bot",
    "registered_bot",
]


def _random(rng: random.Random, timed: bool = True) -> Bot:
    from rams.bots.random_bot import RandomBot

    return RandomBot(rng)


def _heuristic(rng: random.Random, timed: bool = True) -> Bot:
    from rams.bots.heuristic import HeuristicBot

    return HeuristicBot(rng)


def _pimc(rng: random.Random, timed: bool = True) -> Bot:
    from rams.bots.pimc import PimcBot

    return PimcBot(rng, seconds=0.05 if timed else None)


Factory = Callable[[random.Random, bool], Bot]


def _easy(rng: random.Random, timed: bool = True) -> Bot:
    from rams.bots.heuristic import HeuristicBot
    from rams.bots.noisy import NoisyBot

    return NoisyBot(HeuristicBot(rng), rng, 0.25, "easy")


def _level(name: str) -> Factory:
    def factory(rng: random.Random, timed: bool = True) -> Bot:
        from rams.bots import levels

        made: Bot = getattr(levels, name)(rng, timed)
        return made

    return factory


def _evaluator(rng: random.Random, timed: bool = True) -> Bot:
    from rams.bots.evaluator import EvaluatorBot

    return EvaluatorBot(rng)


def _all_seeing(rng: random.Random, timed: bool = True) -> Bot:
    from rams.bots.allseeing import AllSeeingBot

    return AllSeeingBot(rng)


_FACTORIES: dict[str, Factory] = {
    "random": _random,
    "heuristic": _heuristic,
    "easy": _easy,
    "medium": _level("medium"),
    "hard": _level("hard"),
    "hardsim": _level("hardsim"),
    "pimc": _pimc,
    "evaluator": _evaluator,
}
#: The bots anyone may seat at a table.
BOT_NAMES = tuple(_FACTORIES)
#: Bots for measurement only: they see every card (the terminal and the web refuse them).
ALL_SEEING: dict[str, Factory] = {"allseeing": _all_seeing}
#: The levels offered to people, in any game (each family states its own: ``Family.levels``).
LEVELS = tuple(dict.fromkeys(lv for name in games.FAMILIES for lv in games.family(name).levels))
#: The bots that search with the compiled solver (they need NumPy and Numba).
SEARCHING = frozenset({"medium", "hard", "hardsim", "pimc", "allseeing", "hardcards"})


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


def registered_bot(
    name: str, rng: random.Random, allow_all_seeing: bool = False, timed: bool = True
) -> Bot:
    """A bot of the family of the default preset by name (:data:`BOT_NAMES`, and the
    all-seeing one when allowed)."""
    factory = _FACTORIES.get(name)
    if factory is None and name in ALL_SEEING:
        if not allow_all_seeing:
            raise RulesError("bots.all_seeing", ("bots",), name=repr(name))
        factory = ALL_SEEING[name]
    if factory is None:
        known = ", ".join(_FACTORIES)
        raise RulesError("bots.unknown", ("bots",), name=repr(name), known=known)
    if not available(name):
        raise RulesError("bots.needs_solver", ("bots",), name=name)
    return factory(rng, timed)


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
