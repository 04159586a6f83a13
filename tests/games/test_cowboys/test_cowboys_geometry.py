"""Cowboys geometry: range, facing, doors, line of sight and movement.

Citations name a section of the Cowboys rulebook (``cowboys-way-of-the-gun.txt``:
"Move Actions", "Movement with Horses", "Shoot Actions" and its "Line of
Sight" paragraphs, "Shot Modifiers", "Facing After Movement"), a binding
ruling ("RULINGS, Cowboys") or a ruling of ``docs/rulings.md`` (CB-G..., CB-M...).
Line of sight and movement are also checked against plain, slow
references written here from the rules (exact fractions; every sequence
of actions), on random towns.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from saloon.games.cowboys.board import (
    EDGE_KINDS,
    XY,
    Board,
    Grid,
    Town,
    parse_board,
)
from saloon.games.cowboys.geometry import (
    FACINGS,
    Crossing,
    Facing,
    back_shot,
    door_is_open,
    in_front,
    king_range,
    reachable,
    sight,
    step_facing,
)

from .conftest import STREET_LEGEND


def town_of(art: str, legend: str = "") -> Town:
    """A one-board town drawn in the board format."""
    text = f"letter = \"T\"\nart = '''\n{art}\n'''\n[legend]\n{legend}\n"
    return Town.from_board(parse_board(text, "test.toml"))


# -- range and facing ------------------------------------------------------------------------


def test_range_counts_king_steps_and_ignores_walls() -> None:
    """Shoot Actions, Range: the shortest count of squares, diagonals
    included; RULINGS, Cowboys: whatever walls stand between."""
    assert king_range((0, 0), (0, 0)) == 0
    assert king_range((0, 0), (1, 1)) == 1
    assert king_range((5, 1), (7, 1)) == 2  # #1 to A in the gunfight example
    assert king_range((5, 1), (8, 3)) == 3
    assert king_range((3, 9), (0, 0)) == 9


def test_front_is_level_or_ahead_back_is_behind() -> None:
    """Line of Sight: front facing is the front and both sides; RULINGS,
    Cowboys: squares level with the figure or ahead of it."""
    me = (5, 5)
    assert in_front("N", me, (5, 0)) and in_front("N", me, (0, 5)) and in_front("N", me, (9, 5))
    assert not in_front("N", me, (5, 6)) and not in_front("N", me, (0, 9))
    assert in_front("E", me, (9, 0)) and in_front("E", me, (5, 9)) and not in_front("E", me, (4, 5))
    assert in_front("S", me, (0, 5)) and not in_front("S", me, (9, 4))
    assert in_front("W", me, (5, 0)) and not in_front("W", me, (6, 0))
    opposite: dict[Facing, Facing] = {"N": "S", "S": "N", "E": "W", "W": "E"}
    for f in FACINGS:
        assert in_front(f, me, me)
        # every square is in front of one of two opposite facings, both if level
        for other in [(x, y) for x in range(11) for y in range(11)]:
            assert in_front(f, me, other) or in_front(opposite[f], me, other)


def test_a_back_shot_comes_from_the_targets_back_facing() -> None:
    """Shot Modifiers, Back Shot +2; RULINGS, Cowboys."""
    assert back_shot("E", (8, 5), (5, 5))  # behind
    assert not back_shot("E", (8, 5), (8, 1))  # level with him: his side
    assert not back_shot("E", (8, 5), (11, 2))


def test_step_facing() -> None:
    """Facing After Movement: the direction of the last square moved to."""
    assert [step_facing((1, 1), b) for b in [(1, 0), (2, 1), (1, 2), (0, 1)]] == list(FACINGS)
    with pytest.raises(ValueError, match="not neighbours"):
        step_facing((1, 1), (2, 2))


# -- doors ----------------------------------------------------------------------------------

ROOM = """
    +   +   +   +   +   +
      .   .   .   .   .
    +   +---+---+---+   +
      . | B   B   B D .
    +   +   +   +   +   +
      . | B   B   B ~ .
    +   +---+---+---+   +
      .   .   .   .   .
    +   +   +   +   +   +
