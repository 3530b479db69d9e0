"""Issue 28: search from the first trick in Whist and Boston (W5, B8). ``hard`` plays the
heuristic's card while a hand holds more than 8 cards; ``hardfirst`` (for measurement)
searches those tricks too, each sample's double-dummy solve limited
(:data:`rams.games.plain.search.EARLY_NODES`), and plays the heuristic's card when too few
samples were solved."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numba")

from rams import games
from rams.actions import Play
from rams.bots import make_bot, measuring
from rams.errors import RulesError
from rams.games.plain import search as plain_search
from rams.table import bot_turn


def _first_card(preset: str, seed: int) -> Any:
    """A deal of ``preset`` (4 seats) played by the heuristic up to the first card a seat
    chooses among two or more, every hand still long."""
    family = games.family_of(preset)
    rules = family.rules(preset, 4)
    for s in range(seed, seed + 50):
        match = family.new_match(rules, None, random.Random(s))
        deal = match.start_deal()
        bots = [make_bot("heuristic", random.Random(s + p), family=rules.family)
                for p in range(4)]  # fmt: skip
        while not deal.is_over:
            legal = deal.legal_actions()
            if legal and all(isinstance(a, Play) for a in legal) and len(legal) >= 2:
                return deal
            bot_turn(deal, bots)
    raise AssertionError("no deal came to card play")


def _searcher(name: str, family: str, seed: int = 0) -> Any:
    bot: Any = make_bot(name, random.Random(seed), allow_all_seeing=True, timed=False,
                        family=family)  # fmt: skip
    return getattr(bot, "inner", bot), bot


@pytest.mark.parametrize("preset", ["whist", "boston"])
def test_w5_b8_hard_plays_the_heuristics_card_in_the_first_tricks(preset: str) -> None:
    deal = _first_card(preset, 1)
    view = deal.observation(deal.to_move)
    assert max(view.hand_sizes) > plain_search.DD_CARDS
    search, bot = _searcher("hard", deal.family)
    card = bot.act(view)
    assert card == Play(search.model._card(view, [a.card for a in view.legal_actions]))
    assert search.last_samples == 0  # (no search)


@pytest.mark.parametrize("preset", ["whist", "boston"])
def test_w5_b8_hardfirst_searches_the_first_tricks_within_its_limits(preset: str) -> None:
    deal = _first_card(preset, 2)
    view = deal.observation(deal.to_move)
    search, bot = _searcher("hardfirst", deal.family)
    assert search.plain.early == "solver"
    card = bot.act(view)
    assert card in view.legal_actions
    assert 1 <= search.last_samples <= plain_search.EARLY_SAMPLES
    # every card valued by the solver: a side's tricks are at most the 13 of the deal
    values = search.card_values(view, [a.card for a in view.legal_actions])
    assert set(values) == {a.card for a in view.legal_actions}


def test_w5_hardfirst_falls_back_on_the_heuristic_when_no_solve_finishes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A limit of one position: every sample's solve stops, none is valued, and the card
    is the heuristic's."""
    monkeypatch.setattr(plain_search, "EARLY_NODES", 1)
    deal = _first_card("whist", 3)
    view = deal.observation(deal.to_move)
    search, bot = _searcher("hardfirst", deal.family)
    cards = [a.card for a in view.legal_actions]
    tally = search.tally(view, cards, False)
    assert tally.samples >= 1 and tally.valued == 0 and tally.weight == 0
    assert bot.act(view) == Play(search.model._card(view, cards))


def test_hardfirst_is_for_measurement_and_is_hard_where_the_first_tricks_are_searched() -> None:
    for family in ("whist", "boston", "ramsch"):
        assert "hardfirst" in measuring(family)
        with pytest.raises(RulesError):
            make_bot("hardfirst", random.Random(0), family=family)
    search, _ = _searcher("hardfirst", "ramsch")
    assert search.plain.early is None  # (Ramsch searches its first tricks by playouts)
