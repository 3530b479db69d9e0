"""The package's layering, read from the source: every import of every module of ``rams/``
(at module level, under ``TYPE_CHECKING`` and inside functions: a late import is an import)
makes an edge of the module graph, and the graph must keep the layers of docs/architecture.md's
«Layout» one way.

From the bottom up:

1. ``tomldata`` (the package's TOML files, cached), ``words`` (the text catalogue),
   ``errors``, ``cards``: they import only each other, in that order.
2. The core: the shared parts (``events``, ``actions``, ``tricks``, ``sheets``,
   ``rulebook``), the registry and the families (``games/``), ``record``, ``fair``,
   ``verify`` and the driver ``table``. It needs no third-party package.
3. ``fast/``: the compiled kernels (NumPy, Numba).
4. ``bots/``: they are given a seat's view; the driver is given them.
5. The tools: ``adapters/``, ``sim``, ``tournament``, ``daily``, ``analysis``, ``ratings``,
   ``stats``, ``parallel``, ``progress``, ``files``.
6. The front ends: ``cli`` and the other commands, ``terminal/`` (with the families'
   terminal screens, ``games/*/screen.py``, which draw with Rich) and ``web/``.

A module imports its own layer or the layers below; inside a layer the imports make no
cycle. ``rams/__init__.py`` (the package's names) stands above everything and is left out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "rams"

#: The bottom, in order: each imports only those before it.
BOTTOM = ("rams.tomldata", "rams.words", "rams.errors", "rams.cards")
#: The layers above the core, bottom first, by module prefix (a package covers its modules).
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("fast", ("rams.fast",)),
    ("bots", ("rams.bots",)),
    (
        "tools",
        (
            "rams.adapters",
            "rams.sim",
            "rams.tournament",
            "rams.daily",
            "rams.analysis",
            "rams.ratings",
            "rams.stats",
            "rams.parallel",
            "rams.progress",
            "rams.files",
            "rams.lessons",
        ),
    ),
    (
        "front ends",
        (
            "rams.cli",
            "rams.simulate_cli",
            "rams.tournament_cli",
            "rams.learn_cli",
            "rams.ladder",
            "rams.terminal",
            "rams.web",
            "rams.games.rams.screen",
            "rams.games.plain.screen",
        ),
    ),
)
#: The imports that go up a layer on purpose, each with why. A family hands the terminal its
#: screen (``Family.screen()``); the screen draws with Rich, so it is imported only then.
UPWARD: dict[tuple[str, str], str] = {
    ("rams.games.rams.family", "rams.games.rams.screen"): "the family's terminal screen",
    ("rams.games.plain.family", "rams.games.plain.screen"): "the family's terminal screen",
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name."""
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _resolve(name: str) -> str | None:
    """The module of the package that a dotted name is, or is in (a package's name for an
    attribute of its ``__init__``)."""
    known = modules()
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def _imported(module: str, path: Path) -> Iterator[str]:
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                above = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{above}.{base}" if base else above
            # ``from rams.games import protocol`` imports the module rams.games.protocol;
            # ``from rams.games import family``, a name of the package rams.games.
            names = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules() else base
                for alias in node.names
            ]
        else:
            continue
        for name in names:
            if name == "rams" or name.startswith("rams."):
                found = _resolve(name)
                if found is not None and found != module:
                    yield found


@cache
def graph() -> dict[str, frozenset[str]]:
    """Each module's imports of other modules of the package."""
    return {module: frozenset(_imported(module, path)) for module, path in modules().items()}


def _edges(among: set[str]) -> dict[str, list[str]]:
    return {m: sorted(d for d in graph()[m] if d in among) for m in sorted(among)}


def cycles(among: set[str]) -> list[list[str]]:
    """The groups of modules (of ``among``) that import each other in a circle: the strongly
    connected components of more than one module."""
    edges = _edges(among)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in edges:
        if v not in index:
            visit(v)
    return sorted(groups)


def _circle(group: list[str], edges: dict[str, list[str]]) -> list[str]:
    """One circle of imports through a group's first module (breadth first: a short one)."""
    start, members = group[0], set(group)
    came: dict[str, str] = {}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in edges[v]:
            if w == start:
                path = [v]
                while path[-1] != start:
                    path.append(came[path[-1]])
                return [*reversed(path), start]
            if w in members and w not in came:
                came[w] = v
                queue.append(w)
    return group


