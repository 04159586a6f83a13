"""Days, Rations, Posse losses, the Heat, the Gang and Shootouts, as in
:mod:`..rules.harm`.

Ep.1/Ep.2 "Days", "Food", "Your Posse", "Dice Actions" (Extreme Heat!, The
Griggs/Crowe Gang Attacks!), "Shootout!", "Special Items" (Medicine/
Bandages), "End of the Game"; RULINGS d6 (Medicine, Army Deserters);
D6-D2, D6-F3, D6-F4, D6-I5, D6-T1, D6-T2, D6-V9.
"""

from __future__ import annotations

import numpy as np

from saloon.core.jit import jit, jit_inline
from saloon.games.d6shooters.batch.core import end
from saloon.games.d6shooters.batch.slots import (
    AMMO,
    C_CAP,
    C_EPISODE,
    C_LIMIT,
    CHECK_DICE,
    CROWES,
    DAY,
    DESERTERS,
    E_LATE,
    E_POSSE,
    E_SHOWDOWN,
    E_STARVED,
    FIGHT,
    FIVES,
    FOOD,
    FX,
    GOLD,
    GUNS,
    HEAT_HITS,
    ITEMS,
    K_BANDITS,
    L_GANG,
    L_HEAT,
    L_RATIONS,
    L_SHOOTOUT,
    L_SHOWDOWN,
    LOSSES,
    LOSSES_N,
    M_SHOWDOWN,
    MAX_LOSSES,
    MODE,
    PHASE,
    POSSE,
    PRISONER,
    R_FISH,
    R_GANG,
    R_HEAT,
    ROLL_FOR,
    SIXES,
    SO_GANG,
    SO_KIND,
    SO_POSSE,
    SO_ROLL,
    SO_ROUND,
    SO_TIES,
    STAGE,
)
from saloon.games.d6shooters.rules.nodes import (
    C_CHECK,
    C_GANG_VOLLEY,
    C_POSSE_VOLLEY,
    FX_CAMPFIRE,
    HUNTER,
    MEDICINE,
    OVER,
    P_HEAT_FOOD,
    P_LOSS,
    RUN,
    S_SIXES,
    S_TOWN,
)
from saloon.games.d6shooters.rules.sheet import NO_PRISONER, PRISONER_HELD

# -- Days and Rations ------------------------------------------------------------------------


@jit
def add_days(s: np.ndarray, cfg: np.ndarray, n: int) -> None:
    """Ep.1/Ep.2 "Days": added Days are marked at once; a Rations Day is paid
    at once; the journey fails once the limit has passed (D6-T1)."""
    for _ in range(n):
        if s[PHASE] == OVER:
            return
        s[DAY] += 1
        if s[DAY] >= cfg[C_LIMIT]:
            end(s, E_LATE)
            return
        if s[DAY] % 5 == 0:
            rations(s, cfg)


@jit
def rations(s: np.ndarray, cfg: np.ndarray) -> None:
    """Ep.1/Ep.2 "Food": every 5th Day one Food per Posse member; no Food at
    all loses; short Food feeds whom it can and loses the rest (D6-T2)."""
    if s[FOOD] == 0:
        end(s, E_STARVED)
        return
    short = s[POSSE] - s[FOOD]
    s[FOOD] = max(0, s[FOOD] - s[POSSE])
    if short > 0:
        posse_loss(s, cfg, short, L_RATIONS)


# -- Posse losses ----------------------------------------------------------------------------


@jit_inline
def deserters_can_take(s: np.ndarray, source: int) -> int:
    """Army Deserters take any loss Medicine could prevent (D6-V9), but not
    the Showdown's (D6-S7)."""
    return 0 if source == L_SHOWDOWN else s[DESERTERS]


@jit_inline
def can_prevent(s: np.ndarray, source: int) -> bool:
    return (s[ITEMS] & MEDICINE) != 0 or deserters_can_take(s, source) > 0


