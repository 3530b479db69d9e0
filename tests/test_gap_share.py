"""benchmarks/gap_share.py: the share of a gap a bot closes and its interval from a
tournament's paired intervals, worked by hand."""

from __future__ import annotations

import math
from typing import Any

import pytest

from benchmarks.gap_share import Z95, difference, share, share_apart


def _pair(first: str, second: str, mean: float, var: float, n: int = 100) -> dict[str, Any]:
    half = Z95 * math.sqrt(var)
    interval = {"mean": mean, "low": mean - half, "high": mean + half, "n": n}
    return {"first": first, "second": second, "difference": interval}


# hard − heuristic 1.0 (variance of the mean 0.04), allseeing − heuristic 2.0 (0.09),
# hard − allseeing −1.0 (0.05): cov = (0.04 + 0.09 − 0.05) / 2 = 0.04. Given here with
# heuristic first in one pair, so the sign must be turned.
RUN = {"pairs": [_pair("hard", "heuristic", 1.0, 0.04),
                 _pair("heuristic", "allseeing", -2.0, 0.09),
                 _pair("hard", "allseeing", -1.0, 0.05)]}  # fmt: skip


def test_a_difference_is_read_either_way_round() -> None:
    d = difference(RUN, "allseeing", "heuristic")
    assert d.mean == 2.0 and d.var == pytest.approx(0.09) and d.n == 100
    with pytest.raises(KeyError):
        difference(RUN, "hard", "random")


def test_the_share_and_its_delta_method_interval() -> None:
    """r = 1 / 2; se² = (0.04 − 2 · 0.5 · 0.04 + 0.25 · 0.09) / 2² = 0.005625, se 0.075:
    0.5 ± 1.96 · 0.075 = [0.353, 0.647]."""
    found = share([RUN], "hard", "heuristic", "allseeing")
    assert found.share == pytest.approx(0.5)
    assert found.low == pytest.approx(0.5 - Z95 * 0.075)
    assert found.high == pytest.approx(0.5 + Z95 * 0.075)


def test_two_runs_pool_by_deals() -> None:
    """Two runs alike, 100 deals each: the same share, each variance a half (weights 1/2:
    2 · 1/4 · v), so the interval narrows by √2."""
    found = share([RUN, RUN], "hard", "heuristic", "allseeing")
    assert found.share == pytest.approx(0.5) and found.gained.n == 200
    assert found.high - found.share == pytest.approx(Z95 * 0.075 / math.sqrt(2))


def test_two_runs_apart_the_duel() -> None:
    """hard − heuristic 0.5 (variance 0.01) in one run, hard − allseeing −0.3 (0.0025) in
    another: the gap 0.8 (0.0125), r = 0.625; se² = (0.01 − 2 · 0.625 · 0.01 + 0.390625 ·
    0.0125) / 0.8² = (0.01 − 0.0125 + 0.0048828125) / 0.64 = 0.0023828125 / 0.64."""
    first = {"pairs": [_pair("hard", "heuristic", 0.5, 0.01)]}
    second = {"pairs": [_pair("hard", "allseeing", -0.3, 0.0025)]}
    found = share_apart(first, second, "hard", "heuristic", "allseeing")
    assert found.gap.mean == pytest.approx(0.8) and found.gap.var == pytest.approx(0.0125)
    assert found.share == pytest.approx(0.625)
    assert found.high - found.share == pytest.approx(Z95 * math.sqrt(0.0023828125 / 0.64))
