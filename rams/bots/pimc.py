"""The PIMC bot: Perfect-Information Monte Carlo over deals consistent with what it has seen.

For a card to play, it samples the hidden cards many times — every sample consistent with
the seat's observation: the cards played, the cards shown (the turned trump taken by the
dealer, Pam, shown jacks), the voids and trump shortages shown by play (P2, M1), the trump
ace a leader did not lead (P4) or did not cover with (P6), and the aces passers cannot hold
(E2) — solves each sample exactly with the max^n solver (:mod:`rams.fast.solver`), and
plays the card with the best average result for itself. It is anytime: it samples until its
time budget is spent (or a sample limit), and caps each solve's positions.

Decisions before play (play or pass, exchange, the turned trump, the talon) go to a
``before_play`` bot (the learned evaluator for ``hard``, the heuristic otherwise).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from rams.bots.heuristic import HeuristicBot
from rams.bots.sampling import sample_values
from rams.cards import (
    ACE,
    JACK,
    KING,
    QUEEN,
    SUIT_MASKS,
    Card,
    card,
    mask_of,
    pack_mask,
    rank_of,
)
from rams.fast import compiling
from rams.fast import core as fc
from rams.fast import play as fp
from rams.fast import solver as sv
from rams.games.protocol import Bot
from rams.games.rams.actions import Action, Play
from rams.games.rams.deal import PAM, card_play, jack_credit, trick_winner
from rams.games.rams.rules import Rules
from rams.games.rams.view import Observation, Phase
from rams.tricks import beats, reveals

__all__ = ["Knowledge", "PimcBot", "position_from", "sample_hands"]

_ALL_ACES = sum(1 << card(ACE, s) for s in range(4))
_ALL_JACKS = sum(1 << card(JACK, s) for s in range(4))


@dataclass
class Knowledge:
    """What a seat knows of the hidden cards: the pool they come from, each seat's sure
    cards and the cards it cannot hold, and how many cards each active seat holds."""

    pool: int
    sure: list[int]
    forbidden: list[int]
    sizes: list[int]
    passers: list[int]
    no_aces_for_passers: bool


def knowledge_of(view: Observation) -> Knowledge:
    """Read every constraint the rules and the play so far put on the hidden cards: each
    card played says what its player cannot hold (:func:`rams.tricks.reveals`: voids and
    trump shortages, P2, M1; the trump ace not led, P4, or not covering, P6)."""
    rules = view.rules
    n = rules.players
    me = view.seat
    trump = view.trump if view.trump is not None else -1
    pam = (1 << PAM) if rules.pamfil else 0
    trump_mask = (SUIT_MASKS[trump] & ~pam) if trump >= 0 else 0
    t = card_play(rules)
    forbidden = [0] * n
    played_by = [0] * n
    played = 0
    tricks = [*view.tricks, view.trick] if view.trick else list(view.tricks)
    for trick in tricks:
        lead = trick[0][1] if trick else -1
        win, locked, best = -1, 0, -1
        for count, (seat, c) in enumerate(trick):
            played |= 1 << c
            played_by[seat] |= 1 << c
            forbidden[seat] |= reveals(t, c, count, lead, win, best, trump, trump_mask, pam)
            state = beats(t, c, win, locked, trump, trump_mask, pam) if count else 1
            if state:
                win, locked = c, int(state == 2)
            if (trump_mask >> c) & 1 and c > best:
                best = c
    mine = mask_of(view.hand)
    gone = played | mine | mask_of(view.dealt)
    for e in view.events:
        if e.seat == me:
            gone |= mask_of(e.secret) | mask_of(e.drawn)
    if view.turned is not None:
        gone |= 1 << view.turned
    sure = [0] * n
    for seat in range(n):
        if seat != me:
            sure[seat] = mask_of(view.known[seat]) & ~played
            gone |= sure[seat]
    pool = pack_mask(rules.pack_size) & ~gone
    sizes = [0] * n
    active = set(view.active) if view.phase is Phase.PLAY else set()
    for seat in range(n):
        if seat in active:
            sizes[seat] = 5 - played_by[seat].bit_count()
    passers = [s for s in range(n) if view.calls[s] == "pass" and s != me]
    return Knowledge(pool, sure, forbidden, sizes, passers, rules.ace_forbids_pass)


def sample_hands(view: Observation, know: Knowledge, rng: random.Random) -> list[int] | None:
    """One assignment of hidden cards to the other active seats (bitmasks; the seat's own
    hand as it is), or None if this attempt met a dead end."""
    n = view.rules.players
    me = view.seat
    assert me is not None  # (a bot: always a seat)
    pool = [c for c in range(52) if know.pool >> c & 1]
    rng.shuffle(pool)
    left = set(pool)
    if know.no_aces_for_passers:
        # E2: a passer was dealt no ace; his five cards leave the pool first.
        for _seat in know.passers:
            chosen = [c for c in pool if c in left and rank_of(c) != ACE][:5]
            left.difference_update(chosen)
    hands = [0] * n
    hands[me] = mask_of(view.hand)
    order = sorted(
        (s for s in range(n) if s != me and know.sizes[s]),
        key=lambda s: -know.forbidden[s].bit_count(),
    )
    for seat in order:
        hand = know.sure[seat]
        need = know.sizes[seat] - hand.bit_count()
        if need < 0:
            return None
        for c in pool:
            if need == 0:
                break
            if c in left and not know.forbidden[seat] >> c & 1:
                hand |= 1 << c
                left.discard(c)
                need -= 1
        if need:
            return None
        hands[seat] = hand
    return hands


def _winner_state(view: Observation, trump: int) -> tuple[int, int, int, int]:
    """(winning seat, winning card, locked, best trump) of the trick on the table."""
    trick = view.trick
    if not trick:
        return -1, -1, 0, -1
    rules = view.rules
    pam = (1 << PAM) if rules.pamfil else 0
    trump_mask = SUIT_MASKS[trump] & ~pam
    t = card_play(rules)
    seat, win = trick[0]
    locked = 0
    best = win if (trump_mask >> win) & 1 else -1
    for s, c in trick[1:]:
        state = beats(t, c, win, locked, trump, trump_mask, pam)
        if state:
            seat, win, locked = s, c, int(state == 2)
        if (trump_mask >> c) & 1 and c > best:
            best = c
    return seat, win, locked, best


def position_from(view: Observation, hands: Sequence[int], r: np.ndarray) -> np.ndarray:
    """The solver position of a sampled deal (``hands`` by seat) seen from ``view``: a
    fast-core state in the play phase, with what the play kernel reads."""
    rules = view.rules
    n = rules.players
    trump = view.trump if view.trump is not None else 0
    p = np.zeros(fp.STATE_SIZE, dtype=np.int64)
    p[fp.S_N] = n
    p[fp.S_PHASE] = fc.PLAY
    p[fp.S_TO_MOVE] = view.to_move if view.to_move is not None else -1
    p[fp.S_TRICK_LEN] = len(view.trick)
    ws, wc, locked, best = _winner_state(view, trump)
    p[fp.S_WIN_SEAT], p[fp.S_WIN_CARD], p[fp.S_WIN_LOCKED], p[fp.S_BEST_TRUMP] = (
        ws,
        wc,
        locked,
        best,
    )
    p[fp.S_TRICKS_PLAYED] = len(view.tricks)
    p[fp.S_WINNER] = -1
    p[fp.S_ACTIVE_N] = len(view.active)
    p[fp.S_TRUMP] = trump
    pam = (1 << PAM) if rules.pamfil else 0
    p[fp.S_PAM_MASK] = pam
    p[fp.S_TRUMP_MASK] = SUIT_MASKS[trump] & ~pam
    played_by = [0] * n
    for trick in [*view.tricks, view.trick]:
        for s, c in trick:
            played_by[s] |= 1 << c
    # P5: the last trick led with the trump king and won by its leader, who still holds the Q.
    q_due = -1
    if view.tricks and rules.marriage_lead:
        last = view.tricks[-1]
        lead_seat, lead_card = last[0]
        winner_index = trick_winner(view.rules, trump, [c for _, c in last])
        if (
            lead_card == card(KING, trump)
            and last[winner_index][0] == lead_seat
            and hands[lead_seat] >> card(QUEEN, trump) & 1
        ):
            q_due = lead_seat
    p[fp.S_Q_DUE] = q_due
    inplay = 0
    pre = view.pre_play_records or view.records
    for i, (on_seat, on_card) in enumerate(view.trick):
        p[fp.A_TRICK_SEATS + i] = on_seat
        p[fp.A_TRICK_CARDS + i] = on_card
        inplay |= 1 << on_card
    active = set(view.active)
    ring = sorted(active)
    for seat in range(n):
        p[fp.A_HANDS + seat] = hands[seat] if seat in active else 0
        p[fp.A_RECORDS + seat] = view.records[seat]
        p[fp.A_TRICKS_TAKEN + seat] = view.tricks_taken[seat]
        p[fp.A_CREDITED + seat] = 1 if view.tricks_taken[seat] else 0
        p[fp.A_PRE_PLAY + seat] = pre[seat]
        p[fp.A_NEXT_SEAT + seat] = -1
        if seat in active:
            p[fp.A_PLAYING + seat] = 1
            inplay |= hands[seat]
            start = hands[seat] | played_by[seat]
            aces = sum(rules.ace_value(s, trump) for s in range(4) if start >> card(ACE, s) & 1)
            credit, remise = jack_credit(rules, trump, _jack_hands(view, seat, start))
            p[fp.A_FIRST_CREDIT + seat] = aces + credit
            p[fp.A_REMISE_DUE + seat] = rules.remise + aces
            p[fp.A_JACK_REMISE + seat] = remise
            p[fp.A_NEXT_SEAT + seat] = ring[(ring.index(seat) + 1) % len(ring)]
    p[fp.S_INPLAY] = inplay
    p[fp.S_SPECIAL] = fc.special_cards(r, trump, pam)
    return p


def _jack_hands(view: Observation, seat: int, start: int) -> list[int]:
    """The hands a seat's Петух jacks count from, as far as this seat can know (J2)."""
    hands = [start]
    if seat == view.seat:
        hands.append(mask_of(view.dealt))
    return hands


