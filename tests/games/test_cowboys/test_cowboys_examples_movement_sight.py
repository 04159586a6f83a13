"""The rulebook's worked examples of movement and of line of sight.

Cowboys rulebook, "Examples of Movement Actions" (Cowboys #1-#4),
"Examples of line of sight with windows and doors" (Cowboys #1, #4, #5)
and "A Gunfight Example Illustrating Range and Line of Sight" (ranges, the
red line next to E, F hidden behind E, the back shot on D). The rulebook's
pictures are not printed, so each test lays out a small board drawn to fit
the text, and asserts every option the text calls possible and every one
it rules out.
"""

from __future__ import annotations

from saloon.games.cowboys.board import XY, Town, parse_board
from saloon.games.cowboys.geometry import (
    Reach,
    SightLine,
    back_shot,
    in_front,
    king_range,
    reachable,
    sight,
)

from .conftest import SIGHT_TOWN

# -- Examples of Movement Actions -------------------------------------------------------------
#
# A bank (B) with its front door on the boardwalk (row 8), a tellers'
# counter across it (the red line between rows 5 and 6), a window at the
# back (above d4) and one on its side (d6|e6); an alley (column e) between
# it and a general store (S), whose back door opens on the lot behind the
# buildings (above f3) and front door on the boardwalk (below h7).

MOVEMENT = """
letter = "M"
name = "Examples of Movement Actions"
art = '''
      a   b   c   d   e   f   g   h   i   j   k   l   m   n   o
    +   +   +   +   +   +   +   +   +   +   +   +   +   +   +   +
  1   ,   ,   ,   ,   ,   ,   ,   ,   ,   ,   ,   ,   ,   ,   ,
    +   +   +   +   +   +   +   +   +   +   +   +   +   +   +   +
  2   ,   ,   ,   ,   ,   ,   ,   ,   ,   ,   ,   ,   ,   ,   ,
    +   +   +   +   +   +-D-+---+---+---+   +   +   +   +   +   +
  3   ,   ,   ,   ,   , | S   S   S   S | ,   ,   ,   ,   ,   ,
    +   +---+---+~~~+   +   +   +   +   +   +   +   +   +   +   +
  4   , | B   B   B | , | S   S   S   S | ,   ,   ,   ,   ,   ,
    +   +   +   +   +   +   +   +   +   +   +   +   +   +   +   +
  5   , | B   B   B | , | S   S   S   S | ,   ,   ,   ,   ,   ,
    +   +###+###+###+   +   +   +   +   +   +   +   +   +   +   +
  6   , | B   B   B ~ , | S   S   S   S | ,   ,   ,   ,   ,   ,
    +   +   +   +   +   +   +   +   +   +   +   +   +   +   +   +
  7   , | B   B   B | , | S   S   S   S | ,   ,   ,   ,   ,   ,
    +   +---+-D-+---+   +---+---+-D-+---+   +   +   +   +   +   +
  8   =   =   =   =   =   =   =   =   =   =   =   =   =   =   =
    +   +   +   +   +   +   +   +   +   +   +   +   +   +   +   +
  9   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .
    +   +   +   +   +   +   +   +   +   +   +   +   +   +   +   +
 10   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .
    +   +   +   +   +   +   +   +   +   +   +   +   +   +   +   +
'''

[legend]
B = { terrain = "building", name = "Bank" }
S = { terrain = "building", name = "General Store" }
"," = { terrain = "open", name = "back lot" }
"=" = { terrain = "open", name = "boardwalk" }
"""

TOWN = Town.from_board(parse_board(MOVEMENT, "movement"))


def sq(ref: str) -> XY:
    return TOWN.square(f"M:{ref}")


#: The figures of the picture: Cowboys #1-#4 and the cowboy or town folk in
#: front of the bank's door.
FIGURES = {"1": sq("c6"), "2": sq("h6"), "3": sq("e7"), "4": sq("f1"), "F": sq("c8")}
HORSE = sq("h8")  # the horse outside the store's front door


