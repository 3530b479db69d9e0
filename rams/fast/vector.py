"""Many deals of any preset stepped in lockstep in compiled code: a batch of ``N`` deals, the
legal-action masks and compact observations of all ``N`` at once.

Each deal is a compiled deal of its family, chosen by the rules vector's kernel kind
(:mod:`rams.fast.tables`): the fast core's state for the declared deals (:mod:`rams.fast.
core`, ``tests/test_fast_equivalence.py``), the plain games' kernel otherwise (:mod:`rams.
fast.plain`, its prelude — a trump named, an auction and its contract — compiled too,
``tests/test_fast_plain.py``); both play their cards in the one play routine. A deal is
dealt from a deck this module shuffles (xorshift, a generator per deal, seeded from one
seed; then the family's extra chance field, a card of a second pack, from the same
generator) and driven by the engine's action ids. A deal runs as an episode of
:mod:`rams.adapters.episode` runs: from the start of a match (every score at the preset's
start), the dealer the batch names, a claim (S7) taken for its seat as soon as it may be,
the out-of-turn offer asked in turn (each seat that may say it, from the left of the seat
to move, answering it or the silent id), cut short after ``max_decisions``; its return is
each seat's points, ``better × (after − before)`` (a record that runs down gains points).
A deal that ends is dealt again at once (its final points in ``rewards`` and ``done`` set
for that step).

The observation of a deal is the seat to move's, written from what that seat may see:
the seat (n), its hand (52), its hand as dealt (52), the card turned at the start (52) and
the trump (5), the card plays (52 × (n + T + n): each card's seat, trick and place, as the
compact tensor of :mod:`rams.adapters.encoding` writes them), and the calls — every action
but a card played, in order, as (seat, id), the ids that hide a card made public: an
exchange by the number of cards (``ID_EXCHANGE + k``), the dealer's swap for the turned
card by that card (``ID_SWAP + turned``) — then the cards on show: each seat's cards known
to all (n × 52, the view's ``known``: a card shown in the hand — the dealer's turned card in
hand (K1), Pam taken (M3), the turned trump taken (E5), jacks declared from the final hand
(J1) — until it is played or the hand is exchanged) and the cards each seat's declarations
showed (n × 52: its rams, R1–R4; its jacks, J1), so that what the compact tensor of
:mod:`rams.adapters.encoding` holds, this one holds too. In the plain games the same layout:
the card turned is the trump card turned (W3) or the card of the second pack (B1), the
calls hide the card set aside (B6), staying silent is no call (others do not see it), the
cards known are those the view's ``shown`` holds (:func:`rams.fast.plain.shown`) and the
cards declared the open hand as it was laid open (B9).

Two faces, both in :mod:`rams.adapters.vector`: the functional one (every seat's decisions,
self-play) and Gymnasium's vector API (one seat against uniformly random seats, stepped
inside the kernel too).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from rams.fast import core as fc
from rams.fast import plain as pl
from rams.fast import play as fp
from rams.fast import tables as ft
from rams.fast.play import A_DEAL_HANDS, A_HANDS, A_RECORDS, A_START_RECORDS, NONE

__all__ = [
    "CALL_SEAT",
    "H_CARD_PLACE",
    "deal_deck",
    "load_one",
    "observe_all",
    "observe_seat",
    "reset_all",
    "step_against_random",
    "step_all",
    "step_one",
]

#: The places of a one-deal configuration (``cfg``, int64) that :func:`load_one` and
#: :func:`step_one` read: the dealer, ``better``, the decisions allowed, the tricks, the calls.
C_DEALER, C_BETTER, C_MOST, C_TRICKS, C_SLOTS = range(5)

# The per-deal bookkeeping beside the state (``book``, int64): the generator, the decisions,
# the card turned at the start, the number of calls, the seats asked about the out-of-turn
# offer since the last action, then each card's seat, trick and place (−1: not played), the
# cards known and declared and dealt of each seat, the cards on show the observation holds
# now (known, declared), then the calls (seat, id).
B_RNG, B_DECISIONS, B_TURNED, B_CALLS, B_ASKED = range(5)
H_CARD_SEAT = 5
H_CARD_TRICK = H_CARD_SEAT + 52
H_CARD_PLACE = H_CARD_TRICK + 52
H_KNOWN = H_CARD_PLACE + 52  # each seat's cards known to all (a mask a seat)
H_DECLARED = H_KNOWN + fp.MAXP  # the cards each seat's declarations showed
H_DEALT = H_DECLARED + fp.MAXP  # each hand as dealt (the plain games' kernel keeps none)
H_WRITTEN = H_DEALT + fp.MAXP  # the cards on show the observation holds (known, declared)
CALL_SEAT = H_WRITTEN + 2 * fp.MAXP


def book_size(slots: int) -> int:
    """The bookkeeping's width for ``slots`` calls."""
    return CALL_SEAT + 2 * slots


