"""One seat view for every game (rams.games.seatview): each family's observation is a
SeatView, and the common part of the web's state message is written once from it. Expected
values worked out by hand from the records' cards."""

from __future__ import annotations

from pathlib import Path

from rams.games.seatview import SeatView, last_trick_json, seat_view_json
from rams.record import loads
from tests.plain.test_whist import plan_deal

EXAMPLES = Path(__file__).parent / "records" / "examples"


def test_P3_rams_last_trick_and_winners_from_the_card_play() -> None:
    """game_ends_mid_deal: p1 leads KH (7H, 8H follow: the king takes it, P3); p1 leads 8S,
    p2's AS takes it; p2 leads KC (9C, 7C): p2 takes it and reaches 0 (S6)."""
    record = loads((EXAMPLES / "game_ends_mid_deal.json").read_text(encoding="utf-8"))
    deal = record.replay().deal
    assert deal is not None
    view = deal.observation(None)
    assert isinstance(view, SeatView)
    assert view.winners == (0, 1, 1)
    assert last_trick_json(view) == {
        "number": 3,
        "cards": [[1, "KC"], [2, "9C"], [0, "7C"]],
        "winner": 1,
    }
    common = seat_view_json(view)
    assert common["trick"] == [] and common["tricks_taken"] == [1, 2, 0]
    assert common["hand"] == [] and common["dealer"] == 2


def test_W5_whist_last_trick_is_the_trumped_thirteenth() -> None:
    """The deal of test_W1_partners_sit_opposite_and_score_together: trick 13 is led by p2
    (2C); p3, void, trumps with 2H and takes it (W5); p4 2D, p1 2S."""
    deal = plan_deal("S1 S3 S1 C2 C4 C2 D1 D3 D2 H4 H4 H2", "2S 2C 2H 2D")
    view = deal.observation(0)
    assert isinstance(view, SeatView)
    assert last_trick_json(view) == {
        "number": 13,
        "cards": [[1, "2C"], [2, "2H"], [3, "2D"], [0, "2S"]],
        "winner": 2,
    }
    common = seat_view_json(view)
    assert common["tricks_taken"] == [3, 4, 3, 3] and common["trump"] == "H"


def test_both_families_write_the_same_common_part() -> None:
    rams_view = loads((EXAMPLES / "game_ends_mid_deal.json").read_text(encoding="utf-8"))
    rams_deal = rams_view.replay().deal
    assert rams_deal is not None
    whist = plan_deal("S1 S3 S1 C2 C4 C2 D1 D3 D2 H4 H4 H2", "2S 2C 2H 2D")
    keys = {
        "phase", "dealer", "to_move", "hand", "trump", "trick", "last_trick", "tricks_taken",
        "play_rule",
    }  # fmt: skip
    assert set(seat_view_json(rams_deal.observation(0))) == keys
    assert set(seat_view_json(whist.observation(0))) == keys


def test_W1_the_display_says_each_seats_side_and_rams_has_none() -> None:
    """The display carries each seat's side as a number (W1: p1 + p3 against p2 + p4), the
    same for partners, so a screen seats them face to face; a game without fixed sides
    (Rams) says none."""
    from rams import games
    from rams.games.display import display_json

    whist = plan_deal("S1 S3 S1 C2 C4 C2 D1 D3 D2 H4 H4 H2", "2S 2C 2H 2D")
    family = games.family("whist")
    names = ["Аня", "Борис", "Вера", "Глеб"]
    for seat in (0, 1, None):
        shown = display_json(family.display(whist.observation(seat)), names, "ru")
        assert [s["side"] for s in shown["seats"]] == [0, 1, 0, 1]
    record = loads((EXAMPLES / "game_ends_mid_deal.json").read_text(encoding="utf-8"))
    deal = record.replay().deal
    assert deal is not None
    shown = display_json(games.family("rams").display(deal.observation(0)), names[:3], "ru")
    assert [s["side"] for s in shown["seats"]] == [None, None, None]
