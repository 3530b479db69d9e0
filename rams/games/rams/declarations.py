"""Declarations before play, written after the exchange (RULES §4): the rams — four aces,
five of a suit, trump rams (R1–R4, X4) — and the jacks (мальцы: J1–J5, X5; Петух's K4, K6).

These are the Rams deal's own steps (:class:`~rams.games.rams.deal.Deal` binds them): each
takes the deal and writes what its clause says.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rams.cards import ACE, JACK, SUIT_MASKS, card, cards_of
from rams.games.rams.events import Event, EventKind
from rams.games.rams.rules import Rules

if TYPE_CHECKING:
    from rams.games.rams.deal import Deal

__all__ = ["ALL_ACES", "petukh_jacks"]

_JACKS = tuple(card(JACK, s) for s in range(4))
_ALL_JACKS = sum(1 << c for c in _JACKS)
ALL_ACES = sum(1 << card(ACE, s) for s in range(4))
_BLACK_JACKS = (1 << _JACKS[0]) | (1 << _JACKS[1])
_RED_JACKS = (1 << _JACKS[2]) | (1 << _JACKS[3])
_FIVE_SUIT_BASE = 5  # R2: the holder writes off 5, the others add 5
_JACKS_WIN = -1  # the "value" of four jacks that win the game (V1)


def _rams_of(deal: Deal, seat: int) -> tuple[tuple[int, ...], str, int, int] | None:
    """The rams a player who plays shows, with its rank key, kind, suit and write-off."""
    rules, hand = deal.rules, deal.hands[seat]
    pos = deal.order.index(seat)
    if rules.four_aces == "win_game" and hand & ALL_ACES == ALL_ACES:
        return (3, 0, 0, -pos), "four_aces", -1, 0
    for suit in range(4):
        if hand & SUIT_MASKS[suit] == hand:
            ace = deal._ace_value[suit] if hand >> (13 * suit + ACE) & 1 else 0
            if suit == deal.trump and rules.trump_rams is not None:
                value = rules.trump_rams + ace
                return (2, 0, value, -pos), "trump_rams", suit, value
            if rules.five_suit:
                value = _FIVE_SUIT_BASE + ace
                return (1, suit, value, -pos), "five_suit", suit, value
    return None


def _declarations(deal: Deal) -> None:
    rules = deal.rules
    shown = []
    for seat in deal.active:
        r = deal._rams_of(seat)
        if r is not None:
            shown.append((r, seat))
    if shown:
        deal._score_rams(shown)
        return
    if rules.jacks == "rams":
        for seat in deal.order:
            if deal._score_jacks(seat):
                return
    elif rules.jacks in ("petukh", "petukh-any"):
        for seat in deal.active:
            deal._petukh_jacks(seat)
    deal._start_play()


def _score_rams(deal: Deal, shown: list[tuple[tuple[tuple[int, ...], str, int, int], int]]) -> None:
    rules = deal.rules
    shown.sort(key=lambda x: x[0][0], reverse=True)
    (_, kind, suit, value), holder = shown[0]
    cards = tuple(cards_of(deal.hands[holder]))
    if kind == "four_aces" or rules.five_suit_wins:
        # R1, M4: the holder's record becomes 0 and he wins at once.
        clause = "R1" if kind == "four_aces" else "M4"
        delta = -deal.records[holder]
        deal._write(holder, delta, EventKind.RAMS, clause, cards, kind, suit)
    else:
        clause = "R3" if kind == "trump_rams" else "R2"
        deal._write(holder, -value, EventKind.RAMS, clause, cards, kind, suit)
    for (_, k, s, _), seat in shown[1:]:
        # R4: a beaten rams is shown, scores nothing, and its holder pays like the others.
        hand = tuple(cards_of(deal.hands[seat]))
        deal.events.append(Event(EventKind.RAMS, seat, hand, clause="R4", detail=k, number=s))
    if kind == "four_aces" or rules.five_suit_wins:
        deal._win(holder, clause)
        return
    base = rules.trump_rams if kind == "trump_rams" else _FIVE_SUIT_BASE
    assert base is not None
    for seat in deal.active:
        if seat != holder:
            deal._write(seat, base + deal._aces(deal.hands[seat]), EventKind.RAMS_PAY, clause)
    if deal._reached_zero(holder):
        deal._win(holder, "S6")
        return
    deal._finish()


def _jack_value(deal: Deal, mask: int) -> int:
    jacks = mask & _ALL_JACKS
    if jacks == _ALL_JACKS:
        fj = deal.rules.four_jacks
        return _JACKS_WIN if fj == "win_game" else int(fj)
    if jacks & _BLACK_JACKS == _BLACK_JACKS or jacks & _RED_JACKS == _RED_JACKS:
        return 5
    return 0


def _score_jacks(deal: Deal, seat: int) -> bool:
    """Write ``seat``'s jacks (J1–J3, X5); True if that ends the game."""
    dealt, final = deal.deal_hands[seat], deal.hands[seat]
    dv, fv = deal._jack_value(dealt), deal._jack_value(final)
    if dv == 0 and fv == 0:
        return False
    wins = _JACKS_WIN in (dv, fv)
    from_final = fv == _JACKS_WIN if wins else fv >= dv
    best = max(dv, fv)
    source = final if from_final else dealt
    cards = tuple(cards_of(source & _ALL_JACKS))
    if from_final:
        deal.known[seat] |= final & _ALL_JACKS
    detail = "final" if from_final else "dealt"
    if wins:
        deal.events.append(Event(EventKind.JACKS, seat, cards, clause="V1", detail=detail))
        deal._set_record(seat, 0, EventKind.JACKS, "V1")
        deal._win(seat, "V1")
        return True
    deal._write(seat, -best, EventKind.JACKS, "J1", cards=cards, detail=detail)
    if deal._reached_zero(seat):
        deal._win(seat, "S6")
        return True
    return False


def _petukh_jacks(deal: Deal, seat: int) -> None:
    """K4, K6: the jacks a player will write off with his first trick."""
    trump = deal.trump if deal.trump is not None else 0
    hands = (deal.deal_hands[seat], deal.hands[seat])
    deal.jack_credit[seat], deal.jack_remise[seat] = petukh_jacks(deal.rules, trump, hands)


def petukh_jacks(rules: Rules, trump: int, hands: Iterable[int]) -> tuple[int, int]:
    """Петух's jacks (K4, K6) over the hands that count (J2: dealt and final): the credit
    written off with the first trick, and the addition if no trick is taken (K6).

    >>> from rams.cards import parse_cards, mask_of
    >>> petukh_jacks(Rules.preset("petukh", 3), 2, [mask_of(parse_cards("JD JH 7S"))])
    (10, 0)
    """
    best = count = 0
    trump_jack = 1 << card(JACK, trump)
    for mask in hands:
        jacks = mask & _ALL_JACKS
        n = jacks.bit_count()
        count = max(count, n)
        if rules.jacks == "petukh":
            value = 15 if n == 4 else 0
            for pair in (_BLACK_JACKS, _RED_JACKS):
                if n < 4 and jacks & pair == pair:
                    value = max(value, 10 if pair & trump_jack else 5)
        elif rules.jacks == "petukh-any":
            value = 10 if n == 4 else 5 if n >= 2 else 0
        else:
            value = 0
        best = max(best, value)
    remise = 10 if rules.jacks == "petukh-any" and count >= 2 else 0
    return best, remise