def obs_size(n: int, tricks: int, slots: int, actions: int) -> int:
    """The observation's width: seat, hand, dealt, turned, trump, plays, calls, shown."""
    return n + 3 * 52 + 5 + 52 * (2 * n + tricks) + slots * (n + actions - 52) + 104 * n


@njit(cache=True, inline="always")
def _next(book: np.ndarray) -> int:
    x = np.uint64(book[B_RNG])
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    book[B_RNG] = np.int64(x)
    return int(x >> np.uint64(1))


@njit(cache=True, inline="always")
def _claims(
    s: np.ndarray, r: np.ndarray, book: np.ndarray, slots: int, obs: np.ndarray, calls_at: int
) -> None:
    """S7: a seat that may claim the game claims it (the episode's way)."""
    n = s[fp.S_N]
    for _round in range(n):
        claimed = False
        for seat in range(n):
            if s[fp.S_WINNER] == NONE and fc.can_claim(s, r, seat):
                _call(book, slots, seat, fc.ID_CLAIM, obs, calls_at, n)
                fc.apply_legal(s, r, fc.ID_CLAIM, seat)
                claimed = True
                break
        if not claimed:
            return


@njit(cache=True, inline="always")
def _call(
    book: np.ndarray, slots: int, seat: int, a: int, obs: np.ndarray, calls_at: int, n: int
) -> None:
    """A call (an action but a card played), kept and written into the observation."""
    k = book[B_CALLS]
    if k < slots:
        book[CALL_SEAT + 2 * k] = seat
        book[CALL_SEAT + 2 * k + 1] = a
        width = (obs.shape[0] - 104 * n - calls_at) // slots
        obs[calls_at + width * k + seat] = 1.0
        obs[calls_at + width * k + n + a - 52] = 1.0
    book[B_CALLS] = k + 1


@njit(cache=True)
def _deal(
    s: np.ndarray, r: np.ndarray, book: np.ndarray, deck: np.ndarray, dealer: int, slots: int,
    obs: np.ndarray, tricks: int,
) -> None:  # fmt: skip
    """Shuffle ``deck`` by the deal's generator (then draw the extra card of a second pack
    where the family deals one) and deal a new deal into ``s``."""
    size = r[ft.R_PACK] if _declares(r) else r[pl.P_PACK]
    for i in range(size - 1, 0, -1):
        j = _next(book) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    extra = _next(book) % 52 if r[ft.R_KIND] == ft.KIND_AUCTION else -1
    deal_deck(s, r, book, deck, dealer, slots, obs, tricks, extra)


@njit(cache=True, inline="always")
def _declares(r: np.ndarray) -> bool:
    """Whether the rules vector is a declared deal's (the fast core) or a plain game's."""
    return r[ft.R_KIND] == ft.KIND_RAMS


