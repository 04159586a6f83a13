"""Cowboys boards: the drawing format, Saloon's boards A-I, layouts and towns.

Citations name a section of the Cowboys rulebook (``cowboys-way-of-the-gun.txt``:
"Game Boards", "Game Set Up", "Move Actions") or a ruling of
``docs/rulings.md`` (CB-B1...).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saloon.core import ContentError
from saloon.games.cowboys.board import (
    EDGE_KINDS,
    Board,
    Grid,
    Town,
    board_set,
    build_town,
    builtin_board,
    builtin_letters,
    compose,
    load_board,
    parse_board,
    parse_layout,
)
from saloon.games.cowboys.geometry import reachable

from .conftest import STREET_LEGEND

SMALL = """
letter = "Z"
name = "Corner of town"
reconstructed = true
reason = "a test board"
art = '''
      a   b   c
    +   +   +   +
  1   .   .   .
    +---+-D-+~~~+
  2 | B   B   B #
    +---+---+---+
'''

[legend]
B = { terrain = "building", name = "Bank" }
"""


def small() -> Board:
    return parse_board(SMALL, "small.toml")


def neighbours(board: Board) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    out = []
    for y in range(board.height):
        for x in range(board.width):
            if x + 1 < board.width:
                out.append(((x, y), (x + 1, y)))
            if y + 1 < board.height:
                out.append(((x, y), (x, y + 1)))
    return out


# -- the format ----------------------------------------------------------------------------


def test_a_board_reads_as_drawn() -> None:
    """Game Boards: walls are black lines with doors in them, windows and
    obstacles red lines; each square has a terrain and a name (CB-B1)."""
    b = small()
    assert (b.letter, b.name, b.width, b.height) == ("Z", "Corner of town", 3, 2)
    assert b.reconstructed and b.reason == "a test board"
    assert b.edge((0, 0), (0, 1)) == "wall"
    assert b.edge((1, 0), (1, 1)) == "door"
    assert b.edge((2, 0), (2, 1)) == "window"
    assert b.edge((0, 0), (1, 0)) == "open"
    assert b.grid.edge((2, 1), (3, 1)) == "obstacle"  # on the frame
    assert b.terrain((0, 0)) == "open" and b.place((0, 0)).name == "street"
    assert b.place((1, 1)).name == "Bank" and not b.place((1, 1)).horse_ok
    assert b.ref((2, 1)) == "c2"


def test_the_drawing_round_trips() -> None:
    """A board written out reads back equal, and its art is drawn as read."""
    b = small()
    again = parse_board(b.to_toml())
    assert again == b
    assert again.to_toml() == b.to_toml()
    assert b.art() in SMALL
    for letter in builtin_letters():
        board = builtin_board(letter)
        assert parse_board(board.to_toml()) == board


def test_labels_are_optional() -> None:
    """The column letters and row numbers help the eye; the grid alone reads the same."""
    lines = [line[4:] for line in small().art().splitlines()[1:]]
    bare = SMALL.replace(small().art(), "\n".join(lines))
    assert bare != SMALL
    assert parse_board(bare) == small()


def test_a_players_own_board_file(tmp_path: Path) -> None:
    """Game Boards: a player who owns the game can draw the real boards."""
    path = tmp_path / "Z.toml"
    path.write_text(SMALL, encoding="utf-8")
    assert load_board(path) == small()
    boards = board_set(files={"Z": path})
    assert boards["Z"] == small() and set(builtin_letters()) <= set(boards)
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "my-a.toml").write_text(SMALL.replace('"Z"', '"A"'), encoding="utf-8")
    boards = board_set(folder=folder)
    assert boards["A"].name == "Corner of town" and boards["B"] == builtin_board("B")
    town = build_town([["A"]], folder=folder)
    assert (town.width, town.height) == (3, 2)
    with pytest.raises(ContentError, match="draws board Z, not board 'A'"):
        board_set(files={"A": path})
    (folder / "again.toml").write_text(SMALL.replace('"Z"', '"A"'), encoding="utf-8")
    with pytest.raises(ContentError, match="board A is also drawn in"):
        board_set(folder=folder)
    with pytest.raises(ContentError, match=r"board folder .*nowhere does not exist"):
        board_set(folder=tmp_path / "nowhere")
    with pytest.raises(ContentError, match=r"board folder .*Z\.toml is not a folder"):
        board_set(folder=path)
    with pytest.raises(ContentError, match="cannot read board file"):
        load_board(tmp_path / "missing.toml")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("+~~~+\n", "+~x~+\n", r"art line 4, the side above c2: '~x~' is not a side"),
        ("| B   B   B #", "| B   B   B x", r"art line 5, the side right of c2: 'x' is not a side"),
        ("| B   B   B #", "| B   Q   B #", r"art line 5, square b2: 'Q' is not in the legend"),
        ("| B   B   B #", "| B  BB   B #", r"square b2: a square is drawn as one character"),
        ("  1   .   .   .", "  7   .   .   .", r"art line 3: row number '7' should be 1"),
        ("      a   b   c", "      a   b   d", r"art line 1: the column letters must be a to c"),
        ("+---+-D-+~~~+", "+---+-D-+~~~+---+", r"art line 4 runs past the right edge"),
        ("+---+-D-+~~~+", "+---*-D-+~~~+", r"column 9: '\*' where a corner \+ belongs"),
        ("+---+-D-+~~~+", "+   +-D-+~~~+", r"nothing separates a1 \(street, open\) from a2"),
        ("+---+-D-+~~~+", "+---+   +~~~+", r"nothing separates b1 \(street, open\) from b2"),
        ("    +---+---+---+\n'''", "'''", r"art must be lines of corners and sides"),
        ('letter = "Z"', 'letter = "z"', r"letter must be one capital letter A-Z, not 'z'"),
        ('letter = "Z"', 'letter = "Z"\ncolour = "red"', r"'colour' is not a key of a board file"),
        (
            'reason = "a test board"',
            'reason = ""',
            r"a reconstructed board needs a one-line reason",
        ),
        ('terrain = "building"', 'terrain = "saloon"', r"legend.'B'.terrain must be one of"),
        ("B = { terrain", "D = { terrain", r"legend.'D': a square is one printable character"),
        (
            'name = "Bank" }',
            'name = "Bank", roof = 1 }',
            r"legend.'B'.'roof' is not terrain or name",
        ),
        ("reason =", "reason = = ", r"small.toml is not valid TOML"),
    ],
)
def test_malformed_boards_are_refused_in_one_line(old: str, new: str, message: str) -> None:
    """Every mistake in a board file is a ContentError naming the file and the place."""
    assert old in SMALL
    with pytest.raises(ContentError, match=message) as info:
        parse_board(SMALL.replace(old, new, 1), "small.toml")
    assert "\n" not in str(info.value) and str(info.value).startswith("small.toml")


def test_doors_and_windows_stand_in_walls() -> None:
    """Move Actions: a door is an opening in a black line; one standing alone is refused."""
    lone = SMALL.replace("+---+-D-+~~~+", "+   +-D-+   +").replace("| B   B   B #", "  .   .   .  ")
    with pytest.raises(ContentError, match=r"the door above b2 is in no wall"):
        parse_board(lone, "small.toml")
    lone_window = SMALL.replace("+---+-D-+~~~+", "+   +   +~~~+").replace(
        "| B   B   B #", "  .   .   .  "
    )
    with pytest.raises(ContentError, match=r"the window above c2 is in no wall"):
        parse_board(lone_window, "small.toml")


# -- Saloon's boards ------------------------------------------------------------------------


def test_saloons_boards_make_a_western_town() -> None:
    """Game Boards (boards lettered A to L, 8 x 11 squares: RULINGS, Cowboys);
    CB-R1: Saloon's reconstructed boards A-F, a bank, saloon, livery, jail,
    hotel, general store, corral and stable along a main street."""
    letters = builtin_letters()
    assert letters[:6] == ("A", "B", "C", "D", "E", "F")
    names: set[str] = set()
    terrains: set[str] = set()
    for letter in letters:
        b = builtin_board(letter)
        assert (b.width, b.height) == (8, 11) and b.reconstructed and b.reason
        names |= {p.name for p in b.legend}
        terrains |= {b.terrain((x, y)) for x in range(8) for y in range(11)}
    for name in ("Bank", "Saloon", "Livery", "Sheriff's office", "Jail", "Hotel lobby"):
        assert name in names
    assert {"General Store", "Corral", "Stable", "street", "boardwalk"} <= names
    assert terrains == {"open", "building", "stable", "corral", "livery"}


def test_the_bank_fits_the_rulebooks_examples() -> None:
    """Examples of Movement Actions: the bank has a front door to the street
    (a figure can stand in front of it), a red line inside towards the back,
    and a window at the back."""
    town = build_town([["A"]])
    door = (town.square("A:e4"), town.square("A:f4"))
    assert town.edge(*door) == "door"
    assert town.place(door[0]).name == "Bank" and town.place(door[1]).name == "boardwalk"
    assert town.edge(town.square("A:c4"), town.square("A:d4")) == "obstacle"
    assert town.edge(town.square("A:a5"), town.square("A:b5")) == "window"
    assert town.place(town.square("A:a5")).name == "back lot"


def test_every_square_of_the_town_can_be_reached() -> None:
    """Move Actions: every building has a door; Movement with Horses: a rider
    reaches every stable, corral and livery square, and no building."""
    town = build_town([["A", "B"], ["C", "D"], ["E", "F"]])
    start = town.square("A:g1")
    on_foot = reachable(town, start, points=200)
    assert {sq for sq, _ in on_foot} == set(town.squares())
    riding = reachable(town, start, points=0, mounted=True, horse_points=200)
    ridden = {sq for sq, mounted in riding if mounted}
    assert ridden == {sq for sq in town.squares() if town.horse_ok(sq)}
    assert {town.terrain(sq) for sq in ridden} == {"open", "stable", "corral", "livery"}


@pytest.mark.parametrize("letter", ["G", "H", "I"])
def test_boards_g_h_and_i_can_be_walked_and_ridden(letter: str) -> None:
    """CB-N1: boards G (a bank and a land office on the main street), H
    (stockyards: a fenced cattle pen, a barn, the cattle buyer's office) and
    I (a ranch house of rooms with doors, a bunkhouse, a barn and a horse
    corral), 8 x 11 and reconstructed; on each, every square can be reached
    on foot and every open, stable and corral square on horseback (Move
    Actions; Movement with Horses)."""
    b = builtin_board(letter)
    assert (b.width, b.height) == (8, 11) and b.reconstructed and b.reason
    town = build_town([[letter]])
    start = next(sq for sq in town.squares() if town.terrain(sq) == "open")
    on_foot = reachable(town, start, points=200)
    assert {sq for sq, _ in on_foot} == set(town.squares())
    riding = reachable(town, start, points=0, mounted=True, horse_points=200)
    ridden = {sq for sq, mounted in riding if mounted}
    assert ridden == {sq for sq in town.squares() if town.horse_ok(sq)}


def test_boards_g_h_and_i_hold_what_their_scenarios_need() -> None:
    """CB-N1: G's bank has a strongroom behind a door and a counter (a red
    line) before it; H's cattle pen is fenced with red lines and has gates;
    I's ranch house is rooms joined by doors, with few windows."""
    g = build_town([["G"]])
    assert g.edge(g.square("G:c3"), g.square("G:d3")) == "door"
    assert g.place(g.square("G:b2")).name == "Strongroom"
    assert g.edge(g.square("G:c4"), g.square("G:d4")) == "obstacle"
    assert g.edge(g.square("G:e3"), g.square("G:f3")) == "door"
    h = build_town([["H"]])
    pen = [sq for sq in h.squares() if h.place(sq).name == "Cattle pen"]
    assert len(pen) == 20 and {h.terrain(sq) for sq in pen} == {"corral"}
    assert h.edge(h.square("H:a2"), h.square("H:b2")) == "obstacle"
    assert h.edge(h.square("H:d1"), h.square("H:d2")) == "open"  # the north gate
    assert h.edge(h.square("H:f3"), h.square("H:g3")) == "open"  # the east gate
    i = build_town([["I"]])
    rooms = ("Bedroom", "Parlour", "Kitchen", "Hall")
    house = [sq for sq in i.squares() if i.place(sq).name in rooms]
    sides = [
        i.edge(a, b)
        for a in house
        for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1))
        if i.contains(b) and i.place(a).name != i.place(b).name
    ]
    assert sides.count("door") >= 5 and sides.count("window") <= 2


