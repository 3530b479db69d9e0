"""Hints for learners (a table option): before a person decides, the strong bot's valuation
of their choices — the analysis's — is sent to that seat alone, worded in its language."""

from __future__ import annotations

import random
import time
from typing import Any

import httpx
import pytest

from rams.games.rams.rules import Rules
from rams.web.hints import hint_message, ranked_choices
from rams.web.live import TableOptions
from rams.words import has, text
from tests.web.helpers import Seat, create_table, join, play_until, step, thread_server

pytest.importorskip("numba")

#: Few samples: a hint in a moment.
FAST = {"bot_delay": 0, "deal_pause": 0, "grace_s": 60, "hint_samples": 3}


def _legal_count(server: Any, table_id: str, seat: int) -> int:
    """How many legal actions the seat has now (the server's own state)."""
    live = server.tables.get(table_id)
    deal = live.game.deal if live is not None and live.game is not None else None
    return 0 if deal is None else len(deal.legal_actions(seat))


def _hint_at(seat: Seat, at: tuple[int, int]) -> dict[str, Any]:
    """The seat's hint for the decision ``at`` (deal, step): already read, or awaited."""

    def is_it(m: dict[str, Any]) -> bool:
        return m["type"] == "hint" and (m["deal"], m["step"]) == at

    for m in seat.messages:
        if is_it(m):
            return m
    return seat.until(is_it, 60)


def _hints_in_order(seat: Seat) -> list[dict[str, Any]]:
    """The seat's hints, each checked against the state it came after: a hint is for the
    decision the seat was shown last (a stale one is never sent)."""
    out = []
    last: tuple[int, int] | None = None
    for m in seat.messages:
        if m["type"] == "state":
            last = (m["deal"], m["step"])
        elif m["type"] == "hint":
            assert (m["deal"], m["step"]) == last, (m, last)
            assert seat.state is not None and m["seat"] == seat.state["seat"]
            out.append(m)
    return out


def test_each_person_is_hinted_at_their_decisions_and_nobody_else_sees_it(
    sqlite_url: str,
) -> None:
    """Two people and a bot at a table with hints: each person, at their turn with a choice,
    is sent a hint for that decision — its best action is legal (played, it is taken) —
    worded in their language; the other person and the spectator are never sent it."""
    rng = random.Random(3)
    with thread_server(sqlite_url, **FAST) as server:
        made = create_table(server.base, [None, None, "easy"], hints=True)
        assert made["table"]["options"]["hints"] is True
        table_id = made["id"]
        other = join(server.base, table_id, "Боря")
        ru = Seat(server.ws_base, table_id, made["token"], lang="ru")
        en = Seat(server.ws_base, table_id, other["token"], lang="en")
        guest = Seat(server.ws_base, table_id, None)
        people = [ru, en]
        taken = {0: 0, 1: 0}
        deadline = time.monotonic() + 150
        while min(taken.values()) < 3:
            assert time.monotonic() < deadline, taken
            for i, me in enumerate(people):
                me.drain(0.02)
                s = me.state
                if s is None or s.get("to_move") != i or not s.get("legal"):
                    step(me, rng)  # (the pause between deals: ready)
                    continue
                at = (s["deal"], s["step"])
                if me.acted_at == at:
                    continue
                if _legal_count(server, table_id, i) < 2:
                    step(me, rng)
                    continue
                hint = _hint_at(me, at)
                me.acted_at = at
                me.send({"type": "act", "action": hint["best"], "deal": at[0], "step": at[1]})
                ack = me.until(lambda m: m["type"] in ("ack", "error"))
                assert ack["type"] == "ack", ack
                taken[i] += 1
        guest.drain(0.3)
        for me, seat, lang_word in ((ru, 0, "Подсказка"), (en, 1, "Hint")):
            me.drain(0.1)
            hints = _hints_in_order(me)
            assert hints and all(h["seat"] == seat for h in hints)
            assert all(h["line"].startswith(lang_word) for h in hints)
            assert all(
                1 <= len(h["top"]) <= 3 and h["top"][0]["action"] == h["best"] for h in hints
            )
            assert all(h["top"][0]["gain"] >= h["top"][-1]["gain"] >= 0 for h in hints)
        assert not [m for m in guest.messages if m["type"] == "hint"]
        for c in (ru, en, guest):
            c.close()


