"""A small run of benchmarks/web_load.py: three tables played to the end over loopback
websockets, the client seats at a person's pace (a short one here), every figure there.

No latency bound is asserted (docs/measured.md quotes the long runs)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.web.helpers import run_benchmark


def test_a_small_load_plays_every_table_to_the_end(tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    run_benchmark("web_load.py", ["--tables", "3", "--concurrency", "3", "--start-score", "10",
                                  "--think", "0.01", "--seed", "7", "--json", str(out)],
                  tmp_path / "load.txt")  # fmt: skip
    result = json.loads(out.read_text())
    assert result["tables"] == 3 and result["think_s"] == 0.01 and result["workers"] == 1
    assert result["client_actions"] > 3 * 2  # (two client seats a table, a game each)
    latency = result["latency_ms"]
    assert 0 < latency["p50"] <= latency["p99"] <= latency["max"]
    assert result["server_rss_mib_peak"] >= result["server_rss_mib_idle"] > 0
    # The server's CPU per client action, from the OS: its total over the actions.
    cpu, actions = result["server_cpu_s"], result["client_actions"]
    assert cpu > 0 and abs(result["server_cpu_ms_per_action"] - cpu * 1000 / actions) < 0.05
    assert result["loadgen_cpu_s"] > 0 and result["worker_cpu_s"] >= 0
