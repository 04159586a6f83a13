r"""Cowboys' game boards: the drawing format, the loader, and towns laid out from boards.

Cowboys rulebook, Game Boards: the boards are lettered A to L, each divided
into squares, with small cross-reference letters and numbers for setting up
scenarios, a board letter and alignment arrow for laying them out, black
lines for walls (with doors in them) and red lines for windows and
obstacles. The printed boards are not in the rulebook, so Saloon draws its
own (``content/boards/*.toml``, each marked ``reconstructed``), and an owner
of the game can draw the real ones in the same format (rulings CB-B1..B4 in
``docs/rulings.md``).

A board file is TOML::

    letter = "A"                      # the board letter, A-Z
    name = "Bank and General Store"
    reconstructed = true              # with a one-line reason when true
    reason = "The printed boards are not in the rulebook."
    art = '''
          a   b   c
        +   +   +   +
      1   .   .   .
        +---+-D-+~~~+
      2 | B   B   B |
        +---+---+---+
    '''

    [legend]
    "." = { terrain = "open", name = "street" }
    B = { terrain = "building", name = "Bank" }

The art is the board in its own frame (board letter top left, arrow up):
columns ``a``, ``b``, ... left to right, rows ``1``, ``2``, ... top to
bottom. Each square is three characters wide with its legend character in
the middle; ``+`` marks every corner; between corners a side is drawn as

============  ==============  ============
side          between columns between rows
============  ==============  ============
nothing       (space)         (3 spaces)
wall          ``|``           ``---``
door          ``D``           ``-D-``
window        ``~``           ``~~~``
obstacle      ``#``           ``###``
============  ==============  ============

Walls and doors are the rulebook's black lines, windows and obstacles its
red lines. The header of column letters and the row numbers at the left are
optional; when present they must be right. The legend gives each character
its terrain (``open``, ``building``, ``stable``, ``corral``, ``livery``) and
a name (``Bank``); ``.`` is open ground named ``street`` unless the legend
says otherwise. A published board is 8 columns by 11 rows; smaller and
larger boards (fragments for tests and puzzles) read the same way.

>>> board = parse_board(EXAMPLE)
>>> board.letter, board.width, board.height
('Z', 3, 2)
>>> board.edge((1, 0), (1, 1)), board.edge((2, 0), (2, 1)), board.terrain((0, 1))
('door', 'window', 'building')
>>> parse_board(board.to_toml()) == board
True
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final, Literal, get_args

from saloon.core.content import read_file, read_folder
from saloon.core.errors import ContentError, shown

#: A square in town coordinates: ``(x, y)``, x rightward, y downward.
XY = tuple[int, int]
#: What a square is (Cowboys rulebook, Movement with Horses: horses may enter
#: stables, corrals and the livery, but no other building).
Terrain = Literal["open", "building", "stable", "corral", "livery"]
#: What separates two neighbouring squares (Cowboys rulebook, Game Boards).
EdgeKind = Literal["open", "wall", "door", "window", "obstacle"]

TERRAINS: Final[tuple[Terrain, ...]] = get_args(Terrain)
EDGE_KINDS: Final[tuple[EdgeKind, ...]] = get_args(EdgeKind)
#: Terrains a horse may enter (Cowboys rulebook, Movement with Horses).
HORSE_TERRAINS: Final[frozenset[str]] = frozenset({"open", "stable", "corral", "livery"})
#: Terrains under a roof: they must be closed off by lines from their neighbours.
ROOFED: Final[frozenset[str]] = frozenset({"building", "stable", "livery"})
#: Black lines (Cowboys rulebook, Game Boards: walls, with doors in them).
BLACK: Final[frozenset[str]] = frozenset({"wall", "door"})
#: Red lines (Cowboys rulebook, Game Boards: windows and obstacles).
RED: Final[frozenset[str]] = frozenset({"window", "obstacle"})

#: How each side is drawn between two rows (three characters) and between
#: two columns (one character).
ACROSS: Final[dict[EdgeKind, str]] = {
    "open": "   ",
    "wall": "---",
    "door": "-D-",
    "window": "~~~",
    "obstacle": "###",
}
UPRIGHT: Final[dict[EdgeKind, str]] = {
    "open": " ",
    "wall": "|",
    "door": "D",
    "window": "~",
    "obstacle": "#",
}
_ACROSS_KIND = {v: k for k, v in ACROSS.items()}
_UPRIGHT_KIND = {v: k for k, v in UPRIGHT.items()}
#: Characters that may not stand for a square in a legend.
RESERVED: Final[frozenset[str]] = frozenset("+|-~#D ")
#: Which of two lines drawn on the same shared side, where two boards meet, counts.
_STRENGTH: Final[dict[str, int]] = {"open": 0, "obstacle": 1, "window": 2, "door": 3, "wall": 4}

#: The largest board file read: 64 KiB.
MAX_BOARD_BYTES = 64 * 1024
MAX_WIDTH = 26
MAX_HEIGHT = 99
#: Rotations in a layout: a board letter alone has its arrow up; ``>``
#: turns it a quarter clockwise (arrow right), ``v`` a half, ``<`` three quarters.
TURN_SUFFIXES: Final[dict[str, int]] = {"": 0, ">": 1, "v": 2, "<": 3}
_SUFFIX_OF = {v: k for k, v in TURN_SUFFIXES.items()}
_PLACEMENT = re.compile(r"([A-Z])([>v<]?)")
_REF = re.compile(r"([A-Z]):([a-z])([0-9]{1,2})")
_FILE_KEYS = frozenset({"letter", "name", "reconstructed", "reason", "art", "legend"})

#: A tiny board file, for the examples in the docstrings.
EXAMPLE = """
letter = "Z"
name = "Example"
art = '''
      a   b   c
    +   +   +   +
  1   .   .   .
    +---+-D-+~~~+
  2 | B   B   B |
    +---+---+---+
'''

