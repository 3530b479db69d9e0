"""Small statistics for measured results: means and proportions with 95 % intervals.

>>> m = mean_ci([1.0, 2.0, 3.0, 4.0])
>>> round(m.mean, 2), round(m.low, 2), round(m.high, 2)
(2.5, 1.23, 3.77)
>>> w = wilson(30, 100)
>>> round(w.low, 3), round(w.high, 3)
(0.219, 0.396)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Interval", "mean_ci", "wilson"]

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Interval:
    """An estimate and its 95 % confidence interval."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def excludes_zero(self) -> bool:
        """True when the whole interval lies on one side of 0."""
        return self.low > 0 or self.high < 0

    def __str__(self) -> str:
        return f"{self.mean:+.3f} [{self.low:+.3f}, {self.high:+.3f}]"

    def as_json(self) -> dict[str, float | int | None]:
        """``{"mean", "low", "high", "n"}``; JSON has no infinities (the interval of a single
        sample) nor NaN (no sample): they become null."""

        def finite(x: float) -> float | None:
            return x if math.isfinite(x) else None

        return {
            "mean": finite(self.mean),
            "low": finite(self.low),
            "high": finite(self.high),
            "n": self.n,
        }


def mean_ci(values: Sequence[float]) -> Interval:
    """The mean and its normal-approximation 95 % interval (values are independent samples)."""
    n = len(values)
    if n == 0:
        return Interval(math.nan, math.nan, math.nan, 0)
    mean = statistics.fmean(values)
    if n == 1:
        return Interval(mean, -math.inf, math.inf, 1)
    half = Z95 * statistics.stdev(values) / math.sqrt(n)
    return Interval(mean, mean - half, mean + half, n)


def wilson(successes: float, n: int) -> Interval:
    """A proportion and its Wilson 95 % interval."""
    if n == 0:
        return Interval(math.nan, math.nan, math.nan, 0)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Interval(p, centre - half, centre + half, n)
