"""The designer's sweep: the grid, exact and sampled cells, the same table
whatever runs it, resumption, crossings, and the batch engines' plumbing."""

from __future__ import annotations

import importlib
import json
import math
import sqlite3
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saloon.analysis.db import ResultsDB
from saloon.analysis.simulate import BATCH_BLOCK, run_summary, simulate
from saloon.analysis.stats import Distribution
from saloon.analysis.sweep import Axis, SweepResult, cells, crossings, sweep
from saloon.analysis.sweep_report import crossing_sentence, plot_sweep, sweep_html, sweep_rows
from saloon.core import Game, SaloonError, get_game
from saloon.core.tally import Tally

#: A Shoot Out small enough to solve in milliseconds (the OpenSpiel cross-check's).
TINY = ["cards=1,2", "target=2", "back=9", "black=1", "red=1"]
SEATS = ["random", "random"]


def table(result: SweepResult) -> str:
    data = result.to_dict()
    for cell in data["cells"]:
        cell.pop("run_id")
    return json.dumps(data)


# -- the grid ------------------------------------------------------------------------------


def test_axes_read_lists_and_ranges() -> None:
    assert Axis.parse("start=5..8").values == ("5", "6", "7", "8")
    assert Axis.parse("days=30..45:5").values == ("30", "35", "40", "45")
    assert Axis.parse("bonus=0,2..3,9").values == ("0", "2", "3", "9")
    assert Axis.parse("version=standard,easier").numbers is None
    assert Axis.parse("x=0.1..0.3:0.1").numbers == [0.1, 0.2, 0.3]
    for bad, match in [
        ("start", "not KEY=V1"),
        ("start=", "not KEY=V1"),
        ("start=1,,2", "empty value"),
        ("start=9..5", "is empty"),
        ("start=1..5:0", "positive"),
        ("start=a..b", "not a range"),
        ("start=1,1", "given twice"),
        ("start=1..5000", "at most"),
    ]:
        with pytest.raises(SaloonError, match=match):
            Axis.parse(bad)


def test_cells_are_every_combination_checked_before_any_work() -> None:
    game = get_game("shootout")
    grid = cells(game, TINY, [Axis.parse("start=5..6"), Axis.parse("bonus=0,3")])
    assert [c.label for c in grid] == [
        "start=5 bonus=0",
        "start=5 bonus=3",
        "start=6 bonus=0",
        "start=6 bonus=3",
    ]
    assert grid[3].options.start == 6 and grid[3].options.bonus == 3  # type: ignore[attr-defined]
    with pytest.raises(SaloonError, match="the cell start=10: start=10 must lie between"):
        cells(game, TINY, [Axis.parse("start=8..10")])
    with pytest.raises(SaloonError, match="both varied"):
        cells(game, ["start=7"], [Axis.parse("start=5..6")])
    with pytest.raises(SaloonError, match="varied twice"):
        cells(game, [], [Axis.parse("start=5..6"), Axis.parse("start=7")])
    with pytest.raises(SaloonError, match="at least one"):
        cells(game, [], [])
    with pytest.raises(SaloonError, match="cells; at most"):
        cells(game, [], [Axis.parse("bonus=0..40"), Axis.parse("black=0..40")])


# -- exact and sampled cells ---------------------------------------------------------------


def test_an_exact_sweep_is_the_solver_cell_by_cell(tmp_path: Path) -> None:
    game = get_game("shootout")
    axes = [Axis.parse("start=5..9")]
    with ResultsDB(tmp_path / "r.sqlite") as db:
        result = sweep(game, TINY, axes, exact=True, db=db)
        runs = {r.id: r for r in db.runs()}
    for cell, grid_cell in zip(result.cells, cells(game, TINY, axes), strict=True):
        solved = game.solve(grid_cell.options)
        assert solved is not None
        assert cell.win_rate == solved["first_player_win"] and cell.ci95 == (cell.win_rate,) * 2
        assert cell.engine == "exact" and cell.games == 0
    assert runs["1"].kind == "sweep" and runs["1"].status == "done"
    assert [runs[f"1.{k}"].kind for k in range(5)] == ["exact"] * 5
    rates = [c.win_rate for c in result.cells]
    assert rates[0] == 1.0 and rates[1] > rates[2]  # a pawn starting at the front wins at once
    with pytest.raises(SaloonError, match="no exact solver"):
        sweep("d6shooters", [], [Axis.parse("days=30,40")], exact=True)
    with pytest.raises(SaloonError, match="plays no games"):
        sweep(game, TINY, axes, ["random"] * 2, exact=True)


