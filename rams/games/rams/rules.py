"""Rules as frozen, validated data: every option of RULES §9.1, the presets of §9.2.

>>> r = Rules.preset("rams-001", 4)
>>> r.packets, r.dealer_trump, r.pack_size
((1, 1, 1, 1, 1), 'mandatory', 32)
>>> Rules.preset("classic", 3, dave=True)
Traceback (most recent call last):
...
rams.errors.RulesError: options dave, talon clash: Dave needs the duel's talon (V4)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from rams.cards import SUITS
from rams.errors import RulesError
from rams.rulebook import rulebook
from rams.tricks import OVER, SUIT, TRUMP, trick_rules
from rams.words import OneOf, Phrase

__all__ = [
    "OPTIONS",
    "OPTION_CHOICES",
    "PRESETS",
    "AceValues",
    "Option",
    "Preset",
    "Rules",
]


class AceValues(NamedTuple):
    """The value of each suit's ace (S3), indexed by suit: ♠ ♣ ♦ ♥."""

    S: int = 5
    C: int = 10
    D: int = 15
    H: int = 20

    def as_dict(self) -> dict[str, int]:
        """The ``{"S": n, …}`` form used in records."""
        return {s: v for s, v in zip(SUITS, self, strict=True)}


ZERO_ACES = AceValues(0, 0, 0, 0)


def _opt(default: Any, clause: str) -> Any:
    return field(default=default, metadata={"clause": clause})