[legend]
B = { terrain = "building", name = "Bank" }
"""


def column_letter(x: int) -> str:
    """The cross-reference letter of column ``x`` (0 is ``a``).

    >>> column_letter(0), column_letter(7)
    ('a', 'h')
    """
    return chr(ord("a") + x)


@dataclass(frozen=True)
class Place:
    """What a legend character stands for: a terrain and a name (``Bank``)."""

    char: str
    terrain: Terrain
    name: str

    @property
    def horse_ok(self) -> bool:
        """Whether a mounted figure may enter (Cowboys rulebook, Movement with Horses)."""
        return self.terrain in HORSE_TERRAINS


_DEFAULT_PLACE = Place(".", "open", "street")


@dataclass(frozen=True)
class Grid:
    """Squares and the sides between them, in a frame of ``width`` x ``height``.

    ``cells`` holds one legend character per square, row by row. Sides are
    kept per grid line, the outer frame included: ``across[ly * width + x]``
    is the side on line ``ly`` (0 is the top of row 0, ``height`` the bottom
    of the last row) above column ``x``; ``upright[y * (width + 1) + lx]``
    is the side on line ``lx`` (0 is the left of column 0) beside row ``y``.
    """

    width: int
    height: int
    cells: tuple[str, ...]
    across: tuple[EdgeKind, ...]
    upright: tuple[EdgeKind, ...]

    def __post_init__(self) -> None:
        w, h = self.width, self.height
        if len(self.cells) != w * h:
            raise ValueError("cells do not fill the grid")
        if len(self.across) != w * (h + 1) or len(self.upright) != (w + 1) * h:
            raise ValueError("sides do not fit the grid")

    def contains(self, xy: XY) -> bool:
        """Whether ``xy`` is a square of this grid."""
        return 0 <= xy[0] < self.width and 0 <= xy[1] < self.height

    def cell(self, xy: XY) -> str:
        """The legend character of square ``xy``."""
        self._check(xy)
        return self.cells[xy[1] * self.width + xy[0]]

    def edge(self, a: XY, b: XY) -> EdgeKind:
        """What separates the neighbouring squares ``a`` and ``b``.

        A side on the outer frame is asked for with one square outside the
        grid: ``edge((0, 0), (-1, 0))`` is the left side of the first square.
        """
        (ax, ay), (bx, by) = a, b
        if abs(ax - bx) + abs(ay - by) != 1:
            raise ValueError(f"squares {a} and {b} are not neighbours")
        if not (self.contains(a) or self.contains(b)):
            raise ValueError(f"squares {a} and {b} are both outside the grid")
        if ay == by:
            if not 0 <= ay < self.height:
                raise ValueError(f"squares {a} and {b} are outside the grid")
            return self.upright[ay * (self.width + 1) + max(ax, bx)]
        if not 0 <= ax < self.width:
            raise ValueError(f"squares {a} and {b} are outside the grid")
        return self.across[max(ay, by) * self.width + ax]

    def rotated(self, turns: int = 1) -> Grid:
        """This grid turned ``turns`` quarter turns clockwise (square
        ``(x, y)`` goes to ``(height - 1 - y, x)`` per turn), doors and
        windows with their walls."""
        g = self
        for _ in range(turns % 4):
            g = g._quarter()
        return g

    def _quarter(self) -> Grid:
        w, h = self.width, self.height
        nw, nh = h, w  # the new frame
        cells = [""] * (w * h)
        for y in range(h):
            for x in range(w):
                cells[x * nw + (h - 1 - y)] = self.cells[y * w + x]
        across: list[EdgeKind] = ["open"] * (nw * (nh + 1))
        upright: list[EdgeKind] = ["open"] * ((nw + 1) * nh)
        # A side on row line ly above column x becomes the side on column
        # line h - ly beside row x; a side on column line lx beside row y
        # becomes the side on row line lx above column h - 1 - y.
        for ly in range(h + 1):
            for x in range(w):
                upright[x * (nw + 1) + (h - ly)] = self.across[ly * w + x]
        for y in range(h):
            for lx in range(w + 1):
                across[lx * nw + (h - 1 - y)] = self.upright[y * (w + 1) + lx]
        return Grid(nw, nh, tuple(cells), tuple(across), tuple(upright))

    def _check(self, xy: XY) -> None:
        if not self.contains(xy):
            raise ValueError(f"square {xy} is outside the {self.width} x {self.height} grid")


@dataclass(frozen=True)
class Board:
    """One game board as drawn in its own frame (board letter top left,
    arrow up); see the module's docstring for the file format.

    >>> b = builtin_board("A")
    >>> b.width, b.height, b.reconstructed
    (8, 11, True)
    >>> b.rotated(4) == b and b.rotated(1) != b
    True
    """

    letter: str
    name: str
    grid: Grid
    legend: tuple[Place, ...]
    reconstructed: bool = False
    reason: str = ""
    #: The file it was read from, as messages show it (not part of the value).
    source: str = field(default="<board>", compare=False)

    @property
    def width(self) -> int:
        return self.grid.width

    @property
    def height(self) -> int:
        return self.grid.height

    def place(self, xy: XY) -> Place:
        """The legend entry of square ``xy`` (its terrain and name)."""
        char = self.grid.cell(xy)
        for p in self.legend:
            if p.char == char:
                return p
        raise AssertionError(f"{char!r} missing from the legend")  # pragma: no cover

    def terrain(self, xy: XY) -> Terrain:
        """The terrain of square ``xy``."""
        return self.place(xy).terrain

    def edge(self, a: XY, b: XY) -> EdgeKind:
        """What separates squares ``a`` and ``b`` (see :meth:`Grid.edge`)."""
        return self.grid.edge(a, b)

    def ref(self, xy: XY) -> str:
        """The cross-reference of square ``xy`` in this board's frame: ``c7``."""
        self.grid._check(xy)
        return f"{column_letter(xy[0])}{xy[1] + 1}"

    def rotated(self, turns: int = 1) -> Board:
        """The board turned ``turns`` quarter turns clockwise (its frame turns with it)."""
        return replace(self, grid=self.grid.rotated(turns))

    def art(self) -> str:
        """The board drawn as its file draws it (see the module's docstring)."""
        return render_grid(self.grid, labels=True)

    def to_toml(self) -> str:
        """The board as a board file; :func:`parse_board` reads it back equal."""
        lines = [f"letter = {_toml_str(self.letter)}", f"name = {_toml_str(self.name)}"]
        lines.append(f"reconstructed = {'true' if self.reconstructed else 'false'}")
        if self.reason:
            lines.append(f"reason = {_toml_str(self.reason)}")
        lines += ["art = '''", self.art(), "'''", "", "[legend]"]
        for p in self.legend:
            lines.append(
                f"{_toml_str(p.char)} = {{ terrain = {_toml_str(p.terrain)}, "
                f"name = {_toml_str(p.name)} }}"
            )
        return "\n".join(lines) + "\n"


