"""The analysis lab from the command line: simulate, arena, runs, report, bench."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

Run = Callable[..., subprocess.CompletedProcess[str]]


def one_json(done: subprocess.CompletedProcess[str]) -> Any:
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1, done.stdout
    return json.loads(lines[0])


def error_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    return lines[0]


def strip(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in ("run_id", "db")}


def test_simulate_runs_and_report(saloon: Run, tmp_path: Path) -> None:
    first = one_json(saloon("simulate", "shootout", "--agent", "random", "-n", "150", "--json"))
    assert first["run_id"] == "1" and first["games"] == 150 and first["db"].endswith(".sqlite")
    assert first["per_seat"][0]["agent"] == "random" and "categories" in first
    two = one_json(
        saloon(
            "simulate",
            "shootout",
            "--seat",
            "heuristic",
            "--seat",
            "random",
            "-n",
            "150",
            "-o",
            "variant=veteran",
            "--workers",
            "2",
            "--json",
        )
    )
    assert two["run_id"] == "2" and two["options"]["variant"] == "veteran"
    again = one_json(
        saloon("simulate", "shootout", "-n", "150", "--workers", "2", "--json", "--no-db")
    )
    assert again["run_id"] is None and strip(again) == strip(first)
    text = saloon("simulate", "shootout", "-n", "40", "--no-progress")
    assert text.returncode == 0, text.stderr
    assert "win rate [95% CI]" in text.stdout and "how the games ended" in text.stdout
    assert "stored as run 3" in text.stdout
    runs = one_json(saloon("runs", "--json"))
    assert [(r["id"], r["done"], r["status"]) for r in runs["runs"]] == [
        ("1", 150, "done"),
        ("2", 150, "done"),
        ("3", 40, "done"),
    ]
    listing = saloon("runs")
    assert listing.returncode == 0 and "simulate" in listing.stdout
    done = saloon("report", "1", "2", "--html", "report.html", "--out", "plots")
    assert done.returncode == 0, done.stderr
    assert "win rate (seat 1)" in done.stdout and "variant=veteran" in done.stdout
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert html.count('src="data:image/png;base64,') == 3
    assert sorted(p.name for p in (tmp_path / "plots").iterdir()) == [
        "convergence.png",
        "scores.png",
        "win_rates.png",
    ]
    assert "error: no run '9'" in error_line(saloon("report", "9"))


def test_killed_run_resumes_to_the_uninterrupted_summary(tmp_path: Path) -> None:
    command = [str(Path(sys.executable).with_name("saloon"))]
    if not Path(command[0]).exists():
        command = [sys.executable, "-m", "saloon.cli.main"]
    env = {**os.environ, "SALOON_DB": str(tmp_path / "lab.sqlite"), "NO_COLOR": "1"}
    args = [
        "simulate",
        "shootout",
        "--agent",
        "random",
        "-n",
        "5000",
        "--seed",
        "8",
        "--chunk-size",
        "50",
        "--json",
    ]
    child = subprocess.Popen(
        [*command, *args, "--run-id", "killed"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    stored = 0
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and child.poll() is None:
            try:
                with sqlite3.connect(tmp_path / "lab.sqlite", timeout=5) as conn:
                    stored = conn.execute(
                        "SELECT COUNT(*) FROM games WHERE run_id = 'killed'"
                    ).fetchone()[0]
            except sqlite3.OperationalError:  # not created yet
                stored = 0
            if stored >= 500:
                break
            time.sleep(0.02)
        child.send_signal(signal.SIGKILL)
    finally:
        child.kill()
        child.communicate()
    assert child.returncode == -signal.SIGKILL
    with sqlite3.connect(tmp_path / "lab.sqlite") as conn:
        left = conn.execute("SELECT COUNT(*) FROM games WHERE run_id = 'killed'").fetchone()[0]
        status = conn.execute("SELECT status FROM runs WHERE id = 'killed'").fetchone()[0]
    assert 500 <= left < 5000 and left % 50 == 0 and status == "running"

    def run(*extra: str) -> Any:
        done = subprocess.run(
            [*command, *extra], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
        )
        return one_json(done)

    resumed = run("simulate", "--resume", "killed", "--workers", "2", "--json")
    whole = run(*args, "--run-id", "whole", "--workers", "2")
    assert resumed["games"] == whole["games"] == 5000
    assert strip(resumed) == strip(whole)
    assert run("runs", "--json")["runs"][0]["status"] == "done"


def test_arena_and_its_errors(saloon: Run) -> None:
    data = one_json(
        saloon(
            "arena",
            "shootout",
            "--agents",
            "random,mcts:iterations=4,c=1.2,heuristic",
            "-n",
            "4",
            "--workers",
            "2",
            "--json",
        )
    )
    assert data["agents"] == ["random", "mcts:iterations=4,c=1.2", "heuristic"]
    assert [p["games"] for p in data["pairings"]] == [4, 4, 4] and data["run_id"] == "1"
    text = saloon(
        "arena", "shootout", "--agent", "random", "--agent", "heuristic", "-n", "2", "--no-progress"
    )
    assert text.returncode == 0 and "Bradley–Terry" in text.stdout
    report = saloon("report", "1", "2")
    assert report.returncode == 0 and "rating: heuristic" in report.stdout
    assert "no agent called 'robot'" in error_line(
        saloon("arena", "shootout", "--agents", "random,robot", "-n", "2")
    )
    assert "no game called 'poker'" in error_line(saloon("simulate", "poker"))
    assert "either --agent or --seat" in error_line(
        saloon("simulate", "shootout", "--agent", "random", "--seat", "random")
    )
    assert "no run 'zz'" in error_line(saloon("simulate", "--resume", "zz"))
    assert "takes 2 players" in error_line(saloon("simulate", "shootout", "--players", "3"))


def test_bench_json(saloon: Run) -> None:
    data = one_json(
        saloon(
            "bench",
            "shootout",
            "--seconds",
            "0.1",
            "--mcts-iterations",
            "20",
            "--no-solve",
            "--json",
        )
    )
    assert data["machine"]["cores"] >= 1 and data["machine"]["python"]
    (row,) = data["games"]
    assert row["game"] == "shootout" and row["agent"] == "heuristic"
    for key in (
        "playout_transitions_per_s",
        "playout_games_per_s",
        "agent_games_per_s",
        "mcts_iterations_per_s",
        "openspiel_mcts_iterations_per_s",
    ):
        assert row[key] > 0, key
    assert row["mcts_ratio_saloon_over_openspiel"] > 0 and row["solves"] == []
