"""Code outside ``rams/games/`` names no game: front ends and bots ask a family
(:class:`rams.games.protocol.Family`) for what differs, and never branch on a game's name.

What counts is code: Python's identifiers and string literals (not its comments, docstrings or
doctests), and the web table's scripts (not their comments). A game is named by its family's
name or a preset's (``whist``, ``petukh-30``), or a word of one (``WhistDeal``,
``_boston_score``); ``rams`` is the package's name too, so it counts only as a string or a
name of its own (``family == "rams"``, ``self.rams``). The allowances below are the default
preset and the package's own name.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "rams"

#: Every family's name and every preset's, and their words (``rozaliev-jacks`` → rozaliev);
#: written out here, not read from the registry, so a new game's name is added on purpose.
GAMES = {"rams", "ramsch", "whist", "boston", "kony", "petukh", "mushka", "rozaliev"}
PRESETS = {
    "classic", "rams-001", "rams-001-v1", "duel", "duel-v3", "rozaliev", "rozaliev-jacks",
    "mushka-pamfil", "petukh", "petukh-30", "ramsch", "ramsch-jacks", "whist", "whist-named",
    "boston", "kony",
}  # fmt: skip
#: Words of identifiers that name a game (``rams`` aside: the package's name; ``pamfil``, the
#: card that gives «Мушка с памфилом» its name, is a rule's option, ``rules.pamfil``).
NAME_WORDS = GAMES - {"rams"}

#: (file, text of the line) where a name is allowed: the default preset (and its family, the
#: ratings page's first tab), and the package's own name (the program's, the web app's, its
#: resources).
ALLOWED = {
    ("rams/web/static/create.js", 'const state = { preset: "classic", players: 3, seats: [] };'),
    ("rams/web/static/ratings.js", 'export function showRatings(app, family = "rams") {'),
    ("rams/web/static/app.js", 'else if ((m = path.match(/^\\/ratings(?:\\/(\\w{1,16}))?$/))) '
                               'current = showRatings(app, m[1] || "rams");'),
    ("rams/web/app.py", 'app = FastAPI(title="Rams", lifespan=lifespan, docs_url=None, '
                        'redoc_url=None, responses=ERRORS)'),
    ("rams/cli.py", 'prog="rams", description=w.help("description"), '
                    'formatter_class=_HelpFormatter'),
}  # fmt: skip
#: Not yet moved (none now: Rams' card play asks its rules for the jacks by
#: ``rams.games.rams.declarations.jack_credit``).
PENDING: set[tuple[str, str]] = set()


def _words(name: str) -> list[str]:
    """An identifier's words: ``WhistDeal`` → whist, deal; ``_boston_score`` → boston, score."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name).replace("_", " ")
    return spaced.lower().split()


def _string_names(value: str) -> set[str]:
    """The games a string names: it is a family's or preset's name, or a path or kind made
    of them (``rams.games.whist``'s ``whist`` is not code outside the games, but a string
    ``"whist"`` or ``"boston"`` compared against is)."""
    if value.lower() in PRESETS or value.lower() in GAMES:
        return {value.lower()}
    return {w for w in re.split(r"[^a-z0-9-]+", value.lower()) if w in PRESETS - {"rams"}}


def _docstring_lines(source: str) -> set[int]:
    """The lines of every docstring (a module's, a class's or a function's)."""
    lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def _literal(token: str) -> str:
    """A string token's text (an f-string's as written)."""
    prefix = token[: len(token) - len(token.lstrip("rRbBuUfF"))]
    if "f" in prefix.lower():
        return token
    value = ast.literal_eval(token)
    return value if isinstance(value, str) else value.decode("latin-1")


def python_names(path: Path) -> list[tuple[int, str]]:
    """Every (line, game) a Python file names in its code."""
    source = path.read_text(encoding="utf-8")
    docs = _docstring_lines(source)
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        line = tok.start[0]
        if line in docs:
            continue
        if tok.type == tokenize.NAME:
            if tok.string == "rams":
                continue  # the package
            for word in _words(tok.string):
                if word in NAME_WORDS:
                    out.append((line, word))
        elif tok.type == tokenize.STRING:
            for name in sorted(_string_names(_literal(tok.string))):
                out.append((line, name))
    return out


_JS_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_JS_STRING = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`")
_JS_NAME = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")


def js_names(path: Path) -> list[tuple[int, str]]:
    """Every (line, game) a script names outside its comments."""
    source = path.read_text(encoding="utf-8")
    # Blank out comments, keeping the lines where they were.
    source = _JS_COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), source)
    out = []
    for no, line in enumerate(source.splitlines(), 1):
        for m in _JS_STRING.finditer(line):
            for name in sorted(_string_names(m.group()[1:-1])):
                out.append((no, name))
        bare = _JS_STRING.sub(" ", line)
        for m in _JS_NAME.finditer(bare):
            for word in _words(m.group()):
                if word in NAME_WORDS:
                    out.append((no, word))
    return out


def named_games() -> list[str]:
    """Every place outside ``rams/games/`` whose code names a game, but the allowed ones."""
    found = []
    for path in sorted(ROOT.rglob("*")):
        rel = path.relative_to(ROOT.parent).as_posix()
        if rel.startswith("rams/games/") or "/migrations/" in rel:
            continue
        if path.suffix == ".py":
            names = python_names(path)
        elif path.suffix in (".js", ".html"):
            names = js_names(path)
        else:
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for no, name in names:
            text = lines[no - 1].strip()
            if (rel, text) not in ALLOWED | PENDING:
                found.append(f"{rel}:{no}: {name}: {text}")
    return sorted(set(found))


def test_no_game_is_named_outside_the_games() -> None:
    found = named_games()
    assert not found, f"{len(found)} places name a game:\n" + "\n".join(found)


def test_every_allowance_is_used() -> None:
    """An allowance whose line has gone is dropped, so it cannot hide a new one."""
    lines = {
        (path, line.strip())
        for path, _ in ALLOWED | PENDING
        for line in (ROOT.parent / path).read_text(encoding="utf-8").splitlines()
    }
    assert lines >= (ALLOWED | PENDING)


def test_the_scan_sees_names() -> None:
    assert _words("WhistDeal") == ["whist", "deal"]
    assert _string_names("boston") == {"boston"}
    assert _string_names("rams/games/whist") == {"whist"}
    assert _string_names("rams.games.rams.levels") == set()
    assert _string_names("petukh-30") == {"petukh-30"}


if __name__ == "__main__":
    for place in named_games():
        print(place)
