"""The Rams family as the registry sees it (:class:`rams.games.protocol.Family`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rams.games.protocol import PresetInfo
from rams.games.rams.actions import Action, parse_line
from rams.games.rams.match import Game
from rams.games.rams.rules import PRESETS, Rules
from rams.games.rams.wire import rules_summary, sheet_of, state_message

__all__ = ["FAMILY", "RamsFamily"]


class RamsFamily:
    """Рамс, Петух, Мушка с памфилом: the presets of RULES §9.2."""

    name = "rams"
    deal_fields: tuple[str, ...] = ()

    def presets(self) -> dict[str, PresetInfo]:
        return {
            name: PresetInfo(name, self.name, p.source, p.players, {"ru": p.ru, "en": p.en})
            for name, p in PRESETS.items()
        }

    def rules(self, preset: str, players: int | None = None, **options: Any) -> Rules:
        return Rules.preset(preset, players, **options)

    def rules_from_json(self, data: Any, players: int) -> Rules:
        return Rules.from_json(data, players)

    def new_match(
        self,
        rules: Rules,
        names: Sequence[str] | None = None,
        rng: random.Random | None = None,
        first_dealer: int | None = None,
    ) -> Game:
        return Game(rules, names, rng=rng, first_dealer=first_dealer)

    def parse_line(self, text: str) -> tuple[int, Action]:
        return parse_line(text)

    def view_json(
        self, match: Game, seat: int, lang: str, table: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """Everything ``seat`` is shown now, as JSON (:mod:`rams.games.rams.wire`)."""
        return state_message(match, seat, lang, table or {})

    def sheet_json(self, match: Game) -> dict[str, Any]:
        """The score sheet as JSON columns."""
        return sheet_of(match)

    def rules_json(self, rules: Rules) -> dict[str, Any]:
        """The rules for people: the preset's names and each house rule that differs."""
        return rules_summary(rules)

    def read_deal_field(self, name: str, value: Any) -> Any:
        raise KeyError(name)  # a Rams deal has no fields beside dealer, deck and actions

    def write_deal_field(self, name: str, value: Any) -> Any:
        raise KeyError(name)


FAMILY = RamsFamily()
