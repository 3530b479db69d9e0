"""The rules in the box: our own rules reference, in Russian and English, one source for
``rams rules PRESET --text``, the web table's rules panel and every clause link.

Each game family keeps its reference in ``rams/games/FAMILY/rulebook.toml``: the sections,
every clause of the project's rules contract (its id, its text in our words, the source
text it rests on, and when it applies), the options' names and the words for their values,
and a paragraph on each preset. Nothing here is written twice: the engine cites clause ids,
and this module words them.

>>> from rams.games.rams.rules import Rules
>>> book = rulebook("rams")
>>> book.clause("P4").source
'000 §5, 001, 002'
>>> "P5" in {c.id for c in book.applicable(Rules.preset("rozaliev", 3))}
False
>>> print(book.option_value("dealer_trump", "mandatory", "en"))
must take it
"""

from __future__ import annotations

import os
import re
import textwrap
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from rams import tomldata
from rams.words import russian_plural, text

__all__ = ["Clause", "Rulebook", "rulebook", "rules_text", "rules_view", "source_names"]

LANGS = ("ru", "en")
_CONDITION = re.compile(r"^(!?)([a-z_]+)(?:(=|!=|>|<|>=|<=)(.+))?$")
_SEED = re.compile(r"^(\d{3})\b\s*(.*)$")


def source_names(spec: str, lang: str) -> str:
    """The source texts of a clause (``000 Запись §8, 001, 003``: seed ids with their
    sections and paragraphs) by name, as a reader knows them: the seeds' names and sections
    are the catalogue's ``source`` section; one text's places follow its name, texts are
    parted by semicolons.

    >>> source_names("000 Запись §8, 001", "ru")
    'старинное руководство, раздел «Запись», §8; веб-страница о рамсе'
    >>> source_names("000 §6, §9, 002", "en")
    'the old manual, §6, §9; Rozaliev, “Card games of Russia”'
    """
    texts: list[list[str]] = []
    for token in (t.strip() for t in spec.split(",")):
        seed = _SEED.match(token)
        if seed is None and texts:  # (one more place in the same text: «§9»)
            texts[-1].append(token)
            continue
        if seed is None:
            texts.append([token])
            continue
        name, places = seed.groups()
        words = [text(f"source.s{name}", lang)]
        for place in places.split():
            words.append(place if place.startswith("§") else text(f"source.part.{place}", lang))
        texts.append(words)
    return "; ".join(", ".join(words) for words in texts)


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause of the rules: ``id`` as in the contract (``P4``), its section, its text in
    each language, the source texts it rests on, and the conditions under which it applies."""

    id: str
    section: str
    source: str
    when: tuple[str, ...]
    text: Mapping[str, str]

    def words(self, lang: str) -> str:
        """The clause's text in ``lang`` (``ru`` or ``en``)."""
        return self.text[lang]


def _literal(text: str) -> Any:
    if text == "null":
        return None
    if text in ("true", "false"):
        return text == "true"
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text


def condition_holds(rules: Any, condition: str) -> bool:
    """Whether one ``when`` condition holds for a rule set.

    ``name`` (the option or derived value is true), ``!name``, ``name=a|b``, ``name!=a``,
    ``name>n``, ``name<n``, ``name>=n``, ``name<=n``; values are option values as in
    records (``null``, ``true``, numbers, words).
    """
    m = _CONDITION.match(condition.strip())
    if m is None:
        raise ValueError(f"rulebook: bad condition {condition!r}")
    negate, name, op, raw = m.groups()
    value = getattr(rules, name)
    if op is None:
        result = bool(value)
    else:
        wanted = [_literal(v) for v in raw.split("|")]
        if op == "=":
            result = value in wanted
        elif op == "!=":
            result = value not in wanted
        else:
            if not isinstance(value, int) or not isinstance(wanted[0], int):
                raise ValueError(f"rulebook: {condition!r} compares a number")
            bound = wanted[0]
            result = {
                ">": value > bound,
                "<": value < bound,
                ">=": value >= bound,
                "<=": value <= bound,
            }[op]
    return result != bool(negate)


