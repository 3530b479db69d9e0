"""Shared pytest configuration: the sweep scale flag, and ``pytest.importorskip`` strict
about the dev extra's packages when ``RAMS_REQUIRE_DEV`` is set (``scripts/test`` sets it)."""

from __future__ import annotations

import functools
import os
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Import names that are not their distribution's name (pyproject.toml names distributions).
_IMPORT_NAMES = {"pyspiel": "open_spiel", "xdist": "pytest_xdist"}


@functools.cache
def dev_packages() -> frozenset[str]:
    """The distributions the ``dev`` extra installs, as import names (``open_spiel``,
    ``psycopg``: lower case, extras and versions dropped, ``-`` as ``_``)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = (re.match(r"[A-Za-z0-9_.-]+", req) for req in project["optional-dependencies"]["dev"])
    return frozenset(m.group().lower().replace("-", "_") for m in names if m)


def installed_by_dev(modname: str) -> bool:
    """Whether ``modname`` (``playwright.sync_api``) belongs to a package of the dev extra."""
    top = modname.partition(".")[0]
    return _IMPORT_NAMES.get(top, top).lower() in dev_packages()


_importorskip = pytest.importorskip


def importorskip(modname: str, *args: Any, **kwargs: Any) -> Any:
    """``pytest.importorskip``, but with ``RAMS_REQUIRE_DEV`` set a package that the dev extra
    installs must import: the test fails instead of skipping, so that a broken install
    cannot pass as a row of skips. Without it (a smaller environment) it skips as before."""
    try:
        return _importorskip(modname, *args, **kwargs)
    except pytest.skip.Exception as skipped:
        if os.environ.get("RAMS_REQUIRE_DEV") and installed_by_dev(modname):
            pytest.fail(
                f"{skipped.msg}; the dev extra installs it and RAMS_REQUIRE_DEV is set "
                "(scripts/test), so this is a failure, not a skip",
                pytrace=False,
            )
        raise


# Test modules call pytest.importorskip at import, after this root conftest is loaded.
pytest.importorskip = importorskip


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--sweep-scale",
        type=int,
        default=1,
        help="multiply the random-play sweeps (100 for the long run: 100,000 deals per table)",
    )


@pytest.fixture
def sweep_scale(request: pytest.FixtureRequest) -> int:
    return int(request.config.getoption("--sweep-scale"))
