"""Shared pytest configuration: the sweep scale flag."""

from __future__ import annotations

import pytest


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
