"""Shot horses slowed (Additional Advanced Options): a horse once shot adds 2 to movement, not 4.

Cowboys rulebook, "Additional Advanced Options", Shot Horses: a horse's
movement drops from 4 to 2 the first time it is shot; "Movement with
Horses": a horse adds 4 to its rider's movement, and a horse shot once
carries a 1 health marker (of its 2), which is how the engine knows it
(``Horse.health``). The option ``slowed_horses``; ruling CW-V15.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from saloon.games.cowboys.board import XY
from saloon.games.cowboys.geometry import HORSE_POINTS
from saloon.games.cowboys.rules.figures import HORSE_HEALTH, Figure, Horse

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState

#: What a shot horse adds to its rider's movement (Shot Horses).
SLOWED_POINTS: Final = 2


def horse_points(state: CowboysState, h: Horse) -> int:
    """The movement ``h`` adds to its rider's: 4, or 2 once it has been
    shot when the option is on."""
    if state.rule("slowed_horses") and h.health < HORSE_HEALTH:
        return SLOWED_POINTS
    return HORSE_POINTS


def ridden_points(state: CowboysState, f: Figure) -> int:
    """The points of the horse ``f`` rides (4 if he is on foot: unused)."""
    return HORSE_POINTS if f.horse is None else horse_points(state, state.horses[f.horse])


def slowed_squares(state: CowboysState, free: tuple[XY, ...]) -> tuple[XY, ...]:
    """Of the squares of the horses a figure may mount (``free``), those
    whose every free horse has been shot (a figure mounts the best horse
    of a square)."""
    if not state.rule("slowed_horses"):
        return ()
    best: dict[XY, int] = {}
    for h in state.horses:
        if h.alive and h.rider is None and not h.moved and h.square in free:
            assert h.square is not None
            best[h.square] = max(best.get(h.square, 0), horse_points(state, h))
    return tuple(sq for sq in free if best.get(sq, HORSE_POINTS) < HORSE_POINTS)