class PimcBot:
    """Card play by PIMC over the exact solver; the other decisions by ``before_play``."""

    name = "pimc"

    def __init__(
        self,
        rng: random.Random,
        seconds: float | None = 0.05,
        max_samples: int = 48,
        node_budget: int = 400_000,
        before_play: Bot[Observation, Action] | None = None,
        table_bits: int = 16,
    ) -> None:
        self.rng = rng
        self.seconds = seconds
        self.max_samples = max_samples
        self.node_budget = node_budget
        self.table_bits = table_bits
        # The bot's own transposition table, cleared at every decision: its entries hold
        # only within one deal and one seat's samples (what a key leaves out — the trump,
        # the first-trick credits, the seat's own knowledge — is fixed there).
        self._keys, self._vals = sv.new_table(table_bits)
        self.before_play = before_play if before_play is not None else HeuristicBot(rng)
        self._rules: Rules | None = None
        self._r = np.zeros(0, dtype=np.int64)
        self._moves = np.zeros(64, dtype=np.int64)
        self._rows = np.zeros((64, fp.VAL), dtype=np.int64)
        self.last_samples = 0

    def act(self, view: Observation) -> Action:
        """A card by PIMC; anything else by the ``before_play`` bot."""
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        if view.phase is not Phase.PLAY or len(plays) < 2 or view.dave_pending is not None:
            if len(view.legal_actions) == 1:
                return view.legal_actions[0]
            return self.before_play.act(view)
        return Play(self.choose_card(view, [a.card for a in plays]))

    def choose_card(self, view: Observation, cards: list[Card]) -> Card:
        """The card with the best average result over sampled deals."""
        values = self.card_values(view, cards)
        if self.last_samples == 0:
            return max(cards)
        return max(sorted(cards), key=lambda c: values[c])  # ties: the lowest card

    def card_values(
        self, view: Observation, cards: list[Card], win_bonus: int = sv.WIN_BONUS
    ) -> dict[Card, float]:
        """Each card's average result for the seat over the sampled deals: minus its record
        at the end of the deal (§7, written off: lower is better, so higher is better
        here), plus ``win_bonus`` when the deal ends the game in its favour (S6; 0 for the
        record alone). All zeros when no deal could be sampled (``last_samples`` 0)."""
        compiling.wait()  # a background compile, if one runs, finishes first (then: the cache)
        if self._rules != view.rules:
            self._rules = view.rules
            self._r = fc.rules_array(view.rules)
        keys, vals = self._keys, self._vals
        keys[:] = 0
        know = knowledge_of(view)
        assert view.seat is not None  # (a bot, a hand: always a seat)
        me = view.seat
        tried = found = 0

        def draw() -> tuple[list[int], float] | None:
            nonlocal know, tried, found
            tried += 1
            hands = sample_hands(view, know, self.rng)
            if hands is None:
                if tried > 10 * (found + 1):
                    know = _relaxed(know)  # the inferences may be wrong: drop them
                return None
            found += 1
            return hands, 1.0

        def value(hands: list[int]) -> dict[Card, float]:
            p = position_from(view, hands, self._r)
            k, _, _ = sv.solve_position(
                p, self._r, keys, vals, self.node_budget, self._moves, self._rows
            )
            out: dict[Card, float] = {}
            for i in range(k):
                row = self._rows[i]
                won = win_bonus if row[fp.MAXP] == me else 0
                out[int(self._moves[i])] = float(won - int(row[me]))
            return out

        # No time limit (seconds None): the sample count alone decides, so results are
        # reproducible (tournaments); with one, the bot is anytime (people waiting).
        tally = sample_values(
            cards,
            draw,
            value,
            self.max_samples,
            self.seconds,
            tries=self.max_samples * 20,
        )
        self.last_samples = tally.samples
        return tally.means()


def _relaxed(know: Knowledge) -> Knowledge:
    """The same knowledge without the inferred exclusions (when sampling keeps failing)."""
    return Knowledge(
        know.pool,
        know.sure,
        [0] * len(know.forbidden),
        know.sizes,
        know.passers,
        False,
    )