@dataclass(frozen=True, slots=True)
class Rules:
    """One complete set of rule options (§9.1), validated on construction.

    Build one from a preset with :meth:`preset`; change options with :meth:`replace`.
    Every field is an option of RULES §9.1 under the same name, except ``preset``, the
    name of the preset the options start from (it decides ``pack = "auto"``).
    """

    #: The game family these rules belong to (:mod:`rams.games`).
    family: ClassVar[str] = "rams"

    players: int = _opt(3, "§9.2")
    preset_name: str = _opt("classic", "§9.2")
    pack: int | str = _opt("auto", "N2, K1")
    big_pack_from: int = _opt(5, "N2, X10")
    packets: tuple[int, ...] = _opt((3, 2), "D2")
    start_score: int = _opt(100, "S1")
    passing: bool = _opt(True, "E1–E3")
    ace_forbids_pass: bool = _opt(True, "E2")
    max_exchange: int = _opt(5, "E4")
    dealer_trump: str = _opt("optional", "E5, X1")
    talon: bool = _opt(False, "V2")
    four_aces: str = _opt("win_game", "R1")
    five_suit: bool = _opt(True, "R2")
    five_suit_wins: bool = _opt(False, "M4")
    trump_rams: int | None = _opt(None, "R3")
    jacks: str = _opt("rams", "J1–J5, K4, K6")
    four_jacks: int | str = _opt(10, "J1, V1")
    must_trump: bool = _opt(True, "P2")
    must_overtrump: bool = _opt(True, "P2")
    must_head_trick: bool = _opt(False, "P2")
    marriage_lead: bool = _opt(True, "P5")
    ace_covers_honours: bool = _opt(True, "P6")
    ace_values: AceValues = _opt(AceValues(), "S3")  # noqa: RUF009
    spade_ace_trump: int | None = _opt(None, "M4, X12")
    remise: int = _opt(5, "S4")
    remise_only_at_or_below: int | None = _opt(None, "K3")
    freeze: bool = _opt(False, "K5")
    spade_ace_bonus: int = _opt(0, "K7")
    pamfil: bool = _opt(False, "M1–M3")
    spade_ace_beats_trump_ace: bool = _opt(False, "M4")
    overshoot: str = _opt("off", "S7")
    payout: str = _opt("stake", "S8")
    dave: bool = _opt(False, "V4")
    # Derived in __post_init__, not an option: the trick rules as data (card_play).
    _card_play: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.packets, list):
            object.__setattr__(self, "packets", tuple(self.packets))
        if isinstance(self.ace_values, Mapping):
            object.__setattr__(self, "ace_values", _ace_values(self.ace_values))
        _validate(self)
        follow = OVER if self.must_overtrump else TRUMP if self.must_trump else SUIT
        card_play = trick_rules(
            follow=follow,
            must_head=self.must_head_trick,
            ace_lead=True,
            marriage=self.marriage_lead,
            ace_covers=self.ace_covers_honours,
            pam=self.pamfil,
            spade_beats=self.spade_ace_beats_trump_ace,
        )
        object.__setattr__(self, "_card_play", card_play)

    # Construction -------------------------------------------------------------------

    @classmethod
    def preset(cls, name: str, players: int | None = None, /, **overrides: Any) -> Rules:
        """The rules of a preset (§9.2) for ``players`` seats, with house-rule overrides (the
        two positional: an override named ``players`` is an unknown option, not a clash)."""
        if name not in PRESETS:
            known = ", ".join(PRESETS)
            raise RulesError("rules.unknown_preset", ("preset",), name=repr(name), known=known)
        p = PRESETS[name]
        for key in overrides:
            if key not in OPTIONS or key in ("preset_name", "players"):
                raise RulesError("rams.rules.unknown_option", (key,), name=repr(key))
        values: dict[str, Any] = {**p.changes, **overrides}
        values["players"] = p.players[0] if players is None else players
        values["preset_name"] = name
        return cls(**values)

    @classmethod
    def from_json(cls, data: Any, players: int) -> Rules:
        """The rules of a record's ``rules`` field (§12): a preset, or a preset and overrides."""
        if isinstance(data, str):
            return cls.preset(data, players)
        if not isinstance(data, dict):
            raise RulesError("rams.rules.not_rules", ("rules",))
        options = dict(data)
        name = options.pop("preset", None)
        if not isinstance(name, str):
            raise RulesError("rams.rules.no_preset", ("preset",))
        if "players" in options:
            count = options.pop("players")
            if not _is_int(count) or count != players:
                raise RulesError(
                    "rams.rules.players_names", ("players",), count=repr(count), given=players
                )
        for key in options:
            if key not in OPTIONS or key == "preset_name":
                raise RulesError("rams.rules.unknown_option", (key,), name=repr(key))
        return cls.preset(name, players, **options)

    def to_json(self) -> str | dict[str, Any]:
        """The record form: the preset name, plus each option that differs from the preset."""
        base = Rules.preset(self.preset_name, self.players)
        changed: dict[str, Any] = {}
        for name in OPTIONS:
            if name in ("players", "preset_name"):
                continue
            value = getattr(self, name)
            if value != getattr(base, name):
                changed[name] = _json_value(value)
        if not changed:
            return self.preset_name
        return {"preset": self.preset_name, **changed}

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed, validated again."""
        for key in changes:
            if key not in OPTIONS:
                raise RulesError("rams.rules.unknown_option", (key,), name=repr(key))
        return dataclasses.replace(self, **changes)

    def options(self) -> dict[str, Any]:
        """Every option and its value in record (JSON) form."""
        return {name: _json_value(getattr(self, name)) for name in OPTIONS}

    # Derived values -------------------------------------------------------------------

    @property
    def pack_size(self) -> int:
        """The number of cards in the pack, resolving ``pack = "auto"`` (N2, K1, X10)."""
        if self.pack != "auto":
            assert isinstance(self.pack, int)
            return self.pack
        if self.preset_name in ("petukh", "petukh-30"):
            return 30 if self.players == 6 else 36
        if self.talon:
            return 32
        return 52 if self.players >= self.big_pack_from else 32

    @property
    def turned_card_in_hand(self) -> bool:
        """True in Петух's 30-card layout (K1): all cards dealt, the dealer's last card is trump."""
        return self.pack_size == 5 * self.players

    @property
    def stock_size(self) -> int:
        """Cards left for the stock after the hands, the talon and the turned card (E4)."""
        if self.talon or self.turned_card_in_hand:
            return 0
        return self.pack_size - 5 * self.players - 1

    @property
    def card_play(self) -> tuple[int, ...]:
        """The trick rules as data (:mod:`rams.tricks`): follow suit, else trump, else
        overtrump as the options say (P2, X7), the forced leads P4 and P5, P6, Pam (M1) and
        the ace of spades (M4). Built once per rule set.

        >>> Rules.preset("classic", 3).card_play
        (2, 0, 1, 1, 1, 0, 0, 0, 0)
        """
        return self._card_play

    def ace_value(self, suit: int, trump: int) -> int:
        """The value of the ace of ``suit`` when ``trump`` is trumps (S3, X12)."""
        if suit == 0 and trump == 0 and self.spade_ace_trump is not None:
            return self.spade_ace_trump
        return self.ace_values[suit]


@dataclass(frozen=True)
class Option:
    """Documentation of one option: its clause, and its names in Russian and English (from
    the rulebook, :mod:`rams.rulebook`, the one place words are kept)."""

    name: str
    clause: str

    @property
    def ru(self) -> str:
        """The option's name in Russian."""
        return rulebook("rams").option_name(self.name, "ru")

    @property
    def en(self) -> str:
        """The option's name in English."""
        return rulebook("rams").option_name(self.name, "en")


OPTIONS: dict[str, Option] = {
    f.name: Option(f.name, f.metadata["clause"]) for f in dataclasses.fields(Rules) if f.init
}


