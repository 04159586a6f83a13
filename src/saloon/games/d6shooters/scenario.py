"""A journey already under way: the starting point of a worked example.

The rulebook's Turn Examples begin mid-journey ("8 Days have passed ...
Food is at 4, Posse is at 6"); :func:`turn_start` builds such a state, so
the examples (and a referee picking up a game on paper) can start there.
"""

from __future__ import annotations

from typing import Any

from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.rules.nodes import RUN, S_START
from saloon.games.d6shooters.rules.sheet import Resolution, TurnDice
from saloon.games.d6shooters.rules.turn import advance


def turn_start(
    options: D6ShootersOptions | None = None, *, special: bool = False, **fields: Any
) -> D6State:
    """A state at the start of a turn with ``fields`` set: any field of the
    playsheet's :class:`~.rules.sheet.Journey` or :class:`~.rules.sheet.Effects`
    (``day``, ``space``, ``food``, ``posse``, ``crowes``, ``items``,
    ``until_town_or_event``, ``deserters``...); ``special`` leaves the
    once-a-game Special Event unused.

    >>> state = turn_start(day=8, food=4)
    >>> state.journey.day, state.journey.food
    (8, 4)
    """
    from saloon.games.d6shooters import GAME

    state = GAME.new_state(options if options is not None else D6ShootersOptions())
    assert isinstance(state, D6State)
    for name, value in fields.items():
        record = next((r for r in (state.journey, state.effects) if name in vars(r)), None)
        if record is None:
            raise AttributeError(f"a d6 Shooters playsheet has no field {name!r}")
        setattr(record, name, value)
    state.journey.special_used = not special
    state.dice = TurnDice()
    state.resolution = Resolution()
    state.stage = S_START
    state.phase = RUN
    advance(state)
    return state
