"""The rule sets of the plain trick games (RULES §10.2–10.5): a frozen dataclass per family
whose fields are its options, presets as named changes, validation that names the options
at fault, and the record form of §12.

A family declares its options as fields made with :func:`option` (the default, the clause,
what values it takes) and its presets as :class:`PlainPreset` values; everything else —
:meth:`PlainRules.preset`, :meth:`~PlainRules.from_json`, :meth:`~PlainRules.to_json`,
:meth:`~PlainRules.options`, :meth:`~PlainRules.replace` — is written here once.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rams.errors import RulesError
from rams.words import OneOf, Phrase

__all__ = ["PlainPreset", "PlainRules", "clash", "option"]


def option(default: Any, clause: str, kind: str, *choices: Any, low: int = 1, high: int = 0) -> Any:
    """A rule option: its default, the clause it belongs to, and the values it takes —
    ``kind`` is ``bool``, ``choice`` (one of ``choices``), ``int`` (from ``low`` to ``high``,
    no upper bound when ``high`` is 0) or ``int_or_null``."""
    spec = {"clause": clause, "kind": kind, "choices": choices, "low": low, "high": high}
    return field(default=default, metadata=spec)


@dataclass(frozen=True)
class PlainPreset:
    """A named set of options: its source text, its table sizes, its changes."""

    name: str
    source: str
    players: tuple[int, int]
    changes: Mapping[str, Any] = dataclasses.field(default_factory=dict)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def clash(names: tuple[str, ...], why: str, **fields: Any) -> RulesError:
    """Options that cannot go together; ``why`` (a catalogue key) says why."""
    return RulesError(
        "plain.rules.clash", names, options=", ".join(names), why=Phrase(why, **fields)
    )


@dataclass(frozen=True)
class PlainRules:
    """The options every plain game has: the number of players and the preset. A family
    adds its own fields (made with :func:`option`) and sets the class variables."""

    #: The family's name (:mod:`rams.games`), its presets, and its combination checks.
    family: ClassVar[str] = ""
    PRESETS: ClassVar[Mapping[str, PlainPreset]] = {}
    CHECKS: ClassVar[tuple[Callable[[Any], None], ...]] = ()

    players: int = option(4, "§10", "int", low=2, high=7)
    preset_name: str = option("", "§10", "choice")

    def __post_init__(self) -> None:
        self._validate()

    # Construction -----------------------------------------------------------------------

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        """Every option of the family, in the order of its fields."""
        return tuple(f.name for f in dataclasses.fields(cls) if f.init)

    @classmethod
    def preset(cls, name: str, players: int | None = None, /, **overrides: Any) -> Any:
        """The rules of a preset for ``players`` seats, with house-rule overrides (the two
        positional: an override named ``players`` is an unknown option, not a clash)."""
        if name not in cls.PRESETS:
            known = ", ".join(cls.PRESETS)
            raise RulesError("rules.unknown_preset", ("preset",), name=repr(name), known=known)
        names = cls.option_names()
        for key in overrides:
            if key not in names or key in ("preset_name", "players"):
                raise RulesError("plain.rules.unknown_option", (key,), name=repr(key))
        p = cls.PRESETS[name]
        values: dict[str, Any] = {**p.changes, **overrides}
        values["players"] = p.players[0] if players is None else players
        values["preset_name"] = name
        return cls(**values)

    @classmethod
    def from_json(cls, data: Any, players: int) -> Any:
        """The rules of a record's ``rules`` field (§12): a preset, or a preset and overrides."""
        if isinstance(data, str):
            return cls.preset(data, players)
        if not isinstance(data, dict):
            raise RulesError("plain.rules.not_rules", ("rules",))
        options = dict(data)
        name = options.pop("preset", None)
        if not isinstance(name, str):
            raise RulesError("plain.rules.no_preset", ("preset",))
        if "players" in options:
            count = options.pop("players")
            if not _is_int(count) or count != players:
                raise RulesError(
                    "plain.rules.players_names", ("players",), count=repr(count), given=players
                )
        return cls.preset(name, players, **options)

    def to_json(self) -> str | dict[str, Any]:
        """The record form: the preset name, plus each option that differs from the preset."""
        base = type(self).preset(self.preset_name, self.players)
        changed = {
            name: getattr(self, name)
            for name in self.option_names()
            if name not in ("players", "preset_name") and getattr(self, name) != getattr(base, name)
        }
        return {"preset": self.preset_name, **changed} if changed else self.preset_name

    def replace(self, **changes: Any) -> Any:
        """A copy with some options changed, validated again."""
        for key in changes:
            if key not in self.option_names():
                raise RulesError("plain.rules.unknown_option", (key,), name=repr(key))
        return dataclasses.replace(self, **changes)

    def options(self) -> dict[str, Any]:
        """Every option and its value in record (JSON) form."""
        return {name: getattr(self, name) for name in self.option_names()}

    # Validation -------------------------------------------------------------------------

    def _validate(self) -> None:
        """Each option's type and range, the table size, then the family's combinations."""
        if self.preset_name not in self.PRESETS:
            raise RulesError("plain.rules.unknown_preset", ("preset",), name=repr(self.preset_name))
        for f in dataclasses.fields(self):
            if f.init and f.name != "preset_name":
                _check(f.name, getattr(self, f.name), f.metadata)
        low, high = self.PRESETS[self.preset_name].players
        if not low <= self.players <= high:
            raise RulesError(
                "plain.rules.players_range",
                ("players",),
                preset=self.preset_name,
                low=low,
                high=high,
                players=self.players,
            )
        for check in self.CHECKS:
            check(self)


def _check(name: str, value: Any, spec: Mapping[str, Any]) -> None:
    kind, low, high = spec["kind"], spec["low"], spec["high"]
    clause = spec["clause"]
    if kind == "bool":
        if not isinstance(value, bool):
            raise _bad(name, value, clause, "rams.expected.bool")
    elif kind == "choice":
        if value not in spec["choices"] or type(value) not in {type(c) for c in spec["choices"]}:
            values = OneOf(f'"{c}"' if isinstance(c, str) else str(c) for c in spec["choices"])
            raise _bad(name, value, clause, "rams.expected.one_of", values=values)
    elif kind in ("int", "int_or_null"):
        if value is None and kind == "int_or_null":
            return
        if not _is_int(value) or value < low or (high and value > high):
            expected = "rams.expected.int_range" if high else "rams.expected.int_from"
            if kind == "int_or_null":
                expected = "plain.expected.int_from_or_null"
            raise _bad(name, value, clause, expected, low=low, high=high)


def _bad(name: str, value: Any, clause: str, expected: str, **fields: Any) -> RulesError:
    return RulesError(
        "plain.rules.bad_value",
        (name,),
        name=name,
        value=repr(value),
        expected=Phrase(expected, **fields),
        clause=clause,
    )