@njit(cache=True)
def deal_deck(
    s: np.ndarray, r: np.ndarray, book: np.ndarray, deck: np.ndarray, dealer: int, slots: int,
    obs: np.ndarray, tricks: int, extra: int,
) -> None:  # fmt: skip
    """Deal ``deck`` as it lies (top first; ``extra``: the card of a second pack, or −1)
    into ``s``, the bookkeeping and the observation afresh (the seat's part is written by
    :func:`_observe`)."""
    book[B_DECISIONS] = 0
    book[B_CALLS] = 0
    book[B_ASKED] = 0
    for c in range(52):
        book[H_CARD_SEAT + c] = -1
        book[H_CARD_TRICK + c] = -1
        book[H_CARD_PLACE + c] = -1
    for k in range(fp.MAXP):
        book[H_KNOWN + k] = 0
        book[H_DECLARED + k] = 0
        book[H_WRITTEN + k] = 0
        book[H_WRITTEN + fp.MAXP + k] = 0
    if _declares(r):
        records = np.zeros(fp.MAXP, dtype=np.int64)
        for i in range(r[ft.R_PLAYERS]):
            records[i] = r[ft.R_START]
        s[:] = fc.new_state(r, dealer, deck, records, 1, NONE)
        book[B_TURNED] = s[fp.S_TURNED]
        if r[ft.R_IN_HAND]:  # K1: the dealer's last card, the trump, shown and kept
            book[H_KNOWN + dealer] = 1 << _last_to_dealer(r, deck, dealer)
        if s[fp.S_PHASE] >= fc.PLAY:  # (the declarations made at the deal)
            _declared(s, r, book)
    else:
        s[:] = 0
        pl.deal_into(s, r, dealer, deck, np.zeros(4, dtype=np.int64), extra)
        book[B_TURNED] = deck[r[pl.P_PACK] - 1] if r[pl.P_TURNED_TRUMP] else extra
    for k in range(fp.MAXP):
        book[H_DEALT + k] = s[A_HANDS + k]
    obs[:] = 0.0
    n = s[fp.S_N]
    if book[B_TURNED] >= 0:
        obs[n + 104 + book[B_TURNED]] = 1.0
    if _declares(r):
        _claims(s, r, book, slots, obs, _calls_at(n, tricks))


@njit(cache=True)
def _last_to_dealer(r: np.ndarray, deck: np.ndarray, dealer: int) -> int:
    """The last card the dealer is dealt (D2, V2: as :func:`rams.fast.core.new_state` deals)."""
    n = r[ft.R_PLAYERS]
    nrec = 3 if r[ft.R_TALON] else n
    pos = 0
    last = 0
    for p in range(r[ft.R_NPACKETS]):
        size = r[ft.R_P0 + p]
        for k in range(nrec):
            if r[ft.R_TALON]:
                who = (dealer + 1) % n if k == 0 else dealer if k == 1 else -1
            else:
                who = (dealer + 1 + k) % n
            if who == dealer:
                last = deck[pos + size - 1]
            pos += size
    return last


@njit(cache=True)
def _declared(s: np.ndarray, r: np.ndarray, book: np.ndarray) -> None:
    """What the declarations just made showed (R1–R4, J1): every seat's rams (its hand),
    else each seat's jacks in turn (from the hand that counts; the final hand's stay known)
    until one ends the game. (Петух's jacks, K4, are credited unseen.)"""
    if s[fp.S_VOID]:
        return
    n = s[fp.S_N]
    any_shown = False
    for i in range(s[fp.S_ACTIVE_N]):
        seat = s[fp.A_ACTIVE + i]
        pos = 0
        for j in range(n):
            if s[fp.A_ORDER + j] == seat:
                pos = j
        if fc._rams_key(s, r, seat, pos)[0] != 0:
            book[H_DECLARED + seat] |= s[A_HANDS + seat]
            any_shown = True
    if any_shown or r[ft.R_JACKS] != 1:
        return
    for i in range(n):
        seat = s[fp.A_ORDER + i]
        dealt, final = s[A_DEAL_HANDS + seat], s[A_HANDS + seat]
        dv, fv = fc._jack_value(r, dealt), fc._jack_value(r, final)
        if dv == 0 and fv == 0:
            continue
        from_final = fv == -1 if (dv == -1 or fv == -1) else fv >= dv
        book[H_DECLARED + seat] |= (final if from_final else dealt) & fc._ALL_JACKS
        if from_final:
            book[H_KNOWN + seat] |= final & fc._ALL_JACKS
        if s[fp.S_WINNER] == seat:
            return