@jit
def posse_loss(s: np.ndarray, cfg: np.ndarray, n: int, source: int) -> None:
    """A loss of ``n`` Posse from ``source``: with Medicine or deserters at
    hand the player says what takes it (``P_LOSS``), later losses queued
    behind it (RULINGS d6: Medicine, one source)."""
    if n <= 0:
        return
    k = s[LOSSES_N]
    if k > 0 or can_prevent(s, source):
        if k >= MAX_LOSSES:
            raise ValueError("too many Posse losses waiting")
        s[LOSSES + 2 * k] = n
        s[LOSSES + 2 * k + 1] = source
        s[LOSSES_N] = k + 1
        s[PHASE] = P_LOSS
        return
    lose_posse(s, cfg, n)


@jit
def _pop_loss(s: np.ndarray) -> None:
    k = s[LOSSES_N]
    for i in range(1, k):
        s[LOSSES + 2 * i - 2] = s[LOSSES + 2 * i]
        s[LOSSES + 2 * i - 1] = s[LOSSES + 2 * i + 1]
    s[LOSSES_N] = k - 1


@jit
def settle_loss(s: np.ndarray, cfg: np.ndarray, medicine: bool, absorbed: int) -> None:
    """Medicine prevents the first loss waiting, or ``absorbed`` deserters
    die in the Posse's place; the next losses are put to the player in
    turn, or taken at once when nothing can be set against them."""
    n = s[LOSSES]
    _pop_loss(s)
    if medicine:
        s[ITEMS] &= ~MEDICINE
    else:
        if absorbed:
            s[DESERTERS] -= absorbed
        lose_posse(s, cfg, n - absorbed)
    while s[LOSSES_N] > 0 and s[PHASE] != OVER:
        n = s[LOSSES]
        if can_prevent(s, s[LOSSES + 1]):
            s[PHASE] = P_LOSS
            return
        _pop_loss(s)
        lose_posse(s, cfg, n)


@jit
def lose_posse(s: np.ndarray, cfg: np.ndarray, n: int) -> None:
    """Ep.1/Ep.2 "Your Posse": Posse 0 loses. Ep.1 "Special Items": the
    Hunter leaves when the Posse falls to 1 (not in episode 2: RULINGS d6)."""
    if n <= 0:
        return
    s[POSSE] = max(0, s[POSSE] - n)
    if cfg[C_EPISODE] == 1 and s[POSSE] <= 1 and s[ITEMS] & HUNTER:
        s[ITEMS] &= ~HUNTER
    if s[POSSE] == 0:
        end(s, E_SHOWDOWN if s[MODE] == M_SHOWDOWN else E_POSSE)


# -- the Heat and the Gang (the 5s and 6s) -------------------------------------------------


@jit
def extreme_heat(s: np.ndarray) -> None:
    """Extreme Heat! (5s): each 5 not removed by Seek Shelter is rerolled."""
    s[STAGE] = S_SIXES
    if s[FIVES] > 0:
        start_check(s, R_HEAT, s[FIVES])


@jit
def gang_attacks(s: np.ndarray) -> None:
    """The Gang attacks (6s): a Shootout if any 4 Fights, else each 6 is
    rerolled and each 3-6 costs a Posse member."""
    s[STAGE] = S_TOWN
    if s[SIXES] <= 0:
        return
    if s[FIGHT] > 0:
        extra = 1 if s[FX] & FX_CAMPFIRE else 0
        start_shootout(s, s[FIGHT] + extra, s[SIXES], 0)
    else:
        start_check(s, R_GANG, s[SIXES])


@jit_inline
def start_check(s: np.ndarray, check: int, n: int) -> None:
    s[ROLL_FOR] = check
    s[CHECK_DICE] = n
    s[PHASE] = C_CHECK


