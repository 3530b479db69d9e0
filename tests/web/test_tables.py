"""The live tables' parts that need no server: guarded bots, levels, names, messages."""

from __future__ import annotations

import random

import pytest

from rams.actions import Action
from rams.game import Game
from rams.observation import Observation
from rams.rules import Rules
from rams.web.protocol import ProtocolError, parse_message, state_message
from rams.web.tables import LEVELS, GuardedBot, TableError, clean_name, make_level_bot


class _Broken:
    name = "broken"

    def act(self, view: Observation) -> Action:
        raise RuntimeError("a bug in a bot")


class _Cheat:
    name = "cheat"

    def act(self, view: Observation) -> Action:
        from rams.actions import KEEP

        return KEEP  # never legal while declaring


def _view() -> Observation:
    game = Game(Rules.preset("classic", 3), rng=random.Random(5))
    deal = game.start_deal()
    return deal.observation(deal.to_move)  # type: ignore[arg-type]


@pytest.mark.parametrize("bot", [_Broken(), _Cheat()])
def test_a_failing_bot_plays_a_legal_action_instead(bot: object) -> None:
    view = _view()
    guarded = GuardedBot(bot, random.Random(1))  # type: ignore[arg-type]
    for _ in range(5):
        assert guarded.act(view) in view.legal_actions


def test_every_level_makes_a_bot_and_unknown_levels_fall_back() -> None:
    view = _view()
    for level in (*LEVELS, "no-such-level"):
        assert make_level_bot(level, random.Random(2)).act(view) in view.legal_actions


def test_names_are_trimmed_and_checked() -> None:
    assert clean_name("  Аня   Петровна ") == "Аня Петровна"
    for bad in ("", "   ", "x" * 33, "a\x00", "a\u200bb\x07"):
        with pytest.raises(TableError):
            clean_name(bad)


def test_state_of_a_seat_holds_its_hand_only() -> None:
    game = Game(Rules.preset("classic", 3), ["A", "B", "C"], rng=random.Random(6))
    deal = game.start_deal()
    m = state_message(game, 1, "en", {})
    from rams.cards import card_str

    assert m["hand"] == [card_str(c) for c in deal.hand(1)]
    others = {card_str(c) for s in (0, 2) for c in deal.hand(s)}
    assert not others & set(m["hand"])


def test_parse_message_refuses_non_text() -> None:
    with pytest.raises(ProtocolError):
        parse_message(b"\x00\x01")
    with pytest.raises(ProtocolError):
        parse_message("x" * 5000)
