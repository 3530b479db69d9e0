"""The driver loop's hooks for front ends that show each step: on_deal, max_steps, set_agent."""

from __future__ import annotations

import random

from rams.bots import make_bot
from rams.games.rams.actions import Action
from rams.games.rams.match import RamsMatch
from rams.games.rams.rules import Rules
from rams.table import Table


def _bots(n: int, seed: int) -> list:  # type: ignore[type-arg]
    return [make_bot("random", random.Random(seed + i)) for i in range(n)]


def test_on_deal_sees_every_deal_before_anyone_acts() -> None:
    game = RamsMatch(Rules.preset("classic", 3, start_score=30), rng=random.Random(1))
    dealt: list[int] = []
    acted: list[tuple[int, int]] = []
    table = Table(
        game,
        _bots(3, 10),
        on_action=lambda seat, action: acted.append((len(game.deals), len(game.deal.actions))),
        on_deal=lambda deal: dealt.append(len(deal.actions)),
    )
    assert table.advance() == "over"
    assert dealt == [0] * len(game.deals)
    assert len(acted) == sum(len(d.actions) for d in game.deals)


def test_max_steps_takes_one_step_at_a_time_and_stops_for_people() -> None:
    game = RamsMatch(Rules.preset("classic", 3), rng=random.Random(2))
    table = Table(game, [None, *_bots(2, 20)])
    reasons = []
    for _ in range(500):
        before = (len(game.deals), len(game.deal.actions) if game.deal else 0)
        reason = table.advance(max_steps=1)
        reasons.append(reason)
        if reason == "person":
            break
        after = (len(game.deals), len(game.deal.actions) if game.deal else 0)
        assert after != before  # one step: a deal dealt or one bot action
    assert reasons[-1] == "person" and table.waiting_for() == 0
    assert reasons[:-1] and set(reasons[:-1]) == {"steps"}


def test_a_bot_stands_in_for_a_person_and_hands_back() -> None:
    game = RamsMatch(Rules.preset("classic", 3, start_score=30), rng=random.Random(3))
    acted: list[tuple[int, Action]] = []
    table = Table(game, [None, *_bots(2, 30)], on_action=lambda s, a: acted.append((s, a)))
    assert table.advance() == "person" and table.waiting_for() == 0
    before = len(acted)
    legal = game.deal.observation(0).legal_actions
    table.set_agent(0, make_bot("random", random.Random(4)))
    assert not table.is_person(0) and table.waiting_for() is None
    assert table.advance(max_steps=1) == "steps"
    # The stand-in took the person's turn: one legal action, by seat 0.
    assert len(acted) == before + 1
    seat, action = acted[-1]
    assert seat == 0 and action in legal
    assert game.deal.actions[-1] == (0, action)
    table.set_agent(0, None)
    assert table.is_person(0)
    reason = table.advance()
    assert reason in ("person", "over")
    if reason == "person":  # handed back: the person's turn waits for the person again
        assert table.waiting_for() == 0
        assert all(s != 0 for s, _ in acted[before + 1 :])


def test_a_bot_s_turn_is_taken_once_and_only_at_its_step() -> None:
    """The steps a front end drives itself (the web's bots think elsewhere): ``next_turn``
    names the bot's turn, ``take`` applies its answer once; the same answer again, or one
    for a step the game has left, is not taken."""
    from rams.table import Turn, choose

    game = RamsMatch(Rules.preset("classic", 3), rng=random.Random(7))
    acted: list[tuple[int, Action]] = []
    table = Table(game, _bots(3, 70), on_action=lambda s, a: acted.append((s, a)))
    assert table.next_turn() == "deal"
    table.start_deal()
    turn = table.next_turn()
    assert isinstance(turn, Turn) and turn.offers is None and turn.step == (1, 0)
    deal = game.deal
    agent = table.agents[turn.seat]
    assert deal is not None and agent is not None
    action = choose(agent, deal, turn)
    assert table.take(turn, action) and acted == [(turn.seat, action)]
    assert not table.take(turn, action) and len(acted) == 1  # (that step is gone)
    assert len(deal.actions) == 1


def test_a_seat_handed_back_to_its_person_takes_no_late_bot_move() -> None:
    """A stand-in thought while its person came back: its answer is not taken."""
    from rams.table import Turn, choose

    game = RamsMatch(Rules.preset("classic", 3), rng=random.Random(8))
    table = Table(game, [make_bot("random", random.Random(1)), *_bots(2, 80)])
    table.start_deal()
    turn = table.next_turn()
    assert isinstance(turn, Turn)
    deal = game.deal
    agent = table.agents[turn.seat]
    assert deal is not None and agent is not None
    action = choose(agent, deal, turn)
    table.set_agent(turn.seat, None)  # (the person is back before the answer)
    assert not table.take(turn, action) and deal.actions == []
    assert table.next_turn() == "person" and table.waiting_for() == turn.seat
