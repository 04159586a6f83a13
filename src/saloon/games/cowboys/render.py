"""Cowboys drawn for the players: the town as text (rich) and as SVG.

Both drawings show what one side may know (``state.view(player)``): the
town with every figure, horse, body, dropped weapon, cattle and stagecoach;
each side's roster (health, movement, weapons and rounds, horse, whether
the figure has acted); the viewing side's hand, face up, and of every other
hand only its size (and the cards the viewer was shown with a card); the
turn, whose part it is and what is being decided; and, while a shot is
announced or being rolled, the line of sight with its range and the roll the
shot chart needs.

The text draws the town in the board format of ``board.py`` (``|`` ``---``
walls, ``D`` doors, ``~`` windows, ``#`` obstacles), one square three
characters wide, with each board's own cross-references along its edges:
column letters above each band of boards, row numbers left and right (a
board turned a quarter shows its row numbers above and its letters at the
sides), so a player reads ``B:c7`` off the drawing. A town of two boards
across (16 squares, 73 characters) fits an 80-column screen whole,
however tall it is (``coffeyville`` is two bands of two boards). A wider
town does not: it is printed board by board, as many boards of a band side
by side as fit, each piece with its own cross-references, and a note says
so (a console narrower than one board, 41 characters, or 53 for a board
turned a quarter, crops the right margin).

A figure is its id and the arrow of its facing (``C6↑``: Cowboy 6 facing
north; an id of three characters, ``C10``, has no room for the arrow and the
roster gives his facing), in its side's colour, on a brown ground when
mounted. The legend under the town names every other mark.

The SVG draws the town to scale with the same cross-references in its
margins; each figure is a disc in its side's colour pointing the way it
faces, with its health, the weapon in hand and its rounds. It carries
``data-*`` attributes (``data-id``, ``data-square``, ``data-facing``...) on
its figures, horses, bodies and sight line, for tests and scripts. It is
self-contained: no external fonts, images or scripts.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any, Final

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from saloon.core.svg import attrs, fit, num, text_width, wrap
from saloon.core.svg import text as svg_text
from saloon.games.cowboys.actions import FIRING, Draw, MoveShoot, React, Shoot, ShootMove
from saloon.games.cowboys.board import XY, EdgeKind, Placement, Town, column_letter
from saloon.games.cowboys.cards import WINDOW_WORDS, Card, effect_words
from saloon.games.cowboys.geometry import STEPS
from saloon.games.cowboys.pointing import (
    FACING_WORDS,
    card_point,
    edge_point,
    fig_point,
    horse_point,
    horse_targets,
    square_point,
)
from saloon.games.cowboys.rules.figures import (
    COWBOY_HEALTH,
    HORSE_HEALTH,
    TOWNFOLK_HEALTH,
    Figure,
    Horse,
)
from saloon.games.cowboys.rules.shots import ShotInfo, shot_info, volley
from saloon.games.cowboys.words import count as count_of

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState

# -- what both drawings share --------------------------------------------------------------

#: The arrow of each facing.
ARROWS: Final = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
#: Side colours: rich styles and SVG fills (the fifth: town folk on no side).
SIDE_STYLES: Final = ("bold bright_blue", "bold red", "bold green", "bold magenta")
BYSTANDER_STYLE: Final = "bold white"
SIDE_FILLS: Final = ("#1f4fbf", "#c0262d", "#1d7f3c", "#7e2fb8")
BYSTANDER_FILL: Final = "#6b6b6b"
#: The dropped items' letters (text) and the loot.
ITEM_MARKS: Final = {"pistol": "p", "rifle": "r", "shotgun": "s", "loot": "$"}
#: How many log sentences the text shows.
LOG_LINES = 3


def side_style(side: int) -> str:
    return SIDE_STYLES[side % len(SIDE_STYLES)] if side >= 0 else BYSTANDER_STYLE


def side_fill(side: int) -> str:
    return SIDE_FILLS[side % len(SIDE_FILLS)] if side >= 0 else BYSTANDER_FILL


def side_title(state: CowboysState, side: int) -> str:
    return state.side_name(side) if side >= 0 else "Bystanders"


def full_health(f: Figure) -> int:
    return COWBOY_HEALTH if f.cowboy else TOWNFOLK_HEALTH


def figure_name(f: Figure) -> str:
    """``Bob Dalton (C1, +2)``, or ``Cowboy 1 (+2)`` for a figure with no name."""
    mod = f" {f.modifier:+d}" if f.modifier else ""
    if f.name:
        return f"{f.name} ({f.id}{',' if mod else ''}{mod})"
    return f.label


def weapon_text(f: Figure) -> tuple[str, str]:
    """The weapon in hand with its rounds (``pistol 4/6``; ``holstered``,
    ``unarmed``) and the others (``rifle 16/16``)."""
    held = f.held()
    hand = (
        f"{held.weapon} {held.ammo}/{held.weapon.capacity}" + (" (jam)" if held.jammed else "")
        if held is not None
        else "holstered"
        if f.weapons
        else "unarmed"
    )
    others = [
        f"{h.weapon} {h.ammo}/{h.weapon.capacity}" + (" (jam)" if h.jammed else "")
        for h in f.weapons
        if h.slot != f.in_hand
    ]
    return hand, ", ".join(others)


def figure_notes(state: CowboysState, f: Figure) -> list[str]:
    """``on H1``, ``acted``, ``loot``... what else the roster says of him."""
    out: list[str] = []
    if f.health == 0:
        return ["down"]
    if f.gone:
        return ["gone"]
    if f.horse is not None:
        out.append(f"on {state.horses[f.horse].id}")
    if f.loot:
        out.append("loot")
    cup = state.turn > 1 and state.rule("activation_cup")
    if cup and not state.is_over and f.side >= 0:
        # The activation cup: drawn and acting, still in the cup, or done.
        marker = f.id if f.cowboy else f"s{f.side + 1}"
        out.append("to act" if f.actions > 0 else "in the cup" if marker in state.cup else "acted")
        if f.actions > 1:
            out[-1] = f"{f.actions} actions"
    elif f.side == state.active and not state.is_over and state.phase.name != "DEAL":
        out.append("to act" if f.actions > 0 else "acted")
        if f.actions > 1:
            out[-1] = f"{f.actions} actions"
    if f.stunned:
        out.append("loses next activation" if state.rule("activation_cup") else "loses next part")
    if f.pinned:
        out.append("pinned")
    elif f.knocked or f.no_move:
        out.append("knocked down")
    if f.bonus:
        out.append(f"{f.bonus:+d} to shoot")
    if state.ally == f.id:
        out.append("ally")
    return out


def figure_words(state: CowboysState, f: Figure) -> str:
    """A figure as a mark's words (his disc and his roster line): his
    name, his side, his health, and the horse he rides.

    >>> from saloon.games.cowboys import GAME
    >>> s = GAME.new_state()
    >>> figure_words(s, s.figures[0])
    "Wild Bill Hickok (C1, +2), Hickok's side, health 4/4"
    """
    side = f"{state.owner(f.side)} side" if f.side >= 0 else "a bystander"
    words = f"{figure_name(f)}, {side}, health {f.health}/{full_health(f)}"
    if f.horse is not None:
        words += f", on {state.horses[f.horse].label}"
    return words


def horse_words(state: CowboysState, h: Horse) -> str:
    """A loose horse as a mark's words: ``Horse 1, loose on T:a3, health 2/2``."""
    return f"{h.label}, loose on {state.ref(h.square)}, health {h.health}/{HORSE_HEALTH}"


def square_words(state: CowboysState, xy: XY) -> str:
    """A square as a mark's words, by the reference the notation uses:
    ``square B:c7, in the Saloon``, ``square B:a3, on the street``."""
    place = state.town.place(xy)
    where = "on" if place.terrain == "open" else "in"
    return f"square {state.ref(xy)}, {where} the {place.name}"


def edge_words(facing: str) -> str:
    """An edge of the town as a mark's words: ``the east edge of the town``."""
    return f"the {FACING_WORDS[facing]} edge of the town"


def card_words(card: Card) -> str:
    """A card of the hand as a mark's words: its face, name and effect."""
    return f"card {card}, {card.name}: {effect_words(card)}"


def object_kinds(state: CowboysState) -> dict[XY, str]:
    """The square of each cattle and stagecoach counter (the stagecoach
    where it stands now: it may roll on, ruling CS-Q1)."""
    return state.counters()


def open_doors(state: CowboysState) -> set[tuple[XY, XY]]:
    """Every door that a standing cowboy or town folk holds open (CB-G4),
    as ``(a, b)`` with ``a < b``."""
    town = state.town
    out: set[tuple[XY, XY]] = set()
    for sq in state.occupied():
        for dx, dy in STEPS.values():
            nb = (sq[0] + dx, sq[1] + dy)
            if town.contains(nb) and town.edge(sq, nb) == "door":
                out.add((sq, nb) if sq < nb else (nb, sq))
    return out


def axis_labels(p: Placement, x: int | None = None, y: int | None = None) -> str:
    """The cross-reference that a town column ``x`` (or row ``y``) of
    placement ``p`` has in the board's own frame: a column letter, or a
    row number when the board is turned a quarter."""
    if x is not None:
        c, r = p.to_board((x, p.y))
        return column_letter(c) if p.turns % 2 == 0 else str(r + 1)
    assert y is not None
    c, r = p.to_board((p.x, y))
    return str(r + 1) if p.turns % 2 == 0 else column_letter(c)


def bands(town: Town) -> list[list[Placement]]:
    """The town's placements in bands (rows of boards), each left to right."""
    tops = sorted({p.y for p in town.placements})
    return [sorted((p for p in town.placements if p.y == t), key=lambda p: p.x) for t in tops]


@dataclass(frozen=True)
class ShotLine:
    """A shot announced or being carried out: who shoots at what, from
    where to where, and what the chart needs."""

    shooter: str
    target: str
    start: XY
    end: XY
    info: ShotInfo
    shots: int
    shot: int
    stage: str
    bonus: int

    @property
    def modifier(self) -> int:
        return self.info.modifier + self.bonus

    @property
    def dice(self) -> int:
        """The lowest natural roll of 2d6 that hits (12 always hits, 2 never)."""
        return max(3, min(12, self.info.needed - self.modifier))

    def words(self) -> str:
        """``range 3 · needs 8 on the chart · +1 cowboy → 7+ on the dice``."""
        mods = ", ".join(f"{v:+d} {k}" for k, v in self.info.mods)
        if self.bonus:
            mods += (", " if mods else "") + f"{self.bonus:+d} cards"
        text = f"range {self.info.range} · chart needs {self.info.needed}"
        if mods:
            text += f" · {mods}"
        return text + f" → {self.dice}+ on 2d6"


