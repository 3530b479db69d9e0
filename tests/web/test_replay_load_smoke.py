"""A small run of benchmarks/replay_load.py: it builds a finished game that replays, serves
it to replays and guests while tables play, and reports figures that make sense.

No timing is asserted (the benchmark's target is for the benchmark): only that every
figure is there and consistent.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

from rams.record import loads

ROOT = Path(__file__).resolve().parents[2]


def _benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "replay_load_benchmark", ROOT / "benchmarks" / "replay_load.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


def test_the_finished_game_has_exactly_the_deals_asked_and_replays() -> None:
    bench = _benchmark()
    finished = bench.finished_game(5, seed=7)
    assert finished.deals == 5
    game = loads(finished.text).replay()
    assert game.is_over and len(game.deals) == 5
    assert json.loads(finished.text)["meta"]["winner"] == game.winner


def test_a_small_run_reports_sane_figures(tmp_path: Path) -> None:
    bench = _benchmark()
    out, figures = tmp_path / "report.txt", tmp_path / "figures.json"
    argv = [
        *("--deals", "5", "--replays", "2", "--guests", "2", "--tables", "2"),
        *("--rounds", "2", "--warmup", "3", "--quiet", "2", "--hold", "1", "--gap", "0.2"),
        *("--bot-delay", "0.05", "--seed", "3"),
        *("--out", str(out), "--json", str(figures)),
    ]
    assert bench.main(argv) == 0
    result = json.loads(figures.read_text())

    assert result["finished"]["deals"] == 5
    replays = result["replays"]
    assert replays["requests"] == replays["ok"] == 4  # 2 rounds × 2 requests, all 200
    assert replays["same_body_each_round"] is True
    assert replays["bytes"] > 0 and replays["steps"] > 5  # the deals' starts and actions
    assert result["guests"]["sockets"] == 4
    assert 0 < result["guests"]["median_s"] <= result["guests"]["max_s"]
    assert len(result["served_s"]) == 2

    # The people played through the quiet stretch and the rounds, every action acknowledged.
    assert result["tables_created"] >= 2
    for key in ("quiet", "load"):
        q = result[key]
        assert q["n"] >= 1, key
        assert 0 < q["p50"] <= q["p95"] <= q["p99"] <= q["max"], (key, q)
    assert result["load"]["n"] >= result["serving"]["n"]
    assert result["actions_all"] >= result["quiet"]["n"] + result["load"]["n"]

    rss = result["rss_mib"]  # (the kernel updates the high-water mark lazily: no order)
    assert all(20 < rss[k] < 4096 for k in ("before", "after", "peak_sampled", "hwm")), rss
    assert rss["peak_sampled"] >= max(rss["before"], rss["after"]) - 5

    report = out.read_text()
    first = report.splitlines()[0]
    assert first.startswith("$ ") and "benchmarks/replay_load.py" in first and "--seed 3" in first
    assert "seed: 3" in report and "p99" in report and "server RSS MiB" in report
