"""The score sheet of every game (rams.sheets): a row per deal with its number, the columns its
family declares (a player each, or Whist's sides), each entry in the row of the deal that wrote
it and blank where the deal changed nothing, the earlier values struck out, a deal's note, and
the final standings.

Every expected sheet here is worked out by hand from RULES and the worked examples' own «why»
(tests/records/examples, copied from ../shared/examples), never taken from the engine.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rams import games
from rams.record import loads
from rams.sheets import Column, Place, ScoreSheet, places, strike

EXAMPLES = Path(__file__).parent / "records" / "examples"


def sheet_of(name: str) -> ScoreSheet:
    record = loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    return games.sheet_of(record.replay())


def rows(sheet: ScoreSheet, lang: str = "ru") -> list[tuple[Any, ...]]:
    """Each row as (deal, entries…, note)."""
    return [(r.deal, *r.entries, sheet.note_text(r, lang)) for r in sheet.rows]


def S(n: int) -> str:
    """A number struck out, as the text writes it."""
    return strike(str(n))


# Rams: the record runs down to 0 ----------------------------------------------------------


def test_rams_void_deal_is_a_row_with_its_note() -> None:
    """all_pass_void_deal: deal 1 is void (E3, X3): a row with no entry and its note; deal 2
    writes p1 105 (the dealer's remise), p2 95 (five spades, R2), p3 120 (remise with the
    ♦ ace, S4). The 100s of the start are struck out; the game goes on (no standings)."""
    sheet = sheet_of("all_pass_void_deal")
    assert [c.label for c in sheet.columns] == ["P1", "P2", "P3"]
    assert rows(sheet) == [
        (0, 100, 100, 100, ""),
        (1, None, None, None, "все спасовали, сдача не в счёт"),
        (2, 105, 95, 120, ""),
    ]
    assert sheet.standings is None
    assert sheet.text("en") == "\n".join(
        [
            "Deal  P1   P2   P3",
            f"      {S(100)}  {S(100)}  {S(100)}",
            "1                    everyone passed: the deal is void",
            "2     105  95   120",
        ]
    )


def test_rams_game_ending_mid_deal_writes_only_the_winner() -> None:
    """game_ends_mid_deal: from 7, p2 reaches 0 at the third trick and wins (S6); p1 and p3
    keep their pre-play 7, so their columns stay blank in deal 1 and their 7s stand. The
    standings: p2 first, then p1 and p3 sharing second (7 each; lower is better)."""
    sheet = sheet_of("game_ends_mid_deal")
    assert rows(sheet) == [(0, 7, 7, 7, ""), (1, None, 0, None, "")]
    assert sheet.struck() == [[False, True, False], [False, False, False]]
    assert sheet.standings == (
        Place(2, "P1", (0,), 7, True),
        Place(1, "P2", (1,), 0, False),
        Place(2, "P3", (2,), 7, True),
    )
    assert sheet.text("ru") == "\n".join(
        [
            "Сдача  P1  P2  P3",
            f"       7   {S(7)}   7",
            "1          0",
            "Итоговые места:",  # (was «Итог:», the name of the web table's column too)
            "  1. P2 — 0",
            "  2. P1, P3 — по 7, делят место",  # (was «…, место поровну»)
        ]
    )


# Whist: by sides --------------------------------------------------------------------------


def test_whist_sheet_is_by_sides() -> None:
    """whist_03_long_rubber_bonus_3: each deal one side takes all 13 tricks with five honours,
    14 points (W6), and wins a game worth 3 (W7: the losers have none); the points start the
    next game at 0 again, so the points columns never change at a deal's end. Deal 1: p2+p4 a
    game (games 0:1); deal 2: p1+p3 (1:1); deal 3: p2+p4 the second game and the rubber, 2–1,
    bonus 3 (W8), and the match (one rubber, W9): the games stay 1:2 written (they went back
    to 0:0, «партии 0», when no rubber was left to play), rubber points 3 and 3+3+3 = 9.
    p2+p4 first."""
    sheet = sheet_of("whist_03_long_rubber_bonus_3")
    assert [(c.label, c.seats, c.kind) for c in sheet.columns] == [
        ("P1+P3", (0, 2), "points"),
        ("P2+P4", (1, 3), "points"),
        ("P1+P3", (0, 2), "games"),
        ("P2+P4", (1, 3), "games"),
        ("P1+P3", (0, 2), "rubbers"),
        ("P2+P4", (1, 3), "rubbers"),
    ]
    assert rows(sheet) == [
        (0, 0, 0, 0, 0, 0, 0, ""),
        (1, None, None, None, 1, None, None, "партию выиграли P2+P4, 14:0 (стоит 3)"),
        (2, None, None, 1, None, None, None, "партию выиграли P1+P3, 14:0 (стоит 3)"),
        (
            3,
            *(None, None, None, 2, 3, 9),
            "партию выиграли P2+P4, 14:0 (стоит 3), и роббер: бонус 3",
        ),
    ]
    assert sheet.standings == (
        Place(2, "P1+P3", (0, 2), 3, False),
        Place(1, "P2+P4", (1, 3), 9, False),
    )
    assert sheet.text("en").splitlines()[0].split("  ") == [
        "Deal",
        "P1+P3: points",
        "P2+P4: points",
        "P1+P3: games",
        "P2+P4: games",
        "P1+P3: rubber points",
        "P2+P4: rubber points",
    ]
    assert sheet.text("en").splitlines()[-3:] == ["Standings:", "  1. P2+P4: 9", "  2. P1+P3: 3"]


# The plain games, a player each -----------------------------------------------------------


def test_boston_contract_with_a_partner() -> None:
    """boston_03: p1 bids 5♠ and plays with p3 (B5); 12 each (B11); p2 and p4 write nothing,
    so their columns stay blank. One deal of four: no standings yet (B12)."""
    sheet = sheet_of("boston_03_invited_partner_after_decline")
    assert rows(sheet) == [(0, 0, 0, 0, 0, ""), (1, 12, None, 12, None, "5 ♠: P1 и P3 — сыграно")]
    assert rows(sheet, "en")[1][-1] == "5 ♠: P1 and P3 made it"
    assert sheet.standings is None


def test_boston_small_null() -> None:
    """boston_05: p1's small null, no trick: +15 for him alone (B11)."""
    sheet = sheet_of("boston_05_small_null_made")
    assert rows(sheet)[1] == (1, 15, None, None, None, "малый нуль: P1 — сыграно")


