"""Cowboys on one screen: the town as a compact map at a person's decision.

The full drawing (:mod:`.render`: the town two lines a row of squares, the
rosters and the hand under it) is 47 to 80 lines tall and never shares an
80 x 24 screen with the menu. Here each row of squares is one line: a
square is the same three characters as there (``C1↓`` Cowboy 1 facing
south, ``†C3`` a body, ``H1→`` a horse, ``p r s`` dropped weapons, ``$``
loot, ``cow``, ``stg``, else the place's letter), and the side between two
squares of a row is the one character between them (``│`` wall, ``D``
closed door, ``/`` open door, ``~`` window, ``#`` obstacle). The side under
a square is its underline; a door, open door, window or obstacle there is
also its mark in the middle of an empty square, and on a console without
styles an empty square with a wall under it is ``_S_``, so the map reads
without colour too. Column letters are above each band of boards (each
board's letter at its left edge), row numbers left and right, so ``B:c7``
reads off the map as in the notation.

Beside the map (or under it, on a narrow screen) a few lines of status: the
turn and whose part it is, what is being decided and the shot under way,
each side's cards in hand and its figures (health, weapon in hand and
rounds), the person's hand, and a key of the marks, as room allows. The
figures of the decision (those the person may act with, or the shooter and
target of a shot he may answer) are shown in reverse. When even the
compact map is taller than the room, the rows around those figures are
shown (and on a screen narrower than the town, the columns), the status
saying which and that ``map`` prints the whole town.

>>> from saloon.core import get_game
>>> from rich.console import Console
>>> game = get_game("cowboys")
>>> state = game.new_state(game.variants()["hickok-tutt"])
>>> screen = render_screen(state, 0, 80, 16)
>>> lines = screen.lines(Console(width=80, color_system=None))
>>> len(lines) <= 16, lines[0].plain.split()[:3]
(True, ['B', 'a', 'b'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from rich.console import Console, ConsoleOptions, RenderResult
from rich.style import Style
from rich.text import Text

from saloon.games.cowboys.board import XY, Placement
from saloon.games.cowboys.render import (
    ARROWS,
    EDGE_UPRIGHT,
    ITEM_MARKS,
    TownText,
    axis_labels,
    bands,
    full_health,
    hand_of,
    open_doors,
    side_style,
    status_lines,
)

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.figures import Figure
    from saloon.games.cowboys.rules.state import CowboysState

#: A side between two squares of a row, by its kind: the full drawing's marks.
UPRIGHT: Final = EDGE_UPRIGHT
#: The mark in an empty square of the side below it (none for a wall: its underline).
BELOW: Final[dict[str, str]] = {"door": "D", "opendoor": "/", "window": "~", "obstacle": "#"}
SIDE_STYLES: Final[dict[str, str]] = {
    "open": "",
    "wall": "bold",
    "door": "bold yellow",
    "opendoor": "yellow",
    "window": "bold red",
    "obstacle": "red",
}
LABEL_STYLE: Final = "bold cyan"
#: The narrowest status column beside the map; narrower, it goes under the map.
STATUS_MIN: Final = 30
#: The key of the marks, one line (wrapped where it must).
KEY: Final = (
    "Key: │ wall, D door, / open door, ~ window, # obstacle; a square underlined "
    "(_S_ without colour), or a mark in it: the side below it. C1↓ cowboy 1 facing "
    "south, T town folk, H horse, †C3 body, p r s dropped weapon, $ loot; "
    "reversed: the figures of this decision."
)


def side_kind(state: CowboysState, a: XY, b: XY, doors: set[tuple[XY, XY]]) -> str:
    """The side between squares ``a`` and ``b`` (one of them may be off the
    town: the outer frame), ``opendoor`` for a door a figure holds open."""
    kind: str = state.town.grid.edge(a, b)
    if kind == "door" and ((a, b) in doors or (b, a) in doors):
        return "opendoor"
    return kind


@dataclass(frozen=True)
class MapLine:
    """A line of the compact map: a band's column letters (``y`` is None)
    or the row of squares ``y``."""

    text: Text
    y: int | None
    band: int


class CompactTown:
    """The town one line a row of squares (see the module docstring).

    ``focus``: squares whose figures are shown in reverse (those the person
    may act with). A line is ``4 * width + 8`` characters: the row number
    (3) and a space, then per square its west side and its three
    characters, then the east side, a space and the row number again.
    """

    def __init__(self, state: CowboysState, focus: Sequence[XY] = ()) -> None:
        self.state = state
        self.town = state.town
        self.focus = set(focus)
        self.doors = open_doors(state)
        self.cells = TownText(state).cells
        self.bands = bands(self.town)
        #: The columns drawn: all, but on a screen too narrow for the town
        #: (:meth:`narrow`).
        self.cols = range(self.town.width)

    @property
    def width(self) -> int:
        return 4 * len(self.cols) + 8

    def column(self, x: int) -> int:
        """Where square ``x``'s three characters begin in a line."""
        return 4 + 4 * (x - self.cols.start) + 1

    def narrow(self, width: int, around: Sequence[int]) -> None:
        """Draw only the columns that fit ``width`` characters, around the
        columns ``around`` (a town wider than the screen)."""
        n = max(1, min(self.town.width, (width - 8) // 4))
        self.cols = around_range(self.town.width, n, around)

    @property
    def height(self) -> int:
        """Lines of the whole map: a row a square, a line of letters a band."""
        return self.town.height + len(self.bands)

    def band_of(self, y: int) -> int:
        return next(k for k, b in enumerate(self.bands) if b[0].y <= y < b[0].y + b[0].height)

    # -- the sides ------------------------------------------------------------------------

    def west(self, xy: XY) -> str:
        """The side on the left of square ``xy`` (the frame's at column 0)."""
        return side_kind(self.state, xy, (xy[0] - 1, xy[1]), self.doors)

    def south(self, xy: XY) -> str:
        """The side under square ``xy`` (the frame's on the last row)."""
        return side_kind(self.state, xy, (xy[0], xy[1] + 1), self.doors)

    def north(self, xy: XY) -> str:
        return side_kind(self.state, xy, (xy[0], xy[1] - 1), self.doors)

    def empty(self, xy: XY) -> bool:
        """Whether square ``xy`` shows only its place (no figure or thing)."""
        char = self.town.grid.cell(xy)
        return self.cells[xy].plain in (f" {char} ", "   ")

    # -- the lines ------------------------------------------------------------------------

    def header(self, band: int, plain: bool = False) -> Text:
        """A band's column letters, each board's letter at its left edge;
        on the first band, a wall of the town's frame above a square
        underlines its letter."""
        group = self.bands[band]
        t = Text("    ")
        for x in self.cols:
            p = next(q for q in group if q.x <= x < q.x + q.width)
            t.append(p.letter if x in (p.x, self.cols.start) else " ", style="bold")
            style = LABEL_STYLE
            top = band == 0 and self.north((x, 0)) != "open"
            if top and not plain:
                style += " underline"
            t.append(axis_labels(p, x=x).center(3), style=style)
        return t

    def row(self, y: int, plain: bool = False) -> Text:
        """Row ``y``: its squares with the sides between them; the side
        under each square its underline (``plain``: none, for a console
        with no styles; the marks in empty squares remain)."""
        x0, x1 = self.cols.start, self.cols.stop
        group = self.bands[self.band_of(y)]
        left: Placement = next(q for q in group if q.x <= x0 < q.x + q.width)
        right: Placement = next(q for q in group if q.x < x1 <= q.x + q.width)
        t = Text()
        t.append(f"{axis_labels(left, y=y):>3}", style=LABEL_STYLE)
        t.append(" ")
        under = {x: self.south((x, y)) != "open" for x in self.cols}
        for x in range(x0, x1 + 1):
            kind = (
                self.west((x, y))
                if x < x1
                else side_kind(self.state, (x - 1, y), (x, y), self.doors)
            )
            # A side's character is underlined where the line under the
            # squares beside it runs on (or turns a corner).
            near = [under[i] for i in (x - 1, x) if i in under]
            joined = all(near) or (any(near) and kind != "open")
            style = Style.parse(SIDE_STYLES[kind] or "none")
            if joined and not plain:
                style += Style(underline=True)
            t.append(UPRIGHT[kind], style=style)
            if x < x1:
                t.append_text(self.cell((x, y), plain))
        t.append(" ")
        t.append(f"{axis_labels(right, y=y):<2}", style=LABEL_STYLE)
        return t

    def cell(self, xy: XY, plain: bool) -> Text:
        """A square's three characters, underlined when a side is under it
        (``plain``: an empty square's blanks are ``_`` instead); an empty
        square shows a door, window or obstacle under it by its mark."""
        below = self.south(xy)
        cell = self.cells[xy].copy()
        if below == "open":
            if xy in self.focus:
                cell.stylize("reverse")
            return cell
        if self.empty(xy):
            line = SIDE_STYLES[below]
            edge = "_" if plain else " "
            middle = Text(BELOW[below], style=line) if below in BELOW else cell[1:2]
            cell = Text(edge, style=line)
            cell.append_text(middle)
            cell.append(edge, style=line)
        if xy in self.focus:
            cell.stylize("reverse")
        if not plain:
            cell.stylize("underline")
        return cell

    def lines(self, rows: range | None = None, plain: bool = False) -> list[MapLine]:
        """The map's lines for the rows ``rows`` (all by default): each
        band's letters before its first row shown."""
        rows = range(self.town.height) if rows is None else rows
        out: list[MapLine] = []
        last = -1
        for y in rows:
            band = self.band_of(y)
            if band != last:
                out.append(MapLine(self.header(band, plain), None, band))
                last = band
            out.append(MapLine(self.row(y, plain), y, band))
        return out

    def lines_for(self, rows: range) -> int:
        """How many lines ``rows`` take (their rows and their bands' letters)."""
        return len(rows) + len({self.band_of(y) for y in rows})

    def window(self, room: int, around: Sequence[int]) -> range:
        """The rows shown in ``room`` lines: all if they fit, else as many
        as fit around the rows ``around`` (the first of them kept in view
        when they do not all fit)."""
        h = self.town.height
        for n in range(h, 0, -1):
            rows = around_range(h, n, around)
            if self.lines_for(rows) <= room:
                return rows
        return range(0)


def around_range(total: int, n: int, around: Sequence[int]) -> range:
    """``n`` of ``total`` places in a row around the places ``around``: all
    of them centred if they fit, else the first of them centred.

    >>> around_range(22, 8, [3, 6]), around_range(22, 8, [20, 2]), around_range(5, 8, [1])
    (range(1, 9), range(14, 22), range(0, 5))
    """
    n = min(n, total)
    around = list(around) or [0]
    lo, hi = min(around), max(around)
    fits = hi - lo + 1 <= n
    start = lo - (n - (hi - lo + 1)) // 2 if fits else around[0] - n // 2
    start = max(0, min(start, total - n))
    return range(start, start + n)


# -- the status -------------------------------------------------------------------------------


def focus_figures(state: CowboysState, player: int | None) -> list[Figure]:
    """The figures ``player`` may act with now (those his legal choices
    name), else those of the action or shot under way."""
    if player is None or state.is_over or state.to_move != player:
        return []
    named: list[str] = []
    for a in state.legal_actions():
        fig = getattr(a, "fig", None)
        if isinstance(fig, str) and fig not in named:
            named.append(fig)
    if not named and state.pending is not None:
        named = [state.pending.act.fig]
        target = state.pending.target_id or getattr(state.pending.act, "target", None)
        if isinstance(target, str) and target in state.index:
            named.append(target)
    figures = [state.figures[state.index[n]] for n in named if n in state.index]
    return [f for f in figures if f.standing]


def weapon_mark(f: Figure) -> str:
    """``p4/6`` (the pistol in hand, 4 rounds of 6), ``(r16/16)`` for one
    holstered or carried; ``!`` a jammed one."""
    out: list[str] = []
    for h in f.weapons:
        mark = f"{ITEM_MARKS.get(h.weapon, h.weapon[:1])}{h.ammo}/{h.weapon.capacity}"
        mark += "!" if h.jammed else ""
        out.append(mark if h.slot == f.in_hand else f"({mark})")
    out.sort(key=lambda m: m.startswith("("))
    return " ".join(out)


def figure_text(f: Figure, focus: bool) -> Text:
    """``C1↓ 3/4 p6/6``: id and facing, health, weapons; a figure down as ``†C1``."""
    if f.health == 0:
        return Text(f"†{f.id}", style="dim")
    if f.square is None:
        return Text(f"{f.id} gone", style="dim")
    t = Text(f.id + ARROWS[f.facing], style=side_style(f.side) + (" reverse" if focus else ""))
    t.append(f" {f.health}/{full_health(f)}")
    weapons = weapon_mark(f)
    if weapons:
        t.append(f" {weapons}")
    if f.horse is not None:
        t.append(" mounted")
    return t


def side_line(
    state: CowboysState, side: int, player: int | None, focus: set[str]
) -> tuple[Text, list[Text]]:
    """``Hickok (you), 3 cards:`` and its figures, ``C1↓ 3/4 p6/6`` each."""
    view = state.view(player)
    _, count, _ = hand_of(view, side)
    t = Text(state.side_name(side), style=side_style(side))
    if side == player:
        t.append(" (you)")
    t.append(f", {count} card{'s' if count != 1 else ''}:")
    return t, [figure_text(f, f.id in focus) for f in state.figures if f.side == side]


def flow(head: Text, tokens: Sequence[Text], width: int) -> list[Text]:
    """``head`` then ``tokens``, as many a line as fit ``width``, never one
    split; the lines after the first indented."""
    lines = [head.copy()]
    for token in tokens:
        line = lines[-1]
        if line.cell_len and line.cell_len + 1 + token.cell_len > width:
            lines.append(Text("  "))
            line = lines[-1]
        if line.plain.strip():
            line.append(" ")
        line.append_text(token)
    return lines


def places_text(state: CowboysState) -> Text:
    """``Places: = boardwalk, , back lot, S Saloon...``: the letters of the
    town's places (as the full drawing's legend names them)."""
    names: dict[str, list[str]] = {}
    for xy in state.town.squares():
        char = state.town.grid.cell(xy)
        if char == ".":
            continue
        name = state.town.place(xy).name
        got = names.setdefault(char, [])
        if name not in got:
            got.append(name)
    parts = [f"{char} {' or '.join(n)}" for char, n in names.items()]
    return Text("Places: " + ", ".join(parts) + "; blank: street.", style="dim")


@dataclass
class Block:
    """Status lines kept together; the lowest ``rank`` is dropped first.
    ``tokens``: words never split (a figure's), after ``text``."""

    text: Text
    rank: int
    tokens: list[Text] | None = None

    def lines(self, console: Console, width: int) -> list[Text]:
        if self.tokens is not None:
            return flow(self.text, self.tokens, width)
        return list(self.text.wrap(console, width))


def status_blocks(state: CowboysState, player: int | None, focus: set[str]) -> list[Block]:
    """The status in display order, each with its rank (what stays when
    room is short: the turn, the shot, the sides; then the key)."""
    said = status_lines(state)
    blocks = [Block(Text(said[0], style="bold"), 9)]
    for line in said[1:]:
        shot = line.startswith("Shot")
        blocks.append(Block(Text(line, style="bold" if shot else ""), 8))
    sides = list(range(state.num_players))
    if player is not None and 0 <= player < len(sides):
        sides.remove(player)
        sides.insert(0, player)
    for k, side in enumerate(sides):
        head, figures = side_line(state, side, player, focus)
        blocks.append(Block(head, 7 - min(k, 1), figures))
    view = state.view(player)
    if player is not None and 0 <= player < state.num_players:
        faces, _, _ = hand_of(view, player)
        hand = Text("Your hand: ", style="bold")
        hand.append(", ".join(f"{face} {state.card(face).name}" for face in faces) or "no cards")
        blocks.append(Block(hand, 5))
    blocks.append(Block(Text(f"Deck: {view['deck']} cards.", style="dim"), 1))
    blocks.append(Block(Text(KEY, style="dim"), 3))
    blocks.append(Block(places_text(state), 2))
    return blocks


def fit_blocks(blocks: list[Block], console: Console, width: int, room: int) -> list[Text]:
    """The blocks' lines wrapped to ``width``, the lowest ranks left out
    until they fit ``room`` lines."""
    wrapped = [(b, b.lines(console, width)) for b in blocks]
    kept = list(wrapped)
    while kept and sum(len(lines) for _, lines in kept) > room:
        drop = min(kept, key=lambda bl: bl[0].rank)
        kept.remove(drop)
    return [line for _, lines in kept for line in lines]


# -- the screen -------------------------------------------------------------------------------


class TownScreen:
    """The compact map with its status, in at most ``height`` lines of
    ``width`` characters (a rich renderable; :meth:`lines` for tests)."""

    def __init__(self, state: CowboysState, player: int | None, width: int, height: int) -> None:
        self.state = state
        self.player = player
        self.width = width
        self.height = height
        self.focus = focus_figures(state, player)
        squares = [f.square for f in self.focus if f.square is not None]
        self.map = CompactTown(state, squares)
        #: The rows shown (set by :meth:`lines`).
        self.rows: range = range(state.town.height)

    def lines(self, console: Console) -> list[Text]:
        plain = console.color_system is None
        m = self.map
        town = self.state.town
        focus = {f.id for f in self.focus}
        blocks = status_blocks(self.state, self.player, focus)
        squares = [f.square for f in self.focus if f.square is not None]
        if not squares:
            squares = [f.square for f in self.state.figures if f.standing and f.square]
        pending = self.state.pending
        dest = getattr(pending.act, "dest", None) if pending is not None else None
        goal = self.state.square_of(dest) if isinstance(dest, str) else None
        if goal is not None and self.focus:
            squares.append(goal)  # where a move announced goes
        around = [y for _, y in squares]
        if m.width > self.width:
            m.narrow(self.width, [x for x, _ in squares])
        beside = self.width - m.width - 2
        whole = m.lines_for(range(town.height))
        if beside >= STATUS_MIN:
            # The status beside the map, no taller than it (but a few lines
            # beside a small one).
            self.rows = m.window(self.height, around)
            self.note(blocks)
            room = min(self.height, max(m.lines_for(self.rows), 8))
            status = fit_blocks(blocks, console, beside, room)
            map_lines = [ml.text for ml in m.lines(self.rows, plain)]
            out: list[Text] = []
            for k in range(max(len(map_lines), len(status))):
                left = map_lines[k] if k < len(map_lines) else Text("")
                line = Text()
                line.append_text(left)
                line.pad_right(m.width - left.cell_len)
                if k < len(status):
                    line.append("  ")
                    line.append_text(status[k])
                out.append(line)
            return out[: self.height]
        # The status under the map: two lines at least (the turn, what is
        # shown), the rest as room allows.
        width = max(20, self.width)
        self.rows = (
            range(town.height) if whole + 2 <= self.height else m.window(self.height - 2, around)
        )
        self.note(blocks)
        room = self.height - m.lines_for(self.rows)
        status = fit_blocks(blocks, console, width, room)
        return [*(ml.text for ml in m.lines(self.rows, plain)), *status][: self.height]

    def note(self, blocks: list[Block]) -> None:
        """Put the crop note second among ``blocks`` when part of the town is not shown."""
        if len(self.rows) < self.state.town.height or len(self.map.cols) < self.state.town.width:
            blocks.insert(1, Block(self.crop_note(), 9))

    def crop_note(self) -> Text:
        """Which rows (and columns) the map shows, and how to see the rest."""
        rows, cols = self.rows, self.map.cols
        town = self.state.town
        if not rows:
            return Text("No room for the map here: 'map' prints the whole town.", style="bold")
        parts = []
        if len(rows) < town.height:
            first, last = self.row_name(rows[0]), self.row_name(rows[-1])
            parts.append(f"rows {first}-{last} ({len(rows)} of {town.height})")
        if len(cols) < town.width:
            parts.append(f"{len(cols)} columns of {town.width}")
        shown = " and ".join(parts)
        return Text(
            f"{shown[0].upper()}{shown[1:]} shown; 'map' prints the whole town.", style="bold"
        )

    def row_name(self, y: int) -> str:
        """Row ``y`` as the map labels it (``7``; ``A 7`` in a town of several bands)."""
        m = self.map
        band = m.bands[m.band_of(y)]
        label = axis_labels(band[0], y=y)
        return f"{band[0].letter} {label}" if len(m.bands) > 1 else label

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines(console):
            line.no_wrap = True
            line.overflow = "crop"
            yield line


def render_screen(state: CowboysState, player: int | None, width: int, height: int) -> TownScreen:
    """The compact map and status for ``player``'s decision, in at most
    ``height`` lines of ``width`` characters (:class:`TownScreen`)."""
    return TownScreen(state, player, width, height)