# -- rotation -------------------------------------------------------------------------------

grids = st.integers(1, 6).flatmap(
    lambda w: st.integers(1, 6).flatmap(
        lambda h: st.builds(
            Grid,
            st.just(w),
            st.just(h),
            st.lists(st.sampled_from(".B"), min_size=w * h, max_size=w * h).map(tuple),
            st.lists(st.sampled_from(EDGE_KINDS), min_size=w * (h + 1), max_size=w * (h + 1)).map(
                tuple
            ),
            st.lists(st.sampled_from(EDGE_KINDS), min_size=(w + 1) * h, max_size=(w + 1) * h).map(
                tuple
            ),
        )
    )
)


@settings(max_examples=150, deadline=None)
@given(grids)
def test_four_quarter_turns_are_no_turn(grid: Grid) -> None:
    """Game Set Up: a board is laid in any of four orientations; every
    square and side, doors and windows too, comes back after four turns."""
    assert grid.rotated(4) == grid
    assert grid.rotated(1).rotated(3) == grid
    assert grid.rotated(2) == grid.rotated(1).rotated(1)


@settings(max_examples=150, deadline=None)
@given(grids, st.integers(0, 3))
def test_a_turned_board_keeps_its_sides_and_references(grid: Grid, turns: int) -> None:
    """Game Set Up: a turned board's squares keep their cross-references
    (``B:c7`` is in the board's own frame) and every side goes with its squares."""
    board = Board("Q", "random", grid, STREET_LEGEND)
    town = Town.from_board(board, turns)
    assert (town.width, town.height) == (
        (grid.height, grid.width) if turns % 2 else (grid.width, grid.height)
    )
    for x in range(grid.width):
        for y in range(grid.height):
            ref = board.ref((x, y))
            sq = town.square(f"Q:{ref}")
            assert town.ref(sq) == f"Q:{ref}"
            assert town.place(sq) == board.place((x, y))
    for a, b in neighbours(board):
        ta, tb = town.square("Q:" + board.ref(a)), town.square("Q:" + board.ref(b))
        assert town.edge(ta, tb) == board.edge(a, b)