@dataclass(frozen=True)
class Preset:
    """A named, complete set of options (§9.2); its title in words comes from the rulebook."""

    name: str
    source: str
    players: tuple[int, int]
    changes: Mapping[str, Any]

    @property
    def ru(self) -> str:
        """The preset's title in Russian: «классический рамс»."""
        return str(rulebook("rams").presets[self.name]["title"]["ru"])

    @property
    def en(self) -> str:
        """The preset's title in English: "classic Rams"."""
        return str(rulebook("rams").presets[self.name]["title"]["en"])


_RAMS_001 = {
    "packets": (1, 1, 1, 1, 1),
    "dealer_trump": "mandatory",
    "ace_covers_honours": False,
    "trump_rams": 10,
    "payout": "remaining",
}
_DUEL = {
    "packets": (1, 1, 1, 1, 1),
    "passing": False,
    "talon": True,
    "dealer_trump": "forbidden",
    "ace_covers_honours": False,
    "trump_rams": 10,
    "start_score": 5,
    "four_aces": "off",
    "ace_values": ZERO_ACES,
}
_ROZALIEV = {
    "packets": (1, 1, 1, 1, 1),
    "big_pack_from": 4,
    "marriage_lead": False,
    "jacks": "none",
    "payout": "remaining",
}
_PETUKH = {
    "packets": (1, 1, 1, 1, 1),
    "passing": False,
    "dealer_trump": "forbidden",
    "marriage_lead": False,
    "ace_covers_honours": False,
    "ace_values": ZERO_ACES,
    "four_aces": "off",
    "five_suit": False,
    "jacks": "petukh",
    "start_score": 15,
    "remise_only_at_or_below": 10,
    "freeze": True,
    "payout": "remaining",
}

PRESETS: dict[str, Preset] = {
    p.name: p
    for p in [
        Preset("classic", "000", (3, 7), {}),
        Preset("rams-001", "001", (3, 7), _RAMS_001),
        Preset(
            "rams-001-v1",
            "001 V1",
            (3, 7),
            {
                **_RAMS_001,
                "start_score": 15,
                "ace_values": ZERO_ACES,
                "four_aces": "off",
                "four_jacks": "win_game",
            },
        ),
        Preset("duel", "001 V2", (2, 2), _DUEL),
        Preset("duel-v3", "001 V3", (2, 2), {**_DUEL, "dealer_trump": "mandatory"}),
        Preset("rozaliev", "002/003 §53", (3, 7), _ROZALIEV),
        Preset("rozaliev-jacks", "003", (3, 7), {**_ROZALIEV, "jacks": "rams"}),
        Preset(
            "mushka-pamfil",
            "002",
            (3, 7),
            {
                "packets": (1, 1, 1, 1, 1),
                "big_pack_from": 4,
                "jacks": "none",
                "pamfil": True,
                "spade_ace_trump": 10,
                "start_score": 25,
                "overshoot": "restart",
                "payout": "remaining",
            },
        ),
        Preset("petukh", "003", (2, 6), _PETUKH),
        Preset(
            "petukh-30",
            "003",
            (2, 6),
            {**_PETUKH, "start_score": 30, "jacks": "petukh-any", "spade_ace_bonus": 5},
        ),
    ]
}


# Validation ---------------------------------------------------------------------------

_ENUMS: dict[str, tuple[str, ...]] = {
    "dealer_trump": ("optional", "mandatory", "forbidden"),
    "four_aces": ("win_game", "off"),
    "jacks": ("rams", "none", "petukh", "petukh-any"),
    "overshoot": ("off", "restart"),
    "payout": ("remaining", "stake"),
}
#: The values an option that is a choice of words may take.
OPTION_CHOICES = _ENUMS
_BOOLS = (
    "passing",
    "ace_forbids_pass",
    "talon",
    "five_suit",
    "five_suit_wins",
    "must_trump",
    "must_overtrump",
    "must_head_trick",
    "marriage_lead",
    "ace_covers_honours",
    "freeze",
    "pamfil",
    "spade_ace_beats_trump_ace",
    "dave",
)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _bad(name: str, value: Any, expected: str, **fields: Any) -> RulesError:
    """Option ``name`` has a value it cannot take: ``expected`` names (a catalogue key under
    ``rams.expected``) what it takes."""
    clause = OPTIONS[name].clause if name in OPTIONS else "§9.1"
    return RulesError(
        "rams.rules.bad_value",
        (name,),
        name=name,
        value=repr(value),
        expected=Phrase(f"rams.expected.{expected}", **fields),
        clause=clause,
    )


def _clash(names: tuple[str, ...], why: str, **fields: Any) -> RulesError:
    """Options that cannot go together; ``why`` (a key under ``rams.clash``) says why."""
    return RulesError(
        "rams.rules.clash",
        names,
        options=", ".join(names),
        why=Phrase(f"rams.clash.{why}", **fields),
    )


