"""Divergences from RULES.md found in review. Each test is worked out by hand from the
contract and fails on the engine as reviewed; the comments give the arithmetic.

Unless a test says otherwise a deal is `classic` for three players with p3 dealing, so p1
speaks, exchanges and leads first; every player plays and stands pat, the dealer keeps.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rams.cards import cards_str
from rams.errors import IllegalActionError, RulesError
from rams.games.rams.actions import parse_line
from rams.games.rams.deal import Deal, Phase, arrange_deck
from rams.games.rams.rules import Rules
from rams.record import loads, replay_summary
from tests.util import ALL_PLAY_P3_DEALS as CALLS
from tests.util import make_deal, run

# P2, X7: overtrumping a trump jack of clubs -------------------------------------------------


def test_p2_must_overtrump_the_jack_of_clubs_when_clubs_are_trumps() -> None:
    """P2, X7: in a preset without Pam the jack of clubs is an ordinary trump when clubs are
    trumps. Trump C (turned 8C). p1 leads 7D; p2, void in diamonds, trumps with JC; p3, void
    in diamonds with 7C and QC, must play "a higher trump than any already in the trick if
    able": QC only. The engine forgets the JC (it never counts the jack of clubs as the best
    trump in the trick, as if it were Pam) and also allows 7C."""
    deal = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "7D 8D 9D TD KH", 1: "JC 7S 8S 9S TS", 2: "7C QC 7H 8H 9H"},
        turned="8C",
    )
    run(deal, *CALLS, "p1 7D", "p2 JC")
    assert {str(a) for a in deal.legal_actions()} == {"QC"}
    seat, action = parse_line("p3 7C")
    with pytest.raises(IllegalActionError) as info:
        deal.apply(action, seat)
    assert info.value.clause == "P2"


def test_p2_record_with_an_undertrump_below_the_jack_of_clubs_is_rejected() -> None:
    """P2 through `rams replay`: the same deal as a record; action 10 (p3 7C) breaks P2."""
    rules = Rules.preset("classic", 3)
    deck = arrange_deck(
        rules, 2, {0: "7D 8D 9D TD KH", 1: "JC 7S 8S 9S TS", 2: "7C QC 7H 8H 9H"}, turned="8C"
    )
    record = {
        "format": "rams-record/1",
        "rules": "classic",
        "players": ["A", "B", "C"],
        "deals": [
            {
                "dealer": 3,
                "deck": cards_str(deck),
                "actions": [*CALLS, "p1 7D", "p2 JC", "p3 7C"],
            }
        ],
    }
    with pytest.raises(ValueError) as info:
        loads(json.dumps(record)).replay(partial=True)
    assert str(info.value).startswith("deal 1, action 10: P2:")


# R1, V1, S6, X9: a deal that needs no action before its declarations ----------------------


@pytest.mark.parametrize(
    ("preset", "players", "kw", "winner", "records"),
    [
        # Петух with six: no stock, no exchange, no swap: the declarations come at once.
        # R1 (option four_aces = win_game): p1 dealt four aces wins, his record set to 0.
        (
            "petukh",
            6,
            {"dealer": 5, "hands": {0: "AS AC AD AH 7D"}, "four_aces": "win_game"},
            0,
            [0, 15, 15, 15, 15, 15],
        ),
        # Петух with six and J1 jacks (jacks = rams): p1 at 5 with JS JC writes off 5 -> 0 (S6).
        (
            "petukh",
            6,
            {
                "dealer": 5,
                "hands": {0: "JS JC 8D 9D TD"},
                "jacks": "rams",
                "records": [5, 15, 15, 15, 15, 15],
            },
            0,
            [0, 15, 15, 15, 15, 15],
        ),
        # classic without the play/pass round, with K5 freezes and no turned-trump swap: p1 at
        # 1 freezes every exchange (K5), so p2's four aces are shown at once (R1).
        (
            "classic",
            3,
            {
                "dealer": 2,
                "hands": {1: "AS AC AD AH 7D"},
                "passing": False,
                "dealer_trump": "forbidden",
                "freeze": True,
                "records": [1, 100, 100],
            },
            1,
            [1, 0, 100],
        ),
    ],
)
def test_r1_s6_game_won_by_declarations_before_any_action(
    preset: str, players: int, kw: dict[str, Any], winner: int, records: list[int]
) -> None:
    """R1, J1, S6, X9: when a deal's first step is the declarations (no play/pass, no
    exchange, no swap), a rams or jack pair that wins the game must win it there, with the
    deal over and no action owed. The engine raises AttributeError (`Deal.phase` is not yet
    set when `_win` reads it), so `rams replay` prints a traceback."""
    deal = make_deal(preset, players, **kw)
    assert deal.winner == winner
    assert deal.records == records
    assert deal.phase is Phase.DONE


def test_r1_record_won_by_declarations_before_any_action_replays() -> None:
    """R1, S8, X9 through `rams replay`: Петух with six, four_aces = win_game; the deal has
    no action: p1 wins at 0, each of the five others pays his 15 (remaining): +75."""
    rules = Rules.preset("petukh", 6, four_aces="win_game")
    deck = arrange_deck(rules, 5, {0: "AS AC AD AH 7D"})
    text = json.dumps(
        {
            "format": "rams-record/1",
            "rules": {"preset": "petukh", "four_aces": "win_game"},
            "players": ["A", "B", "C", "D", "E", "F"],
            "deals": [{"dealer": 6, "deck": cards_str(deck), "actions": []}],
        }
    )
    summary = replay_summary(loads(text).replay())
    assert summary["winner"] == 0
    assert summary["records"] == [0, 15, 15, 15, 15, 15]
    assert summary["payouts"] == [75, -15, -15, -15, -15, -15]


# J1, V1: a four_jacks value that collides with the engine's "win" sentinel ----------------


@pytest.mark.parametrize("overshoot", ["off", "restart"])
def test_j1_four_jacks_worth_1000000_is_a_write_off_not_a_v1_win(overshoot: str) -> None:
    """J1, V1, S6, S7: with four_jacks = 1000000 (an integer, accepted by the engine) four
    jacks write off 1000000: 100 - 1000000 = -999900. With overshoot off that ends the game
    (S6), the record shown as computed (X9); with overshoot = restart reaching <= 0 through
    jacks is no win (S7) and play begins. Only four_jacks = "win_game" sets the record to 0
    and wins (V1). The engine treats exactly 1000000 as "win_game" (its internal sentinel).
    (If the option is meant to take only 10 or "win_game", §9.1's table, it must be
    refused instead; either is accepted here.)"""
    try:
        rules = Rules.preset("classic", 3, four_jacks=1000000, overshoot=overshoot)
    except RulesError:
        return
    deck = arrange_deck(
        rules,
        2,
        {0: "JS JC JD JH 7S", 1: "8S 9S 7C 8C 9C", 2: "7D 8D 9D 7H 8H"},
        turned="KS",
    )
    deal = Deal(rules, 2, deck)
    run(deal, *CALLS)
    assert deal.records[0] == -999900
    if overshoot == "off":
        assert deal.winner == 0
    else:
        assert deal.winner is None
        assert deal.phase is Phase.PLAY


# §12: `rams replay` answers bad input with one line and exit status 2 ----------------------

_DECK = (
    "7S 8S 9S 7D 8D 9D AS KS QS 7C 8C 7H 8H KH QH 9H TS JS 9C TC JC QC KC AC TD JD QD KD AD TH"
    " JH AH"
)


def _record(rules: object = "classic", actions: list[str] | None = None) -> str:
    return json.dumps(
        {
            "format": "rams-record/1",
            "rules": rules,
            "players": ["A", "B", "C"],
            "deals": [{"dealer": 3, "deck": _DECK, "actions": actions or ["p1 pass", "p2 pass"]}],
        }
    )


@pytest.mark.parametrize(
    "text",
    [
        # pack 32.0: a float equal to 32 passes the value check, then an assert fails
        _record({"preset": "classic", "pack": 32.0}),
        # a seat number written with a superscript digit: str.isdigit() but not int()
        _record(actions=["p\u00b2 pass"]),
        # a seat number of 5000 digits: int() refuses strings over 4300 digits
        _record(actions=["p" + "9" * 5000 + " pass"]),
        # an integer of 5000 digits in the JSON: json.loads raises ValueError, not
        # JSONDecodeError
        _record({"preset": "classic", "start_score": 123456789}).replace(
            "123456789", "1" + "0" * 4999
        ),
        # deeply nested JSON: RecursionError
        "[" * 100_000 + "]" * 100_000,
    ],
    ids=["pack-float", "seat-superscript", "seat-5000-digits", "int-5000-digits", "nesting"],
)
def test_record_12_bad_input_is_one_line_and_exit_2(text: str, tmp_path: Path) -> None:
    """§12 and the CLI contract: a record that cannot be read or breaks a rule is rejected
    with exit status 2 and one line naming where and why, never a traceback."""
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "rams.cli", "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2, proc.stderr[-500:]
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert proc.stdout == ""
