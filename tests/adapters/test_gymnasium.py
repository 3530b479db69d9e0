"""Gymnasium: one seat against the bots, ``check_env`` for every preset; seeds repeat."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import rams.adapters.gymnasium  # noqa: F401 (registers rams/Rams-v0)
from rams.adapters.gymnasium import RamsEnv
from rams.errors import RulesError
from tests.adapters.tables import FAMILY_TABLES, TABLES, table_id


def _made(preset: str, players: int, **kwargs: object) -> RamsEnv:
    made = gymnasium.make(
        "rams/Rams-v0", preset=preset, players=players, disable_env_checker=True, **kwargs
    )
    env: RamsEnv = made.unwrapped
    return env


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_check_env(table: tuple[str, int]) -> None:
    check_env(_made(*table, opponents="easy", render_mode="ansi"))


def _episode(env: RamsEnv, seed: int) -> list[tuple[bytes, float, bool, bool]]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = [(obs.tobytes(), 0.0, False, False)]
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        out.append((obs.tobytes(), float(reward), terminated, truncated))
        done = terminated or truncated
    return out


@pytest.mark.parametrize("table", FAMILY_TABLES, ids=table_id)
@pytest.mark.parametrize("opponents", ["random", "easy"])
def test_a_seed_gives_the_same_episode(table: tuple[str, int], opponents: str) -> None:
    """Two environments, one seed, the same actions: the same observations and rewards
    (the deal and the bots' generators both come from the seed); another seed differs."""
    first = _episode(_made(*table, opponents=opponents, seat=1), seed=11)
    again = _episode(_made(*table, opponents=opponents, seat=1), seed=11)
    assert first == again
    assert _episode(_made(*table, opponents=opponents, seat=1), seed=12) != first
    assert first[-1][2] or first[-1][3]


def test_an_illegal_action_is_refused() -> None:
    env = RamsEnv("duel")
    obs, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    again, _, terminated, truncated, info = env.step(illegal)
    assert info["illegal"] and (again == obs).all() and not (terminated or truncated)


def test_opponents_must_fill_the_other_seats() -> None:
    with pytest.raises(RulesError, match="2 bots for 3 seats"):
        RamsEnv("classic", 3, opponents=["easy"])
