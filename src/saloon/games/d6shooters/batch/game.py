"""A whole game, and a block of games: the reference's loop over nodes.

The reference stands at a node after every transition (:mod:`..rules.state`):
a chance node is resolved by the dice, a decision by the agent, and the
turn runs on by itself (:func:`.turn.advance`) until the next node. The
kernel does the same, with the game's own dice (:mod:`.rng`) and the
heuristic's decisions (:mod:`.heuristic`) inline, so each game takes the
reference's path: the same chance nodes in the same order, the same
decisions. :func:`play_game` can log every outcome and decision
(:data:`.slots.LG_ROLL` ...), which :mod:`.log` turns into the
reference's actions.
"""

from __future__ import annotations

import numpy as np

from saloon.core.jit import borrowed, jit, jit_inline
from saloon.games.d6shooters.batch import heuristic as H
from saloon.games.d6shooters.batch.core import log
from saloon.games.d6shooters.batch.events import (
    EC_PAY,
    EC_TRADE,
    choose,
    counted,
    die_rolled,
    run_event,
)
from saloon.games.d6shooters.batch.harm import (
    bonus,
    deserters_can_take,
    gang_checked,
    gang_volley,
    heat_checked,
    hits,
    pay_heat,
    posse_volley,
    settle_loss,
)
from saloon.games.d6shooters.batch.moves import recruit, split_fours
from saloon.games.d6shooters.batch.rng import below, die, game_key
from saloon.games.d6shooters.batch.showdown import finish_round, nudge, reroll, set_tactic
from saloon.games.d6shooters.batch.showdown import resolve as showdown_resolve
from saloon.games.d6shooters.batch.showdown import rolled as showdown_rolled
from saloon.games.d6shooters.batch.slots import (
    AMMO,
    ARRIVAL,
    C_AMMO,
    C_CROWES,
    C_EASIER,
    C_EPISODE,
    C_EVENTS_D6,
    C_FOOD,
    C_GOLD,
    C_LIMIT,
    C_POSSE,
    C_START,
    CHECK_DICE,
    CROWES,
    DAY,
    DESERTERS,
    E_WON,
    ENDED_AT,
    F_DEER,
    F_EVENT,
    F_HAND,
    F_ITEM,
    F_SHORTCUT,
    FOOD,
    G_DESERTERS,
    G_FISH,
    G_GANG,
    G_HEAT,
    G_POSSE,
    G_SNAKES,
    G_STAMPEDE,
    GOLD,
    GUNS,
    ITEMS,
    LG_DECISION,
    LG_END,
    LG_FACE,
    LG_PAIR,
    LG_ROLL,
    LOG_N,
    LOSSES,
    M_POKER,
    M_SHOWDOWN,
    MODE,
    MOVE_START,
    PHASE,
    POSSE,
    R_DEER,
    R_GANG,
    R_HEAT,
    R_SNAKES,
    R_STAMPEDE,
    RNG_KEY,
    ROLL_FOR,
    ROLLED,
    SD_PIPS,
    SD_REROLLED,
    SIZE,
    SO_GANG,
    SO_POSSE,
    SO_ROLL,
    SO_TIES,
    SPACE,
    STAGE,
    STEPS,
    THREES,
    TO_ROLL,
    V_ITEM,
)
from saloon.games.d6shooters.batch.slots import (
    EVENT_AT as EVENT_AT_,
)
from saloon.games.d6shooters.batch.tables import D6_ROW, EV_RED_DOWNHILL
from saloon.games.d6shooters.batch.towns import (
    SH_ITEM,
    for_sale,
    hand_to_beat,
    shop_action,
    stake,
)
from saloon.games.d6shooters.batch.turn import (
    advance,
    begin,
    binoculars_target,
    deserters_rolled,
    keep,
    rolled,
    set_family,
    set_guide,
    stop,
    use_binoculars,
    use_charm,
    use_hills,
)
from saloon.games.d6shooters.rules.nodes import (
    C_CHECK,
    C_DESERTERS,
    C_EVENT,
    C_EVENT_DIE,
    C_GANG_VOLLEY,
    C_HAND,
    C_ITEM,
    C_POSSE_VOLLEY,
    C_ROLL,
    COMPASS,
    MAX_SHOOTOUT_TIES,
    OVER,
    P_ASSIGN,
    P_BEGIN,
    P_BINOCULARS,
    P_CHARM,
    P_EVENT_CHOICE,
    P_FAMILY,
    P_FOURS,
    P_FREE_ITEM,
    P_GUIDE,
    P_HEAT_FOOD,
    P_HILLS,
    P_KEEP,
    P_LOSS,
    P_NUDGE,
    P_RECRUIT,
    P_REROLL,
    P_SHOP,
    P_STAKE,
    P_TACTIC,
    RUN,
    S_START,
)