"""
BANK = 'B = { terrain = "building", name = "Bank" }'


def test_a_door_is_open_while_someone_stands_at_it() -> None:
    """Line of Sight: a door is open while a cowboy or town folk stands in
    front of it and next to it; CB-G4: on either side, whichever way he faces."""
    town = town_of(ROOM, BANK)
    door = ((3, 1), (4, 1))
    assert town.edge(*door) == "door"
    assert not door_is_open(town, door, set())
    assert door_is_open(town, door, {(3, 1)}) and door_is_open(town, door, {(4, 1)})
    assert not door_is_open(town, door, {(2, 1), (4, 0), (4, 2)})  # near, not in front
    with pytest.raises(ValueError, match="no door"):
        door_is_open(town, ((3, 2), (4, 2)), set())


# -- line of sight --------------------------------------------------------------------------


def test_walls_block_and_closed_doors_block() -> None:
    """Line of Sight: blocked by a black line other than an open door."""
    town = town_of(ROOM, BANK)
    assert sight(town, (2, 1), (4, 1)) is None  # the closed door
    # a figure inside at the door opens it, but stands in the way
    assert sight(town, (2, 1), (4, 1), occupied={(3, 1)}, blockers={(3, 1)}) is None
    # the target outside at the door opens it
    line = sight(town, (2, 1), (4, 1), occupied={(4, 1)}, blockers={(4, 1)})
    assert line is not None and line.squares == ((2, 1), (3, 1), (4, 1))
    assert line.crossings == (Crossing((3, 1), (4, 1), "door"),)
    assert sight(town, (1, 1), (0, 1)) is None  # the wall
    assert sight(town, (2, 0), (2, 3)) is None


def test_windows_let_sight_through_and_count_next_to_the_target() -> None:
    """Line of Sight and Shot Modifiers: a red line does not block; crossing
    one that the target is next to is -1; so is an open door next to him."""
    town = town_of(ROOM, BANK)
    line = sight(town, (2, 2), (4, 2))
    assert line is not None and line.range == 2
    assert line.crossings == (Crossing((3, 2), (4, 2), "window"),)
    assert line.at_target == line.crossings and line.red_line_at_target
    assert not line.open_door_at_target
    inside = sight(town, (4, 2), (1, 2))  # from outside, the window is not at the target
    assert inside is not None and inside.crossings and not inside.red_line_at_target
    door = sight(town, (1, 1), (4, 1), occupied={(4, 1)})
    assert door is not None and door.open_door_at_target and not door.red_line_at_target


def test_figures_block_but_not_in_the_shooters_or_targets_square() -> None:
    """Line of Sight: cowboys, town folk, horses, cattle and the stagecoach
    block; not a horse in the target's square (RULINGS: nor in the shooter's)."""
    town = town_of(ROOM, BANK)
    assert sight(town, (0, 3), (4, 3), blockers={(2, 3)}) is None
    assert sight(town, (0, 3), (4, 3), blockers={(0, 3), (4, 3)}) is not None
    assert sight(town, (0, 3), (4, 3), blockers={(2, 2)}) is not None


OPEN = """
    +   +   +   +   +   +
      .   .   .   .   .
    +   +   +   +   +   +
      .   .   .   .   .
    +   +   +   +   +   +
      .   .   .   .   .
    +   +   +   +   +   +
      .   .   .   .   .
    +   +   +   +   +   +
