"""The one play kernel of the compiled path, on the one layout every game's deal shares.

A deal is one int64 vector. It begins with a **common header** (``S_N`` … ``S_INPLAY``,
then per-seat arrays of ``MAXP`` seats ``A_HANDS`` … ``A_WON``): the trick (its cards and
seats, the card winning it, whether anything can still beat it, the highest trump on it),
the hands, the turn order, the tricks and cards each seat took, the trump and the cards out
of their suit. A family's own fields follow from ``HEADER_SIZE``: here Rams' (``S_DEALER``
… the deck); the plain games' in :mod:`rams.fast.plain`. A scratch area undoes a card.

Every game's cards are played here, by :func:`play_card` and taken back by
:func:`unplay_card`: the fast core (:mod:`rams.fast.core`) plays a whole Rams deal in it,
the solver (:mod:`rams.fast.solver`) searches copies of the same vector, and the plain
games' kernel (:mod:`rams.fast.plain`) plays their tricks. The rules of card play are not
written here: :func:`legal_mask` and the trick's winner come from :mod:`rams.tricks`, the
functions the reference engine runs, compiled by Numba, on the rules vector's first fields.
What a complete trick writes is the rules vector's **kernel kind** (:mod:`rams.fast.tables`):
Rams' write-offs (S2, S3, K4, K6, K7, S7, S6), or a plain game's count of the tricks and
cards each seat took (F6) — an if on an int inside the one routine, with everything saved to
take it back.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit
from numba.extending import register_jitable

from rams import tricks
from rams.fast.tables import (
    KIND_RAMS,
    NULL,
    R_KIND,
    R_OVERSHOOT,
    R_REMISE_ONLY,
    R_SPADE_BONUS,
    R_START,
)
from rams.tricks import CARDS, T_MARRIAGE

__all__ = [
    "MAXP",
    "STATE_SIZE",
    "all_play",
    "cards_into",
    "disjoint_hands",
    "legal_mask",
    "low_bit",
    "play_card",
    "popcount",
    "remise",
    "unplay_card",
]

# The shared card-play functions, compiled where the kernel calls them.
for _f in (
    tricks.above,
    tricks.legal,
    tricks.beats,
    tricks.reveals,
    tricks._rule,
    tricks._honours,
    tricks._same_class,
):
    register_jitable(inline="always")(_f)


@njit(cache=True)
def cards_into(mask: int, out: np.ndarray) -> int:
    """Write the cards of ``mask`` in ascending order into ``out``; return how many (every
    game's kernel lists its legal cards so)."""
    n = 0
    c = 0
    while mask:
        if mask & 1:
            out[n] = c
            n += 1
        mask >>= 1
        c += 1
    return n


@njit(cache=True, inline="always")
def popcount(mask: int) -> int:
    """How many cards ``mask`` holds (every game's kernel counts them so)."""
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


@njit(cache=True, inline="always")
def low_bit(mask: int) -> int:
    """The lowest card of a non-empty ``mask``."""
    c = 0
    while not (mask >> c) & 1:
        c += 1
    return c


def disjoint_hands(hands: Sequence[int]) -> int:
    """The cards of ``hands`` together, checked as every solver checks the hands it is
    given: disjoint 52-card masks (ValueError if not)."""
    seen = 0
    for hand in hands:
        if hand < 0 or hand & ~CARDS or hand & seen:
            raise ValueError(f"hands must be disjoint 52-card masks: {hands!r}")
        seen |= hand
    return seen


MAXP = 7
SPADE_ACE = 12
NONE = -1
#: A position's result row: every seat's final record, then the winner (-1 for none).
VAL = MAXP + 1

# The layout ---------------------------------------------------------------------------------
# The common header: what card play reads and writes, the same in every game's state — the
# trick (its cards and seats, its leader's turn order, the card winning it and whether
# anything can still beat it, the highest trump on it), the hands, the tricks and cards
# each seat took, the trump and the cards out of their suit.
_header = [
    "N", "TO_MOVE", "TRUMP", "TRUMP_MASK", "PAM_MASK", "TRICK_LEN", "WIN_SEAT", "WIN_CARD",
    "WIN_LOCKED", "BEST_TRUMP", "Q_DUE", "ACTIVE_N", "TRICKS_PLAYED", "LAST_WINNER", "INPLAY",
]  # fmt: skip
(
    S_N,
    S_TO_MOVE,
    S_TRUMP,
    S_TRUMP_MASK,
    S_PAM_MASK,  # the cards out of their natural suit (Pam; the jacks as trumps, F5)
    S_TRICK_LEN,
    S_WIN_SEAT,
    S_WIN_CARD,
    S_WIN_LOCKED,
    S_BEST_TRUMP,
    S_Q_DUE,  # the seat that must lead the trump queen (P5), or -1
    S_ACTIVE_N,  # the seats that play the tricks: a trick has this many cards
    S_TRICKS_PLAYED,
    S_LAST_WINNER,  # the seat that took the last trick (kept by the plain games' kinds)
    S_INPLAY,  # the cards still in the players' hands and on the trick
) = range(len(_header))
_header_arrays = ["HANDS", "TRICKS_TAKEN", "NEXT_SEAT", "TRICK_SEATS", "TRICK_CARDS", "WON"]
(
    A_HANDS,
    A_TRICKS_TAKEN,
    A_NEXT_SEAT,  # the seat after each in the trick (-1: a seat that does not play)
    A_TRICK_SEATS,
    A_TRICK_CARDS,
    A_WON,  # the cards of the tricks each seat took (kept by the plain games' kinds)
) = (len(_header) + MAXP * i for i in range(len(_header_arrays)))
#: Where a family's own fields begin, after the common header.
HEADER_SIZE = len(_header) + MAXP * len(_header_arrays)

# Rams' own fields, after the header.
_scalars = [
    "DEALER", "PHASE", "TURNED", "STOCK_POS", "STOCK_END", "TALON", "DISCARDS", "EXCH_PTR",
    "EXCH_N", "TAKER", "LEADER", "STAKE", "DAVE_OFFERER", "DAVE_PENDING", "WINNER", "VOID",
    "PAM_HOLDER", "PRE_PLAY_SET", "ACTIONS", "SPECIAL",
]  # fmt: skip
(
    S_DEALER,
    S_PHASE,
    S_TURNED,
    S_STOCK_POS,
    S_STOCK_END,
    S_TALON,
    S_DISCARDS,
    S_EXCH_PTR,
    S_EXCH_N,
    S_TAKER,
    S_LEADER,
    S_STAKE,
    S_DAVE_OFFERER,
    S_DAVE_PENDING,
    S_WINNER,
    S_VOID,
    S_PAM_HOLDER,
    S_PRE_PLAY_SET,
    S_ACTIONS,
    S_SPECIAL,  # cards a rule singles out, never merged with a neighbour by the solver
) = range(HEADER_SIZE, HEADER_SIZE + len(_scalars))
_arrays = [
    "DEAL_HANDS", "START_HANDS", "CALLS", "CREDITED", "JACK_CREDIT", "JACK_REMISE", "RECORDS",
    "START_RECORDS", "PRE_PLAY", "ORDER", "ACTIVE", "EXCHANGERS", "EXCHANGED", "FIRST_CREDIT",
    "REMISE_DUE", "PLAYING",
]  # fmt: skip
(
    A_DEAL_HANDS,
    A_START_HANDS,
    A_CALLS,
    A_CREDITED,
    A_JACK_CREDIT,
    A_JACK_REMISE,
    A_RECORDS,
    A_START_RECORDS,
    A_PRE_PLAY,
    A_ORDER,
    A_ACTIVE,
    A_EXCHANGERS,
    A_EXCHANGED,
    A_FIRST_CREDIT,  # written off with the first trick: aces (S3), Петух jacks (K4, K6)
    A_REMISE_DUE,  # a remise if no trick: 5 and the aces (S4), before K3's threshold
    A_PLAYING,  # 1 for a seat that plays the tricks
) = (HEADER_SIZE + len(_scalars) + MAXP * i for i in range(len(_arrays)))
A_DECK = HEADER_SIZE + len(_scalars) + MAXP * len(_arrays)
STATE_SIZE = A_DECK + 52
# Undo rows: a card's trick state at U_CARD…, a completed trick's records etc. at U_TRICK…
U_CARD = 0
U_TRICK = 8
U_CARDS = U_TRICK + MAXP + 4  # the completed trick's cards and seats
U_SIZE = U_CARDS + 2 * MAXP

CONTINUES, TRICK_DONE, GAME_WON = 0, 1, 2


# Card play ----------------------------------------------------------------------------------


@njit(cache=True)
def all_play(s: np.ndarray, n: int) -> None:
    """The common header of a deal that all its ``n`` seats play, in turn round the table,
    the hands already in ``s``: no trick yet, no trump, the cards in play the hands' (the
    plain games' deals and the positions of their max^n)."""
    s[S_N] = n
    s[S_ACTIVE_N] = n
    for k in (S_TRUMP, S_WIN_SEAT, S_WIN_CARD, S_BEST_TRUMP, S_Q_DUE, S_LAST_WINNER):
        s[k] = NONE
    for j in range(n):
        s[A_NEXT_SEAT + j] = (j + 1) % n
        s[S_INPLAY] |= s[A_HANDS + j]


@njit(cache=True, inline="always")
def legal_mask(s: np.ndarray, r: np.ndarray | tuple[int, ...], seat: int) -> int:
    """The cards ``seat`` may play now (:func:`rams.tricks.legal`, on this layout)."""
    lead = s[A_TRICK_CARDS] if s[S_TRICK_LEN] else -1
    return (
        tricks.legal(
            r,
            s[A_HANDS + seat],
            s[S_TRICK_LEN],
            lead,
            s[S_WIN_CARD],
            s[S_WIN_LOCKED],
            s[S_BEST_TRUMP],
            s[S_Q_DUE] == seat,
            s[S_TRUMP],
            s[S_TRUMP_MASK],
            s[S_PAM_MASK],
        )
        & CARDS
    )


@njit(cache=True, inline="always")
def play_card(
    s: np.ndarray, r: np.ndarray | tuple[int, ...], seat: int, c: int, undo: np.ndarray | None
) -> int:
    """Play card ``c`` (already known to be legal) for ``seat``, saving what it changes in
    ``undo`` (None: not to be taken back; the compiler then leaves the saving out); returns
    CONTINUES, TRICK_DONE, or GAME_WON (the trick ended the game, S6).

    Every game plays its cards here, on the common header of its state: the trick's winner
    is :func:`rams.tricks.beats`, the highest trump on it ranked by :func:`rams.tricks.above`
    (as :class:`rams.trickplay.TrickPlay` does). A complete trick goes to its winner, who
    leads next, and is then written as the rules vector's kernel kind says (``R_KIND``):
    Rams' write-offs (:func:`_end_trick`), or a plain game's count of the tricks and the
    cards each seat took (:func:`_count_trick`)."""
    tl = s[S_TRICK_LEN]
    if undo is not None:
        undo[U_CARD] = s[S_WIN_SEAT]
        undo[U_CARD + 1] = s[S_WIN_CARD]
        undo[U_CARD + 2] = s[S_WIN_LOCKED]
        undo[U_CARD + 3] = s[S_BEST_TRUMP]
        undo[U_CARD + 4] = s[S_TO_MOVE]
    s[A_HANDS + seat] &= ~(1 << c)
    trump_mask = s[S_TRUMP_MASK]
    if tl == 0:
        s[S_WIN_SEAT] = seat
        s[S_WIN_CARD] = c
        s[S_WIN_LOCKED] = 0
        s[S_BEST_TRUMP] = NONE
    else:
        state = tricks.beats(
            r, c, s[S_WIN_CARD], s[S_WIN_LOCKED], s[S_TRUMP], trump_mask, s[S_PAM_MASK]
        )
        if state:
            s[S_WIN_SEAT] = seat
            s[S_WIN_CARD] = c
            s[S_WIN_LOCKED] = 1 if state == 2 else 0
    if (trump_mask >> c) & 1:
        best = s[S_BEST_TRUMP]
        if best < 0 or (tricks.above(r, best, trump_mask) >> c) & 1:
            s[S_BEST_TRUMP] = c
    s[A_TRICK_SEATS + tl] = seat
    s[A_TRICK_CARDS + tl] = c
    tl += 1
    if tl < s[S_ACTIVE_N]:
        s[S_TRICK_LEN] = tl
        s[S_TO_MOVE] = s[A_NEXT_SEAT + seat]
        return CONTINUES
    # The trick is complete: it goes to its winner, who leads next.
    winner = s[S_WIN_SEAT]
    won = 0
    for i in range(tl):
        won |= 1 << s[A_TRICK_CARDS + i]
    if undo is not None:
        undo[U_TRICK + MAXP + 2] = s[S_TO_MOVE]
        undo[U_TRICK + MAXP + 3] = winner
        for i in range(tl):
            undo[U_CARDS + i] = s[A_TRICK_CARDS + i]
            undo[U_CARDS + MAXP + i] = s[A_TRICK_SEATS + i]
    s[S_INPLAY] &= ~won
    s[A_TRICKS_TAKEN + winner] += 1
    s[S_TRICKS_PLAYED] += 1
    s[S_TRICK_LEN] = 0
    s[S_TO_MOVE] = winner
    if r[R_KIND] == KIND_RAMS:
        return GAME_WON if _end_trick(s, r, winner, tl, undo) else TRICK_DONE
    _count_trick(s, winner, won, undo)
    return TRICK_DONE


@njit(cache=True, inline="always")
def _count_trick(s: np.ndarray, winner: int, won: int, undo: np.ndarray | None) -> None:
    """A plain game's complete trick: its cards to the winner's (F6), who took the last."""
    if undo is not None:
        undo[U_TRICK + MAXP + 1] = s[S_LAST_WINNER]
    s[A_WON + winner] |= won
    s[S_LAST_WINNER] = winner


@njit(cache=True, inline="always")
def _end_trick(
    s: np.ndarray, r: np.ndarray | tuple[int, ...], winner: int, tl: int, undo: np.ndarray | None
) -> bool:
    """Rams' write-offs for a complete trick (S2, S3, K4, K6, K7, S7); True if it ends the
    game (S6: the others then go back to their records before play)."""
    n = s[S_N]
    trump = s[S_TRUMP]
    if undo is not None:
        for i in range(n):
            undo[U_TRICK + i] = s[A_RECORDS + i]
        undo[U_TRICK + MAXP] = s[A_CREDITED + winner]
        undo[U_TRICK + MAXP + 1] = s[S_Q_DUE]
    lead_seat = s[A_TRICK_SEATS]
    lead_card = s[A_TRICK_CARDS]
    # P5: the duty to lead the queen after a winning king.
    s[S_Q_DUE] = NONE
    if (
        r[T_MARRIAGE]
        and lead_seat == winner
        and lead_card == 13 * trump + 11
        and (s[A_HANDS + winner] >> (13 * trump + 10)) & 1
    ):
        s[S_Q_DUE] = winner
    spade = NONE
    bonus = 0
    if r[R_SPADE_BONUS]:  # K7
        for i in range(tl):
            if s[A_TRICK_CARDS + i] == SPADE_ACE:
                spade = s[A_TRICK_SEATS + i]
        if spade != NONE:
            bonus = r[R_SPADE_BONUS]
    if r[R_OVERSHOOT] and s[A_RECORDS + winner] <= 0:
        s[A_CREDITED + winner] = 1  # S7: a trick at ≤ 0 restarts the record, writes nothing
        s[A_RECORDS + winner] = r[R_START]
    else:
        amount = 1
        if not s[A_CREDITED + winner]:
            s[A_CREDITED + winner] = 1
            amount += s[A_FIRST_CREDIT + winner]
        if bonus and spade == winner:
            amount += bonus
        s[A_RECORDS + winner] -= amount
    if bonus and spade != NONE and spade != winner:
        s[A_RECORDS + spade] += bonus
    if (not r[R_OVERSHOOT]) and s[A_RECORDS + winner] <= 0:
        s[S_WINNER] = winner
        for i in range(n):
            if i != winner:
                s[A_RECORDS + i] = s[A_PRE_PLAY + i]
        return True
    return False


@njit(cache=True, inline="always")
def unplay_card(
    s: np.ndarray,
    r: np.ndarray | tuple[int, ...],
    seat: int,
    c: int,
    undo: np.ndarray,
    completed: bool,
) -> None:
    """Take back the card :func:`play_card` played (and the trick it completed)."""
    if completed:
        winner = undo[U_TRICK + MAXP + 3]
        if r[R_KIND] == KIND_RAMS:
            for i in range(s[S_N]):
                s[A_RECORDS + i] = undo[U_TRICK + i]
            s[A_CREDITED + winner] = undo[U_TRICK + MAXP]
            s[S_Q_DUE] = undo[U_TRICK + MAXP + 1]
            s[S_WINNER] = NONE
        else:
            s[S_LAST_WINNER] = undo[U_TRICK + MAXP + 1]
        s[S_TO_MOVE] = undo[U_TRICK + MAXP + 2]
        s[A_TRICKS_TAKEN + winner] -= 1
        s[S_TRICKS_PLAYED] -= 1
        tl = s[S_ACTIVE_N]
        s[S_TRICK_LEN] = tl
        won = 0
        for i in range(tl):
            s[A_TRICK_CARDS + i] = undo[U_CARDS + i]
            s[A_TRICK_SEATS + i] = undo[U_CARDS + MAXP + i]
            won |= 1 << undo[U_CARDS + i]
        s[S_INPLAY] |= won
        if r[R_KIND] != KIND_RAMS:
            s[A_WON + winner] &= ~won
    s[S_TRICK_LEN] -= 1
    s[A_HANDS + seat] |= 1 << c
    s[S_WIN_SEAT] = undo[U_CARD]
    s[S_WIN_CARD] = undo[U_CARD + 1]
    s[S_WIN_LOCKED] = undo[U_CARD + 2]
    s[S_BEST_TRUMP] = undo[U_CARD + 3]
    s[S_TO_MOVE] = undo[U_CARD + 4]


@njit(cache=True, inline="always")
def remise(s: np.ndarray, r: np.ndarray | tuple[int, ...], seat: int) -> int:
    """What a seat that played and took no trick adds at the end of the deal (S4, J4, K3,
    K6); 0 for the others."""
    if not s[A_PLAYING + seat] or s[A_TRICKS_TAKEN + seat]:
        return 0
    amount = s[A_JACK_REMISE + seat]
    limit = r[R_REMISE_ONLY]
    if limit == NULL or s[A_RECORDS + seat] <= limit:
        amount += s[A_REMISE_DUE + seat]
    return amount