#: A game longer than this many nodes is a bug (the reference's length bound
#: is far below it).
MAX_STEPS = 1_000_000
#: The free Better Guns of the Easier Version add this (D6-E2; ``nodes.FREE_GUNS``).
FREE_GUNS = 2


@jit_inline
def digits(s: np.ndarray, at: int) -> int:
    """The faces of a group as the digits of a number, low faces first."""
    n = 0
    for f in range(1, 7):
        for _ in range(s[at + f]):
            n = n * 10 + f
    return n


@jit_inline
def digits_of(counts: np.ndarray, at: int) -> int:
    n = 0
    for f in range(1, 7):
        for _ in range(counts[at + f]):
            n = n * 10 + f
    return n


@jit_inline
def roll(s: np.ndarray, n: int) -> int:
    """``n`` dice into ``ROLLED`` (counts); returns their total."""
    for f in range(7):
        s[ROLLED + f] = 0
    t = 0
    for _ in range(n):
        f = die(s)
        s[ROLLED + f] += 1
        t += f
    return t


@jit_inline
def log_roll(s: np.ndarray, lg: np.ndarray, group: int) -> None:
    log(
        s, lg, LG_ROLL, group, s[ROLLED + 1], s[ROLLED + 2], s[ROLLED + 3], s[ROLLED + 4],
        s[ROLLED + 5], s[ROLLED + 6], 0,
    )  # fmt: skip


@jit
def start(s: np.ndarray, cfg: np.ndarray, key: int) -> None:
    """A new game (``D6State.__init__``): the starting resources (Ep.1/Ep.2
    "Starting Resources"; the Easier Version's, D6-E1) and the first node."""
    for i in range(SIZE):
        s[i] = 0
    s[SPACE] = cfg[C_START]
    s[FOOD] = cfg[C_FOOD]
    s[AMMO] = cfg[C_AMMO]
    s[GOLD] = cfg[C_GOLD]
    s[POSSE] = cfg[C_POSSE]
    s[CROWES] = cfg[C_CROWES]
    s[MOVE_START] = -1
    s[STAGE] = S_START
    s[PHASE] = P_FREE_ITEM if cfg[C_EASIER] else RUN
    s[RNG_KEY] = key


