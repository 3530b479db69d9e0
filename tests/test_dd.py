"""The double-dummy solver (rams.fast.dd) against a plain minimax, worked deals, symmetry."""

from __future__ import annotations

import random
from functools import cache

import pytest

pytest.importorskip("numba")

from rams.cards import SUIT_MASKS, card, parse_cards
from rams.fast.dd import DoubleDummy, best_moves, solve

Trick = tuple[tuple[int, int], ...]


def _mask(text: str) -> int:
    m = 0
    for c in parse_cards(text):
        m |= 1 << c
    return m


def _cards(m: int) -> list[int]:
    return [c for c in range(52) if m >> c & 1]


def _legal(hand: int, trick: Trick, trump: int, must_trump: bool) -> list[int]:
    if not trick:
        return _cards(hand)
    led = trick[0][1] // 13
    follow = hand & SUIT_MASKS[led]
    if follow:
        return _cards(follow)
    if must_trump and trump >= 0 and hand & SUIT_MASKS[trump]:
        return _cards(hand & SUIT_MASKS[trump])
    return _cards(hand)


def _winner(trick: Trick, trump: int) -> int:
    seat, best = trick[0]
    for p, c in trick[1:]:
        if c // 13 == best // 13:
            if c > best:
                seat, best = p, c
        elif c // 13 == trump:
            seat, best = p, c
    return seat


@cache
def _minimax(
    hands: tuple[int, ...],
    trump: int,
    leader: int,
    declarers: frozenset[int],
    trick: Trick,
    null: bool,
    must_trump: bool,
) -> int:
    """The declaring side's tricks by trying every card (no pruning, no equivalences)."""
    if not trick and any(h == 0 for h in hands):
        return 0
    seat = (leader + len(trick)) % 4
    maximise = (seat in declarers) != null
    values = []
    for c in _legal(hands[seat], trick, trump, must_trump):
        rest = tuple(h & ~(1 << c) if p == seat else h for p, h in enumerate(hands))
        now = (*trick, (seat, c))
        if len(now) == 4:
            w = _winner(now, trump)
            v = int(w in declarers) + _minimax(rest, trump, w, declarers, (), null, must_trump)
        else:
            v = _minimax(rest, trump, leader, declarers, now, null, must_trump)
        values.append(v)
    return max(values) if maximise else min(values)


def _random_position(
    rng: random.Random,
) -> tuple[list[int], int, int, tuple[int, ...], Trick, bool, bool]:
    n = rng.randint(2, 4)
    if rng.random() < 0.5:  # crowded suits: few ranks, so the cards interact
        pool = [card(r, s) for s in range(4) for r in range(13 - rng.randint(n, 6), 13)]
    else:
        pool = list(range(52))
    short = rng.random() < 0.15  # B6: one hand a card short
    need = 4 * n - (1 if short else 0)
    while len(pool) < need:
        pool = list(range(52))
    cards = rng.sample(pool, need)
    hands = [0, 0, 0, 0]
    sizes = [n, n, n, n]
    if short:
        sizes[rng.randrange(4)] -= 1
    i = 0
    for p in range(4):
        for c in cards[i : i + sizes[p]]:
            hands[p] |= 1 << c
        i += sizes[p]
    trump = rng.choice([-1, 0, 1, 2, 3])
    leader = rng.randrange(4)
    if rng.random() < 0.5:
        first = rng.randrange(4)
        declarers: tuple[int, ...] = (first, (first + 2) % 4)
    else:
        declarers = (rng.randrange(4),)
    null = rng.random() < 0.25
    must_trump = rng.random() < 0.5
    trick: list[tuple[int, int]] = []
    if rng.random() < 0.5 and min(h.bit_count() for h in hands) > 0:
        for k in range(rng.randint(1, 3)):
            p = (leader + k) % 4
            c = rng.choice(_legal(hands[p], tuple(trick), trump, must_trump))
            hands[p] &= ~(1 << c)
            trick.append((p, c))
    return hands, trump, leader, declarers, tuple(trick), null, must_trump


