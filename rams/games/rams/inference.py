"""What the others' choices say about their hands: ``hard``'s inference in Rams (issue 28).

A sampled world (the hidden hands, :func:`rams.games.rams.search.sample_hands`) is weighed
by how likely every other seat's choices were, had it held the hand the world gives it and
chosen as the model of the others chooses — the heuristic bot (:mod:`rams.games.rams.heuristic`),
softened by ``ε`` (:data:`EPSILON` before play, :data:`CARD_EPSILON` for cards): the model's
choice has chance ``1 − ε``, any other ``ε`` (shared among the others, for cards). The
choices read, each only where the seat had one:

- **play or pass** (E1): the heuristic plays when its trick estimate of the dealt hand
  reaches a threshold that rises with the players already in; a seat dealt an ace (E2) or
  a dealer who must play (E3) tells nothing. A passer's hand is dealt by the sampler, one of
  a few drawn, picked by :func:`passer_weight`;
- **the exchange** (E4): the heuristic keeps its trumps, aces and Pam (M1) and throws the
  rest. Its discards are dealt first, by the sampler (each a card it throws, but with
  chance ``ε`` any card); and a seat that exchanged ``k`` cards below what the stock and
  ``max_exchange`` allowed kept ``5 − k`` such cards: each one the world's hand lacks of
  those costs a factor ``ε`` (standing pat: all five);
- **the turned trump** (E5): a dealer who left it (``keep`` where the swap was optional)
  held no card the heuristic values below it;
- **the cards played** (P1–P6, M1): each card of another seat, from the hand the world says
  it held then (its cards now and those it played after), as the plain games weigh them.

A dealt hand that changed in the exchange is not known even within a world: the model's
play or pass is read on the best ``5 − k`` of its cards at the start of play (what the
heuristic kept), Pam, trumps and aces first.

:func:`inference_of` reads what a decision needs from the seat's view once (the view only:
:meth:`rams.games.rams.deal.Deal.observation`); :func:`likelihood` weighs a world.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from rams.cards import ACE, SUIT_MASKS, Card, cards_of, rank_of
from rams.games.rams.actions import Play
from rams.games.rams.deal import PAM, card_play
from rams.games.rams.events import EventKind
from rams.games.rams.heuristic import HeuristicBot, _value, trick_estimate
from rams.games.rams.view import Observation, Phase
from rams.tricks import CARDS, beats, legal

__all__ = [
    "CARD_EPSILON",
    "EPSILON",
    "Inference",
    "SeatFacts",
    "inference_of",
    "likelihood",
    "passer_weight",
]

#: The chance the model of the others decides before play other than the heuristic does
#: (measured by ``benchmarks/inference.py``: 0.3 moved the samples' trumps a third of the
#: way to the truth, 0.1 two thirds).
EPSILON = 0.1
#: The chance it plays another card than the heuristic's (as the plain games weigh cards).
CARD_EPSILON = 0.3


@dataclass(frozen=True)
class SeatFacts:
    """What one other seat chose before play: whether its call of play tells anything
    (``call_threshold``: the heuristic's threshold then, None when it had no choice), its
    exchange (``kept``: how many of its dealt cards it kept, None when the stock or the
    rules bounded it), and a dealer's keeping of the turned trump (``kept_turned``)."""

    seat: int
    call_threshold: float | None
    exchanged: int | None
    kept: int | None
    kept_turned: Card | None


@dataclass(frozen=True)
class _Card:
    """One card another seat played: the trick's state before it, the seat's view then."""

    seat: int
    card: Card
    count: int
    lead: int
    win: int
    locked: int
    best: int
    then: Observation


@dataclass(frozen=True)
class Inference:
    """What a decision reads from the view once: each other active seat's choices before
    play, and every card the others played (in order)."""

    facts: tuple[SeatFacts, ...]
    cards: tuple[_Card, ...]
    played_by: tuple[int, ...]
    discarded: int
    strong_mask: int
    worth: tuple[float, ...]  # each card's worth to the heuristic (what it keeps, E4, E5)
    estimates: tuple[float, ...]  # each card's part of its trick estimate (E1)
    passed: dict[int, float]  # each other seat that passed: the heuristic's threshold then
    turned: int  # the turned card (-1: none)
    dealer: int
    trump: int
    trump_mask: int
    pam: int
    players: int
    epsilon: float


def inference_of(view: Observation, epsilon: float = EPSILON) -> Inference:
    """The others' choices this deal, read from ``view`` alone."""
    rules = view.rules
    n = rules.players
    me = view.seat
    trump = view.trump if view.trump is not None else -1
    pam_bit = (1 << PAM) if rules.pamfil else 0
    pam = PAM if rules.pamfil else -1
    trump_mask = (SUIT_MASKS[trump] & ~pam_bit) if trump >= 0 else 0
    active = set(view.active) if view.phase is Phase.PLAY else set()
    # E1: the order of the calls, from the dealer's left, dealer last.
    order = [(view.dealer + 1 + i) % n for i in range(n)]
    threshold: dict[int, float | None] = {}
    passed: dict[int, float] = {}
    playing = 0
    pre = view.pre_play_records or view.records
    for seat in order:
        call = view.calls[seat]
        if call is None:
            continue
        forced = not rules.passing or (seat == view.dealer and playing == 1)  # E3
        bar = 0.75 + 0.1 * min(playing, 4)
        if pre[seat] <= 5:
            bar -= 0.25
        if call == "play" and not forced:
            threshold[seat] = bar
        elif call == "pass" and seat != me:
            passed[seat] = bar
        if call == "play":
            playing += 1
    # E4: each exchange, and the stock it could draw from.
    exchanges = [e for e in view.events if e.kind is EventKind.EXCHANGE]
    stock = view.stock_count + sum(e.number or 0 for e in exchanges)
    kept: dict[int, int | None] = {}
    for e in exchanges:
        number = e.number or 0
        most = min(rules.max_exchange, stock)
        if e.seat is not None:
            kept[e.seat] = 5 - number if number < most else None
        stock -= number
    kept_turned = None
    if view.turned is not None and any(e.kind is EventKind.KEEP for e in view.events):
        kept_turned = view.turned
    facts = tuple(
        SeatFacts(
            s,
            threshold.get(s),
            view.exchanged[s],
            kept.get(s),
            kept_turned if s == view.dealer else None,
        )
        for s in sorted(active)
        if s != me
    )
    # P1–P6: every card the others played, and the trick's state before it.
    t = card_play(rules)
    cards: list[_Card] = []
    tricks = [*view.tricks, view.trick] if view.trick else list(view.tricks)
    for k, trick in enumerate(tricks):
        lead = trick[0][1] if trick else -1
        win, locked, best = -1, 0, -1
        for count, (seat, c) in enumerate(trick):
            if seat != me:
                then = dataclasses.replace(
                    view, trick=trick[:count], tricks=view.tricks[:k], to_move=seat
                )
                cards.append(_Card(seat, c, count, lead, win, locked, best, then))
            state = beats(t, c, win, locked, trump, trump_mask, pam_bit) if count else 1
            if state:
                win, locked = c, int(state == 2)
            if (trump_mask >> c) & 1 and c > best:
                best = c
    played_by = [0] * n
    for trick in tricks:
        for s, c in trick:
            played_by[s] |= 1 << c
    # E4, E5: the cards the others threw (their exchanges, a dealer's swap), face down.
    discarded = sum(e.number or 0 for e in exchanges if e.seat != me)
    discarded += sum(1 for e in view.events if e.kind is EventKind.DEALER_SWAP and e.seat != me)
    strong_mask = trump_mask | pam_bit
    for suit in range(4):
        strong_mask |= 1 << (13 * suit + ACE)
    worth = tuple(_value(c, trump, pam) for c in range(52))
    estimates = tuple(trick_estimate([c], trump, n, pam) for c in range(52))
    return Inference(
        facts, tuple(cards), tuple(played_by), discarded, strong_mask, worth, estimates,
        passed, view.turned if view.turned is not None else -1, view.dealer,
        trump, trump_mask, pam, n, epsilon,
    )  # fmt: skip


def passer_weight(inf: Inference, seat: int, hand: int) -> float:
    """How likely a seat's pass was had it been dealt ``hand`` (a bitmask): the heuristic
    passes when its trick estimate (a dealer's with the turned card he may take, less 0.15)
    falls short of its threshold (E1)."""
    bar = inf.passed.get(seat)
    if bar is None:
        return 1.0
    est = sum(inf.estimates[c] for c in cards_of(hand))
    if seat == inf.dealer and inf.turned >= 0:
        est += inf.estimates[inf.turned] - 0.15
    return 1 - inf.epsilon if est < bar else inf.epsilon


_MODEL = HeuristicBot(random.Random(0))  # (its card choice draws no random numbers)


def likelihood(inf: Inference, view: Observation, hands: list[int]) -> float:
    """How likely the others' choices were, had they held ``hands`` (bitmasks by seat, the
    hands now) and chosen as the heuristic does with chance ``1 − ε`` (their discards aside:
    the sampler deals them first, :func:`rams.games.rams.search.sample_hands`)."""
    eps = inf.epsilon
    trump, pam = inf.trump, inf.pam
    played_by = inf.played_by
    worth, estimates = inf.worth, inf.estimates
    weight = 1.0
    for f in inf.facts:
        held = hands[f.seat] | played_by[f.seat]
        if f.kept is not None:  # E4: it threw every card it did not keep
            strong = (held & inf.strong_mask).bit_count()
            weight *= eps ** max(0, f.kept - strong)
        if f.call_threshold is not None:  # E1, E2: played when it could pass
            keep = 5 if f.exchanged is None else 5 - f.exchanged
            dealt = sorted(cards_of(held), key=worth.__getitem__, reverse=True)[:keep]
            if not any(rank_of(c) == ACE for c in dealt):  # (an ace: it had to play)
                est = sum(estimates[c] for c in dealt)
                weight *= 1 - eps if est >= f.call_threshold else eps
        if f.kept_turned is not None:  # E5: it left the turned trump
            worst = min(worth[c] for c in cards_of(held))
            weight *= 1 - eps if worst >= worth[f.kept_turned] else eps
    if inf.cards:
        t = card_play(view.rules)
        pam_bit = (1 << PAM) if pam >= 0 else 0
        later = list(hands)
        for p in reversed(inf.cards):
            later[p.seat] |= 1 << p.card
        for p in inf.cards:
            hand = later[p.seat]
            mask = legal(t, hand, p.count, p.lead, p.win, p.locked, p.best, False, trump,
                         inf.trump_mask, pam_bit) & CARDS  # fmt: skip
            later[p.seat] = hand & ~(1 << p.card)
            options = cards_of(mask)
            if len(options) < 2 or not mask >> p.card & 1:
                continue
            choice = _MODEL._card(p.then, [Play(c) for c in options])
            chose = isinstance(choice, Play) and choice.card == p.card
            weight *= 1 - CARD_EPSILON if chose else CARD_EPSILON / (len(options) - 1)
    return weight
