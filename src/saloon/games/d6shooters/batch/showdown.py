"""The Ghost Town Showdown, which ends episode 2, as in :mod:`..rules.showdown`.

Ep.2 "The Ghost Town Showdown" (Combat, Tactics), "End of the Game";
D6-S1..S6.
"""

from __future__ import annotations

import numpy as np

from saloon.core.jit import jit
from saloon.games.d6shooters.batch.core import at_least, at_most, clear, end
from saloon.games.d6shooters.batch.harm import posse_loss
from saloon.games.d6shooters.batch.slots import (
    AMMO,
    CROWES,
    E_SHOWDOWN,
    E_WON,
    G_CROWE,
    G_POSSE,
    L_SHOWDOWN,
    M_SHOWDOWN,
    MODE,
    PHASE,
    POSSE,
    SD_CF,
    SD_CROWES,
    SD_PF,
    SD_PIPS,
    SD_POSSE,
    SD_REROLLED,
    SD_ROUND,
    SD_TACTIC,
    SD_USED,
    T_CHARGE,
    T_DEFEND,
    T_DISTRACT,
    T_NONE,
    TO_ROLL,
    TO_ROLL_N,
)
from saloon.games.d6shooters.rules.nodes import (
    C_ROLL,
    CROWE_LEADERS,
    MAX_SHOWDOWN_ROUNDS,
    OVER,
    P_ASSIGN,
    P_NUDGE,
    P_REROLL,
    P_TACTIC,
    RUN,
)


@jit
def begin(s: np.ndarray) -> None:
    """Hoodia reached: the Posse's dice against the Crowe Gang left plus
    Russell and Sheryl (D6-S1)."""
    s[SD_POSSE] = s[POSSE]
    s[SD_CROWES] = s[CROWES] + CROWE_LEADERS
    s[SD_ROUND] = 0
    s[SD_USED] = 0
    s[MODE] = M_SHOWDOWN
    s[PHASE] = P_TACTIC


@jit
def set_tactic(s: np.ndarray, t: int) -> None:
    """ "Tactics": each one time only, declared before rolling."""
    if t != T_NONE:
        s[SD_USED] |= 1 << t
    s[SD_TACTIC] = t
    s[SD_REROLLED] = 0
    s[SD_PIPS] = 3 if t == T_DISTRACT else 0
    clear(s, SD_PF)
    clear(s, SD_CF)
    s[TO_ROLL] = G_POSSE
    s[TO_ROLL + 1] = s[SD_POSSE]
    s[TO_ROLL + 2] = G_CROWE
    s[TO_ROLL + 3] = s[SD_CROWES]
    s[TO_ROLL_N] = 2
    s[PHASE] = C_ROLL


@jit
def reroll(s: np.ndarray, posse: np.ndarray, crowe: np.ndarray) -> None:
    """Once a round, 1 Ammo rerolls up to three dice, from either side
    ("Combat"); ``posse`` and ``crowe``: counts of the faces rerolled."""
    s[SD_REROLLED] = 1
    s[AMMO] -= 1
    np_ = 0
    nc = 0
    for f in range(1, 7):
        s[SD_PF + f] -= posse[f]
        s[SD_CF + f] -= crowe[f]
        np_ += posse[f]
        nc += crowe[f]
    k = 0
    if np_:
        s[TO_ROLL] = G_POSSE
        s[TO_ROLL + 1] = np_
        k = 1
    if nc:
        s[TO_ROLL + 2 * k] = G_CROWE
        s[TO_ROLL + 2 * k + 1] = nc
        k += 1
    s[TO_ROLL_N] = k
    s[PHASE] = C_ROLL


@jit
def nudge(s: np.ndarray, crowe: bool, face: int, to: int) -> None:
    """Distract: one die moved by one pip ("Tactics")."""
    at = SD_CF if crowe else SD_PF
    s[at + face] -= 1
    s[at + to] += 1
    s[SD_PIPS] -= 1


@jit
def assign_range(s: np.ndarray) -> int:
    """Posse 4-6s each may remove a Crowe 1-2 ("Combat"; D6-S4): from 0 up to
    the number returned."""
    return min(at_least(s, SD_PF, 4), at_most(s, SD_CF, 2))


@jit
def rolled(s: np.ndarray, cfg: np.ndarray) -> None:
    """After the roll: the reroll offer, Distract's pips, then the removals."""
    if not s[SD_REROLLED] and s[AMMO] > 0:
        s[PHASE] = P_REROLL
        return
    if s[SD_PIPS] > 0:
        s[PHASE] = P_NUDGE
        return
    t = s[SD_TACTIC]
    if t in (T_NONE, T_DISTRACT):
        hi = assign_range(s)
        if hi > 0:
            s[PHASE] = P_ASSIGN
            return
        resolve(s, cfg, 0)
        return
    resolve(s, cfg, 0)


@jit
def resolve(s: np.ndarray, cfg: np.ndarray, removed: int) -> None:
    """A round of combat ("Combat", "Tactics"): Defend: 3-6 remove Crowe
    1-2s, only Crowe 6s hit; Charge: 3-6 remove Crowe 1-3s, Crowe 4-6s hit;
    otherwise 4-6s remove Crowe 1-2s (``removed``) or set Crowe 5-6s aside,
    and the 5-6s left hit."""
    t = s[SD_TACTIC]
    if t == T_DEFEND:
        kills = min(at_least(s, SD_PF, 3), at_most(s, SD_CF, 2))
        hits = s[SD_CF + 6]
    elif t == T_CHARGE:
        kills = min(at_least(s, SD_PF, 3), at_most(s, SD_CF, 3))
        hits = at_least(s, SD_CF, 4)
    else:
        wins = at_least(s, SD_PF, 4)
        high = at_least(s, SD_CF, 5)
        kills = removed
        hits = high - min(wins - removed, high)
    s[SD_ROUND] += 1
    s[SD_CROWES] = max(0, s[SD_CROWES] - kills)
    hits = min(hits, s[SD_POSSE])
    s[PHASE] = RUN
    # A Posse die removed is a Posse member lost: one source for Medicine (RULINGS d6).
    posse_loss(s, cfg, hits, L_SHOWDOWN)
    if s[PHASE] == RUN:
        finish_round(s)


@jit
def finish_round(s: np.ndarray) -> None:
    """The round's end: Posse 0 loses even if the Crowes fall too; Crowes 0
    win; after 50 rounds the Crowes escape (D6-S6)."""
    s[SD_POSSE] = s[POSSE]
    if s[SD_POSSE] == 0:
        if s[PHASE] != OVER:
            end(s, E_SHOWDOWN)
    elif s[SD_CROWES] <= 0:
        end(s, E_WON)
    elif s[SD_ROUND] >= MAX_SHOWDOWN_ROUNDS:
        end(s, E_SHOWDOWN)
    else:
        s[PHASE] = P_TACTIC