class Rulebook:
    """A family's rules reference (see the module docstring)."""

    def __init__(self, family: str, data: Mapping[str, Any]) -> None:
        self.family = family
        self.sections: dict[str, Mapping[str, str]] = dict(data.get("sections", {}))
        self.clauses: dict[str, Clause] = {}
        for cid, c in data.get("clauses", {}).items():
            self.clauses[cid] = Clause(
                cid,
                str(c["section"]),
                str(c.get("source", "")),
                tuple(c.get("when", ())),
                {lang: str(c[lang]).strip() for lang in LANGS},
            )
        self.options: dict[str, Mapping[str, Any]] = dict(data.get("options", {}))
        self.presets: dict[str, Mapping[str, Any]] = dict(data.get("presets", {}))
        self.words: dict[str, Mapping[str, str]] = dict(data.get("words", {}))

    def clause(self, clause_id: str) -> Clause:
        """A clause by its id; KeyError for an id this family does not have."""
        return self.clauses[clause_id]

    def applicable(self, rules: Any) -> list[Clause]:
        """The clauses that apply to a rule set, in the order of the reference."""
        return [c for c in self.clauses.values() if all(condition_holds(rules, w) for w in c.when)]

    def option_name(self, option: str, lang: str) -> str:
        """An option's name in words."""
        return str(self.options[option][lang])

    def option_value(self, option: str, value: Any, lang: str) -> str:
        """An option's value in words: ``optional`` → «по желанию», 32 → «32 карты»."""
        spec = self.options.get(option, {})
        values: Mapping[str, Any] = spec.get("values", {})
        key = _key(value)
        if key in values:
            return str(values[key][lang])
        if value is not None and "value" in spec:
            template = spec["value"][lang]
            if isinstance(template, Mapping):  # Russian: a form per plural class
                count = value if isinstance(value, int) and not isinstance(value, bool) else 5
                template = template[russian_plural(count)]
            return str(template).format(value=_plain(value))
        return _plain(value)

    def word(self, key: str, lang: str, **fields: object) -> str:
        """A word or phrase of the rulebook's own text (headings, labels)."""
        return str(self.words[key][lang]).format(**fields)

    def source_line(self, clause: Clause, lang: str) -> str:
        """«Источник: старинное руководство, §5; Розалиев, «Карточные игры России»» — the
        texts a clause rests on, by name (the ``source`` section of the catalogue), or that
        we decided."""
        head, _, rest = clause.source.partition(" ")
        if head == "ours":  # (our decision, with the texts it weighed: «ours (000 §2–4, 002)»)
            rest = rest.strip()
            inner = f" ({source_names(rest[1:-1], lang)})" if rest.startswith("(") else ""
            return text("source.one", lang, source=text("source.ours", lang) + inner)
        source = source_names(clause.source, lang)
        return text("source.many" if ";" in source else "source.one", lang, source=source)

    def clause_text(self, clause: Clause, rules: Any, lang: str) -> str:
        """A clause's words for a rule set: its numbers filled in from the options."""
        return clause.words(lang).format(**_fields(rules))

    def sections_for(self, rules: Any, lang: str) -> list[tuple[str, list[tuple[Clause, str]]]]:
        """The clauses that apply to a rule set, by section: (section title, [(clause, text)])."""
        out: list[tuple[str, list[tuple[Clause, str]]]] = []
        for clause in self.applicable(rules):
            title = str(self.sections[clause.section][lang])
            if not out or out[-1][0] != title:
                out.append((title, []))
            out[-1][1].append((clause, self.clause_text(clause, rules, lang)))
        return out

    def options_for(self, rules: Any, lang: str) -> list[tuple[str, str, str]]:
        """Every option of a rule set in words: (option name, its value, its clauses)."""
        values = rules.options()
        out = []
        for name in self.options:
            if name not in values or name == "preset_name":  # (the title names the preset)
                continue
            value = values[name]
            if name == "pack" and value == "auto":
                value = rules.pack_size
            clause = _clause_of(rules, name)
            out.append((self.option_name(name, lang), self.option_value(name, value, lang), clause))
        return out


def _clause_of(rules: Any, option: str) -> str:
    """The clause ids an option belongs to (from the rules' own field metadata)."""
    import dataclasses

    for f in dataclasses.fields(rules):
        if f.name == option:
            return str(f.metadata.get("clause", ""))
    return ""


def _fields(rules: Any) -> dict[str, Any]:
    """The values a clause's text may name: every option, and the derived ones."""
    values: dict[str, Any] = dict(rules.options())
    values.update(
        pack_size=getattr(rules, "pack_size", None),
        stock_size=getattr(rules, "stock_size", None),
        players=rules.players,
    )
    for suit, value in zip("SCDH", getattr(rules, "ace_values", ()), strict=False):
        values[f"ace_{suit}"] = value
    return values