@jit_inline
def chance(
    s: np.ndarray, cfg: np.ndarray, route: np.ndarray, ev: np.ndarray, pays: np.ndarray,
    items: np.ndarray, hands: np.ndarray, lg: np.ndarray,
) -> None:  # fmt: skip
    """The dice resolve the chance node the game stands at."""
    ph = s[PHASE]
    if ph == C_ROLL:
        group = s[TO_ROLL]
        roll(s, s[TO_ROLL + 1])
        log_roll(s, lg, group)
        rolled(s, cfg)
    elif ph == C_CHECK:
        check = s[ROLL_FOR]
        roll(s, s[CHECK_DICE])
        if check == R_HEAT:
            group = G_HEAT
        elif check == R_GANG:
            group = G_GANG
        elif check == R_SNAKES:
            group = G_SNAKES
        else:
            group = G_FISH
        log_roll(s, lg, group)
        s[PHASE] = RUN
        n = hits(s, cfg, check, ROLLED)
        if check == R_HEAT:
            heat_checked(s, cfg, n)
        elif check == R_GANG:
            gang_checked(s, cfg, n)
        else:
            counted(s, cfg, check, n)
    elif ph == C_POSSE_VOLLEY:
        # A tie is rolled again; after MAX_SHOOTOUT_TIES ties in a row the roll
        # is conditioned on not tying (D6-D2): drawn with the Gang's dice and
        # drawn again on a tie, which is that distribution exactly.
        while True:
            mine = roll(s, s[SO_POSSE])
            if s[SO_TIES] < MAX_SHOOTOUT_TIES:
                break
            theirs = 0
            for _ in range(s[SO_GANG]):
                theirs += die(s)
            if theirs != mine + bonus(s):
                break
        log_roll(s, lg, G_POSSE)
        posse_volley(s, mine)
    elif ph == C_GANG_VOLLEY:
        while True:
            theirs = roll(s, s[SO_GANG])
            if s[SO_TIES] < MAX_SHOOTOUT_TIES or theirs != s[SO_ROLL] + bonus(s):
                break
        log_roll(s, lg, G_GANG)
        gang_volley(s, cfg, theirs)
    elif ph == C_EVENT:
        # The Event drawn: one die (events=d6) or two, low die first; Ep.2's
        # red-1s Downhill Ride is drawn again with the Compass (D6-V12).
        skip = cfg[C_EPISODE] == 2 and (s[ITEMS] & COMPASS) != 0
        while True:
            if cfg[C_EVENTS_D6]:
                face = die(s)
                row = D6_ROW + face - 1
                lo, hi = face, 0
            else:
                a, b = die(s), die(s)
                lo, hi = min(a, b), max(a, b)
                row = (lo - 1) * 7 - (lo - 1) * lo // 2 + (hi - lo)
            if not (skip and ev[row, EV_RED_DOWNHILL] != 0):
                break
        if cfg[C_EVENTS_D6]:
            log(s, lg, LG_FACE, F_EVENT, lo, 0, 0, 0, 0, 0, 0)
        else:
            log(s, lg, LG_PAIR, lo, hi, 0, 0, 0, 0, 0, 0)
        s[PHASE] = RUN
        run_event(s, cfg, route, ev, pays, row)
    elif ph == C_EVENT_DIE:
        s[PHASE] = RUN
        if s[ROLL_FOR] == R_STAMPEDE:
            n = roll(s, 2)
            log_roll(s, lg, G_STAMPEDE)
        else:
            n = die(s)
            log(
                s, lg, LG_FACE, F_DEER if s[ROLL_FOR] == R_DEER else F_SHORTCUT, n, 0, 0, 0, 0, 0, 0
            )
        die_rolled(s, cfg, ev, n)
    elif ph == C_ITEM:
        # An Item owned is rolled again: uniform over the others (D6-T3).
        k = below(s, for_sale(s, items))
        face = 0
        for f in range(1, 7):
            if not s[ITEMS] & items[f, 0]:
                if k == 0:
                    face = f
                    break
                k -= 1
        log(s, lg, LG_FACE, F_ITEM, face, 0, 0, 0, 0, 0, 0)
        s[V_ITEM] = face
        s[PHASE] = P_SHOP
    elif ph == C_HAND:
        n = die(s)
        log(s, lg, LG_FACE, F_HAND, n, 0, 0, 0, 0, 0, 0)
        hand_to_beat(s, cfg, hands, n)
    elif ph == C_DESERTERS:
        roll(s, s[DESERTERS])
        log_roll(s, lg, G_DESERTERS)
        s[PHASE] = RUN
        deserters_rolled(s)


