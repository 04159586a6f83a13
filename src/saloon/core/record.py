"""Game records: every action and chance outcome, as JSON, and replay.

A record holds the game id, the options, the seats, the seed and every
step in notation, so it is readable by eye and replays to the identical
state. Saves are records. Loading checks everything and raises
:class:`RecordError` naming the first problem: the file (a regular text
file of at most 16 MiB), the JSON (nested at most :data:`MAX_DEPTH` deep),
every field's type, every move. Saving writes a temporary file, flushes it
and renames it, so a failed save never destroys the previous one; with
``overwrite=False`` it never replaces another file at all.

A record's ``result`` is what the game that wrote it reported; Saloon
does not trust it: a replay computes the result again.

A game built on a person's own content (a scenario, a map, a deck: the
options a game declares in ``Options.FILES``) keeps that content in its
record (``content``: each file's text with its SHA-256, see
:mod:`saloon.core.content`), so the record replays after the file is
edited or deleted; a record whose text does not match its digest is
refused.

A game forked from another (:mod:`saloon.core.fork`) keeps the source's
first steps as its own and says where it came from (``forks``: each fork's
source, the step it left at and, for a game with hidden information, the
seat whose knowledge was kept and the seed the rest was drawn again with).
Replaying it draws the hidden rest again at that step, the same way.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from saloon import __version__
from saloon.core.content import Bundle, register
from saloon.core.dice import check_seed
from saloon.core.errors import RecordError, SaloonError, printable, shown
from saloon.core.files import MAX_TEXT_BYTES, read_text, write_fresh, write_text
from saloon.core.state import CHANCE, State

if TYPE_CHECKING:
    from saloon.core.game import Game

FORMAT = "saloon-record/1"
#: The deepest nesting of JSON a record may have (a real one has 5 levels).
MAX_DEPTH = 32
#: The longest move in notation.
MAX_MOVE_CHARS = 200


def who(player: int) -> str:
    """A mover as people count: ``player 1`` for index 0, or ``chance``.

    >>> who(0), who(CHANCE)
    ('player 1', 'chance')
    """
    return "chance" if player == CHANCE else f"player {player + 1}"


#: The longest name of a fork's source kept in a record.
MAX_SOURCE_CHARS = 200
#: The seat a redraw keeps no hand of: every card unseen by the table is drawn again.
NOBODY = -1


@dataclass(frozen=True)
class Fork:
    """Where a game left another: its source, the step it left after, and
    how the hidden rest was drawn again there.

    ``redrawn_for`` is the seat whose knowledge the redraw kept
    (:meth:`~saloon.core.state.State.resample_hidden`), :data:`NOBODY` for
    a redraw that keeps only what the whole table has seen, or ``None``
    where nothing was drawn again (a game without hidden information, or a
    finished game's review by all its players).

    >>> fork = Fork("duel.json", 12, redrawn_for=1, seed=7)
    >>> Fork.from_json(fork.to_json()) == fork
    True
    >>> fork.describe()
    'forked from duel.json after step 12 (the hidden cards drawn again for player 2)'
    """

    source: str
    step: int
    redrawn_for: int | None = None
    seed: int | None = None

    def start(self, state: State) -> State:
        """``state`` (the source after :attr:`step` steps) as the fork
        begins: the hidden rest drawn again if the fork says so."""
        if self.redrawn_for is None:
            return state
        rng = np.random.default_rng(self.seed)
        return state.resample_hidden(self.redrawn_for, rng)

    def describe(self) -> str:
        """The fork in words (a record's header, the replay)."""
        head = f"forked from {printable(self.source)} after step {self.step}"
        if self.redrawn_for is None:
            return head
        if self.redrawn_for == NOBODY:
            return f"{head} (every card unseen by the table drawn again)"
        return f"{head} (the hidden cards drawn again for player {self.redrawn_for + 1})"

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "step": self.step,
            "redrawn_for": self.redrawn_for,
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, data: object) -> Fork:
        """A fork from parsed JSON, every field checked."""
        expected = (
            '{"source": a name, "step": a whole number, "redrawn_for": a seat from 0, '
            '-1 or null, "seed": a seed or null}'
        )
        if not isinstance(data, dict):
            raise _malformed("forks", data, f"a list of {expected}")
        source, step = data.get("source"), data.get("step")
        redrawn, seed = data.get("redrawn_for"), data.get("seed")
        ok = (
            isinstance(source, str)
            and 0 < len(source) <= MAX_SOURCE_CHARS
            and _whole(step, 0)
            and (redrawn is None or _whole(redrawn, NOBODY))
        )
        if not ok:
            raise RecordError(
                f"a fork of the record is malformed: {shown(data)} (expected {expected})"
            )
        try:
            check_seed(seed)
        except SaloonError as exc:
            raise RecordError(f"a fork of the record has a bad seed: {exc}") from None
        if redrawn is not None and seed is None:
            raise RecordError("a fork that drew hidden cards again must give its seed")
        assert isinstance(source, str) and isinstance(step, int)
        return cls(source, step, redrawn if isinstance(redrawn, int) else None, seed)


def replay_steps(
    game: Game,
    state: State,
    moves: Sequence[tuple[int, str]],
    forks: Sequence[Fork] = (),
    *,
    done: int = 0,
) -> State:
    """``state`` (after ``done`` steps) with ``moves`` applied in turn and
    each fork's redraw made at its step; every move checked, a
    :class:`RecordError` naming the first that does not fit (its number
    counted from 1 over the whole game)."""
    state = at_fork(state, done, forks)
    for n, (by, text) in enumerate(moves, start=done + 1):
        if state.to_move != by:
            if state.to_move is None:
                raise RecordError(f"move {n} ({shown(text)}) comes after the end of the game")
            assert state.to_move is not None
            raise RecordError(
                f"move {n} ({shown(text)}) is by {who(by)}, but {who(state.to_move)} is to move"
            )
        try:
            state.apply(game.parse_action(text))
        except SaloonError as exc:
            raise RecordError(f"move {n} ({shown(text)}) cannot be replayed: {exc}") from exc
        state = at_fork(state, n, forks)
    return state


def at_fork(state: State, steps: int, forks: Sequence[Fork]) -> State:
    """``state``, after ``steps`` steps, as a fork made there begins (the
    hidden rest drawn again); itself where no fork was made there."""
    for fork in forks:
        if fork.step == steps:
            state = fork.start(state)
    return state


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
    #: Whether the table's advisor was on (``None``: the record does not say).
    advisor: bool | None = None
    #: Whether the game was played with practice undo (back past rolls).
    practice_undo: bool = False
    #: The person's own content the game was built from (its options name
    #: each by its reference).
    content: list[Bundle] = field(default_factory=list)
    #: Where the game was forked from, oldest first (:class:`Fork`); empty
    #: for a game played from its start.
    forks: list[Fork] = field(default_factory=list)

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
            content=state.options.bundles(),
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
        if len(self.seats) != state.num_players:
            raise RecordError(
                f"record names {len(self.seats)} seats for a game of {state.num_players} players"
            )
        limit = game.max_length(options)
        if len(self.moves) > limit:
            raise RecordError(
                f"record has {len(self.moves):,} moves, but a game of {game.title} with these "
                f"options lasts at most {limit:,}"
            )
        for fork in self.forks:
            if fork.step > len(self.moves) or (fork.redrawn_for or 0) >= state.num_players:
                raise RecordError(f"record's fork does not fit the game: {fork.describe()}")
        moves = self.moves if steps is None else self.moves[: max(0, steps)]
        return replay_steps(game, state, moves, self.forks)

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
            "advisor": self.advisor,
            "practice_undo": self.practice_undo,
            "moves": [{"by": "chance" if p == CHANCE else p, "move": m} for p, m in self.moves],
            "result": self.result,
            "content": [b.to_json() for b in self.content],
            **({"forks": [f.to_json() for f in self.forks]} if self.forks else {}),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        """A record from parsed JSON, every field checked; :class:`RecordError`
        naming the first one that is missing or malformed."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(
                f"not a Saloon record (format {shown(data.get('format'))}, expected {FORMAT!r})"
            )
        if not _shallow(data, MAX_DEPTH):
            raise RecordError(f"record is nested more than {MAX_DEPTH} levels deep")
        game = _field(data, "game", str, "a game id")
        options = _field(data, "options", dict, "an object of option values")
        seats = _field(data, "seats", list, "a non-empty list of names")
        if not seats or not all(isinstance(s, str) for s in seats):
            raise _malformed("seats", seats, "a non-empty list of names")
        num_players = data.get("num_players")
        if num_players is not None and not (_whole(num_players, 1) and num_players <= 1000):
            raise _malformed("num_players", num_players, "a whole number from 1 to 1000")
        seed = data.get("seed")
        try:
            check_seed(seed)
        except SaloonError as exc:
            raise RecordError(f"record is missing or has a malformed field: {exc}") from None
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise _malformed("result", result, "an object or null")
        dice = data.get("dice")
        if dice is not None and dice not in ("random", "manual"):
            raise _malformed("dice", dice, '"random", "manual" or null')
        advisor = data.get("advisor")
        if advisor is not None and not isinstance(advisor, bool):
            raise _malformed("advisor", advisor, "true, false or null")
        practice_undo = data.get("practice_undo", False)
        if not isinstance(practice_undo, bool):
            raise _malformed("practice_undo", practice_undo, "true or false")
        raw_content = data.get("content", [])
        if not isinstance(raw_content, list):
            raise _malformed("content", raw_content, "a list of content bundles")
        try:
            bundles = [Bundle.from_json(b) for b in raw_content]
        except SaloonError as exc:
            raise RecordError(f"record's content cannot be used: {exc}") from None
        for bundle in bundles:
            register(bundle)
        raw_moves = _field(data, "moves", list, "a list of moves")
        moves: list[tuple[int, str]] = []
        for i, m in enumerate(raw_moves, start=1):
            by = m.get("by") if isinstance(m, dict) else None
            text = m.get("move") if isinstance(m, dict) else None
            if by == "chance":
                by = CHANCE
            elif not _whole(by, 0):
                by = None
            if by is None or not isinstance(text, str) or len(text) > MAX_MOVE_CHARS:
                raise RecordError(
                    f"move {i} is malformed: {shown(m)} (expected "
                    '{"by": "chance" or a player number from 0, "move": its notation})'
                )
            assert isinstance(by, int)
            moves.append((by, text))
        raw_forks = data.get("forks", [])
        if not isinstance(raw_forks, list) or len(raw_forks) > len(moves) + 1:
            raise _malformed("forks", raw_forks, "a list of forks, oldest first")
        forks = [Fork.from_json(f) for f in raw_forks]
        if [f.step for f in forks] != sorted(f.step for f in forks):
            raise _malformed("forks", raw_forks, "a list of forks, oldest first")
        return cls(
            game=game,
            options=options,
            seats=list(seats),
            moves=moves,
            seed=seed,
            result=result,
            num_players=num_players,
            dice=dice,
            advisor=advisor,
            practice_undo=practice_undo,
            content=bundles,
            forks=forks,
        )

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not a JSON file: {exc}") from None
        except RecursionError:
            raise RecordError(
                f"not a record: its JSON is nested far more than {MAX_DEPTH} deep"
            ) from None
        except ValueError as exc:  # e.g. a number of thousands of digits
            raise RecordError(f"not JSON that Saloon can read: {exc}") from None
        return cls.from_json(data)

    # -- files -----------------------------------------------------------------------

    def save(self, path: str | Path, *, overwrite: bool = True) -> None:
        """Write atomically: the old file survives any failure. With
        ``overwrite=False``, raise :class:`FileExistsError` rather than
        replace a file that is there."""
        write_text(path, self.dumps(), overwrite=overwrite)

    def save_fresh(self, stem: str, folder: str | Path = ".") -> Path:
        """Write to a new timestamped file ``STEM-YYYYMMDD-HHMMSS.json`` (never
        over another file); its path."""
        return write_fresh(stem, self.dumps(), ".json", folder)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record file; :class:`RecordError` if it cannot be used."""
        text = read_text(path, what="record", limit=MAX_TEXT_BYTES, error=RecordError)
        try:
            return cls.loads(text)
        except RecordError as exc:
            raise RecordError(f"{printable(str(path))}: {exc}") from exc


def _whole(value: object, minimum: int) -> bool:
    """Whether ``value`` is a whole number (not a bool) of at least ``minimum``."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= minimum


def _malformed(key: str, value: object, expected: str) -> RecordError:
    return RecordError(
        f"record is missing or has a malformed field: {key!r} must be {expected}, "
        f"not {shown(value)}"
    )


def _field(data: dict[str, Any], key: str, kind: type, expected: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kind):
        raise _malformed(key, value, expected)
    return value


def _shallow(data: object, limit: int) -> bool:
    """Whether ``data`` (parsed JSON) is nested at most ``limit`` levels
    deep; iterative, so any depth is measured without recursion."""
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return False
        stack.extend((child, depth + 1) for child in children)
    return True
