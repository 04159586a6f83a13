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
    town = state.town
    horses: dict[XY, int] = {}
    for h in state.horses:
        if h.alive and h.rider is None and not h.moved and h.square is not None:
            horses.setdefault(h.square, HORSE_POINTS)
    if f.id in state.setup.prisoners:
        horses = {}  # special rule prisoner: no horse
    mounted = f.horse is not None
    no_end = {g.square for j, g in enumerate(state.figures) if j != i and g.standing and g.square}
    ends_all = reachable(town, f.square, points=f.movement, mounted=mounted, horses=horses)
    extra_all = (
        reachable(town, f.square, points=f.movement + run, mounted=mounted, horses=horses)
        if run
        else {}
    )

    def exits(ends: Mapping[tuple[XY, bool], Reach]) -> frozenset[tuple[Facing, bool]]:
        out: set[tuple[Facing, bool]] = set()
        for facing in (*state.setup.exits, *state.leavers.get(f.id, ())):
            for (xy, m), r in ends.items():
                if r.rider_left + r.horse_left >= EXIT_COST and outer_edge_open(town, xy, facing):
                    out.add((facing, m))
        return frozenset(out)

    return MoveOptions(
        ends={k: r for k, r in ends_all.items() if k[0] not in no_end},
        extra={k: r for k, r in extra_all.items() if k[0] not in no_end},
        run=run,
        exits=exits(ends_all),
        exits_extra=exits(extra_all) if run else frozenset(),
    )


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