def test_a_table_without_the_option_sends_no_hint(sqlite_url: str) -> None:
    """Hints are off by default: a person plays many decisions and is never sent one."""
    rng = random.Random(4)
    with thread_server(sqlite_url, **FAST) as server:
        made = create_table(server.base, [None, "easy", "easy"])
        assert made["table"]["options"]["hints"] is False
        me = Seat(server.ws_base, made["id"], made["token"])
        play_until([me], rng, lambda: me.state is not None and me.state["deal"] >= 2)
        time.sleep(0.5)  # (a hint, were one computed, would be ready by now)
        me.drain(0.1)
        assert not [m for m in me.messages if m["type"] == "hint"]
        assert server.tables.get(made["id"]).hint_key is None
        me.close()


def test_the_option_is_kept_with_the_table(sqlite_url: str) -> None:
    """The option travels with the table's stored options (a restarted server keeps it)."""
    with thread_server(sqlite_url, bot_delay=0) as server:
        made = create_table(server.base, [None, "easy", None], hints=True)
        server.tables.tables.clear()  # as after a restart: read back from the database
        again = httpx.get(f"{server.base}/api/tables/{made['id']}", timeout=10).json()
        assert again["options"]["hints"] is True
    assert TableOptions().hints is False
    assert TableOptions.from_json(TableOptions(hints=True).to_json()).hints is True
    assert TableOptions.from_json({"clock": "off"}).hints is False


def test_a_stale_decision_is_not_valued() -> None:
    """The work for a decision the table has left is dropped before it starts."""
    from rams.games.rams.match import RamsMatch

    game = RamsMatch(Rules.preset("duel"), ["a", "b"], rng=random.Random(1))
    game.start_deal()
    deal = game.deal
    assert deal is not None
    seat = deal.to_move
    assert seat is not None
    view = deal.observation(seat)
    assert ranked_choices(view, "rams", 2, "s", lambda: False) is None


def test_the_hint_is_worded_in_both_languages() -> None:
    """The catalogue has the hint's words in Russian and English, and a hint reads well:
    the best choice, what it gains over the worst, the best few with their values."""
    for key in (
        "analysis.hint.best",
        "analysis.hint.best_small",
        "analysis.hint.even",
        "analysis.hint.top",
    ):
        assert has(key)
    for key in ("web.hints", "web.hintTitle"):
        assert has(key)
    from rams.actions import Play
    from rams.cards import parse_card

    ranked = [
        (Play(parse_card("KS")), 3.0),
        (Play(parse_card("7H")), 1.25),
        (Play(parse_card("8D")), 0.0),
    ]
    ru = hint_message((1, 4, 0), ranked, "ru", ["Аня", "Боря"])
    assert ru["line"] == "Подсказка: лучше всего К♠ — около 3 очков против худшего хода"
    assert ru["choices"] == "Лучшие ходы: К♠ +3,0, 7♥ +1,2, 8♦ +0,0"
    assert (ru["deal"], ru["step"], ru["seat"], ru["best"]) == (1, 4, 0, "KS")
    en = hint_message((1, 4, 0), ranked, "en", ["Аня", "Боря"])
    assert en["line"] == "Hint: best is K♠ — about 3 points over the worst choice"
    small = hint_message(
        (1, 4, 0), [(Play(parse_card("KS")), 0.4), (Play(parse_card("7H")), 0.0)], "ru", []
    )
    assert small["line"] == "Подсказка: лучше всего К♠, хотя разница с худшим ходом меньше очка"
    even = hint_message(
        (1, 4, 0), [(Play(parse_card("KS")), 0.01), (Play(parse_card("7H")), 0.0)], "en", []
    )
    assert even["line"] == "Hint: the choices are about even here" and even["best"] == "KS"
    for lang in ("ru", "en"):
        assert "{" not in text("analysis.hint.top", lang, choices="x")
