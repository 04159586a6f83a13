"""Where the web table keeps its games: one SQLite file in WAL mode.

Three tables: ``games`` (what a game is: its options, seats, seed, dice mode,
where it stands and the dice generator's state now), ``steps`` (every step
in notation, with the dice generator's state before it, so an undo after a
restart puts the dice back exactly) and ``tokens`` (the SHA-256 digests of
the seat tokens: the tokens themselves are never stored, only handed out
once, in the links).

Every change to a game (a person's action with the rolls that follow it, a
bot's move, an undo) is written in one transaction, and the server answers
only after it is committed: a server killed at any moment and started again
has every step it acknowledged. WAL with ``synchronous=NORMAL`` keeps a
committed transaction through a crash of the process (not through a power
cut in the instant after it, which ``--durable`` covers with a sync per
commit).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from saloon.core.session import Session

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id          TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    options     TEXT NOT NULL,
    seats       TEXT NOT NULL,
    seed        INTEGER NOT NULL,
    manual_dice INTEGER NOT NULL,
    pace        REAL NOT NULL,
    steps       INTEGER NOT NULL,
    pending     TEXT NOT NULL,
    result      TEXT,
    dice_state  TEXT NOT NULL,
    created     REAL NOT NULL,
    updated     REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS steps (
    game_id     TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    n           INTEGER NOT NULL,
    by          INTEGER NOT NULL,
    move        TEXT NOT NULL,
    dice_before TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE TABLE IF NOT EXISTS tokens (
    digest      TEXT PRIMARY KEY,
    game_id     TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seats       TEXT NOT NULL,
    referee     INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS tokens_by_game ON tokens (game_id);
"""


