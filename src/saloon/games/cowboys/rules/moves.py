"""Move actions: where a figure can go, and what a move does to figures and horses.

Cowboys rulebook, Move Actions: a figure moves, mounts, dismounts or
changes weapons in its move action; Movement with Cowboys and Town Folk
(1 point a square, +1 across a red line, never across a wall, through
figures but never ending on one); Movement with Horses (2 points to mount
or dismount, +4 mounted, horses move only under a rider, one rider a turn);
Movement to Change Weapons (2 points; a dropped weapon is picked up in its
square for 2). The paths themselves come from
:func:`saloon.games.cowboys.geometry.reachable`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from saloon.games.cowboys.board import XY, Town
from saloon.games.cowboys.geometry import FACINGS, HORSE_POINTS, STEPS, Facing, Reach, reachable
from saloon.games.cowboys.rules.figures import Figure
from saloon.games.cowboys.rules.shot_horses import SLOWED_POINTS, ridden_points, slowed_squares

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState

#: Points to change the weapon in hand or to pick one up (Movement to Change Weapons).
WEAPON_COST = 2
#: Points to step off the town across its edge (ruling CW-T9: one step).
EXIT_COST = 1


@dataclass(frozen=True)
class MoveOptions:
    """Every end of one figure's move this turn: ``ends`` with its own
    points, ``extra`` with a Run card's points added (``run`` of them),
    and the edges it may leave by, with how it leaves (mounted or not)."""

    ends: Mapping[tuple[XY, bool], Reach]
    extra: Mapping[tuple[XY, bool], Reach]
    run: int
    exits: frozenset[tuple[Facing, bool]]
    exits_extra: frozenset[tuple[Facing, bool]]


def outer_edge_open(town: Town, xy: XY, facing: Facing) -> bool:
    """Whether ``xy`` is on the town's edge toward ``facing`` with no wall
    drawn on that outer side (a figure can step off the town there)."""
    x, y = xy
    w, h = town.width, town.height
    g = town.grid
    if facing == "E" and x == w - 1:
        kind = g.upright[y * (w + 1) + w]
    elif facing == "W" and x == 0:
        kind = g.upright[y * (w + 1)]
    elif facing == "N" and y == 0:
        kind = g.across[x]
    elif facing == "S" and y == h - 1:
        kind = g.across[h * w + x]
    else:
        return False
    return kind not in ("wall", "door")


def move_options(state: CowboysState, i: int, run: int = 0) -> MoveOptions:
    """Where figure ``i`` can end a move action now (no legality of whose
    turn it is: see the state). ``run``: the most extra points a Run card
    in the side's hand could add."""
    f = state.figures[i]
    assert f.square is not None
    ends_all, extra_all, exits, exits_extra = reach_of(state, f, run)
    no_end = {g.square for j, g in enumerate(state.figures) if j != i and g.standing and g.square}
    return MoveOptions(
        ends={k: r for k, r in ends_all.items() if k[0] not in no_end},
        extra={k: r for k, r in extra_all.items() if k[0] not in no_end},
        run=run,
        exits=exits,
        exits_extra=exits_extra,
    )


_Reached = tuple[
    Mapping[tuple[XY, bool], Reach],
    Mapping[tuple[XY, bool], Reach],
    frozenset[tuple[Facing, bool]],
    frozenset[tuple[Facing, bool]],
]
#: How many figures' reaches a town keeps (:func:`reach_of`).
_REACH_CACHE = 20_000


def reach_key(state: CowboysState, f: Figure, run: int) -> tuple[object, ...]:
    """Everything a figure's reach depends on but the other figures' squares:
    his square, movement, whether he is mounted, the horses he may mount,
    the edges he may leave by, a Run card's points, and with shot horses
    slowed his horse's points and the squares of the slowed horses."""
    prisoner = f.id in state.setup.prisoners
    horses = () if prisoner else state.free_horses()
    leaves = (*state.setup.exits, *state.leavers.get(f.id, ()))
    ridden = ridden_points(state, f)
    slow = slowed_squares(state, horses)
    return (f.square, f.movement, f.horse is not None, horses, leaves, run, ridden, slow)


def reach_from(
    town: Town,
    square: XY,
    points: int,
    mounted: bool,
    horses: tuple[XY, ...],
    ridden: int = HORSE_POINTS,
    slow: tuple[XY, ...] = (),
) -> Mapping[tuple[XY, bool], Reach]:
    """:func:`~saloon.games.cowboys.geometry.reachable` from ``square`` with
    ``points``, the horses on ``horses`` free to mount (4 points each, 2
    on the ``slow`` squares), ``ridden`` the points of the horse he rides
    (shot horses slowed, CW-V15), derived once per town and question."""
    cache = town.cache.get("reachable")
    if not isinstance(cache, dict):
        cache = town.cache["reachable"] = {}
    key = (square, points, mounted, horses, ridden, slow)
    got: Mapping[tuple[XY, bool], Reach] | None = cache.get(key)
    if got is None:
        got = reachable(
            town,
            square,
            points=points,
            mounted=mounted,
            horse_points=ridden if mounted else HORSE_POINTS,
            horses={sq: SLOWED_POINTS if sq in slow else HORSE_POINTS for sq in horses},
        )
        if len(cache) > _REACH_CACHE:
            cache.clear()
        cache[key] = got
    return got


