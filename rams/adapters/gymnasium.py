"""One seat of a preset against the project's bots, as a Gymnasium environment.

>>> import gymnasium
>>> import rams.adapters.gymnasium
>>> env = gymnasium.make("rams/Rams-v0", preset="duel", opponents="random")
>>> obs, info = env.reset(seed=3)
>>> obs.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
(True, True)

An episode is one deal (:mod:`rams.adapters.episode`) dealt by the environment's random
generator; the agent holds seat ``seat`` and the others are bots by name (``random``,
``heuristic``, ``easy``, ``medium``, ``hard``; of the plain games, their own:
:func:`rams.bots.make_bot`), untimed, with generators drawn from the same seed, so a seed
gives the same episode whatever the machine. The bots act on their own observations; the
agent observes its tensor (:mod:`rams.adapters.encoding`; its compact layout with
``compact=True``) and finds the legal actions in
``info["action_mask"]`` and :meth:`RamsEnv.action_masks` (the name MaskablePPO of
sb3-contrib calls). The reward comes at the end: the agent's points in the deal. A deal
that ends before the agent's first turn (void, E3) is dealt again. An action the mask
forbids is refused: nothing changes, ``info["illegal"]`` says so, and an episode of
refusals is truncated after :attr:`rams.adapters.episode.EpisodeSpec.max_decisions` steps.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from rams.adapters.encoding import Encoder
from rams.adapters.episode import Episode, EpisodeSpec
from rams.bots import Bot, make_bot
from rams.errors import RulesError
from rams.games import DEFAULT_PRESET

__all__ = ["RamsEnv"]


class RamsEnv(gymnasium.Env[np.ndarray, np.int64]):
    """A deal of ``preset`` for the agent in ``seat`` against ``opponents``."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (Env's own type)

    def __init__(
        self,
        preset: str = DEFAULT_PRESET,
        players: int | None = None,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        dealer: int = 0,
        recall: bool = True,
        compact: bool = False,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.episode_spec = EpisodeSpec(preset, players, dealer, **options)
        n = self.episode_spec.players
        self.seat = seat % n
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:  # (the agent is one of the seats' players)
            raise RulesError("cli.bots_for_seats", ("bots",), count=len(names) + 1, seats=n)
        self.opponents = names
        self.encoder = Encoder(self.episode_spec, recall=recall, compact=compact)
        self.observation_space = spaces.Box(-1.0, 1.0, (self.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(self.episode_spec.action_count)
        self.render_mode = render_mode
        self.episode: Episode | None = None
        self._bots: dict[int, Bot] = {}
        self._steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal a new deal and let the bots act up to the agent's first turn."""
        super().reset(seed=seed)
        self._steps = 0
        rng = random.Random(int(self.np_random.integers(2**62)))
        family = self.episode_spec.family.name
        others = [s for s in range(self.episode_spec.players) if s != self.seat]
        self._bots = {
            s: make_bot(name, random.Random(rng.getrandbits(62)), timed=False, family=family)
            for s, name in zip(others, self.opponents, strict=True)
        }
        while True:  # a deal over before the agent's first turn (a void one) is dealt again
            self.episode = Episode.shuffled(self.episode_spec, rng)
            self._bots_act()
            if not self.episode.is_over:
                break
        return self._observe(), self._info()

    def _bots_act(self) -> None:
        ep = self.episode
        assert ep is not None
        while (seat := ep.to_move) is not None and seat != self.seat:
            ep.act_bot(self._bots[seat])

    def _observe(self) -> np.ndarray:
        ep = self.episode
        assert ep is not None
        out = np.zeros(self.encoder.size, np.float32)
        self.encoder.write(ep.observation(self.seat), self.seat, out)
        return out

    def action_masks(self) -> np.ndarray:
        """1 for each action id the agent may take now (bool)."""
        mask = np.zeros(self.episode_spec.action_count, bool)
        if self.episode is not None:
            mask[self.episode.legal(self.seat)] = True
        return mask

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks().astype(np.int8)}

    def step(self, action: int | np.int64) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """The agent takes ``action``; the bots act until its next turn or the end."""
        ep = self.episode
        assert ep is not None
        self._steps += 1
        info = {}
        if int(action) in ep.legal(self.seat):
            ep.apply(int(action))
            self._bots_act()
        else:
            info["illegal"] = True
        over = ep.is_over
        reward = ep.points()[self.seat] if over else 0.0
        truncated = ep.is_truncated or (not over and self._steps >= self.episode_spec.max_decisions)
        return self._observe(), reward, over and not truncated, truncated, self._info() | info

    def render(self) -> str | None:
        """The deal as the agent sees it (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.episode is None:
            return None
        return self.encoder.string(self.episode.observation(self.seat), self.seat)


if "rams/Rams-v0" not in gymnasium.registry:
    gymnasium.register(id="rams/Rams-v0", entry_point="rams.adapters.gymnasium:RamsEnv")
