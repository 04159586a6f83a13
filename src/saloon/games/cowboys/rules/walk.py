"""A move carried out square by square, and the path it takes.

Cowboys rulebook, Move Actions and Movement with Horses: a figure moves,
mounts, rides and dismounts in one move action; the Advanced Rules'
Reaction Fire lets an opposing cowboy shoot at a figure "moving through"
his sight, so a move is carried out one square at a time: the figure
stands on each square it enters (it blocks sight there, and can be shot
there), and at each square a reaction window may open
(:mod:`.reaction`). Every move action goes through :func:`begin` and
:func:`proceed`; when the move is over it hands back to the action's next
stage (``then``: ``finish`` for a plain move). Rulings CW-V30..39
(``docs/rulings.md``, "Advanced Rules: Reaction Fire").

With Reaction Fire off, or when nobody can react, the steps run on
without a stop, and the move ends as the basic game's did: the state and
the log are the same.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import TYPE_CHECKING

from saloon.games.cowboys.actions import Move
from saloon.games.cowboys.board import XY, Town
from saloon.games.cowboys.geometry import End, Facing, _graph, step_facing
from saloon.games.cowboys.rules import moves as mv
from saloon.games.cowboys.rules import weapon_move
from saloon.games.cowboys.rules.shot_horses import horse_points, ridden_points, slowed_squares

if TYPE_CHECKING:
    from collections.abc import Callable

    from saloon.games.cowboys.rules.phase import Pending
    from saloon.games.cowboys.rules.state import CowboysState


@dataclass(frozen=True, slots=True)
class Walk:
    """A move under way: ``move`` the move made, ``path`` the steps after the start (``(square,
    mounted)``, a mount or a dismount a step in the same square), ``done``
    how many are carried out, ``horse`` the horse ridden in this move (its
    index), ``how`` the points spent (for the log), ``then`` the action's
    stage after the move, ``asking`` the sides still to be asked for a
    reaction at the square just entered (:mod:`.reaction`), ``turn`` the
    point spent to turn at the end (Facing After Movement, CW-V20),
    ``spare`` the figure's own points left at the end (CW-O2)."""

    move: Move
    path: tuple[End, ...]
    start: XY
    horse: int | None = None
    how: str = ""
    then: str = "finish"
    horse_facing: Facing = "N"
    done: int = 0
    asking: tuple[int, ...] = ()
    turn: int = 0
    spare: int = 0

    @property
    def square(self) -> XY:
        """The square the mover stands on now."""
        return self.path[self.done - 1][0] if self.done else self.start

    def passed(self) -> tuple[XY, ...]:
        """The squares entered so far, in order."""
        out: list[XY] = []
        last = self.start
        for sq, _ in self.path[: self.done]:
            if sq != last:
                out.append(sq)
                last = sq
        return tuple(out)


