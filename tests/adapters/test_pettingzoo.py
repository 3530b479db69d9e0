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
