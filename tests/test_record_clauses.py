"""An error in a record cites the clause of RULES.md that sets what is wrong (issue 26).

Hand-worked bad records, one fault each, with the whole message it must get:

| fault | cites | was |
| --- | --- | --- |
| a kony deck of the 36-card pack, or one card twice | T1 (the 32-card pack) | «T2: N2» |
| a Boston deal without its turned card | B1 (each deal records ``turned``) | «§12» |
| a Boston, Whist or Ramsch deck of the wrong pack | B1, W1, F1 | B1, «W2», «F2» |
| a kony or Whist trump not written ``trump S`` | T3, W4 | nothing |
| a Boston bid of 11 tricks | B3 (no 10–12) | nothing |
| an action a plain game's record cannot read | F9, W10, B13 (its record) | nothing |
| a fifth kony deal | T2 (a game is four deals) | T2 |
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rams.errors import RecordError
from rams.record import loads

#: The 32-card pack 7–A, by rank from the aces down; dealt one card at a time from the
#: dealer's left (T2), p1 gets the four aces and kings, and so on.
KONY_DECK = " ".join(f"{r}{s}" for r in "AKQJT987" for s in "SCDH")
#: The 52-card pack by rank from the aces down.
FULL_DECK = " ".join(f"{r}{s}" for r in "AKQJT98765432" for s in "SCDH")
#: Ramsch with three: 10 cards each and two in the skat (F2).
RAMSCH_DECK = KONY_DECK


def record(preset: str, deal: dict[str, Any], players: int = 4, deals: int = 1) -> str:
    names = [f"P{i}" for i in range(1, players + 1)]
    return json.dumps(
        {"format": "rams-record/1", "rules": preset, "players": names, "deals": [deal] * deals}
    )


def refused(text: str, lang: str = "en") -> str:
    with pytest.raises(RecordError) as info:
        loads(text).replay(partial=True)
    return info.value.words(lang)


def test_T1_a_kony_deck_of_another_pack_cites_the_pack_of_the_game() -> None:
    six = KONY_DECK + " 6S 6C 6D 6H"
    deal = {"dealer": 4, "deck": six, "actions": []}
    assert (
        refused(record("kony", deal))
        == "deal 1: T1: the deck must be the 32-card pack, each card once"
    )
    assert refused(record("kony", deal), "ru") == (
        "сдача 1: T1: колода должна быть колодой в 32 карты, каждая карта по разу"
    )
    twice = KONY_DECK.replace("7H", "7S")
    deal = {"dealer": 4, "deck": twice, "actions": []}
    assert (
        refused(record("kony", deal))
        == "deal 1: T1: the deck must be the 32-card pack, each card once"
    )


@pytest.mark.parametrize(
    ("preset", "players", "deck", "clause", "size", "extra"),
    [
        ("boston", 4, FULL_DECK.removesuffix(" 2H"), "B1", 52, {"turned": "9H"}),
        ("whist", 4, FULL_DECK.removesuffix(" 2H"), "W1", 52, {}),
        ("ramsch", 3, RAMSCH_DECK.replace("AS", "6S"), "F1", 32, {}),
    ],
)
def test_a_plain_games_deck_of_another_pack_cites_the_clause_of_its_pack(
    preset: str, players: int, deck: str, clause: str, size: int, extra: dict[str, str]
) -> None:
    """B1 and W1: 52 cards; F1: the 32-card pack 7–A (a 6♠ for the A♠ here)."""
    deal = {"dealer": players, "deck": deck, "actions": [], **extra}
    assert refused(record(preset, deal, players)) == (
        f"deal 1: {clause}: the deck must be the {size}-card pack, each card once"
    )


def test_B1_a_boston_deal_without_its_turned_card_cites_B1() -> None:
    deal = {"dealer": 4, "deck": FULL_DECK, "actions": []}
    assert refused(record("boston", deal)) == "deal 1: missing field 'turned' (B1)"
    assert refused(record("boston", deal), "ru") == "сдача 1: нет поля 'turned' (B1)"
    # A record without its rules is the record's own fault (§12).
    no_rules = json.dumps({"format": "rams-record/1", "players": ["a", "b", "c"], "deals": []})
    assert refused(no_rules) == "record: missing field 'rules' (§12)"


@pytest.mark.parametrize(
    ("preset", "action", "said"),
    [
        ("kony", "p1 trump X", "T3: a trump is named trump S (S, C, D or H), not 'trump X'"),
        ("kony", "p1 dance", "T3: a trump is named trump S (S, C, D or H), not 'dance'"),
        ("whist-named", "p1 trump 7", "W4: a trump is named trump S (S, C, D or H), not 'trump 7'"),
        ("whist", "p1 dance", "W10: unreadable action 'dance'"),
        ("ramsch", "p1 dance", "F9: unreadable action 'dance'"),
        ("boston", "p1 dance", "B13: unreadable action 'dance'"),
        ("boston", "p1 bid 11H", "B3: no such bid '11H' (5–9 or 13 tricks and a suit, such as "
         "6H, or small-null, big-null, small-open, big-open)"),
    ],
)  # fmt: skip
def test_an_action_the_record_cannot_read_cites_the_clause_that_writes_it(
    preset: str, action: str, said: str
) -> None:
    players = 3 if preset == "ramsch" else 4
    deck = RAMSCH_DECK if preset == "ramsch" else KONY_DECK if preset == "kony" else FULL_DECK
    deal = {"dealer": players, "deck": deck, "actions": [action]}
    if preset == "boston":
        deal["turned"] = "9H"
    assert refused(record(preset, deal, players)) == f"deal 1, action 1: {said}"


def test_T2_a_fifth_kony_deal_cites_T2() -> None:
    """Four deals, each dealt by the next seat (D4), every trick to the namer's spades and
    so on; the fifth is refused as T2 says: a game is four deals."""
    cards = KONY_DECK.split()
    deals = []
    for k in range(5):
        dealer = (3 + k) % 4  # p4 deals first, then p1, p2, p3, p4
        namer = (dealer + 1) % 4
        hands = {s: [cards[i] for i in range(32) if (i % 4) == (s - namer) % 4] for s in range(4)}
        actions = [f"p{namer + 1} trump S"]
        for t in range(8):
            actions += [f"p{(namer + j) % 4 + 1} {hands[(namer + j) % 4][t]}" for j in range(4)]
        deals.append({"dealer": dealer + 1, "deck": KONY_DECK, "actions": actions})
    text = json.dumps(
        {"format": "rams-record/1", "rules": "kony", "players": ["P1", "P2", "P3", "P4"],
         "deals": deals}
    )  # fmt: skip
    said = refused(text)
    assert said.startswith("deal 5: T2: ")
