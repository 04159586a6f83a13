"""The D6 arena's ``--gain`` (``benchmarks/dungeons_arena.py``): it measures
A's departures from the heuristic without touching the games."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from saloon.games.dungeons.options import DungeonsOptions

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def arena() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "dungeons_arena", ROOT / "benchmarks" / "dungeons_arena.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["dungeons_arena"] = module
    spec.loader.exec_module(module)
    return module


def test_the_gain_leaves_the_games_as_they_were(arena: ModuleType) -> None:
    options = DungeonsOptions()
    (seq,) = np.random.SeedSequence(4).spawn(1)
    plain = arena.play_one(options, 2, "heuristic:glory=16", "heuristic", 0, seq)
    (seq,) = np.random.SeedSequence(4).spawn(1)
    judged = arena.play_one(options, 2, "heuristic:glory=16", "heuristic", 0, seq, gain=2)
    assert (judged.score, judged.margins, judged.decisions) == (
        plain.score,
        plain.margins,
        plain.decisions,
    )
    assert plain.gains == [] and len(judged.gains) == 1
    assert judged.departures > 0  # a glory point worth a third as much moves some choices
    assert judged.settled == []  # the heuristic runs no sweeps


def test_departures_are_grouped_by_the_sweeps_the_search_ran(arena: ModuleType) -> None:
    nan = float("nan")
    tally = arena.Tally(
        settled=[(8, 0.25, 0.5), (8, 0.75, 0.5), (32, -0.5, 0.25), (8, 0.5, 0.8), (32, 0.0, nan)]
    )
    first, rule, eight, thirty_two = tally.by_sweeps()
    assert first.startswith("| sweeps | departures |") and rule.startswith("|---:")
    assert first.endswith("| the search's estimate |")
    assert eight.startswith("| 8 | 3 | +50.0% (") and eight.endswith("| +60.0% |")
    assert thirty_two.startswith("| 32 | 2 | -25.0% (") and thirty_two.endswith("| +25.0% |")
    alone = arena.Tally(settled=[(8, 0.25, nan)])
    assert alone.by_sweeps()[2].endswith("| - |")  # the search did not sweep B's choice


def test_a_paired_search_reports_its_own_estimate_of_each_departure(arena: ModuleType) -> None:
    (seq,) = np.random.SeedSequence(4).spawn(1)
    spec = "mcts:iterations=8,rollout=heuristic,top=2,paired=1,flat=1,confirm=4"
    # The first twenty of the searcher's decisions (a whole game takes a minute).
    tally = arena.play_one(DungeonsOptions(), 2, spec, "heuristic", 0, seq, gain=2, until=20)
    assert tally.decisions == 20 and tally.games == 0
    assert tally.departures == len(tally.settled) > 0
    # Four sweeps pick the better mean at any difference: the race proposes
    # many departures, and four fresh sweeps turn some of them down.
    assert tally.turned_down > 0
    for sweeps, adv, own in tally.settled:
        assert sweeps == 4  # eight iterations: four sweeps of two
        # Returns of 1, 0 (a tie) or -1 over four sweeps: a mean in quarters, that
        # is in eighths of a win share.
        assert -1.0 <= adv <= 1.0 and -1.0 <= own <= 1.0 and own * 8 == round(own * 8)


def test_the_search_estimate_is_in_win_shares(arena: ModuleType) -> None:
    from saloon.testing.tiny import Add, Stop

    nan = float("nan")
    # Three players: a win is worth 1 in returns, a loss -1/2; the difference 1.5 is one win share.
    sweeps = {Add(2): [-0.5, -0.5, nan], Stop(): [1.0, -0.5, 1.0]}
    assert arena.search_estimate(sweeps, Stop(), Add(2), 3) == pytest.approx(0.5)
    assert arena.search_estimate(sweeps, Add(2), Stop(), 3) == pytest.approx(-0.5)
    assert np.isnan(arena.search_estimate(sweeps, Add(1), Stop(), 3))
    assert np.isnan(arena.search_estimate({Add(2): [nan], Stop(): [1.0]}, Stop(), Add(2), 3))


def test_an_agent_that_never_departs_gains_exactly_nothing(arena: ModuleType) -> None:
    (seq,) = np.random.SeedSequence(5).spawn(1)
    same = arena.play_one(DungeonsOptions(), 3, "heuristic", "heuristic", 1, seq, gain=4)
    assert same.departures == 0 and same.gains == [0.0]


def test_the_gain_wants_a_deterministic_opponent(arena: ModuleType) -> None:
    with pytest.raises(SystemExit):
        arena.main(["--agents", "heuristic,random", "--gain", "4", "--games", "1"])


def test_a_negative_number_of_sweeps_is_refused_before_any_game(
    arena: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        arena.main(["--agents", "heuristic,heuristic", "--gain", "-3", "--games", "1"])
    assert "0 or more, not -3" in capsys.readouterr().err