def _toml_str(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def render_grid(
    grid: Grid,
    *,
    labels: bool = True,
    marks: Mapping[XY, str] | None = None,
    numbers: bool = False,
) -> str:
    """``grid`` drawn in the board format; ``marks`` put a character on
    squares (figures, for tests and debugging); ``numbers`` labels columns
    and rows with their coordinates (the last digit of x) rather than
    cross-reference letters and row numbers.
    """
    w, h = grid.width, grid.height
    out: list[str] = []
    pad = "    " if labels else ""
    if labels:
        heads = (str(x % 10) if numbers else column_letter(x) for x in range(w))
        out.append((pad + "".join(f"  {c} " for c in heads)).rstrip())
    for ly in range(h + 1):
        line = "+" + "+".join(ACROSS[grid.across[ly * w + x]] for x in range(w)) + "+"
        out.append(pad + line)
        if ly == h:
            break
        y = ly
        row = f"{(y if numbers else y + 1):>3} " if labels else ""
        for x in range(w):
            mark = marks.get((x, y)) if marks else None
            row += UPRIGHT[grid.upright[y * (w + 1) + x]] + " " + (mark or grid.cells[y * w + x])
            row += " "
        row += UPRIGHT[grid.upright[y * (w + 1) + w]]
        out.append(row.rstrip())
    return "\n".join(out)


# -- reading board files ---------------------------------------------------------------


def parse_board(text: str, source: str = "<board>") -> Board:
    """The board in the TOML ``text`` (read from ``source``, as messages name
    it), validated; :class:`ContentError` naming the file and the place
    otherwise.

    >>> parse_board(EXAMPLE.replace("+~~~+", "+~x~+"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon.core.errors.ContentError: <board>: art line 4, the side above c2: '~x~' is not a side...
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{source} is not valid TOML: {exc}") from None
    except (ValueError, RecursionError):  # a huge number, tables nested too deep
        raise ContentError(f"{source} is not TOML that Saloon can read") from None
    return _board_from(source, data)


def load_board(path: str | Path) -> Board:
    """The board in the file ``path`` (a player's own drawing), validated."""
    source, text = read_file(path, what="board file", limit=MAX_BOARD_BYTES, error=ContentError)
    return parse_board(text, source)


def _board_from(source: str, data: dict[str, Any]) -> Board:
    for key in data:
        if key not in _FILE_KEYS:
            raise ContentError(
                f"{source}: {shown(key)} is not a key of a board file "
                f"(keys: {', '.join(sorted(_FILE_KEYS))})"
            )
    letter = data.get("letter")
    if not isinstance(letter, str) or not re.fullmatch(r"[A-Z]", letter):
        raise ContentError(f"{source}: letter must be one capital letter A-Z, not {shown(letter)}")
    name = data.get("name", f"Board {letter}")
    if not isinstance(name, str) or not name.strip() or not name.isprintable():
        raise ContentError(f"{source}: name must be a non-empty line of text")
    reconstructed = data.get("reconstructed", False)
    if not isinstance(reconstructed, bool):
        raise ContentError(f"{source}: reconstructed must be true or false")
    reason = data.get("reason", "")
    if not isinstance(reason, str) or not reason.isprintable():
        raise ContentError(f"{source}: reason must be one line of text")
    if reconstructed and not reason.strip():
        raise ContentError(f"{source}: a reconstructed board needs a one-line reason")
    legend = _legend(source, data.get("legend", {}))
    art = data.get("art")
    if not isinstance(art, str) or not art.strip():
        raise ContentError(f"{source}: art must be the board drawn as a multi-line string")
    grid = _parse_art(source, art, {p.char for p in legend})
    _check_lines(source, grid, {p.char: p for p in legend})
    return Board(letter, name, grid, legend, reconstructed, reason, source)


def _legend(source: str, raw: object) -> tuple[Place, ...]:
    if not isinstance(raw, dict):
        raise ContentError(f"{source}: legend must be a table of character = {{ terrain, name }}")
    places: dict[str, Place] = {_DEFAULT_PLACE.char: _DEFAULT_PLACE}
    for char, entry in raw.items():
        where = f"legend.{shown(char)}"
        if len(char) != 1 or char in RESERVED or not char.isprintable():
            raise ContentError(
                f"{source}: {where}: a square is one printable character, "
                f"not a space or one of + | - ~ # D"
            )
        if not isinstance(entry, dict):
            raise ContentError(f"{source}: {where} must be a table {{ terrain = ..., name = ... }}")
        for key in entry:
            if key not in ("terrain", "name"):
                raise ContentError(f"{source}: {where}.{shown(key)} is not terrain or name")
        terrain = entry.get("terrain")
        if terrain not in TERRAINS:
            raise ContentError(
                f"{source}: {where}.terrain must be one of {', '.join(TERRAINS)}, "
                f"not {shown(terrain)}"
            )
        name = entry.get("name", terrain)
        if not isinstance(name, str) or not name.strip() or not name.isprintable():
            raise ContentError(f"{source}: {where}.name must be a non-empty line of text")
        places[char] = Place(char, terrain, name)
    return tuple(places.values())


def _parse_art(source: str, art: str, chars: set[str]) -> Grid:
    raw = art.split("\n")
    lines: list[tuple[int, str]] = []
    for n, line in enumerate(raw, 1):
        if "\t" in line:
            raise ContentError(f"{source}: art line {n} has a tab; draw with spaces")
        if line.strip():
            lines.append((n, line.rstrip()))
    if not lines:
        raise ContentError(f"{source}: art is empty")
    header: tuple[int, list[str]] | None = None
    first_n, first = lines[0]
    if "+" not in first and all(re.fullmatch(r"[a-z]", t) for t in first.split()):
        header = (first_n, first.split())
        lines = lines[1:]
    if len(lines) < 3 or len(lines) % 2 == 0:
        raise ContentError(
            f"{source}: art must be lines of corners and sides (+---+) around each row of "
            f"squares, {len(lines)} drawn lines is not that"
        )
    height = (len(lines) - 1) // 2
    if height > MAX_HEIGHT:
        raise ContentError(f"{source}: art has {height} rows; at most {MAX_HEIGHT}")
    top_n, top = lines[0]
    offset = top.find("+")
    if offset < 0:
        raise ContentError(f"{source}: art line {top_n} must be corners and sides, starting with +")
    span = len(top) - offset
    width = (span - 1) // 4
    if (span - 1) % 4 or width < 1:
        raise ContentError(
            f"{source}: art line {top_n} must be + and three characters per square, ending with +"
        )
    if width > MAX_WIDTH:
        raise ContentError(f"{source}: art has {width} columns; at most {MAX_WIDTH}")
    if header is not None and header[1] != [column_letter(x) for x in range(width)]:
        raise ContentError(
            f"{source}: art line {header[0]}: the column letters must be a to "
            f"{column_letter(width - 1)}"
        )
    cells: list[str] = []
    across: list[EdgeKind] = []
    upright: list[EdgeKind] = []
    for k, (n, line) in enumerate(lines):
        prefix, body = line[:offset], line[offset:]
        if len(body) > span:
            raise ContentError(
                f"{source}: art line {n} runs past the right edge of the board "
                f"({width} squares wide)"
            )
        body = body.ljust(span)
        if k % 2 == 0:  # corners and sides between rows
            ly = k // 2
            if prefix.strip():
                raise ContentError(f"{source}: art line {n}: nothing may stand left of the board")
            for x in range(width):
                corner = body[4 * x]
                if corner != "+":
                    raise ContentError(
                        f"{source}: art line {n}, column {offset + 4 * x + 1}: "
                        f"{shown(corner)} where a corner + belongs"
                    )
                seg = body[4 * x + 1 : 4 * x + 4]
                kind = _ACROSS_KIND.get(seg)
                if kind is None:
                    raise ContentError(
                        f"{source}: art line {n}, the side {_across_place(x, ly, height)}: "
                        f"{shown(seg)} is not a side (use ---, -D-, ~~~, ### or spaces)"
                    )
                across.append(kind)
            if body[4 * width] != "+":
                raise ContentError(f"{source}: art line {n} must end with a corner +")
        else:  # a row of squares
            y = k // 2
            label = prefix.strip()
            if label and label != str(y + 1):
                raise ContentError(
                    f"{source}: art line {n}: row number {shown(label)} should be {y + 1}"
                )
            for x in range(width + 1):
                ch = body[4 * x]
                kind = _UPRIGHT_KIND.get(ch)
                if kind is None:
                    raise ContentError(
                        f"{source}: art line {n}, the side {_upright_place(x, y, width)}: "
                        f"{shown(ch)} is not a side (use |, D, ~, # or a space)"
                    )
                upright.append(kind)
                if x == width:
                    break
                sq = f"{column_letter(x)}{y + 1}"
                if body[4 * x + 1] != " " or body[4 * x + 3] != " ":
                    raise ContentError(
                        f"{source}: art line {n}, square {sq}: a square is drawn as one "
                        f"character between two spaces, not {shown(body[4 * x + 1 : 4 * x + 4])}"
                    )
                c = body[4 * x + 2]
                if c not in chars:
                    raise ContentError(
                        f"{source}: art line {n}, square {sq}: {shown(c)} is not in the legend "
                        f"(legend: {' '.join(sorted(chars))})"
                    )
                cells.append(c)
    return Grid(width, height, tuple(cells), tuple(across), tuple(upright))


def _across_place(x: int, ly: int, height: int) -> str:
    if ly < height:
        return f"above {column_letter(x)}{ly + 1}"
    return f"below {column_letter(x)}{ly}"


def _upright_place(lx: int, y: int, width: int) -> str:
    if lx < width:
        return f"left of {column_letter(lx)}{y + 1}"
    return f"right of {column_letter(lx - 1)}{y + 1}"


def _sides_at(grid: Grid, px: int, py: int) -> Iterator[tuple[str, int, int]]:
    """The sides meeting at corner ``(px, py)``: (``across`` or ``upright``, index)."""
    w, h = grid.width, grid.height
    if px - 1 >= 0:
        yield "across", px - 1, py
    if px < w:
        yield "across", px, py
    if py - 1 >= 0:
        yield "upright", px, py - 1
    if py < h:
        yield "upright", px, py


def _side(grid: Grid, which: str, a: int, b: int) -> EdgeKind:
    if which == "across":
        return grid.across[b * grid.width + a]
    return grid.upright[b * (grid.width + 1) + a]


def _check_lines(source: str, grid: Grid, legend: Mapping[str, Place]) -> None:
    """Doors and windows stand in walls; roofed places are closed by lines.

    Cowboys rulebook, Game Boards and Move Actions: a door is a door in a
    black line (a wall); a window is a red line in a building's side. A
    door or window must therefore meet another wall, door or window at one
    of its ends at least. A building, stable or livery square must be
    separated by a line (any kind) from a neighbour of another legend
    character, so that walking or riding into it always crosses its side.
    """
    w, h = grid.width, grid.height
    walls = {"wall", "door", "window"}

    def set_in_wall(which: str, a: int, b: int, ends: tuple[XY, XY]) -> bool:
        for px, py in ends:
            for other in _sides_at(grid, px, py):
                if other != (which, a, b) and _side(grid, *other) in walls:
                    return True
        return False

    for ly in range(h + 1):
        for x in range(w):
            kind = grid.across[ly * w + x]
            if kind in ("door", "window") and not set_in_wall(
                "across", x, ly, ((x, ly), (x + 1, ly))
            ):
                raise ContentError(
                    f"{source}: the {kind} {_across_place(x, ly, h)} is in no wall "
                    f"(no wall, door or window meets either end)"
                )
            if 0 < ly < h and kind == "open":
                _check_closed(source, grid, legend, (x, ly - 1), (x, ly))
    for y in range(h):
        for lx in range(w + 1):
            kind = grid.upright[y * (w + 1) + lx]
            if kind in ("door", "window") and not set_in_wall(
                "upright", lx, y, ((lx, y), (lx, y + 1))
            ):
                raise ContentError(
                    f"{source}: the {kind} {_upright_place(lx, y, w)} is in no wall "
                    f"(no wall, door or window meets either end)"
                )
            if 0 < lx < w and kind == "open":
                _check_closed(source, grid, legend, (lx - 1, y), (lx, y))


def _check_closed(source: str, grid: Grid, legend: Mapping[str, Place], a: XY, b: XY) -> None:
    pa, pb = legend[grid.cell(a)], legend[grid.cell(b)]
    if pa.char != pb.char and (pa.terrain in ROOFED or pb.terrain in ROOFED):
        ra = f"{column_letter(a[0])}{a[1] + 1}"
        rb = f"{column_letter(b[0])}{b[1] + 1}"
        raise ContentError(
            f"{source}: nothing separates {ra} ({pa.name}, {pa.terrain}) from {rb} "
            f"({pb.name}, {pb.terrain}); a roofed place needs a wall, door, window or "
            f"obstacle on every side it shares with another place"
        )


# -- the boards that come with Saloon, and a player's own ----------------------------------


@cache
def builtin_letters() -> tuple[str, ...]:
    """The letters of the boards that come with Saloon.

    >>> builtin_letters()[:6]
    ('A', 'B', 'C', 'D', 'E', 'F')
    """
    folder = resources.files("saloon.games.cowboys").joinpath("content", "boards")
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml")))


@cache
def builtin_board(letter: str) -> Board:
    """The board ``letter`` that comes with Saloon (reconstructed: see
    ``docs/rulings.md``, Cowboys: boards and geometry)."""
    if letter not in builtin_letters():
        raise ContentError(
            f"there is no board {shown(letter)}; boards: {', '.join(builtin_letters())}"
        )
    name = f"{letter}.toml"
    text = (
        resources.files("saloon.games.cowboys")
        .joinpath("content", "boards", name)
        .read_text(encoding="utf-8")
    )
    board = parse_board(text, f"boards/{name}")
    if board.letter != letter:
        raise ContentError(f"boards/{name}: letter must be {letter}")
    return board


def board_set(
    folder: str | Path | None = None,
    files: Mapping[str, str | Path] | None = None,
) -> dict[str, Board]:
    """Every board a layout may use, by letter: Saloon's own, replaced by
    each board file in ``folder`` (``*.toml``, each under the letter it
    declares), then by ``files`` (letter -> file; the file must declare that
    letter). A player who owns the game draws the real boards this way.
    """
    boards = {letter: builtin_board(letter) for letter in builtin_letters()}
    if folder is not None:
        seen: dict[str, str] = {}
        found = read_folder(folder, ("*.toml",), what="board folder", limit=MAX_BOARD_BYTES)
        for source, text in found.values():
            board = parse_board(text, source)
            if board.letter in seen:
                raise ContentError(
                    f"{board.source}: board {board.letter} is also drawn in {seen[board.letter]}"
                )
            seen[board.letter] = board.source
            boards[board.letter] = board
    for letter, path in (files or {}).items():
        board = load_board(path)
        if board.letter != letter:
            raise ContentError(
                f"{board.source}: this file draws board {board.letter}, not board {shown(letter)}"
            )
        boards[letter] = board
    return boards


# -- towns: boards laid out together ---------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """Where a board lies in a town: its top-left square and its quarter turns clockwise."""

    letter: str
    turns: int
    x: int
    y: int
    #: The board's own size, in its own frame.
    board_width: int
    board_height: int

    @property
    def width(self) -> int:
        """Its width in the town (turned)."""
        return self.board_height if self.turns % 2 else self.board_width

    @property
    def height(self) -> int:
        """Its height in the town (turned)."""
        return self.board_width if self.turns % 2 else self.board_height

    @property
    def notation(self) -> str:
        """As a layout writes it: ``C>``."""
        return self.letter + _SUFFIX_OF[self.turns]

    def covers(self, xy: XY) -> bool:
        return self.x <= xy[0] < self.x + self.width and self.y <= xy[1] < self.y + self.height

    def to_town(self, local: XY) -> XY:
        """The town square of square ``local`` of the board, in its own frame."""
        c, r = local
        w, h = self.board_width, self.board_height
        for _ in range(self.turns):
            c, r = h - 1 - r, c
            w, h = h, w
        return (self.x + c, self.y + r)

    def to_board(self, xy: XY) -> XY:
        """The square, in the board's own frame, of town square ``xy``."""
        u, v = xy[0] - self.x, xy[1] - self.y
        w, h = self.width, self.height
        for _ in range(self.turns):
            u, v = v, w - 1 - u
            w, h = h, w
        return (u, v)


@dataclass(frozen=True)
class Town:
    """Boards laid out together, in town coordinates: ``(x, y)``, x
    rightward, y downward, ``(0, 0)`` the top-left square.

    >>> town = build_town([["A", "B"], ["C", "D"]])
    >>> town.width, town.height
    (16, 22)
    >>> town.square("B:c7"), town.ref((10, 6))
    ((10, 6), 'B:c7')
    >>> town = build_town([["A>"]])
    >>> town.width, town.height, town.square("A:a1"), town.ref((10, 0))
    (11, 8, (10, 0), 'A:a1')
    """

    grid: Grid
    places: tuple[Place, ...]
    placements: tuple[Placement, ...]
    #: The layout as rows of placements (``[["A", "B"], ["C>", "D"]]``).
    layout: tuple[tuple[str, ...], ...]
    #: Tables that geometry derives from the town once (not part of the value).
    cache: dict[str, object] = field(default_factory=dict, compare=False, repr=False)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled without its tables; unpickled as the equal town already
        in the process, if any, tables and all (a state sent to a bot's
        process carries the town, not what geometry derived from it)."""
        return _interned_town, (self.grid, self.places, self.placements, self.layout)

    @classmethod
    def from_board(cls, board: Board, turns: int = 0) -> Town:
        """A town of one board (turned ``turns`` quarter turns clockwise)."""
        return compose([[board.letter + _SUFFIX_OF[turns % 4]]], {board.letter: board})

    @property
    def width(self) -> int:
        return self.grid.width

    @property
    def height(self) -> int:
        return self.grid.height

    def contains(self, xy: XY) -> bool:
        """Whether ``xy`` is a square of the town."""
        return self.grid.contains(xy)

    def squares(self) -> Iterator[XY]:
        """Every square, row by row."""
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    def place(self, xy: XY) -> Place:
        """What stands on square ``xy``: its terrain and name (``Bank``)."""
        self.grid._check(xy)
        return self.places[xy[1] * self.width + xy[0]]

    def terrain(self, xy: XY) -> Terrain:
        """The terrain of square ``xy``."""
        return self.place(xy).terrain

    def horse_ok(self, xy: XY) -> bool:
        """Whether a mounted figure may enter square ``xy`` (Cowboys
        rulebook, Movement with Horses: stables, corrals, the livery and
        the open, never another building)."""
        return self.place(xy).horse_ok

    def edge(self, a: XY, b: XY) -> EdgeKind:
        """What separates the neighbouring squares ``a`` and ``b``.

        >>> town = build_town([["A"]])
        >>> town.edge(town.square("A:e4"), town.square("A:f4"))
        'door'
        """
        if not (self.contains(a) and self.contains(b)):
            raise ValueError(f"squares {a} and {b} are not both in the town")
        return self.grid.edge(a, b)

    def square(self, ref: str) -> XY:
        """The town square of a scenario's reference ``B:c7`` (board letter,
        colon, square in that board's own frame, whatever its turn);
        :class:`ContentError` for a reference that names no square here."""
        m = _REF.fullmatch(ref) if isinstance(ref, str) else None
        if m is None:
            raise ContentError(
                f"{shown(ref)} is not a square reference such as B:c7 "
                f"(board letter, colon, column letter, row number)"
            )
        letter, col, row = m.group(1), m.group(2), int(m.group(3))
        for p in self.placements:
            if p.letter == letter:
                x = ord(col) - ord("a")
                if x >= p.board_width or not 1 <= row <= p.board_height:
                    raise ContentError(
                        f"{ref}: board {letter} has columns a-{column_letter(p.board_width - 1)}"
                        f" and rows 1-{p.board_height}"
                    )
                return p.to_town((x, row - 1))
        raise ContentError(
            f"{ref}: board {letter} is not in this town "
            f"(boards: {', '.join(p.letter for p in self.placements)})"
        )

    def ref(self, xy: XY) -> str:
        """The scenario reference (``B:c7``) of town square ``xy``."""
        refs = self.cache.get("square_refs")
        if refs is None:
            refs = self.cache["square_refs"] = {sq: self._ref(sq) for sq in self.squares()}
        assert isinstance(refs, dict)
        found = refs.get(xy)
        if found is None:
            self.grid._check(xy)
            raise AssertionError("a square outside every board")  # pragma: no cover
        return str(found)

    def _ref(self, xy: XY) -> str:
        for p in self.placements:
            if p.covers(xy):
                c, r = p.to_board(xy)
                return f"{p.letter}:{column_letter(c)}{r + 1}"
        raise AssertionError("a square outside every board")  # pragma: no cover

    def render(self, marks: Mapping[XY, str] | None = None) -> str:
        """The town drawn in the board format, with x and y (their last digit
        for x) at the edges; ``marks`` put a character on squares (figures).

        >>> print(Town.from_board(parse_board(EXAMPLE)).render({(0, 0): "1"}))
              0   1   2
            +   +   +   +
          0   1   .   .
            +---+-D-+~~~+
          1 | B   B   B |
            +---+---+---+
        """
        return render_grid(self.grid, labels=True, marks=marks, numbers=True)


#: The towns unpickled in this process, each once (see :meth:`Town.__reduce__`).
_TOWNS: dict[Town, Town] = {}


def _interned_town(
    grid: Grid,
    places: tuple[Place, ...],
    placements: tuple[Placement, ...],
    layout: tuple[tuple[str, ...], ...],
) -> Town:
    town = Town(grid, places, placements, layout)
    return _TOWNS.setdefault(town, town)


def parse_layout(text: str) -> tuple[tuple[str, ...], ...]:
    """A layout written on one line, rows separated by ``/``: ``"A B / C> D"``.

    >>> parse_layout("A B / C> D")
    (('A', 'B'), ('C>', 'D'))
    """
    return tuple(tuple(row.replace(",", " ").split()) for row in text.split("/"))


def compose(
    layout: Sequence[Sequence[str]],
    boards: Mapping[str, Board],
    *,
    source: str = "layout",
) -> Town:
    """The town of ``layout`` (rows of placements such as ``"C>"``; see
    :data:`TURN_SUFFIXES`) made of ``boards`` by letter.

    The boards of a row stand side by side, the rows one under the next; they
    must make a rectangle: every board of a row as tall as the others, every
    row as wide. Each board is used once at most. Where two boards meet,
    the stronger of the two lines drawn on their common side counts (a wall
    over a door over a window over an obstacle; ruling CB-B3).
    """
    if isinstance(layout, str) or not isinstance(layout, Sequence) or not layout:
        raise ContentError(f"{source} must be a list of rows of boards, such as [['A', 'B']]")
    rows: list[list[tuple[str, int]]] = []
    used: set[str] = set()
    for i, row in enumerate(layout, 1):
        if isinstance(row, str) or not isinstance(row, Sequence) or not row:
            raise ContentError(f"{source} row {i} must be a non-empty list of boards")
        parsed: list[tuple[str, int]] = []
        for item in row:
            m = _PLACEMENT.fullmatch(item) if isinstance(item, str) else None
            if m is None:
                raise ContentError(
                    f"{source} row {i}: {shown(item)} is not a board letter with an optional "
                    f"turn > v < (such as C>)"
                )
            letter, turns = m.group(1), TURN_SUFFIXES[m.group(2)]
            if letter in used:
                raise ContentError(f"{source} row {i}: board {letter} is laid out twice")
            if letter not in boards:
                raise ContentError(
                    f"{source} row {i}: there is no board {letter} "
                    f"(boards: {', '.join(sorted(boards))})"
                )
            used.add(letter)
            parsed.append((letter, turns))
        rows.append(parsed)
    placements: list[Placement] = []
    y = 0
    total_width: int | None = None
    for i, placed in enumerate(rows, 1):
        x = 0
        row_height: int | None = None
        for letter, turns in placed:
            b = boards[letter]
            p = Placement(letter, turns, x, y, b.width, b.height)
            if row_height is None:
                row_height = p.height
            elif p.height != row_height:
                raise ContentError(
                    f"{source} row {i}: {p.notation} is {p.height} squares tall but "
                    f"{placed[0][0]}{_SUFFIX_OF[placed[0][1]]} is {row_height}; the boards "
                    f"must make a rectangle"
                )
            placements.append(p)
            x += p.width
        if total_width is None:
            total_width = x
        elif x != total_width:
            raise ContentError(
                f"{source} row {i} is {x} squares wide but row 1 is {total_width}; "
                f"the boards must make a rectangle"
            )
        assert row_height is not None
        y += row_height
    assert total_width is not None
    width, height = total_width, y
    cells = [""] * (width * height)
    places: list[Place] = [_DEFAULT_PLACE] * (width * height)
    across: list[EdgeKind] = ["open"] * (width * (height + 1))
    upright: list[EdgeKind] = ["open"] * ((width + 1) * height)

    def stronger(old: EdgeKind, new: EdgeKind) -> EdgeKind:
        return new if _STRENGTH[new] > _STRENGTH[old] else old

    for p in placements:
        b = boards[p.letter]
        g = b.grid.rotated(p.turns)
        legend = {q.char: q for q in b.legend}
        for v in range(g.height):
            for u in range(g.width):
                i = (p.y + v) * width + p.x + u
                cells[i] = g.cells[v * g.width + u]
                places[i] = legend[cells[i]]
        for lv in range(g.height + 1):
            for u in range(g.width):
                i = (p.y + lv) * width + p.x + u
                across[i] = stronger(across[i], g.across[lv * g.width + u])
        for v in range(g.height):
            for lu in range(g.width + 1):
                i = (p.y + v) * (width + 1) + p.x + lu
                upright[i] = stronger(upright[i], g.upright[v * (g.width + 1) + lu])
    grid = Grid(width, height, tuple(cells), tuple(across), tuple(upright))
    return Town(
        grid,
        tuple(places),
        tuple(placements),
        tuple(tuple(p.notation for p in placements if p.y == py) for py in _row_tops(placements)),
    )


def _row_tops(placements: Iterable[Placement]) -> list[int]:
    return sorted({p.y for p in placements})


def build_town(
    layout: Sequence[Sequence[str]] | str,
    *,
    folder: str | Path | None = None,
    files: Mapping[str, str | Path] | None = None,
) -> Town:
    """The town of ``layout`` (rows of placements, or one line such as
    ``"A B / C> D"``) from Saloon's boards and a player's own (see
    :func:`board_set`)."""
    rows = parse_layout(layout) if isinstance(layout, str) else layout
    return compose(rows, board_set(folder, files))
