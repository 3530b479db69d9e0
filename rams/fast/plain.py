"""The compiled fast path of the plain games (RULES §10.2–10.5): a deal of Ramsch, Whist,
Boston or the four trump deals as one int64 vector, driven by the same action ids as the
reference engine (:class:`rams.games.plain.deal.PlainDeal`: the cards 0–51, then the game's
action table), and scored as it scores.

The state is the layout of every game's compiled deal (:mod:`rams.fast.play`): its common
header — the trick, the hands, the tricks and cards each seat took — then this module's own
fields. Cards are played by the one play routine, :func:`rams.fast.play.play_card`, whose
rules vector is the game's trick rules and its kernel kind (:mod:`rams.fast.tables`): which
cards are legal and who takes a trick are :func:`rams.tricks.legal` and
:func:`rams.tricks.beats`, compiled by Numba, and a complete trick is counted to its winner
there. What is here is each game's own: the prelude (naming the trump, Boston's auction,
partner and set-aside card), when the play ends, and the scoring (F7, W6, B11, T5).

>>> from rams import games
>>> rules = games.family("kony").rules("kony")
>>> from rams.cards import pack
>>> deal = FastPlainDeal(rules, 3, list(pack(32)))
>>> deal.legal_action_ids()
[52, 53, 54, 55]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numba import njit

from rams.cards import ACE, JACK, KING, QUEEN, SUIT_MASKS, TEN, Card
from rams.fast import play
from rams.fast.play import (
    A_HANDS,
    A_TRICKS_TAKEN,
    A_WON,
    CONTINUES,
    HEADER_SIZE,
    S_LAST_WINNER,
    S_N,
    S_PAM_MASK,
    S_TO_MOVE,
    S_TRICKS_PLAYED,
    S_TRUMP,
    S_TRUMP_MASK,
    cards_into,
    popcount,
)
from rams.fast.tables import (
    KIND_AUCTION,
    KIND_POINTS,
    KIND_SIDES,
    KIND_TRICKS,
    R_KIND,
    RULES_HEADER,
)
from rams.games.plain.family import plain_family

__all__ = ["FastPlainDeal", "deal_into", "is_open", "rules_vector", "shown"]

# The games, as the kernel knows them (a family's ``kernel``, the rules vector's kernel
# kind): card points kept low and penalties (F7), each trick for himself (T5), two sides'
# tricks and honours (W6), an auction and its contract (B11).
_KERNELS = {
    "points": KIND_POINTS,
    "tricks": KIND_TRICKS,
    "sides": KIND_SIDES,
    "auction": KIND_AUCTION,
}
# The phases (as :class:`rams.games.plain.deal.Phase`).
AUCTION, PARTNER, TRUMP, ASIDE, PLAY, DONE = range(6)

# The layout: the common header (:mod:`rams.fast.play`: the trick, hands, tricks and cards
# taken; the cards out of their suit, the jacks as trumps, at ``S_PAM_MASK``), then these
# scalars, then per seat (4) the scores and the scores before the deal.
(
    S_DEALER, S_PHASE, S_SKAT, S_DELEGATED, S_NAMED, S_TURNED_SUIT, S_HIGH, S_HIGH_SEAT,
    S_PASSED, S_DECLARER, S_PARTNER, S_REFUSED, S_INVITED, S_OFFERED, S_NULL, S_NEED, S_VALUE,
    S_SMALL, S_OPEN_BIG, S_VOID,
) = range(HEADER_SIZE, HEADER_SIZE + 20)  # fmt: skip
# The rules vector (:func:`rules_vector`): the trick rules, the kernel kind, then the seats,
# the pack, whether the jacks are trumps (F5), whether the last card dealt names the trump
# (W3), and the id of staying silent when asked about «Играю вместе» (-1: none; the
# adapters' id, one past the deal's own).
P_PLAYERS, P_PACK, P_JACKS_TRUMP, P_TURNED_TRUMP, P_SILENT = range(RULES_HEADER, RULES_HEADER + 5)
A_SCORES = HEADER_SIZE + 20
A_BEFORE = A_SCORES + 4
STATE_SIZE = A_BEFORE + 4

# Boston's action table (as :mod:`rams.games.boston.game`): 24 trump bids (5 6 7 8 9 13 ×
# S C D H), 4 nulls, pass, alone, accept, decline, together, reject, invite p1–p4, aside ×52.
B_BIDS = 52
B_NULL0 = B_BIDS + 24
B_PASS = B_NULL0 + 4
B_ALONE, B_ACCEPT, B_DECLINE, B_TOGETHER, B_REJECT = range(B_PASS + 1, B_PASS + 6)
B_INVITE = B_REJECT + 1
B_ASIDE = B_INVITE + 4
_TRICK_LEVELS = np.array([5, 6, 7, 8, 9, 13], dtype=np.int64)
_TRUMP_VALUES = np.array(
    [[3, 2, 1], [8, 7, 6], [13, 12, 11], [18, 17, 16], [23, 22, 21], [50, 49, 48]],
    dtype=np.int64,
)
_NULL_VALUES = np.array([15, 25, 35, 45], dtype=np.int64)
_SMALL_OPEN = 26  # the bids small null, big null, small open, big open: 24–27
# Whist, the four trump deals: trump S C D H at 52–55, Whist's delegate at 56.
W_DELEGATE = 56
# Card points (F6) by rank index 2 … A.
_POINTS = np.zeros(13, dtype=np.int64)
for _rank, _value in ((ACE, 11), (TEN, 10), (KING, 4), (QUEEN, 3), (JACK, 2)):
    _POINTS[_rank] = _value
_HONOURS = (1 << ACE) | (1 << KING) | (1 << QUEEN) | (1 << JACK) | (1 << TEN)
_SUITS = np.array(SUIT_MASKS, dtype=np.int64)
_JACKS = sum(1 << (13 * s + JACK) for s in range(4))


@njit(cache=True)
def _card_points(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        c = 0
        while (1 << c) != low:
            c += 1
        total += _POINTS[c % 13]
        mask ^= low
    return total


@njit(cache=True)
def bid_value(b: int, turned_suit: int) -> int:
    """B3: the value of bid index ``b`` (0–23 trump games, 24–27 nulls)."""
    if b >= 24:
        return _NULL_VALUES[b - 24]
    level, suit = b // 4, b % 4
    if suit == turned_suit:
        k = 0
    elif suit // 2 == turned_suit // 2:
        k = 1
    else:
        k = 2
    return _TRUMP_VALUES[level, k]


@njit(cache=True)
def legal_ids(s: np.ndarray, t: np.ndarray, seat: int, out: np.ndarray) -> int:
    """The legal action ids of ``seat`` (its out-of-turn ones when it is not to move),
    ascending, into ``out``; returns how many."""
    phase = s[S_PHASE]
    if phase == DONE:
        return 0
    n = 0
    if seat != s[S_TO_MOVE]:
        if (
            phase == PARTNER and s[S_INVITED] < 0 and s[S_OFFERED] < 0
            and seat != s[S_DECLARER] and not (s[S_REFUSED] >> seat) & 1
        ):  # fmt: skip
            out[0] = B_TOGETHER
            return 1
        return 0
    if phase == PLAY:
        return cards_into(play.legal_mask(s, t, seat), out)
    if phase == TRUMP:
        for k in range(4):
            out[n] = 52 + k
            n += 1
        if t[R_KIND] == KIND_SIDES and not s[S_DELEGATED]:
            out[n] = W_DELEGATE
            n += 1
        return n
    if phase == AUCTION:
        floor = bid_value(s[S_HIGH], s[S_TURNED_SUIT]) if s[S_HIGH] >= 0 else 0
        for b in range(28):
            if bid_value(b, s[S_TURNED_SUIT]) > floor:
                out[n] = B_BIDS + b
                n += 1
        out[n] = B_PASS
        return n + 1
    if phase == PARTNER:
        if s[S_INVITED] >= 0:
            out[0] = B_ACCEPT
            out[1] = B_DECLINE
            return 2
        if s[S_OFFERED] >= 0:
            out[0] = B_ACCEPT
            out[1] = B_REJECT
            return 2
        out[0] = B_ALONE
        n = 1
        for k in range(s[S_N]):
            if k != s[S_DECLARER] and not (s[S_REFUSED] >> k) & 1:
                out[n] = B_INVITE + k
                n += 1
        return n
    # ASIDE: any card of the declarer's hand.
    hand = s[A_HANDS + seat]
    c = 0
    while hand:
        if hand & 1:
            out[n] = B_ASIDE + c
            n += 1
        hand >>= 1
        c += 1
    return n


@njit(cache=True)
def _start_play(s: np.ndarray, leader: int, trump: int) -> None:
    s[S_TRUMP] = trump
    if trump >= 0:
        s[S_TRUMP_MASK] = _SUITS[trump]
    s[S_PHASE] = PLAY
    s[S_TO_MOVE] = leader


@njit(cache=True)
def apply_id(s: np.ndarray, t: np.ndarray, seat: int, a: int) -> None:
    """Apply a legal action id for ``seat`` (the caller checked it is legal)."""
    phase = s[S_PHASE]
    if phase == PLAY:
        _play(s, t, seat, a)
    elif phase == TRUMP:
        if a == W_DELEGATE:
            s[S_DELEGATED] = 1
            s[S_TO_MOVE] = (s[S_DEALER] + 2) % 4
        else:
            leader = (s[S_DEALER] + 1) % s[S_N]
            _start_play(s, leader, a - 52)
    elif phase == AUCTION:
        _auction(s, t, seat, a)
    elif phase == PARTNER:
        _partner(s, t, seat, a)
    else:  # ASIDE
        s[A_HANDS + seat] &= ~(1 << (a - B_ASIDE))
        _contract_play(s)


@njit(cache=True)
def try_apply(s: np.ndarray, t: np.ndarray, seat: int, a: int, scratch: np.ndarray) -> bool:
    """Apply action id ``a`` for ``seat`` if it is legal; False (nothing changed) if not."""
    k = legal_ids(s, t, seat, scratch)
    for i in range(k):
        if scratch[i] == a:
            apply_id(s, t, seat, a)
            return True
    return False


@njit(cache=True)
def _auction(s: np.ndarray, t: np.ndarray, seat: int, a: int) -> None:
    if a == B_PASS:
        s[S_PASSED] |= 1 << seat
    else:
        s[S_HIGH] = a - B_BIDS
        s[S_HIGH_SEAT] = seat
    still = 0
    for k in range(4):
        if not (s[S_PASSED] >> k) & 1:
            still += 1
    if still == 0:
        s[S_VOID] = 1
        _finish(s, t)
        return
    if s[S_HIGH] >= 0 and still == 1 and not (s[S_PASSED] >> s[S_HIGH_SEAT]) & 1:
        d = s[S_HIGH_SEAT]
        s[S_DECLARER] = d
        b = s[S_HIGH]
        s[S_VALUE] = bid_value(b, s[S_TURNED_SUIT])
        s[S_TO_MOVE] = d
        if b >= 24:
            s[S_NULL] = 1
            s[S_SMALL] = 1 if b == 24 or b == 26 else 0
            if s[S_SMALL]:
                s[S_PHASE] = ASIDE
            else:
                _contract_play(s)
        else:
            s[S_NEED] = _TRICK_LEVELS[b // 4]
            if s[S_NEED] <= 6:
                s[S_PHASE] = PARTNER
            else:
                _contract_play(s)
        return
    nxt = (seat + 1) % 4
    while (s[S_PASSED] >> nxt) & 1:
        nxt = (nxt + 1) % 4
    s[S_TO_MOVE] = nxt


@njit(cache=True)
def _partner(s: np.ndarray, t: np.ndarray, seat: int, a: int) -> None:
    if a == B_TOGETHER:
        s[S_OFFERED] = seat
        return
    if s[S_INVITED] >= 0:
        other = s[S_INVITED]
        s[S_INVITED] = -1
        if a == B_DECLINE:
            s[S_REFUSED] |= 1 << other
        else:
            s[S_PARTNER] = other
        s[S_TO_MOVE] = s[S_DECLARER]
    elif s[S_OFFERED] >= 0:
        other = s[S_OFFERED]
        s[S_OFFERED] = -1
        if a == B_REJECT:
            s[S_REFUSED] |= 1 << other
        else:
            s[S_PARTNER] = other
    elif a >= B_INVITE:
        s[S_INVITED] = a - B_INVITE
        s[S_TO_MOVE] = a - B_INVITE
    if a == B_ALONE or s[S_PARTNER] >= 0:
        _contract_play(s)


@njit(cache=True)
def _contract_play(s: np.ndarray) -> None:
    b = s[S_HIGH]
    _start_play(s, s[S_DECLARER], -1 if b >= 24 else b % 4)


@njit(cache=True)
def _play(s: np.ndarray, t: np.ndarray, seat: int, c: int) -> None:
    """A card played by the one play routine; the play ends when the winner of a trick has
    no card left, in Boston when the declarer has none or a null's declarer took a trick."""
    if play.play_card(s, t, seat, c, None) == CONTINUES:
        return
    winner = s[S_TO_MOVE]
    if t[R_KIND] == KIND_AUCTION:
        d = s[S_DECLARER]
        if (s[S_NULL] and winner == d) or s[A_HANDS + d] == 0:
            _finish(s, t)
    elif s[A_HANDS + winner] == 0:
        _finish(s, t)


