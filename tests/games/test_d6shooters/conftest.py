"""Shared pieces of The d6 Shooters' tests: a state at the start of a turn,
and a run of steps in notation.

The test modules import these (``from .conftest import run, start``), as the
Cowboys suite does.
"""

from __future__ import annotations

from typing import Any

from saloon.core import get_game
from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.scenario import turn_start

GAME = get_game("d6shooters")


def start(options: dict[str, Any] | None = None, special: bool = False, **fields: Any) -> D6State:
    """A state at the start of a turn with these options and fields (the
    once-a-game Special Event used when ``special``)."""
    return turn_start(D6ShootersOptions(**(options or {})), special=special, **fields)


def run(state: D6State, *steps: str) -> D6State:
    """``state`` after each step, given in notation and checked."""
    for step in steps:
        state.apply(GAME.parse_action(step))
    return state
