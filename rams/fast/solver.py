"""An exact solver for the rest of a deal whose cards are all known (2–7 players).

Search is **max^n**: at every node the player to act picks the card that is best for *his
own* result, and the value of a node is the vector of every player's result. A player's
result is his record at the end of the deal (lower is better) and a bonus of ``WIN_BONUS``
if he wins the game in this deal (S6; the others then go back to their pre-play records, as
the rules say). No reduction changes the answer:

- a **transposition table** keyed at trick boundaries (the hands, records, who has taken a
  trick, the leader and a pending P5 duty decide the rest of the deal);
- **equivalent cards**: of two cards of one suit in one hand with nothing between them still
  in another hand or on the table, only one is searched (never for trump A K Q J, Pam or the
  ace of spades, which rules single out: P4–P6, M1, M4, K7);
- ties go to the first card in the move order (lower cards first), so results are
  deterministic.

Max^n admits no alpha-beta pruning, so for large tables a **node budget** turns the search
into an anytime one: when the budget runs out, unexplored continuations are valued by a
quick playout (every player plays his highest legal card); :func:`solve` reports whether
the result is exact.

A position is a fast-core state (:mod:`rams.fast.play`'s layout, the one the fast core plays
in), and cards are played and taken back by that module's kernel, so every rule of card play
is the one the fast core and the reference engine use (:mod:`rams.tricks`).
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.np.unsafe.ndarray import to_fixed_tuple

from rams.cards import HIGHER, LOWER
from rams.fast import play
from rams.fast.play import (
    A_CREDITED,
    A_HANDS,
    A_RECORDS,
    MAXP,
    S_INPLAY,
    S_N,
    S_Q_DUE,
    S_SPECIAL,
    S_TO_MOVE,
    S_TRICK_LEN,
    S_TRICKS_PLAYED,
    S_WINNER,
    U_SIZE,
    VAL,
)
from rams.fast.tables import R_SIZE

__all__ = ["WIN_BONUS", "new_table", "position_of", "solve", "solve_position", "utility"]

WIN_BONUS = 1000
_R_SIZE = R_SIZE  # a global, so that Numba sees a constant
#: The rules vector: an array, or inside the search the same values as a tuple.
RulesVector = np.ndarray | tuple[int, ...]

_ABOVE = np.array(HIGHER, dtype=np.int64)
_BELOW = np.array(LOWER, dtype=np.int64)
TT_BITS = 20
# The table is used at trick boundaries while fewer tricks than this have been played (5:
# always). Measured: leaving it out of the last tricks raises positions per second a little
# but multiplies the positions searched (by 10–25 at 7 players), so it is used throughout.
TT_LAST = 5


def new_table(bits: int = TT_BITS) -> tuple[np.ndarray, np.ndarray]:
    """An empty transposition table (keys, values) of 2**bits entries."""
    return np.zeros(1 << bits, dtype=np.int64), np.zeros((1 << bits, VAL), dtype=np.int64)


@njit(cache=True)
def position_of(s: np.ndarray, r: np.ndarray) -> np.ndarray:
    """The solver's position for a fast-core state in the play phase: a copy of it (the
    solver searches the fast core's own layout)."""
    return s.copy()


def _signed64(x: int) -> int:
    return x - (1 << 64) if x >= 1 << 63 else x


# The index of a one-bit mask by a de Bruijn multiplication (no scan over 52 bits).
_DEBRUIJN_MUL = 0x03F79D71B4CB0A89
_DEBRUIJN = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _DEBRUIJN[(((1 << _i) * _DEBRUIJN_MUL) % (1 << 64)) >> 58] = _i
assert sorted(_DEBRUIJN.tolist()) == list(range(64))

_K1 = _signed64(0x9E3779B97F4A7C15)
_K2 = _signed64(0x94D049BB133111EB)
_K3 = _signed64(0xBF58476D1CE4E5B9)


