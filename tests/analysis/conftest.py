"""A tiny solo dice game for the analysis tests (the solo shape of the contract).

Roll a d6 as often as you like: a 1 busts you (score 0), otherwise the pips
add up; stop at 10 or more to win. At 20 you must stop.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from saloon.analysis.db import GameRow
from saloon.analysis.simulate import game_seeds, play_game
from saloon.core import CHANCE, Action, Game, Options, Outcome, Result, State
from saloon.core.errors import NotationError
from saloon.core.registry import register, unregister
from saloon.core.tally import Tally


@dataclass(frozen=True, slots=True)
class Say(Action):
    word: str

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Face(Outcome):
    pips: int

    def __str__(self) -> str:
        return f"d6 {self.pips}"


ROLL, STOP = Say("roll"), Say("stop")
FACES = [Face(p) for p in range(1, 7)]


class SoloState(State):
    def __init__(self, game: Game, options: Options) -> None:
        super().__init__(game, options, 1)
        self.total = 0
        self.rolling = False
        self.ended = ""

    @property
    def to_move(self) -> int | None:
        if self.ended:
            return None
        return CHANCE if self.rolling else 0

    def legal_actions(self) -> Sequence[Action]:
        return [STOP] if self.total >= 20 else [ROLL, STOP]

    def chance_outcomes(self) -> Sequence[tuple[Outcome, float]]:
        return [(f, 1 / 6) for f in FACES]

    def apply_unchecked(self, action: Action) -> None:
        if isinstance(action, Face):
            self.rolling = False
            if action.pips == 1:
                self.total, self.ended = 0, "bust"
            else:
                self.total += action.pips
        elif action == ROLL:
            self.rolling = True
        else:
            self.ended = "won" if self.total >= 10 else "short"

    def returns(self) -> tuple[float, ...]:
        return (float(self.total),)

    def result(self) -> Result:
        won = self.ended == "won"
        return Result((float(self.total),), (float(self.total),), (0,) if won else (), self.ended)

    def key(self) -> Hashable:
        return (self.total, self.rolling, self.ended)

    def view(self, player: int | None) -> dict[str, Any]:
        return {"total": self.total}


class SoloGame(Game):
    id = "solo-test"
    title = "Solo test"
    rulebook = "(none)"
    min_players = 1
    max_players = 1

    def returns_bounds(self, options: Options) -> tuple[float, float]:
        return (0.0, 25.0)

    def max_length(self, options: Options) -> int:
        return 40

    def new_state(self, options: Options | None = None, num_players: int | None = None) -> State:
        return SoloState(self, self.options(options))

    batch_note = "random play, replayed game by game (a stand-in for the tests)"

    def batch_engine(
        self, options: Options, seats: Sequence[tuple[str, Mapping[str, str]]]
    ) -> ReplayBatch | None:
        return ReplayBatch() if list(seats) == [("random", {})] else None

    def parse_action(self, text: str) -> Action:
        if text in ("roll", "stop"):
            return Say(text)
        if text.startswith("d6 ") and text[3:].isdigit():
            return Face(int(text[3:]))
        raise NotationError(f"not a move: {text!r}")


def tally_rows(rows: Sequence[GameRow]) -> Tally:
    """The tally of games played one by one."""

    def hist(values: Sequence[float]) -> dict[str, int]:
        return {format_number(v): n for v, n in Counter(values).items()}

    seats = len(rows[0].scores)
    return Tally(
        games=len(rows),
        wins=tuple(sum(1 for r in rows if k in r.winners) for k in range(seats)),
        scores=tuple(hist([r.scores[k] for r in rows]) for k in range(seats)),
        returns=tuple(hist([r.returns[k] for r in rows]) for k in range(seats)),
        lengths=hist([r.length for r in rows]),
        categories=dict(Counter(r.category for r in rows)),
        draws=sum(1 for r in rows if len(r.winners) != 1) if seats > 1 else 0,
    )


def format_number(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else repr(float(v))


@dataclass(frozen=True)
class ReplayBatch:
    """A stand-in batch engine: it plays the very games ``simulate`` plays
    (same seeds) by the reference rules and tallies them, so a run through
    it must give the reference's summary exactly."""

    name: str = "replay"

    def play(self, games: int, seed: int, first: int = 0) -> Tally:
        rows = []
        for i in range(first, first + games):
            dice, agents = game_seeds(seed, i, 1)
            rows.append(play_game(GAME, GAME.options(), ("random",), i, dice, agents))
        return tally_rows(rows)


GAME = SoloGame()


@pytest.fixture
def solo_game() -> Iterator[Game]:
    """The tiny solo game, registered for the test."""
    register(GAME, replace=True)
    yield GAME
    unregister(GAME.id)
