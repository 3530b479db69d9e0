"""A seat's view as tensors and strings, written from ``observation(seat)`` alone.

Every adapter reads a deal only through the gate of :meth:`rams.games.protocol.DealState.
observation`: the tensors and strings below are functions of that view, so they hold
nothing the seat may not see (the leak tests check it on twin deals). A tensor is written
into a caller's NumPy buffer: it is zeroed, the positions of its ones are gathered as
plain ints and set in one indexed store, then the few scalars are written (building it
as a list of floats is what makes a Python game's tensors slow).

The layout (:class:`Encoder` ``pieces``), for ``n`` seats, ``T`` tricks, ``P`` phases, ``K``
kinds of event:

- ``player`` (n): the seat looking; ``to_move`` (n), ``dealer`` (n), ``phase`` (P),
  ``trump`` (5: the suit, or none);
- ``hand`` (52) and, in Rams, ``dealt`` (52: the hand as dealt): the private part;
- ``shown`` (n × 52): the cards of each hand everyone knows (Rams' ``known``, Whist's
  turned card, Boston's open hand); ``trick`` (n × 52): the card each seat has on the table;
- ``tricks`` (T × n × 52: the card each seat played to each trick, with perfect recall)
  or ``played`` (n × 52: the cards each seat has played, without);
- ``taken`` (n: tricks taken ÷ T), ``scores`` (n: the scores before the deal, scaled into
  [−1, 1]); Rams' ``calls`` (n × 3: none, play, pass), ``active`` (n), ``stock`` and
  ``stake`` (1 each), ``turned`` (52), ``dave`` (n); the plain games' ``sizes`` (n: cards
  in each hand ÷ T);
- ``events`` (S × slot): every event but the card plays, oldest first, as the seat sees
  it (:meth:`rams.events.Event.seen_by`): its kind (K), its seat (n + 1: none), its cards,
  its secret cards and cards drawn (52 each: only the seat's own), its detail hashed into
  32 buckets, its number and its score change (scaled). A deal has fewer than S events
  of these kinds (measured: at most 31 in random play); later ones are dropped.

The compact layout (``compact=True``): the same pieces but for the history, written
without the event slots' card planes that are mostly empty:

- ``plays`` (52 × (n + T + n), with perfect recall): for each card played, who played it,
  in which trick and at which place of the trick (first, second…); a card not played is
  all zeros;
- ``stream`` (S' × slot'): every event but the card plays and the tricks (whose cards are
  in ``plays``; their winner and points follow from the cards and the rules), oldest first:
  its kind (K), its seat (n + 1), its detail hashed into 32 buckets and its characters (12,
  each code ÷ 128, so that no two details meet), its number and score change (scaled), the
  cards it names (52: its cards, secret cards and cards drawn together) and which of the
  three it names (3). A deal has fewer than S' = 8 + 4n of these (:func:`stream_slots`;
  measured in random play: at most 24 at seven seats, 18 in Boston); later ones are dropped.

Together with the rest of the tensor (the hand, the hand as dealt) this is lossless: two
views of a seat that differ (in any event as the seat sees it, or in its hand) get
different tensors (``tests/adapters/test_compact.py`` checks it along random play of every
preset, and that the compact tensor, too, is the same on twin deals).

The strings are for people and logs: cards in the record notation of :mod:`rams.cards`
(``AS``, ``TH``), seats ``p1``… as the records write them.
"""

from __future__ import annotations

import functools
import zlib
from typing import Any

import numpy as np

from rams.adapters.episode import EpisodeSpec
from rams.cards import card_str, suit_str

__all__ = ["DETAIL_CHARS", "EVENT_SLOTS", "Encoder", "stream_slots"]

#: The events a tensor keeps (card plays are in ``tricks``/``played`` instead).
EVENT_SLOTS = 48


def stream_slots(players: int) -> int:
    """The events a compact tensor keeps for ``players`` seats (card plays and tricks are
    in ``plays`` instead): 8 + 4 a seat (measured in random play: at most 24 at seven seats,
    18 in Boston)."""
    return 8 + 4 * players


