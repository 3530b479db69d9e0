"""Outside programs as bots: the open bot protocol (``rams-bot/1``, ``docs/bot-protocol.md``).

A :class:`ProgramBot` runs a program in a subprocess and speaks to it in JSON lines over its
standard input and output. The program is told the game, the rules and its seat (``hello``),
then, at each decision, its seat's observation — what ``deal.observation(seat)`` gives, written
as JSON by :func:`observation_json`, nothing more — and its legal actions in record notation
(``act``; an offer out of turn, a Rams claim or Boston's «Играю вместе», is an ``offer``); it
answers one ``action`` within its time. It is sent the events its seat sees as they come
(``events``), each deal's start and end and the game's end.

A program that breaks the protocol — an illegal action, an answer too late, a crash, a line
that is not the protocol's JSON, too long a line — is sent a named ``error`` and stopped, and
its seat goes to a stand-in bot (``random`` by default) for the rest of the game: the host
never fails with it. The program runs with limits: its time for each decision and for its
start, its memory (the address space, ``RLIMIT_AS``), the length of a line.

>>> import random
>>> from rams import games
>>> deal = games.new_match("classic", 3, rng=random.Random(1), first_dealer=0).start_deal()
>>> view = observation_json(deal.observation(1))  # (the dealer's left: the first to declare)
>>> view["seat"], view["phase"], len(view["hand"])
(1, 'declare', 5)
>>> sorted(view["legal_actions"])
['pass', 'play']
"""

from __future__ import annotations

import contextlib
import enum
import json
import os
import random
import select
import signal
import subprocess
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass
from typing import IO, Any, Protocol

from rams.bots import make_bot
from rams.cards import SUITS, card_str
from rams.events import Event
from rams.games.protocol import AnyBot
from rams.words import decimal, text

__all__ = [
    "FAILURES",
    "PROTOCOL",
    "Channel",
    "Failure",
    "Limits",
    "ProgramBot",
    "ProtocolBreak",
    "event_json",
    "observation_json",
    "read_line",
    "start_program",
    "write_line",
]

#: The protocol's name and version: a program's ``ready`` must name it.
PROTOCOL = "rams-bot/1"

#: The failures the host names (each a key of the catalogue's ``program`` words).
FAILURES = ("no_start", "illegal", "late", "crashed", "garbage", "too_long", "bad_message")

#: The fields of a view that hold cards, each as (how deep the card codes lie): a card, a
#: list of cards, a list of (seat, card) pairs, a list of such lists.
_CARD_FIELDS = {
    "hand": "cards",
    "dealt": "cards",
    "turned": "card",
    "trick": "pairs",
    "tricks": "tricks",
    "known": "hands",
    "shown": "hands",
}


@dataclass(frozen=True)
class Limits:
    """What a program is allowed: seconds per decision, seconds to start (its ``ready``),
    its memory in MiB (``None``: no limit), the longest line it may write."""

    move_seconds: float = 1.0
    start_seconds: float = 5.0
    memory_mb: int | None = 512
    line_bytes: int = 65_536

    def to_json(self) -> dict[str, Any]:
        """The limits as the ``hello`` tells them."""
        return {
            "move_seconds": self.move_seconds,
            "start_seconds": self.start_seconds,
            "memory_mb": self.memory_mb,
            "line_bytes": self.line_bytes,
        }


@dataclass(frozen=True)
class Failure:
    """Why a program lost its seat: ``code`` (one of :data:`FAILURES`), the program's own
    text it is about (``detail``: the answer refused, the start of a line of garbage) and a
    ``number`` (the seconds it was given, its exit status, the length of its line)."""

    code: str
    detail: str = ""
    number: float | None = None

    def to_json(self) -> dict[str, Any]:
        """The failure as the ``error`` message and a ladder's results give it."""
        return {"code": self.code, "detail": self.detail, "number": self.number}

    def words(self, lang: str = "en") -> str:
        """The failure in the catalogue's words (``program.failure.CODE``)."""
        number = self.number
        said = "?" if number is None else decimal(number, lang, None)
        count = 0 if number is None else int(number)
        return text(f"program.failure.{self.code}", lang, detail=self.detail, number=said,
                    count=count)  # fmt: skip


class ProtocolBreak(Exception):
    """A program broke the protocol (what a :class:`Channel` raises): its :class:`Failure`."""

    def __init__(self, code: str, detail: str = "", number: float | None = None) -> None:
        super().__init__(code)
        self.failure = Failure(code, detail[:200], number)


_Broken = ProtocolBreak


