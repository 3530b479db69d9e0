"""Every preset as a game of the game-AI frameworks: OpenSpiel, PettingZoo and Gymnasium.

The frameworks are the extra ``rams[rl]``; nothing here is imported by the core, and each
module imports its framework only when it is imported itself:

- :mod:`rams.adapters.openspiel`: ``pyspiel.load_game("python_rams", {"preset": …})``;
- :mod:`rams.adapters.pettingzoo`: ``env(preset="classic", players=4)``, an AEC environment
  with action masks;
- :mod:`rams.adapters.gymnasium`: ``RamsEnv(preset, players, opponents=…)``, one seat
  against the project's bots.

The three share :mod:`rams.adapters.episode` (one deal as a chance-then-play sequence, the
returns, resampling the hidden cards) and :mod:`rams.adapters.encoding` (the tensors and
strings of a seat, written from its observation alone: the hidden-information gate).
An episode is one deal (сдача) from the start of a match; its return is each seat's
points, as the duplicate tournaments count them.
"""

from __future__ import annotations

__all__: list[str] = []
