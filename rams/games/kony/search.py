"""How ``hard``'s search values the trump deals' cards (:mod:`rams.games.plain.search`): the
seat's own tricks (T5)."""

from __future__ import annotations

from rams.fast.maxn import Goal
from rams.games.plain import search as plain_search

__all__ = ["Evaluator"]


class Evaluator(plain_search.Evaluator):
    """Each trick for himself (T5)."""

    def goal(self, world: plain_search.World) -> Goal:
        return Goal.each_for_himself(self.n)

    def utility(self, row: tuple[int, ...]) -> float:
        return float(row[self.me])
