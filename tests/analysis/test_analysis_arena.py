"""The arena (reproducible whatever the parallelism) and the statistics."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from scipy import stats

from saloon.analysis import mean_ci, run_arena, wilson_interval
from saloon.analysis.arena import PairingResult, bradley_terry
from saloon.core import OptionError, SaloonError, UnknownName, get_game

SPECS = ["random", "mcts:iterations=8", "expectimax:depth=1,rollouts=2"]


def test_same_result_with_one_or_two_workers() -> None:
    calls: list[tuple[int, int]] = []
    one = run_arena("shootout", None, SPECS, 6, seed=3, workers=1)
    two = run_arena(
        "shootout", None, SPECS, 6, seed=3, workers=2, progress=lambda d, t: calls.append((d, t))
    )
    assert one.to_dict() == two.to_dict()
    assert calls[-1] == (18, 18) and len(calls) == 18
    other = run_arena("shootout", None, SPECS, 6, seed=4, workers=1)
    assert other.to_dict() != one.to_dict()


def test_pairings_seats_and_json() -> None:
    result = run_arena(get_game("shootout"), None, SPECS, 5, seed=0)
    assert [(p.a, p.b) for p in result.pairings] == [
        (SPECS[0], SPECS[1]),
        (SPECS[0], SPECS[2]),
        (SPECS[1], SPECS[2]),
    ]
    for p in result.pairings:
        assert p.games == 5 and p.wins_a + p.wins_b + p.draws == 5
        lo, hi = p.interval
        assert 0 <= lo <= p.win_rate <= hi <= 1
    flipped = result.pairing(SPECS[1], SPECS[0])
    assert flipped.wins_a == result.pairings[0].wins_b
    data = json.loads(json.dumps(result.to_dict()))
    assert data["pairings"][0]["games"] == 5 and set(data["ratings"]) == set(SPECS)
    assert sum(result.ratings.values()) / 3 == pytest.approx(1500)
    text = result.to_markdown()
    assert "| A | B | games |" in text and "mcts:iterations=8" in text


def test_searchers_rate_above_random() -> None:
    result = run_arena("shootout", None, SPECS, 12, seed=1)
    assert result.ratings["random"] < result.ratings["mcts:iterations=8"]
    assert result.ratings["random"] < result.ratings["expectimax:depth=1,rollouts=2"]
    assert result.pairing("mcts:iterations=8", "random").win_rate > 0.5


def test_duplicate_specs_get_distinct_labels() -> None:
    result = run_arena("shootout", None, ["random", "random"], 2)
    assert result.agents == ["random", "random#2"]


def test_bad_arena_requests() -> None:
    with pytest.raises(UnknownName, match="no agent called 'nobody'"):
        run_arena("shootout", None, ["random", "nobody"], 2)
    with pytest.raises(OptionError, match="depth"):
        run_arena("shootout", None, ["random", "expectimax:depth=zero"], 2)
    with pytest.raises(SaloonError, match="at least two agents"):
        run_arena("shootout", None, ["random"], 2)
    with pytest.raises(SaloonError, match="at least 1"):
        run_arena("shootout", None, ["random", "mcts"], 0)


def test_bradley_terry_recovers_odds() -> None:
    # 3 beats 2 beats 1, each with odds 2:1, so each step is 400*log10(2) Elo.
    pairings = [
        PairingResult("x", "y", 300, 200, 100, 0, 1.0),
        PairingResult("y", "z", 300, 200, 100, 0, 1.0),
        PairingResult("x", "z", 500, 400, 100, 0, 1.0),
    ]
    r = bradley_terry(["x", "y", "z"], pairings, prior=0.0)
    assert r["x"] > r["y"] > r["z"]
    assert (r["x"] + r["y"] + r["z"]) / 3 == pytest.approx(1500)
    assert r["x"] - r["y"] == pytest.approx(400 * math.log10(2), abs=1.0)
    unbeaten = bradley_terry(["a", "b"], [PairingResult("a", "b", 10, 10, 0, 0, 1.0)])
    assert math.isfinite(unbeaten["a"]) and unbeaten["a"] > unbeaten["b"]


def test_wilson_interval() -> None:
    lo, hi = wilson_interval(45, 50)
    assert lo == pytest.approx(0.7864, abs=1e-4) and hi == pytest.approx(0.9565, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, 20)[0] == 0.0 and wilson_interval(20, 20)[1] == 1.0
    narrow, wide = wilson_interval(50, 100), wilson_interval(50, 100, z=2.58)
    assert wide[0] < narrow[0] < 0.5 < narrow[1] < wide[1]
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_wilson_interval_covers() -> None:
    # Coverage near 95% at p = 0.3, n = 40 over many simulated samples.
    rng = np.random.default_rng(0)
    hits = rng.binomial(40, 0.3, size=4000)
    covered = np.mean([lo <= 0.3 <= hi for lo, hi in (wilson_interval(h, 40) for h in hits)])
    assert 0.92 <= covered <= 0.98


def test_mean_ci_matches_the_t_interval() -> None:
    xs = [3.1, 2.7, 3.9, 4.4, 2.2, 3.3, 3.0]
    ci = mean_ci(xs)
    lo, hi = stats.t.interval(0.95, len(xs) - 1, loc=np.mean(xs), scale=stats.sem(xs))
    assert ci.mean == pytest.approx(np.mean(xs))
    assert (ci.lo, ci.hi) == (pytest.approx(lo), pytest.approx(hi))
    assert ci.n == 7
    assert mean_ci([2.0]).lo == -math.inf
    with pytest.raises(ValueError):
        mean_ci([])
