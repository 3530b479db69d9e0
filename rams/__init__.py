"""Rams: the Russian card game Рамс and its family — rules engine, records, bots, clients.

The core (``cards``, ``tricks``, ``actions``, ``events``, ``record``, the game families of
``rams.games``) needs no third-party package. The names most programs need are importable
from here; a match of any game starts from the registry (``rams.games.new_match``).

Rams' own names (``Deal``, ``Game`` — now :class:`~rams.games.rams.match.RamsMatch` —,
``Standing``, ``PRESETS``, ``Rules``, its actions ``Action``, ``Play``, ``Say``, ``Exchange``,
``Swap``, ``parse_action``, ``parse_line``, its ``Observation``, ``Phase`` and ``EventKind``)
are the Rams family's, no longer the package's: they are still importable from here, for
older programs, but live in ``rams.games.rams``.
"""

from __future__ import annotations

import importlib

from rams.cards import Card, card_str, cards_str, parse_card, parse_cards
from rams.errors import IllegalActionError, NotationError, RamsError, RecordError, RulesError
from rams.events import Event
from rams.record import Record, dumps, loads, record_of, replay_summary

__all__ = [
    "Card",
    "Event",
    "IllegalActionError",
    "NotationError",
    "RamsError",
    "Record",
    "RecordError",
    "RulesError",
    "card_str",
    "cards_str",
    "dumps",
    "loads",
    "parse_card",
    "parse_cards",
    "record_of",
    "replay_summary",
]


#: The Rams family's names that the package once presented as its own (see above).
_RAMS_NAMES = {
    "Deal": ("rams.games.rams.deal", "Deal"),
    "Standing": ("rams.games.rams.deal", "Standing"),
    "Game": ("rams.games.rams.match", "RamsMatch"),
    "PRESETS": ("rams.games.rams.rules", "PRESETS"),
    "Rules": ("rams.games.rams.rules", "Rules"),
    "Action": ("rams.games.rams.actions", "Action"),
    "Play": ("rams.games.rams.actions", "Play"),
    "Say": ("rams.games.rams.actions", "Say"),
    "Exchange": ("rams.games.rams.actions", "Exchange"),
    "Swap": ("rams.games.rams.actions", "Swap"),
    "parse_action": ("rams.games.rams.actions", "parse_action"),
    "parse_line": ("rams.games.rams.actions", "parse_line"),
    "EventKind": ("rams.games.rams.events", "EventKind"),
    "Observation": ("rams.games.rams.view", "Observation"),
    "Phase": ("rams.games.rams.view", "Phase"),
}


def __getattr__(name: str) -> object:
    """The Rams family's names of :data:`_RAMS_NAMES`, imported when asked for."""
    if name in _RAMS_NAMES:
        module, attr = _RAMS_NAMES[name]
        return getattr(importlib.import_module(module), attr)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
