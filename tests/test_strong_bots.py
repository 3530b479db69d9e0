"""The strong bots: PIMC's knowledge of hidden cards is sound, its positions match the fast
core's, every level acts legally from its observation, the all-seeing bot is refused at
tables, and the learned evaluator is shipped and used."""

from __future__ import annotations

import random

import numpy as np
import pytest

from rams.bots import LEVELS, bot_names, make_bot, measuring
from rams.cards import mask_of, pack
from rams.errors import RulesError
from rams.fast import core as fc
from rams.fast import solver as sv
from rams.games.rams.actions import CLAIM, Play
from rams.games.rams.deal import Deal, Standing
from rams.games.rams.evaluator import BASE_FEATURES, EvaluatorBot, features, load_models
from rams.games.rams.rules import PRESETS, Rules
from rams.games.rams.search import knowledge_of, position_from, sample_hands
from rams.games.rams.view import Phase
from rams.tournament import make_bot as tournament_bot
from rams.tournament import play_out

TABLES = [
    ("classic", 3),
    ("classic", 5),
    ("rams-001", 4),
    ("rozaliev", 6),
    ("mushka-pamfil", 4),
    ("petukh", 3),
    ("petukh-30", 4),
    ("duel", 2),
    ("duel-v3", 2),
]


def random_play_positions(preset: str, n: int, seed: int, deals: int = 25):
    """Deals played at random; yields (deal, fast state) at every card decision."""
    rules = Rules.preset(preset, n)
    r = fc.rules_array(rules)
    rng = random.Random(seed)
    for _ in range(deals):
        deck = list(pack(rules.pack_size))
        rng.shuffle(deck)
        records = tuple(rng.choice([rules.start_score, rng.randint(3, 20)]) for _ in range(n))
        deal = Deal(rules, rng.randrange(n), deck, Standing(records))
        s = fc.new_state(
            r, deal.dealer, np.array(deck, dtype=np.int64),
            np.array([*records, *[0] * (fc.MAXP - n)], dtype=np.int64), 1, -1,
        )  # fmt: skip
        while not deal.is_over:
            ids = [i for i in deal.legal_action_ids() if i != fc.ID_CLAIM]
            if deal.phase is Phase.PLAY and len(ids) > 1:
                yield deal, s, r
            a = ids[rng.randrange(len(ids))]
            deal.apply_id(a)
            assert fc.apply_action(s, r, a, -1)


@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_pimc_knowledge_is_sound_for_the_true_deal(preset: str, players: int) -> None:
    """Every inference (voids, P4, P6, shown cards, E2) holds for the hands really held."""
    rng = random.Random(1)
    for deal, _, _ in random_play_positions(preset, players, seed=players):
        seat = deal.to_move
        assert seat is not None
        view = deal.observation(seat)
        know = knowledge_of(view)
        for o in range(players):
            if o == seat or o not in deal.active:
                continue
            true = deal.hands[o]
            assert not know.forbidden[o] & true, (o, deal)
            assert know.sure[o] & ~true == 0
            assert true & ~(know.pool | know.sure[o]) == 0
            assert know.sizes[o] == true.bit_count()
        hands = sample_hands(view, know, rng)
        if hands is not None:
            for o in deal.active:
                assert hands[o].bit_count() == deal.hands[o].bit_count()
                assert not hands[o] & know.forbidden[o]
            assert hands[seat] == mask_of(view.hand)


@pytest.mark.parametrize(
    ("preset", "players"), [t for t in TABLES if not t[0].startswith("petukh")]
)
def test_position_from_a_view_with_true_hands_solves_like_the_fast_core(
    preset: str, players: int
) -> None:
    keys, vals = sv.new_table(14)
    moves = np.zeros(64, dtype=np.int64)
    rows = np.zeros((64, sv.VAL), dtype=np.int64)
    moves2 = np.zeros(64, dtype=np.int64)
    rows2 = np.zeros((64, sv.VAL), dtype=np.int64)
    checked = 0
    for deal, s, r in random_play_positions(preset, players, seed=7, deals=10):
        if len(deal.completed) < 2 and players > 4:
            continue
        view = deal.observation(deal.to_move or 0)
        p = position_from(view, list(deal.hands), r)
        keys[:] = 0
        k, _, _ = sv.solve_position(p, r, keys, vals, 0, moves, rows)
        keys[:] = 0
        k2, _, _ = sv.solve(s, r, keys, vals, 0, moves2, rows2)
        assert k == k2 and (moves[:k] == moves2[:k]).all()
        assert (rows[:k] == rows2[:k]).all(), deal
        checked += 1
    assert checked > 5


