"""The kernel's small shared steps: the end of the game, groups of dice, the log.

A group of dice is seven slots of the state (:mod:`.slots`): the count of
each face. The log (:func:`..batch.trace`) is a 2-D array of rows of
:data:`~.slots.LOG_WIDTH` numbers; a run without a log passes an array of
no rows and writes nothing.
"""

from __future__ import annotations

import numpy as np

from saloon.core.jit import jit_inline
from saloon.games.d6shooters.batch.slots import (
    ENDED_AT,
    LOG_N,
    LOG_WIDTH,
    MOVE_LEFT,
    PHASE,
    V_PENDING,
)
from saloon.games.d6shooters.rules.nodes import OVER


@jit_inline
def end(s: np.ndarray, category: int) -> None:
    """The game ends: won, or how the journey failed (Ep.1/Ep.2 "End of the Game")."""
    s[ENDED_AT] = category
    s[PHASE] = OVER
    s[MOVE_LEFT] = 0
    s[V_PENDING] = 0


@jit_inline
def count(s: np.ndarray, at: int) -> int:
    """How many dice the group at ``at`` holds."""
    return int(s[at + 1] + s[at + 2] + s[at + 3] + s[at + 4] + s[at + 5] + s[at + 6])


@jit_inline
def total(s: np.ndarray, at: int) -> int:
    """The sum of the faces of the group at ``at``."""
    return int(
        s[at + 1] + 2 * s[at + 2] + 3 * s[at + 3] + 4 * s[at + 4] + 5 * s[at + 5] + 6 * s[at + 6]
    )


@jit_inline
def clear(s: np.ndarray, at: int) -> None:
    for f in range(7):
        s[at + f] = 0


@jit_inline
def at_least(s: np.ndarray, at: int, face: int) -> int:
    """How many dice of the group show ``face`` or more."""
    n = 0
    for f in range(face, 7):
        n += s[at + f]
    return n


@jit_inline
def at_most(s: np.ndarray, at: int, face: int) -> int:
    """How many dice of the group show ``face`` or less."""
    n = 0
    for f in range(1, face + 1):
        n += s[at + f]
    return n


@jit_inline
def log(
    s: np.ndarray, lg: np.ndarray, kind: int, a: int, b: int, c: int, d: int, e: int, f: int,
    g: int, h: int,
) -> None:  # fmt: skip
    """A row of the log (kept only when the log has room for it). Every row
    is counted, kept or not: the count is the game's length (one row a
    step, and two for the end), and a log too short is noticed."""
    n = s[LOG_N]
    s[LOG_N] = n + 1
    if n >= lg.shape[0]:
        return
    lg[n, 0] = kind
    lg[n, 1] = a
    lg[n, 2] = b
    lg[n, 3] = c
    lg[n, 4] = d
    lg[n, 5] = e
    lg[n, 6] = f
    lg[n, 7] = g
    lg[n, 8] = h


_ = LOG_WIDTH
