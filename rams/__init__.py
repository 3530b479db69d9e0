"""Rams: the Russian card game Рамс and its family — rules engine, records, bots, clients.

The core (``cards``, ``tricks``, ``actions``, ``events``, ``record``, the game families of
``rams.games``) needs no third-party package. The names most programs need are importable
from here.
"""

from __future__ import annotations

from rams.cards import Card, card_str, cards_str, parse_card, parse_cards
from rams.errors import IllegalActionError, NotationError, RamsError, RecordError, RulesError
from rams.events import Event
from rams.games.rams.actions import Action, Exchange, Play, Say, Swap, parse_action, parse_line
from rams.games.rams.deal import Deal, Standing
from rams.games.rams.events import EventKind
from rams.games.rams.match import Game
from rams.games.rams.rules import PRESETS, Rules
from rams.games.rams.view import Observation, Phase
from rams.record import Record, dumps, loads, record_of, replay_summary

__all__ = [
    "PRESETS",
    "Action",
    "Card",
    "Deal",
    "Event",
    "EventKind",
    "Exchange",
    "Game",
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
    "Standing",
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
