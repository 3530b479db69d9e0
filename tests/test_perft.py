"""Perft: counts of legal action sequences from fixed deals, so that any change in move
generation shows.

The play-phase counts are checked two ways: against an independent, deliberately naive
move generator written here from the words of P2–P6 (cards as strings, no bitmasks), and
against pinned numbers (the regression pins, which that oracle confirms).
"""

from __future__ import annotations

import random

import pytest

from rams.cards import card_str, pack
from rams.games.rams.actions import PLAY_IN, Exchange, Play
from rams.games.rams.deal import Deal
from rams.games.rams.rules import Rules
from rams.games.rams.view import Phase

ORDER = "23456789TJQKA"


def naive_legal(deal: Deal, seat: int) -> set[str]:
    """Legal cards from the text of P2, P4, P5, P6 and X7, X8 (no Pam)."""
    rules = deal.rules
    hand = [card_str(c) for c in deal.hand(seat)]
    trump = "SCDH"[deal.trump or 0]
    trick = [card_str(c) for _, c in deal.trick]

    def rank(c: str) -> int:
        return ORDER.index(c[0])

    if not trick:
        if "A" + trump in hand:  # P4
            return {"A" + trump}
        if rules.marriage_lead:  # P5, X8
            if deal.q_due == seat and "Q" + trump in hand:
                return {"Q" + trump}
            if "K" + trump in hand and "Q" + trump in hand:
                return {"K" + trump}
        return set(hand)
    led = trick[0][1]
    # The card winning so far (P3).
    best = trick[0]
    for c in trick[1:]:
        if (c[1] == best[1] and rank(c) > rank(best)) or (c[1] == trump and best[1] != trump):
            best = c
    same = [c for c in hand if c[1] == led]
    trumps = [c for c in hand if c[1] == trump]
    if same:
        legal = same
    elif trumps and rules.must_trump:
        legal = trumps
        in_trick = [rank(c) for c in trick if c[1] == trump]
        higher = [c for c in trumps if not in_trick or rank(c) > max(in_trick)]
        if rules.must_overtrump and higher:
            legal = higher
    else:
        legal = hand
    if (
        rules.ace_covers_honours and best[1] == trump and best[0] in "KQJ" and "A" + trump in legal
    ):  # P6
        legal = ["A" + trump]
    return set(legal)


def play_perft(deal: Deal, depth: int, check: bool) -> int:
    if depth == 0 or deal.is_over:
        return 1
    legal = deal.legal_actions()
    if check:
        assert deal.to_move is not None
        assert {str(a) for a in legal} == naive_legal(deal, deal.to_move)
    total = 0
    for action in legal:
        child = deal.copy()
        child.apply(action)
        total += play_perft(child, depth - 1, check)
    return total


def to_play(preset: str, players: int, seed: int) -> Deal:
    """A deal from a seeded shuffle, everyone playing and standing pat, dealer keeping."""
    rules = Rules.preset(preset, players)
    deck = list(pack(rules.pack_size))
    random.Random(seed).shuffle(deck)
    deal = Deal(rules, 0, deck)
    while deal.phase is not Phase.PLAY and not deal.is_over:
        legal = deal.legal_actions()
        pat = [a for a in legal if a in (PLAY_IN, Exchange(())) or str(a) in ("keep", "take")]
        deal.apply(pat[0] if pat else legal[0])
    return deal


# Leaf counts of the whole play phase; pinned, and confirmed by the naive generator.
PLAY_PINS: list[tuple[str, int, int, int]] = [
    ("classic", 3, 1, 3712),
    ("classic", 4, 2, 52992),
    ("rams-001", 3, 3, 1236),
    ("rozaliev", 5, 4, 312),
    ("petukh", 4, 6, 24192),
]


@pytest.mark.parametrize(("preset", "players", "seed", "pinned"), PLAY_PINS)
def test_perft_play_phase_matches_naive_generator_and_pin(
    preset: str, players: int, seed: int, pinned: int
) -> None:
    deal = to_play(preset, players, seed)
    assert deal.phase is Phase.PLAY
    depth = 5 * players if players <= 4 else 10  # whole play phase, or two tricks
    assert play_perft(deal, depth, check=True) == pinned


def full_perft(deal: Deal, depth: int) -> int:
    if depth == 0 or deal.is_over:
        return 1
    total = 0
    for action in deal.legal_actions():
        child = deal.copy()
        child.apply(action)
        total += full_perft(child, depth - 1)
    return total


def test_perft_from_the_deal_counts_declarations_and_exchanges() -> None:
    """From the start of a classic deal: calls (E1–E3), then exchanges (E4): a player with
    no ace may play or pass; each exchange is one of the 2^5 = 32 subsets of his hand."""
    rules = Rules.preset("classic", 3)
    deck = list(pack(32))
    random.Random(11).shuffle(deck)
    deal = Deal(rules, 2, deck)
    hands = [deal.hand(s) for s in range(3)]
    aces = [any(c % 13 == 12 for c in h) for h in hands]
    # Depth 1: p1 plays, or passes too when he holds no ace (E2).
    assert full_perft(deal, 1) == (1 if aces[0] else 2)
    child = deal.copy()
    child.apply(PLAY_IN)
    child.apply(PLAY_IN)
    # p3, the dealer, after two players: play, or pass if he holds no ace.
    assert full_perft(child, 1) == (1 if aces[2] else 2)
    child.apply(PLAY_IN)
    # p1's exchange: all 32 subsets of 5 cards (stock 16 ≥ 5, max_exchange 5).
    assert full_perft(child, 1) == 32
    assert isinstance(child.legal_actions()[0], Exchange)


def test_perft_legal_plays_are_cards_in_hand() -> None:
    deal = to_play("classic", 3, 5)
    for a in deal.legal_actions():
        assert isinstance(a, Play) and a.card in deal.hand(deal.to_move or 0)