def digest(token: str) -> str:
    """The SHA-256 of a token, as stored.

    >>> len(digest("abc"))
    64
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Hand:
    """What a token holds at one game: some seats, and maybe the referee's
    right to enter manual dice."""

    game_id: str
    seats: tuple[int, ...]
    referee: bool


@dataclass(frozen=True)
class GameRow:
    """One saved game as the store keeps it (its steps loaded separately)."""

    id: str
    game: str
    options: dict[str, Any]
    seats: list[str]
    seed: int
    manual_dice: bool
    pace: float
    steps: int
    pending: str
    result: dict[str, Any] | None
    created: float
    updated: float

    def summary(self) -> dict[str, Any]:
        """The public facts of the game, for the list of saved games."""
        return {
            "id": self.id,
            "game": self.game,
            "options": self.options,
            "seats": self.seats,
            "dice": "manual" if self.manual_dice else "random",
            "steps": self.steps,
            "pending": self.pending,
            "over": self.pending == "over",
            "result": self.result,
            "created": self.created,
            "updated": self.updated,
        }


class Store:
    """The games database (``:memory:`` for a throwaway one)."""

    def __init__(self, path: str | Path, *, durable: bool = False) -> None:
        self.path = str(path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.execute("PRAGMA busy_timeout=5000")
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version not in (0, SCHEMA_VERSION):
            raise RuntimeError(
                f"{self.path} was written by another version of Saloon (schema {version})"
            )
        self.db.executescript(_SCHEMA)
        self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        #: Tokens already looked up (they never change; a deleted game's go).
        self._hands: dict[str, Hand] = {}

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction: committed when the block ends, rolled back on error."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # -- writing ---------------------------------------------------------------------

    def create(
        self,
        game_id: str,
        session: Session,
        pace: float,
        hands: Sequence[tuple[str, Sequence[int], bool]],
    ) -> None:
        """Save a new game with its steps so far and its tokens
        (``(token, seats, referee)`` each)."""
        now = time.time()
        with self.transaction() as db:
            db.execute(
                "INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    game_id,
                    session.game.id,
                    json.dumps(session.options.to_dict()),
                    json.dumps(session.seats),
                    session.seed,
                    int(session.manual_dice),
                    pace,
                    session.step,
                    session.pending,
                    _result(session),
                    json.dumps(session.dice_state),
                    now,
                    now,
                ),
            )
            self._insert_steps(db, game_id, session, 0)
            db.executemany(
                "INSERT INTO tokens VALUES (?,?,?,?)",
                [
                    (digest(token), game_id, json.dumps(list(seats)), int(referee))
                    for token, seats, referee in hands
                ],
            )

    def save(self, game_id: str, session: Session, since: int) -> None:
        """Write the game as it stands now, its steps from ``since`` on being
        new (or, after an undo, gone): one transaction."""
        with self.transaction() as db:
            db.execute("DELETE FROM steps WHERE game_id = ? AND n >= ?", (game_id, since))
            self._insert_steps(db, game_id, session, since)
            db.execute(
                "UPDATE games SET steps = ?, pending = ?, result = ?, dice_state = ?, "
                "updated = ? WHERE id = ?",
                (
                    session.step,
                    session.pending,
                    _result(session),
                    json.dumps(session.dice_state),
                    time.time(),
                    game_id,
                ),
            )

    @staticmethod
    def _insert_steps(db: sqlite3.Connection, game_id: str, session: Session, since: int) -> None:
        history = session.state.history
        db.executemany(
            "INSERT INTO steps VALUES (?,?,?,?,?)",
            [
                (game_id, n, by, str(action), json.dumps(session.dice_states[n]))
                for n, (by, action) in enumerate(history[since:], start=since)
            ],
        )

    def delete(self, game_id: str) -> bool:
        with self.transaction() as db:
            cursor = db.execute("DELETE FROM games WHERE id = ?", (game_id,))
        self._hands = {k: v for k, v in self._hands.items() if v.game_id != game_id}
        return cursor.rowcount > 0

    # -- reading ---------------------------------------------------------------------

    def get(self, game_id: str) -> GameRow | None:
        row = self.db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else _game_row(row)

    def steps(self, game_id: str) -> tuple[list[tuple[int, str]], list[dict[str, Any]]]:
        """A game's steps ``(by, notation)`` and the dice states before each."""
        rows = self.db.execute(
            "SELECT by, move, dice_before FROM steps WHERE game_id = ? ORDER BY n", (game_id,)
        ).fetchall()
        return [(by, move) for by, move, _ in rows], [json.loads(d) for _, _, d in rows]

    def dice_state(self, game_id: str) -> dict[str, Any]:
        row = self.db.execute("SELECT dice_state FROM games WHERE id = ?", (game_id,)).fetchone()
        state: dict[str, Any] = json.loads(row[0])
        return state

    def games(self, limit: int = 200) -> list[GameRow]:
        """The saved games, the most recently changed first."""
        rows = self.db.execute(
            "SELECT * FROM games ORDER BY updated DESC LIMIT ?", (limit,)
        ).fetchall()
        return [_game_row(r) for r in rows]

    def waiting_for_bots(self) -> list[str]:
        """The games whose next step is a bot's (to set going after a restart)."""
        rows = self.db.execute("SELECT id FROM games WHERE pending = 'bot'").fetchall()
        return [r[0] for r in rows]

    def hand(self, token: str) -> Hand | None:
        """What ``token`` holds, or ``None`` if it is no token of any game."""
        key = digest(token)
        hand = self._hands.get(key)
        if hand is not None:
            return hand
        row = self.db.execute(
            "SELECT game_id, seats, referee FROM tokens WHERE digest = ?", (key,)
        ).fetchone()
        if row is None:
            return None
        hand = self._hands[key] = Hand(row[0], tuple(json.loads(row[1])), bool(row[2]))
        return hand


def _result(session: Session) -> str | None:
    if not session.state.is_over:
        return None
    return json.dumps(session.state.result().to_dict(), default=str)


def _game_row(row: tuple[Any, ...]) -> GameRow:
    return GameRow(
        id=row[0],
        game=row[1],
        options=json.loads(row[2]),
        seats=json.loads(row[3]),
        seed=row[4],
        manual_dice=bool(row[5]),
        pace=row[6],
        steps=row[7],
        pending=row[8],
        result=None if row[9] is None else json.loads(row[9]),
        created=row[11],
        updated=row[12],
    )
