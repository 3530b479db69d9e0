"""Every preset as an OpenSpiel game: ``pyspiel.load_game("python_rams", {...})``.

Importing this module registers ``python_rams``. Its parameters: ``preset`` (any of
:func:`rams.games.presets`), ``players`` (0: the preset's smallest table), ``dealer``
(the 0-based seat that deals), ``compiled`` (below) and ``options``, the house rules as
``KEY:VALUE`` items separated by ``;`` (``start_score:50;dealer_trump:mandatory``; the
value read as the command line reads it, :func:`rams.games.parse_override`; a game string
allows no ``=`` or ``,`` in a value):

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

The parameter ``compiled`` (default false) keeps the deal in compiled code instead
(:class:`RamsCompiledState`, ``tests/adapters/test_openspiel_compiled.py``): chance still
deals card by card, the full deck then loads a batch of one deal of :mod:`rams.adapters.
vector`'s kernel, which each action steps, with the same action ids, legal actions and
returns as the engine-backed state; ``clone`` copies its arrays. The seat's own observers
(the information state and the observation) write the compiled deal's observation, a
tensor of the shape of its own (:attr:`rams.adapters.vector.VectorDeals.size` floats, one
view ``"compiled"``: :mod:`rams.fast.vector`'s layout). What the compiled deal cannot give
is built from the engine, the state's history replayed (slow): the strings in words, the
spectator's and the private-only observers, ``action_to_string`` of a seat's action, and
``resample_from_infostate``, whose state is then an engine-backed one (its strings, legal
actions and returns are the game's; the compiled observer refuses it in words). A state
serializes (OpenSpiel's ``serialize_game_and_state``) with its arrays and the game's string.

>>> fast = pyspiel.load_game("python_rams", {"preset": "duel", "compiled": True})
>>> state = fast.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), len(state.legal_actions()) > 0
(1, True)
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

_PARAMETERS: dict[str, Any] = {
    "preset": DEFAULT_PRESET,
    "players": 0,
    "dealer": 0,
    "options": "",
    "compiled": False,
}

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
        #: The compiled batch of one deal whose arrays and rules the states of
        #: ``compiled=True`` use (else None).
        self.deals: Any = None
        if p["compiled"]:
            from rams.adapters.vector import VectorDeals
            from rams.fast import vector as fv

            #: The compiled one-deal kernels (:mod:`rams.fast.vector`).
            self.fv = fv

            self.deals = VectorDeals(
                t.preset, t.players, num=1, dealer=t.dealer, **_options(p["options"])
            )
            self.cfg = self.deals.cfg
            self.buf = np.zeros(64, np.int64)
            self.points = np.zeros(t.players, np.float64)
        info = pyspiel.GameInfo(
            num_distinct_actions=t.action_count,
            max_chance_outcomes=52,
            num_players=t.players,
            min_utility=-t.points_bound,
            max_utility=t.points_bound,
            max_game_length=t.max_decisions,
        )
        super().__init__(GAME_TYPE, info, p)

    def new_initial_state(self) -> RamsState | RamsCompiledState:
        """The start: chance is to deal the first card."""
        if self.deals is not None:
            return RamsCompiledState(self)
        return RamsState(self)

    def max_chance_nodes_in_history(self) -> int:
        """Every card of the pack, and the extra fields (Boston's turned card)."""
        return self.spec.chance_steps

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> RamsObserver:
        """The observer of ``iig_obs_type`` (the observation when None)."""
        return RamsObserver(
            self.spec,
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
            params,
            self.deals,
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


class _Compiled:
    """The arrays of a state over the compiled deal (one deal of the batch's layout) and
    what it answers without them: the deck dealt so far, the seat to act, its legal ids,
    the returns. Copied by :meth:`copy` (OpenSpiel's ``clone`` deep-copies each attribute
    of a state): the arrays copied, the rest shared, as nothing but the arrays changes in
    place."""

    __slots__ = ("book", "deck", "extra", "game", "left", "legal", "mask", "obs", "player",
                 "rest", "returns", "s", "truncated")  # fmt: skip

    def __init__(self, game: RamsGame) -> None:
        self.game = game
        self.deck: list[int] = []
        self.extra: list[int] = []
        self.rest: list[int] = list(game.spec.pack)  # (the cards chance may still deal)
        self.left = len(self.rest)  # (how many)
        self.s: Any = None
        self.book: Any = None
        self.obs: Any = None
        self.mask: Any = None
        self.player = int(pyspiel.PlayerId.CHANCE)
        self.legal: list[int] = []
        self.returns: list[float] | None = None
        self.truncated = False

    def copy(self) -> _Compiled:
        """An independent copy (the arrays copied)."""
        new = _Compiled.__new__(_Compiled)
        new.game, new.player, new.legal, new.left = self.game, self.player, self.legal, self.left
        new.returns, new.truncated = self.returns, self.truncated
        if self.s is None:
            new.deck, new.extra, new.rest = list(self.deck), list(self.extra), list(self.rest)
            new.s = new.book = new.obs = new.mask = None
        else:  # (the deck, once dealt, no longer changes)
            new.deck, new.extra, new.rest = self.deck, self.extra, self.rest
            new.s, new.book = self.s.copy(), self.book.copy()
            new.obs, new.mask = self.obs.copy(), self.mask.copy()
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> _Compiled:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (OpenSpiel's serialization) with the game's string for the game."""
        fields = {name: getattr(self, name) for name in self.__slots__ if name != "game"}
        return (_restore, (str(self.game), fields))

    def chance(self, outcome: int) -> None:
        """Deal the next card (or draw the extra field); the last one loads the deal."""
        if self.left:
            self.rest.remove(outcome)
            self.deck.append(outcome)
            self.left -= 1
            if self.left:
                return
        else:
            self.extra.append(outcome)
        spec = self.game.spec
        if len(self.extra) == len(spec.extra_fields):
            self._load()
        else:
            self.rest = list(range(spec.outcomes[spec.extra_fields[len(self.extra)]]))

    def _load(self) -> None:
        g = self.game
        d = g.deals
        deck = np.zeros(52, np.int64)
        deck[: len(self.deck)] = self.deck
        self.s = np.zeros(d.states.shape[1], np.int64)
        self.book = np.zeros(d.books.shape[1], np.int64)
        self.obs = np.zeros(d.size, np.float32)
        self.mask = np.zeros(d.actions, np.int8)
        extra = self.extra[0] if self.extra and not g.spec.family.layout.declarations else -1
        seat, m = g.fv.load_one(self.s, d.r, self.book, g.cfg, deck, extra, self.obs,
                                self.mask, g.buf, g.points)  # fmt: skip
        self._moved(seat, m)

    def _moved(self, seat: int, m: int) -> None:
        g = self.game
        if seat >= 0:
            self.player = seat
            self.legal = g.buf[:m].tolist()
            return
        self.player = int(pyspiel.PlayerId.TERMINAL)
        self.legal = []
        self.truncated = seat == -2
        self.returns = g.points.tolist()

    def apply(self, action: int) -> None:
        """The seat to act takes ``action`` (refused, in words, when it is not legal)."""
        g = self.game
        seat, m = g.fv.step_one(self.s, g.deals.r, self.book, g.cfg, self.player, action,
                              self.obs, self.mask, g.buf, g.points)  # fmt: skip
        if seat == -3:
            raise RamsError("illegal.id_not_legal", id=action)
        self._moved(seat, m)


def _restore(game: str, fields: dict[str, Any]) -> _Compiled:
    """A pickled :class:`_Compiled` again, its game loaded from its string."""
    new = _Compiled.__new__(_Compiled)
    new.game = pyspiel.load_game(game)
    for name, value in fields.items():
        setattr(new, name, value)
    return new


class RamsCompiledState(pyspiel.State):  # type: ignore[misc]
    """A deal being dealt or played over the compiled deal (``compiled=True``): chance
    deals card by card into a list; the full deck loads a batch of one deal
    (:func:`rams.fast.vector.load_one`), which each action then steps
    (:func:`rams.fast.vector.step_one`) — no engine, no view. What needs the engine (the
    strings in words, ``resample_from_infostate``) replays the history in an engine-backed
    episode (:meth:`engine`)."""

    def __init__(self, game: RamsGame) -> None:
        super().__init__(game)
        self._c = _Compiled(game)

    def current_player(self) -> int:
        """The seat to act, or CHANCE while dealing, or TERMINAL."""
        return self._c.player

    def _legal_actions(self, player: int) -> list[int]:
        return self._c.legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards chance may deal next (each alike)."""
        rest = self._c.rest
        p = 1.0 / len(rest)
        return [(o, p) for o in rest]

    def _apply_action(self, action: int) -> None:
        c = self._c
        if c.s is not None:
            c.apply(action)
        else:
            c.chance(action)

    def is_terminal(self) -> bool:
        """True once the deal is over."""
        return self._c.returns is not None

    def returns(self) -> list[float]:
        """Each seat's points in the deal, at its end (zero before)."""
        r = self._c.returns
        return [0.0] * self._c.game.spec.players if r is None else r

    @property
    def is_truncated(self) -> bool:
        """True if the deal was cut short at ``max_decisions``."""
        return self._c.truncated

    def engine(self) -> Episode:
        """The engine-backed episode of this state, its history replayed (slow: for the
        strings in words and the resampling, never on the compiled path)."""
        ep = Episode(self._c.game.spec)
        for action in self.history():
            if ep.is_chance:
                ep.apply_chance(action)
            else:
                ep.apply(action)
        return ep

    def _action_to_string(self, player: int, action: int) -> str:
        c = self._c
        if player == pyspiel.PlayerId.CHANCE:
            what = "deal" if len(c.deck) < len(c.game.spec.pack) else "turned"
            return f"{what} {card_str(action)}"
        if c.s is None:
            return str(action)
        return self.engine().action_str(action, player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RamsState:
        """A state ``player_id`` cannot tell from this one (as the engine-backed state's
        :meth:`RamsState.resample_from_infostate`): an engine-backed state, whose strings,
        legal actions and returns are this game's; the compiled observer refuses it."""
        seed = int(float(probability_sampler()) * 2**53)
        new = RamsState(self.get_game())
        new.episode = self.engine().resample(player_id, random.Random(seed))
        return new

    def __str__(self) -> str:
        c = self._c
        t = c.game.spec
        lines = [f"{t.preset} {t.players}p dealer p{t.dealer + 1} compiled"]
        lines.append("deck " + " ".join(card_str(card) for card in c.deck))
        lines += [f"{name} {card_str(v)}" for name, v in zip(t.extra_fields, c.extra, strict=False)]
        lines += [f"p{i.player + 1} {i.action}" for i in self.full_history() if i.player >= 0]
        return "\n".join(lines)


class RamsObserver:
    """OpenSpiel's observer: a NumPy ``tensor`` (with named views in ``dict``) and strings,
    from the seat's observation alone (:class:`rams.adapters.encoding.Encoder`); its one
    parameter, ``{"compact": True}``, asks for the compact layout.

    In a game of ``compiled=True`` the seat's own observers (the information state and the
    observation: private to the seat, with the public information) write the compiled
    deal's observation instead (:mod:`rams.fast.vector`'s layout, one view ``"compiled"``
    of :attr:`rams.adapters.vector.VectorDeals.size` floats, with or without ``compact``:
    the history is in it either way); the other observers (the public one, the private
    one) and the strings replay the state's history in the engine (slow)."""

    def __init__(
        self, spec: EpisodeSpec, iig_obs_type: Any, params: dict[str, Any] | None, deals: Any = None
    ) -> None:
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
        #: The compiled batch whose observation this observer writes (else None).
        self.deals = deals if self.private and iig_obs_type.public_info else None
        if self.deals is not None:
            self.tensor = np.zeros(self.deals.size, np.float32)
            self.dict = {"compiled": self.tensor}
        else:
            self.tensor = np.zeros(self.encoder.size, np.float32)
            self.dict = self.encoder.views(self.tensor)

    def _view(self, state: Any, player: int) -> Any:
        ep = state.episode if isinstance(state, RamsState) else state.engine()
        return ep.observation(player if self.private else None)

    def set_from(self, state: Any, player: int) -> None:
        """Write ``player``'s tensor of ``state`` into :attr:`tensor`."""
        if self.deals is not None:
            if not isinstance(state, RamsCompiledState):
                raise RamsError("adapters.compiled_state")
            c = state._c
            if c.s is None:  # (chance is still dealing: nothing to see yet)
                self.tensor.fill(0.0)
                self.tensor[player] = 1.0
                return
            c.game.fv.observe_seat(c.s, c.book, self.deals.r, c.obs, player, self.tensor)
            return
        view = self._view(state, player)
        if view is None:  # (chance is still dealing: nothing to see yet)
            self.tensor.fill(0.0)
            self.tensor[player] = 1.0
            return
        self.encoder.write(view, player, self.tensor)

    def string_from(self, state: Any, player: int) -> str:
        """``player``'s view of ``state`` in words."""
        view = self._view(state, player)
        if view is None:
            dealt = len(state.episode.deck if isinstance(state, RamsState) else state._c.deck)
            return f"p{player + 1} dealing {dealt}"
        return self.encoder.string(view, player)


def load(preset: str, players: int | None = None, *, compiled: bool = False, **options: Any) -> Any:
    """``pyspiel.load_game("python_rams", …)`` for a preset, its table and house rules
    (``compiled``: the game's parameter, states over the compiled deal)."""
    text = ";".join(
        f"{k}:{json.dumps(v) if isinstance(v, bool) else v}" for k, v in options.items()
    )
    params = {"preset": preset, "players": players or 0, "options": text, "compiled": compiled}
    return pyspiel.load_game("python_rams", params)


pyspiel.register_game(GAME_TYPE, RamsGame)