def read_line(line: bytes, line_bytes: int) -> Any:
    """A line a program wrote, read as JSON; :class:`ProtocolBreak` for one too long
    (``too_long``) or not JSON (``garbage``)."""
    if len(line) > line_bytes:
        raise _Broken("too_long", "", len(line))
    try:
        return json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _Broken("garbage", line[:80].decode("utf-8", "replace")) from None


def write_line(message: Mapping[str, Any]) -> bytes:
    """A message as the host writes it: one line of JSON."""
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


class Channel(Protocol):
    """How the host reaches a program: a process's pipes here (:func:`start_program`), a
    websocket to the person's connector on the web server (:mod:`rams.web.ladder`). Each
    call raises :class:`ProtocolBreak` when the program breaks the protocol."""

    def send(self, message: Mapping[str, Any], seconds: float) -> None:
        """Write one message within ``seconds``."""
        ...

    def receive(self, seconds: float) -> Any:
        """The program's next line, read as JSON, within ``seconds``."""
        ...

    def finish(self) -> None:
        """Close the program's input and give it a moment to leave by itself, then stop it."""
        ...

    def stop(self) -> None:
        """Stop the program now."""
        ...


# The wire form of a view --------------------------------------------------------------


def _cards(value: Any, shape: str) -> Any:
    if value is None:
        return None
    if shape == "card":
        return card_str(value)
    if shape == "cards":
        return [card_str(c) for c in value]
    if shape == "pairs":
        return [[s, card_str(c)] for s, c in value]
    if shape == "tricks":
        return [_cards(t, "pairs") for t in value]
    return [_cards(h, "cards") for h in value]  # hands


