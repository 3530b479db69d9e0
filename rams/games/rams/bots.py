"""Rams' bots, as its family hands them out (:attr:`rams.games.protocol.Family.bots`): a bot
by name, and the strong bot's values of a decision for the analysis and the hints. A module of
the bots' layer beside the game's rules: the family names it, :func:`rams.bots.of` imports it.
Its searching bots are the bots' one search and one simulation with Rams' pieces
(:mod:`rams.games.rams.search`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rams.bots import available
from rams.errors import RulesError
from rams.games.protocol import AnyBot

__all__ = ["MEASURING", "NAMES", "evaluate", "make_bot"]

Factory = Callable[[random.Random, bool], AnyBot]


def _random(rng: random.Random, timed: bool = True) -> AnyBot:
    from rams.bots.random_bot import RandomBot

    return RandomBot(rng)


def _heuristic(rng: random.Random, timed: bool = True) -> AnyBot:
    from rams.games.rams.heuristic import HeuristicBot

    return HeuristicBot(rng)


def _easy(rng: random.Random, timed: bool = True) -> AnyBot:
    from rams.bots.noisy import NoisyBot
    from rams.games.rams.actions import CLAIM, DAVE
    from rams.games.rams.heuristic import HeuristicBot

    return NoisyBot(HeuristicBot(rng), rng, 0.25, "easy", avoid=(str(CLAIM), str(DAVE)))


def _level(name: str) -> Factory:
    def factory(rng: random.Random, timed: bool = True) -> AnyBot:
        from rams.games.rams import levels

        made: AnyBot = getattr(levels, name)(rng, timed)
        return made

    return factory


def _pimc(rng: random.Random, timed: bool = True) -> AnyBot:
    from rams.games.rams.search import PimcBot

    return PimcBot(rng, seconds=0.05 if timed else None)


def _evaluator(rng: random.Random, timed: bool = True) -> AnyBot:
    from rams.games.rams.evaluator import EvaluatorBot

    return EvaluatorBot(rng, trees=True)


def _all_seeing(rng: random.Random, timed: bool = True) -> AnyBot:
    from rams.games.rams.search import AllSeeingBot

    return AllSeeingBot(rng)


def _all_seeing_heuristic(rng: random.Random, timed: bool = True) -> AnyBot:
    from rams.games.rams.search import AllSeeingHeuristic

    return AllSeeingHeuristic(rng)


def _all_seeing_trees(rng: random.Random, timed: bool = True) -> AnyBot:
    from rams.games.rams.search import AllSeeingTrees

    return AllSeeingTrees(rng)


def _all_seeing_ridge(rng: random.Random, timed: bool = True) -> AnyBot:
    from rams.games.rams.search import AllSeeingRidge

    return AllSeeingRidge(rng)


def _oracle(rng: random.Random, timed: bool = True) -> AnyBot:
    from rams.games.rams.search import OracleBot

    return OracleBot(rng)


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
#: The bots anyone may seat at a Rams table: the levels, and the parts they are made of.
NAMES = tuple(_FACTORIES)
#: For measurement only (the terminal and the web refuse them): the bot that sees every card
#: (its card play solved, its decisions before play ``hard``'s), ``oracle`` (all-seeing before
#: play too: the reference for play or pass, the exchange and the talon), the all-seeing bot
#: deciding before play like the heuristic (the other end of that gap), and ``hardold``,
#: ``hard`` as it was before issue 28 (its worlds unweighed, the ridge evaluator), to measure
#: against; ``allseeing-ridge``, the all-seeing bot deciding before play by the ridge
#: evaluator alone; ``hardgbt`` and ``allseeing-gbt``, the names ``hard`` and ``allseeing``
#: with issue 28's boosted trees were measured under (now the same as they).
MEASURING: dict[str, Factory] = {
    "allseeing": _all_seeing,
    "oracle": _oracle,
    "allseeing-heuristic": _all_seeing_heuristic,
    "hardold": _level("hardold"),
    "hardgbt": _level("hardgbt"),
    "allseeing-gbt": _all_seeing_trees,
    "allseeing-ridge": _all_seeing_ridge,
}


def make_bot(
    family: Any, name: str, rng: random.Random, allow_all_seeing: bool = False, timed: bool = True
) -> AnyBot:
    """A bot by name (:data:`NAMES`; ``allseeing`` when allowed), refused in words for any
    other name or a searching bot without the compiled solver."""
    factory = _FACTORIES.get(name)
    if factory is None and name in MEASURING:
        if not allow_all_seeing:
            sees = name == "oracle" or name.startswith("allseeing")
            key = "bots.all_seeing" if sees else "bots.measuring.only"
            raise RulesError(key, ("bots",), name=repr(name))
        factory = MEASURING[name]
    if factory is None:
        raise RulesError("bots.unknown", ("bots",), name=repr(name), known=", ".join(NAMES))
    if not available(name):
        raise RulesError("bots.needs_solver", ("bots",), name=name)
    return factory(rng, timed)


def evaluate(
    family: Any, view: Any, samples: int, rng: random.Random, action: Any = None
) -> dict[Any, float] | None:
    """Cards by ``hard``'s PIMC search; play or pass, the exchange and Даве by its
    simulation (:class:`rams.games.rams.search.SimulatedDeclare`); ``action`` (one played)
    is valued too where the bot would value only its best few (the exchange)."""
    from rams.actions import Play
    from rams.games.rams.levels import HARD_NODES, hardsim
    from rams.games.rams.search import PimcBot, SimulatedDeclare
    from rams.games.rams.view import Phase

    sim = hardsim(rng, timed=False)
    assert isinstance(sim, SimulatedDeclare) and isinstance(sim.inner, PimcBot)
    pimc = sim.inner
    legal = list(view.legal_actions)
    if (
        view.phase is Phase.PLAY
        and view.dave_pending is None
        and all(isinstance(a, Play) for a in legal)
    ):
        pimc.seconds = None
        pimc.max_samples = samples
        pimc.node_budget = HARD_NODES.get(view.rules.players, 80_000)
        cards = pimc.card_values(view, [a.card for a in legal], points=True)
        if pimc.last_samples == 0:
            return None
        return {a: cards[a.card] for a in legal}
    choices = sim._choices(view)
    if not choices:
        return None
    if action is not None and action not in choices:  # (an exchange outside the best too)
        choices = [*choices, action]
    sim.samples = samples
    values: dict[Any, float] | None = sim.choice_values(view, choices, points=True)
    return values