@njit(cache=True)
def _finish(s: np.ndarray, t: np.ndarray) -> None:
    s[S_PHASE] = DONE
    s[S_TO_MOVE] = -1
    family = t[R_KIND]
    n = s[S_N]
    if family == KIND_TRICKS:
        for k in range(n):
            s[A_SCORES + k] = 3 * s[A_TRICKS_TAKEN + k]
    elif family == KIND_POINTS:
        _points_scores(s)
    elif family == KIND_SIDES:
        _sides_scores(s)
    elif family == KIND_AUCTION and not s[S_VOID]:
        _contract_scores(s)


@njit(cache=True)
def _points_scores(s: np.ndarray) -> None:
    n = s[S_N]
    points = np.zeros(4, dtype=np.int64)
    for k in range(n):
        points[k] = _card_points(s[A_WON + k])
    points[s[S_LAST_WINNER]] += _card_points(s[S_SKAT])
    same = True
    for k in range(1, n):
        if points[k] != points[0]:
            same = False
    if same:
        s[S_VOID] = 1
        return
    most = points[0]
    for k in range(1, n):
        most = max(most, points[k])
    for k in range(n):
        if points[k] == most:
            if s[A_TRICKS_TAKEN + k] == s[S_TRICKS_PLAYED]:
                s[A_SCORES + k] = 20
            else:
                trickless = False
                for o in range(n):
                    if o != k and s[A_TRICKS_TAKEN + o] == 0:
                        trickless = True
                s[A_SCORES + k] = 15 if trickless else 10
    for k in range(n):
        if points[k] != most:
            for o in range(n):
                if o != k and points[o] != most and points[o] == points[k]:
                    s[A_SCORES + k] = 5