def test_agrees_with_minimax_on_small_endings() -> None:
    rng = random.Random(13)
    solver = DoubleDummy(tt_bits=12)  # small, so that the bucket replacement is exercised
    for _ in range(600):
        hands, trump, leader, declarers, trick, null, must = _random_position(rng)
        want = _minimax(tuple(hands), trump, leader, frozenset(declarers), trick, null, must)
        got = solver.solve(hands, trump, leader, declarers, trick, null, must_trump=must)
        assert got == want, (hands, trump, leader, declarers, trick, null, must)


def test_best_moves_agree_with_minimax() -> None:
    rng = random.Random(14)
    for _ in range(150):
        hands, trump, leader, declarers, trick, null, must = _random_position(rng)
        decl = frozenset(declarers)
        seat = (leader + len(trick)) % 4
        got = best_moves(hands, trump, leader, declarers, trick, null, must_trump=must)
        want = _minimax_moves(hands, trump, leader, declarers, trick, null, must)
        assert got == want
        best = max(want.values()) if (seat in decl) != null else min(want.values())
        assert solve(hands, trump, leader, declarers, trick, null, must_trump=must) == best


def _minimax_moves(
    hands: list[int],
    trump: int,
    leader: int,
    declarers: tuple[int, ...],
    trick: Trick,
    null: bool,
    must: bool,
) -> dict[int, int]:
    decl = frozenset(declarers)
    seat = (leader + len(trick)) % 4
    want = {}
    for c in _legal(hands[seat], trick, trump, must):
        rest = tuple(h & ~(1 << c) if p == seat else h for p, h in enumerate(hands))
        now = (*trick, (seat, c))
        if len(now) == 4:
            w = _winner(now, trump)
            want[c] = int(w in decl) + _minimax(rest, trump, w, decl, (), null, must)
        else:
            want[c] = _minimax(rest, trump, leader, decl, now, null, must)
    return want


def test_a_run_of_equivalent_cards_is_one_move_only_while_unbroken() -> None:
    # Null for N/S, diamonds trump; N: JS 5C 9H, E: TS KS AS, S: 7S 6D 8H, W: 3C 8C QH.
    # S leads the 8 of hearts, W wins with the queen, and E, who wants N/S to take tricks,
    # discards the king of spades: he keeps the ten to play under N's jack later (N/S take
    # 2). With the ace and king kept, the two are one move, and E must win the spade trick:
    # a table entry from that line must not cover the position where he kept the ten.
    hands = [_mask("JS 5C 9H"), _mask("TS KS AS"), _mask("7S 6D 8H"), _mask("3C 8C QH")]
    for first in (False, True):
        solver = DoubleDummy(tt_bits=12)
        if first:
            assert solver.solve(hands, 2, 2, (0, 2), null=True) == 1
        got = solver.best_moves(hands, 2, 2, (0, 2), null=True)
        assert got == _minimax_moves(hands, 2, 2, (0, 2), (), True, False)
        assert got[_mask("8H").bit_length() - 1] == 2


def test_shared_tables_agree_with_minimax() -> None:
    # One solver for all: the entries of each position's searches (solve, then best_moves)
    # stay in the tables for the next ones, so wrong generalisations would show.
    rng = random.Random(15)
    solver = DoubleDummy(tt_bits=12)
    for _ in range(300):
        hands, trump, leader, declarers, trick, null, must = _random_position(rng)
        want = _minimax_moves(hands, trump, leader, declarers, trick, null, must)
        got = solver.best_moves(hands, trump, leader, declarers, trick, null, must_trump=must)
        assert got == want, (hands, trump, leader, declarers, trick, null, must)
        seat = (leader + len(trick)) % 4
        best = max(want.values()) if (seat in declarers) != null else min(want.values())
        fresh = DoubleDummy(tt_bits=12)
        assert fresh.solve(hands, trump, leader, declarers, trick, null, must_trump=must) == best
        assert (
            fresh.best_moves(hands, trump, leader, declarers, trick, null, must_trump=must) == want
        )


