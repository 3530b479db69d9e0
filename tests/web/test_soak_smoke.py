"""A small run of benchmarks/soak.py: a few bot tables kept playing for half a minute,
sampled every few seconds, stopping by itself, with every figure there.

No timing or memory bound is asserted (the benchmark's verdict is for the hour's run).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.web.helpers import run_benchmark


def test_a_short_soak_samples_and_stops_by_itself(tmp_path: Path) -> None:
    out = tmp_path / "soak.json"
    log = tmp_path / "soak.txt"
    # (Its own --hard-timeout stops it first, with what it printed, on a machine that slows
    # it down that much.)
    run_benchmark("soak.py", ["--tables", "4", "--minutes", "0.4", "--every", "8", "--settle",
                              "0", "--seed", "7", "--hard-timeout", "200", "--out", str(out)],
                  log)  # fmt: skip
    result = json.loads(out.read_text())
    samples = result["samples"]
    assert len(samples) >= 2
    for s in samples:
        assert s["rss_mib"] > 0 and s["hwm_mib"] >= s["rss_mib"]
    assert sum(s["actions"] for s in samples) > 0
    assert any(s["p99_ms"] is not None and s["p99_ms"] > 0 for s in samples)
    assert "rss_mib_slope_per_hour" in result["verdict"]
    assert "verdict: memory" in log.read_text()
    assert "did not stop" not in log.read_text(), log.read_text()[-3000:]
    # The printed lines alone give the same verdict (a run whose end was lost: --from-log).
    again = tmp_path / "again.json"
    run_benchmark("soak.py", ["--settle", "0", "--from-log", str(log), "--out", str(again)],
                  tmp_path / "again.txt", timeout=60)  # fmt: skip
    rebuilt = json.loads(again.read_text())["verdict"]
    kept = result["verdict"]
    assert len(json.loads(again.read_text())["samples"]) == len(samples)
    for key in ("rss_mib_min", "rss_mib_max", "p99_ms_min", "p99_ms_max", "errors", "tables_done"):
        assert rebuilt[key] == pytest.approx(kept[key], abs=0.051), key  # (printed to 0.1)
