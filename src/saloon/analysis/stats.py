"""Small statistics for game results: proportions and means with 95% intervals."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n``.

    ``z`` = 1.96 gives 95%. A draw may count half a success. With ``n`` = 0
    nothing is known: ``(0, 1)``.

    >>> lo, hi = wilson_interval(60, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.502, 0.6906)
    >>> wilson_interval(0, 10)[0], wilson_interval(10, 10)[1]
    (0.0, 1.0)
    """
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, got {successes} of {n}")
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class MeanCI:
    """A sample mean with its confidence interval."""

    mean: float
    lo: float
    hi: float
    n: int
    std: float

    def __str__(self) -> str:
        return f"{self.mean:.4g} [{self.lo:.4g}, {self.hi:.4g}]"


def mean_ci(values: Iterable[float], confidence: float = 0.95) -> MeanCI:
    """The mean of ``values`` with a Student-t confidence interval.

    Uses SciPy's t quantile when SciPy is installed, else the normal one
    (slightly narrow below 30 values). One value gives an infinite interval.

    >>> str(mean_ci([1.0, 2.0, 3.0, 4.0]))
    '2.5 [0.4457, 4.554]'
    >>> mean_ci([5.0, 5.0]).hi
    5.0
    """
    xs = [float(v) for v in values]
    n = len(xs)
    if n == 0:
        raise ValueError("the mean of no values")
    mean = math.fsum(xs) / n
    if n == 1:
        return MeanCI(mean, -math.inf, math.inf, 1, math.nan)
    std = math.sqrt(math.fsum((x - mean) ** 2 for x in xs) / (n - 1))
    half = _quantile(confidence, n - 1) * std / math.sqrt(n)
    return MeanCI(mean, mean - half, mean + half, n, std)


def _quantile(confidence: float, df: int) -> float:
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must lie between 0 and 1, not {confidence}")
    q = 0.5 + confidence / 2
    try:
        from scipy.stats import t
    except ImportError:  # pragma: no cover - SciPy is in the analysis extra
        from statistics import NormalDist

        return NormalDist().inv_cdf(q)
    return float(t.ppf(q, df))
