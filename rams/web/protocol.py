"""The websocket's messages: what a client may send, and what each seat is sent.

Every message is one JSON object with a ``type``. A client sends:

- ``hello`` ``{"token": str | null, "lang": "ru" | "en"}``, first: the seat's secret
  token (none to watch the table's public side);
- ``act`` ``{"action": "AS" | "play" | "exchange 7S 8D" | …, "deal": k, "step": n}``, an
  action in record notation (§12); ``deal`` and ``step`` (optional) name the state it
  answers, so a double click or a stale page changes nothing;
- ``ready`` (start the next deal), ``lang`` ``{"lang": …}``, ``ping``.

The server sends ``welcome``, ``state`` (a snapshot), ``ack`` (an action stored),
``error`` ``{"code", "message", "clause", "hint"}`` and ``pong``. A seat's ``state`` is
built from :meth:`rams.games.rams.deal.Deal.observation` of that seat and nothing else, plus the
public side of the table (names, the score sheet); the cards it names are card codes
(``AS``, ``TD``) or words from :mod:`rams.games.rams.words`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rams.cards import Card, card_str
from rams.errors import NotationError
from rams.games.rams.actions import Action, Exchange, Play, Swap, parse_action
from rams.games.rams.events import EventKind
from rams.games.rams.match import Game
from rams.games.rams.rules import OPTIONS, PRESETS, Rules
from rams.games.rams.view import Observation
from rams.games.rams.words import deal_lines, legal_hint, sheet_columns

__all__ = [
    "LANGS",
    "MAX_MESSAGE",
    "Act",
    "ClientMessage",
    "Hello",
    "Lang",
    "Ping",
    "ProtocolError",
    "Ready",
    "error",
    "parse_message",
    "rules_summary",
    "state_message",
]

#: The largest message a client may send, in characters.
MAX_MESSAGE = 4096
LANGS = ("ru", "en")

_ERRORS: dict[str, tuple[str, str]] = {
    "bad_json": ("Сообщение не JSON.", "The message is not JSON."),
    "bad_message": ("Неверное сообщение: {why}.", "Malformed message: {why}."),
    "unknown_type": ("Неизвестный тип сообщения {what!r}.", "Unknown message type {what!r}."),
    "too_big": (
        "Сообщение слишком длинное ({size} > {limit}).",
        "The message is too long ({size} > {limit}).",
    ),
    "hello_first": ("Сначала hello.", "Say hello first."),
    "bad_token": (
        "Ссылка места неверна: вы смотрите стол как гость.",
        "That seat link is wrong: you are watching as a guest.",
    ),
    "no_seat": ("Вы не сидите за столом.", "You have no seat at this table."),
    "not_started": (
        "Игра ещё не началась: ждём игроков.",
        "The game has not started: waiting for players.",
    ),
    "bad_action": ("Не понял ход {what!r}.", "Cannot read the action {what!r}."),
    "stale": (
        "Игра уже ушла вперёд; вот что на столе сейчас.",
        "The game has moved on; here is the table as it is now.",
    ),
    "illegal": ("Нельзя: {why}", "Not allowed: {why}"),
    "flood": (
        "Слишком много сообщений: подождите немного.",
        "Too many messages: slow down.",
    ),
    "server": ("Ошибка сервера; ход не принят.", "Server error; the action was not taken."),
    "broken": (
        "Этот стол не удалось восстановить после перезапуска сервера; его игра сохранена в "
        "базе данных, причина записана в журнале сервера.",
        "This table could not be restored after the server restarted; its game is kept in "
        "the database, and the server's log says why.",
    ),
}


def error(
    code: str,
    lang: str = "en",
    *,
    clause: str | None = None,
    hint: str | None = None,
    **fields: object,
) -> dict[str, Any]:
    """An ``error`` message in the client's language."""
    ru, en = _ERRORS[code]
    text = (ru if lang == "ru" else en).format(**fields)
    return {"type": "error", "code": code, "message": text, "clause": clause, "hint": hint}


class ProtocolError(ValueError):
    """A message the server cannot take: ``code`` and the fields of its text."""

    def __init__(self, code: str, **fields: Any) -> None:
        super().__init__(code)
        self.code = code
        self.fields: dict[str, Any] = fields


@dataclass(frozen=True, slots=True)
class Hello:
    token: str | None
    lang: str


@dataclass(frozen=True, slots=True)
class Act:
    action: Action
    deal: int | None
    step: int | None


@dataclass(frozen=True, slots=True)
class Lang:
    lang: str


@dataclass(frozen=True, slots=True)
class Ready:
    pass


@dataclass(frozen=True, slots=True)
class Ping:
    pass


ClientMessage = Hello | Act | Lang | Ready | Ping


def _lang(data: dict[str, Any], default: str | None) -> str:
    lang = data.get("lang", default)
    if lang not in LANGS:
        raise ProtocolError("bad_message", why="lang is 'ru' or 'en'")
    assert isinstance(lang, str)
    return lang


def _opt_int(data: dict[str, Any], key: str) -> int | None:
    v = data.get(key)
    if v is None:
        return None
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < 1_000_000:
        raise ProtocolError("bad_message", why=f"{key} is a whole number")
    return v


