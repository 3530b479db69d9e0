"""The plain games' pieces of the bots' one search (:mod:`rams.bots.pimc`, RULES
§10.2–10.5) and of the one simulation of decisions before play (:mod:`rams.bots.simulate`):
a module of the bots' layer beside the games' rules; each game's scoring is its own package's
``search`` module (its ``Evaluator`` and ``DECISIONS``, asked for through its family).

**Card play** (:class:`PlainCards`, ``hard``): sample the hidden hands from what a seat has
seen, weight each sample by how likely the others' earlier cards were, solve each sample
with every card known, and play the card best on the weighted average.

- **Sampling** respects everything the view shows: the seat's own hand, the cards played,
  the cards shown (Whist's turned card W3, Boston's open hand B9), the seat's own card set
  aside (B6), each hand's size, the cards out of play (Ramsch's skat F2, another
  declarer's card set aside), and what each card played revealed about its hand
  (:func:`rams.tricks.reveals`: void in the suit led, no trump when it did not trump).
- **Policy-based inference** (Rebstock et al. 2019): a sample's weight is the product, over
  the others' earlier cards, of the chance the game's heuristic bot — the model of the
  others — gives that card from the hand the sample says they held: ``1 − ε`` for its
  choice, ``ε`` shared by the other legal cards.
- **The auction** (:func:`draw_fitting`, in the games whose ``search`` module's
  ``DECISIONS`` read their prelude from the view: Whist's named trump, Boston's bids and
  partner): a sample must be a deal on which the model would have bid as the others bid —
  each of their actions before play is asked of the model, on the deal rebuilt from the
  sample's hands as dealt (:func:`auction_weight`); a draw tries up to
  :data:`AUCTION_TRIES` samples for one that fits every action, else swaps hidden cards
  between the hands of the likeliest of them while that brings it no further from fitting
  (up to :data:`AUCTION_CLIMB` swaps; how far: by default the actions that do not fit,
  Boston's bids by the sure tricks they lack), and else keeps the one the model finds
  likeliest (``1 − ε`` an action it takes, ``ε`` shared by the others, with
  :data:`AUCTION_EPSILON`), its weight multiplied by that chance.
- **Solving**: Whist and Boston with the double-dummy solver (:mod:`rams.fast.dd`) once the
  hands are short enough (and before, each solve limited, where the game searches its first
  tricks: :data:`EARLY_NODES`); Ramsch, the trump deals, and the longer hands of the side games
  by max^n with a node budget and playouts past it (:mod:`rams.fast.maxn`).
- **Utility**: what the game scores: Ramsch's penalty (F7, then the fewest card points),
  the trump deals' tricks (T5), Whist's tricks of the seat's side (W6), Boston's contract
  made or set and the overtricks (B11).

**Decisions before play** (:class:`PlainDecisions`, for the games whose ``search`` module
gives them: Whist's named trump, Boston's bid and partner): each decision samples the hidden
hands as card play does, plays every choice it could make out on each sample, and takes the
choice whose average score, as the game writes it, is best. A sample is played out as
``hard`` plays (:func:`play_out`): the game's heuristic for every seat (each seeing only its
own view) while the hands are long, then the double-dummy solver once no hand holds more
than :data:`DD_CARDS` cards (a null to its end by the heuristic: it is short).

The all-seeing bot (:class:`AllSeeingPlain`, measurement only) evaluates the real deal the
same way.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any

from rams.actions import Play
from rams.bots.families import part
from rams.bots.pimc import Round, SearchBot
from rams.bots.sampling import Tally
from rams.bots.simulate import Decisions, Plan, SimulatingBot
from rams.cards import Card, cards_of, mask_of, pack_mask
from rams.fast import dd
from rams.fast.maxn import Goal, MaxN
from rams.games.plain.deal import Kind, PlainDeal, PlainView
from rams.games.plain.family import plain_family
from rams.games.plain.heuristic import PlainHeuristic, TrickReader
from rams.tricks import CARDS, SUIT, T_FOLLOW, above, beats, legal, reveals

__all__ = [
    "DD_CARDS",
    "AllSeeingPlain",
    "AuctionFit",
    "Choices",
    "ContractBot",
    "Evaluator",
    "PlainCards",
    "PlainDecisions",
    "PlainSearchBot",
    "World",
    "auction_weight",
    "draw_fitting",
    "play_out",
    "sample_world",
]

#: The chance the model of the others plays a card other than the heuristic's choice.
EPSILON = 0.3
#: The chance the model of the others takes another action before play than its own (a bid,
#: the trump), shared by the other legal ones (:func:`auction_weight`).
AUCTION_EPSILON = 0.05
#: The samples a draw tries for one on which the model bids as the others bid (then the
#: likeliest of them: :func:`draw_fitting`).
AUCTION_TRIES = 20
#: The swaps of hidden cards that bring the likeliest of those tried nearer to fitting.
AUCTION_CLIMB = 60
#: The side games go to the double-dummy solver once no hand holds more cards than this
#: (measured: 3 ms a sample at 8 cards, 2.7 s at 13).
DD_CARDS = 8
#: Searching the first tricks of the side games too (``early`` ``"solver"``, issue 28): each
#: sample's solve stops after this many positions (about 0.1 s; at 13 cards a hand half the
#: solves finish within it, at 11 nearly all: ``benchmarks/dd_lengths.py``) and the sample
#: is left out; at most this many samples and this long (when timed) a card; and the
#: heuristic's card when fewer than this many samples were solved. Each such card has a
#: solver of its own, its tables this size (2^bits) and empty at the start: where a solve
#: stops depends on what the tables hold, so a shared solver's history would change the
#: card (the same view and seed must give the same card anywhere).
EARLY_NODES, EARLY_SAMPLES, EARLY_SECONDS, EARLY_AT_LEAST = 500_000, 8, 1.2, 3
EARLY_TT_BITS = 18


@dataclasses.dataclass(frozen=True)
class World:
    """One sample: every seat's hand now, and the cards out of play (Ramsch's skat)."""

    hands: tuple[int, ...]
    rest: int


@dataclasses.dataclass(frozen=True)
class _Seen:
    """What a view says about the hidden hands."""

    pool: int  # the cards whose place is unknown
    need: tuple[int, ...]  # how many of them each seat holds (0 for the viewer)
    forbidden: tuple[int, ...]  # the cards each seat cannot hold
    fixed: tuple[int, ...]  # the cards each seat is seen to hold
    rest: int  # how many lie out of play


def _history(view: PlainView) -> list[tuple[int, int, tuple[tuple[int, int], ...], int]]:
    """Every card played this deal: (seat, card, the trick before it, tricks before it)."""
    out = []
    tricks = [*view.tricks, view.trick]
    for k, trick in enumerate(tricks):
        for i, (seat, c) in enumerate(trick):
            out.append((seat, c, tuple(trick[:i]), k))
    return out


def _trick_state(r: TrickReader, trick: Sequence[tuple[int, int]]) -> tuple[int, int, int, int]:
    """(lead, winning card, its seat, best trump) of a trick in progress."""
    lead = win = wseat = best = -1
    for seat, c in trick:
        if lead < 0:
            lead, win, wseat = c, c, seat
        elif beats(r.t, c, win, 0, r.trump, r.trump_mask, r.off_suit):
            win, wseat = c, seat
        if (r.trump_mask >> c) & 1 and (best < 0 or (above(r.t, best, r.trump_mask) >> c) & 1):
            best = c
    return lead, win, wseat, best


def _seen(view: PlainView) -> _Seen:
    assert view.seat is not None
    r = TrickReader(view)
    n = len(view.hand_sizes)
    played = 0
    forbidden = [0] * n
    for seat, c, before, _ in _history(view):
        played |= 1 << c
        lead, win, _, best = _trick_state(r, before)
        forbidden[seat] |= reveals(
            r.t, c, len(before), lead, win, best, r.trump, r.trump_mask, r.off_suit
        )
    mine = mask_of(view.hand)
    fixed = [mask_of(cards) for cards in view.shown]
    fixed[view.seat] = mine
    gone = played
    for e in view.events:
        if e.kind is Kind.ASIDE and e.seat == view.seat:
            gone |= mask_of(e.secret)  # B6: the seat's own card set aside
    known = 0
    for m in fixed:
        known |= m
    pool = pack_mask(view.rules.pack_size) & ~known & ~gone
    need = tuple(
        0 if s == view.seat else view.hand_sizes[s] - fixed[s].bit_count() for s in range(n)
    )
    rest = pool.bit_count() - sum(need)
    return _Seen(pool, need, tuple(forbidden), tuple(fixed), rest)


def sample_world(view: PlainView, rng: random.Random, seen: _Seen | None = None) -> World:
    """A deal of the hidden cards consistent with everything ``view`` shows."""
    seen = _seen(view) if seen is None else seen
    n = len(seen.need)
    cards = list(cards_of(seen.pool))
    for attempt in range(50):
        strict = attempt < 40  # (then without what the cards revealed: never needed so far)
        room = [*seen.need, seen.rest]
        hands = [*seen.fixed, 0]
        forbidden = [*seen.forbidden, 0] if strict else [0] * (n + 1)

        def eligible(
            c: Card, room: list[int] = room, forbidden: list[int] = forbidden
        ) -> list[int]:
            return [h for h in range(n + 1) if room[h] > 0 and not (forbidden[h] >> c) & 1]

        order = cards[:]
        rng.shuffle(order)
        order.sort(key=lambda c: len(eligible(c)))
        ok = True
        for c in order:
            holders = eligible(c)
            if not holders:
                ok = False
                break
            h = rng.choices(holders, weights=[room[x] for x in holders])[0]
            hands[h] |= 1 << c
            room[h] -= 1
        if ok:
            return World(tuple(hands[:n]), hands[n])
    raise AssertionError("no deal of the hidden cards fits the view")  # the real one does


def _likelihood(view: PlainView, world: World, model: PlainHeuristic, r: TrickReader) -> float:
    """How likely the others' cards so far were, had they held the world's hands and played
    as the model plays."""
    assert view.seat is not None
    history = _history(view)
    later = list(world.hands)  # each seat's hand as it was before each card: add back
    weight = 1.0
    for seat, c, before, k in reversed(history):
        later[seat] |= 1 << c
        if seat == view.seat:
            continue
        lead, win, _, best = _trick_state(r, before)
        mask = legal(r.t, later[seat], len(before), lead, win, 0, best, False, r.trump,
                     r.trump_mask, r.off_suit) & CARDS  # fmt: skip
        options = list(cards_of(mask))
        if len(options) < 2:
            continue
        then = dataclasses.replace(
            view, seat=seat, hand=tuple(cards_of(later[seat])), trick=before,
            tricks=view.tricks[:k], winners=view.winners[:k], to_move=seat,
        )  # fmt: skip
        choice = model._card(then, options)
        weight *= 1 - EPSILON if choice == c else EPSILON / (len(options) - 1)
    return weight


def _dealt(view: PlainView, world: World) -> list[int]:
    """Every seat's hand as ``world`` says it was dealt: its hand now and the cards it
    played, and the cards out of play (a card set aside, B6) back in the hands dealt
    short."""
    hands = list(world.hands)
    for seat, c, _, _ in _history(view):
        hands[seat] |= 1 << c
    held = 0
    for h in hands:
        held |= h
    out = list(cards_of(pack_mask(view.rules.pack_size) & ~held))
    full = max(h.bit_count() for h in hands)
    for s, h in enumerate(hands):
        while h.bit_count() < full and out:
            h |= 1 << out.pop()
        hands[s] = h
    return hands


class AuctionFit:
    """The test of samples against the others' actions before play (``prelude``, as the
    view shows them): how likely they were, had the others held a sample's hands as dealt
    and chosen as ``model`` chooses (``1 − ε`` its own action, ``ε`` shared by the other
    legal ones), and whether every one was the model's. The seats' views at those actions
    are read once, from the deal rebuilt from the first sample (``decisions.deal``) with the
    prelude replayed; they differ between samples only in the hand (the actions before
    play show no card)."""

    def __init__(
        self,
        view: PlainView,
        model: PlainHeuristic,
        decisions: PlainDecisions,
        prelude: Prelude,
    ) -> None:
        self.view = view
        self.model = model
        self.decisions = decisions
        self.prelude = list(prelude)
        self.asked: list[tuple[int, PlainView, Any, float]] | None = None
        self._memo: dict[tuple[int, int], float] = {}

    def _views(self, dealt: list[int]) -> list[tuple[int, PlainView, Any, float]]:
        """(seat, its view, its action, ε's share of another action) for each of the
        others' actions with a choice."""
        view = self.view
        hands = [list(cards_of(h)) for h in dealt]
        n, dealer = len(hands), view.dealer
        deck = [hands[(dealer + 1 + i) % n][i // n] for i in range(len(hands[0]) * n)]
        deal = self.decisions.deal(view, dealer, deck)
        asked = []
        for seat, action in self.prelude:
            if seat != view.seat and deal.to_move == seat:
                legal = deal.legal_actions(seat)
                if len(legal) > 1:
                    share = AUCTION_EPSILON / (len(legal) - 1)
                    asked.append((seat, deal.observation(seat), action, share))
            deal.apply(action, seat)
        return asked

    def _far(self, k: int, hand: int) -> float:
        """How far ``hand`` is from the ``k``-th action asked (remembered by hand)."""
        key = (k, hand)
        far = self._memo.get(key)
        if far is None:
            assert self.asked is not None
            _, then, action, _ = self.asked[k]
            seen = dataclasses.replace(then, hand=tuple(cards_of(hand)))
            far = self.decisions.distance(self.model, seen, action)
            if len(self._memo) > 100_000:
                self._memo.clear()
            self._memo[key] = far
        return far

    def __call__(self, world: World, whole: bool = True) -> tuple[float, bool]:
        """(the chance of the others' actions on ``world``, whether every one was the
        model's); not ``whole``: stop at the first that was not (the chance so far), asking
        the last actions first (the auction's highest bids: the ones fewest hands make)."""
        dealt = _dealt(self.view, world)
        if self.asked is None:
            self.asked = self._views(dealt)[::-1]
        weight, fits = 1.0, True
        for k, (seat, _, _, share) in enumerate(self.asked):
            if self._far(k, dealt[seat]) <= 0:
                weight *= 1 - AUCTION_EPSILON
            else:
                weight *= share
                fits = False
                if not whole:
                    break
        return weight, fits

    def distance(self, world: World) -> float:
        """How far ``world``'s hands as dealt are from fitting every action (0: they fit;
        the game's :meth:`PlainDecisions.distance`, summed)."""
        dealt = _dealt(self.view, world)
        if self.asked is None:
            self.asked = self._views(dealt)[::-1]
        return sum(self._far(k, dealt[seat]) for k, (seat, *_) in enumerate(self.asked))


def _swap(view: PlainView, world: World, seen: _Seen, rng: random.Random) -> World | None:
    """``world`` with one card of a hidden hand swapped for one of another, where each may
    lie (no card seen in its hand, none it is seen not to hold)."""
    seats = [s for s in range(len(world.hands)) if s != view.seat and seen.need[s] > 0]
    if len(seats) < 2:
        return None
    a, b = rng.sample(seats, 2)
    ha, hb = world.hands[a], world.hands[b]
    from_a = [c for c in cards_of(ha & ~seen.fixed[a]) if not (seen.forbidden[b] >> c) & 1]
    from_b = [c for c in cards_of(hb & ~seen.fixed[b]) if not (seen.forbidden[a] >> c) & 1]
    if not from_a or not from_b:
        return None
    ca, cb = rng.choice(from_a), rng.choice(from_b)
    hands = list(world.hands)
    hands[a] = ha & ~(1 << ca) | 1 << cb
    hands[b] = hb & ~(1 << cb) | 1 << ca
    return World(tuple(hands), world.rest)


def auction_weight(
    view: PlainView,
    world: World,
    model: PlainHeuristic,
    decisions: PlainDecisions,
    prelude: Prelude,
) -> tuple[float, bool]:
    """How likely the others' actions before play (``prelude``) were on ``world``'s deal,
    had they chosen as ``model`` chooses, and whether every one was the model's
    (:class:`AuctionFit`)."""
    return AuctionFit(view, model, decisions, prelude)(world)


def _still(
    view: PlainView, seen: _Seen, dealt: list[int], rest: int, played: list[int]
) -> World | None:
    """The sample of hands ``dealt`` (``rest`` out of play) now, if it still fits what the
    view shows: each seat played only cards it was dealt, holds as many as it does, the
    cards it is seen to hold and none it cannot."""
    hands = []
    for s, h in enumerate(dealt):
        if s == view.seat:
            hands.append(seen.fixed[s])
            continue
        now = h & ~played[s] & ~rest
        if (
            played[s] & ~h
            or now.bit_count() != view.hand_sizes[s]
            or seen.fixed[s] & ~now
            or now & seen.forbidden[s]
        ):
            return None
        hands.append(now)
    return World(tuple(hands), rest)


def draw_fitting(
    view: PlainView,
    rng: random.Random,
    seen: _Seen,
    fit: AuctionFit | None,
    tries: int = AUCTION_TRIES,
    climb: int = AUCTION_CLIMB,
) -> tuple[World, float, bool]:
    """A sample of the hidden cards (:func:`sample_world`) on which the others would have
    acted before play as they did (``fit``; None: any sample, of weight 1): the first of up
    to ``tries`` samples that fits every action, else the one that fitted the most of the
    last ones, brought nearer by up to ``climb`` swaps of two hidden cards between hands
    (each kept when the hands are no further from fitting: :meth:`AuctionFit.distance`);
    with its weight (the chance of the others' actions on it), and whether it fits every
    one."""
    if fit is None:
        return sample_world(view, rng, seen), 1.0, True
    best: tuple[World, float] | None = None
    for _ in range(tries):
        world = sample_world(view, rng, seen)
        weight, fits = fit(world, whole=False)
        if fits:
            return world, weight, True
        if best is None or weight > best[1]:
            best = (world, weight)
    assert best is not None
    world = best[0]
    far = fit.distance(world)
    for _ in range(climb):
        if far <= 0:
            break
        other = _swap(view, world, seen, rng)
        if other is None:
            continue
        nearer = fit.distance(other)
        if nearer <= far:
            world, far = other, nearer
    weight, fits = fit(world)
    return world, weight, fits


def auction_fit(
    view: PlainView, model: PlainHeuristic, decisions: PlainDecisions | None = None
) -> AuctionFit | None:
    """The test of a sample against the others' actions before play that the view shows
    (:func:`auction_weight`), for a game whose ``decisions`` (its family's ``DECISIONS``
    when None) read them; None where there are none of the others' to test."""
    if decisions is None:
        decisions = getattr(part(plain_family(view.family), "search"), "DECISIONS", None)
        if decisions is None:
            return None
    prelude = decisions.prelude(view)
    if not any(seat != view.seat for seat, _ in prelude):
        return None
    return AuctionFit(view, model, decisions, prelude)


class Evaluator:
    """The value to one seat of each of its cards in one world, as the game scores: a
    game's package gives its own (its ``search`` module's ``Evaluator``, asked for through
    its family), saying what the seat plays for (:meth:`goal`, :meth:`utility`).

    With ``points`` (the analysis, :mod:`rams.analysis`) the value is in the points the game
    writes for the seat, higher better. The games of two sides (``team``, and whether it
    plays a null) solve short hands double-dummy.
    """

    #: Whether the hands, once short enough, go to the double-dummy solver (two sides).
    double_dummy = False

    def __init__(self, view: PlainView, points: bool = False) -> None:
        assert view.seat is not None
        self.view = view
        self.points = points
        self.me = view.seat
        self.r = TrickReader(view)
        self.n = len(view.hand_sizes)
        self.leader = view.trick[0][0] if view.trick else view.seat
        self.must_trump = view.rules.card_play[T_FOLLOW] != SUIT
        self.team: tuple[int, ...] = ()
        self.null = False

    def goal(self, world: World) -> Goal:
        """What max^n maximises for each seat (by default: the sides' tricks)."""
        return Goal.sides(self.team, self.null)

    def values(
        self,
        world: World,
        solver: MaxN,
        budget: int,
        dd_cards: int = DD_CARDS,
        nodes: int | None = None,
        limited: dd.DoubleDummy | None = None,
    ) -> dict[Card, float]:
        """Each card's value in ``world``: double-dummy once no hand holds more than
        ``dd_cards`` cards, or at any length with ``nodes``, the solve's limit, by the
        solver ``limited`` (nothing when it stops there); else by max^n with ``budget``
        nodes a card."""
        view, r = self.view, self.r
        longest = max(h.bit_count() for h in world.hands)
        if self.double_dummy and (longest <= dd_cards or nodes is not None):
            solve = dd.best_moves if limited is None else limited.best_moves
            side = solve(
                list(world.hands), r.trump, self.leader, self.team, view.trick, self.null,
                must_trump=self.must_trump, nodes=None if longest <= dd_cards else nodes,
            )  # fmt: skip
            return {c: self.side_utility(v) for c, v in side.items()}
        rows = solver.move_values(
            world.hands, r.t, r.trump, r.trump_mask, r.off_suit, self.leader, view.trick,
            self.goal(world), budget,
        )  # fmt: skip
        return {c: self.utility(row) for c, row in rows.items()}

    def utility(self, row: tuple[int, ...]) -> float:
        """The seat's value of max^n's row (each seat's score from now on)."""
        return self.side_utility(sum(row[s] for s in self.team))

    def side_utility(self, future: int) -> float:
        """The seat's value of the tricks its side takes from now on."""
        raise NotImplementedError


class PlainCards:
    """The plain games' pieces of the one PIMC search (the module's docstring): ``model``
    (the game's heuristic) is the model of the others for weighting samples (``infer``;
    else every sample weighs 1) and breaks near-ties; each sample's solve has ``budget``
    max^n nodes a card, or goes double-dummy once no hand holds more than ``dd_cards``.
    ``early`` (by default the family's ``early_tricks``) says how the tricks before that
    are played: ``"heuristic"``, the model's card (measured better in the side games than
    searching them by playouts); ``"solver"``, double-dummy too, each sample's solve
    limited (:data:`EARLY_NODES`, with fewer samples: the model's card when too few were
    solved); ``"search"``, max^n with playouts. With ``auction`` the samples fit the
    others' actions before play (:func:`draw_fitting`)."""

    def __init__(
        self,
        model: PlainHeuristic,
        budget: int = 1500,
        infer: bool = True,
        dd_cards: int = DD_CARDS,
        early: str | None = None,
        auction: bool = True,
    ) -> None:
        self.model = model
        self.budget = budget
        self.infer = infer
        self.dd_cards = dd_cards
        self.early = early
        self.auction = auction
        self.solver = MaxN(tt_bits=16)
        # The samples that fitted the auction in this deal: (hands as dealt, the cards out
        # of play, weight), and the deal they are of.
        self._kept: list[tuple[list[int], int, float]] = []
        self._kept_key: Any = None

    def cards(self, view: PlainView) -> list[Card] | None:
        """The cards, when every legal action is one."""
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        if not plays or len(plays) != len(view.legal_actions):
            return None
        return [a.card for a in plays]

    def _early(self, view: PlainView) -> str | None:
        """How this card is played, if it is one of the first tricks (``early``)."""
        if max(view.hand_sizes) <= self.dd_cards:
            return None
        return self.early or plain_family(view.family).early_tricks

    def first(self, bot: SearchBot[Any], view: PlainView, cards: list[Card]) -> Card | None:
        """The model's card while the hands are long, where the game plays it then."""
        if self._early(view) == "heuristic":
            card: Card = self.model._card(view, cards)
            return card
        return None

    def round(self, bot: SearchBot[Any], view: PlainView, points: bool) -> Round[World]:
        """Worlds sampled from what the seat has seen, weighted by the model, valued by the
        game's :class:`Evaluator`."""
        seen = _seen(view)
        evaluator: Evaluator = part(plain_family(view.family), "search").Evaluator(view, points)
        r = evaluator.r
        fit = auction_fit(view, self.model) if self.auction else None
        kept = self._kept_for(view, seen, fit, bot.rng)

        def draw() -> tuple[World, float]:
            if kept:
                world, weight = kept.pop()
            else:
                world, weight, fits = draw_fitting(view, bot.rng, seen, fit)
                if fit is not None and fits:
                    self._kept.append((_dealt(view, world), world.rest, weight))
            return world, weight * (_likelihood(view, world, self.model, r) if self.infer else 1.0)

        if self._early(view) == "solver" and evaluator.double_dummy:
            own = dd.DoubleDummy(EARLY_TT_BITS)  # (this card's own, empty: see EARLY_TT_BITS)

            def limited(world: World) -> dict[Card, float]:
                return evaluator.values(
                    world, self.solver, self.budget, self.dd_cards, EARLY_NODES, own
                )

            return Round(draw, limited, samples=EARLY_SAMPLES, seconds=EARLY_SECONDS)

        def value(world: World) -> dict[Card, float]:
            return evaluator.values(world, self.solver, self.budget, self.dd_cards)

        return Round(draw, value)

    def _kept_for(
        self, view: PlainView, seen: _Seen, fit: AuctionFit | None, rng: random.Random
    ) -> list[tuple[World, float]]:
        """The samples found to fit the auction earlier in this deal that still fit what the
        seat has seen since (the auction's inference costs time: a sample that fits is
        kept for the deal's later cards), in a random order."""
        if fit is None:
            self._kept_key, self._kept = None, []
            return []
        mine = mask_of(view.hand)
        for seat, c, _, _ in _history(view):
            if seat == view.seat:
                mine |= 1 << c
        key = (view.family, view.seat, view.dealer, mine, tuple(fit.prelude),
               str(view.extra.get("turned")), view.scores)  # fmt: skip
        if key != self._kept_key:
            self._kept_key, self._kept = key, []
            return []
        played = [0] * len(view.hand_sizes)
        for seat, c, _, _ in _history(view):
            played[seat] |= 1 << c
        out = []
        for dealt, rest, weight in self._kept:
            world = _still(view, seen, dealt, rest, played)
            if world is not None:
                out.append((world, weight))
        self._kept = [k for k in self._kept if _still(view, seen, k[0], k[1], played)]
        rng.shuffle(out)
        return out

    def pick(
        self, bot: SearchBot[Any], view: PlainView, cards: list[Card], tally: Tally[Card]
    ) -> Card:
        preferred: Card = self.model._card(view, cards)
        if self._early(view) == "solver" and tally.valued < EARLY_AT_LEAST:
            return preferred  # (too few samples solved within the limit)
        return _best(tally.totals, preferred)


class PlainSearchBot(SearchBot[PlainView]):
    """The plain games' card play by the one PIMC search (:class:`PlainCards`), with
    ``samples`` samples (drawn until ``seconds`` are spent, when timed); ``model`` (the
    game's heuristic) decides before play."""

    def __init__(
        self,
        rng: random.Random,
        model: PlainHeuristic,
        samples: int = 24,
        seconds: float | None = 0.15,
        budget: int = 1500,
        name: str = "hard",
        infer: bool = True,
        dd_cards: int = DD_CARDS,
        early: str | None = None,
        auction: bool = True,
    ) -> None:
        self.plain = PlainCards(model, budget, infer, dd_cards, early, auction)
        super().__init__(rng, self.plain, model, samples, seconds, name)
        self.model = model


def _best(totals: dict[Card, float], preferred: Card) -> Card:
    """The best card; near-ties go to the heuristic's choice, then the lowest card."""
    top = max(totals.values())
    close = [c for c, v in totals.items() if v >= top - 1e-9 * max(1.0, abs(top))]
    return preferred if preferred in close else min(close)


class AllSeeingPlain(PlainSearchBot):
    """Sees every card: evaluates the real deal, one world of weight 1 (measurement only;
    the terminal and the web table refuse it)."""

    sees_all = True

    def __init__(self, rng: random.Random, model: PlainHeuristic, budget: int = 6000) -> None:
        super().__init__(rng, model, samples=1, seconds=None, budget=budget, name="allseeing")

    def act_full(self, deal: PlainDeal, seat: int) -> Any:
        view = deal.observation(seat)
        cards = self.plain.cards(view)
        if cards is None or len(cards) < 2:
            return self.act(view)
        world = World(tuple(deal.hand_of(s) for s in range(deal.n)), mask_of(deal.rest))
        evaluator: Evaluator = part(plain_family(view.family), "search").Evaluator(view)
        values = evaluator.values(world, self.plain.solver, self.plain.budget)
        return Play(_best({c: values[c] for c in cards}, self.model._card(view, cards)))


# Decisions before play ------------------------------------------------------------------------

Prelude = Sequence[tuple[int, Any]]
Choices = dict[Any, Callable[[World], float]]


class PlainDecisions(Decisions[PlainView]):
    """A game's decisions before play as the one simulation takes them (its ``search``
    module's ``DECISIONS``): how a sampled deal is dealt and who declares it, which choices
    a view offers and how each scores on a world."""

    #: The game's points for one unit of a choice's score (Whist: 2 a trick, W6).
    scale = 1.0

    def prelude(self, view: PlainView) -> list[tuple[int, Any]]:
        """The actions before play the view shows, in order, as ``(seat, action)`` (up to
        the first the others cannot see), for testing samples against the model
        (:func:`auction_weight`); none by default."""
        return []

    def fits(self, model: PlainHeuristic, view: PlainView, action: Any) -> bool:
        """Whether ``model``, seeing ``view``, would have taken ``action`` (by default: it
        is the model's choice)."""
        return bool(model.act(view) == action)

    def distance(self, model: PlainHeuristic, view: PlainView, action: Any) -> float:
        """How far the hand ``view`` shows is from one with which ``model`` would have
        taken ``action``: 0 exactly when it would (:meth:`fits`), by default 1 else (a game
        may say more: how many sure tricks a bid lacks)."""
        return 0.0 if self.fits(model, view, action) else 1.0

    def deal(self, view: PlainView, dealer: int, deck: list[int]) -> PlainDeal:
        """A deal of the view's game with ``deck``, to play a sample out on."""
        raise NotImplementedError

    def side(self, deal: PlainDeal) -> tuple[tuple[int, ...], bool]:
        """The declaring side of a deal whose contract is fixed, and whether it plays a
        null."""
        raise NotImplementedError

    def choices(self, bot: ContractBot, view: PlainView, legal: list[Any]) -> Choices | None:
        """Each choice's score on a sampled deal, at a decision the game simulates."""
        return None

    def plan(self, bot: SimulatingBot[Any], view: PlainView, points: bool) -> Plan[Any] | None:
        """The choices' scores over worlds sampled as card play samples them, fitting the
        others' actions so far (at least four); with ``points`` in the game's points
        (:attr:`scale`)."""
        assert isinstance(bot, ContractBot)
        choices = self.choices(bot, view, list(view.legal_actions))
        if not choices:
            return None
        return bot.plan_of(view, choices, self.scale if points else 1.0)


def play_out(
    view: PlainView,
    world: World,
    prelude: Prelude,
    model: PlainHeuristic,
    decisions: PlainDecisions | None = None,
) -> list[int]:
    """The tricks each seat takes when ``world``'s deal is played after ``prelude`` (the
    ``(seat, action)`` pairs that fix the contract): ``model`` for every seat, then the
    double-dummy solver for the ending (the declaring side's tricks there are written to
    the declarer; the others' are not counted). ``decisions``: the game's (its family's
    when None)."""
    if decisions is None:
        decisions = getattr(part(plain_family(view.family), "search"), "DECISIONS", None)
        assert decisions is not None
    hands = [list(cards_of(h)) for h in world.hands]
    n, dealer = len(hands), view.dealer
    deck = [hands[(dealer + 1 + i) % n][i // n] for i in range(len(hands[0]) * n)]
    deal = decisions.deal(view, dealer, deck)
    for seat, action in prelude:
        deal.apply(action, seat)
    team, null = decisions.side(deal)
    must_trump = view.rules.card_play[T_FOLLOW] != SUIT
    while not deal.is_over:
        play = deal.play
        if play is not None and not play.trick:
            held = [deal.hand_of(s) for s in range(n)]
            if max(h.bit_count() for h in held) <= DD_CARDS:
                more = dd.solve(held, deal.trump, play.to_move, team, null=null,
                                must_trump=must_trump)  # fmt: skip
                taken = list(play.taken)
                taken[team[0]] += more
                return taken
        mover = deal.to_move
        assert mover is not None
        deal.apply(model.act(deal.observation(mover)), mover)
    assert deal.play is not None
    return list(deal.play.taken)


class ContractBot(SimulatingBot[PlainView]):
    """``inner`` (the game's search bot) for card play; the decisions before play by the one
    simulation over ``samples`` sampled deals (at least four; fewer than ``samples`` when
    ``seconds`` run out), as the game's ``decisions`` say; ``model`` plays the deals out.
    With ``auction`` the sampled deals fit the others' actions so far (:func:`draw_fitting`);
    with ``overcalls`` a bid is scored on each deal as the auction would go on there, the
    seats still in bidding as ``model`` bids (else as if they passed: the game's
    ``decisions`` read it)."""

    def __init__(
        self,
        rng: random.Random,
        inner: Any,
        model: PlainHeuristic,
        samples: int = 16,
        seconds: float | None = 0.6,
        decisions: PlainDecisions | None = None,
        auction: bool = True,
        overcalls: bool = True,
    ) -> None:
        super().__init__(rng, inner, decisions or PlainDecisions(), samples, seconds, inner.name)
        self.model = model
        self.auction = auction
        self.overcalls = overcalls
        self._offers: dict[tuple[Any, ...], Any] = {}
        self._played: dict[tuple[Any, ...], int] = {}  # a decision's play-outs

    def plan_of(self, view: PlainView, choices: Choices, scale: float = 1.0) -> Plan[World]:
        """The simulation of ``choices``: worlds dealt as card play deals them, every choice
        scored on each (the play-outs kept while the decision lasts)."""
        seen = _seen(view)
        fit = self.fit(view)
        worlds = []  # (kept while the decision lasts: the memo of play-outs is by world)

        def draw() -> tuple[World, float]:
            world, weight, _ = draw_fitting(view, self.rng, seen, fit)
            worlds.append(world)
            return world, weight

        def value(world: World) -> dict[Any, float]:
            return {choice: score(world) for choice, score in choices.items()}

        return Plan(list(choices), draw, value, scale, at_least=4, done=self._played.clear)

    def fit(self, view: PlainView) -> AuctionFit | None:
        """The test of sampled deals against the others' actions so far (None: none)."""
        if not self.auction or not isinstance(self.decisions, PlainDecisions):
            return None
        return auction_fit(view, self.model, self.decisions)

    def worlds(self, view: PlainView, count: int) -> list[World]:
        """``count`` sampled deals that fit the others' actions so far (each weighing 1)."""
        seen = _seen(view)
        fit = self.fit(view)
        return [draw_fitting(view, self.rng, seen, fit)[0] for _ in range(count)]