@njit(cache=True, inline="always")
def _hash(p: np.ndarray, seat: int) -> int:
    """A 64-bit key of what decides the rest of the deal at a trick boundary."""
    n = p[S_N]
    h = (seat + 1) * _K1
    for i in range(n):
        h ^= p[A_HANDS + i] + _K1 * (i + 1)
        h *= _K2
        h ^= (p[A_RECORDS + i] + 4096) * 131 + p[A_CREDITED + i]
        h *= _K3
        h ^= (h >> 29) & 0x7FFFFFFFF
    h ^= (p[S_Q_DUE] + 2) * 977
    h *= _K2
    h ^= (h >> 31) & 0x1FFFFFFFF
    if h == 0:
        h = 1
    return h


@njit(cache=True, inline="always")
def _finish_deal(p: np.ndarray, r: RulesVector, vals: np.ndarray, d: int) -> None:
    """The final value row of a finished position, with its remises, into ``vals[d]``."""
    n = p[S_N]
    for i in range(n):
        vals[d, i] = p[A_RECORDS + i]
    vals[d, MAXP] = p[S_WINNER]
    if p[S_WINNER] >= 0:
        return
    for i in range(n):
        vals[d, i] += play.remise(p, r, i)


@njit(cache=True, inline="always")
def utility(row: np.ndarray, seat: int) -> int:
    """A player's result in a value row: minus his final record, plus the win bonus."""
    u = -row[seat]
    if row[MAXP] == seat:
        u += WIN_BONUS
    return u


@njit(cache=True)
def _playout(p: np.ndarray, r: RulesVector, vals: np.ndarray, d: int) -> None:
    """A quick estimate when the node budget is spent: everyone plays his highest legal card."""
    q = p.copy()
    undo = np.zeros(U_SIZE, dtype=np.int64)
    while q[S_WINNER] < 0 and q[S_TRICKS_PLAYED] < 5:
        seat = q[S_TO_MOVE]
        legal = play.legal_mask(q, r, seat)
        c = 63
        while not (legal >> c) & 1:
            c -= 1
        play.play_card(q, r, seat, c, undo)
    _finish_deal(q, r, vals, d)


@njit(cache=True)
def _search(
    p: np.ndarray,
    r: RulesVector,
    root: int,
    vals: np.ndarray,
    undos: np.ndarray,
    tt_keys: np.ndarray,
    tt_vals: np.ndarray,
    stats: np.ndarray,
) -> None:
    """Max^n value of position ``p`` into ``vals[root]`` (an explicit-stack depth-first
    search: no recursion in the hot loop). stats[0] counts positions, stats[1] is the node
    budget left (negative: unlimited), stats[2] is set when the budget cut the search."""
    rem = np.zeros(64, dtype=np.int64)  # cards still to try at each depth
    cur = np.zeros(64, dtype=np.int64)  # the card being tried
    done = np.zeros(64, dtype=np.bool_)  # did that card complete a trick
    best = np.zeros(64, dtype=np.int64)
    seats = np.zeros(64, dtype=np.int64)
    keys = np.zeros(64, dtype=np.int64)
    prevs = np.zeros(64, dtype=np.int64)
    others = np.zeros(64, dtype=np.int64)
    tt_mask = tt_keys.shape[0] - 1
    special = p[S_SPECIAL]
    count = 0  # positions searched (written back to stats on return)
    budget = stats[1]
    cut = stats[2]
    d = root
    entering = True
    while True:
        if entering:
            if p[S_WINNER] >= 0 or p[S_TRICKS_PLAYED] == 5:
                _finish_deal(p, r, vals, d)
                entering = False
            else:
                seat = p[S_TO_MOVE]
                seats[d] = seat
                keys[d] = 0
                hit = False
                if p[S_TRICK_LEN] == 0 and p[S_TRICKS_PLAYED] < TT_LAST:
                    key = _hash(p, seat)
                    keys[d] = key
                    slot = key & tt_mask
                    if tt_keys[slot] == key:
                        for i in range(VAL):
                            vals[d, i] = tt_vals[slot, i]
                        hit = True
                if hit:
                    entering = False
                elif budget == 0:
                    cut = 1
                    _playout(p, r, vals, d)
                    entering = False
                else:
                    rem[d] = play.legal_mask(p, r, seat)
                    others[d] = p[S_INPLAY] & ~p[A_HANDS + seat]
                    best[d] = -(1 << 62)
                    prevs[d] = -1
        if not entering:
            # Back at the parent: undo its card and compare the child's value.
            if d == root:
                stats[0] += count
                stats[1] = budget
                stats[2] = cut
                return
            d -= 1
            seat = seats[d]
            c = cur[d]
            play.unplay_card(p, r, seat, c, undos[d], done[d])
            u = -vals[d + 1, seat]
            if vals[d + 1, MAXP] == seat:
                u += WIN_BONUS
            if u > best[d]:
                best[d] = u
                for i in range(VAL):
                    vals[d, i] = vals[d + 1, i]
        # Next card at depth d (lower cards first; equivalent cards skipped).
        seat = seats[d]
        legal = rem[d]
        c = -1
        while legal:
            low = legal & -legal
            nxt = _DEBRUIJN[((low * _DEBRUIJN_MUL) >> 58) & 63]
            legal ^= low
            prev = prevs[d]
            if (
                prev >= 0
                and prev // 13 == nxt // 13
                and (_ABOVE[prev] & _BELOW[nxt] & others[d]) == 0
                and not ((special >> nxt) & 1)
                and not ((special >> prev) & 1)
            ):
                prevs[d] = nxt  # equivalent to the card just searched
                continue
            c = nxt
            break
        rem[d] = legal
        if c < 0:
            if keys[d] != 0 and cut == 0:
                slot = keys[d] & tt_mask
                tt_keys[slot] = keys[d]
                for i in range(VAL):
                    tt_vals[slot, i] = vals[d, i]
            entering = False
            continue
        prevs[d] = c
        cur[d] = c
        count += 1
        if budget > 0:
            budget -= 1
        done[d] = play.play_card(p, r, seat, c, undos[d]) != play.CONTINUES
        d += 1
        entering = True


