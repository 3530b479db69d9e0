"""The one driver loop: a match with a player in every seat, people and bots, any game.

Every front end (the terminal, the web tables, the simulator, the tests) moves a match
forward through a :class:`Table`, so turns advance in exactly one place. It speaks only the
protocol of :mod:`rams.games.protocol` and is given its bots (:class:`Bot`, made by
:mod:`rams.bots`): bots act when their seat is to act; an action a seat may take out of
turn (a Rams claim, S7; Boston's «Играю вместе») is offered to its bot before every turn,
and a bot that has no opinion takes it (Rams' bots claim as soon as they may); a person's
actions come in through :meth:`Table.submit`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rams.cards import Card
from rams.errors import IllegalActionError
from rams.events import Event
from rams.games.protocol import AnyBot, DealState, Match

__all__ = [
    "Table",
    "Turn",
    "bot_turn",
    "choose",
    "close_bots",
    "next_turn",
    "offered_turn",
    "tell_deal_over",
]

Action = Any  # an action of the match's family
Listener = Callable[[int, Action], None]
DealListener = Callable[[DealState], None]
#: Deals the cards of the next deal: the deck top first and the deal fields drawn with it;
#: among them, for the first deal, ``dealer``: the first dealer drawn with its cards (D4).
Shuffler = Callable[[Match], tuple[Sequence[Card], Mapping[str, Any]]]


class Table:
    """A game and its players: ``agents[seat]`` is a bot, or None for a person.

    ``on_action(seat, action)`` is called after every action applied (to save, to show);
    ``on_deal(deal)`` after every deal dealt, before anyone acts in it (to save its deck);
    ``shuffle(game)``, when given, deals each deal's cards (a verifiable dealer,
    :class:`rams.fair.Dealer`) instead of the game's RNG.
    """

    def __init__(
        self,
        game: Match,
        agents: Sequence[AnyBot | None],
        on_action: Listener | None = None,
        on_deal: DealListener | None = None,
        shuffle: Shuffler | None = None,
    ) -> None:
        if len(agents) != len(game.players):
            raise ValueError(f"{len(agents)} agents for {len(game.players)} seats")
        self.game = game
        self.agents = list(agents)
        self.on_action = on_action
        self.on_deal = on_deal
        self.shuffle = shuffle
        self._seen = (0, 0)  # (deal index, event index) already handed out by new_events
        #: Deals after whose end the loop has already stopped (``"deal_end"`` comes once a deal).
        self.paused_after = 0
        #: The bots that declined to act out of turn at this step (by step: only the last).
        self._declined: dict[tuple[int, int], frozenset[int]] = {}

    # Who acts ---------------------------------------------------------------------------

    @property
    def deal(self) -> DealState | None:
        """The current deal."""
        return self.game.deal

    def set_agent(self, seat: int, agent: AnyBot | None) -> None:
        """Put a bot in ``seat`` (a stand-in for a person who left), or None to hand it back."""
        self.agents[seat] = agent

    def is_person(self, seat: int) -> bool:
        """True if a person plays ``seat``."""
        return self.agents[seat] is None

    def waiting_for(self) -> int | None:
        """The person whose turn it is, or None."""
        seat = self.game.to_move
        if seat is not None and self.is_person(seat):
            return seat
        return None

    def offered(self) -> list[int]:
        """The people who have an action they may take out of turn now (a claim, S7)."""
        d = self.game.deal
        if d is None or self.game.is_over:
            return []
        return [s for s in range(len(self.agents)) if self.is_person(s) and d.out_of_turn(s)]

    # Moving on --------------------------------------------------------------------------

    def submit(self, seat: int, action: Action) -> None:
        """A person's action; raises IllegalActionError (unchanged game) if not allowed."""
        d = self.game.deal
        if d is None:
            raise IllegalActionError("D1", "illegal.no_deal")
        d.apply(action, seat)
        if self.on_action is not None:
            self.on_action(seat, action)

    def start_deal(self) -> DealState:
        """Deal the next deal (with ``shuffle`` when the table has one, else the game's RNG)."""
        if self.shuffle is None:
            deal = self.game.start_deal()
        else:
            deck, drawn = self.shuffle(self.game)
            extra = dict(drawn)
            dealer = extra.pop("dealer", None)
            if dealer is not None and not self.game.deals:
                self.game.first_dealer = dealer  # D4: drawn with the first deal's cards
            game: Any = self.game  # (a family with deal fields takes them: Boston's turned)
            deal = game.start_deal(deck, dealer, **extra)
        if self.on_deal is not None:
            self.on_deal(deal)
        return deal

    def advance(self, stop_at_deal_end: bool = False, max_steps: int | None = None) -> str:
        """Let the bots act until a person must act, the game is over, or (when asked) a
        deal has just ended; returns why it stopped: ``"person"``, ``"over"``,
        ``"deal_end"``, or ``"steps"`` after ``max_steps`` bot actions and deals (a front end
        that shows each bot's card in turn takes one step at a time).

        The bots think here, in this thread; a front end whose bots think elsewhere (the web
        tables' worker processes) drives the same steps itself: :meth:`next_turn`,
        :meth:`start_deal` and :meth:`take`."""
        steps = 0
        while not self.game.is_over:
            if max_steps is not None and steps >= max_steps:
                return "steps"
            turn = self.next_turn(stop_at_deal_end)
            if turn == "deal":
                self.start_deal()
            elif isinstance(turn, Turn):
                d = self.game.deal
                assert d is not None
                agent = self.agents[turn.seat]
                assert agent is not None
                if not self.take(turn, choose(agent, d, turn)):
                    continue  # (declined to act out of turn: not a step)
            else:
                return turn
            steps += 1
        return "over"

    def next_turn(self, stop_at_deal_end: bool = False) -> Turn | str:
        """What the driver loop does next: a bot's :class:`Turn` (a bot may act out of turn,
        or it is a bot's turn), ``"deal"`` (the next deal is to be dealt: :meth:`start_deal`),
        ``"deal_end"`` (a deal has just ended and ``stop_at_deal_end``: once a deal),
        ``"person"`` or ``"over"``. Nothing changes but the deal-end mark."""
        game = self.game
        if game.is_over:
            return "over"
        d = game.deal
        step = _step_of(game)
        declined = self._declined.get(step, ())
        if game.needs_deal:
            turn = None if d is None else offered_turn(d, self.agents, declined, step)
            if turn is not None:  # S7: bots claim before any pause
                return turn
            finished = len(game.deals)
            if stop_at_deal_end and finished and self.paused_after < finished:
                self.paused_after = finished
                return "deal_end"
            return "deal"
        assert d is not None
        found = next_turn(d, self.agents, declined, step)
        return "deal" if found == "done" else found

    def take(self, turn: Turn, action: Action | None) -> bool:
        """A bot's answer to its turn: the action is applied (and ``on_action`` called), or
        None, declining an offer out of turn, is remembered for this step. False (nothing
        applied) for a declined offer, or a turn the game has moved past; raises
        IllegalActionError (unchanged game) for an action that is not legal. A turn whose
        seat a person has taken back (:meth:`set_agent`) is not taken either."""
        game = self.game
        if _step_of(game) != turn.step or game.deal is None or self.agents[turn.seat] is None:
            return False  # (the game moved on, or the seat is a person's again)
        if action is None:
            if turn.offers is None:
                raise ValueError(f"seat {turn.seat + 1}: a bot's own turn cannot be declined")
            self._declined = {turn.step: self._declined.get(turn.step, frozenset()) | {turn.seat}}
            return False
        game.deal.apply(action, turn.seat)
        if self.on_action is not None:
            self.on_action(turn.seat, action)
        return True

    # What happened ----------------------------------------------------------------------

    def new_events(self, seat: int = -1) -> list[Event]:
        """The events since the last call, as ``seat`` may see them (-1: the public view).

        A new deal's events follow the end of the previous one.
        """
        deals = self.game.deals
        k, i = self._seen
        out: list[Event] = []
        while k < len(deals):
            events = deals[k].events
            out += [e.seen_by(seat) for e in events[i:]]
            if k == len(deals) - 1:
                i = len(events)
                break
            k, i = k + 1, 0
        self._seen = (k, i)
        return out