@njit(cache=True, inline="always")
def _shown(s: np.ndarray, book: np.ndarray, a: int, seat: int) -> None:
    """What ``seat``'s action ``a`` (legal, about to be applied) does to the cards known in
    its hand: a card played leaves it (P), Pam taken (M3) and the turned trump taken (E5)
    join it, an exchange (E4) or the talon (V2) leaves nothing of it known."""
    ph = s[fp.S_PHASE]
    if s[fp.S_DAVE_PENDING] != NONE or a >= fc.ID_DAVE:
        return
    if ph == fc.PLAY:
        book[H_KNOWN + seat] &= ~(1 << a)
    elif ph == fc.PAM_SWAP:
        book[H_KNOWN + seat] |= 1 << fc.PAM
    elif ph == fc.EXCHANGE:
        if a != fc.ID_EXCHANGE:
            book[H_KNOWN + seat] = 0
    elif ph == fc.DEALER_TRUMP:
        if a != fc.ID_KEEP:
            book[H_KNOWN + seat] |= 1 << s[fp.S_TURNED]
            book[H_KNOWN + seat] &= ~(1 << (a - fc.ID_SWAP))
    elif ph == fc.TALON and a == fc.ID_TAKE:
        book[H_KNOWN + seat] = 0


@njit(cache=True)
def _calls_at(n: int, tricks: int) -> int:
    """Where the calls begin in an observation (after the plays)."""
    return n + 3 * 52 + 5 + 52 * (2 * n + tricks)


@njit(cache=True, inline="always")
def _phase_play(s: np.ndarray, r: np.ndarray) -> bool:
    """Whether the deal is in its card play."""
    if _declares(r):
        return s[fp.S_PHASE] == fc.PLAY and s[fp.S_DAVE_PENDING] == NONE
    return s[pl.S_PHASE] == pl.PLAY


@njit(cache=True, inline="always")
def _over(s: np.ndarray, r: np.ndarray, book: np.ndarray, most: int) -> bool:
    done = s[fp.S_PHASE] == fc.DONE if _declares(r) else s[pl.S_PHASE] == pl.DONE
    return done or s[fp.S_TO_MOVE] < 0 or book[B_DECISIONS] >= most


@njit(cache=True, inline="always")
def _mover(s: np.ndarray, r: np.ndarray, book: np.ndarray, buf: np.ndarray) -> int:
    """The seat to act: a seat asked about the out-of-turn offer (each that may say it,
    once, from the left of the seat to move), else the seat to move (−1: none)."""
    seat = s[fp.S_TO_MOVE]
    if seat < 0 or _declares(r) or r[pl.P_SILENT] < 0:
        return seat
    n = s[fp.S_N]
    for k in range(1, n):
        other = (seat + k) % n
        if not (book[B_ASKED] >> other) & 1 and pl.legal_ids(s, r, other, buf) > 0:
            return other
    return seat


@njit(cache=True, inline="always")
def _legal(s: np.ndarray, r: np.ndarray, seat: int, buf: np.ndarray) -> int:
    """The ids ``seat`` (the seat to act) may choose, ascending, into ``buf``."""
    if _declares(r):
        return fc.legal_actions(s, r, seat, buf)
    if seat != s[fp.S_TO_MOVE]:  # asked: the offer or silence
        buf[0] = pl.B_TOGETHER
        buf[1] = r[pl.P_SILENT]
        return 2
    return pl.legal_ids(s, r, seat, buf)


@njit(cache=True)
def _apply(
    s: np.ndarray, r: np.ndarray, book: np.ndarray, seat: int, a: int, slots: int,
    obs: np.ndarray, tricks: int,
) -> None:  # fmt: skip
    """Apply a legal id for ``seat``, writing it into the bookkeeping and the observation's
    history (the plays, the calls) first."""
    n = s[fp.S_N]
    calls_at = _calls_at(n, tricks)
    declares = _declares(r)
    silent = not declares and a == r[pl.P_SILENT]
    if _phase_play(s, r) and a < 52:
        trick, place = s[fp.S_TRICKS_PLAYED], s[fp.S_TRICK_LEN]
        book[H_CARD_SEAT + a] = seat
        book[H_CARD_TRICK + a] = trick
        book[H_CARD_PLACE + a] = place
        row = n + 3 * 52 + 5 + (2 * n + tricks) * a
        obs[row + seat] = 1.0
        obs[row + n + place] = 1.0
        obs[row + 2 * n + trick] = 1.0
    elif not silent:  # (staying silent writes nothing: no one sees it)
        shown = a
        if declares:
            if s[fp.S_PHASE] == fc.EXCHANGE and fc.ID_EXCHANGE <= a < fc.ID_SWAP:
                shown = fc.ID_EXCHANGE + fp.popcount(a - fc.ID_EXCHANGE)
            elif s[fp.S_PHASE] == fc.DEALER_TRUMP and fc.ID_SWAP <= a < fc.ID_KEEP:
                shown = fc.ID_SWAP + s[fp.S_TURNED]
        elif s[pl.S_PHASE] == pl.ASIDE:
            shown = pl.B_ASIDE  # (the card set aside is the declarer's secret)
        _call(book, slots, seat, shown, obs, calls_at, n)
    if declares:
        before = s[fp.S_PHASE]
        quiet = s[fp.S_DAVE_PENDING] == NONE and a < fc.ID_DAVE  # (no Даве, no claim)
        _shown(s, book, a, seat)
        fc.apply_legal(s, r, a, seat)
        if quiet and before < fc.PLAY and s[fp.S_PHASE] >= fc.PLAY:
            _declared(s, r, book)
    elif silent:
        book[B_ASKED] |= 1 << seat
    else:
        was_open = pl.is_open(s, r)
        pl.apply_id(s, r, seat, a)
        book[B_ASKED] = 0
        if not was_open and pl.is_open(s, r):  # B9: the hand laid open, shown as it lies
            d = s[pl.S_DECLARER]
            book[H_DECLARED + d] = s[A_HANDS + d]
    book[B_DECISIONS] += 1
    if declares:
        _claims(s, r, book, slots, obs, calls_at)