@njit(cache=True)
def _sides_scores(s: np.ndarray) -> None:
    tricks_ = np.zeros(2, dtype=np.int64)
    honours = np.zeros(2, dtype=np.int64)
    trump = s[S_TRUMP]
    hmask = _HONOURS << (13 * trump)
    for side in range(2):
        tricks_[side] = s[A_TRICKS_TAKEN + side] + s[A_TRICKS_TAKEN + side + 2]
        honours[side] = popcount((s[A_WON + side] | s[A_WON + side + 2]) & hmask)
    score0 = s[A_BEFORE]
    score1 = s[A_BEFORE + 1]
    done = False
    for side in range(2):  # W6: the tricks first
        if tricks_[side] > 6 and not done:
            pts = 2 * (tricks_[side] - 6)
            s[A_SCORES + side] += pts
            if side == 0:
                score0 += pts
                done = score0 >= 10
            else:
                score1 += pts
                done = score1 >= 10
    for side in range(2):  # then the honours, unless the game is already won (W7)
        if honours[side] >= 3 and not done:
            pts = 2 if honours[side] == 3 else 4 if honours[side] == 4 else 6
            s[A_SCORES + side] += pts
            if side == 0:
                score0 += pts
                done = score0 >= 10
            else:
                score1 += pts
                done = score1 >= 10


