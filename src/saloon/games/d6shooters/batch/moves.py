"""The 1s to the 4s: movement on the route, Food, Gold, and the split of the
4s, as in :mod:`..rules.moves`.

Ep.1/Ep.2 "Dice Actions" (Move, Find Food, Prospect / Recruit Posse or Find
Gold, Hide, Seek Shelter, Backroads, Fight!), Ep.2 "Movement", "Resource
Spaces", "End of the Game" (the destination); RULINGS d6 (Events pause
movement); D6-M1..M4, D6-F1, D6-F2.
"""

from __future__ import annotations

import numpy as np

from saloon.core.jit import jit, jit_inline
from saloon.games.d6shooters.batch.core import end
from saloon.games.d6shooters.batch.events import start_event
from saloon.games.d6shooters.batch.harm import add_days, posse_loss
from saloon.games.d6shooters.batch.showdown import begin
from saloon.games.d6shooters.batch.slots import (
    AMMO,
    ARRIVAL,
    BACKROADS,
    C_CAP,
    C_DEST,
    C_EPISODE,
    C_HIDE_PER_DIE,
    DAY,
    E_WON,
    FIGHT,
    FIVES,
    FOOD,
    FOURS,
    FX,
    GOLD,
    ITEMS,
    L_SPACE,
    MOVE_LEFT,
    MOVE_START,
    MOVED,
    NO_MOVEMENT,
    PHASE,
    POSSE,
    SIXES,
    SP_EVENT,
    SP_TOWN,
    SPACE,
    STAGE,
    THREES,
    TOWN_STOP,
    TWOS,
)
from saloon.games.d6shooters.batch.tables import RT_CODE
from saloon.games.d6shooters.batch.towns import reach_town
from saloon.games.d6shooters.rules.nodes import (
    FX_GUNSIGHT,
    MAP,
    P_FOURS,
    P_RECRUIT,
    RUN,
    S_BACKROADS,
    S_FIVES,
    S_FOURS,
    S_THREES,
)

# -- the 1s: movement ------------------------------------------------------------------------


@jit_inline
def step(s: np.ndarray, cfg: np.ndarray, route: np.ndarray) -> None:
    """One space on. An E square pauses movement for its Event (RULINGS d6);
    a Town stops it in episode 1 and is visited on the way in episode 2; the
    destination ends the journey (D6-M1, D6-M4)."""
    if s[MOVE_START] < 0:
        s[MOVE_START] = s[SPACE]
    s[SPACE] += 1
    s[MOVE_LEFT] -= 1
    s[MOVED] = 1
    space = s[SPACE]
    if space >= cfg[C_DEST]:
        s[SPACE] = cfg[C_DEST]
        s[MOVE_LEFT] = 0
        s[MOVE_START] = -1
        arrive(s, cfg)
        return
    code = route[space, RT_CODE]
    if code == SP_TOWN:
        s[MOVE_START] = -1
        reach_town(s, cfg, space)
        return
    if code == SP_EVENT:
        s[MOVE_START] = -1
        start_event(s)
        return
    if s[MOVE_LEFT] == 0:
        s[MOVE_START] = -1
        if code > SP_EVENT:
            resource_space(s, cfg, code)


@jit
def resource_space(s: np.ndarray, cfg: np.ndarray, code: int) -> None:
    """Ep.2 "Resource Spaces": landing exactly gains or loses one (D6-M2):
    codes 3-10 are P+, P-, F+, F-, G+, G-, A+, A-; 11 is D+."""
    if code == 11:
        add_days(s, cfg, 1)
        return
    if code == 4:
        posse_loss(s, cfg, 1, L_SPACE)
        return
    d = 1 if code % 2 == 1 else -1
    if code <= 4:
        s[POSSE] = max(0, min(cfg[C_CAP], s[POSSE] + d))
    elif code <= 6:
        s[FOOD] = max(0, min(cfg[C_CAP], s[FOOD] + d))
    elif code <= 8:
        s[GOLD] = max(0, s[GOLD] + d)
    else:
        s[AMMO] = max(0, s[AMMO] + d)


@jit
def arrive(s: np.ndarray, cfg: np.ndarray) -> None:
    """Ep.1 "End of the Game": Reno reached, the game is won. Ep.2: the Ghost
    Town Showdown."""
    s[ARRIVAL] = s[DAY] + 1
    if cfg[C_EPISODE] == 1:
        end(s, E_WON)
        return
    begin(s)