@jit_inline
def decide(
    s: np.ndarray, cfg: np.ndarray, route: np.ndarray, ev: np.ndarray, pays: np.ndarray,
    items: np.ndarray, ki: np.ndarray, kf: np.ndarray, odds: np.ndarray, lg: np.ndarray,
    work: np.ndarray,
) -> None:  # fmt: skip
    """The heuristic decides at the node the game stands at (logged), and the
    decision is applied, as ``D6State.apply_unchecked`` does."""
    ph = s[PHASE]
    if ph == P_KEEP:
        want, kept = work[0:7], work[7:28]
        if s[MODE] == M_POKER:
            done = H.poker_keep(s, kept)
        else:
            done = H.keep(s, cfg, route, ki, kf, want, kept)
        if done:
            log(s, lg, LG_DECISION, ph, 1, 0, 0, 0, 0, 0, 0)
            stop(s, cfg)
        else:
            log(
                s, lg, LG_DECISION, ph, 0, digits_of(kept, 0), digits_of(kept, 7),
                digits_of(kept, 14), 0, 0, 0,
            )  # fmt: skip
            keep(s, cfg, kept)
        return
    if ph == P_FOURS:
        out = work[0:4]
        H.fours(s, cfg, kf, odds, out)
        log(s, lg, LG_DECISION, ph, out[0], out[1], out[2], out[3], 0, 0, 0)
        split_fours(s, cfg, out[0], out[1], out[2], out[3])
        return
    if ph == P_BEGIN:
        # The heuristic always rolls (the Special Event is left unused).
        log(s, lg, LG_DECISION, ph, 0, 0, 0, 0, 0, 0, 0)
        begin(s, False)
        return
    if ph == P_BINOCULARS:
        face = binoculars_target(s, cfg)
        log(s, lg, LG_DECISION, ph, face, 0, 0, 0, 0, 0, 0)
        s[PHASE] = RUN
        use_binoculars(s, face)
        return
    if ph == P_HILLS:
        face = H.hills(s)
        log(s, lg, LG_DECISION, ph, 2 if face else 0, face, 0, 0, 0, 0, 0)
        s[PHASE] = RUN
        use_hills(s, cfg, False, face)
        return
    if ph == P_CHARM:
        face = H.charm(s, cfg)
        to = face - 1
        log(s, lg, LG_DECISION, ph, face, to if face else 0, 0, 0, 0, 0, 0)
        s[PHASE] = RUN
        use_charm(s, cfg, face, to)
        return
    s[PHASE] = RUN
    if ph == P_FREE_ITEM:
        # The heuristic starts with the Compass (Easier Version).
        log(s, lg, LG_DECISION, ph, 1, 0, 0, 0, 0, 0, 0)
        s[ITEMS] |= COMPASS
    elif ph == P_GUIDE:
        log(s, lg, LG_DECISION, ph, 1, 0, 0, 0, 0, 0, 0)
        set_guide(s, 1)
    elif ph == P_FAMILY:
        log(s, lg, LG_DECISION, ph, 1, 1, 0, 0, 0, 0, 0)
        set_family(s, 1, 1)
    elif ph == P_RECRUIT:
        n = H.recruit(s, cfg, s[THREES] // 3)
        log(s, lg, LG_DECISION, ph, n, 0, 0, 0, 0, 0, 0)
        recruit(s, cfg, n)
    elif ph == P_HEAT_FOOD:
        n = H.heat(s, ki)
        log(s, lg, LG_DECISION, ph, n, 0, 0, 0, 0, 0, 0)
        pay_heat(s, cfg, n)
    elif ph == P_LOSS:
        n = H.loss(s, s[LOSSES], deserters_can_take(s, s[LOSSES + 1]))
        log(s, lg, LG_DECISION, ph, 1 if n < 0 else 0, max(n, 0), 0, 0, 0, 0, 0)
        settle_loss(s, cfg, n < 0, max(n, 0))
        if s[MODE] == M_SHOWDOWN and s[PHASE] == RUN:
            finish_round(s)
            return
    elif ph == P_EVENT_CHOICE:
        out = work[0:2]
        code = H.event(s, cfg, ev, pays, kf, odds, out)
        if code == EC_PAY:
            row, i = s[EVENT_AT_], out[0]
            log(
                s, lg, LG_DECISION, ph, code, pays[row, i, 0], pays[row, i, 1], pays[row, i, 2],
                pays[row, i, 3], 0, 0,
            )  # fmt: skip
        elif code == EC_TRADE:
            log(s, lg, LG_DECISION, ph, code, out[0], out[1], 0, 0, 0, 0)
        else:
            log(s, lg, LG_DECISION, ph, code, 0, 0, 0, 0, 0, 0)
        choose(s, cfg, ev, pays, code, out[0], out[1])
    elif ph == P_SHOP:
        code = H.shop(s, cfg, route, items, ki, kf)
        log(s, lg, LG_DECISION, ph, code, s[V_ITEM] if code == SH_ITEM else 0, 0, 0, 0, 0, 0)
        shop_action(s, cfg, items, code, 0)
        return
    elif ph == P_STAKE:
        g, f, a = H.stake(s, ki)
        log(s, lg, LG_DECISION, ph, g, f, a, 0, 0, 0, 0)
        stake(s, g, f, a)
        return
    elif ph == P_TACTIC:
        t = H.tactic(s)
        log(s, lg, LG_DECISION, ph, t, 0, 0, 0, 0, 0, 0)
        set_tactic(s, t)
        return
    elif ph == P_REROLL:
        posse, crowe = work[0:7], work[7:14]
        if H.reroll(s, posse, crowe):
            log(s, lg, LG_DECISION, ph, 1, digits_of(posse, 0), digits_of(crowe, 0), 0, 0, 0, 0)
            reroll(s, posse, crowe)
        else:
            log(s, lg, LG_DECISION, ph, 0, 0, 0, 0, 0, 0, 0)
            s[SD_REROLLED] = 1
            showdown_rolled(s, cfg)
        return
    elif ph == P_NUDGE:
        which = H.nudge(s)
        if which == 0:
            log(s, lg, LG_DECISION, ph, 0, 0, 0, 0, 0, 0, 0)
            s[SD_PIPS] = 0
        else:
            on_crowe = which != 2
            face = 5 if which == 1 else 3
            to = 4 if which != 3 else 2
            log(s, lg, LG_DECISION, ph, 2 if on_crowe else 1, face, to, 0, 0, 0, 0)
            nudge(s, on_crowe, face, to)
        showdown_rolled(s, cfg)
        return
    elif ph == P_ASSIGN:
        n = H.assign(s)
        log(s, lg, LG_DECISION, ph, n, 0, 0, 0, 0, 0, 0)
        showdown_resolve(s, cfg, n)
        return
    else:
        raise ValueError("the batch kernel reached a node it does not know")


@jit
def play_game(
    s: np.ndarray, key: int, cfg: np.ndarray, route: np.ndarray, ev: np.ndarray,
    pays: np.ndarray, items: np.ndarray, hands: np.ndarray, ki: np.ndarray, kf: np.ndarray,
    odds: np.ndarray, lg: np.ndarray, work: np.ndarray,
) -> None:  # fmt: skip
    """One game from its key to the end; the final playsheet is logged last.

    Every array is passed down as a :func:`~saloon.core.jit.borrowed` view,
    which spares the reference counting of each call."""
    s, cfg, route, ev, pays = (
        borrowed(s),
        borrowed(cfg),
        borrowed(route),
        borrowed(ev),
        borrowed(pays),
    )
    items, hands, ki, kf = borrowed(items), borrowed(hands), borrowed(ki), borrowed(kf)
    odds, lg, work = borrowed(odds), borrowed(lg), borrowed(work)
    start(s, cfg, key)
    advance(s, cfg, route, items)
    while s[PHASE] != OVER:
        if s[PHASE] >= C_ROLL:
            chance(s, cfg, route, ev, pays, items, hands, lg)
        else:
            decide(s, cfg, route, ev, pays, items, ki, kf, odds, lg, work)
        advance(s, cfg, route, items)
        s[STEPS] += 1
        if s[STEPS] > MAX_STEPS:
            raise ValueError("a game of the batch kernel ran past its length bound")
    log(
        s, lg, LG_END, s[DAY], s[SPACE], s[FOOD], s[AMMO], s[GOLD], s[POSSE], s[ITEMS],
        s[CROWES],
    )  # fmt: skip
    log(s, lg, LG_END, s[ENDED_AT], s[ARRIVAL], s[GUNS], score(s, cfg), 0, 0, 0, 0)


@jit
def score(s: np.ndarray, cfg: np.ndarray) -> int:
    """Ep.1/Ep.2 "Scoring": only when won (RULINGS d6: Days early = the limit
    minus the Day of arrival)."""
    if s[ENDED_AT] != E_WON:
        return 0
    early = max(0, cfg[C_LIMIT] - s[ARRIVAL])
    if cfg[C_EPISODE] == 1:
        return int(10 + 2 * early + 3 * s[POSSE] + 2 * s[GOLD] + s[FOOD] + s[AMMO] // 2)
    return int(15 + 2 * early + 3 * s[POSSE] + 3 * s[GOLD] + s[FOOD] + s[AMMO] // 2)


#: The tally array's layout (:func:`play_block`): games, wins, the sum of
#: scores and of their squares, a count per way the game ended
#: (:data:`.slots.ENDED`), then the histogram of Days marked off, the
#: histogram of scores and the histogram of the games' lengths in steps
#: (decisions and chance outcomes, as the reference's history counts them;
#: each with its last bin for anything beyond).
T_GAMES, T_WINS, T_SUM, T_SQUARES, T_ENDED = 0, 1, 2, 3, 4
T_DAYS = T_ENDED + 7


@jit
def play_block(
    seed: int, first: int, n: int, cfg: np.ndarray, route: np.ndarray, ev: np.ndarray,
    pays: np.ndarray, items: np.ndarray, hands: np.ndarray, ki: np.ndarray, kf: np.ndarray,
    odds: np.ndarray, n_days: int, n_scores: int, tally: np.ndarray,
) -> None:  # fmt: skip
    """Games ``first .. first + n - 1`` of the run seeded ``seed``, added to
    ``tally`` (no allocation per game)."""
    s = np.zeros(SIZE, np.int64)
    lg = np.zeros((0, 9), np.int64)
    work = np.zeros(32, np.int64)
    lengths = T_DAYS + n_days + n_scores
    n_lengths = tally.shape[0] - lengths
    for i in range(first, first + n):
        play_game(s, game_key(seed, i), cfg, route, ev, pays, items, hands, ki, kf, odds, lg, work)
        sc = score(s, cfg)
        tally[T_GAMES] += 1
        if s[ENDED_AT] == E_WON:
            tally[T_WINS] += 1
        tally[T_SUM] += sc
        tally[T_SQUARES] += sc * sc
        tally[T_ENDED + s[ENDED_AT]] += 1
        tally[T_DAYS + min(s[DAY], n_days - 1)] += 1
        tally[T_DAYS + n_days + min(sc, n_scores - 1)] += 1
        # The log's rows, less the two of the end: the game's steps.
        tally[lengths + min(s[LOG_N] - 2, n_lengths - 1)] += 1


@jit
def trace_game(
    seed: int, index: int, cfg: np.ndarray, route: np.ndarray, ev: np.ndarray,
    pays: np.ndarray, items: np.ndarray, hands: np.ndarray, ki: np.ndarray, kf: np.ndarray,
    odds: np.ndarray, lg: np.ndarray,
) -> int:  # fmt: skip
    """Game ``index`` with its log in ``lg``; returns the rows written (more
    than ``lg`` holds if it was too short)."""
    s = np.zeros(SIZE, np.int64)
    work = np.zeros(32, np.int64)
    play_game(s, game_key(seed, index), cfg, route, ev, pays, items, hands, ki, kf, odds, lg, work)
    return int(s[LOG_N])
