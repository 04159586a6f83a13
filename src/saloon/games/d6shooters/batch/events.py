"""Events: drawn on an E square or called once a game, and what each one
does, as in :mod:`..rules.events`.

Ep.1/Ep.2 "Events", "Event List", Ep.1 "Special Event"; RULINGS d6 (the
entries 3-3 to 6-6 and the reconstructed episode-2 list); D6-V1..V12. The
Event's row of the ``events`` table (:mod:`.tables`) gives its kind and
numbers.
"""

from __future__ import annotations

import numpy as np

from saloon.core.jit import jit, jit_inline
from saloon.games.d6shooters.batch.core import end
from saloon.games.d6shooters.batch.harm import add_days, lose_posse, posse_loss, start_shootout
from saloon.games.d6shooters.batch.slots import (
    AMMO,
    C_CAP,
    C_CROWES,
    CHECK_DICE,
    CROWES,
    DESERTERS,
    E_EVENT,
    EVENT_AT,
    FOOD,
    FX,
    GOLD,
    HOMETOWN,
    K_BANDITS,
    L_SNAKES,
    L_STAMPEDE,
    L_TRAITOR,
    LOST_FAMILY,
    MOVE_LEFT,
    NO_MOVEMENT,
    PHASE,
    POSSE,
    PRISONER,
    R_DEER,
    R_FISH,
    R_SHORTCUT,
    R_SNAKES,
    R_STAMPEDE,
    ROLL_FOR,
    SPACE,
)
from saloon.games.d6shooters.batch.tables import (
    EK_BANDITS,
    EK_BILLY,
    EK_CAMPFIRE,
    EK_CRITTERS,
    EK_DEER,
    EK_DEMANDS,
    EK_DESERTERS,
    EK_DOWNHILL,
    EK_FISHING,
    EK_GOLD_HILLS,
    EK_GUIDE,
    EK_GUNSIGHT,
    EK_HOMETOWN,
    EK_LOST,
    EK_LOST_FAMILY,
    EK_PRISONER,
    EK_RATTLESNAKES,
    EK_SHORTCUT,
    EK_SHORTCUT_ROLL,
    EK_SLOW_TRAIN,
    EK_STAMPEDE,
    EK_TRAITOR,
    EK_WAGON,
    EV_AHEAD,
    EV_BIG_AMMO,
    EV_BIG_BONUS,
    EV_BIG_DAYS,
    EV_DAYS,
    EV_FOOD,
    EV_GANG_DICE,
    EV_GOLD,
    EV_KIND,
    EV_LOSS,
    EV_MEN,
    EV_OPTIONS,
    EV_POSSE_DICE,
    EV_RATE,
    EV_SMALL_AMMO,
    EV_SMALL_FOOD,
    EV_SPACES,
    RT_LAST_TOWN,
    RT_NEXT_TOWN,
)
from saloon.games.d6shooters.rules.nodes import (
    C_CHECK,
    C_EVENT,
    C_EVENT_DIE,
    FX_CAMPFIRE,
    FX_CRITTERS,
    FX_DOWNHILL,
    FX_GUIDE,
    FX_GUNSIGHT,
    FX_HILLS,
    OVER,
    P_EVENT_CHOICE,
)
from saloon.games.d6shooters.rules.sheet import NO_PRISONER, PRISONER_AWAITED

#: An Event's choice, as the kernel's decision codes (the reference's
#: ``pass``, ``pay ...``, ``trade ...``, ``deer small``, ``herd``, ``deer
#: big``, ``mine``, ``campfire``, ``fight``).
EC_PASS, EC_PAY, EC_TRADE, EC_DEER_SMALL, EC_HERD, EC_DEER_BIG, EC_MINE = range(7)
EC_CAMPFIRE, EC_FIGHT = 7, 8


@jit_inline
def start_event(s: np.ndarray) -> None:
    """An E square reached (or the Special Event called): the effects that
    last "until the next Town or Event" end, then the Event is drawn
    (D6-V1); Crowe's Hometown lasts until the next Town (Ep.2 2-6)."""
    s[FX] = 0
    s[PHASE] = C_EVENT