def begin(
    state: CowboysState,
    p: Pending,
    move: Move | None = None,
    *,
    then: str = "finish",
    points: int | None = None,
) -> None:
    """Start the move part of the action ``p``: ``move`` (``p.act`` when it
    is a plain :class:`Move`), with the figure's movement and a Run card's
    points, or ``points`` if given (an action whose move is shorter). Its
    path is fixed now (:func:`choose_path`), and ``state.pending`` goes to
    the stage ``walk`` (:func:`proceed`); when the move is over, the action
    goes on to the stage ``then`` (``finish``: it is over). A move that can
    no longer be made (a figure now stands on its end, CW-T3) is lost: the
    action goes on to ``then``. Movement with Horses: which horse is
    mounted (CW-T5)."""
    act = move if move is not None else p.act
    assert isinstance(act, Move)
    i = state.index[act.fig]
    f = state.figures[i]
    side = state.active
    assert f.square is not None
    if points is None:
        points = f.movement + p.run
    horses = () if f.id in state.setup.prisoners else state.free_horses()
    ends = mv.reach_from(
        state.town,
        f.square,
        points,
        f.horse is not None,
        horses,
        ridden_points(state, f),
        slowed_squares(state, horses),
    )
    others = {g.square for j, g in enumerate(state.figures) if j != i and g.standing}
    if act.off:
        cands = [
            (r.rider_left + r.horse_left, xy)
            for (xy, m), r in ends.items()
            if m == act.ride
            and r.rider_left + r.horse_left >= mv.EXIT_COST
            and mv.outer_edge_open(state.town, xy, act.facing)
        ]
        if not cands:
            state.say("move", f"{f.label} cannot reach the {act.facing} edge now; he stays.", side)
            hand_back(state, p, then)
            return
        reach = ends[(max(cands)[1], act.ride)]
    else:
        dest = state.town.square(act.dest)
        reach_or = ends.get((dest, act.ride))
        if reach_or is None or (dest in others):
            state.say("move", f"{f.label} cannot make that move now; he stays.", side)
            hand_back(state, p, then)
            return
        reach = reach_or
    path = reach.path
    if state.rule("reaction_fire") and len(path) > 2:
        from saloon.games.cowboys.rules.reaction import seer

        seen = seer(state, i)
        if seen is not None:
            path = choose_path(state.town, path, seen)
    mount_at, last = mv.horse_path(path)
    k = f.horse
    if k is None and mount_at is not None:
        # the best horse of the square: one not slowed by a wound (CW-V15)
        k = max(
            (
                j
                for j, h in enumerate(state.horses)
                if h.alive and h.rider is None and not h.moved and h.square == mount_at
            ),
            key=lambda j: (horse_points(state, state.horses[j]), -j),
        )
    own = points - reach.rider_left
    how = f"{own} of {f.movement}" + (f"+{p.run}" if p.run else "") + " points"
    if k is not None and last is not None:
        full = horse_points(state, state.horses[k])
        used = full - reach.horse_left if act.ride else None
        how += f", {state.horses[k].label}" + (
            f" {used} of {full}" if used is not None else " left behind"
        )
    # Facing After Movement: turning from the last square's way costs 1 (CW-V20).
    turn = 0 if act.off else mv.turn_cost(mv.facing_rule(state), reach, f.facing, act.facing)
    if turn:
        how += ", 1 more to turn"
    ridden = k if last is not None else None
    hf = state.horses[ridden].facing if ridden is not None else f.facing
    left = 0 if act.off else weapon_move.spare(reach.rider_left, reach.horse_left, turn)
    walk = Walk(act, path[1:], f.square, ridden, how, then, hf, turn=turn, spare=left)
    state.pending = replace(p, stage="walk", walk=walk)


def proceed(state: CowboysState, p: Pending) -> bool:
    """Carry the move ``p.walk`` on, square by square, until a side is
    asked whether a cowboy of his reacts (True: ``Phase.REACT`` is set) or
    the move is over (False: the action has gone on to its next stage).
    The move ends early where the mover falls or is thrown or knocked
    down (CW-V35)."""
    from saloon.games.cowboys.rules import reaction

    w = p.walk
    assert w is not None
    i = state.index[p.act.fig]
    react = state.rule("reaction_fire")
    while True:
        if w.asking:
            side = w.asking[0]
            if reaction.reactors(state, p, side):
                state.pending = replace(p, walk=w)
                reaction.open_window(state)
                return True
            w = replace(w, asking=w.asking[1:])
            continue
        f = state.figures[i]
        if w.done and _stopped(state, p, w):
            _cut_short(state, i, w)
            hand_back(state, replace(p, walk=None), w.then)
            return False
        if w.done == len(w.path):
            _arrive(state, i, p, w)
            then = w.then
            if then == "finish" and weapon_move.opens(state, p, w.spare):
                # Weapons changed within a move, the other reading (CW-O2).
                then = weapon_move.STAGE
            hand_back(state, replace(p, walk=None, spare=w.spare), then)
            return False
        if not react:
            # Nobody looks on: a square a leg only passes through need not
            # be stood on (the move ends as the basic game's, faster).
            w = replace(w, done=_passing(w, f.horse is not None))
        before = f.square
        _step(state, i, w)
        w = replace(w, done=w.done + 1)
        if react and state.figures[i].square != before:
            w = replace(w, asking=reaction.sides_to_ask(state, state.figures[i].side))


def hand_back(state: CowboysState, p: Pending, then: str) -> None:
    """The move part of an action is over: ``finish`` ends a plain move
    action; any other stage is where the action goes on."""
    if then == "finish":
        from saloon.games.cowboys.rules.execute import finish

        finish(state, p)
    else:
        state.pending = replace(p, stage=then, walk=None)