#: A game's own bots beside its rules (``rams.games.whist.bots``, ``….search``; the plain
#: games' and Rams' ``bots``, which their families name; Rams' ``inference``, what its
#: ``hard`` reads from the others' choices, and its ``heuristic``, ``evaluator`` and
#: ``levels``): modules of the bots' layer.
GAME_BOTS = ("bots", "search", "inference", "heuristic", "evaluator", "levels")


def layer_of(module: str) -> int:
    """0 the bottom, 1 the core, 2… the layers of :data:`LAYERS`."""
    if module in BOTTOM:
        return 0
    parts = module.split(".")
    if len(parts) == 4 and parts[:2] == ["rams", "games"] and parts[3] in GAME_BOTS:
        return 2 + [name for name, _ in LAYERS].index("bots")
    found = 1
    longest = 0
    for i, (_, prefixes) in enumerate(LAYERS, start=2):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > longest:
                found, longest = i, len(prefix)
    return found


def _layer_name(i: int) -> str:
    return ("bottom", "core", *(name for name, _ in LAYERS))[i]


def test_the_graph_sees_every_kind_of_import() -> None:
    edges = graph()
    assert "rams.cards" in edges["rams.events"]  # at module level
    assert "rams.games.protocol" in edges["rams.games"]  # from a package, a module
    assert "rams.games.rams.screen" in edges["rams.games.rams.family"]  # inside a function
    assert len(modules()) > 100


def test_no_import_cycles() -> None:
    among = {m for m in modules() if m != "rams"}  # (the web server's parts too)
    groups = cycles(among)
    said = [
        f"{', '.join(group)}\n    e.g. {' → '.join(_circle(group, _edges(among)))}"
        for group in groups
    ]
    count = sum(map(len, groups))
    assert not groups, f"{len(groups)} groups of modules ({count}) import each other:\n" + (
        "\n".join(said)
    )


def test_the_bottom_imports_only_what_is_below_it() -> None:
    wrong = [
        f"{module} imports {other}"
        for i, module in enumerate(BOTTOM)
        for other in sorted(graph()[module])
        if other not in BOTTOM[:i]
    ]
    assert not wrong, "\n".join(wrong)


def test_no_module_imports_a_layer_above_its_own() -> None:
    wrong = [
        f"{module} ({_layer_name(layer_of(module))}) imports {other} "
        f"({_layer_name(layer_of(other))})"
        for module, imported in sorted(graph().items())
        if module != "rams"
        for other in sorted(imported)
        if layer_of(other) > layer_of(module) and (module, other) not in UPWARD
    ]
    assert not wrong, "\n".join(wrong)


def test_the_driver_is_given_its_bots() -> None:
    """``rams.table``, the one driver loop, speaks the protocol only: the bots it drives
    are handed to it."""
    assert not {m for m in graph()["rams.table"] if m.startswith("rams.bots")}
    assert layer_of("rams.table") == 1


def test_one_class_is_called_table() -> None:
    """The driver is the package's one ``Table``; the others are named for what they are."""
    tables = [
        module
        for module, path in modules().items()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef) and node.name == "Table"
    ]
    assert tables == ["rams.table"]


def test_every_family_has_its_match() -> None:
    """Each family's match class is a ``*Match`` (Rams' ``Game`` kept as a deprecated alias)."""
    import warnings

    import rams
    from rams import games
    from rams.games.rams import match

    names = {type(games.new_match(p, None)).__name__ for p in games.presets()}
    assert all(name.endswith("Match") for name in names), names
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert match.Game is match.RamsMatch
    assert [w.category for w in caught] == [DeprecationWarning]
    # The package's own names no longer include Rams' deal and match, but older programs
    # still find them there.
    assert "Game" not in rams.__all__ and "Deal" not in rams.__all__
    assert rams.Game is match.RamsMatch
    # Nor Rams' rules, actions and view: the package's names are every game's.
    from rams.games.rams import actions, rules, view

    rams_own = {"Rules", "Action", "Play", "Say", "Exchange", "Swap", "Observation", "Phase"}
    assert not rams_own & set(rams.__all__)
    assert (rams.Rules, rams.Play, rams.Observation) == (
        rules.Rules,
        actions.Play,
        view.Observation,
    )