def test_a_sampled_sweep_is_the_same_whatever_runs_it(tmp_path: Path) -> None:
    axes = [Axis.parse("start=6..8"), Axis.parse("bonus=0,5")]
    one = sweep("shootout", TINY, axes, SEATS, 150, seed=3)
    two = sweep("shootout", TINY, axes, SEATS, 150, seed=3, workers=2)
    with ThreadPoolExecutor(3) as pool:
        threads = sweep("shootout", TINY, axes, SEATS, 150, seed=3, executor=pool)
    with ResultsDB(tmp_path / "r.sqlite") as db:
        stored = sweep("shootout", TINY, axes, SEATS, 150, seed=3, db=db, workers=2)
        cell = run_summary(db, db.run(f"{stored.sweep_id}.5"))
    assert table(one) == table(two) == table(threads) == table(stored)
    assert cell.games == 150 and cell.per_seat[0].wins.count == stored.cells[5].wins
    # Each cell is simulate() of its options with the sweep's seed (common random numbers).
    alone = simulate("shootout", cells(get_game("shootout"), TINY, axes)[4].options, SEATS, 150, 3)
    assert alone.per_seat[0].wins.count == one.cells[4].wins
    assert table(sweep("shootout", TINY, axes, SEATS, 150, seed=4)) != table(one)


def test_a_dask_cluster_gives_the_same_table() -> None:
    pytest.importorskip("distributed")
    from saloon.analysis.cluster import dask_executor

    axes = [Axis.parse("start=6..7")]
    local = sweep("shootout", TINY, axes, SEATS, 100, seed=2)
    with dask_executor("local") as executor:
        cluster = sweep("shootout", TINY, axes, SEATS, 100, seed=2, executor=executor)
        exact_cluster = sweep("shootout", TINY, axes, exact=True, executor=executor)
    assert table(cluster) == table(local)
    assert table(exact_cluster) == table(sweep("shootout", TINY, axes, exact=True))


def test_an_interrupted_sweep_resumes_to_the_same_table(tmp_path: Path) -> None:
    axes = [Axis.parse("start=5..9")]
    whole = sweep("shootout", TINY, axes, SEATS, 120, seed=6)
    db = ResultsDB(tmp_path / "r.sqlite")

    def stop(done: int, total: int) -> None:
        if done >= 300:  # in the middle of the third cell
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        sweep("shootout", TINY, axes, SEATS, 120, seed=6, db=db, run_id="s", progress=stop)
    assert db.run("s").status == "interrupted" and db.run("s.1").status == "done"
    assert db.run("s.2").status == "interrupted" and not db.has_run("s.3")
    kept = db.count("s.2")
    assert 0 < kept < 120
    seen: list[int] = []
    resumed = sweep(
        "shootout",
        TINY,
        axes,
        SEATS,
        120,
        seed=6,
        db=db,
        run_id="s",
        workers=2,
        progress=lambda d, t: seen.append(d),
    )
    assert seen[:3] == [120, 240, 240 + kept] and seen[-1] == 600
    assert table(resumed) == table(whole) and db.run("s").status == "done"
    with pytest.raises(SaloonError, match="was made with seed 6"):
        sweep("shootout", TINY, axes, SEATS, 120, seed=7, db=db, run_id="s")
    with pytest.raises(SaloonError, match="settings"):
        sweep("shootout", TINY, [Axis.parse("start=5..8")], SEATS, 120, seed=6, db=db, run_id="s")
    db.close()


def test_bad_sweeps() -> None:
    axes = [Axis.parse("start=6..7")]
    with pytest.raises(SaloonError, match="say who plays"):
        sweep("shootout", TINY, axes)
    with pytest.raises(SaloonError, match="engine is one of"):
        sweep("shootout", TINY, axes, SEATS, engine="warp")
    with pytest.raises(SaloonError, match="no batch engine"):
        sweep("shootout", TINY, axes, SEATS, 10, engine="batch")
    with pytest.raises(SaloonError, match="takes 2 players"):
        sweep("shootout", TINY, axes, ["random"], 10)


