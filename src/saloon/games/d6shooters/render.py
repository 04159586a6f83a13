"""The d6 Shooters drawn as text (rich) and as a simple SVG.

A minimal drawing: the Day, the position on the route, the resources, the
dice of the turn (coloured, locked dice marked), the effects in force and
the last lines of the log. Another pass will make it pretty.
"""

from __future__ import annotations

from html import escape

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from saloon.games.d6shooters.rules import D6State

LOG_LINES = 4
_STYLE = {"red": "bold red", "white": "bold white", "black": "bold black on white"}


def status_line(state: D6State) -> str:
    """What is happening now, as a sentence."""
    if state.is_over:
        if state.ended == "won":
            return f"Won on Day {state.arrival} with {state.score()} points."
        return f"The journey failed ({state.ended}) on Day {state.day}."
    nxt = [t for t in state.m.towns if t > state.pos]
    ahead = f"; next town {state.m.towns[nxt[0]]} at {nxt[0]}" if nxt else ""
    return (
        f"Day {state.day + 1} of {state.limit}, space {state.pos} of {state.dest} "
        f"({state.dest_name}){ahead}."
    )


def dice_text(state: D6State) -> Text:
    """The dice showing, by colour; forced (locked) red dice in brackets."""
    out = Text()
    forced = list(state.forced)
    for name, faces in (("black", state.sb), ("red", state.sr), ("white", state.sw)):
        for f in faces:
            if name == "red" and f in forced:
                forced.remove(f)
                out.append(f"[{f}]", style=_STYLE[name])
            else:
                out.append(f" {f} ", style=_STYLE[name])
    if state.mode == "showdown":
        out.append(
            f"posse {' '.join(map(str, state.sd_p))}  crowe {' '.join(map(str, state.sd_c))}"
        )
    return out


def render_rich(state: D6State) -> Panel:
    table = Table.grid(padding=(0, 2))
    table.add_row(
        f"Posse {state.posse}/{state.cap}",
        f"Food {state.food}/{state.cap}",
        f"Ammo {state.ammo}",
        f"Gold {state.gold}",
        *([f"Crowe Gang {state.crowe}+2"] if state.ep == 2 else []),
    )
    items = state.view(None)["items"]
    lines: list[object] = [Text(status_line(state)), table, dice_text(state)]
    if items:
        lines.append(Text("Items: " + ", ".join(items)))
    effects = state.effects()
    if effects:
        lines.append(Text("In force: " + "; ".join(effects), style="yellow"))
    for e in state.log[-LOG_LINES:]:
        lines.append(Text(e.text, style="dim"))
    return Panel(Group(*lines), title=f"The d6 Shooters: {state.m.name}")  # type: ignore[arg-type]


def render_svg(state: D6State) -> str:
    """A simple SVG: the route as a bar with the posse's position, and the
    status and resources as text."""
    width = 640
    x = 20 + (width - 40) * (state.pos - state.m.start) / max(1, state.dest - state.m.start)
    lines = [
        status_line(state),
        f"Posse {state.posse}  Food {state.food}  Ammo {state.ammo}  Gold {state.gold}",
        "Dice: " + str(dice_text(state)),
        "In force: " + ("; ".join(state.effects()) or "nothing"),
    ]
    texts = "".join(
        f'<text x="20" y="{60 + 18 * i}" font-size="13">{escape(t)}</text>'
        for i, t in enumerate(lines)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="140">'
        '<rect x="20" y="20" width="600" height="8" fill="#c9a66b"/>'
        f'<circle cx="{x:.1f}" cy="24" r="7" fill="#8b1a1a"/>'
        f"{texts}</svg>"
    )
