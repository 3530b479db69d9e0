"""Fixtures of the web tests: a fresh database per test, SQLite or a real PostgreSQL."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.helpers import ARGS, CHROMIUM

pytest.importorskip("fastapi")

PG_URL = os.environ.get("RAMS_TEST_POSTGRES_URL")
HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A web test that fails is run once more (pytest-rerunfailures) before it counts as a
    failure: these tests run servers, sockets and browsers against the clock beside the
    rest of the suite on two cores, and a test kept waiting past its deadline once is not
    a fault of the product. A test that fails twice fails the run; every rerun is shown in
    the summary (``R``, and ``N rerun`` on its last line), so none hides."""
    if not config.pluginmanager.hasplugin("rerunfailures"):
        if os.environ.get("RAMS_REQUIRE_DEV"):  # (scripts/test: the dev extra installs it)
            raise pytest.UsageError("pytest-rerunfailures is missing; the dev extra installs it")
        return
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=2))


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'rams.sqlite3'}"


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh schema of the PostgreSQL at RAMS_TEST_POSTGRES_URL (skipped when unset)."""
    if not PG_URL:
        if os.environ.get("RAMS_REQUIRE_SERVICES"):
            pytest.fail("RAMS_TEST_POSTGRES_URL is not set (scripts/services starts PostgreSQL)")
        pytest.skip("RAMS_TEST_POSTGRES_URL is not set")
    import sqlalchemy as sa

    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(PG_URL)
    with admin.begin() as c:
        c.execute(sa.text(f"CREATE SCHEMA {schema}"))
    sep = "&" if "?" in PG_URL else "?"
    try:
        yield f"{PG_URL}{sep}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as c:
            c.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each store test runs on SQLite, and on PostgreSQL when RAMS_TEST_POSTGRES_URL is set."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'rams.sqlite3'}"
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for a module's browser tests (Debian's, through Playwright)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


REDIS_URL = os.environ.get("RAMS_TEST_REDIS_URL")


@pytest.fixture
def redis_url() -> str:
    """The Redis at RAMS_TEST_REDIS_URL (skipped when unset; scripts/services starts one)."""
    if not REDIS_URL:
        if os.environ.get("RAMS_REQUIRE_SERVICES"):
            pytest.fail("RAMS_TEST_REDIS_URL is not set (scripts/services starts Redis)")
        pytest.skip("RAMS_TEST_REDIS_URL is not set")
    return REDIS_URL
