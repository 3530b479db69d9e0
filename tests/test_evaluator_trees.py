"""Issue 28's evaluator: boosted regression trees walked in pure Python (golden values worked
by hand), their arrays read back as written, the training script's labels (worlds consistent
with what the seat knows, the same by seed) and its trees; ``hard`` decides by them, ``hardold``
by the ridge, and the levels that decide by either play legal deals of every preset."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from rams.bots import bot_names, make_bot, measuring
from rams.cards import ACE, cards_of, pack, rank_of
from rams.errors import RulesError
from rams.games.rams.actions import PASS
from rams.games.rams.deal import Deal
from rams.games.rams.evaluator import BASE_FEATURES, EvaluatorBot, Model, Trees, load_trees
from rams.games.rams.rules import PRESETS, Rules
from rams.games.rams.view import Phase
from rams.tournament import play_out

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def trainer() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "train_evaluator", ROOT / "scripts" / "train_evaluator.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_evaluator"] = module
    spec.loader.exec_module(module)
    return module


# Two trees over two features, worked by hand:
#   tree 1 (nodes 0–4): x0 ≤ 0.5 ? (x1 ≤ 0.2 ? 1.0 : 2.0) : −3.0
#   tree 2 (nodes 5–7): x1 ≤ 0.6 ? 0.25 : −0.5
TWO = Trees(
    base=10.0,
    roots=(0, 5),
    feature=(0, 1, -1, -1, -1, 1, -1, -1),
    threshold=(0.5, 0.2, 0.0, 0.0, 0.0, 0.6, 0.0, 0.0),
    left=(1, 2, -1, -1, -1, 6, -1, -1),
    right=(4, 3, -1, -1, -1, 7, -1, -1),
    value=(0.0, 0.0, 1.0, 2.0, -3.0, 0.0, 0.25, -0.5),
)


@pytest.mark.parametrize(
    ("x", "expected"),
    [
        ([0.0, 0.0], 10.0 + 1.0 + 0.25),  # left, left; left
        ([0.5, 0.2], 10.0 + 1.0 + 0.25),  # a value equal to the threshold goes left
        ([0.3, 0.4], 10.0 + 2.0 + 0.25),  # left, right; left
        ([0.3, 0.9], 10.0 + 2.0 - 0.5),  # left, right; right
        ([0.9, 0.1], 10.0 - 3.0 + 0.25),  # right; left
        ([0.9, 0.7], 10.0 - 3.0 - 0.5),  # right; right
    ],
)
def test_the_tree_walk_adds_one_leaf_of_each_tree_to_the_base(
    x: list[float], expected: float
) -> None:
    assert TWO.predict(x) == expected


def test_no_trees_predict_the_base() -> None:
    assert Trees(-4.5, (), (), (), (), (), ()).predict([1.0, 2.0]) == -4.5


def test_trees_are_read_back_as_written() -> None:
    data = TWO.to_json()
    assert data["roots"] == [0, 5] and data["value"][3] == 2.0
    again = Trees.from_json(data)
    assert again == TWO
    assert again.predict([0.3, 0.9]) == 11.5


@pytest.mark.parametrize(
    ("field", "bad"),
    [("left", [1, 2, -1, -1, -1, 9, -1, -1]), ("right", [4, 0, -1, -1, -1, 7, -1, -1]),
     ("value", [0.0]), ("roots", [0, 8])],
)  # fmt: skip
def test_trees_with_a_child_outside_the_arrays_are_refused(field: str, bad: list[float]) -> None:
    data = TWO.to_json()
    data[field] = bad
    with pytest.raises(ValueError, match="trees"):
        Trees.from_json(data)


def test_a_boosted_stump_splits_halfway_and_holds_the_mean_residuals(trainer: ModuleType) -> None:
    """One tree of one split, no shrinkage, on rows x0 ∈ {0.2, 0.8} worth −1 and 2: the base
    is the mean 0.5, the split halfway at 0.5, the leaves −1.5 and +1.5."""
    x = np.array([[0.2, 1.0]] * 40 + [[0.8, 1.0]] * 40)
    y = np.array([-1.0] * 40 + [2.0] * 40)
    stump = trainer.boost(x, y, trees=1, depth=1, rate=1.0, min_leaf=10, subsample=1.0)
    assert stump.base == 0.5
    assert stump.feature == (0, -1, -1) and stump.threshold[0] == 0.5
    assert stump.value[1:] == (-1.5, 1.5)
    assert stump.predict([0.2, 1.0]) == -1.0 and stump.predict([0.8, 0.0]) == 2.0


def test_boosting_fits_what_ridge_cannot(trainer: ModuleType) -> None:
    """A step in one feature times another: more trees fit it better."""
    rng = np.random.default_rng(1)
    x = rng.integers(0, 5, size=(600, 3)) / 4
    y = np.where((x[:, 0] > 0.5) & (x[:, 1] < 0.5), 3.0, 0.0)
    few = trainer.boost(x, y, trees=5, depth=2, rate=0.3, min_leaf=5)
    many = trainer.boost(x, y, trees=60, depth=2, rate=0.3, min_leaf=5)

    def error(trees: Trees) -> float:
        return float(np.mean([(trees.predict(row) - t) ** 2 for row, t in zip(x, y, strict=True)]))

    assert error(many) < error(few) and error(many) < 0.05


def test_a_world_keeps_what_the_seat_knows(trainer: ModuleType) -> None:
    """Its hand, the turned trump and, after a pass where E2 forbids passing with an ace,
    no ace in the passer's hand."""
    rules = Rules.preset("classic", 4)
    assert rules.ace_forbids_pass
    rng = random.Random(4)
    checked = 0
    for _ in range(60):
        deck = list(pack(rules.pack_size))
        rng.shuffle(deck)
        deal = Deal(rules, 0, deck)
        first = deal.to_move
        assert first is not None
        if PASS not in deal.legal_actions():
            continue
        deal.apply(PASS, first)
        seat = deal.to_move
        if seat is None or deal.phase is not Phase.DECLARE:
            continue
        view = deal.observation(seat)
        for _ in range(3):
            world = trainer.world(view, rng)
            assert world is not None
            mine = world.observation(seat)
            assert sorted(mine.hand) == sorted(view.hand) and mine.turned == view.turned
            assert not any(rank_of(c) == ACE for c in cards_of(world.hands[first]))
        checked += 1
        if checked == 4:
            return
    pytest.fail("too few deals with a pass")


