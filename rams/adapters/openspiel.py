"""Every preset as an OpenSpiel game: ``pyspiel.load_game("python_rams", {...})``.

Importing this module registers ``python_rams``. Its parameters: ``preset`` (any of
:func:`rams.games.presets`), ``players`` (0: the preset's smallest table), ``dealer``
(the 0-based seat that deals) and ``options``, the house rules as ``KEY:VALUE`` items
separated by ``;`` (``start_score:50;dealer_trump:mandatory``; the value read as the
command line reads it, :func:`rams.games.parse_override`; a game string allows no ``=``
or ``,`` in a value):

>>> import pyspiel
>>> import rams.adapters.openspiel
>>> game = pyspiel.load_game("python_rams", {"preset": "duel"})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 32)

A game is one deal (:mod:`rams.adapters.episode`): explicit chance nodes deal the deck
card by card (then Boston's card of the second pack), general-sum terminal returns (each
seat's points in the deal). The observer writes the tensors of :mod:`rams.adapters.
encoding` into its NumPy buffer; the information state is the perfect-recall observer's,
the observation the other's; a public observer reads the spectator's view, a private one
the seat's cards only. ``resample_from_infostate`` draws the hidden cards with the bots'
samplers; the state it returns has no history of its own (``history()`` is empty), which
OpenSpiel's ISMCTS does not need.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from rams import games
from rams.adapters.encoding import Encoder
from rams.adapters.episode import Episode, EpisodeSpec
from rams.cards import card_str
from rams.errors import RamsError
from rams.games import DEFAULT_PRESET

__all__ = ["GAME_TYPE", "RamsGame", "RamsObserver", "RamsState", "load"]

_PARAMETERS: dict[str, Any] = {"preset": DEFAULT_PRESET, "players": 0, "dealer": 0, "options": ""}

GAME_TYPE = pyspiel.GameType(
    short_name="python_rams",
    long_name="Rams and its family of trick-taking games (every preset)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=max(p.players[1] for p in games.presets().values()),
    min_num_players=min(p.players[0] for p in games.presets().values()),
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMETERS,
)


def _options(text: str) -> dict[str, Any]:
    items = [item.partition(":") for item in text.split(";") if item.strip()]
    return dict(games.parse_override(f"{key}={value}") for key, _, value in items)


class RamsGame(pyspiel.Game):  # type: ignore[misc]
    """A preset (with its house rules) as an OpenSpiel game of one deal."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**_PARAMETERS, **(params or {})}
        self.spec = EpisodeSpec(
            str(p["preset"]), int(p["players"]) or None, int(p["dealer"]), **_options(p["options"])
        )
        t = self.spec
        info = pyspiel.GameInfo(
            num_distinct_actions=t.action_count,
            max_chance_outcomes=52,
            num_players=t.players,
            min_utility=-t.points_bound,
            max_utility=t.points_bound,
            max_game_length=t.max_decisions,
        )
        super().__init__(GAME_TYPE, info, p)

    def new_initial_state(self) -> RamsState:
        """The start: chance is to deal the first card."""
        return RamsState(self)

    def max_chance_nodes_in_history(self) -> int:
        """Every card of the pack, and the extra fields (Boston's turned card)."""
        return self.spec.chance_steps

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> RamsObserver:
        """The observer of ``iig_obs_type`` (the observation when None)."""
        return RamsObserver(
            self.spec, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class RamsState(pyspiel.State):  # type: ignore[misc]
    """A deal being dealt or played (:class:`rams.adapters.episode.Episode`)."""

    def __init__(self, game: RamsGame) -> None:
        super().__init__(game)
        self.episode = Episode(game.spec)
        # The seat to act, kept until the next action (pyspiel asks it several times for
        # each action it applies), and the episode it was read from.
        self._player = 0
        self._player_of: Episode | None = None

    def current_player(self) -> int:
        """The seat to act, or CHANCE while dealing, or TERMINAL."""
        ep = self.episode
        if ep is self._player_of:
            return self._player
        if ep.is_chance:
            player = int(pyspiel.PlayerId.CHANCE)
        else:
            seat = ep.to_move
            player = int(pyspiel.PlayerId.TERMINAL) if seat is None else seat
        self._player, self._player_of = player, ep
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self.episode.legal(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards chance may deal next (each alike)."""
        outcomes = self.episode.chance_outcomes()
        p = 1.0 / len(outcomes)
        return [(o, p) for o in outcomes]

    def _apply_action(self, action: int) -> None:
        self._player_of = None
        if self.episode.is_chance:
            self.episode.apply_chance(action)
        else:
            self.episode.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            ep = self.episode
            what = "deal" if len(ep.deck) < len(ep.spec.pack) else "turned"
            return f"{what} {card_str(action)}"
        if self.episode.deal is None:
            return str(action)
        return self.episode.action_str(action, player)

    def is_terminal(self) -> bool:
        """True once the deal is over."""
        return self.episode.is_over

    def returns(self) -> list[float]:
        """Each seat's points in the deal, at its end (zero before)."""
        ep = self.episode
        return ep.points() if ep.is_over else [0.0] * ep.spec.players

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RamsState:
        """A state ``player_id`` cannot tell from this one, the hidden cards drawn again
        (:meth:`rams.adapters.episode.Episode.resample`); ``probability_sampler`` seeds it."""
        seed = int(float(probability_sampler()) * 2**53)
        new = RamsState(self.get_game())
        new.episode = self.episode.resample(player_id, random.Random(seed))
        return new

    def __str__(self) -> str:
        ep = self.episode
        t = ep.spec
        lines = [f"{t.preset} {t.players}p dealer p{t.dealer + 1}"]
        lines.append("deck " + " ".join(card_str(c) for c in ep.deck))
        for name, value in ep.extra.items():
            lines.append(f"{name} {card_str(value)}")
        if ep.deal is not None:
            lines += [f"p{s + 1} {a}" for s, a in ep.deal.actions]
        return "\n".join(lines)


class RamsObserver:
    """OpenSpiel's observer: a NumPy ``tensor`` (with named views in ``dict``) and strings,
    from the seat's observation alone (:class:`rams.adapters.encoding.Encoder`); its one
    parameter, ``{"compact": True}``, asks for the compact layout."""

    def __init__(self, spec: EpisodeSpec, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        params = dict(params or {})
        compact = params.pop("compact", False)
        if params or not isinstance(compact, bool):
            raise RamsError("adapters.compact.observer_params", params=repr(params or compact))
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise RamsError("adapters.observer_all")
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.encoder = Encoder(
            spec,
            public=bool(iig_obs_type.public_info),
            private=self.private,
            recall=bool(iig_obs_type.perfect_recall),
            compact=compact,
        )
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = self.encoder.views(self.tensor)

    def _view(self, state: RamsState, player: int) -> Any:
        return state.episode.observation(player if self.private else None)

    def set_from(self, state: RamsState, player: int) -> None:
        """Write ``player``'s tensor of ``state`` into :attr:`tensor`."""
        view = self._view(state, player)
        if view is None:  # (chance is still dealing: nothing to see yet)
            self.tensor.fill(0.0)
            self.tensor[player] = 1.0
            return
        self.encoder.write(view, player, self.tensor)

    def string_from(self, state: RamsState, player: int) -> str:
        """``player``'s view of ``state`` in words."""
        view = self._view(state, player)
        if view is None:
            return f"p{player + 1} dealing {len(state.episode.deck)}"
        return self.encoder.string(view, player)


def load(preset: str, players: int | None = None, **options: Any) -> Any:
    """``pyspiel.load_game("python_rams", …)`` for a preset, its table and house rules."""
    text = ";".join(
        f"{k}:{json.dumps(v) if isinstance(v, bool) else v}" for k, v in options.items()
    )
    params = {"preset": preset, "players": players or 0, "options": text}
    return pyspiel.load_game("python_rams", params)


pyspiel.register_game(GAME_TYPE, RamsGame)