def test_a_quarter_turn_moves_the_top_left_corner_to_the_top_right() -> None:
    """Game Set Up: ``>`` lays a board with its arrow pointing right."""
    b = small()
    town = Town.from_board(b, 1)
    assert (town.width, town.height) == (2, 3)
    assert town.square("Z:a1") == (1, 0) and town.square("Z:a2") == (0, 0)
    assert town.edge(town.square("Z:b1"), town.square("Z:b2")) == "door"
    assert town.render() == "\n".join(
        [
            "      0   1",
            "    +---+   +",
            "  0 | B | .",
            "    +   +   +",
            "  1 | B D .",
            "    +   +   +",
            "  2 | B ~ .",
            "    +###+   +",
        ]
    )


# -- layouts --------------------------------------------------------------------------------


def test_a_layout_composes_boards_into_one_town() -> None:
    """Game Set Up: the boards are laid out as the scenario shows, by letter and arrow."""
    town = build_town([["A", "B"], ["C", "D"]])
    assert (town.width, town.height) == (16, 22)
    assert town.square("A:a1") == (0, 0) and town.square("B:a1") == (8, 0)
    assert town.square("C:a1") == (0, 11) and town.square("D:h11") == (15, 21)
    for sq in town.squares():
        assert town.square(town.ref(sq)) == sq
    assert town.layout == (("A", "B"), ("C", "D"))
    turned = build_town("A> B> / C< D<")
    assert (turned.width, turned.height) == (22, 16)
    assert turned.square("A:a1") == (10, 0) and turned.square("C:a1") == (0, 15)
    assert turned.layout == (("A>", "B>"), ("C<", "D<"))
    for sq in turned.squares():
        assert turned.square(turned.ref(sq)) == sq