# -- where the win rate crosses a target ---------------------------------------------------


def test_the_crossing_of_an_exact_sweep_is_a_point() -> None:
    result = sweep("shootout", TINY, [Axis.parse("start=5..9")], exact=True)
    (cross,) = result.crossings(0.7)
    assert cross.between == ("6", "7") and 6 < cross.value < 7
    assert cross.lo == cross.hi == cross.value
    assert "crosses 70.0% at start = 6.47" in crossing_sentence(result, 0.7)
    assert "does not cross 50.00%" in crossing_sentence(result, 0.5)
    with pytest.raises(SaloonError, match="exactly one"):
        sweep("shootout", TINY, [Axis.parse("start=6..7"), Axis.parse("bonus=1")], exact=True)\
            .crossings(0.5)  # fmt: skip


def _interp(xs: list[float], ys: list[float], x: float) -> float:
    for k in range(len(xs) - 1):
        if xs[k] <= x <= xs[k + 1]:
            t = (x - xs[k]) / (xs[k + 1] - xs[k]) if xs[k + 1] > xs[k] else 0.0
            return ys[k] + t * (ys[k + 1] - ys[k])
    raise AssertionError(x)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.floats(0, 1), st.floats(0, 0.2, allow_subnormal=False), st.floats(0, 0.2)),
        min_size=2,
        max_size=8,
    ),
    st.floats(0.05, 0.95),
)
def test_crossings_lie_on_the_line_inside_their_band(
    points: list[tuple[float, float, float]], target: float
) -> None:
    xs = [float(k) for k in range(len(points))]
    rates = [r for r, _, _ in points]
    lows = [max(0.0, r - a) for r, a, _ in points]
    highs = [min(1.0, r + b) for r, _, b in points]
    found = crossings(xs, rates, lows, highs, target)
    sides = {math.copysign(1, r - target) for r in rates if r != target}
    if len(sides) == 2:
        assert found, "a line from one side of the target to the other crosses it"
    for c in found:
        assert abs(_interp(xs, rates, c.value) - target) < 1e-9
        lo = xs[0] if c.lo is None else c.lo
        hi = xs[-1] if c.hi is None else c.hi
        assert lo - 1e-9 <= c.value <= hi + 1e-9
        for k in range(21):  # the band holds the target all the way between the ends
            x = lo + (hi - lo) * k / 20
            assert _interp(xs, lows, x) - 1e-9 <= target <= _interp(xs, highs, x) + 1e-9
        for end, beyond in ((c.lo, -1e-6), (c.hi, 1e-6)):  # ... and not just past them
            if end is not None and xs[0] < end + beyond < xs[-1]:
                x = end + beyond
                outside = not (_interp(xs, lows, x) <= target <= _interp(xs, highs, x))
                assert outside


# -- the table, the plot and the page ------------------------------------------------------


def test_the_table_plot_and_page(tmp_path: Path) -> None:
    one = sweep("shootout", TINY, [Axis.parse("start=6..8")], SEATS, 60, seed=1)
    head, rows = sweep_rows(one)
    assert head[0] == "start" and "games" in head and "engine" in head
    assert [r[0] for r in rows] == ["6", "7", "8"] and rows[0][1] == "60"
    grid = sweep("shootout", TINY, [Axis.parse("start=6..7"), Axis.parse("bonus=0,2")], exact=True)
    words = sweep(
        "shootout", [*TINY, "start=8"], [Axis.parse("variant=standard,veteran")], SEATS, 20
    )  # a word varied: points with error bars
    for result in (one, grid, words):
        assert SweepResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result
        png = plot_sweep(result, 0.5 if result is one else None)
        assert png.startswith(b"\x89PNG")
    page = sweep_html(one, "saloon sweep shootout ...", 0.5, plot_sweep(one))
    assert page.count("data:image/png;base64,") == 1 and "<td>60</td>" in page
    assert "does not cross" in page or "crosses" in page
    assert json.loads(page.split('id="saloon-sweep">')[1].split("</script>")[0])["games"] == 60


# -- the batch engines' plumbing -----------------------------------------------------------


