"""The ``heuristic`` agent's decisions, as :class:`..strategy.HeuristicAgent`
takes them, to the same action.

Each function reads the state and returns the action as numbers (the
codes of :mod:`.game`'s log); the float arithmetic is written in the
reference's order, so ties between choices break the same way. The
rules of thumb are the reference's (its docstrings say why): keep 1s to
the next stop, 4s against the locked 5s and 6s, 2s when Food is short,
3s for Gold; split the 4s by a rough value in points; Heat paid in Food
while it covers the next Rations; Towns buy Food, Ammo, Posse and a
useful Item; Events by simple value; the Showdown's Tactics and rerolls.
"""

from __future__ import annotations

import numpy as np

from saloon.core.jit import jit, jit_inline
from saloon.games.d6shooters.batch.core import at_least, count
from saloon.games.d6shooters.batch.events import (
    EC_CAMPFIRE,
    EC_DEER_BIG,
    EC_DEER_SMALL,
    EC_FIGHT,
    EC_HERD,
    EC_MINE,
    EC_PASS,
    EC_PAY,
    EC_TRADE,
    can_pay,
)
from saloon.games.d6shooters.batch.moves import fours_args
from saloon.games.d6shooters.batch.showdown import assign_range
from saloon.games.d6shooters.batch.slots import (
    AMMO,
    BLACK,
    C_CAP,
    C_DEST,
    C_EPISODE,
    C_LIMIT,
    DAY,
    EVENT_AT,
    FIVES,
    FOOD,
    FX,
    GOLD,
    GUNS,
    HEAT_HITS,
    ITEMS,
    KF_CROWE,
    KF_PACE,
    KI_AMMO,
    KI_AMMO_EP2,
    KI_FIGHT_DICE,
    KI_FOOD_MARGIN,
    KI_POKER_RICH,
    KI_POKER_STAKE,
    KI_POSSE_FOOD,
    KI_THREES,
    LOCKED,
    POSSE,
    RED,
    ROLLS,
    SD_CF,
    SD_CROWES,
    SD_PF,
    SD_POSSE,
    SD_TACTIC,
    SD_USED,
    SIXES,
    SPACE,
    T_CHARGE,
    T_DEFEND,
    T_DISTRACT,
    T_NONE,
    V_BOUGHT,
    V_ITEM,
    V_POKER,
    WHITE,
)
from saloon.games.d6shooters.batch.tables import (
    EK_BANDITS,
    EK_CAMPFIRE,
    EK_DEER,
    EK_GUNSIGHT,
    EK_WAGON,
    EV_BIG_AMMO,
    EV_FOOD,
    EV_KIND,
    EV_OPTIONS,
    EV_RATE,
    EV_SMALL_AMMO,
    MAX_BONUS,
    MAX_GANG,
    MAX_POSSE,
    RT_NEXT_TOWN,
    RT_STOP,
)
from saloon.games.d6shooters.batch.towns import (
    GUNS_FACE,
    SH_AMMO2,
    SH_AMMO5,
    SH_FOOD2,
    SH_FOOD5,
    SH_ITEM,
    SH_LEAVE,
    SH_POKER,
    SH_POSSE,
)
from saloon.games.d6shooters.rules.nodes import (
    BINOCULARS,
    COMPASS,
    FX_CAMPFIRE,
    HUNTER,
    MAP,
    MEDICINE,
)


@jit_inline
def hurry(s: np.ndarray, cfg: np.ndarray, pace: float) -> float:
    """Spaces left per turn left over the expected pace (above 1: behind)."""
    return float((cfg[C_DEST] - s[SPACE]) / max(1, cfg[C_LIMIT] - s[DAY]) / pace)


@jit_inline
def shootout_loss(odds: np.ndarray, posse: int, gang: int, bonus: int) -> float:
    """The heuristic's expected Posse lost in a Shootout (:mod:`.tables`)."""
    if posse > MAX_POSSE or gang > MAX_GANG:
        raise ValueError("a Shootout beyond the heuristic's tables")
    return float(odds[0, posse, gang, min(bonus, MAX_BONUS)])


