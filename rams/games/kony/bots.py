"""A heuristic for the four trump deals (RULES §10.5): name the longest strong suit, win
tricks as cheaply as possible, shed the lowest card when the trick is lost."""

from __future__ import annotations

import random

from rams.games.plain.heuristic import PlainHeuristic, name_trump, take_tricks

__all__ = ["heuristic"]


def heuristic(rng: random.Random) -> PlainHeuristic:
    return PlainHeuristic(rng, name_trump, take_tricks, "heuristic")
