"""A heuristic for Whist (RULES §10.3), as a club player plays: second hand low, third hand
high, win cheaply in fourth hand, return the partner's suit, draw trumps when strong in
them, and never take a trick the partner already holds."""

from __future__ import annotations

import random
from typing import Any

from rams.cards import Card, rank_of, suit_of
from rams.games.plain.deal import PlainView
from rams.games.plain.heuristic import (
    PlainHeuristic,
    TrickReader,
    best_suit,
    cheapest_winner,
    highest,
    lowest,
    name_trump,
)
from rams.games.whist.game import DELEGATE

__all__ = ["heuristic", "play_card", "trump_or_delegate"]

#: Below this strength (length × 2 + honours) the dealer leaves the trump to his partner.
DELEGATE_BELOW = 12.0


def trump_or_delegate(view: PlainView, legal: list[Any]) -> Any:
    """W4: name the longest strong suit, or leave it to the partner with a weak hand."""
    _, score = best_suit(view.hand)
    if DELEGATE in legal and score < DELEGATE_BELOW:
        return DELEGATE
    return name_trump(view, [a for a in legal if a != DELEGATE])


def _partner(view: PlainView) -> int:
    assert view.seat is not None  # (a bot, a hand: always a seat)
    return (view.seat + 2) % 4


def _partner_led(view: PlainView) -> set[int]:
    """The suits the partner has led this deal."""
    p = _partner(view)
    return {suit_of(trick[0][1]) for trick in view.tricks if trick[0][0] == p}


def play_card(view: PlainView, cards: list[Card]) -> Card:
    reader = TrickReader(view)
    trumps = [c for c in cards if reader.is_trump(c)]
    if reader.position == 1:
        if len(trumps) >= 5 or (len(trumps) >= 4 and any(rank_of(c) >= 11 for c in trumps)):
            return highest(view, trumps)  # draw trumps
        back = [c for c in cards if suit_of(c) in _partner_led(view) and not reader.is_trump(c)]
        if back:
            return (
                highest(view, back)
                if not reader.higher_out(highest(view, back))
                else lowest(view, back)
            )
        sure = [c for c in cards if not reader.higher_out(c) and not reader.is_trump(c)]
        if sure:
            return highest(view, sure)
        plain = [c for c in cards if not reader.is_trump(c)] or cards
        longest = max(range(4), key=lambda s: sum(1 for c in plain if suit_of(c) == s))
        return lowest(view, [c for c in plain if suit_of(c) == longest] or plain)
    partner_wins = reader.win_seat == _partner(view)
    if partner_wins and (reader.last or not reader.higher_out(reader.win)):
        return lowest(view, cards)  # the partner holds it
    if reader.position == 2:
        winner = cheapest_winner(view, reader, cards)
        if winner is not None and not reader.higher_out(winner):
            return winner  # a sure winner
        return lowest(view, cards)  # second hand low
    if reader.position == 3:
        if partner_wins:
            return lowest(view, cards)
        winner = cheapest_winner(view, reader, cards)
        if winner is None:
            return lowest(view, cards)
        follow = [c for c in cards if reader.follows(c)]
        return highest(view, follow) if follow and reader.takes(highest(view, follow)) else winner
    winner = cheapest_winner(view, reader, cards)  # fourth hand: win as cheaply as possible
    return winner if winner is not None else lowest(view, cards)


def heuristic(rng: random.Random) -> PlainHeuristic:
    return PlainHeuristic(rng, trump_or_delegate, play_card, "heuristic")