def parse_message(text: str | bytes) -> ClientMessage:
    """Read a client's message; raises :class:`ProtocolError` (nothing else) for bad input."""
    if not isinstance(text, str):
        raise ProtocolError("bad_message", why="messages are JSON text, not binary")
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("too_big", size=len(text), limit=MAX_MESSAGE)
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("bad_json") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", why="a message is a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", why="'type' is missing")
    if kind == "hello":
        token = data.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > 200):
            raise ProtocolError("bad_message", why="token is a string")
        return Hello(token or None, _lang(data, "ru"))
    if kind == "act":
        text_action = data.get("action")
        if not isinstance(text_action, str) or len(text_action) > 100:
            raise ProtocolError("bad_message", why="action is a string such as 'AS' or 'pass'")
        try:
            action = parse_action(text_action)
        except NotationError:
            raise ProtocolError("bad_action", what=text_action) from None
        return Act(action, _opt_int(data, "deal"), _opt_int(data, "step"))
    if kind == "lang":
        return Lang(_lang(data, None))
    if kind == "ready":
        return Ready()
    if kind == "ping":
        return Ping()
    raise ProtocolError("unknown_type", what=kind[:40])


# Building the state a seat is sent ---------------------------------------------------------


def _c(c: Card) -> str:
    return card_str(c)


def _cs(cards: Sequence[Card]) -> list[str]:
    return [card_str(c) for c in cards]


def legal_of(view: Observation) -> dict[str, Any] | None:
    """The seat's choices, grouped for buttons: cards to play, cards to give for the turned
    card, how many cards it may exchange, and the one-word actions."""
    if not view.legal_actions:
        return None
    cards: list[str] = []
    swap: list[str] = []
    words: list[str] = []
    exchange: int | None = None
    for a in view.legal_actions:
        if isinstance(a, Play):
            cards.append(_c(a.card))
        elif isinstance(a, Swap):
            swap.append(_c(a.card))
        elif isinstance(a, Exchange):
            exchange = max(exchange or 0, len(a.cards))
        else:
            words.append(str(a))
    return {"cards": cards, "swap": swap, "exchange": exchange, "words": words}


def _last_trick(view: Observation) -> dict[str, Any] | None:
    if not view.tricks:
        return None
    winner = None
    for e in view.events:
        if e.kind in (EventKind.TRICK, EventKind.OVERSHOOT):
            winner = e.seat
    return {
        "number": len(view.tricks),
        "cards": [[s, _c(c)] for s, c in view.tricks[-1]],
        "winner": winner,
    }


def rules_summary(rules: Rules) -> dict[str, Any]:
    """The table's rules for people: the preset's names and each house rule that differs."""
    preset = PRESETS[rules.preset_name]
    data = rules.to_json()
    changed = data if isinstance(data, dict) else {}
    house = [
        {
            "option": k,
            "value": v,
            "clause": OPTIONS[k].clause,
            "ru": OPTIONS[k].ru,
            "en": OPTIONS[k].en,
        }
        for k, v in changed.items()
        if k != "preset"
    ]
    return {
        "preset": rules.preset_name,
        "ru": preset.ru,
        "en": preset.en,
        "players": rules.players,
        "start_score": rules.start_score,
        "house": house,
    }


def sheet_of(game: Game) -> dict[str, Any]:
    """The score sheet («запись») as columns: each player's start and every later value."""
    return {"names": list(game.players), "columns": sheet_columns(game.sheet)}


def state_message(game: Game, seat: int, lang: str, table: dict[str, Any]) -> dict[str, Any]:
    """Everything ``seat`` is shown now: its observation, and the public side of the table.

    The only cards in it are those of ``game.deal.observation(seat)``; the hidden
    information never passes anywhere else.
    """
    names = game.players
    deal = game.deal
    out: dict[str, Any] = {
        "type": "state",
        "table": table,
        "seat": seat,
        "deal": len(game.deals),
        "sheet": sheet_of(game),
        "winner": game.winner,
        "payouts": game.payouts() if game.is_over else None,
        "pam_ledger": game.pam_ledger if game.rules.pamfil and game.is_over else None,
        "stake": game.stake,
    }
    if deal is None:
        out.update(step=0, phase="waiting", hand=[], legal=None, log=[], records=list(game.records))
        return out
    view = deal.observation(seat)
    legal = legal_of(view)
    out.update(
        step=len(deal.actions),
        phase=view.phase.value,
        deal_over=deal.is_over and not game.is_over,
        dealer=view.dealer,
        to_move=view.to_move,
        hand=_cs(view.hand),
        trump=None if view.trump is None else "SCDH"[view.trump],
        turned=None if view.turned is None else _c(view.turned),
        stock=view.stock_count,
        calls=list(view.calls),
        active=list(view.active),
        exchanged=list(view.exchanged),
        trick=[[s, _c(c)] for s, c in view.trick],
        last_trick=_last_trick(view),
        tricks_taken=list(view.tricks_taken),
        records=list(view.records),
        stake=view.stake,
        dave_offerer=view.dave_offerer,
        dave_pending=view.dave_pending,
        known=[_cs(k) for k in view.known],
        legal=legal,
        play_rule=view.play_rule,
        hint=legal_hint(view, lang) if legal is not None else "",
        log=deal_lines(view.events, names, lang),
    )
    if view.turned is not None:
        out["turned_taken"] = view.turned in view.known[view.dealer] or (view.turned in view.hand)
    return out
