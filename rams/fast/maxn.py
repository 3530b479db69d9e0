"""A max^n solver for the ends of the plain games' deals (RULES §10.2–10.5), and the quick
playouts that stand in for it early in a deal.

Every hand is known. At each position the seat to move picks the card best for *its own*
utility, and the value of a position is the vector of what every seat takes from here: in
Ramsch the card points (F6, the skat's to the winner of the last trick) and the tricks; in
the four trump deals, Whist and Boston the tricks. A seat's utility is a linear form of that
vector (:class:`Goal`): Ramsch's seats each minimise their own points (F7), the trump deals'
maximise their own tricks (T5), a side of Whist or Boston its tricks (W6, B11) — the
double-dummy solver :mod:`rams.fast.dd` is the exact engine for those two; here they get
the playouts.

- a **transposition table** at trick boundaries, keyed by the hands and the leader;
- **equivalent cards**: of two cards of one class in one hand with nothing between them
  still in a hand or on the trick, and the same card points, only the higher is searched
  (their subtrees are the same);
- a **node budget**: when it runs out, each position not yet searched is valued by a
  playout instead (every seat plays a simple policy: win cheaply when it wants tricks and
  no friend holds the trick, duck under the winner when it does not), so the search is
  anytime; with a budget of 0 every candidate card is valued by one playout.

Card play is :mod:`rams.tricks`' (the functions the reference engine runs, compiled): the
rank orders, the jacks as trumps (F5), must-trump (W5, T4). A position is the common layout
of every game's compiled deal (:mod:`rams.fast.play`: the hands, the trick, its winner), and
the search plays and takes back its cards with the one play routine
(:func:`rams.fast.play.play_card`, :func:`~rams.fast.play.unplay_card`), its rules vector
the game's trick rules with a plain game's kernel kind (a trick counted to its winner); the
value of a trick is added as it completes. The playouts' simple policy keeps its own few
locals. Ties go to the lowest card, so
results are deterministic.

>>> from rams.cards import mask_of, parse_cards
>>> from rams.tricks import trick_rules
>>> hands = [mask_of(parse_cards(h)) for h in ("AS 7H", "KS 8H", "QS 9H")]
>>> goal = Goal.fewest_points(3)
>>> values = move_values(hands, trick_rules(), -1, 0, 0, 0, (), goal)
>>> values[parse_cards("7H")[0]]   # the 9♥ takes the hearts, the A♠ takes 18 points
(289, 0, 1)
>>> values[parse_cards("AS")[0]]   # in either order: 18 × 16 + 1 trick, and a trick
(289, 0, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numba import njit
from numba.np.unsafe.ndarray import to_fixed_tuple

from rams import tricks
from rams.cards import ACE, JACK, KING, QUEEN, TEN
from rams.fast import play
from rams.fast.play import (
    A_HANDS,
    A_TRICK_CARDS,
    A_TRICK_SEATS,
    CONTINUES,
    HEADER_SIZE,
    S_BEST_TRUMP,
    S_INPLAY,
    S_PAM_MASK,
    S_TO_MOVE,
    S_TRICK_LEN,
    S_TRUMP,
    S_TRUMP_MASK,
    S_WIN_CARD,
    S_WIN_SEAT,
    U_SIZE,
    disjoint_hands,
    low_bit,
    popcount,
)
from rams.fast.tables import KIND_TRICKS, R_KIND, R_SIZE
from rams.tricks import T_SIZE

_RULES_SIZE = R_SIZE  # a global, so that Numba sees a constant
#: The rules vector: an array, or inside the search the same values as a tuple.
RulesVector = np.ndarray | tuple[int, ...]

__all__ = ["Goal", "MaxN", "move_values"]

TT_BITS = 18
_CARDS = (1 << 52) - 1
_M1 = 0x9E3779B97F4A7C15 - (1 << 64)
_M2 = 0xBF58476D1CE4E5B9 - (1 << 64)
_M3 = 0x94D049BB133111EB - (1 << 64)

# The context: rules of card play beside ``t``, the value's weights, the search's counters.
C_N, C_TRUMP, C_TMASK, C_OFF, C_PW, C_TW, C_SKAT, C_BUDGET, C_NODES, C_GEN, C_INEXACT = range(11)
C_SIZE = 12

_RANK_POINTS = {ACE: 11, TEN: 10, KING: 4, QUEEN: 3, JACK: 2}
#: Card points by card (F6), for the goal of the fewest points.
CARD_POINTS = np.array([_RANK_POINTS.get(c % 13, 0) for c in range(52)], dtype=np.int64)
#: Points weigh this much more than tricks in a packed value of points (tricks ≤ 10 < 16).
POINT_WEIGHT = 16


@dataclass(frozen=True)
class Goal:
    """What a deal is played for: each seat's value from here is ``point_weight`` × its card
    points plus ``trick_weight`` × its tricks (``skat`` points go with the last trick), and
    seat ``s`` maximises ``Σ_j utility[s][j] × value[j]``."""

    utility: tuple[tuple[int, ...], ...]
    point_weight: int = 0
    trick_weight: int = 1
    skat: int = 0

    @classmethod
    def fewest_points(cls, n: int, skat: int = 0) -> Goal:
        """F6, F7: each seat keeps its own card points (then tricks) as low as it can."""
        rows = tuple(tuple(-1 if j == s else 0 for j in range(n)) for s in range(n))
        return cls(rows, POINT_WEIGHT, 1, skat)

    @classmethod
    def each_for_himself(cls, n: int) -> Goal:
        """T5: each seat takes as many tricks as it can."""
        return cls(tuple(tuple(int(j == s) for j in range(n)) for s in range(n)))

    @classmethod
    def sides(cls, declarers: Sequence[int], null: bool = False) -> Goal:
        """W6, B11: the declaring side wants tricks and the others want it not to have them;
        in a null (B10) the other way round."""
        d = set(declarers)
        sign = -1 if null else 1
        rows = tuple(
            tuple((sign if s in d else -sign) if j in d else 0 for j in range(4)) for s in range(4)
        )
        return cls(rows)

    def matrix(self) -> np.ndarray:
        return np.array(self.utility, dtype=np.int64)


@njit(cache=True)
def _distinct(t: RulesVector, legal: int, inplay: int, tmask: int, cv: np.ndarray) -> int:
    """``legal`` less each card with an equivalent higher one in the same hand: the next
    card above it still in play is in ``legal`` too and has the same card points."""
    out = legal
    m = legal
    while m:
        c = low_bit(m)
        m &= m - 1
        nxt = tricks.above(t, c, tmask) & inplay
        if nxt == 0:
            continue
        k = popcount(nxt) - 1
        rest = nxt
        while rest:  # the card just above c: all the others in nxt are above it
            x = low_bit(rest)
            rest &= rest - 1
            if popcount(tricks.above(t, x, tmask) & inplay) == k:
                if (legal >> x) & 1 and cv[x] == cv[c]:
                    out &= ~(1 << c)
                break
    return out


@njit(cache=True, inline="always")
def _joins(
    t: RulesVector, ctx: np.ndarray, c: int, seat: int, tlen: int, lead: int, win: int,
    wseat: int, best: int,
) -> tuple[int, int, int, int]:  # fmt: skip
    """The trick after ``seat`` plays ``c`` to it: (card led, winning card, its seat, best
    trump)."""
    tmask = ctx[C_TMASK]
    if tlen == 0:
        lead, win, wseat = c, c, seat
    elif tricks.beats(t, c, win, 0, ctx[C_TRUMP], tmask, ctx[C_OFF]) > 0:
        win, wseat = c, seat
    if (tmask >> c) & 1 and (best < 0 or (tricks.above(t, best, tmask) >> c) & 1):
        best = c
    return lead, win, wseat, best


@njit(cache=True)
def _strength(t: RulesVector, c: int, tmask: int, inplay: int) -> int:
    """How high ``c`` stands: trumps above the rest, then by the cards of its class still
    in play above it (fewer is higher)."""
    return ((tmask >> c) & 1) * 64 - popcount(tricks.above(t, c, tmask) & inplay)


@njit(cache=True)
def _policy(
    h: np.ndarray, t: RulesVector, ctx: np.ndarray, u: np.ndarray, cv: np.ndarray,
    seat: int, tlen: int, lead: int, win: int, wseat: int, best: int, inplay: int,
) -> int:  # fmt: skip
    """The playouts' card: a seat that wants tricks wins cheaply unless a friend holds the
    trick, else plays low; a seat that does not ducks under the winner with its highest
    card that still loses, else (void) throws its highest points, else plays its lowest
    card (the last hand, forced to win, its highest)."""
    n = ctx[C_N]
    trump, tmask, off = ctx[C_TRUMP], ctx[C_TMASK], ctx[C_OFF]
    legal = tricks.legal(t, h[seat], tlen, lead, win, 0, best, False, trump, tmask, off)
    legal &= _CARDS
    wants = u[seat, seat] > 0
    lo = hi = lo_win = hi_lose = pts = -1
    slo = shi = slw = shl = 1 << 30
    shi = -shi
    shl = -shl
    m = legal
    while m:
        c = low_bit(m)
        m &= m - 1
        sc = _strength(t, c, tmask, inplay)
        if sc < slo:
            slo, lo = sc, c
        if sc > shi:
            shi, hi = sc, c
        takes = tlen == 0 or tricks.beats(t, c, win, 0, trump, tmask, off) > 0
        if takes and sc < slw:
            slw, lo_win = sc, c
        if not takes:
            if sc > shl:
                shl, hi_lose = sc, c
            if pts < 0 or cv[c] > cv[pts]:
                pts = c
    if tlen == 0:
        return hi if wants else lo
    friend = u[seat, wseat] > 0 and wseat != seat
    if wants:
        if friend or lo_win < 0:
            return lo
        return lo_win
    if hi_lose >= 0:
        if cv[pts] > 0 and not tricks._same_class(hi_lose, lead, tmask, off):
            return pts  # void in the suit led: throw points on another's trick
        return hi_lose
    return hi if tlen == n - 1 else lo


@njit(cache=True)
def _playout(
    h0: np.ndarray, t: RulesVector, ctx: np.ndarray, u: np.ndarray, cv: np.ndarray,
    leader: int, tlen: int, lead: int, win: int, wseat: int, best: int, tpts: int,
    out: np.ndarray,
) -> None:  # fmt: skip
    """Play the rest by :func:`_policy`; ``out`` gets each seat's value from here."""
    n = ctx[C_N]
    h = h0.copy()
    for j in range(n):
        out[j] = 0
    inplay = 0
    for j in range(n):
        inplay |= h[j]
    while True:
        seat = (leader + tlen) % n
        if h[seat] == 0:
            break
        c = _policy(h, t, ctx, u, cv, seat, tlen, lead, win, wseat, best, inplay)
        h[seat] &= ~(1 << c)
        inplay &= ~(1 << c)
        lead, win, wseat, best = _joins(t, ctx, c, seat, tlen, lead, win, wseat, best)
        tpts += cv[c]
        tlen += 1
        if tlen == n:
            last = inplay == 0
            out[wseat] += ctx[C_TW] + ctx[C_PW] * (tpts + (ctx[C_SKAT] if last else 0))
            leader, tlen, tpts, best = wseat, 0, 0, -1
            if last:
                break


