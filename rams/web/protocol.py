"""The websocket's messages: what a client may send, and what each seat is sent.

Every message is one JSON object with a ``type``. A client sends:

- ``hello`` ``{"token": str | null, "lang": "ru" | "en", "seed": str, "deal": k,
  "protocol": 2}``, first: the seat's secret token (none to watch the table's public side),
  optionally the seat's seed for the next deal (as ``seed`` below), and the version of the
  protocol the client speaks (:data:`PROTOCOL`; none: 1, a full ``state`` every time);
- ``act`` ``{"action": "AS" | "play" | "exchange 7S 8D" | …, "deal": k, "step": n}``, an
  action in record notation (§12); ``deal`` and ``step`` (optional) name the state it
  answers, so a double click or a stale page changes nothing;
- ``ready`` (start the next deal), ``lang`` ``{"lang": …}``, ``ping``;
- ``resync``: the whole state again (a client of protocol 2 that missed a change);
- ``log`` ``{"deal": k}``: an earlier deal in words, as the seat saw it;
- ``seed`` ``{"seed": str, "deal": k}``: the seat's client seed for the next deal not yet
  dealt (1–64 characters of ``0-9 a-z A-Z _ -``; :mod:`rams.fair`), taken if the seat gave
  none for it yet and, when ``deal`` names the deal it is meant for (a browser names the
  one whose commitment it has seen), only if that deal is still the next. The table's
  ``fair`` says which deal is next, its commitment, who gave a seed, and the context;
- ``react`` ``{"reaction": "thanks"}``: a quick reaction of the catalogue
  (:mod:`rams.web.reactions`), shown to everyone at the table by the sender's seat;
- ``seat_bot`` ``{"seat": i, "level": "easy"}``: the host (the table's creator) gives a
  free seat to a bot while the table waits for players.

The server sends ``welcome`` (with ``protocol``, the server's version), ``state`` (a
snapshot, numbered ``seq``), ``delta`` (protocol 2: what changed since state ``base``,
making state ``seq``; :func:`apply_delta`), ``ack`` (an action stored),
``error`` ``{"code", "message", "clause", "hint"}``, ``pong`` ``{"seq"}`` (the ``seq`` of the
state the client should hold; None for a guest shown the game late), ``log``
``{"deal", "lines"}``,
``timeout`` ``{"seat", "action"}`` (a bot played a turn whose time ran out), ``rematch``
``{"id", "by", "token"}`` (a finished table's next one, made by seat ``by``: each seat is
sent its own token there, a spectator none; ``POST /api/tables/{id}/rematch``), ``seed``
``{"seed", "deal", "accepted"}`` (the answer to every seed, the hello's too: the deal it
counts for, or would have), ``reaction`` ``{"seat", "reaction", "text", "seconds"}`` and
``notice``
``{"code"}`` (``two_devices``: the seat is open in another window too). A seat's ``state`` is
built from the observation of that seat and nothing else, plus the public side of the
table (names, the score sheet), the same for every game (:mod:`rams.games.wire`). Its
``legal`` holds the seat's choices in one shape: ``cards`` to play, a ``pick`` of cards
for one action (``{"cards", "verb", "least", "most"}``: send ``"VERB C1 C2"``) and
``buttons`` (``{"action", "label", "key"}``: send the action); :func:`random_action`
chooses among them as a test or a load benchmark does.

Protocol 3 (among several server processes, rams.web.cluster): a socket whose table
another process plays, and whose hello says protocol 3, is answered ``go`` ``{"url"}``
and closed: the client opens that address (the table's process's own port) and says its
hello there; a client of an earlier protocol is relayed to that process as before.

Protocol 2 (docs/web.md, «The protocol»): after the first full ``state`` (after the hello,
a ``lang``, a stale action, a ``resync``), each change of the table comes to a client as a
``delta`` ``{"base", "seq", "set", "unset", "table", "log"}`` — the fields that changed,
the table's fields that changed, and the deal's new lines (``{"at": k, "lines": […]}``:
keep the first ``k`` lines, then add these) — so a message costs the same whatever the
deal's length. A delta whose ``base`` is not the ``seq`` of the client's state (a message
missed) is not applied: the client sends ``resync``, and a full state comes; so does a
client whose ``pong`` names another ``seq`` than its state's (a change missed while no
other came).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from rams.fair import is_client_seed
from rams.words import Phrase, text

__all__ = [
    "LANGS",
    "MAX_MESSAGE",
    "PROTOCOL",
    "Act",
    "ClientMessage",
    "Hello",
    "Lang",
    "Log",
    "Message",
    "Ping",
    "ProtocolError",
    "React",
    "Ready",
    "Resync",
    "SeatBot",
    "Seed",
    "apply_delta",
    "encoded",
    "error",
    "parse_message",
    "random_action",
]

#: The version of the protocol this server speaks (2: deltas after a full state; 3: a
#: client follows ``go`` to its table's process).
PROTOCOL = 3
#: The largest message a client may send, in characters.
MAX_MESSAGE = 4096
LANGS = ("ru", "en")


class Message(dict[str, Any]):
    """A message the server sends to several clients: its JSON is encoded once, when the
    first of them sends it (:func:`encoded`). It is not changed once sent."""

    __slots__ = ("_text",)

    def text(self) -> str:
        try:
            return self._text
        except AttributeError:
            self._text: str = json.dumps(self, ensure_ascii=False)
            return self._text


def encoded(message: dict[str, Any]) -> str:
    """A message as the JSON text a websocket sends (a :class:`Message`'s encoded once)."""
    if isinstance(message, Message):
        return message.text()
    return json.dumps(message, ensure_ascii=False)


def apply_delta(state: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """The state a ``delta`` makes of ``state`` (the one whose ``seq`` is the delta's
    ``base``), as a new dict; ``state`` is left as it was. Raises ValueError for a delta
    that does not apply to it (a message missed: ask for the whole state again)."""
    if state.get("seq") is None or delta.get("base") != state["seq"]:
        raise ValueError("a delta for another state")
    out = {**state, **delta.get("set", {}), "seq": delta["seq"]}
    for key in delta.get("unset", ()):
        out.pop(key, None)
    if "table" in delta:
        out["table"] = {**out["table"], **delta["table"]}
    log = delta.get("log")
    if log is not None:
        if log["at"] > len(state["log"]):
            raise ValueError("a delta for a longer log")
        out["log"] = [*state["log"][: log["at"]], *log["lines"]]
    return out


def error(
    code: str,
    lang: str = "en",
    *,
    clause: str | None = None,
    hint: str | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """An ``error`` message in the client's language."""
    message = text(f"server.{code}", lang, **fields)
    return {"type": "error", "code": code, "message": message, "clause": clause, "hint": hint}


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
    seed: str | None = None
    #: The deal the seed is meant for (None: whichever is next).
    deal: int | None = None
    #: The version of the protocol the client speaks (1: full states only).
    protocol: int = 1


@dataclass(frozen=True, slots=True)
class Act:
    """An action in record notation, read by the table's own family when it is taken."""

    action: str
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


@dataclass(frozen=True, slots=True)
class Resync:
    """The whole state again (a client that missed a delta)."""


@dataclass(frozen=True, slots=True)
class Log:
    deal: int


@dataclass(frozen=True, slots=True)
class Seed:
    """A seat's client seed for the next deal (rams.fair), or only for deal ``deal``."""

    seed: str
    deal: int | None = None


@dataclass(frozen=True, slots=True)
class React:
    """A quick reaction (its key in the catalogue; checked by :mod:`rams.web.reactions`)."""

    reaction: str


@dataclass(frozen=True, slots=True)
class SeatBot:
    """The host gives free seat ``seat`` (0-based) to a bot of ``level``."""

    seat: int
    level: str


ClientMessage = Hello | Act | Lang | Ready | Ping | Resync | Log | Seed | React | SeatBot


def _seed(data: dict[str, Any]) -> str | None:
    seed = data.get("seed")
    if seed is not None and not is_client_seed(seed):
        raise ProtocolError("bad_message", why=Phrase("server.why_seed"))
    return seed


def _lang(data: dict[str, Any], default: str | None) -> str:
    lang = data.get("lang", default)
    if lang not in LANGS:
        raise ProtocolError("bad_message", why=Phrase("server.why_lang"))
    assert isinstance(lang, str)
    return lang


def _opt_int(data: dict[str, Any], key: str) -> int | None:
    v = data.get(key)
    if v is None:
        return None
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < 1_000_000:
        raise ProtocolError("bad_message", why=Phrase("server.why_number", field=key))
    return v


def parse_message(text: str | bytes) -> ClientMessage:
    """Read a client's message; raises :class:`ProtocolError` (nothing else) for bad input."""
    if not isinstance(text, str):
        raise ProtocolError("bad_message", why=Phrase("server.why_binary"))
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("too_big", size=len(text), limit=MAX_MESSAGE)
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("bad_json") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", why=Phrase("server.why_object"))
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", why=Phrase("server.why_type"))
    if kind == "hello":
        token = data.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > 200):
            raise ProtocolError("bad_message", why=Phrase("server.why_token"))
        protocol = _opt_int(data, "protocol")
        return Hello(
            token or None,
            _lang(data, "ru"),
            _seed(data),
            _opt_int(data, "deal"),
            min(protocol or 1, PROTOCOL),
        )
    if kind == "act":
        text_action = data.get("action")
        if not isinstance(text_action, str) or len(text_action) > 100:
            raise ProtocolError("bad_message", why=Phrase("server.why_action"))
        return Act(text_action, _opt_int(data, "deal"), _opt_int(data, "step"))
    if kind == "lang":
        return Lang(_lang(data, None))
    if kind == "ready":
        return Ready()
    if kind == "ping":
        return Ping()
    if kind == "resync":
        return Resync()
    if kind == "log":
        deal = _opt_int(data, "deal")
        if deal is None or deal < 1:
            raise ProtocolError("bad_message", why=Phrase("server.why_number", field="deal"))
        return Log(deal)
    if kind == "seed":
        seed = _seed(data)
        if seed is None:
            raise ProtocolError("bad_message", why=Phrase("server.why_seed"))
        return Seed(seed, _opt_int(data, "deal"))
    if kind == "react":
        reaction = data.get("reaction")
        if not isinstance(reaction, str) or len(reaction) > 40:
            raise ProtocolError("bad_message", why=Phrase("table.lobby.why_reaction"))
        return React(reaction)
    if kind == "seat_bot":
        seat = _opt_int(data, "seat")
        level = data.get("level")
        if seat is None:
            raise ProtocolError("bad_message", why=Phrase("server.why_number", field="seat"))
        if not isinstance(level, str) or len(level) > 40:
            raise ProtocolError("bad_message", why=Phrase("table.lobby.why_level"))
        return SeatBot(seat, level)
    raise ProtocolError("unknown_type", what=kind[:40])


def random_action(
    state: dict[str, Any], rng: random.Random, never: tuple[str, ...] = ("claim", "together")
) -> str | None:
    """A random legal action of a ``state`` message, in the form ``act`` sends it; None
    when the seat has no choice. Buttons in ``never`` are not pressed (by default a Rams
    claim and Boston's «together», which the bots make for themselves), and a Rams
    «Даве» only one time in ten (a game of random doublings would not end)."""
    legal = state.get("legal")
    if not legal:
        return None
    if legal["cards"]:
        return str(rng.choice(legal["cards"]))
    actions = [b["action"] for b in legal["buttons"] if b["action"] not in never]
    pick = legal["pick"]
    if pick is not None and (not actions or rng.random() < 0.5):
        k = rng.randint(pick["least"], pick["most"])
        return " ".join([pick["verb"], *rng.sample(pick["cards"], k)])
    if "dave" in actions and rng.random() >= 0.1:
        actions = [a for a in actions if a != "dave"] or actions
    return str(rng.choice(actions)) if actions else None