@jit_inline
def can_pay(s: np.ndarray, pays: np.ndarray, row: int, i: int) -> bool:
    return bool(
        s[GOLD] >= pays[row, i, 0] and s[FOOD] >= pays[row, i, 1] and s[AMMO] >= pays[row, i, 2]
    )


@jit
def run_event(
    s: np.ndarray, cfg: np.ndarray, route: np.ndarray, ev: np.ndarray, pays: np.ndarray, row: int
) -> None:
    """What each kind of Event does at once (Event List)."""
    s[EVENT_AT] = row
    k = ev[row, EV_KIND]
    if k in (EK_STAMPEDE, EK_SHORTCUT_ROLL):
        s[ROLL_FOR] = R_STAMPEDE if k == EK_STAMPEDE else R_SHORTCUT
        s[PHASE] = C_EVENT_DIE
    elif k == EK_DEER:
        if s[AMMO] >= ev[row, EV_SMALL_AMMO]:
            s[PHASE] = P_EVENT_CHOICE
    elif k in (EK_RATTLESNAKES, EK_FISHING):
        s[ROLL_FOR] = R_SNAKES if k == EK_RATTLESNAKES else R_FISH
        s[CHECK_DICE] = s[POSSE]
        s[PHASE] = C_CHECK
    elif k == EK_BILLY:
        # Billy Escapes! (D6-V11): only a strictly nearer Town ahead moves the posse.
        space = s[SPACE]
        behind = route[space, RT_LAST_TOWN]
        ahead = route[space, RT_NEXT_TOWN]
        if ahead - space < space - behind:
            s[MOVE_LEFT] += ev[row, EV_AHEAD]
        add_days(s, cfg, ev[row, EV_DAYS])
    elif k == EK_GOLD_HILLS:
        s[FX] |= FX_HILLS
    elif k in (EK_WAGON, EK_GUNSIGHT, EK_CAMPFIRE, EK_BANDITS):
        s[PHASE] = P_EVENT_CHOICE  # these always offer a choice (pass, or fight)
    elif k == EK_DEMANDS:
        # Posse Demands: what cannot be paid at all loses the game (Event List).
        n = 0
        for i in range(ev[row, EV_OPTIONS]):
            if can_pay(s, pays, row, i):
                n += 1
        if n:
            s[PHASE] = P_EVENT_CHOICE
        else:
            end(s, E_EVENT)
    elif k == EK_SLOW_TRAIN:
        s[MOVE_LEFT] = 0
        s[NO_MOVEMENT] = 1
    elif k == EK_DOWNHILL:
        s[FX] |= FX_DOWNHILL
    elif k == EK_SHORTCUT:
        s[MOVE_LEFT] += ev[row, EV_SPACES]
    elif k == EK_LOST:
        # Lost: lose the Food, then the Day; no Food loses the game (D6-V2).
        if s[FOOD] < ev[row, EV_FOOD]:
            end(s, E_EVENT)
            return
        s[FOOD] -= ev[row, EV_FOOD]
        add_days(s, cfg, ev[row, EV_DAYS])
    elif k == EK_PRISONER:
        if s[PRISONER] == NO_PRISONER:
            s[PRISONER] = PRISONER_AWAITED
    elif k == EK_CRITTERS:
        s[FX] |= FX_CRITTERS
    elif k == EK_LOST_FAMILY:
        s[LOST_FAMILY] = 1
        add_days(s, cfg, ev[row, EV_DAYS])
    elif k == EK_DESERTERS:
        s[DESERTERS] = max(s[DESERTERS], ev[row, EV_MEN])
    elif k == EK_GUIDE:
        s[FX] |= FX_GUIDE
    elif k == EK_TRAITOR:
        # Traitor: a Crowe added, the track no fuller than it started (D6-V14);
        # the Posse member is lost (Medicine can prevent it: RULINGS d6).
        if s[CROWES] < cfg_crowes(cfg):
            s[CROWES] += 1
        posse_loss(s, cfg, 1, L_TRAITOR)
    elif k == EK_HOMETOWN:
        s[HOMETOWN] = 1


