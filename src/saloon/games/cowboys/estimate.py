"""A guess at how a game of Cowboys will end, for a search that stops short of the end.

A game's returns say nothing until a side has won (0 for every side), so a
search whose rollouts are cut before the end
(:meth:`saloon.core.state.State.estimate`, ``mcts:max_depth=...``) reads
this instead. It weighs two things, as the heuristic
(:mod:`saloon.games.cowboys.strategy`) does:

* **strength**: each side's standing figures, a cowboy by his health
  (plus one, so that a kill counts more than a wound), a town folk less,
  each by his weapons (a loaded gun; an empty one he may reload; none) and
  his modifier; on a side that may not reload, by the rounds left
  (Scenarios, special rules);
* **goals** (Scenarios, Victory Conditions; rulings CS-V1..V8): for each
  escape, reach or hold goal, how likely the side is to meet it, from the
  turns its best figures need (walking distance over their movement, the
  loot first for an escape with loot, a locked-up friend freed first)
  against the turns left, and their health; its failure counts for the
  side that then wins (the goal's ``otherwise``, or the side that wins at
  the turn limit).

Two sides get ``(x, -x)`` with ``x`` from the strength balance (and the
goals' chances where there are goals); three or more share the strength.
Every value lies within ``±SCALE``, strictly inside the returns' bounds
``[-1, 1]``, so that a real win always weighs more than a good position;
a game that is over gets its returns.

>>> from saloon.games.cowboys import Cowboys
>>> from saloon.games.cowboys.options import CowboysOptions
>>> state = Cowboys().new_state(CowboysOptions(scenario="hickok-tutt"))
>>> estimate(state)  # Hickok (+2) against Tutt (+1), both unhurt
(0.069..., -0.069...)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from saloon.games.cowboys.board import XY
from saloon.games.cowboys.geometry import walking_distances
from saloon.games.cowboys.rules import cup
from saloon.games.cowboys.rules.figures import Figure
from saloon.games.cowboys.rules.shot_horses import ridden_points
from saloon.games.cowboys.rules.state import CowboysState, Phase
from saloon.games.cowboys.strategy import _edge_squares, _plan

#: The largest estimate: a real win (1) always weighs more.
SCALE = 0.8
#: The strength balance, ``(mine - theirs) / (mine + theirs)``, is
#: multiplied by this: a wound is about a tenth of the balance in the duel,
#: and in heuristic self-play there the final returns grow by 1.3 to 2.8
#: times the balance (more early on than late).
GAIN = 2.0
#: In a scenario with goals, the share of the strength balance (the rest
#: is the goals').
STRENGTH_SHARE = 0.5
#: How sharply a goal's chance falls as the turns a figure needs pass the
#: turns left (a logistic curve's slope, per turn).
SLOPE = 1.5
#: A town folk's strength against a cowboy's 1 + health (at most 5).
TOWNFOLK = 1.0


def estimate(state: CowboysState) -> tuple[float, ...]:
    """One value per side, within ``±SCALE``; the returns once over."""
    if state.phase == Phase.OVER:
        return state.returns()
    n = state.num_players
    power = [strength(state, s) for s in range(n)]
    total = sum(power)
    if n != 2:
        if total <= 0:
            return (0.0,) * n
        return tuple(SCALE * (n * p / total - 1.0) / (n - 1) for p in power)
    balance = GAIN * (power[0] - power[1]) / total if total > 0 else 0.0
    aims = _aims(state)
    if not aims:
        x = balance
    else:
        x = STRENGTH_SHARE * balance
        for aim in aims:
            chance = _chance(state, aim)
            fail = 0.0 if aim.otherwise is None else (1.0 if aim.otherwise == aim.side else -1.0)
            value = chance + (1.0 - chance) * fail
            x += (1.0 - STRENGTH_SHARE) * value * (1.0 if aim.side == 0 else -1.0) / len(aims)
    x = max(-1.0, min(1.0, x))
    return (SCALE * x, -SCALE * x)


def strength(state: CowboysState, side: int) -> float:
    """What ``side``'s standing figures are worth in a fight."""
    total = 0.0
    no_reload = side in state.setup.no_reload
    for f in state.figures:
        if f.side == side and f.standing:
            base = 1.0 + f.health if f.cowboy else TOWNFOLK
            total += base * _armed(f, no_reload) * (1.0 + 0.1 * (f.modifier + f.bonus))
    return total


def _armed(f: Figure, no_reload: bool) -> float:
    """How well a figure is armed: 1 with a gun ready, less with only an
    empty or jammed one to reload, little with none (he must pick one up)."""
    if not f.cowboy:
        return 1.0 if any(not h.jammed for h in f.weapons) else 0.3
    ready = [h for h in f.weapons if h.ammo > 0 and not h.jammed]
    if no_reload:
        rounds = sum(h.ammo for h in ready)
        return 0.3 + 0.7 * min(1.0, rounds / 4)
    if ready:
        return 1.0
    return 0.8 if f.weapons else 0.3


