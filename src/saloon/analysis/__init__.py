"""Analysis: many games, with confidence intervals (arena, statistics)."""

from saloon.analysis.arena import ArenaResult, PairingResult, run_arena
from saloon.analysis.stats import MeanCI, mean_ci, wilson_interval

__all__ = ["ArenaResult", "MeanCI", "PairingResult", "mean_ci", "run_arena", "wilson_interval"]
