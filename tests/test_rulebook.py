"""The rules in the box (rams.rulebook): every clause in Russian and English, only the clauses
that apply to a preset, the options' values in words, and `rams rules PRESET --text`."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from rams.games.rams.rules import OPTIONS, PRESETS, Rules
from rams.rulebook import check, condition_holds, rulebook, rules_text, rules_view

# The clause ids of RULES.md §1–§8, §10.1 and §11: the Rams family's part of the contract.
RAMS_CLAUSES = [
    *("N1", "N2", "N3", "N4", "D1", "D2", "D3", "D4", "D5"),
    *("E1", "E2", "E3", "E4", "E5", "E6", "E7", "R1", "R2", "R3", "R4"),
    *("J1", "J2", "J3", "J4", "J5", "P1", "P2", "P3", "P4", "P5", "P6", "P7"),
    *("S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "V1", "V2", "V3", "V4", "Z1", "Z2"),
    *("M1", "M2", "M3", "M4", "M5", "K1", "K2", "K3", "K4", "K5", "K6", "K7"),
    *("X1", "X2", "X3", "X4", "X5", "X6", "X7", "X8", "X9", "X10", "X11", "X12"),
]


def _all_rule_sets() -> list[Rules]:
    return [
        Rules.preset(name, n)
        for name, p in PRESETS.items()
        for n in range(p.players[0], p.players[1] + 1)
    ]


def test_every_clause_of_the_family_has_its_text_in_both_languages() -> None:
    book = rulebook("rams")
    assert list(book.clauses) == RAMS_CLAUSES  # all of them, in the contract's order
    assert check(book, RAMS_CLAUSES, _all_rule_sets()) == []
    for clause in book.clauses.values():
        assert clause.source
        assert clause.words("ru") != clause.words("en")
        words = re.sub(r"\{\w+\}", "", clause.words("ru"))  # (placeholders are not words)
        assert not re.search(r"[a-z]{2,}", words), f"English in the Russian {clause.id}"


def test_every_clause_text_fills_in_for_every_rule_set_it_applies_to() -> None:
    """A clause's numbers come from the options: no placeholder is left, none is missing."""
    for rules in _all_rule_sets():
        for lang in ("ru", "en"):
            for section in rules_view(rules, lang)["sections"]:
                for clause in section["clauses"]:
                    assert "{" not in clause["text"] and "None" not in clause["text"], clause


@pytest.mark.parametrize(
    ("preset", "players", "present", "absent"),
    [
        # classic: play/pass, exchange, jacks, the marriage and the ace cover; no duel, no Pam.
        ("classic", 3, {"E1", "E4", "J1", "P5", "P6", "R1"}, {"V2", "M1", "K1", "S7"}),
        # the duel: the talon instead of play/pass; no stock to exchange from.
        ("duel", 2, {"V2", "V4", "P4"}, {"E1", "E2", "E4", "M1"}),
        # duel-v3: the dealer's mandatory swap.
        ("duel-v3", 2, {"V3", "E5"}, {"E1"}),
        # Rozaliev: no marriage lead (P5 off), no jacks; Z1 is his.
        ("rozaliev", 4, {"Z1", "P6"}, {"P5", "J1", "Z2"}),
        ("rozaliev-jacks", 3, {"Z1", "Z2", "J1"}, {"P5"}),
        # Mouche: Pam, overshoot; no jacks.
        ("mushka-pamfil", 3, {"M1", "M2", "M3", "S7", "X12"}, {"J1", "K1"}),
        # Петух with six: every card dealt, no stock (no E4), no turned card (D3).
        ("petukh", 6, {"K1", "K2", "K3", "K4", "K5"}, {"E1", "E4", "D3", "K6", "K7", "R2"}),
        ("petukh-30", 4, {"K6", "K7"}, {"K4", "E1"}),
    ],
)
def test_the_text_of_a_preset_holds_only_the_clauses_that_apply(
    preset: str, players: int, present: set[str], absent: set[str]
) -> None:
    ids = {c.id for c in rulebook("rams").applicable(Rules.preset(preset, players))}
    assert present <= ids
    assert not absent & ids


def test_a_house_rule_changes_the_clauses_and_the_numbers() -> None:
    """S1 says the starting record of these rules; overshoot on brings S7 in (S1, S7)."""
    rules = Rules.preset("classic", 3, start_score=150, overshoot="restart")
    view = rules_view(rules, "ru")
    assert "150" in view["clauses"]["S1"]["text"]
    assert "S7" in view["clauses"]
    assert "150" in rules_text(rules, "en")


def test_option_values_are_words_in_both_languages() -> None:
    book = rulebook("rams")
    assert book.option_value("dealer_trump", "mandatory", "en") == "must take it"
    assert book.option_value("players", 3, "ru") == "3 игрока"
    assert book.option_value("players", 5, "ru") == "5 игроков"
    assert book.option_value("start_score", 21, "ru") == "21 очко"
    for name in OPTIONS:  # every option has a name in both languages
        assert book.option_name(name, "ru") and book.option_name(name, "en")


def test_conditions_read_options_and_derived_values() -> None:
    duel = Rules.preset("duel", 2)
    assert condition_holds(duel, "talon")
    assert condition_holds(duel, "!passing")
    assert condition_holds(duel, "dealer_trump=forbidden|mandatory")
    assert condition_holds(duel, "trump_rams!=null")
    assert condition_holds(Rules.preset("petukh", 6), "stock_size<1")
    with pytest.raises(ValueError):
        condition_holds(duel, "talon~x")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_rams_rules_text_prints_the_whole_rules(lang: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rams.cli", "rules", "petukh", "--players", "6", "--text",
         "--lang", lang],
        capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout == rules_text(Rules.preset("petukh", 6), lang) + "\n"
    assert ("Петух" if lang == "ru" else "Petukh") in done.stdout.splitlines()[0]
