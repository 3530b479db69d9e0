"""How ``hard`` values Whist's cards (:mod:`rams.games.plain.search`, the bots' one search):
the tricks of the seat's side (W6), by the double-dummy solver once the hands are short; and
the trump it names (W4) by the one simulation of decisions before play."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rams.cards import cards_of
from rams.games.plain import search as plain_search
from rams.games.plain.actions import Trump
from rams.games.plain.deal import Kind, PlainDeal, PlainView
from rams.games.plain.heuristic import best_suit
from rams.games.plain.search import ContractBot, PlainDecisions, play_out
from rams.games.whist.game import DELEGATE, WhistDeal

__all__ = ["DECISIONS", "Evaluator", "WhistDecisions"]


class Evaluator(plain_search.Evaluator):
    """The seat's side's tricks; with ``points`` 2 a trick (W6's trick points; the honours
    left out)."""

    double_dummy = True

    def __init__(self, view: PlainView, points: bool = False) -> None:
        super().__init__(view, points)
        assert view.sides is not None
        self.team = next(side for side in view.sides if self.me in side)

    def side_utility(self, future: int) -> float:
        return 2.0 * future if self.points else float(future)


class WhistDecisions(PlainDecisions):
    """W4: the suit worth the most tricks to the dealer's side, or the partner's choice; in
    the points the game writes, 2 a trick of the seat's side (W6)."""

    scale = 2.0

    def prelude(self, view: PlainView) -> list[tuple[int, Any]]:
        """W4: the dealer's trump or his leaving it to the partner, and the partner's."""
        out: list[tuple[int, Any]] = []
        for e in view.events:
            if e.kind is Kind.DELEGATE and e.seat is not None:
                out.append((e.seat, DELEGATE))
            elif e.kind is Kind.TRUMP and e.seat is not None:
                out.append((e.seat, Trump(e.number)))
        return out

    def deal(self, view: PlainView, dealer: int, deck: list[int]) -> PlainDeal:
        return WhistDeal(view.rules, dealer, deck)

    def side(self, deal: PlainDeal) -> tuple[tuple[int, ...], bool]:
        return (deal.dealer, (deal.dealer + 2) % 4), False

    def choices(
        self, bot: ContractBot, view: PlainView, legal: list[Any]
    ) -> dict[Any, Callable[[plain_search.World], float]] | None:
        if any(isinstance(a, Trump) for a in legal):
            return self._trump_choices(bot, view, legal)
        return None

    def _trump_choices(
        self, bot: ContractBot, view: PlainView, legal: list[Any]
    ) -> dict[Any, Callable[[plain_search.World], float]]:
        """W4: each trump's tricks for the seat's side, and leaving it to the partner."""
        assert view.seat is not None
        me, partner = view.seat, (view.seat + 2) % 4
        naming = [(view.dealer, DELEGATE)] if view.seat != view.dealer else []
        cache: dict[tuple[int, int], float] = {}

        def tricks(world: plain_search.World, suit: int) -> float:
            if (id(world), suit) not in cache:
                taken = play_out(view, world, [*naming, (me, Trump(suit))], bot.model, self)
                cache[(id(world), suit)] = float(taken[me] + taken[partner])
            return cache[(id(world), suit)]

        def naming_suit(suit: int) -> Callable[[plain_search.World], float]:
            return lambda world: tricks(world, suit)

        choices: dict[Any, Callable[[plain_search.World], float]] = {
            a: naming_suit(a.suit) for a in legal if isinstance(a, Trump)
        }
        if DELEGATE in legal:
            choices[DELEGATE] = lambda w: tricks(w, best_suit(tuple(cards_of(w.hands[partner])))[0])
        return choices


DECISIONS = WhistDecisions()