# -- the 2s and 3s ---------------------------------------------------------------------------


@jit
def find_food(s: np.ndarray, cfg: np.ndarray) -> None:
    """Find Food (2s): one Food for every two 2s, up to the cap ("Food")."""
    s[STAGE] = S_THREES
    gain = s[TWOS] // 2
    if gain:
        s[FOOD] = min(cfg[C_CAP], s[FOOD] + gain)


@jit
def prospect(s: np.ndarray, cfg: np.ndarray) -> None:
    """Ep.1 Prospect: a Gold for three 3s (two with the Prospector's Map).
    Ep.2: each three 3s recruit a Posse member or find a Gold."""
    s[STAGE] = S_FOURS
    threes = s[THREES]
    if not threes:
        return
    if cfg[C_EPISODE] == 1:
        per = 2 if s[ITEMS] & MAP else 3
        s[GOLD] += threes // per
        return
    sets = threes // 3
    if not sets:
        return
    if s[POSSE] >= cfg[C_CAP]:
        s[GOLD] += sets
    else:
        s[PHASE] = P_RECRUIT


@jit
def recruit(s: np.ndarray, cfg: np.ndarray, n: int) -> None:
    """Ep.2: ``n`` sets of 3s recruit, the other sets find Gold."""
    sets = s[THREES] // 3
    s[POSSE] = min(cfg[C_CAP], s[POSSE] + n)
    s[GOLD] += sets - n


# -- the 4s --------------------------------------------------------------------------------


@jit
def fours_args(s: np.ndarray, cfg: np.ndarray) -> tuple[int, int, int, int, int]:
    """What the split of the 4s depends on (D6-F1): the 4s, the 5s Shelter may
    remove (none under Lost Gunsight Mine), the 6s, the 4s Backroads may
    take (none once movement has stopped) and its step (Ep.1: two 4s a
    space; Ep.2: a 4 a space, at most two)."""
    shelter = 0 if s[FX] & FX_GUNSIGHT else s[FIVES]
    can_move = not (s[NO_MOVEMENT] or s[TOWN_STOP])
    if cfg[C_EPISODE] == 1:
        back = s[FOURS] if can_move else 0
        stepping = 2
    else:
        back = min(2, s[FOURS]) if can_move else 0
        stepping = 1
    return s[FOURS], shelter, s[SIXES], back, stepping


@jit
def fours_stage(s: np.ndarray, cfg: np.ndarray) -> None:
    """The 4s are split, by the player unless only one split is possible
    (no 5 to shelter from, no 6, too few 4s for a space of Backroads:
    every 4 unused)."""
    s[STAGE] = S_BACKROADS
    if s[FOURS] > 0:
        n4, shelter, n6, back, stepping = fours_args(s, cfg)
        if shelter == 0 and n6 == 0 and min(n4, back) < stepping:
            split_fours(s, cfg, 0, 0, 0, 0)
        else:
            s[PHASE] = P_FOURS


@jit
def split_fours(
    s: np.ndarray, cfg: np.ndarray, shelter: int, hide: int, fight: int, back: int
) -> None:
    """Seek Shelter removes a 5 per 4; Hide removes (up to) two 6s per 4 and
    adds Days at once (D6-F2; episode 2 ``hide_days``); Fight sets the
    Shootout's dice; Backroads moves (Ep.1: a space per two 4s; Ep.2: a
    space per 4, at most 2)."""
    s[PHASE] = RUN
    s[FIVES] -= shelter
    s[FIGHT] = fight
    s[BACKROADS] = back // 2 if cfg[C_EPISODE] == 1 else back
    if hide:
        s[SIXES] = max(0, s[SIXES] - 2 * hide)
        days = hide if (cfg[C_EPISODE] == 1 or cfg[C_HIDE_PER_DIE]) else 1
        add_days(s, cfg, days)


@jit
def backroads(s: np.ndarray) -> None:
    """Backroads movement, a movement of its own (Ep.2 "Movement")."""
    s[STAGE] = S_FIVES
    if s[BACKROADS] and not (s[NO_MOVEMENT] or s[TOWN_STOP]):
        s[MOVED] = 0
        s[MOVE_LEFT] = s[BACKROADS]
