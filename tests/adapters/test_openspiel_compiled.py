"""OpenSpiel over the compiled deal: ``python_rams`` with ``compiled=True``.

OpenSpiel's own checks on the compiled game (``pyspiel.random_sim_test``, the states also
serialized and read back; its partial-tree API test case) for a table of each family and
classic at three, four and seven; along random playouts from fixed seeds, the compiled
state against the engine-backed one taking the same chance outcomes and actions: the seat
to act, the chance outcomes, the legal actions, the end and the returns, the strings; the
compiled observer's tensor of every seat holds that seat's hand and the tricks as the
engine's view of that seat has them. A clone is a copy of its own; an illegal action is
refused; ``resample_from_infostate`` gives an engine-backed state the seat cannot tell
apart, which the compiled observer refuses.
"""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

import rams.adapters.openspiel as ro
from rams.errors import RamsError
from tests.adapters.tables import TABLES, hand_in, table_id, tricks_in
from tests.adapters.test_openspiel import api_case, random_states

#: Classic at three, four and seven and a table of every other family.
CHECKED = [
    ("classic", 3),
    ("classic", 4),
    ("classic", 7),
    ("duel", 2),
    ("petukh", 2),
    ("ramsch", 3),
    ("whist", 4),
    ("boston", 4),
    ("kony", 4),
]


@pytest.mark.parametrize("table", CHECKED, ids=table_id)
def test_random_sim_test(table: tuple[str, int]) -> None:
    game = ro.load(*table, compiled=True)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


for _table in CHECKED:
    _case = api_case(_table, compiled=True, states=2)
    globals()[_case.__name__] = _case
del _table, _case


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_the_compiled_state_plays_the_engine_states_game(table: tuple[str, int]) -> None:
    fast, slow = ro.load(*table, compiled=True), ro.load(*table)
    n = fast.num_players()
    recall = pyspiel.IIGObservationType(perfect_recall=True)
    observer = fast.make_py_observer(recall)
    assert observer.tensor.shape == (fast.deals.size,)
    assert fast.information_state_tensor_size() == fast.deals.size
    rng = random.Random(table_id(table))
    ends = set()
    for _ in range(3):
        state, twin = fast.new_initial_state(), slow.new_initial_state()
        while True:
            assert state.current_player() == twin.current_player()
            assert state.is_terminal() == twin.is_terminal()
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert outcomes == twin.chance_outcomes()
                action = rng.choice(outcomes)[0]
                assert state.action_to_string(action) == twin.action_to_string(action)
            else:
                legal = state.legal_actions()
                assert legal == twin.legal_actions()
                assert all(
                    state.legal_actions(p) == [] for p in range(n) if p != state.current_player()
                )
                for seat in range(n):
                    observer.set_from(state, seat)
                    view = twin.episode.observation(seat)
                    assert hand_in(n, observer.tensor) == sorted(view.hand)
                    assert observer.tensor[:n].tolist() == [float(s == seat) for s in range(n)]
                    played = [list(t) for t in view.tricks] + (
                        [list(view.trick)] if view.trick else []
                    )
                    assert tricks_in(n, fast.deals.tricks, observer.tensor) == played
                action = rng.choice(legal)
            state.apply_action(action)
            twin.apply_action(action)
            assert state.returns() == [0.0] * n or state.is_terminal()
        assert state.returns() == twin.returns()
        assert state.history() == twin.history()
        ends.add(tuple(state.returns()))
    assert len(ends) >= 2  # (the playouts differ: the points are not all one value)


def test_the_strings_come_from_the_engine_replayed() -> None:
    fast, slow = ro.load("classic", 3, compiled=True), ro.load("classic", 3)
    rng = random.Random(5)
    for state in random_states(fast, rng, 1)[::7]:
        twin = slow.new_initial_state()
        for action in state.history():
            twin.apply_action(action)
        if state.is_terminal() or state.is_chance_node():
            continue
        for p in range(3):
            assert state.information_state_string(p) == twin.information_state_string(p)
            assert state.observation_string(p) == twin.observation_string(p)
        action = state.legal_actions()[0]
        assert state.action_to_string(action) == twin.action_to_string(action)
        spectator = pyspiel.IIGObservationType(
            public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
        )
        public, public_slow = make_observation(fast, spectator), make_observation(slow, spectator)
        public.set_from(state, 0)
        public_slow.set_from(twin, 0)
        assert public.tensor.tolist() == public_slow.tensor.tolist()


def test_a_clone_is_a_copy_of_its_own() -> None:
    game = ro.load("classic", 4, compiled=True)
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    state = game.new_initial_state()
    rng = random.Random(3)
    dealing = None
    while state.is_chance_node():
        if len(state.history()) == 10:
            dealing = state.clone()
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    assert dealing is not None and len(dealing.chance_outcomes()) == len(state.history()) - 10
    for _ in range(6):
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    observer.set_from(state, seat)
    before = (observer.tensor.copy(), state.legal_actions(), state.history())
    copy = state.clone()
    assert copy.history() == state.history() and copy.legal_actions() == state.legal_actions()
    while not copy.is_terminal():  # the clone plays to its end
        copy.apply_action(copy.legal_actions()[-1])
    dealing.apply_action(dealing.chance_outcomes()[0][0])
    observer.set_from(state, seat)  # the state is as it was
    assert (observer.tensor == before[0]).all()
    assert (state.legal_actions(), state.history()) == before[1:]
    assert not state.is_terminal() and state.current_player() == seat
    assert len(dealing.history()) == 11


def test_an_illegal_action_is_refused() -> None:
    game = ro.load("duel", compiled=True)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(RamsError) as refused:
        state.apply_action(illegal)
    assert str(illegal) in refused.value.words("en")


def test_resample_gives_an_engine_state_the_seat_cannot_tell_apart() -> None:
    game = ro.load("duel", compiled=True)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    rng = random.Random(2)
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    checked = 0
    for state in random_states(game, rng, 1):
        if state.is_chance_node() or state.is_terminal():
            continue
        player = state.current_player()
        other = state.resample_from_infostate(player, sampler)
        assert isinstance(other, ro.RamsState)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.legal_actions() == state.legal_actions()
        checked += 1
    assert checked > 5
    with pytest.raises(RamsError) as refused:
        observer.set_from(other, player)
    assert "compiled=True" in refused.value.words("en")


def test_the_parameter_survives_the_game_string() -> None:
    game = ro.load("whist", 4, compiled=True)
    again = pyspiel.load_game(str(game))
    assert again.deals is not None and isinstance(again.new_initial_state(), ro.RamsCompiledState)
    assert ro.load("whist", 4).deals is None


def test_mcts_and_ismcts_play_the_compiled_duel() -> None:
    """OpenSpiel's MCTS (cloning the compiled state) and ISMCTS (its samples engine-backed
    states) play deals of the compiled duel to their end."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = ro.load("duel", compiled=True)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    is_bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 10, random_state=np.random.RandomState(1))
    mc_bot = mcts.MCTSBot(game, 2.0, 10, evaluator, random_state=np.random.RandomState(2))
    for bots in ([is_bot, mc_bot], [mc_bot, is_bot]):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            else:
                state.apply_action(bots[state.current_player()].step(state))
        assert isinstance(state, ro.RamsCompiledState)
        twin = ro.load("duel").new_initial_state()
        for action in state.history():
            twin.apply_action(action)
        assert twin.is_terminal() and state.returns() == twin.returns()
