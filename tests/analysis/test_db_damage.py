"""The results database names its damage and its locks in one line, and
writes no run into a damaged file (docs/hardening.md, "The results database")."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import saloon.analysis.db as dbmod
from saloon.analysis.arena import run_arena
from saloon.analysis.db import DatabaseBusy, DatabaseDamaged, ResultsDB
from saloon.analysis.report import build_report
from saloon.analysis.simulate import simulate
from saloon.core import SaloonError

SEATS = ["random", "random"]
PAGE = 4096


def made(path: Path, games: int = 200) -> Path:
    """A sound database of one run of ``games`` games (run ``1``)."""
    with ResultsDB(path) as db:
        simulate("shootout", None, SEATS, games, seed=3, db=db)
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def garbage_pages(path: Path, first: int, last: int) -> None:
    """Pages ``first`` to ``last`` (counted from 1) overwritten with bytes
    that no page starts with."""
    with path.open("r+b") as f:
        for page in range(first, last + 1):
            f.seek((page - 1) * PAGE)
            f.write(bytes(range(256)) * (PAGE // 256))


def page_count(path: Path) -> int:
    return path.stat().st_size // PAGE


def one_line(exc: pytest.ExceptionInfo[SaloonError]) -> str:
    text = str(exc.value)
    assert "\n" not in text and "Traceback" not in text
    return text


@pytest.fixture
def sound(tmp_path: Path) -> Path:
    return made(tmp_path / "lab.sqlite")


# -- damage -------------------------------------------------------------------------------


def test_garbage_pages_are_named_and_nothing_is_written(sound: Path) -> None:
    pages = page_count(sound)
    garbage_pages(sound, pages // 3, 2 * pages // 3)
    before = digest(sound)
    with ResultsDB(sound) as db:  # opening reads the tables' shapes only
        with pytest.raises(DatabaseDamaged) as exc:
            db.create_run("simulate", "shootout", {}, SEATS, 0, 10)
        assert "lab.sqlite is damaged (SQLite" in one_line(exc)
        with pytest.raises(DatabaseDamaged, match="damaged"):
            db.game_rows("1")
        with pytest.raises(DatabaseDamaged, match="damaged"):
            simulate("shootout", None, SEATS, 10, db=db)
    assert digest(sound) == before


def test_a_dropped_table_and_wrong_columns(tmp_path: Path) -> None:
    for change, said in [
        ("DROP TABLE games", "its table games is missing"),
        ("DROP TABLE tallies", "its table tallies is missing"),
        (
            "ALTER TABLE runs RENAME COLUMN kind TO sort",
            "its table runs lacks the column kind and has an unknown column sort",
        ),
        ("ALTER TABLE games ADD COLUMN extra TEXT", "its table games has an unknown column extra"),
        (
            "DROP TABLE writers; CREATE TABLE writers (host TEXT)",
            "its table writers lacks the columns pid, run_id, command, started",
        ),
    ]:
        path = made(tmp_path / f"{len(said)}.sqlite", games=5)
        with sqlite3.connect(path) as conn:
            conn.executescript(change)
        conn.close()
        before = digest(path)
        with pytest.raises(DatabaseDamaged) as exc:
            ResultsDB(path)
        assert f"is damaged ({said}); no run is written to it" in one_line(exc), change
        assert digest(path) == before


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite"
    path.write_text("these are my notes, not results\n" * 200, encoding="utf-8")
    with pytest.raises(DatabaseDamaged) as exc:
        ResultsDB(path)
    assert "notes.sqlite is not a results database: SQLite cannot read it" in one_line(exc)
    assert path.read_text(encoding="utf-8").startswith("these are my notes")


def test_rows_that_do_not_decode_are_damage(sound: Path) -> None:
    with sqlite3.connect(sound) as conn:
        conn.execute("UPDATE runs SET options = '{not json' WHERE id = '1'")
        conn.execute("UPDATE games SET scores = '7' WHERE run_id = '1' AND idx = 3")
    conn.close()
    with ResultsDB(sound) as db:
        with pytest.raises(DatabaseDamaged, match=r"a stored row of run 1 does not read back"):
            db.runs()
        with pytest.raises(DatabaseDamaged, match=r"JSON list was expected"):
            db.game_rows("1")


def test_a_big_file_is_checked_where_the_run_goes(
    sound: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Above FULL_CHECK_BYTES, the check reads every table but games, and the
    path into games where the new run's games go."""
    monkeypatch.setattr(dbmod, "FULL_CHECK_BYTES", 0)
    with ResultsDB(sound) as db:  # sound: the partial check passes, and the run is written
        run = db.create_run("simulate", "shootout", {}, SEATS, 0, 10)
        assert db.checked == "partial" and run.id == "2"
    with sqlite3.connect(sound) as conn:
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchone()
        runs_root = conn.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'runs'"
        ).fetchone()
    conn.close()
    garbage_pages(sound, root[0], root[0])  # the games tree's root: on every path
    before = digest(sound)
    with ResultsDB(sound) as db, pytest.raises(DatabaseDamaged, match="damaged"):
        db.create_run("simulate", "shootout", {}, SEATS, 0, 10)
    assert digest(sound) == before
    other = made(sound.with_name("other.sqlite"), games=5)
    garbage_pages(other, runs_root[0], runs_root[0])
    with pytest.raises(DatabaseDamaged, match="damaged"):
        ResultsDB(other).create_run("simulate", "shootout", {}, SEATS, 0, 10)