def pending_shot(state: CowboysState) -> ShotLine | None:
    """The shot announced (waiting for answers or its start window) or being
    fired, if any, with its line and the shot chart's number. Everything it
    uses is on the table: the announcement and the positions."""
    p = state.resume if state.ally is not None else state.pending
    if (
        p is None
        or p.stage == "shoot_move"
        or not isinstance(p.act, (*FIRING, MoveShoot, ShootMove, React))
    ):
        return None
    i = state.index.get(p.act.fig)
    if i is None:
        return None
    f = state.figures[i]
    target = p.target_id or p.act.target
    info = p.info
    announced = 0
    if info is None:
        # Announced, not yet fired: the shots it would fire (with an
        # Advanced Optional Rule's, fan fire announced at once).
        planned = volley(state, i, p.act)
        info = planned[0][1] if planned else None
        announced = len(planned) if planned else 0
    if info is None or f.square is None:
        return None
    from saloon.games.cowboys.rules.shots import target_place

    place = target_place(state, target)
    if place is None:
        return None
    shots = p.shots or announced or 1
    return ShotLine(
        p.act.fig,
        target,
        f.square,
        place[0],
        info,
        shots,
        p.shot,
        p.stage,
        p.shot_bonus + p.action_bonus,
    )


def shot_options(state: CowboysState) -> list[tuple[str, str, XY, XY, int]]:
    """The shots the side choosing an action could take now (its figures'
    shoot and draw actions): ``(shooter, target, from, to, chart number)``."""
    if state.phase.name != "SELECT" or state.is_over:
        return []
    from saloon.games.cowboys.rules.shots import target_place

    out: list[tuple[str, str, XY, XY, int]] = []
    seen: set[tuple[str, str]] = set()
    for a in state.legal_actions():
        if not isinstance(a, (Shoot, Draw)) or (a.fig, a.target) in seen:
            continue
        seen.add((a.fig, a.target))
        i = state.index[a.fig]
        f = state.figures[i]
        info = shot_info(state, i, a.target, verb="draw" if isinstance(a, Draw) else "shoot")
        place = target_place(state, a.target)
        if info is None or place is None or f.square is None:
            continue
        out.append((a.fig, a.target, f.square, place[0], info.needed - info.modifier))
    return out


def react_line(state: CowboysState) -> str:
    """A reaction window in a sentence: who moves where, the side asked,
    and each cowboy who can react with what his shot needs (Advanced
    Rules, Reaction Fire)."""
    from saloon.games.cowboys.rules.reaction import reactors

    p = state.pending
    assert p is not None and p.walk is not None
    side = p.walk.asking[0]
    shots = ", ".join(
        f"{state.figures[j].id} at {t} ({info.weapon}, range {info.range}, "
        f"{info.needed - info.modifier}+ on 2d6)"
        for j, t, info in reactors(state, p, side)
    )
    return (
        f"{p.act.fig} moves through {state.ref(p.walk.square)}: "
        f"{state.the(side)} may react with {shots}, or pass."
    )


def status_lines(state: CowboysState) -> list[str]:
    """The turn and what is being decided, in sentences (public facts only;
    the sides named as sentences name them, ruling CW-W1)."""
    from saloon.games.cowboys.rules.cards_play import acting_side
    from saloon.games.cowboys.rules.state import Phase

    active = state.active
    side = state.the(active)
    lead = state.the(active, True)
    if state.phase in (Phase.START, Phase.BEFORE_SHOT, Phase.AFTER_HIT, Phase.ANSWER):
        # In a reaction shot's windows, the reacting side's (CW-O6).
        active = acting_side(state)
        side, lead = state.the(active), state.the(active, True)

    def agree(singular: str, plural: str, s: int = active) -> str:
        return state.agree(s, singular, plural)

    head = f"Turn {state.turn} of {state.setup.turns}: {state.owner(state.active)} part."
    ph = state.phase
    if ph == Phase.OVER:
        return [f"Turn {state.turn} of {state.setup.turns}. Game over: {state.ending}"]
    if ph == Phase.MODIFIER:
        who = state.name_of(state.modifier_queue[0])
        return [f"Before turn 1: rolling each cowboy's modifier; {who} is next."]
    if ph == Phase.POKER:
        who = state.the(state.poker_queue[0])
        return [f"Before turn 1: dealing the poker hand; the next card goes to {who}."]
    if ph == Phase.DRAW:
        return [f"Before turn 1: the poker hand; {side} {agree('draws', 'draw')}."]
    if ph == Phase.FLIP:
        s = state.flip_queue[0]
        flips = agree("flips", "flip", s)
        return [
            f"Before turn 1: flipping cards for the order of play; {state.the(s)} {flips} next."
        ]
    if ph == Phase.DEAL:
        who = state.the(state.deal_queue[0]) if state.deal_queue else side
        return [f"Before turn 1: dealing the cards; the next one goes to {who}."]
    p = state.pending
    lines = [head]
    if state.turn > 1 and state.rule("activation_cup"):
        lines = cup_lines(state)
    if ph == Phase.CUP:
        pass
    elif ph == Phase.SELECT and state.drawn is not None and state.drawn[0] == "C":
        who = state.name_of(state.drawn)
        lines.append(
            f"{lead} {agree('picks', 'pick')} {who}'s action, or {agree('has', 'have')} him "
            f"wait ({state.drawn} wait)."
        )
    elif ph == Phase.SELECT and state.drawn is not None:
        lines.append(
            f"{lead} {agree('picks', 'pick')} an action for each town folk of the side, or "
            f"{agree('ends', 'end')} the activation (end)."
        )
    elif ph == Phase.SELECT:
        lines.append(
            f"{lead} {agree('picks', 'pick')} a figure's action, or {agree('ends', 'end')} "
            "this part of the turn (end)."
        )
    elif ph == Phase.ANSWER:
        who = state.the(state.answer_queue[0], True)
        owner = state.owner(active)
        if state.answering == "card" and p is not None and p.card is not None:
            what = f"{owner} card {p.card} ({state.card(p.card).name})"
        elif p is not None:
            what = f"{owner} announced action ({p.act})"
        else:
            what = f"{owner} announcement"
        lines.append(f"{who} may answer {what} with a card, or pass.")
    elif ph == Phase.START and p is not None:
        lines.append(f"{lead} may play a card as {p.act} starts, or pass.")
    elif ph == Phase.ALLY:
        lines.append(
            f"{lead} {agree('directs', 'direct')} the town folk {state.ally} (Friend in Town)."
        )
    elif ph == Phase.BEFORE_SHOT:
        lines.append(f"{lead} may play a card before the shot is rolled, or pass.")
    elif ph == Phase.ROLL:
        lines.append("Roll two dice for the shot.")
    elif ph == Phase.FIST and p is not None:
        lines.append(
            f"Fist fight: {p.act.fig} against {p.target_id}; roll one die each, "
            "the attacker's first."
        )
    elif ph == Phase.DAMAGE and p is not None:
        lines.append(
            f"{p.act.fig} has hit: flip the top card of the unused deck for the damage "
            f"({p.to_flip} to flip)."
        )
    elif ph == Phase.SHOOT_MOVE and p is not None and p.stage == "weapon":
        lines.append(
            f"{p.act.fig} has moved: {side} may change his weapon for 2 of the points left, "
            "or stay."
        )
    elif ph == Phase.SHOOT_MOVE and p is not None:
        lines.append(f"{p.act.fig} has shot: {side} may move him up to 2 squares, or stay.")
    elif ph == Phase.AFTER_HIT and p is not None:
        hits = f"{p.hits} hits" if p.hits > 1 else "a hit"
        lines.append(f"{p.act.fig} scores {hits}: {side} may play a card before the damage.")
    elif ph == Phase.REACT:
        lines.append(react_line(state))
    shot = pending_shot(state)
    if shot is not None:
        which = f" {shot.shot + 1} of {shot.shots}" if shot.shots > 1 else ""
        what = f"the horse {shot.target}" if shot.target[0] == "H" else shot.target
        lines.append(f"Shot{which}: {shot.shooter}'s {shot.info.weapon} at {what}, {shot.words()}.")
    return lines


def cup_lines(state: CowboysState) -> list[str]:
    """A turn with the activation cup (Advanced Rules, Player Turn
    Sequence): who was drawn, or that the next marker is to be drawn, and
    the markers left in the cup."""
    from saloon.games.cowboys.rules.cup import marker_name
    from saloon.games.cowboys.rules.state import Phase

    turn = f"Turn {state.turn} of {state.setup.turns}"
    left = ", ".join(state.cup) if state.cup else "empty"
    if state.phase == Phase.CUP or state.drawn is None:
        return [f"{turn}: the next marker is drawn from the cup (in it: {left})."]
    return [
        f"{turn}: {marker_name(state, state.drawn)} drawn from the cup; "
        f"{state.the(state.active)} {state.agree(state.active, 'acts', 'act')} "
        f"(left in the cup: {left})."
    ]


def hand_of(view: dict[str, Any], side: int) -> tuple[list[str], int, list[str]]:
    """From a view: the faces of ``side``'s hand shown to the viewer, its
    size, and which of them were only seen (shown by a card)."""
    hand = view["hands"][side]
    if isinstance(hand, list):
        return list(hand), len(hand), []
    return list(hand["seen"]), int(hand["count"]), list(hand["seen"])


# -- text --------------------------------------------------------------------------------

_EDGE_ACROSS: Final[dict[str, str]] = {
    "open": "   ",
    "wall": "───",
    "door": "─D─",
    "opendoor": "─/─",
    "window": "~~~",
    "obstacle": "###",
}
#: A side between two squares of a row, by its kind (the compact map's too).
EDGE_UPRIGHT: Final[dict[str, str]] = {
    "open": " ",
    "wall": "│",
    "door": "D",
    "opendoor": "/",
    "window": "~",
    "obstacle": "#",
}
_EDGE_STYLE: Final[dict[str, str]] = {
    "open": "",
    "wall": "bold",
    "door": "bold yellow",
    "opendoor": "yellow",
    "window": "bold red",
    "obstacle": "red",
}
_TERRAIN_STYLE: Final[dict[str, str]] = {
    "building": "color(180)",
    "stable": "color(143)",
    "livery": "color(143)",
    "corral": "color(107)",
    "open": "dim",
}
_MOUNTED_BG: Final = " on color(94)"
#: Box junctions by the black lines (up, down, left, right) meeting there.
_JUNCTIONS: Final[dict[tuple[bool, ...], str]] = {
    (True, True, True, True): "┼",
    (True, True, False, False): "│",
    (False, False, True, True): "─",
    (True, True, True, False): "┤",
    (True, True, False, True): "├",
    (False, True, True, True): "┬",
    (True, False, True, True): "┴",
    (False, True, False, True): "┌",
    (False, True, True, False): "┐",
    (True, False, False, True): "└",
    (True, False, True, False): "┘",
    (True, False, False, False): "│",
    (False, True, False, False): "│",
    (False, False, True, False): "─",
    (False, False, False, True): "─",
}


