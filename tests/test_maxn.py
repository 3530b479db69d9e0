"""The max^n solver of the plain games' endings (:mod:`rams.fast.maxn`, RULES F4–F7, T4–T5)
against a brute-force max^n over the reference engine's card play
(:class:`rams.games.plain.deal.TrickPlay`), and, for the side games, against the
double-dummy solver (W5, B8)."""

from __future__ import annotations

import random
from functools import cache

import pytest

pytest.importorskip("numba")

from rams.cards import JACK, SUIT_MASKS, mask_of, parse_cards
from rams.fast import dd
from rams.fast.maxn import CARD_POINTS, Goal, MaxN
from rams.games.plain.deal import TrickPlay
from rams.tricks import CARDS, NATURAL, SUIT, TEN_SECOND, TRUMP, above, trick_rules

JACKS = sum(1 << (13 * s + JACK) for s in range(4))


def _brute(tp: TrickPlay, goal: Goal, n: int) -> tuple[int, ...]:
    """Every seat's value from here with max^n play: the seat to move keeps the first card,
    lowest first, that is strictly better for it; of two cards of one class with nothing in
    play between them and equal points only the higher is tried (the same reduction as the
    solver, written again here: in play are the hands and the trick)."""
    seat = tp.to_move
    if tp.hands[seat] == 0:
        return tuple([0] * n)
    legal = tp.legal(seat) & CARDS
    inplay = mask_of(y for _, y in tp.trick)
    for h in tp.hands:
        inplay |= h
    best: tuple[int, ...] | None = None
    for c in range(52):
        if not legal >> c & 1:
            continue
        nxt = above(tp.t, c, tp.trump_mask) & inplay
        # the card just above c still in play: every other card of nxt is above it
        just = [
            y
            for y in range(52)
            if nxt >> y & 1 and above(tp.t, y, tp.trump_mask) & nxt == nxt & ~(1 << y)
        ]
        if just and legal >> just[0] & 1 and CARD_POINTS[just[0]] == CARD_POINTS[c]:
            continue
        child = tp.copy()
        trick_points = sum(int(CARD_POINTS[y]) for _, y in tp.trick) + int(CARD_POINTS[c])
        winner = child.play(seat, c)
        row = list(_brute(child, goal, n))
        if winner >= 0:
            last = all(h == 0 for h in child.hands)
            row[winner] += goal.trick_weight + goal.point_weight * (
                trick_points + (goal.skat if last else 0)
            )
        value = tuple(row)
        if best is None or _u(goal, seat, value) > _u(goal, seat, best):
            best = value
    assert best is not None
    return best


def _u(goal: Goal, seat: int, v: tuple[int, ...]) -> int:
    return sum(a * b for a, b in zip(goal.utility[seat], v, strict=True))


def _moves(tp: TrickPlay, goal: Goal, n: int) -> dict[int, tuple[int, ...]]:
    out = {}
    seat = tp.to_move
    legal = tp.legal(seat) & CARDS
    for c in range(52):
        if legal >> c & 1:
            child = tp.copy()
            pts = sum(int(CARD_POINTS[y]) for _, y in tp.trick) + int(CARD_POINTS[c])
            w = child.play(seat, c)
            row = list(_brute(child, goal, n))
            if w >= 0:
                last = all(h == 0 for h in child.hands)
                row[w] += goal.trick_weight + goal.point_weight * (pts + (goal.skat if last else 0))
            out[c] = tuple(row)
    return out


@cache
def _solver() -> MaxN:
    return MaxN(tt_bits=12)


def _random_ending(rng: random.Random, n: int, k: int, low: int) -> tuple[list[int], int]:
    cards = [c for c in range(52) if c % 13 >= low]
    rng.shuffle(cards)
    hands = [mask_of(cards[i * k : (i + 1) * k]) for i in range(n)]
    rest = cards[n * k :]
    skat = sum(int(CARD_POINTS[c]) for c in rest[:2])
    return hands, skat


def _with_trick(rng: random.Random, tp: TrickPlay, n: int) -> None:
    """Play a few cards of the first trick at random."""
    for _ in range(rng.randrange(n)):
        seat = tp.to_move
        legal = [c for c in range(52) if tp.legal(seat) >> c & 1 and c < 52]
        tp.play(seat, rng.choice(legal))