def test_a_batch_engine_run_summarizes_as_the_reference_does(
    solo_game: Game, tmp_path: Path
) -> None:
    """The stand-in engine replays the very games simulate plays, so its
    tallies must summarize to the reference's summary, stored or not, in
    blocks resumed or not."""
    reference = simulate(solo_game, None, ["random"], 500, seed=3).to_dict()
    batch = simulate(solo_game, None, ["random"], 500, seed=3, engine="batch").to_dict()
    assert batch.pop("engine") == "replay" and reference.pop("engine") == "reference"
    assert batch == reference
    assert simulate(solo_game, None, ["random"], 50, engine="auto").engine == "replay"
    with ResultsDB(tmp_path / "r.sqlite") as db:
        stored = simulate(solo_game, None, ["random"], 500, seed=3, engine="batch", db=db)
        again = run_summary(db, db.run(stored.run_id or ""))
        assert db.run(stored.run_id or "").done == 500 and db.count(stored.run_id or "") == 0
        with pytest.raises(SaloonError, match="played by the replay engine"):
            simulate(solo_game, None, ["random"], 500, 3, db=db, run_id=stored.run_id)
    assert again.to_dict() == stored.to_dict()
    with pytest.raises(SaloonError, match="keeps no game records"):
        simulate(solo_game, None, ["random"], 5, engine="batch", keep_records=True)


def test_a_batch_run_resumes_block_by_block(
    solo_game: Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(importlib.import_module("saloon.analysis.simulate"), "BATCH_BLOCK", 40)
    whole = simulate(solo_game, None, ["random"], 200, seed=8, engine="batch")
    db = ResultsDB(tmp_path / "r.sqlite")

    def stop(done: int, total: int) -> None:
        if done >= 80:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(solo_game, None, ["random"], 200, 8, engine="batch", db=db, run_id="b",
                 progress=stop)  # fmt: skip
    assert sorted(db.tallies("b")) == [0, 40] and db.run("b").status == "interrupted"
    resumed = simulate(solo_game, None, ["random"], 200, 8, engine="batch", db=db, run_id="b")
    assert resumed.to_dict() == whole.to_dict() and sorted(db.tallies("b")) == [0, 40, 80, 120, 160]
    db.close()
    assert BATCH_BLOCK >= 1000  # the real block (the test's is smaller)


def test_tallies_add_and_round_trip() -> None:
    a = Tally(1, (1,), ({"3": 1},), ({"1": 1},), {"9": 1}, {"won": 1})
    b = Tally(2, (0,), ({"0": 2},), ({"0": 2},), {"4": 2}, {"bust": 2})
    assert (a + b).to_dict() == (b + a).to_dict()
    assert Tally.from_dict(json.loads(json.dumps((a + b).to_dict()))) == a + b
    with pytest.raises(SaloonError, match="count each"):
        Tally(2, (1,), ({"3": 2},), ({"1": 2},), {"9": 1}, {"won": 2})
    with pytest.raises(SaloonError, match="damaged"):
        Tally.from_dict({"games": 1})


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.one_of(st.integers(-5, 70).map(float), st.floats(-100, 100, allow_subnormal=False)),
        min_size=1,
        max_size=60,
    )
)
def test_a_histogram_describes_as_its_sample(values: list[float]) -> None:
    spelt, counted = Distribution.of(values), Distribution.of_counts(Counter(values))
    assert (spelt.n, spelt.min, spelt.max) == (counted.n, counted.min, counted.max)
    assert spelt.histogram_counts == counted.histogram_counts
    for name in ("mean", "lo", "hi", "std"):
        x, y = getattr(spelt, name), getattr(counted, name)
        assert (math.isnan(x) and math.isnan(y)) or x == pytest.approx(y, rel=1e-9, abs=1e-9)
    for name, q in spelt.quantiles.items():
        assert counted.quantiles[name] == pytest.approx(q, rel=1e-9, abs=1e-9)


def test_a_schema_1_database_gains_the_tallies(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    with ResultsDB(path) as db:
        db.create_run("simulate", "shootout", {}, SEATS, 1, 10)
    with sqlite3.connect(path) as conn:  # back to how schema 1 left a file
        conn.execute("DROP TABLE tallies")
        conn.execute("PRAGMA user_version = 1")
    with ResultsDB(path) as db:
        assert db.run("1").done == 0 and db.tallies("1") == {}
        db.add_tally("1", 0, Tally(1, (1, 0), ({"1": 1},) * 2, ({"1": 1},) * 2, {"5": 1}, {"x": 1}))
        assert db.run("1").done == 1
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