class TownText:
    """The town as text: whole when it fits the width it is given, else
    board by board (see the module docstring)."""

    def __init__(self, state: CowboysState) -> None:
        self.state = state
        town = state.town
        self.doors = open_doors(state)
        self.cells: dict[XY, Text] = {}
        objects = object_kinds(state)
        for xy in town.squares():
            self.cells[xy] = self._cell(xy, objects)

    # -- the marks -------------------------------------------------------------------------

    def _cell(self, xy: XY, objects: dict[XY, str]) -> Text:
        s = self.state
        for f in s.figures:
            if f.standing and f.square == xy:
                style = side_style(f.side) + (_MOUNTED_BG if f.horse is not None else "")
                label = f.id + ARROWS[f.facing] if len(f.id) == 2 else f.id
                return Text(label.ljust(3), style=style)
        body = next((f for f in s.figures if f.health == 0 and f.square == xy), None)
        if body is not None:
            tail = body.id if len(body.id) == 2 else body.id[1:]
            return Text("†" + tail, style="dim " + side_style(body.side).replace("bold ", ""))
        for h in s.horses:
            if h.alive and h.square == xy:
                label = h.id + ARROWS[h.facing] if len(h.id) == 2 else h.id
                return Text(label.ljust(3), style="bold color(130)")
        if xy in objects:
            return Text("cow" if objects[xy] == "cattle" else "stg", style="bold color(137)")
        items = [d.item for d in s.ground if d.square == xy]
        if items:
            marks = "".join(dict.fromkeys(ITEM_MARKS[i] for i in items))[:3]
            return Text(marks.center(3), style="bold yellow")
        if xy in s.loot_squares:
            return Text(" $ ", style="yellow")
        place = s.town.place(xy)
        char = s.town.grid.cell(xy)
        if char == ".":
            return Text("   ")
        return Text(f" {char} ", style=_TERRAIN_STYLE.get(place.terrain, ""))

    def _edge_kind(self, a: XY, b: XY) -> str:
        town = self.state.town
        kind: str = town.grid.edge(a, b)
        if kind == "door" and ((a, b) in self.doors or (b, a) in self.doors):
            return "opendoor"
        return kind

    # -- the lines -------------------------------------------------------------------------

    @staticmethod
    def width_of(squares: int) -> int:
        """Characters for ``squares`` squares across, labels included."""
        return 4 * squares + 9

    def pieces(self, width: int) -> list[tuple[int, int, int, int, list[Placement]]]:
        """The rectangles drawn, as ``(x0, x1, y0, y1, placements)``: the
        whole town band by band when it fits ``width``, else as many boards
        of each band as fit, side by side."""
        town = self.state.town
        out: list[tuple[int, int, int, int, list[Placement]]] = []
        whole = self.width_of(town.width) <= width
        for band in bands(town):
            y0, y1 = band[0].y, band[0].y + band[0].height
            if whole:
                out.append((0, town.width, y0, y1, band))
                continue
            group: list[Placement] = []
            for p in band:
                if group and self.width_of(p.x + p.width - group[0].x) > width:
                    out.append((group[0].x, group[-1].x + group[-1].width, y0, y1, group))
                    group = []
                group.append(p)
            out.append((group[0].x, group[-1].x + group[-1].width, y0, y1, group))
        return out

    def lines(self, width: int) -> list[Text]:
        town = self.state.town
        out: list[Text] = []
        pieces = self.pieces(width)
        whole = self.width_of(town.width) <= width
        if not whole:
            out.append(
                Text(
                    f"The town is {town.width} squares across, too wide for {width} columns: "
                    "it is drawn board by board, each with its own cross-references.",
                    style="italic",
                )
            )
        header: str | None = None
        for k, (x0, x1, y0, y1, group) in enumerate(pieces):
            # Bands of a whole town share their border, drawn once; a band's
            # column labels are repeated only where they change (a turned board).
            head = self._header(x0, x1, group)
            if not whole or k == 0:
                out.append(head)
                out.append(self._edge_line(x0, x1, y0, group))
            else:
                out[-1] = self._edge_line(x0, x1, y0, group)
                if head.plain != header:
                    out.append(head)
            header = head.plain
            for y in range(y0, y1):
                out.append(self._row_line(x0, x1, y, group))
                out.append(self._edge_line(x0, x1, y + 1, None))
        if whole and len(pieces) > 1:
            last = pieces[-1]
            out.append(self._header(last[0], last[1], last[4]))
        return out

    def _header(self, x0: int, x1: int, group: list[Placement]) -> Text:
        t = Text("    ")
        for x in range(x0, x1):
            p = next(q for q in group if q.x <= x < q.x + q.width)
            t.append("┊" if x == p.x and x != x0 else " ", style="dim")
            t.append(axis_labels(p, x=x).center(3), style="bold cyan")
        return t

    def _corner(self, lx: int, ly: int) -> tuple[str, str]:
        """The character where four sides meet, and its style: a box
        junction of the black lines there, else a red line's mark."""
        g = self.state.town.grid
        w, h = g.width, g.height
        arms: list[str] = []  # up, down, left, right
        for y in (ly - 1, ly):
            arms.append(g.upright[y * (w + 1) + lx] if 0 <= y < h else "open")
        for x in (lx - 1, lx):
            arms.append(g.across[ly * w + x] if 0 <= x < w else "open")
        black = tuple(a in ("wall", "door") for a in arms)
        if any(black):
            return _JUNCTIONS[black], "bold"
        red = [a for a in arms if a in ("window", "obstacle")]
        if not red:
            return " ", ""
        across = arms[2] if arms[2] == arms[3] else None
        upright = arms[0] if arms[0] == arms[1] else None
        kind = across if across in ("window", "obstacle") else upright
        if kind in ("window", "obstacle"):
            return EDGE_UPRIGHT[kind], _EDGE_STYLE[kind]
        return "+", "red"

    def _edge_line(self, x0: int, x1: int, ly: int, group: list[Placement] | None) -> Text:
        """The sides on row line ``ly``; above a band (``group``), with the
        letters of its first and last boards in the margins."""
        g = self.state.town.grid
        w = g.width
        t = Text(f" {group[0].letter:>2} " if group else "    ", style="bold")
        for x in range(x0, x1):
            t.append(*self._corner(x, ly))
            if 0 < ly < g.height:
                kind = self._edge_kind((x, ly - 1), (x, ly))
            else:
                kind = g.across[ly * w + x]
            t.append(_EDGE_ACROSS[kind], style=_EDGE_STYLE[kind])
        t.append(*self._corner(x1, ly))
        if group and len(group) > 1:
            t.append(f" {group[-1].letter}", style="bold")
        return t

    def _row_line(self, x0: int, x1: int, y: int, group: list[Placement]) -> Text:
        g = self.state.town.grid
        w = g.width
        left = next(q for q in group if q.x <= x0 < q.x + q.width)
        right = next(q for q in group if q.x <= x1 - 1 < q.x + q.width)
        t = Text(f"{axis_labels(left, y=y):>3} ", style="bold cyan")
        for x in range(x0, x1 + 1):
            inner = 0 < x < w
            kind = self._edge_kind((x - 1, y), (x, y)) if inner else g.upright[y * (w + 1) + x]
            t.append(EDGE_UPRIGHT[kind], style=_EDGE_STYLE[kind])
            if x < x1:
                t.append_text(self.cells[(x, y)])
        t.append(f" {axis_labels(right, y=y)}", style="bold cyan")
        return t

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for k, line in enumerate(self.lines(options.max_width)):
            if k or not line.plain.startswith("The town is"):
                line.no_wrap = True
                line.overflow = "crop"
            yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        town = self.state.town
        widest = max(p.width for p in town.placements)
        return Measurement(self.width_of(widest), self.width_of(town.width))


def legend_text(state: CowboysState) -> Text:
    """What the marks of the text drawing mean, and the places' initials."""
    t = Text(style="dim")
    t.append("C6↑", style="bold")
    t.append(" cowboy 6 facing north (T3 town folk), ")
    t.append("C1↑", style="bold" + _MOUNTED_BG)
    t.append(" mounted, H1 horse, †C3 body, p r s dropped pistol rifle shotgun, $ loot, ")
    t.append("cow cattle, stg stagecoach; ")
    t.append("│ ───", style="bold")
    t.append(" wall, ")
    t.append("D", style="bold yellow")
    t.append(" closed door, ")
    t.append("/", style="yellow")
    t.append(" open door, ")
    t.append("~", style="bold red")
    t.append(" window, ")
    t.append("#", style="red")
    t.append(" obstacle.\n")
    names: dict[str, list[tuple[str, str]]] = {}
    for p in state.town.placements:
        for v in range(p.y, p.y + p.height):
            for u in range(p.x, p.x + p.width):
                char = state.town.grid.cell((u, v))
                if char == ".":
                    continue
                place = state.town.place((u, v))
                entry = (place.name, p.letter)
                got = names.setdefault(char, [])
                if all(n != place.name for n, _ in got):
                    got.append(entry)
    parts = []
    for char, entries in names.items():
        if len(entries) == 1:
            parts.append(f"{char} {entries[0][0]}")
        else:
            parts.append(f"{char} " + " or ".join(f"{n} ({b})" for n, b in entries))
    t.append("Places: " + ", ".join(parts) + "; blank: street.")
    return t


def roster_table(state: CowboysState, side: int, view: dict[str, Any], player: int | None) -> Table:
    """One side's figures: name, square, facing, health, movement, weapons
    and rounds, and notes (horse, loot, acted)."""
    figs = [f for f in state.figures if f.side == side]
    title = Text(side_title(state, side), style=side_style(side))
    if side >= 0:
        _, count, _ = hand_of(view, side)
        word = "card" if count == 1 else "cards"
        title.append(f"  {count} {word}", style="")
        used = []
        if view["cards_used"]["own"][side]:
            used.append("own card played")
        if view["cards_used"]["opponent"][side]:
            used.append("answer played")
        if used:
            title.append(" (" + ", ".join(used) + " this turn)", style="dim")
        if side == state.active and not state.is_over:
            title.append("  ◀ acting", style="bold yellow")
    table = Table(
        title=title,
        title_justify="left",
        box=None,
        padding=(0, 1),
        pad_edge=False,
        show_edge=False,
        header_style="dim",
    )
    table.add_column("", no_wrap=True)
    table.add_column("name", no_wrap=True)
    table.add_column("", no_wrap=True)
    table.add_column("at", no_wrap=True)
    table.add_column("f", no_wrap=True)
    table.add_column("hp", no_wrap=True, justify="right")
    table.add_column("mp", no_wrap=True, justify="right")
    table.add_column("in hand", no_wrap=True)
    table.add_column("other", no_wrap=True)
    table.add_column("")
    for f in figs:
        hand, others = weapon_text(f)
        name = f.name or ("cowboy" if f.cowboy else "town folk")
        where = "—" if f.square is None else state.ref(f.square)
        standing = f.standing
        table.add_row(
            Text(f.id, style=side_style(side) if standing else "dim"),
            name,
            f"{f.modifier:+d}" if f.modifier else "",
            where,
            f"{f.facing}{ARROWS[f.facing]}" if standing else "",
            f"{f.health}/{full_health(f)}",
            str(f.movement) if standing else "",
            hand if standing else "",
            others if standing else "",
            ", ".join(figure_notes(state, f)),
            style=None if standing else "dim",
        )
    return table


