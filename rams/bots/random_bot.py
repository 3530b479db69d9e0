"""The random bot: uniform over the legal actions (claims excepted: the table claims)."""

from __future__ import annotations

import random

from rams.games.rams.actions import CLAIM, Action
from rams.games.rams.view import Observation

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among ``view.legal_actions`` (claiming is left to the table)."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: Observation) -> Action:
        """A uniformly random legal action."""
        choices = [a for a in view.legal_actions if a != CLAIM] or list(view.legal_actions)
        return choices[self.rng.randrange(len(choices))]
