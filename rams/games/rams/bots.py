"""Rams' bots, as its family hands them out (:attr:`rams.games.protocol.Family.bots`): a bot
by name, and the strong bot's values of a decision for the analysis and the hints. A module of
the bots' layer beside the game's rules: the family names it, :func:`rams.bots.of` imports it.
"""

from __future__ import annotations

import random
from typing import Any

from rams.bots import registered_bot
from rams.games.protocol import AnyBot

__all__ = ["evaluate", "make_bot"]


def make_bot(
    family: Any, name: str, rng: random.Random, allow_all_seeing: bool = False, timed: bool = True
) -> AnyBot:
    """A bot by name (:data:`rams.bots.BOT_NAMES`; ``allseeing`` when allowed)."""
    return registered_bot(name, rng, allow_all_seeing, timed)


def evaluate(
    family: Any, view: Any, samples: int, rng: random.Random, action: Any = None
) -> dict[Any, float] | None:
    """Cards by ``hard``'s PIMC search; play or pass, the exchange and Даве by its
    simulation (:class:`rams.bots.simulate.SimulatedDeclare`); ``action`` (one played)
    is valued too where the bot would value only its best few (the exchange)."""
    from rams.actions import Play
    from rams.bots.levels import HARD_NODES, hardsim
    from rams.bots.pimc import PimcBot
    from rams.bots.simulate import SimulatedDeclare
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
        cards = pimc.card_values(view, [a.card for a in legal], win_bonus=0)
        if pimc.last_samples == 0:
            return None
        return {a: cards[a.card] for a in legal}
    choices = sim._choices(view)
    if not choices:
        return None
    if action is not None and action not in choices:  # (an exchange outside the best too)
        choices = [*choices, action]
    sim.samples = samples
    values: dict[Any, float] | None = sim.choice_values(view, choices, win_bonus=0)
    return values
