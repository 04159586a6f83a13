"""A damaged or busy results database at the command line: one line
``error: ...`` with exit code 2, never a traceback, and nothing written."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

PAGE = 4096

#: The commands that read or write the database, each run on the damaged file.
COMMANDS = {
    "simulate": ["simulate", "shootout", "-n", "20", "--no-progress"],
    "arena": ["arena", "shootout", "--agents", "random,heuristic", "-n", "4", "--no-progress"],
    "sweep": ["sweep", "shootout", "--agent", "random", "--vary", "start=5,6", "-n", "4"],
    "runs": ["runs"],
    "report": ["report", "1"],
}


def saloon_command() -> list[str]:
    script = Path(sys.executable).with_name("saloon")
    return [str(script)] if script.exists() else [sys.executable, "-m", "saloon.cli.main"]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def lab(tmp_path: Path) -> Path:
    """A sound results database with one simulation run (``1``) of 200 games."""
    from saloon.analysis.db import ResultsDB
    from saloon.analysis.simulate import simulate

    with ResultsDB(tmp_path / "lab.sqlite") as db:
        simulate("shootout", None, ["random", "random"], 200, seed=0, db=db)
    return tmp_path / "lab.sqlite"


def each_command(cwd: Path, db: str) -> dict[str, str]:
    """Every command of :data:`COMMANDS` on the database ``db``: its one error line."""
    out = {}
    for name, (code, _, stderr) in run_together(cwd, COMMANDS, db).items():
        lines = stderr.strip().splitlines()
        assert code == 2 and len(lines) == 1 and lines[0].startswith("error: "), (name, stderr)
        out[name] = lines[0]
    return out


def test_garbage_pages(lab: Path) -> None:
    pages = lab.stat().st_size // PAGE
    with lab.open("r+b") as f:  # the middle third of the file: no page starts so
        f.seek(pages // 3 * PAGE)
        f.write(bytes(range(256)) * (PAGE // 256) * (pages // 3))
    before = digest(lab)
    for name, line in each_command(lab.parent, "lab.sqlite").items():
        assert line.startswith("error: the results database lab.sqlite is damaged (SQLite"), name
        assert line.endswith("no run is written to it (move it aside, or give another --db)")
    assert digest(lab) == before


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ("DROP TABLE games", "its table games is missing"),
        (
            "ALTER TABLE runs RENAME COLUMN kind TO sort",
            "its table runs lacks the column kind and has an unknown column sort",
        ),
    ],
)
def test_a_dropped_table_or_a_renamed_column(lab: Path, change: str, said: str) -> None:
    with sqlite3.connect(lab) as conn:
        conn.execute(change)
    conn.close()
    before = digest(lab)
    for name, line in each_command(lab.parent, "lab.sqlite").items():
        assert line == (
            f"error: the results database lab.sqlite is damaged ({said}); "
            "no run is written to it (move it aside, or give another --db)"
        ), name
    assert digest(lab) == before


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not results\n" * 1000, encoding="utf-8")
    for name, line in each_command(tmp_path, "notes.txt").items():
        assert line.startswith("error: notes.txt is not a results database: SQLite cannot"), name
    assert notes.read_text(encoding="utf-8") == "not results\n" * 1000


#: Another process holding the database's lock till it is killed: a writer
#: (``BEGIN IMMEDIATE``), or an exclusive lock, which stops readers too.
HOLDER = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
if sys.argv[2] == "exclusive":
    conn.execute("PRAGMA locking_mode = EXCLUSIVE")
    conn.execute("BEGIN EXCLUSIVE")
    conn.execute("SELECT COUNT(*) FROM runs").fetchall()
else:
    conn.execute("BEGIN IMMEDIATE")
print("held", flush=True)
time.sleep(120)
"""


@pytest.fixture
def locked(lab: Path) -> Iterator[Callable[[str], None]]:
    """``lock(mode)``: a second connection, in another process, holding the
    lock (``immediate`` or ``exclusive``) until the test ends."""
    holders: list[subprocess.Popen[str]] = []

    def lock(mode: str) -> None:
        holder = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(lab), mode], stdout=subprocess.PIPE, text=True
        )
        holders.append(holder)
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"

    yield lock
    for holder in holders:
        holder.kill()
        holder.wait()


def run_together(
    cwd: Path, commands: dict[str, list[str]], db: str = "lab.sqlite"
) -> dict[str, tuple[int, str, str]]:
    """Start every command at once on the database ``db`` (so a wait for a
    lock is waited once), then collect them: exit code, stdout, stderr."""
    started = {
        name: subprocess.Popen(
            [*saloon_command(), *args, "--db", db],
            cwd=cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "120"},
        )
        for name, args in commands.items()
    }
    out = {}
    for name, child in started.items():
        stdout, stderr = child.communicate(timeout=60)
        out[name] = (child.returncode, stdout, stderr)
    return out


BUSY = (
    "error: the results database lab.sqlite is busy: another process has held its lock for "
    "5 seconds (no Saloon run is writing to it: another program holds it); "
    "try again when it is done"
)


def test_a_writer_holding_the_lock(lab: Path, locked: Callable[[str], None]) -> None:
    """Writers wait a few seconds, then say the file is busy; readers read
    on (the file is in WAL mode)."""
    locked("immediate")
    before = digest(lab)
    began = time.monotonic()
    done = run_together(lab.parent, COMMANDS)
    assert time.monotonic() - began < 30
    for name in ("simulate", "arena", "sweep"):
        code, _, stderr = done[name]
        assert (code, stderr.strip()) == (2, BUSY), name
    for name in ("runs", "report"):
        code, stdout, stderr = done[name]
        assert code == 0 and stderr == "", (name, stderr)
        assert "shootout" in stdout or "win rate" in stdout
    assert digest(lab) == before


def test_an_exclusive_lock(lab: Path, locked: Callable[[str], None]) -> None:
    locked("exclusive")
    before = digest(lab)
    done = run_together(lab.parent, {n: COMMANDS[n] for n in ("simulate", "runs", "report")})
    for name, (code, _, stderr) in done.items():
        assert code == 2 and stderr.strip() == BUSY.replace(
            "no Saloon run is writing to it: another program holds it",
            "who, the locked file does not tell",
        ), (name, stderr)
    assert digest(lab) == before
