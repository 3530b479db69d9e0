"""The double-dummy solver (rams.fast.dd) against DDS, the C++ solver bridge players use
(through the ``endplay`` package of the ``dev`` extra): the same trick count on every deal."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from rams.fast.dd import DoubleDummy

# rams.cards: suits ♠ ♣ ♦ ♥ (0..3), ranks 2..A (0..12); a PBN hand lists ♠ ♥ ♦ ♣.
_PBN_SUITS = (0, 3, 2, 1)
_RANKS = "23456789TJQKA"


def _pbn(hands: list[int]) -> str:
    return "N:" + " ".join(
        ".".join(
            "".join(_RANKS[r] for r in range(12, -1, -1) if h >> (13 * s + r) & 1)
            for s in _PBN_SUITS
        )
        for h in hands
    )


def _hands(pbn: str) -> list[int]:
    out = []
    for hand in pbn[2:].split(" "):
        m = 0
        for s, ranks in zip(_PBN_SUITS, hand.split("."), strict=True):
            for r in ranks:
                m |= 1 << (13 * s + _RANKS.index(r))
        out.append(m)
    return out


def _dds(hands: list[int], trump: int, leader: int) -> int:
    """N/S's tricks by DDS (it counts the tricks of the side on lead)."""
    pytest.importorskip("endplay")
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode
    from endplay.types import Deal, Denom, Player

    denom = {-1: Denom.nt, 0: Denom.spades, 1: Denom.clubs, 2: Denom.diamonds, 3: Denom.hearts}
    deal = Deal(_pbn(hands))
    deal.trump = denom[trump]
    deal.first = Player(leader)
    score = max(tricks for _, tricks in solve_board(deal, SolveMode.OptimalOne))
    n = min(h.bit_count() for h in hands)
    return n - score if leader % 2 else score


def test_the_pbn_conversion_round_trips() -> None:
    # The deal of issue 29 (West has no club): N ♠K762 ♥Q73 ♦64 ♣A875, and so on.
    pbn = "N:K762.Q73.64.A875 QJ93.AJ642.AQT3. T8.T95.K87.QJT43 A54.K8.J952.K962"
    hands = _hands(pbn)
    assert [h.bit_count() for h in hands] == [13, 13, 13, 13]
    assert hands[0] | hands[1] | hands[2] | hands[3] == (1 << 52) - 1
    assert hands[1] >> 13 & 0x1FFF == 0  # East: no club (suit 1)
    assert hands[0] >> 39 & 0x1FFF == 1 << 10 | 1 << 5 | 1 << 1  # North's hearts: Q 7 3
    assert _pbn(hands) == pbn


def test_trick_counts_agree_with_dds_on_endings() -> None:
    # The last 5 to 9 tricks of random deals, every trump and leader: DDS takes hands of
    # equal length, so these are positions at a trick's start.
    rng = random.Random(29)
    solver = DoubleDummy(tt_bits=16)
    for _ in range(60):
        deck = list(range(52))
        rng.shuffle(deck)
        n = rng.randint(5, 9)
        hands = [sum(1 << c for c in deck[13 * p : 13 * p + n]) for p in range(4)]
        trump = rng.choice([-1, 0, 1, 2, 3])
        leader = rng.randrange(4)
        want = _dds(hands, trump, leader)
        assert solver.solve(hands, trump, leader, (0, 2)) == want, (_pbn(hands), trump, leader)
        # and E/W's count is the rest
        assert solver.solve(hands, trump, leader, (1, 3)) == n - want


def test_trick_counts_agree_with_dds_on_full_deals() -> None:
    rng = random.Random(2029)
    solver = DoubleDummy()
    for _ in range(8):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[13 * p : 13 * p + 13]) for p in range(4)]
        trump = rng.choice([-1, 0, 1, 2, 3])
        leader = rng.randrange(4)
        want = _dds(hands, trump, leader)
        assert solver.solve(hands, trump, leader, (0, 2)) == want, (_pbn(hands), trump, leader)
