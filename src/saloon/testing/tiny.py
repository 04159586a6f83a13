"""A tiny two-player game with hidden cards and dice, keeping the contract.

Each player is dealt a hidden card (1-5, no two alike); then, four times in
turn, the player to move chooses ``add 1``, ``add 2`` or ``stop``; after
``add n`` a d3 is rolled and ``n`` times the face is added to his total.
The higher total plus card wins. It is small on purpose: a fixture for
tests of generic code (agents with determinization, the conformance checks,
which its subclasses each break in one place). It is not registered.

>>> from saloon.testing.conformance import check_game
>>> check_game(TinyGame(), games=20).games
20
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from saloon.core import CHANCE, Action, Event, Game, NotationError, Options, Outcome, State
from saloon.core.errors import shown
from saloon.core.numerals import parse_int


@dataclass(frozen=True, slots=True)
class Add(Action):
    n: int

    def __str__(self) -> str:
        return f"add {self.n}"


@dataclass(frozen=True, slots=True)
class Stop(Action):
    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class Deal(Outcome):
    card: int

    def __str__(self) -> str:
        return f"deal {self.card}"


@dataclass(frozen=True, slots=True)
class Die(Outcome):
    face: int

    def __str__(self) -> str:
        return f"d3 {self.face}"


CARDS = (1, 2, 3, 4, 5)
DECISIONS = 4


class TinyState(State):
    """A game of Tiny in progress."""

    def __init__(self, game: Game, options: Options) -> None:
        super().__init__(game, options, 2)
        self.cards: list[int | None] = [None, None]
        self.totals = [0, 0]
        self.decisions = 0
        self.pending = 0  # the multiplier of a d3 to roll, 0 if none

    @property
    def to_move(self) -> int | None:
        if self.cards[1] is None or self.pending:
            return CHANCE
        if self.decisions >= DECISIONS:
            return None
        return self.decisions % 2

    def legal_actions(self) -> Sequence[Action]:
        if self.to_move is None or self.to_move == CHANCE:
            return []
        return [Add(1), Add(2), Stop()]

    def chance_outcomes(self) -> Sequence[tuple[Outcome, float]]:
        if self.cards[1] is None:
            left = [c for c in CARDS if c != self.cards[0]]
            return [(Deal(c), 1 / len(left)) for c in left]
        return [(Die(f), 1 / 3) for f in (1, 2, 3)]

    def apply_unchecked(self, action: Action) -> None:
        if isinstance(action, Deal):
            seat = 0 if self.cards[0] is None else 1
            self.cards[seat] = action.card
            self.log.append(Event("deal", f"Player {seat + 1} is dealt a card, face down."))
        elif isinstance(action, Die):
            seat = (self.decisions - 1) % 2
            self.totals[seat] += self.pending * action.face
            self.log.append(
                Event(
                    "die",
                    f"The die shows {action.face}: player {seat + 1} adds "
                    f"{self.pending * action.face} ({self.totals[seat]}).",
                )
            )
            self.pending = 0
        elif isinstance(action, Add):
            self.pending = action.n
            self.decisions += 1
        else:
            self.decisions += 1

    def returns(self) -> tuple[float, ...]:
        if not self.is_over:
            return (0.0, 0.0)
        a = self.totals[0] + (self.cards[0] or 0)
        b = self.totals[1] + (self.cards[1] or 0)
        return (1.0, -1.0) if a > b else (-1.0, 1.0) if b > a else (0.0, 0.0)

    def key(self) -> Hashable:
        return (tuple(self.cards), tuple(self.totals), self.decisions, self.pending)

    def view(self, player: int | None) -> dict[str, Any]:
        return {
            "my_card": None if player is None else self.cards[player],
            "totals": list(self.totals),
            "decisions": self.decisions,
            "pending": self.pending,
        }

    def resample_hidden(self, player: int, rng: np.random.Generator) -> State:
        new = self.clone()
        assert isinstance(new, TinyState)
        other = 1 - player
        if new.cards[other] is not None:
            left = [c for c in CARDS if c != new.cards[player]]
            new.cards[other] = left[int(rng.integers(len(left)))]
        return new


class TinyGame(Game):
    """The game object (not registered; ``state_type`` may be swapped in tests)."""

    id = "tiny-test"
    title = "Tiny"
    rulebook = "none"
    min_players = 2
    max_players = 2
    perfect_information = False
    zero_sum = True
    state_type: type[TinyState] = TinyState

    def returns_bounds(self, options: Options) -> tuple[float, float]:
        return (-1.0, 1.0)

    def max_length(self, options: Options) -> int:
        return 2 + 2 * DECISIONS

    def new_state(self, options: Options | None = None, num_players: int | None = None) -> State:
        return self.state_type(self, self.options(options))

    def parse_action(self, text: str) -> Action:
        words = text.split()
        if words == ["stop"]:
            return Stop()
        n = parse_int(words[1]) if len(words) == 2 else None
        if n is not None:
            kind = {"add": Add, "deal": Deal, "d3": Die}.get(words[0])
            if kind is not None:
                return kind(n)
        raise NotationError(f"cannot read {shown(text)}")


def dealt(first: int, second: int, game: TinyGame | None = None) -> State:
    """A new game of Tiny (of ``game``, if given) with the cards dealt:
    ``first`` to player 1, ``second`` to player 2; player 1 is to move.

    >>> dealt(3, 1).to_move
    0
    """
    state = (game or TinyGame()).new_state()
    state.apply(Deal(first))
    state.apply(Deal(second))
    return state