@njit(cache=True)
def _key(p: np.ndarray, n: int, leader: int, gen: int) -> tuple[int, int]:
    a = leader + 1 + gen * _M3
    b = gen + 7 * leader
    for j in range(n):
        hand = p[A_HANDS + j]
        x = hand ^ (a >> 17)
        a = (a ^ x) * _M1
        a ^= a >> 29
        b = (b + hand) * _M2
        b ^= b >> 31
    return a, b | 1


@njit(cache=True, inline="always")
def _trick_value(p: np.ndarray, ctx: np.ndarray, cv: np.ndarray) -> int:
    """What the trick just completed in ``p`` is worth to its winner: a trick and its card
    points, the skat's with the last trick."""
    pts = 0
    for i in range(ctx[C_N]):
        pts += cv[p[A_TRICK_CARDS + i]]
    if p[S_INPLAY] == 0:
        pts += ctx[C_SKAT]
    return ctx[C_TW] + ctx[C_PW] * pts


@njit(cache=True)
def _playout_from(
    p: np.ndarray, t: RulesVector, ctx: np.ndarray, u: np.ndarray, cv: np.ndarray,
    out: np.ndarray,
) -> None:  # fmt: skip
    """:func:`_playout` from position ``p``."""
    n = ctx[C_N]
    tlen = p[S_TRICK_LEN]
    h = np.zeros(n, dtype=np.int64)
    for j in range(n):
        h[j] = p[A_HANDS + j]
    if tlen == 0:
        _playout(h, t, ctx, u, cv, p[S_TO_MOVE], 0, -1, -1, -1, -1, 0, out)
        return
    tpts = 0
    for i in range(tlen):
        tpts += cv[p[A_TRICK_CARDS + i]]
    _playout(h, t, ctx, u, cv, p[A_TRICK_SEATS], tlen, p[A_TRICK_CARDS], p[S_WIN_CARD],
             p[S_WIN_SEAT], p[S_BEST_TRUMP], tpts, out)  # fmt: skip