def test_where_two_boards_meet_the_stronger_line_counts() -> None:
    """CB-B3: a side drawn on both boards' frames is the stronger of the two lines."""
    left = parse_board(SMALL, "l.toml")
    right = parse_board(SMALL.replace('"Z"', '"Y"'), "r.toml")
    town = compose([["Z", "Y"]], {"Z": left, "Y": right})
    # Z's right frame of row 2 is an obstacle; Y's left frame of row 2 a wall.
    assert town.edge((2, 1), (3, 1)) == "wall"
    assert town.edge((2, 0), (3, 0)) == "open"


@pytest.mark.parametrize(
    ("layout", "message"),
    [
        ([["A", "B>"]], r"layout row 1: B> is 8 squares tall but A is 11"),
        ([["A", "B"], ["C"]], r"layout row 2 is 8 squares wide but row 1 is 16"),
        ([["A", "A"]], r"layout row 1: board A is laid out twice"),
        ([["A", "Q"]], r"layout row 1: there is no board Q"),
        ([["A", "b"]], r"layout row 1: 'b' is not a board letter"),
        ([["A", "B^"]], r"'B\^' is not a board letter"),
        ([[]], r"layout row 1 must be a non-empty list of boards"),
        ([], r"layout must be a list of rows of boards"),
        ("A B", r"layout must be a list of rows of boards"),
    ],
)
def test_bad_layouts_are_refused(layout: list[list[str]], message: str) -> None:
    """Game Set Up: the boards must make a rectangle, each board once."""
    with pytest.raises(ContentError, match=message):
        compose(layout, board_set())


