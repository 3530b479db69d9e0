"""The Rams family as the registry sees it (:class:`rams.games.protocol.Family`)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rams.events import Event
from rams.games.protocol import DealLayout, Family, PresetInfo
from rams.games.rams.actions import Action, parse_action, parse_line
from rams.games.rams.deal import Deal
from rams.games.rams.dealing import arrange_deck
from rams.games.rams.match import RamsMatch
from rams.games.rams.rules import OPTION_CHOICES, OPTIONS, PRESETS, Rules
from rams.games.rams.view import Observation
from rams.games.rams.wire import action_words, in_play, rules_summary
from rams.games.rams.words import Announcer, deal_lines, legal_hint, rules_text
from rams.rulebook import rulebook
from rams.words import Phrase, Seat, has, number

if TYPE_CHECKING:  # (what draws a game: imported where it is drawn)
    from rams.games.display import Display, Settlement, Verdict, Words
    from rams.sheets import Column

__all__ = ["FAMILY", "HOUSE_LIMITS", "RamsFamily"]


#: The range of each numeric house rule a table may take. The rules themselves bound few
#: of them; a server bounds them all, so no table sets its bots astronomic scores.
HOUSE_LIMITS: dict[str, tuple[int, int]] = {
    "start_score": (1, 10_000),
    "max_exchange": (0, 5),
    "big_pack_from": (3, 8),
    "remise": (0, 10_000),
    "remise_only_at_or_below": (-10_000, 10_000),
    "spade_ace_bonus": (0, 10_000),
    "trump_rams": (0, 10_000),
    "spade_ace_trump": (0, 10_000),
    "four_jacks": (0, 10_000),
    "ace_values": (0, 10_000),
}


class RamsFamily:
    """Рамс, Петух, Мушка с памфилом: the presets of RULES §9.2."""

    name = "rams"
    deal_fields: tuple[str, ...] = ()
    deal_field_clauses: Mapping[str, str] = {}
    house_limits = HOUSE_LIMITS
    better = -1  # records run down to 0
    end_clause = "X9"
    levels: tuple[str, ...] = ("easy", "medium", "hard")
    #: The levels that decide in microseconds (the heuristic with its noise: no search).
    instant_levels: tuple[str, ...] = ("easy",)
    baselines: tuple[str, ...] = ("heuristic", "random")
    sides: tuple[tuple[int, ...], ...] | None = None
    layout = DealLayout(declarations=True)
    bots = "rams.games.rams.bots"

    def house_options(self) -> list[dict[str, Any]]:
        """Every option a table may change, for the page that creates one: its name in words,
        its clause, its kind (bool, int, choice), its choices and the range a table takes."""
        base = Rules.preset("classic", 3).options()
        book = rulebook("rams")
        out = []
        for name, opt in OPTIONS.items():
            if name in ("players", "preset_name"):
                continue
            value = base[name]
            if name in OPTION_CHOICES:
                kind = "choice"
            elif isinstance(value, bool):
                kind = "bool"
            elif isinstance(value, int):
                kind = "int"
            else:
                kind = "other"
            low, high = HOUSE_LIMITS.get(name, (None, None))
            out.append(
                {
                    "name": name,
                    "clause": opt.clause,
                    "ru": opt.ru,
                    "en": opt.en,
                    "kind": kind,
                    "choices": list(OPTION_CHOICES.get(name, ())),
                    "words": {
                        lang: [book.option_value(name, c, lang) for c in OPTION_CHOICES[name]]
                        for lang in ("ru", "en")
                    }
                    if name in OPTION_CHOICES
                    else None,
                    "min": low,
                    "max": high,
                }
            )
        return out

    def hint(self, view: Observation, lang: str) -> str:
        """In words, which rule limits the seat's choices now (the «?» of the terminal)."""
        return legal_hint(view, lang)

    def option_clause(self, option: str) -> str:
        """The clauses an option belongs to (§9.1)."""
        return OPTIONS[option].clause if option in OPTIONS else "§9.1"

    def presets(self) -> dict[str, PresetInfo]:
        return {
            name: PresetInfo(name, self.name, p.source, p.players, {"ru": p.ru, "en": p.en})
            for name, p in PRESETS.items()
        }

    def rules(self, preset: str, players: int | None = None, /, **options: Any) -> Rules:
        return Rules.preset(preset, players, **options)

    def rules_from_json(self, data: Any, players: int) -> Rules:
        return Rules.from_json(data, players)

    def new_match(
        self,
        rules: Rules,
        names: Sequence[str] | None = None,
        rng: random.Random | None = None,
        first_dealer: int | None = None,
    ) -> RamsMatch:
        return RamsMatch(rules, names, rng=rng, first_dealer=first_dealer)

    def parse_line(self, text: str) -> tuple[int, Action]:
        return parse_line(text)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def announcer(self, names: Sequence[str], lang: str, live: bool = False) -> Announcer:
        return Announcer(names, lang, live)

    def action_words(self, action: Action, names: Sequence[str], lang: str) -> str:
        """«сносит 7♠ 8♦», «остаётся при своих», «берёт козырь, отдаёт Д♠», «Т♠», «Играю»."""
        return action_words(action, lang)

    def replay_extra(self, deal: Deal) -> dict[str, Any]:
        """The hands as play began, where the exchange changed them (E4, E5)."""
        return {"in_play": in_play(deal)}

    def verdict(self, match: RamsMatch) -> Verdict | None:
        """The winner (S6, R1, M4, V1, S7, V4) and the settlement (S8) in words: each loser
        pays the winner what is left of the record, or the stake (doubled by every Даве,
        V4); then the Pam ledger (M2)."""
        from rams.games.display import Amounts, Verdict

        if match.winner is None:
            return None
        winner = match.winner
        clause = match.deal.win_clause if match.deal is not None else ""
        why = Phrase(f"rams.why.{clause}") if clause and has(f"rams.why.{clause}") else None
        payouts = match.payouts()
        lines: list[Words] = []
        remaining = match.rules.payout == "remaining"
        if not remaining and match.stake > 1:
            lines.append(Phrase("replay.stake_doubled", stake=match.stake))
        for seat in range(match.rules.players):
            if seat == winner:
                continue
            paid = -payouts[seat]
            if not remaining:
                lines.append(Phrase("replay.pays_stake", payer=Seat(seat), amount=paid))
            elif paid > 0:
                lines.append(Phrase("replay.pays_remaining", payer=Seat(seat), amount=paid))
            else:
                record = number(match.records[seat])
                lines.append(Phrase("replay.pays_nothing", payer=Seat(seat), record=record))
        lines.append(Phrase("replay.receives", name=Seat(winner), amount=payouts[winner]))
        if match.rules.pamfil:
            lines.append(Amounts("replay.pam", tuple(match.pam_ledger)))
        return Verdict(why, tuple(lines))

    def display(self, view: Observation) -> Display:
        """What ``view``'s seat is shown (:mod:`rams.games.rams.display`)."""
        from rams.games.rams.display import display

        return display(view)

    def payouts(self, match: RamsMatch) -> Settlement | None:
        """The settlement (S8): who pays the winner what, and why; the Pam ledger (M2)."""
        from rams.games.display import PayColumn, Settlement

        if not match.is_over:
            return None
        columns = [PayColumn(Phrase("web.settlement"), tuple(match.payouts()))]
        if match.rules.pamfil:
            columns.append(PayColumn(Phrase("rams.web.pam"), tuple(match.pam_ledger)))
        return Settlement(tuple(columns), Phrase("web.settleWhy"))

    def deal_lines(self, events: Sequence[Event], names: Sequence[str], lang: str) -> list[str]:
        return deal_lines(events, names, lang)

    def sheet_columns(self, match: RamsMatch) -> list[Column]:
        """A column per player: the records (S1)."""
        from rams.sheets import Column

        return [Column(name, (s,)) for s, name in enumerate(match.players)]

    def sheet_note(self, match: RamsMatch, deal: int) -> Phrase | None:
        """A void deal (E3, X3) is noted on the sheet."""
        return Phrase("rams.sheet.void") if match.deals[deal].void else None

    def standing_scores(self, match: RamsMatch) -> list[int]:
        """The records: lower is better."""
        return list(match.records)

    def rules_json(self, rules: Rules) -> dict[str, Any]:
        """The rules for people: the preset's names and each house rule that differs."""
        return rules_summary(rules)

    def rules_text(self, rules: Rules) -> str:
        return rules_text(rules)

    def screen(self) -> Any:
        from rams.games.rams.screen import SCREEN

        return SCREEN

    def lesson_deal(
        self, rules: Rules, dealer: int, hands: Mapping[int, str], places: Mapping[str, str]
    ) -> Deal:
        """A deal from given cards (:func:`~rams.games.rams.dealing.arrange_deck`): places
        ``turned``, ``stock`` (its top first) and ``talon``."""
        unknown = set(places) - {"turned", "stock", "talon"}
        if unknown:
            raise KeyError(sorted(unknown)[0])
        deck = arrange_deck(
            rules,
            dealer,
            dict(hands),
            places.get("turned"),
            places.get("stock", ""),
            places.get("talon", ""),
        )
        match = RamsMatch(rules, first_dealer=dealer)
        return match.start_deal(deck, dealer)

    def deal_extra(self, rng: random.Random) -> dict[str, Any]:
        return {}  # a Rams deal is its dealer and its deck

    def read_deal_field(self, name: str, value: Any) -> Any:
        raise KeyError(name)  # a Rams deal has no fields beside dealer, deck and actions

    def write_deal_field(self, name: str, value: Any) -> Any:
        raise KeyError(name)


FAMILY: Family[Rules, Action, Observation, RamsMatch] = RamsFamily()
