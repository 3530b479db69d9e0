"""The bots' one search stack (issue 25): one PIMC search (:mod:`rams.bots.pimc`) and one
simulation of decisions before play (:mod:`rams.bots.simulate`), which know no game and are
given a game's pieces; every family's searching bots are made of them."""

from __future__ import annotations

import ast
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from rams import games
from rams.actions import Play
from rams.bots import bot_names, make_bot
from rams.bots.pimc import Round, SearchBot
from rams.bots.sampling import Tally
from rams.bots.simulate import Decisions, Plan, SimulatingBot, Unsimulated

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class View:
    """A stand-in for a seat's view: what the stack reads of one."""

    legal_actions: tuple[Any, ...]
    searched: bool = True


@dataclass
class Before:
    """A stand-in for ``before_play``: it records what it was asked."""

    name: str = "before"
    asked: list[str] = field(default_factory=list)

    def act(self, view: View) -> Any:
        self.asked.append("act")
        return "before's"


class Cards:
    """A game's pieces, by hand: world 0 says card 1 is worth 3 and card 2 worth 1, world 1
    the other way round (1 and 5); world 0 weighs 3, world 1 weighs 1; ``first`` plays card
    9 when it is among the cards."""

    def __init__(self) -> None:
        self.points: list[bool] = []

    def cards(self, view: View) -> list[int] | None:
        if not view.searched:
            return None
        return [a.card for a in view.legal_actions if isinstance(a, Play)]

    def first(self, bot: SearchBot[Any], view: View, cards: list[int]) -> int | None:
        return 9 if 9 in cards else None

    def round(self, bot: SearchBot[Any], view: View, points: bool) -> Round[int]:
        self.points.append(points)
        worlds = iter([0, 1, 0, 1])

        def draw() -> tuple[int, float]:
            world = next(worlds)
            return world, 3.0 if world == 0 else 1.0

        def value(world: int) -> dict[int, float]:
            return {1: 3.0, 2: 1.0} if world == 0 else {1: 1.0, 2: 5.0}

        return Round(draw, value)

    def pick(self, bot: SearchBot[Any], view: View, cards: list[int], tally: Tally[int]) -> int:
        means = tally.means()
        return max(cards, key=lambda c: means[c])


def _search_bot(samples: int = 4) -> tuple[SearchBot[View], Cards, Before]:
    cards, before = Cards(), Before()
    return SearchBot(random.Random(0), cards, before, samples, None, "searching"), cards, before


def test_the_search_weighs_each_world_and_plays_the_best_mean() -> None:
    bot, cards, _ = _search_bot()
    view = View((Play(1), Play(2)))
    # Worlds 0, 1, 0, 1 weigh 3, 1, 3, 1 (8 in all): card 1 (3·3 + 1·1) · 2 / 8 = 2.5,
    # card 2 (3·1 + 1·5) · 2 / 8 = 2.0.
    # Unweighted, card 2 would be the better: (1 + 5) / 2 = 3 against (3 + 1) / 2 = 2.
    assert bot.card_values(view, [1, 2]) == {1: 2.5, 2: 2.0}
    assert bot.last_samples == 4
    assert bot.act(view) == Play(1)
    # Two worlds (0 and 1): card 1 (3·3 + 1·1) / 4 = 2.5, card 2 (3·1 + 1·5) / 4 = 2.0.
    bot.samples = 2
    assert bot.card_values(view, [1, 2], points=True) == {1: 2.5, 2: 2.0}
    assert bot.last_samples == 2
    assert cards.points == [False, False, True]


def test_the_search_leaves_other_decisions_to_before_play_and_plays_a_lone_card() -> None:
    bot, cards, before = _search_bot()
    assert bot.act(View(("pass", "play"), searched=False)) == "before's"
    assert bot.act(View(("pass",), searched=False)) == "pass"  # a lone action as it is
    assert bot.act(View((Play(7),))) == Play(7)
    assert bot.act(View((Play(9), Play(1)))) == Play(9)  # the game's card without search
    assert before.asked == ["act"] and cards.points == []
    # Out of turn: before_play's say, or the first offer when it has none.
    assert bot.act_out_of_turn(View(()), ["claim", "wait"]) == "claim"


