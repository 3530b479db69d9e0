"""No seat is ever sent a card it may not see (the hidden-information gate, end to end).

A whole game with three people over websockets and a bot; every message each seat
receives is kept. Afterwards the game's record is replayed and, for each message, the
cards that seat could legitimately see at that message's own step are computed from the
raw deal (its hand now and as dealt, its own discards and draws, the turned card, cards
shown or played); any other card named anywhere in the message (as a code or in words, in
either language) is a leak: another hand, the stock, someone else's discards, the deck.
The people now and then try a card they do not hold, so that errors and their hints are
checked too. Every client speaks protocol 2: each message is checked as it came over the
wire (a ``delta``: only what changed, and the deal's new lines) and as the whole state it
makes once applied.
"""

from __future__ import annotations

import random
import re
import time
from typing import Any

import httpx

from rams.cards import card_str, cards_of, pack
from rams.games.rams.rules import Rules
from rams.record import Record, loads
from tests.web.helpers import Seat, cards_named, create_table, join, over, step, thread_server

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
        seats.append({card_str(c) for c in public})  # last: a spectator's (no seat's)
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
        codes = sorted(card_str(c) for c in pack(Rules.preset("classic", 4).pack_size))
        tried: dict[int, tuple[int, int]] = {}
        tried_cards: list[set[str]] = [set() for _ in seats]
        deadline = time.monotonic() + 240
        while not over(seats)():
            assert time.monotonic() < deadline, "the game did not end in time"
            for i, seat in enumerate(seats):
                seat.drain(0.01)
                s = seat.state
                if s and s["legal"] and tried.get(i) != (s["deal"], s["step"]):
                    tried[i] = (s["deal"], s["step"])
                    if rng.random() < 0.5:  # no deal and step: judged at the server's step
                        wrong = rng.choice([c for c in codes if c not in s["hand"]])
                        seat.send({"type": "act", "action": wrong})
                        tried_cards[i].add(wrong)
                step(seat, rng)
        guest.drain(0.2)
        for s in seats:
            s.drain(0.2)
        text = httpx.get(f"{server.base}/api/tables/{made['id']}/record").text
    record = loads(text)
    seen = visible(record)
    everything = {card_str(c) for c in pack(record.rules.pack_size)}
    checked = 0
    errors = 0
    deltas = 0
    for seat_index, seat in enumerate(seats):
        at = (1, 0)  # the step each message is checked at: its own
        shown_own = False
        assert seat.resyncs == 0
        for raw, m in zip(seat.wire, seat.messages, strict=True):
            if m["type"] in ("state", "ack") and m.get("phase") != "waiting":
                at = (m["deal"], m["step"])
            if m["type"] == "state" and m["phase"] != "waiting":
                assert m["seat"] == seat_index
                shown_own |= bool(m["hand"])
            # Any other message (an error, with its hint) is at the step of the state sent
            # last: every change of the game is sent to every seat under the table's lock,
            # and an answer is made under that lock, so it sees no later step.
            errors += m["type"] == "error"
            may_see = seen[at][seat_index]
            if m.get("hands"):  # the game is over, its record public: every hand shown
                may_see = everything
                assert m["winners"] is not None
            if m["type"] == "error":  # it may name the card the seat itself tried
                may_see = may_see | tried_cards[seat_index]
            named = _named(m)
            leaked = named - may_see
            assert not leaked, f"seat {seat_index} was shown {sorted(leaked)} in {m}"
            leaked = _named(raw) - may_see  # (a delta as it came: a part of the state)
            assert not leaked, f"seat {seat_index} was sent {sorted(leaked)} in {raw}"
            deltas += raw["type"] == "delta"
            assert may_see < everything or m.get("hands")
            checked += 1
        assert shown_own
    # A guest is a spectator: the public board at each step (the trick, the turned card),
    # never a card of any hand.
    at = (1, 0)
    boards = 0
    for raw, m in zip(guest.wire, guest.messages, strict=True):
        if m["type"] == "state" and m.get("phase") != "waiting":
            at = (m["deal"], m["step"])
            assert m["seat"] is None and m["hand"] == [] and m["legal"] is None
            boards += 1
        for sent in (m, raw):
            leaked = _named(sent) - (everything if m.get("hands") else seen[at][-1])
            assert not leaked, f"a spectator was shown {sorted(leaked)} in {sent}"
        deltas += raw["type"] == "delta"
    assert boards > 10
    assert checked > 40
    assert deltas > 40  # (most changes came as deltas)
    hints = [m for s in seats for m in s.messages if m["type"] == "error" and m["hint"]]
    assert len(hints) >= 5 and errors >= len(hints)
