"""Reports of stored runs: the table, the plots and the HTML, from the database."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from saloon.analysis.db import SCHEMA_VERSION, ResultsDB
from saloon.analysis.report import build_report, percent, running_rate
from saloon.analysis.simulate import simulate
from saloon.core import Game, SaloonError, get_game

PNG = b"\x89PNG\r\n\x1a\n"


def test_two_runs_render_with_the_database_numbers(tmp_path: Path, solo_game: Game) -> None:
    game = get_game("shootout")
    short = game.variants()["short-street"]
    with ResultsDB(tmp_path / "r.sqlite") as db:
        simulate(game, None, ["heuristic", "random"], 120, seed=1, db=db)
        simulate(game, short, ["heuristic", "random"], 150, seed=1, db=db)
        simulate(solo_game, None, ["random"], 200, seed=1, db=db)
        report = build_report(db, ["1", "2", "3"])
        html = report.write_html(tmp_path / "report.html").read_text(encoding="utf-8")
        pngs = report.write_pngs(tmp_path / "plots")
        # The numbers, straight from the games table.
        wins = {
            run: db.conn.execute(
                "SELECT COUNT(*), SUM(winners = '[0]') FROM games WHERE run_id = ?", (run,)
            ).fetchone()
            for run in ("1", "2", "3")
        }
    assert sorted(p.name for p in pngs) == ["convergence.png", "scores.png", "win_rates.png"]
    assert all(p.read_bytes().startswith(PNG) for p in pngs)
    images = re.findall(r'<img alt="(\w+)" src="data:image/png;base64,([A-Za-z0-9+/=]+)"', html)
    assert [name for name, _ in images] == ["scores", "win_rates", "convergence"]
    for run, (games, won) in wins.items():
        assert f"{games} of {games}" in html
        assert percent(won / games) in html, run
    embedded = json.loads(
        re.search(r'<script type="application/json" id="saloon-runs">(.*?)</script>', html, re.S)
        .group(1)  # type: ignore[union-attr]
        .replace("<\\/", "</")
    )
    assert [r["id"] for r in embedded] == ["1", "2", "3"]
    assert embedded[2]["summary"]["wins"] == wins["3"][1]
    assert embedded[0]["summary"]["per_seat"][0]["wins"] == wins["1"][1]
    table = dict(report.table)
    assert table["options"][0] == "default" and "target=5" in table["options"][1]
    assert table["seat 1"][:2] == ["heuristic", "heuristic"]


def test_running_rate_band_narrows() -> None:
    n, p, lo, hi = running_rate([1, 0] * 500, points=50)
    assert n[0] == 1 and n[-1] == 1000 and len(n) <= 50
    assert (lo <= p).all() and (p <= hi).all()
    assert hi[-1] - lo[-1] < hi[5] - lo[5]


def test_database_checks(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite"
    with ResultsDB(path) as db:
        assert db.runs() == []
        assert db.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        with pytest.raises(SaloonError, match="no run '7'"):
            db.run("7")
        run = db.create_run("simulate", "shootout", {}, ["random"], 0, 3, run_id="mine")
        with pytest.raises(SaloonError, match="already a run 'mine'"):
            db.create_run("simulate", "shootout", {}, ["random"], 0, 3, run_id="mine")
        assert db.create_run("simulate", "shootout", {}, ["random"], 0, 3).id == "2"
        assert [r.id for r in db.runs()] == [run.id, "2"]
        with pytest.raises(SaloonError, match="no finished games"):
            build_report(db, ["mine"])
    with ResultsDB(path) as again:  # reopening keeps everything
        assert len(again.runs()) == 2
    other = tmp_path / "other.sqlite"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE songs (x)")
    conn.commit()
    conn.close()
    with pytest.raises(SaloonError, match="not a Saloon results database"):
        ResultsDB(other)
    with pytest.raises(SaloonError, match="no such folder"):
        ResultsDB(tmp_path / "nowhere" / "r.sqlite")