def test_the_check_runs_once_per_open_database(sound: Path) -> None:
    with ResultsDB(sound) as db:
        assert db.checked == ""
        db.runs()
        assert db.checked == ""  # reading checks nothing up front
        db.create_run("simulate", "shootout", {}, SEATS, 0, 10)
        assert db.checked == "full"
    with ResultsDB(":memory:") as memory:
        memory.create_run("simulate", "shootout", {}, SEATS, 0, 10)
        assert memory.checked == ""


# -- locks --------------------------------------------------------------------------------


@pytest.fixture
def holder(tmp_path: Path) -> Iterator[Callable[..., subprocess.Popen[str]]]:
    """``holder(path, saloon=False)``: another process holding the write lock
    of ``path`` (as a Saloon run writing run ``held`` if ``saloon``)."""
    started: list[subprocess.Popen[str]] = []

    def start(path: Path, saloon: bool = False, exclusive: bool = False) -> subprocess.Popen[str]:
        script = textwrap.dedent(
            f"""
            import sqlite3, sys, time
            sys.argv = ["saloon", "simulate", "shootout", "-n", "1000000"]
            if {saloon!r}:
                from saloon.analysis.db import ResultsDB
                db = ResultsDB({str(path)!r})
                db.create_run("simulate", "shootout", {{}}, ["random"] * 2, 0, 9, run_id="held")
                conn = db.conn
            else:
                conn = sqlite3.connect({str(path)!r}, isolation_level=None)
            if {exclusive!r}:
                conn.execute("PRAGMA locking_mode = EXCLUSIVE")
                conn.execute("BEGIN EXCLUSIVE")
                conn.execute("SELECT COUNT(*) FROM runs").fetchall()
            else:
                conn.execute("BEGIN IMMEDIATE")
            print("held", flush=True)
            time.sleep(60)
            """
        )
        child = subprocess.Popen(
            [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, cwd=path.parent
        )
        started.append(child)
        assert child.stdout is not None and child.stdout.readline() == "held\n"
        return child

    yield start
    for child in started:
        child.kill()
        child.wait()


def test_a_lock_held_by_another_program(sound: Path, holder: Callable[..., object]) -> None:
    holder(sound)
    before = digest(sound)
    with ResultsDB(sound, busy_seconds=0.3) as db:
        assert [r.id for r in db.runs()] == ["1"]  # under WAL a reader reads on
        waited = time.monotonic()
        with pytest.raises(DatabaseBusy) as exc:
            db.create_run("simulate", "shootout", {}, SEATS, 0, 10)
        assert 0.25 < time.monotonic() - waited < 5
    assert one_line(exc) == (
        f"the results database {sound} is busy: another process has held its lock for 0.3 "
        "seconds (no Saloon run is writing to it: another program holds it); "
        "try again when it is done"
    )
    assert digest(sound) == before


def test_a_lock_held_by_a_saloon_run_names_it(sound: Path, holder: Callable[..., object]) -> None:
    child = holder(sound, saloon=True)
    assert isinstance(child, subprocess.Popen)
    with ResultsDB(sound, busy_seconds=0.2) as db:
        with pytest.raises(DatabaseBusy) as exc:
            simulate("shootout", None, SEATS, 10, db=db)
        writers = db.writers()
    assert writers is not None and [(w.pid, w.run_id) for w in writers] == [(child.pid, "held")]
    text = one_line(exc)
    assert (
        f"(Saloon runs writing to it: pid {child.pid}, "
        "`saloon simulate shootout -n 1000000`, run held, since "
    ) in text
    assert text.endswith(" UTC); try again when it is done")
    child.kill()
    child.wait()
    with ResultsDB(sound) as db:  # a writer that is gone is not named, and is cleared
        assert db.writers() == []
        simulate("shootout", None, SEATS, 10, db=db)
        rows = db.conn.execute("SELECT pid FROM writers").fetchall()
        assert rows == []  # the run ended: its writer row went with it


def test_an_exclusive_lock_stops_readers_too(sound: Path, holder: Callable[..., object]) -> None:
    holder(sound, exclusive=True)
    with pytest.raises(DatabaseBusy) as exc:
        ResultsDB(sound, busy_seconds=0.2).runs()
    assert "(who, the locked file does not tell)" in one_line(exc)


def test_an_interrupted_run_is_marked_without_waiting_long(sound: Path) -> None:
    with ResultsDB(sound, busy_seconds=0.2) as db:
        run = db.create_run("simulate", "shootout", {}, SEATS, 0, 10, run_id="cut")
        other = sqlite3.connect(sound, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        db.mark_interrupted(run.id)  # the file is busy: left running, no error
        other.execute("ROLLBACK")
        other.close()
        assert db.run("cut").status == "running"
        db.mark_interrupted(run.id)
        assert db.run("cut").status == "interrupted"
        assert db.conn.execute("SELECT run_id FROM writers").fetchall() == []


def test_writers_rows_last_as_long_as_the_run(sound: Path) -> None:
    with ResultsDB(sound) as db:
        db.create_run("simulate", "shootout", {}, SEATS, 0, 10, run_id="a")
        db.create_run("simulate", "shootout", {}, SEATS, 0, 10, run_id="b")
        db.set_status("a", "done")
        rows = db.conn.execute("SELECT pid, run_id FROM writers").fetchall()
        assert rows == [(os.getpid(), "b")]
        assert db.writers() == []  # this very process is not another writer
    with ResultsDB(sound) as db:
        assert db.conn.execute("SELECT COUNT(*) FROM writers").fetchone()[0] == 0


# -- any damage ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bytes of a sound database: a simulation, an arena and a batch-engine run."""
    path = tmp_path_factory.mktemp("pristine") / "lab.sqlite"
    with ResultsDB(path) as db:
        simulate("shootout", None, SEATS, 120, seed=1, db=db)
        run_arena("shootout", None, ["random", "heuristic"], 6, seed=1, db=db)
        simulate("d6shooters", None, ["heuristic"], 50, seed=1, db=db, engine="auto")
    return path


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    hits=st.lists(
        st.tuples(st.floats(min_value=0, max_value=1), st.binary(min_size=1, max_size=300)),
        min_size=1,
        max_size=4,
    )
)
def test_any_damage_is_a_saloon_error_or_a_result(
    pristine: Path, tmp_path_factory: pytest.TempPathFactory, hits: list[tuple[float, bytes]]
) -> None:
    """Bytes overwritten anywhere: every reading and writing ends in a result
    or one-line SaloonError, never another exception."""
    data = bytearray(pristine.read_bytes())
    for where, junk in hits:
        at = int(where * (len(data) - 1))
        data[at : at + len(junk)] = junk[: len(data) - at]
    path = tmp_path_factory.mktemp("damaged") / "lab.sqlite"
    path.write_bytes(bytes(data))
    try:
        with ResultsDB(path, busy_seconds=0.1) as db:
            for run in db.runs():
                try:
                    build_report(db, [run.id], plots=False)
                except SaloonError as exc:
                    assert "\n" not in str(exc)
            simulate("shootout", None, SEATS, 5, seed=2, db=db)
    except SaloonError as exc:
        assert "\n" not in str(exc)
