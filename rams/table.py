"""The one driver loop: a game with a player in every seat, people and bots.

Every front end (the terminal, the web tables, the simulator, the tests) moves a game
forward through a :class:`Table`, so turns advance in exactly one place. Bots act when
their seat is to act and claim as soon as they may (S7); a person's actions come in
through :meth:`Table.submit`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rams.bots import Bot
from rams.errors import IllegalActionError
from rams.games.rams.actions import CLAIM, Action
from rams.games.rams.deal import Deal
from rams.games.rams.events import Event
from rams.games.rams.match import Game

__all__ = ["Table"]

Listener = Callable[[int, Action], None]
DealListener = Callable[[Deal], None]


class Table:
    """A game and its players: ``agents[seat]`` is a bot, or None for a person.

    ``on_action(seat, action)`` is called after every action applied (to save, to show);
    ``on_deal(deal)`` after every deal dealt, before anyone acts in it (to save its deck).
    """

    def __init__(
        self,
        game: Game,
        agents: Sequence[Bot | None],
        on_action: Listener | None = None,
        on_deal: DealListener | None = None,
    ) -> None:
        if len(agents) != game.rules.players:
            raise ValueError(f"{len(agents)} agents for {game.rules.players} seats")
        self.game = game
        self.agents = list(agents)
        self.on_action = on_action
        self.on_deal = on_deal
        self._seen = (0, 0)  # (deal index, event index) already handed out by new_events
        self._paused_after = 0  # deals after whose end advance() has already stopped

    # Who acts ---------------------------------------------------------------------------

    @property
    def deal(self) -> Deal | None:
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

    def claimants(self) -> list[int]:
        """The people who may claim the game now (S7)."""
        d = self.game.deal
        if d is None or self.game.is_over:
            return []
        return [s for s in range(len(self.agents)) if self.is_person(s) and d.can_claim(s)]

    # Moving on --------------------------------------------------------------------------

    def submit(self, seat: int, action: Action) -> None:
        """A person's action; raises IllegalActionError (unchanged game) if not allowed."""
        d = self.game.deal
        if d is None:
            raise IllegalActionError("D1", "no deal is being played")
        d.apply(action, seat)
        if self.on_action is not None:
            self.on_action(seat, action)

    def start_deal(self) -> Deal:
        """Deal the next deal (with the game's RNG)."""
        deal = self.game.start_deal()
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
                if self._bots_claim():  # S7: as soon as they may, before any pause
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

    def _bots_claim(self) -> bool:
        d = self.game.deal
        return d is not None and bot_claim(d, self.agents, self._applied)

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


def bot_claim(deal: Deal, agents: Sequence[Bot | None], applied: Applied | None = None) -> bool:
    """A bot that may claim the game does so at once (S7); True if one did."""
    for seat, agent in enumerate(agents):
        if agent is not None and deal.can_claim(seat):
            deal.apply(CLAIM, seat)
            if applied is not None:
                applied(seat, CLAIM)
            return True
    return False


def bot_turn(deal: Deal, agents: Sequence[Bot | None], applied: Applied | None = None) -> str:
    """One step of the driver loop on a deal: a bot claims if it may (S7), else the bot to
    act acts. Returns ``"claimed"``, ``"acted"``, ``"person"`` (a person is to act) or
    ``"done"`` (the deal is over and nobody claims).

    A bot that ``sees_all`` (for measurement only; tables refuse it) is handed the deal.
    """
    if bot_claim(deal, agents, applied):
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