class Choices(Decisions[View]):
    """Decisions by hand: choices "a" and "b" worth 2 and 4 in world 0, 6 and 0 in world 1;
    no plan when the view is not searched; ``broken`` worlds never come back."""

    def __init__(self, broken: bool = False) -> None:
        self.broken = broken
        self.done = 0

    def plan(self, bot: SimulatingBot[Any], view: View, points: bool) -> Plan[int] | None:
        if not view.searched:
            return None
        worlds = iter([0, 1, 0])

        def draw() -> tuple[int, float]:
            if self.broken:
                raise Unsimulated
            return next(worlds), 1.0

        def value(world: int) -> dict[str, float]:
            return {"a": 2.0, "b": 4.0} if world == 0 else {"a": 6.0, "b": 0.0}

        def done() -> None:
            self.done += 1

        return Plan(["a", "b"], draw, value, scale=10.0 if points else 1.0, done=done)


def test_the_simulation_takes_the_best_mean_choice_and_scales_the_values() -> None:
    decisions = Choices()
    bot = SimulatingBot(random.Random(0), Before(), decisions, 2, None)
    view = View(("a", "b"))
    # Worlds 0 and 1: a (2 + 6) / 2 = 4, b (4 + 0) / 2 = 2.
    assert bot.act(view) == "a" and bot.simulated == 1
    assert bot.decision_values(view) == {"a": 40.0, "b": 20.0}  # in the game's points
    assert bot.decision_values(view, points=False) == {"a": 4.0, "b": 2.0}
    # One world (0): b 4 beats a 2.
    bot.samples = 1
    assert bot.act(view) == "b" and bot.simulated == 2
    assert decisions.done == 4  # once after each simulation
    assert bot.name == "before"  # the inner bot's name


def test_the_simulation_leaves_to_inner_what_it_does_not_simulate() -> None:
    inner = Before()
    bot = SimulatingBot(random.Random(0), inner, Choices(broken=True), 4, None, name="sim")
    assert bot.act(View(("a", "b"))) == "before's"  # no world came back
    assert bot.decision_values(View(("a", "b"))) is None
    assert bot.act(View(("a", "b"), searched=False)) == "before's"  # no plan
    assert bot.simulated == 0 and inner.asked == ["act", "act"] and bot.name == "sim"
    assert bot.act_out_of_turn(View(()), ["claim"]) == "claim"


@pytest.mark.parametrize("name", ["pimc", "simulate", "sampling"])
def test_the_one_stack_imports_no_game(name: str) -> None:
    """The stack's modules know no game: of the games they import the protocol and the
    typed view every game shows only."""
    tree = ast.parse((ROOT / "rams" / "bots" / f"{name}.py").read_text(encoding="utf-8"))
    imported = {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module is not None
    } | {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    assert {m for m in imported if m.startswith("rams.games")} <= {
        "rams.games.protocol",
        "rams.games.seatview",
    }


@pytest.mark.parametrize("family", sorted(games.FAMILIES))
def test_every_familys_strong_bot_is_the_one_search_with_its_pieces(family: str) -> None:
    bot: Any = make_bot("hard", random.Random(0), family=family)
    search = bot.inner if isinstance(bot, SimulatingBot) else bot
    assert isinstance(search, SearchBot)
    assert type(search.search).__module__.startswith("rams.games.")
    if "hardsim" in bot_names(family):  # (its decisions before play simulated)
        hardsim: Any = make_bot("hardsim", random.Random(0), family=family)
        assert isinstance(hardsim, SimulatingBot) and isinstance(hardsim.inner, SearchBot)


class Costly(Cards):
    """As :class:`Cards`, but its decision sets its own limits: two worlds, and (when
    timed) 5 s rather than the bot's 0 s."""

    def round(self, bot: SearchBot[Any], view: View, points: bool) -> Round[int]:
        found = super().round(bot, view, points)
        return Round(found.draw, found.value, samples=2, seconds=5.0)


def test_a_decision_sets_its_own_samples_and_a_longer_time() -> None:
    """Issue 28 (the first tricks of Whist and Boston): a decision costly a world draws
    its own fewer worlds; timed, it gets its longer time (the bot's own 0 s would stop
    after the first world)."""
    bot = SearchBot(random.Random(0), Costly(), Before(), 4, None, "searching")
    assert bot.card_values(View((Play(1), Play(2))), [1, 2]) == {1: 2.5, 2: 2.0}
    assert bot.last_samples == 2
    timed = SearchBot(random.Random(0), Costly(), Before(), 4, 0.0, "searching")
    timed.card_values(View((Play(1), Play(2))), [1, 2])
    assert timed.last_samples == 2
    quick = SearchBot(random.Random(0), Cards(), Before(), 4, 0.0, "searching")
    quick.card_values(View((Play(1), Play(2))), [1, 2])
    assert quick.last_samples == 1
