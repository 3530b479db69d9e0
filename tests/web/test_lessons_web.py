"""The lessons over HTTP (rams.web.routes, /api/lessons): the list, a lesson's position
through the learner's observation only (no other seat's card in its JSON, in either
language), answers checked by the engine (a right one; a wrong one explained by its clause
or its hint), the bots asked in the worker processes, and the refusals."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from rams import bots, games
from rams.cards import card_str
from rams.games.display import display_json
from rams.lessons import all_lessons, find, names, position_json
from tests.web.helpers import cards_named, thread_server

KEYS = [lesson.key for found in all_lessons().values() for lesson in found]


def _hidden(key: str) -> set[str]:
    """The cards the learner may not see here: every other seat's hand now, less the cards
    lying face up, which a spectator sees too (Whist's turned trump, shown by the dealer)."""
    lesson = find(key)
    deal = lesson.position()
    fam = games.family(lesson.family)
    public = cards_named(
        display_json(fam.display(deal.observation(None)), names(lesson, "en"), "en")
    )
    hands = deal.hands_now()
    held = {card_str(c) for s, hand in enumerate(hands) if s != lesson.seat for c in hand}
    return held - public


@pytest.mark.parametrize("key", KEYS)
def test_a_lessons_position_names_no_hidden_card(key: str) -> None:
    hidden = _hidden(key)
    assert hidden  # (there is something to hide: the other seats hold cards)
    for lang in ("ru", "en"):
        shown = position_json(find(key), lang)
        assert not cards_named(shown) & hidden, (lang, cards_named(shown) & hidden)


def test_the_lessons_over_http(tmp_path: Path) -> None:
    with thread_server(f"sqlite:///{tmp_path / 'rams.sqlite3'}", think_workers=0) as server:
        base = server.base
        found = httpx.get(f"{base}/api/lessons", params={"lang": "ru"}).json()["families"]
        assert [f["family"] for f in found] == list(all_lessons())
        whist = next(f for f in found if f["family"] == "whist")
        assert whist["lessons"][3] == {
            "key": "whist/cheap", "number": 4, "goal": "play", "title": "Возьмите взятку дёшево"
        }  # fmt: skip
        # The lesson: Аня (p4) last to a trick of 2♥ В♥ 8♥, hearts trumps.
        lesson = httpx.get(f"{base}/api/lessons/whist/cheap", params={"lang": "ru"}).json()
        assert lesson["total"] == 8 and lesson["you"] == "Аня"
        assert [t["card"] for t in lesson["trick"]] == ["2H", "JH", "8H"]
        assert lesson["choices"]["cards"] == ["9H", "TH", "QH", "KH", "AH"]  # (follow: W5)
        assert not cards_named(lesson) & _hidden("whist/cheap")
        url = f"{base}/api/lessons/whist/cheap/check"
        # A card not of the suit led, hearts held: refused by W5.
        wrong = httpx.post(url, params={"lang": "ru"}, json={"answer": "3S"}).json()
        assert wrong["right"] is False and wrong["clauses"] == ["W5"]
        assert wrong["lines"][0].startswith("Так нельзя (W5)") and wrong["ask_bots"] is False
        # The ace wins too, but the queen would do: the hint, and the bots may be asked.
        legal = httpx.post(url, params={"lang": "en"}, json={"answer": "AH"}).json()
        assert legal["right"] is False and legal["clauses"] == []
        assert "the queen" in legal["lines"][0]
        assert legal["ask_bots"] is bots.available("hard")
        # In the table's notation, as the Russian page writes it: Д♥ is the queen of hearts.
        right = httpx.post(url, params={"lang": "ru"}, json={"answer": "Д♥"}).json()
        assert right == {
            "right": True,
            "lines": [],
            "clauses": [],
            "values": None,
            "ask_bots": False,
        }
        # A «why» lesson: Ramsch's jack of spades led is a trump (F5), not a spade (F4).
        why = f"{base}/api/lessons/ramsch/jack-not-suit/check"
        assert httpx.post(why, json={"answer": "F5"}).json()["right"] is True
        assert httpx.post(why, json={"answer": "F4"}).json()["clauses"] == ["F5"]
        # The refusals: no such lesson, an empty answer.
        gone = httpx.get(f"{base}/api/lessons/whist/nope", headers={"Accept-Language": "ru"})
        assert gone.status_code == 404 and gone.json() == {
            "code": "no_lesson", "message": "нет такого урока"
        }  # fmt: skip
        assert httpx.post(url, json={"answer": ""}).status_code == 422
        assert httpx.get(f"{base}/learn/whist/cheap").status_code == 200


@pytest.mark.skipif(not bots.available("hard"), reason="the strong bot needs rams[bots]")
def test_the_bots_value_a_wrong_move_in_the_workers(tmp_path: Path) -> None:
    with thread_server(f"sqlite:///{tmp_path / 'rams.sqlite3'}", think_workers=1) as server:
        url = f"{server.base}/api/lessons/whist/cheap/bots"
        # A card the rules forbid: its clause says why, and no worker is asked.
        refused = httpx.post(url, json={"answer": "3S"}, timeout=60).json()
        assert refused["clauses"] == ["W5"] and server.tables.workers.started == 0
        found = httpx.post(url, params={"lang": "ru"}, json={"answer": "AH"}, timeout=300).json()
        assert server.tables.workers.done == 1  # (in a worker process, not the request's)
    assert found["right"] is False and found["values"] is not None
    mine, best = found["values"]
    assert mine <= best
    assert found["lines"][1].startswith("Боты оценивают ваш ход в ")
