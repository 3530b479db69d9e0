"""A bot that now and then plays at random: the ``easy`` level (pure Python, no solver)."""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Any

from rams.games.protocol import AnyBot

__all__ = ["NoisyBot"]


class NoisyBot:
    """Another bot that, with probability ``noise``, plays a random legal action instead —
    never one of ``avoid`` (actions a careless player still would not take at random, named
    as they print: Rams' «claim» and «dave», which its family passes)."""

    def __init__(
        self,
        inner: AnyBot,
        rng: random.Random,
        noise: float,
        name: str,
        avoid: Collection[str] = (),
    ) -> None:
        self.inner = inner
        self.rng = rng
        self.noise = noise
        self.name = name
        self.avoid = frozenset(avoid)

    def act(self, view: Any) -> Any:
        """The inner bot's action, or now and then a random one."""
        legal = [a for a in view.legal_actions if str(a) not in self.avoid]
        if legal and self.rng.random() < self.noise:
            return legal[self.rng.randrange(len(legal))]
        return self.inner.act(view)