@njit(cache=True, inline="always")
def _points(s: np.ndarray, r: np.ndarray, better: int, out: np.ndarray) -> None:
    """Each seat's points in the deal: its record's gain, or the plain deal's score (its
    side's, where the deal scores sides)."""
    for k in range(s[fp.S_N]):
        if _declares(r):
            out[k] = better * (s[A_RECORDS + k] - s[A_START_RECORDS + k])
        else:
            side = k % 2 if r[ft.R_KIND] == ft.KIND_SIDES else k
            out[k] = better * s[pl.A_SCORES + side]


@njit(cache=True)
def _observe(
    s: np.ndarray, book: np.ndarray, obs: np.ndarray, mask: np.ndarray, r: np.ndarray,
    buf: np.ndarray,
) -> int:  # fmt: skip
    """Write the seat to act's part of the observation (the seat, its hand now and as
    dealt, the trump, the cards on show: the history is written as it happens) and its
    legal mask; returns the seat (−1: none, the seat's part left empty)."""
    n = s[fp.S_N]
    obs[: n + 104] = 0.0
    obs[n + 156 : n + 161] = 0.0
    mask[:] = 0
    seat = _mover(s, r, book, buf)
    if seat < 0 or (s[fp.S_PHASE] == fc.DONE if _declares(r) else s[pl.S_PHASE] == pl.DONE):
        return -1
    obs[seat] = 1.0
    _ones(obs, n, s[A_HANDS + seat])
    dealt = s[A_DEAL_HANDS + seat] if _declares(r) else book[H_DEALT + seat]
    _ones(obs, n + 52, dealt)
    trump = s[fp.S_TRUMP]
    obs[n + 156 + (4 if trump < 0 else trump)] = 1.0
    shown_at = obs.shape[0] - 104 * n
    for k in range(n):  # (what changed since the last observation only)
        if _declares(r):
            known = book[H_KNOWN + k]
        else:
            known = pl.shown(s, r, k, book[B_TURNED])
        _written(obs, book, shown_at + 52 * k, H_WRITTEN + k, known)
        at = shown_at + 52 * (n + k)
        _written(obs, book, at, H_WRITTEN + fp.MAXP + k, book[H_DECLARED + k])
    m = _legal(s, r, seat, buf)
    for i in range(m):
        mask[buf[i]] = 1
    return seat


@njit(cache=True, inline="always")
def _written(obs: np.ndarray, book: np.ndarray, at: int, where: int, cards: int) -> None:
    """Bring the places of a mask the observation holds from ``at`` (kept in
    ``book[where]``) to ``cards``: the cards gone cleared, the cards new set."""
    was = book[where]
    if was == cards:
        return
    gone = was & ~cards
    while gone:
        low = gone & -gone
        obs[at + fp.popcount(low - 1)] = 0.0
        gone ^= low
    _ones(obs, at, cards & ~was)
    book[where] = cards