@jit
def hits(s: np.ndarray, cfg: np.ndarray, check: int, at: int) -> int:
    """A check's dice (the group at ``at``) that count: Heat 3-6 (Ep.1) or
    4-6 (Ep.2); the Gang 3-6; Fishing Hole 1-2; Rattlesnakes 6."""
    if check == R_HEAT:
        lo, hi = (3 if cfg[C_EPISODE] == 1 else 4), 6
    elif check == R_GANG:
        lo, hi = 3, 6
    elif check == R_FISH:
        lo, hi = 1, 2
    else:
        lo, hi = 6, 6
    n = 0
    for f in range(lo, hi + 1):
        n += s[at + f]
    return n


@jit
def heat_checked(s: np.ndarray, cfg: np.ndarray, n: int) -> None:
    """The Heat's hits: episode 1 may pay in Food (a decision), else Posse."""
    if cfg[C_EPISODE] == 1 and n and s[FOOD] >= 2:
        s[HEAT_HITS] = n
        s[PHASE] = P_HEAT_FOOD
        return
    posse_loss(s, cfg, n, L_HEAT)


@jit
def pay_heat(s: np.ndarray, cfg: np.ndarray, with_food: int) -> None:
    """Ep.1 "Extreme Heat!": hits paid with 2 Food each (D6-F3)."""
    if with_food:
        s[FOOD] -= 2 * with_food
    posse_loss(s, cfg, s[HEAT_HITS] - with_food, L_HEAT)


@jit
def gang_checked(s: np.ndarray, cfg: np.ndarray, n: int) -> None:
    posse_loss(s, cfg, n, L_GANG)


# -- Shootouts ---------------------------------------------------------------------------------


@jit_inline
def start_shootout(s: np.ndarray, posse: int, gang: int, kind: int) -> None:
    """Ep.1/Ep.2 "Shootout!": rounds until one side has no dice."""
    s[SO_POSSE] = posse
    s[SO_GANG] = gang
    s[SO_KIND] = kind
    s[SO_ROUND] = 1
    s[SO_TIES] = 0
    s[SO_ROLL] = 0
    s[PHASE] = C_POSSE_VOLLEY


@jit_inline
def bonus(s: np.ndarray) -> int:
    """What the Posse adds to its dice: Ammo and Better Guns ("Shootout!")."""
    return int(s[AMMO] + s[GUNS])


@jit_inline
def posse_volley(s: np.ndarray, total: int) -> None:
    s[SO_ROLL] = total
    s[PHASE] = C_GANG_VOLLEY


@jit
def gang_volley(s: np.ndarray, cfg: np.ndarray, theirs: int) -> None:
    """The higher total wins the round, a tie is rolled again; the loser
    removes a die. A side out of dice: Ammo -1; a lost Shootout costs a
    Posse member per Gang die left; in episode 2 a won Shootout against the
    Gang crosses off a Crowe (not against Bandits: D6-F4)."""
    mine = s[SO_ROLL] + bonus(s)
    if mine == theirs:
        s[SO_TIES] += 1
        s[SO_ROLL] = 0
        s[PHASE] = C_POSSE_VOLLEY
        return
    if mine > theirs:
        s[SO_GANG] -= 1
    else:
        s[SO_POSSE] -= 1
    s[SO_ROUND] += 1
    s[SO_TIES] = 0
    s[SO_ROLL] = 0
    if s[SO_GANG] > 0 and s[SO_POSSE] > 0:
        s[PHASE] = C_POSSE_VOLLEY
        return
    s[AMMO] = max(0, s[AMMO] - 1)
    s[PHASE] = RUN
    if s[SO_GANG] == 0:
        if cfg[C_EPISODE] == 2 and s[SO_KIND] != K_BANDITS and s[CROWES] > 0:
            s[CROWES] -= 1
        return
    if s[PRISONER] == PRISONER_HELD:
        # Prisoner (RULINGS d6, 4-4; D6-V6): a lost Shootout frees him, and costs 1 Gold.
        s[PRISONER] = NO_PRISONER
        s[GOLD] = max(0, s[GOLD] - 1)
    posse_loss(s, cfg, s[SO_GANG], L_SHOOTOUT)


_ = C_CAP
