"""The fast core: a deal as one int64 array, driven by integer action ids, compiled by Numba.

It reproduces the reference engine (:mod:`rams.games.rams.deal`) exactly — legal action ids, their
order, every record — and exists for search and simulation, where the reference engine's
objects and events cost too much. The reference engine stays the source of truth:
``tests/test_fast_equivalence.py`` plays thousands of random deals of every preset through
both and compares them after every action.

Layout: ``rules_array(rules)`` (:mod:`rams.fast.tables`) packs the Rams
:class:`~rams.games.rams.rules.Rules` into an int64 vector; a state is the int64 vector of
:mod:`rams.fast.play` (the common header every game's deal begins with, then Rams' own
``S_*`` scalars, ``A_*`` arrays of ``MAXP`` seats and the deck), the layout the solver
searches too, and card play is that module's one play routine. Here are the phases
before play (dealing, play/pass, the talon, the exchange, the turned trump, declarations)
and the end of the deal. Cards are ``suit * 13 + rank`` as in :mod:`rams.cards`; hands are
bitmasks. Action ids are those of :meth:`rams.games.rams.deal.Deal.action_id`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from rams.fast import play
from rams.fast.play import (
    A_ACTIVE,
    A_CALLS,
    A_DEAL_HANDS,
    A_DECK,
    A_EXCHANGED,
    A_EXCHANGERS,
    A_FIRST_CREDIT,
    A_HANDS,
    A_JACK_CREDIT,
    A_JACK_REMISE,
    A_NEXT_SEAT,
    A_ORDER,
    A_PLAYING,
    A_PRE_PLAY,
    A_RECORDS,
    A_REMISE_DUE,
    A_START_HANDS,
    A_START_RECORDS,
    GAME_WON,
    MAXP,
    NONE,
    S_ACTIONS,
    S_ACTIVE_N,
    S_BEST_TRUMP,
    S_DAVE_OFFERER,
    S_DAVE_PENDING,
    S_DEALER,
    S_DISCARDS,
    S_EXCH_N,
    S_EXCH_PTR,
    S_INPLAY,
    S_LEADER,
    S_N,
    S_PAM_HOLDER,
    S_PAM_MASK,
    S_PHASE,
    S_PRE_PLAY_SET,
    S_Q_DUE,
    S_SPECIAL,
    S_STAKE,
    S_STOCK_END,
    S_STOCK_POS,
    S_TAKER,
    S_TALON,
    S_TO_MOVE,
    S_TRICKS_PLAYED,
    S_TRUMP,
    S_TRUMP_MASK,
    S_TURNED,
    S_VOID,
    S_WIN_CARD,
    S_WIN_SEAT,
    S_WINNER,
    STATE_SIZE,
    TRICK_DONE,
    cards_into,
    legal_mask,
    popcount,
)
from rams.fast.tables import (
    NULL,
    R_ACE_FORBIDS_PASS,
    R_ACE_S,
    R_DAVE,
    R_DEALER_TRUMP,
    R_FIVE_SUIT,
    R_FIVE_SUIT_WINS,
    R_FOUR_ACES,
    R_FOUR_JACKS,
    R_FREEZE,
    R_IN_HAND,
    R_JACKS,
    R_MAX_EXCHANGE,
    R_NPACKETS,
    R_OVERSHOOT,
    R_P0,
    R_PACK,
    R_PASSING,
    R_PLAYERS,
    R_REMISE,
    R_SPADE_ACE_TRUMP,
    R_SPADE_BONUS,
    R_START,
    R_TALON,
    R_TRUMP_RAMS,
    WIN_GAME,
    rules_array,
)
from rams.tricks import T_PAM, T_SPADE_BEATS

__all__ = [
    "MAXP",
    "NUM_ACTIONS",
    "STATE_SIZE",
    "apply_action",
    "can_claim",
    "legal_actions",
    "new_state",
    "rules_array",
]

NUM_ACTIONS = 146
ID_PLAY_IN, ID_PASS, ID_EXCHANGE, ID_SWAP = 52, 53, 54, 86
ID_KEEP, ID_TAKE, ID_SELL, ID_GO, ID_DAVE, ID_ACCEPT, ID_CONCEDE, ID_CLAIM = range(138, 146)

# Phases, in the order of rams.games.rams.view.Phase.
PAM_SWAP, DECLARE, TALON, EXCHANGE, DEALER_TRUMP, PLAY, DONE = range(7)

PAM = 22  # JC
SPADE_ACE = 12

# Calls.
CALL_NONE, CALL_PLAY, CALL_PASS = 0, 1, 2

_SUIT_MASK = np.array([0x1FFF << (13 * s) for s in range(4)], dtype=np.int64)
_ALL_ACES = sum(1 << (13 * s + 12) for s in range(4))
_ALL_JACKS = sum(1 << (13 * s + 9) for s in range(4))
_BLACK_JACKS = (1 << 9) | (1 << 22)
_RED_JACKS = (1 << 35) | (1 << 48)


# Small helpers ---------------------------------------------------------------------------


@njit(cache=True)
def _ace_value(r: np.ndarray, suit: int, trump: int) -> int:
    if suit == 0 and trump == 0 and r[R_SPADE_ACE_TRUMP] != NULL:
        return r[R_SPADE_ACE_TRUMP]
    return r[R_ACE_S + suit]


@njit(cache=True)
def _aces(r: np.ndarray, mask: int, trump: int) -> int:
    total = 0
    for s in range(4):
        if (mask >> (13 * s + 12)) & 1:
            total += _ace_value(r, s, trump)
    return total


# Construction -----------------------------------------------------------------------------


@njit(cache=True)
def new_state(
    r: np.ndarray, dealer: int, deck: np.ndarray, records: np.ndarray, stake: int, offerer: int
) -> np.ndarray:
    """A deal dealt from ``deck`` (top first) with these records (D2, D3, K1, V2, M3)."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    n = r[R_PLAYERS]
    s[S_N] = n
    s[S_DEALER] = dealer
    s[S_STAKE] = stake
    s[S_DAVE_OFFERER] = offerer
    s[S_DAVE_PENDING] = NONE
    s[S_WINNER] = NONE
    s[S_TAKER] = NONE
    s[S_Q_DUE] = NONE
    s[S_PAM_HOLDER] = NONE
    s[S_WIN_SEAT] = NONE
    s[S_WIN_CARD] = NONE
    s[S_BEST_TRUMP] = NONE
    s[S_TRUMP] = NONE
    s[S_TURNED] = NONE
    for i in range(52):
        s[A_DECK + i] = deck[i] if i < r[R_PACK] else 0
    for i in range(n):
        s[A_ORDER + i] = (dealer + 1 + i) % n
        s[A_RECORDS + i] = records[i]
        s[A_START_RECORDS + i] = records[i]
        s[A_EXCHANGED + i] = NONE
    s[S_PAM_MASK] = (1 << PAM) if r[T_PAM] else 0
    # Deal in packets (D2); the duel deals non-dealer, dealer, talon (V2).
    pos = 0
    last_to_dealer = 0
    recipients = np.zeros(MAXP + 1, dtype=np.int64)
    nrec = n
    if r[R_TALON]:
        recipients[0] = (dealer + 1) % n
        recipients[1] = dealer
        recipients[2] = -1
        nrec = 3
    else:
        for i in range(n):
            recipients[i] = s[A_ORDER + i]
    for p in range(r[R_NPACKETS]):
        size = r[R_P0 + p]
        for k in range(nrec):
            who = recipients[k]
            for j in range(size):
                c = deck[pos + j]
                if who < 0:
                    s[S_TALON] |= 1 << c
                else:
                    s[A_HANDS + who] |= 1 << c
                    if who == dealer:
                        last_to_dealer = c
            pos += size
    if r[R_IN_HAND]:
        _set_trump(s, r, last_to_dealer // 13)
        s[S_STOCK_POS] = pos
        s[S_STOCK_END] = pos
    else:
        s[S_TURNED] = deck[pos]
        pos += 1
        s[S_STOCK_POS] = pos
        s[S_STOCK_END] = pos if r[R_TALON] else r[R_PACK]
        if not (r[T_PAM] and s[S_TURNED] == PAM):
            _set_trump(s, r, s[S_TURNED] // 13)
    for i in range(n):
        s[A_DEAL_HANDS + i] = s[A_HANDS + i]
    if r[T_PAM]:
        for i in range(n):
            if (s[A_HANDS + i] >> PAM) & 1:
                s[S_PAM_HOLDER] = i
    if r[T_PAM] and s[S_TURNED] == PAM:
        s[S_PHASE] = PAM_SWAP
        s[S_TO_MOVE] = dealer
    else:
        _after_pam(s, r)
    return s


@njit(cache=True)
def _set_trump(s: np.ndarray, r: np.ndarray, trump: int) -> None:
    s[S_TRUMP] = trump
    s[S_TRUMP_MASK] = _SUIT_MASK[trump] & ~s[S_PAM_MASK]


@njit(cache=True)
def _after_pam(s: np.ndarray, r: np.ndarray) -> None:
    n = s[S_N]
    if r[R_TALON]:
        s[S_PHASE] = TALON
        s[S_TO_MOVE] = s[A_ORDER]
    elif r[R_PASSING]:
        s[S_PHASE] = DECLARE
        s[S_TO_MOVE] = s[A_ORDER]
    else:
        for i in range(n):
            s[A_ACTIVE + i] = s[A_ORDER + i]
        s[S_ACTIVE_N] = n
        _start_exchange(s, r)


@njit(cache=True)
def _start_exchange(s: np.ndarray, r: np.ndarray) -> None:
    n = s[S_N]
    k = 0
    if not r[R_IN_HAND]:
        frozen_all = False
        if r[R_FREEZE]:
            for i in range(n):
                if s[A_START_RECORDS + i] <= 1:
                    frozen_all = True
        if not frozen_all:
            for i in range(s[S_ACTIVE_N]):
                seat = s[A_ACTIVE + i]
                if r[R_FREEZE] and s[A_START_RECORDS + seat] <= 2:
                    continue
                s[A_EXCHANGERS + k] = seat
                k += 1
    s[S_EXCH_N] = k
    s[S_EXCH_PTR] = 0
    if k:
        s[S_PHASE] = EXCHANGE
        s[S_TO_MOVE] = s[A_EXCHANGERS]
    else:
        _start_dealer_trump(s, r)


@njit(cache=True)
def _is_active(s: np.ndarray, seat: int) -> bool:
    for i in range(s[S_ACTIVE_N]):
        if s[A_ACTIVE + i] == seat:
            return True
    return False


@njit(cache=True)
def _start_dealer_trump(s: np.ndarray, r: np.ndarray) -> None:
    if s[S_TURNED] != NONE and r[R_DEALER_TRUMP] != 2 and _is_active(s, s[S_DEALER]):
        s[S_PHASE] = DEALER_TRUMP
        s[S_TO_MOVE] = s[S_DEALER]
    else:
        _declarations(s, r)


# Declarations (R1–R4, J1–J5, K4, K6) --------------------------------------------------


@njit(cache=True)
def _write(s: np.ndarray, seat: int, delta: int) -> None:
    s[A_RECORDS + seat] += delta


@njit(cache=True)
def _reached_zero(s: np.ndarray, r: np.ndarray, seat: int) -> bool:
    return (not r[R_OVERSHOOT]) and s[A_RECORDS + seat] <= 0


@njit(cache=True)
def _finish(s: np.ndarray) -> None:
    s[S_PHASE] = DONE
    s[S_TO_MOVE] = NONE
    s[S_DAVE_PENDING] = NONE


@njit(cache=True)
def _win(s: np.ndarray, seat: int) -> None:
    s[S_WINNER] = seat
    n = s[S_N]
    if s[S_PHASE] == PLAY and s[S_PRE_PLAY_SET]:
        for o in range(n):
            if o != seat:
                s[A_RECORDS + o] = s[A_PRE_PLAY + o]
    if s[S_PHASE] != DONE:
        _finish(s)


@njit(cache=True)
def _rams_key(s: np.ndarray, r: np.ndarray, seat: int, pos: int) -> tuple[int, int, int, int, int]:
    """(category, suit, write-off, -pos, kind) of the rams ``seat`` shows; category 0: none.

    kind: 3 four aces, 2 trump rams, 1 five of a suit.
    """
    hand = s[A_HANDS + seat]
    trump = s[S_TRUMP]
    if r[R_FOUR_ACES] and hand & _ALL_ACES == _ALL_ACES:
        return 3, 0, 0, -pos, 3
    for suit in range(4):
        if hand & _SUIT_MASK[suit] == hand:
            ace = _ace_value(r, suit, trump) if (hand >> (13 * suit + 12)) & 1 else 0
            if suit == trump and r[R_TRUMP_RAMS] != NULL:
                return 2, 0, r[R_TRUMP_RAMS] + ace, -pos, 2
            if r[R_FIVE_SUIT]:
                return 1, suit, 5 + ace, -pos, 1
    return 0, 0, 0, 0, 0


@njit(cache=True)
def _declarations(s: np.ndarray, r: np.ndarray) -> None:
    n = s[S_N]
    best_seat = NONE
    bk = (0, 0, 0, 0, 0)
    for i in range(s[S_ACTIVE_N]):
        seat = s[A_ACTIVE + i]
        pos = 0
        for j in range(n):
            if s[A_ORDER + j] == seat:
                pos = j
        key = _rams_key(s, r, seat, pos)
        if key[0] == 0:
            continue
        better = best_seat == NONE
        if not better:
            # R4: category, then suit, then the larger write-off, then seat order.
            for j in range(4):
                if key[j] != bk[j]:
                    better = key[j] > bk[j]
                    break
        if better:
            best_seat = seat
            bk = key
    if best_seat != NONE:
        _score_rams(s, r, best_seat, bk[4], bk[2])
        return
    if r[R_JACKS] == 1:
        for i in range(n):
            if _score_jacks(s, r, s[A_ORDER + i]):
                return
    elif r[R_JACKS] >= 2:
        for i in range(s[S_ACTIVE_N]):
            _active_jacks(s, r, s[A_ACTIVE + i])
    _start_play(s, r)


@njit(cache=True)
def _score_rams(s: np.ndarray, r: np.ndarray, holder: int, kind: int, value: int) -> None:
    if kind == 3 or r[R_FIVE_SUIT_WINS]:
        s[A_RECORDS + holder] = 0
        _win(s, holder)
        return
    _write(s, holder, -value)
    base = r[R_TRUMP_RAMS] if kind == 2 else 5
    trump = s[S_TRUMP]
    for i in range(s[S_ACTIVE_N]):
        seat = s[A_ACTIVE + i]
        if seat != holder:
            _write(s, seat, base + _aces(r, s[A_HANDS + seat], trump))
    if _reached_zero(s, r, holder):
        _win(s, holder)
        return
    _finish(s)


@njit(cache=True)
def _jack_value(r: np.ndarray, mask: int) -> int:
    jacks = mask & _ALL_JACKS
    if jacks == _ALL_JACKS:
        return -1 if r[R_FOUR_JACKS] == WIN_GAME else r[R_FOUR_JACKS]  # -1: they win (V1)
    if jacks & _BLACK_JACKS == _BLACK_JACKS or jacks & _RED_JACKS == _RED_JACKS:
        return 5
    return 0


@njit(cache=True)
def _score_jacks(s: np.ndarray, r: np.ndarray, seat: int) -> bool:
    dv = _jack_value(r, s[A_DEAL_HANDS + seat])
    fv = _jack_value(r, s[A_HANDS + seat])
    if dv == 0 and fv == 0:
        return False
    best = max(dv, fv)
    if dv == -1 or fv == -1:
        s[A_RECORDS + seat] = 0
        _win(s, seat)
        return True
    _write(s, seat, -best)
    if _reached_zero(s, r, seat):
        _win(s, seat)
        return True
    return False


@njit(cache=True)
def _active_jacks(s: np.ndarray, r: np.ndarray, seat: int) -> None:
    trump = s[S_TRUMP] if s[S_TRUMP] >= 0 else 0
    trump_jack = 1 << (13 * trump + 9)
    best = 0
    count = 0
    for k in range(2):
        mask = s[A_DEAL_HANDS + seat] if k == 0 else s[A_HANDS + seat]
        jacks = mask & _ALL_JACKS
        c = popcount(jacks)
        count = max(count, c)
        value = 0
        if r[R_JACKS] == 2:
            if c == 4:
                value = 15
            else:
                if jacks & _BLACK_JACKS == _BLACK_JACKS:
                    value = max(value, 10 if _BLACK_JACKS & trump_jack else 5)
                if jacks & _RED_JACKS == _RED_JACKS:
                    value = max(value, 10 if _RED_JACKS & trump_jack else 5)
        else:
            value = 10 if c == 4 else 5 if c >= 2 else 0
        best = max(best, value)
    s[A_JACK_CREDIT + seat] = best
    if r[R_JACKS] == 3 and count >= 2:
        s[A_JACK_REMISE + seat] = 10


@njit(cache=True)
def _start_play(s: np.ndarray, r: np.ndarray) -> None:
    n = s[S_N]
    for i in range(n):
        s[A_PRE_PLAY + i] = s[A_RECORDS + i]
    s[S_PRE_PLAY_SET] = 1
    for i in range(s[S_ACTIVE_N]):
        seat = s[A_ACTIVE + i]
        s[A_START_HANDS + seat] = s[A_HANDS + seat]
    if r[R_TALON]:
        s[S_LEADER] = s[S_TAKER] if s[S_TAKER] != NONE else (s[S_DEALER] + 1) % n
    else:
        s[S_LEADER] = s[A_ACTIVE]
    # The next active seat clockwise (P1).
    for i in range(n):
        s[A_NEXT_SEAT + i] = NONE
    for seat in range(n):
        if _is_active(s, seat):
            nxt = (seat + 1) % n
            while not _is_active(s, nxt):
                nxt = (nxt + 1) % n
            s[A_NEXT_SEAT + seat] = nxt
    # What the play kernel reads (and the solver keys on): first-trick credits, remises,
    # the cards still in play, the cards it must never merge.
    trump = s[S_TRUMP]
    inplay = 0
    for i in range(s[S_ACTIVE_N]):
        seat = s[A_ACTIVE + i]
        aces = _aces(r, s[A_START_HANDS + seat], trump)
        s[A_FIRST_CREDIT + seat] = aces + s[A_JACK_CREDIT + seat]
        s[A_REMISE_DUE + seat] = r[R_REMISE] + aces
        s[A_PLAYING + seat] = 1
        inplay |= s[A_HANDS + seat]
    s[S_INPLAY] = inplay
    s[S_SPECIAL] = special_cards(r, trump, s[S_PAM_MASK])
    s[S_PHASE] = PLAY
    s[S_TO_MOVE] = s[S_LEADER]


@njit(cache=True)
def special_cards(r: np.ndarray, trump: int, pam_mask: int) -> int:
    """Cards a rule singles out, which the solver never merges with a neighbour: trump J Q K
    A (P4–P6), Pam (M1), the ace of spades under K7 or M4."""
    special = (0xF << (13 * trump + 9)) if trump >= 0 else 0
    special |= pam_mask
    if r[R_SPADE_BONUS] or r[T_SPADE_BEATS]:
        special |= 1 << SPADE_ACE
    return special


# Legal actions ---------------------------------------------------------------------------


@njit(cache=True)
def can_claim(s: np.ndarray, r: np.ndarray, seat: int) -> bool:
    """S7: ``seat`` may claim the game now."""
    return (
        bool(r[R_OVERSHOOT])
        and s[S_WINNER] == NONE
        and s[A_RECORDS + seat] <= 0
        and s[S_DAVE_PENDING] == NONE
    )


@njit(cache=True)
def _may_offer_dave(s: np.ndarray, r: np.ndarray, seat: int) -> bool:
    ph = s[S_PHASE]
    return (
        r[R_DAVE] == 1
        and s[S_DAVE_PENDING] == NONE
        and (ph == TALON or ph == DEALER_TRUMP or ph == PLAY)
        and (s[S_DAVE_OFFERER] == NONE or s[S_DAVE_OFFERER] == seat)
    )


@njit(cache=True)
def _declare_may_pass(s: np.ndarray, r: np.ndarray, seat: int) -> bool:
    if r[R_ACE_FORBIDS_PASS] and s[A_DEAL_HANDS + seat] & _ALL_ACES:
        return False
    if seat == s[S_DEALER] and s[S_ACTIVE_N] == 1:
        return False
    return True


@njit(cache=True)
def legal_actions(s: np.ndarray, r: np.ndarray, seat: int, out: np.ndarray) -> int:
    """Write the legal action ids of ``seat`` (-1: the seat to act) into ``out``, in the
    reference engine's order; return how many (none for a seat that is not at the table)."""
    if s[S_WINNER] != NONE or seat < -1 or seat >= s[S_N]:
        return 0
    if seat < 0:
        seat = s[S_TO_MOVE]
        if seat < 0:
            return 0
    k = 0
    if seat == s[S_TO_MOVE]:
        ph = s[S_PHASE]
        if s[S_DAVE_PENDING] != NONE:
            out[0] = ID_ACCEPT
            out[1] = ID_CONCEDE
            k = 2
        elif ph == PLAY:
            k = cards_into(legal_mask(s, r, seat), out)
        elif ph == DECLARE:
            out[0] = ID_PLAY_IN
            k = 1
            if _declare_may_pass(s, r, seat):
                out[1] = ID_PASS
                k = 2
        elif ph == EXCHANGE:
            most = min(r[R_MAX_EXCHANGE], s[S_STOCK_END] - s[S_STOCK_POS])
            ncards = popcount(s[A_HANDS + seat])
            for m in range(1 << ncards):
                if popcount(m) <= most:
                    out[k] = ID_EXCHANGE + m
                    k += 1
        elif ph == DEALER_TRUMP or ph == PAM_SWAP:
            k = cards_into(s[A_HANDS + seat], out)
            for i in range(k):
                out[i] += ID_SWAP
            if ph == DEALER_TRUMP and r[R_DEALER_TRUMP] == 0:
                out[k] = ID_KEEP
                k += 1
        elif ph == TALON:
            out[0] = ID_TAKE
            out[1] = ID_GO if seat == s[S_DEALER] else ID_SELL
            k = 2
        if _may_offer_dave(s, r, seat):
            out[k] = ID_DAVE
            k += 1
    if r[R_OVERSHOOT] and s[A_RECORDS + seat] <= 0 and s[S_DAVE_PENDING] == NONE:
        out[k] = ID_CLAIM
        k += 1
    return k


# Applying actions ---------------------------------------------------------------------------


@njit(cache=True)
def apply_action(s: np.ndarray, r: np.ndarray, action: int, seat: int) -> bool:
    """Apply an action id by ``seat`` (-1: the seat to act). False (and no change) if illegal."""
    if seat < -1 or seat >= s[S_N]:
        return False
    if seat < 0:
        seat = s[S_TO_MOVE]
        if seat < 0:
            return False
    buf = np.empty(64, dtype=np.int64)
    k = legal_actions(s, r, seat, buf)
    ok = False
    for i in range(k):
        if buf[i] == action:
            ok = True
    if not ok:
        return False
    apply_legal(s, r, action, seat)
    return True


@njit(cache=True)
def apply_legal(s: np.ndarray, r: np.ndarray, action: int, seat: int) -> None:
    """Apply an action id already known to be legal for ``seat`` (no check: hot loops)."""
    if seat < 0:
        seat = s[S_TO_MOVE]
    s[S_ACTIONS] += 1
    if action == ID_CLAIM:
        _win(s, seat)
        return
    if s[S_DAVE_PENDING] != NONE:
        offerer = s[S_DAVE_PENDING]
        s[S_DAVE_PENDING] = NONE
        if action == ID_ACCEPT:
            s[S_STAKE] *= 2
            s[S_DAVE_OFFERER] = seat
            s[S_TO_MOVE] = offerer
        else:
            _win(s, offerer)
        return
    if action == ID_DAVE:
        s[S_DAVE_PENDING] = seat
        s[S_TO_MOVE] = 1 - seat
        return
    ph = s[S_PHASE]
    if ph == PLAY:
        _play(s, r, seat, action)
    elif ph == DECLARE:
        _declare(s, r, seat, action == ID_PLAY_IN)
    elif ph == EXCHANGE:
        _exchange(s, r, seat, action - ID_EXCHANGE)
    elif ph == DEALER_TRUMP:
        if action != ID_KEEP:
            c = action - ID_SWAP
            t = s[S_TURNED]
            s[A_HANDS + seat] = (s[A_HANDS + seat] & ~(1 << c)) | (1 << t)
            s[S_DISCARDS] |= 1 << c
            s[S_TURNED] = NONE
        _declarations(s, r)
    elif ph == PAM_SWAP:
        c = action - ID_SWAP
        s[A_HANDS + seat] = (s[A_HANDS + seat] & ~(1 << c)) | (1 << PAM)
        s[A_DEAL_HANDS + seat] = s[A_HANDS + seat]
        s[S_TURNED] = c
        s[S_PAM_HOLDER] = seat
        _set_trump(s, r, c // 13)
        _after_pam(s, r)
    elif ph == TALON:
        n = s[S_N]
        for i in range(n):
            s[A_ACTIVE + i] = s[A_ORDER + i]
        s[S_ACTIVE_N] = n
        if action == ID_TAKE:
            s[S_DISCARDS] |= s[A_HANDS + seat]
            s[A_HANDS + seat] = s[S_TALON]
            s[S_TALON] = 0
            s[S_TAKER] = seat
            _start_dealer_trump(s, r)
        elif action == ID_SELL:
            s[S_TO_MOVE] = s[S_DEALER]
        else:
            _start_dealer_trump(s, r)


@njit(cache=True)
def _declare(s: np.ndarray, r: np.ndarray, seat: int, plays: bool) -> None:
    n = s[S_N]
    s[A_CALLS + seat] = CALL_PLAY if plays else CALL_PASS
    if plays:
        s[A_ACTIVE + s[S_ACTIVE_N]] = seat
        s[S_ACTIVE_N] += 1
    i = 0
    for j in range(n):
        if s[A_ORDER + j] == seat:
            i = j
    if i == n - 1:
        _start_exchange(s, r)
        return
    nxt = s[A_ORDER + i + 1]
    if nxt == s[S_DEALER] and s[S_ACTIVE_N] == 0:
        s[S_VOID] = 1
        _finish(s)
        return
    s[S_TO_MOVE] = nxt


@njit(cache=True)
def _exchange(s: np.ndarray, r: np.ndarray, seat: int, m: int) -> None:
    hand = s[A_HANDS + seat]
    cards = np.empty(8, dtype=np.int64)
    nc = cards_into(hand, cards)
    discard = 0
    k = 0
    for i in range(nc):
        if (m >> i) & 1:
            discard |= 1 << cards[i]
            k += 1
    hand &= ~discard
    for j in range(k):
        hand |= 1 << s[A_DECK + s[S_STOCK_POS] + j]
    s[S_STOCK_POS] += k
    s[A_HANDS + seat] = hand
    s[S_DISCARDS] |= discard
    s[A_EXCHANGED + seat] = k
    s[S_EXCH_PTR] += 1
    if s[S_EXCH_PTR] < s[S_EXCH_N]:
        s[S_TO_MOVE] = s[A_EXCHANGERS + s[S_EXCH_PTR]]
    else:
        _start_dealer_trump(s, r)


@njit(cache=True)
def _play(s: np.ndarray, r: np.ndarray, seat: int, c: int) -> None:
    """A card played (the play kernel); after the fifth trick the remises, then the end."""
    result = play.play_card(s, r, seat, c, None)
    if result == GAME_WON:
        _finish(s)
    elif result == TRICK_DONE:
        if s[S_TRICKS_PLAYED] == 5:
            for i in range(s[S_ACTIVE_N]):
                seat = s[A_ACTIVE + i]
                _write(s, seat, play.remise(s, r, seat))
            _finish(s)
        else:
            s[S_LEADER] = s[S_TO_MOVE]


@njit(cache=True)
def random_playouts(r: np.ndarray, deck: np.ndarray, deals: int, seed: int) -> tuple[int, int]:
    """Play ``deals`` deals with uniformly random legal actions (xorshift RNG, the deck
    reshuffled each time); returns (actions, card plays). For benchmarks."""
    n = r[R_PLAYERS]
    records = np.zeros(MAXP, dtype=np.int64)
    for i in range(n):
        records[i] = r[R_START]
    buf = np.empty(64, dtype=np.int64)
    x = np.uint64(seed * 2654435761 + 1)
    actions = 0
    plays = 0
    d = deck.copy()
    for k in range(deals):
        for i in range(r[R_PACK] - 1, 0, -1):
            x ^= x << np.uint64(13)
            x ^= x >> np.uint64(7)
            x ^= x << np.uint64(17)
            j = int(x % np.uint64(i + 1))
            d[i], d[j] = d[j], d[i]
        s = new_state(r, k % n, d, records, 1, NONE)
        while s[S_PHASE] != DONE:
            m = legal_actions(s, r, -1, buf)
            x ^= x << np.uint64(13)
            x ^= x >> np.uint64(7)
            x ^= x << np.uint64(17)
            a = buf[int(x % np.uint64(m))]
            if s[S_PHASE] == PLAY:
                plays += 1
            apply_legal(s, r, a, -1)
            actions += 1
            if s[S_WINNER] != NONE:
                break
    return actions, plays