def _ace_values(value: Mapping[str, Any]) -> AceValues:
    if set(value) != set(SUITS) or not all(_is_int(v) and v >= 0 for v in value.values()):
        raise _bad("ace_values", dict(value), "aces_ge0")
    return AceValues(*(value[s] for s in SUITS))


def _validate(r: Rules) -> None:
    """Check each option's type and range, then the combinations (§9.1 Validation)."""
    if r.preset_name not in PRESETS:
        raise RulesError("rams.rules.unknown_preset_short", ("preset",), name=repr(r.preset_name))
    for name in _BOOLS:
        if not isinstance(getattr(r, name), bool):
            raise _bad(name, getattr(r, name), "bool")
    for name, allowed in _ENUMS.items():
        if getattr(r, name) not in allowed:
            raise _bad(name, getattr(r, name), "one_of", values=OneOf(f'"{a}"' for a in allowed))
    _check_int(r, "players", 1, None)
    _check_int(r, "big_pack_from", 3, 8)
    _check_int(r, "start_score", 1, None)
    _check_int(r, "max_exchange", 0, 5)
    _check_int(r, "remise", 0, None)
    _check_int(r, "spade_ace_bonus", 0, None)
    for name in ("trump_rams", "spade_ace_trump"):
        v = getattr(r, name)
        if v is not None and not (_is_int(v) and v >= 0):
            raise _bad(name, v, "int_ge0_or_null")
    v = r.remise_only_at_or_below
    if v is not None and not _is_int(v):
        raise _bad("remise_only_at_or_below", v, "int_or_null")
    fj = r.four_jacks
    if not (fj == "win_game" or (isinstance(fj, int) and _is_int(fj) and fj >= 0)):
        raise _bad("four_jacks", r.four_jacks, "four_jacks")
    if r.pack != "auto" and not (_is_int(r.pack) and r.pack in (32, 36, 52)):
        raise _bad("pack", r.pack, "pack")
    if not (
        isinstance(r.packets, tuple)
        and r.packets
        and all(_is_int(p) and p >= 1 for p in r.packets)
        and sum(r.packets) == 5
    ):
        raise _bad("packets", r.packets, "packets")
    if not isinstance(r.ace_values, AceValues) or not all(
        _is_int(x) and x >= 0 for x in r.ace_values
    ):
        raise _bad("ace_values", r.ace_values, "aces")

    low, high = PRESETS[r.preset_name].players
    if not low <= r.players <= high:
        raise RulesError(
            "rams.rules.players_range",
            ("players",),
            preset=r.preset_name,
            low=low,
            high=high,
            players=r.players,
        )
    _validate_combinations(r)


def _check_int(r: Rules, name: str, low: int, high: int | None) -> None:
    v = getattr(r, name)
    if not _is_int(v) or v < low or (high is not None and v > high):
        raise _bad(name, v, "int_range" if high else "int_from", low=low, high=high)


def _validate_combinations(r: Rules) -> None:
    if r.talon and r.players != 2:
        raise _clash(("talon", "players"), "talon_players")
    if r.talon and r.passing:
        raise _clash(("talon", "passing"), "talon_passing")
    if r.dave and not r.talon:
        raise _clash(("dave", "talon"), "dave_talon")
    if r.dave and r.payout != "stake":
        raise _clash(("dave", "payout"), "dave_payout")
    if r.five_suit_wins and not r.five_suit:
        raise _clash(("five_suit_wins", "five_suit"), "five_suit_wins")
    if r.four_jacks == "win_game" and r.jacks != "rams":
        raise _clash(("four_jacks", "jacks"), "four_jacks")
    if r.must_overtrump and not r.must_trump:
        raise _clash(("must_overtrump", "must_trump"), "overtrump")
    if r.pamfil and r.jacks != "none":
        raise _clash(("pamfil", "jacks"), "pamfil_jacks")
    if r.players == 2 and r.passing:
        raise _clash(("players", "passing"), "two_passing")
    need = 5 * r.players + 1 + (5 if r.talon else 0)
    size = r.pack_size
    if r.turned_card_in_hand:
        if r.pack != "auto":
            raise _clash(("pack", "players"), "no_turned", size=size)
        if r.dealer_trump != "forbidden":
            raise _clash(("dealer_trump", "players"), "petukh_30")
    elif size < need:
        names = ("pack", "players") if r.pack != "auto" else ("big_pack_from", "players")
        raise _clash(
            names, "talon_pack" if r.talon else "pack", size=size, players=r.players, need=need
        )


def _json_value(value: Any) -> Any:
    if isinstance(value, AceValues):
        return value.as_dict()
    if isinstance(value, tuple):
        return list(value)
    return value
