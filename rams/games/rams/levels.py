"""The levels people choose from — ``easy``, ``medium``, ``hard`` — and the all-seeing bot
that measures how far from perfect play they are.

- ``easy`` (:mod:`rams.bots.noisy`, pure Python): the heuristic bot, which now and then (one
  decision in four) plays a random legal action instead.
- ``medium``: PIMC card play with a small budget (12 samples, 20 ms); the heuristic before
  play.
- ``hard``: the strongest we have: PIMC card play with a budget sized to the table, its
  worlds weighed by what the others chose (:mod:`rams.games.rams.inference`), and the
  learned evaluator for play or pass, the exchange, the turned trump and the talon (issue
  28's boosted trees where they were trained, :class:`rams.games.rams.evaluator.Trees`; the
  ridge model elsewhere).
- ``hardold`` (measurement only): ``hard`` before issue 28, its worlds unweighed, the ridge
  evaluator alone.
- ``hardgbt`` (measurement only): ``hard`` with the boosted trees before play, the name it
  was measured under before they became ``hard``'s; now the same as ``hard``.
- ``allseeing`` (:class:`rams.games.rams.search.AllSeeingBot`): sees every card — it solves
  the real deal exactly for its card play — and decides before play like ``hard``. For
  measurement only: the terminal and the web table refuse it.
"""

from __future__ import annotations

import random

from rams.games.rams.actions import Action
from rams.games.rams.evaluator import EvaluatorBot
from rams.games.rams.search import AllSeeingBot, PimcBot, SimulatedDeclare
from rams.games.rams.view import Observation

__all__ = ["AllSeeingBot", "hard", "hardgbt", "hardold", "hardsim", "medium"]

# hard's time for one card decision, by number of players (the latency goals: median under
# 50 ms up to 5 players, p99 under 0.5 s at 7).
HARD_SECONDS = {2: 0.04, 3: 0.05, 4: 0.06, 5: 0.07, 6: 0.18, 7: 0.28}
HARD_NODES = {2: 400_000, 3: 400_000, 4: 300_000, 5: 200_000, 6: 120_000, 7: 80_000}
# Its sample limit: what the time budget allows on this machine, so that an untimed hard
# (measurements) decides like a timed one (people).
HARD_SAMPLES = {2: 96, 3: 96, 4: 72, 5: 56, 6: 32, 7: 24}


class _SizedPimc(PimcBot):
    """PIMC whose budget depends on the number of players (no time limit when untimed)."""

    timed = True

    def act(self, view: Observation) -> Action:
        n = view.rules.players
        self.seconds = HARD_SECONDS.get(n, 0.2) if self.timed else None
        self.node_budget = HARD_NODES.get(n, 80_000)
        self.max_samples = HARD_SAMPLES.get(n, 16)
        action: Action = super().act(view)
        return action


def medium(rng: random.Random, timed: bool = True) -> PimcBot:
    """The medium level."""
    bot = PimcBot(rng, seconds=0.02 if timed else None, max_samples=12, node_budget=50_000)
    bot.name = "medium"
    return bot


def hard(rng: random.Random, timed: bool = True) -> PimcBot:
    """The hard level: the strongest bot we have (its worlds weighed by what the others
    chose, :mod:`rams.games.rams.inference`)."""
    bot = _SizedPimc(
        rng, before_play=EvaluatorBot(rng, trees=True), infer=True
    )  # (samples by table size)
    bot.name = "hard"
    bot.timed = timed
    return bot


def hardold(rng: random.Random, timed: bool = True) -> PimcBot:
    """``hard`` as it was before issue 28: every world weighs 1, the ridge evaluator before
    play (for measurement only)."""
    bot = _SizedPimc(rng, before_play=EvaluatorBot(rng))
    bot.name = "hardold"
    bot.timed = timed
    return bot


def hardgbt(rng: random.Random, timed: bool = True) -> PimcBot:
    """``hard`` under the name it was measured by before issue 28's trees became its own
    (for measurement only)."""
    bot = _SizedPimc(rng, before_play=EvaluatorBot(rng, trees=True), infer=True)
    bot.name = "hardgbt"
    bot.timed = timed
    return bot


def hardsim(rng: random.Random, timed: bool = True) -> SimulatedDeclare:
    """``hard`` with its decisions before play taken by the one simulation
    (:mod:`rams.bots.simulate`, with Rams' decisions)."""
    bot = SimulatedDeclare(rng, hard(random.Random(rng.getrandbits(63)), timed),
                           seconds=0.3 if timed else None)  # fmt: skip
    bot.name = "hardsim"
    return bot
