"""Fuzzing what comes from outside (issue 16's hardening): record loading and replay
(§12), rule validation (§9.1), whatever the input — a refusal in words
(:class:`~rams.errors.RamsError`) or a result, never a crash. CI runs a short run; the long
run is ``benchmarks/fuzz.py``; ``--sweep-scale`` plays more here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzzing import build_rules, load_and_replay, mutate, options, records


@pytest.fixture
def examples(sweep_scale: int) -> int:
    return 150 * sweep_scale


def test_every_preset_has_a_record_to_mutate_and_it_replays() -> None:
    texts = records()
    assert len(texts) >= 12
    for text in texts:
        load_and_replay(text)


def test_a_mutated_record_is_replayed_or_refused_in_words(examples: int) -> None:
    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
    @given(st.data())
    def run(data: st.DataObject) -> None:
        text = data.draw(st.sampled_from(records()))
        load_and_replay(mutate(data, text))

    run()


def test_house_rules_of_any_name_and_value_are_built_or_refused_in_words(examples: int) -> None:
    @settings(max_examples=examples, deadline=None, database=None)
    @given(st.data())
    def run(data: st.DataObject) -> None:
        build_rules(*options(data))

    run()


def test_a_short_coverage_guided_run_finds_no_crash(tmp_path: Path) -> None:
    """benchmarks/fuzz_atheris.py (libFuzzer, steered by the lines of ``rams`` each input
    reaches) on records, house rules and websocket messages: a short run, no crash; its
    long run is in docs/measured.md."""
    pytest.importorskip("atheris")
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "fuzz_atheris.py"
    done = subprocess.run([sys.executable, str(script), "--", "-runs=2000", "-seed=1"],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Done 2000 runs" in done.stderr and "Uncaught Python exception" not in done.stderr
    assert not list(tmp_path.glob("crash-*"))
