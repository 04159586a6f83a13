"""Analysis: many games, with confidence intervals (simulate, arena, results
database, reports, benchmarks). See ``docs/analysis.md``."""

from saloon.analysis.arena import ArenaResult, PairingResult, run_arena
from saloon.analysis.db import GameRow, ResultsDB, RunInfo
from saloon.analysis.gain import advantage, win_share
from saloon.analysis.simulate import SeatStats, Summary, simulate
from saloon.analysis.stats import Distribution, MeanCI, Proportion, mean_ci, wilson_interval

__all__ = [
    "ArenaResult",
    "Distribution",
    "GameRow",
    "MeanCI",
    "PairingResult",
    "Proportion",
    "ResultsDB",
    "RunInfo",
    "SeatStats",
    "Summary",
    "advantage",
    "mean_ci",
    "run_arena",
    "simulate",
    "wilson_interval",
    "win_share",
]