"""


def test_grazing_a_figures_corner_does_not_block() -> None:
    """RULINGS, Cowboys: a segment that only grazes a corner is not blocked,
    even between two figures standing corner to corner (CB-G5)."""
    town = town_of(OPEN)
    line = sight(town, (0, 0), (2, 2), blockers={(1, 0), (0, 1), (2, 1), (1, 2)})
    assert line is not None and line.squares == ((0, 0), (1, 1), (2, 2))
    assert sight(town, (0, 0), (2, 2), blockers={(1, 1)}) is None
    # a shallower line through a corner: (0, 0) to (3, 1) passes the corner of (2, 0) and (1, 1)
    line = sight(town, (0, 0), (3, 1), blockers={(2, 0), (1, 1)})
    assert line is not None and line.squares == ((0, 0), (1, 0), (2, 1), (3, 1))
    assert sight(town, (0, 0), (3, 1), blockers={(1, 0)}) is None


def corner(sides: str) -> Town:
    """A 3 x 3 open town with walls on some of the four sides meeting at the
    corner between squares (1, 1), (2, 1), (1, 2), (2, 2): ``n``, ``e``,
    ``s``, ``w`` are the sides going up, right, down and left from it."""
    rows = [
        "+   +   +   +",
        "  .   .   .  ",
        "+   +   +   +",
        "  .   . {n} .  ",
        "+   +{w}+{e}+",
        "  .   . {s} .  ",
        "+   +   +   +",
    ]
    art = "\n".join(rows).format(
        n="|" if "n" in sides else " ",
        s="|" if "s" in sides else " ",
        w="---" if "w" in sides else "   ",
        e="---" if "e" in sides else "   ",
    )
    return Town.from_board(parse_board(f"letter = \"T\"\nart = '''\n{art}\n'''\n"))


@pytest.mark.parametrize(
    ("walls", "blocked"),
    [
        ("", False),
        ("ns", True),  # the joint of a straight wall
        ("we", True),
        ("ne", False),  # the outside corner of a building at (2, 1)
        ("sw", False),
        ("nw", True),  # the inside corner of a room around (1, 1)
        ("es", True),  # the inside corner of a room around (2, 2)
        ("n", False),  # the end of a wall
        ("nes", True),
        ("nesw", True),
    ],
)
def test_a_line_through_a_corner_where_walls_meet(walls: str, blocked: bool) -> None:
    """RULINGS, Cowboys: grazing a corner does not block; CB-G6: a line
    exactly through a corner is blocked only by walls on both hands of it."""
    town = corner(walls)
    line = sight(town, (1, 1), (2, 2))  # the diagonal through the corner
    assert (line is None) is blocked
    back = sight(town, (2, 2), (1, 1))
    assert (back is None) is blocked
    longer = sight(town, (0, 0), (2, 2))
    assert (longer is None) is blocked


def test_the_end_of_a_window_covers_its_whole_side() -> None:
    """Line of Sight: windows and open doors cover the whole side; CB-G6: a
    line through the corner where a window meets a wall passes, crossing the window."""
    art = "\n".join(
        [
            "+   +   +   +",
            "  .   .   .  ",
            "+   +   +   +",
            "  .   . ~ .  ",
            "+   +   +   +",
            "  .   . | .  ",
            "+   +   +   +",
        ]
    )
    town = Town.from_board(parse_board(f"letter = \"T\"\nart = '''\n{art}\n'''\n"))
    line = sight(town, (1, 1), (2, 2))
    assert line is not None
    assert line.crossings == (Crossing((1, 1), (2, 1), "window"),)
    assert not line.red_line_at_target


# -- line of sight against a reference ------------------------------------------------------


def _t_interval(p: Fraction, d: Fraction, lo: int, hi: int) -> tuple[Fraction, Fraction] | None:
    """Parameters t where p + t d lies strictly between lo and hi."""
    if d == 0:
        return (Fraction(-(10**9)), Fraction(10**9)) if lo < p < hi else None
    a, b = (lo - p) / d, (hi - p) / d
    return (min(a, b), max(a, b))


def reference_sight(
    town: Town, a: XY, b: XY, blockers: set[XY], occupied: set[XY]
) -> tuple[bool, set[XY], set[Crossing]]:
    """Line of sight by brute force over every square, side and corner, in fractions."""
    half = Fraction(1, 2)
    px, py = a[0] + half, a[1] + half
    dx, dy = Fraction(b[0] - a[0]), Fraction(b[1] - a[1])
    crossed: set[XY] = set()
    for sq in town.squares():
        ix = _t_interval(px, dx, sq[0], sq[0] + 1)
        iy = _t_interval(py, dy, sq[1], sq[1] + 1)
        if ix and iy:
            lo, hi = max(ix[0], iy[0], Fraction(0)), min(ix[1], iy[1], Fraction(1))
            if lo < hi:
                crossed.add(sq)
    clear = not any(sq in blockers for sq in crossed - {a, b})
    crossings: set[Crossing] = set()

    def blocks(kind: str, s1: XY, s2: XY) -> bool:
        return kind == "wall" or (kind == "door" and s1 not in occupied and s2 not in occupied)

    # sides crossed at a point inside them
    for s1 in town.squares():
        for s2 in ((s1[0] + 1, s1[1]), (s1[0], s1[1] + 1)):
            if not town.contains(s2):
                continue
            if s2[1] == s1[1]:  # the upright side x = s2.x, y in (s1.y, s1.y + 1)
                if dx == 0:
                    continue
                t = (s2[0] - px) / dx
                other = py + t * dy
                inside = 0 < t < 1 and s1[1] < other < s1[1] + 1
            else:
                if dy == 0:
                    continue
                t = (s2[1] - py) / dy
                other = px + t * dx
                inside = 0 < t < 1 and s1[0] < other < s1[0] + 1
            if inside:
                kind = town.edge(s1, s2)
                if blocks(kind, s1, s2):
                    clear = False
                elif kind != "open":
                    crossings.add(Crossing(s1, s2, kind))
    # corners passed through exactly
    for cx in range(1, town.width if a != b else 1):
        for cy in range(1, town.height):
            cross = (cx - px) * dy - (cy - py) * dx
            if cross != 0:
                continue
            t = (cx - px) / dx if dx else (cy - py) / dy
            if not 0 < t < 1:
                continue
            sides = {
                (0, -1): ((cx - 1, cy - 1), (cx, cy - 1)),
                (1, 0): ((cx, cy - 1), (cx, cy)),
                (0, 1): ((cx - 1, cy), (cx, cy)),
                (-1, 0): ((cx - 1, cy - 1), (cx - 1, cy)),
            }
            hands: dict[int, list[tuple[XY, XY, str]]] = {1: [], -1: []}
            for (ex, ey), (s1, s2) in sides.items():
                kind = town.edge(s1, s2)
                if kind != "open":
                    hand = 1 if dx * ey - dy * ex > 0 else -1
                    hands[hand].append((s1, s2, kind))
            if all(any(blocks(k, s1, s2) for s1, s2, k in hands[h]) for h in (1, -1)):
                clear = False
            elif hands[1] and hands[-1]:
                for s1, s2, k in hands[1] + hands[-1]:
                    if not blocks(k, s1, s2):
                        crossings.add(Crossing(s1, s2, k))
    return clear, crossed, crossings


def random_towns(max_side: int = 7) -> st.SearchStrategy[Town]:
    def build(grid: Grid) -> Town:
        return Town.from_board(Board("Q", "random", grid, STREET_LEGEND))

    def grid_of(w: int, h: int) -> st.SearchStrategy[Grid]:
        kinds = st.sampled_from(EDGE_KINDS)
        return st.builds(
            Grid,
            st.just(w),
            st.just(h),
            st.lists(st.sampled_from(".B"), min_size=w * h, max_size=w * h).map(tuple),
            st.lists(kinds, min_size=w * (h + 1), max_size=w * (h + 1)).map(tuple),
            st.lists(kinds, min_size=(w + 1) * h, max_size=(w + 1) * h).map(tuple),
        )

    sizes = st.tuples(st.integers(1, max_side), st.integers(1, max_side))
    return sizes.flatmap(lambda wh: grid_of(*wh)).map(build)


@st.composite
def sight_cases(draw: st.DrawFn) -> tuple[Town, XY, XY, set[XY], set[XY]]:
    town = draw(random_towns())
    squares = st.tuples(st.integers(0, town.width - 1), st.integers(0, town.height - 1))
    a, b = draw(squares), draw(squares)
    blockers = draw(st.sets(squares, max_size=6))
    occupied = draw(st.sets(squares, max_size=6))
    return town, a, b, blockers, occupied


@settings(max_examples=400, deadline=None)
@given(sight_cases())
def test_sight_is_the_same_both_ways(case: tuple[Town, XY, XY, set[XY], set[XY]]) -> None:
    """Line of Sight: it works the same going into a building as out of one."""
    town, a, b, blockers, occupied = case
    there = sight(town, a, b, blockers=blockers, occupied=occupied)
    back = sight(town, b, a, blockers=blockers, occupied=occupied)
    assert (there is None) == (back is None)
    if there is not None and back is not None:
        assert there.squares == tuple(reversed(back.squares))
        assert set(there.crossings) == set(back.crossings)


@settings(max_examples=400, deadline=None)
@given(sight_cases())
def test_sight_agrees_with_a_brute_force_reference(
    case: tuple[Town, XY, XY, set[XY], set[XY]],
) -> None:
    """Line of Sight, RULINGS and CB-G5..G7, computed square by square and
    side by side in exact fractions, agree with :func:`sight`."""
    town, a, b, blockers, occupied = case
    clear, crossed, crossings = reference_sight(town, a, b, blockers, occupied)
    line = sight(town, a, b, blockers=blockers, occupied=occupied)
    assert (line is not None) == clear
    if line is not None:
        assert set(line.squares) == crossed
        assert set(line.crossings) == crossings


# -- movement -------------------------------------------------------------------------------

LANE = """
    +   +   +   +   +   +   +
      .   .   . # .   .   .
    +   +   +   +   +   +   +
      .   .   .   .   .   .
    +   +   +   +   +   +   +
