"""The live tables' parts that need no server: guarded bots, levels, names, messages."""

from __future__ import annotations

import asyncio
import random

import pytest

from rams import games
from rams.bots import LEVELS, bot_names, measuring
from rams.errors import RulesError
from rams.games.rams.actions import Action
from rams.games.rams.match import RamsMatch
from rams.games.rams.rules import Rules
from rams.games.rams.view import Observation
from rams.games.wire import state_message
from rams.web.live import (
    BotSeat,
    GuardedBot,
    RateLimit,
    Settings,
    TableError,
    check_house_rules,
    clean_name,
    make_level_bot,
)
from rams.web.protocol import ProtocolError, parse_message


class _Broken:
    name = "broken"

    def act(self, view: Observation) -> Action:
        raise RuntimeError("a bug in a bot")


class _Cheat:
    name = "cheat"

    def act(self, view: Observation) -> Action:
        from rams.games.rams.actions import KEEP

        return KEEP  # never legal while declaring


def _view() -> Observation:
    game = RamsMatch(Rules.preset("classic", 3), rng=random.Random(5))
    deal = game.start_deal()
    return deal.observation(deal.to_move)  # type: ignore[arg-type]


@pytest.mark.parametrize("bot", [_Broken(), _Cheat()])
def test_a_failing_bot_plays_a_legal_action_instead(bot: object) -> None:
    view = _view()
    guarded = GuardedBot(bot, random.Random(1))  # type: ignore[arg-type]
    for _ in range(5):
        assert guarded.act(view) in view.legal_actions


def test_every_level_makes_a_bot_seat_of_that_level() -> None:
    """A table's bot is a seat of its level, thinking in the workers (rams.web.work) as
    here: a legal action from its view."""
    from rams.web.work import think

    view = _view()
    for level in LEVELS:
        bot = make_level_bot(level, random.Random(2))
        assert isinstance(bot, BotSeat) and bot.name == level and bot.family == "rams"
        assert bot.act(view) in view.legal_actions
        key = ("t", view.seat, level, "rams")
        assert think(key, bot.seed, view, None) in view.legal_actions


@pytest.mark.parametrize("name", [*measuring(), *(b for b in bot_names() if b not in LEVELS), "x"])
def test_a_table_makes_no_bot_but_a_level(name: str) -> None:
    """The all-seeing bot, the bots that are parts of levels, unknown names: refused, never
    replaced by some other bot in silence."""
    with pytest.raises(RulesError, match="bot levels are"):
        make_level_bot(name, random.Random(3))


@pytest.mark.parametrize("name", [*measuring(), "random", "pimc"])
def test_the_stand_in_is_a_level(name: str) -> None:
    with pytest.raises(ValueError, match="stand-in"):
        Settings(standin=name)
    assert Settings(standin="hard").standin == "hard"


def test_numeric_house_rules_are_bounded_and_named() -> None:
    rams = games.family("rams")
    check_house_rules({"start_score": 10_000, "remise": 0, "jacks": "rams", "dave": True}, rams)
    for house in (
        {"start_score": 10**30},
        {"start_score": 0},
        {"remise": 10_001},
        {"spade_ace_bonus": -1},
        {"four_jacks": 10**9},
        {"remise_only_at_or_below": -(10**12)},
        {"ace_values": {"S": 5, "C": 10, "D": 15, "H": 10**20}},
    ):
        (name,) = house
        with pytest.raises(TableError, match=f"option {name} = ") as e:
            check_house_rules(house, rams)
        assert e.value.status == 400 and e.value.code == "bad_rules"
        assert len(str(e.value)) < 120


def test_table_creation_is_limited_per_client_and_refills() -> None:
    now = [0.0]
    limit = RateLimit(per_minute=6, burst=3, clock=lambda: now[0])
    assert [limit.allow("a") for _ in range(4)] == [True, True, True, False]
    assert limit.allow("b")  # another client has its own
    now[0] += 9  # less than a token (one per 10 s)
    assert not limit.allow("a")
    now[0] += 2
    assert limit.allow("a") and not limit.allow("a")


def test_names_are_trimmed_and_checked() -> None:
    assert clean_name("  Аня   Петровна ") == "Аня Петровна"
    assert clean_name("x" * 33) == "x" * 32  # (cut, and said so: tests/web/test_lobby.py)
    for bad in ("", "   ", "a\x00", "a\u200bb\x07"):
        with pytest.raises(TableError):
            clean_name(bad)


def test_state_of_a_seat_holds_its_hand_only() -> None:
    game = RamsMatch(Rules.preset("classic", 3), ["A", "B", "C"], rng=random.Random(6))
    deal = game.start_deal()
    m = state_message(games.family("rams"), game, 1, "en", {})
    from rams.cards import card_str

    assert m["hand"] == [card_str(c) for c in deal.hand(1)]
    others = {card_str(c) for s in (0, 2) for c in deal.hand(s)}
    assert not others & set(m["hand"])


def test_parse_message_refuses_non_text() -> None:
    with pytest.raises(ProtocolError):
        parse_message(b"\x00\x01")
    with pytest.raises(ProtocolError):
        parse_message("x" * 5000)


def test_a_bot_no_table_may_seat_never_comes_back_from_the_database(sqlite_url: str) -> None:
    """A seat stored with the all-seeing bot (or any bot not a level) is played, once the
    table is resumed, by a level bot that sees only its own seat."""
    from rams.web.store import SeatRow, Store
    from rams.web.tables import Tables

    store = Store(sqlite_url)
    store.migrate()
    rows = [SeatRow("Аня", None, "h" * 64), SeatRow("bot-2", "allseeing"), SeatRow("b", "pimc")]
    store.create_table("smuggled", Rules.preset("classic", 3), rows)
    store.start_game("smuggled", 0)

    async def resume() -> None:
        tables = Tables(store, Settings(grace_s=60, bot_delay=0))
        await tables.start()
        live = tables.tables["smuggled"]
        assert live.table is not None
        for seat in (1, 2):
            agent = live.table.agents[seat]
            assert isinstance(agent, BotSeat) and agent.name == "medium"
        assert [s["bot"] for s in live.public()["seats"]] == [None, "medium", "medium"]
        await tables.stop()

    try:
        asyncio.run(resume())
    finally:
        store.close()


@pytest.mark.parametrize(
    ("lang", "names"),
    [("ru", ["Аня", "Глаша", "Кузьма"]), ("en", ["Аня", "Gladys", "Cosmo"])],
)
def test_the_bots_are_named_in_the_creators_language(
    sqlite_url: str, lang: str, names: list[str]
) -> None:
    """An English table's bots have English names (no Cyrillic on an English screen); a
    Russian table's, Russian ones, as at a dacha."""
    from rams.web.store import Store
    from rams.web.tables import Tables

    store = Store(sqlite_url)
    store.migrate()

    async def create() -> None:
        tables = Tables(store, Settings(grace_s=60, bot_delay=0))
        await tables.start()
        live, _, _ = tables.create("Аня", "classic", 3, [None, "easy", "easy"], {}, lang=lang)
        assert [s["name"] for s in live.public()["seats"]] == names
        await tables.stop()

    try:
        asyncio.run(create())
    finally:
        store.close()
