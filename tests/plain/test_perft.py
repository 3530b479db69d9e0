"""Perft of the plain games: counts of the legal card sequences from fixed deals, so that any
change in move generation shows. Each count is checked against an independent, naive move
generator written here from the words of F4, F5, W5, B8 and T4 (cards as strings, no
bitmasks, no :mod:`rams.tricks`), and against a pinned number that the oracle confirms.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rams import games
from rams.actions import Play
from rams.cards import card_str, cards_of, pack

NATURAL = "23456789TJQKA"


def _power(card: str, rules: Any) -> int:
    order = "789JQKTA" if getattr(rules, "rank_order", "natural") == "ten_second" else NATURAL
    if order == NATURAL:
        return NATURAL.index(card[0])
    return order.index(card[0]) if card[0] in order else -1


def _is_trump(card: str, trump: str | None, jacks: bool) -> bool:
    if jacks:
        return card[0] == "J"
    return trump is not None and card[1] == trump


def _class(card: str, trump: str | None, jacks: bool) -> str:
    return "T" if _is_trump(card, trump, jacks) else card[1]


def naive_legal(hand: list[str], trick: list[str], trump: str | None, rules: Any) -> set[str]:
    """Follow the class of the card led (a jack answers a jack under F5); void, a trump if
    the game says so (W5, T4: whist and kony with must_trump); otherwise any card."""
    jacks = bool(getattr(rules, "jacks_trump", False))
    if not trick:
        return set(hand)
    led = _class(trick[0], trump, jacks)
    same = [c for c in hand if _class(c, trump, jacks) == led]
    if same:
        return set(same)
    must_trump = rules.family == "whist" or (rules.family == "kony" and rules.must_trump)
    trumps = [c for c in hand if _is_trump(c, trump, jacks)]
    if must_trump and trumps:
        return set(trumps)
    return set(hand)


def naive_winner(trick: list[tuple[int, str]], trump: str | None, rules: Any) -> int:
    jacks = bool(getattr(rules, "jacks_trump", False))
    jack_order = "HDSC"  # F5: ♣ > ♠ > ♦ > ♥

    def key(item: tuple[int, str]) -> tuple[int, int]:
        _, c = item
        if _is_trump(c, trump, jacks):
            return (2, jack_order.index(c[1]) if jacks else _power(c, rules))
        if c[1] == trick[0][1][1] and not (jacks and c[0] == "J"):
            return (1, _power(c, rules))
        return (0, 0)

    return max(trick, key=key)[0]


def naive_perft(
    hands: list[list[str]], trick: list[tuple[int, str]], to_move: int, depth: int,
    trump: str | None, rules: Any,
) -> int:  # fmt: skip
    """Leaves of the tree of ``depth`` card plays, by the oracle's rules."""
    if depth == 0 or not hands[to_move]:
        return 1
    n = len(hands)
    total = 0
    for c in sorted(naive_legal(hands[to_move], [x for _, x in trick], trump, rules)):
        hands2 = [list(h) for h in hands]
        hands2[to_move].remove(c)
        trick2 = [*trick, (to_move, c)]
        if len(trick2) == n:
            nxt, trick2 = naive_winner(trick2, trump, rules), []
        else:
            nxt = (to_move + 1) % n
        total += naive_perft(hands2, trick2, nxt, depth - 1, trump, rules)
    return total


def engine_perft(deal: Any, depth: int) -> int:
    if depth == 0 or deal.is_over:
        return 1
    total = 0
    for a in deal.legal_actions():
        child = deal.copy()
        child.apply(a)
        total += engine_perft(child, depth - 1)
    return total


def start_of_play(preset: str, players: int, seed: int) -> Any:
    """A deal of ``preset`` from a shuffled deck, its prelude taken by its first legal
    actions (the trump, a bid and passes), stopped at the first lead."""
    family = games.family_of(preset)
    rules = family.rules(preset, players)
    rng = random.Random(seed)
    deck = list(pack(rules.pack_size))
    rng.shuffle(deck)
    match = family.new_match(rules, first_dealer=0)
    deal = match.start_deal(deck, 0, **family.deal_extra(rng))
    while not all(isinstance(a, Play) for a in deal.legal_actions()):
        legal = deal.legal_actions()
        bids = [a for a in legal if str(a).startswith("bid 7")]
        deal.apply(bids[0] if bids else legal[-1] if str(legal[-1]) == "pass" else legal[0])
    return deal


#: (preset, players, seed, depth) → leaves, pinned (the oracle confirms each).
PINS = {
    ("ramsch", 3, 1, 9): 138224,
    ("ramsch", 4, 2, 8): 43530,
    ("ramsch-jacks", 3, 3, 9): 86832,
    ("ramsch-jacks", 4, 8, 8): 23025,
    ("kony", 4, 4, 8): 33956,
    ("whist", 4, 5, 8): 114912,
    ("whist-named", 4, 6, 8): 85320,
    ("boston", 4, 7, 8): 76476,
}


@pytest.mark.parametrize("key", list(PINS), ids=[f"{k[0]}-{k[1]}-{k[3]}" for k in PINS])
def test_perft_matches_the_naive_oracle_and_the_pin(key: tuple[str, int, int, int]) -> None:
    preset, players, seed, depth = key
    deal = start_of_play(preset, players, seed)
    assert deal.play is not None
    hands = [[card_str(c) for c in cards_of(deal.hand_of(s))] for s in range(players)]
    trump = "SCDH"[deal.trump] if deal.trump >= 0 else None
    oracle = naive_perft(hands, [], deal.to_move, depth, trump, deal.rules)
    assert engine_perft(deal, depth) == oracle == PINS[key]