@pytest.mark.parametrize("jacks", [False, True])
@pytest.mark.parametrize("order", [TEN_SECOND, NATURAL])
def test_ramsch_endings_match_a_brute_force_max_n_f4_f5_f6(jacks: bool, order: int) -> None:
    """F4 (follow suit, A 10 K Q J … or natural), F5 (the jacks as trumps ♣ ♠ ♦ ♥), F6
    (card points, the skat to the last trick's winner), 3 and 4 players."""
    rng = random.Random(f"ramsch {jacks} {order}")
    t = trick_rules(follow=SUIT, order=order, jacks_trump=jacks)
    tmask = off = JACKS if jacks else 0
    for i in range(60):
        n = 3 + i % 2
        k = 2 + i % 3
        hands, skat = _random_ending(rng, n, k, 5)
        goal = Goal.fewest_points(n, skat if n == 3 else 0)
        leader = rng.randrange(n)
        tp = TrickPlay(t, list(hands), leader, -1, tmask, off)
        _with_trick(rng, tp, n)
        got = _solver().move_values(tp.hands, t, -1, tmask, off, leader, tp.trick, goal)
        assert got == _moves(tp, goal, n), (hands, leader, tp.trick)


@pytest.mark.parametrize("must_trump", [True, False])
def test_trump_deal_endings_match_a_brute_force_max_n_t4_t5(must_trump: bool) -> None:
    """T4 (follow; void, a trump if held under ``must_trump``), T5 (tricks, each for
    himself), four players, 32-card ranks."""
    rng = random.Random(f"kony {must_trump}")
    t = trick_rules(follow=TRUMP if must_trump else SUIT)
    for _ in range(60):
        trump = rng.randrange(4)
        hands, _ = _random_ending(rng, 4, rng.randint(2, 4), 5)
        goal = Goal.each_for_himself(4)
        leader = rng.randrange(4)
        tp = TrickPlay(t, list(hands), leader, trump, SUIT_MASKS[trump])
        _with_trick(rng, tp, 4)
        got = _solver().move_values(
            tp.hands, t, trump, SUIT_MASKS[trump], 0, leader, tp.trick, goal
        )
        assert got == _moves(tp, goal, 4), (hands, trump, leader, tp.trick)


@pytest.mark.parametrize("null", [False, True])
def test_side_games_agree_with_the_double_dummy_solver_w5_b8_b10(null: bool) -> None:
    """Max^n with a side's utility is minimax: its declaring side's tricks after each card
    are the double-dummy solver's (two programs written apart)."""
    rng = random.Random(f"sides {null}")
    for _ in range(80):
        must = rng.random() < 0.5 and not null
        t = trick_rules(follow=TRUMP if must else SUIT)
        trump = -1 if null else rng.randrange(-1, 4)
        tmask = SUIT_MASKS[trump] if trump >= 0 else 0
        hands, _ = _random_ending(rng, 4, rng.randint(2, 5), 0)
        declarers = (0,) if null or rng.random() < 0.3 else (0, 2)
        leader = rng.randrange(4)
        got = _solver().move_values(
            hands, t, trump, tmask, 0, leader, (), Goal.sides(declarers, null)
        )
        want = dd.best_moves(hands, trump, leader, declarers, (), null, must_trump=must)
        side = {c: sum(v[s] for s in declarers) for c, v in got.items()}
        assert side == want, (hands, trump, leader, declarers)


def test_a_budget_of_nothing_plays_each_card_out_and_counts_every_trick_and_point() -> None:
    """Past its budget the solver plays out: each card still gets a value vector whose tricks
    and points add up to what is left (F6: 120 in a deal with the skat)."""
    rng = random.Random(7)
    t = trick_rules(order=TEN_SECOND)
    solver = MaxN(tt_bits=10)
    for _ in range(20):
        hands, skat = _random_ending(rng, 3, 10, 5)
        goal = Goal.fewest_points(3, skat)
        got = solver.move_values(hands, t, -1, 0, 0, 0, (), goal, budget=0)
        assert not solver.exact
        assert set(got) == {c for c in range(52) if hands[0] >> c & 1}
        for row in got.values():
            assert sum(v % 16 for v in row) == 10  # every trick taken by someone
            assert sum(v // 16 for v in row) == 120  # and every card point
    hands = [mask_of(parse_cards(h)) for h in ("AS 7H", "KS 8H", "QS 9H")]
    assert solver.move_values(hands, t, -1, 0, 0, 0, (), Goal.fewest_points(3)) == {
        parse_cards("AS")[0]: (18 * 16 + 1, 0, 1),
        parse_cards("7H")[0]: (18 * 16 + 1, 0, 1),
    }
    assert solver.exact


def test_bad_positions_are_refused() -> None:
    t = trick_rules()
    with pytest.raises(ValueError, match="disjoint"):
        MaxN(8).move_values([1, 1, 2], t, -1, 0, 0, 0, (), Goal.fewest_points(3))
    with pytest.raises(ValueError, match="in turn"):
        MaxN(8).move_values([1, 2, 4], t, -1, 0, 0, 0, ((1, 8),), Goal.fewest_points(3))
    with pytest.raises(ValueError, match="2 to 4"):
        MaxN(8).move_values([1, 2, 4], t, -1, 0, 0, 0, (), Goal.fewest_points(4))