@njit(cache=True, inline="always")
def _ones(obs: np.ndarray, at: int, cards: int) -> None:
    """Set the places of ``cards`` (a mask) from ``at``."""
    while cards:
        low = cards & -cards
        obs[at + fp.popcount(low - 1)] = 1.0
        cards ^= low


@njit(cache=True)
def reset_all(
    states: np.ndarray, books: np.ndarray, decks: np.ndarray, r: np.ndarray, seed: int,
    dealer: int, slots: int, obs: np.ndarray, tricks: int,
) -> None:  # fmt: skip
    """Seed every deal's generator from ``seed`` and deal every deal."""
    for i in range(states.shape[0]):
        books[i, B_RNG] = (seed * 2654435761 + 97 * i + 1) | 1
        for _warm in range(8):
            _next(books[i])
        _deal(states[i], r, books[i], decks[i], dealer, slots, obs[i], tricks)


@njit(cache=True)
def observe_all(
    states: np.ndarray, books: np.ndarray, r: np.ndarray, obs: np.ndarray, masks: np.ndarray,
    to_move: np.ndarray,
) -> None:  # fmt: skip
    """Every deal's observation (the seat to act's part), legal mask and seat to act."""
    buf = np.empty(64, dtype=np.int64)
    for i in range(states.shape[0]):
        to_move[i] = _observe(states[i], books[i], obs[i], masks[i], r, buf)


@njit(cache=True)
def step_all(
    states: np.ndarray, books: np.ndarray, decks: np.ndarray, r: np.ndarray,
    actions: np.ndarray, dealer: int, better: int, most: int, tricks: int, slots: int,
    obs: np.ndarray, masks: np.ndarray, to_move: np.ndarray, rewards: np.ndarray,
    dones: np.ndarray, illegal: np.ndarray, truncated: np.ndarray,
) -> None:  # fmt: skip
    """The seat to act of every deal takes ``actions[i]`` (an illegal id: nothing changes,
    ``illegal[i]`` set); a deal that ends writes its points into ``rewards[i]``, sets
    ``dones[i]`` (``truncated[i]`` too when cut short) and is dealt again; then every
    observation and mask."""
    buf = np.empty(64, dtype=np.int64)
    for i in range(states.shape[0]):
        s = states[i]
        book = books[i]
        rewards[i, :] = 0.0
        dones[i] = False
        illegal[i] = False
        truncated[i] = False
        seat = to_move[i]  # (the seat this deal was last observed with, as its mask)
        a = actions[i]
        if seat < 0 or not (0 <= a < masks.shape[1]) or masks[i, a] == 0:
            illegal[i] = True
        else:
            _apply(s, r, book, seat, a, slots, obs[i], tricks)
        if _over(s, r, book, most):
            _points(s, r, better, rewards[i])
            dones[i] = True
            truncated[i] = not _done(s, r)
            _deal(s, r, book, decks[i], dealer, slots, obs[i], tricks)
        to_move[i] = _observe(s, book, obs[i], masks[i], r, buf)


@njit(cache=True)
def observe_seat(
    s: np.ndarray, book: np.ndarray, r: np.ndarray, row: np.ndarray, seat: int, out: np.ndarray
) -> None:
    """``seat``'s observation of a deal into ``out``: the deal's observation ``row`` (the
    seat to act's) with ``seat``'s own part (the seat, its hand now and as dealt) instead."""
    n = s[fp.S_N]
    out[:] = row
    out[: n + 104] = 0.0
    out[seat] = 1.0
    _ones(out, n, s[A_HANDS + seat])
    _ones(out, n + 52, s[A_DEAL_HANDS + seat] if _declares(r) else book[H_DEALT + seat])


