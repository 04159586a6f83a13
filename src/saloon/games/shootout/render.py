"""Shoot Out drawn as text (rich) and as SVG.

The street is one row, as on the board: player 1's side from the back
(20) down to the front (5), the centre, then player 2's side from 5 back up
to 20. Each pawn is marked above the space it stands on; below the street
are each player's bullets, cards won and score, then the face-up card, the
deck, who is to act and the last few log sentences.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from saloon.games.shootout.rules import CENTRE, Phase, ShootOutState

#: How many log sentences the drawing shows.
LOG_LINES = 4
#: At most this many bullet counters are drawn; the count is always shown.
MAX_COUNTERS = 12

_PLAYER_STYLE = ("bold cyan", "bold magenta")
_PLAYER_FILL = ("#1f77b4", "#b0307a")


def street_cells(state: ShootOutState) -> list[tuple[int, int]]:
    """The street from left to right as ``(side, space)`` pairs.

    ``side`` is 0 for player 1's half, 1 for player 2's and -1 for the
    centre (whose space is :data:`CENTRE`).

    >>> from saloon.core import get_game
    >>> state = get_game("shootout").new_state()
    >>> cells = street_cells(state)
    >>> cells[0], cells[15], cells[16], cells[17], cells[-1]
    ((0, 20), (0, 5), (-1, 0), (1, 5), (1, 20))
    """
    o = state.options
    left = [(0, s) for s in range(o.back, o.front - 1, -1)]
    right = [(1, s) for s in range(o.front, o.back + 1)]
    return [*left, (-1, CENTRE), *right]


def _pawn_at(state: ShootOutState, side: int, space: int) -> int | None:
    """The player whose pawn stands on this cell, if any."""
    if side == -1:
        for p in (0, 1):
            if state.pos[p] == CENTRE:
                return p
        return None
    return side if state.pos[side] == space else None


def status_line(state: ShootOutState) -> str:
    """Whose turn it is, or what chance node is pending, as a sentence."""
    phase = state.phase
    t = state.turn
    if phase == Phase.OVER:
        return f"Game over. {state.ending}"
    if phase == Phase.FIRST:
        return "A coin toss decides who starts the first duel."
    if phase == Phase.CARD:
        return f"The card for duel {state.duel + 1} is turned up; player {t + 1} will start."
    if phase == Phase.ROLL:
        gun = "Winchester" if state.weapon == "winchester" else "Colt"
        bonus = state.options.bonus if state.weapon == "winchester" else 0
        need = max(1, state.pos[t] - bonus)
        odds = f"needs {need} or more" if need <= 20 else "cannot hit"
        return f"Player {t + 1} fires the {gun}: rolling the d20 ({odds})."
    if phase == Phase.AFTER_HIT:
        return f"Player {t + 1} hit: shoot again or move."
    return f"Player {t + 1} to act: retreat, move or shoot."


def _counters(n: int, full: int) -> str:
    shown = min(n, MAX_COUNTERS)
    empty = max(0, min(full, MAX_COUNTERS) - shown)
    return "●" * shown + "○" * empty


# -- rich ----------------------------------------------------------------------------


class _Street:
    """The street as two text lines (pawn markers, then the spaces).

    It picks its cell width from the space it is given: three characters
    per space when they fit, else two with only every fifth number shown.
    """

    def __init__(self, state: ShootOutState) -> None:
        self.state = state

    def lines(self, width: int) -> list[Text]:
        cells = street_cells(self.state)
        wide = 3 * len(cells) - 1 <= width
        size = 3 if wide else 2
        markers = Text()
        spaces = Text()
        pawns = [_pawn_at(self.state, side, space) for side, space in cells]
        for i, (side, space) in enumerate(cells):
            pawn = pawns[i]
            # Narrow cells show every fifth number, but never beside a pawn's
            # number, where two numbers would run together.
            beside = any(pawns[j] is not None for j in (i - 1, i + 1) if 0 <= j < len(cells))
            if side == -1:
                label = "◆"
                style = "bold yellow"
            elif wide or (space % 5 == 0 and not beside):
                label = str(space)
                style = "dim" if pawn is None else ""
            else:
                label = "·"
                style = "dim"
            if pawn is not None:
                style = f"reverse {_PLAYER_STYLE[pawn]}"
                if not wide:
                    label = str(space) if side != -1 else label
                markers.append(f"P{pawn + 1}".rjust(size), style=_PLAYER_STYLE[pawn])
            else:
                markers.append(" " * size)
            spaces.append(" " * (size - len(label)))
            spaces.append(label, style=style)
        if wide:  # the first cell needs no separator
            markers = markers[1:]
            spaces = spaces[1:]
        markers.rstrip()
        return [markers, spaces]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        n = len(street_cells(self.state))
        return Measurement(2 * n, 3 * n - 1)


def _player_table(state: ShootOutState) -> Table:
    o = state.options
    table = Table.grid(padding=(0, 2), expand=False)
    table.add_column(justify="right", style="dim")
    table.add_column()
    table.add_column()
    to_move = state.to_move
    heads = []
    for p in (0, 1):
        arrow = "▶ " if to_move == p or (state.is_chance and state.turn == p) else "  "
        where = "centre" if state.pos[p] == CENTRE else f"space {state.pos[p]}"
        heads.append(Text(f"{arrow}Player {p + 1} ({where})", style=_PLAYER_STYLE[p]))
    table.add_row("", *heads)
    table.add_row(
        "Colt",
        *(
            Text.assemble((_counters(state.black[p], o.black), "bold"), f" {state.black[p]}")
            for p in (0, 1)
        ),
    )
    table.add_row(
        "Winchester",
        *(
            Text.assemble((_counters(state.red[p], o.red), "bold red"), f" {state.red[p]}")
            for p in (0, 1)
        ),
    )
    table.add_row(
        "cards",
        *(Text(" ".join(str(c) for c in state.won[p]) or "none") for p in (0, 1)),
    )
    table.add_row(
        "score",
        *(Text(f"{state.score(p)} / {o.goal}", style="bold") for p in (0, 1)),
    )
    return table


def render_rich(state: ShootOutState) -> Panel:
    """A rich drawing of the state: street, bullets, cards, status and log."""
    card = f"card {state.card} face up" if state.card is not None else "no card face up"
    left = len(state.deck)
    header = Text.assemble(
        (f"Duel {state.duel}" if state.duel else "Before the first duel", "bold"),
        "  ·  ",
        (card, "bold yellow" if state.card is not None else "dim"),
        "  ·  ",
        f"deck: {left} card{'s' if left != 1 else ''} left",
    )
    parts: list[Text | Table | _Street] = [
        header,
        Text(""),
        _Street(state),
        Text(""),
        _player_table(state),
        Text(""),
        Text(status_line(state), style="bold"),
    ]
    recent = state.log[-LOG_LINES:]
    if recent:
        parts.append(Text(""))
        parts.extend(Text(f"» {e.text}", style="italic") for e in recent)
    return Panel(Group(*parts), title="Shoot Out", title_align="left", expand=False, padding=(0, 0))


# -- SVG -----------------------------------------------------------------------------

_CELL = 30
_MARGIN = 20


def _svg_text(x: float, y: float, text: str, **attrs: str | int | float) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{escape(str(v))}"' for k, v in attrs.items())
    return f'<text x="{x:g}" y="{y:g}"{extra}>{escape(text)}</text>'


def _svg_counters(x: float, y: float, n: int, fill: str, stroke: str) -> Iterable[str]:
    for i in range(min(n, MAX_COUNTERS)):
        cx = x + 7 + i * 14
        yield (
            f'<circle cx="{cx:g}" cy="{y:g}" r="5.5" fill="{fill}" stroke="{stroke}" '
            'stroke-width="1"/>'
        )


def render_svg(state: ShootOutState) -> str:
    """A self-contained SVG of the state: the numbered street, pawns,
    bullets, the face-up card, cards won and scores."""
    o = state.options
    cells = street_cells(state)
    width = max(2 * _MARGIN + len(cells) * _CELL, 640)
    street_x = (width - len(cells) * _CELL) / 2
    street_y = 70
    height = 300
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif" '
        'font-size="12">',
        "<title>Shoot Out</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#f6efe0"/>',
    ]
    title = f"Shoot Out: duel {state.duel}" if state.duel else "Shoot Out"
    out.append(_svg_text(_MARGIN, 24, title, font_size=16, font_weight="bold", fill="#3b2a1a"))
    deck = f"deck: {len(state.deck)} left"
    out.append(_svg_text(width - _MARGIN, 24, deck, text_anchor="end", fill="#3b2a1a"))

    # The street, with the pawns above their spaces.
    out.append('<g id="street">')
    for i, (side, space) in enumerate(cells):
        x = street_x + i * _CELL
        centre = side == -1
        fill = "#e8c872" if centre else ("#d9c6a5" if i % 2 else "#e6d5b8")
        out.append(
            f'<rect x="{x:g}" y="{street_y}" width="{_CELL}" height="{_CELL}" fill="{fill}" '
            f'stroke="#7a5c3a" stroke-width="1" data-side="{side}" data-space="{space}"/>'
        )
        label = "★" if centre else str(space)
        out.append(
            _svg_text(x + _CELL / 2, street_y + 19, label, text_anchor="middle", fill="#3b2a1a")
        )
        pawn = _pawn_at(state, side, space)
        if pawn is not None:
            cx = x + _CELL / 2
            out.append(
                f'<g id="pawn-{pawn + 1}" data-space="{space}">'
                f'<circle cx="{cx:g}" cy="{street_y - 16}" r="11" fill="{_PLAYER_FILL[pawn]}" '
                'stroke="#222" stroke-width="1.5"/>'
                + _svg_text(
                    cx,
                    street_y - 12,
                    str(pawn + 1),
                    text_anchor="middle",
                    fill="#fff",
                    font_weight="bold",
                )
                + "</g>"
            )
    out.append("</g>")

    # The face-up card, under the centre.
    centre_x = street_x + len(cells) // 2 * _CELL + _CELL / 2
    card_y = street_y + _CELL + 14
    out.append('<g id="card">')
    if state.card is not None:
        out.append(
            f'<rect x="{centre_x - 22:g}" y="{card_y}" width="44" height="62" rx="5" '
            'fill="#fffdf7" stroke="#3b2a1a" stroke-width="1.5"/>'
        )
        out.append(
            _svg_text(
                centre_x,
                card_y + 40,
                str(state.card),
                text_anchor="middle",
                font_size=26,
                font_weight="bold",
                fill="#8b1a1a",
            )
        )
    else:
        out.append(
            f'<rect x="{centre_x - 22:g}" y="{card_y}" width="44" height="62" rx="5" '
            'fill="none" stroke="#7a5c3a" stroke-dasharray="4 3"/>'
        )
    out.append("</g>")

    # Each player's bullets, cards won and score.
    for p in (0, 1):
        x = _MARGIN if p == 0 else width / 2 + 40
        y = card_y + 4
        anchor_group = f'<g id="player-{p + 1}" data-score="{state.score(p)}">'
        out.append(anchor_group)
        mark = "▶ " if state.turn == p and not state.is_over else ""
        out.append(
            _svg_text(x, y + 6, f"{mark}Player {p + 1}", font_weight="bold", fill=_PLAYER_FILL[p])
        )
        out.append(_svg_text(x, y + 26, f"Colt {state.black[p]}", fill="#222"))
        out.extend(_svg_counters(x + 86, y + 22, state.black[p], "#222", "#000"))
        out.append(_svg_text(x, y + 46, f"Winchester {state.red[p]}", fill="#222"))
        out.extend(_svg_counters(x + 86, y + 42, state.red[p], "#c0392b", "#7b1d14"))
        cards = ", ".join(str(c) for c in state.won[p]) or "none"
        out.append(_svg_text(x, y + 66, f"cards: {cards}", fill="#222"))
        out.append(
            _svg_text(
                x,
                y + 86,
                f"score {state.score(p)} / {o.goal}",
                font_weight="bold",
                fill="#222",
            )
        )
        out.append("</g>")

    out.append(
        _svg_text(
            _MARGIN,
            height - 38,
            "Key: 1 and 2, the players' pawns on the street (each side counts down to ★, the "
            "centre) · black dots, Colt bullets · red dots, Winchester bullets · the card under "
            "★, the duel's prize",
            font_size=11,
            fill="#6d5a44",
        )
    )
    out.append(
        _svg_text(_MARGIN, height - 16, status_line(state), font_style="italic", fill="#3b2a1a")
    )
    out.append("</svg>")
    return "\n".join(out)