"""


def test_steps_cost_one_and_red_lines_one_more() -> None:
    """Movement with Cowboys and Town Folk: 1 point a square, no diagonals;
    a red line costs 1 more."""
    town = town_of(LANE)
    ends = reachable(town, (0, 0), points=4)
    assert ends[((2, 0), False)].rider_left == 2
    assert ends[((3, 0), False)].rider_left == 0  # 3 steps + 1 for the red line
    assert ((4, 0), False) not in ends
    assert ends[((3, 1), False)].rider_left == 0  # around the obstacle: 4 steps
    assert ((1, 1), False) in ends and ends[((1, 1), False)].spent == 2
    assert all(abs(x) + abs(y) <= 4 for (x, y), _ in ends)
    assert {m for _, m in ends} == {False}


def test_walls_stop_movement_and_doors_let_it_through() -> None:
    """Move Actions: never across a black line except at a door, which the
    mover, next to it and in front of it, opens."""
    town = town_of(
        """
    +   +   +   +
      .   .   .
    +---+-D-+---+
      B | B   B
    +---+---+---+
""",
        BANK,
    )
    ends = reachable(town, (0, 0), points=4)
    assert ends[((1, 1), False)].rider_left == 2  # through the door
    assert ends[((2, 1), False)].rider_left == 1
    assert ((0, 1), False) not in ends  # walled off from every side
    path = ends[((2, 1), False)].path
    assert [sq for sq, _ in path] == [(0, 0), (1, 0), (1, 1), (2, 1)]


def test_figures_may_be_passed_but_not_ended_on() -> None:
    """Movement with Cowboys and Town Folk: through other figures, never
    ending with one; horses, cattle and the stagecoach may share the square."""
    town = town_of(OPEN)
    ends = reachable(town, (0, 0), points=3, no_end={(1, 0), (0, 0)})
    assert ((1, 0), False) not in ends
    assert ends[((2, 0), False)].rider_left == 1
    assert ((0, 0), False) in ends  # his own square is not a figure's


def test_mounting_and_riding() -> None:
    """Movement with Horses: mounting costs 2 in the horse's square; the
    horse adds 4 points; CB-M2: its points are spent first, then the rider's."""
    town = town_of(OPEN)
    ends = reachable(town, (0, 0), points=4, horses={(1, 0): 4})
    on = ends[((1, 0), True)]
    assert (on.rider_left, on.horse_left, on.spent) == (1, 4, 3)
    near = ends[((4, 1), True)]  # 4 squares from the horse, on the horse's points
    assert (near.rider_left, near.horse_left, near.spent) == (1, 0, 7)
    far = ends[((4, 2), True)]  # and one more on his own last point
    assert (far.rider_left, far.horse_left) == (0, 0)
    assert [m for _, m in far.path][:3] == [False, False, True]
    assert ((4, 3), True) not in ends