def test_the_labels_are_the_same_by_seed(trainer: ModuleType) -> None:
    one = trainer.collect_worlds("classic", [3], samples=3, worlds=2, seed=5)
    two = trainer.collect_worlds("classic", [3], samples=3, worlds=2, seed=5)
    other = trainer.collect_worlds("classic", [3], samples=3, worlds=2, seed=6)
    assert one == two and one != other
    for kind in ("declare", "exchange"):
        xs, ys = one[kind]
        assert len(xs) == len(ys) >= 3
        assert all(len(x) == len(BASE_FEATURES) for x in xs)
        # points in a deal: at most the trick values at stake, and remises
        assert all(abs(y) < 100 for y in ys)


def test_the_trees_decide_where_they_were_trained() -> None:
    trained = load_trees()
    assert "classic" in trained
    sizes, models = trained["classic"]
    assert set(models) == {"declare", "exchange"} and 4 in sizes
    grown = EvaluatorBot(random.Random(0), trees=True)._models(Rules.preset("classic", 4))
    assert grown is not None and isinstance(grown["declare"], Trees)
    untrained = max(set(range(3, 8)) - set(sizes))
    ridge = EvaluatorBot(random.Random(0), trees=True)._models(Rules.preset("classic", untrained))
    assert ridge is not None and isinstance(ridge["declare"], Model)
    old = EvaluatorBot(random.Random(0))._models(Rules.preset("classic", 4))
    assert old is not None and isinstance(old["declare"], Model)


def _evaluator_of(name: str) -> EvaluatorBot:
    bot = make_bot(name, random.Random(0), allow_all_seeing=True)
    found = getattr(bot, "before_play", None)
    assert isinstance(found, EvaluatorBot), name
    return found


def test_hard_decides_by_the_trees_and_hardold_by_the_ridge() -> None:
    for name in ("hard", "allseeing", "hardgbt", "allseeing-gbt"):
        assert _evaluator_of(name).trees, name
    for name in ("hardold", "allseeing-ridge"):
        assert not _evaluator_of(name).trees, name
    assert make_bot("evaluator", random.Random(0)).trees  # type: ignore[attr-defined]


def test_the_tree_levels_are_for_measurement_only() -> None:
    for name in ("hardgbt", "allseeing-gbt", "allseeing-ridge"):
        assert name in measuring() and name not in bot_names()
        with pytest.raises(RulesError, match="measurement only"):
            make_bot(name, random.Random(0))
        assert make_bot(name, random.Random(0), allow_all_seeing=True).name == name


@pytest.mark.parametrize("bot", ["hard", "allseeing", "allseeing-ridge"])
@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_tree_levels_play_legal_deals(bot: str, preset: str) -> None:
    low, high = PRESETS[preset].players
    rng = random.Random(8)
    for players in sorted({low, min(4, high)}):
        rules = Rules.preset(preset, players)
        deck = list(pack(rules.pack_size))
        rng.shuffle(deck)
        agents = [make_bot(bot, random.Random(s), allow_all_seeing=True) for s in range(players)]
        deal = play_out(Deal(rules, rng.randrange(players), deck), agents)
        assert deal.is_over
        assert len(deal.completed) in (0, 5) or deal.winner is not None
