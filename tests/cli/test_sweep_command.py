"""``saloon sweep`` from the command line: the table, its files, its errors,
and a killed sweep resumed to the uninterrupted table."""

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

TINY = ["-o", "cards=1,2", "-o", "target=2", "-o", "back=9", "-o", "black=1", "-o", "red=1"]


def saloon_command() -> list[str]:
    script = Path(sys.executable).with_name("saloon")
    return [str(script)] if script.exists() else [sys.executable, "-m", "saloon.cli.main"]


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


def cells_of(result: dict[str, Any]) -> list[dict[str, Any]]:
    return [{k: v for k, v in c.items() if k != "run_id"} for c in result["cells"]]


def test_sweep_prints_the_table_and_writes_its_files(saloon: Run, tmp_path: Path) -> None:
    done = saloon(
        "sweep", "shootout", "--vary", "start=5..9", *TINY, "--exact", "--target", "0.7",
        "--png", "s.png", "--html", "s.html",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "first player's win probability" in out and "0.738750" in out
    assert "crosses 70.0% at start = 6.47 (between 6 and 7; exact values)" in out
    assert "stored as sweep 1" in out
    assert (tmp_path / "s.png").read_bytes().startswith(b"\x89PNG")
    page = (tmp_path / "s.html").read_text(encoding="utf-8")
    assert "saloon sweep shootout --vary start=5..9" in page and "data:image/png" in page
    data = one_json(
        saloon(
            "sweep",
            "shootout",
            "--vary",
            "start=6,7",
            *TINY,
            "--agent",
            "random",
            "-n",
            "200",
            "--workers",
            "2",
            "--json",
            "--target",
            "0.5",
        )
    )
    assert data["games"] == 200 and data["engines"] == ["reference"]
    assert [c["values"] for c in data["cells"]] == [{"start": "6"}, {"start": "7"}]
    assert data["run_id"] == "7" and data["target"] == 0.5 and "crossings" in data
    runs = one_json(saloon("runs", "--json"))["runs"]
    assert [r["kind"] for r in runs[:6]] == ["sweep"] + ["exact"] * 5
    assert "a sweep" in error_line(saloon("report", "1"))
    listing = saloon("runs").stdout
    assert "vary" in listing and "5 cells" in listing and "solved" in listing
    assert "2 cells x 200" in listing


def test_sweep_errors_are_one_line(saloon: Run) -> None:
    for args, match in [
        (["sweep", "shootout", "--agent", "random"], "varies at least one option"),
        (["sweep", "shootout", "--vary", "start=5..9", *TINY], "say who plays"),
        (["sweep", "shootout", "--vary", "start=8..10", *TINY, "--exact"], "the cell start=10"),
        (["sweep", "shootout", "--vary", "variant=standard", "--exact", "--target", "0.5"],
         "numeric one"),
        (["sweep", "shootout", "--vary", "start=nine", "--exact"], "start"),
        (["sweep", "shootout", "--vary", "start=6", *TINY, "--exact", "--agent", "random"],
         "plays no games"),
        (["sweep", "d6shooters", "--vary", "days=30", "--exact"], "no exact solver"),
        (["sweep", "--resume", "nope"], "no run 'nope'"),
        (["sweep", "shootout", "--vary", "start=6", *TINY, "--exact", "--png", "no/such/s.png"],
         "the folder no/such does not exist"),
        (["sweep", "shootout", "--vary", "start=6", "--agent", "random", "--engine", "batch"],
         "no batch engine"),
    ]:  # fmt: skip
        assert match in error_line(saloon(*args)), args


def test_a_killed_sweep_resumes_to_the_uninterrupted_table(tmp_path: Path) -> None:
    env = {**os.environ, "SALOON_DB": str(tmp_path / "lab.sqlite"), "NO_COLOR": "1"}
    args = ["sweep", "shootout", "--vary", "start=5..9", *TINY, "--agent", "random",
            "-n", "3000", "--seed", "4", "--json"]  # fmt: skip
    child = subprocess.Popen(
        [*saloon_command(), *args, "--run-id", "killed"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and child.poll() is None:
            try:
                with sqlite3.connect(tmp_path / "lab.sqlite", timeout=5) as conn:
                    row = conn.execute("SELECT status FROM runs WHERE id = 'killed.1'").fetchone()
            except sqlite3.OperationalError:  # not created yet
                row = None
            if row is not None and row[0] == "done":
                break
            time.sleep(0.02)
        child.send_signal(signal.SIGKILL)
    finally:
        child.kill()
        child.communicate()
    assert child.returncode == -signal.SIGKILL
    with sqlite3.connect(tmp_path / "lab.sqlite") as conn:
        status = dict(conn.execute("SELECT id, status FROM runs").fetchall())
    assert status["killed"] == "running" and status["killed.1"] == "done"
    assert "killed.4" not in status

    def run(*extra: str) -> Any:
        done = subprocess.run(
            [*saloon_command(), *extra],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    resumed = run("sweep", "--resume", "killed", "--workers", "2", "--json")
    whole = run(*args, "--run-id", "whole", "--workers", "2")
    assert cells_of(resumed) == cells_of(whole) and len(whole["cells"]) == 5
