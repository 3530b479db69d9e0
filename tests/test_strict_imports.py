"""``pytest.importorskip`` under ``scripts/test``: a package of the dev extra that does not
import fails the test (``RAMS_REQUIRE_DEV``, tests/conftest.py); any other missing package,
or any package without the variable, still skips."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tests.conftest import dev_packages, installed_by_dev

ROOT = Path(__file__).resolve().parents[1]


def test_a_dev_package_that_does_not_import_fails_with_require_dev(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("RAMS_REQUIRE_DEV", "1")
    monkeypatch.setitem(sys.modules, "atheris", None)  # (import atheris now fails)
    with pytest.raises(pytest.fail.Exception, match=r"could not import 'atheris'.*dev extra"):
        pytest.importorskip("atheris")
    with pytest.raises(pytest.fail.Exception, match=r"could not import 'numba\.no_such_part'"):
        pytest.importorskip("numba.no_such_part")


def test_a_dev_package_that_does_not_import_skips_without_require_dev(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("RAMS_REQUIRE_DEV", raising=False)
    monkeypatch.setitem(sys.modules, "atheris", None)
    with pytest.raises(pytest.skip.Exception, match=r"could not import 'atheris'"):
        pytest.importorskip("atheris")


def test_a_package_outside_the_dev_extra_skips_even_with_require_dev(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("RAMS_REQUIRE_DEV", "1")
    with pytest.raises(pytest.skip.Exception, match=r"could not import 'rams_no_such_package'"):
        pytest.importorskip("rams_no_such_package")


def test_a_dev_package_that_imports_is_returned(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAMS_REQUIRE_DEV", "1")
    assert pytest.importorskip("pytest") is pytest


def test_every_importorskip_of_the_tests_names_a_dev_package() -> None:
    """So that none of them can skip quietly under scripts/test (an import name that is not
    its distribution's goes in tests/conftest.py's _IMPORT_NAMES)."""
    named = {
        m.group(1)
        for path in (ROOT / "tests").rglob("*.py")
        if path.name != Path(__file__).name  # (this file's made-up names)
        for m in re.finditer(r"importorskip\(\s*[\"']([\w.]+)[\"']", path.read_text())
    }
    assert {"numba", "fastapi", "playwright.sync_api", "ray"} <= named
    assert [name for name in sorted(named) if not installed_by_dev(name)] == []
    assert {"open_spiel", "psycopg", "axe_playwright_python", "uvicorn"} <= dev_packages()


def test_scripts_test_requires_the_dev_extra() -> None:
    script = (ROOT / "scripts" / "test").read_text()
    assert "scripts/setup dev" in script and "export RAMS_REQUIRE_DEV=1" in script