def test_all_thirteen_trumps_take_every_trick() -> None:
    # North (seat 0) holds all 13 hearts, hearts are trump: whoever leads, North follows
    # suit or ruffs with a trump that nobody can beat, and leads trumps once on lead: 13.
    rng = random.Random(1)
    rest = [c for c in range(52) if c // 13 != 3]
    rng.shuffle(rest)
    hands = [SUIT_MASKS[3], 0, 0, 0]
    for i, c in enumerate(rest):
        hands[1 + i % 3] |= 1 << c
    for leader in range(4):
        assert solve(hands, 3, leader, (0, 2)) == 13
        assert solve(hands, 3, leader, (0,)) == 13
        assert solve(hands, 3, leader, (1, 3)) == 0


def test_solid_suits_no_trump() -> None:
    # Each seat holds one whole suit, no trump: nobody can follow, so every trick goes to
    # the card led, and the leader keeps the lead with his own suit: his side takes all 13.
    hands = list(SUIT_MASKS)
    for leader in range(4):
        assert solve(hands, -1, leader, (leader, (leader + 2) % 4)) == 13
        assert solve(hands, -1, leader, ((leader + 1) % 4, (leader + 3) % 4)) == 0
    # With clubs (seat 1's suit) trump, seat 1 ruffs every lead and then leads clubs: when
    # another seat leads, seat 1's side takes 13 all the same.
    for leader in range(4):
        assert solve(hands, 1, leader, (1, 3)) == 13


def test_two_aces_and_nulls() -> None:
    # N: A K Q J of spades; E: 10 9 8 7; S: 6 5 4 3; W: 2 of spades and three clubs.
    # No trump, N leads: N wins every spade trick (nobody is higher) — 4 tricks to N/S.
    hands = [_mask("AS KS QS JS"), _mask("TS 9S 8S 7S"), _mask("6S 5S 4S 3S"), _mask("2S 2C 3C 4C")]
    assert solve(hands, -1, 0, (0, 2)) == 4
    # Null for N: he must take every trick he can't duck; all his cards are top: 4.
    assert solve(hands, -1, 0, (0,), null=True) == 4
    # Null for S (6 5 4 3 of spades): whoever leads spades, N or E is higher: S ducks all.
    assert solve(hands, -1, 0, (2,), null=True) == 0
    # W leads: with his 2 of spades first, the others must follow above him, and having no
    # clubs they can never give him the lead back: W takes nothing.
    assert solve(hands, -1, 3, (3,), null=True) == 0
    # Give W four clubs instead: nobody can follow his leads, so he takes all 4.
    hands[3] = _mask("2C 3C 4C 5C")
    assert solve(hands, -1, 3, (3,), null=True) == 4
    assert solve(hands, -1, 3, (3,)) == 4


def test_trick_in_progress() -> None:
    # N led the ace of spades; E, S, W still to play: N/S take that trick for sure.
    hands = [_mask("KS"), _mask("2S 3S"), _mask("4S 5S"), _mask("6S 7S")]
    assert solve(hands, -1, 0, (0, 2), trick=((0, card(12, 0)),)) == 2


def _permute(m: int, perm: list[int]) -> int:
    out = 0
    for c in _cards(m):
        out |= 1 << (13 * perm[c // 13] + c % 13)
    return out


def test_symmetry_rotation_and_suit_permutation() -> None:
    rng = random.Random(7)
    for _ in range(30):
        deck = list(range(52))
        rng.shuffle(deck)
        n = rng.choice([5, 6, 7, 8])  # endings of full deals: quick to solve
        hands = [sum(1 << c for c in deck[13 * p : 13 * p + n]) for p in range(4)]
        trump = rng.choice([-1, 0, 1, 2, 3])
        leader = rng.randrange(4)
        declarers = (0, 2) if rng.random() < 0.7 else (rng.randrange(4),)
        want = solve(hands, trump, leader, declarers)
        other = [p for p in range(4) if p not in declarers]
        assert solve(hands, trump, leader, other) == n - want
        k = rng.randrange(1, 4)
        rot = [hands[(p - k) % 4] for p in range(4)]
        decl_rot = tuple((p + k) % 4 for p in declarers)
        assert solve(rot, trump, (leader + k) % 4, decl_rot) == want
        perm = list(range(4))
        rng.shuffle(perm)
        suits = [_permute(h, perm) for h in hands]
        t = perm[trump] if trump >= 0 else -1
        fresh = DoubleDummy(tt_bits=16)
        assert fresh.solve(suits, t, leader, declarers) == want


def test_bad_positions_raise() -> None:
    with pytest.raises(ValueError):
        solve([1, 1, 2, 4], -1, 0, (0, 2))
    with pytest.raises(ValueError):
        solve([1, 2, 4, 8], 5, 0, (0, 2))
    with pytest.raises(ValueError):
        solve([1, 2, 4, 8], -1, 0, (0, 1, 2, 3))
    with pytest.raises(ValueError):
        solve([2, 4, 8, 16], -1, 0, (0, 2), trick=((1, 0),))


def test_the_search_is_compiled_once_per_distinct_trick_rules() -> None:
    """Issue 25: the search is specialised per rules vector's head (the rules a constant in
    its compiled code), one kernel for equal heads, another for other rules."""
    from rams.fast import dd

    plain = dd.kernel(dd.rules_vector(False))
    assert dd.kernel(dd.rules_vector(False)) is plain
    assert dd.kernel(dd.rules_vector(True)) is not plain
    # a solver reads its rules through those kernels: on positions where must_trump (W5)
    # changes the minimax value, each kernel gives its own rules' value
    rng = random.Random(25)
    seen = 0
    while seen < 3:
        hands, trump, leader, declarers, trick, null, _ = _random_position(rng)
        want = [
            _minimax(tuple(hands), trump, leader, frozenset(declarers), trick, null, must)
            for must in (False, True)
        ]
        if want[0] == want[1]:
            continue
        seen += 1
        for must in (False, True):
            got = solve(hands, trump, leader, declarers, trick, null, must_trump=must)
            assert got == want[must]


def test_a_limited_search_stops_empty_and_leaves_the_tables_sound() -> None:
    """A solve limited to a few positions stops and answers nothing (the first tricks of
    Whist and Boston: issue 28); the same solver, its tables holding what the stopped
    searches stored, then agrees with minimax, and a generous limit changes nothing."""
    rng = random.Random(16)
    solver = DoubleDummy(tt_bits=12)
    stopped = 0
    for _ in range(200):
        hands, trump, leader, declarers, trick, null, must = _random_position(rng)
        want = _minimax_moves(hands, trump, leader, declarers, trick, null, must)
        few = solver.best_moves(
            hands, trump, leader, declarers, trick, null, must_trump=must, nodes=3
        )
        if solver.stopped:
            stopped += 1
            assert few == {}
        else:
            assert few == want
        got = solver.best_moves(hands, trump, leader, declarers, trick, null, must_trump=must)
        assert not solver.stopped
        assert got == want, (hands, trump, leader, declarers, trick, null, must)
        plenty = solver.best_moves(
            hands, trump, leader, declarers, trick, null, must_trump=must, nodes=10**9
        )
        assert plenty == want and not solver.stopped
    assert stopped > 100  # (most positions need more than 3)


def test_a_long_deal_stops_at_its_limit_and_counts_about_that_many_positions() -> None:
    """Thirteen cards a hand: the limited solve stops within a few positions of its
    limit (checked on every node entered)."""
    rng = random.Random(3)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[13 * p : 13 * p + 13]) for p in range(4)]
    solver = DoubleDummy()
    assert solver.best_moves(hands, 0, 0, (0, 2), must_trump=True, nodes=2000) == {}
    assert solver.stopped
    assert 2000 <= solver.nodes <= 2001