def reach_of(state: CowboysState, f: Figure, run: int) -> _Reached:
    """Every end of the figure's move whatever other figures stand on (and
    the edges he may leave by), with and without the Run points; derived
    once per :func:`reach_key` and town."""
    key = reach_key(state, f, run)
    town = state.town
    cache = town.cache.get("reach")
    if not isinstance(cache, dict):
        cache = town.cache["reach"] = {}
    got: _Reached | None = cache.get(key)
    if got is not None:
        return got
    square, points, mounted, free, leaves, _, ridden, slow = key
    assert isinstance(square, tuple) and isinstance(points, int) and isinstance(mounted, bool)
    assert isinstance(free, tuple) and isinstance(leaves, tuple)
    assert isinstance(ridden, int) and isinstance(slow, tuple)
    ends_all = reach_from(town, square, points, mounted, free, ridden, slow)
    extra_all = reach_from(town, square, points + run, mounted, free, ridden, slow) if run else {}

    def exits(ends: Mapping[tuple[XY, bool], Reach]) -> frozenset[tuple[Facing, bool]]:
        out: set[tuple[Facing, bool]] = set()
        for facing in leaves:
            for (xy, m), r in ends.items():
                if r.rider_left + r.horse_left >= EXIT_COST and outer_edge_open(town, xy, facing):
                    out.add((facing, m))
        return frozenset(out)

    got = (ends_all, extra_all, exits(ends_all), exits(extra_all) if run else frozenset())
    if len(cache) > _REACH_CACHE:
        cache.clear()
    cache[key] = got
    return got


def end_facing(reach: Reach) -> Facing | None:
    """The facing a move must end in under Advanced Optional Rule 1, or
    ``None`` if any: a figure that spends all its movement (its own, its
    horse's, a Run card's) faces the way of the last square it moved to;
    one that used less may face any way (ruling CW-A1: the path is the one
    :func:`~saloon.games.cowboys.geometry.reachable` keeps, CW-T4).
    """
    if reach.rider_left + reach.horse_left > 0:
        return None
    return reach.facing


def facing_rule(state: CowboysState) -> str:
    """Which rule fixes the facing a move ends in: ``after_move`` (Advanced
    Rules, Facing After Movement), else ``last_step`` (Advanced Optional Rule
    1), else ``""`` (the basic game: any facing). With both on, Facing After
    Movement governs (ruling CW-V20)."""
    if state.rule("facing_after_move"):
        return "after_move"
    return "last_step" if state.rule("facing_by_last_step") else ""


def must_face(rule: str, reach: Reach) -> tuple[bool, Facing | None]:
    """Whether the move to ``reach`` must end in one facing under the facing
    ``rule`` (:func:`facing_rule`), and which: the way of the last square
    moved to, or ``None`` for the facing the figure has (he never left his
    square). Under Advanced Optional Rule 1 a move that spends every point
    must face the way of its last step (:func:`end_facing`, CW-A1); under
    Facing After Movement a move faces the way of its last square, and
    turning to another facing at the end costs 1 point, so a move with no
    point left may not turn, and one that never left its square keeps its
    facing (rulings CW-V20, CW-V21).

    >>> from saloon.games.cowboys.board import build_town
    >>> from saloon.games.cowboys.geometry import reachable
    >>> town = build_town([["A"]])
    >>> ends = reachable(town, town.square("A:a2"), points=4)
    >>> three, four = ends[(town.square("A:a5"), False)], ends[(town.square("A:a6"), False)]
    >>> must_face("after_move", three), must_face("after_move", four)
    ((False, None), (True, 'S'))
    """
    if not rule or reach.rider_left + reach.horse_left > 0:
        return (False, None)
    if rule == "last_step":
        facing = end_facing(reach)
        return (facing is not None, facing)
    return (True, reach.facing)


def turn_cost(rule: str, reach: Reach, facing_now: Facing, facing: Facing) -> int:
    """The points a move to ``reach`` spends on turning to ``facing`` at its
    end: 1 under Facing After Movement when ``facing`` is not the way of
    the last square moved to (or, never leaving the square, the facing the
    figure has), else 0 (ruling CW-V20)."""
    if rule != "after_move":
        return 0
    return 0 if facing == (reach.facing or facing_now) else 1


def squares_moved(path: tuple[tuple[XY, bool], ...]) -> int:
    """The squares a move's path steps into (mounting and dismounting, in
    the same square, are none; a red line crossed is one square though it
    costs two points): Move and Shoot's count (ruling CW-V23).

    >>> squares_moved((((0, 0), False), ((0, 0), True), ((0, 1), True), ((1, 1), True)))
    2
    """
    return sum(1 for k in range(1, len(path)) if path[k][0] != path[k - 1][0])


def turn_only(f: Figure, dest: XY, ride: bool, facing: Facing) -> bool:
    """Whether a 'move' to his own square, as he is, only turns him."""
    return f.square == dest and (f.horse is not None) == ride and facing != f.facing


def pointless(f: Figure, dest: XY, ride: bool, facing: Facing) -> bool:
    """A move that changes nothing (use ``wait``)."""
    return f.square == dest and (f.horse is not None) == ride and facing == f.facing


def horse_path(path: tuple[tuple[XY, bool], ...]) -> tuple[XY | None, XY | None]:
    """Where a move mounts a horse (``None``: it started mounted or never
    mounted) and where the horse is left or ends (``None``: never ridden)."""
    mount_at: XY | None = None
    last: XY | None = None
    for k, (sq, m) in enumerate(path):
        if m:
            if k > 0 and not path[k - 1][1] and mount_at is None:
                mount_at = sq
            last = sq
    return mount_at, last


def steps_text(points: int, spent: int) -> str:
    return f"{spent} of {points} point{'s' if points != 1 else ''}"


__all__ = [
    "EXIT_COST",
    "FACINGS",
    "STEPS",
    "WEAPON_COST",
    "MoveOptions",
    "horse_path",
    "move_options",
    "outer_edge_open",
    "pointless",
    "turn_only",
]
