"""The ``planner``: exact expectimax over the rest of the turn's rolls.

At each keep decision ("Gameplay": three rolls, lock and unlock freely, the
red 5s and 6s of the first roll locked) the planner values every way of
keeping dice by the exact distribution of the dice still to be rolled, as
optimal Yahtzee players do:

* the dice not locked are colourless for this purpose (a multiset of faces;
  the locked red 5s and 6s are fixed), so a turn's dice are one of the
  sorted multisets of ``n`` faces, each roll a multinomial distribution;
* ``E_r(K)``, the value of keeping the multiset ``K`` with ``r`` rolls
  left, is the expectation over the faces of the other dice of the best
  keep after that roll (``r > 1``) or of the end of the turn (``r = 1``);
* the end of the turn is resolved as the rules do (1s move, stopping at a
  Town in episode 1 or arriving; 2s Food; 3s Gold; the best split of the
  4s; the Heat's and the Gang's dice with their exact binomial and
  Shootout distributions; the Day and any Rations) and scored by the
  fitted value of the journey (:mod:`saloon.games.d6shooters.value`): the
  win probability plus ``score`` times the expected final score / 50.

The whole turn is computed with NumPy over all multisets at once (transition
tables per number of dice are built once per process), and memoized within
the turn: the second keep decision reuses the first's tables. The split of
the 4s is chosen the same way over the actual dice. Approximations: Events
on the way are not foreseen; the items that depend on colour (the Compass
counts a share of the 1s as red in episode 1); episode 2's black die is kept
by the heuristic's rule (a 1, or a needed 4) and is left out of the plan
when rolled again. At Hoodia the Ghost Town Showdown is played by the exact
solver (:mod:`saloon.games.d6shooters.showdown`), the Medicine against a
round's hits included, and a turn that reaches Hoodia is valued by its
exact chance of winning it (with the Medicine, if held). Every other
decision is the heuristic's.

:meth:`PlannerAgent.keep_values` and :func:`advise_keep` give the same
values for each keep the rules offer at a colour's decision (D6-D3), for
the advisor.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import product
from typing import cast

import numpy as np
from numpy.typing import NDArray

from saloon.core.action import Action
from saloon.core.state import State
from saloon.games.d6shooters.actions import Fours, Keep
from saloon.games.d6shooters.dice import binomial, minus, multisets, round_odds
from saloon.games.d6shooters.lookahead import LOOKED_AHEAD, Lookahead
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.rules.moves import fours_options
from saloon.games.d6shooters.rules.nodes import (
    COMPASS,
    CROWE_LEADERS,
    FX_CAMPFIRE,
    FX_DOWNHILL,
    FX_GUNSIGHT,
    MAP,
    MEDICINE,
    P_FOURS,
    P_KEEP,
    P_LOSS,
    SHOWDOWN_NODES,
)
from saloon.games.d6shooters.showdown import action_values, best_showdown_action
from saloon.games.d6shooters.strategy import HeuristicAgent, Knobs, _d6, next_stop
from saloon.games.d6shooters.value import (
    Route,
    features,
    showdown_chance,
    state_features,
    value_net,
)

IntArray = NDArray[np.int64]
FloatArray = NDArray[np.float64]
Counts = tuple[int, int, int, int, int, int]


# -- the dice: multisets, rolls and sub-multisets ---------------------------------------------


@dataclass(frozen=True)
class Tables:
    """Every multiset of ``n`` dice and how keeps and rolls connect them."""

    n: int
    counts: IntArray  # (N, 6) face counts of each multiset of n dice
    index: dict[Counts, int]
    kept: dict[Counts, int]  # every multiset of 0..n dice -> row of a keep
    kept_list: list[Counts]
    t_rows: IntArray  # keep row -> multiset reached by rolling the others
    t_cols: IntArray
    t_probs: FloatArray
    sub_flat: IntArray  # keep rows of each multiset's sub-multisets, flat
    sub_start: IntArray  # where each multiset's list starts in sub_flat


def _to_counts(faces: tuple[int, ...]) -> Counts:
    c = [0] * 6
    for f in faces:
        c[f - 1] += 1
    return (c[0], c[1], c[2], c[3], c[4], c[5])


@cache
def tables(n: int) -> Tables:
    """The tables for ``n`` free dice (built once per process)."""
    full = [_to_counts(f) for f in multisets(n)[0]]
    index = {c: i for i, c in enumerate(full)}
    kept_list: list[Counts] = []
    for k in range(n + 1):
        kept_list += [_to_counts(f) for f in multisets(k)[0]]
    kept = {c: i for i, c in enumerate(kept_list)}
    rows: list[int] = []
    cols: list[int] = []
    probs: list[float] = []
    for row, kc in enumerate(kept_list):
        faces, ps, _ = multisets(n - sum(kc))
        for f, p in zip(faces, ps, strict=True):
            oc = _to_counts(f)
            s = (
                kc[0] + oc[0], kc[1] + oc[1], kc[2] + oc[2],
                kc[3] + oc[3], kc[4] + oc[4], kc[5] + oc[5],
            )  # fmt: skip
            rows.append(row)
            cols.append(index[s])
            probs.append(p)
    sub_flat: list[int] = []
    sub_start: list[int] = []
    for c in full:
        sub_start.append(len(sub_flat))
        for sub in product(*(range(x + 1) for x in c)):
            sub_flat.append(kept[sub])  # type: ignore[index]
    return Tables(
        n,
        np.asarray(full, dtype=np.int64).reshape(-1, 6),
        index,
        kept,
        kept_list,
        np.asarray(rows, dtype=np.int64),
        np.asarray(cols, dtype=np.int64),
        np.asarray(probs),
        np.asarray(sub_flat, dtype=np.int64),
        np.asarray(sub_start, dtype=np.int64),
    )


# -- the 4s, the Heat and the Gang: outcome distributions -------------------------------------


@cache
def shootout_remaining(posse: int, gang: int, bonus: int) -> tuple[float, ...]:
    """P(k Gang dice remain when the Shootout ends), k = 0..gang ("Shootout!")."""
    out = [0.0] * (gang + 1)
    if gang == 0:
        out[0] = 1.0
        return tuple(out)
    if posse == 0:
        out[gang] = 1.0
        return tuple(out)
    win, lose = round_odds(posse, gang, bonus)
    for k, p in enumerate(shootout_remaining(posse, gang - 1, bonus)):
        out[k] += win * p
    for k, p in enumerate(shootout_remaining(posse - 1, gang, bonus)):
        out[k] += lose * p
    return tuple(out)


#: Columns of a split's outcome rows.
R_SPLIT, R_PROB, R_HEAT, R_GANG, R_AMMO, R_WON, R_HIDE, R_BACK = range(8)


@cache
def split_rows(
    n4: int, n5: int, n6: int, shelter: bool, back: bool, ep: int, bonus: int, extra: int
) -> tuple[tuple[float, ...], ...]:
    """Every legal split of the 4s (D6-F1, in the rules' order) and the
    outcomes it leads to: (split, probability, Heat hits, Posse lost to the
    Gang, Ammo used, Shootout won, Days hidden, spaces of Backroads)."""
    if ep == 1:
        opts = fours_options(n4, n5 if shelter else 0, n6, n4 if back else 0, 2)
    else:
        opts = fours_options(n4, n5 if shelter else 0, n6, min(2, n4) if back else 0, 1)
    if not opts:
        opts = (Fours(0, 0, 0, 0),)
    heat_faces = 4 if ep == 1 else 3
    out: list[tuple[float, ...]] = []
    for j, a in enumerate(opts):
        h5 = n5 - a.shelter
        h6 = max(0, n6 - 2 * a.hide)
        hk, hp, _ = binomial(h5, heat_faces)
        gang: list[tuple[float, int, int, int]] = []  # prob, loss, ammo, won
        if h6 and a.fight:
            for k, p in enumerate(shootout_remaining(a.fight + extra, h6, bonus)):
                if p > 0:
                    gang.append((p, k, 1, 1 if k == 0 else 0))
        elif h6:
            gk, gp, _ = binomial(h6, 4)
            gang = [(p, k, 0, 0) for k, p in zip(gk, gp, strict=True)]
        else:
            gang = [(1.0, 0, 0, 0)]
        days = a.hide
        spaces = a.back // 2 if ep == 1 else a.back
        for k5, p5 in zip(hk, hp, strict=True):
            for pg, loss, ammo, won in gang:
                out.append((j, p5 * pg, k5, loss, ammo, won, days, spaces))
    return tuple(out)


@dataclass(frozen=True)
class Expanded:
    """The outcome rows of every multiset's every split, flattened."""

    item: IntArray  # which multiset
    group: IntArray  # multiset * splits + split
    rows: FloatArray  # (R, 8) split rows
    splits: int


@lru_cache(maxsize=512)
def expanded(
    n: int, fixed: Counts, shelter: bool, back: bool, ep: int, bonus: int, extra: int
) -> Expanded:
    """The outcome rows for all multisets of ``n`` free dice plus the
    ``fixed`` dice, for one setting of the things the 4s depend on."""
    return _expanded_for(_fixed_totals(n, fixed), shelter, back, ep, bonus, extra)


# -- scoring the end of the turn ---------------------------------------------------------------


class TurnValue:
    """Values the end of the turn from one state, for many dice results."""

    def __init__(self, st: D6State, weight: float, margin: int) -> None:
        self.st = st
        self.weight = weight
        self.margin = margin
        self.route = Route.of(st)
        self.net = value_net(st.episode)

    def score(self, pwin: FloatArray, escore: FloatArray) -> FloatArray:
        return pwin + self.weight * escore / 50.0

    def final(
        self, counts: IntArray, ex: Expanded, moved: bool = False
    ) -> tuple[FloatArray, IntArray, int]:
        """(value of each split of each row of ``counts``, the best split
        of each row, the number of split slots), with (N, 6) face counts at
        resolution (for ``moved``, the 1s to 3s are already resolved)."""
        st = self.st
        n = len(counts)
        rows = ex.rows
        i = ex.item
        c = counts[i]
        ep = st.episode
        dist = st.destination - st.journey.space
        stop = next_stop(st)
        can_move = not (st.resolution.no_movement or st.resolution.town_stop)
        ones = c[:, 0].astype(np.float64)
        if ep == 1 and st.journey.items & COMPASS:
            # Red 1s move two: a share of the 1s, by the free red dice.
            ones = np.floor(ones * (1.0 + 3.0 / max(1, st_dice(st))) + 0.5)
        if st.effects.until_town_or_event & FX_DOWNHILL and ep == 1 and not moved:
            ones = ones + 1.0
        if not can_move:
            ones = ones * 0.0
        back = rows[:, R_BACK]
        hide = rows[:, R_HIDE]
        to_dest = stop == dist
        arrive1 = to_dest & (ones >= dist)
        arrive_b = to_dest & (ones + back >= dist)
        moves = np.minimum(ones + back, stop)
        pos = st.journey.space + moves
        cap = st.cap
        food = np.minimum(cap, st.journey.food + c[:, 1] // 2).astype(np.float64)
        gold = np.full(len(rows), float(st.journey.gold))
        posse = np.full(len(rows), float(st.journey.posse))
        if ep == 1:
            gold += c[:, 2] // (2 if st.journey.items & MAP else 3)
        else:
            sets = c[:, 2] // 3
            add = np.where(food >= posse, np.minimum(sets, cap - posse), 0)
            posse += add
            gold += sets - add
        heat = rows[:, R_HEAT]
        if ep == 1:
            paid = np.floor((food - posse - 1 - self.margin) / 2.0) + 1.0
            paid = np.clip(np.minimum(paid, food // 2), 0.0, heat)
        else:
            paid = np.zeros(len(rows))
        food = food - 2.0 * paid
        posse = posse - (heat - paid) - rows[:, R_GANG]
        ammo = np.maximum(0.0, st.journey.ammo - rows[:, R_AMMO])
        crowe = (
            np.maximum(0.0, st.journey.crowes - rows[:, R_WON]) if ep == 2 else np.zeros(len(rows))
        )
        day0 = st.journey.day
        day = day0 + hide + 1.0
        dead = (posse <= 0) | (day >= st.limit)
        for d in range(day0 + 1, day0 + int(hide.max(initial=0.0)) + 2):
            on = (d % 5 == 0) & (day >= d) & ~dead
            if not on.any():
                continue
            dead |= on & (food <= 0)
            short = np.maximum(posse - food, 0.0)
            food = np.where(on, np.maximum(food - posse, 0.0), food)
            posse = np.where(on, posse - short, posse)
            dead |= posse <= 0
        val = np.where(dead, 0.0, self._values(day, pos, posse, food, ammo, gold, crowe))
        arrived = arrive1 | arrive_b
        if arrived.any():
            arr_day = np.where(arrive1, day0 + 1.0, day0 + 1.0 + hide)
            if ep == 1:
                late = arr_day > st.limit
                pts = (
                    10.0 + 2.0 * (st.limit - arr_day) + 3 * st.journey.posse + 2 * st.journey.gold
                    + st.journey.food + st.journey.ammo // 2
                )  # fmt: skip
                term = np.where(late, 0.0, self.score(np.ones(len(rows)), pts))
            else:
                j = st.journey
                xa = features(
                    self.route, arr_day - 1.0, st.destination, j.posse, j.food, j.ammo, j.gold,
                    j.crowes, j.items, self.net.showdown,
                )  # fmt: skip
                pa, sa = self.net.outputs(xa)
                if self.net.showdown:
                    # The turn ends at Hoodia: the Showdown's chance is exact,
                    # with the Medicine if it is held.
                    pa = showdown_chance(
                        j.posse, j.crowes + CROWE_LEADERS, j.ammo, bool(j.items & MEDICINE)
                    )
                term = self.score(pa, sa)
            val = np.where(arrived, term, val)
        slots = ex.splits
        tot = np.bincount(ex.group, weights=rows[:, R_PROB] * val, minlength=n * slots)
        has = np.bincount(ex.group, minlength=n * slots) > 0
        out = cast(FloatArray, np.where(has, tot, -np.inf).reshape(n, slots))
        return out, cast(IntArray, np.argmax(out, axis=1)), slots

    def _values(
        self,
        day: FloatArray,
        pos: FloatArray,
        posse: FloatArray,
        food: FloatArray,
        ammo: FloatArray,
        gold: FloatArray,
        crowe: FloatArray,
    ) -> FloatArray:
        """The value of each row's state, computed once per distinct state
        (the rows repeat a few hundred states many times)."""
        st = self.st
        parts = (
            (np.clip(pos - st.journey.space, 0, 31), 32),
            (np.clip(day - st.journey.day, 0, 7), 8),
            (np.clip(posse, 0, 15), 16),
            (np.clip(food, 0, 15), 16),
            (np.clip(st.journey.ammo - ammo, 0, 1), 2),
            (np.clip(gold - st.journey.gold, 0, 7), 8),
            (np.clip(st.journey.crowes - crowe, 0, 1), 2),
        )
        code = np.zeros(len(day), dtype=np.int64)
        size = 1
        for arr, radix in parts:
            code = code * radix + arr.astype(np.int64)
            size *= radix
        mark = np.zeros(size, dtype=bool)
        mark[code] = True
        uniq = np.flatnonzero(mark)
        where = np.empty(size, dtype=np.int64)
        where[uniq] = np.arange(len(uniq))
        inv = where[code]
        first = np.empty(len(uniq), dtype=np.int64)
        first[inv] = np.arange(len(code))
        x = features(
            self.route, day[first], pos[first], posse[first], food[first], ammo[first],
            gold[first], crowe[first], st.journey.items, self.net.showdown,
        )  # fmt: skip
        pwin, escore = self.net.outputs(x)
        return self.score(pwin, escore)[inv]

    def settings(self) -> tuple[bool, bool, int, int, int]:
        """What the 4s' outcomes depend on: Shelter allowed, Backroads
        allowed, the episode, the Shootout bonus, Campfire's extra die."""
        st = self.st
        shelter = not st.effects.until_town_or_event & FX_GUNSIGHT
        back = not (st.resolution.no_movement or st.resolution.town_stop)
        extra = 1 if st.effects.until_town_or_event & FX_CAMPFIRE else 0
        return shelter, back, st.episode, st.journey.ammo + st.journey.guns_bonus, extra


def st_dice(st: D6State) -> int:
    """How many dice a turn rolls."""
    return len(st.dice.red) + len(st.dice.white) + len(st.dice.black)


def _expanded_for(
    counts: IntArray, shelter: bool, back: bool, ep: int, bonus: int, extra: int
) -> Expanded:
    trip = [tuple(int(v) for v in r) for r in counts[:, 3:6]]
    blocks = {
        tr: np.asarray(split_rows(*tr, shelter, back, ep, bonus, extra), dtype=np.float64)
        for tr in set(trip)
    }
    splits = max(int(b[:, R_SPLIT].max()) + 1 for b in blocks.values())
    parts = [blocks[tr] for tr in trip]
    lens = np.asarray([len(p) for p in parts], dtype=np.int64)
    item = np.repeat(np.arange(len(trip), dtype=np.int64), lens)
    rows = np.vstack(parts)
    return Expanded(item, item * splits + rows[:, R_SPLIT].astype(np.int64), rows, splits)


def _expect(t: Tables, vals: FloatArray) -> FloatArray:
    """For every keep, the expected value over the roll of the other dice."""
    return cast(
        FloatArray,
        np.bincount(t.t_rows, weights=t.t_probs * vals[t.t_cols], minlength=len(t.kept_list)),
    )


@lru_cache(maxsize=256)
def _fixed_totals(n: int, fixed: Counts) -> IntArray:
    return tables(n).counts + np.asarray(fixed, dtype=np.int64)


# -- the agent ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Plan:
    """The dice showing as the plan sees them (see :meth:`PlannerAgent._plan`)."""

    t: Tables
    e1: FloatArray  # each keep's value with one roll left (every die kept: the final dice)
    e: FloatArray  # each keep's value with the rolls actually left
    free: Counts  # the free dice showing
    black: list[int]  # the black die's two faces when kept (episode 2)


class PlannerAgent(HeuristicAgent):
    """Expectimax over the turn's remaining rolls at each keep decision and
    over the Heat and Gang dice for the split of the 4s; the heuristic's
    rules for everything else."""

    def __init__(
        self, knobs: Knobs | None = None, weight: float | None = None, name: str = "planner"
    ) -> None:
        super().__init__(knobs, name)
        #: The weight of the expected score / 50 (None: the episode's default).
        self.weight = weight
        self._memo_key: Hashable = None
        self._memo: tuple[Tables, FloatArray, FloatArray | None] | None = None
        self._lookahead: Lookahead | None = None

    def choose(self, state: State) -> Action:
        st = _d6(state)
        if st.phase == P_KEEP and st.mode == "turn":
            return self.keep(st)
        if st.phase == P_FOURS:
            return self.fours(st)
        if st.phase in SHOWDOWN_NODES or (st.phase == P_LOSS and st.mode == "showdown"):
            # The Ghost Town Showdown is solved exactly, the Medicine against
            # a round's hits included.
            return best_showdown_action(st)
        if st.phase in LOOKED_AHEAD:
            pairs = self.lookahead.values(st)
            return max(pairs, key=lambda p: p[1])[0]
        return super().choose(st)

    # ---- the values of the moments the planner scores

    @property
    def lookahead(self) -> Lookahead:
        """The look-ahead to the next scored moment (:mod:`~.lookahead`)."""
        if self._lookahead is None:
            self._lookahead = Lookahead(self)
        return self._lookahead

    def terminal_value(self, st: D6State) -> float:
        """A finished game: 1 for a win plus ``weight`` x the score / 50; 0 for a loss."""
        if st.journey.ended != "won":
            return 0.0
        return 1.0 + self._weight(st) * st.score() / 50.0

    def day_start_value(self, st: D6State) -> float:
        """The start of a Day, by the fitted value of the journey."""
        net = value_net(st.episode)
        pwin, escore = net.outputs(state_features(st))
        return float(pwin[0] + self._weight(st) * escore[0] / 50.0)

    def showdown_value(self, st: D6State) -> float:
        """A Showdown decision: the exact chance to win it with best play (plus
        ``weight`` x the fitted expected score / 50 at arrival)."""
        win = max(action_values(st).values())
        weight = self._weight(st)
        if not weight:
            return win
        _, escore = value_net(st.episode).outputs(state_features(st))
        return float(win + weight * escore[0] / 50.0)

    def _weight(self, st: D6State) -> float:
        return value_net(st.episode).score_weight if self.weight is None else self.weight

    # ---- the keep

    def keep(self, st: D6State) -> Action:
        """The keep of greatest value (:meth:`keep_values`); among keeps of the
        same value (the same faces in other colours), the one holding the most
        red dice (the Compass and the Hunter count red 1s and 2s double)."""
        pairs = self.keep_values(st)
        best = max(pairs, key=lambda p: (p[1], len(p[0].red) if isinstance(p[0], Keep) else -1))
        return best[0]

    def _plan(self, st: D6State, black_kept: bool) -> _Plan:
        """The plan's view of the dice showing: the free dice (red but the
        forced ones, and white), what is fixed (the forced red dice, and
        episode 2's black die when kept: it counts two of its number), and
        each keep's value. A black die rolled again is left out of the plan
        (so the value of rerolling it is a lower bound)."""
        d = st.dice
        fixed = [0] * 6
        for f in d.locked:
            fixed[f - 1] += 1
        free = list(d.red)
        for f in d.locked:
            free.remove(f)
        free += d.white
        black: list[int] = []
        if d.black and black_kept:
            bf = d.black[0]
            fixed[bf - 1] += 2
            black = [bf, bf]
        n = len(free)
        left = 3 - d.rolls
        t, e1, e2 = self._tables(st, n, tuple(fixed), left)  # type: ignore[arg-type]
        e = e2 if left >= 2 and e2 is not None else e1
        return _Plan(t, e1, e, _to_counts(tuple(free)), black)

    def keep_values(self, st: D6State) -> list[tuple[Action, float]]:
        """The value of each legal keep (every colour at once) and of
        ``stop``: the expectation, over the dice rolled again, of the best play
        of the rolls left ("Gameplay": lock and unlock freely)."""
        d = st.dice
        plans: dict[bool, _Plan] = {}

        def plan_for(black_kept: bool) -> _Plan:
            if black_kept not in plans:
                plans[black_kept] = self._plan(st, black_kept)
            return plans[black_kept]

        out: list[tuple[Action, float]] = []
        for a in st.legal_actions():
            if isinstance(a, Keep):
                plan = plan_for(bool(a.black) or not d.black)
                held = _to_counts((*minus(a.red, d.locked), *a.white))
                row = plan.t.kept[held]
                v = plan.e1[row] if held == plan.free else plan.e[row]
                out.append((a, float(v)))
            else:  # stop: every die as it lies
                plan = plan_for(True)
                out.append((a, float(plan.e1[plan.t.kept[plan.free]])))
        return out

    def _tables(
        self, st: D6State, n: int, fixed: Counts, left: int
    ) -> tuple[Tables, FloatArray, FloatArray | None]:
        j, res = st.journey, st.resolution
        key = (
            j.day, j.space, j.posse, j.food, j.ammo, j.gold, j.crowes, j.items,
            st.effects.until_town_or_event, res.no_movement, res.town_stop, n, fixed,
        )  # fmt: skip
        if key == self._memo_key and self._memo is not None:
            t, e1, e2 = self._memo
            if left < 2 or e2 is not None:
                return t, e1, e2
        else:
            t = tables(n)
            tv = TurnValue(st, self._weight(st), self.k.food_margin)
            ex = expanded(n, fixed, *tv.settings())
            tot, _, _ = tv.final(_fixed_totals(n, fixed), ex)
            vals = tot.max(axis=1)
            e1 = _expect(t, vals)
            e2 = None
        if left >= 2:
            b1 = np.maximum.reduceat(e1[t.sub_flat], t.sub_start)
            e2 = _expect(t, b1)
        self._memo_key = key
        self._memo = (t, e1, e2)
        return t, e1, e2

    # ---- the 4s

    def fours(self, st: D6State) -> Action:
        """The split with the best expected value over the Heat and Gang dice."""
        opts = st.legal_actions()
        if len(opts) == 1:
            return opts[0]
        values = self.fours_values(st)
        best = max(range(len(values)), key=values.__getitem__)
        return opts[best]

    def fours_values(self, st: D6State) -> list[float]:
        """Each legal split's value, in the rules' order."""
        counts = np.asarray(
            [[0, 0, 0, st.resolution.fours, st.resolution.fives, st.resolution.sixes]],
            dtype=np.int64,
        )
        tv = TurnValue(st, self._weight(st), self.k.food_margin)
        ex = _expanded_for(counts, *tv.settings())
        tot, _, _ = tv.final(counts, ex, moved=True)
        return [float(v) for v in tot[0] if np.isfinite(v)]


def advise_keep(st: D6State, weight: float | None = None) -> list[tuple[Action, float]]:
    """The planner's value of each keep of the colour at hand (and of
    ``stop``), best first; empty at any other decision."""
    if st.phase != P_KEEP or st.mode != "turn":
        return []
    pairs = PlannerAgent(weight=weight).keep_values(st)
    return sorted(pairs, key=lambda p: -p[1])


def advise_fours(st: D6State, weight: float | None = None) -> list[tuple[Action, float]]:
    """The planner's value (win probability plus ``weight`` times the
    expected score / 50; by default the episode's weight) of each split of
    the 4s, best first; empty at any other decision."""
    if st.phase != P_FOURS:
        return []
    agent = PlannerAgent(weight=weight)
    values = agent.fours_values(st)
    pairs = list(zip(st.legal_actions(), values, strict=False))
    return sorted(pairs, key=lambda p: -p[1])


__all__ = ["PlannerAgent", "TurnValue", "advise_fours", "advise_keep", "expanded", "tables"]