@njit(cache=True)
def step_against_random(
    states: np.ndarray, books: np.ndarray, decks: np.ndarray, r: np.ndarray,
    actions: np.ndarray, agent: int, dealer: int, better: int, most: int, tricks: int,
    slots: int, obs: np.ndarray, masks: np.ndarray, rewards: np.ndarray, dones: np.ndarray,
    truncated: np.ndarray, illegal: np.ndarray,
) -> None:  # fmt: skip
    """The agent's seat takes ``actions[i]`` in every deal; the other seats then act
    uniformly at random (each deal's generator) until the agent is to act again or the deal
    ends; a deal that ends writes the agent's points, sets ``dones`` (``truncated`` when cut
    short) and is dealt again, its other seats acting up to the agent's first turn (a deal
    over before it, dealt again)."""
    buf = np.empty(64, dtype=np.int64)
    points = np.zeros(fp.MAXP, dtype=np.int64)
    for i in range(states.shape[0]):
        s = states[i]
        book = books[i]
        rewards[i] = 0.0
        dones[i] = False
        truncated[i] = False
        illegal[i] = False
        a = actions[i]
        if a >= 0:  # (−1: only bring the deal to the agent, as after a reset)
            if _mover(s, r, book, buf) != agent or a >= masks.shape[1] or masks[i, a] == 0:
                illegal[i] = True
            else:
                _apply(s, r, book, agent, a, slots, obs[i], tricks)
        while True:
            while not _over(s, r, book, most):
                seat = _mover(s, r, book, buf)
                if seat == agent:
                    break
                m = _legal(s, r, seat, buf)
                _apply(s, r, book, seat, buf[_next(book) % m], slots, obs[i], tricks)
            if not _over(s, r, book, most):
                break
            if actions[i] >= 0 and not dones[i]:
                _points(s, r, better, points)
                rewards[i] = points[agent]
                dones[i] = True
                truncated[i] = not _done(s, r)
            _deal(s, r, book, decks[i], dealer, slots, obs[i], tricks)
        _observe(s, book, obs[i], masks[i], r, buf)


@njit(cache=True, inline="always")
def _done(s: np.ndarray, r: np.ndarray) -> bool:
    """Whether the deal ended by its rules (not cut short)."""
    if _declares(r):
        return s[fp.S_PHASE] == fc.DONE or s[fp.S_TO_MOVE] < 0
    return s[pl.S_PHASE] == pl.DONE or s[fp.S_TO_MOVE] < 0


@njit(cache=True)
def load_one(
    s: np.ndarray, r: np.ndarray, book: np.ndarray, cfg: np.ndarray, deck: np.ndarray,
    extra: int, obs: np.ndarray, mask: np.ndarray, buf: np.ndarray, points: np.ndarray,
) -> tuple[int, int]:  # fmt: skip
    """One deal (OpenSpiel's state over the compiled deal): deal ``deck`` as it lies
    (``extra``: the card of a second pack, or −1) and observe it; returns the seat to act
    and the number of its legal ids, which ``buf`` holds ascending (as :func:`step_one`:
    −1 or −2 and the points when the deal is over at once)."""
    deal_deck(s, r, book, deck, cfg[C_DEALER], cfg[C_SLOTS], obs, cfg[C_TRICKS], extra)
    if _over(s, r, book, cfg[C_MOST]):
        _points(s, r, cfg[C_BETTER], points)
        return (-1 if _done(s, r) else -2), 0
    seat = _observe(s, book, obs, mask, r, buf)
    return seat, _count(mask, buf)


@njit(cache=True)
def step_one(
    s: np.ndarray, r: np.ndarray, book: np.ndarray, cfg: np.ndarray, seat: int, a: int,
    obs: np.ndarray, mask: np.ndarray, buf: np.ndarray, points: np.ndarray,
) -> tuple[int, int]:  # fmt: skip
    """One deal's ``seat`` (the seat to act) takes ``a``: returns the next seat to act and
    the number of its legal ids (``buf`` holds them, ascending); at the end −1 (by the
    rules) or −2 (cut short after ``max_decisions``) and each seat's points in ``points``;
    −3 when ``a`` is not legal (nothing changed)."""
    if seat < 0 or not (0 <= a < mask.shape[0]) or mask[a] == 0:
        return -3, 0
    _apply(s, r, book, seat, a, cfg[C_SLOTS], obs, cfg[C_TRICKS])
    if _over(s, r, book, cfg[C_MOST]):
        _points(s, r, cfg[C_BETTER], points)
        return (-1 if _done(s, r) else -2), 0
    seat = _observe(s, book, obs, mask, r, buf)
    return seat, _count(mask, buf)


@njit(cache=True, inline="always")
def _count(mask: np.ndarray, buf: np.ndarray) -> int:
    """The legal ids of ``mask`` into ``buf``, ascending; their number."""
    m = 0
    for a in range(mask.shape[0]):
        if mask[a]:
            buf[m] = a
            m += 1
    return m