def test_ramsch_tied_winners_share_first_place() -> None:
    """ramsch_03 (one deal): p2 took every trick, 20; p1 and p3 tied at 0 card points, 5 each
    (F7). The lowest total wins, tied winners share it (F8): p1 and p3 first, p2 third."""
    sheet = sheet_of("ramsch_03_loser_took_every_trick_20")
    assert rows(sheet) == [(0, 0, 0, 0, ""), (1, 5, 20, 5, "")]
    assert sheet.standings == (
        Place(1, "P1", (0,), 5, True),
        Place(3, "P2", (1,), 20, False),
        Place(1, "P3", (2,), 5, True),
    )
    assert sheet.standing_lines("en") == ["1. P1, P3: 5 each, a shared place", "3. P2: 20"]


def test_kony_only_the_scorer_is_written() -> None:
    """kony_01: p4 deals, so p1 names the trump, spades (T3), and takes all 8 tricks, 24
    (T5); the others' columns stay blank."""
    sheet = sheet_of("kony_01_namer_takes_every_trick")
    assert rows(sheet) == [
        (0, 0, 0, 0, 0, ""),
        (1, 24, None, None, None, "козыри — пики (выбор игрока P1)"),
    ]
    assert rows(sheet, "en")[1][-1] == "trumps: spades (P1's choice)"


# The structure and the wire -----------------------------------------------------------------


