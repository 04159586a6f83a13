"""The results database: every run and every game, in one SQLite file.

Three tables (the schema version is SQLite's ``user_version``), and a
fourth that says who is writing:

``runs``
    one row per run: ``id`` (text, ``"1"``, ``"2"``... unless named),
    ``kind`` (``simulate`` or ``arena``), ``game``, ``options`` (JSON),
    ``seats`` (JSON list of agent specs), ``seed``, ``games`` (requested),
    ``params`` (JSON: anything else the run needs to be resumed),
    ``status`` (``running``, ``done``, ``interrupted``), ``created`` and
    ``updated`` (UTC, ISO 8601), ``saloon`` (the version that made it),
    ``summary`` (JSON, once done).
``tallies``
    for a run played by a game's batch engine (:mod:`saloon.core.tally`):
    one row per finished block of games, keyed by ``(run_id, first)`` (the
    block's first game index), with ``games`` (how many) and ``tally``
    (JSON sums), in place of a row per game.
``games``
    one row per finished game, keyed by ``(run_id, idx)``: ``seats`` (JSON
    list of the specs in seat order), ``seed`` (the dice seed, or NULL),
    ``returns``, ``scores``, ``winners`` (JSON lists), ``category``,
    ``length`` (steps: decisions plus chance outcomes), ``details`` (JSON,
    the game's own), ``record`` (the game record as JSON, on request).
``writers``
    one row per run being written now, keyed by ``(host, pid, run_id)``:
    the writing process's ``command`` line and when it ``started``. A
    process adds its row as it starts writing a run and takes it away when
    the run ends (a killed one leaves it: a row whose process is gone is
    ignored). It is only read to say who holds a busy database; a file made
    before it existed gains it on its next write (older Saloons ignore it).

A run row is written first (status ``running``); each finished chunk of
games goes in with one transaction, so a run killed at any moment keeps
every chunk it finished and can be resumed. Only the process that owns the
run writes; the file is in WAL mode so others can read meanwhile.

Damage is named, never a traceback: every SQLite error is turned into a
:class:`ResultsDBError` (a :class:`SaloonError`) of one line, and no run
is written into a damaged file: before its first write, a process checks
the file (:meth:`ResultsDB.check`). Its tables must be the ones Saloon
makes (this is checked on every open), and SQLite's own ``quick_check``
must find nothing wrong: over the whole file up to :data:`FULL_CHECK_BYTES`,
else over every table but ``games`` and along the path into ``games`` where
the run's games go. A lock that another process holds longer than
:data:`BUSY_SECONDS` is :class:`DatabaseBusy`, naming the Saloon runs
writing to the file.

>>> db = ResultsDB(":memory:")
>>> run = db.create_run("simulate", "shootout", {}, ["random", "random"], seed=1, games=10)
>>> run.id, run.status, db.done_indices(run.id)
('1', 'running', set())
"""

from __future__ import annotations

import functools
import json
import os
import socket
import sqlite3
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

from saloon import __version__
from saloon.analysis.pool import pid_alive
from saloon.core.errors import SaloonError, printable
from saloon.core.tally import Tally

#: Bump when the tables change (and teach :class:`ResultsDB` to migrate).
#: The ``writers`` table needs no bump: a file may lack it, and older
#: Saloons ignore it.
SCHEMA_VERSION = 2

#: The database file when neither ``--db`` nor ``$SALOON_DB`` names one.
DEFAULT_FILE = "saloon-results.sqlite"

#: How long a command waits for a lock another process holds (seconds).
BUSY_SECONDS = 5.0

#: Up to this size the check before writing reads the whole file (SQLite's
#: ``quick_check`` reads about 300 MB a second on a warm cache: a tenth of
#: a second here); above it, the check reads every table but ``games`` and
#: the path into ``games`` where the new run's games go.
FULL_CHECK_BYTES = 32 * 1024 * 1024

#: How long the cleanup after an error waits for a lock (seconds).
_CLEANUP_SECONDS = 0.5