SLOW = {"medium", "hard", "hardsim", "pimc"}


@pytest.mark.parametrize("bot", [*LEVELS, "hardsim", "pimc", "evaluator", "allseeing"])
@pytest.mark.parametrize(
    ("preset", "players"), [("classic", 4), ("mushka-pamfil", 3), ("duel", 2), ("petukh", 5)]
)
def test_every_level_plays_legally(bot: str, preset: str, players: int) -> None:
    rules = Rules.preset(preset, players)
    rng = random.Random(3)
    for _ in range(2 if bot in SLOW else 6):
        deck = list(pack(rules.pack_size))
        rng.shuffle(deck)
        agents = [tournament_bot(bot, random.Random(s)) for s in range(players)]
        deal = play_out(Deal(rules, rng.randrange(players), deck), agents)
        assert deal.is_over
        assert len(deal.completed) in (0, 5) or deal.winner is not None


def test_all_seeing_is_refused_at_tables() -> None:
    assert "allseeing" in measuring() and "allseeing" not in bot_names()
    with pytest.raises(RulesError, match="measurement only"):
        make_bot("allseeing", random.Random(0))
    assert make_bot("allseeing", random.Random(0), allow_all_seeing=True).name == "allseeing"


def test_all_seeing_plays_the_solved_card() -> None:
    """Given the deal, it plays a card the exact solver rates best for it."""
    for deal, s, r in random_play_positions("classic", 3, seed=11, deals=4):
        bot = tournament_bot("allseeing", random.Random(0))
        seat = deal.to_move
        assert seat is not None
        action = bot.act_full(deal, seat)  # type: ignore[attr-defined]
        assert isinstance(action, Play) and action.card in deal.legal_cards()
        keys, vals = sv.new_table(14)
        moves = np.zeros(64, dtype=np.int64)
        rows = np.zeros((64, sv.VAL), dtype=np.int64)
        k, _, _ = sv.solve(s, r, keys, vals, 0, moves, rows)
        best = max(sv.utility(rows[i], seat) for i in range(k))
        chosen = next(i for i in range(k) if moves[i] == action.card)
        assert sv.utility(rows[chosen], seat) == best


def test_the_evaluator_is_shipped_for_every_preset() -> None:
    models = load_models()
    for preset in PRESETS:
        rules = Rules.preset(preset, PRESETS[preset].players[0])
        assert "exchange" in models[preset], preset
        if rules.passing:
            assert "declare" in models[preset], preset
    deal = Deal(Rules.preset("classic", 3), 2, list(pack(32)))
    view = deal.observation(0)
    base = features(view, view.hand, 0)
    assert len(base) == len(BASE_FEATURES)
    assert isinstance(models["classic"]["exchange"].predict(base), float)
    action = EvaluatorBot(random.Random(0)).act(view)
    assert action in view.legal_actions and action != CLAIM


@pytest.mark.parametrize(
    ("family", "name", "sees"),
    [
        ("rams", "allseeing", True),
        ("rams", "oracle", True),
        ("rams", "allseeing-heuristic", True),
        ("rams", "hardold", False),
        ("whist", "allseeing", True),
        ("whist", "hardcards", False),
        ("boston", "hardold", False),
    ],
)
def test_a_measuring_level_refused_at_a_table_says_whether_it_sees_every_card(
    family: str, name: str, sees: bool
) -> None:
    with pytest.raises(RulesError, match="measurement only") as refused:
        make_bot(name, random.Random(0), family=family)
    assert ("sees every card" in str(refused.value)) is sees