@njit(cache=True)
def _contract_scores(s: np.ndarray) -> None:
    d = s[S_DECLARER]
    value = s[S_VALUE]
    if s[S_NULL]:
        s[A_SCORES + d] = value if s[A_TRICKS_TAKEN + d] == 0 else -value
        return
    p = s[S_PARTNER]
    got = s[A_TRICKS_TAKEN + d] + (s[A_TRICKS_TAKEN + p] if p >= 0 else 0)
    need = s[S_NEED] + (3 if p >= 0 else 0)
    delta = value + 2 * (got - need) if got >= need else -value
    s[A_SCORES + d] = delta
    if p >= 0:
        s[A_SCORES + p] = delta


def rules_vector(rules: Any, silent: int | None = None) -> np.ndarray:
    """A plain game's rules as the kernel reads them (``P_*``); ``silent``: the id of
    staying silent when asked out of turn (the adapters' episodes), if any."""
    kind = _KERNELS[plain_family(rules.family).kernel]
    turned = kind == KIND_SIDES and getattr(rules, "trump", None) == "turned"
    extra = (rules.players, rules.pack_size, int(bool(getattr(rules, "jacks_trump", False))),
             int(turned), -1 if silent is None else silent)  # fmt: skip
    return np.array((*rules.card_play, kind, *extra), dtype=np.int64)


