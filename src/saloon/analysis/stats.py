"""Small statistics for game results: proportions and means with 95% intervals."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar


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
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return (lo, hi)


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


@dataclass(frozen=True)
class Proportion:
    """``count`` successes out of ``n``, with the 95% Wilson interval.

    >>> p = Proportion(60, 100)
    >>> p.rate, [round(x, 4) for x in p.ci95]
    (0.6, [0.502, 0.6906])
    """

    count: int
    n: int

    @property
    def rate(self) -> float:
        return self.count / self.n if self.n else math.nan

    @property
    def ci95(self) -> list[float]:
        lo, hi = wilson_interval(self.count, self.n)
        return [lo, hi]


@dataclass(frozen=True)
class Distribution:
    """A sample described: mean with its 95% t interval, spread, quantiles
    and a histogram (JSON-able through :meth:`to_dict`).

    Integer-valued samples spanning at most 60 values get one bin per value
    (edges at half-integers); others get 20 equal bins.

    >>> d = Distribution.of([1, 2, 2, 3])
    >>> d.mean, d.quantiles["p50"], d.histogram_counts
    (2.0, 2.0, [1, 2, 1])
    """

    n: int
    mean: float
    lo: float
    hi: float
    std: float
    min: float
    max: float
    quantiles: dict[str, float]
    histogram_edges: list[float]
    histogram_counts: list[int]

    #: The quantiles reported, by name.
    LEVELS: ClassVar[dict[str, float]] = {
        "p5": 0.05,
        "p25": 0.25,
        "p50": 0.5,
        "p75": 0.75,
        "p95": 0.95,
    }

    @classmethod
    def of(cls, values: Sequence[float]) -> Distribution:
        """Describe ``values`` (at least one)."""
        import numpy as np

        ci = mean_ci(values)
        xs = np.asarray(values, dtype=np.float64)
        qs = np.quantile(xs, list(cls.LEVELS.values()))
        lo_v, hi_v = float(xs.min()), float(xs.max())
        if bool(np.all(xs == np.round(xs))) and hi_v - lo_v <= 60:
            edges = np.arange(lo_v - 0.5, hi_v + 1.0, 1.0)
            counts, _ = np.histogram(xs, bins=edges)
        else:
            counts, edges = np.histogram(xs, bins=20)
        return cls(
            n=ci.n,
            mean=ci.mean,
            lo=ci.lo,
            hi=ci.hi,
            std=ci.std,
            min=lo_v,
            max=hi_v,
            quantiles={k: float(q) for k, q in zip(cls.LEVELS, qs, strict=True)},
            histogram_edges=[float(e) for e in edges],
            histogram_counts=[int(c) for c in counts],
        )

    @classmethod
    def of_counts(cls, counts: Mapping[float, int]) -> Distribution:
        """Describe a sample given as a histogram (each value to how often
        it occurs): the same figures :meth:`of` gives for the sample spelt
        out, in memory that does not grow with the sample.

        >>> Distribution.of_counts({3: 1, 1: 1, 2: 2}) == Distribution.of([1, 2, 2, 3])
        True
        """
        import numpy as np

        pairs = sorted((float(v), int(c)) for v, c in counts.items() if c)
        if not pairs or any(c < 0 for _, c in pairs):
            raise ValueError("a histogram of at least one value, with no negative counts")
        xs = np.array([v for v, _ in pairs])
        ws = np.array([c for _, c in pairs], dtype=np.int64)
        n = int(ws.sum())
        mean = float(np.dot(xs, ws) / n)
        if n == 1:
            lo, hi, std = -math.inf, math.inf, math.nan
        else:
            std = math.sqrt(float(np.dot((xs - mean) ** 2, ws)) / (n - 1))
            half = _quantile(0.95, n - 1) * std / math.sqrt(n)
            lo, hi = mean - half, mean + half
        ends = np.cumsum(ws)  # the sorted sample's value k is xs[searchsorted(ends, k, "right")]

        def at(k: int) -> float:
            return float(xs[int(np.searchsorted(ends, k, side="right"))])

        quantiles = {}
        for name, q in cls.LEVELS.items():
            h = (n - 1) * q
            k = math.floor(h)
            below = at(k)
            quantiles[name] = below + (h - k) * (at(min(k + 1, n - 1)) - below)
        lo_v, hi_v = float(xs[0]), float(xs[-1])
        if bool(np.all(xs == np.round(xs))) and hi_v - lo_v <= 60:
            edges = np.arange(lo_v - 0.5, hi_v + 1.0, 1.0)
        else:
            edges = np.histogram_bin_edges(xs, bins=20, range=(lo_v, hi_v))
        hist, _ = np.histogram(xs, bins=edges, weights=ws)
        return cls(
            n=n,
            mean=mean,
            lo=lo,
            hi=hi,
            std=std,
            min=lo_v,
            max=hi_v,
            quantiles=quantiles,
            histogram_edges=[float(e) for e in edges],
            histogram_counts=[int(c) for c in hist],
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "n": self.n,
            "mean": finite(self.mean),
            "ci95": [finite(self.lo), finite(self.hi)],
            "std": finite(self.std),
            "min": self.min,
            "max": self.max,
            "quantiles": dict(self.quantiles),
            "histogram": {"edges": self.histogram_edges, "counts": self.histogram_counts},
        }


def finite(x: float) -> float | None:
    """``x``, or ``None`` for an infinite or NaN value (which JSON cannot hold).

    >>> finite(1.5), finite(math.inf), finite(math.nan)
    (1.5, None, None)
    """
    return x if math.isfinite(x) else None