def _stopped(state: CowboysState, p: Pending, w: Walk) -> bool:
    """Whether the mover can go no further: down, knocked down, or thrown
    from a horse killed under him on the way (CW-V35)."""
    f = state.figures[state.index[p.act.fig]]
    if not f.standing or f.knocked:
        return True
    riding = w.path[w.done - 1][1]
    return riding and f.horse is None


def _passing(w: Walk, riding: bool) -> int:
    """The next step of ``w`` that is not a square passed through on the
    way (the last, a mount, a dismount, or the step before one)."""
    k = w.done
    path = w.path
    while k + 1 < len(path) and path[k][1] == riding and path[k + 1][1] == riding:
        k += 1
    return k


def _step(state: CowboysState, i: int, w: Walk) -> None:
    """One step of the path: into the next square (facing the way he goes,
    his horse under him if he rides), or a mount or a dismount where he
    stands (Movement with Horses)."""
    f = state.figures[i]
    sq, riding = w.path[w.done]
    was_riding = w.path[w.done - 1][1] if w.done else f.horse is not None
    k = w.horse
    facing: Facing = f.facing
    prev = w.path[w.done - 1][0] if w.done else w.start
    if sq != prev:
        facing = step_facing(prev, sq)
    horse = f.horse
    if k is not None and riding:
        horse = k
        state.horses[k] = replace(state.horses[k], square=sq, facing=facing, rider=i, moved=True)
    elif k is not None and was_riding:
        # A horse left behind keeps the facing it had before the move, as
        # the basic game's move (in one piece) left it.
        horse = None
        state.horses[k] = replace(state.horses[k], facing=w.horse_facing, rider=None, moved=True)
    state.figures[i] = replace(f, square=sq, facing=facing, horse=horse)
    state._cache.clear()


def _arrive(state: CowboysState, i: int, p: Pending, w: Walk) -> None:
    """The move's end: the facing chosen, the loot or the cell door there,
    or the step off the town; the sentence of the log (Move Actions)."""
    act = w.move
    f = state.figures[i]
    side = state.active
    end_sq = w.square
    ride = act.ride and w.horse is not None
    if w.horse is not None:
        h = state.horses[w.horse]
        if ride:
            state.horses[w.horse] = replace(h, facing=act.facing, rider=i, moved=True)
    state.figures[i] = replace(f, facing=act.facing)
    state._cache.clear()
    by = _by(state, w)
    if act.off:
        state.figures[i] = replace(state.figures[i], square=None)
        if ride and w.horse is not None:
            state.horses[w.horse] = replace(state.horses[w.horse], square=None)
        state.say(
            "move",
            f"{f.label} leaves the town across the {act.facing} edge from "
            f"{state.town.ref(end_sq)}{by} ({w.how}, +1 to step off).",
            side,
        )
        return
    after_move(state, i)
    if end_sq == w.start and not w.path and w.horse is None:
        cost = " (1 point)" if w.turn else ""
        state.say("move", f"{f.label} turns to face {act.facing} on {act.dest}{cost}.", side)
    else:
        word = "rides" if act.ride else "moves"
        state.say(
            "move", f"{f.label} {word} to {act.dest}{by} facing {act.facing} ({w.how}).", side
        )


def _by(state: CowboysState, w: Walk) -> str:
    """`` by B:c5, B:c6`` (the squares crossed) with Reaction Fire on."""
    if not state.rule("reaction_fire"):
        return ""
    crossed = w.passed()[:-1]
    return " by " + ", ".join(state.ref(sq) for sq in crossed) if crossed else ""


def _cut_short(state: CowboysState, i: int, w: Walk) -> None:
    """The move ends where the mover was stopped (CW-V35): a horse he rode
    stays there, riderless if he fell."""
    f = state.figures[i]
    if w.horse is not None:
        h = state.horses[w.horse]
        if h.alive:
            state.horses[w.horse] = replace(h, moved=True)
    why = "he is down" if not f.standing else "he is knocked down" if f.knocked else "he is thrown"
    state.say("move", f"{f.label}'s move ends on {state.ref(w.square)}: {why}.", state.active)
    if f.standing:
        after_move(state, i)