Applied = Callable[[int, Action], None]


@dataclass(frozen=True, slots=True)
class Turn:
    """A bot's move the driver loop waits for: its ``seat``, the ``offers`` it may take out of
    turn (a claim, S7; «Играю вместе», B5), or None when it is the bot's own turn, and the
    ``step`` of the game it is for (the number of deals, the number of actions of the last),
    so that an answer that comes late is not taken at another step."""

    seat: int
    offers: tuple[Action, ...] | None
    step: tuple[int, int]


def _step_of(game: Match) -> tuple[int, int]:
    d = game.deal
    return len(game.deals), 0 if d is None else len(d.actions)


def offered_turn(
    deal: DealState,
    agents: Sequence[AnyBot | None],
    declined: Collection[int] = (),
    step: tuple[int, int] | None = None,
) -> Turn | None:
    """The first bot (by seat) offered an action out of turn, unless it declined it at this
    step; None if there is none. ``step`` names the turn's step (default: the deal's
    actions so far)."""
    for seat, agent in enumerate(agents):
        if agent is None or seat in declined:
            continue
        offers = deal.out_of_turn(seat)
        if offers:
            return Turn(seat, tuple(offers), step or (0, len(deal.actions)))
    return None


def next_turn(
    deal: DealState,
    agents: Sequence[AnyBot | None],
    declined: Collection[int] = (),
    step: tuple[int, int] | None = None,
) -> Turn | str:
    """The next move of a deal's driver loop: a bot's :class:`Turn` (an offer out of turn
    first), or ``"person"`` (a person is to act) or ``"done"`` (the deal is over and no bot
    is offered anything)."""
    offered = offered_turn(deal, agents, declined, step)
    if offered is not None:
        return offered
    seat = deal.to_move
    if seat is None:
        return "done"
    if agents[seat] is None:
        return "person"
    return Turn(seat, None, step or (0, len(deal.actions)))