def hand_lines(state: CowboysState, view: dict[str, Any], player: int | None) -> list[Text]:
    """The viewer's hand, face up, with each card's window; the others' sizes."""
    out: list[Text] = []
    for side in range(state.num_players):
        faces, count, seen = hand_of(view, side)
        if side == player:
            t = Text("Your hand", style="bold")
            t.append(f" ({state.side_name(side)}, {count_of(count, 'card')})", style="")
            if not faces:
                t.append(": no cards", style="dim")
            out.append(t)
            for face in faces:
                out.append(card_line(state, face))
        elif seen:
            out.append(
                Text(f"{state.side_name(side)}: {count_of(count, 'card')}; seen with a card:")
            )
            for face in seen:
                out.append(card_line(state, face))
    deck = view["deck"]
    under = view.get("under", 0)
    besides = f", {under} of them under it (Variable Damage)" if under else ""
    out.append(Text(f"Deck: {deck} card{'s' if deck != 1 else ''} left{besides}.", style="dim"))
    return out


def card_line(state: CowboysState, face: str) -> Text:
    """One card of a hand, explained: ``  QS Critical Hit: the shot does
    double damage (after your shot hits)``."""
    card = state.card(face)
    t = Text("  ")
    t.append(face, style="bold " + _suit_style(face))
    t.append(f" {card.name}", style="bold")
    t.append(f": {effect_words(card)}")
    t.append(f" ({WINDOW_WORDS.get(card.window, card.window.value)})", style="dim")
    return t


def _suit_style(face: str) -> str:
    return "red" if face[-1:] in ("H", "D") else ""


def ground_line(state: CowboysState) -> Text | None:
    parts: list[str] = []
    for h in state.horses:
        if h.alive and h.rider is None and h.square is not None:
            parts.append(f"{h.id} {state.ref(h.square)} {h.facing} ({h.health}/2)")
        elif h.alive and h.rider is not None:
            parts.append(f"{h.id} under {state.figures[h.rider].id} ({h.health}/2)")
    for d in state.ground:
        what = "loot" if d.held is None else f"{d.held.weapon} {d.held.ammo}"
        parts.append(f"{what} at {state.ref(d.square)}")
    for xy, kind in sorted(object_kinds(state).items()):
        parts.append(f"{kind} at {state.ref(xy)}")
    if not parts:
        return None
    return Text("Horses and things: " + "; ".join(parts) + ".", style="")


def player_for(state: CowboysState) -> int | None:
    """Whose hand the terminal shows: the side deciding now (the terminal
    draws the town for the person about to choose); nobody's at a chance
    node or once the game is over."""
    mover = state.to_move
    return mover if mover is not None and mover >= 0 else None


def render_rich(state: CowboysState, player: int | None = None) -> Panel:
    """The town, the rosters, the hands and the status, for ``player``
    (``None``: a spectator, who sees no card)."""
    view = state.view(player)
    title = state.setup.scenario.title if state.setup.scenario is not None else state.setup.name
    parts: list[RenderableType] = [TownText(state), legend_text(state)]
    ground = ground_line(state)
    if ground is not None:
        parts.append(ground)
    sides = list(range(state.num_players))
    if any(f.side < 0 for f in state.figures):
        sides.append(-1)
    for side in sides:
        parts.append(Text(""))
        parts.append(roster_table(state, side, view, player))
    parts.append(Text(""))
    parts.extend(hand_lines(state, view, player))
    parts.append(Text(""))
    for k, line in enumerate(status_lines(state)):
        parts.append(Text(line, style="bold" if k == 0 else ""))
    recent = [e for e in state.log if e.visible_to(player)][-LOG_LINES:]
    for e in recent:
        parts.append(Text(f"» {e.text}", style="italic dim"))
    return Panel(
        Group(*parts),
        title=Text(f"Cowboys: {title}", style="bold"),
        title_align="left",
        expand=False,
        padding=(0, 0),
    )


# -- SVG ---------------------------------------------------------------------------------

#: One square, in pixels.
CELL: Final = 48
_FONT: Final = "Helvetica, Arial, sans-serif"
_INK: Final = "#2b1d0e"
_LABEL: Final = "#1f5a7a"
_WALL: Final = "#161310"
_DOOR: Final = "#8a5526"
_RED: Final = "#d0262a"
_GLASS: Final = "#bfe3f2"
_OPEN_FILLS: Final = {
    "street": "#ecdfbd",
    "boardwalk": "#cfae7e",
    "back lot": "#e3d8b8",
    "side street": "#e6d7b0",
    # Boards J, K and L (ruling CB-Q1).
    "stage road": "#dcc69a",
    "alley": "#e3d8b8",
    "rail track": "#a39684",
    "platform": "#cfae7e",
    "rail yard": "#e3d8b8",
    "water tower": "#9fb0b8",
    "yard": "#e6dcb4",
    "porch": "#cfae7e",
    "well": "#9fb0b8",
}
_BUILDING_FILLS: Final = ("#c4ab88", "#bca07e", "#c9b192", "#b89a78", "#c6a785", "#bfa98c")
_TERRAIN_FILLS: Final = {"stable": "#c9b27a", "livery": "#c2a56c", "corral": "#d3d59e"}
_SUITS: Final = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_WEAPON_ABBR: Final = {"pistol": "P", "rifle": "R", "shotgun": "SG"}
_PANEL_MIN: Final = 560


def place_fill(terrain: str, name: str) -> str:
    if terrain == "open":
        return _OPEN_FILLS.get(name, _OPEN_FILLS["street"])
    if terrain in _TERRAIN_FILLS:
        return _TERRAIN_FILLS[terrain]
    return _BUILDING_FILLS[sum(map(ord, name)) % len(_BUILDING_FILLS)]


def _teardrop(cx: float, cy: float, r: float, tip: float, facing: str) -> str:
    """A disc of radius ``r`` drawn out to a point ``tip`` from its centre
    in the direction of ``facing``."""
    dx, dy = STEPS[facing]  # type: ignore[index]
    theta = math.atan2(dy, dx)
    phi = math.acos(r / tip)
    tx, ty = cx + tip * dx, cy + tip * dy
    p1 = (cx + r * math.cos(theta + phi), cy + r * math.sin(theta + phi))
    p2 = (cx + r * math.cos(theta - phi), cy + r * math.sin(theta - phi))
    return (
        f"M{num(tx)},{num(ty)} L{num(p1[0])},{num(p1[1])} "
        f"A{num(r)},{num(r)} 0 1 1 {num(p2[0])},{num(p2[1])} Z"
    )


def _horse_shape(cx: float, cy: float, facing: str, scale: float = 1.0) -> str:
    dx, dy = STEPS[facing]  # type: ignore[index]
    rot = {(0, -1): 90, (0, 1): 90, (1, 0): 0, (-1, 0): 0}[(dx, dy)]
    hx, hy = cx + 17 * scale * dx, cy + 17 * scale * dy
    return (
        f'<ellipse cx="{num(cx)}" cy="{num(cy)}" rx="{num(18 * scale)}" '
        f'ry="{num(10 * scale)}" transform="rotate({rot} {num(cx)} {num(cy)})" '
        'fill="#8b5a2b" stroke="#3e240c" stroke-width="1.2"/>'
        f'<circle cx="{num(hx)}" cy="{num(hy)}" r="{num(6 * scale)}" fill="#7a4a20" '
        'stroke="#3e240c" stroke-width="1.2"/>'
    )


