"""A figure's move actions, derived once per reach and shared between states.

Cowboys rulebook, Move Actions: a figure moves to a square it can reach
(:mod:`.moves`), mounted or on foot, and faces any way there (with
Advanced Optional Rule 1, the way of its last step if it spent all its
points: ruling CW-A1; with Facing After Movement, the way of its last
square unless a point is left to turn: CW-V20), or leaves the town across an edge; it never ends
on another figure. A Run card in the side's hand adds its squares (Card
Play).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saloon.games.cowboys.actions import Act, Move
from saloon.games.cowboys.board import XY
from saloon.games.cowboys.cards import Effect
from saloon.games.cowboys.geometry import FACINGS
from saloon.games.cowboys.rules import moves as mv

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState


#: How many figures' lists of move actions a town keeps (:func:`move_actions`).
_MOVE_ACTS_CACHE = 20_000


#: A figure's move actions for one reach: by end, its square, whether
#: mounted, the move there in each facing, and whether it must keep the
#: facing he has (Facing After Movement, a move that never leaves his square
#: with no point left); off the town; the squares of the ends; and the lists
#: without the ends other figures stand on (and the move that changes
#: nothing), by those figures' squares and his facing.
_MoveActs = tuple[
    tuple[tuple[XY, bool, tuple["Move", ...], bool], ...],
    tuple[Act, ...],
    frozenset[XY],
    dict[tuple[frozenset[XY], str], tuple[tuple[Act, ...], ...]],
]


def run_points(state: CowboysState, side: int) -> int:
    """The most extra points a Run card in ``side``'s hand could add now."""
    if state.own_used[side]:
        return 0
    best = 0
    for face in state.hands[side]:
        c = state.card(face)
        if c.effect is Effect.RUN:
            best = max(best, c.number("squares"))
    return best


def run_needed(state: CowboysState, i: int, act: Move) -> int:
    """The fewest extra points a Run card must give figure ``i`` for the
    move ``act`` (0: his own points make it). Every seat can work this out
    from the board, so a move that needs them tells all that the acting
    side holds a Run card of at least that many points (CW-T6)."""
    opts = move_options(state, i)
    if act.off:
        if (act.facing, act.ride) in opts.exits:
            return 0
    elif (state.square_of(act.dest), act.ride) in opts.ends:
        return 0
    best = max(opts.run, 1)
    for points in range(1, best):
        # The same reach as the move's legality, with fewer points (CW-T6).
        fewer = mv.move_options(state, i, points)
        if act.off:
            if (act.facing, act.ride) in fewer.exits_extra:
                return points
        elif (state.square_of(act.dest), act.ride) in fewer.extra:
            return points
    return best


def move_options(state: CowboysState, i: int, ally: bool = False) -> mv.MoveOptions:
    """Every end of figure ``i``'s move now (:func:`~.moves.move_options`),
    with the points of the acting side's best Run card unless he is a town
    folk directed by Friend in Town; kept until the next transition."""
    key = ("moves", i, ally)
    got = state._cache.get(key)
    if got is None:
        run = 0 if ally else run_points(state, state.active)
        got = state._cache[key] = mv.move_options(state, i, run)
    return got


def move_actions(state: CowboysState, i: int, ally: bool) -> tuple[tuple[Act, ...], ...]:
    """Figure ``i``'s move actions: to each end he may reach (with a Run
    card's points too) in each facing but the one that changes nothing,
    then off the town. The actions are derived once per reach and
    (:func:`~saloon.games.cowboys.rules.moves.reach_key`); the ends on
    other figures and the move that changes nothing are taken out here."""
    f = state.figures[i]
    run = 0 if ally else run_points(state, state.active)
    rule = mv.facing_rule(state)
    key = (f.id, mv.reach_key(state, f, run), rule)
    cache = state.town.cache.get("move-acts")
    if not isinstance(cache, dict):
        cache = state.town.cache["move-acts"] = {}
    got: _MoveActs | None = cache.get(key)
    if got is None:
        ends_all, extra_all, exits, exits_extra = mv.reach_of(state, f, run)
        keys = list(ends_all)
        keys += [k for k in extra_all if k not in ends_all]
        # The moves to an end, in each facing, made once per figure and end.
        made = state.town.cache.get("moves-to")
        if not isinstance(made, dict):
            made = state.town.cache["moves-to"] = {}
        per_end: list[tuple[XY, bool, tuple[Move, ...], bool]] = []
        for xy, m in keys:
            ms = made.get((f.id, xy, m))
            if ms is None:
                ref = state.ref(xy)
                ms = made[(f.id, xy, m)] = tuple(Move(f.id, ref, fc, m) for fc in FACINGS)
            keep = False
            if rule:
                # Advanced Optional Rule 1 (CW-A1) and Facing After Movement
                # (CW-V20): with no point left, the last square's facing.
                fixed, must = mv.must_face(rule, ends_all.get((xy, m)) or extra_all[(xy, m)])
                if fixed and must is not None:
                    ms = tuple(a for a in ms if a.facing == must)
                keep = fixed and must is None
            per_end.append((xy, m, ms, keep))
        leave: tuple[Act, ...] = tuple(
            Move(f.id, "off", facing, m) for facing, m in sorted(exits | exits_extra)
        )
        got = (tuple(per_end), leave, frozenset(xy for xy, _ in keys), {})
        if len(cache) > _MOVE_ACTS_CACHE:
            cache.clear()
        cache[key] = got
    per, off, squares, lists = got
    # The figures standing where he could end, which he may not end on.
    near = frozenset(
        g.square
        for j, g in enumerate(state.figures)
        if j != i and g.square in squares and g.standing and g.square
    )
    acts = lists.get((near, f.facing))
    if acts is None:
        # A move to his own square, as he is, facing as he faces changes nothing.
        here, mounted, facing = f.square, f.horse is not None, f.facing
        chunks: list[tuple[Act, ...]] = []
        for xy, m, ms, keep in per:
            if xy in near:
                continue
            if keep:
                ms = tuple(a for a in ms if a.facing == facing)
            if xy == here and m == mounted:
                chunks.append(tuple(a for a in ms if a.facing != facing))
            else:
                chunks.append(ms)
        chunks.append(off)
        acts = lists[(near, facing)] = tuple(chunks)
    return acts
