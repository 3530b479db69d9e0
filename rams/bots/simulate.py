"""The one simulation of decisions before play, for every game: at a decision before the
cards are played (play or pass, an exchange, a bid, the trump, a partner), deal the hidden
cards again and again in ways that fit what the seat has seen, play the deal out from each
choice on the same world (common random numbers), and take the choice with the best mean
result for the seat.

The loop is :func:`rams.bots.sampling.sample_values`; :class:`SimulatingBot` is the bot
around it, and it knows no game. A game hands it its :class:`Decisions`: at which decisions
it simulates and what a choice is worth on a world (:meth:`Decisions.plan`, a :class:`Plan`:
the choices, the sampler, the play-out and its scoring; with ``points``, in what the game
writes for the seat), and any decision it takes its own way (:meth:`Decisions.act`,
:meth:`Decisions.act_out_of_turn`). Every other decision, and card play, is the ``inner``
bot's (the game's PIMC search, :mod:`rams.bots.pimc`).

Rams' decisions are in :mod:`rams.games.rams.search` (E1–E5, V2), the plain games' in
:mod:`rams.games.plain.search` with each game's in its own ``search`` module (Whist's trump,
Boston's bids and partner).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from rams.bots.sampling import Sampling
from rams.games.protocol import AnyBot

__all__ = ["Decisions", "Plan", "SimulatingBot", "Unsimulated"]

V = TypeVar("V")
W = TypeVar("W")


class Unsimulated(Exception):
    """A sampled world that does not come back to the decision: the decision is not
    simulated at all (the ``inner`` bot takes it)."""


@dataclass
class Plan(Generic[W]):
    """One decision's simulation: the ``choices`` compared, ``draw()`` a world that fits the
    view with its weight (or raises :class:`Unsimulated`), ``value(world)`` each choice's
    result there, higher better for the seat, times ``scale`` for the values reported; at
    least ``at_least`` worlds even when the time is up; ``done()`` once it is over."""

    choices: list[Any]
    draw: Callable[[], tuple[W, float] | None]
    value: Callable[[W], Mapping[Any, float]]
    scale: float = 1.0
    at_least: int = 1
    done: Callable[[], None] = field(default=lambda: None)


class Decisions(Generic[V]):
    """A game's decisions before play as the one simulation takes them (the module's
    docstring). By default: none."""

    def plan(self, bot: SimulatingBot[Any], view: V, points: bool) -> Plan[Any] | None:
        """The simulation of this decision, or None where the game does not simulate it."""
        return None

    def act(self, bot: SimulatingBot[Any], view: V) -> Any:
        """The action at this decision by simulation, or None (the ``inner`` bot's)."""
        plan = self.plan(bot, view, False)
        return bot.best(plan) if plan is not None else None

    def act_out_of_turn(self, bot: SimulatingBot[Any], view: V, offers: list[Any]) -> Any:
        """An offer out of turn, as the ``inner`` bot takes it (the first, if it has no
        say)."""
        decide = getattr(bot.inner, "act_out_of_turn", None)
        return decide(view, offers) if decide is not None else offers[0]


class SimulatingBot(Sampling, Generic[V]):
    """``inner`` for card play and whatever ``decisions`` leave to it; the decisions before
    play the game simulates by simulation over ``samples`` worlds (fewer when ``seconds``
    run out; None: the sample count alone decides)."""

    sees_all = False

    def __init__(
        self,
        rng: random.Random,
        inner: AnyBot,
        decisions: Decisions[V],
        samples: int,
        seconds: float | None,
        name: str | None = None,
    ) -> None:
        super().__init__(
            rng, samples, seconds, getattr(inner, "name", "hard") if name is None else name
        )
        self.inner = inner
        self.decisions = decisions
        self.simulated = 0  # decisions taken by simulation (for tests and figures)

    def act(self, view: V) -> Any:
        chosen = self.decisions.act(self, view)
        if chosen is not None:
            self.simulated += 1
            return chosen
        return self.inner.act(view)

    def act_out_of_turn(self, view: V, offers: list[Any]) -> Any:
        return self.decisions.act_out_of_turn(self, view, offers)

    def best(self, plan: Plan[Any]) -> Any:
        """The choice with the best mean (ties: the first), or None when the decision
        could not be simulated."""
        means = self.means(plan)
        if means is None:
            return None
        return max(plan.choices, key=lambda c: means[c])

    def means(self, plan: Plan[Any]) -> dict[Any, float] | None:
        """Each choice's mean result over the worlds, or None when no world came back to
        the decision."""
        try:
            tally = self.sample(plan.choices, plan.draw, plan.value, at_least=plan.at_least)
        except Unsimulated:
            return None
        finally:
            plan.done()
        return tally.means() if tally.samples else None

    def decision_values(self, view: V, points: bool = True) -> dict[Any, float] | None:
        """Each choice's mean result, in what the game writes for the seat with ``points``
        (the analysis, the hints), or None at a decision not simulated."""
        plan = self.decisions.plan(self, view, points)
        if plan is None:
            return None
        means = self.means(plan)
        if means is None:
            return None
        return {c: plan.scale * v for c, v in means.items()}
