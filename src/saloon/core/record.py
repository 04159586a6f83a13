"""Game records: every action and chance outcome, as JSON, and replay.

A record holds the game id, the options, the seats, the seed and every
step in notation, so it is readable by eye and replays to the identical
state. Saves are records. Loading checks everything and raises
:class:`RecordError` naming the first problem; saving writes a temporary
file and renames it, so a failed save never destroys the previous one.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saloon import __version__
from saloon.core.errors import RecordError, SaloonError
from saloon.core.state import CHANCE, State

FORMAT = "saloon-record/1"


@dataclass
class GameRecord:
    """A game as data: enough to replay it exactly."""

    game: str
    options: dict[str, Any]
    seats: list[str]
    moves: list[tuple[int, str]] = field(default_factory=list)
    seed: int | None = None
    result: dict[str, Any] | None = None
    num_players: int | None = None
    #: How the dice were rolled: ``random`` (from ``seed``) or ``manual``
    #: (typed by a referee); ``None`` when the record does not say.
    dice: str | None = None

    # -- from and to states ----------------------------------------------------

    @classmethod
    def from_state(
        cls, state: State, seats: list[str] | None = None, seed: int | None = None
    ) -> GameRecord:
        """The record of everything applied to ``state`` so far."""
        seats = (
            seats if seats is not None else [f"player {i + 1}" for i in range(state.num_players)]
        )
        return cls(
            game=state.game.id,
            options=state.options.to_dict(),
            seats=list(seats),
            moves=[(p, str(a)) for p, a in state.history],
            seed=seed,
            result=state.result().to_dict() if state.is_over else None,
            num_players=state.num_players,
        )

    def replay(self, steps: int | None = None) -> State:
        """The state after the first ``steps`` moves (all by default).

        Every move is checked; a move that does not fit raises
        :class:`RecordError` naming its number.
        """
        from saloon.core.registry import get_game

        try:
            game = get_game(self.game)
            options = game.options_from_dict(self.options)
            state = game.new_state(options, self.num_players)
        except SaloonError as exc:
            raise RecordError(f"record cannot be set up: {exc}") from exc
        moves = self.moves if steps is None else self.moves[:steps]
        for n, (by, text) in enumerate(moves, start=1):
            if state.to_move != by:
                who = "chance" if state.to_move == CHANCE else state.to_move
                raise RecordError(f"move {n} ({text!r}) is by {by}, but {who} is to move")
            try:
                state.apply(game.parse_action(text))
            except SaloonError as exc:
                raise RecordError(f"move {n} ({text!r}) cannot be replayed: {exc}") from exc
        return state

    # -- JSON ----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "saloon": __version__,
            "game": self.game,
            "options": self.options,
            "seats": self.seats,
            "num_players": self.num_players,
            "seed": self.seed,
            "dice": self.dice,
            "moves": [{"by": "chance" if p == CHANCE else p, "move": m} for p, m in self.moves],
            "result": self.result,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(
                f"not a Saloon record (format {data.get('format')!r}, expected {FORMAT!r})"
            )
        try:
            moves: list[tuple[int, str]] = []
            for i, m in enumerate(data["moves"], start=1):
                by = m["by"]
                if by == "chance":
                    by = CHANCE
                if not isinstance(by, int) or not isinstance(m["move"], str):
                    raise RecordError(f"move {i} is malformed: {m!r}")
                moves.append((by, m["move"]))
            record = cls(
                game=str(data["game"]),
                options=dict(data["options"]),
                seats=[str(s) for s in data["seats"]],
                moves=moves,
                seed=data.get("seed"),
                result=data.get("result"),
                num_players=data.get("num_players"),
                dice=data.get("dice") if data.get("dice") in ("random", "manual") else None,
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise RecordError(f"record is missing or has a malformed field: {exc}") from exc
        return record

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not a JSON file: {exc}") from exc
        return cls.from_json(data)

    # -- files -----------------------------------------------------------------------

    def save(self, path: str | Path) -> None:
        """Write atomically: the old file survives any failure."""
        path = Path(path)
        text = self.dumps()
        fd, tmp = tempfile.mkstemp(prefix=".saloon-", dir=path.parent or ".")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record file; :class:`RecordError` if it cannot be used."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc.strerror}") from exc
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not a text file") from None
        try:
            return cls.loads(text)
        except RecordError as exc:
            raise RecordError(f"{path}: {exc}") from exc