_TABLES = ("runs", "games", "tallies")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed INTEGER NOT NULL,
    games INTEGER NOT NULL,
    params TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    saloon TEXT NOT NULL,
    summary TEXT
);
CREATE TABLE IF NOT EXISTS games (
    run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    seats TEXT NOT NULL,
    seed INTEGER,
    returns TEXT NOT NULL,
    scores TEXT NOT NULL,
    winners TEXT NOT NULL,
    category TEXT NOT NULL,
    length INTEGER NOT NULL,
    details TEXT NOT NULL DEFAULT '{}',
    record TEXT,
    PRIMARY KEY (run_id, idx)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tallies (
    run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    first INTEGER NOT NULL,
    games INTEGER NOT NULL,
    tally TEXT NOT NULL,
    PRIMARY KEY (run_id, first)
) WITHOUT ROWID;
"""

_WRITERS = """
CREATE TABLE IF NOT EXISTS writers (
    host TEXT NOT NULL,
    pid INTEGER NOT NULL,
    run_id TEXT NOT NULL,
    command TEXT NOT NULL,
    started TEXT NOT NULL,
    PRIMARY KEY (host, pid, run_id)
) WITHOUT ROWID
"""

P = ParamSpec("P")
R = TypeVar("R")


class ResultsDBError(SaloonError):
    """The results database cannot be used as asked: damaged, busy, or
    refused by SQLite (a full disk, a read-only file...)."""


class DatabaseDamaged(ResultsDBError):
    """The file is not a results database as Saloon makes them: garbage
    pages, a missing table, a table with other columns, a row that does not
    decode. Nothing is written to it."""


class DatabaseBusy(ResultsDBError):
    """Another process has held the database's lock for :data:`BUSY_SECONDS`."""


def default_db_path() -> str:
    """``$SALOON_DB`` if set, else ``saloon-results.sqlite`` in the current directory."""
    return os.environ.get("SALOON_DB") or DEFAULT_FILE


@dataclass(frozen=True)
class GameRow:
    """One finished game, as stored (plain values only, cheap to pickle)."""

    index: int
    seats: tuple[str, ...]
    seed: int | None
    returns: tuple[float, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    category: str
    length: int
    details: str = "{}"
    """The game's own details (``Result.details``), as JSON text."""
    record: str | None = None
    """The game record as JSON text, if it was kept."""


@dataclass(frozen=True)
class RunInfo:
    """A run as stored, with the number of its games finished so far."""

    id: str
    kind: str
    game: str
    options: dict[str, Any]
    seats: list[str]
    seed: int
    games: int
    params: dict[str, Any]
    status: str
    created: str
    updated: str
    saloon: str
    done: int
    summary: dict[str, Any] | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "game": self.game,
            "options": self.options,
            "seats": self.seats,
            "seed": self.seed,
            "games": self.games,
            "done": self.done,
            "params": self.params,
            "status": self.status,
            "created": self.created,
            "updated": self.updated,
            "saloon": self.saloon,
        }


@dataclass(frozen=True)
class Writer:
    """A process writing a run to the database (a row of ``writers``)."""

    host: str
    pid: int
    run_id: str
    command: str
    started: str
    """When it started writing the run (UTC, ISO 8601)."""

    def describe(self) -> str:
        """For a message: ``pid 12, `saloon simulate ...`, run 3, since ...``."""
        where = "" if self.host == socket.gethostname() else f" on {_cut(self.host, 40)}"
        since = self.started.replace("T", " ").replace("+00:00", " UTC")
        return (
            f"pid {self.pid}{where}, `{_cut(self.command, 80)}`, run {self.run_id}, since {since}"
        )


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _guarded(
    method: Callable[Concatenate[ResultsDB, P], R],
) -> Callable[Concatenate[ResultsDB, P], R]:
    """A :class:`ResultsDB` method whose SQLite errors come out as one-line
    :class:`ResultsDBError` (:meth:`ResultsDB.explain`)."""

    @functools.wraps(method)
    def guarded(self: ResultsDB, /, *args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(self, *args, **kwargs)
        except sqlite3.Error as exc:
            raise self.explain(exc) from exc
        except UnicodeDecodeError as exc:  # garbage where SQLite keeps text
            raise self.damaged(f"text that is not UTF-8: {_cut(str(exc))}") from exc

    return guarded


class ResultsDB:
    """An open results database (a file path, or ``":memory:"``).

    Raises :class:`SaloonError` for a file that is not a Saloon results
    database or has a newer schema, :class:`DatabaseDamaged` for a damaged
    one and :class:`DatabaseBusy` when another process holds it for more
    than ``busy_seconds``.
    """

    def __init__(self, path: str | os.PathLike[str], *, busy_seconds: float = BUSY_SECONDS) -> None:
        self.path = str(path)
        self.busy_seconds = busy_seconds
        #: The file passed :meth:`check` (``"full"`` or ``"partial"``), or not yet (``""``).
        self.checked = ""
        #: The runs this process is writing (its rows in ``writers``).
        self._writing: set[str] = set()
        if self.path != ":memory:":
            parent = Path(self.path).parent
            if not parent.is_dir():
                raise SaloonError(f"cannot open results database {self.path}: no such folder")
        try:
            self.conn = sqlite3.connect(self.path, timeout=busy_seconds, isolation_level=None)
        except sqlite3.Error as exc:
            raise ResultsDBError(f"cannot open results database {self.path}: {exc}") from exc
        try:
            self._open()
        except BaseException:
            self.conn.close()
            raise

    @_guarded
    def _open(self) -> None:
        self.conn.execute("PRAGMA foreign_keys = ON")
        self.conn.execute("PRAGMA cell_size_check = ON")  # garbage in a page is met sooner
        version = int(self.conn.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise SaloonError(
                f"{self.path} has results schema {version}; this Saloon reads up to "
                f"{SCHEMA_VERSION} (upgrade Saloon)"
            )
        if version == 0:
            tables = {
                r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
            if tables - {"runs", "games"}:
                raise SaloonError(f"{self.path} is not a Saloon results database")
            if self.path != ":memory:":
                self.conn.execute("PRAGMA journal_mode = WAL")
        else:
            self._check_tables(required=_TABLES[:2] if version == 1 else _TABLES)
        if version < SCHEMA_VERSION:
            if version > 0:
                self.check()  # a damaged old file is not migrated
            # A new file gets every table; schema 1 gains ``tallies``.
            with self._transaction() as conn:
                for statement in [*_SCHEMA.split(";"), _WRITERS]:
                    if statement.strip():
                        conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._check_tables(required=_TABLES)

    # -- plumbing ------------------------------------------------------------------

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: all of it, or nothing. The first in this
        process checks the file first (:meth:`check`): nothing is written to
        a damaged file."""
        self.check()
        with self._transaction() as conn:
            yield conn

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            if self.conn.in_transaction:
                with suppress(sqlite3.Error):  # the first error is the one to tell
                    self.conn.execute("ROLLBACK")
            raise
        else:
            self.conn.execute("COMMIT")

    def close(self) -> None:
        """Close the file, first taking away this process's rows in
        ``writers`` (as best it can: a busy or damaged file keeps them)."""
        if self._writing:
            with self._cleanup():
                self.conn.execute(
                    "DELETE FROM writers WHERE host = ? AND pid = ?",
                    (socket.gethostname(), os.getpid()),
                )
            self._writing.clear()
        self.conn.close()

    def __enter__(self) -> ResultsDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _cleanup(self) -> Iterator[None]:
        """A write after an error or at the end: a short wait for the lock,
        and any failure let go (the error that stopped the work is the one
        to tell)."""
        try:
            self.conn.execute(f"PRAGMA busy_timeout = {int(_CLEANUP_SECONDS * 1000)}")
            yield
        except (sqlite3.Error, ResultsDBError):
            pass
        finally:
            with suppress(sqlite3.Error):
                self.conn.execute(f"PRAGMA busy_timeout = {int(self.busy_seconds * 1000)}")

    # -- damage and locks ----------------------------------------------------------

    def check(self) -> None:
        """Raise :class:`DatabaseDamaged` unless SQLite's ``quick_check``
        finds the file sound: the whole file when it is at most
        :data:`FULL_CHECK_BYTES`, else every table but ``games`` (then
        :meth:`create_run`, and :meth:`set_status` resuming a run, read the
        path into ``games`` where the run's games go). Done once per open
        database, before its first write; a database in memory is not checked.
        """
        if self.checked or self.path == ":memory:":
            return
        try:
            pages = int(self.conn.execute("PRAGMA page_count").fetchone()[0])
            size = int(self.conn.execute("PRAGMA page_size").fetchone()[0])
            if pages * size <= FULL_CHECK_BYTES:
                found = [str(r[0]) for r in self.conn.execute("PRAGMA quick_check")]
                checked = "full"
            else:
                found = []
                for table in ("sqlite_schema", "runs", "tallies", "writers"):
                    if table == "writers" and not self._has_table("writers"):
                        continue
                    found += [str(r[0]) for r in self.conn.execute(f"PRAGMA quick_check({table})")]
                checked = "partial"
        except sqlite3.Error as exc:
            raise self.explain(exc) from exc
        problems = [line for text in found for line in text.splitlines() if line != "ok"]
        problems = [p for p in problems if not p.startswith("***")] or problems
        if problems:
            raise self.damaged(f"SQLite's check: {_cut(problems[0])}")
        self.checked = checked

    def _check_path(self, run_id: str) -> None:
        """Where the file is too big to check whole: read the path into
        ``games`` where the run ``run_id``'s games go (SQLite checks each
        page it reads), before anything is written there."""
        if self.checked == "full" or self.path == ":memory:":
            return
        self.conn.execute(
            "SELECT run_id, idx FROM games WHERE run_id >= ? ORDER BY run_id, idx LIMIT 1",
            (run_id,),
        ).fetchall()
        self.conn.execute(
            "SELECT run_id, idx FROM games WHERE run_id < ? ORDER BY run_id DESC, idx DESC LIMIT 1",
            (run_id,),
        ).fetchall()

    def _has_table(self, name: str) -> bool:
        row = self.conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)
        ).fetchone()
        return row is not None

    def _check_tables(self, required: Sequence[str]) -> None:
        """Raise :class:`DatabaseDamaged` if a table in ``required`` (or
        ``writers``, when there) is missing or has other columns than Saloon
        makes it with."""
        expected = _expected_columns()
        for table in [*required, "writers"]:
            found = [
                (str(r[1]), str(r[2]).upper(), int(r[3]), int(r[5]))
                for r in self.conn.execute(f"PRAGMA table_info({table})")
            ]
            if not found:
                if table == "writers":
                    continue
                raise self.damaged(f"its table {table} is missing")
            if found != expected[table]:
                names, wanted = [c[0] for c in found], [c[0] for c in expected[table]]
                lacks = [n for n in wanted if n not in names]
                extra = [n for n in names if n not in wanted]
                parts = []
                if lacks:
                    parts.append(f"lacks the {_columns(lacks)}")
                if extra:
                    parts.append(
                        f"has {'an unknown' if len(extra) == 1 else 'unknown'} {_columns(extra)}"
                    )
                what = " and ".join(parts) or "has its columns in another order or of other types"
                raise self.damaged(f"its table {table} {what}")

    def damaged(self, what: str) -> DatabaseDamaged:
        """The error for a damaged file: ``what`` is wrong with it."""
        return DatabaseDamaged(
            f"the results database {printable(self.path)} is damaged ({what}); "
            "no run is written to it "
            "(move it aside, or give another --db)"
        )

    def explain(self, exc: sqlite3.Error) -> ResultsDBError:
        """The one-line error that says what SQLite's ``exc`` means here."""
        name = str(getattr(exc, "sqlite_errorname", ""))
        text = str(exc)
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "database is locked" in text:
            return self.busy()
        if name == "SQLITE_NOTADB" or "file is not a database" in text:
            return DatabaseDamaged(
                f"{printable(self.path)} is not a results database: SQLite cannot read it "
                f"({_cut(text)}); "
                "no run is written to it (move it aside, or give another --db)"
            )
        if name.startswith("SQLITE_CORRUPT") or "malformed" in text or "decode to UTF-8" in text:
            return self.damaged(f"SQLite: {_cut(text)}")
        if text.startswith(("no such table", "no such column")) or "has no column" in text:
            return self.damaged(f"its tables are not as Saloon makes them: {_cut(text)}")
        return ResultsDBError(
            f"cannot use the results database {printable(self.path)}: {_cut(text)}"
        )

    def busy(self) -> DatabaseBusy:
        """The error for a lock held past :attr:`busy_seconds`, naming the
        Saloon runs writing to the file (read as a reader may, under WAL)."""
        held = f"another process has held its lock for {self.busy_seconds:g} seconds"
        who = self.writers()
        if who is None:
            held += " (who, the locked file does not tell)"
        elif who:
            more = f"; and {len(who) - 3} more" if len(who) > 3 else ""
            held += (
                f" (Saloon runs writing to it: {'; '.join(w.describe() for w in who[:3])}{more})"
            )
        else:
            held += " (no Saloon run is writing to it: another program holds it)"
        return DatabaseBusy(
            f"the results database {printable(self.path)} is busy: {held}; "
            "try again when it is done"
        )

    def writers(self) -> list[Writer] | None:
        """The Saloon processes writing runs to the file now, oldest first
        (a row of a process of this host that is gone is left out), or
        ``None`` if the file cannot be read now."""
        rows: list[Any] | None = None
        with self._cleanup():
            found = self._has_table("writers")
            rows = []
            if found:
                rows = self.conn.execute(
                    "SELECT host, pid, run_id, command, started FROM writers ORDER BY started"
                ).fetchall()
        if rows is None:
            return None
        here = socket.gethostname()
        out = []
        for host, pid, run_id, command, started in rows:
            if host == here and (int(pid) == os.getpid() or not pid_alive(int(pid))):
                continue
            out.append(Writer(str(host), int(pid), str(run_id), str(command), str(started)))
        return out

    def _start_writing(self, conn: sqlite3.Connection, run_id: str) -> None:
        """In a write transaction: check the path where the run's games go,
        and add this process to ``writers`` (clearing rows of this host's
        processes that are gone)."""
        self._check_path(run_id)
        conn.execute(_WRITERS)
        here = socket.gethostname()
        gone = [
            (here, pid)
            for (pid,) in conn.execute("SELECT DISTINCT pid FROM writers WHERE host = ?", (here,))
            if int(pid) != os.getpid() and not pid_alive(int(pid))
        ]
        conn.executemany("DELETE FROM writers WHERE host = ? AND pid = ?", gone)
        conn.execute(
            "INSERT OR REPLACE INTO writers (host, pid, run_id, command, started)"
            " VALUES (?, ?, ?, ?, ?)",
            (here, os.getpid(), run_id, _command_line(), _now()),
        )
        self._writing.add(run_id)

    def _stop_writing(self, conn: sqlite3.Connection, run_id: str) -> None:
        if run_id in self._writing:
            conn.execute(
                "DELETE FROM writers WHERE host = ? AND pid = ? AND run_id = ?",
                (socket.gethostname(), os.getpid(), run_id),
            )
            self._writing.discard(run_id)

    # -- runs --------------------------------------------------------------------------

    @_guarded
    def create_run(
        self,
        kind: str,
        game: str,
        options: dict[str, Any],
        seats: Sequence[str],
        seed: int,
        games: int,
        params: dict[str, Any] | None = None,
        run_id: str | None = None,
    ) -> RunInfo:
        """A new run row (status ``running``); its id is the next free number
        unless ``run_id`` names it. Raises :class:`SaloonError` if the id is
        taken, :class:`DatabaseDamaged` (writing nothing) if the file is damaged."""
        now = _now()
        with self.transaction() as conn:
            if run_id is None:
                n = int(conn.execute("SELECT COUNT(*) FROM runs").fetchone()[0]) + 1
                while conn.execute("SELECT 1 FROM runs WHERE id = ?", (str(n),)).fetchone():
                    n += 1
                run_id = str(n)
            elif conn.execute("SELECT 1 FROM runs WHERE id = ?", (run_id,)).fetchone():
                raise SaloonError(f"there is already a run {run_id!r} in {self.path}")
            self._start_writing(conn, run_id)
            conn.execute(
                "INSERT INTO runs (id, kind, game, options, seats, seed, games, params, status,"
                " created, updated, saloon) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'running', ?, ?, ?)",
                (
                    run_id,
                    kind,
                    game,
                    _dumps(options),
                    _dumps(list(seats)),
                    seed,
                    games,
                    _dumps(params or {}),
                    now,
                    now,
                    __version__,
                ),
            )
        return self.run(run_id)

    @_guarded
    def has_run(self, run_id: str) -> bool:
        row = self.conn.execute("SELECT 1 FROM runs WHERE id = ?", (run_id,)).fetchone()
        return row is not None

    @_guarded
    def run(self, run_id: str) -> RunInfo:
        """The run ``run_id``; :class:`SaloonError` naming the known ones if absent."""
        row = self.conn.execute(_RUN_QUERY + " WHERE r.id = ?", (run_id,)).fetchone()
        if row is None:
            known = [r.id for r in self.runs()]
            shown = ", ".join(known[-10:]) if known else "none yet"
            raise SaloonError(f"no run {run_id!r} in {self.path} (runs: {shown})")
        return self._run_info(row)

    @_guarded
    def runs(self) -> list[RunInfo]:
        """Every run, oldest first."""
        rows = self.conn.execute(_RUN_QUERY + " ORDER BY r.created, r.rowid").fetchall()
        return [self._run_info(r) for r in rows]

    @_guarded
    def set_status(self, run_id: str, status: str, summary: dict[str, Any] | None = None) -> None:
        """Set the run's status (and its summary, if given). Setting
        ``running`` resumes the run: the file is checked first, as for a new
        run, and this process counts as its writer until the run ends."""
        with self.transaction() as conn:
            if status == "running":
                self._start_writing(conn, run_id)
            else:
                self._stop_writing(conn, run_id)
            conn.execute(
                "UPDATE runs SET status = ?, updated = ?, summary = COALESCE(?, summary)"
                " WHERE id = ?",
                (status, _now(), None if summary is None else _dumps(summary), run_id),
            )

    def mark_interrupted(self, run_id: str) -> None:
        """After an error or an interrupt: set the run ``interrupted`` if the
        file lets it soon, else leave it ``running`` (read alike: a run to
        resume); never an error of its own over the one that stopped the run."""
        with self._cleanup():
            self.set_status(run_id, "interrupted")

    @_guarded
    def delete_run(self, run_id: str) -> None:
        with self.transaction() as conn:
            conn.execute("DELETE FROM games WHERE run_id = ?", (run_id,))
            conn.execute("DELETE FROM tallies WHERE run_id = ?", (run_id,))
            conn.execute("DELETE FROM runs WHERE id = ?", (run_id,))

    # -- games ---------------------------------------------------------------------------

    @_guarded
    def add_games(self, run_id: str, rows: Iterable[GameRow]) -> None:
        """Store finished games, all in one transaction."""
        with self.transaction() as conn:
            conn.executemany(
                "INSERT OR REPLACE INTO games (run_id, idx, seats, seed, returns, scores,"
                " winners, category, length, details, record)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        run_id,
                        r.index,
                        _dumps(list(r.seats)),
                        r.seed,
                        _dumps(list(r.returns)),
                        _dumps(list(r.scores)),
                        _dumps(list(r.winners)),
                        r.category,
                        r.length,
                        r.details,
                        r.record,
                    )
                    for r in rows
                ],
            )
            conn.execute("UPDATE runs SET updated = ? WHERE id = ?", (_now(), run_id))

    @_guarded
    def done_indices(self, run_id: str) -> set[int]:
        """The indices of the run's games already stored."""
        rows = self.conn.execute("SELECT idx FROM games WHERE run_id = ?", (run_id,))
        with self._decoding(run_id):
            return {int(r[0]) for r in rows}

    @_guarded
    def count(self, run_id: str) -> int:
        row = self.conn.execute("SELECT COUNT(*) FROM games WHERE run_id = ?", (run_id,))
        return int(row.fetchone()[0])

    @_guarded
    def game_rows(self, run_id: str, records: bool = False) -> list[GameRow]:
        """The run's games in index order (with their records if ``records``)."""
        record_col = "record" if records else "NULL"
        rows = self.conn.execute(
            "SELECT idx, seats, seed, returns, scores, winners, category, length, details, "
            f"{record_col} FROM games WHERE run_id = ? ORDER BY idx",
            (run_id,),
        )
        with self._decoding(run_id):
            return [
                GameRow(
                    index=int(r[0]),
                    seats=tuple(str(s) for s in _list(r[1])),
                    seed=None if r[2] is None else int(r[2]),
                    returns=tuple(float(x) for x in _list(r[3])),
                    scores=tuple(float(x) for x in _list(r[4])),
                    winners=tuple(int(x) for x in _list(r[5])),
                    category=str(r[6]),
                    length=int(r[7]),
                    details=str(r[8]),
                    record=None if r[9] is None else str(r[9]),
                )
                for r in rows
            ]

    # -- tallies (runs of a batch engine) ------------------------------------------------

    @_guarded
    def add_tally(self, run_id: str, first: int, tally: Tally) -> None:
        """Store the tally of the block of games starting at index ``first``."""
        with self.transaction() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO tallies (run_id, first, games, tally) VALUES (?, ?, ?, ?)",
                (run_id, first, tally.games, _dumps(tally.to_dict())),
            )
            conn.execute("UPDATE runs SET updated = ? WHERE id = ?", (_now(), run_id))

    @_guarded
    def tallies(self, run_id: str) -> dict[int, Tally]:
        """The run's stored blocks, by their first game index."""
        rows = self.conn.execute(
            "SELECT first, tally FROM tallies WHERE run_id = ? ORDER BY first", (run_id,)
        )
        with self._decoding(run_id):
            return {int(r[0]): Tally.from_dict(json.loads(r[1])) for r in rows}

    # -- reading rows ----------------------------------------------------------------------

    @contextmanager
    def _decoding(self, run_id: object) -> Iterator[None]:
        """Stored values that do not decode (garbage where JSON or a number
        was) are damage, said so in one line."""
        try:
            yield
        except SaloonError:
            raise
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            raise self.damaged(
                f"a stored row of run {_cut(str(run_id), 64)} does not read back: {_cut(str(exc))}"
            ) from exc

    def _run_info(self, row: Sequence[Any]) -> RunInfo:
        with self._decoding(row[0]):
            return RunInfo(
                id=str(row[0]),
                kind=str(row[1]),
                game=str(row[2]),
                options=_dict(row[3]),
                seats=[str(s) for s in _list(row[4])],
                seed=int(row[5]),
                games=int(row[6]),
                params=_dict(row[7]),
                status=str(row[8]),
                created=str(row[9]),
                updated=str(row[10]),
                saloon=str(row[11]),
                summary=None if row[12] is None else _dict(row[12]),
                done=int(row[13]),
            )


_RUN_QUERY = (
    "SELECT r.id, r.kind, r.game, r.options, r.seats, r.seed, r.games, r.params, r.status,"
    " r.created, r.updated, r.saloon, r.summary,"
    " (SELECT COUNT(*) FROM games g WHERE g.run_id = r.id)"
    " + (SELECT COALESCE(SUM(t.games), 0) FROM tallies t WHERE t.run_id = r.id) FROM runs r"
)


def _dict(text: Any) -> dict[str, Any]:
    value = json.loads(text)
    if not isinstance(value, dict):
        raise TypeError(f"a JSON object was expected, not {type(value).__name__}")
    return value


def _list(text: Any) -> list[Any]:
    value = json.loads(text)
    if not isinstance(value, list):
        raise TypeError(f"a JSON list was expected, not {type(value).__name__}")
    return value


def _columns(names: Sequence[str]) -> str:
    """``column a`` or ``columns a, b, c`` (at most four named)."""
    shown = ", ".join(_cut(n, 40) for n in names[:4]) + (" ..." if len(names) > 4 else "")
    return f"column{'s' if len(names) > 1 else ''} {shown}"


def _dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def _cut(text: str, limit: int = 120) -> str:
    """``text`` on one line, at most ``limit`` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


@functools.cache
def _expected_columns() -> dict[str, list[tuple[str, str, int, int]]]:
    """Each table's columns as Saloon makes them: (name, type, not null, key)."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.executescript(_SCHEMA + ";" + _WRITERS)
        return {
            table: [
                (str(r[1]), str(r[2]).upper(), int(r[3]), int(r[5]))
                for r in conn.execute(f"PRAGMA table_info({table})")
            ]
            for table in (*_TABLES, "writers")
        }
    finally:
        conn.close()


def _command_line() -> str:
    """This process's command line, as a person would type it (cut short)."""
    words = [Path(sys.argv[0]).name if sys.argv and sys.argv[0] else "python", *sys.argv[1:]]
    return _cut(" ".join(words), 200)
