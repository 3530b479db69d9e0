"""OpenSpiel: every preset loads as ``python_rams`` and passes OpenSpiel's own checks.

``pyspiel.random_sim_test`` for every table (``--sweep-scale`` multiplies its games);
OpenSpiel's partial-tree API checks (its ``EnforceAPIOnPartialTreeBase``, on states drawn
from random play, since a deck of 32–52 cards has no full tree to walk); the full-tree
properties checked along random play (terminal, chance, opponents' empty actions, perfect
recall of each seat's information states, no two seats sharing one); the observer's
tensors against the state's; ``resample_from_infostate``; OpenSpiel's MCTS, ISMCTS and
outcome-sampling MCCFR on the duel.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.integration_tests import api_test
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr
from open_spiel.python.observation import make_observation

import rams.adapters.openspiel as ro
from rams.adapters.episode import Episode
from tests.adapters.tables import FAMILY_TABLES, TABLES, table_id


def random_states(game: Any, rng: random.Random, playouts: int) -> list[Any]:
    """Every state along ``playouts`` random plays (chance nodes and terminals too)."""
    states = []
    for _ in range(playouts):
        state = game.new_initial_state()
        states.append(state.clone())
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            states.append(state.clone())
    return states


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_random_sim_test(table: tuple[str, int], sweep_scale: int) -> None:
    game = ro.load(*table)
    pyspiel.random_sim_test(game, num_sims=2 * sweep_scale, serialize=False, verbose=False)


@pytest.mark.parametrize("table", FAMILY_TABLES, ids=table_id)
def test_random_sim_test_serialized(table: tuple[str, int]) -> None:
    """The states also survive OpenSpiel's serialization (the game string and history)."""
    pyspiel.random_sim_test(ro.load(*table), num_sims=1, serialize=True, verbose=False)


def test_parameters_reach_the_rules_and_the_game_string() -> None:
    params = {"preset": "classic", "players": 4, "options": "start_score:50;passing:false"}
    game = pyspiel.load_game("python_rams", params)
    rules = game.spec.rules
    assert (rules.players, rules.start_score, rules.passing) == (4, 50, False)
    again = pyspiel.load_game(str(game))
    assert again.spec.rules == rules
    assert ro.load("classic", 4, start_score=50, passing=False).spec.rules == rules
    assert game.num_players() == 4 and game.num_distinct_actions() == 146


def api_case(table: tuple[str, int], compiled: bool = False, states: int = 3) -> type:
    """OpenSpiel's partial-tree API test case for a table (over the compiled deal with
    ``compiled``), on ``states`` states of random play."""

    @classmethod  # type: ignore[misc]
    def set_up_class(cls: Any) -> None:
        super(api_test.EnforceAPIOnPartialTreeBase, cls).setUpClass()
        cls.game = ro.load(*table, compiled=True) if compiled else ro.load(*table)
        cls.game_name = f"python_rams({table_id(table)}{', compiled' if compiled else ''})"
        cls.game_type = cls.game.get_type()
        cls.some_states = random_states(cls.game, random.Random(table_id(table)), states)

    prefix = "TestCompiledApi_" if compiled else "TestOpenSpielApi_"
    name = prefix + table_id(table).replace("-", "_")
    return type(name, (api_test.EnforceAPIOnPartialTreeBase,), {"setUpClass": set_up_class})


for _table in TABLES:
    _case = api_case(_table)
    globals()[_case.__name__] = _case
