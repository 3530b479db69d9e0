"""Options and presets (RULES §9): names, defaults, the preset table, validation."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rams import games
from rams.errors import RulesError
from rams.games.rams.rules import OPTIONS, PRESETS, AceValues, Rules

# §9.1: every option name of the table, and its default (the value in `classic`).
CLASSIC_DEFAULTS: dict[str, Any] = {
    "pack": "auto",
    "big_pack_from": 5,
    "packets": [3, 2],
    "start_score": 100,
    "passing": True,
    "ace_forbids_pass": True,
    "max_exchange": 5,
    "dealer_trump": "optional",
    "talon": False,
    "four_aces": "win_game",
    "five_suit": True,
    "five_suit_wins": False,
    "trump_rams": None,
    "jacks": "rams",
    "four_jacks": 10,
    "must_trump": True,
    "must_overtrump": True,
    "must_head_trick": False,
    "marriage_lead": True,
    "ace_covers_honours": True,
    "ace_values": {"S": 5, "C": 10, "D": 15, "H": 20},
    "spade_ace_trump": None,
    "remise": 5,
    "remise_only_at_or_below": None,
    "freeze": False,
    "spade_ace_bonus": 0,
    "pamfil": False,
    "spade_ace_beats_trump_ace": False,
    "overshoot": "off",
    "payout": "stake",
    "dave": False,
}

ZERO = {"S": 0, "C": 0, "D": 0, "H": 0}
RAMS_001 = {
    "packets": [1, 1, 1, 1, 1],
    "dealer_trump": "mandatory",
    "ace_covers_honours": False,
    "trump_rams": 10,
    "payout": "remaining",
}
DUEL = {
    "packets": [1, 1, 1, 1, 1],
    "passing": False,
    "talon": True,
    "dealer_trump": "forbidden",
    "ace_covers_honours": False,
    "trump_rams": 10,
    "start_score": 5,
    "four_aces": "off",
    "ace_values": ZERO,
}
ROZALIEV = {
    "packets": [1, 1, 1, 1, 1],
    "big_pack_from": 4,
    "marriage_lead": False,
    "jacks": "none",
    "payout": "remaining",
}
PETUKH = {
    "packets": [1, 1, 1, 1, 1],
    "passing": False,
    "dealer_trump": "forbidden",
    "marriage_lead": False,
    "ace_covers_honours": False,
    "ace_values": ZERO,
    "four_aces": "off",
    "five_suit": False,
    "jacks": "petukh",
    "start_score": 15,
    "remise_only_at_or_below": 10,
    "freeze": True,
    "payout": "remaining",
}
# §9.2, transcribed from the table: players and the changes from classic.
TABLE: dict[str, tuple[tuple[int, int], dict[str, Any]]] = {
    "classic": ((3, 7), {}),
    "rams-001": ((3, 7), RAMS_001),
    "rams-001-v1": (
        (3, 7),
        {
            **RAMS_001,
            "start_score": 15,
            "ace_values": ZERO,
            "four_aces": "off",
            "four_jacks": "win_game",
        },
    ),
    "duel": ((2, 2), DUEL),
    "duel-v3": ((2, 2), {**DUEL, "dealer_trump": "mandatory"}),
    "rozaliev": ((3, 7), ROZALIEV),
    "rozaliev-jacks": ((3, 7), {**ROZALIEV, "jacks": "rams"}),
    "mushka-pamfil": (
        (3, 7),
        {
            "packets": [1, 1, 1, 1, 1],
            "big_pack_from": 4,
            "jacks": "none",
            "pamfil": True,
            "spade_ace_trump": 10,
            "start_score": 25,
            "overshoot": "restart",
            "payout": "remaining",
        },
    ),
    "petukh": ((2, 6), PETUKH),
    "petukh-30": (
        (2, 6),
        {**PETUKH, "start_score": 30, "jacks": "petukh-any", "spade_ace_bonus": 5},
    ),
}


def test_every_option_of_the_table_is_a_field_with_its_default() -> None:
    options = Rules.preset("classic", 3).options()
    for name, default in CLASSIC_DEFAULTS.items():
        assert options[name] == default, name
    assert set(OPTIONS) == set(CLASSIC_DEFAULTS) | {"players", "preset_name"}


def test_every_option_documents_its_clause_in_both_languages() -> None:
    for opt in OPTIONS.values():
        assert opt.clause and opt.ru and opt.en


@pytest.mark.parametrize("name", list(TABLE))
def test_preset_matches_the_table(name: str) -> None:
    (low, high), changes = TABLE[name]
    assert PRESETS[name].players == (low, high)
    for n in range(low, high + 1):
        options = Rules.preset(name, n).options()
        for key, default in CLASSIC_DEFAULTS.items():
            assert options[key] == changes.get(key, default), (name, key)


def test_there_are_exactly_the_ten_presets_of_the_table() -> None:
    assert list(PRESETS) == list(TABLE)


@pytest.mark.parametrize(
    ("preset", "players", "size"),
    [
        ("classic", 3, 32),
        ("classic", 4, 32),  # X10: «4 человека и меньше» — 32 cards
        ("classic", 5, 52),
        ("classic", 7, 52),
        ("rozaliev", 3, 32),
        ("rozaliev", 4, 52),
        ("mushka-pamfil", 3, 32),
        ("mushka-pamfil", 4, 52),
        ("duel", 2, 32),
        ("petukh", 2, 36),
        ("petukh", 5, 36),
        ("petukh", 6, 30),
        ("petukh-30", 6, 30),
    ],
)
def test_n2_pack_auto(preset: str, players: int, size: int) -> None:
    assert Rules.preset(preset, players).pack_size == size


def test_unknown_preset_is_an_error_naming_it() -> None:
    with pytest.raises(RulesError, match="'clasic'"):
        Rules.preset("clasic", 3)


def test_unknown_option_is_an_error_naming_it() -> None:
    with pytest.raises(RulesError) as info:
        Rules.preset("classic", 3, trumps=True)
    assert info.value.options == ("trumps",)


@pytest.mark.parametrize("preset", ["classic", "whist", "ramsch"])
def test_an_option_named_players_is_unknown(preset: str) -> None:
    """§9.1: the table size is the rules' own argument, not a house rule; given as one (``--rule
    players=4``, a web table's rules) it is an unknown option, named — not Python's
    ``TypeError`` for an argument given twice (issue 24)."""
    family = games.family_of(preset)
    with pytest.raises(RulesError) as info:
        family.rules(preset, 4, players=4)
    assert info.value.options == ("players",)
    assert "players" in info.value.words("ru") and "players" in info.value.words("en")


@pytest.mark.parametrize(
    ("preset", "players", "overrides", "clash"),
    [
        ("classic", 3, {"dave": True}, {"dave", "talon"}),
        ("duel", 2, {"dave": True, "payout": "remaining"}, {"dave", "payout"}),
        ("classic", 3, {"talon": True, "passing": False}, {"talon", "players"}),
        ("duel", 2, {"passing": True}, {"talon", "passing"}),
        (
            "classic",
            3,
            {"five_suit": False, "five_suit_wins": True},
            {"five_suit", "five_suit_wins"},
        ),
        ("classic", 3, {"four_jacks": "win_game", "jacks": "none"}, {"four_jacks", "jacks"}),
        ("classic", 3, {"must_trump": False}, {"must_overtrump", "must_trump"}),
        ("classic", 3, {"pamfil": True}, {"pamfil", "jacks"}),
        ("classic", 7, {"pack": 32}, {"pack", "players"}),
        ("classic", 7, {"big_pack_from": 8}, {"big_pack_from", "players"}),
        ("petukh", 6, {"dealer_trump": "optional"}, {"dealer_trump", "players"}),
    ],
)
def test_clashing_options_are_named(
    preset: str, players: int, overrides: dict[str, Any], clash: set[str]
) -> None:
    with pytest.raises(RulesError) as info:
        Rules.preset(preset, players, **overrides)
    assert set(info.value.options) == clash
    for name in clash:
        assert name in str(info.value)


@pytest.mark.parametrize(
    ("overrides", "option"),
    [
        ({"start_score": 0}, "start_score"),
        ({"packets": [3, 3]}, "packets"),
        ({"packets": [5, 0]}, "packets"),
        ({"max_exchange": 6}, "max_exchange"),
        ({"dealer_trump": "sometimes"}, "dealer_trump"),
        ({"ace_values": {"S": 5}}, "ace_values"),
        ({"passing": 1}, "passing"),
        ({"pack": 40}, "pack"),
        ({"trump_rams": -1}, "trump_rams"),
        ({"four_jacks": "yes"}, "four_jacks"),
    ],
)
def test_bad_values_are_refused_naming_the_option(overrides: dict[str, Any], option: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules.preset("classic", 3, **overrides)
    assert info.value.options == (option,)


def test_players_outside_the_preset_range_are_refused() -> None:
    with pytest.raises(RulesError) as info:
        Rules.preset("classic", 8)
    assert info.value.options == ("players",)
    with pytest.raises(RulesError):
        Rules.preset("duel", 3)


def test_house_rules_round_trip_through_json() -> None:
    rules = Rules.preset("classic", 4, start_score=150, ace_values={"S": 1, "C": 2, "D": 3, "H": 4})
    data = rules.to_json()
    assert data == {
        "preset": "classic",
        "start_score": 150,
        "ace_values": {"S": 1, "C": 2, "D": 3, "H": 4},
    }
    assert Rules.from_json(data, 4) == rules
    assert rules.ace_values == AceValues(1, 2, 3, 4)
    assert Rules.preset("petukh", 3).to_json() == "petukh"


_VALUES = st.one_of(
    st.booleans(),
    st.integers(-3, 120),
    st.sampled_from(
        [
            "auto",
            "optional",
            "mandatory",
            "forbidden",
            "win_game",
            "off",
            "rams",
            "none",
            "petukh",
            "petukh-any",
            "restart",
            "remaining",
            "stake",
            "x",
        ]
    ),
    st.none(),
    st.lists(st.integers(0, 5), max_size=6),
    st.fixed_dictionaries({s: st.integers(-1, 30) for s in "SCDH"}),
)


@settings(max_examples=400, deadline=None)
@given(
    preset=st.sampled_from(list(PRESETS)),
    players=st.integers(1, 9),
    overrides=st.dictionaries(st.sampled_from(sorted(CLASSIC_DEFAULTS)), _VALUES, max_size=4),
)
def test_validation_accepts_or_names_the_options(
    preset: str, players: int, overrides: dict[str, Any]
) -> None:
    """Any combination either builds valid rules or raises RulesError naming known options."""
    try:
        rules = Rules.preset(preset, players, **overrides)
    except RulesError as e:
        assert e.options and all(o in OPTIONS or o == "preset" for o in e.options)
        return
    assert Rules.from_json(rules.to_json(), players) == rules
    size = rules.pack_size
    assert size == 5 * players or size >= 5 * players + 1 + 5 * rules.talon
