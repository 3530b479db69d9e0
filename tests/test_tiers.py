"""The fast tier (``scripts/test --fast``) touches every module of ``rams``: it runs every
module's doctests, which imports the module, and no module fails to import; the list of slow
tests (``tests/conftest.py``) names tests that exist and leaves out no doctest."""

from __future__ import annotations

import importlib
import re
import shlex
from pathlib import Path

import pytest

from tests.conftest import SLOW, is_slow

ROOT = Path(__file__).resolve().parents[1]


def rams_modules() -> list[str]:
    """Every module of the package, by its file (``rams.games.rams.deal``), but ``__main__``."""
    return sorted(
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for p in (ROOT / "rams").rglob("*.py")
        if p.name != "__main__.py"
    )


def test_every_module_of_rams_imports() -> None:
    modules = rams_modules()
    assert len(modules) > 100 and "rams.web.migrations.env" in modules
    failed = {}
    for name in modules:
        try:
            importlib.import_module(name)
        except Exception as e:  # (every module, then the list of those that failed)
            failed[name] = f"{type(e).__name__}: {e}"
    assert failed == {}


def test_the_fast_tier_runs_every_modules_doctests() -> None:
    # scripts/test --fast is the full command with -m "not slow": the doctests of the whole
    # package (--doctest-modules rams) stay in, and no doctest is marked slow.
    script = (ROOT / "scripts" / "test").read_text()
    assert 'tier=(-m "not slow")' in script
    command = shlex.split(script[script.index("exec ") :].replace("\\\n", " ").splitlines()[0])
    assert "--doctest-modules" in command and "rams" in command and '"${tier[@]}"' in script
    for name in rams_modules():
        path = name.replace(".", "/") + ".py"
        if not (ROOT / path).exists():
            path = name.replace(".", "/") + "/__init__.py"
        assert not is_slow(f"{path}::{name}"), name


@pytest.mark.parametrize("entry", sorted(SLOW))
def test_every_slow_entry_names_tests_that_exist(entry: str) -> None:
    where, _, test = entry.partition("::")
    files = sorted(ROOT.glob(where + "*")) if not test else [ROOT / where]
    assert files and all(f.is_file() for f in files), f"{entry}: no such file"
    if test:
        name = test.partition("::")[0]
        pattern = rf"^\s*(async def|def|class) {re.escape(name)}\b"
        assert re.search(pattern, files[0].read_text(), re.M), f"{entry}: no such test"


def test_slow_is_by_file_prefix_or_by_test() -> None:
    assert is_slow("tests/web/test_browser_plain.py::test_whist_in_the_browser[x]")
    assert is_slow("tests/test_dd.py::test_agrees_with_minimax_on_small_endings")
    assert not is_slow("tests/test_dd.py::test_bad_positions_raise")
    assert not is_slow("tests/test_dd.py::test_agrees_with_minimax_on_small_endings_too")
    assert is_slow("tests/test_sweep.py::test_random_play_keeps_invariants[classic-3]")
    assert not is_slow("tests/test_sweeps.py::test_x")
    assert not is_slow("rams/cards.py::rams.cards")
