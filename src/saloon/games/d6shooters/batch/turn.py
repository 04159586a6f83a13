"""A Day: its start, the three rolls and the dice kept, the order in which
the dice are resolved, the end of the Day, as in :mod:`..rules.turn`.

Ep.1/Ep.2 "Gameplay" (three rolls; red 5s and 6s of the first roll locked;
Ep.2: the black die counts two), "Dice Actions" (resolved 1s first), "Days",
Ep.1 "Special Event", "Special Items" (Binoculars, Lucky Charm, Compass,
Hunter), Event List (Gold in Them Hills, Downhill Ride, Critters
Everywhere, Lost Family, Indian Guide, Army Deserters, Prisoner); D6-D1..D4.
"""

from __future__ import annotations

import numpy as np

from saloon.core.jit import jit, jit_inline
from saloon.games.d6shooters.batch.core import clear, count
from saloon.games.d6shooters.batch.events import start_event
from saloon.games.d6shooters.batch.harm import add_days, extreme_heat, gang_attacks
from saloon.games.d6shooters.batch.moves import (
    backroads,
    find_food,
    fours_stage,
    prospect,
    step,
)
from saloon.games.d6shooters.batch.showdown import rolled as showdown_rolled
from saloon.games.d6shooters.batch.slots import (
    BINO_REROLL,
    BLACK,
    C_EPISODE,
    DESERTERS,
    FIVES,
    FOOD,
    FOURS,
    FX,
    G_BLACK,
    G_POSSE,
    G_RED,
    G_WHITE,
    GOLD,
    HILLS_USED,
    ITEMS,
    LOCKED,
    LOST_FAMILY,
    M_POKER,
    M_SHOWDOWN,
    M_TURN,
    MODE,
    MOVE_LEFT,
    MOVE_START,
    MOVED,
    NO_MOVEMENT,
    ONES,
    PHASE,
    PRISONER,
    RED,
    ROLLED,
    ROLLS,
    SD_CF,
    SD_PF,
    SET_RED,
    SET_WHITE,
    SIXES,
    SPECIAL_USED,
    STAGE,
    THREES,
    TO_ROLL,
    TO_ROLL_N,
    TOWN_STOP,
    TWOS,
    V_PENDING,
    WHITE,
)
from saloon.games.d6shooters.batch.towns import enter_town
from saloon.games.d6shooters.rules.nodes import (
    BINOCULARS,
    C_DESERTERS,
    C_HAND,
    C_ROLL,
    CHARM,
    COMPASS,
    FX_CRITTERS,
    FX_DOWNHILL,
    FX_GUIDE,
    FX_HILLS,
    HUNTER,
    OVER,
    P_BEGIN,
    P_BINOCULARS,
    P_CHARM,
    P_FAMILY,
    P_GUIDE,
    P_HILLS,
    P_KEEP,
    RUN,
    S_BACKROADS,
    S_DESERTERS,
    S_END,
    S_FAMILY,
    S_FIVES,
    S_FOURS,
    S_GUIDE,
    S_ONES,
    S_ROLL,
    S_SIXES,
    S_START,
    S_THREES,
    S_TOWN,
    S_TWOS,
)
from saloon.games.d6shooters.rules.sheet import PRISONER_AWAITED, PRISONER_HELD

# -- the stages of a turn ----------------------------------------------------------------------


@jit_inline
def advance(s: np.ndarray, cfg: np.ndarray, route: np.ndarray, items: np.ndarray) -> None:
    """Run automatic steps until a decision, a chance node or the end."""
    while s[PHASE] == RUN:
        if s[V_PENDING]:
            s[V_PENDING] = 0
            enter_town(s, items)
        elif s[MOVE_LEFT] > 0:
            step(s, cfg, route)
        else:
            stage(s, cfg, items)


