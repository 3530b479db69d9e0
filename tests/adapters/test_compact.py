"""The compact observation (:class:`rams.adapters.encoding.Encoder` with ``compact=True``)
is lossless and small: its ``plays`` decode back to the tricks card by card, its
``stream`` back to the events in order, and along random play of every table no two
different views of a seat get the same tensor. (That it leaks nothing is shown on twin
deals with the other tensors, in ``test_leak.py``.)"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from rams.adapters.encoding import DETAIL_CHARS, Encoder
from rams.adapters.episode import Episode, EpisodeSpec
from tests.adapters.tables import FAMILY_TABLES, TABLES, table_id

_PLAYED = ("PLAY", "CARD", "TRICK")


def view_key(view: Any) -> tuple[Any, ...]:
    """Everything a seat's view holds that a history can change: every event as the seat
    sees it, its hand now and as dealt, who is to move."""
    events = tuple(
        (e.kind.name, e.seat, tuple(e.cards), tuple(e.secret), tuple(e.drawn), e.detail,
         e.number, e.delta)
        for e in view.events
    )  # fmt: skip
    return events, tuple(view.hand), tuple(getattr(view, "dealt", ())), view.to_move


def decode_plays(enc: Encoder, out: np.ndarray) -> list[list[tuple[int, int]]]:
    """The tricks (seat, card in the order played) read back from ``plays`` alone."""
    n = enc.n
    plays = enc.views(out)["plays"]
    found: dict[tuple[int, int], tuple[int, int]] = {}
    for card in range(52):
        row = plays[card]
        if not row.any():
            continue
        seat, place, trick = (int(np.flatnonzero(part)[0]) for part in
                              (row[:n], row[n : 2 * n], row[2 * n :]))  # fmt: skip
        assert row.sum() == 3, row
        found[(trick, place)] = (seat, card)
    tricks: list[list[tuple[int, int]]] = []
    for trick, place in sorted(found):
        if place == 0:
            tricks.append([])
        assert len(tricks) == trick + 1 and len(tricks[trick]) == place
        tricks[trick].append(found[(trick, place)])
    return tricks


def decode_stream(enc: Encoder, out: np.ndarray) -> list[tuple[Any, ...]]:
    """The streamed events (kind, seat, detail, cards named) read back from ``stream``."""
    n = enc.n
    kinds = {i: k.name for k, i in enc.stream_kinds.items()}
    k_size = len(kinds)
    said = []
    for slot in enc.views(out)["stream"]:
        if not slot.any():
            break
        kind = kinds[int(np.flatnonzero(slot[:k_size])[0])]
        seat_at = int(np.flatnonzero(slot[k_size : k_size + n + 1])[0])
        chars_at = k_size + n + 1 + 32
        chars = slot[chars_at : chars_at + DETAIL_CHARS]
        detail = "".join(chr(round(float(x) * 128)) for x in chars if x)
        cards_at = chars_at + DETAIL_CHARS + 2
        named = tuple(int(c) for c in np.flatnonzero(slot[cards_at : cards_at + 52]))
        said.append((kind, None if seat_at == n else seat_at, detail, named))
    return said


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_the_compact_tensor_decodes_back_and_tells_every_view_apart(
    table: tuple[str, int], sweep_scale: int
) -> None:
    spec = EpisodeSpec(*table)
    enc = Encoder(spec, compact=True)
    out = np.zeros(enc.size, np.float32)
    rng = random.Random(table_id(table))
    seen: dict[bytes, tuple[int, tuple[Any, ...]]] = {}
    views = 0
    for _ in range(6 * sweep_scale):
        ep = Episode.shuffled(spec, rng)
        while True:
            for seat in range(spec.players):
                view = ep.observation(seat)
                enc.write(view, seat, out)
                assert decode_plays(enc, out) == [list(t) for t in view.tricks]
                streamed = [e for e in view.events if e.kind.name not in _PLAYED]
                assert len(streamed) <= enc.stream_slots
                assert decode_stream(enc, out) == [
                    (e.kind.name, e.seat, e.detail,
                     tuple(sorted({*e.cards, *e.secret, *e.drawn})))
                    for e in streamed
                ]  # fmt: skip
                assert all(len(e.detail) <= DETAIL_CHARS and e.detail.isascii() for e in streamed)
                key = (seat, view_key(view))
                assert seen.setdefault(out.tobytes(), key) == key, "two views, one tensor"
                views += 1
            if ep.is_over:
                break
            ep.apply(rng.choice(ep.legal()))
    assert len(seen) == views or len(seen) > views // 4  # (some views repeat: same key)


@pytest.mark.parametrize("table", FAMILY_TABLES, ids=table_id)
def test_the_compact_tensor_is_a_third_of_the_full_one(table: tuple[str, int]) -> None:
    """Small: under 40 % of the full tensor, whose 48 event slots were most of it."""
    spec = EpisodeSpec(*table)
    full, compact = Encoder(spec), Encoder(spec, compact=True)
    assert compact.size < 0.4 * full.size
    assert "events" not in dict((name, size) for name, size, _ in compact.pieces)
    n, tricks = spec.players, spec.max_tricks
    assert compact.views(np.zeros(compact.size))["plays"].shape == (52, n + tricks + n)


def test_the_check_tells_a_lossy_tensor() -> None:
    """The check can fail: one deck played on in many ways, the views of a seat meet in one
    tensor once its stream is blotted out (who exchanged how many cards is said there
    only), and never with it."""
    spec = EpisodeSpec("classic", 3)
    enc = Encoder(spec, compact=True)
    rng = random.Random(1)
    out = np.zeros(enc.size, np.float32)
    stream = enc.offsets["stream"]
    deck = Episode.shuffled(spec, random.Random(4))
    whole: dict[bytes, tuple[Any, ...]] = {}
    blotted: dict[bytes, tuple[Any, ...]] = {}
    met = 0
    for _ in range(60):
        ep = Episode.dealt(spec, deck.deck, deck.extra)
        while not ep.is_over:
            view = ep.observation(0)
            key = view_key(view)
            enc.write(view, 0, out)
            assert whole.setdefault(out.tobytes(), key) == key
            out[stream : stream + enc.stream_slots * enc.stream_slot] = 0.0
            met += blotted.setdefault(out.tobytes(), key) != key
            ep.apply(rng.choice(ep.legal()))
    assert met > 0
