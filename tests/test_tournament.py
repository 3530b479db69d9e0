"""Duplicate tournaments: rotations, the same deck for every rotation, points worked out by
hand, paired differences, OpenSkill order, reproducibility across workers, the command."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from rams.bots import Bot
from rams.cards import Card
from rams.cli import main
from rams.errors import RulesError
from rams.games.rams.actions import KEEP, PASS, Action
from rams.games.rams.deal import Deal, arrange_deck
from rams.games.rams.rules import Rules
from rams.games.rams.view import Observation
from rams.stats import Z95
from rams.tournament import (
    DealResult,
    PlayResult,
    deal_scores,
    deal_setup,
    play_duplicate,
    play_rotations,
    ratings,
    run_tournament_deals,
    seat_bots,
    summarize,
)

PNG_HEADER = b"\x89PNG\r\n\x1a\n"


class ScriptedBot:
    """Fixed choices: pass when allowed (``fold``) or never (``stay``); the dealer keeps the
    turned trump; otherwise the first legal action (stand pat, the lowest card)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def act(self, view: Observation) -> Action:
        legal = view.legal_actions
        if self.name == "fold" and PASS in legal:
            return PASS
        if KEEP in legal:
            return KEEP
        return legal[0]


def scripted(name: str, rng: random.Random) -> Bot:
    if name not in ("fold", "stay"):
        raise RulesError(f"unknown bot {name!r}", ("bots",))
    return ScriptedBot(name)


def play(rotation: int, bots: str, points: tuple[int, ...]) -> PlayResult:
    return PlayResult(rotation, tuple(bots.split()), points)


# Rotation and the duplicate property ----------------------------------------------------


def test_each_bot_sits_in_each_seat_once_per_deal() -> None:
    rules = Rules.preset("classic", 4)
    bots = ["fold", "stay", "stay", "fold"]
    result = run_tournament_deals(rules, bots, 3, seed=5, factory=scripted)
    assert [d.index for d in result.deals] == [0, 1, 2]
    for deal in result.deals:
        assert [p.rotation for p in deal.plays] == [0, 1, 2, 3]
        assert [p.bots for p in deal.plays] == [seat_bots(bots, r) for r in range(4)]
        for seat in range(4):
            assert sorted(p.bots[seat] for p in deal.plays) == sorted(bots)
    names = ["a", "b", "c"]
    for seat in range(3):
        assert sorted(seat_bots(names, r)[seat] for r in range(3)) == names


def test_every_rotation_plays_the_same_deck_and_dealer() -> None:
    rules = Rules.preset("rams-001", 3)
    bots = ["heuristic", "random", "random"]
    seen: list[tuple[int, Deal]] = []
    result = play_duplicate(rules, bots, 9, 4, on_play=lambda r, d: seen.append((r, d)))
    dealer, deck = deal_setup(rules, 9, 4)
    assert [r for r, _ in seen] == [0, 1, 2]
    for _, deal in seen:
        assert deal.deck == deck and deal.dealer == dealer == result.dealer
        assert deal.deal_hands == seen[0][1].deal_hands
        assert deal.start_records == (rules.start_score,) * 3 and deal.is_over
    assert [p.points for p in result.plays] == [
        tuple(a - b for a, b in zip(d.start_records, d.records, strict=True)) for _, d in seen
    ]
    assert deal_setup(rules, 9, 5)[1] != deck and deal_setup(rules, 10, 4)[1] != deck


# Points ---------------------------------------------------------------------------------


def test_points_of_a_deal_worked_out_by_hand() -> None:
    """classic, dealer p3, hearts trumps. p1 7S 8S 9S 7C 8C and p2 TS TC 7D 8D 9D are weak
    and hold no ace; p3 AS 9H TH QH KH wins every trick it plays (AS, then four trumps).

    fold passes where it may (never with an ace, E2), stay always plays.
    r0 fold stay stay: p1 passes; p2 remise 5; p3 5 tricks + AS 5   -> (0, -5, +10)
    r1 stay stay fold: p3 holds AS, must play; p1, p2 remise 5 each -> (-5, -5, +10)
    r2 stay fold stay: p2 passes; p1 remise 5; p3 writes off 10     -> (-5, 0, +10)
    fold: (0 + 10 + 0) / 3; stay: (-5 + 10 - 5 - 5 - 5 + 10) / 6 = 0.
    """
    rules = Rules.preset("classic", 3)
    hands: dict[int, str | Sequence[Card]] = {
        0: "7S 8S 9S 7C 8C",
        1: "TS TC 7D 8D 9D",
        2: "AS 9H TH QH KH",
    }
    deck = arrange_deck(rules, 2, hands, turned="7H")
    result = play_rotations(rules, ["fold", "stay", "stay"], 2, deck, factory=scripted)
    assert [p.bots for p in result.plays] == [
        ("fold", "stay", "stay"),
        ("stay", "stay", "fold"),
        ("stay", "fold", "stay"),
    ]
    assert [p.points for p in result.plays] == [(0, -5, 10), (-5, -5, 10), (-5, 0, 10)]
    assert all(p.winner is None for p in result.plays)
    scores = deal_scores(result)
    assert scores["fold"] == pytest.approx(10 / 3) and scores["stay"] == 0
    summary = summarize([result])
    fold, stay = summary.bots
    assert (fold.name, fold.seats, stay.name, stay.seats) == ("fold", 1, "stay", 2)
    assert fold.points.mean == pytest.approx(10 / 3) and fold.points.n == 1
    assert summary.pairs[0].difference.mean == pytest.approx(10 / 3)


