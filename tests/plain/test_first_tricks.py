"""Issue 28: search from the first trick in Whist and Boston (W5, B8). Searching the tricks
while a hand holds more than 8 cards, each sample's double-dummy solve limited
(:data:`rams.games.plain.search.EARLY_NODES`, the heuristic's card when too few samples
were solved), measured better in Whist, so Whist's ``hard`` does it (``hardshort``, for
measurement, keeps the heuristic's card there); Boston's ``hard`` plays the heuristic's
card there (``hardfirst``, for measurement, searches)."""

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


@pytest.mark.parametrize(("preset", "name"), [("whist", "hardshort"), ("boston", "hard")])
def test_w5_b8_the_heuristics_card_in_the_first_tricks(preset: str, name: str) -> None:
    deal = _first_card(preset, 1)
    view = deal.observation(deal.to_move)
    assert max(view.hand_sizes) > plain_search.DD_CARDS
    search, bot = _searcher(name, deal.family)
    card = bot.act(view)
    assert card == Play(search.model._card(view, [a.card for a in view.legal_actions]))
    assert search.last_samples == 0  # (no search)


@pytest.mark.parametrize(
    ("preset", "name"), [("whist", "hard"), ("whist-named", "hard"), ("boston", "hardfirst")]
)
def test_w5_b8_the_first_tricks_searched_within_limits(preset: str, name: str) -> None:
    deal = _first_card(preset, 2)
    view = deal.observation(deal.to_move)
    search, bot = _searcher(name, deal.family)
    assert (search.plain.early or games.family(deal.family).early_tricks) == "solver"
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
    search, bot = _searcher("hard", deal.family)
    cards = [a.card for a in view.legal_actions]
    tally = search.tally(view, cards, False)
    assert tally.samples >= 1 and tally.valued == 0 and tally.weight == 0
    assert bot.act(view) == Play(search.model._card(view, cards))


@pytest.mark.parametrize("name", ["hardfirst", "hardshort"])
def test_the_measuring_levels_are_refused_to_tables_and_are_hard_in_ramsch(name: str) -> None:
    for family in ("whist", "boston", "ramsch"):
        assert name in measuring(family)
        with pytest.raises(RulesError):
            make_bot(name, random.Random(0), family=family)
    search, _ = _searcher(name, "ramsch")
    assert search.plain.early is None  # (Ramsch searches its first tricks by playouts)


@pytest.mark.parametrize("name", ["hardold", "hardlate"])
def test_hard_before_issue_28_plays_the_heuristics_card_in_whists_first_tricks(name: str) -> None:
    search, _ = _searcher(name, "whist")
    assert search.plain.early == "heuristic"
