"""Towns: reaching one, shopping, the Special Item for sale, and Poker, as
in :mod:`..rules.towns`.

Ep.1/Ep.2 "Towns", "Items That Are Always Available", "Special Items",
Ep.1 "Poker"; RULINGS d6 (Poker stakes and hands); D6-T3..T6, D6-V6,
D6-V10.
"""

from __future__ import annotations

import numpy as np

from saloon.core.jit import jit
from saloon.games.d6shooters.batch.core import clear
from saloon.games.d6shooters.batch.harm import start_shootout
from saloon.games.d6shooters.batch.slots import (
    AMMO,
    BLACK,
    C_CAP,
    C_EPISODE,
    FOOD,
    FX,
    G_WHITE,
    GOLD,
    GUNS,
    HOMETOWN,
    ITEMS,
    K_HOMETOWN,
    LOCKED,
    M_POKER,
    M_TURN,
    MODE,
    MOVE_LEFT,
    PHASE,
    POSSE,
    PRISONER,
    RED,
    ROLLS,
    TO_ROLL,
    TO_ROLL_N,
    TOWN_STOP,
    V_BOUGHT,
    V_ITEM,
    V_PENDING,
    V_POKER,
    V_SPACE,
    V_STAKE,
    V_TIES,
    WHITE,
)
from saloon.games.d6shooters.rules.nodes import (
    C_HAND,
    C_ITEM,
    C_ROLL,
    HUNTER,
    MAX_POKER_TIES,
    P_SHOP,
    P_STAKE,
    RUN,
)
from saloon.games.d6shooters.rules.sheet import NO_PRISONER, PRISONER_HELD

#: A Town's decisions, as the kernel's codes: leave, the goods always for
#: sale (Food 2 or 5, Ammo 2 or 5, a Posse member), the Special Item
#: offered, Better Guns for N Gold, Poker.
SH_LEAVE, SH_FOOD2, SH_FOOD5, SH_AMMO2, SH_AMMO5, SH_POSSE, SH_ITEM, SH_GUNS, SH_POKER = range(9)
#: The Better Guns' face on the Special Item die (both episodes).
GUNS_FACE = 6


@jit
def reach_town(s: np.ndarray, cfg: np.ndarray, space: int) -> None:
    """A Town reached ends the "until the next Town or Event" effects; a held
    prisoner pays 3 Gold (D6-V6). Episode 1 stops here (movement left is
    wasted; the Town is visited at the end of the turn); episode 2 visits
    it now (D6-M1)."""
    hometown = s[HOMETOWN]
    s[FX] = 0
    s[HOMETOWN] = 0
    s[V_SPACE] = space
    if s[PRISONER] == PRISONER_HELD:
        s[GOLD] += 3
        s[PRISONER] = NO_PRISONER
    if cfg[C_EPISODE] == 1:
        s[MOVE_LEFT] = 0
        s[TOWN_STOP] = 1
        return
    s[V_PENDING] = 1
    if hometown and s[MOVE_LEFT] == 0:
        # Ep.2 2-6 Crowe's Hometown: a Shootout where you stop (D6-V10).
        start_shootout(s, 2, 2, K_HOMETOWN)


@jit
def for_sale(s: np.ndarray, items: np.ndarray) -> int:
    """How many faces of the Special Item die are not owned: an Item owned is
    rolled again (D6-T3)."""
    n = 0
    for face in range(1, 7):
        if not s[ITEMS] & items[face, 0]:
            n += 1
    return n


@jit
def enter_town(s: np.ndarray, items: np.ndarray) -> None:
    """A visit begins: the Special Item for sale is rolled (D6-T3)."""
    s[V_ITEM] = 0
    s[V_BOUGHT] = 0
    s[V_POKER] = 0
    s[V_TIES] = 0
    s[PHASE] = C_ITEM if for_sale(s, items) else P_SHOP


@jit
def gain_item(s: np.ndarray, cfg: np.ndarray, items: np.ndarray, face: int, price: int) -> None:
    """A Special Item joins the posse; Better Guns add what was paid; the
    Hunter counts as a Posse member (D6-I2)."""
    bit = items[face, 0]
    s[ITEMS] |= bit
    if face == GUNS_FACE:
        s[GUNS] = price
    if bit == HUNTER:
        s[POSSE] = min(cfg[C_CAP], s[POSSE] + 1)


