"""Every preset as a PettingZoo AEC environment with action masks.

>>> from rams.adapters.pettingzoo import env
>>> e = env(preset="duel")
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> e.agent_selection, obs.shape == e.observation_space("player_1").shape
('player_1', True)
>>> deal = e.episode.deal
>>> [str(deal.action_from_id(int(i))) for i in info["action_mask"].nonzero()[0]]
['take', 'sell']

An episode is one deal (:mod:`rams.adapters.episode`), dealt by the environment's random
generator (``reset(seed=…)`` seeds it); the agents ``player_0``… are the seats. An agent
observes its tensor, written from its own observation (:mod:`rams.adapters.encoding`; the
whole history in order when ``recall``, the default; in the compact layout when
``compact``); the agent to act finds its
``action_mask`` (int8 over every action id) in its info, as PettingZoo's tests and
tutorials read it (a Dict observation space draws their warning). The rewards come at
the end: each seat's points in the deal. The seats of a trick game act one at a time, so
there is no Parallel environment.

``compiled=True`` steps the deal in compiled code instead: a batch of one deal of
:class:`rams.adapters.vector.VectorDeals` (the same game, ``tests/adapters/test_vector.py``),
its observation the batch's (the seat to act's, or another seat's with its own hand: the
layout of :mod:`rams.fast.vector`, not the encoder's), its mask the batch's, without
building the engine's view at every step, stepped one deal at a time
(:meth:`~rams.adapters.vector.VectorDeals.step_one`): once the deal is over it stays as it
ended, so each agent's last observation is the deal's end, as with the engine.

>>> fast = env(preset="whist", compiled=True)
>>> fast.reset(seed=3)
>>> obs, reward, terminated, truncated, info = fast.last()
>>> obs.shape == fast.observation_space("player_0").shape, int(info["action_mask"].sum())
(True, 13)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from rams.adapters.encoding import Encoder
from rams.adapters.episode import Episode, EpisodeSpec
from rams.games import DEFAULT_PRESET

__all__ = ["RamsAEC", "env"]


class RamsAEC(AECEnv):  # type: ignore[misc]
    """A deal of a preset, one seat acting at a time (PettingZoo's AEC API)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "rams_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        preset: str = DEFAULT_PRESET,
        players: int | None = None,
        *,
        dealer: int = 0,
        recall: bool = True,
        compact: bool = False,
        compiled: bool = False,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.spec = EpisodeSpec(preset, players, dealer, **options)
        self.encoder = Encoder(self.spec, recall=recall, compact=compact)
        self.render_mode = render_mode
        n = self.spec.players
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        size, count = self.encoder.size, self.spec.action_count
        #: The compiled batch of one deal that ``compiled=True`` steps (else None).
        self.deals: Any = None
        if compiled:
            from rams.adapters.vector import VectorDeals

            self.deals = VectorDeals(preset, players, num=1, dealer=dealer, **options)
            size = self.deals.size
            self._none = np.zeros(count, np.int8)
        self.observation_spaces = {
            a: spaces.Box(-1.0, 1.0, (size,), np.float32) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(count) for a in self.possible_agents}
        self._rng = random.Random()
        self.episode: Episode | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s observations (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """Every action id of the game (the mask says which are legal)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new deal (``seed`` seeds this and the following deals)."""
        if seed is not None:
            self._rng = random.Random(seed)
        if self.deals is not None:
            self.deals.reset(seed=self._rng.randrange(1 << 31))
            self.deals.dones[:] = False  # (no deal ended yet)
        else:
            self.episode = Episode.shuffled(self.spec, self._rng)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        if self.deals is not None:
            self._select_compiled()
            return
        ep = self.episode
        assert ep is not None
        seat = ep.to_move
        if seat is not None:
            agent = self.possible_agents[seat]
            self.agent_selection = agent
            for a in self.agents:
                self.infos[a] = {}
            self.infos[agent] = {"action_mask": self.action_mask(agent)}
            return
        points = ep.points()
        truncated = ep.is_truncated
        for a in self.agents:
            self.infos[a] = {}
            self.rewards[a] = points[self._seat[a]]
            self.terminations[a] = not truncated
            self.truncations[a] = truncated
        self.agent_selection = self.agents[0]

    def _select_compiled(self) -> None:
        d = self.deals
        infos = self.infos
        for a in self.agents:
            infos[a] = {}
        if not d.dones[0]:
            agent = self.possible_agents[int(d.to_move[0])]
            self.agent_selection = agent
            infos[agent] = {"action_mask": d.masks[0].copy()}
            return
        truncated = bool(d.truncated[0])
        points = d.rewards[0]
        for a in self.agents:
            self.rewards[a] = float(points[self._seat[a]])
            self.terminations[a] = not truncated
            self.truncations[a] = truncated
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> np.ndarray:
        """``agent``'s tensor, from its observation alone."""
        if self.deals is not None:
            out = np.empty(self.deals.size, np.float32)
            self.deals.observe(0, self._seat[agent], out)
            return out
        ep = self.episode
        assert ep is not None
        seat = self._seat[agent]
        tensor = np.zeros(self.encoder.size, np.float32)
        self.encoder.write(ep.observation(seat), seat, tensor)
        return tensor

    def action_mask(self, agent: str) -> np.ndarray:
        """1 for each action id ``agent`` may take now (all 0 when it is not to act)."""
        if self.deals is not None:
            d = self.deals
            acting = not d.dones[0] and self._seat[agent] == d.to_move[0]
            return d.masks[0].copy() if acting else self._none.copy()
        ep = self.episode
        assert ep is not None
        mask = np.zeros(self.spec.action_count, np.int8)
        mask[ep.legal(self._seat[agent])] = 1
        return mask

    def step(self, action: Any) -> None:
        """The selected agent takes ``action`` (an id its mask allows)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        if self.deals is not None:  # (the deal stays as it ended: its last observations)
            if not self.deals.step_one(0, int(action)):
                raise ValueError(f"action id {action} is not legal for {agent}")
        else:
            ep = self.episode
            assert ep is not None
            ep.apply(int(action))
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The deal as the selected seat sees it (``render_mode="ansi"``)."""
        if self.render_mode is None or self.episode is None:
            return None  # (the compiled deal has no view in words)
        seat = self._seat[self.agent_selection]
        return self.encoder.string(self.episode.observation(seat), seat)

    def close(self) -> None:
        """Nothing to release."""


def env(preset: str = DEFAULT_PRESET, players: int | None = None, **kwargs: Any) -> RamsAEC:
    """The AEC environment of ``preset`` for ``players`` seats; ``kwargs``: ``dealer``,
    ``recall``, ``compact``, ``compiled``, ``render_mode``, and the preset's house rules."""
    return RamsAEC(preset, players, **kwargs)
