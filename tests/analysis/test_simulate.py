"""simulate(): reproducible whatever runs it, solo and multi-player, stored and resumed."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from saloon.analysis.arena import arena_from_db, run_arena
from saloon.analysis.db import ResultsDB
from saloon.analysis.simulate import game_seeds, run_summary, simulate
from saloon.core import Game, GameRecord, OptionError, SaloonError, UnknownName, get_game

SEATS = ["random", "random"]


def dump(summary: object) -> str:
    assert hasattr(summary, "to_dict")
    return json.dumps(summary.to_dict())


def test_game_seeds_are_the_spawned_children() -> None:
    children = np.random.SeedSequence(11).spawn(4)
    for i, child in enumerate(children):
        words = child.generate_state(3, dtype=np.uint64)
        assert game_seeds(11, i, 2) == (int(words[0] >> 1), [int(w >> 1) for w in words[1:]])
    assert game_seeds(11, 0, 2) != game_seeds(12, 0, 2)


def test_same_summary_with_one_or_two_workers_any_executor_and_the_db(tmp_path: Path) -> None:
    one = simulate("shootout", None, SEATS, 300, seed=5)
    two = simulate("shootout", None, SEATS, 300, seed=5, workers=2, chunk_size=40)
    with ThreadPoolExecutor(3) as pool:
        threads = simulate("shootout", None, SEATS, 300, seed=5, executor=pool, chunk_size=7)
    with ResultsDB(tmp_path / "r.sqlite") as db:
        stored = simulate("shootout", None, SEATS, 300, seed=5, workers=2, db=db)
        assert stored.run_id == "1" and db.run("1").status == "done"
        again = run_summary(db, db.run("1"))
    assert dump(one) == dump(two) == dump(threads) == dump(stored) == dump(again)
    assert dump(simulate("shootout", None, SEATS, 300, seed=6)) != dump(one)


def test_multi_player_summary() -> None:
    data = simulate("shootout", None, ["heuristic", "random"], 60, seed=1).to_dict()
    assert data["players"] == 2 and data["games"] == data["requested"] == 60
    assert "win_rate" not in data
    seats = data["per_seat"]
    assert [s["agent"] for s in seats] == ["heuristic", "random"]
    assert sum(s["wins"] for s in seats) + data["draws"] == 60
    for s in seats:
        lo, hi = s["win_rate_ci95"]
        assert 0 <= lo <= s["win_rate"] <= hi <= 1
        assert s["mean_score_ci95"][0] <= s["mean_score"] <= s["mean_score_ci95"][1]
        assert sum(s["score"]["histogram"]["counts"]) == 60
    assert seats[0]["win_rate"] > seats[1]["win_rate"]
    assert sum(data["categories"].values()) == 60
    assert data["length"]["min"] <= data["mean_length"] <= data["length"]["max"]


def test_solo_summary(solo_game: Game) -> None:
    summary = simulate(solo_game, None, ["random"], 400, seed=2)
    data = summary.to_dict()
    assert data["players"] == 1 and "per_seat" not in data
    wins = data["wins"]
    assert wins == data["categories"].get("won", 0)
    assert data["win_rate"] == wins / 400
    assert data["win_rate_ci95"][0] < data["win_rate"] < data["win_rate_ci95"][1]
    assert set(data["categories"]) <= {"won", "bust", "short"}
    assert sum(data["categories"].values()) == 400
    assert data["score"]["min"] == 0 and data["score"]["quantiles"]["p50"] >= 0
    assert data["mean_score_ci95"][0] < data["mean_score"] < data["mean_score_ci95"][1]
    assert dump(simulate(solo_game, None, ["random"], 400, seed=2, workers=2)) == dump(summary)


def test_interrupted_run_resumes_to_the_same_summary(tmp_path: Path) -> None:
    full = simulate("shootout", None, SEATS, 200, seed=9)
    db = ResultsDB(tmp_path / "r.sqlite")

    def stop_midway(done: int, total: int) -> None:
        if done >= 80:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(
            "shootout",
            None,
            SEATS,
            200,
            seed=9,
            db=db,
            run_id="half",
            progress=stop_midway,
            chunk_size=20,
        )
    run = db.run("half")
    assert run.status == "interrupted" and 0 < run.done < 200
    seen: list[int] = []
    resumed = simulate(
        "shootout",
        None,
        SEATS,
        200,
        seed=9,
        db=db,
        run_id="half",
        workers=2,
        progress=lambda d, t: seen.append(d),
    )
    assert seen[0] == run.done and seen[-1] == 200
    assert dump(resumed) == dump(full)
    assert db.run("half").status == "done" and db.count("half") == 200
    with pytest.raises(SaloonError, match="was made with seed 9"):
        simulate("shootout", None, SEATS, 200, seed=10, db=db, run_id="half")
    db.close()


def test_records_on_request_replay(tmp_path: Path) -> None:
    with ResultsDB(tmp_path / "r.sqlite") as db:
        simulate("shootout", None, SEATS, 5, seed=3, db=db, keep_records=True)
        rows = db.game_rows("1", records=True)
        assert [r.index for r in rows] == [0, 1, 2, 3, 4]
        for row in rows:
            assert row.record is not None
            record = GameRecord.loads(row.record)
            state = record.replay()
            assert state.is_over and len(record.moves) == row.length
            assert list(state.result().returns) == list(row.returns)
            assert record.seed == row.seed
        simulate("shootout", None, SEATS, 5, seed=3, db=db)
        assert all(r.record is None for r in db.game_rows("2", records=True))


def test_bad_simulations() -> None:
    with pytest.raises(SaloonError, match="at least 1"):
        simulate("shootout", None, SEATS, 0)
    with pytest.raises(SaloonError, match="takes 2 players, not 1 seats"):
        simulate("shootout", None, ["random"], 5)
    with pytest.raises(UnknownName, match="nobody"):
        simulate("shootout", None, ["random", "nobody"], 5)
    with pytest.raises(OptionError, match="iterations"):
        simulate("shootout", None, ["random", "mcts:iterations=x"], 5)


def test_dask_local_cluster_matches_the_process_pool() -> None:
    pytest.importorskip("distributed")
    from saloon.analysis.cluster import dask_executor

    pool = simulate("shootout", None, SEATS, 200, seed=4, workers=2)
    single = simulate("shootout", None, SEATS, 200, seed=4, workers=1)
    with dask_executor("local") as executor:
        cluster = simulate("shootout", None, SEATS, 200, seed=4, executor=executor, chunk_size=25)
    assert dump(cluster) == dump(pool) == dump(single)


def test_dask_needs_a_reachable_scheduler() -> None:
    pytest.importorskip("distributed")
    from saloon.analysis.cluster import dask_executor

    refused = pytest.raises(SaloonError, match="cannot reach the Dask scheduler")
    with refused, dask_executor("tcp://127.0.0.1:1", timeout=0.5):
        pass


def test_arena_games_are_stored_and_resumable(tmp_path: Path) -> None:
    specs = ["random", "heuristic", "mcts:iterations=4"]
    plain = run_arena("shootout", None, specs, 4, seed=2)
    with ResultsDB(tmp_path / "r.sqlite") as db:
        with ThreadPoolExecutor(2) as pool:
            stored = run_arena("shootout", None, specs, 4, seed=2, executor=pool, db=db)
        assert stored.to_dict() == plain.to_dict() and stored.run_id == "1"
        run = db.run("1")
        assert run.kind == "arena" and run.games == run.done == 12
        assert arena_from_db(db, "1").to_dict() == plain.to_dict()
        rows = db.game_rows("1")
        assert rows[1].seats == ("heuristic", "random")  # seats balanced
        # A resumed arena plays only what is missing.
        db.conn.execute("DELETE FROM games WHERE run_id = '1' AND idx >= 6")
        calls: list[int] = []
        again = run_arena(
            "shootout",
            None,
            specs,
            4,
            seed=2,
            db=db,
            run_id="1",
            progress=lambda d, t: calls.append(d),
        )
        assert calls == [7, 8, 9, 10, 11, 12] and again.to_dict() == plain.to_dict()
        with pytest.raises(SaloonError, match="other settings"):
            run_arena("shootout", None, specs, 5, seed=2, db=db, run_id="1")
    with pytest.raises(SaloonError, match="at least 1"):
        run_arena(get_game("shootout"), None, specs, 0)