@jit_inline
def stage(s: np.ndarray, cfg: np.ndarray, items: np.ndarray) -> None:
    """The next step of the turn, in the rulebook's order ("Gameplay")."""
    st = s[STAGE]
    if st == S_START:
        s[STAGE] = S_DESERTERS
        # Ep.1 "Special Event" (episode 2 has none: RULINGS d6).
        if cfg[C_EPISODE] == 1 and s[SPECIAL_USED] == 0:
            s[PHASE] = P_BEGIN
    elif st == S_DESERTERS:
        s[STAGE] = S_GUIDE
        if s[DESERTERS] > 0:
            # Army Deserters (D6-V9): before each turn a die for each.
            s[PHASE] = C_DESERTERS
    elif st == S_GUIDE:
        s[STAGE] = S_FAMILY
        if s[FX] & FX_GUIDE:
            s[PHASE] = P_GUIDE
    elif st == S_FAMILY:
        s[STAGE] = S_ROLL
        if s[LOST_FAMILY]:
            s[PHASE] = P_FAMILY
    elif st == S_ROLL:
        first_roll(s, cfg)
    elif st == S_ONES:
        s[STAGE] = S_TWOS
    elif st == S_TWOS:
        find_food(s, cfg)
    elif st == S_THREES:
        prospect(s, cfg)
    elif st == S_FOURS:
        fours_stage(s, cfg)
    elif st == S_BACKROADS:
        backroads(s)
    elif st == S_FIVES:
        extreme_heat(s)
    elif st == S_SIXES:
        gang_attacks(s)
    elif st == S_TOWN:
        s[STAGE] = S_END
        if s[TOWN_STOP] != 0 and cfg[C_EPISODE] == 1:
            enter_town(s, items)
    elif st == S_END:
        end_of_day(s, cfg)


@jit
def deserters_rolled(s: np.ndarray) -> None:
    """Army Deserters (D6-V9): a 5 deserts; a 6 deserts with 1 Food and 1 Gold."""
    s[DESERTERS] -= s[ROLLED + 5] + s[ROLLED + 6]
    for _ in range(s[ROLLED + 6]):
        s[FOOD] = max(0, s[FOOD] - 1)
        s[GOLD] = max(0, s[GOLD] - 1)


@jit
def set_guide(s: np.ndarray, face: int) -> None:
    """Indian Guide (RULINGS d6, 6-6): one red die set before rolling."""
    clear(s, SET_RED)
    s[SET_RED + face] = 1


@jit
def set_family(s: np.ndarray, red: int, white: int) -> None:
    """Lost Family (RULINGS d6, 5-5): a red and a white die set before rolling."""
    s[LOST_FAMILY] = 0
    s[SET_RED + red] += 1
    clear(s, SET_WHITE)
    s[SET_WHITE + white] = 1


@jit
def reset_turn(s: np.ndarray) -> None:
    """A new Day's dice and resolution (the reference's fresh ``TurnDice``
    and ``Resolution``)."""
    s[ROLLS] = 0
    for at in (BLACK, RED, WHITE, LOCKED, SET_RED, SET_WHITE):
        clear(s, at)
    s[TO_ROLL_N] = 0
    s[HILLS_USED] = 0
    s[BINO_REROLL] = 0
    for at in range(ONES, TOWN_STOP + 1):
        s[at] = 0
    s[MOVE_START] = -1


@jit
def end_of_day(s: np.ndarray, cfg: np.ndarray) -> None:
    """ "At the end of each turn, check off one Day" (Ep.1/Ep.2 "Gameplay")."""
    s[STAGE] = S_START
    add_days(s, cfg, 1)
    if s[PHASE] != OVER:
        reset_turn(s)
        s[MODE] = M_TURN


# -- rolling ---------------------------------------------------------------------------------


@jit
def first_roll(s: np.ndarray, cfg: np.ndarray) -> None:
    """Ep.1: 3 red and 5 white dice; Ep.2: a black, 2 red and 5 white.
    Critters Everywhere adds 2 white dice (D6-V7); dice set by the Indian
    Guide or Lost Family start kept (D6-D4)."""
    s[STAGE] = S_ONES
    reds = (3 if cfg[C_EPISODE] == 1 else 2) - count(s, SET_RED)
    critters = 2 if s[FX] & FX_CRITTERS else 0
    whites = 5 + critters - count(s, SET_WHITE)
    for f in range(7):
        s[RED + f] = s[SET_RED + f]
        s[WHITE + f] = s[SET_WHITE + f]
        s[BLACK + f] = 0
    k = 0
    if cfg[C_EPISODE] == 2:
        s[TO_ROLL] = G_BLACK
        s[TO_ROLL + 1] = 1
        k = 1
    if reds > 0:
        s[TO_ROLL + 2 * k] = G_RED
        s[TO_ROLL + 2 * k + 1] = reds
        k += 1
    if whites > 0:
        s[TO_ROLL + 2 * k] = G_WHITE
        s[TO_ROLL + 2 * k + 1] = whites
        k += 1
    s[TO_ROLL_N] = k
    s[ROLLS] = 0
    s[MODE] = M_TURN
    s[PHASE] = C_ROLL