@njit(cache=True)
def solve(
    s: np.ndarray,
    r: np.ndarray,
    tt_keys: np.ndarray,
    tt_vals: np.ndarray,
    budget: int,
    moves: np.ndarray,
    rows: np.ndarray,
) -> tuple[int, int, bool]:
    """Solve a fast-core state in the play phase: for each legal card of the seat to act,
    the value row (final records, winner) under max^n play.

    Writes the cards into ``moves`` and their rows into ``rows``; returns (number of moves,
    positions searched, exact). ``budget`` caps the positions (≤ 0: no cap). ``s`` is left
    unchanged.
    """
    return solve_position(s, r, tt_keys, tt_vals, budget, moves, rows)


@njit(cache=True)
def solve_position(
    p: np.ndarray,
    r: np.ndarray,
    tt_keys: np.ndarray,
    tt_vals: np.ndarray,
    budget: int,
    moves: np.ndarray,
    rows: np.ndarray,
) -> tuple[int, int, bool]:
    """:func:`solve` on a position: a fast-core state (from the fast core, or built by a bot
    from a sampled deal); ``p`` is left unchanged."""
    seat = p[S_TO_MOVE]
    vals = np.zeros((48, VAL), dtype=np.int64)
    undos = np.zeros((48, U_SIZE), dtype=np.int64)
    stats = np.zeros(3, dtype=np.int64)
    stats[1] = budget if budget > 0 else -1
    # The rules as a tuple of values, not an array: the compiler can then keep them in
    # registers instead of reloading them after every write to the position (it cannot
    # prove that two arrays do not overlap). Measured: 14 → 19 M positions/s. (Mypy reads
    # the Numba intrinsic's signature with its typing context.)
    rules: tuple[int, ...] = to_fixed_tuple(r, _R_SIZE)  # type: ignore[call-arg]
    legal = play.legal_mask(p, rules, seat)
    k = 0
    undo = np.zeros(U_SIZE, dtype=np.int64)
    for c in range(52):
        if not (legal >> c) & 1:
            continue
        moves[k] = c
        stats[0] += 1
        completed = play.play_card(p, rules, seat, c, undo) != play.CONTINUES
        _search(p, rules, 1, vals, undos, tt_keys, tt_vals, stats)
        play.unplay_card(p, rules, seat, c, undo, completed)
        for i in range(VAL):
            rows[k, i] = vals[1, i]
        k += 1
    return k, stats[0], stats[2] == 0
