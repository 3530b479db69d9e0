"""A deal in words as it goes: each seat's and a spectator's lines, worded one event at a
time, never the whole deal again.

:func:`~rams.games.wire.state_message` words a seat's whole deal afresh
(``family.deal_lines``): a deal of n actions costs O(n²) words to show to one seat. A
:class:`Narrator` keeps, for each viewer (a seat, or ``None`` for a spectator) and each
language, a stream: the family's announcer fed the events that viewer has seen so far
(its observation's, the one gate), the lines it wrote and the line of the trick still on
the table. Each change of the deal feeds each stream the new events only. Viewers who have
seen the very same events (equal as observed: a spectator and a seat that holds no secret
yet, two seats before an exchange) share one stream, so those events are worded once per
language; a viewer whose events part from the others' gets a copy of the stream there.

The lines of a stream are exactly ``family.deal_lines(events, names, lang)`` of its events
(``tests/test_narration.py``), so a client that holds the first ``count`` lines of an
earlier message needs only the lines from there on (:attr:`Words.count`,
:attr:`Words.pending`).
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rams.games.replaying import Announcing

__all__ = ["Narrator", "Stream", "Words"]

#: A viewer of a deal in a language: (seat or None, lang).
Key = tuple[int | None, str]


def _clone(announcer: Announcing) -> Announcing:
    """A copy of an announcer that shares no list with it (its cards of the trick)."""
    twin = copy.copy(announcer)
    for name, value in vars(twin).items():
        if isinstance(value, list):
            setattr(twin, name, list(value))
    return twin


class Words:
    """What one viewer is shown of the deal at one moment: the stream's first ``count``
    lines, then ``pending`` (the cards of the trick not yet taken, which the next events
    may rewrite)."""

    __slots__ = ("count", "pending", "stream")

    def __init__(self, stream: Stream, count: int, pending: tuple[str, ...]) -> None:
        self.stream = stream
        self.count = count
        self.pending = pending

    def lines(self) -> list[str]:
        """The whole log as a list (a full state's ``log``)."""
        return [*self.stream.lines[: self.count], *self.pending]

    def since(self, count: int) -> list[str]:
        """The lines after the first ``count`` (a delta's): the settled ones, then the
        pending."""
        return [*self.stream.lines[count : self.count], *self.pending]


class Stream:
    """The deal in words as one line of viewers saw it: an announcer, the lines it wrote,
    the events it was fed, and the pending lines of the trick on the table."""

    __slots__ = ("announcer", "fed", "lines", "pending")

    def __init__(self, announcer: Announcing) -> None:
        self.announcer = announcer
        self.lines: list[str] = []
        self.fed = 0
        self.pending: tuple[str, ...] = ()

    def feed(self, events: Sequence[Any]) -> None:
        self.lines += self.announcer.feed(events)
        self.fed += len(events)
        self.pending = tuple(_clone(self.announcer).flush())

    def fork(self) -> Stream:
        twin = Stream(_clone(self.announcer))
        twin.lines = list(self.lines)
        twin.fed = self.fed
        twin.pending = self.pending
        return twin

    def words(self) -> Words:
        return Words(self, len(self.lines), self.pending)


class Narrator:
    """The current deal in words for every viewer of a table (:mod:`rams.games.narration`).

    ``family`` gives the announcer (``family.announcer(names, lang)``)."""

    def __init__(self, family: Any, names: Sequence[str]) -> None:
        self.family = family
        self.names = list(names)
        self.deal = -1
        self._streams: dict[Key, Stream] = {}
        #: Events worded, in all (a measure: the same events for viewers who share a
        #: stream count once).
        self.worded = 0

    def update(self, deal: int, seen: Mapping[Key, Sequence[Any]]) -> dict[Key, Words]:
        """Bring every viewer of ``seen`` (its observed events of deal ``deal``, 1-based)
        up to date; a viewer not named is forgotten. Returns what each is shown now."""
        if deal != self.deal:
            self.deal = deal
            self._streams = {}
        streams = {k: s for k, s in self._streams.items() if k in seen}
        holders = Counter(id(s) for s in streams.values())
        moving: dict[tuple[int, tuple[Any, ...]], list[Key]] = {}
        fresh: dict[tuple[str, tuple[Any, ...]], list[Key]] = {}
        for key, events in seen.items():
            stream = streams.get(key)
            if stream is None or stream.fed > len(events):
                fresh.setdefault((key[1], tuple(events)), []).append(key)
            else:
                moving.setdefault((id(stream), tuple(events[stream.fed :])), []).append(key)
        for (sid, new), keys in moving.items():
            if not new:
                continue
            stream = streams[keys[0]]
            if len(keys) < holders[sid]:  # others of this stream saw otherwise: part here
                stream = stream.fork()
                for key in keys:
                    streams[key] = stream
            stream.feed(new)
            self.worded += len(new)
        for (lang, events), keys in fresh.items():
            stream = Stream(self.family.announcer(self.names, lang))
            stream.feed(events)
            self.worded += len(events)
            for key in keys:
                streams[key] = stream
        self._streams = streams
        return {key: stream.words() for key, stream in streams.items()}
