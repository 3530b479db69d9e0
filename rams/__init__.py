"""Rams: the Russian card game Рамс and its family — rules engine, records, bots, clients.

The core (``cards``, ``tricks``, ``actions``, ``events``, ``record``, the game families of
``rams.games``) needs no third-party package. The names most programs need are importable
from here; a match of any game starts from the registry (``rams.games.new_match``).

``Deal``, ``Game`` (now :class:`~rams.games.rams.match.RamsMatch`), ``Standing`` and
``PRESETS`` are the Rams family's own, no longer the package's: they are still importable
from here, for older programs, but live in ``rams.games.rams``.
"""

from __future__ import annotations

import importlib

from rams.cards import Card, card_str, cards_str, parse_card, parse_cards
from rams.errors import IllegalActionError, NotationError, RamsError, RecordError, RulesError
from rams.events import Event
from rams.games.rams.actions import Action, Exchange, Play, Say, Swap, parse_action, parse_line
from rams.games.rams.events import EventKind
from rams.games.rams.rules import Rules
from rams.games.rams.view import Observation, Phase
from rams.record import Record, dumps, loads, record_of, replay_summary

__all__ = [
    "Action",
    "Card",
    "Event",
    "EventKind",
    "Exchange",
    "IllegalActionError",
    "NotationError",
    "Observation",
    "Phase",
    "Play",
    "RamsError",
    "Record",
    "RecordError",
    "Rules",
    "RulesError",
    "Say",
    "Swap",
    "card_str",
    "cards_str",
    "dumps",
    "loads",
    "parse_action",
    "parse_card",
    "parse_cards",
    "parse_line",
    "record_of",
    "replay_summary",
]


#: The Rams family's names that the package once presented as its own (see above).
_RAMS_NAMES = {
    "Deal": ("rams.games.rams.deal", "Deal"),
    "Standing": ("rams.games.rams.deal", "Standing"),
    "Game": ("rams.games.rams.match", "RamsMatch"),
    "PRESETS": ("rams.games.rams.rules", "PRESETS"),
}


def __getattr__(name: str) -> object:
    """The Rams family's names of :data:`_RAMS_NAMES`, imported when asked for."""
    if name in _RAMS_NAMES:
        module, attr = _RAMS_NAMES[name]
        return getattr(importlib.import_module(module), attr)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