@jit_inline
def shootout_win(odds: np.ndarray, posse: int, gang: int, bonus: int) -> float:
    """The heuristic's chance to win a Shootout (:mod:`.tables`)."""
    if posse > MAX_POSSE or gang > MAX_GANG:
        raise ValueError("a Shootout beyond the heuristic's tables")
    return float(odds[1, posse, gang, min(bonus, MAX_BONUS)])


# -- keeping dice --------------------------------------------------------------------------


@jit
def wanted(
    s: np.ndarray, cfg: np.ndarray, route: np.ndarray, ki: np.ndarray, kf: np.ndarray,
    want: np.ndarray,
) -> None:  # fmt: skip
    """The faces to keep among all dice showing, colourless (``want``: counts)."""
    ep = cfg[C_EPISODE]
    for f in range(7):
        want[f] = 0
    c1 = s[RED + 1] + s[WHITE + 1] + 2 * s[BLACK + 1]
    c2 = s[RED + 2] + s[WHITE + 2] + 2 * s[BLACK + 2]
    c3 = s[RED + 3] + s[WHITE + 3] + 2 * s[BLACK + 3]
    c4 = s[RED + 4] + s[WHITE + 4] + 2 * s[BLACK + 4]
    left = 3 - s[ROLLS]
    # 1s: movement, no more than the next stop takes.
    room = route[s[SPACE], RT_STOP]
    ones = min(c1, room)
    want[1] += ones
    # 4s against the 5s and 6s that stay (locked) and, on the last roll, one more.
    threat5, threat6 = s[LOCKED + 5], s[LOCKED + 6]
    need4 = threat5 + (threat6 if s[AMMO] >= 1 else (threat6 + 1) // 2)
    if ep == 2 and threat6 and s[AMMO] >= 1:
        need4 += ki[KI_FIGHT_DICE]
    if left == 1:
        need4 += 1
    fours = min(c4, max(need4, 0))
    want[4] += fours
    # 2s when Food is short for the next Rations.
    short = s[FOOD] < s[POSSE] + ki[KI_FOOD_MARGIN] and s[FOOD] < cfg[C_CAP]
    if short and c2 >= (2 if left == 1 else 1):
        want[2] += c2 - c2 % 2 if left == 1 else c2
    # 3s for Gold.
    per = 2 if ep == 1 and s[ITEMS] & MAP else 3
    if c3 >= min(ki[KI_THREES], per) and hurry(s, cfg, kf[KF_PACE]) < 1.1:
        want[3] += c3
    # Enough movement already: extra 4s help Backroads and defence.
    if ones >= room:
        want[4] += c4 - fours


@jit
def keep(
    s: np.ndarray, cfg: np.ndarray, route: np.ndarray, ki: np.ndarray, kf: np.ndarray,
    want: np.ndarray, kept: np.ndarray,
) -> bool:  # fmt: skip
    """The dice to keep, every colour at once (``kept``: black, red, white
    counts, 7 each): the black die for a pair of its face, the locked reds,
    then red before white; True (``stop``) when every die is kept."""
    wanted(s, cfg, route, ki, kf, want)
    for i in range(21):
        kept[i] = 0
    if cfg[C_EPISODE] == 2 and count(s, BLACK):
        bf = 1
        while not s[BLACK + bf]:
            bf += 1
        if want[bf] >= 2:
            want[bf] -= 2
            kept[bf] = 1
    for f in range(1, 7):
        locked = s[LOCKED + f]
        want[f] = max(0, want[f] - locked)
        free = min(s[RED + f] - locked, want[f])
        want[f] -= free
        kept[7 + f] = locked + free
        white = min(s[WHITE + f], want[f])
        want[f] -= white
        kept[14 + f] = white
    for f in range(1, 7):
        if kept[f] != s[BLACK + f] or kept[7 + f] != s[RED + f] or kept[14 + f] != s[WHITE + f]:
            return False
    return True


@jit
def poker_keep(s: np.ndarray, kept: np.ndarray) -> bool:
    """Ep.1 "Poker": a straight or a full house stands (``stop``); otherwise
    keep the biggest group of a kind (two pairs both), the higher face on
    a tie (``kept``: as :func:`keep`)."""
    for i in range(21):
        kept[i] = 0
    kinds = 0
    big = 0
    pairs = 0
    best = 0
    for f in range(1, 7):
        c = s[WHITE + f]
        if c:
            kinds += 1
            if c == 2:
                pairs += 1
            if c >= big:
                big = c
                best = f
    straight = kinds == 5 and (s[WHITE + 1] == 0 or s[WHITE + 6] == 0)
    if straight or big == 5 or (big == 3 and kinds == 2):
        return True
    if pairs == 2:
        for f in range(1, 7):
            if s[WHITE + f] == 2:
                kept[14 + f] = 2
    elif big > 1:
        kept[14 + best] = big
    return False


# -- the 4s --------------------------------------------------------------------------------


@jit
def fours_value(
    s: np.ndarray, cfg: np.ndarray, kf: np.ndarray, odds: np.ndarray, shelter: int, hide: int,
    fight: int, back: int,
) -> float:  # fmt: skip
    """Points a split is worth, roughly: a Posse member 3 (and safety), a
    space of Backroads and a Day by how short time is."""
    ep, heat_hit, fives, sixes, bonus, extra, crowe, food, pace, space, danger, stepping = (
        _split_terms(s, cfg, kf)
    )
    return _split_value(
        odds, ep, heat_hit, fives, sixes, bonus, extra, crowe, food, pace, space, danger,
        stepping, shelter, hide, fight, back,
    )  # fmt: skip


@jit_inline
def _split_terms(
    s: np.ndarray, cfg: np.ndarray, kf: np.ndarray
) -> tuple[int, float, int, int, int, int, float, int, float, float, float, int]:
    """What every split's value reads of the state (the same for every split
    of a roll, so :func:`fours` reads it once)."""
    ep = cfg[C_EPISODE]
    heat_hit = 4 / 6 if ep == 1 else 3 / 6
    extra = 1 if s[FX] & FX_CAMPFIRE else 0
    pace = kf[KF_PACE]
    h = hurry(s, cfg, pace)
    space = 1.0 + 3.0 * max(0.0, h - 0.7)
    stepping = 2 if ep == 1 else 1
    danger = 2.0 if s[POSSE] <= 3 else 0.0
    return (
        ep, heat_hit, s[FIVES], s[SIXES], s[AMMO] + s[GUNS], extra, kf[KF_CROWE], s[FOOD],
        pace, space, danger, stepping,
    )  # fmt: skip


@jit_inline
def _split_value(
    odds: np.ndarray, ep: int, heat_hit: float, fives: int, sixes: int, bonus: int, extra: int,
    crowe: float, food: int, pace: float, space: float, danger: float, stepping: int,
    shelter: int, hide: int, fight: int, back: int,
) -> float:  # fmt: skip
    n5 = fives - shelter
    n6 = max(0, sixes - 2 * hide)
    gain = 0.0
    if n6 and fight:
        lost = shootout_loss(odds, fight + extra, n6, bonus) + 0.3
        if ep == 2:
            # Ep.2 "Shootout!": a win crosses off a Crowe Gang member.
            gain = crowe * shootout_win(odds, fight + extra, n6, bonus)
    else:
        lost = n6 * 4 / 6
    lost += n5 * heat_hit * (0.7 if ep == 1 and food >= 2 * n5 else 1.0)
    return float(
        gain
        - lost * (3.0 + danger)
        - hide * space * pace
        + (back // stepping) * space
        - fight * 0.01
    )


@jit
def fours(
    s: np.ndarray, cfg: np.ndarray, kf: np.ndarray, odds: np.ndarray, out: np.ndarray
) -> None:
    """The split of the 4s worth most (the first of equals, in the
    reference's order of splits, :func:`..rules.moves.fours_options`)."""
    n4, shelter, n6, back, stepping = fours_args(s, cfg)
    ep, heat_hit, fives, sixes, bonus, extra, crowe, food, pace, space, danger, _ = _split_terms(
        s, cfg, kf
    )
    best = -np.inf
    for sh in range(min(n4, shelter) + 1):
        for h in range(min(n4 - sh, (n6 + 1) // 2) + 1):
            for b in range(0, min(n4 - sh - h, back) + 1, stepping):
                rest = n4 - sh - h - b
                fmax = rest if n6 - 2 * h > 0 else 0
                for f in range(fmax + 1):
                    v = _split_value(
                        odds, ep, heat_hit, fives, sixes, bonus, extra, crowe, food, pace,
                        space, danger, stepping, sh, h, f, b,
                    )  # fmt: skip
                    if v > best:
                        best = v
                        out[0], out[1], out[2], out[3] = sh, h, f, b


# -- everything else -----------------------------------------------------------------------


@jit
def heat(s: np.ndarray, ki: np.ndarray) -> int:
    """Ep.1 "Extreme Heat!": 2 Food or 1 Posse a hit, from whichever is more
    plentiful against the next Rations."""
    food, posse, paid = s[FOOD], s[POSSE], 0
    for _ in range(s[HEAT_HITS]):
        after = posse
        if food >= 2 and (food - 2 >= after - 1 + ki[KI_FOOD_MARGIN] or posse <= 2):
            food -= 2
            paid += 1
        else:
            posse -= 1
    return paid


@jit
def hills(s: np.ndarray) -> int:
    """Gold in Them Hills: a white 6, 5 or 2 to a 3 when a 3 shows (0: pass)."""
    if s[RED + 3] + s[WHITE + 3] < 1:
        return 0
    for f in (6, 5, 2):
        if s[WHITE + f]:
            return f
    return 0


@jit
def charm(s: np.ndarray, cfg: np.ndarray) -> int:
    """Lucky Charm: a white 5 to a 4 (returns 5), else a 2 to a 1 (returns 2);
    0: pass."""
    if s[WHITE + 5]:
        return 5
    if s[WHITE + 2] and cfg[C_DEST] - s[SPACE] > 1:
        return 2
    return 0


@jit
def loss(s: np.ndarray, amount: int, can_take: int) -> int:
    """Against a Posse loss: Medicine (-1) for a big loss or one that would
    end the game, else the deserters who can take it."""
    if s[ITEMS] & MEDICINE and (amount >= 2 or amount >= s[POSSE]):
        return -1
    return min(can_take, amount)


@jit
def recruit(s: np.ndarray, cfg: np.ndarray, sets: int) -> int:
    """Ep.2: sets of 3s that recruit, while the Food feeds them."""
    n = min(sets, cfg[C_CAP] - s[POSSE])
    if s[FOOD] < s[POSSE]:
        n = 0
    return int(n)


@jit
def needed_food(s: np.ndarray, cfg: np.ndarray, route: np.ndarray, kf: np.ndarray) -> int:
    """Food for the Rations until the next Town (about ``pace`` spaces a Day)."""
    space = s[SPACE]
    nxt = route[space, RT_NEXT_TOWN]
    dist = (nxt if nxt else cfg[C_DEST]) - space
    days = max(1.0, dist / kf[KF_PACE])
    rations = int((s[DAY] % 5 + days) // 5)
    if nxt and nxt == cfg[C_DEST]:
        rations = int((s[DAY] % 5 + days - 1) // 5)
    return int(max(0, rations) * s[POSSE])


@jit
def shop(
    s: np.ndarray, cfg: np.ndarray, route: np.ndarray, items: np.ndarray, ki: np.ndarray,
    kf: np.ndarray,
) -> int:  # fmt: skip
    """A Town: one buy per decision, most urgent first (a code of :mod:`.towns`)."""
    ep = cfg[C_EPISODE]
    cap = cfg[C_CAP]
    g, food, ammo, posse = s[GOLD], s[FOOD], s[AMMO], s[POSSE]
    # What the Town sells now (D6-T4).
    food2 = g >= 1 and food < cap
    food5 = food2 and g >= 2
    ammo2 = g >= 1
    ammo5 = g >= 2
    buy_posse = g >= 1 and posse < cap and s[V_BOUGHT] < (3 if ep == 1 else 2)
    offer = s[V_ITEM]
    bit = items[offer, 0] if offer else 0
    item = offer != 0 and offer != GUNS_FACE and not s[ITEMS] & bit and g >= items[offer, 1]
    poker = ep == 1 and not s[V_POKER] and g + food + ammo > 0
    need = needed_food(s, cfg, route, kf)
    if g >= 2 and food + 5 <= cap + 1 and food < need and food5:
        return SH_FOOD5
    if g >= 1 and food < need and food2:
        return SH_FOOD2
    if item and bit == MEDICINE and g >= 3:
        return SH_ITEM
    if item and bit == COMPASS and cfg[C_DEST] - s[SPACE] > 25:
        return SH_ITEM
    target = ki[KI_AMMO_EP2] if ep == 2 else ki[KI_AMMO]
    if ammo + 5 <= target and g >= 2 and ammo5:
        return SH_AMMO5
    if ammo < target and g >= 1 and ammo2:
        return SH_AMMO2
    if buy_posse and food >= need + posse // 3 + ki[KI_POSSE_FOOD]:
        return SH_POSSE
    if item and bit == HUNTER and g >= 4:
        return SH_ITEM
    if item and bit == BINOCULARS and g >= 4:
        return SH_ITEM
    if ki[KI_POKER_STAKE] and poker and g >= ki[KI_POKER_RICH]:
        return SH_POKER
    return SH_LEAVE


@jit
def event(
    s: np.ndarray, cfg: np.ndarray, ev: np.ndarray, pays: np.ndarray, kf: np.ndarray,
    odds: np.ndarray, out: np.ndarray,
) -> int:  # fmt: skip
    """An Event's choice by simple value: returns its code, with a payment's
    index in ``out[0]`` or a trade's Food and Ammo in ``out[0:2]``."""
    row = s[EVENT_AT]
    k = ev[row, EV_KIND]
    cap = cfg[C_CAP]
    food, ammo, posse, gold = s[FOOD], s[AMMO], s[POSSE], s[GOLD]
    if k == EK_GUNSIGHT:
        return EC_MINE
    if k == EK_CAMPFIRE:
        if food >= ev[row, EV_FOOD]:
            return EC_CAMPFIRE if food > posse and ammo >= 1 else EC_PASS
        return EC_PASS
    if k == EK_DEER:
        small = ev[row, EV_SMALL_AMMO]
        big = ev[row, EV_BIG_AMMO]
        if big and ammo >= big and hurry(s, cfg, kf[KF_PACE]) < 0.8 and food < cap - 6:
            return EC_DEER_BIG
        if ammo >= small and food <= cap - 2 and ammo >= 2:
            return EC_DEER_SMALL if big else EC_HERD
        return EC_PASS
    if k == EK_WAGON:
        # Wagon Train: Food bought with Gold while it is short (the largest
        # such trade offered: D6-V3).
        rate = ev[row, EV_RATE]
        need = posse + 2 - food
        f_hi = -(-(cap - food) // rate)
        best = 0
        for fu in range(1, min(f_hi, gold) + 1):
            f = fu * rate
            if need > 0 and f * 2 <= need + 1 and gold >= f:
                best = f
        if best:
            out[0] = best
            out[1] = 0
            return EC_TRADE
        return EC_PASS
    # Posse Demands and Bandits!: the cheapest payment, or the fight.
    short = food < posse + 2
    food_w = 2.5 if short else 1.0
    best_i = -1
    best_cost = 1e9
    for i in range(ev[row, EV_OPTIONS]):
        if can_pay(s, pays, row, i):
            posse_w = 8.0 if posse <= pays[row, i, 3] + 1 else 3.5
            c = (
                2.0 * pays[row, i, 0]
                + food_w * pays[row, i, 1]
                + 0.5 * pays[row, i, 2]
                + posse_w * pays[row, i, 3]
            )
            if best_i < 0 or c < best_cost:
                best_i = i
                best_cost = c
    if k == EK_BANDITS:
        fight = shootout_loss(odds, 1, 2, ammo + s[GUNS]) * 3.5 + 0.5
        if fight < best_cost:
            return EC_FIGHT
    out[0] = best_i
    return EC_PAY


@jit
def stake(s: np.ndarray, ki: np.ndarray) -> tuple[int, int, int]:
    """Poker: ``poker_stake`` Gold (at least 1, at most what is held); with
    no Gold, the first stake offered."""
    gold = min(max(1, ki[KI_POKER_STAKE]), s[GOLD])
    if gold:
        return gold, 0, 0
    if s[AMMO]:
        return 0, 0, 1
    if s[FOOD]:
        return 0, 1, 0
    return 1, 0, 0


# -- the Ghost Town Showdown (episode 2) ------------------------------------------------------


@jit
def tactic(s: np.ndarray) -> int:
    """Charge with the bigger side, Defend when outnumbered, Distract once."""
    used = s[SD_USED]
    if s[SD_POSSE] >= s[SD_CROWES] + 2 and not used & 4:
        return T_CHARGE
    if not used & 2:
        return T_DEFEND
    if not used & 8:
        return T_DISTRACT
    if not used & 4 and s[SD_POSSE] > s[SD_CROWES]:
        return T_CHARGE
    return T_NONE


@jit
def reroll(s: np.ndarray, posse: np.ndarray, crowe: np.ndarray) -> bool:
    """Rerolls of the Crowe dice that would hit, then of Posse misses
    (at most three; ``posse``, ``crowe``: counts); False: pass."""
    t = s[SD_TACTIC]
    hit = 6 if t == T_DEFEND else 4 if t == T_CHARGE else 5
    ok = 3 if t in (T_DEFEND, T_CHARGE) else 4
    for f in range(7):
        posse[f] = 0
        crowe[f] = 0
    nc = 0
    for f in range(hit, 7):
        take = min(s[SD_CF + f], 3 - nc)
        crowe[f] = take
        nc += take
    np_ = 0
    for f in range(1, ok):
        take = min(s[SD_PF + f], 3 - nc - np_)
        posse[f] = take
        np_ += take
    return not (not nc and np_ < 2)


@jit
def nudge(s: np.ndarray) -> int:
    """Distract's pips: a Crowe 5 to a 4 (1), a Posse 3 to a 4 (2), a Crowe 3
    to a 2 (3); 0: done."""
    if s[SD_CF + 5]:
        return 1
    if s[SD_PF + 3]:
        return 2
    if s[SD_CF + 3]:
        return 3
    return 0


@jit
def assign(s: np.ndarray) -> int:
    """Remove as many Crowe 1-2s as possible when the Posse can take the 5-6s'
    hits, else set aside every 5-6 first."""
    hi = assign_range(s)
    wins = at_least(s, SD_PF, 4)
    high = at_least(s, SD_CF, 5)
    lo = min(hi, max(0, wins - high))
    return hi if s[SD_POSSE] > 2 else lo
