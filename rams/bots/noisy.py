"""A bot that now and then plays at random: the ``easy`` level (pure Python, no solver)."""

from __future__ import annotations

import random

from rams.games.protocol import AnyBot
from rams.games.rams.actions import Action
from rams.games.rams.view import Observation

__all__ = ["NoisyBot"]


class NoisyBot:
    """Another bot that, with probability ``noise``, plays a random legal action instead."""

    def __init__(self, inner: AnyBot, rng: random.Random, noise: float, name: str) -> None:
        self.inner = inner
        self.rng = rng
        self.noise = noise
        self.name = name

    def act(self, view: Observation) -> Action:
        """The inner bot's action, or now and then a random one."""
        legal = [a for a in view.legal_actions if str(a) not in ("claim", "dave")]
        if legal and self.rng.random() < self.noise:
            return legal[self.rng.randrange(len(legal))]
        action: Action = self.inner.act(view)
        return action