def test_pairwise_differences_by_hand() -> None:
    """Three made-up deals of two seats: a's and b's scores per deal and their difference.

    deal 0: a (4 + 2) / 2 = 3, b (0 + -2) / 2 = -1, a - b = 4
    deal 1: a (1 + 1) / 2 = 1, b (-1 + 1) / 2 = 0,  a - b = 1
    deal 2: a (0 + 2) / 2 = 1, b (2 + 0) / 2 = 1,   a - b = 0
    a - b: mean 5/3, sd sqrt(((7/3)^2 + (2/3)^2 + (5/3)^2) / 2) = sqrt(13/3).
    """
    deals = [
        DealResult(0, 0, (play(0, "a b", (4, 0)), play(1, "b a", (-2, 2)))),
        DealResult(1, 1, (play(0, "a b", (1, -1)), play(1, "b a", (1, 1)))),
        DealResult(2, 0, (play(0, "a b", (0, 2)), play(1, "b a", (0, 2)))),
    ]
    assert [deal_scores(d) for d in deals] == [
        {"a": 3, "b": -1},
        {"a": 1, "b": 0},
        {"a": 1, "b": 1},
    ]
    summary = summarize(deals)
    assert (summary.deals, summary.plays) == (3, 6)
    a, b = summary.bots
    assert a.points.mean == pytest.approx(5 / 3) and b.points.mean == 0
    (pair,) = summary.pairs
    assert (pair.first, pair.second) == ("a", "b")
    half = Z95 * math.sqrt(13 / 3) / math.sqrt(3)
    assert pair.difference.mean == pytest.approx(5 / 3)
    assert pair.difference.low == pytest.approx(5 / 3 - half)
    assert pair.difference.high == pytest.approx(5 / 3 + half)


def test_openskill_ranks_the_bot_that_always_wins_first() -> None:
    deals = [
        DealResult(k, 0, tuple(play(r, " ".join(seats), pts) for r, (seats, pts) in enumerate(p)))
        for k, p in enumerate(
            [
                [(("c", "a", "b"), (-5, 7, 1)), (("a", "b", "c"), (3, 0, -5))],
                [(("b", "c", "a"), (2, 2, 9)), (("c", "a", "b"), (-1, 4, 4))],
            ]
            * 5
        )
    ]
    rated = ratings(deals)
    assert rated["a"].ordinal > rated["b"].ordinal > rated["c"].ordinal
    assert rated["a"].ordinal == pytest.approx(rated["a"].mu - 3 * rated["a"].sigma)
    summary = summarize(deals)
    assert [b.name for b in summary.bots] == ["c", "a", "b"]  # the order of the first play
    assert summary.bots[1].rating == rated["a"]
    # Equal points are a tie: two bots that always tie keep equal ratings.
    ties = [DealResult(0, 0, (play(0, "x y", (1, 1)), play(1, "y x", (0, 0))))]
    assert ratings(ties)["x"] == ratings(ties)["y"]


def test_bots_claim_as_soon_as_they_may() -> None:
    """mushka-pamfil starts at 25 with overshoot (S7): a bot at 0 or below claims at once, so
    it never overshoots, and a claim in play sends the others back to their pre-play records."""
    rules = Rules.preset("mushka-pamfil", 3)
    seen: list[Deal] = []
    for k in range(12):
        play_duplicate(
            rules, ["heuristic", "random", "random"], 1, k, on_play=lambda r, d: seen.append(d)
        )
    claimed = [d for d in seen if d.winner is not None]
    assert claimed
    for d in claimed:
        winner = d.winner
        assert winner is not None and d.win_clause == "S7" and d.records[winner] <= 0
        assert all(d.records[s] == d.start_records[s] for s in range(3) if s != winner)


# Reproducibility ------------------------------------------------------------------------


