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
- **Solving**: Whist and Boston with the double-dummy solver (:mod:`rams.fast.dd`) once the
  hands are short enough; Ramsch, the trump deals, and the longer hands of the side games
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
from rams.bots.plain import PlainHeuristic, TrickReader
from rams.bots.sampling import Tally
from rams.bots.simulate import Decisions, Plan, SimulatingBot
from rams.cards import Card, cards_of, mask_of, pack_mask
from rams.fast import dd
from rams.fast.maxn import Goal, MaxN
from rams.games.plain.deal import Kind, PlainDeal, PlainView
from rams.games.plain.family import plain_family
from rams.tricks import CARDS, SUIT, T_FOLLOW, above, beats, legal, reveals

__all__ = [
    "DD_CARDS",
    "AllSeeingPlain",
    "Choices",
    "ContractBot",
    "Evaluator",
    "PlainCards",
    "PlainDecisions",
    "PlainSearchBot",
    "World",
    "play_out",
    "sample_world",
]

#: The chance the model of the others plays a card other than the heuristic's choice.
EPSILON = 0.3
#: The side games go to the double-dummy solver once no hand holds more cards than this
#: (measured: 3 ms a sample at 8 cards, 2.7 s at 13).
DD_CARDS = 8


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
        self, world: World, solver: MaxN, budget: int, dd_cards: int = DD_CARDS
    ) -> dict[Card, float]:
        view, r = self.view, self.r
        longest = max(h.bit_count() for h in world.hands)
        if self.double_dummy and longest <= dd_cards:
            side = dd.best_moves(
                list(world.hands), r.trump, self.leader, self.team, view.trick, self.null,
                must_trump=self.must_trump,
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
    With ``early`` ``"heuristic"`` the model's card is played while the hands are longer
    than that (by default so where the family says: measured better in the side games
    than searching by playouts there)."""

    def __init__(
        self,
        model: PlainHeuristic,
        budget: int = 1500,
        infer: bool = True,
        dd_cards: int = DD_CARDS,
        early: str | None = None,
    ) -> None:
        self.model = model
        self.budget = budget
        self.infer = infer
        self.dd_cards = dd_cards
        self.early = early
        self.solver = MaxN(tt_bits=16)

    def cards(self, view: PlainView) -> list[Card] | None:
        """The cards, when every legal action is one."""
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        if not plays or len(plays) != len(view.legal_actions):
            return None
        return [a.card for a in plays]

    def first(self, bot: SearchBot[Any], view: PlainView, cards: list[Card]) -> Card | None:
        """The model's card while the hands are long, where the game plays it then."""
        early = self.early or plain_family(view.family).early_tricks
        if early == "heuristic" and max(view.hand_sizes) > self.dd_cards:
            card: Card = self.model._card(view, cards)
            return card
        return None

    def round(self, bot: SearchBot[Any], view: PlainView, points: bool) -> Round[World]:
        """Worlds sampled from what the seat has seen, weighted by the model, valued by the
        game's :class:`Evaluator`."""
        seen = _seen(view)
        evaluator: Evaluator = part(plain_family(view.family), "search").Evaluator(view, points)
        r = evaluator.r

        def draw() -> tuple[World, float]:
            world = sample_world(view, bot.rng, seen)
            return world, _likelihood(view, world, self.model, r) if self.infer else 1.0

        def value(world: World) -> dict[Card, float]:
            return evaluator.values(world, self.solver, self.budget, self.dd_cards)

        return Round(draw, value)

    def pick(
        self, bot: SearchBot[Any], view: PlainView, cards: list[Card], tally: Tally[Card]
    ) -> Card:
        return _best(tally.totals, self.model._card(view, cards))


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
    ) -> None:
        self.plain = PlainCards(model, budget, infer, dd_cards, early)
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
        """The choices' scores over worlds sampled as card play samples them (each weighing
        1; at least four); with ``points`` in the game's points (:attr:`scale`)."""
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
    ``seconds`` run out), as the game's ``decisions`` say; ``model`` plays the deals out."""

    def __init__(
        self,
        rng: random.Random,
        inner: Any,
        model: PlainHeuristic,
        samples: int = 16,
        seconds: float | None = 0.6,
        decisions: PlainDecisions | None = None,
    ) -> None:
        super().__init__(rng, inner, decisions or PlainDecisions(), samples, seconds, inner.name)
        self.model = model
        self._offers: dict[tuple[Any, ...], Any] = {}
        self._played: dict[tuple[Any, ...], int] = {}  # a decision's play-outs

    def plan_of(self, view: PlainView, choices: Choices, scale: float = 1.0) -> Plan[World]:
        """The simulation of ``choices``: worlds dealt as card play deals them, every choice
        scored on each (the play-outs kept while the decision lasts)."""
        seen = _seen(view)
        worlds = []  # (kept while the decision lasts: the memo of play-outs is by world)

        def draw() -> tuple[World, float]:
            worlds.append(sample_world(view, self.rng, seen))
            return worlds[-1], 1.0

        def value(world: World) -> dict[Any, float]:
            return {choice: score(world) for choice, score in choices.items()}

        return Plan(list(choices), draw, value, scale, at_least=4, done=self._played.clear)
