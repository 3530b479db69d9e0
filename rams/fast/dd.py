"""A double-dummy solver for side-against-side trick games of four seats (Вист, Бостон).

Every hand is known. One side (the declarer with or without a partner, W1, B5) plays
against the rest; the value of a position is the number of tricks the declaring side takes
from here on with best play by both sides. Card play is W5 / B8: follow suit, else (with
``must_trump``, W5) a trump if one is held, else any card; the highest trump wins, else
the highest card of the suit led. For the nulls (B10) the declarer alone *minimises* his
tricks and the others maximise them: ``solve(..., null=True) >= 1`` says that the declarer
can be forced to take a trick.

The search is the one of the C++ solver DDS, smaller:

- **zero-window searches**: a boolean search answers "does the declaring side take at
  least ``k`` more tricks?", and ``k`` is found by stepping from a high-card estimate;
- **transposition tables** at trick boundaries, both keyed by the cards still in play in
  *relative-rank* form (each suit's cards ranked among the cards of that suit still in
  play, so positions that differ only in which low cards are gone share an entry), with a
  lower and an upper bound on the tricks still to come and the best lead for move ordering:
  an exact table, and a **partition** table (DDS's "winning ranks"): the search also
  returns the cards whose ranks its result depends on (the winners of tricks won by rank),
  and an entry holds for every position with the same suit lengths in each hand whose
  cards agree in owner from each suit's top down to its lowest relevant card. Its entries
  are grouped in blocks, one a suit-length pattern (with leader and rules), of up to 63
  entries each, scanned with two masked comparisons an entry: the positions of one
  pattern are many, and a small hash bucket could not hold them. Keys also hold the
  leader, the trump, the sides and the rules, so entries stay valid from one solve to the
  next (a sampling bot reuses them);
- **equivalent cards**: cards of one suit in one hand with nothing between them but cards
  of completed tricks are one move (checked with a handful of bit operations). When such a
  run's lowest card stood for the run and the result after it depends on one of the
  run's higher cards, the card itself becomes relevant (after a higher card of the run the
  result is the same with the two ranks swapped); without that, an entry would cover
  positions where the run is broken and its cards are different moves;
- **small cards** (DDS's ``MakeNext``): once a card that ranks below every card of its
  suit that the results of the node's searched moves depend on has failed, the hand's
  other such cards of the suit lead to positions of the same partition class and are not
  searched (unless a card stands for a run that reaches up to a relevant card);
- **move ordering**: win cheaply, else play low, and discard (DDS's weights) from a long
  suit, not a singleton winner nor from a king and one; lead winners, then towards a
  partner's winner, then suits in which the opponents hold few cards (DDS: they have few
  choices); the best lead from the table first;
- **killer leads**: the last lead that settled a node at the same depth is tried early;
- **quick tricks**: at a trick boundary the leader's sure winners bound the result, and
  so do, whoever leads, the trumps of any one hand above all the other side's trumps (each
  wins a trick for his side: only his partners' trumps can beat it). As in DDS, a bound
  from the quick tricks is not stored in the tables (recomputed when the node comes back;
  3 % fewer positions);
- **a sure trick in progress** (DDS's second-hand quick trick, at every hand of a trick):
  when the search needs only the current trick, or every trick left, and a side can take
  the current trick whatever the others play (a hand yet to play holds a card that beats
  the card winning it and anything an opponent yet to play could play), the node is
  settled without its moves (not in a null, where the side need not take it).

The search is compiled once per distinct set of trick rules (the head of the shared rules
vector, :mod:`rams.fast.tables`), the rules a constant in it (:func:`kernel`).

A position is the four hands (52-bit masks, card ``13 * suit + rank``, :mod:`rams.cards`),
the cards on the table in the current trick and who led it.

>>> from rams.cards import SUIT_MASKS
>>> solve(list(SUIT_MASKS), trump=-1, leader=0, declarers=(0, 2))
13
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence

import numpy as np
from numba import njit
from numba.core.errors import NumbaIRAssumptionWarning

from rams import tricks
from rams.cards import HIGHER, SUIT_MASKS
from rams.fast.play import disjoint_hands  # (and registers card play with Numba)
from rams.fast.tables import KIND_SIDES, R_KIND, R_SIZE

__all__ = ["DoubleDummy", "best_moves", "solve"]

TT_BITS = 20
"""Log2 of the rows of each table: the exact table (24 bytes a row, 2 a bucket) and the
partition table (40 bytes a row, in blocks of BLOCK rows, WAYS blocks a hash set)."""

_FULL = (1 << 52) - 1
_SUIT = np.array(SUIT_MASKS, dtype=np.int64)
_ABOVE = np.array(HIGHER, dtype=np.int64)
_RANK0 = 1 | 1 << 13 | 1 << 26 | 1 << 39
_NOT_RANK0 = _FULL & ~_RANK0
# Suits 0 and 2, and suits 1 and 3: a carry out of one suit never runs into the other.
_EVEN = SUIT_MASKS[0] | SUIT_MASKS[2]
_ODD = SUIT_MASKS[1] | SUIT_MASKS[3]
_HIGH13 = np.array([m.bit_length() - 1 for m in range(1 << 13)], dtype=np.int64)
_POP13 = np.array([m.bit_count() for m in range(1 << 13)], dtype=np.int64)

# The context vector: the rules, the sides, the table's age, the rules' key bits, the
# trump mask, and the count of positions searched at which to stop (0: none).
C_TRUMP, C_DECL, C_MAX, C_NULL, C_GEN, C_RULES, C_TMASK, C_LIMIT = range(8)
C_SIZE = 8
# Stats: positions searched, and whether the last solve stopped at its limit (1).
ST_NODES, ST_STOPPED = 0, 1

_H1 = 0x2545F4914F6CDD1D
_H2 = 0x5851F42D4C957F2D

# The partition table is made of blocks of BLOCK rows, one block a suit-length pattern
# (the suit lengths of each hand, 4 bits each) and leader and rules; the block's first row
# is its header (H_LEN: the lengths, H_RK: leader and rules, 0 for a free block, H_N: its
# entries, H_W: the next to overwrite once full, H_GEN: the table's age at its last use).
# An entry: the owners of the cards in play from each suit's top down (2 bits a card, 26
# bits a suit, two suits a word, top-aligned) under a mask of the cards its result depends
# on, and its value: the bounds, the best lead, how many top cards of each suit it covers.
P_PAT0, P_PAT1, P_M0, P_M1, P_VAL = range(5)
H_LEN, H_RK, H_N, H_W, H_GEN = range(5)
T_SIZE = 5
BLOCK = 64
WAYS = 4
_V_UB, _V_BEST, _V_KS = 4, 8, 14
# An exact entry (a row of the exact table, 2 a bucket): the cards in play in relative
# ranks with their owners, the leader and rules (two words); the bounds, best lead, and
# the top cards of each suit the bounds depend on (4 bits a suit, at _E_KS); its age.
E_K0, E_K1, E_VAL = range(3)
E_SIZE = 3
_E_KS, _E_REM, _E_GEN = 14, 30, 34

# A node of the explicit search stack (Numba's cached code crashes on recursion, numba
# issue 6061): one row of ``st`` per depth. F_REL: the cards whose ranks the node's result
# depends on; F_SEQ, F_CNT: each suit's owner sequence and length (trick boundaries);
# F_LOW: per suit (4 bits), the rank below which the hand's cards are not searched (small
# cards); F_W0, F_W1: the owner sequences top-aligned, two suits a word.
(F_ALIVE, F_TMASK, F_LEAD, F_WCARD, F_WSEAT, F_TLEN, F_LEADER, F_NEED, F_REM, F_N, F_I,
 F_MAX, F_LB, F_UB, F_REL, F_LENKEY, F_SEQ) = range(17)  # fmt: skip
F_CNT = F_SEQ + 4
F_LOW = F_CNT + 4
F_W0 = F_LOW + 1
F_W1 = F_W0 + 1
F_SIZE = F_W0 + 2
_ENTER, _NEXT, _RETURN = 0, 1, 2


@njit(cache=True, inline="always")
def _pop(m: int) -> int:
    return (
        _POP13[m & 0x1FFF]
        + _POP13[(m >> 13) & 0x1FFF]
        + _POP13[(m >> 26) & 0x1FFF]
        + _POP13[(m >> 39) & 0x1FFF]
    )


@njit(cache=True, inline="always")
def _top(m: int, s: int) -> int:
    """The highest card of suit ``s`` in ``m``, or -1."""
    r = _HIGH13[(m >> (13 * s)) & 0x1FFF]
    return -1 if r < 0 else 13 * s + r


# Card play is the shared rules (:mod:`rams.tricks`) read from the rules vector every
# kernel reads (:mod:`rams.fast.tables`: Whist's and Boston's trick rules, W5, B8, and the
# kernel kind of a side's tricks). The search's functions take the trick rules, the
# vector's head, as a tuple, and are compiled once per distinct head with the tuple a
# constant (:func:`kernel`): the rules cost nothing at a node, as if written in (issue 25).
# The trump mask is in the context.
_T_SIZE = tricks.T_SIZE  # a global, so that Numba sees a constant


def rules_vector(must_trump: bool = False) -> np.ndarray:
    """The rules vector of the solver's card play: follow suit, natural order, and with
    ``must_trump`` (W5) a player void in the suit led trumps if he can."""
    r = np.zeros(R_SIZE, dtype=np.int64)
    r[: tricks.T_SIZE] = tricks.trick_rules(tricks.TRUMP if must_trump else tricks.SUIT)
    r[R_KIND] = KIND_SIDES
    return r


@njit(cache=True)
def _shape(hands: np.ndarray, alive: int, st: np.ndarray, d: int) -> int:
    """The suit lengths of each hand (the partition table's block key), and into ``st[d]``
    each suit's owner sequence from its highest card still in play down (2 bits a card),
    also top-aligned, two suits a word, for the partition table's masked comparison."""
    odd = hands[1] | hands[3]
    high = hands[2] | hands[3]
    lenkey = 0
    for s in range(4):
        sh = 13 * s
        for p in range(4):
            lenkey |= _POP13[(hands[p] >> sh) & 0x1FFF] << (16 * s + 4 * p)
        m = (alive >> sh) & 0x1FFF
        o = (odd >> sh) & 0x1FFF
        h = (high >> sh) & 0x1FFF
        seq = 0
        n = 0
        while m:
            r = _HIGH13[m]
            m ^= 1 << r
            seq = (seq << 2) | ((o >> r) & 1) | (((h >> r) & 1) << 1)
            n += 1
        st[d, F_SEQ + s] = seq
        st[d, F_CNT + s] = n
    st[d, F_W0] = (st[d, F_SEQ] << (2 * (13 - st[d, F_CNT]))) | (
        st[d, F_SEQ + 1] << (26 + 2 * (13 - st[d, F_CNT + 1]))
    )
    st[d, F_W1] = (st[d, F_SEQ + 2] << (2 * (13 - st[d, F_CNT + 2]))) | (
        st[d, F_SEQ + 3] << (26 + 2 * (13 - st[d, F_CNT + 3]))
    )
    st[d, F_LENKEY] = lenkey
    return lenkey


@njit(cache=True)
def _block(lenkey: int, rk: int, tt: np.ndarray, gen: int, make: bool) -> int:
    """The first row of the partition table's block for a suit-length pattern, leader and
    rules: one of WAYS blocks chosen by a hash; -1 if there is none and not ``make``, else
    a new one in place of a free block, else of the oldest, else of the smallest."""
    h = lenkey * _H1 + rk * _H2
    h ^= h >> 29
    nsets = tt.shape[0] // (BLOCK * WAYS)
    base = (h & (nsets - 1)) * (BLOCK * WAYS)
    victim = -1
    worst = -1
    for j in range(WAYS):
        i = base + j * BLOCK
        if tt[i, H_RK] == rk and tt[i, H_LEN] == lenkey:
            tt[i, H_GEN] = gen
            return i
        if tt[i, H_RK] == 0:
            spec = 1 << 40
        else:
            spec = ((gen - tt[i, H_GEN]) << 8) + BLOCK - tt[i, H_N]
        if spec > worst:
            worst = spec
            victim = j
    if not make:
        return -1
    i = base + victim * BLOCK
    tt[i, H_LEN] = lenkey
    tt[i, H_RK] = rk
    tt[i, H_N] = 0
    tt[i, H_W] = 0
    tt[i, H_GEN] = gen
    return i


@njit(cache=True)
def _tops(alive: int, ks: int) -> int:
    """The mask of the top ``k`` cards still in play of each suit (``ks``: 4 bits a suit)."""
    out = 0
    for s in range(4):
        k = (ks >> (4 * s)) & 15
        m = (alive >> (13 * s)) & 0x1FFF
        for _ in range(k):
            r = _HIGH13[m]
            m ^= 1 << r
            out |= 1 << (13 * s + r)
    return out


@njit(cache=True)
def _exact_key(st: np.ndarray, d: int, rk: int) -> tuple[int, int]:
    """The exact table's key of a trick boundary whose shape is in ``st[d]``."""
    a = st[d, F_SEQ] | (1 << (2 * st[d, F_CNT]))
    b = st[d, F_SEQ + 1] | (1 << (2 * st[d, F_CNT + 1]))
    c = st[d, F_SEQ + 2] | (1 << (2 * st[d, F_CNT + 2]))
    e = st[d, F_SEQ + 3] | (1 << (2 * st[d, F_CNT + 3]))
    return a | (b << 27) | ((rk & 0x7F) << 54), c | (e << 27) | ((rk >> 7) << 54)


@njit(cache=True)
def _exact_slot(k0: int, k1: int, ex: np.ndarray) -> int:
    h = k0 * _H1 + k1 * _H2
    h ^= h >> 29
    return (h & (ex.shape[0] // 2 - 1)) * 2


@njit(cache=True)
def _store_exact(
    st: np.ndarray,
    d: int,
    rk: int,
    lb: int,
    ub: int,
    best: int,
    ks: int,
    gen: int,
    ex: np.ndarray,
) -> None:
    """Merge bounds into the exact entry of ``st[d]``'s position (the first slot of the
    bucket for the larger positions, the second for the rest)."""
    k0, k1 = _exact_key(st, d, rk)
    i = _exact_slot(k0, k1, ex)
    slot = -1
    for j in range(2):
        if ex[i + j, E_K0] == k0 and ex[i + j, E_K1] == k1:
            slot = i + j
    if slot >= 0:
        v = ex[slot, E_VAL]
        lb = max(lb, v & 15)
        ub = min(ub, (v >> _V_UB) & 15)
        if best == 0:
            best = (v >> _V_BEST) & 63
        old = v >> _E_KS
        for s in range(4):
            o = (old >> (4 * s)) & 15
            if o > (ks >> (4 * s)) & 15:
                ks = (ks & ~(15 << (4 * s))) | (o << (4 * s))
    else:
        rem = st[d, F_REM]
        v = ex[i, E_VAL]
        if ex[i, E_K0] == 0 or (v >> _E_GEN) != gen or ((v >> _E_REM) & 15) <= rem:
            ex[i + 1] = ex[i]
            slot = i
        else:
            slot = i + 1
    ex[slot, E_K0] = k0
    ex[slot, E_K1] = k1
    ex[slot, E_VAL] = (
        lb
        | (ub << _V_UB)
        | (best << _V_BEST)
        | ((ks & 0xFFFF) << _E_KS)
        | (st[d, F_REM] << _E_REM)
        | (gen << _E_GEN)
    )


@njit(cache=True)
def _store(
    st: np.ndarray,
    d: int,
    rk: int,
    lb: int,
    ub: int,
    best: int,
    gen: int,
    tt: np.ndarray,
    ex: np.ndarray,
) -> None:
    """Bounds for every position that agrees with ``st[d]`` on the suit lengths and on the
    owners of the cards in play from each suit's top down to its lowest relevant card
    (``st[d, F_REL]``): merged into the entry of that pattern in the block of those suit
    lengths, else a new one (once the block is full, in place of its oldest)."""
    rel = st[d, F_REL]
    alive = st[d, F_ALIVE]
    ks = 0
    m0 = 0
    m1 = 0
    for s in range(4):
        m = rel & _SUIT[s]
        k = 0
        if m:
            low = _bit_index(m & -m)
            k = _pop(alive & (_ABOVE[low] | (1 << low)))
        ks |= k << (4 * s)
        mk = ((1 << (2 * k)) - 1) << (2 * (13 - k))
        if s == 0:
            m0 |= mk
        elif s == 1:
            m0 |= mk << 26
        elif s == 2:
            m1 |= mk
        else:
            m1 |= mk << 26
    _store_exact(st, d, rk, lb, ub, best, ks, gen, ex)
    p0 = st[d, F_W0] & m0
    p1 = st[d, F_W1] & m1
    base = _block(st[d, F_LENKEY], rk, tt, gen, True)
    n = tt[base, H_N]
    slot = -1
    for j in range(1, n + 1):
        i = base + j
        if tt[i, P_PAT0] == p0 and tt[i, P_PAT1] == p1 and tt[i, P_M0] == m0:
            if tt[i, P_M1] == m1:
                v = tt[i, P_VAL]
                lb = max(lb, v & 15)
                ub = min(ub, (v >> _V_UB) & 15)
                if best == 0:
                    best = (v >> _V_BEST) & 63
                slot = i
                break
    if slot < 0:
        if n < BLOCK - 1:
            n += 1
            tt[base, H_N] = n
            slot = base + n
        else:
            w = tt[base, H_W]
            slot = base + 1 + w
            tt[base, H_W] = (w + 1) % (BLOCK - 1)
    tt[slot, P_PAT0] = p0
    tt[slot, P_PAT1] = p1
    tt[slot, P_M0] = m0
    tt[slot, P_M1] = m1
    tt[slot, P_VAL] = lb | (ub << _V_UB) | (best << _V_BEST) | (ks << _V_KS)


@njit(cache=True)
def _reps(legal: int, alive: int) -> int:
    """One card of each run of equivalent legal cards (its lowest): cards of one suit with
    nothing between them but cards of completed tricks (``~alive``)."""
    dead = _FULL & ~alive
    x = legal | dead
    starts = x & ~((x << 1) & _NOT_RANK0)
    sd = starts & dead
    de = dead & _EVEN
    do = dead & _ODD
    landing = ((de + (sd & de)) & ~de) | ((do + (sd & do)) & ~do)
    return (starts | landing) & legal


@njit(cache=True)
def _run_above(c: int, h: int, alive: int) -> int:
    """The cards of hand ``h`` above ``c`` in its run of equivalent cards (the cards in
    play above ``c`` up to the first one of another hand)."""
    out = 0
    m = alive & _ABOVE[c]
    while m:
        b = m & -m
        if not h & b:
            break
        out |= b
        m ^= b
    return out


@njit(cache=True)
def _quick_tricks(
    hands: np.ndarray, seat: int, team: int, trump: int, must: int
) -> tuple[int, int]:
    """Tricks the leader's side surely takes by cashing the leader's top cards: in each
    suit, his cards above every other hand's (all of them once the others are out of the
    suit), as long as no one who could ruff (an opponent, or with ``must`` a partner) runs
    out of the suit first. Also the cards whose ranks that count depends on."""
    mine = hands[seat]
    others = 0
    for p in range(4):
        if p != seat:
            others |= hands[p]
    qt = 0
    rel = 0
    for s in range(4):
        my = mine & _SUIT[s]
        if my == 0:
            continue
        oth = others & _SUIT[s]
        t = _top(oth, s)
        top = _pop(my & _ABOVE[t]) if t >= 0 else _pop(my)
        if top == 0:
            continue
        cap = 13
        longest = 0
        for p in range(4):
            if p == seat:
                continue
            n = _pop(hands[p] & _SUIT[s])
            if n > longest:
                longest = n
            if trump >= 0 and s != trump and hands[p] & _SUIT[trump]:
                if not (team >> p) & 1 or must:
                    if n < cap:
                        cap = n
        if cap == 13 and longest <= top:
            top = _pop(my)
        if top > cap:
            top = cap
        if top > 0:
            qt += top
            if t >= 0:
                rel |= (mine | others) & (_ABOVE[t] | (1 << t))
    return qt, rel


@njit(cache=True)
def _bit_index(b: int) -> int:
    lo = b & 0x3FFFFFF
    if lo:
        return _HIGH13[lo & 0x1FFF] if lo & 0x1FFF else 13 + _HIGH13[lo >> 13]
    hi = b >> 26
    return 26 + (_HIGH13[hi & 0x1FFF] if hi & 0x1FFF else 13 + _HIGH13[hi >> 13])


@njit(cache=True)
def _all_single(hands: np.ndarray) -> bool:
    """Whether every hand holds exactly one card."""
    for p in range(4):
        h = hands[p]
        if h == 0 or h & (h - 1):
            return False
    return True


@njit(cache=True, inline="always")
def _sure_trick(
    hands: np.ndarray,
    leader: int,
    tlen: int,
    lead_suit: int,
    win_card: int,
    team: int,
    t: tuple[int, ...],
    trump: int,
    tmask: int,
) -> int:
    """Whether the side ``team`` can take the trick in progress whatever the others play
    (DDS's second-hand quick trick, at every hand): one of its hands yet to play has a
    card, its highest of the suit led (or, void in it, its highest trump), that beats the
    card winning the trick and the best any opponent yet to play could play. That card, or
    -1; with 64 added when its rank matters (it beats a card of its own suit)."""
    best = np.empty(4, dtype=np.int64)
    for k in range(tlen, 4):
        p = (leader + k) & 3
        hp = hands[p]
        b = _top(hp, lead_suit)
        if b < 0 and trump >= 0:
            b = _top(hp, trump)
        best[k] = b
    for k in range(tlen, 4):
        p = (leader + k) & 3
        c = best[k]
        if not (team >> p) & 1 or c < 0:
            continue
        if not tricks.beats(t, c, win_card, 0, trump, tmask, 0) > 0:
            continue
        rank = c // 13 == win_card // 13
        sure = True
        for j in range(tlen, 4):
            o = best[j]
            if (team >> ((leader + j) & 3)) & 1 or o < 0:
                continue
            if tricks.beats(t, o, c, 0, trump, tmask, 0) > 0:
                sure = False
                break
            if o // 13 == c // 13:
                rank = True
        if sure:
            return c + 64 if rank else c
    return -1


@njit(cache=True, inline="always")
def _order(
    hands: np.ndarray,
    alive: int,
    seat: int,
    tlen: int,
    lead_suit: int,
    win_card: int,
    win_seat: int,
    t: tuple[int, ...],
    ctx: np.ndarray,
    hint: int,
    killer: int,
    out: np.ndarray,
    score: np.ndarray,
) -> int:
    """The moves to search at a node, best guess first, into ``out``; their number."""
    trump = ctx[C_TRUMP]
    h = hands[seat]
    legal = tricks.legal(t, h, tlen, 13 * lead_suit, -1, 0, -1, False, trump, ctx[C_TMASK], 0)
    legal &= tricks.CARDS
    moves = _reps(legal, alive)
    decl = ctx[C_DECL]
    team = decl if (decl >> seat) & 1 else 15 & ~decl
    opp_h = 0
    part_h = 0
    for p in range(4):
        if p == seat:
            continue
        if (team >> p) & 1:
            part_h |= hands[p]
        else:
            opp_h |= hands[p]
    null = ctx[C_NULL]
    n = 0
    while moves:
        b = moves & -moves
        moves ^= b
        c = _bit_index(b)
        s = c // 13
        r = c - 13 * s
        rv = r + 13 if s == trump else r
        if null:
            if (decl >> seat) & 1:
                if tlen == 0 or not tricks.beats(t, c, win_card, 0, trump, ctx[C_TMASK], 0) > 0:
                    sc = 40 + rv if tlen else -r
                else:
                    sc = -rv
            elif (
                tlen
                and (decl >> win_seat) & 1
                and not tricks.beats(t, c, win_card, 0, trump, ctx[C_TMASK], 0) > 0
            ):
                sc = 40 + rv
            else:
                sc = -rv
        elif tlen == 0:
            top_opp = _top(opp_h, s)
            ruff = False
            if trump >= 0 and s != trump:
                for p in range(4):
                    if not (team >> p) & 1 and hands[p] & _SUIT[trump]:
                        if not hands[p] & _SUIT[s]:
                            ruff = True
            if c > top_opp:
                sc = 15 + r if ruff else 70 + r
            elif part_h & _SUIT[s] and _top(part_h, s) > top_opp and not ruff:
                sc = 55 - r
            else:
                # (DDS: a suit where the opponents hold few cards gives them few choices)
                sc = 40 - 2 * _pop(opp_h & _SUIT[s]) - r
                if s == trump:
                    sc -= 10
        else:
            wins = tricks.beats(t, c, win_card, 0, trump, ctx[C_TMASK], 0) > 0
            low = -rv
            if s != lead_suit and not wins:
                # a discard (DDS): from a long suit, not a singleton winner nor from Kx
                ln = _pop(h & _SUIT[s])
                low = 3 * ln - r
                hi = _top(alive, s)
                if ln == 1 and c == hi:
                    low -= 8
                elif ln == 2 and _top(alive & ~(1 << hi), s) == _top(h, s):
                    low -= 6
            if (team >> win_seat) & 1:
                sc = -30 - rv if wins else low
            elif wins:
                if tlen == 3:
                    sc = 60 - rv
                else:
                    safe = True
                    for k in range(1, 4 - tlen):
                        p = (seat + k) & 3
                        if (team >> p) & 1:
                            continue
                        hp = hands[p]
                        if hp & _SUIT[s] & _ABOVE[c]:
                            safe = False
                        elif s != trump and trump >= 0 and not hp & _SUIT[lead_suit]:
                            if hp & _SUIT[trump]:
                                safe = False
                    sc = 60 - rv if safe else 30 - rv
            else:
                sc = low
        if c == hint:
            sc += 1000
        elif c == killer:
            sc += 500
        # insertion, best first
        j = n
        while j > 0 and score[j - 1] < sc:
            score[j] = score[j - 1]
            out[j] = out[j - 1]
            j -= 1
        score[j] = sc
        out[j] = c
        n += 1
    return n


@njit(cache=True)
def _decode_lead(alive: int, best: int) -> int:
    """The card of a stored best lead (suit, cards in play above it), or -1."""
    best -= 1
    s = best >> 4
    m = (alive >> (13 * s)) & 0x1FFF
    for _ in range(best & 15):
        if m:
            m ^= 1 << _HIGH13[m]
    return 13 * s + _HIGH13[m] if m else -1


@njit(cache=True, inline="always")
def _enter(
    hands: np.ndarray,
    st: np.ndarray,
    d: int,
    t: tuple[int, ...],
    ctx: np.ndarray,
    tt: np.ndarray,
    ex: np.ndarray,
    mv: np.ndarray,
    sc: np.ndarray,
) -> int:
    """Open node ``d``: its value (0 or 1) when bounds settle it (and ``st[d, F_REL]``),
    else -1 with its moves ordered into ``mv[d]``."""
    trump = ctx[C_TRUMP]
    decl = ctx[C_DECL]
    alive = st[d, F_ALIVE]
    tlen = st[d, F_TLEN]
    leader = st[d, F_LEADER]
    need = st[d, F_NEED]
    rem = st[d, F_REM]
    seat = (leader + tlen) & 3
    st[d, F_REL] = 0
    hint = -1
    if tlen == 0:
        if need <= 0:
            return 1
        if need > rem:
            return 0
        if rem == 1 and _all_single(hands):
            w = _bit_index(hands[leader])
            ws = leader
            for k in range(1, 4):
                p = (leader + k) & 3
                c = _bit_index(hands[p])
                if tricks.beats(t, c, w, 0, trump, ctx[C_TMASK], 0) > 0:
                    w = c
                    ws = p
            if _pop(alive & _SUIT[w // 13]) > 1:
                st[d, F_REL] = 1 << w
            return (decl >> ws) & 1
        lenkey = _shape(hands, alive, st, d)
        rk = leader | ctx[C_RULES]
        k0, k1 = _exact_key(st, d, rk)
        i = _exact_slot(k0, k1, ex)
        for j in range(2):
            if ex[i + j, E_K0] == k0 and ex[i + j, E_K1] == k1:
                v = ex[i + j, E_VAL]
                if (v & 15) >= need or ((v >> _V_UB) & 15) < need:
                    st[d, F_REL] = _tops(alive, (v >> _E_KS) & 0xFFFF)
                    return 1 if (v & 15) >= need else 0
                best = (v >> _V_BEST) & 63
                if best:
                    hint = _decode_lead(alive, best)
        base = _block(lenkey, rk, tt, ctx[C_GEN], False)
        if base >= 0:
            w0 = st[d, F_W0]
            w1 = st[d, F_W1]
            for j in range(tt[base, H_N], 0, -1):
                i = base + j
                if (w0 & tt[i, P_M0]) != tt[i, P_PAT0] or (w1 & tt[i, P_M1]) != tt[i, P_PAT1]:
                    continue
                v = tt[i, P_VAL]
                if (v & 15) >= need or ((v >> _V_UB) & 15) < need:
                    st[d, F_REL] = _tops(alive, (v >> _V_KS) & 0xFFFF)
                    return 1 if (v & 15) >= need else 0
                best = (v >> _V_BEST) & 63
                if best and hint < 0:
                    hint = _decode_lead(alive, best)
        if trump >= 0:
            # the trumps of one hand above all the other side's trumps each win a trick
            # for his side (only his partners' trumps can beat them)
            dq = 0
            oq = 0
            trel = 0
            for p in range(4):
                mt = hands[p] & _SUIT[trump]
                if mt == 0 or _pop(hands[p]) != rem:
                    continue
                ot = 0
                for q in range(4):
                    if ((decl >> q) & 1) != ((decl >> p) & 1):
                        ot |= hands[q]
                top = _top(ot, trump)
                if top >= 0:
                    k = _pop(mt & _ABOVE[top])
                else:
                    k = _pop(mt)
                if k == 0:
                    continue
                if (decl >> p) & 1:
                    if k > dq:
                        dq = k
                elif k > oq:
                    oq = k
                if top >= 0:
                    trel |= alive & _SUIT[trump] & (_ABOVE[top] | (1 << top))
            if dq >= need:
                st[d, F_REL] = trel
                _store(st, d, rk, dq, rem, 0, ctx[C_GEN], tt, ex)
                return 1
            if rem - oq < need:
                st[d, F_REL] = trel
                _store(st, d, rk, 0, rem - oq, 0, ctx[C_GEN], tt, ex)
                return 0
        if not ctx[C_NULL]:
            team = decl if (decl >> leader) & 1 else 15 & ~decl
            must = t[tricks.T_FOLLOW] != tricks.SUIT
            qt, rel = _quick_tricks(hands, leader, team, trump, must)
            if team == decl:
                if qt >= need:
                    st[d, F_REL] = rel
                    return 1
            elif rem - qt < need:
                st[d, F_REL] = rel
                return 0
    elif not ctx[C_NULL] and (need <= 1 or need >= rem):
        # a trick in progress that one side can surely take settles a search that needs
        # every trick left, or only this one (not in a null: there the side that can take
        # it need not)
        side = decl if need <= 1 else 15 & ~decl
        c = _sure_trick(
            hands, leader, tlen, st[d, F_LEAD], st[d, F_WCARD], side, t, trump, ctx[C_TMASK]
        )
        if c >= 0:
            if c >= 64:
                st[d, F_REL] = 1 << (c - 64)
            return 1 if need <= 1 else 0
    n = _order(
        hands, alive, seat, tlen, st[d, F_LEAD], st[d, F_WCARD], st[d, F_WSEAT], t, ctx,
        hint, sc[13 + d], mv[d], sc,
    )  # fmt: skip
    st[d, F_N] = n
    st[d, F_I] = 0
    st[d, F_LOW] = 0
    st[d, F_MAX] = (ctx[C_MAX] >> seat) & 1
    return -1


@njit(cache=True)
def _finish(
    st: np.ndarray, d: int, result: int, cut: int, ctx: np.ndarray, tt: np.ndarray, ex: np.ndarray
) -> None:
    """Close a searched trick-boundary node: its bound and best lead into the table."""
    best = 0
    if cut >= 0:
        s = cut // 13
        best = 1 + (s << 4) + _pop(st[d, F_ALIVE] & _SUIT[s] & _ABOVE[cut])
    need = st[d, F_NEED]
    rem = st[d, F_REM]
    rk = st[d, F_LEADER] | ctx[C_RULES]
    if result:
        _store(st, d, rk, need, rem, best, ctx[C_GEN], tt, ex)
    else:
        _store(st, d, rk, 0, need - 1, best, ctx[C_GEN], tt, ex)


@njit(cache=True, inline="always")
def _search(
    hands: np.ndarray,
    st: np.ndarray,
    t: tuple[int, ...],
    ctx: np.ndarray,
    tt: np.ndarray,
    ex: np.ndarray,
    mv: np.ndarray,
    sc: np.ndarray,
    stats: np.ndarray,
) -> int:
    """Whether (1 or 0) the declaring side takes at least ``st[0, F_NEED]`` of the
    ``st[0, F_REM]`` tricks left (the current one included), from the position in
    ``st[0]`` and ``hands`` (a depth-first search on an explicit stack)."""
    trump = ctx[C_TRUMP]
    decl = ctx[C_DECL]
    nodes = 0
    d = 0
    phase = _ENTER
    ret = 0
    rel = 0
    while True:
        if phase == _ENTER:
            nodes += 1
            if ctx[C_LIMIT] and stats[ST_NODES] + nodes > ctx[C_LIMIT]:
                # stopped: nothing on the way back is stored, so that the tables hold
                # only finished results (the hands are left as they are: the caller
                # drops them)
                stats[ST_NODES] += nodes
                stats[ST_STOPPED] = 1
                return 0
            r = _enter(hands, st, d, t, ctx, tt, ex, mv, sc)
            if r >= 0:
                ret = r
                rel = st[d, F_REL]
                phase = _RETURN
            else:
                phase = _NEXT
        elif phase == _NEXT:
            i = st[d, F_I]
            n = st[d, F_N]
            if i > 0:
                # the last move failed: if its card ranks below every card of its suit
                # that the results so far depend on, so do the hand's other such cards of
                # the suit, and each leads to a position of the same class: skip them
                pc = mv[d, i - 1]
                ps = pc // 13
                low = st[d, F_LOW]
                if not (low >> (4 * ps)) & 15:
                    m = st[d, F_REL] & _SUIT[ps]
                    lr = _bit_index(m & -m) - 13 * ps if m else 13
                    if pc - 13 * ps < lr:
                        low |= lr << (4 * ps)
                        st[d, F_LOW] = low
                h = hands[(st[d, F_LEADER] + st[d, F_TLEN]) & 3]
                while i < n:
                    c = mv[d, i]
                    lw = (low >> (4 * (c // 13))) & 15
                    if c - 13 * (c // 13) >= lw:
                        break
                    # (not if the card stands for a run that reaches up to a relevant card)
                    run = _run_above(c, h, st[d, F_ALIVE])
                    if run and _bit_index(run) >= lw + 13 * (c // 13):
                        break
                    i += 1
            if i < n:
                st[d, F_I] = i + 1
                c = mv[d, i]
                b = 1 << c
                tlen = st[d, F_TLEN]
                leader = st[d, F_LEADER]
                seat = (leader + tlen) & 3
                hands[seat] ^= b
                if tlen == 0:
                    nw = c
                    ns = seat
                    ls = c // 13
                else:
                    ls = st[d, F_LEAD]
                    nw = st[d, F_WCARD]
                    ns = st[d, F_WSEAT]
                    if tricks.beats(t, c, nw, 0, trump, ctx[C_TMASK], 0) > 0:
                        nw = c
                        ns = seat
                e = d + 1
                if tlen == 3:
                    st[e, F_ALIVE] = st[d, F_ALIVE] & ~(st[d, F_TMASK] | b)
                    st[e, F_TMASK] = 0
                    st[e, F_LEAD] = -1
                    st[e, F_WCARD] = -1
                    st[e, F_WSEAT] = -1
                    st[e, F_TLEN] = 0
                    st[e, F_LEADER] = ns
                    st[e, F_NEED] = st[d, F_NEED] - ((decl >> ns) & 1)
                    st[e, F_REM] = st[d, F_REM] - 1
                else:
                    st[e, F_ALIVE] = st[d, F_ALIVE]
                    st[e, F_TMASK] = st[d, F_TMASK] | b
                    st[e, F_LEAD] = ls
                    st[e, F_WCARD] = nw
                    st[e, F_WSEAT] = ns
                    st[e, F_TLEN] = tlen + 1
                    st[e, F_LEADER] = leader
                    st[e, F_NEED] = st[d, F_NEED]
                    st[e, F_REM] = st[d, F_REM]
                d = e
                phase = _ENTER
            else:
                ret = 1 - st[d, F_MAX]
                rel = st[d, F_REL]
                if st[d, F_TLEN] == 0:
                    _finish(st, d, ret, -1, ctx, tt, ex)
                phase = _RETURN
        else:
            if d == 0:
                stats[ST_NODES] += nodes
                return ret
            d -= 1
            c = mv[d, st[d, F_I] - 1]
            tlen = st[d, F_TLEN]
            hands[(st[d, F_LEADER] + tlen) & 3] ^= 1 << c
            if tlen == 3:
                # the trick's winner matters by its rank if it beat a card of its suit
                w = st[d, F_WCARD]
                if tricks.beats(t, c, w, 0, trump, ctx[C_TMASK], 0) > 0:
                    w = c
                if _pop((st[d, F_TMASK] | (1 << c)) & _SUIT[w // 13]) > 1:
                    rel |= 1 << w
            if ret == st[d, F_MAX]:
                st[d, F_REL] = rel
                if tlen == 0:
                    sc[13 + d] = c
                    _finish(st, d, ret, c, ctx, tt, ex)
            else:
                st[d, F_REL] |= rel
                # the card stood for its run of equivalent cards: the result after a
                # higher one of the run is the same with the two cards' ranks swapped, so
                # if it depends on one of them, it depends on the card played
                h = hands[(st[d, F_LEADER] + tlen) & 3]
                if rel & _run_above(c, h, st[d, F_ALIVE]):
                    st[d, F_REL] |= 1 << c
                phase = _NEXT


@njit(cache=True, inline="always")
def _solve(
    hands: np.ndarray,
    tmask: int,
    lead_suit: int,
    win_card: int,
    win_seat: int,
    tlen: int,
    leader: int,
    rem: int,
    t: tuple[int, ...],
    ctx: np.ndarray,
    tt: np.ndarray,
    ex: np.ndarray,
    stats: np.ndarray,
) -> int:
    """The declaring side's tricks from a position, by zero-window searches stepping from
    a high-card estimate towards the answer."""
    mv = np.zeros((64, 13), dtype=np.int64)
    sc = np.full(13 + 64, -1, dtype=np.int64)
    st = np.zeros((64, F_SIZE), dtype=np.int64)
    alive = hands[0] | hands[1] | hands[2] | hands[3] | tmask
    lo = 0
    hi = rem
    # a first guess from the high cards (A 4, K 3, Q 2, J 1 of the cards in play), then
    # step towards the answer: the searches near it are the costly ones
    decl = ctx[C_DECL]
    trump = ctx[C_TRUMP]
    pts = np.zeros(2, dtype=np.int64)
    for p in range(4):
        side = (decl >> p) & 1
        for s in range(4):
            m = (alive >> (13 * s)) & 0x1FFF
            h = (hands[p] >> (13 * s)) & 0x1FFF
            for k in range(4):
                if not m:
                    break
                r = _HIGH13[m]
                m ^= 1 << r
                if (h >> r) & 1:
                    pts[side] += 4 - k
            if s == trump:
                pts[side] += 2 * _POP13[h]
    tot = pts[0] + pts[1]
    mid = (rem * pts[1] + tot // 2) // tot if tot > 0 else (rem + 1) >> 1
    while lo < hi:
        if mid <= lo:
            mid = lo + 1
        if mid > hi:
            mid = hi
        st[0, F_ALIVE] = alive
        st[0, F_TMASK] = tmask
        st[0, F_LEAD] = lead_suit
        st[0, F_WCARD] = win_card
        st[0, F_WSEAT] = win_seat
        st[0, F_TLEN] = tlen
        st[0, F_LEADER] = leader
        st[0, F_NEED] = mid
        st[0, F_REM] = rem
        if _search(hands, st, t, ctx, tt, ex, mv, sc, stats):
            lo = mid
            mid += 1
        elif stats[ST_STOPPED]:
            return 0
        else:
            hi = mid - 1
            mid -= 1
    return lo


@njit(cache=True, inline="always")
def _values(
    hands: np.ndarray,
    tmask: int,
    lead_suit: int,
    win_card: int,
    win_seat: int,
    tlen: int,
    leader: int,
    rem: int,
    t: tuple[int, ...],
    ctx: np.ndarray,
    tt: np.ndarray,
    ex: np.ndarray,
    stats: np.ndarray,
    out: np.ndarray,
    each: bool,
) -> int:
    """Without ``each``, the declaring side's tricks from the position; with it, those
    after each legal card of the seat to move (the current trick included) into
    ``out[card]``, and the legal cards' mask. (One call of the search in the code, so that
    the kernel holds it once.)"""
    trump = ctx[C_TRUMP]
    seat = (leader + tlen) & 3
    legal = 0
    reps = 0
    if each:
        h = hands[seat]
        legal = tricks.legal(t, h, tlen, 13 * lead_suit, -1, 0, -1, False, trump, ctx[C_TMASK], 0)
        legal &= tricks.CARDS
        alive = hands[0] | hands[1] | hands[2] | hands[3] | tmask
        reps = _reps(legal, alive)
    result = 0
    prev = -1
    for c in range(53):
        b = 0
        if c < 52:
            if not (legal >> c) & 1:
                continue
            if not (reps >> c) & 1 and prev >= 0 and prev // 13 == c // 13:
                out[c] = out[prev]
                prev = c
                continue
            prev = c
            b = 1 << c
            hands[seat] ^= b
            won = 0
            if tlen == 0:
                nw, ns, ls = c, seat, c // 13
            else:
                ls = lead_suit
                if tricks.beats(t, c, win_card, 0, trump, ctx[C_TMASK], 0) > 0:
                    nw, ns = c, seat
                else:
                    nw, ns = win_card, win_seat
            if tlen == 3:
                won = (ctx[C_DECL] >> ns) & 1
                a = (0, -1, -1, -1, 0, ns, rem - 1)
            else:
                a = (tmask | b, ls, nw, ns, tlen + 1, leader, rem)
        elif each:
            break
        else:
            won = 0
            a = (tmask, lead_suit, win_card, win_seat, tlen, leader, rem)
        v = won + _solve(hands, a[0], a[1], a[2], a[3], a[4], a[5], a[6], t, ctx, tt, ex, stats)
        if stats[ST_STOPPED]:
            return 0  # (the hands are the caller's copy: left as they are)
        if b:
            out[c] = v
            hands[seat] ^= b
        else:
            result = v
    return legal if each else result


# The search specialised per trick rules (issue 25): one compiled kernel a distinct rules
# vector's head, the rules a constant in it (a closure's tuple is one to the compiler), so
# that the branches of the other games' rules fold away as if the rules were written in.
# The closure holds the tuple alone (plain ints: the on-disk cache keys on it) and calls
# the module's functions, every one inlined into it.
_KERNELS: dict[tuple[int, ...], Callable[..., int]] = {}


def kernel(rules: np.ndarray) -> Callable[..., int]:
    """The search compiled for the trick rules at the head of a rules vector (cached per
    distinct head): ``kernel(rules)(hands, tmask, lead_suit, win_card, win_seat, tlen,
    leader, rem, ctx, tt, ex, stats, out, each)``, as :func:`_values`."""
    key = tuple(int(x) for x in rules[:_T_SIZE])
    k = _KERNELS.get(key)
    if k is None:
        k = _KERNELS[key] = _compile(key)
    return k


_SIGNATURE = (
    "int64(int64[::1], int64, int64, int64, int64, int64, int64, int64, int64[::1],"
    " int64[:, ::1], int64[:, ::1], int64[::1], int64[::1], boolean)"
)


def _compile(rules: tuple[int, ...]) -> Callable[..., int]:
    """The kernel for one head, compiled (or loaded from the on-disk cache) now. Numba's
    pedantic check of its inlined code warns of names out of scope (the shared rules'
    locals, inlined twice over): a note on its own bookkeeping, not on the code, silenced
    here so that a first compile under warnings-as-errors is not a failure."""
    t = rules
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaIRAssumptionWarning)

        @njit(_SIGNATURE, cache=True)
        def search(
            hands: np.ndarray,
            tmask: int,
            lead_suit: int,
            win_card: int,
            win_seat: int,
            tlen: int,
            leader: int,
            rem: int,
            ctx: np.ndarray,
            tt: np.ndarray,
            ex: np.ndarray,
            stats: np.ndarray,
            out: np.ndarray,
            each: bool,
        ) -> int:
            return _values(
                hands, tmask, lead_suit, win_card, win_seat, tlen, leader, rem, t, ctx, tt, ex,
                stats, out, each,
            )  # fmt: skip

    return search


class DoubleDummy:
    """A solver with its own transposition table (reuse one for many related positions:
    its entries stay valid across solves). ``nodes`` counts the positions searched."""

    def __init__(self, tt_bits: int = TT_BITS) -> None:
        size = 1 << max(tt_bits, 8)
        self._ex = np.zeros((size, E_SIZE), dtype=np.int64)
        self._tt = np.zeros((max(size, BLOCK * WAYS), T_SIZE), dtype=np.int64)
        self._stats = np.zeros(4, dtype=np.int64)
        self._gen = 0
        self._kernels = (kernel(rules_vector(False)), kernel(rules_vector(True)))
        self._none = np.zeros(52, dtype=np.int64)

    @property
    def nodes(self) -> int:
        """Positions searched by this solver so far."""
        return int(self._stats[ST_NODES])

    def clear(self) -> None:
        """Empty the transposition table."""
        self._tt[:] = 0
        self._ex[:] = 0

    def solve(
        self,
        hands: Sequence[int],
        trump: int,
        leader: int,
        declarers: Sequence[int],
        trick: Sequence[tuple[int, int]] = (),
        null: bool = False,
        *,
        must_trump: bool = False,
    ) -> int:
        """The tricks the declaring side takes from here (the current trick included) with
        best play by both sides; see :func:`solve`."""
        arr, ctx, pos = self._position(hands, trump, leader, declarers, trick, null, must_trump)
        self._stats[ST_STOPPED] = 0
        search = self._kernels[must_trump]
        return int(search(arr, *pos, ctx, self._tt, self._ex, self._stats, self._none, False))

    def best_moves(
        self,
        hands: Sequence[int],
        trump: int,
        leader: int,
        declarers: Sequence[int],
        trick: Sequence[tuple[int, int]] = (),
        null: bool = False,
        *,
        must_trump: bool = False,
        nodes: int | None = None,
    ) -> dict[int, int]:
        """For each legal card of the seat to move, the tricks the declaring side takes
        from here (the current trick included) if he plays it; see :func:`best_moves`.
        With ``nodes``, the search stops after that many positions and the answer is
        empty (:attr:`stopped`); what it learnt on the way stays in the tables."""
        arr, ctx, pos = self._position(hands, trump, leader, declarers, trick, null, must_trump)
        if nodes is not None:
            ctx[C_LIMIT] = int(self._stats[ST_NODES]) + max(nodes, 1)
        self._stats[ST_STOPPED] = 0
        out = np.zeros(52, dtype=np.int64)
        search = self._kernels[must_trump]
        legal = int(search(arr, *pos, ctx, self._tt, self._ex, self._stats, out, True))
        if self.stopped:
            return {}
        return {c: int(out[c]) for c in range(52) if legal >> c & 1}

    @property
    def stopped(self) -> bool:
        """Whether the last :meth:`best_moves` stopped at its count of positions."""
        return bool(self._stats[ST_STOPPED])

    def _position(
        self,
        hands: Sequence[int],
        trump: int,
        leader: int,
        declarers: Sequence[int],
        trick: Sequence[tuple[int, int]],
        null: bool,
        must_trump: bool,
    ) -> tuple[np.ndarray, np.ndarray, tuple[int, int, int, int, int, int, int]]:
        if len(hands) != 4:
            raise ValueError(f"four hands are needed, not {len(hands)!r}")
        seen = disjoint_hands(hands)
        if not -1 <= trump <= 3:
            raise ValueError(f"trump must be a suit 0..3 or -1: {trump!r}")
        if not 0 <= leader <= 3:
            raise ValueError(f"the leader must be a seat 0..3: {leader!r}")
        decl = 0
        for p in declarers:
            if not 0 <= p <= 3:
                raise ValueError(f"declarers must be seats 0..3: {declarers!r}")
            decl |= 1 << p
        if decl in (0, 15):
            raise ValueError(f"both sides need a seat: declarers {declarers!r}")
        if len(trick) > 3:
            raise ValueError(f"a trick in progress has at most 3 cards: {trick!r}")
        tmask = 0
        win_card = win_seat = lead_suit = -1
        played = [0, 0, 0, 0]
        for i, (p, c) in enumerate(trick):
            if p != (leader + i) % 4:
                raise ValueError(f"trick {trick!r} is not played clockwise from {leader!r}")
            if not 0 <= c < 52 or (seen | tmask) >> c & 1:
                raise ValueError(f"trick card {c!r} is held or played twice")
            tmask |= 1 << c
            played[p] = 1
            if i == 0:
                lead_suit, win_card, win_seat = c // 13, c, p
            elif (c // 13 == win_card // 13 and c > win_card) or (
                c // 13 == trump and win_card // 13 != trump
            ):
                win_card, win_seat = c, p
        rem = min(h.bit_count() + played[p] for p, h in enumerate(hands))
        to_move = (leader + len(trick)) % 4
        if trick and hands[to_move] == 0:
            raise ValueError(f"seat {to_move!r} must play to the trick but has no card")
        self._gen += 1
        ctx = np.zeros(C_SIZE, dtype=np.int64)
        ctx[C_TRUMP] = trump
        ctx[C_DECL] = decl
        ctx[C_MAX] = 15 & ~decl if null else decl
        ctx[C_TMASK] = SUIT_MASKS[trump] if trump >= 0 else 0
        ctx[C_NULL] = int(null)
        ctx[C_GEN] = self._gen
        ctx[C_RULES] = ((trump + 1) | (int(must_trump) << 3) | (int(null) << 4) | (decl << 5)) << 2
        arr = np.array(hands, dtype=np.int64)
        return arr, ctx, (tmask, lead_suit, win_card, win_seat, len(trick), leader, rem)


_default: DoubleDummy | None = None


def _solver() -> DoubleDummy:
    global _default
    if _default is None:
        _default = DoubleDummy()
    return _default


def solve(
    hands: Sequence[int],
    trump: int,
    leader: int,
    declarers: Sequence[int],
    trick: Sequence[tuple[int, int]] = (),
    null: bool = False,
    *,
    must_trump: bool = False,
) -> int:
    """The tricks the declaring side takes from here with best play by both sides.

    ``hands``: the four seats' cards still held (52-bit masks); ``trump``: a suit, or -1;
    ``leader``: the seat that leads (or led) the current trick; ``declarers``: the seats of
    the declaring side (a pair, or one seat against three); ``trick``: the ``(seat, card)``
    pairs already played to the current trick, clockwise from ``leader``; ``null``: the
    declaring side minimises its tricks (B10: ``>= 1`` means it can be forced to take one);
    ``must_trump``: a player void in the suit led must trump if he can (W5).

    The count includes the current trick. Hands may differ in length (B6: the declarer's
    card set aside): play stops when a hand is empty.
    """
    return _solver().solve(hands, trump, leader, declarers, trick, null, must_trump=must_trump)


def best_moves(
    hands: Sequence[int],
    trump: int,
    leader: int,
    declarers: Sequence[int],
    trick: Sequence[tuple[int, int]] = (),
    null: bool = False,
    *,
    must_trump: bool = False,
    nodes: int | None = None,
) -> dict[int, int]:
    """For each legal card of the seat to move, the declaring side's tricks from here (the
    current trick included) after it, with best play after; arguments as :func:`solve`.
    With ``nodes`` the search gives up after that many positions: the answer is then empty
    (a bot falls back on something cheaper; the long hands of the first tricks)."""
    return _solver().best_moves(
        hands, trump, leader, declarers, trick, null, must_trump=must_trump, nodes=nodes
    )
