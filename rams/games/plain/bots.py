"""The plain games' bots, as their families hand them out
(:attr:`rams.games.protocol.Family.bots`): a bot by name, and the strong bot's values of a
decision for the analysis and the hints. A module of the bots' layer beside the games' rules:
the family names it, :func:`rams.bots.of` imports it. Each game's own heuristic and search
settings are its package's ``bots`` and ``search`` (:func:`rams.bots.part`).
"""

from __future__ import annotations

import random
from typing import Any

from rams.actions import Play
from rams.bots import plain_bot
from rams.bots.plain_contracts import ContractBot
from rams.bots.plain_search import PlainSearchBot
from rams.games.plain.family import PlainFamily
from rams.games.protocol import AnyBot

__all__ = ["evaluate", "make_bot"]


def make_bot(
    family: PlainFamily,
    name: str,
    rng: random.Random,
    allow_all_seeing: bool = False,
    timed: bool = True,
) -> AnyBot:
    """A bot of this game by name (:func:`rams.bots.plain_bot`)."""
    return plain_bot(name, rng, family, allow_all_seeing, timed)


def evaluate(
    family: PlainFamily, view: Any, samples: int, rng: random.Random, action: Any = None
) -> dict[Any, float] | None:
    """Cards by ``hard``'s search; the decisions before play by its simulation, where it
    simulates them — in the points the game writes for the seat."""
    bot: Any = make_bot(family, "hard", rng, timed=False)
    legal = list(view.legal_actions)
    if all(isinstance(a, Play) for a in legal):
        search = bot.inner if isinstance(bot, ContractBot) else bot
        assert isinstance(search, PlainSearchBot)
        search.samples = samples
        search.seconds = None
        cards = search.card_values(view, [a.card for a in legal], points=True)
        return {a: cards[a.card] for a in legal}
    if isinstance(bot, ContractBot):
        bot.samples = samples
        bot.seconds = None
        values: dict[Any, float] | None = bot.decision_values(view)
        return values
    return None