@jit
def pop_group(s: np.ndarray) -> int:
    """The group of dice just rolled leaves the queue."""
    group = s[TO_ROLL]
    k = s[TO_ROLL_N]
    for i in range(1, k):
        s[TO_ROLL + 2 * i - 2] = s[TO_ROLL + 2 * i]
        s[TO_ROLL + 2 * i - 1] = s[TO_ROLL + 2 * i + 1]
    s[TO_ROLL_N] = k - 1
    return int(group)


@jit_inline
def rolled(s: np.ndarray, cfg: np.ndarray) -> None:
    """A group of dice has been rolled (in ``ROLLED``): the turn's, Poker's
    or the Showdown's."""
    group = pop_group(s)
    mode = s[MODE]
    if mode == M_SHOWDOWN:
        at = SD_PF if group == G_POSSE else SD_CF
        for f in range(1, 7):
            s[at + f] += s[ROLLED + f]
        if s[TO_ROLL_N] == 0:
            showdown_rolled(s, cfg)
        return
    if group == G_RED:
        for f in range(1, 7):
            s[RED + f] += s[ROLLED + f]
        if s[ROLLS] == 0 and mode == M_TURN and s[BINO_REROLL] == 0:
            # "Gameplay": red 5s and 6s of the first roll lock.
            s[LOCKED + 5] += s[ROLLED + 5]
            s[LOCKED + 6] += s[ROLLED + 6]
    elif group == G_WHITE:
        for f in range(1, 7):
            s[WHITE + f] += s[ROLLED + f]
    else:
        for f in range(1, 7):
            s[BLACK + f] += s[ROLLED + f]
    if s[TO_ROLL_N] > 0:
        return
    if s[BINO_REROLL]:
        s[BINO_REROLL] = 0
        after_binoculars(s, cfg)
        return
    s[ROLLS] += 1
    if mode == M_POKER:
        if s[ROLLS] >= 3:
            s[PHASE] = C_HAND
        else:
            to_keep(s, cfg)
        return
    if s[ROLLS] == 1 and (s[ITEMS] & BINOCULARS) != 0 and binoculars_target(s, cfg) > 0:
        s[PHASE] = P_BINOCULARS
        return
    after_binoculars(s, cfg)


@jit
def binoculars_target(s: np.ndarray, cfg: np.ndarray) -> int:
    """The first locked red face Binoculars may reroll (0: none): Ep.1 a red
    5; Ep.2 a red 5 or 6 (RULINGS d6)."""
    if s[LOCKED + 5]:
        return 5
    if cfg[C_EPISODE] == 2 and s[LOCKED + 6]:
        return 6
    return 0


@jit
def use_binoculars(s: np.ndarray, face: int) -> None:
    """Reroll the named red die; the new face is never locked (D6-I4)."""
    s[LOCKED + face] -= 1
    s[RED + face] -= 1
    s[BINO_REROLL] = 1
    s[TO_ROLL] = G_RED
    s[TO_ROLL + 1] = 1
    s[TO_ROLL_N] = 1
    s[PHASE] = C_ROLL


@jit
def after_binoculars(s: np.ndarray, cfg: np.ndarray) -> None:
    if s[ROLLS] == 1 and (s[FX] & FX_HILLS) != 0 and s[HILLS_USED] == 0 and hills_possible(s, cfg):
        s[PHASE] = P_HILLS
        return
    to_keep(s, cfg)


@jit
def hills_possible(s: np.ndarray, cfg: np.ndarray) -> bool:
    """Gold in Them Hills can change a die to a 3 after the first roll (Ep.1
    Event List 1-6: any die but a red 5 or 6, D6-V13; Ep.2: a white die)."""
    if cfg[C_EPISODE] == 1 and s[RED + 1] + s[RED + 2] + s[RED + 4] > 0:
        return True
    return bool(count(s, WHITE) - s[WHITE + 3] > 0)


@jit
def use_hills(s: np.ndarray, cfg: np.ndarray, red: bool, face: int) -> None:
    """The die (or none: ``face`` 0) becomes a 3."""
    s[HILLS_USED] = 1
    if face:
        at = RED if red else WHITE
        s[at + face] -= 1
        s[at + 3] += 1
    to_keep(s, cfg)


# -- keeping -----------------------------------------------------------------------------------