@pytest.mark.parametrize(
    ("ref", "message"),
    [
        ("B:c7 ", r"is not a square reference such as B:c7"),
        ("c7", r"is not a square reference"),
        ("B:c٧", r"is not a square reference"),
        ("B:i7", r"board B has columns a-h and rows 1-11"),
        ("B:c12", r"board B has columns a-h and rows 1-11"),
        ("B:c0", r"board B has columns a-h and rows 1-11"),
        ("F:c7", r"board F is not in this town \(boards: A, B, C, D\)"),
    ],
)
def test_bad_square_references_are_refused(ref: str, message: str) -> None:
    """Game Set Up: a scenario's reference names a board and a square on it."""
    town = build_town([["A", "B"], ["C", "D"]])
    with pytest.raises(ContentError, match=message):
        town.square(ref)


def test_layout_text() -> None:
    assert parse_layout("A B / C> D") == (("A", "B"), ("C>", "D"))
    assert parse_layout("A,B") == (("A", "B"),)


def test_the_town_draws_itself_for_tests_and_debugging() -> None:
    town = build_town([["A"]])
    text = town.render({town.square("A:e4"): "1"})
    lines = text.splitlines()
    assert lines[0].split() == [str(x) for x in range(8)]
    assert lines[8].startswith("  3 ") and " 1 D " in lines[8]
    assert len(lines) == 1 + 2 * 11 + 1