@njit(cache=True)
def deal_into(
    s: np.ndarray, t: np.ndarray, dealer: int, deck: np.ndarray, before: np.ndarray, turned: int
) -> None:
    """Deal ``deck`` (top first; one card a seat in turn from the dealer's left, the rest
    the skat) into the zeroed state ``s`` and start the deal: the first lead (F2), the trump
    to name (T2, W3) or the auction (B2, ``turned`` the card of the second pack, B1)."""
    n = t[P_PLAYERS]
    kind = t[R_KIND]
    per = t[P_PACK] // n
    for i in range(per * n):
        s[A_HANDS + (dealer + 1 + i) % n] |= 1 << deck[i]
    play.all_play(s, n)
    s[S_DEALER] = dealer
    for k in (S_HIGH, S_HIGH_SEAT, S_DECLARER, S_PARTNER, S_INVITED, S_OFFERED):
        s[k] = -1
    for i in range(per * n, t[P_PACK]):
        s[S_SKAT] |= 1 << deck[i]
    for k in range(before.shape[0]):
        s[A_BEFORE + k] = before[k]
    if kind == KIND_POINTS:
        if t[P_JACKS_TRUMP]:
            s[S_TRUMP_MASK] = _JACKS
            s[S_PAM_MASK] = _JACKS
        _start_play(s, (dealer + 1) % n, -1)
    elif kind == KIND_TRICKS:
        s[S_PHASE] = TRUMP
        s[S_TO_MOVE] = (dealer + 1) % n
    elif kind == KIND_SIDES:
        if t[P_TURNED_TRUMP]:
            _start_play(s, (dealer + 1) % n, deck[t[P_PACK] - 1] // 13)
        else:
            s[S_PHASE] = TRUMP
            s[S_TO_MOVE] = dealer
    else:
        s[S_TURNED_SUIT] = turned // 13
        s[S_PHASE] = AUCTION
        s[S_TO_MOVE] = (dealer + 1) % n


@njit(cache=True)
def shown(s: np.ndarray, t: np.ndarray, seat: int, turned: int) -> int:
    """The cards of ``seat``'s hand everyone sees: the card turned for trump until the first
    trick is complete or the dealer has played it (W3); the declarer's hand once it lies
    open (B9: an open null, from the start of play or after the first trick)."""
    if t[P_TURNED_TRUMP] and seat == s[S_DEALER] and s[S_TRICKS_PLAYED] == 0 and turned >= 0:
        return s[A_HANDS + seat] & (1 << turned)
    if seat == s[S_DECLARER] and is_open(s, t):
        return int(s[A_HANDS + seat])
    return 0


@njit(cache=True)
def is_open(s: np.ndarray, t: np.ndarray) -> bool:
    """B9: the declarer's hand lies open (a small open null from the first lead, a big one
    from the end of the first trick)."""
    if t[R_KIND] != KIND_AUCTION or s[S_DECLARER] < 0 or s[S_PHASE] < PLAY:
        return False
    return s[S_HIGH] == _SMALL_OPEN or (s[S_HIGH] == _SMALL_OPEN + 1 and s[S_TRICKS_PLAYED] >= 1)


class FastPlainDeal:
    """A plain game's deal on the compiled path: ``legal_action_ids(seat=None)``,
    ``apply_id(id, seat=None)``, ``is_over``, ``to_move`` and the deal's ``scores``, the same
    ids and results as the reference engine's deal."""

    def __init__(
        self,
        rules: Any,
        dealer: int,
        deck: Sequence[Card],
        before: Sequence[int] | None = None,
        turned: Card | None = None,
    ) -> None:
        self.t = rules_vector(rules)
        family = int(self.t[R_KIND])
        s = np.zeros(STATE_SIZE, dtype=np.int64)
        width = 2 if family == KIND_SIDES else rules.players
        if turned is None:
            assert family != KIND_AUCTION
        owed = np.array(before or [0] * width, dtype=np.int64)
        cards = np.array(deck, dtype=np.int64)
        deal_into(s, self.t, dealer, cards, owed, -1 if turned is None else turned)
        self.s = s
        self.width = width
        self._out = np.zeros(64, dtype=np.int64)
        self._scratch = np.zeros(64, dtype=np.int64)

    @property
    def is_over(self) -> bool:
        return bool(self.s[S_PHASE] == DONE)

    @property
    def to_move(self) -> int | None:
        seat = int(self.s[S_TO_MOVE])
        return None if seat < 0 else seat

    @property
    def scores(self) -> list[int]:
        """What the deal writes: per seat (per side in Whist)."""
        return [int(v) for v in self.s[A_SCORES : A_SCORES + self.width]]

    def legal_action_ids(self, seat: int | None = None) -> list[int]:
        who = self.to_move if seat is None else seat
        if who is None:
            return []
        k = legal_ids(self.s, self.t, who, self._out)
        found: list[int] = self._out[:k].tolist()
        return found

    def apply_id(self, action_id: int, seat: int | None = None) -> None:
        """Apply a legal action id (for ``seat``, the seat to move by default)."""
        who = self.to_move if seat is None else seat
        if who is None or not try_apply(self.s, self.t, who, action_id, self._scratch):
            raise ValueError(f"action id {action_id} is not legal for seat {who}")