@jit
def to_keep(s: np.ndarray, cfg: np.ndarray) -> None:
    """After a roll: keep and roll again, unless three rolls are made or every
    die is locked ("Gameplay")."""
    if s[ROLLS] >= 3 or count(s, LOCKED) == count(s, RED) + count(s, WHITE) + count(s, BLACK):
        all_locked(s, cfg)
        return
    s[PHASE] = P_KEEP


@jit
def keep(s: np.ndarray, cfg: np.ndarray, kept: np.ndarray) -> None:
    """The dice kept (``kept``: black, red and white counts, 7 each); the
    others are rolled again ("Gameplay")."""
    k = 0
    for i in range(3):
        group = (G_BLACK, G_RED, G_WHITE)[i]
        at = (BLACK, RED, WHITE)[i]
        n = 0
        for f in range(1, 7):
            n += s[at + f] - kept[7 * i + f]
            s[at + f] = kept[7 * i + f]
        if n:
            s[TO_ROLL + 2 * k] = group
            s[TO_ROLL + 2 * k + 1] = n
            k += 1
    s[TO_ROLL_N] = k
    s[PHASE] = C_ROLL


@jit
def stop(s: np.ndarray, cfg: np.ndarray) -> None:
    """Every die kept: Poker's hand is compared, a turn's dice resolved."""
    if s[MODE] == M_POKER:
        s[PHASE] = C_HAND
    else:
        all_locked(s, cfg)


@jit
def all_locked(s: np.ndarray, cfg: np.ndarray) -> None:
    """Three rolls made or every die kept: the Lucky Charm's pip (episode 2),
    then the resolution."""
    if cfg[C_EPISODE] == 2 and (s[ITEMS] & CHARM) != 0 and count(s, WHITE) > 0:
        s[PHASE] = P_CHARM
        return
    resolve(s, cfg)


@jit
def use_charm(s: np.ndarray, cfg: np.ndarray, face: int, to: int) -> None:
    """Lucky Charm (Ep.2 "Special Items"): a white die moved one pip (or none)."""
    if face:
        s[WHITE + face] -= 1
        s[WHITE + to] += 1
    resolve(s, cfg)


@jit
def resolve(s: np.ndarray, cfg: np.ndarray) -> None:
    """All dice locked: counted and resolved 1s to 6s ("Gameplay"). The black
    die counts as two of its number (Ep.2 "Gameplay")."""
    s[PHASE] = RUN
    ep = cfg[C_EPISODE]
    c1 = s[RED + 1] + s[WHITE + 1] + 2 * s[BLACK + 1]
    moves = c1
    # Compass: red 1s move two (Ep.1/Ep.2 "Special Items"); Ep.2 Downhill the same.
    if (s[ITEMS] & COMPASS) != 0 or ((s[FX] & FX_DOWNHILL) != 0 and ep == 2):
        moves += s[RED + 1]
    # Ep.1 Downhill Ride: an extra 1 every turn (D6-V4).
    if (s[FX] & FX_DOWNHILL) != 0 and ep == 1:
        moves += 1
    s[ONES] = moves
    s[TWOS] = (
        s[RED + 2] + s[WHITE + 2] + 2 * s[BLACK + 2] + (s[RED + 2] if s[ITEMS] & HUNTER else 0)
    )
    s[THREES] = s[RED + 3] + s[WHITE + 3] + 2 * s[BLACK + 3]
    s[FOURS] = s[RED + 4] + s[WHITE + 4] + 2 * s[BLACK + 4]
    s[FIVES] = s[RED + 5] + s[WHITE + 5] + 2 * s[BLACK + 5]
    s[SIXES] = s[RED + 6] + s[WHITE + 6] + 2 * s[BLACK + 6]
    if s[PRISONER] == PRISONER_AWAITED and s[RED + 6] > 0:
        # Prisoner (RULINGS d6, 4-4): the next red 6 sits out.
        s[PRISONER] = PRISONER_HELD
        s[SIXES] -= 1
    s[STAGE] = S_ONES
    s[MOVED] = 0
    if s[NO_MOVEMENT] == 0 and s[TOWN_STOP] == 0:
        s[MOVE_LEFT] = moves


@jit
def begin(s: np.ndarray, special: bool) -> None:
    """Episode 1, "Special Event": once per game, an Event at the start of a turn."""
    s[PHASE] = RUN
    if special:
        s[SPECIAL_USED] = 1
        start_event(s)