del _table, _case


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_full_tree_properties_along_random_play(table: tuple[str, int], sweep_scale: int) -> None:
    """What OpenSpiel's full-tree API test checks, along random plays."""
    game = ro.load(*table)
    n = game.num_players()
    info_obs = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    plain_obs = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    rng = random.Random(table_id(table))
    first_event = 4 if game.spec.family.name == "rams" else 3  # (after seat, header, hand)
    for _ in range(2 * sweep_scale):
        seen: list[dict[str, tuple[float, ...]]] = [{} for _ in range(n)]
        state = game.new_initial_state()
        while True:
            if state.is_terminal():
                assert state.current_player() == pyspiel.PlayerId.TERMINAL
                assert all(state.legal_actions(p) == [] for p in range(n))
                assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())
                with pytest.raises(RuntimeError):
                    state.information_state_string()
                break
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
                assert state.legal_actions() == [a for a, _ in outcomes]
                state.apply_action(rng.choice(outcomes)[0])
                continue
            player = state.current_player()
            legal = state.legal_actions()
            assert legal and legal == sorted(legal) and legal[-1] < game.num_distinct_actions()
            assert all(state.legal_actions(p) == [] for p in range(n) if p != player)
            info = state.information_state_string(player)
            tensor = tuple(state.information_state_tensor(player))
            # Perfect recall: a seat never meets one of its information states twice, and
            # each one extends the history of the one before.
            assert info not in seen[player] and tensor not in seen[player].values()
            events = info.split("\n")[first_event:]
            for earlier in seen[player]:
                before = earlier.split("\n")[first_event:]
                assert events[: len(before)] == before and len(events) > len(before)
            seen[player][info] = tensor
            assert info.startswith(f"p{player + 1}\n")  # no two seats share a state
            info_obs.set_from(state, player)
            assert tuple(info_obs.tensor) == tensor
            plain_obs.set_from(state, player)
            assert tuple(plain_obs.tensor) == tuple(state.observation_tensor(player))
            assert plain_obs.string_from(state, player) == state.observation_string(player)
            state.apply_action(rng.choice(legal))


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_resample_from_infostate(table: tuple[str, int]) -> None:
    """A resampled state looks the same to the seat (its strings, tensors and choices)
    and differs in what it cannot see; hardly ever is the real deal returned instead."""
    game = ro.load(*table)
    rng = random.Random(table_id(table))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    calls = differ = 0
    before = Episode.fallbacks
    for state in random_states(game, rng, 2):
        if state.is_chance_node() or state.is_terminal():
            continue
        player = state.current_player()
        other = state.resample_from_infostate(player, sampler)
        calls += 1
        assert other.current_player() == player
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.information_state_tensor(player) == state.information_state_tensor(player)
        assert other.observation_tensor(player) == state.observation_tensor(player)
        assert other.legal_actions() == state.legal_actions()
        mine, theirs = state.episode.deal, other.episode.deal
        seats = range(game.num_players())
        if any(mine.observation(s).hand != theirs.observation(s).hand for s in seats):
            differ += 1
        child = other.child(other.legal_actions()[0])  # the sample plays on
        assert child.is_terminal() or child.current_player() >= 0
    assert differ >= calls // 2
    assert Episode.fallbacks - before <= calls // 5


def _play(game: Any, bots: list[Any], rng: np.random.RandomState) -> list[float]:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            state.apply_action(bots[state.current_player()].step(state))
    returns: list[float] = state.returns()
    return returns


def test_mcts_and_ismcts_play_the_duel() -> None:
    """OpenSpiel's MCTS and ISMCTS (which resamples the hidden cards) play deals."""
    game = ro.load("duel")
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    is_bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 30, random_state=np.random.RandomState(1))
    mc_bot = mcts.MCTSBot(game, 2.0, 30, evaluator, random_state=np.random.RandomState(2))
    for bots in ([is_bot, mc_bot], [mc_bot, is_bot]):
        returns = _play(game, bots, rng)
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)


def test_outcome_sampling_mccfr_on_the_duel() -> None:
    """Outcome-sampling MCCFR, Python's and C++'s, a few iterations; the average policy
    is a distribution over the legal actions."""
    game = ro.load("duel")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(10):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    probs = policy.action_probabilities(state)
    assert set(probs) == set(state.legal_actions())
    assert abs(sum(probs.values()) - 1) < 1e-9
    cc = pyspiel.OutcomeSamplingMCCFRSolver(game)
    for _ in range(10):
        cc.run_iteration()
    cc_probs = dict(cc.average_policy().get_state_policy(state))
    assert set(cc_probs) == set(state.legal_actions())


def test_an_observer_it_cannot_make_is_refused_in_words() -> None:
    """Observer parameters, or an observer of every hand (which no seat is), are refused
    with the catalogue's words."""
    from rams.errors import RamsError

    game = pyspiel.load_game("python_rams", {"preset": "duel"})
    with pytest.raises(RamsError) as params:
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False), {"x": 1})
    assert "compact" in params.value.words("en") and "параметр" in params.value.words("ru")
    with pytest.raises(RamsError):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False), {"compact": 1})
    recall = pyspiel.IIGObservationType(perfect_recall=True)
    compact = game.make_py_observer(recall, {"compact": True})
    assert "stream" in compact.dict and "events" not in compact.dict
    every = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(RamsError) as all_hands:
        game.make_py_observer(every)
    assert "every hand" in all_hands.value.words("en")
