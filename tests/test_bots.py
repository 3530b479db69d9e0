"""Baseline bots and bot-only simulation: bots see only their seat's observation, the
heuristic bot's habits, its edge over random, and reproducible simulations."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from rams.bots import bot_names, make_bot
from rams.cards import parse_card, parse_cards
from rams.errors import RulesError
from rams.games.rams.actions import KEEP, PASS, PLAY_IN, Action, Exchange, Play, Swap
from rams.games.rams.match import RamsMatch
from rams.games.rams.rules import Rules
from rams.games.rams.view import Observation
from rams.record import loads
from rams.sim import GameResult, simulate, summarize
from rams.table import Table
from tests.util import ALL_PLAY_P3_DEALS, make_deal, run


class SpyBot:
    """Wraps a bot and checks every view it is given is the seat's own observation."""

    name = "spy"

    def __init__(self, inner_name: str, seat: int, game: RamsMatch) -> None:
        self.inner = make_bot(inner_name, random.Random(seat))
        self.seat = seat
        self.game = game
        self.calls = 0

    def act(self, view: Observation) -> Action:
        assert isinstance(view, Observation)
        assert view.seat == self.seat and view.to_move == self.seat
        deal = self.game.deal
        assert deal is not None
        assert list(view.hand) == deal.hand(self.seat)
        for e in view.events:
            if e.seat != self.seat:
                assert not e.secret and not e.drawn
        self.calls += 1
        action = self.inner.act(view)
        assert action in view.legal_actions
        return action


# Whole games for the quick bots; the searching ones (medium, hard, hardsim, pimc) are
# checked on single deals in test_strong_bots.py.
QUICK = [b for b in bot_names() if b not in ("medium", "hard", "hardsim", "pimc")]


@pytest.mark.parametrize("bot", QUICK)
@pytest.mark.parametrize(
    ("preset", "players"), [("classic", 4), ("duel", 2), ("mushka-pamfil", 3), ("petukh", 6)]
)
def test_bots_see_only_their_observation_and_act_legally(
    bot: str, preset: str, players: int
) -> None:
    rules = Rules.preset(preset, players)
    for seed in range(3):
        game = RamsMatch(rules, rng=random.Random(seed))
        spies = [SpyBot(bot, s, game) for s in range(players)]
        table = Table(game, spies)
        while not game.is_over and len(game.deals) < 60:
            table.advance(stop_at_deal_end=True)
        assert sum(s.calls for s in spies) > 0


def test_unknown_bot_is_an_error() -> None:
    with pytest.raises(RulesError, match="unknown bot 'robot'"):
        make_bot("robot", random.Random(0))


def heuristic_choice(deal_lines: list[str], seat: int, **kwargs: object) -> Action:
    deal = make_deal(**kwargs)  # type: ignore[arg-type]
    run(deal, *deal_lines)
    return make_bot("heuristic", random.Random(0)).act(deal.observation(seat))


BASE = {"preset": "classic", "players": 3, "dealer": 2}


def test_heuristic_plays_a_strong_hand_and_passes_a_weak_one() -> None:
    strong = heuristic_choice(
        [], 0, **BASE, hands={0: "KD QD 9D 7S 8S"}, turned="7D"
    )  # three trumps: K, Q, 9
    assert strong == PLAY_IN
    weak = heuristic_choice([], 0, **BASE, hands={0: "7S 8S 9C 7H 8H"}, turned="7D")
    assert weak == PASS


def test_heuristic_exchange_keeps_trumps_and_aces_and_discards_low_cards() -> None:
    action = heuristic_choice(
        ["p1 play", "p2 play", "p3 play"],
        0,
        **BASE,
        hands={0: "AS KD 7C 8H 9H", 1: "7S 8S 9S TS JS", 2: "QS KS 8C 9C TC"},
        turned="7D",
    )
    assert isinstance(action, Exchange)
    assert set(action.cards) == set(parse_cards("7C 8H 9H"))


def test_heuristic_dealer_takes_a_high_turned_trump_for_his_weakest_card() -> None:
    action = heuristic_choice(
        ["p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange"],
        2,
        **BASE,
        hands={0: "AS KS QS JS TS", 1: "7S 8S 9S AC KC", 2: "7C 8H QD KD AH"},
        turned="AD",
    )
    assert action == Swap(parse_card("7C"))
    keep = heuristic_choice(
        ["p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange"],
        2,
        **BASE,
        hands={0: "AS KS QS JS TS", 1: "7S 8S 9S AC KC", 2: "8D 9D QD KD AH"},
        turned="7D",
    )
    assert keep == KEEP


def test_heuristic_wins_with_the_cheapest_winning_card_or_throws_its_least_useful() -> None:
    setup = list(ALL_PLAY_P3_DEALS)
    hands = {0: "9H 7S 8S 9S TS", 1: "TH KH AH 7C 8C", 2: "JH QH 9C TC JC"}
    # p1 leads 9H; p2 can win with TH, KH or AH: the cheapest winner is TH.
    assert heuristic_choice([*setup, "p1 9H"], 1, **BASE, hands=hands, turned="7D") == Play(
        parse_card("TH")
    )
    # p3 cannot beat AH: he throws his lowest heart (he must follow), JH.
    assert heuristic_choice(
        [*setup, "p1 9H", "p2 AH"], 2, **BASE, hands=hands, turned="7D"
    ) == Play(parse_card("JH"))


