"""The analysis of a finished game (rams.analysis, `rams analyse`): hand-built positions whose
best card is known by hand, independence from the hidden cards, the command's output."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from rams.actions import Play
from rams.analysis import Rating, analyse
from rams.cards import parse_card
from rams.cli import main
from rams.record import Record, loads
from tests.util import ALL_PLAY_P3_DEALS, deck_str, record_text

# Classic, three players, the dealer p3, clubs trumps (the turned 7♣) and no trump in any
# hand: p1 leads three spades and wins them (p2 follows once, then both are void and hold no
# trump, P2),
# then leads 8♥. p3, last to play, holds 9♥ and 7♥: 9♥ wins the fourth trick and then 7♥
# the fifth (nobody has a heart left); 7♥ loses both, and p3 takes no trick (a remise, R1).
HANDS = {0: "AS KS QS TS 8H", 1: "7S 7D 8D 9D TD", 2: "JD QD AD 9H 7H"}
TRICKS_1_3 = ["p1 AS", "p2 7S", "p3 JD", "p1 KS", "p2 7D", "p3 QD", "p1 QS", "p2 8D", "p3 AD"]
GOOD = [*TRICKS_1_3, "p1 8H", "p2 9D", "p3 9H", "p3 7H", "p1 TS", "p2 TD"]
BAD = [*TRICKS_1_3, "p1 8H", "p2 9D", "p3 7H", "p1 TS", "p2 TD", "p3 9H"]
DECISION = len(ALL_PLAY_P3_DEALS) + 12  # p3's card to the fourth trick (1-based step)


def _classic(lines: list[str], hands: dict[int, str] = HANDS, stock: str = "") -> Record:
    deck = deck_str("classic", 3, 2, hands, turned="7C", stock=stock)
    return loads(record_text("classic", 3, [(2, deck, [*ALL_PLAY_P3_DEALS, *lines])]))


def _rating(ratings: list[Rating], step: int) -> Rating:
    found = [r for r in ratings if r.step == step]
    assert len(found) == 1, ratings
    return found[0]


def test_p3_card_that_wins_the_trick_is_named_best() -> None:
    """P3, R1: 7♥ to the fourth trick loses two tricks and brings a remise; 9♥ is best."""
    bad = _rating(analyse(_classic(BAD), 2, samples=12, rng=random.Random(1)), DECISION)
    assert (bad.deal, bad.phase) == (1, "play")
    assert bad.played == Play(parse_card("7H"))
    assert bad.best == Play(parse_card("9H"))
    assert bad.loss > 1.0
    good = _rating(analyse(_classic(GOOD), 2, samples=12, rng=random.Random(1)), DECISION)
    assert good.played == good.best == Play(parse_card("9H"))
    assert good.loss == 0.0
    assert good.best_value == pytest.approx(bad.best_value)


def test_ratings_never_depend_on_hidden_cards() -> None:
    """A twin deal that differs only in cards p3 cannot see at its decisions (p1's last
    card, the stock) rates every decision up to the fourth trick alike — though there p1's
    J♥ would take p3's 7♥ in the fifth trick, and the real deal's value of 9♥ differs."""
    twin_hands = {**HANDS, 0: "AS KS QS JH 8H"}
    twin_lines = [line.replace("p1 TS", "p1 JH") for line in BAD]
    real = analyse(_classic(BAD), 2, samples=8, rng=random.Random(3))
    twin_record = _classic(twin_lines, twin_hands, stock="TS")
    twin = analyse(twin_record, 2, samples=8, rng=random.Random(3))
    assert [r for r in real if r.step <= DECISION] == [r for r in twin if r.step <= DECISION]
    assert any(r.step == DECISION for r in real)


def _plain(preset: str, hands: list[str], lines: list[str]) -> Record:
    """A one-deal record of a plain game, the dealer p4, the hands dealt a card at a time
    from the dealer's left (p1's first)."""
    held = [h.split() for h in hands]
    deck = " ".join(held[i % 4][i // 4] for i in range(sum(map(len, held))))
    return loads(record_text(preset, 4, [(3, deck, lines)]))


def _tricks(leads: list[str], others: list[list[str]]) -> list[str]:
    """Tricks p1 leads, p2, p3, p4 following in turn."""
    out = []
    for k, lead in enumerate(leads):
        out += [f"p1 {lead}", *(f"p{s + 2} {o[k]}" for s, o in enumerate(others))]
    return out


def test_t5_kony_ending_the_higher_heart_takes_a_trick() -> None:
    """T5 (each for himself, tricks): p1 leads six spades, then 8♥, then his last spade;
    p2 and p3 hold no heart and no spade. p4's 9♥ to the seventh trick takes it; 7♥ loses
    it and the last one too: one trick less."""
    p2, p3 = "7C 8C 9C TC JC QC KC AC", "7D 8D 9D TD JD QD KD AD"
    hands = ["AS KS QS JS TS 9S 8S 8H", p2, p3, "7S TH JH QH KH AH 9H 7H"]
    p4 = ["7S", "TH", "JH", "QH", "KH", "AH", "7H", "9H"]
    play = _tricks(["AS", "KS", "QS", "JS", "TS", "9S", "8H", "8S"], [p2.split(), p3.split(), p4])
    record = _plain("kony", hands, ["p1 trump S", *play])
    ratings = analyse(record, 3, samples=8, rng=random.Random(2))
    last = _rating(ratings, 1 + 6 * 4 + 4)
    assert (last.played, last.best) == (Play(parse_card("7H")), Play(parse_card("9H")))
    assert last.loss == pytest.approx(1.0)
    assert all(r.loss == 0 for r in ratings if r is not last)


def test_w6_whist_ending_a_trick_of_the_side_is_two_points() -> None:
    """W6 (2 points a trick): the same ending in Whist, spades trumps (the dealer's last
    card, W3): 7♥ to the twelfth trick costs p4's side one trick, 2 points."""
    spades = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S"]
    p2 = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    p3 = "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
    p4 = "AH KH QH JH TH 6H 5H 4H 3H 2H 9H 7H 2S"
    hands = [" ".join([*spades, "8H"]), p2, p3, p4]
    discards = ["2S", *p4.split()[:10], "7H", "9H"]
    play = _tricks([*spades[:11], "8H", "3S"], [p2.split(), p3.split(), discards])
    ratings = analyse(_plain("whist", hands, play), 3, samples=4, rng=random.Random(2))
    last = _rating(ratings, 11 * 4 + 4)
    assert (last.played, last.best) == (Play(parse_card("7H")), Play(parse_card("9H")))
    assert last.loss == pytest.approx(2.0)