@jit_inline
def cfg_crowes(cfg: np.ndarray) -> int:
    """The Crowe Gang track's boxes (D6-V14)."""
    return int(cfg[C_CROWES])


@jit
def choose(
    s: np.ndarray, cfg: np.ndarray, ev: np.ndarray, pays: np.ndarray, code: int, a: int, b: int
) -> None:
    """The player's choice at an Event: ``code`` (:data:`EC_PASS` ...) with
    the payment's index ``a``, or a trade's Food ``a`` and Ammo ``b``."""
    row = s[EVENT_AT]
    cap = cfg[C_CAP]
    if code == EC_PASS:
        return
    if code == EC_PAY:
        s[GOLD] -= pays[row, a, 0]
        s[FOOD] -= pays[row, a, 1]
        s[AMMO] -= pays[row, a, 2]
        if pays[row, a, 3]:
            # Posse given up by choice: not a loss Medicine prevents (RULINGS d6).
            lose_posse(s, cfg, pays[row, a, 3])
        return
    if code == EC_TRADE:
        rate = ev[row, EV_RATE]
        s[GOLD] -= (a + b) // rate
        s[FOOD] = min(cap, s[FOOD] + a)
        s[AMMO] += b
        return
    if code in (EC_DEER_SMALL, EC_HERD):
        s[AMMO] -= ev[row, EV_SMALL_AMMO]
        s[FOOD] = min(cap, s[FOOD] + ev[row, EV_SMALL_FOOD])
    elif code == EC_DEER_BIG:
        s[AMMO] -= ev[row, EV_BIG_AMMO]
        s[ROLL_FOR] = R_DEER
        s[PHASE] = C_EVENT_DIE
    elif code == EC_MINE:
        s[GOLD] += ev[row, EV_GOLD]
        s[FX] |= FX_GUNSIGHT
    elif code == EC_CAMPFIRE:
        s[FOOD] -= ev[row, EV_FOOD]
        s[FX] |= FX_CAMPFIRE
    elif code == EC_FIGHT:
        extra = 1 if s[FX] & FX_CAMPFIRE else 0
        start_shootout(s, ev[row, EV_POSSE_DICE] + extra, ev[row, EV_GANG_DICE], K_BANDITS)


@jit
def die_rolled(s: np.ndarray, cfg: np.ndarray, ev: np.ndarray, n: int) -> None:
    """What an Event's dice (their total ``n``) do (Event List; RULINGS d6)."""
    row = s[EVENT_AT]
    label = s[ROLL_FOR]
    if label == R_STAMPEDE:
        # Stampede!: two dice lower than the Posse cost 2 Posse.
        if n < s[POSSE]:
            posse_loss(s, cfg, ev[row, EV_LOSS], L_STAMPEDE)
    elif label == R_SHORTCUT:
        # Shortcut? (RULINGS d6, 3-3): a die minus 3.
        if n > 3:
            s[MOVE_LEFT] += n - 3
        elif n < 3:
            add_days(s, cfg, 1)
    elif label == R_DEER:
        # Deer Herd, the big hunt: a die plus the bonus in Food (and a Day in Ep.1: D6-V5).
        s[FOOD] = min(cfg[C_CAP], s[FOOD] + n + ev[row, EV_BIG_BONUS])
        if ev[row, EV_BIG_DAYS]:
            add_days(s, cfg, ev[row, EV_BIG_DAYS])


@jit
def counted(s: np.ndarray, cfg: np.ndarray, check: int, n: int) -> None:
    """Rattlesnakes!: the first 6 adds a Day, each further 6 costs a Posse
    member; Fishing Hole: a Food per 1 or 2."""
    if check == R_SNAKES:
        if n:
            add_days(s, cfg, 1)
            if s[PHASE] != OVER:
                posse_loss(s, cfg, n - 1, L_SNAKES)
    elif check == R_FISH:
        s[FOOD] = min(cfg[C_CAP], s[FOOD] + n)