_DETAIL_BUCKETS = 32
#: How many characters of an event's detail a compact tensor writes (the longest: 10).
DETAIL_CHARS = 12
_SKIPPED_KINDS = frozenset({"PLAY", "CARD"})
#: Events a compact tensor leaves out of its stream: their cards are in ``plays``.
_PLAYED_KINDS = frozenset({"PLAY", "CARD", "TRICK"})
_CALLS = {None: 0, "play": 1, "pass": 2}


@functools.cache
def _bucket(detail: str) -> int:
    return zlib.crc32(detail.encode()) % _DETAIL_BUCKETS


@functools.cache
def _chars(detail: str, at: int) -> tuple[tuple[int, float], ...]:
    """The first :data:`DETAIL_CHARS` characters of a detail as scalars (code ÷ 128; a
    character past ASCII as 1), from position ``at``."""
    return tuple((at + i, min(ord(ch), 128) / 128) for i, ch in enumerate(detail[:DETAIL_CHARS]))


class Encoder:
    """The tensor layout and strings of a table's views, for one kind of observer.

    ``public``: the table and its history; ``private``: the seat's own cards; ``recall``:
    the whole history in order (an information state) rather than the position now;
    ``compact``: the history in the compact layout (``plays`` and ``stream``).
    """

    def __init__(
        self,
        spec: EpisodeSpec,
        *,
        public: bool = True,
        private: bool = True,
        recall: bool = True,
        compact: bool = False,
    ) -> None:
        self.spec = spec
        self.public, self.private, self.recall = public, private, recall
        self.compact = compact
        n, tricks = spec.players, spec.max_tricks
        self.n, self.tricks = n, tricks
        #: The view of a deal that opens with declarations (its planes, ``records``, ``known``).
        self.declared = spec.family.layout.declarations
        self.phases = {p: i for i, p in enumerate(spec.phase_type)}
        kinds = [k for k in spec.event_type if k.name not in _SKIPPED_KINDS]
        self.kinds = {k: i for i, k in enumerate(kinds)}
        #: Each kind's index by its id (hashing an enum member is slow), -1 if not kept.
        self.kind_ids = {id(k): self.kinds.get(k, -1) for k in spec.event_type}
        self.phase_ids = {id(p): i for p, i in self.phases.items()}
        self.slot = len(kinds) + (n + 1) + 3 * 52 + _DETAIL_BUCKETS + 2
        streamed = [k for k in spec.event_type if k.name not in _PLAYED_KINDS]
        self.stream_kinds = {k: i for i, k in enumerate(streamed)}
        #: Each kind's index in the compact stream by its id, -1 if left out.
        self.stream_ids = {id(k): self.stream_kinds.get(k, -1) for k in spec.event_type}
        self.stream_slot = len(streamed) + (n + 1) + _DETAIL_BUCKETS + DETAIL_CHARS + 2 + 52 + 3
        self.stream_slots = stream_slots(n)
        #: The width of a card's row of ``plays``: its seat, its trick, its place.
        self.play_width = n + tricks + n
        starts = [abs(x) for x in spec.start_scores]
        self.scale = float(max([50, *starts]))
        pieces: list[tuple[str, int, tuple[int, ...]]] = [("player", n, (n,))]
        if public:
            pieces += [
                ("to_move", n, (n,)),
                ("dealer", n, (n,)),
                ("phase", len(self.phases), (len(self.phases),)),
                ("trump", 5, (5,)),
            ]
        if private:
            pieces.append(("hand", 52, (52,)))
            if self.declared:
                pieces.append(("dealt", 52, (52,)))
        if public:
            pieces += [("shown", n * 52, (n, 52)), ("trick", n * 52, (n, 52))]
            if recall and compact:
                pieces.append(("plays", 52 * self.play_width, (52, self.play_width)))
            elif recall:
                pieces.append(("tricks", tricks * n * 52, (tricks, n, 52)))
            else:
                pieces.append(("played", n * 52, (n, 52)))
            pieces += [("taken", n, (n,)), ("scores", n, (n,))]
            if self.declared:
                pieces += [
                    ("calls", n * 3, (n, 3)),
                    ("active", n, (n,)),
                    ("stock", 1, (1,)),
                    ("stake", 1, (1,)),
                    ("turned", 52, (52,)),
                    ("dave", n, (n,)),
                ]
            else:
                pieces.append(("sizes", n, (n,)))
            if compact:
                shape = (self.stream_slots, self.stream_slot)
                pieces.append(("stream", self.stream_slots * self.stream_slot, shape))
            else:
                pieces.append(("events", EVENT_SLOTS * self.slot, (EVENT_SLOTS, self.slot)))
        self.pieces = pieces
        self.offsets: dict[str, int] = {}
        at = 0
        for name, size, _ in pieces:
            self.offsets[name] = at
            at += size
        self.size = at

    def views(self, buffer: np.ndarray) -> dict[str, np.ndarray]:
        """The named, shaped views of the pieces of a flat ``buffer`` (OpenSpiel's dict)."""
        return {
            name: buffer[self.offsets[name] : self.offsets[name] + size].reshape(shape)
            for name, size, shape in self.pieces
        }

    # Tensors ----------------------------------------------------------------------------

    def write(self, view: Any, seat: int, out: np.ndarray) -> None:
        """Write ``seat``'s tensor of ``view`` (its observation, or a spectator's for a
        public-only observer) into ``out`` (float32, :attr:`size` long)."""
        o = self.offsets
        n = self.n
        ones = [o["player"] + seat]
        scalars: list[tuple[int, float]] = []
        if self.private:
            base = o["hand"]
            ones += [base + c for c in view.hand]
            if self.declared:
                base = o["dealt"]
                ones += [base + c for c in view.dealt]
        if self.public:
            if view.to_move is not None:
                ones.append(o["to_move"] + view.to_move)
            ones.append(o["dealer"] + view.dealer)
            ones.append(o["phase"] + self.phase_ids[id(view.phase)])
            ones.append(o["trump"] + (4 if view.trump is None else view.trump))
            base = o["shown"]
            for s, cards in enumerate(view.known if self.declared else view.shown):
                ones += [base + 52 * s + c for c in cards]
            base = o["trick"]
            ones += [base + 52 * s + c for s, c in view.trick]
            if self.recall and self.compact:
                base, width = o["plays"], self.play_width
                seat_at, place_at = base, base + n
                trick_at = base + 2 * n
                for k, trick in enumerate(view.tricks):
                    for place, (s, c) in enumerate(trick):
                        at = width * c
                        ones += (seat_at + at + s, trick_at + at + k, place_at + at + place)
            elif self.recall:
                base = o["tricks"]
                for k, trick in enumerate(view.tricks):
                    ones += [base + 52 * (n * k + s) + c for s, c in trick]
            else:
                base = o["played"]
                for trick in view.tricks:
                    ones += [base + 52 * s + c for s, c in trick]
            base = o["taken"]
            scalars += [(base + s, t / self.tricks) for s, t in enumerate(view.tricks_taken)]
            base = o["scores"]
            scale = self.scale
            scores = view.records if self.declared else view.scores
            scalars += [(base + s, v / scale) for s, v in enumerate(scores[:n]) if v]
            if self.declared:
                base = o["calls"]
                ones += [base + 3 * s + _CALLS.get(call, 0) for s, call in enumerate(view.calls)]
                base = o["active"]
                ones += [base + s for s in view.active]
                scalars.append((o["stock"], view.stock_count / len(self.spec.pack)))
                scalars.append((o["stake"], min(1.0, view.stake / 16)))
                if view.turned is not None:
                    ones.append(o["turned"] + view.turned)
                if view.dave_offerer is not None:
                    ones.append(o["dave"] + view.dave_offerer)
            else:
                base = o["sizes"]
                scalars += [(base + s, h / self.tricks) for s, h in enumerate(view.hand_sizes)]
            if self.compact:
                self._stream(view.events, ones, scalars)
            else:
                self._events(view.events, ones, scalars)
        out.fill(0.0)
        out[np.fromiter(ones, np.intp, len(ones))] = 1.0  # (faster than indexing by a list)
        if scalars:
            where, values = zip(*scalars, strict=True)
            if max(values) > 1.0 or min(values) < -1.0:  # (scores far from the start)
                values = tuple(max(-1.0, min(1.0, v)) for v in values)
            out.put(where, values)

    def _events(self, events: Any, ones: list[int], scalars: list[tuple[int, float]]) -> None:
        kinds = self.kind_ids
        slot, n = self.slot, self.n
        k_size = len(self.kinds)
        at = self.offsets["events"]
        end = at + EVENT_SLOTS * slot
        scale = self.scale
        for e in events:
            index = kinds[id(e.kind)]
            if index < 0:
                continue
            if at >= end:
                break
            seat_at = at + k_size
            cards_at = seat_at + n + 1
            ones.append(at + index)
            ones.append(seat_at + (n if e.seat is None else e.seat))
            if e.cards:
                ones += [cards_at + c for c in e.cards]
            if e.secret:
                ones += [cards_at + 52 + c for c in e.secret]
            if e.drawn:
                ones += [cards_at + 104 + c for c in e.drawn]
            detail_at = cards_at + 156
            if e.detail:
                ones.append(detail_at + _bucket(e.detail))
            if e.number:
                scalars.append((detail_at + _DETAIL_BUCKETS, e.number / 16))
            if e.delta:
                scalars.append((detail_at + _DETAIL_BUCKETS + 1, e.delta / scale))
            at += slot

    def _stream(self, events: Any, ones: list[int], scalars: list[tuple[int, float]]) -> None:
        """The compact stream: the events but the card plays and tricks, a slot each."""
        kinds = self.stream_ids
        slot, n = self.stream_slot, self.n
        k_size = len(self.stream_kinds)
        at = self.offsets["stream"]
        end = at + self.stream_slots * slot
        scale = self.scale
        for e in events:
            index = kinds[id(e.kind)]
            if index < 0:
                continue
            if at >= end:
                break
            seat_at = at + k_size
            detail_at = seat_at + n + 1
            chars_at = detail_at + _DETAIL_BUCKETS
            number_at = chars_at + DETAIL_CHARS
            cards_at = number_at + 2
            fields_at = cards_at + 52
            ones.append(at + index)
            ones.append(seat_at + (n if e.seat is None else e.seat))
            if e.detail:
                ones.append(detail_at + _bucket(e.detail))
                scalars += _chars(e.detail, chars_at)
            if e.number:
                scalars.append((number_at, e.number / 16))
            if e.delta:
                scalars.append((number_at + 1, e.delta / scale))
            if e.cards:
                ones += [cards_at + c for c in e.cards]
                ones.append(fields_at)
            if e.secret:
                ones += [cards_at + c for c in e.secret]
                ones.append(fields_at + 1)
            if e.drawn:
                ones += [cards_at + c for c in e.drawn]
                ones.append(fields_at + 2)
            at += slot

    # Strings ----------------------------------------------------------------------------

    def string(self, view: Any, seat: int) -> str:
        """``seat``'s view in words for researchers (cards in record notation)."""
        parts = [f"p{seat + 1}"]
        if self.public:
            mover = "-" if view.to_move is None else f"p{view.to_move + 1}"
            trump = "-" if view.trump is None else suit_str(view.trump)
            parts.append(
                f"{view.phase.value} dealer p{view.dealer + 1} to move {mover} trump {trump}"
            )
        if self.private:
            parts.append("hand " + (" ".join(card_str(c) for c in view.hand) or "-"))
            if self.declared:
                parts.append("dealt " + (" ".join(card_str(c) for c in view.dealt) or "-"))
        if self.public:
            if self.recall:
                parts += [_event_str(e) for e in view.events]
            else:
                scores = view.records if self.declared else view.scores
                parts.append("scores " + " ".join(str(v) for v in scores))
                parts.append("taken " + " ".join(str(v) for v in view.tricks_taken))
                shown = view.known if self.declared else view.shown
                for s, cards in enumerate(shown):
                    if cards:
                        parts.append(f"shown p{s + 1} " + " ".join(card_str(c) for c in cards))
                if view.trick:
                    trick = " ".join(f"p{s + 1}:{card_str(c)}" for s, c in view.trick)
                    parts.append("trick " + trick)
        return "\n".join(parts)


def _event_str(e: Any) -> str:
    out = [e.kind.value]
    if e.seat is not None:
        out.append(f"p{e.seat + 1}")
    if e.cards:
        out.append(" ".join(card_str(c) for c in e.cards))
    if e.secret:
        out.append("secret " + " ".join(card_str(c) for c in e.secret))
    if e.drawn:
        out.append("drawn " + " ".join(card_str(c) for c in e.drawn))
    if e.number:
        out.append(f"#{e.number}")
    if e.detail:
        out.append(e.detail)
    if e.delta:
        out.append(f"{e.delta:+d}")
    return " ".join(out)
