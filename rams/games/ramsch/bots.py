"""A heuristic for Ramsch (RULES §10.2): keep card points out of one's own tricks — stay off
the lead, duck under the winning card with the highest card that still loses, throw aces
and tens on the others' tricks."""

from __future__ import annotations

import random
from typing import Any

from rams.cards import Card, rank_of, suit_of
from rams.games.plain.deal import PlainView
from rams.games.plain.heuristic import PlainHeuristic, TrickReader, highest, lowest
from rams.games.ramsch.game import CARD_POINTS

__all__ = ["heuristic", "shed_points"]


def _points(c: Card) -> int:
    return CARD_POINTS.get(rank_of(c), 0)


def shed_points(view: PlainView, cards: list[Card]) -> Card:
    """The card to play (F4–F7)."""
    reader = TrickReader(view)
    if reader.position == 1:
        # Lead a low card of a suit others still hold many of: they will have to top it.
        return min(cards, key=lambda c: (_points(c), -reader.higher_out(c).bit_count(), suit_of(c)))
    losing = [c for c in cards if not reader.takes(c)]
    if losing:
        if all(reader.follows(c) for c in losing):
            return highest(view, losing)  # duck with the highest card that still loses
        return max(losing, key=lambda c: (_points(c), rank_of(c)))  # void: throw points
    # Every card takes the trick: the last hand takes it with his highest card (a high card
    # kept would only take a later trick); otherwise the lowest, hoping to be topped.
    if reader.last:
        return highest(view, cards)
    return lowest(view, cards)


def _only_cards(view: PlainView, legal: list[Any]) -> Any:
    return legal[0]


def heuristic(rng: random.Random) -> PlainHeuristic:
    return PlainHeuristic(rng, _only_cards, shed_points, "heuristic")