@jit
def shop_action(s: np.ndarray, cfg: np.ndarray, items: np.ndarray, code: int, n: int) -> None:
    """A purchase (D6-T4), Poker, or leaving the Town."""
    s[PHASE] = P_SHOP
    if code == SH_LEAVE:
        s[V_ITEM] = 0
        s[PHASE] = RUN
    elif code == SH_GUNS:
        s[GOLD] -= n
        gain_item(s, cfg, items, GUNS_FACE, n)
    elif code in (SH_FOOD2, SH_FOOD5):
        s[FOOD] = min(cfg[C_CAP], s[FOOD] + (2 if code == SH_FOOD2 else 5))
        s[GOLD] -= 1 if code == SH_FOOD2 else 2
    elif code in (SH_AMMO2, SH_AMMO5):
        s[AMMO] += 2 if code == SH_AMMO2 else 5
        s[GOLD] -= 1 if code == SH_AMMO2 else 2
    elif code == SH_POSSE:
        s[POSSE] += 1
        s[GOLD] -= 1
        s[V_BOUGHT] += 1
    elif code == SH_POKER:
        s[V_POKER] = 1
        s[PHASE] = P_STAKE
    else:
        face = s[V_ITEM]
        s[GOLD] -= items[face, 1]
        gain_item(s, cfg, items, face, 0)


# -- Poker (Ep.1 "Poker"; RULINGS d6; D6-T5, D6-T6) ------------------------------------------


@jit
def stake(s: np.ndarray, gold: int, food: int, ammo: int) -> None:
    """The wager is set; the hand is dealt."""
    s[V_STAKE] = gold
    s[V_STAKE + 1] = food
    s[V_STAKE + 2] = ammo
    deal(s)


@jit
def deal(s: np.ndarray) -> None:
    """Ep.1 "Poker": the best hand in three rolls of five white dice."""
    s[MODE] = M_POKER
    s[ROLLS] = 0
    clear(s, RED)
    clear(s, WHITE)
    clear(s, BLACK)
    clear(s, LOCKED)
    s[TO_ROLL] = G_WHITE
    s[TO_ROLL + 1] = 5
    s[TO_ROLL_N] = 1
    s[PHASE] = C_ROLL


@jit
def hand_code(s: np.ndarray, at: int) -> int:
    """The poker hand of the group at ``at`` as :func:`.tables.hand_code`
    numbers it: the rank (five of a kind > four > straight > full house >
    three > two pair > pair > high card), then the faces grouped, larger
    groups first, then higher faces (RULINGS d6: poker)."""
    big = 0
    kinds = 0
    lo, hi = 7, 0
    for f in range(1, 7):
        c = s[at + f]
        if c:
            kinds += 1
            big = max(big, c)
            lo = min(lo, f)
            hi = max(hi, f)
    if big == 5:
        rank = 7
    elif big == 4:
        rank = 6
    elif kinds == 5 and hi - lo == 4:
        rank = 5
    elif big == 3 and kinds == 2:
        rank = 4
    elif big == 3:
        rank = 3
    elif big == 2 and kinds == 3:
        rank = 2
    elif big == 2:
        rank = 1
    else:
        rank = 0
    digits = 0
    for c in range(5, 0, -1):
        for f in range(6, 0, -1):
            if s[at + f] == c:
                digits = digits * 10 + f
    return rank * 1_000_000 + digits


@jit
def hand_to_beat(s: np.ndarray, cfg: np.ndarray, hands: np.ndarray, n: int) -> None:
    """Compare with the hand to beat (a die); a tie starts over, and after
    three ties the stake is returned (D6-T6)."""
    mine, theirs = hand_code(s, WHITE), hands[n]
    g, f, a = s[V_STAKE], s[V_STAKE + 1], s[V_STAKE + 2]
    if mine == theirs and s[V_TIES] < MAX_POKER_TIES:
        s[V_TIES] += 1
        deal(s)
        return
    if mine > theirs:
        s[GOLD] += g
        s[FOOD] = min(cfg[C_CAP], s[FOOD] + f)
        s[AMMO] += a
    elif mine < theirs:
        s[GOLD] -= g
        s[FOOD] -= f
        s[AMMO] -= a
    s[V_STAKE] = 0
    s[V_STAKE + 1] = 0
    s[V_STAKE + 2] = 0
    s[MODE] = M_TURN
    clear(s, WHITE)
    s[PHASE] = P_SHOP


_ = C_HAND