@njit(cache=True)
def _search(
    p: np.ndarray, t: RulesVector, ctx: np.ndarray, u: np.ndarray, cv: np.ndarray,
    keys: np.ndarray, vals: np.ndarray, out: np.ndarray,
) -> None:  # fmt: skip
    """The max^n value of position ``p`` (the common layout of :mod:`rams.fast.play`,
    played and taken back by its one play routine) into ``out``; ``p`` is left as it was
    (an explicit stack: Numba's cached code crashes on recursion, numba issue 6061)."""
    n = ctx[C_N]
    depth = 1
    for j in range(n):
        depth += popcount(p[A_HANDS + j])
    seat_ = np.zeros(depth + 1, dtype=np.int64)
    moves = np.zeros(depth + 1, dtype=np.int64)
    card = np.zeros(depth + 1, dtype=np.int64)
    done = np.zeros(depth + 1, dtype=np.bool_)
    undos = np.zeros((depth + 1, U_SIZE), dtype=np.int64)
    gseat = np.zeros(depth + 1, dtype=np.int64)
    gain = np.zeros(depth + 1, dtype=np.int64)
    has = np.zeros(depth + 1, dtype=np.int64)
    k1 = np.zeros(depth + 1, dtype=np.int64)
    k2 = np.zeros(depth + 1, dtype=np.int64)
    value = np.zeros((depth + 1, 4), dtype=np.int64)
    ret = np.zeros(4, dtype=np.int64)
    mask = keys.shape[0] - 1
    tmask = ctx[C_TMASK]
    d = 0
    entering = True
    while True:
        if entering:  # a new position at depth d: a value now, or its moves
            entering = False
            s = p[S_TO_MOVE]
            found = False
            k1[d] = 0
            if p[A_HANDS + s] == 0:
                for j in range(4):
                    ret[j] = 0
                found = True
            elif p[S_TRICK_LEN] == 0:
                a, b = _key(p, n, s, ctx[C_GEN])
                k1[d], k2[d] = a, b
                i = a & mask
                if keys[i, 0] == a and keys[i, 1] == b:
                    for j in range(4):
                        ret[j] = vals[i, j]
                    found = True
            if not found and ctx[C_NODES] >= ctx[C_BUDGET]:
                _playout_from(p, t, ctx, u, cv, ret)
                ctx[C_INEXACT] = 1
                k1[d] = 0
                found = True
            if found:
                if d == 0:
                    break
                d -= 1
                continue
            else:
                ctx[C_NODES] += 1
                seat_[d] = s
                legal = play.legal_mask(p, t, s)
                moves[d] = _distinct(t, legal, p[S_INPLAY], tmask, cv)
                has[d] = 0
        else:  # a child's value in ret: take the move back, keep the best
            s = seat_[d]
            play.unplay_card(p, t, s, card[d], undos[d], done[d])
            if gseat[d] >= 0:
                ret[gseat[d]] += gain[d]
            better = has[d] == 0
            if not better:
                mine = 0
                old = 0
                for j in range(n):
                    mine += u[s, j] * ret[j]
                    old += u[s, j] * value[d, j]
                better = mine > old
            if better:
                has[d] = 1
                for j in range(4):
                    value[d, j] = ret[j]
        # the next move at depth d, or its value back to the parent
        if moves[d] == 0:
            for j in range(4):
                ret[j] = value[d, j]
            if k1[d] != 0:
                i = k1[d] & mask
                keys[i, 0], keys[i, 1] = k1[d], k2[d]
                for j in range(4):
                    vals[i, j] = ret[j]
            if d == 0:
                break
            d -= 1
            continue
        s = seat_[d]
        c = low_bit(moves[d])
        moves[d] &= moves[d] - 1
        card[d] = c
        done[d] = play.play_card(p, t, s, c, undos[d]) != CONTINUES
        gseat[d] = -1
        if done[d]:
            gseat[d] = p[S_TO_MOVE]
            gain[d] = _trick_value(p, ctx, cv)
        d += 1
        entering = True
    for j in range(4):
        out[j] = ret[j]