def choose(agent: AnyBot, deal: DealState, turn: Turn) -> Action | None:
    """What a bot does with its turn, from its seat's observation: out of turn, its
    ``act_out_of_turn`` (None declines; a bot without one takes the first offer: Rams' bots
    claim as soon as they may, S7), else its ``act``. A bot that ``sees_all`` (for
    measurement only; tables refuse it) is handed the deal."""
    if turn.offers is not None:
        decide = getattr(agent, "act_out_of_turn", None)
        if decide is None:
            return turn.offers[0]
        answer: Action | None = decide(deal.observation(turn.seat), list(turn.offers))
        return answer
    if getattr(agent, "sees_all", False):
        return agent.act_full(deal, turn.seat)  # type: ignore[attr-defined]
    return agent.act(deal.observation(turn.seat))


def bot_turn(
    deal: DealState, agents: Sequence[AnyBot | None], applied: Applied | None = None
) -> str:
    """One step of the driver loop on a deal: a bot takes an out-of-turn action if it wants
    (a claim, S7), else the bot to act acts. Returns ``"claimed"``, ``"acted"``,
    ``"person"`` (a person is to act) or ``"done"`` (the deal is over and nobody claims)."""
    declined: set[int] = set()
    while True:
        turn = next_turn(deal, agents, declined)
        if not isinstance(turn, Turn):
            return turn
        agent = agents[turn.seat]
        assert agent is not None
        action = choose(agent, deal, turn)
        if action is None:
            declined.add(turn.seat)
            continue
        deal.apply(action, turn.seat)
        if applied is not None:
            applied(turn.seat, action)
        return "acted" if turn.offers is None else "claimed"


def tell_deal_over(match: Match, deal: DealState, agents: Sequence[AnyBot | None]) -> None:
    """Tell each bot that wants to know (an optional ``deal_over(view, scores, game_over)``:
    an outside program, :mod:`rams.bots.program`) that ``deal`` is over: its seat's view of
    it, the scores as the family keeps them, whether the match is over too."""
    scores = match.scores()
    for seat, agent in enumerate(agents):
        told = getattr(agent, "deal_over", None)
        if told is not None:
            told(deal.observation(seat), scores, match.is_over)


def close_bots(agents: Sequence[AnyBot | None]) -> None:
    """Let go of the bots that hold something (an optional ``close()``: a program's process)."""
    for agent in agents:
        close = getattr(agent, "close", None)
        if close is not None:
            close()
