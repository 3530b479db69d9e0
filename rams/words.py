"""The text catalogue: every word a person reads, in Russian and in English.

The words shared by every game are in ``rams/words.toml``; each family keeps its own in
``rams/games/FAMILY/words.toml``, whose keys are read under the family's name
(``rams.event.deal``). A text is a template filled in with fields; the engine raises clause
ids and values (:class:`rams.errors.RamsError` carries a key and fields) and this catalogue
words them, for a seat by name where names are known.

Fields of several kinds are worded here: a :class:`Seat` (``p2`` in the engine's own
English text, the player's name on a screen), a :class:`Suit`, and any value that words
itself (a :class:`Phrase`; :class:`rams.cards.Cards`, record notation ``AS 8D`` in the
engine's text, ``Т♠ 8♦`` on a Russian screen). The catalogue is the bottom of the package:
it imports none of it (but :mod:`rams.tomldata`, which reads its files).

>>> text("server.stale", "en")
'The game has moved on; here is the table as it is now.'
>>> text("rams.illegal.must_swap", "ru", names=["Аня", "Борис"], who=Seat(1))
'сдающий (Борис) обязан взять открытый козырь, отдав за него карту'
>>> text("rams.illegal.must_swap", "en", who=Seat(1))
'the dealer p2 must take the turned trump (dealer_trump = mandatory): swap a card'
"""

from __future__ import annotations

import errno
import locale
import math
import os
import string
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from rams import tomldata

__all__ = [
    "LANGS",
    "Joined",
    "OneOf",
    "Phrase",
    "Seat",
    "Suit",
    "catalogue",
    "decimal",
    "default_lang",
    "interval",
    "number",
    "os_reason",
    "russian_plural",
    "section",
    "signed",
    "template",
    "text",
]

LANGS = ("ru", "en")


class Seat(int):
    """A seat (0-based) as a field of a text: ``p2`` in the engine's text, a name on screen."""

    __slots__ = ()


class Suit(int):
    """A suit as a field of a text: its letter (``S``) in the engine's text, its name on
    screen (``пики``)."""

    __slots__ = ()


class Joined(tuple[Any, ...]):
    """Several phrases as one field: ``a; b``."""

    __slots__ = ()


class OneOf(tuple[str, ...]):
    """Alternatives as a field of a text: ``a or b`` / ``a или b``."""

    __slots__ = ()


class Phrase:
    """A text of the catalogue inside another (what an option expects, why options clash,
    what a deal waits for), worded in the language of the text around it."""

    __slots__ = ("fields", "key")

    def __init__(self, key: str, /, **fields: Any) -> None:
        self.key = key
        self.fields = fields

    def words(self, lang: str, names: Sequence[str] | None = None) -> str:
        return text(self.key, lang, names=names, **self.fields)

    def __str__(self) -> str:
        return self.words("en")


def _load(path: str, prefix: str) -> dict[str, dict[str, str]]:
    data = tomldata.load(path)
    out: dict[str, dict[str, str]] = {}

    def walk(node: Mapping[str, Any], key: str) -> None:
        if "ru" in node and "en" in node and all(isinstance(node[k], str) for k in LANGS):
            out[key] = {lang: node[lang] for lang in LANGS}
            return
        for name, child in node.items():
            if isinstance(child, Mapping):
                walk(child, f"{key}.{name}" if key else name)

    walk(data, prefix)
    return out


@cache
def catalogue() -> dict[str, dict[str, str]]:
    """Every text of the package by key: the shared words, then those of each package of
    ``rams/games/`` that has a ``words.toml`` (a family, or parts several share: ``plain``)
    under its name. Read as one table from its cache (:func:`rams.tomldata.load_made`)
    while no file of it, nor this module, has changed."""
    package = os.path.dirname(__file__)  # (not importlib.resources: its imports are slow)
    games = os.path.join(package, "games")
    files = {"": os.path.join(package, "words.toml")}
    for name in sorted(os.listdir(games)):
        path = os.path.join(games, name, "words.toml")
        if os.path.isfile(path):
            files[name] = path

    def make() -> dict[str, Any]:
        out: dict[str, dict[str, str]] = {}
        for prefix, path in files.items():
            out.update(_load(path, prefix))
        return out

    made: dict[str, dict[str, str]] = tomldata.load_made(
        "words.catalogue", [*files.values(), __file__], make
    )
    return made


