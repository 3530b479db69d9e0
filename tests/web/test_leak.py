"""No seat is ever sent a card it may not see (the hidden-information gate, end to end).

A whole game with three people over websockets and a bot; every message each seat
receives is kept. Afterwards the game's record is replayed and, for each message, the
cards that seat could legitimately see at that moment are computed from the raw deal
(its hand now and as dealt, its own discards and draws, the turned card, cards shown or
played); any other card named anywhere in the message (as a code or in words, in either
language) is a leak: another hand, the stock, someone else's discards, the deck.
"""

from __future__ import annotations

import random
import re
from typing import Any

import httpx

from rams.cards import card_str, cards_of, pack
from rams.record import Record, loads
from tests.web.helpers import Seat, cards_named, create_table, join, over, play_until, thread_server

_CODE = re.compile(r"\b([2-9TJQKA][SCDH])\b")


def _named(message: Any) -> set[str]:
    found = cards_named(message)

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str):
            found.update(_CODE.findall(x))

    walk(message)
    return found


def visible(record: Record) -> dict[tuple[int, int], list[set[str]]]:
    """For every (deal, step) of the game, the cards each seat may see then."""
    out: dict[tuple[int, int], list[set[str]]] = {}
    n = record.rules.players
    for st in record.steps():
        deal = st.game.deal
        assert deal is not None
        at = (st.deal_index + 1, 0 if st.action_index is None else st.action_index + 1)
        public: set[int] = set()
        if deal.turned is not None:
            public.add(deal.turned)
        for mask in deal.known:
            public.update(cards_of(mask))
        for e in deal.events:
            public.update(e.cards)
        seats = []
        for s in range(n):
            cards = set(public) | set(cards_of(deal.hands[s])) | set(cards_of(deal.deal_hands[s]))
            for e in deal.events:
                if e.seat == s:
                    cards.update(e.secret)
                    cards.update(e.drawn)
            seats.append({card_str(c) for c in cards})
        out[at] = seats
    return out


def test_no_message_ever_shows_a_hidden_card(sqlite_url: str) -> None:
    rng = random.Random(11)
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0, grace_s=60) as server:
        made = create_table(server.base, [None, None, None, "easy"], rules={"start_score": 60})
        tokens = [made["token"]] + [
            join(server.base, made["id"], name)["token"] for name in ("Борис", "Вера")
        ]
        seats = [
            Seat(server.ws_base, made["id"], tok, lang)
            for tok, lang in zip(tokens, ("en", "ru", "en"), strict=True)
        ]
        guest = Seat(server.ws_base, made["id"], None)
        play_until(seats, rng, over(seats), timeout=240)
        guest.drain(0.2)
        for s in seats:
            s.drain(0.2)
        text = httpx.get(f"{server.base}/api/tables/{made['id']}/record").text
    record = loads(text)
    seen = visible(record)
    everything = {card_str(c) for c in pack(record.rules.pack_size)}
    checked = 0
    for seat_index, seat in enumerate(seats):
        last_at = (1, 0)
        shown_own = False
        for m in seat.messages:
            if m["type"] == "state" and m["phase"] != "waiting":
                last_at = (m["deal"], m["step"])
                assert m["seat"] == seat_index
                shown_own |= bool(m["hand"])
            elif m["type"] == "error":
                # An error answers the state the seat saw last, or one step later.
                last_at = max(k for k in seen if k[0] == last_at[0])
            may_see = seen[last_at][seat_index]
            named = _named(m)
            leaked = named - may_see
            assert not leaked, f"seat {seat_index} was shown {sorted(leaked)} in {m}"
            assert may_see < everything
            checked += 1
        assert shown_own
    for m in guest.messages:
        assert not _named(m), m  # a guest sees no card at all
    assert checked > 40
