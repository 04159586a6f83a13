"""Cowboys' geometry over a town: range, facing, doors, line of sight, movement.

Pure functions of a :class:`~saloon.games.cowboys.board.Town` and the
positions the engine gives them; no game state. Squares are town
coordinates ``(x, y)``; facings are ``N``, ``E``, ``S``, ``W`` in the town.
Each rule cites its rulebook passage (Cowboys rulebook, ...) and, where the
rulebook leaves room, Saloon's ruling in ``docs/rulings.md`` (CB-G1...).

>>> from saloon.games.cowboys.board import build_town
>>> town = build_town([["A"]])
>>> king_range((0, 0), (3, 2)), in_front("E", (2, 2), (2, 5))
(3, True)
>>> bank_counter, by_the_door = town.square("A:c3"), town.square("A:e4")
>>> sight(town, bank_counter, by_the_door) is not None
True
>>> options = reachable(town, town.square("A:e4"), points=4)
>>> options[(town.square("A:h4"), False)].rider_left   # out of the bank's front door
1
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal, get_args

from saloon.games.cowboys.board import RED, XY, EdgeKind, Town

#: A figure's facing: the side of its square its front looks out of.
Facing = Literal["N", "E", "S", "W"]
FACINGS: Final[tuple[Facing, ...]] = get_args(Facing)
#: One step in each facing, in town coordinates (y grows southward).
STEPS: Final[dict[Facing, XY]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
_FACING_OF: Final[dict[XY, Facing]] = {v: k for k, v in STEPS.items()}

#: Movement points to cross a red line on top of the step (Cowboys
#: rulebook, Movement with Cowboys and Town Folk).
RED_LINE_EXTRA: Final = 1
#: Movement points to mount or to dismount (Cowboys rulebook, Movement with Horses).
MOUNT_COST: Final = 2
#: What a horse adds to its rider's movement (Cowboys rulebook, Movement with Horses).
HORSE_POINTS: Final = 4


# -- range and facing ------------------------------------------------------------------


def king_range(a: XY, b: XY) -> int:
    """Range from ``a`` to ``b``: the fewest king's steps, a diagonal step
    counting one, walls ignored (Cowboys rulebook, Shoot Actions: range is
    the shortest count of squares, diagonals allowed; RULINGS, Cowboys).

    >>> king_range((2, 2), (4, 2)), king_range((2, 2), (5, 3)), king_range((1, 1), (1, 1))
    (2, 3, 0)
    """
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def in_front(facing: Facing, from_sq: XY, to_sq: XY) -> bool:
    """Whether ``to_sq`` is in the front facing of a figure on ``from_sq``
    facing ``facing``: level with it or ahead of it, so its front and both
    sides (Cowboys rulebook, Line of Sight: front facing is the squares in
    front and to the sides; RULINGS, Cowboys). A figure can shoot only at a
    target in front of it.

    >>> in_front("N", (3, 3), (0, 3)), in_front("N", (3, 3), (9, 0)), in_front("N", (3, 3), (3, 4))
    (True, True, False)
    """
    dx, dy = to_sq[0] - from_sq[0], to_sq[1] - from_sq[1]
    sx, sy = STEPS[facing]
    return dx * sx + dy * sy >= 0


def back_shot(target_facing: Facing, target: XY, shooter: XY) -> bool:
    """Whether a shot from ``shooter`` is a back shot (+2): the shooter stands
    in the target's back facing, behind the target's square (Cowboys
    rulebook, Shot Modifiers: Back Shot; RULINGS, Cowboys).

    >>> back_shot("E", (8, 5), (5, 5)), back_shot("E", (8, 5), (8, 9))
    (True, False)
    """
    return not in_front(target_facing, target, shooter)


def step_facing(a: XY, b: XY) -> Facing:
    """The facing of a step from ``a`` to its neighbour ``b`` (Cowboys
    rulebook, Advanced Rules, Facing After Movement: a figure ends a move
    facing the direction of the last square moved to).

    >>> step_facing((2, 2), (2, 1)), step_facing((2, 2), (3, 2))
    ('N', 'E')
    """
    step = (b[0] - a[0], b[1] - a[1])
    if step not in _FACING_OF:
        raise ValueError(f"squares {a} and {b} are not neighbours")
    return _FACING_OF[step]


# -- doors and line of sight -------------------------------------------------------------


def door_is_open(town: Town, door: tuple[XY, XY], occupied: Collection[XY]) -> bool:
    """Whether the door between the two squares of ``door`` is open: a
    cowboy or town folk (``occupied``: their squares) stands in one of the
    two squares it separates, so directly in front of it and next to it,
    on either side (Cowboys rulebook, Line of Sight and Move Actions; ruling
    CB-G4: which way the figure faces does not matter).

    >>> from saloon.games.cowboys.board import build_town
    >>> town = build_town([["A"]])
    >>> door = (town.square("A:e4"), town.square("A:f4"))
    >>> door_is_open(town, door, {town.square("A:f4")}), door_is_open(town, door, set())
    (True, False)
    """
    a, b = door
    if town.edge(a, b) != "door":
        raise ValueError(f"there is no door between {a} and {b}")
    return a in occupied or b in occupied


@dataclass(frozen=True)
class Crossing:
    """A line that a line of sight crosses: the side between squares ``a``
    and ``b`` (``a < b``), of ``kind`` window, obstacle or door (an open one:
    a wall or a closed door would have blocked the sight)."""

    a: XY
    b: XY
    kind: EdgeKind

    def touches(self, square: XY) -> bool:
        """Whether the line is a side of ``square`` (the square is next to it)."""
        return square in (self.a, self.b)


def _crossing(a: XY, b: XY, kind: EdgeKind) -> Crossing:
    return Crossing(a, b, kind) if a < b else Crossing(b, a, kind)


@dataclass(frozen=True)
class SightLine:
    """A clear line of sight from ``shooter`` to ``target``.

    ``squares`` are the squares whose inside the centre-to-centre segment
    passes through, from the shooter's to the target's; ``crossings`` the
    red lines and open doors it crosses, in order. :attr:`at_target` are
    those that are a side of the target's square: the rulebook's -1 for a
    red line or an open door the target is next to (Cowboys rulebook, Shot
    Modifiers), which the engine applies.
    """

    shooter: XY
    target: XY
    squares: tuple[XY, ...]
    crossings: tuple[Crossing, ...]

    @property
    def range(self) -> int:
        """The range of the shot (:func:`king_range`)."""
        return king_range(self.shooter, self.target)

    @property
    def at_target(self) -> tuple[Crossing, ...]:
        """The crossed red lines and open doors the target is next to."""
        return tuple(c for c in self.crossings if c.touches(self.target))

    @property
    def red_line_at_target(self) -> bool:
        """Whether the sight crosses a red line the target is next to (-1)."""
        return any(c.kind in RED for c in self.at_target)

    @property
    def open_door_at_target(self) -> bool:
        """Whether the sight crosses an open door the target is next to (-1)."""
        return any(c.kind == "door" for c in self.at_target)


def red_run_at_target(town: Town, line: SightLine) -> bool:
    """Whether the sight crosses a red line of which some part is a side of
    the target's square: the whole straight drawn line (a trough, a
    fence, a row of windows), every red side joined end to end along the
    same grid line with the one crossed (Shot Modifiers, the other reading
    ``red_line_whole``, ruling CW-O3; the rulebook's reading is
    :attr:`SightLine.red_line_at_target`).
    """
    for c in line.crossings:
        if c.kind not in RED:
            continue
        (ax, ay), (bx, by) = c.a, c.b
        # Step along the grid line the side lies on: a side between two
        # squares of one row lies on a column line, and runs up and down.
        step = (0, 1) if ay == by else (1, 0)
        for sign in (1, -1):
            k = 0
            while True:
                a = (ax + sign * k * step[0], ay + sign * k * step[1])
                b = (bx + sign * k * step[0], by + sign * k * step[1])
                if not (town.contains(a) and town.contains(b)) or town.edge(a, b) not in RED:
                    break
                if line.target in (a, b):
                    return True
                k += 1
    return False


def sight(
    town: Town,
    shooter: XY,
    target: XY,
    *,
    blockers: Collection[XY] = frozenset(),
    occupied: Collection[XY] = frozenset(),
) -> SightLine | None:
    """The line of sight from ``shooter`` to ``target``, or ``None`` when it
    is blocked (Cowboys rulebook, Line of Sight; RULINGS, Cowboys; rulings
    CB-G5..G8).

    The line is the segment from the centre of the shooter's square to the
    centre of the target's. It is blocked by a wall it crosses, and by a
    closed door (a door is open while a figure in ``occupied`` stands on
    either side of it, :func:`door_is_open`); windows, obstacles and open
    doors let it through, over their whole side. It is blocked by a square
    of ``blockers`` (figures, horses, cattle, the stagecoach) whose inside it
    passes through, other than the shooter's and the target's own squares.
    Where it passes exactly through a corner of squares, it touches no
    square there, so no figure blocks it; it is blocked there only when
    walls or closed doors meet at that corner on both sides of it (the
    joint of a straight wall, the inside corner of a room), not when they
    are all on one side (the outside corner of a building).

    Exact: centres sit at half squares, so the arithmetic is done in whole
    numbers. The answer is the same from the target to the shooter
    (Cowboys rulebook: sight works the same into a building as out of it).

    >>> from saloon.games.cowboys.board import build_town
    >>> town = build_town([["A"]])
    >>> inside, street = town.square("A:e4"), town.square("A:h4")
    >>> sight(town, inside, street) is None          # the front door is closed
    True
    >>> line = sight(town, inside, street, occupied={inside})
    >>> [(c.kind, town.ref(c.a), town.ref(c.b)) for c in line.crossings]
    [('door', 'A:e4', 'A:f4')]
    """
    trace = _sight_trace(town, shooter, target)
    if trace is None:
        return None
    mids, ops, squares = trace
    for sq in mids:
        if sq in blockers:
            return None
    crossings: list[Crossing] = []
    for op in ops:
        if op[0] == _SIDE:
            _, a, b, kind = op
            if kind == "door" and a not in occupied and b not in occupied:
                return None
            crossings.append(_crossing(a, b, kind))
        else:
            _, one, other = op
            if _any_blocks(one, occupied) and _any_blocks(other, occupied):
                return None
            if one and other:
                for (a, b), kind in (*one, *other):
                    if kind != "wall" and (kind != "door" or a in occupied or b in occupied):
                        crossings.append(_crossing(a, b, kind))
    return SightLine(shooter, target, squares, tuple(crossings))


_SIDE, _CORNER = 0, 1
#: What a sight line meets whatever stands in the town: the squares it passes
#: through (the shooter's and the target's excepted), the lines it crosses
#: that are not open (a side: ``(_SIDE, a, b, kind)``; a corner: ``(_CORNER,
#: lines on one hand, lines on the other)``, each line ``((a, b), kind)``),
#: and every square from the shooter's to the target's.
_SightTrace = tuple[
    tuple[XY, ...],
    tuple[tuple[Any, ...], ...],
    tuple[XY, ...],
]


def _any_blocks(
    lines: tuple[tuple[tuple[XY, XY], EdgeKind], ...], occupied: Collection[XY]
) -> bool:
    for (a, b), kind in lines:
        if kind == "wall" or (kind == "door" and a not in occupied and b not in occupied):
            return True
    return False


def _sight_trace(town: Town, shooter: XY, target: XY) -> _SightTrace | None:
    """The fixed part of the sight from ``shooter`` to ``target``, derived
    once per town and pair of squares (``None``: a wall blocks it whatever
    stands in the town); :func:`sight` adds the figures and doors."""
    cache = town.cache.get("sight-trace")
    if not isinstance(cache, dict):
        cache = town.cache["sight-trace"] = {}
    key = (shooter, target)
    if key in cache:
        got: _SightTrace | None = cache[key]
        return got
    for sq in (shooter, target):
        if not town.contains(sq):
            raise ValueError(f"square {sq} is not in the town")
    trace = _trace(town, shooter, target)
    if len(cache) > _TRACE_CACHE:
        cache.clear()
    cache[key] = trace
    return trace


#: How many sight traces a town keeps.
_TRACE_CACHE: Final = 400_000


def _trace(town: Town, shooter: XY, target: XY) -> _SightTrace | None:
    x0, y0 = shooter
    dx, dy = target[0] - x0, target[1] - y0
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    ax, ay = abs(dx), abs(dy)
    grid = town.grid
    w = grid.width
    across, upright = grid.across, grid.upright
    cx, cy = x0, y0
    squares: list[XY] = [shooter]
    ops: list[tuple[Any, ...]] = []
    # The k-th column line is crossed at t = (2k - 1) / (2 ax), the m-th row
    # line at t = (2m - 1) / (2 ay): compare (2k - 1) ay with (2m - 1) ax.
    k = m = 1
    while k <= ax or m <= ay:
        if k > ax:
            order = 1
        elif m > ay:
            order = -1
        else:
            a_t, b_t = (2 * k - 1) * ay, (2 * m - 1) * ax
            order = (a_t > b_t) - (a_t < b_t)
        if order < 0:  # through a side between columns
            nx = cx + sx
            kind = upright[cy * (w + 1) + max(cx, nx)]
            if kind == "wall":
                return None
            if kind != "open":
                ops.append((_SIDE, (cx, cy), (nx, cy), kind))
            cx = nx
            k += 1
        elif order > 0:  # through a side between rows
            ny = cy + sy
            kind = across[max(cy, ny) * w + cx]
            if kind == "wall":
                return None
            if kind != "open":
                ops.append((_SIDE, (cx, cy), (cx, ny), kind))
            cy = ny
            m += 1
        else:  # exactly through a corner
            corner = _corner_lines(town, (cx, cy), sx, sy)
            if corner is None:
                return None
            if corner[1] or corner[2]:
                ops.append(corner)
            cx += sx
            cy += sy
            k += 1
            m += 1
        squares.append((cx, cy))
    return tuple(sq for sq in squares[1:] if sq != target), tuple(ops), tuple(squares)


def _corner_lines(town: Town, here: XY, sx: int, sy: int) -> tuple[Any, ...] | None:
    """The corner between ``here`` and ``here + (sx, sy)``.

    Four sides meet at the corner. Two are sides of the square beside the
    line on one hand (``here + (sx, 0)``), two of the square on the other
    hand (``here + (0, sy)``). Ruling CB-G6: the sight is blocked only if a
    wall or closed door is on each hand, as the line then crosses where they
    join; if lines stand on both hands but not blocking ones on both, the
    line crosses at the end of a window, obstacle or open door, which covers
    its whole side, ends included, and crosses those; lines on one hand only
    are a corner it grazes.
    """
    x, y = here
    side_a, side_b = (x + sx, y), (x, y + sy)
    far = (x + sx, y + sy)
    one = ((here, side_a), (side_a, far))  # sides of the square on one hand
    other = ((here, side_b), (side_b, far))  # sides of the square on the other
    edge = town.grid.edge
    lined_one = tuple((p, edge(*p)) for p in one if edge(*p) != "open")
    lined_other = tuple((p, edge(*p)) for p in other if edge(*p) != "open")
    if any(k == "wall" for _, k in lined_one) and any(k == "wall" for _, k in lined_other):
        return None  # walls on both hands block it whatever stands there
    if not (lined_one and lined_other):
        return (_CORNER, (), ())  # lines on one hand only: a corner it grazes
    return (_CORNER, lined_one, lined_other)


# -- movement ----------------------------------------------------------------------------

#: An end of a move: the square and whether the figure is mounted there.
End = tuple[XY, bool]

_FOOT, _RIDING, _AFTER = 0, 1, 2


@dataclass(frozen=True)
class _Graph:
    """A town's steps, derived once: for each square (index ``y * width +
    x``), its neighbours across no wall with the cost of the step."""

    width: int
    steps: tuple[tuple[tuple[int, int], ...], ...]
    horse_ok: tuple[bool, ...]


def _graph(town: Town) -> _Graph:
    cached = town.cache.get("move-graph")
    if isinstance(cached, _Graph):
        return cached
    w, h = town.width, town.height
    steps: list[tuple[tuple[int, int], ...]] = []
    for y in range(h):
        for x in range(w):
            out: list[tuple[int, int]] = []
            for ddx, ddy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                nx, ny = x + ddx, y + ddy
                if not (0 <= nx < w and 0 <= ny < h):
                    continue
                kind = town.edge((x, y), (nx, ny))
                if kind == "wall":
                    continue  # Move Actions: never across a black line but at a door
                cost = 1 + (RED_LINE_EXTRA if kind in RED else 0)
                out.append((ny * w + nx, cost))
            steps.append(tuple(out))
    graph = _Graph(w, tuple(steps), tuple(town.horse_ok(xy) for xy in town.squares()))
    town.cache["move-graph"] = graph
    return graph


def walking_distances(town: Town, sources: frozenset[XY]) -> Mapping[XY, int]:
    """The fewest movement points on foot from every square to the nearest
    of ``sources`` (Move Actions: a point a step, one more across a red
    line, never across a wall); figures are passed through, as a move may.
    Kept per town for the last few hundred source sets.

    >>> from saloon.games.cowboys.board import build_town
    >>> town = build_town([["A"]])
    >>> walking_distances(town, frozenset({town.square("A:e4")}))[town.square("A:h4")]
    3
    """
    cache_ = town.cache.get("walking-distances")
    if not isinstance(cache_, dict):
        cache_ = town.cache["walking-distances"] = {}
    got: Mapping[XY, int] | None = cache_.get(sources)
    if got is not None:
        return got
    g = _graph(town)
    w = g.width
    best: dict[int, int] = {}
    heap: list[tuple[int, int]] = []
    for x, y in sources:
        i = y * w + x
        best[i] = 0
        heap.append((0, i))
    heapq.heapify(heap)
    while heap:
        d, i = heapq.heappop(heap)
        if d > best.get(i, 1 << 30):
            continue
        for j, c in g.steps[i]:
            nd = d + c
            if nd < best.get(j, 1 << 30):
                best[j] = nd
                heapq.heappush(heap, (nd, j))
    out = {(i % w, i // w): d for i, d in best.items()}
    if len(cache_) > 512:
        cache_.clear()
    cache_[sources] = out
    return out


@dataclass(frozen=True)
class Reach:
    """One end of a move and the best way found there.

    ``rider_left`` and ``horse_left`` are the points still unspent (the
    horse's are 0 on foot: a horse left behind moves no more), ``spent`` the
    points spent, the rider's and the horse's. :attr:`path` is one way to
    get there: ``(square, mounted)`` from the start, one entry per step,
    mount or dismount.
    """

    square: XY
    mounted: bool
    rider_left: int
    horse_left: int
    _trace: _Trace = field(compare=False, repr=False)
    _key: tuple[int, int, int, int] = field(compare=False, repr=False)

    @property
    def path(self) -> tuple[End, ...]:
        """One way to this end: ``(square, mounted)`` from the start."""
        return self._trace.path(self._key)

    @property
    def spent(self) -> int:
        """The points spent on the way, the figure's own and the horse's."""
        return self._trace.spent(self._key)

    @property
    def facing(self) -> Facing | None:
        """The direction of the last square moved to, ``None`` if the figure
        never left its square (Cowboys rulebook, Facing After Movement)."""
        squares = [sq for sq, _ in self.path]
        for i in range(len(squares) - 1, 0, -1):
            if squares[i - 1] != squares[i]:
                return step_facing(squares[i - 1], squares[i])
        return None


class _Trace:
    """The search's parent links, shared by the :class:`Reach` of one call."""

    def __init__(
        self,
        width: int,
        start: tuple[int, int, int, int],
        points: int,
        start_horse: int,
        horse_at: Mapping[int, int],
    ) -> None:
        self.width = width
        self.start = start
        self.points = points
        self.start_horse = start_horse
        self.horse_at = horse_at
        #: Riding states: their parent (a riding state, or the foot state that mounted).
        self.parent: dict[tuple[int, int, int, int], tuple[int, int, int, int]] = {}
        #: On foot before mounting and after dismounting: points left, parent square
        #: (-1 where the layer starts).
        self.foot_left: dict[int, int] = {}
        self.foot_parent: dict[int, int] = {}
        self.after_left: dict[int, int] = {}
        self.after_parent: dict[int, int] = {}
        #: Where a figure dismounts: the riding state it dismounts from.
        self.after_seed: dict[int, tuple[int, int, int, int]] = {}

    def _parent(self, node: tuple[int, int, int, int]) -> tuple[int, int, int, int] | None:
        if node == self.start:
            return None
        i, mode = node[0], node[1]
        if mode == _FOOT:
            j = self.foot_parent[i]
            return (j, _FOOT, self.foot_left[j], 0)
        if mode == _AFTER:
            j = self.after_parent[i]
            if j == -1:
                return self.after_seed[i]
            return (j, _AFTER, self.after_left[j], 0)
        return self.parent[node]

    def path(self, key: tuple[int, int, int, int]) -> tuple[End, ...]:
        out: list[End] = []
        w = self.width
        node: tuple[int, int, int, int] | None = key
        while node is not None:
            out.append(((node[0] % w, node[0] // w), node[1] == _RIDING))
            node = self._parent(node)
        return tuple(reversed(out))

    def spent(self, key: tuple[int, int, int, int]) -> int:
        own = self.points - key[2]
        node: tuple[int, int, int, int] | None = key
        while node is not None and node[1] != _RIDING:
            node = self._parent(node)
        if node is None or node[1] != _RIDING:
            return own  # never mounted
        hh = node[3]
        while node != self.start:
            prev = self.parent[node]
            if prev[1] == _FOOT:  # mounted this horse here
                return own + self.horse_at[node[0]] - hh
            node = prev
        return own + self.start_horse - hh


def reachable(
    town: Town,
    start: XY,
    *,
    points: int,
    mounted: bool = False,
    horse_points: int = HORSE_POINTS,
    horses: Mapping[XY, int] | Iterable[XY] = (),
    no_end: Collection[XY] = frozenset(),
) -> dict[End, Reach]:
    """Every end of one figure's move action from ``start``, each with the
    most points left and one way there.

    ``points`` are the figure's own movement points (4 less one per wound:
    Cowboys rulebook, Movement with Cowboys and Town Folk). ``mounted``:
    it starts on a horse with ``horse_points`` left (4; 2 for a shot horse
    under the Shot Horses option). ``horses``: the squares of horses it may
    mount this turn (each horse moves with one rider a turn), with their
    points (a plain collection of squares means 4 each). ``no_end``: squares
    it may not end on (other cowboys and town folk; it may pass through).

    Rules (Cowboys rulebook, Move Actions, Movement with Horses; rulings
    CB-M1..M6): 1 point a step, never diagonally; 1 more to cross a red line
    (window, obstacle); never across a wall; through a door always (the
    mover, in front of it and next to it, opens it). Mounting or
    dismounting takes 2 of the figure's own points, in the horse's square.
    A rider spends the horse's points first, then his own; he never enters
    a building but stables, corrals and the livery. Dismounted, he goes on
    with his own points. A move mounts at most once, and a figure that
    dismounts does not mount again in the same move.

    The key of the answer is ``(square, mounted)``; the start is there too
    (``spent`` 0). Among the ways to an end, the one kept leaves the most
    points in all, then the most of the figure's own.

    >>> from saloon.games.cowboys.board import build_town
    >>> town = build_town([["A"]])
    >>> lot = town.square("A:a2")
    >>> r = reachable(town, lot, points=4, mounted=True)[(town.square("A:a10"), True)]
    >>> r.spent, r.horse_left, r.rider_left, r.facing
    (8, 0, 0, 'S')
    """
    if not town.contains(start):
        raise ValueError(f"square {start} is not in the town")
    if points < 0 or horse_points < 0:
        raise ValueError("movement points cannot be negative")
    g = _graph(town)
    w = g.width
    steps, horse_ok = g.steps, g.horse_ok
    s = start[1] * w + start[0]
    if isinstance(horses, Mapping):
        horse_at = {xy[1] * w + xy[0]: p for xy, p in horses.items() if town.contains(xy)}
    else:
        horse_at = {xy[1] * w + xy[0]: HORSE_POINTS for xy in horses if town.contains(xy)}
    start_key = (s, _RIDING, points, horse_points) if mounted else (s, _FOOT, points, 0)
    trace = _Trace(w, start_key, points, horse_points if mounted else 0, horse_at)

    # Layer 1, on foot before any mount: the most points left per square.
    foot_left = trace.foot_left
    if not mounted:
        _walk(steps, {s: points}, foot_left, trace.foot_parent)
    # Layer 2, mounted: a Pareto front of (own points, horse's points) per square.
    front: dict[int, list[tuple[int, int]]] = {}
    parent = trace.parent
    seeds: list[tuple[int, int, int, int]] = []
    if mounted:
        seeds.append(start_key)
    else:
        for i, hp in horse_at.items():
            r = foot_left.get(i, -1)
            if r >= MOUNT_COST:
                key = (i, _RIDING, r - MOUNT_COST, hp)
                parent[key] = (i, _FOOT, r, 0)
                seeds.append(key)
    if seeds:
        _ride(steps, horse_ok, seeds, front, parent)
    # Layer 3, on foot after dismounting: own points only.
    after_start: dict[int, int] = {}
    for i, states in front.items():
        for r, hh in states:
            if r >= MOUNT_COST and r - MOUNT_COST > after_start.get(i, -1):
                after_start[i] = r - MOUNT_COST
                trace.after_seed[i] = (i, _RIDING, r, hh)
    if after_start:
        _walk(steps, after_start, trace.after_left, trace.after_parent)

    # The ends.
    blocked = {xy[1] * w + xy[0] for xy in no_end} - {s}
    ends: dict[End, Reach] = {}
    for i, r in foot_left.items():
        if i not in blocked:
            xy = (i % w, i // w)
            ends[(xy, False)] = Reach(xy, False, r, 0, trace, (i, _FOOT, r, 0))
    for i, r in trace.after_left.items():
        if i in blocked:
            continue
        xy = (i % w, i // w)
        old = ends.get((xy, False))
        if old is None or r > old.rider_left:
            ends[(xy, False)] = Reach(xy, False, r, 0, trace, (i, _AFTER, r, 0))
    for i, states in front.items():
        if i in blocked:
            continue
        r, hh = max(states, key=lambda st: (st[0] + st[1], st[0]))
        xy = (i % w, i // w)
        ends[(xy, True)] = Reach(xy, True, r, hh, trace, (i, _RIDING, r, hh))
    return ends


def _walk(
    steps: tuple[tuple[tuple[int, int], ...], ...],
    seeds: dict[int, int],
    left: dict[int, int],
    parent: dict[int, int],
) -> None:
    """On foot: the most points left on each square reachable from ``seeds``
    (square -> points), by buckets of points left, most first."""
    top = max(seeds.values())
    buckets: list[list[int]] = [[] for _ in range(top + 1)]
    for i, r in seeds.items():
        left[i] = r
        parent[i] = -1
        buckets[r].append(i)
    for r in range(top, 0, -1):
        for i in buckets[r]:
            if left[i] != r:
                continue
            for j, c in steps[i]:
                nr = r - c
                if nr >= 0 and nr > left.get(j, -1):
                    left[j] = nr
                    parent[j] = i
                    buckets[nr].append(j)


def _ride(
    steps: tuple[tuple[tuple[int, int], ...], ...],
    horse_ok: tuple[bool, ...],
    seeds: list[tuple[int, int, int, int]],
    front: dict[int, list[tuple[int, int]]],
    parent: dict[tuple[int, int, int, int], tuple[int, int, int, int]],
) -> None:
    """Mounted: the Pareto front of (own points, horse's points) left on
    each square; the horse's points are spent first."""
    top = max(k[2] + k[3] for k in seeds)
    buckets: list[list[tuple[int, int, int, int]]] = [[] for _ in range(top + 1)]

    def add(key: tuple[int, int, int, int]) -> bool:
        i, _, r, hh = key
        states = front.setdefault(i, [])
        for r2, h2 in states:
            if r2 >= r and h2 >= hh:
                return False
        states[:] = [(r2, h2) for r2, h2 in states if not (r >= r2 and hh >= h2)]
        states.append((r, hh))
        buckets[r + hh].append(key)
        return True

    for key in seeds:
        add(key)
    for total in range(top, 0, -1):
        for key in buckets[total]:
            i, mode, r, hh = key
            if (r, hh) not in front[i]:
                continue
            for j, c in steps[i]:
                if not horse_ok[j] or c > total:
                    continue
                # the horse's points first, then the rider's (ruling CB-M2)
                nk = (j, mode, r, hh - c) if hh >= c else (j, mode, r - (c - hh), 0)
                if add(nk):
                    parent[nk] = key