def after_move(state: CowboysState, i: int) -> None:
    """A move action ending on a loot square takes the loot; one ending
    on a cell door's square frees the locked-up (scenario rules)."""
    f = state.figures[i]
    if f.side == state.setup.loot_side and f.square in state.loot_squares and not f.loot:
        state.figures[i] = replace(f, loot=True)
        state.say("loot", f"{f.short} takes the loot on {state.ref(f.square)}.", f.side)
    locked = state.setup.locked[0]
    friends = any(state.figures[state.index[k]].side == f.side for k in locked if k in state.index)
    if locked and not state.unlocked and f.square in state.locked_squares and friends:
        state.unlocked = True
        state.say("unlock", f"{f.short} opens the cell: the prisoners may move.", f.side)


# -- the path --------------------------------------------------------------------------


def choose_path(town: Town, path: tuple[End, ...], seen: Callable[[XY], bool]) -> tuple[End, ...]:
    """Among the cheapest ways along ``path``'s legs (on foot, riding, on
    foot again: the same squares to mount and dismount, so the same points
    spent), the one entering fewest squares ``seen`` by a cowboy who could
    react; then the fewest squares off ``path`` (ruling CW-V37).

    >>> from saloon.games.cowboys.board import build_town
    >>> from saloon.games.cowboys.geometry import reachable
    >>> town = build_town([["B"]])
    >>> a, b = town.square("B:a1"), town.square("B:c3")
    >>> p = reachable(town, a, points=4)[(b, False)].path
    >>> [town.ref(sq) for sq, _ in p]
    ['B:a1', 'B:b1', 'B:c1', 'B:c2', 'B:c3']
    >>> seen = {town.square("B:b1"), town.square("B:c1")}
    >>> [town.ref(sq) for sq, _ in choose_path(town, p, seen.__contains__)]
    ['B:a1', 'B:a2', 'B:b2', 'B:c2', 'B:c3']
    """
    legs: list[list[End]] = [[path[0]]]
    for e in path[1:]:
        if e[0] == legs[-1][-1][0]:  # a mount or a dismount: a new leg
            legs.append([e])
        else:
            legs[-1].append(e)
    out: list[End] = []
    for leg in legs:
        riding = leg[0][1]
        squares = _leg(town, [sq for sq, _ in leg], riding, seen)
        out.extend((sq, riding) for sq in squares)
    return tuple(out)


def _leg(town: Town, kept: list[XY], riding: bool, seen: Callable[[XY], bool]) -> list[XY]:
    """One leg's squares: a cheapest way from its first square to its last
    (riding: through squares a horse may enter) with the fewest ``seen``
    squares, then the fewest off ``kept``."""
    if len(kept) < 3:
        return kept
    g = _graph(town)
    w = g.width
    a = kept[0][1] * w + kept[0][0]
    b = kept[-1][1] * w + kept[-1][0]
    on = {y * w + x for x, y in kept}

    def ok(j: int) -> bool:
        return not riding or g.horse_ok[j]

    bound = 0  # the kept way's cost: no cheaper way is looked beyond it
    for (x0, y0), (x1, y1) in pairwise(kept):
        u, v = y0 * w + x0, y1 * w + x1
        bound += next(c for j, c in g.steps[u] if j == v)

    def dist(src: int) -> dict[int, int]:
        """Cheapest costs from ``src``, none beyond the leg's cost."""
        d = {src: 0}
        heap = [(0, src)]
        while heap:
            c, u = heapq.heappop(heap)
            if c > d[u]:
                continue
            for v, cost in g.steps[u]:
                nc = c + cost
                if nc <= bound and ok(v) and nc < d.get(v, 1 << 30):
                    d[v] = nc
                    heapq.heappush(heap, (nc, v))
        return d

    da, db = dist(a), dist(b)
    total = da[b]
    # Best (seen, off) from each square on a cheapest way to b, by distance from b.
    best: dict[int, tuple[int, int, int]] = {b: (0, 0, -1)}
    for u in sorted((u for u in da if da[u] + db.get(u, total + 1) == total), key=lambda u: db[u]):
        if u == b:
            continue
        cands: list[tuple[int, int, int]] = []
        for v, cost in g.steps[u]:
            if v in best and ok(v) and da[u] + cost + db.get(v, 1 << 30) == total:
                s, o, _ = best[v]
                s += seen((v % w, v // w))
                o += v not in on
                cands.append((s, o, v))
        if cands:
            best[u] = min(cands)
    out = [kept[0]]
    u = a
    while u != b:
        u = best[u][2]
        out.append((u % w, u // w))
    return out