@njit(cache=True)
def _move_values(
    p: np.ndarray, t: RulesVector, ctx: np.ndarray, u: np.ndarray, cv: np.ndarray,
    keys: np.ndarray, vals: np.ndarray, out: np.ndarray,
) -> int:  # fmt: skip
    """For each legal card of the seat to move in position ``p``, the value vector after it
    (``out[card]``); returns the legal mask."""
    # The rules as a tuple, not an array: the compiler keeps them in registers (as the
    # Rams solver does, :func:`rams.fast.solver.solve_position`).
    rules: tuple[int, ...] = to_fixed_tuple(t, _RULES_SIZE)  # type: ignore[call-arg]
    s = p[S_TO_MOVE]
    legal = play.legal_mask(p, rules, s)
    m = legal
    row = np.zeros(4, dtype=np.int64)
    undo = np.zeros(U_SIZE, dtype=np.int64)
    per = ctx[C_BUDGET]
    while m:
        c = low_bit(m)
        m &= m - 1
        ctx[C_BUDGET] = ctx[C_NODES] + per  # each card its own budget
        completed = play.play_card(p, rules, s, c, undo) != CONTINUES
        winner = p[S_TO_MOVE]
        g = _trick_value(p, ctx, cv) if completed else 0
        _search(p, rules, ctx, u, cv, keys, vals, row)
        row[winner] += g
        play.unplay_card(p, rules, s, c, undo, completed)
        for j in range(4):
            out[c, j] = row[j]
    return legal


