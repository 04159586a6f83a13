"""Where the web table keeps its games: one SQLite file in WAL mode.

Three tables: ``games`` (what a game is: its options, seats, seed, dice mode,
the table's choices (advisor, practice undo), the person's own content it
was built from, where it stands and the dice generator's state now),
``steps`` (every step in notation, with the dice generator's state before
it, so an undo after a restart puts the dice back exactly) and ``tokens``
(the SHA-256 digests of the links' tokens, with what each holds: seats,
the host's rights, the referee's; the tokens themselves are never stored,
only handed out once, in the links).

Every change to a game (a person's action with the rolls that follow it, a
bot's move, an undo) is written in one transaction, and the server answers
only after it is committed: a server killed at any moment and started again
has every step it acknowledged. WAL with ``synchronous=NORMAL`` keeps a
committed transaction through a crash of the process (not through a power
cut in the instant after it, which ``--durable`` covers with a sync per
commit).

Damage is named: a file that is not a database, garbage pages, a missing
table or column, or a lock another process holds past a bounded wait, is
one :class:`StoreError` (a ``SaloonError``) saying which and what to do;
opening checks the file (``PRAGMA quick_check``) before anything is written.
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

from saloon.core.errors import SaloonError, printable
from saloon.core.session import Session

SCHEMA_VERSION = 3
#: Seconds a write waits for a lock another process holds before giving up.
BUSY_SECONDS = 5.0

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
    updated     REAL NOT NULL,
    advisor     INTEGER NOT NULL DEFAULT 0,
    practice    INTEGER NOT NULL DEFAULT 0,
    content     TEXT NOT NULL DEFAULT '[]',
    forks       TEXT NOT NULL DEFAULT '[]'
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
    referee     INTEGER NOT NULL,
    host        INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS tokens_by_game ON tokens (game_id);
"""


def digest(token: str) -> str:
    """The SHA-256 of a token, as stored.

    >>> len(digest("abc"))
    64
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


#: The columns each table must have (a file of another shape is damage).
_COLUMNS = {
    "games": {
        "id", "game", "options", "seats", "seed", "manual_dice", "pace", "steps", "pending",
        "result", "dice_state", "created", "updated", "advisor", "practice", "content", "forks",
    },
    "steps": {"game_id", "n", "by", "move", "dice_before"},
    "tokens": {"digest", "game_id", "seats", "referee", "host"},
}  # fmt: skip

#: From version 1: the table's choices, the content, the host's links (a
#: version-1 host link is the one holding no seat, or a game's only link).
_MIGRATE_1 = """
ALTER TABLE games ADD COLUMN advisor INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN practice INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN content TEXT NOT NULL DEFAULT '[]';
ALTER TABLE tokens ADD COLUMN host INTEGER NOT NULL DEFAULT 0;
UPDATE tokens SET host = 1 WHERE seats = '[]'
    OR game_id IN (SELECT game_id FROM tokens GROUP BY game_id HAVING COUNT(*) = 1);
UPDATE games SET advisor = 1
    WHERE (SELECT COUNT(*) FROM json_each(games.seats) WHERE value = 'human') <= 1;
