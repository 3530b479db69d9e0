"""The one driver loop: a match with a player in every seat, people and bots, any game.

Every front end (the terminal, the web tables, the simulator, the tests) moves a match
forward through a :class:`Table`, so turns advance in exactly one place. It speaks only the
protocol of :mod:`rams.games.protocol`: bots act when their seat is to act; an action a
seat may take out of turn (a Rams claim, S7; Boston's «Играю вместе») is offered to its bot
before every turn, and a bot that has no opinion takes it (Rams' bots claim as soon as they
may); a person's actions come in through :meth:`Table.submit`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rams.bots import Bot
from rams.cards import Card
from rams.errors import IllegalActionError
from rams.events import Event
from rams.games.protocol import DealState, Match

__all__ = ["Table"]

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
        agents: Sequence[Bot | None],
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
        self._paused_after = 0  # deals after whose end advance() has already stopped

    # Who acts ---------------------------------------------------------------------------

    @property
    def deal(self) -> DealState | None:
        """The current deal."""
        return self.game.deal

    def set_agent(self, seat: int, agent: Bot | None) -> None:
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
        that shows each bot's card in turn takes one step at a time)."""
        game = self.game
        steps = 0
        while not game.is_over:
            if max_steps is not None and steps >= max_steps:
                return "steps"
            steps += 1
            if game.needs_deal:
                if self._bots_out_of_turn():  # S7: bots claim before any pause
                    continue
                finished = len(game.deals)
                if stop_at_deal_end and finished and self._paused_after < finished:
                    self._paused_after = finished
                    return "deal_end"
                self.start_deal()
                continue
            d = game.deal
            assert d is not None
            if bot_turn(d, self.agents, self._applied) == "person":
                return "person"
        return "over"

    def _bots_out_of_turn(self) -> bool:
        d = self.game.deal
        return d is not None and bot_out_of_turn(d, self.agents, self._applied)

    def _applied(self, seat: int, action: Action) -> None:
        if self.on_action is not None:
            self.on_action(seat, action)

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


def bot_out_of_turn(
    deal: DealState, agents: Sequence[Bot | None], applied: Applied | None = None
) -> bool:
    """A bot offered an action out of turn takes it if it wants (its ``act_out_of_turn``;
    without one, it takes the first offer: Rams' bots claim as soon as they may, S7).
    True if one did."""
    for seat, agent in enumerate(agents):
        if agent is None:
            continue
        offers = deal.out_of_turn(seat)
        if not offers:
            continue
        decide = getattr(agent, "act_out_of_turn", None)
        action = offers[0] if decide is None else decide(deal.observation(seat), offers)
        if action is not None:
            deal.apply(action, seat)
            if applied is not None:
                applied(seat, action)
            return True
    return False


def bot_turn(deal: DealState, agents: Sequence[Bot | None], applied: Applied | None = None) -> str:
    """One step of the driver loop on a deal: a bot takes an out-of-turn action if it wants
    (a claim, S7), else the bot to act acts. Returns ``"claimed"``, ``"acted"``,
    ``"person"`` (a person is to act) or ``"done"`` (the deal is over and nobody claims).

    A bot that ``sees_all`` (for measurement only; tables refuse it) is handed the deal.
    """
    if bot_out_of_turn(deal, agents, applied):
        return "claimed"
    seat = deal.to_move
    if seat is None:
        return "done"
    agent = agents[seat]
    if agent is None:
        return "person"
    if getattr(agent, "sees_all", False):
        action = agent.act_full(deal, seat)  # type: ignore[attr-defined]
    else:
        action = agent.act(deal.observation(seat))
    deal.apply(action, seat)
    if applied is not None:
        applied(seat, action)
    return "acted"
