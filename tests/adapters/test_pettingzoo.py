"""PettingZoo: every preset's AEC environment passes ``api_test`` and ``seed_test``."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from rams.adapters.pettingzoo import env
from tests.adapters.tables import TABLES, table_id


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_api_test(table: tuple[str, int], sweep_scale: int) -> None:
    api_test(env(*table), num_cycles=1000 * sweep_scale)


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_seed_test(table: tuple[str, int]) -> None:
    seed_test(lambda: env(*table), num_cycles=500)


def test_a_deal_to_its_end_rewards_every_seat_its_points() -> None:
    """Random masked play ends the deal; the rewards are the episode's points, and the
    observation tensors of the perfect-recall and the plain encoders differ in size."""
    e = env("classic", 4, start_score=50)
    e.reset(seed=7)
    total = dict.fromkeys(e.possible_agents, 0.0)
    rng = np.random.default_rng(7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        total[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        assert obs.dtype == np.float32 and e.observation_space(agent).contains(obs)
        e.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert e.episode is not None and e.episode.deal.is_over
    assert [total[a] for a in e.possible_agents] == e.episode.points()
    assert env("classic", 4, recall=False).encoder.size < e.encoder.size


COMPILED = [("classic", 4), ("duel", 2), ("whist", 4), ("boston", 4)]


@pytest.mark.parametrize("table", COMPILED, ids=table_id)
def test_the_compiled_deal_passes_api_and_seed_tests(table: tuple[str, int]) -> None:
    api_test(env(*table, compiled=True), num_cycles=300)
    seed_test(lambda: env(*table, compiled=True), num_cycles=200)


@pytest.mark.parametrize("table", COMPILED, ids=table_id)
def test_the_compiled_deal_is_the_engines(table: tuple[str, int]) -> None:
    """Deals played through ``compiled=True`` and replayed in episodes of the engine from
    the same deck: the same agent to act and mask at every step, the same rewards; an agent
    not to act observes its own hand (the seat to act's hidden from it), and after the end
    the deal as it ended (not the next one)."""
    from rams.adapters.episode import Episode

    e = env(*table, compiled=True)
    rng = np.random.default_rng(3)
    n = e.spec.players
    for seed in range(3):
        e.reset(seed=seed)
        ep = Episode.dealt(e.spec, e.deals.deck(0), e.deals.extra(0))
        total = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, info = e.last()
            total[agent] += reward
            seat = e.possible_agents.index(agent)
            if terminated or truncated:  # (its last observation is the deal as it ended)
                assert np.flatnonzero(obs[n : n + 52]).tolist() == sorted(ep.observation(seat).hand)
                e.step(None)
                continue
            assert seat == ep.to_move
            assert np.flatnonzero(info["action_mask"]).tolist() == ep.legal()
            assert np.flatnonzero(obs[n : n + 52]).tolist() == sorted(ep.observation(seat).hand)
            other = e.possible_agents[(seat + 1) % n]
            theirs = e.observe(other)
            hand = sorted(ep.observation((seat + 1) % n).hand)
            assert np.flatnonzero(theirs[n : n + 52]).tolist() == hand
            assert not e.action_mask(other).any()
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            ep.apply(action)
            e.step(action)
        assert ep.is_over
        assert [total[a] for a in e.possible_agents] == ep.points()