def others(me: str) -> set[XY]:
    return {xy for name, xy in FIGURES.items() if name != me}


def ends_on_foot(ends: dict[tuple[XY, bool], Reach]) -> set[str]:
    return {TOWN.ref(xy)[2:] for xy, mounted in ends if not mounted}


def test_the_picture_fits_the_text() -> None:
    assert TOWN.edge(sq("c7"), sq("c8")) == "door"  # the bank's front door
    assert TOWN.edge(sq("c5"), sq("c6")) == "obstacle"  # the red line inside
    assert TOWN.edge(sq("d3"), sq("d4")) == "window"  # at the back of the bank
    assert TOWN.edge(sq("d6"), sq("e6")) == "window"  # on its side, by the alley
    assert TOWN.place(sq("f2")).name == "back lot" and TOWN.place(sq("c9")).name == "street"


def test_cowboy_1_out_of_the_front_door_to_the_counter_and_one_to_the_left() -> None:
    """Cowboy #1, full health (4 points): out of the front door and through
    the figure in front of it, not ending there; across the red line (one
    extra point) to the window at the back, but not out of it; one square to
    his left, and no further: a wall."""
    ends = reachable(TOWN, FIGURES["1"], points=4, no_end=others("1"))
    foot = ends_on_foot(ends)
    # out of the front door, through the figure in front of it
    assert {"c7", "c9", "c10", "b9", "d9"} <= foot
    assert "c8" not in foot  # not ending on the figure in front of the door
    through = ends[(sq("c10"), False)]
    assert [TOWN.ref(xy)[2:] for xy, _ in through.path] == ["c6", "c7", "c8", "c9", "c10"]
    assert through.rider_left == 0
    # across the red line, 2 points, towards the back of the bank by the window
    assert ends[(sq("c5"), False)].rider_left == 2
    assert ends[(sq("d4"), False)].rider_left == 0  # the square by the window
    assert "d3" not in foot and "d2" not in foot  # out of the window: 2 points too many
    # one square to his left, but not on through the wall
    assert ends[(sq("b6"), False)].rider_left == 3
    assert "a6" not in foot
    assert not any(mounted for _, mounted in ends)


def test_cowboy_2_walks_out_to_the_horse_mounts_and_rides_on() -> None:
    """Cowboy #2, full health: out of the building through the door into the
    horse's square, mounts with his last 2 points, and may go on with the
    horse's 4."""
    ends = reachable(TOWN, FIGURES["2"], points=4, horses={HORSE: 4}, no_end=others("2"))
    mounted = ends[(HORSE, True)]
    assert (mounted.rider_left, mounted.horse_left, mounted.spent) == (0, 4, 4)
    assert [TOWN.ref(xy)[2:] for xy, _ in mounted.path] == ["h6", "h7", "h8", "h8"]
    assert [m for _, m in mounted.path] == [False, False, False, True]
    # the horse's 4 points carry him on: 4 squares from the horse, no more
    ridden = {xy for xy, m in ends if m}
    assert sq("l8") in ridden and sq("h10") in ridden and sq("d8") in ridden
    assert ends[(sq("l8"), True)].horse_left == 0 and ends[(sq("l8"), True)].rider_left == 0
    assert sq("m8") not in ridden and sq("h7") not in ridden  # too far; and not back inside
    assert all(king_range(HORSE, xy) <= 4 for xy in ridden)
    # on foot he cannot get so far
    assert sq("l8") not in {xy for xy, m in ends if not m}


