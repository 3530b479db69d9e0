"""Rams' pieces of the bots' one search (:mod:`rams.bots.pimc`) and of the one simulation of
decisions before play (:mod:`rams.bots.simulate`): a module of the bots' layer beside the
game's rules, which its bots' module (:mod:`rams.games.rams.bots`) builds its bots from.

**Card play** (:class:`RamsCards`, the ``pimc`` bot and the levels that search): the
hidden cards are sampled many times, every sample consistent with the seat's observation —
the cards played, the cards shown (the turned trump taken by the dealer, Pam, shown jacks),
the voids and trump shortages shown by play (P2, M1), the trump ace a leader did not lead
(P4) or did not cover with (P6), and the aces passers cannot hold (E2); when sampling keeps
failing, the inferred exclusions are dropped. With ``infer`` (``hard``, issue 28) the sampler
also reads what the others chose (:mod:`rams.games.rams.inference`): their discards and the
passers' hands are dealt first as the model of them would have them, and of
:data:`CANDIDATES` worlds one is kept by how likely the others' choices were in it; without
it (``medium``, ``pimc``, ``hardold``) every world is one draw. Each is solved exactly
with the max^n solver (:mod:`rams.fast.solver`), its positions capped, and the value of a
card is the seat's record at the end of the deal, written off (§7: lower is better, so its
negative), plus the solver's bonus when the deal ends the game in the seat's favour (S6; 0
with ``points``: the record alone). The card with the best mean is played (ties: the lowest;
the highest when no deal could be sampled).

**Decisions before play** (:class:`RamsDecisions`, E1–E5, V2; ``hardsim``): a sample is a
whole deck consistent with the seat's view: its hand as it is now where its cards were
dealt, the turned card and every card shown (:func:`rams.games.rams.dealing.deck_layout`),
the rest of the pack shuffled into the others' hands, the stock and the talon. The deal is
dealt again from that deck and brought back to the seat's decision: the calls made are made
again, and a seat that has already exchanged stands pat (its hand is dealt as it is now, so
that the sampled hands are the hands of the moment). Then, for each of the seat's choices on
the same sample (common random numbers), every seat decides before play as the learned
evaluator does (the model of the others, and of the seat itself later in the deal) and plays
its cards by the exact solver with every card known (:class:`AllSeeingBot`). The result is
the seat's record at the end of the deal, with the solver's bonus for winning the game (S6);
the choice with the best mean is taken.

The choices: play or pass (E1–E3); the evaluator's four best exchanges (E4); keeping the
turned trump or swapping it for each card (E5); the duel's talon, when the seat decides
first (V2). Any decision it does not simulate — and any deal that does not come back to the
view (a card drawn before the calls; in the duel, anything after the talon) — goes to the
evaluator. After earlier exchanges the replayed stock is the whole stock again, its top the
sampled cards still to draw: a later seat may then draw more than the real stock holds
(rare).

**The all-seeing bot** (:class:`AllSeeingBot`, measurement only) solves the real deal for
its card play and decides before play like ``hard``; the simulation plays its deals out with
it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from rams.actions import Play
from rams.bots.pimc import Round, SearchBot
from rams.bots.sampling import Tally
from rams.bots.simulate import Decisions, Plan, SimulatingBot, Unsimulated
from rams.cards import ACE, KING, QUEEN, SUIT_MASKS, Card, card, mask_of, pack, pack_mask, rank_of
from rams.errors import RamsError
from rams.fast import compiling
from rams.fast import core as fc
from rams.fast import play as fp
from rams.fast import solver as sv
from rams.games.protocol import Bot
from rams.games.rams import inference as _inference
from rams.games.rams.actions import GO, KEEP, PASS, PLAY_IN, SELL, TAKE, Action, Exchange, Swap
from rams.games.rams.deal import PAM, Deal, card_play, jack_credit, trick_winner
from rams.games.rams.dealing import deck_layout
from rams.games.rams.evaluator import EvaluatorBot
from rams.games.rams.events import EventKind
from rams.games.rams.heuristic import HeuristicBot
from rams.games.rams.inference import inference_of, likelihood, passer_weight
from rams.games.rams.rules import Rules
from rams.games.rams.stakes import Standing
from rams.games.rams.view import Observation, Phase
from rams.table import bot_turn
from rams.tricks import beats, reveals

__all__ = [
    "EXCHANGES",
    "AllSeeingBot",
    "AllSeeingHeuristic",
    "AllSeeingRidge",
    "AllSeeingTrees",
    "Knowledge",
    "OracleBot",
    "PimcBot",
    "RamsCards",
    "RamsDecisions",
    "SimulatedDeclare",
    "knowledge_of",
    "position_from",
    "sample_deck",
    "sample_hands",
]

# Card play: what the seat knows, a sample, the solver's position -----------------------------


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
    #: With inference (issue 28): how many cards the others threw face down (E4, E5), the
    #: cards the model of them never throws (trumps, aces, Pam) and its softness ε.
    discarded: int = 0
    kept_mask: int = 0
    epsilon: float = 0.0
    #: With inference: how likely a passer's pass was with a hand (a seat, a bitmask).
    passer_weight: Callable[[int, int], float] | None = None


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
    if know.discarded:
        # E4: the others' discards leave the pool first, each a card the model throws (no
        # trump, ace or Pam) but with chance ε.
        weak = [c for c in pool if not know.kept_mask >> c & 1]
        for _ in range(know.discarded):
            source = weak if weak and rng.random() >= know.epsilon else pool
            choice = next((c for c in source if c in left), None)
            if choice is None:
                break
            left.discard(choice)
            if source is weak:
                weak.remove(choice)
    if know.passer_weight is not None:
        # E1, E2: a passer's hand (no ace where the rules say so) leaves the pool first, one
        # of PASS_TRIES drawn, picked by how likely its pass was with it.
        for seat in know.passers:
            shown = know.sure[seat]
            need = 5 - shown.bit_count()
            fits = [c for c in pool if c in left and not (
                know.no_aces_for_passers and rank_of(c) == ACE)]  # fmt: skip
            if need <= 0 or len(fits) < need:
                continue
            tries = [rng.sample(fits, need) for _ in range(PASS_TRIES)]
            weights = [know.passer_weight(seat, shown | mask_of(t)) for t in tries]
            left.difference_update(rng.choices(tries, weights)[0])
    elif know.no_aces_for_passers:
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


def _relaxed(know: Knowledge) -> Knowledge:
    """The same knowledge without the inferred exclusions (when sampling keeps failing)."""
    return Knowledge(
        know.pool,
        know.sure,
        [0] * len(know.forbidden),
        know.sizes,
        know.passers,
        False,
    )  # (the discards too: dealt at random)


#: With inference, the worlds drawn for each one solved (the one kept by its likelihood).
CANDIDATES = 4
#: With inference, the hands drawn for each seat that passed (one kept by its likelihood).
PASS_TRIES = 6


class RamsCards:
    """Rams' pieces of the one PIMC search (the module's docstring): its own transposition
    table of ``table_bits``, cleared at every decision (its entries hold only within one deal
    and one seat's samples: what a key leaves out — the trump, the first-trick credits, the
    seat's own knowledge — is fixed there), and ``node_budget`` positions a solve."""

    def __init__(
        self, node_budget: int = 400_000, table_bits: int = 16, infer: bool = False
    ) -> None:
        self.node_budget = node_budget
        self.infer = infer
        self._keys, self._vals = sv.new_table(table_bits)
        self._rules: Rules | None = None
        self._r = np.zeros(0, dtype=np.int64)
        self._moves = np.zeros(64, dtype=np.int64)
        self._rows = np.zeros((64, fp.VAL), dtype=np.int64)

    def cards(self, view: Observation) -> list[Card] | None:
        """The cards, in the play (not while Даве is offered)."""
        if view.phase is not Phase.PLAY or view.dave_pending is not None:
            return None
        return [a.card for a in view.legal_actions if isinstance(a, Play)]

    def first(self, bot: SearchBot[Any], view: Observation, cards: list[Card]) -> Card | None:
        return None  # (every card is searched)

    def pick(
        self, bot: SearchBot[Any], view: Observation, cards: list[Card], tally: Tally[Card]
    ) -> Card:
        """The best mean, ties to the lowest card; the highest when nothing was sampled."""
        if tally.samples == 0:
            return max(cards)
        values = tally.means()
        return max(sorted(cards), key=lambda c: values[c])

    def round(self, bot: SearchBot[Any], view: Observation, points: bool) -> Round[list[int]]:
        """Hands sampled from what the seat knows (each weighing 1), solved by max^n."""
        compiling.wait()  # a background compile, if one runs, finishes first (then: the cache)
        if self._rules != view.rules:
            self._rules = view.rules
            self._r = fc.rules_array(view.rules)
        keys, vals = self._keys, self._vals
        keys[:] = 0
        win_bonus = 0 if points else sv.WIN_BONUS
        know = knowledge_of(view)
        assert view.seat is not None  # (a bot, a hand: always a seat)
        me = view.seat
        tried = found = 0
        inference = inference_of(view, _inference.EPSILON) if self.infer else None
        if inference is not None:
            know.discarded = inference.discarded
            know.kept_mask = inference.strong_mask
            know.epsilon = inference.epsilon
            if inference.passed:
                inf = inference
                know.passer_weight = lambda seat, hand: passer_weight(inf, seat, hand)

        def one() -> list[int] | None:
            nonlocal know, tried, found
            tried += 1
            hands = sample_hands(view, know, bot.rng)
            if hands is None:
                if tried > 10 * (found + 1):
                    know = _relaxed(know)  # the inferences may be wrong: drop them
                return None
            found += 1
            return hands

        def draw() -> tuple[list[int], float] | None:
            if inference is None:
                hands = one()
                return None if hands is None else (hands, 1.0)
            # Sampling-importance-resampling: of CANDIDATES worlds, one by its likelihood.
            drawn = [h for h in (one() for _ in range(CANDIDATES)) if h is not None]
            if not drawn:
                return None
            weights = [likelihood(inference, view, h) for h in drawn]
            return bot.rng.choices(drawn, weights)[0], 1.0

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

        return Round(draw, value, tries=bot.samples * 20)


class PimcBot(SearchBot[Observation]):
    """Rams' card play by the one PIMC search (:class:`RamsCards`), with ``max_samples``
    samples (drawn until ``seconds`` are spent, when timed) of ``node_budget`` positions;
    the other decisions by ``before_play`` (the heuristic by default)."""

    def __init__(
        self,
        rng: random.Random,
        seconds: float | None = 0.05,
        max_samples: int = 48,
        node_budget: int = 400_000,
        before_play: Bot[Observation, Action] | None = None,
        table_bits: int = 16,
        infer: bool = False,
    ) -> None:
        search = RamsCards(node_budget, table_bits, infer)
        before = before_play if before_play is not None else HeuristicBot(rng)
        super().__init__(rng, search, before, max_samples, seconds, "pimc")
        self.cards_search = search

    @property
    def max_samples(self) -> int:
        return self.samples

    @max_samples.setter
    def max_samples(self, value: int) -> None:
        self.samples = value

    @property
    def node_budget(self) -> int:
        return self.cards_search.node_budget

    @node_budget.setter
    def node_budget(self, value: int) -> None:
        self.cards_search.node_budget = value


# The all-seeing bot -------------------------------------------------------------------------


class AllSeeingBot:
    """Sees every card: solves the real deal for its card play and decides before play like
    ``hard`` (measurement only)."""

    name = "allseeing"
    sees_all = True

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.before_play = EvaluatorBot(rng, trees=True)
        self._keys, self._vals = sv.new_table(16)

    def act(self, view: Observation) -> Action:
        """Without the deal it can only decide before play (the driver gives it the deal)."""
        return self.before_play.act(view)

    def act_full(self, deal: Deal, seat: int) -> Action:
        """Its action, seeing the whole deal."""
        view = deal.observation(seat)
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        if view.phase is not Phase.PLAY or len(plays) < 2 or view.dave_pending is not None:
            if len(view.legal_actions) == 1:
                return view.legal_actions[0]
            return self.before_play.act(view)
        return Play(self._best_card(deal, view, [a.card for a in plays]))

    def _best_card(self, deal: Deal, view: Observation, cards: list[Card]) -> Card:
        compiling.wait()
        r = fc.rules_array(deal.rules)
        p = position_from(view, list(deal.hands), r)
        for seat in deal.active:  # the true jack credits (K4, K6), not estimates
            aces = p[fp.A_REMISE_DUE + seat] - deal.rules.remise
            p[fp.A_FIRST_CREDIT + seat] = aces + deal.jack_credit[seat]
            p[fp.A_JACK_REMISE + seat] = deal.jack_remise[seat]
        self._keys[:] = 0
        moves = np.zeros(64, dtype=np.int64)
        rows = np.zeros((64, fp.VAL), dtype=np.int64)
        k, _, _ = sv.solve_position(p, r, self._keys, self._vals, 0, moves, rows)
        assert view.seat is not None  # (a bot, a hand: always a seat)
        scores = {int(moves[i]): int(sv.utility(rows[i], view.seat)) for i in range(k)}
        return max(sorted(cards), key=lambda c: scores.get(c, -(10**9)))


class AllSeeingHeuristic(AllSeeingBot):
    """The all-seeing bot deciding before play like the heuristic bot (measurement only):
    the low end of the decisions before play, against which ``oracle`` and ``hard`` (whose
    decisions ``allseeing`` shares) are measured with the same perfect card play."""

    name = "allseeing-heuristic"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.before_play = HeuristicBot(rng)  # type: ignore[assignment]


class AllSeeingTrees(AllSeeingBot):
    """The all-seeing bot deciding before play by the boosted trees of issue 28 (measurement
    only): since they became ``hard``'s, the same as :class:`AllSeeingBot`, kept under its
    name so that the results measured before the change name a bot that exists."""

    name = "allseeing-gbt"


class AllSeeingRidge(AllSeeingBot):
    """The all-seeing bot deciding before play by the ridge evaluator alone, as ``hard`` did
    before issue 28's trees (measurement only): with ``allseeing-heuristic`` and ``oracle``,
    what the trees add."""

    name = "allseeing-ridge"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.before_play = EvaluatorBot(rng)


class OracleBot(AllSeeingBot):
    """Sees every card and decides before play by solving the real deal too (measurement
    only): each of its choices — play or pass (E1–E3), the learned evaluator's best
    :data:`EXCHANGES` exchanges (E4), keeping or swapping the turned trump (E5), the duel's
    talon (V2) — is played out on the real deal by all-seeing players (who decide before
    play as ``hard`` does), and the one with the best result for the seat is taken: its
    record at the end of the deal written off, plus the solver's bonus when it wins the game
    (S6). Its card play is the all-seeing bot's."""

    name = "oracle"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self._agents: list[AllSeeingBot] = []

    def choices(self, view: Observation) -> list[Action]:
        """The choices it compares at this decision (fewer than two: the all-seeing bot's)."""
        return before_play_choices(view, self.before_play)

    def act_full(self, deal: Deal, seat: int) -> Action:
        """Its action, seeing the whole deal: before play, the best choice played out."""
        view = deal.observation(seat)
        choices = self.choices(view)
        if len(choices) < 2:
            return super().act_full(deal, seat)
        n = deal.rules.players
        if len(self._agents) != n:
            self._agents = [AllSeeingBot(random.Random(self.rng.getrandbits(32)))
                            for _ in range(n)]  # fmt: skip
        best, best_value = choices[0], -float("inf")
        for choice in choices:
            sim = deal.copy()
            sim.apply(choice, seat)
            while bot_turn(sim, self._agents) != "done":
                pass
            value = (sv.WIN_BONUS if sim.winner == seat else 0) - sim.records[seat]
            if value > best_value:
                best, best_value = choice, value
        return best


# Decisions before play ------------------------------------------------------------------------


def sample_deck(view: Observation, rng: random.Random) -> list[Card] | None:
    """A deck that deals the seat's hand to it, the turned card and every shown card where
    they lie, and the rest of the pack at random, no ace to a seat that passed (E2); None
    if none was found."""
    assert view.seat is not None
    layout = deck_layout(view.rules, view.dealer)
    fixed: dict[int | str, list[Card]] = {view.seat: list(view.hand)}
    for s, cards in enumerate(view.known):
        if s != view.seat and cards:
            fixed[s] = list(cards)
    placed = {c for cards in fixed.values() for c in cards}
    if view.turned is not None and view.turned not in placed:
        fixed["turned"] = [view.turned]
        placed.add(view.turned)
    rest = [c for c in pack(view.rules.pack_size) if c not in placed]
    # E2: a seat that passed was dealt no ace (where the rules say so)
    passers = {s for s, call in enumerate(view.calls) if call == PASS.word and s != view.seat}
    if not view.rules.ace_forbids_pass:
        passers = set()
    for _ in range(100):
        rng.shuffle(rest)
        pile = rest[:]
        deck: list[Card] = []
        placing = {w: list(cards) for w, cards in fixed.items()}
        for where in layout:
            mine = placing.get(where)
            deck.append(mine.pop() if mine else pile.pop())
        if not any(
            rank_of(c) == ACE and where in passers for c, where in zip(deck, layout, strict=True)
        ):
            return deck
    return None


#: The exchanges a simulation compares: the learned evaluator's best few (E4).
EXCHANGES = 4


def replay(view: Observation, deck: list[Card], start: tuple[int, ...]) -> Deal | None:
    """The deal dealt from ``deck`` and brought to the decision of ``view`` (the calls made
    again, an exchange already made as standing pat), or None when it does not come back to
    it."""
    assert view.seat is not None
    deal = Deal(view.rules, view.dealer, deck, Standing(start, view.stake, view.dave_offerer))
    while deal.to_move != view.seat or deal.phase is not view.phase:
        seat = deal.to_move
        if seat is None:
            return None
        try:
            if deal.phase is Phase.DECLARE and view.calls[seat] is not None:
                deal.apply(PLAY_IN if view.calls[seat] == PLAY_IN.word else PASS, seat)
            elif deal.phase is Phase.EXCHANGE and view.exchanged[seat] is not None:
                deal.apply(Exchange(), seat)
            else:
                return None
        except RamsError:
            return None
    if sorted(deal.observation(view.seat).hand) != sorted(view.hand):
        return None
    return deal


def before_play_choices(
    view: Observation, evaluator: EvaluatorBot | None, talon_again: bool = True
) -> list[Action]:
    """The choices before play that the oracle and the one simulation compare at this
    decision: play or pass (E1–E3), ``evaluator``'s best :data:`EXCHANGES` exchanges (E4;
    none without an evaluator or its models for these rules), keeping or swapping the
    turned trump (E5), the duel's talon (V2; with ``talon_again`` False only while it is not
    yet decided); none at any other decision, or while a Даве waits for its answer."""
    legal = view.legal_actions
    if view.dave_pending is not None:
        return []
    if view.phase is Phase.DECLARE and PASS in legal and PLAY_IN in legal:
        return [PLAY_IN, PASS]
    if view.phase is Phase.EXCHANGE:
        if evaluator is None or evaluator._models(view.rules) is None:
            return []
        return list(evaluator.ranked_exchanges(view)[:EXCHANGES])
    if view.phase is Phase.DEALER_TRUMP:
        return [a for a in legal if a == KEEP or isinstance(a, Swap)]
    decided = not talon_again and any(e.kind is EventKind.TALON for e in view.events)
    if view.phase is Phase.TALON and not decided:
        return [a for a in legal if a in (TAKE, SELL, GO)]
    return []


class RamsDecisions(Decisions[Observation]):
    """Rams' decisions before play as the one simulation takes them (the module's
    docstring): the deals are played out by all-seeing players, kept from one decision to
    the next."""

    def __init__(self) -> None:
        self._all_seeing: list[AllSeeingBot] = []

    def choices(self, bot: SimulatingBot[Any], view: Observation) -> list[Action]:
        """The choices a simulation compares at this decision (none: the evaluator's); the
        duel's talon only while it is not yet decided."""
        evaluator = getattr(bot.inner, "before_play", None)
        chosen = evaluator if isinstance(evaluator, EvaluatorBot) else None
        return before_play_choices(view, chosen, talon_again=False)

    def agents(self, bot: SimulatingBot[Any], n: int) -> list[AllSeeingBot]:
        """The simulation's players, kept from one decision to the next."""
        if len(self._all_seeing) != n:
            self._all_seeing = [AllSeeingBot(random.Random(bot.rng.getrandbits(32)))
                                for _ in range(n)]  # fmt: skip
        return self._all_seeing

    def plan(
        self,
        bot: SimulatingBot[Any],
        view: Observation,
        points: bool,
        choices: list[Action] | None = None,
    ) -> Plan[Deal] | None:
        """The simulation of ``choices`` (by default this decision's, when it has two or
        more): each choice's result is minus the seat's record at the end of the deal (§7:
        the record is written off, so higher is better here), plus the solver's bonus when
        it wins the game (S6; 0 with ``points``: the record alone)."""
        if choices is None:
            choices = self.choices(bot, view)
            if len(choices) < 2:
                return None
        assert view.seat is not None
        me = view.seat
        start = view.records
        win_bonus = 0 if points else sv.WIN_BONUS
        chosen = list(choices)

        def draw() -> tuple[Deal, float]:
            nonlocal start
            deck = sample_deck(view, bot.rng)
            if deck is None:
                raise Unsimulated
            deal = replay(view, deck, start)
            if deal is None:
                raise Unsimulated
            now = tuple(deal.records)
            if now != view.records:  # scored at the deal (J1): start from before that
                start = tuple(2 * a - b for a, b in zip(view.records, now, strict=True))
                deal = replay(view, deck, start)
                if deal is None or tuple(deal.records) != view.records:
                    raise Unsimulated
            return deal, 1.0

        def value(deal: Deal) -> dict[Action, float]:
            out: dict[Action, float] = {}
            agents = self.agents(bot, view.rules.players)  # (made at the first play-out)
            for choice in chosen:
                sim = deal.copy()
                sim.apply(choice, me)
                while bot_turn(sim, agents) != "done":
                    pass
                won = win_bonus if sim.winner == me else 0
                out[choice] = float(won - sim.records[me])
            return out

        return Plan(chosen, draw, value)


class SimulatedDeclare(SimulatingBot[Observation]):
    """``hard``'s decisions, with those before play decided by the one simulation
    (:class:`RamsDecisions`; ``samples`` decks, a time limit of ``seconds`` when timed)."""

    def __init__(
        self,
        rng: random.Random,
        inner: Bot[Observation, Action],
        samples: int = 16,
        seconds: float | None = 0.3,
    ) -> None:
        self.rams_decisions = RamsDecisions()
        super().__init__(rng, inner, self.rams_decisions, samples, seconds)

    def _choices(self, view: Observation) -> list[Action]:
        return self.rams_decisions.choices(self, view)

    def _replay(self, view: Observation, deck: list[Card], start: tuple[int, ...]) -> Deal | None:
        return replay(view, deck, start)

    def choice_values(
        self, view: Observation, choices: list[Action], points: bool = False
    ) -> dict[Action, float] | None:
        """Each of ``choices``' mean result for the seat over the simulated deals (the
        record alone with ``points``); None when the deal could not be simulated."""
        plan = self.rams_decisions.plan(self, view, points, choices)
        assert plan is not None  # (choices given: always a plan)
        return self.means(plan)
