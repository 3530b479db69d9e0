"""How ``hard``'s search values Ramsch's cards (:mod:`rams.games.plain.search`): the penalty
written (F7), then the fewest card points."""

from __future__ import annotations

from rams.cards import cards_of
from rams.fast.maxn import CARD_POINTS, POINT_WEIGHT, Goal
from rams.games.plain import search as plain_search
from rams.games.ramsch.game import penalties

__all__ = ["Evaluator"]


class Evaluator(plain_search.Evaluator):
    """Each for himself, with the skat's points to the last trick's taker (F2); with
    ``points``, minus the penalty written (F7)."""

    def goal(self, world: plain_search.World) -> Goal:
        skat = sum(int(CARD_POINTS[c]) for c in cards_of(world.rest))
        return Goal.fewest_points(self.n, skat)

    def utility(self, row: tuple[int, ...]) -> float:
        view = self.view
        before: list[int] = view.extra["card_points"]
        points = [p + v // POINT_WEIGHT for p, v in zip(before, row, strict=True)]
        taken = [t + v % POINT_WEIGHT for t, v in zip(view.tricks_taken, row, strict=True)]
        written = penalties(points, taken, sum(taken))
        penalty = written[self.me] if written is not None else 0
        if self.points:
            return -float(penalty)
        return -1000.0 * penalty - points[self.me]