def test_results_are_the_same_whatever_the_worker_count() -> None:
    rules = Rules.preset("classic", 3)
    bots = ["heuristic", "random", "random"]
    done: list[int] = []
    one = run_tournament_deals(rules, bots, 24, seed=11, workers=1, progress=done.append)
    two = run_tournament_deals(rules, bots, 24, seed=11, workers=2)
    assert one == two and sum(done) == 24
    assert summarize(one.deals) == summarize(two.deals)
    other = run_tournament_deals(rules, bots, 24, seed=12)
    assert other.deals != one.deals


# The command ----------------------------------------------------------------------------


def test_cli_tournament_writes_json_and_chart(tmp_path: Path) -> None:
    out = tmp_path / "out"
    rc = main(
        ["tournament", "--preset", "duel", "--players", "2", "--bots", "heuristic,random",
         "--deals", "30", "--seed", "3", "--out", str(out)]
    )  # fmt: skip
    assert rc == 0
    data = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert data["parameters"]["seed"] == 3 and data["parameters"]["preset"] == "duel"
    assert (data["deals"], data["plays"]) == (30, 60)
    assert [b["name"] for b in data["bots"]] == ["heuristic", "random"]
    summary = summarize(
        run_tournament_deals(Rules.preset("duel", 2), ["heuristic", "random"], 30, 3).deals
    )
    for got, want in zip(data["bots"], summary.bots, strict=True):
        assert got["points_per_deal"]["mean"] == pytest.approx(want.points.mean)
        assert got["points_per_deal"]["low"] == pytest.approx(want.points.low)
        assert got["openskill"]["mu"] == pytest.approx(want.rating.mu)
        assert got["openskill"]["ordinal"] == pytest.approx(want.rating.ordinal)
    (pair,) = data["pairs"]
    assert pair["difference"]["mean"] == pytest.approx(summary.pairs[0].difference.mean)
    assert (out / "chart.png").read_bytes()[:8] == PNG_HEADER


@pytest.mark.parametrize(
    "extra",
    [
        ["--preset", "classic", "--players", "3", "--bots", "heuristic,random,nobody"],
        ["--preset", "nonesuch", "--players", "3", "--bots", "random,random,random"],
        ["--preset", "classic", "--players", "3", "--bots", "random,random"],
        ["--preset", "classic", "--players", "3", "--bots", "random,random,random",
         "--rule", "dave=true"],
        ["--preset", "classic", "--players", "3", "--bots", "random,random,random",
         "--deals", "0"],
        ["--preset", "classic", "--players", "3", "--bots", "random,random,random",
         "--workers", "0"],
        ["--preset", "classic", "--players", "9", "--bots", "random,random,random"],
    ],
)  # fmt: skip
def test_cli_tournament_bad_input_exits_2(
    extra: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert main(["tournament", *extra, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rams: ") and err.count("\n") == 1
    assert not out.exists()


def test_hard_gives_the_same_tournament_whatever_the_worker_count() -> None:
    """The searching bots play without time limits and with a fresh solver table for every
    decision, so a seed gives one result for any number of workers."""
    from rams.tournament import run_tournament_deals

    rules = Rules.preset("duel", 2)
    one = run_tournament_deals(rules, ["hard", "heuristic"], 40, 2026, workers=1)
    two = run_tournament_deals(rules, ["hard", "heuristic"], 40, 2026, workers=2)
    assert one == two


def test_the_russian_tables_name_the_bot_levels_in_words_and_the_chart_writes_a_comma() -> None:
    """The review's open question: the tables said «heuristic», «random» on a Russian screen.
    Two made-up deals of «heuristic» against «random»; the tables word the levels
    («эвристический», «случайный»), a bot the catalogue has no word for keeps its name; the
    chart's axis writes «−0,5»."""
    from rich.console import Console

    from rams.tournament_cli import axis_number, pairs_table, results_table

    h_r, r_h = "heuristic random", "random heuristic"
    deals = [
        DealResult(0, 0, (play(0, h_r, (4, 0)), play(1, r_h, (-2, 2)))),
        DealResult(1, 1, (play(0, h_r, (1, -1)), play(1, r_h, (1, 1)))),
    ]
    summary = summarize(deals)
    console = Console(width=200, record=True)
    console.print(results_table(summary, "t", "ru"))
    console.print(pairs_table(summary, "ru"))
    shown = console.export_text()
    assert "эвристический" in shown and "случайный" in shown
    assert "heuristic" not in shown and "random" not in shown
    console = Console(width=200, record=True)
    console.print(pairs_table(summary, "en"))
    assert "heuristic" in console.export_text()
    assert (axis_number(-0.5, "ru"), axis_number(1.25, "ru"), axis_number(-0.5, "en")) == (
        "−0,5", "1,25", "-0.5",
    )  # fmt: skip