def test_cowboy_3_wounded_moves_three() -> None:
    """Cowboy #3, health 3, moves 3: straight up three squares towards the
    back of the bank; one up and in across the window; down, left and down
    into the street; not on to the left, where the figure in front of the
    door stands and he would have no point left to leave its square."""
    ends = reachable(TOWN, FIGURES["3"], points=3, no_end=others("3"))
    foot = ends_on_foot(ends)
    assert ends[(sq("e4"), False)].rider_left == 0  # three squares up
    assert [TOWN.ref(xy)[2:] for xy, _ in ends[(sq("e4"), False)].path] == [
        "e7", "e6", "e5", "e4",
    ]  # fmt: skip
    assert ends[(sq("d6"), False)].rider_left == 0  # one up, then the window
    assert ends[(sq("d9"), False)].rider_left == 0  # down, left, down into the street
    assert "c8" not in foot  # the figure's square
    assert "b8" not in foot and "c9" not in foot  # no point left to go beyond it
    assert "e3" not in foot  # a fourth square up: he has only 3


def test_cowboy_4_mounted_rides_eight_but_not_into_a_building() -> None:
    """Cowboy #4, full health, mounted: 8 squares right behind the buildings
    (4 of his, 4 of the horse's); one square towards the building, not into
    it on a horse; two left and two down to the window (the horse's 4),
    dismount (2 of his), and in across the window (his last 2)."""
    ends = reachable(TOWN, FIGURES["4"], points=4, mounted=True, no_end=others("4"))
    ridden = {TOWN.ref(xy)[2:] for xy, m in ends if m}
    eight = ends[(sq("n1"), True)]
    assert (eight.horse_left, eight.rider_left, eight.spent) == (0, 0, 8)
    assert "o1" not in ridden  # a ninth square
    # one square towards the building; its back door does not let a horse in
    assert ends[(sq("f2"), True)].horse_left == 3
    assert TOWN.edge(sq("f2"), sq("f3")) == "door" and "f3" not in ridden
    assert not any(TOWN.terrain(xy) == "building" for xy, m in ends if m)
    # two left and two down, outside the window: the horse's 4 points
    outside = ends[(sq("d3"), True)]
    assert (outside.horse_left, outside.rider_left) == (0, 4)
    # dismount (2), across the window (2): inside the bank with nothing left
    inside = ends[(sq("d4"), False)]
    assert inside.rider_left == 0 and inside.spent == 8
    assert inside.path[-3:] == ((sq("d3"), True), (sq("d3"), False), (sq("d4"), False))
    assert (sq("d4"), True) not in ends
    # on foot, once dismounted, he may walk into the store by its back door
    assert ends[(sq("f3"), False)].rider_left == 1


# -- Line of sight: examples with windows and doors, and the gunfight --------------------------
#
# On the board drawn for these examples (conftest.SIGHT_BOARD).


def at(ref: str) -> XY:
    return SIGHT_TOWN.square(f"L:{ref}")


COWBOYS = {
    "1": at("f2"),
    "2": at("k5"),
    "3": at("m5"),
    "4": at("f6"),
    "5": at("d4"),
    "A": at("h2"),
    "B": at("i4"),
    "D": at("i6"),
    "E": at("k8"),
    "F": at("k10"),
}
FIGURE_SQUARES = set(COWBOYS.values())


def look(shooter: str, target: str) -> SightLine | None:
    return sight(
        SIGHT_TOWN,
        COWBOYS[shooter],
        COWBOYS[target],
        blockers=FIGURE_SQUARES,
        occupied=FIGURE_SQUARES,
    )


def test_cowboy_1_sees_out_of_the_window_to_a_and_b() -> None:
    """Line of sight examples, Cowboy #1; Gunfight example: range 2 to A and
    3 to B, no modifier (the window is not next to the targets)."""
    for target, distance in (("A", 2), ("B", 3)):
        line = sight(SIGHT_TOWN, COWBOYS["1"], COWBOYS[target], blockers=FIGURE_SQUARES)
        assert line is not None and line.range == distance
        assert [c.kind for c in line.crossings] == ["window"]
        assert not line.at_target