class _Fields(dict[str, Any]):
    def __init__(self, lang: str, names: Sequence[str] | None, fields: Mapping[str, Any]):
        super().__init__()
        for name, value in fields.items():
            self[name] = _word(value, lang, names)


def _word(value: Any, lang: str, names: Sequence[str] | None) -> Any:
    if isinstance(value, Phrase) or callable(getattr(value, "words", None)):
        return value.words(lang, names)
    if isinstance(value, Suit):
        if names is None and lang == "en":
            return "SCDH"[value]
        return text(f"suit.{'SCDH'[value]}", lang)
    if isinstance(value, Joined):
        return "; ".join(str(_word(v, lang, names)) for v in value)
    if isinstance(value, OneOf):
        return (" или " if lang == "ru" else " or ").join(value)
    if isinstance(value, Seat):
        return names[value] if names is not None else f"p{value + 1}"
    if isinstance(value, float):  # (a decimal comma and «−» in Russian: «0,5»)
        return decimal(value, lang, None)
    return value


class _Formatter(string.Formatter):
    """``{count:n:карта|карты|карт}`` writes the number and the noun in the form its number
    takes (Russian: one, few, many; English: one, other); ``{count:w:…}`` the noun alone."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec[:2] in ("n:", "w:") and isinstance(value, int):
            forms = format_spec[2:].split("|")
            word = forms[_plural_index(value, len(forms))]
            return f"{value} {word}" if format_spec[0] == "n" else word
        return str(super().format_field(value, format_spec))


def _plural_index(n: int, forms: int) -> int:
    if forms == 2:  # English: one, other
        return 0 if n == 1 else 1
    return ("one", "few", "many").index(russian_plural(n))


def russian_plural(n: int) -> str:
    """The Russian plural class of a number: ``one`` (1, 21), ``few`` (2–4, 22–24), ``many``.

    >>> [russian_plural(n) for n in (1, 2, 5, 11, 21, 32, 100)]
    ['one', 'few', 'many', 'many', 'one', 'few', 'many']
    """
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


_FORMATTER = _Formatter()


def text(key: str, lang: str = "ru", *, names: Sequence[str] | None = None, **fields: Any) -> str:
    """The text ``key`` in ``lang``, its fields filled in (seats by ``names`` when given).

    Without ``names`` a text is the engine's own (its seats ``p1`` …, its cards in record
    notation): that is how errors read in English, in logs and in records' checks.
    """
    entry = catalogue()[key]
    template = entry[lang if lang in LANGS else "en"]
    if "{" not in template and "}" not in template:
        return template
    values = _Fields(lang, names, fields)
    if ":n:" in template or ":w:" in template:  # (a number's noun in its form: our formatter)
        return _FORMATTER.vformat(template, (), values)
    return template.format_map(values)


def number(value: int | None) -> str:
    """A whole number as a screen writes it: a true minus sign, as on a paper sheet (None:
    nothing).

    >>> number(-15), number(0), signed(-15), signed(3)
    ('−15', '0', '−15', '+3')
    """
    if value is None:
        return ""
    return f"−{-value}" if value < 0 else str(value)


def os_reason(error: OSError) -> Phrase | str:
    """Why the system refused a file or a socket, in the words of the text around it (the
    catalogue's ``os`` section by the error's name: «такого файла нет»); the system's own
    words, in its language, where the catalogue has none.

    >>> os_reason(FileNotFoundError(2, "No such file or directory")).words("ru")
    'такого файла нет'
    """
    name = errno.errorcode.get(error.errno or 0, "")
    if name and has(f"os.{name}"):
        return Phrase(f"os.{name}")
    return error.strerror or str(error) or type(error).__name__


def signed(value: int) -> str:
    """A change as a screen writes it: ``+5``, ``−10``, ``0``."""
    return f"+{value}" if value > 0 else number(value)


def decimal(value: float, lang: str = "ru", places: int | None = 3, sign: bool = False) -> str:
    """A fraction as a screen in ``lang`` writes it: in Russian a decimal comma and a true
    minus sign (English as Python writes it); ``places`` digits after the point (None: as
    few as the value needs), ``sign``: a plus sign before a positive value.

    >>> decimal(-9.757), decimal(6.54, "ru", 3, True)
    ('−9,757', '+6,540')
    >>> decimal(0.5, "ru", None), decimal(2.0, "ru", None)
    ('0,5', '2')
    >>> decimal(-9.757, "en"), decimal(6.54, "en", sign=True), decimal(0.5, "en", None)
    ('-9.757', '+6.540', '0.5')
    """
    if math.isinf(value):  # (the interval of a single value)
        return ("−" if value < 0 else "+" if sign else "") + "∞"
    written = format(value, ("+" if sign else "") + ("g" if places is None else f".{places}f"))
    if lang != "ru":
        return written
    return written.replace("-", "−").replace(".", ",")


def interval(mean: float, low: float, high: float, lang: str = "ru", sign: bool = True) -> str:
    """An estimate and its interval as a table of figures writes them: ``−9,757 [−12,856,
    −6,658]`` (in Russian the bounds are parted by a semicolon, the comma being the decimal
    one's: ``[−12,856; −6,658]``).

    >>> interval(-9.757, -12.856, -6.658), interval(0.333, 0.097, 0.7, "en", sign=False)
    ('−9,757 [−12,856; −6,658]', '0.333 [0.097, 0.700]')
    """
    parted = "; " if lang == "ru" else ", "
    bounds = parted.join(decimal(x, lang, 3, sign) for x in (low, high))
    return f"{decimal(mean, lang, 3, sign)} [{bounds}]"


def template(key: str, lang: str = "ru") -> str:
    """The text ``key`` in ``lang`` as the catalogue writes it, its fields (``{n}``) not
    filled in: for a page that fills them in itself as a person chooses.

    >>> template("rams.web.exchangeN", "en")
    'Discard {n} and draw'
    """
    return catalogue()[key][lang if lang in LANGS else "en"]


def has(key: str) -> bool:
    """Whether the catalogue has a text ``key``."""
    return key in catalogue()


def bot_word(bot: str, lang: str = "ru") -> str:
    """A bot level's name for people (``hard`` → «сильный»); a bot the catalogue has no word
    for (a program, a spec) keeps its own name.

    >>> bot_word("hard", "ru"), bot_word("hard", "en"), bot_word("python3 my_bot.py", "ru")
    ('сильный', 'hard', 'python3 my_bot.py')
    """
    key = f"terminal.bot_{bot}"
    return text(key, lang) if has(key) else bot


def section(prefix: str, lang: str) -> dict[str, str]:
    """Every text under ``prefix`` (``web``, ``rams.web``) in ``lang``, by its last part: what
    a browser's client is sent, to word its own screens."""
    start = prefix + "."
    return {
        key[len(start) :]: entry[lang]
        for key, entry in catalogue().items()
        if key.startswith(start) and "." not in key[len(start) :]
    }


def keys(prefix: str) -> Iterable[str]:
    """The keys under ``prefix``."""
    start = prefix + "."
    return [k for k in catalogue() if k.startswith(start)]


def default_lang() -> str:
    """``ru`` when the locale is Russian, else ``en``."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    loc = locale.getlocale()[0] or ""
    return "ru" if loc.lower().startswith("ru") else "en"