def _plain(value: Any) -> Any:
    """A value of a view as JSON: enums by value, tuples as lists; raises TypeError for what
    has no wire form (so that a family's new field cannot slip through unwritten)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    raise TypeError(f"no wire form for {type(value).__name__}")


def event_json(event: Event) -> dict[str, Any]:
    """An event as the seat sees it: its kind, seat, cards (record codes), delta and record,
    clause, detail, number; the cards only its seat sees (``secret``, ``drawn``) as the gate
    left them (:meth:`Event.seen_by` empties them for every other seat)."""
    return {
        "kind": _plain(event.kind),
        "seat": event.seat,
        "cards": _cards(event.cards, "cards"),
        "delta": event.delta,
        "record": event.record,
        "clause": event.clause,
        "detail": event.detail,
        "number": event.number,
        "secret": _cards(event.secret, "cards"),
        "drawn": _cards(event.drawn, "cards"),
    }


def observation_json(view: Any) -> dict[str, Any]:
    """A seat's observation, every field of it and nothing else, as JSON: cards as record
    codes (``AS``, ``TD``), the trump as a suit letter (``S C D H``), the rules as their
    record form, events by :func:`event_json`, the legal actions in record notation."""
    if not is_dataclass(view):
        raise TypeError(f"not an observation: {type(view).__name__}")
    out: dict[str, Any] = {}
    for f in fields(view):
        value = getattr(view, f.name)
        if f.name in _CARD_FIELDS:
            out[f.name] = _cards(value, _CARD_FIELDS[f.name])
        elif f.name == "trump":
            out[f.name] = None if value is None or value < 0 else SUITS[value]
        elif f.name == "rules":
            out[f.name] = value.to_json()
        elif f.name == "events":
            out[f.name] = [event_json(e) for e in value]
        elif f.name == "legal_actions":
            out[f.name] = [str(a) for a in value]
        else:
            out[f.name] = _plain(value)
    return out


# The host -----------------------------------------------------------------------------


def _limit_memory(mb: int | None) -> Callable[[], None] | None:
    if mb is None:
        return None

    def limit() -> None:  # (in the child, before the program starts)
        import resource

        size = mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size, size))

    return limit


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a program and everything it started (its process group), then reap it."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=5)
    for pipe in (process.stdin, process.stdout):
        if pipe is not None:
            with contextlib.suppress(OSError):
                pipe.close()


class _Pipe:
    """A program's standard input and output, each read or written within a deadline."""

    def __init__(self, process: subprocess.Popen[bytes], line_bytes: int) -> None:
        assert process.stdin is not None and process.stdout is not None
        self.process = process
        self.out: IO[bytes] = process.stdin
        self.inp: IO[bytes] = process.stdout
        os.set_blocking(self.out.fileno(), False)
        self.line_bytes = line_bytes
        self.buffer = b""

    def send(self, message: Mapping[str, Any], seconds: float) -> None:
        data = write_line(message)
        deadline = time.monotonic() + seconds
        fd = self.out.fileno()
        while data:
            left = deadline - time.monotonic()
            if left <= 0:
                raise _Broken("late", "", seconds)
            _, ready, _ = select.select([], [fd], [], left)
            if not ready:
                continue
            try:
                data = data[os.write(fd, data) :]
            except BlockingIOError:
                continue
            except (BrokenPipeError, ConnectionResetError):
                raise _Broken("crashed", "", self._exit()) from None

    def receive(self, seconds: float) -> Any:
        deadline = time.monotonic() + seconds
        fd = self.inp.fileno()
        while b"\n" not in self.buffer:
            if len(self.buffer) > self.line_bytes:
                raise _Broken("too_long", "", len(self.buffer))
            left = deadline - time.monotonic()
            if left <= 0:
                raise _Broken("late", "", seconds)
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65_536)
            if not chunk:
                raise _Broken("crashed", "", self._exit())
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return read_line(line, self.line_bytes)

    def finish(self) -> None:
        with contextlib.suppress(OSError):
            self.out.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=0.5)
        _stop(self.process)

    def stop(self) -> None:
        _stop(self.process)

    def _exit(self) -> int | None:
        """The program's exit status (None: it closed its output but runs on)."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=1)
        return self.process.poll()


def start_program(
    command: Sequence[str],
    limits: Limits,
    stderr: int | IO[Any] | None = subprocess.DEVNULL,
    cwd: str | None = None,
) -> Channel:
    """Start ``command`` in its own process group with the memory limit of ``limits``: the
    channel to it over its standard input and output."""
    try:
        process = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            cwd=cwd,
            start_new_session=True,  # (its own process group: stopped with all it starts)
            preexec_fn=_limit_memory(limits.memory_mb),
        )
    except OSError:
        raise _Broken("no_start", command[0] if command else "") from None
    return _Pipe(process, limits.line_bytes)


class ProgramBot:
    """A bot that is an outside program (``command``, an argument list), spoken to by the
    protocol :data:`PROTOCOL`; started at its first decision, stopped by :meth:`close` (or
    when the bot is dropped). ``name`` is the name it plays under (a ladder's entrant).

    After a failure (:attr:`failure`) the seat is played by ``standin`` (a bot's name of
    the family, made with ``rng``). ``on_failure(bot)`` is called once, when it happens.
    ``stderr`` is where the program's own standard error goes (by default nowhere).
    ``connect``, when given, reaches the program instead of starting ``command`` here (the
    web server's relay to a person's connector)."""

    def __init__(
        self,
        command: Sequence[str],
        rng: random.Random,
        *,
        name: str | None = None,
        limits: Limits = Limits(),
        standin: str = "random",
        on_failure: Callable[[ProgramBot], None] | None = None,
        stderr: int | IO[Any] | None = subprocess.DEVNULL,
        cwd: str | None = None,
        connect: Callable[[], Channel] | None = None,
    ) -> None:
        self.command = list(command)
        self.name = name or " ".join(self.command)
        self.rng = rng
        self.limits = limits
        self.standin_name = standin
        self.on_failure = on_failure
        self.connect = connect or (lambda: start_program(self.command, limits, stderr, cwd))
        #: Why the program lost its seat (None while it plays).
        self.failure: Failure | None = None
        #: The name the program gave in its ``ready``.
        self.program_name: str | None = None
        #: The decisions it was asked for.
        self.asked = 0
        self._standin: AnyBot | None = None
        self._channel: Channel | None = None
        self._deals = 0
        self._events: tuple[Event, ...] = ()
        self._finalizer: weakref.finalize[Any, Any] | None = None

    @property
    def running(self) -> bool:
        """Whether the program is running (started, not yet stopped)."""
        return self._channel is not None

    # The bot's side -----------------------------------------------------------------------

    def act(self, view: Any) -> Any:
        """The program's action for ``view`` (its stand-in's once it has failed)."""
        answer = self._ask(view, "act", list(view.legal_actions))
        assert answer is not None
        return answer

    def act_out_of_turn(self, view: Any, offers: list[Any]) -> Any | None:
        """The program's answer to an offer out of turn: one of ``offers``, or None."""
        return self._ask(view, "offer", offers)

    def deal_over(self, view: Any, scores: Sequence[int], game_over: bool) -> None:
        """Tell the program a deal has ended (``deal_end``: the events it has not yet been
        sent, the scores as the family keeps them), and the game (``game_end``)."""
        channel = self._channel
        if channel is None or self.failure is not None:
            return
        try:
            self._catch_up(channel, view)
            message = {"type": "deal_end", "deal": self._deals, "scores": list(scores)}
            channel.send(message, self.limits.move_seconds)
            if game_over:
                channel.send({"type": "game_end", "scores": list(scores)}, 1.0)
        except _Broken as e:
            self._fail(e.failure)

    def close(self) -> None:
        """Say ``bye`` and stop the program (at once if it does not leave by itself)."""
        channel = self._channel
        if channel is None:
            return
        self._channel = None
        if self._finalizer is not None:
            self._finalizer.detach()
        if self.failure is None:
            with contextlib.suppress(_Broken):
                channel.send({"type": "bye"}, 0.5)
            channel.finish()
        else:
            channel.stop()

    # The protocol -------------------------------------------------------------------------

    def _ask(self, view: Any, kind: str, choices: list[Any]) -> Any | None:
        if self.failure is None:
            try:
                return self._ask_program(view, kind, choices)
            except _Broken as e:
                self._fail(e.failure)
        return self._ask_standin(view, kind, choices)

    def _ask_standin(self, view: Any, kind: str, choices: list[Any]) -> Any | None:
        if self._standin is None:
            self._standin = make_bot(self.standin_name, self.rng, family=view.rules.family)
        if kind == "offer":
            decide = getattr(self._standin, "act_out_of_turn", None)
            return choices[0] if decide is None else decide(view, choices)
        return self._standin.act(view)

    def _ask_program(self, view: Any, kind: str, choices: list[Any]) -> Any | None:
        channel = self._start(view)
        self._catch_up(channel, view)
        self.asked += 1
        said = [str(c) for c in choices]
        message = {
            "type": kind,
            "id": self.asked,
            "observation": observation_json(view),
            "seconds": self.limits.move_seconds,
        }
        message["offers" if kind == "offer" else "legal"] = said
        channel.send(message, self.limits.move_seconds)
        answer = channel.receive(self.limits.move_seconds)
        if not isinstance(answer, dict) or answer.get("type") != "action":
            raise _Broken("bad_message", _short(answer))
        if answer.get("id") != self.asked:
            raise _Broken("bad_message", _short(answer))
        action = answer.get("action")
        if action is None and kind == "offer":
            return None
        if not isinstance(action, str) or action not in said:
            raise _Broken("illegal", _short(action))
        return choices[said.index(action)]

    def _start(self, view: Any) -> Channel:
        if self._channel is not None:
            return self._channel
        self._channel = channel = self.connect()
        self._finalizer = weakref.finalize(self, channel.stop)
        rules = view.rules
        hello = {
            "type": "hello",
            "protocol": PROTOCOL,
            "family": rules.family,
            "preset": rules.preset_name,
            "players": rules.players,
            "seat": view.seat,
            "rules": rules.to_json(),
            "limits": self.limits.to_json(),
        }
        try:
            channel.send(hello, self.limits.start_seconds)
            ready = channel.receive(self.limits.start_seconds)
        except _Broken as e:
            code = "no_start" if e.failure.code in ("late", "crashed") else e.failure.code
            detail = e.failure.detail or (self.command[0] if self.command else self.name)
            raise _Broken(code, detail, e.failure.number) from None
        if not isinstance(ready, dict) or ready.get("type") != "ready":
            raise _Broken("bad_message", _short(ready))
        if ready.get("protocol") != PROTOCOL:
            raise _Broken("bad_message", _short(ready))
        name = ready.get("name")
        self.program_name = name[:40] if isinstance(name, str) else None
        return channel

    def _catch_up(self, channel: Channel, view: Any) -> None:
        """Send the events the seat has not been sent yet; a new deal first (``deal``)."""
        events = tuple(view.events)
        seen = self._events
        if events[: len(seen)] != seen or not seen:
            if seen or self._deals == 0:
                self._deals += 1
                message = {"type": "deal", "deal": self._deals, "dealer": view.dealer}
                channel.send(message, self.limits.move_seconds)
            seen = ()
        new = events[len(seen) :]
        if new:
            message = {"type": "events", "events": [event_json(e) for e in new]}
            channel.send(message, self.limits.move_seconds)
        self._events = events

    def _fail(self, failure: Failure) -> None:
        self.failure = failure
        channel, self._channel = self._channel, None
        if channel is not None:
            message = {"type": "error", **failure.to_json(), "message": failure.words("en"),
                       "fatal": True}  # fmt: skip
            with contextlib.suppress(_Broken, OSError):
                channel.send(message, 0.2)
            channel.stop()
            if self._finalizer is not None:
                self._finalizer.detach()
        if self.on_failure is not None:
            self.on_failure(self)


def _short(value: Any) -> str:
    said = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
    return said[:80]