def test_heuristic_takes_the_talon_with_a_weak_hand() -> None:
    deal = make_deal("duel", 2, dealer=1, hands={0: "7S 8S 9C 7H 8H"}, turned="7D")
    assert str(make_bot("heuristic", random.Random(0)).act(deal.observation(0))) == "take"
    strong = make_deal("duel", 2, dealer=1, hands={0: "AD KD QD AS AH"}, turned="7D")
    assert str(make_bot("heuristic", random.Random(0)).act(strong.observation(0))) == "sell"


def test_heuristic_beats_random_with_an_interval_excluding_zero() -> None:
    """A smoke version of benchmarks/baseline_bots.py: 300 three-handed games."""
    results = simulate(Rules.preset("classic", 3), ["heuristic", "random", "random"], 300, 7)
    summary = summarize(results)
    versus = summary.versus_first["random"]  # random's change per deal minus heuristic's
    assert versus.low > 0
    heuristic = summary.bots[0]
    assert heuristic.name == "heuristic" and heuristic.win_rate.low > 1 / 3


def test_simulation_is_the_same_whatever_the_worker_count(tmp_path: Path) -> None:
    rules = Rules.preset("rams-001", 4)
    bots = ["heuristic", "random", "heuristic", "random"]
    one = simulate(rules, bots, 24, 11, workers=1, records=tmp_path / "a")
    two = simulate(rules, bots, 24, 11, workers=2, records=tmp_path / "b")
    assert [(r.bots, r.changes, r.deals, r.winner) for r in one] == [
        (r.bots, r.changes, r.deals, r.winner) for r in two
    ]
    files = sorted((tmp_path / "a").glob("*.json"))
    assert len(files) == 24
    for path in files[:5]:
        text = path.read_text(encoding="utf-8")
        assert text == (tmp_path / "b" / path.name).read_text(encoding="utf-8")
        game = loads(text).replay()
        assert game.winner is not None
    # The bots rotate through the seats from game to game.
    assert one[0].bots == ("heuristic", "random", "heuristic", "random")
    assert one[1].bots == ("random", "heuristic", "random", "heuristic")


def test_summary_figures_by_hand() -> None:
    """Two games, two bots: per-game change per deal, paired difference, win rates."""
    results = [
        GameResult(0, ("a", "b"), (-10, 4), 2, 0),  # a: -5/deal, b: +2/deal, a wins
        GameResult(1, ("b", "a"), (-6, -3), 3, 0),  # b: -2/deal, a: -1/deal, b wins
    ]
    s = summarize(results)
    a, b = s.bots
    assert (a.name, b.name) == ("a", "b")
    assert a.change_per_deal.mean == pytest.approx(-3.0)  # (-5 + -1) / 2
    assert b.change_per_deal.mean == pytest.approx(0.0)  # (2 + -2) / 2
    assert s.versus_first["b"].mean == pytest.approx(3.0)  # (2 - -5 + -2 - -1) / 2
    assert a.win_rate.mean == pytest.approx(0.5) and b.win_rate.mean == pytest.approx(0.5)
    assert s.deals == 5


def test_cli_simulate_prints_the_table_and_writes_json(tmp_path: Path) -> None:
    from rams.cli import main

    out = tmp_path / "figures.json"
    rc = main(
        ["simulate", "--preset", "duel", "--players", "2", "--bots", "heuristic,random",
         "--games", "40", "--seed", "3", "--json", str(out)]
    )  # fmt: skip
    assert rc == 0
    data = json.loads(out.read_text())
    assert data["games"] == 40 and [b["name"] for b in data["bots"]] == ["heuristic", "random"]
    assert main(["simulate", "--preset", "duel", "--players", "2", "--bots", "heuristic"]) == 2


def test_searching_bots_give_the_same_results_whatever_the_worker_count() -> None:
    """hard and medium take no wall-clock time limit in simulations (nor in tournaments), and
    each decision has its own solver table: results do not depend on workers or load."""
    rules = Rules.preset("duel", 2)
    one = simulate(rules, ["hard", "medium"], 12, 21, workers=1)
    two = simulate(rules, ["hard", "medium"], 12, 21, workers=2)
    assert [(r.changes, r.deals, r.winner) for r in one] == [
        (r.changes, r.deals, r.winner) for r in two
    ]


def test_summary_json_is_strict_json_even_for_one_game() -> None:
    from rams.sim import summary_json

    def no_constants(name: str) -> None:
        raise AssertionError(f"not JSON: {name}")

    results = simulate(Rules.preset("classic", 3), ["heuristic", "random", "random"], 1, 2)
    data = json.loads(summary_json(summarize(results)), parse_constant=no_constants)
    assert data["games"] == 1 and data["bots"][0]["record_change_per_deal"]["low"] is None


def test_cli_simulate_speaks_russian(capsys: pytest.CaptureFixture[str]) -> None:
    """Every word of the table comes from the catalogue: ``--lang ru`` gives a Russian
    title, header and caption, with the nouns in the form their numbers take."""
    from rams.cli import main

    rc = main(
        ["simulate", "--preset", "duel", "--players", "2", "--bots", "heuristic,random",
         "--games", "1", "--seed", "3", "--lang", "ru"]
    )  # fmt: skip
    assert rc == 0
    out = capsys.readouterr().out
    assert "рамс вдвоём (дуэль), 2 игрока, 1 партия" in out and "случайная серия № 3" in out
    assert "зерно" not in out  # (was: «duel, 2 игрока, 1 партия, зерно 3»)
    # One game: the change's interval is infinite, the win rate's Wilson interval of 1 in 1
    # is [0,207; 1,000] and of 0 in 1 [0,000; 0,793]; a decimal comma, «;» between the ends.
    assert "[−∞; +∞]" in out and "[0,207;" in out and "[0,000;" in out
    assert "доля побед" in out and "Меньше — лучше" in out
    assert "win rate" not in out