def test_json_for_the_browser() -> None:
    """The browser gets each column's heading, the rows with null for blank and the note in
    its language, the standings and the sheet's words."""
    sheet = sheet_of("game_ends_mid_deal")
    data = sheet.to_json("en")
    assert data["columns"][1] == {
        "heading": "P2",
        "label": "P2",
        "kind": None,
        "kind_word": None,
        "seats": [1],
    }
    assert data["rows"] == [
        {"deal": 0, "entries": [7, 7, 7], "note": None},
        {"deal": 1, "entries": [None, 0, None], "note": None},
    ]
    assert data["standings"][1] == {
        "place": 1,
        "label": "P2",
        "seats": [1],
        "score": 0,
        "tie": False,
    }
    assert data["places"] == [
        {"place": 1, "text": "1. P2: 0"},
        {"place": 2, "text": "2. P1, P3: 7 each, a shared place"},
    ]
    assert data["words"] == {"title": "Score sheet", "deal": "Deal", "standings": "Standings"}


def test_struck_is_every_entry_but_a_columns_last() -> None:
    sheet = ScoreSheet.from_rows(
        [(25, 25), (19, 25), (19, 30), (12, 30)], [Column("A", (0,)), Column("B", (1,))]
    )
    assert [r.entries for r in sheet.rows] == [(25, 25), (19, None), (None, 30), (12, None)]
    assert sheet.struck() == [[True, True], [True, False], [False, False], [False, False]]
    # A replay's step shows the first rows: their last entries stand.
    assert sheet.struck(2) == [[True, False], [False, False]]
    assert sheet.current() == [12, 30]


def test_last_deal_rams_void_then_written() -> None:
    """all_pass_void_deal's last deal (deal 2) from 100 each: p1 +5 to 105, p2 −5 to 95,
    p3 +20 to 120 (the summary a player sees after the deal)."""
    assert sheet_of("all_pass_void_deal").last_deal() == [(5, 105), (-5, 95), (20, 120)]


def test_last_deal_leaves_an_untouched_column_without_a_change() -> None:
    """game_ends_mid_deal: p2 goes 7 → 0; p1 and p3 were not written (no change, 7 stands)."""
    assert sheet_of("game_ends_mid_deal").last_deal() == [(None, 7), (-7, 0), (None, 7)]


def test_last_deal_whist_by_sides_and_kinds() -> None:
    """whist_03_long_rubber_bonus_3's deal 3: the points columns unchanged (0), the games
    1:1 → 1:2 (the match's last rubber: its games stay), rubber points 0 → 3 and 0 → 9 (W7,
    W8, W9)."""
    assert sheet_of("whist_03_long_rubber_bonus_3").last_deal() == [
        (None, 0),
        (None, 0),
        (None, 1),
        (1, 2),
        (3, 3),
        (9, 9),
    ]


def test_last_deal_before_any_deal_has_no_changes() -> None:
    sheet = ScoreSheet.from_rows([(15, 15)], [Column("A", (0,)), Column("B", (1,))])
    assert sheet.last_deal() == [(None, 15), (None, 15)]
    assert sheet.to_json("en")["last"] == [
        {"change": None, "now": 15},
        {"change": None, "now": 15},
    ]


@pytest.mark.parametrize(
    ("scores", "better", "winners", "expected"),
    [
        ([10, 20, 20, 5], 1, [], [(3, False), (1, True), (1, True), (4, False)]),
        ([10, 20, 20, 5], -1, [], [(2, False), (3, True), (3, True), (1, False)]),
        ([0, -3, 7], -1, [0], [(1, False), (2, False), (3, False)]),
    ],
)
def test_places(
    scores: list[int], better: int, winners: list[int], expected: list[tuple[int, bool]]
) -> None:
    """Places by the score (ties share, the next place counted past them); a family's winners
    first whatever the score (Rams: the first at 0 wins, S6)."""
    assert places(scores, better, winners) == expected
