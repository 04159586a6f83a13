"""Tools for testing games: the conformance checks of the core contract."""

from saloon.testing.conformance import (
    ConformanceReport,
    check_game,
    chi_square_pvalue,
    resample_problem,
)

__all__ = ["ConformanceReport", "check_game", "chi_square_pvalue", "resample_problem"]