def rules_view(rules: Any, lang: str = "ru") -> dict[str, Any]:
    """A rule set's rules as data, for every front end: the title, the preset's paragraph,
    the sections with the clauses that apply (numbers filled in), every option in words,
    and those clauses by id (the text a cited «(P4)» opens)."""
    from rams import games

    book = rulebook(rules.family)
    name = games.family(rules.family).presets()[rules.preset_name].title[lang]  # (its own only)
    about = book.presets.get(rules.preset_name)
    sections: list[dict[str, Any]] = [
        {
            "title": title,
            "clauses": [
                {"id": c.id, "text": text, "source": book.source_line(c, lang)}
                for c, text in clauses
            ],
        }
        for title, clauses in book.sections_for(rules, lang)
    ]
    return {
        "title": book.word("title", lang, preset=name[0].upper() + name[1:], players=rules.players),
        "about": str(about[lang]).strip() if about is not None else "",
        "sections": sections,
        "options": [
            {"name": option, "value": value, "clause": clause}
            for option, value, clause in book.options_for(rules, lang)
        ],
        "options_title": book.word("options", lang),
        "clauses": {
            c["id"]: {"text": c["text"], "source": c["source"]}
            for section in sections
            for c in section["clauses"]
        },
    }


def rules_text(rules: Any, lang: str = "ru", width: int = 88) -> str:
    """A preset's whole rules as a person reads them: the preset, then every clause that
    applies to these rules with its numbers filled in, then every option's value in words.

    >>> from rams.games.rams.rules import Rules
    >>> text = rules_text(Rules.preset("duel", 2), "en")
    >>> "V2    " in text and "E1    " not in text
    True
    """
    view = rules_view(rules, lang)
    title = view["title"]
    lines = [title, "=" * len(title), ""]
    if view["about"]:
        lines += [*textwrap.wrap(view["about"], width), ""]
    for section in view["sections"]:
        lines += [section["title"], "-" * len(section["title"])]
        for clause in section["clauses"]:
            body = [
                line
                for part in clause["text"].split("\n")
                for line in (textwrap.wrap(part, width - 6) or [""])
            ]
            lines.append(f"{clause['id']:<5} {body[0]}")
            lines += [" " * 6 + line for line in [*body[1:], clause["source"]]]
        lines.append("")
    heading = view["options_title"]
    lines += [heading, "-" * len(heading)]
    for option in view["options"]:
        clause = f" ({option['clause']})" if option["clause"] else ""
        lines.append(f"  {option['name']}: {option['value']}{clause}")
    return "\n".join(lines)


def _key(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _plain(value: Any) -> str:
    if isinstance(value, Mapping):  # the ace values: ♠ 5, ♣ 10, ♦ 15, ♥ 20
        symbols = dict(zip("SCDH", "♠♣♦♥", strict=True))
        return ", ".join(f"{symbols.get(k, k)} {v}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return "+".join(str(v) for v in value)
    return _key(value)


@cache
def rulebook(family: str) -> Rulebook:
    """The rules reference of a game family (``rams``), read once from the package."""
    games = os.path.join(os.path.dirname(__file__), "games")  # (not importlib.resources)
    return Rulebook(family, tomldata.load(os.path.join(games, family, "rulebook.toml")))


def check(book: Rulebook, clause_ids: Iterable[str], rules_sets: Iterable[Any]) -> list[str]:
    """Problems with a rulebook: a clause of the contract it lacks, a clause it has that the
    contract does not, a ``when`` condition that cannot be read for some rule set, a text
    missing in a language."""
    ids = list(clause_ids)
    problems = [f"missing clause {c}" for c in ids if c not in book.clauses]
    problems += [f"clause {c} is not in the contract" for c in book.clauses if c not in ids]
    sets = list(rules_sets)
    for clause in book.clauses.values():
        for condition in clause.when:
            for rules in sets:
                try:
                    condition_holds(rules, condition)
                except (ValueError, AttributeError) as e:
                    problems.append(f"{clause.id}: {e}")
                    break
        for lang in LANGS:
            if not clause.text.get(lang):
                problems.append(f"{clause.id}: no {lang} text")
    return problems
