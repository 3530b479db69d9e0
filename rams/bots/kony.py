"""A heuristic for the four trump deals (RULES §10.5): name the longest strong suit, win
tricks as cheaply as possible, shed the lowest card when the trick is lost."""

from __future__ import annotations

import random
from typing import Any

from rams.bots.plain import PlainHeuristic, TrickReader, best_suit, cheapest_winner, lowest
from rams.cards import Card, rank_of
from rams.games.plain.actions import Trump
from rams.games.plain.deal import PlainView

__all__ = ["heuristic", "name_trump", "take_tricks"]


def name_trump(view: PlainView, legal: list[Any]) -> Any:
    """T3: the longest strong suit of the hand."""
    suit, _ = best_suit(view.hand)
    return Trump(suit) if Trump(suit) in legal else legal[0]


def take_tricks(view: PlainView, cards: list[Card]) -> Card:
    """Each trick for himself: lead an ace or the top of the longest trump holding, win as
    cheaply as possible, else shed the lowest card."""
    reader = TrickReader(view)
    if reader.position == 1:
        sure = [c for c in cards if not reader.higher_out(c)]
        if sure:
            return max(sure, key=lambda c: (reader.is_trump(c), rank_of(c)))
        return lowest(view, cards)
    winner = cheapest_winner(view, reader, cards)
    if winner is not None and (
        reader.last or not reader.higher_out(winner) or rank_of(winner) >= 11
    ):
        return winner
    return lowest(view, cards)


def heuristic(rng: random.Random) -> PlainHeuristic:
    return PlainHeuristic(rng, name_trump, take_tricks, "heuristic")