@njit(cache=True)
def _position(
    hands: np.ndarray, t: RulesVector, ctx: np.ndarray, leader: int, tcards: np.ndarray
) -> np.ndarray:
    """The position in the common layout: the hands, the trick's cards played in turn from
    ``leader`` by the one play routine."""
    n = ctx[C_N]
    p = np.zeros(HEADER_SIZE, dtype=np.int64)
    for j in range(n):
        p[A_HANDS + j] = hands[j]
    play.all_play(p, n)
    p[S_TRUMP] = ctx[C_TRUMP]
    p[S_TRUMP_MASK] = ctx[C_TMASK]
    p[S_PAM_MASK] = ctx[C_OFF]
    p[S_TO_MOVE] = leader
    for i in range(tcards.shape[0]):
        p[S_INPLAY] |= 1 << tcards[i]
        play.play_card(p, t, p[S_TO_MOVE], tcards[i], None)
    return p


class MaxN:
    """A solver with its own transposition table; ``nodes`` counts positions searched and
    ``exact`` says whether the last answer needed no playout."""

    def __init__(self, tt_bits: int = TT_BITS) -> None:
        self._keys = np.zeros((1 << tt_bits, 2), dtype=np.int64)
        self._vals = np.zeros((1 << tt_bits, 4), dtype=np.int64)
        self._gen = 0
        self.nodes = 0
        self.exact = True

    def move_values(
        self,
        hands: Sequence[int],
        t: Sequence[int],
        trump: int,
        trump_mask: int,
        off_suit: int,
        leader: int,
        trick: Sequence[tuple[int, int]],
        goal: Goal,
        budget: int = 1 << 62,
    ) -> dict[int, tuple[int, ...]]:
        """For each legal card of the seat to move, every seat's value from here (the trick
        in progress included) after it, with max^n play after; once a card's search has
        taken ``budget`` positions the rest of its positions are valued by a playout
        (``budget=0``: one playout a card)."""
        n = len(hands)
        if not 2 <= n <= 4 or len(goal.utility) != n:
            raise ValueError(f"2 to 4 hands and a goal for each: {len(hands)} hands")
        seen = disjoint_hands(hands)
        for i, (p, c) in enumerate(trick):
            if p != (leader + i) % n or not 0 <= c < 52 or (seen >> c) & 1:
                raise ValueError(f"trick {trick!r} is not played in turn from {leader!r}")
        if len(trick) >= n:
            raise ValueError(f"a trick in progress has at most {n - 1} cards: {trick!r}")
        self._gen += 1
        ctx = np.zeros(C_SIZE, dtype=np.int64)
        ctx[C_N], ctx[C_TRUMP], ctx[C_TMASK], ctx[C_OFF] = n, trump, trump_mask, off_suit
        ctx[C_PW], ctx[C_TW], ctx[C_SKAT] = goal.point_weight, goal.trick_weight, goal.skat
        ctx[C_BUDGET], ctx[C_GEN] = budget, self._gen
        out = np.zeros((52, 4), dtype=np.int64)
        # The rules vector every kernel reads (:mod:`rams.fast.tables`), of the one size the
        # compiled search is made for: the trick rules, a trick counted to its winner.
        rules = np.zeros(R_SIZE, dtype=np.int64)
        rules[:T_SIZE] = t[:T_SIZE]
        rules[R_KIND] = KIND_TRICKS
        position = _position(
            np.array(hands, dtype=np.int64), rules, ctx, leader,
            np.array([c for _, c in trick], dtype=np.int64),
        )  # fmt: skip
        legal = _move_values(
            position, rules, ctx, goal.matrix(), CARD_POINTS, self._keys, self._vals, out
        )
        self.nodes = int(ctx[C_NODES])
        self.exact = not ctx[C_INEXACT]
        return {c: tuple(int(x) for x in out[c, :n]) for c in range(52) if legal >> c & 1}


_default: MaxN | None = None


def move_values(
    hands: Sequence[int],
    t: Sequence[int],
    trump: int,
    trump_mask: int,
    off_suit: int,
    leader: int,
    trick: Sequence[tuple[int, int]],
    goal: Goal,
    budget: int = 1 << 62,
) -> dict[int, tuple[int, ...]]:
    """:meth:`MaxN.move_values` on a shared solver. ``hands``: each seat's cards (52-bit
    masks); ``t``: the trick-rules vector (:func:`rams.tricks.trick_rules`); ``trump``,
    ``trump_mask``, ``off_suit`` as :class:`rams.games.plain.deal.TrickPlay` has them;
    ``trick``: the ``(seat, card)`` pairs already played, in turn from ``leader``."""
    global _default
    if _default is None:
        _default = MaxN()
    return _default.move_values(hands, t, trump, trump_mask, off_suit, leader, trick, goal, budget)
