"""What the plain games' heuristic bots share (RULES §10.2–10.5): reading the trick in
progress from a seat's view — who is winning it, with which card, which of my cards would
take it — by the same card-play data the engine uses (:mod:`rams.tricks`), and a bot per
game that plays the way a decent club player does.

Every bot here sees only the seat's :class:`~rams.games.plain.deal.PlainView`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from rams.actions import Play
from rams.cards import ACE, JACK, KING, QUEEN, SUIT_MASKS, TEN, Card, rank_of, suit_of
from rams.games.plain.actions import Trump
from rams.games.plain.deal import PlainView
from rams.tricks import T_JACKS_TRUMP, T_ORDER, TEN_SECOND, above, beats

__all__ = [
    "PlainHeuristic",
    "TrickReader",
    "cheapest_winner",
    "highest",
    "lowest",
    "name_trump",
    "power",
    "take_tricks",
]

JACKS = sum(1 << (13 * s + JACK) for s in range(4))
_TEN_POWER = (0, 1, 2, 3, 4, 5, 6, 7, 11, 8, 9, 10, 12)


def power(view: PlainView, c: Card) -> int:
    """How high a card ranks in its class (trumps above everything): for comparing."""
    t = view.rules.card_play
    r = rank_of(c)
    base = _TEN_POWER[r] if t[T_ORDER] == TEN_SECOND else r
    if t[T_JACKS_TRUMP] and r == JACK:
        return 100 + (3, 2, 1, 0)[(1, 0, 2, 3).index(suit_of(c))]
    if view.trump is not None and suit_of(c) == view.trump:
        return 50 + base
    return base


def lowest(view: PlainView, cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda c: (power(view, c), suit_of(c)))


def highest(view: PlainView, cards: Sequence[Card]) -> Card:
    return max(cards, key=lambda c: (power(view, c), suit_of(c)))


class TrickReader:
    """The trick in progress as a seat sees it."""

    def __init__(self, view: PlainView) -> None:
        self.view = view
        t = view.rules.card_play
        self.t = t
        trump = view.trump if view.trump is not None else -1
        self.trump = trump
        if t[T_JACKS_TRUMP]:
            self.trump_mask = self.off_suit = JACKS
        else:
            self.trump_mask = SUIT_MASKS[trump] if trump >= 0 else 0
            self.off_suit = 0
        self.win_seat = -1
        self.win = -1
        for seat, c in view.trick:
            if self.win < 0 or beats(t, c, self.win, 0, trump, self.trump_mask, self.off_suit):
                self.win, self.win_seat = c, seat
        self.led = view.trick[0][1] if view.trick else -1

    @property
    def position(self) -> int:
        """1 on lead, 2 second hand, … (the cards already on the trick, plus one)."""
        return len(self.view.trick) + 1

    @property
    def last(self) -> bool:
        return len(self.view.trick) == len(self.view.hand_sizes) - 1

    def takes(self, c: Card) -> bool:
        """Whether ``c`` would win the trick as it stands."""
        if self.win < 0:
            return True
        return bool(beats(self.t, c, self.win, 0, self.trump, self.trump_mask, self.off_suit))

    def is_trump(self, c: Card) -> bool:
        return bool((self.trump_mask >> c) & 1)

    def follows(self, c: Card) -> bool:
        """Whether ``c`` answers the card led in its class."""
        if self.led < 0:
            return True
        if self.is_trump(self.led):
            return self.is_trump(c)
        return suit_of(c) == suit_of(self.led) and not self.is_trump(c)

    def higher_out(self, c: Card) -> int:
        """The cards of ``c``'s class above it that nobody has played yet (nor I hold)."""
        played = 0
        for trick in self.view.tricks:
            for _, x in trick:
                played |= 1 << x
        for _, x in self.view.trick:
            played |= 1 << x
        for x in self.view.hand:
            played |= 1 << x
        return above(self.t, c, self.trump_mask) & ~played & ((1 << 52) - 1)


def cheapest_winner(view: PlainView, reader: TrickReader, cards: Sequence[Card]) -> Card | None:
    """The lowest of ``cards`` that takes the trick as it stands, if any."""
    winners = [c for c in cards if reader.takes(c)]
    return lowest(view, winners) if winners else None


def honour_count(cards: Sequence[Card], suit: int) -> float:
    """Points for the high cards of a suit: A 4, K 3, Q 2, J 1 (for choosing a trump)."""
    table = {ACE: 4.0, KING: 3.0, QUEEN: 2.0, JACK: 1.0, TEN: 0.5}
    return sum(table.get(rank_of(c), 0.0) for c in cards if suit_of(c) == suit)


def best_suit(cards: Sequence[Card]) -> tuple[int, float]:
    """The longest strong suit of a hand and its strength (length × 2 + honours)."""
    scores = [
        (sum(1 for c in cards if suit_of(c) == s) * 2 + honour_count(cards, s), s) for s in range(4)
    ]
    score, suit = max(scores)
    return suit, score


Chooser = Callable[[PlainView, list[Any]], Any]


class PlainHeuristic:
    """A heuristic bot for a plain game: the game's chooser for the prelude, and its card
    play. ``name`` as the table shows it."""

    def __init__(self, rng: random.Random, prelude: Chooser, card: Chooser, name: str) -> None:
        self.rng = rng
        self._prelude = prelude
        self._card = card
        self.name = name

    def act(self, view: PlainView) -> Any:
        """The action: the game's choice among ``view.legal_actions``."""
        legal = list(view.legal_actions)
        plays = [a for a in legal if isinstance(a, Play)]
        if plays and len(plays) == len(legal):
            return Play(self._card(view, [a.card for a in plays]))
        return self._prelude(view, legal)

    def act_out_of_turn(self, view: PlainView, offers: list[Any]) -> Any:
        """An action out of turn (Boston's «Играю вместе»): the game's chooser decides."""
        chooser = getattr(self._prelude, "out_of_turn", None)
        return chooser(view, offers) if chooser is not None else None


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
