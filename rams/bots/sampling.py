"""The one PIMC loop of every game's searching bot: deal the hidden cards again and again
in ways that fit what the seat saw, value each legal card in each such world with the
game's solver, and sum the values, weighted by how likely each world is.

A game gives the loop two functions. ``draw()`` deals one world (the game's sampler, with
its inference about who holds what) and weighs it (1 when the game does not weigh its
worlds; 0 or less drops it), or answers None when no world was found on this try.
``value(world)`` gives each card's value in that world (the game's solver and scoring), or
nothing when the world could not be valued (a solver stopped at its limit): the world is
then left out. The
loop knows no game: the one PIMC search (:class:`~rams.bots.pimc.SearchBot`) and the one
simulation of decisions before play (:class:`~rams.bots.simulate.SimulatingBot`) both run it,
for every game.

>>> import random
>>> rng = random.Random(1)
>>> draw = lambda: (rng.choice([0, 1]), 1.0)
>>> tally = sample_values(["a", "b"], draw, lambda w: {"a": w, "b": 1 - w}, samples=10)
>>> tally.samples, tally.weight, tally.totals["a"] + tally.totals["b"]
(10, 10.0, 10.0)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = ["Sampling", "Tally", "sample_values"]

W = TypeVar("W")
C = TypeVar("C", bound=Hashable)


@dataclass
class Tally(Generic[C]):
    """What the loop found: each card's weighted sum of values, the weights' sum, how
    many worlds were drawn (counted whatever their weight), and how many of those were
    valued."""

    totals: dict[C, float]
    weight: float = 0.0
    samples: int = 0
    valued: int = 0

    def means(self) -> dict[C, float]:
        """Each card's weighted mean value (all zeros when no world weighed anything)."""
        if self.weight <= 0:
            return dict.fromkeys(self.totals, 0.0)
        return {c: t / self.weight for c, t in self.totals.items()}


def sample_values(
    cards: Iterable[C],
    draw: Callable[[], tuple[W, float] | None],
    value: Callable[[W], Mapping[C, float]],
    samples: int,
    seconds: float | None = None,
    tries: int | None = None,
    at_least: int = 1,
) -> Tally[C]:
    """Draw up to ``samples`` worlds (and at most ``tries`` times in all, None: as many as
    ``samples``) and sum each card's value in them, weighted.

    With ``seconds`` the loop is anytime: once ``at_least`` worlds are drawn, no new one is
    drawn after that much time has passed since the start (people are waiting). Without it
    the number of worlds alone decides, so that the same random generator gives the same
    result (tournaments, tests). A value for a card not in ``cards`` is ignored. The "cards"
    may be any choices: the loop values decisions before play the same way.
    """
    tally: Tally[C] = Tally(dict.fromkeys(cards, 0.0))
    totals = tally.totals
    limit = samples if tries is None else tries
    start = time.perf_counter()
    tried = 0
    while tally.samples < samples and tried < limit:
        if (
            tally.samples >= at_least
            and seconds is not None
            and time.perf_counter() - start >= seconds
        ):
            break
        tried += 1
        drawn = draw()
        if drawn is None:
            continue
        world, weight = drawn
        tally.samples += 1
        if weight <= 0:
            continue
        values = value(world)
        if not values:
            continue
        for c, v in values.items():
            if c in totals:
                totals[c] += weight * v
        tally.weight += weight
        tally.valued += 1
    return tally


class Sampling:
    """What a bot that runs the loop holds: its own random generator (its worlds are drawn
    from it), up to ``samples`` worlds a decision, drawn until ``seconds`` have passed when
    timed (None: the count alone decides), and its ``name``."""

    def __init__(self, rng: random.Random, samples: int, seconds: float | None, name: str) -> None:
        self.rng = rng
        self.samples = samples
        self.seconds = seconds
        self.name = name

    def sample(
        self,
        cards: Iterable[C],
        draw: Callable[[], tuple[W, float] | None],
        value: Callable[[W], Mapping[C, float]],
        tries: int | None = None,
        at_least: int = 1,
        samples: int | None = None,
        seconds: float | None = None,
    ) -> Tally[C]:
        """The loop, within this bot's limits (:func:`sample_values`), or within
        ``samples`` worlds and ``seconds`` when the decision sets its own (the fewer
        worlds; the longer time, when the bot is timed at all)."""
        count = self.samples if samples is None else min(samples, self.samples)
        limit = self.seconds
        if limit is not None and seconds is not None:
            limit = max(limit, seconds)
        return sample_values(cards, draw, value, count, limit, tries, at_least)