def test_cowboy_4_sees_out_of_the_door_he_opens() -> None:
    """Line of sight examples, Cowboy #4: the door is open because he stands
    next to it; Gunfight example: range 3 to D with a back shot, 5 to E and F."""
    line = sight(
        SIGHT_TOWN, COWBOYS["4"], COWBOYS["D"], blockers=FIGURE_SQUARES, occupied=FIGURE_SQUARES
    )
    assert line is not None and line.range == 3
    assert [c.kind for c in line.crossings] == ["door"] and not line.at_target
    # the same door, shut: nobody at it
    away = FIGURE_SQUARES - {COWBOYS["4"]}
    assert sight(SIGHT_TOWN, COWBOYS["4"], COWBOYS["D"], blockers=away, occupied=away) is None
    # D faces away from him (east): a back shot
    assert back_shot("E", COWBOYS["D"], COWBOYS["4"])
    assert in_front("E", COWBOYS["4"], COWBOYS["D"])
    for target in ("E", "F"):
        far = sight(SIGHT_TOWN, COWBOYS["4"], COWBOYS[target], blockers=FIGURE_SQUARES,
                    occupied=FIGURE_SQUARES)  # fmt: skip
        assert far is not None and far.range == 5


def seen_through(me: XY, window: tuple[XY, XY], squares: list[XY]) -> set[XY]:
    """The squares ``me`` sees out of ``window`` (no figures in the way)."""
    out = set()
    for xy in squares:
        line = sight(SIGHT_TOWN, me, xy)
        if line is not None and any((c.a, c.b) == window for c in line.crossings):
            out.add(xy)
    return out


def test_cowboy_5_has_a_narrow_sight_out_of_the_window_and_none_through_the_door() -> None:
    """Line of sight examples, Cowboy #5: not next to the window, he sees out
    of it only in a narrow cone; the door to his left is closed, as neither
    he nor the target is next to it."""
    me = COWBOYS["5"]
    outside = [xy for xy in SIGHT_TOWN.squares() if xy[0] >= 7]
    seen = seen_through(me, (at("f4"), at("g4")), outside)
    assert at("m4") in seen and at("i4") in seen and at("m3") in seen
    assert at("h2") not in seen and at("h6") not in seen and at("m10") not in seen
    for x in range(7, SIGHT_TOWN.width):  # the cone widens away from the window, and is narrow
        rows = sorted(y for (sx, y) in seen if sx == x)
        assert rows and rows == list(range(rows[0], rows[-1] + 1)) and len(rows) <= 4
    # next to a window, the same wall gives a wide view (Cowboy #1's)
    wide = seen_through(COWBOYS["1"], (at("f2"), at("g2")), outside)
    assert len(wide) > 2 * len(seen)
    # the door to his left: shut, so no sight through it...
    assert sight(SIGHT_TOWN, me, at("a4")) is None
    # ...unless the target stands next to it, outside
    line = sight(SIGHT_TOWN, me, at("b4"), occupied={me, at("b4")})
    assert line is not None and line.open_door_at_target


def test_the_gunfight_cowboys_2_and_3() -> None:
    """Gunfight example: #2 sees D (range 2) and E (range 3), not F behind E;
    the shot at E crosses a red line next to E (-1). #3 sees E at range 3,
    across the same red line (-1)."""
    d, e = look("2", "D"), look("2", "E")
    assert d is not None and d.range == 2 and not d.crossings
    assert e is not None and e.range == 3 and e.red_line_at_target
    assert look("2", "F") is None  # E is in the way
    assert sight(SIGHT_TOWN, COWBOYS["2"], COWBOYS["F"]) is not None  # without him, F is seen
    three = look("3", "E")
    assert three is not None and three.range == 3
    assert three.red_line_at_target
    assert [c.kind for c in three.at_target] == ["obstacle"]


def test_sight_is_the_same_into_a_building_as_out_of_it() -> None:
    """Line of Sight: it works the same going into a building as out of one."""
    for a in COWBOYS:
        for b in COWBOYS:
            there, back = look(a, b), look(b, a)
            assert (there is None) == (back is None), (a, b)