def test_a_rider_keeps_his_own_points_for_last() -> None:
    """CB-M2, as in Examples of Movement Actions, Cowboy #4: after riding on
    the horse's points he dismounts with his own 2 and walks with the rest."""
    town = town_of(OPEN)
    ends = reachable(town, (0, 0), points=4, mounted=True)
    four = ends[((4, 0), True)]
    assert (four.horse_left, four.rider_left) == (0, 4)
    five = ends[((4, 1), True)]
    assert (five.horse_left, five.rider_left) == (0, 3)
    walked = ends[((4, 2), False)]  # ride 4, dismount (2), walk 2 more
    assert walked.rider_left == 0 and walked.horse_left == 0 and walked.spent == 8
    mounts = [m for _, m in walked.path]
    assert mounts[0] and not mounts[-1] and mounts.count(True) + mounts.count(False) == len(mounts)
    assert sum(1 for x, y in itertools.pairwise(mounts) if x != y) == 1
    # dismounting where he stands
    assert ends[((0, 0), False)].rider_left == 2 and ends[((0, 0), False)].spent == 2


def test_a_shot_horse_moves_two() -> None:
    """Additional Advanced Options, Shot Horses: a horse shot once moves 2."""
    town = town_of(OPEN)
    ends = reachable(town, (0, 0), points=0, mounted=True, horse_points=2)
    assert {sq for sq, m in ends if m} == {(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (0, 2)}


def test_riders_stay_out_of_buildings_but_not_stables() -> None:
    """Movement with Horses: horses may not enter buildings except stables,
    corrals and the livery."""
    legend = (
        'B = { terrain = "building", name = "Bank" }\ns = { terrain = "stable", name = "Stable" }'
    )
    town = town_of(
        """
    +   +   +   +
      .   .   .
    +-D-+   +-D-+
      B | . | s
    +---+   +---+
""",
        legend,
    )
    ends = reachable(town, (1, 0), points=4, mounted=True)
    assert ((2, 1), True) in ends and ((0, 1), True) not in ends
    assert ends[((0, 1), False)].rider_left == 1  # dismount (2) then walk in (1)


def test_the_path_and_the_facing_at_the_end() -> None:
    """Facing After Movement: a figure ends facing the last square it moved to."""
    town = town_of(ROOM, BANK)
    ends = reachable(town, (0, 0), points=4, mounted=True, no_end={(1, 0)})
    assert ((1, 0), True) not in ends and ((1, 0), False) not in ends
    assert ends[((0, 0), True)].facing is None and ends[((0, 0), True)].path == (((0, 0), True),)
    for reach in ends.values():
        path = reach.path
        assert path[0] == ((0, 0), True) and path[-1] == (reach.square, reach.mounted)
        moved = [sq for sq, _ in path]
        steps = [(a, b) for a, b in itertools.pairwise(moved) if a != b]
        assert reach.facing == (step_facing(*steps[-1]) if steps else None)
    assert ends[((4, 1), False)].facing == "S"  # down from (4, 0), the only way in on a horse


# -- movement against a reference --------------------------------------------------------------


def reference_moves(
    town: Town, start: XY, points: int, mounted: bool, horse: int, horses: dict[XY, int]
) -> dict[tuple[XY, bool], tuple[int, int]]:
    """Every sequence of steps, mounts and dismounts the rules allow, tried
    one by one: the best (rider's, horse's) points left at each end."""
    best: dict[tuple[XY, bool], tuple[int, int]] = {}
    seen: set[tuple[XY, int, int, int]] = set()

    def better(a: tuple[int, int], b: tuple[int, int]) -> bool:
        return (a[0] + a[1], a[0]) > (b[0] + b[1], b[0])

    def go(sq: XY, mode: int, r: int, h: int) -> None:  # mode 0 foot, 1 riding, 2 after
        if (sq, mode, r, h) in seen:
            return
        seen.add((sq, mode, r, h))
        end = (sq, mode == 1)
        left = (r, h if mode == 1 else 0)
        if end not in best or better(left, best[end]):
            best[end] = left
        for ddx, ddy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            nxt = (sq[0] + ddx, sq[1] + ddy)
            if not town.contains(nxt):
                continue
            kind = town.edge(sq, nxt)
            if kind == "wall":
                continue
            cost = 2 if kind in ("window", "obstacle") else 1
            if mode == 1:
                if not town.horse_ok(nxt) or r + h < cost:
                    continue
                used = min(h, cost)
                go(nxt, 1, r - (cost - used), h - used)
            elif r >= cost:
                go(nxt, mode, r - cost, 0)
        if mode == 0 and sq in horses and r >= 2:
            go(sq, 1, r - 2, horses[sq])
        if mode == 1 and r >= 2:
            go(sq, 2, r - 2, 0)

    go(start, 1 if mounted else 0, points, horse if mounted else 0)
    return best


@st.composite
def move_cases(
    draw: st.DrawFn,
) -> tuple[Town, XY, int, bool, int, dict[XY, int], set[XY]]:
    town = draw(random_towns(6))
    squares = st.tuples(st.integers(0, town.width - 1), st.integers(0, town.height - 1))
    start = draw(squares)
    mounted = draw(st.booleans())
    if mounted:
        assume(town.horse_ok(start))
    horses = draw(st.dictionaries(squares, st.sampled_from([2, 4]), max_size=3))
    horses = {sq: p for sq, p in horses.items() if town.horse_ok(sq)}
    no_end = draw(st.sets(squares, max_size=4))
    return (
        town,
        start,
        draw(st.integers(0, 4)),
        mounted,
        draw(st.sampled_from([2, 4])),
        horses,
        no_end,
    )


@settings(max_examples=300, deadline=None)
@given(move_cases())
def test_movement_agrees_with_trying_every_sequence(
    case: tuple[Town, XY, int, bool, int, dict[XY, int], set[XY]],
) -> None:
    """Move Actions and Movement with Horses, CB-M1..M6: the search finds
    exactly the ends, and the points left, that every legal sequence of
    actions reaches; its paths never cross a wall, never take a horse into a
    building, and cost what it says."""
    town, start, points, mounted, horse, horses, no_end = case
    ends = reachable(
        town, start, points=points, mounted=mounted, horse_points=horse, horses=horses,
        no_end=no_end,
    )  # fmt: skip
    want = reference_moves(town, start, points, mounted, horse, horses)
    want = {k: v for k, v in want.items() if k[0] not in no_end or k[0] == start}
    assert {k: (r.rider_left, r.horse_left) for k, r in ends.items()} == want
    for reach in ends.values():
        path = reach.path
        assert path[0] == (start, mounted) and path[-1] == (reach.square, reach.mounted)
        spent = 0
        for (a, ma), (b, mb) in itertools.pairwise(path):
            if a == b:
                assert ma != mb
                spent += 2
                continue
            assert ma == mb and abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
            kind = town.edge(a, b)
            assert kind != "wall"
            assert not mb or town.horse_ok(b)
            spent += 2 if kind in ("window", "obstacle") else 1
        assert spent == reach.spent