class SvgDrawing:
    """The SVG of one state for one viewer (see :func:`render_svg`)."""

    def __init__(self, state: CowboysState, player: int | None) -> None:
        self.state = state
        self.player = player
        self.view = state.view(player)
        town = state.town
        self.town_w = town.width * CELL
        self.town_h = town.height * CELL
        self.ml, self.mr = 36, 36
        self.board_w = self.ml + self.town_w + self.mr
        self.side_panel = self.board_w < _PANEL_MIN
        self.width = self.board_w + 450 if self.side_panel else max(self.board_w, 640)
        self.out: list[str] = []
        #: The horses the viewer's actions now point at: only these take a
        #: click (any other lets it through to the square or the rider).
        self.horse_marks = horse_targets(state, player)
        #: Marks drawn over the figures (a horse under one, as a target).
        self.late: list[str] = []

    # -- the whole -------------------------------------------------------------------------

    def draw(self) -> str:
        s = self.state
        title = s.setup.scenario.title if s.setup.scenario is not None else s.setup.name
        top: list[str] = []
        y = 26.0
        top.append(
            svg_text(16, y, f"Cowboys: {title}", font_size=18, font_weight="bold", fill=_INK)
        )
        chars = int((self.width - 32) / (12 * 0.56))
        for k, line in enumerate(status_lines(s)):
            for part in wrap(line, chars):
                y += 17
                top.append(
                    svg_text(
                        16, y, part, font_size=12, fill=_INK, font_weight="bold" if k == 0 else None
                    )
                )
        mt = y + 38
        self.mt = mt
        body: list[str] = []
        body.append(f'<g id="town" transform="translate({num(self.ml)},{num(mt)})">')
        body.extend(self._squares())
        body.extend(self._names())
        body.extend(self._boards())
        body.extend(self._edges())
        body.extend(self._shot_options())
        shot = pending_shot(s)
        if shot is not None:
            body.extend(self._sight(shot, label=False))
        body.extend(self._counters())
        body.extend(self._edge_points())
        body.extend(self._figures(shot))
        body.extend(self.late)
        if shot is not None:
            body.extend(self._sight(shot, label=True))
        body.append("</g>")
        body.extend(self._margins(mt))
        y = mt + self.town_h + 30
        legend, y = self._legend(y)
        body.extend(legend)
        if self.side_panel:
            panel, ph = self._panel(self.board_w + 10, mt - 24, 430)
            y = max(y, mt - 24 + ph)
        else:
            panel, ph = self._panel(16, y + 6, self.width - 32)
            y += 6 + ph
        body.extend(panel)
        hands, hh = self._hands(16, y + 8, self.width - 32)
        body.extend(hands)
        height = y + 8 + hh + 12
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(self.width)}" '
            f'height="{num(height)}" viewBox="0 0 {num(self.width)} {num(height)}" '
            f'font-family="{_FONT}" font-size="11">'
        )
        defs = (
            "<defs>"
            '<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
            'markerHeight="7" orient="auto-start-reverse">'
            f'<path d="M0,0 L10,5 L0,10 z" fill="{_RED}"/></marker>'
            '<pattern id="back" width="8" height="8" patternUnits="userSpaceOnUse">'
            '<rect width="8" height="8" fill="#7b2d26"/>'
            '<path d="M0,8 L8,0 M-2,2 L2,-2 M6,10 L10,6" stroke="#c99a5b" stroke-width="1.4"/>'
            "</pattern></defs>"
        )
        return "\n".join(
            [
                head,
                f"<title>{escape('Cowboys: ' + title)}</title>",
                defs,
                f'<rect width="{num(self.width)}" height="{num(height)}" fill="#f4ead3"/>',
                *top,
                *body,
                "</svg>",
            ]
        )

    # -- the town ----------------------------------------------------------------------------

    def _squares(self) -> Iterator[str]:
        s = self.state
        town = s.town
        lying = self._lying()
        yield '<g id="squares">'
        for xy in town.squares():
            place = town.place(xy)
            x, y = xy[0] * CELL, xy[1] * CELL
            tip = " · ".join([s.ref(xy), place.name, *lying.get(xy, [])])
            # A mark to point at (a square a figure moves to): the square
            # itself, which the drawings on it let a click through to.
            yield (
                f"<g{attrs({'data-point': square_point(xy), 'aria-label': square_words(s, xy)})}>"
                f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                f'fill="{place_fill(place.terrain, place.name)}">'
                f"<title>{escape(tip)}</title></rect></g>"
            )
        lines = []
        for x in range(1, town.width):
            lines.append(f"M{x * CELL},0 V{self.town_h}")
        for y in range(1, town.height):
            lines.append(f"M0,{y * CELL} H{self.town_w}")
        yield (
            f'<path d="{" ".join(lines)}" stroke="#6e5836" stroke-opacity="0.28" '
            'stroke-width="0.8" fill="none" pointer-events="none"/>'
        )
        for xy in sorted(s.loot_squares):
            cx, cy = xy[0] * CELL + CELL / 2, xy[1] * CELL + CELL / 2
            yield svg_text(
                cx,
                cy + 9,
                "$",
                font_size=26,
                font_weight="bold",
                fill="#c99a06",
                fill_opacity="0.45",
                text_anchor="middle",
                class_="loot-square",
                pointer_events="none",
            )
        yield "</g>"

    def _names(self) -> Iterator[str]:
        """Each building, stable, livery and corral named along its top row."""
        town = self.state.town
        seen: set[XY] = set()
        yield '<g id="places" font-style="italic" pointer-events="none">'
        for xy in town.squares():
            place = town.place(xy)
            if xy in seen or place.terrain == "open":
                continue
            comp = {xy}
            todo = [xy]
            while todo:
                a = todo.pop()
                for dx, dy in STEPS.values():
                    b = (a[0] + dx, a[1] + dy)
                    if b not in comp and town.contains(b) and town.place(b) == place:
                        comp.add(b)
                        todo.append(b)
            seen |= comp
            top = min(y for _, y in comp)
            xs = sorted(x for x, y in comp if y == top)
            run = [xs[0]]
            best = run
            for x in xs[1:]:
                run = [*run, x] if x == run[-1] + 1 else [x]
                if len(run) > len(best):
                    best = run
            x0, x1 = best[0] * CELL, (best[-1] + 1) * CELL
            yield fit(
                (x0 + x1) / 2,
                top * CELL + 9,
                place.name,
                x1 - x0 - 6,
                9,
                text_anchor="middle",
                fill="#4a2f14",
                fill_opacity="0.85",
            )
        yield "</g>"

    def _boards(self) -> Iterator[str]:
        """Board borders, and each board's letter and arrow, faint, in its own top-left square."""
        yield '<g id="boards" pointer-events="none">'
        for p in self.state.town.placements:
            yield (
                f'<rect x="{p.x * CELL}" y="{p.y * CELL}" width="{p.width * CELL}" '
                f'height="{p.height * CELL}" fill="none" stroke="#5b4326" stroke-width="1.6" '
                f'stroke-dasharray="7 4" data-board="{escape(p.letter)}"/>'
            )
            cx, cy = p.to_town((0, 0))
            x, y = cx * CELL + CELL / 2, cy * CELL + CELL / 2
            up = "NESW"[p.turns % 4]
            dx, dy = STEPS[up]  # type: ignore[index]
            yield svg_text(
                x,
                y + 11,
                p.letter,
                font_size=32,
                font_weight="bold",
                fill="#5b4326",
                fill_opacity="0.16",
                text_anchor="middle",
            )
            ax, ay = x + dx * 15, y + dy * 15
            yield (
                f'<path d="M{num(ax + dx * 6)},{num(ay + dy * 6)} '
                f"L{num(ax - dy * 5)},{num(ay + dx * 5)} "
                f'L{num(ax + dy * 5)},{num(ay - dx * 5)} Z" '
                'fill="#5b4326" fill-opacity="0.2"/>'
            )
        yield "</g>"

    def _edges(self) -> Iterator[str]:
        s = self.state
        g = s.town.grid
        w, h = g.width, g.height
        doors = open_doors(s)
        sides: list[tuple[EdgeKind, XY, XY, float, float, float, float]] = []
        for ly in range(h + 1):
            for x in range(w):
                kind = g.across[ly * w + x]
                if kind != "open":
                    a, b = (x, ly - 1), (x, ly)
                    sides.append((kind, a, b, x * CELL, ly * CELL, (x + 1) * CELL, ly * CELL))
        for y in range(h):
            for lx in range(w + 1):
                kind = g.upright[y * (w + 1) + lx]
                if kind != "open":
                    a, b = (lx - 1, y), (lx, y)
                    sides.append((kind, a, b, lx * CELL, y * CELL, lx * CELL, (y + 1) * CELL))
        yield '<g id="edges" stroke-linecap="square" pointer-events="none">'
        for kind, _, _, x1, y1, x2, y2 in sides:
            seg = f'x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}"'
            if kind == "window":
                yield f'<line {seg} stroke="{_RED}" stroke-width="6" class="window"/>'
                yield f'<line {seg} stroke="{_GLASS}" stroke-width="2" stroke-linecap="butt"/>'
            elif kind == "obstacle":
                yield (
                    f'<line {seg} stroke="{_RED}" stroke-width="4.5" stroke-dasharray="7 4" '
                    'stroke-linecap="butt" class="obstacle"/>'
                )
        for kind, a, b, x1, y1, x2, y2 in sides:
            seg = f'x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}"'
            if kind == "wall":
                yield f'<line {seg} stroke="{_WALL}" stroke-width="5" class="wall"/>'
            elif kind == "door":
                yield from self._door(a, b, (x1, y1, x2, y2), (a, b) in doors or (b, a) in doors)
        yield "</g>"

    def _door(
        self, a: XY, b: XY, seg: tuple[float, float, float, float], is_open: bool
    ) -> Iterator[str]:
        """A door: a gap in the wall between two jambs, its leaf across the
        gap (closed) or swung into a square with its arc (open)."""
        x1, y1, x2, y2 = seg
        ux, uy = (x2 - x1) / CELL, (y2 - y1) / CELL  # along the side
        jamb = 7.0
        for (sx, sy), sign in (((x1, y1), 1), ((x2, y2), -1)):
            ex, ey = sx + sign * ux * jamb, sy + sign * uy * jamb
            yield (
                f'<line x1="{num(sx)}" y1="{num(sy)}" x2="{num(ex)}" y2="{num(ey)}" '
                f'stroke="{_WALL}" stroke-width="5"/>'
            )
        hx, hy = x1 + ux * jamb, y1 + uy * jamb  # the hinge
        length = CELL - 2 * jamb
        state = "open" if is_open else "closed"
        if not is_open:
            yield (
                f'<line x1="{num(hx)}" y1="{num(hy)}" x2="{num(hx + ux * length)}" '
                f'y2="{num(hy + uy * length)}" stroke="{_DOOR}" stroke-width="4" '
                f'stroke-linecap="butt" class="door" data-door="{state}"/>'
            )
            return
        # Swing the leaf into the square without a figure, if one is free.
        occupied = self.state.occupied()
        into = b if a in occupied and b not in occupied else a if b in occupied else b
        nx, ny = (into[0] - a[0], into[1] - a[1]) if into == b else (a[0] - b[0], a[1] - b[1])
        ex, ey = hx + nx * length, hy + ny * length
        fx, fy = hx + ux * length, hy + uy * length
        sweep = 1 if (ux * ny - uy * nx) > 0 else 0
        yield (
            f'<path d="M{num(fx)},{num(fy)} A{num(length)},{num(length)} 0 0 {sweep} '
            f'{num(ex)},{num(ey)}" fill="none" stroke="{_DOOR}" stroke-width="1" '
            'stroke-dasharray="2 2"/>'
        )
        yield (
            f'<line x1="{num(hx)}" y1="{num(hy)}" x2="{num(ex)}" y2="{num(ey)}" '
            f'stroke="{_DOOR}" stroke-width="3.5" stroke-linecap="butt" class="door" '
            f'data-door="{state}"/>'
        )

    # -- what stands in the town ----------------------------------------------------------------

    @staticmethod
    def _centre(xy: XY) -> tuple[float, float]:
        return xy[0] * CELL + CELL / 2, xy[1] * CELL + CELL / 2 - 2

    def _counters(self) -> Iterator[str]:
        """Cattle, the stagecoach, dropped weapons and loot, bodies, loose horses."""
        s = self.state
        yield '<g id="counters">'
        taken = {f.square for f in s.figures if f.standing}
        taken |= {h.square for h in s.horses if h.alive}
        for xy, kind in sorted(object_kinds(s).items()):
            cx, cy = self._centre(xy)
            ref = escape(s.ref(xy))
            if xy in taken:
                # Under a figure or a horse: a small tag in the corner.
                word = "cattle" if kind == "cattle" else "stage"
                wid = text_width(word, 7.5) + 5
                x, y = xy[0] * CELL + CELL - 2 - wid, xy[1] * CELL + 2
                yield (
                    f'<g class="{kind}" data-square="{ref}" pointer-events="none">'
                    f'<rect x="{num(x)}" y="{num(y)}" width="{num(wid)}" height="10" rx="2" '
                    'fill="#fbf7ee" stroke="#3a2a1a" stroke-width="0.8"/>'
                    + svg_text(
                        x + wid / 2, y + 7.8, word, font_size=7.5, text_anchor="middle", fill=_INK
                    )
                    + "</g>"
                )
            elif kind == "cattle":
                yield (
                    f'<g class="cattle" data-square="{ref}" pointer-events="none">'
                    f'<path d="M{num(cx - 11)},{num(cy - 9)} q-5,-6 -9,-4 M{num(cx + 11)},'
                    f'{num(cy - 9)} q5,-6 9,-4" stroke="#ddd2b4" stroke-width="2.5" fill="none"/>'
                    f'<ellipse cx="{num(cx)}" cy="{num(cy)}" rx="15" ry="11" fill="#fbf7ee" '
                    'stroke="#3a2a1a" stroke-width="1.3"/>'
                    f'<ellipse cx="{num(cx - 5)}" cy="{num(cy - 3)}" rx="4.5" ry="3.5" '
                    'fill="#3a2a1a"/>'
                    f'<ellipse cx="{num(cx + 6)}" cy="{num(cy + 4)}" rx="3.5" ry="2.5" '
                    'fill="#3a2a1a"/>'
                    + svg_text(
                        cx, cy + 20, "cattle", font_size=7.5, text_anchor="middle", fill=_INK
                    )
                    + "</g>"
                )
            else:
                yield (
                    f'<g class="stagecoach" data-square="{ref}" pointer-events="none">'
                    f'<rect x="{num(cx - 17)}" y="{num(cy - 11)}" width="34" height="18" rx="3" '
                    'fill="#7a2e1a" stroke="#2b1108" stroke-width="1.3"/>'
                    f'<rect x="{num(cx - 11)}" y="{num(cy - 8)}" width="9" height="7" '
                    'fill="#e8d9b0"/>'
                    f'<rect x="{num(cx + 2)}" y="{num(cy - 8)}" width="9" height="7" '
                    'fill="#e8d9b0"/>'
                    f'<circle cx="{num(cx - 10)}" cy="{num(cy + 9)}" r="5" fill="none" '
                    'stroke="#2b1108" stroke-width="2"/>'
                    f'<circle cx="{num(cx + 10)}" cy="{num(cy + 9)}" r="5" fill="none" '
                    'stroke="#2b1108" stroke-width="2"/>'
                    + svg_text(cx, cy + 22, "stage", font_size=7.5, text_anchor="middle", fill=_INK)
                    + "</g>"
                )
        spots: dict[XY, int] = {}
        for d in s.ground:
            k = spots.get(d.square, 0)
            spots[d.square] = k + 1
            x, y = d.square[0] * CELL + 3 + k * 14, d.square[1] * CELL + 11
            ref = escape(s.ref(d.square))
            if d.held is None:
                yield (
                    f'<g class="dropped" data-item="loot" data-square="{ref}" '
                    'pointer-events="none">'
                    f'<circle cx="{num(x + 6)}" cy="{num(y + 5)}" r="6" fill="#e2b007" '
                    'stroke="#6b4f00"/>'
                    + svg_text(
                        x + 6,
                        y + 8.5,
                        "$",
                        font_size=9,
                        font_weight="bold",
                        text_anchor="middle",
                        fill="#3a2a00",
                    )
                    + "</g>"
                )
            else:
                abbr = _WEAPON_ABBR[d.held.weapon.value]
                yield (
                    f'<g class="dropped" data-item="{d.held.weapon.value}" '
                    f'data-ammo="{d.held.ammo}" data-square="{ref}" pointer-events="none">'
                    f'<rect x="{num(x)}" y="{num(y)}" width="13" height="10" rx="2" '
                    'fill="#3b3b3b" stroke="#f4ead3" stroke-width="0.8"/>'
                    + svg_text(
                        x + 6.5,
                        y + 7.8,
                        abbr,
                        font_size=7.5,
                        font_weight="bold",
                        text_anchor="middle",
                        fill="#fff",
                    )
                    + f"<title>{escape(f'{d.held.weapon} ({d.held.ammo} rounds)')}</title></g>"
                )
        for f in s.figures:
            if f.health == 0 and f.square is not None:
                cx, cy = self._centre(f.square)
                col = side_fill(f.side)
                yield (
                    f'<g class="body" data-id="{escape(f.id)}" '
                    f'data-square="{escape(s.ref(f.square))}" opacity="0.8" pointer-events="none">'
                    f'<path d="M{num(cx - 10)},{num(cy - 10)} L{num(cx + 10)},{num(cy + 10)} '
                    f'M{num(cx + 10)},{num(cy - 10)} L{num(cx - 10)},{num(cy + 10)}" '
                    f'stroke="{col}" stroke-width="5" stroke-linecap="round"/>'
                    + svg_text(
                        cx,
                        cy + 21,
                        f.id,
                        font_size=8,
                        text_anchor="middle",
                        fill=col,
                        font_weight="bold",
                    )
                    + f"<title>{escape(figure_name(f) + ', down')}</title></g>"
                )
        standing = {f.square for f in s.figures if f.standing}
        for h in s.horses:
            if h.alive and h.rider is None and h.square is not None and h.square in standing:
                # A loose horse under a figure on foot: small, in a corner;
                # as a target, drawn over the figure so that it takes a click.
                x, y = h.square[0] * CELL + CELL - 11, h.square[1] * CELL + 10
                if h.id in self.horse_marks:
                    self.late.append(
                        f'<g class="horse" data-id="{escape(h.id)}" '
                        f'data-square="{escape(s.ref(h.square))}" data-facing="{h.facing}"'
                        f"{self._horse_mark(h)}>"
                        + _horse_shape(x, y, h.facing, 0.42)
                        + f"<title>{escape(f'{h.label}, facing {h.facing}, {h.health}/2 health')}"
                        "</title></g>"
                    )
                    continue
                yield (
                    f'<g class="horse" data-id="{escape(h.id)}" '
                    f'data-square="{escape(s.ref(h.square))}" data-facing="{h.facing}"'
                    f"{self._horse_mark(h)}>"
                    + _horse_shape(x, y, h.facing, 0.42)
                    + f"<title>{escape(f'{h.label}, facing {h.facing}, {h.health}/2 health')}"
                    "</title></g>"
                )
            elif h.alive and h.rider is None and h.square is not None:
                cx, cy = self._centre(h.square)
                yield (
                    f'<g class="horse" data-id="{escape(h.id)}" '
                    f'data-square="{escape(s.ref(h.square))}" data-facing="{h.facing}"'
                    f"{self._horse_mark(h)}>"
                    + _horse_shape(cx, cy, h.facing)
                    + svg_text(
                        cx,
                        cy + 3.5,
                        h.id,
                        font_size=9,
                        font_weight="bold",
                        text_anchor="middle",
                        fill="#fff",
                    )
                    + "".join(self._pips(h.square, h.health, 2))
                    + f"<title>{escape(f'{h.label}, facing {h.facing}, {h.health}/2 health')}"
                    "</title></g>"
                )
        yield "</g>"

    def _edge_points(self) -> Iterator[str]:
        """The town's four edges, as marks to point at a move that leaves
        the town across one: a strip in the margin along each, unseen."""
        w, h, d = self.town_w, self.town_h, 13
        strips = {"N": (0, -d - 1, w, d), "E": (w + 1, 0, d, h), "S": (0, h + 1, w, d)}
        strips["W"] = (-d - 1, 0, d, h)
        yield '<g id="edge-points">'
        for facing, (x, y, wid, hei) in strips.items():
            mark: dict[str, object] = {
                "data-point": edge_point(facing),
                "aria-label": edge_words(facing),
            }
            yield (
                f'<g{attrs(mark)}><rect x="{num(x)}" y="{num(y)}" width="{num(wid)}" '
                f'height="{num(hei)}" fill="#fff" fill-opacity="0"/></g>'
            )
        yield "</g>"

    def _lying(self) -> dict[XY, list[str]]:
        """What lies or stands on each square besides the figures, in
        words: the square's tooltip says it, since the marks of these let
        a click through to the square (a figure may end his move there)."""
        s = self.state
        out: dict[XY, list[str]] = {}
        for xy, kind in sorted(object_kinds(s).items()):
            out.setdefault(xy, []).append(kind)
        for d in s.ground:
            what = "loot" if d.held is None else f"{d.held.weapon} ({d.held.ammo} rounds)"
            out.setdefault(d.square, []).append(what)
        for f in s.figures:
            if f.health == 0 and f.square is not None:
                out.setdefault(f.square, []).append(figure_name(f) + ", down")
        for h in s.horses:
            if h.alive and h.rider is None and h.square is not None:
                words = f"{h.label}, facing {h.facing}, {h.health}/2 health"
                out.setdefault(h.square, []).append(words)
        return out

    def _horse_mark(self, h: Horse) -> str:
        """A loose horse's attributes as a mark: its point and words when
        the viewer may shoot at it now; else it lets a click through to its
        square (a figure may move there, or mount it)."""
        if h.id not in self.horse_marks:
            return ' pointer-events="none"'
        return attrs({"data-point": horse_point(h.id), "aria-label": horse_words(self.state, h)})

    def _pips(self, xy: XY, health: int, full: int) -> Iterator[str]:
        for k in range(full):
            x = xy[0] * CELL + 5 + k * 5.5
            y = xy[1] * CELL + CELL - 5
            fill = "#d62728" if k < health else "none"
            yield (
                f'<circle cx="{num(x)}" cy="{num(y)}" r="2.3" fill="{fill}" '
                'stroke="#6b1010" stroke-width="0.8"/>'
            )

    def _figures(self, shot: ShotLine | None) -> Iterator[str]:
        s = self.state
        acting = None
        p = s.resume if s.ally is not None else s.pending
        if p is not None:
            acting = p.act.fig
        if s.ally is not None:
            acting = s.ally
        yield '<g id="figures">'
        for f in s.figures:
            if not f.standing or f.square is None:
                continue
            cx, cy = self._centre(f.square)
            col = side_fill(f.side)
            done = (
                f.side == s.active
                and f.actions == 0
                and not s.is_over
                and f.id != acting
                and s.phase.name != "DEAL"
            )
            held = f.held()
            figure_attrs = {
                "class": "figure",
                "data-id": f.id,
                "data-side": f.side,
                "data-square": s.ref(f.square),
                "data-facing": f.facing,
                "data-health": f.health,
                "data-weapon": held.weapon.value if held else "",
                "data-ammo": held.ammo if held else "",
                "data-mounted": "yes" if f.horse is not None else "no",
                "opacity": "0.6" if done else None,
                "data-point": fig_point(f.id),
                "aria-label": figure_words(s, f),
            }
            parts = [f"<g{attrs(figure_attrs)}>"]
            if f.id == acting:
                parts.append(
                    f'<circle cx="{num(cx)}" cy="{num(cy)}" r="21" fill="#ffd84a" '
                    'fill-opacity="0.55" stroke="#c79a00" stroke-width="1.5"/>'
                )
            if f.horse is not None:
                parts.append(_horse_shape(cx, cy, f.facing, 1.1))
            parts.append(
                f'<path d="{_teardrop(cx, cy, 14, 21, f.facing)}" fill="{col}" '
                'stroke="#fff" stroke-width="1.6"/>'
            )
            if not f.cowboy:
                parts.append(
                    f'<circle cx="{num(cx)}" cy="{num(cy)}" r="11" fill="none" stroke="#fff" '
                    'stroke-width="1" stroke-dasharray="2.5 2"/>'
                )
            parts.append(
                svg_text(
                    cx,
                    cy + 4,
                    f.id,
                    font_size=11 if len(f.id) < 3 else 9.5,
                    font_weight="bold",
                    text_anchor="middle",
                    fill="#fff",
                )
            )
            parts.extend(self._pips(f.square, f.health, full_health(f)))
            hand = "–" if held is None else f"{_WEAPON_ABBR[held.weapon.value]}{held.ammo}"
            if held is not None and held.jammed:
                hand += "✕"
            if held is None and not f.weapons:
                hand = ""
            if hand:
                bx = f.square[0] * CELL + CELL - 2
                by = f.square[1] * CELL + CELL - 2
                wid = text_width(hand, 8.5) + 4
                parts.append(
                    f'<rect x="{num(bx - wid)}" y="{num(by - 10)}" width="{num(wid)}" '
                    'height="10" rx="2" fill="#fffaf0" fill-opacity="0.85"/>'
                )
                parts.append(
                    svg_text(
                        bx - 2,
                        by - 2,
                        hand,
                        font_size=8.5,
                        font_weight="bold",
                        text_anchor="end",
                        fill="#222",
                    )
                )
            hand_words, others = weapon_text(f)
            tip = (
                f"{figure_name(f)}, {s.ref(f.square)}, facing {f.facing}, "
                f"health {f.health}/{full_health(f)}, {hand_words}"
                + (f", also {others}" if others else "")
                + "".join(f", {n}" for n in figure_notes(s, f))
            )
            parts.append(f"<title>{escape(tip)}</title></g>")
            yield "".join(parts)
        yield "</g>"

    def _aim(self, target: str, xy: XY) -> tuple[float, float, float]:
        """Where a line of fire at ``target`` on ``xy`` ends, and the radius
        of the ring around it: a loose horse standing with a figure on foot
        is drawn small in the corner of the square, and aimed at there."""
        s = self.state
        if target[0] == "H":
            h = s.horses[s.horse_index[target]]
            if h.rider is None and any(f.standing and f.square == xy for f in s.figures):
                return xy[0] * CELL + CELL - 11, xy[1] * CELL + 10, 11.0
        cx, cy = self._centre(xy)
        return cx, cy, 20.0

    def _sight(self, shot: ShotLine, label: bool) -> Iterator[str]:
        ax, ay = self._centre(shot.start)
        bx, by, ring = self._aim(shot.target, shot.end)
        if not label:
            d = math.hypot(bx - ax, by - ay) or 1.0
            ex, ey = bx - (bx - ax) / d * (ring - 1), by - (by - ay) / d * (ring - 1)
            yield (
                f'<g class="sight" pointer-events="none" data-shooter="{escape(shot.shooter)}" '
                f'data-target="{escape(shot.target)}" data-range="{shot.info.range}" '
                f'data-needed="{shot.info.needed}" data-dice="{shot.dice}">'
                f'<line x1="{num(ax)}" y1="{num(ay)}" x2="{num(ex)}" y2="{num(ey)}" '
                f'stroke="{_RED}" stroke-width="3" stroke-opacity="0.9" marker-end="url(#arrow)"/>'
                f'<circle cx="{num(bx)}" cy="{num(by)}" r="{num(ring)}" fill="none" '
                f'stroke="{_RED}" '
                'stroke-width="2.5" stroke-dasharray="5 3"/></g>'
            )
            return
        mx, my = (ax + bx) / 2, (ay + by) / 2
        what = shot.target + (" (horse)" if shot.target[0] == "H" else "")
        line1 = f"{shot.shooter} → {what} · {shot.info.weapon} · range {shot.info.range}"
        mod = shot.modifier
        line2 = f"chart {shot.info.needed}" + (f", {mod:+d}" if mod else "") + f" → {shot.dice}+"
        if shot.shots > 1:
            line2 += f" · shot {shot.shot + 1}/{shot.shots}"
        wid = max(text_width(line1, 10), text_width(line2, 11)) + 12
        # Keep the label inside the town.
        mx = min(max(mx, wid / 2 + 2), self.town_w - wid / 2 - 2)
        my = min(max(my, 18), self.town_h - 18)
        yield (
            f'<g class="sight-label" pointer-events="none">'
            f'<rect x="{num(mx - wid / 2)}" y="{num(my - 16)}" '
            f'width="{num(wid)}" height="31" rx="4" fill="#fff8ec" stroke="{_RED}" '
            'stroke-width="1.5" fill-opacity="0.95"/>'
            + svg_text(mx, my - 4, line1, font_size=10, text_anchor="middle", fill=_INK)
            + svg_text(
                mx,
                my + 10,
                line2,
                font_size=11,
                font_weight="bold",
                text_anchor="middle",
                fill=_RED,
            )
            + f"<title>{escape(shot.words())}</title></g>"
        )

    def _shot_options(self) -> Iterator[str]:
        """While a side picks an action: a dotted line for every shot its
        figures could take now, with the roll it needs."""
        opts = shot_options(self.state)
        if not opts:
            return
        yield '<g id="shot-options" pointer-events="none">'
        for fig, target, a, b, dice in opts:
            ax, ay = self._centre(a)
            bx, by, _ = self._aim(target, b)
            col = side_fill(self.state.figures[self.state.index[fig]].side)
            lx, ly = ax + (bx - ax) * 0.62, ay + (by - ay) * 0.62
            need = f"{max(3, min(12, dice))}+"
            if dice >= 12:  # only a natural 12 hits: a faint line, no label
                yield (
                    f'<g class="shot-option" data-shooter="{escape(fig)}" '
                    f'data-target="{escape(target)}">'
                    f'<line x1="{num(ax)}" y1="{num(ay)}" x2="{num(bx)}" y2="{num(by)}" '
                    f'stroke="{col}" stroke-width="1" stroke-dasharray="1 5" '
                    'stroke-linecap="round" stroke-opacity="0.45"/>'
                    f"<title>{escape(f'{fig} can shoot {target}: only a natural 12 hits')}"
                    "</title></g>"
                )
                continue
            yield (
                f'<g class="shot-option" data-shooter="{escape(fig)}" '
                f'data-target="{escape(target)}">'
                f'<line x1="{num(ax)}" y1="{num(ay)}" x2="{num(bx)}" y2="{num(by)}" '
                f'stroke="{col}" stroke-width="1.6" stroke-dasharray="1.5 4" '
                'stroke-linecap="round" stroke-opacity="0.85"/>'
                f'<rect x="{num(lx - 10)}" y="{num(ly - 7)}" width="20" height="13" rx="3" '
                f'fill="#fffaf0" stroke="{col}" stroke-width="0.8"/>'
                + svg_text(
                    lx,
                    ly + 3.5,
                    need,
                    font_size=8.5,
                    font_weight="bold",
                    text_anchor="middle",
                    fill=col,
                )
                + f"<title>{escape(f'{fig} can shoot {target}: {need} on 2d6')}</title></g>"
            )
        yield "</g>"

    def _margins(self, mt: float) -> Iterator[str]:
        """Each board's cross-references along the town's edges, and the board letters."""
        town = self.state.town
        bs = bands(town)
        yield (
            f'<g id="references" font-size="10" font-weight="bold" fill="{_LABEL}" '
            'pointer-events="none">'
        )
        for band, y, letters in ((bs[0], mt - 6, True), (bs[-1], mt + self.town_h + 13, False)):
            for p in band:
                for x in range(p.x, p.x + p.width):
                    cx = self.ml + x * CELL + CELL / 2
                    yield svg_text(cx, y, axis_labels(p, x=x), text_anchor="middle")
                if letters:
                    yield svg_text(
                        self.ml + p.x * CELL + 2,
                        mt - 20,
                        f"board {p.letter}",
                        font_size=11,
                        fill=_INK,
                    )
        for band in bs:
            left, right = band[0], band[-1]
            # each band's outer boards named along the margins, reading upward
            mid = mt + (left.y + left.height / 2) * CELL
            sides = [(left, 11.0)]
            if right is not left:
                sides.append((right, self.ml + self.town_w + 30.0))
            for board, bx in sides:
                yield svg_text(
                    bx,
                    mid,
                    f"board {board.letter}",
                    font_size=10,
                    fill=_INK,
                    text_anchor="middle",
                    transform=f"rotate(-90 {num(bx)} {num(mid)})",
                )
            for y in range(left.y, left.y + left.height):
                cy = mt + y * CELL + CELL / 2 + 4
                yield svg_text(self.ml - 5, cy, axis_labels(left, y=y), text_anchor="end")
                yield svg_text(self.ml + self.town_w + 5, cy, axis_labels(right, y=y))
        yield "</g>"

    def _legend(self, y: float) -> tuple[list[str], float]:
        """A key to the marks, under the town; wraps to the town's width."""
        out = ['<g id="legend" font-size="10">']
        x = float(self.ml)
        right = self.ml + self.town_w
        items: list[tuple[str, str, float]] = [
            (f'<line x1="0" y1="0" x2="22" y2="0" stroke="{_WALL}" stroke-width="5"/>', "wall", 26),
            (
                f'<line x1="0" y1="0" x2="4" y2="0" stroke="{_WALL}" stroke-width="5"/>'
                f'<line x1="4" y1="0" x2="18" y2="0" stroke="{_DOOR}" stroke-width="4"/>'
                f'<line x1="18" y1="0" x2="22" y2="0" stroke="{_WALL}" stroke-width="5"/>',
                "door",
                26,
            ),
            (
                f'<line x1="0" y1="0" x2="4" y2="0" stroke="{_WALL}" stroke-width="5"/>'
                f'<path d="M18,0 A14,14 0 0 0 4,-14" fill="none" stroke="{_DOOR}" '
                'stroke-dasharray="2 2"/>'
                f'<line x1="4" y1="0" x2="4" y2="-14" stroke="{_DOOR}" stroke-width="3.5"/>'
                f'<line x1="18" y1="0" x2="22" y2="0" stroke="{_WALL}" stroke-width="5"/>',
                "open door",
                26,
            ),
            (
                f'<line x1="0" y1="0" x2="22" y2="0" stroke="{_RED}" stroke-width="6"/>'
                f'<line x1="0" y1="0" x2="22" y2="0" stroke="{_GLASS}" stroke-width="2"/>',
                "window",
                26,
            ),
            (
                f'<line x1="0" y1="0" x2="22" y2="0" stroke="{_RED}" stroke-width="4.5" '
                'stroke-dasharray="7 4"/>',
                "obstacle",
                26,
            ),
            (
                f'<path d="{_teardrop(9, 0, 8, 13, "E")}" fill="{SIDE_FILLS[0]}"/>',
                "cowboy, pointing where he faces",
                26,
            ),
            (
                f'<path d="{_teardrop(9, 0, 8, 13, "E")}" fill="{SIDE_FILLS[1]}"/>'
                '<circle cx="9" cy="0" r="6" fill="none" stroke="#fff" stroke-width="0.8" '
                'stroke-dasharray="2 1.5"/>',
                "town folk",
                26,
            ),
            (
                '<circle cx="3" cy="0" r="2.3" fill="#d62728"/><circle cx="9" cy="0" r="2.3" '
                'fill="#d62728"/><circle cx="15" cy="0" r="2.3" fill="none" stroke="#6b1010"/>',
                "health",
                22,
            ),
            (
                '<rect x="0" y="-6" width="22" height="10" rx="2" fill="#fffaf0" stroke="#999"/>'
                '<text x="11" y="2" font-size="8" font-weight="bold" text-anchor="middle">P4'
                "</text>",
                "weapon in hand and its rounds (P pistol, R rifle, SG shotgun; – holstered)",
                26,
            ),
            (
                '<path d="M2,-6 L14,6 M14,-6 L2,6" stroke="#555" stroke-width="3"/>',
                "body",
                18,
            ),
        ]
        for sample, words, w in items:
            width = w + text_width(words, 10) + 14
            if x + width > right and x > self.ml:
                x = float(self.ml)
                y += 18
            out.append(f'<g transform="translate({num(x)},{num(y)})">{sample}</g>')
            out.append(svg_text(x + w, y + 3.5, words, fill=_INK))
            x += width
        out.append("</g>")
        return out, y + 12

    # -- the rosters and the hands ----------------------------------------------------------------

    def _panel(self, x0: float, y0: float, width: float) -> tuple[list[str], float]:
        s = self.state
        sides = list(range(s.num_players))
        if any(f.side < 0 for f in s.figures):
            sides.append(-1)
        cols = max(1, min(len(sides), int(width // 280)))
        colw = width / cols
        out = ['<g id="rosters">']
        heights = [0.0] * cols
        for k, side in enumerate(sides):
            c = min(range(cols), key=lambda i: heights[i]) if k >= cols else k
            x, y = x0 + c * colw, y0 + heights[c]
            part, h = self._roster(side, x, y, colw - 12)
            out.extend(part)
            heights[c] += h + 10
        out.append("</g>")
        return out, max(heights)

    def _roster(self, side: int, x: float, y: float, width: float) -> tuple[list[str], float]:
        s = self.state
        col = side_fill(side)
        out = [f'<g class="roster" data-side="{side}">']
        head = side_title(s, side)
        out.append(fit(x, y + 14, head, width * 0.6, 13, font_weight="bold", fill=col))
        extra = []
        if side >= 0:
            _, count, _ = hand_of(self.view, side)
            extra.append(f"{count} card{'s' if count != 1 else ''}")
            used = self.view["cards_used"]
            if used["own"][side]:
                extra.append("own card played")
            if used["opponent"][side]:
                extra.append("answer played")
        if side == s.active and not s.is_over:
            extra.append("acting now")
        hx = x + min(width * 0.6, text_width(head, 13)) + 8
        out.append(fit(hx, y + 14, " · ".join(extra), x + width - hx, 10, fill=_INK))
        out.append(
            f'<line x1="{num(x)}" y1="{num(y + 19)}" x2="{num(x + width)}" y2="{num(y + 19)}" '
            f'stroke="{col}" stroke-width="1.2"/>'
        )
        yy = y + 24
        for f in s.figures:
            if f.side != side:
                continue
            standing = f.standing
            op = "" if standing else ' opacity="0.5"'
            if standing:
                # The line is a mark of the figure too, with the same words.
                op = attrs({"data-point": fig_point(f.id), "aria-label": figure_words(s, f)})
            out.append(f'<g class="roster-figure" data-id="{escape(f.id)}"{op}>')
            if standing:
                out.append(
                    f'<rect x="{num(x)}" y="{num(yy)}" width="{num(width)}" height="28" '
                    'fill="#fff" fill-opacity="0"/>'
                )
            cx, cy = x + 11, yy + 13
            if standing:
                out.append(
                    f'<path d="{_teardrop(cx, cy, 9, 13, f.facing)}" fill="{col}" stroke="#fff"/>'
                )
            else:
                out.append(
                    f'<path d="M{num(cx - 6)},{num(cy - 6)} L{num(cx + 6)},{num(cy + 6)} '
                    f'M{num(cx + 6)},{num(cy - 6)} L{num(cx - 6)},{num(cy + 6)}" '
                    f'stroke="{col}" stroke-width="3"/>'
                )
            out.append(
                svg_text(
                    cx,
                    cy + 3,
                    f.id,
                    font_size=7.5,
                    font_weight="bold",
                    text_anchor="middle",
                    fill="#fff" if standing else col,
                )
            )
            name = f.name or f.short
            mod = f" {f.modifier:+d}" if f.modifier else ""
            where = "gone" if f.square is None else s.ref(f.square)
            line1 = f"{f.id} {name}{mod} · {where}"
            if standing:
                line1 += f" · facing {f.facing} {ARROWS[f.facing]}"
            tx = x + 28
            out.append(fit(tx, yy + 10, line1, x + width - tx, 10.5, font_weight="bold", fill=_INK))
            # health pips, then movement, weapons and notes
            full = full_health(f)
            for k in range(full):
                fill = "#d62728" if k < f.health else "none"
                out.append(
                    f'<circle cx="{num(tx + 3 + k * 6.5)}" cy="{num(yy + 19.5)}" r="2.6" '
                    f'fill="{fill}" stroke="#6b1010" stroke-width="0.8"/>'
                )
            hand, others = weapon_text(f)
            bits = [f"mp {f.movement}"] if standing else []
            if standing:
                bits.append(f"in hand: {hand}")
                if others:
                    bits.append(others)
            bits.extend(figure_notes(s, f))
            lx = tx + full * 6.5 + 4
            out.append(fit(lx, yy + 23, " · ".join(bits), x + width - lx, 9.5, fill=_INK))
            out.append("</g>")
            yy += 30
        out.append("</g>")
        return out, yy - y

    def _hands(self, x0: float, y0: float, width: float) -> tuple[list[str], float]:
        """The viewer's cards face up, the others' as backs with a count."""
        s = self.state
        out = ['<g id="hands">']
        x, y = x0, y0
        row_h = 0.0
        cw, ch = 78.0, 124.0
        order = sorted(range(s.num_players), key=lambda q: q != self.player)
        for side in order:
            faces, count, seen = hand_of(self.view, side)
            col = side_fill(side)
            own = side == self.player
            label = f"Your hand ({s.side_name(side)})" if own else s.side_name(side)
            if own:
                need = max(1, len(faces)) * (cw + 6) + 10
            else:
                need = 60 + min(count, 6) * 6 + len(seen) * (cw + 6) + 40
            need = max(need, text_width(label, 11) + 10)
            if x > x0 and x + need > x0 + width:
                x = x0
                y += row_h + 10
                row_h = 0
            out.append(svg_text(x, y + 11, label, font_size=11, font_weight="bold", fill=col))
            cy = y + 18
            if own:
                if not faces:
                    out.append(svg_text(x, cy + 16, "no cards", fill=_INK, font_style="italic"))
                for k, face in enumerate(faces):
                    out.extend(self._card(face, x + k * (cw + 6), cy, cw, ch, point=True))
                used = max(1, len(faces)) * (cw + 6)
            else:
                shown = min(count, 6)
                bx = x
                for k in range(shown):
                    out.append(
                        f'<rect class="card-back" x="{num(bx + k * 6)}" y="{num(cy + 18)}" '
                        'width="40" height="58" rx="4" fill="url(#back)" stroke="#3a1510" '
                        'stroke-width="1.2"/>'
                    )
                if not count:
                    out.append(
                        f'<rect x="{num(bx)}" y="{num(cy + 18)}" width="40" height="58" rx="4" '
                        'fill="none" stroke="#9a8a6a" stroke-dasharray="4 3"/>'
                    )
                tx = bx + 40 + max(0, shown - 1) * 6 + 6
                out.append(
                    svg_text(tx, cy + 52, f"× {count}", font_size=14, font_weight="bold", fill=_INK)
                )
                used = tx + 34 - x
                for k, face in enumerate(seen):
                    cx = x + used + k * (cw + 6)
                    out.extend(self._card(face, cx, cy, cw, ch, note="seen"))
                used += len(seen) * (cw + 6)
            x += max(used, text_width(label, 11)) + 24
            row_h = max(row_h, ch + 20)
        deck = self.view["deck"]
        out.append(
            svg_text(x0 + width, y0 + 11, f"deck: {deck} left", text_anchor="end", fill=_INK)
        )
        out.append("</g>")
        return out, y + row_h - y0

    def _card(
        self, face: str, x: float, y: float, w: float, h: float, note: str = "", point: bool = False
    ) -> Iterator[str]:
        """A card face up; ``point``: one of the viewer's hand, a mark to
        point at to play it."""
        card = self.state.card(face)
        suit = face[-1]
        red = suit in ("H", "D")
        ink = "#b3121b" if red else "#1a1a1a"
        symbol = _SUITS.get(suit, "★") if not face.startswith("JK") else "★"
        rank = face[:-1] if not face.startswith("JK") else "JK"
        mark = (
            attrs({"data-point": card_point(face), "aria-label": card_words(card)}) if point else ""
        )
        yield (
            f'<g class="card" data-face="{escape(face)}"{mark}>'
            f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="5" '
            f'fill="#fffdf6" stroke="#4a3a2a" stroke-width="1.2"/>'
        )
        yield svg_text(x + 5, y + 15, rank + symbol, font_size=13, font_weight="bold", fill=ink)
        yield svg_text(
            x + w - 6, y + 16, symbol, font_size=18, text_anchor="end", fill=ink, fill_opacity="0.3"
        )
        yy = y + 30
        for line in wrap(card.name, 14)[:2]:
            yield fit(
                x + w / 2, yy, line, w - 6, 9, font_weight="bold", text_anchor="middle", fill=_INK
            )
            yy += 10.5
        # What it does, then when it is played (the whole text on hover).
        for line in wrap(effect_words(card), 19)[:5]:
            yield fit(x + w / 2, yy, line, w - 6, 7.5, text_anchor="middle", fill=_INK)
            yy += 8.5
        yy += 2
        words = WINDOW_WORDS.get(card.window, card.window.value)
        for line in wrap(words, 19)[:2]:
            yield fit(
                x + w / 2,
                yy,
                line,
                w - 6,
                7.5,
                text_anchor="middle",
                fill="#6a5a4a",
                font_style="italic",
            )
            yy += 9
        if note:
            yield svg_text(
                x + w / 2, y + h - 4, note, font_size=7.5, text_anchor="middle", fill="#6a5a4a"
            )
        yield f"<title>{escape(f'{face} {card.name}: {card.text}')}</title></g>"


def render_svg(state: CowboysState, player: int | None = None) -> str:
    """The SVG of what ``player`` may see (``None``: a spectator): the
    town to scale with its cross-references, every figure, horse, body,
    dropped weapon, cattle and stagecoach, the shot being taken with its
    line of sight, the rosters, and the hands: ``player``'s face up, the
    others' as card backs with their counts (and the cards ``player`` was
    shown). It draws nothing that ``state.view(player)`` does not hold."""
    return SvgDrawing(state, player).draw()
