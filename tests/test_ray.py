"""Runs on Ray (``--ray``, :mod:`rams.parallel`): tournaments, bot-only games and the
analysis give, as Ray tasks, exactly the figures of one process for the same seed; the
commands record the address; an address nobody answers at, and Ray not installed, are
said in one line; runs end without Ray's core aborting, also stopped early and on a loaded
machine (issue 24)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from rams.analysis import analyse
from rams.cli import main
from rams.games import family
from rams.sim import simulate
from rams.tournament import run_tournament_deals
from tests.test_analysis import BAD, _classic

ray = pytest.importorskip("ray")
#: One Ray at a time on the machine: every test that starts one runs on the same pytest
#: worker (``--dist loadgroup``; two Rays starting at once on two loaded cores were seen to
#: crash their drivers, and the pytest workers with them).
pytestmark = pytest.mark.xdist_group("ray")

ROOT = Path(__file__).resolve().parents[1]
QUIET = {"RAY_USAGE_STATS_ENABLED": "0", "RAY_DISABLE_IMPORT_WARNING": "1"}


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    """A Ray of two CPUs on this machine for the module, the one ``--ray`` then uses."""
    os.environ.update(QUIET)
    with warnings.catch_warnings():
        # (Ray's own start-up notices, not ours: raised as errors by the test settings)
        warnings.simplefilter("ignore", FutureWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        ray.init(num_cpus=2, include_dashboard=False, configure_logging=False, log_to_driver=False,
                 object_store_memory=100 * 2**20)  # fmt: skip
    yield ray
    ray.shutdown()


def test_a_tournament_on_ray_equals_one_process(local_ray: Any) -> None:
    rules = family("rams").rules("classic", 3)
    bots = ["heuristic", "random", "random"]
    alone = run_tournament_deals(rules, bots, deals=6, seed=11)
    advanced: list[int] = []
    on_ray = run_tournament_deals(
        rules, bots, deals=6, seed=11, progress=advanced.append, ray="auto"
    )
    assert on_ray.deals == alone.deals
    assert sum(advanced) == 6 and len(advanced) == 6  # (a chunk a deal: the bar moves)
    assert len({d.plays[0].points for d in alone.deals}) > 1  # (the deals differ)


def test_bot_only_games_on_ray_equal_one_process(local_ray: Any, tmp_path: Path) -> None:
    rules = family("rams").rules("duel", 2)
    bots = ["heuristic", "random"]
    alone = simulate(rules, bots, games=4, seed=5, records=tmp_path / "alone")
    on_ray = simulate(rules, bots, games=4, seed=5, records=tmp_path / "ray", ray="auto")
    assert on_ray == alone
    for path in sorted((tmp_path / "alone").iterdir()):
        assert (tmp_path / "ray" / path.name).read_text() == path.read_text()


def test_the_analysis_on_ray_equals_one_process(local_ray: Any) -> None:
    record = _classic(BAD)
    alone = analyse(record, 2, samples=4)
    done: list[int] = []
    on_ray = analyse(record, 2, samples=4, on_decision=lambda k, _: done.append(k), ray="auto")
    assert on_ray == alone
    assert any(r.loss > 0 for r in alone)
    assert done == list(range(1, len(done) + 1)) and len(done) >= len(alone)


def test_cli_tournament_on_ray_writes_the_same_figures(local_ray: Any, tmp_path: Path) -> None:
    common = ["tournament", "--preset", "classic", "--players", "3", "--deals", "4",
              "--bots", "heuristic,random,random", "--seed", "3"]  # fmt: skip
    assert main([*common, "--out", str(tmp_path / "alone")]) == 0
    assert main([*common, "--ray", "auto", "--out", str(tmp_path / "ray")]) == 0
    alone = json.loads((tmp_path / "alone" / "results.json").read_text(encoding="utf-8"))
    on_ray = json.loads((tmp_path / "ray" / "results.json").read_text(encoding="utf-8"))
    assert alone["parameters"].pop("ray") is None
    assert on_ray["parameters"].pop("ray") == "auto"
    assert on_ray == alone
    assert local_ray.is_initialized()  # (the caller's Ray: the command leaves it running)


def test_cli_analyse_json_on_ray(
    local_ray: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_classic(BAD).to_json()), encoding="utf-8")
    args = ["analyse", str(path), "--seat", "3", "--samples", "4", "--json"]
    assert main(args) == 0
    alone = capsys.readouterr().out
    assert main([*args, "--ray", "auto"]) == 0
    assert capsys.readouterr().out == alone


def test_without_ray_installed_the_extra_is_named(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # (import ray: ImportError)
    args = ["simulate", "--preset", "duel", "--players", "2", "--bots", "random,random",
            "--games", "2", "--ray", "auto"]  # fmt: skip
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "pip install 'rams[ray]'" in err and "Traceback" not in err


def test_an_address_nobody_answers_at_is_one_line(tmp_path: Path) -> None:
    """In a process of its own (this one's Ray is initialised, and would be used)."""
    command = [sys.executable, "-m", "rams.cli", "tournament", "--preset", "duel",
               "--players", "2", "--bots", "random,random", "--deals", "2",
               "--ray", "127.0.0.1:1", "--out", str(tmp_path / "out")]  # fmt: skip
    env = {**os.environ, **QUIET, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith("rams: --ray 127.0.0.1:1: cannot reach Ray (")
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1
    assert not (tmp_path / "out" / "results.json").exists()


def test_the_training_example_on_ray_learns_the_same_policy(local_ray: Any) -> None:
    """benchmarks/train_masked_policy.py with ``--ray`` (this module's Ray, by its address):
    the batches' deals and the evaluation as Ray tasks, every printed figure the same."""
    address = local_ray.get_runtime_context().gcs_address
    command = [sys.executable, str(ROOT / "benchmarks" / "train_masked_policy.py"),
               "--episodes", "48", "--batch", "12", "--evaluate", "30", "--seed", "3"]  # fmt: skip
    env = {**os.environ, **QUIET}
    printed = []
    for extra in ([], ["--ray", address]):
        done = subprocess.run([*command, *extra], capture_output=True, text=True, env=env,
                              timeout=300, cwd=ROOT)  # fmt: skip
        assert done.returncode == 0, done.stderr[-3000:]
        first, *lines = done.stdout.splitlines()
        assert first.startswith("$ python benchmarks/train_masked_policy.py --episodes 48 ")
        assert lines[-5].startswith("trained 48 deals of classic in ")
        assert lines[-5].endswith(("batch 12)", f"batch 12, on Ray {address})"))
        printed.append(lines[:-5] + lines[-4:])  # (all but the command and the time it took)
    assert printed[0] == printed[1]
    assert len(printed[0]) == 8 + 4 and printed[0][-1] in ("beats random: yes", "beats random: no")


def _ray_under_load() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "ray_under_load_benchmark", ROOT / "benchmarks" / "ray_under_load.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _driver(script: str, *args: str) -> None:
    """Run ``script`` as a Ray driver of its own (Ray's core aborting takes its process with
    it): it must print ``done``, exit 0, and say none of the crash words."""
    env = {**os.environ, **QUIET}
    done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True,
                          text=True, env=env, timeout=300, cwd=ROOT)  # fmt: skip
    assert _ray_under_load().crash_words(done.stderr) == [], done.stderr[-3000:]
    assert done.returncode == 0 and done.stdout == "done\n", done.stderr[-3000:]


#: Joins the module's Ray at argv[1] and runs ``run_in_order`` argv[2] times to the end and as many
#: times stopped after the first result. ``negate`` is pickled by value (``__main__``).
RUNS = """
import sys
from rams.parallel import release_ray, run_in_order
def negate(x):
    return -x
address, runs = sys.argv[1], int(sys.argv[2])
for _ in range(runs):
    assert list(run_in_order(negate, [1, 2, 3], 1, address)) == [-1, -2, -3]
    early = run_in_order(negate, list(range(20)), 1, address)
    assert next(early) == 0
    early.close()
release_ray()
print("done")
"""


def test_runs_end_without_ray_aborting(local_ray: Any) -> None:
    """Issue 24: cancelling the tasks after the last result (every one, finished or not)
    made Ray's core abort the driver ("Tried to complete task that was not pending"), in the
    first ten runs here (60 is ample); a run stopped early, likewise."""
    _driver(RUNS, local_ray.get_runtime_context().gcs_address, "60")


#: Stopped after the first of 30 slow chunks: each chunk that runs leaves a file.
STOPPED = """
import pathlib, sys, time
from rams.parallel import release_ray, run_in_order
folder = pathlib.Path(sys.argv[2])
def slow(x):
    time.sleep(0.5)
    (folder / str(x)).touch()
    return x
run = run_in_order(slow, list(range(30)), 1, sys.argv[1])
assert next(run) == 0
run.close()
release_ray()
print("done")
"""


def test_a_run_stopped_early_runs_no_more_chunks(local_ray: Any, tmp_path: Path) -> None:
    """Only the few chunks submitted ahead (two a CPU) run after the consumer stops; the
    others never start, and the cluster is idle soon after."""
    _driver(STOPPED, local_ray.get_runtime_context().gcs_address, str(tmp_path))
    cpus = local_ray.cluster_resources()["CPU"]
    deadline = time.monotonic() + 30
    while local_ray.available_resources().get("CPU", 0) < cpus:
        assert time.monotonic() < deadline, "the chunks submitted ahead still run"
        time.sleep(0.2)
    ran = {int(p.name) for p in tmp_path.iterdir()}
    assert 0 in ran and len(ran) <= 1 + 2 * 2 + 2, sorted(ran)


def test_tournaments_on_a_local_ray_end_well_on_a_loaded_machine(tmp_path: Path) -> None:
    """benchmarks/ray_under_load.py, two runs (it runs ten for the results file): each
    ``rams tournament --ray local`` exits 0 with its results and no crash words, while
    both cores are kept busy."""
    log = tmp_path / "printed.txt"
    with open(log, "w") as printed:
        done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "ray_under_load.py"),
                               "--runs", "2", "--deals", "4"], stdout=printed,
                              stderr=subprocess.STDOUT, timeout=400, cwd=ROOT,
                              env={**os.environ, **QUIET})  # fmt: skip
    text = log.read_text()
    assert done.returncode == 0, text[-3000:]
    assert text.count(", results.json written, crash words in stderr: none") == 2
    assert "verdict: 2 of 2 runs good (all:" in text
