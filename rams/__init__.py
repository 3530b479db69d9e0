"""Rams: the Russian card game Рамс and its family — rules engine, records, bots, clients.

The core (``cards``, ``tricks``, ``actions``, ``events``, ``record``, the game families of
``rams.games``) needs no third-party package. The names most programs need are importable
from here; a match of any game starts from the registry (``rams.games.new_match``).

Rams' own names (``Deal``, ``Game`` — now :class:`~rams.games.rams.match.RamsMatch` —,
``Standing``, ``PRESETS``, ``Rules``, its actions ``Action``, ``Play``, ``Say``, ``Exchange``,
``Swap``, ``parse_action``, ``parse_line``, its ``Observation``, ``Phase`` and ``EventKind``)
are the Rams family's, no longer the package's: they are still importable from here, for
older programs, but live in ``rams.games.rams``.

Every name here is imported when it is first asked for, so that importing a module of the
package (``rams.cli``, ``rams.cards``) imports no more than that module needs.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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


#: The package's own names and the modules that hold them.
_NAMES = {
    **{name: ("rams.cards", name) for name in ("card_str", "cards_str", "parse_card")},
    "Card": ("rams.cards", "Card"),
    "parse_cards": ("rams.cards", "parse_cards"),
    **{
        name: ("rams.errors", name)
        for name in ("IllegalActionError", "NotationError", "RamsError", "RecordError")
    },
    "RulesError": ("rams.errors", "RulesError"),
    "Event": ("rams.events", "Event"),
    **{name: ("rams.record", name) for name in ("Record", "dumps", "loads", "record_of")},
    "replay_summary": ("rams.record", "replay_summary"),
}

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
    """The package's names (:data:`_NAMES`) and the Rams family's (:data:`_RAMS_NAMES`),
    imported when asked for."""
    where = _NAMES.get(name) or _RAMS_NAMES.get(name)
    if where is not None:
        module, attr = where
        return getattr(importlib.import_module(module), attr)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
