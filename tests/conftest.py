"""Shared pytest configuration: the sweep scale flag, ``pytest.importorskip`` strict about
the dev extra's packages when ``RAMS_REQUIRE_DEV`` is set (``scripts/test`` sets it), and the
``slow`` marker put on the tests of :data:`SLOW` (``scripts/test --fast`` leaves them out)."""

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


#: The tests that the fast tier (``scripts/test --fast``: ``-m "not slow"``) leaves out, marked
#: ``slow`` here rather than in their files: by node id, a path (every test file whose path
#: starts so) or ``path::test`` (the test with all its parameters, or a class), and why. What
#: is left is the edit loop's tier: every module's doctests (they import every module of
#: ``rams``, ``tests/test_tiers.py`` checks it) and the unit tests; the full suite is CI's.
SLOW: dict[str, str] = {
    # Browsers, servers killed or restarted, loads, installs, Ray.
    "tests/web/test_browser": "Chromium",
    "tests/web/test_faults.py": "PostgreSQL and Redis restarted",
    "tests/web/test_cluster.py": "server processes killed and paused",
    "tests/web/test_cluster_routes.py": "server processes of a cluster, Chromium",
    "tests/web/test_lobby.py::test_every_process_lists_every_processes_tables": "two servers",
    "tests/web/test_crash.py": "a server killed",
    "tests/web/test_heavy.py": "slow guests, worker processes killed",
    "tests/web/test_leak.py": "many tables",
    "tests/web/test_attack_smoke.py": "a benchmark",
    "tests/web/test_replay_load_smoke.py": "a benchmark",
    "tests/web/test_soak_smoke.py": "a benchmark",
    "tests/web/test_web_load_smoke.py": "a benchmark",
    "tests/web/test_reconnect.py::test_a_bot_stands_in_after_the_grace_period_and_hands_back": "waits",  # noqa: E501
    "tests/web/test_analysis_web.py::test_an_analysis_runs_in_the_background_and_is_stored": "search",  # noqa: E501
    "tests/test_install.py": "fresh virtual environments",
    "tests/test_ray.py": "a Ray cluster",
    "tests/test_cli_errors.py::test_serve_refuses_bad_options_in_one_line": "20 processes",
    "tests/test_cli_errors.py::test_other_bad_setups_in_one_line": "processes",
    # Long sweeps, searches and whole games by the searching bots.
    "tests/test_fast_equivalence.py::test_fast_core_matches_the_reference_engine": "sweep",
    "tests/test_sweep.py": "sweep",
    "tests/test_protocol.py": "the protocol suite, every family",
    "tests/adapters/test_openspiel.py": "OpenSpiel's checks, every table",
    "tests/test_fast_plain.py::test_fast_plain_deals_play_as_the_reference": "sweep",
    "tests/test_perft.py::test_perft_play_phase_matches_naive_generator_and_pin": "perft",
    "tests/test_maxn.py::test_ramsch_endings_match_a_brute_force_max_n_f4_f5_f6": "brute force",
    "tests/test_maxn.py::test_trump_deal_endings_match_a_brute_force_max_n_t4_t5": "brute force",
    "tests/test_strong_bots.py::test_every_level_plays_legally": "whole games, every level",
    "tests/test_simulate.py::test_every_decision_before_play_is_simulated_in_whole_deals_e4_e5_v2": "whole deals",  # noqa: E501
    "tests/test_bots.py::test_heuristic_beats_random_with_an_interval_excluding_zero": "games",
    "tests/plain/test_contracts.py::test_a_decision_before_play_never_depends_on_hidden_cards": "search",  # noqa: E501
    "tests/plain/test_sweep.py": "sweep",
    "tests/plain/test_perft.py": "perft of whole deals",
    "tests/test_dd.py::test_agrees_with_minimax_on_small_endings": "minimax oracle",
    "tests/test_dd.py::test_best_moves_agree_with_minimax": "minimax oracle",
    "tests/test_dd.py::test_shared_tables_agree_with_minimax": "minimax oracle",
    "tests/test_dd_dds.py::test_trick_counts_agree_with_dds_on_full_deals": "full deals",
    "tests/adapters/test_leak.py::test_twin_deals_look_the_same_to_the_seat_that_cannot_see_the_difference": "sweep",  # noqa: E501
    "tests/plain/test_search.py::test_a_small_ladder_hard_above_heuristic_above_random_in_ramsch": "a tournament",  # noqa: E501
    "tests/plain/test_search.py::test_hard_and_allseeing_play_whole_deals_legally": "whole deals",
    "tests/plain/test_contracts.py::test_hard_decides_before_play_in_whole_deals_without_seeing_hidden_cards": "whole deals",  # noqa: E501
    "tests/plain/test_terminal.py::test_a_person_plays_with_bots_in_the_terminal": "processes",
    "tests/test_fuzz.py": "fuzzing",
    "tests/web/test_ws_fuzz.py": "fuzzing",
    # Daily deals (issue 31): whole deals played through a server restarted, and in processes.
    "tests/web/test_daily_web.py::test_one_try_a_deal_stored_through_a_restart_and_seeds_after_the_day": "a server restarted",  # noqa: E501
    "tests/test_terminal_daily.py": "processes",
    # Issue 29: the compact tensor along random play of every table; the short commands and
    # the training example in processes of their own.
    "tests/adapters/test_compact.py::test_the_compact_tensor_decodes_back_and_tells_every_view_apart": "sweep",  # noqa: E501
    "tests/test_cli_start.py::test_a_short_command_imports_nothing_heavy": "processes",
    "tests/adapters/test_vector.py::test_the_training_example_trains_on_the_batch": "a process",
}


def is_slow(nodeid: str) -> bool:
    """Whether :data:`SLOW` names the test of ``nodeid`` (``tests/x.py::test_y[p]``)."""
    path, _, name = nodeid.partition("::")
    name = name.partition("[")[0]
    for entry in SLOW:
        where, _, test = entry.partition("::")
        if not test and path.startswith(where):
            return True
        if test and path == where and (name == test or name.startswith(test + "::")):
            return True
    return False


@pytest.hookimpl(tryfirst=True)  # (before -m deselects by the markers)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if is_slow(item.nodeid):
            item.add_marker(pytest.mark.slow)
