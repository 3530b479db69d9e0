"""The all-seeing bot: it sees every card and solves the real deal exactly for its card
play, and decides before play like ``hard`` (the learned evaluator). It measures how far
from perfect play the levels are; the terminal and the web table refuse it.
"""

from __future__ import annotations

import random

from rams.bots.evaluator import EvaluatorBot
from rams.bots.pimc import position_from
from rams.cards import Card
from rams.fast import compiling
from rams.fast import core as fc
from rams.fast import play as fp
from rams.fast import solver as sv
from rams.games.rams.actions import Action, Play
from rams.games.rams.deal import Deal
from rams.games.rams.view import Observation, Phase

__all__ = ["AllSeeingBot"]


class AllSeeingBot:
    """Sees every card: solves the real deal for its card play (measurement only)."""

    name = "allseeing"
    sees_all = True

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.before_play = EvaluatorBot(rng)
        self._keys, self._vals = sv.new_table(16)

    def act(self, view: Observation) -> Action:
        """Without the deal it can only decide before play (the driver gives it the deal)."""
        return self.before_play.act(view)

    def act_full(self, deal: Deal, seat: int) -> Action:
        """Its action, seeing the whole deal."""
        view = deal.observation(seat)
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        if view.phase is not Phase.PLAY or len(plays) < 2 or view.dave_pending is not None:
            if len(view.legal_actions) == 1:
                return view.legal_actions[0]
            return self.before_play.act(view)
        return Play(self._best_card(deal, view, [a.card for a in plays]))

    def _best_card(self, deal: Deal, view: Observation, cards: list[Card]) -> Card:
        import numpy as np

        compiling.wait()
        r = fc.rules_array(deal.rules)
        p = position_from(view, list(deal.hands), r)
        for seat in deal.active:  # the true jack credits (K4, K6), not estimates
            aces = p[fp.A_REMISE_DUE + seat] - deal.rules.remise
            p[fp.A_FIRST_CREDIT + seat] = aces + deal.jack_credit[seat]
            p[fp.A_JACK_REMISE + seat] = deal.jack_remise[seat]
        self._keys[:] = 0
        moves = np.zeros(64, dtype=np.int64)
        rows = np.zeros((64, fp.VAL), dtype=np.int64)
        k, _, _ = sv.solve_position(p, r, self._keys, self._vals, 0, moves, rows)
        assert view.seat is not None  # (a bot, a hand: always a seat)
        scores = {int(moves[i]): int(sv.utility(rows[i], view.seat)) for i in range(k)}
        return max(sorted(cards), key=lambda c: scores.get(c, -(10**9)))