"""
#: From version 2: where a forked game came from.
_MIGRATE_2 = """
ALTER TABLE games ADD COLUMN forks TEXT NOT NULL DEFAULT '[]';
"""


class StoreError(SaloonError):
    """The games database is damaged, of another version, or locked."""


@dataclass(frozen=True)
class Hand:
    """What a link's token holds at one game: some seats (none for a
    spectator's link), the host's rights (deleting the game, issuing
    spectators' links, skipping the bots' pauses) and maybe the referee's
    right to enter manual dice."""

    game_id: str
    seats: tuple[int, ...]
    referee: bool
    host: bool = False

    @property
    def kind(self) -> str:
        """``host``, ``seat`` or ``spectator``, as the links are named."""
        if self.host:
            return "host"
        return "seat" if self.seats else "spectator"


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
    advisor: bool
    practice_undo: bool
    content: list[dict[str, Any]]
    forks: list[dict[str, Any]]

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
            "advisor": self.advisor,
            "practice_undo": self.practice_undo,
        }


class Store:
    """The games database (``:memory:`` for a throwaway one)."""

    def __init__(
        self, path: str | Path, *, durable: bool = False, busy: float = BUSY_SECONDS
    ) -> None:
        self.path = str(path)
        self.busy = busy
        try:
            self.db = sqlite3.connect(
                self.path, isolation_level=None, check_same_thread=False, timeout=busy
            )
            self._open(durable)
        except sqlite3.Error as exc:
            raise StoreError(damage(self.path, exc, busy)) from None
        #: Tokens already looked up (they never change; a deleted game's go).
        self._hands: dict[str, Hand] = {}

    def _open(self, durable: bool) -> None:
        """Check the file, then set it up (or bring an older one up to date)."""
        db = self.db
        found = db.execute("PRAGMA quick_check").fetchone()
        if found is None or found[0] != "ok":
            what = found[0] if found else "unreadable"
            raise StoreError(
                f"the games database {printable(self.path)} is damaged ({what}):"
                " move it aside to start afresh, or restore a copy"
            )
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version not in (0, 1, 2, SCHEMA_VERSION):
            raise StoreError(
                f"{self.path} was written by another version of Saloon (schema {version})"
            )
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        db.execute("PRAGMA foreign_keys=ON")
        db.execute(f"PRAGMA busy_timeout={int(self.busy * 1000)}")
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if version == 0 and not tables & set(_COLUMNS):
            db.executescript(_SCHEMA)
        elif version == 1 and tables >= set(_COLUMNS):
            db.executescript("BEGIN IMMEDIATE;" + _MIGRATE_1 + _MIGRATE_2 + "COMMIT;")
        elif version == 2 and tables >= set(_COLUMNS):
            db.executescript("BEGIN IMMEDIATE;" + _MIGRATE_2 + "COMMIT;")
        for table, columns in _COLUMNS.items():
            have = {r[1] for r in db.execute(f"PRAGMA table_info({table})")}
            if not have:
                raise StoreError(
                    f"the games database {self.path} is damaged (its table {table} is missing):"
                    " move it aside to start afresh, or restore a copy"
                )
            if not columns <= have:
                missing = ", ".join(sorted(columns - have))
                raise StoreError(
                    f"the games database {self.path} is damaged (table {table} lacks {missing}):"
                    " move it aside to start afresh, or restore a copy"
                )
        db.execute("CREATE INDEX IF NOT EXISTS tokens_by_game ON tokens (game_id)")
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

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
        hands: Sequence[tuple[str, Hand]],
    ) -> None:
        """Save a new game with its steps so far and its tokens (each with
        what it holds)."""
        now = time.time()
        with self.transaction() as db:
            db.execute(
                "INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
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
                    int(session.advisor),
                    int(session.practice_undo),
                    json.dumps([b.to_json() for b in session.options.bundles()]),
                    json.dumps([f.to_json() for f in session.forks]),
                ),
            )
            self._insert_steps(db, game_id, session, 0)
            self._insert_tokens(db, hands)

    def add_token(self, token: str, hand: Hand) -> None:
        """Save one more link's token (a spectator's, issued by the host)."""
        with self.transaction() as db:
            self._insert_tokens(db, [(token, hand)])

    @staticmethod
    def _insert_tokens(db: sqlite3.Connection, hands: Sequence[tuple[str, Hand]]) -> None:
        db.executemany(
            "INSERT INTO tokens VALUES (?,?,?,?,?)",
            [
                (digest(t), h.game_id, json.dumps(list(h.seats)), int(h.referee), int(h.host))
                for t, h in hands
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

    def games_of(self, tokens: Sequence[str], limit: int = 200) -> list[tuple[GameRow, Hand]]:
        """The games these tokens hold a link to, the most recently changed
        first, each with what its token holds (a token of no game is
        skipped: a browser may keep links to games since deleted)."""
        found: dict[str, Hand] = {}
        for token in tokens[:limit]:
            hand = self.hand(token)
            if hand is not None and hand.game_id not in found:
                found[hand.game_id] = hand
        rows = [(row, found[gid]) for gid in found if (row := self.get(gid)) is not None]
        rows.sort(key=lambda pair: -pair[0].updated)
        return rows

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
            "SELECT game_id, seats, referee, host FROM tokens WHERE digest = ?", (key,)
        ).fetchone()
        if row is None:
            return None
        hand = Hand(row[0], tuple(json.loads(row[1])), bool(row[2]), bool(row[3]))
        self._hands[key] = hand
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
        advisor=bool(row[13]),
        practice_undo=bool(row[14]),
        content=json.loads(row[15]),
        forks=json.loads(row[16]),
    )


def damage(path: str, exc: sqlite3.Error, waited: float = BUSY_SECONDS) -> str:
    """One sentence for what SQLite found wrong with the file ``path``."""
    text = str(exc)
    path = printable(path)
    if "locked" in text or "busy" in text:
        return (
            f"the games database {path} is locked by another process (another saloon serve?); "
            f"gave up after {waited:g} s"
        )
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return (
            f"the games database {path} is damaged ({text}): move it aside to start afresh, "
            "or restore a copy"
        )
    return f"the games database {path} cannot be used: {text}"
