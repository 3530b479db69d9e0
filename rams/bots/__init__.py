"""Bots: players that see only their seat's observation (the hidden-information gate).

Every bot has ``act(view) -> Action``; the driver loop (:mod:`rams.table`) asks it whenever
its seat is to act, and claims for it as soon as it may (S7). ``make_bot(name, rng)`` builds
one by name: ``random``, ``heuristic``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from rams.actions import Action
from rams.errors import RulesError
from rams.observation import Observation

__all__ = ["BOT_NAMES", "Bot", "make_bot"]


class Bot(Protocol):
    """A player program. It is given a view, never a deal."""

    name: str

    def act(self, view: Observation) -> Action:
        """The action to take; ``view.legal_actions`` lists the choices."""
        ...


def _random(rng: random.Random) -> Bot:
    from rams.bots.random_bot import RandomBot

    return RandomBot(rng)


def _heuristic(rng: random.Random) -> Bot:
    from rams.bots.heuristic import HeuristicBot

    return HeuristicBot(rng)


def _pimc(rng: random.Random) -> Bot:
    from rams.bots.pimc import PimcBot

    return PimcBot(rng)


_FACTORIES: dict[str, Callable[[random.Random], Bot]] = {
    "random": _random,
    "heuristic": _heuristic,
    "pimc": _pimc,
}
BOT_NAMES = tuple(_FACTORIES)


def make_bot(name: str, rng: random.Random) -> Bot:
    """A bot by name, with its own injected RNG."""
    try:
        factory = _FACTORIES[name]
    except KeyError:
        known = ", ".join(_FACTORIES)
        raise RulesError(f"unknown bot {name!r}; bots: {known}", ("bots",)) from None
    return factory(rng)