# -- the goals ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Aim:
    """An escape, reach or hold goal: ``count`` of ``figures`` (ids) of
    ``side`` must leave across ``squares`` (edge squares) or stand on them;
    ``otherwise`` wins if it fails (``None``: nobody by it)."""

    side: int
    kind: str
    figures: tuple[str, ...]
    count: int
    squares: frozenset[XY]
    loot: bool
    otherwise: int | None


def _aims(state: CowboysState) -> list[_Aim]:
    got = state._cache.get("estimate-aims")
    if isinstance(got, list):
        return got
    out: list[_Aim] = []
    town = state.town
    at_limit = state.setup.at_limit
    sc = state.setup.scenario
    if sc is not None:
        for g in sc.victory.goals:
            kind = type(g).__name__.lower()
            if kind == "eliminate":
                continue
            ids = tuple(("C" if k[0] == "cowboy" else "T") + str(k[1]) for k in g.figures)
            if kind == "escape":
                squares = _edge_squares(town, g.edges)
                loot = g.loot
            else:
                squares = frozenset(g.target.squares)
                loot = False
            otherwise = g.otherwise if g.otherwise is not None else at_limit
            out.append(_Aim(g.side, kind, ids, g.count, squares, loot, otherwise))
    else:
        for s, sd in enumerate(state.setup.sides):
            ids = tuple(f.id for f in state.figures if f.side == s)
            for goal in sd.goals:
                if goal.kind == "eliminate":
                    continue
                if goal.kind == "escape":
                    squares = _edge_squares(town, state.setup.exits)
                else:
                    squares = state.goal_squares(goal)
                out.append(_Aim(s, goal.kind, ids, goal.count, squares, goal.loot, at_limit))
    state._cache["estimate-aims"] = out
    return out


def _turns_left(state: CowboysState, side: int) -> int:
    """The parts ``side`` still has: this turn's if not yet over, and the later turns'."""
    later = state.setup.turns - state.turn
    if cup.in_play(state):
        # The activation cup: this turn's, while the side acts or a marker
        # of its is still in the cup.
        acting = state.phase != Phase.CUP and state.drawn is not None and state.active == side
        left = acting or any(cup.side_of(state, m) == side for m in state.cup)
        return later + (1 if left else 0)
    mine = state.order.index(side) if side in state.order else 0
    return later + (1 if mine >= state.part else 0)


def _chance(state: CowboysState, aim: _Aim) -> float:
    """How likely ``aim`` is met: the product, over the ``count`` figures
    most likely to make it, of each one's chance (1 for one already out)."""
    town = state.town
    left = _turns_left(state, aim.side)
    figs = [state.figures[state.index[i]] for i in aim.figures if i in state.index]
    chances: list[float] = []
    for f in figs:
        if aim.kind == "escape" and f.gone and (f.loot or not aim.loot):
            chances.append(1.0)
            continue
        if not f.standing or f.square is None:
            continue
        d = walking_distances(town, aim.squares).get(f.square, 99)
        if aim.kind == "escape":
            d += 1  # the step off the town
            if aim.loot and not f.loot:
                d = _loot_detour(state, aim, f.square)
        speed = max(1, f.movement + (ridden_points(state, f) if f.horse is not None else 0))
        need = d / speed + _unlock_turns(state, f)
        health = 0.5 + 0.5 * f.health / 4 if f.cowboy else 0.5
        chances.append(_logistic(SLOPE * (left - need)) * health)
    if len(chances) < aim.count:
        return 0.0
    chances.sort(reverse=True)
    return math.prod(chances[: aim.count])


def _loot_detour(state: CowboysState, aim: _Aim, square: XY) -> int:
    """Walking distance to the loot, then from it out of the town."""
    loot = _plan(state, aim.side).loot_squares
    if not loot:
        return 99
    to_loot = walking_distances(state.town, loot).get(square, 99)
    edge = walking_distances(state.town, aim.squares)
    return to_loot + min(edge.get(xy, 99) for xy in loot) + 1


def _unlock_turns(state: CowboysState, f: Figure) -> float:
    """For a locked-up figure, the turns until a friend ends a move at the
    cell door (Scenarios, Jailbreak's locked_up rule)."""
    if state.unlocked or f.id not in state.setup.locked[0]:
        return 0.0
    door = frozenset(state.locked_squares)
    dist = walking_distances(state.town, door)
    best: float = 99.0
    for g in _friends(state, f):
        if g.square is not None:
            speed = max(1, g.movement + (ridden_points(state, g) if g.horse is not None else 0))
            best = min(best, dist.get(g.square, 99) / speed)
    return best


def _friends(state: CowboysState, f: Figure) -> Sequence[Figure]:
    return [g for g in state.figures if g.side == f.side and g.id != f.id and g.standing]


def _logistic(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-z))
