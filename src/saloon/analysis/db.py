"""The results database: every run and every game, in one SQLite file.

Two tables (the schema version is SQLite's ``user_version``):

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

A run row is written first (status ``running``); each finished chunk of
games goes in with one transaction, so a run killed at any moment keeps
every chunk it finished and can be resumed. Only the process that owns the
run writes; the file is in WAL mode so others can read meanwhile.

>>> db = ResultsDB(":memory:")
>>> run = db.create_run("simulate", "shootout", {}, ["random", "random"], seed=1, games=10)
>>> run.id, run.status, db.done_indices(run.id)
('1', 'running', set())
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from saloon import __version__
from saloon.core.errors import SaloonError
from saloon.core.tally import Tally

#: Bump when the tables change (and teach :class:`ResultsDB` to migrate).
SCHEMA_VERSION = 2

#: The database file when neither ``--db`` nor ``$SALOON_DB`` names one.
DEFAULT_FILE = "saloon-results.sqlite"

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


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class ResultsDB:
    """An open results database (a file path, or ``":memory:"``).

    Raises :class:`SaloonError` for a file that is not a Saloon results
    database or has a newer schema.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            parent = Path(self.path).parent
            if not parent.is_dir():
                raise SaloonError(f"cannot open results database {self.path}: no such folder")
        try:
            self.conn = sqlite3.connect(self.path, timeout=30.0, isolation_level=None)
            self.conn.execute("PRAGMA foreign_keys = ON")
            version = int(self.conn.execute("PRAGMA user_version").fetchone()[0])
            if version > SCHEMA_VERSION:
                raise SaloonError(
                    f"{self.path} has results schema {version}; this Saloon reads up to "
                    f"{SCHEMA_VERSION} (upgrade Saloon)"
                )
            if version == 0:
                tables = {
                    r[0]
                    for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
                }
                if tables - {"runs", "games"}:
                    raise SaloonError(f"{self.path} is not a Saloon results database")
                if self.path != ":memory:":
                    self.conn.execute("PRAGMA journal_mode = WAL")
            if version < SCHEMA_VERSION:
                # A new file gets every table; schema 1 gains ``tallies``.
                with self.transaction() as conn:
                    for statement in _SCHEMA.split(";"):
                        if statement.strip():
                            conn.execute(statement)
                    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except sqlite3.DatabaseError as exc:
            raise SaloonError(f"cannot open results database {self.path}: {exc}") from exc

    # -- plumbing ------------------------------------------------------------------

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: all of it, or nothing."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        else:
            self.conn.execute("COMMIT")

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> ResultsDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- runs --------------------------------------------------------------------------

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
        unless ``run_id`` names it. Raises :class:`SaloonError` if the id is taken."""
        now = _now()
        with self.transaction() as conn:
            if run_id is None:
                n = int(conn.execute("SELECT COUNT(*) FROM runs").fetchone()[0]) + 1
                while conn.execute("SELECT 1 FROM runs WHERE id = ?", (str(n),)).fetchone():
                    n += 1
                run_id = str(n)
            elif conn.execute("SELECT 1 FROM runs WHERE id = ?", (run_id,)).fetchone():
                raise SaloonError(f"there is already a run {run_id!r} in {self.path}")
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

    def has_run(self, run_id: str) -> bool:
        row = self.conn.execute("SELECT 1 FROM runs WHERE id = ?", (run_id,)).fetchone()
        return row is not None

    def run(self, run_id: str) -> RunInfo:
        """The run ``run_id``; :class:`SaloonError` naming the known ones if absent."""
        row = self.conn.execute(_RUN_QUERY + " WHERE r.id = ?", (run_id,)).fetchone()
        if row is None:
            known = [r.id for r in self.runs()]
            shown = ", ".join(known[-10:]) if known else "none yet"
            raise SaloonError(f"no run {run_id!r} in {self.path} (runs: {shown})")
        return _run_info(row)

    def runs(self) -> list[RunInfo]:
        """Every run, oldest first."""
        rows = self.conn.execute(_RUN_QUERY + " ORDER BY r.created, r.rowid").fetchall()
        return [_run_info(r) for r in rows]

    def set_status(self, run_id: str, status: str, summary: dict[str, Any] | None = None) -> None:
        with self.transaction() as conn:
            conn.execute(
                "UPDATE runs SET status = ?, updated = ?, summary = COALESCE(?, summary)"
                " WHERE id = ?",
                (status, _now(), None if summary is None else _dumps(summary), run_id),
            )

    def delete_run(self, run_id: str) -> None:
        with self.transaction() as conn:
            conn.execute("DELETE FROM games WHERE run_id = ?", (run_id,))
            conn.execute("DELETE FROM tallies WHERE run_id = ?", (run_id,))
            conn.execute("DELETE FROM runs WHERE id = ?", (run_id,))

    # -- games ---------------------------------------------------------------------------

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

    def done_indices(self, run_id: str) -> set[int]:
        """The indices of the run's games already stored."""
        rows = self.conn.execute("SELECT idx FROM games WHERE run_id = ?", (run_id,))
        return {int(r[0]) for r in rows}

    def count(self, run_id: str) -> int:
        row = self.conn.execute("SELECT COUNT(*) FROM games WHERE run_id = ?", (run_id,))
        return int(row.fetchone()[0])

    def game_rows(self, run_id: str, records: bool = False) -> list[GameRow]:
        """The run's games in index order (with their records if ``records``)."""
        record_col = "record" if records else "NULL"
        rows = self.conn.execute(
            "SELECT idx, seats, seed, returns, scores, winners, category, length, details, "
            f"{record_col} FROM games WHERE run_id = ? ORDER BY idx",
            (run_id,),
        )
        return [
            GameRow(
                index=int(r[0]),
                seats=tuple(str(s) for s in json.loads(r[1])),
                seed=None if r[2] is None else int(r[2]),
                returns=tuple(float(x) for x in json.loads(r[3])),
                scores=tuple(float(x) for x in json.loads(r[4])),
                winners=tuple(int(x) for x in json.loads(r[5])),
                category=str(r[6]),
                length=int(r[7]),
                details=str(r[8]),
                record=None if r[9] is None else str(r[9]),
            )
            for r in rows
        ]

    # -- tallies (runs of a batch engine) ------------------------------------------------

    def add_tally(self, run_id: str, first: int, tally: Tally) -> None:
        """Store the tally of the block of games starting at index ``first``."""
        with self.transaction() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO tallies (run_id, first, games, tally) VALUES (?, ?, ?, ?)",
                (run_id, first, tally.games, _dumps(tally.to_dict())),
            )
            conn.execute("UPDATE runs SET updated = ? WHERE id = ?", (_now(), run_id))

    def tallies(self, run_id: str) -> dict[int, Tally]:
        """The run's stored blocks, by their first game index."""
        rows = self.conn.execute(
            "SELECT first, tally FROM tallies WHERE run_id = ? ORDER BY first", (run_id,)
        )
        return {int(r[0]): Tally.from_dict(json.loads(r[1])) for r in rows}


_RUN_QUERY = (
    "SELECT r.id, r.kind, r.game, r.options, r.seats, r.seed, r.games, r.params, r.status,"
    " r.created, r.updated, r.saloon, r.summary,"
    " (SELECT COUNT(*) FROM games g WHERE g.run_id = r.id)"
    " + (SELECT COALESCE(SUM(t.games), 0) FROM tallies t WHERE t.run_id = r.id) FROM runs r"
)


def _run_info(row: Sequence[Any]) -> RunInfo:
    return RunInfo(
        id=str(row[0]),
        kind=str(row[1]),
        game=str(row[2]),
        options=json.loads(row[3]),
        seats=[str(s) for s in json.loads(row[4])],
        seed=int(row[5]),
        games=int(row[6]),
        params=json.loads(row[7]),
        status=str(row[8]),
        created=str(row[9]),
        updated=str(row[10]),
        saloon=str(row[11]),
        summary=None if row[12] is None else json.loads(row[12]),
        done=int(row[13]),
    )


def _dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))
