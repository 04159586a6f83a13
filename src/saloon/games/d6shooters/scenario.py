"""A journey already under way: the starting point of a worked example.

The rulebook's Turn Examples begin mid-journey ("8 Days have passed ...
Food is at 4, Posse is at 6"); :func:`turn_start` builds such a state, so
the examples (and a referee picking up a game on paper) can start there.
"""

from __future__ import annotations

from typing import Any

from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.rules import RUN, S_TURN, D6State


def turn_start(
    options: D6ShootersOptions | None = None, *, special: bool = False, **fields: Any
) -> D6State:
    """A state at the start of a turn with ``fields`` set (``day``, ``food``,
    ``posse``, ``pos``...); ``special`` leaves the once-a-game Special Event
    unused.

    >>> state = turn_start(day=8, food=4)
    >>> state.day, state.food
    (8, 4)
    """
    from saloon.games.d6shooters import GAME

    state = GAME.new_state(options if options is not None else D6ShootersOptions())
    assert isinstance(state, D6State)
    for name, value in fields.items():
        if not hasattr(state, name):
            raise AttributeError(f"a d6 Shooters state has no field {name!r}")
        setattr(state, name, value)
    state.special_used = not special
    state._reset_turn()
    state.stage = S_TURN
    state.phase = RUN
    state._advance()
    return state