def test_seat_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="no seat 3"):
        analyse(_classic(BAD), 3)


@pytest.fixture
def bad_record(tmp_path: Path) -> str:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_classic(BAD).to_json()), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("ru", "Сдача 1, ход 19: вы сыграли 7♥ — здесь вы потеряли около "),
        ("en", "Deal 1, move 19: you played 7♥ — you lost about "),
    ],
)
def test_cli_analyse_names_the_costly_card(
    bad_record: str, lang: str, line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["analyse", bad_record, "--seat", "3", "--samples", "8", "--lang", lang])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    costly = [s for s in out if s.startswith(line)]
    assert len(costly) == 1, out
    assert costly[0].endswith("9♥")
    assert out[-1].startswith("Разобрано решений" if lang == "ru" else "Decisions rated")


def test_cli_analyse_json(bad_record: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["analyse", bad_record, "--seat", "3", "--samples", "8", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    card = next(r for r in data["ratings"] if r["step"] == DECISION)
    assert (card["played"], card["best"]) == ("7H", "9H")
    assert card["loss"] > 1


@pytest.mark.parametrize(("seat", "samples"), [("4", "8"), ("0", "8"), ("3", "0")])
def test_cli_analyse_refuses_bad_arguments(
    bad_record: str, seat: str, samples: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["analyse", bad_record, "--seat", seat, "--samples", samples, "--lang", "en"])
    assert code == 2
    assert capsys.readouterr().err.startswith(("--seat", "--samples"))


def test_b3_boston_bids_and_partners_are_rated_in_points() -> None:
    """B3–B5, B11: the decisions before play are rated too, every loss at least 0."""
    path = Path(__file__).parent / "records/examples/boston_03_invited_partner_after_decline.json"
    ratings = analyse(loads(path.read_text(encoding="utf-8")), 1, samples=4)
    phases = {r.phase for r in ratings}
    assert {"auction", "partner", "play"} <= phases
    assert all(r.loss >= 0 for r in ratings)
    assert all((r.loss == 0) == (r.played == r.best) for r in ratings)


@pytest.mark.parametrize(
    ("action", "ru", "en"),
    [
        ("pass", "выбрали «пас»", "chose «pass»"),
        ("exchange", "выбрали «не менять карты»", "chose «stand pat»"),
        ("exchange 7S AH", "выбрали «поменять 7♠ Т♥»", "chose «exchange 7♠ A♥»"),
        ("swap 9C", "выбрали «взять козырь за 9♣»", "chose «take the trump for 9♣»"),
        ("KS", "сыграли К♠", "played K♠"),
    ],
)
def test_actions_are_worded_in_both_languages(action: str, ru: str, en: str) -> None:
    from rams.analysis import action_words
    from rams.games.rams.actions import parse_line

    _, parsed = parse_line(f"p1 {action}")
    keys = ("analysis.played_card", "analysis.chose")
    assert action_words(parsed, "ru", ["A"], *keys) == ru
    assert action_words(parsed, "en", ["A"], *keys) == en
