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
from typing import TYPE_CHECKING

from rams import games
from rams.bots.families import of, part
from rams.errors import RulesError
from rams.games import DEFAULT_FAMILY
from rams.games.protocol import AnyBot as Bot

if TYPE_CHECKING:
    from rams.games.plain.family import PlainFamily

__all__ = [
    "ALL_SEEING",
    "BOT_NAMES",
    "LEVELS",
    "SEARCHING",
    "Bot",
    "available",
    "available_levels",
    "make_bot",
    "plain_bot",
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


#: The bots of the plain games (§10.2–10.5), and the levels offered to people: ``easy``
#: plays the game's heuristic with now and then a random card, ``medium`` the heuristic,
#: ``hard`` PIMC card play (:mod:`rams.bots.plain_search`; it needs the compiled solvers).
PLAIN_BOTS = ("random", "heuristic", "easy", "medium", "hard")
#: hard's samples and time for one card (the latency goals: median under 0.2 s, p99 under
#: 2 s in the 13-card games), and its max^n node budget a card and sample.
PLAIN_HARD_SAMPLES, PLAIN_HARD_SECONDS, PLAIN_HARD_BUDGET = 24, 0.25, 1500
#: hard's samples and time for a decision before play, in a game that simulates them (a
#: bid, the trump, the partner: :mod:`rams.bots.plain_contracts`).
PLAIN_CONTRACT_SAMPLES, PLAIN_CONTRACT_SECONDS = 16, 0.6
#: For measurement only: the all-seeing bot, and ``hardcards`` (hard's card play with the
#: heuristic's decisions before play, to measure those decisions against).
PLAIN_MEASURING = ("allseeing", "hardcards")


def plain_bot(
    name: str,
    rng: random.Random,
    family: PlainFamily,
    allow_all_seeing: bool = False,
    timed: bool = True,
) -> Bot:
    """A bot of a plain game: ``random``, its ``heuristic`` (the family's), ``easy``,
    ``medium``, ``hard``, and (for measurement) ``allseeing`` and ``hardcards``; any other
    name is refused in words."""
    if name in PLAIN_MEASURING and not allow_all_seeing:
        raise RulesError("bots.all_seeing", ("bots",), name=repr(name))
    if name not in PLAIN_BOTS and name not in PLAIN_MEASURING:
        raise RulesError(
            "bots.not_for_game", ("bots",), name=repr(name), family=family.name,
            known=", ".join(PLAIN_BOTS),
        )  # fmt: skip
    if name in SEARCHING and not _solver_installed():
        raise RulesError("bots.needs_solver", ("bots",), name=name)
    if name == "random":
        from rams.bots.random_bot import RandomBot

        return RandomBot(rng)
    inner: Bot = part(family, "bots").heuristic(rng)
    if name == "easy":
        from rams.bots.noisy import NoisyBot

        return NoisyBot(inner, rng, 0.25, "easy")
    if name in ("hard", "hardcards", "allseeing"):
        from rams.bots import plain_search

        model = part(family, "bots").heuristic(random.Random(rng.getrandbits(63)))
        if name == "allseeing":
            return plain_search.AllSeeingPlain(rng, model)
        hard = plain_search.PlainSearchBot(
            rng, model, PLAIN_HARD_SAMPLES, PLAIN_HARD_SECONDS if timed else None,
            PLAIN_HARD_BUDGET,
        )  # fmt: skip
        decisions = getattr(part(family, "search"), "DECISIONS", None) if name == "hard" else None
        if decisions is not None:
            from rams.bots.plain_contracts import ContractBot

            seconds = PLAIN_CONTRACT_SECONDS if timed else None
            return ContractBot(rng, hard, model, PLAIN_CONTRACT_SAMPLES, seconds, decisions)
        return hard
    inner.name = name
    return inner


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
