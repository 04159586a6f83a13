"""The d6 Shooters drawn as a playsheet: text (rich) and SVG.

Both drawings show the same sheet, for either episode:

* the route, start to destination, with its Towns, Event squares (E) and,
  in episode 2, resource spaces (``F+``, ``P-``, ``D+``...), and the posse;
* the days chart, the Days passed crossed and every 5th Day a Rations Day;
* the resources (Posse and Food with their cap, Ammo, Gold, Better Guns),
  the Items owned and whether the once-a-game Special Event is still open;
* the dice of the turn by colour, kept and locked ones marked (the red 5s
  and 6s of the first roll are locked for good), and the roll number;
* the effects in force, the Crowe Gang track (episode 2), a Shootout, the
  Poker table or the Ghost Town Showdown when one is on;
* what is pending (a decision or dice to roll) and the last log sentences.

The text fits 100 columns and still reads at 80; the SVG carries
``data-*`` attributes (``data-space``, ``data-day``, ``data-food``...) on
its key elements for tests and scripts. Each die with a face says what it
shows in ``aria-label``; the dice the decision is about (the dice to keep,
the die Gold in Them Hills changes...) carry ``data-point``, the marks a
person clicks in the browser (:mod:`saloon.games.d6shooters.pointing`);
the locked red dice carry none at a keep and are drawn with a padlock.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from saloon.games.d6shooters.content import EventSpec
from saloon.games.d6shooters.pointing import LETTER, die_point, die_words, points_now
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.rules.harm import CHECK_NAMES
from saloon.games.d6shooters.rules.nodes import (
    C_CHECK,
    C_DESERTERS,
    C_EVENT,
    C_EVENT_DIE,
    C_GANG_VOLLEY,
    C_HAND,
    C_ITEM,
    C_POSSE_VOLLEY,
    C_ROLL,
    CROWE_LEADERS,
    CROWE_MEMBERS,
    ITEM_PRICE,
    ITEM_TITLES,
    P_ASSIGN,
    P_BEGIN,
    P_BINOCULARS,
    P_CHARM,
    P_EVENT_CHOICE,
    P_FAMILY,
    P_FOURS,
    P_FREE_ITEM,
    P_GUIDE,
    P_HEAT_FOOD,
    P_HILLS,
    P_KEEP,
    P_LOSS,
    P_NUDGE,
    P_RECRUIT,
    P_REROLL,
    P_SHOP,
    P_STAKE,
    P_TACTIC,
    TACTICS,
)
from saloon.games.d6shooters.rules.text import count, possessive

#: How many log sentences the drawings show.
LOG_LINES = 4
#: The phases in which the dice of the turn are still being rolled.
ROLLING = frozenset({C_ROLL, P_KEEP, P_BINOCULARS, P_HILLS})
#: The phases of a visit to a Town.
IN_TOWN = frozenset({C_ITEM, P_SHOP, P_STAKE})

_DIE_STYLE = {
    "black": "bold white on grey15",
    "red": "bold white on red3",
    "white": "bold black on grey85",
    "posse": "bold black on grey85",
    "crowe": "bold white on grey15",
}
_DIE_FILL = {
    "black": ("#1d1d1d", "#f4f4f4"),
    "red": ("#b3261e", "#ffffff"),
    "white": ("#fbfaf5", "#1d1d1d"),
    "posse": ("#fbfaf5", "#1d1d1d"),
    "crowe": ("#3a3a3a", "#f4f4f4"),
}
_KIND_GLYPH = {"plain": "·", "town": "⌂", "event": "E", "start": "⌂", "destination": "★"}


# -- the model shared by both drawings -----------------------------------------------------


@dataclass(frozen=True)
class Die:
    """One die on the sheet: its colour, face (``None`` while it waits to be
    rolled), whether it is kept (or locked once rolling is over) and whether
    it is a red 5 or 6 locked by the first roll."""

    colour: str
    face: int | None
    kept: bool = False
    forced: bool = False


def space_kind(state: D6State, space: int) -> str:
    """What a space of the route is: ``start``, ``destination``, ``town``,
    ``event``, ``resource`` or ``plain``.

    >>> from saloon.core import get_game
    >>> s = get_game("d6shooters").new_state()
    >>> [space_kind(s, n) for n in (1, 2, 10, 15, 95)]
    ['start', 'plain', 'event', 'town', 'destination']
    """
    m = state.map
    if space == state.destination:
        return "destination"
    if space == m.start:
        return "start"
    if space in m.towns:
        return "town"
    if space in m.events:
        return "event"
    if space in m.resources:
        return "resource"
    return "plain"


def route_marks(state: D6State) -> list[tuple[int, str, str]]:
    """The notable spaces from the start to the destination, in order, as
    ``(space, kind, label)``: Towns by name, ``E`` for Events, the resource
    codes of episode 2, and named places that are not Towns (``landmark``).

    >>> from saloon.core import get_game
    >>> s = get_game("d6shooters").new_state()
    >>> route_marks(s)[:3]
    [(1, 'start', 'Pyrite'), (10, 'event', 'E'), (15, 'town', 'Calico')]
    """
    m = state.map
    out = []
    for space in range(m.start, state.destination + 1):
        kind = space_kind(state, space)
        if kind in ("start", "town", "destination"):
            out.append((space, kind, m.towns[space]))
        elif kind == "event":
            out.append((space, kind, "E"))
        elif kind == "resource":
            out.append((space, kind, m.resources[space]))
        if space in m.landmarks:
            out.append((space, "landmark", m.landmarks[space]))
    return out


def _mark_forced(faces: Sequence[int], forced: Sequence[int]) -> list[bool]:
    left = list(forced)
    out = []
    for f in faces:
        if f in left:
            left.remove(f)
            out.append(True)
        else:
            out.append(False)
    return out


def turn_dice(state: D6State) -> list[Die]:
    """The dice of the turn (or of the Poker hand), black, red then white.

    While rolling: the dice showing, the kept ones marked once a colour is
    decided, and a die with no face for each die about to be rolled.
    Once rolling is over every die is locked (``kept``).
    """
    if state.mode == "showdown":
        return []
    groups: list[tuple[str, tuple[int, ...]]] = [
        ("black", state.dice.black),
        ("red", state.dice.red),
        ("white", state.dice.white),
    ]
    ph = state.phase
    rolling = ph in ROLLING
    queue = dict(state.dice.to_roll) if ph == C_ROLL else {}
    out: list[Die] = []
    for colour, faces in groups:
        forced = _mark_forced(faces, state.dice.locked) if colour == "red" else [False] * len(faces)
        pending = 0
        if not rolling:
            kept = [True] * len(faces)
        elif ph == C_ROLL and state.dice.rolls == 0:
            # The first roll: only dice set beforehand (Guide, Lost Family) are kept.
            placed: tuple[int, ...] = ()
            if state.mode == "turn":
                placed = {"red": state.dice.set_red, "white": state.dice.set_white}.get(colour, ())
            kept = _mark_forced(faces, placed)
            pending = queue.get(colour, 0)
        elif ph == C_ROLL and state.dice.binoculars_reroll:
            kept = list(forced)
            pending = queue.get(colour, 0)
        elif ph == C_ROLL:
            # Dice of a colour still to roll are the ones kept; a colour already
            # rolled again shows its new faces among the kept ones.
            pending = queue.get(colour, 0)
            kept = [bool(pending) or fo for fo in forced]
        else:
            kept = list(forced)
        for f, k, fo in zip(faces, kept, forced, strict=True):
            out.append(Die(colour, f, k or fo, fo))
        out.extend(Die(colour, None) for _ in range(pending))
    return out


def showdown_dice(state: D6State) -> tuple[list[Die], list[Die]]:
    """The Showdown's two groups (Posse, Crowe Gang): the faces of this
    round's roll, a faceless die for each still to roll; between rounds
    only faceless dice, one per die left."""
    ph = state.phase
    live = ph in (C_ROLL, P_REROLL, P_NUDGE, P_ASSIGN)
    out: list[list[Die]] = []
    for side, faces, n in (
        ("posse", state.showdown.posse_faces, state.showdown.posse),
        ("crowe", state.showdown.crowe_faces, state.showdown.crowes),
    ):
        dice = [Die(side, f) for f in faces] if live else []
        dice += [Die(side, None) for _ in range(max(0, n - len(dice)))]
        out.append(dice)
    return out[0], out[1]


def crowe_track(state: D6State) -> tuple[int, int]:
    """The Crowe Gang track: ``(boxes, left)``; Russell and Sheryl come on
    top and are never crossed off."""
    base = state.map.short_crowe if state.options.version == "shorter" else CROWE_MEMBERS
    return max(base, state.journey.crowes), state.journey.crowes


def event_spec(state: D6State) -> EventSpec | None:
    """The Event being resolved, if one is."""
    key = state.pending.event_key
    if not key:
        return None
    if "-" in key:
        lo, hi = key.split("-")
        return state.event_table.cards.get((int(lo), int(hi)))
    n = int(key)
    return state.event_table.d6[n - 1] if 1 <= n <= len(state.event_table.d6) else None


def _event_live(state: D6State) -> bool:
    ph = state.phase
    if ph in (P_EVENT_CHOICE, C_EVENT_DIE):
        return True
    return ph == C_CHECK and state.pending.roll_for in ("snakes", "fish")


def _next_of(spaces: Iterable[int], pos: int, dest: int) -> int | None:
    ahead = [s for s in spaces if pos < s <= dest]
    return min(ahead) if ahead else None


def status_line(state: D6State) -> str:
    """Where and when the posse is, or how the journey ended, as a sentence."""
    if state.is_over:
        return state.ending
    if state.mode == "showdown":
        return (
            f"The Ghost Town Showdown at {state.destination_name}, reached on Day "
            f"{state.journey.arrival_day} of {state.limit}."
        )
    m = state.map
    parts = [
        f"Day {state.journey.day + 1} of {state.limit}",
        f"space {state.journey.space} of {state.destination} "
        f"({state.destination - state.journey.space} to {state.destination_name})",
    ]
    nxt_town = _next_of(m.towns, state.journey.space, state.destination)
    nxt_event = _next_of(m.events, state.journey.space, state.destination)
    ahead = []
    if nxt_event is not None:
        ahead.append(f"E {nxt_event}")
    if nxt_town is not None and nxt_town != state.destination:
        ahead.append(f"{m.towns[nxt_town]} {nxt_town}")
    if ahead:
        parts.append("next: " + ", ".join(ahead))
    return " · ".join(parts)


def rations_note(state: D6State) -> str:
    """When the next Rations are due and what they cost."""
    nxt = (state.journey.day // 5 + 1) * 5
    if nxt >= state.limit:
        return "no more Rations Days"
    return f"Rations Day {nxt}: {state.journey.posse} to feed, {state.journey.food} Food"


def pending_line(state: D6State) -> str:
    """What happens next: the decision asked for, or the dice to roll."""
    ph = state.phase
    if state.is_over:
        return status_line(state)
    town = state.map.towns.get(state.visit.space, "the Town")
    check = state.pending.roll_for
    n = state.pending.dice
    event_die = {
        "stampede": "Two dice are rolled for the Stampede.",
        "shortcut": "A die is rolled for the Shortcut.",
        "deer": "A die is rolled for the big hunt.",
    }
    men = state.effects.deserters
    chance = {
        C_CHECK: f"Rolling {possessive(CHECK_NAMES.get(check, 'the check'))} "
        f"{n} {'die' if n == 1 else 'dice'}.",
        C_POSSE_VOLLEY: f"Shootout round {state.shootout.round}: your dice are rolled.",
        C_GANG_VOLLEY: f"Shootout round {state.shootout.round}: the Gang's dice are rolled.",
        C_EVENT: "An Event is drawn.",
        C_EVENT_DIE: event_die.get(check, "A die is rolled for the Event."),
        C_ITEM: f"A die is rolled for the Special Item for sale in {town}.",
        C_HAND: "A die is rolled for the Poker hand to beat.",
        C_DESERTERS: "A die is rolled for "
        + ("the Army Deserter." if men == 1 else f"each of the {men} Army Deserters."),
    }
    if ph == C_ROLL:
        dice = ", ".join(f"{n} {g}" for g, n in state.dice.to_roll)
        return f"Rolling {dice} {'die' if sum(n for _, n in state.dice.to_roll) == 1 else 'dice'}."
    if ph in chance:
        return chance[ph]
    if ph == P_KEEP:
        if state.mode == "poker":
            return f"Poker: keep which dice (after roll {state.dice.rolls} of 3), or stop?"
        return f"Keep which dice (after roll {state.dice.rolls} of 3)? e.g. r14 w22, or stop."
    if ph == P_FOURS:
        res = state.resolution
        return (
            f"Use {res.fours} four{'s' if res.fours != 1 else ''}: Seek Shelter "
            f"(5s: {res.fives}), Hide (6s: {res.sixes}), Fight or Backroads."
        )
    if ph == P_RECRUIT:
        sets = state.resolution.threes // 3
        return f"{count(sets, 'set')} of three 3s: recruit Posse or find Gold."
    if ph == P_HEAT_FOOD:
        hits = count(state.pending.heat_hits, "hit")
        return f"Extreme Heat: {hits}; pay 2 Food for each or lose a Posse member."
    if ph == P_LOSS:
        loss, source = state.pending.losses[0]
        return f"{loss} Posse lost to {source}: use Medicine or deserters?"
    if ph == P_EVENT_CHOICE:
        spec = event_spec(state)
        return f"Event choice: {spec.name if spec else state.pending.event_kind}."
    if ph == P_SHOP:
        return (
            f"In {town}: buy, play Poker or leave."
            if state.episode == 1
            else f"In {town}: buy or leave."
        )
    if ph == P_STAKE:
        return f"Poker in {town}: stake Gold, Food and Ammo, e.g. stake 2g 1f."
    if ph == P_TACTIC:
        return f"Showdown round {state.showdown.round + 1}: declare a Tactic (or none)."
    if ph == P_REROLL:
        return "Spend 1 Ammo to reroll up to three dice (either side)?"
    if ph == P_NUDGE:
        return f"Distract: change a die by one pip ({state.showdown.pips_left} left) or done."
    if ph == P_ASSIGN:
        return "Posse 4-6s: how many remove a Crowe 1-2 (the rest set Crowe 5-6s aside)?"
    words = {
        P_FREE_ITEM: "Choose the free Special Item (Easier Version).",
        P_BEGIN: "Start the Day: roll, or call the once-a-game Special Event.",
        P_GUIDE: "Indian Guide: set one red die before rolling.",
        P_FAMILY: "Lost Family: set one red and one white die before rolling.",
        P_BINOCULARS: "Binoculars: reroll the locked red die?",
        P_HILLS: "Gold in Them Hills: turn one die into a 3?",
        P_CHARM: "Lucky Charm: change one white die by one pip?",
    }
    return words.get(ph, "Decide.")


def effects_list(state: D6State) -> list[str]:
    """The effects in force: the Event effects the rules track, and this
    turn's own limits."""
    out = list(state.effects_in_force())
    if state.resolution.no_movement and state.mode == "turn":
        out.append("Slow Train Crossing (no more movement this turn)")
    if state.resolution.town_stop and state.episode == 1 and not state.is_over:
        out.append("Stopped at a Town (movement dice wasted)")
    return out


def resolve_summary(state: D6State) -> str:
    """Once the dice are locked: what each number does this turn."""
    parts = [f"moves {state.resolution.ones}"]
    if state.resolution.twos:
        gain = f" (+{state.resolution.twos // 2} Food)" if state.resolution.twos >= 2 else ""
        parts.append(f"2s {state.resolution.twos}{gain}")
    if state.resolution.threes:
        parts.append(f"3s {state.resolution.threes}")
    parts.append(f"4s {state.resolution.fours}")
    if state.resolution.fight or state.resolution.backroads:
        parts.append(f"fight {state.resolution.fight}, backroads {state.resolution.backroads}")
    parts.append(f"5s {state.resolution.fives}")
    parts.append(f"6s {state.resolution.sixes}")
    return " · ".join(parts)


def _dice_live(state: D6State) -> bool:
    return state.mode == "turn" and bool(
        state.dice.red or state.dice.white or state.dice.black or state.dice.to_roll
    )


def _roll_label(state: D6State) -> str:
    if state.phase in ROLLING or (state.mode == "poker" and state.phase == P_KEEP):
        if state.phase == C_ROLL and state.dice.binoculars_reroll:
            return f"roll {state.dice.rolls} of 3, Binoculars reroll"
        if state.phase == C_ROLL:
            return f"roll {state.dice.rolls + 1} of 3"
        return f"roll {state.dice.rolls} of 3"
    return f"all locked after roll {state.dice.rolls}"


# -- rich ------------------------------------------------------------------------------------


class _Line:
    """A line of text of fixed width where labels go without overlapping."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.cells: list[tuple[str, str] | None] = [None] * width

    def put(self, x: int, text: str, style: str = "", gap: int = 1) -> bool:
        """Write ``text`` at column ``x`` if it fits and ``gap`` columns around
        it are free; say whether it was written."""
        end = x + len(text)
        if x < 0 or end > self.width or not text:
            return False
        if any(c is not None for c in self.cells[max(0, x - gap) : min(self.width, end + gap)]):
            return False
        for i, ch in enumerate(text):
            self.cells[x + i] = (ch, style)
        return True

    def text(self) -> Text:
        out = Text()
        for cell in self.cells:
            if cell is None:
                out.append(" ")
            else:
                out.append(cell[0], style=cell[1])
        out.rstrip()
        return out


class _Route:
    """The stretch of route around the posse: Town names, the spaces (three
    columns each) and their numbers; it shows as many spaces as fit."""

    CELL = 3

    def __init__(self, state: D6State) -> None:
        self.state = state

    def window(self, width: int) -> tuple[int, int]:
        s = self.state
        start, dest = s.map.start, s.destination
        n = max(5, width // self.CELL)
        lo = max(start, s.journey.space - n // 4)
        hi = min(dest, lo + n - 1)
        lo = max(start, hi - n + 1)
        return lo, hi

    def lines(self, width: int) -> list[Text]:
        s = self.state
        lo, hi = self.window(width)
        c = self.CELL
        used = (hi - lo + 1) * c
        names, cells, numbers = _Line(used), _Line(used), _Line(used)
        for space in range(lo, hi + 1):
            x = (space - lo) * c
            kind = space_kind(s, space)
            glyph = s.map.resources[space] if kind == "resource" else _KIND_GLYPH[kind]
            style = "dim" if space < s.journey.space else ""
            if kind in ("town", "start", "destination"):
                style += " bold yellow"
            elif kind == "event":
                style += " bold magenta"
            elif kind == "resource":
                style += " bold green"
            if space == s.journey.space:
                glyph, style = "◆", "bold reverse red"
            cells.put(x + (c - len(glyph)) // 2, glyph, style.strip(), gap=0)
        # Numbers: the posse's first, then Towns, then every fifth space.
        numbers.put(
            self._centre(s.journey.space, lo, str(s.journey.space)),
            str(s.journey.space),
            "bold red",
        )
        towns = [t for t in sorted(s.map.towns) if lo <= t <= hi]
        for t in towns:
            numbers.put(self._centre(t, lo, str(t)), str(t), "yellow")
        for space in range(lo, hi + 1):
            if space % 5 == 0:
                numbers.put(self._centre(space, lo, str(space)), str(space), "dim")
        # Town names above, the destination and the nearest ones first, then landmarks.
        order = sorted(towns, key=lambda t: (t != s.destination, abs(t - s.journey.space)))
        for t in order:
            name = s.map.towns[t]
            col = (t - lo) * c + 1
            style = "bold yellow" if t >= s.journey.space else "dim yellow"
            if not names.put(col, name, style):
                names.put(col - len(name) + 1, name, style)
        for t, name in s.map.landmarks.items():
            if lo <= t <= hi:
                col = (t - lo) * c + 1
                if not names.put(col, name, "italic"):
                    names.put(col - len(name) + 1, name, "italic")
        return [names.text(), cells.text(), numbers.text()]

    def _centre(self, space: int, lo: int, label: str) -> int:
        return (space - lo) * self.CELL + (self.CELL - len(label)) // 2

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        n = self.state.destination - self.state.map.start + 1
        return Measurement(5 * self.CELL, n * self.CELL)


def route_summary(state: D6State) -> Text:
    """The road ahead in one line: the posse's space, then every notable space
    to the destination by number (cut at the edge of the sheet)."""
    out = Text("Ahead: ", style="bold", no_wrap=True, overflow="ellipsis")
    here = state.journey.space
    tokens: list[tuple[str, str]] = [(f"◆{here}", "bold reverse red")]
    for space, kind, label in route_marks(state):
        if space < here:
            continue
        if space == here:
            tokens[0] = (f"◆{space} {label}", "bold reverse red")
            continue
        style = "bold yellow" if kind in ("town", "start", "destination") else ""
        tokens.append((f"{space} {label}", style))
    for i, (token, style) in enumerate(tokens):
        if i:
            out.append(" · ", style="dim")
        out.append(token, style=style)
    return out


def days_chart(state: D6State) -> Text:
    """The days chart: a mark per Day in groups of five, the 5th a Rations
    Day; ``×`` a Day passed, ``⊗`` a Rations Day passed, ``R`` one to come.

    >>> from saloon.core import get_game
    >>> s = get_game("d6shooters").new_state()
    >>> s.journey.day = 7
    >>> days_chart(s).plain[:17]
    'Days  ××××⊗ ××○·R'
    """
    out = Text("Days  ", style="bold")
    for d in range(1, state.limit + 1):
        passed = d <= state.journey.day
        rations = d % 5 == 0
        if passed:
            out.append("⊗" if rations else "×", style="bold red" if rations else "red")
        elif d == state.journey.day + 1 and not state.is_over:
            out.append("R" if rations else "○", style="bold reverse")
        else:
            out.append("R" if rations else "·", style="bold yellow" if rations else "dim")
        if d % 5 == 0 and d < state.limit:
            out.append(" ")
    out.append(f" {state.journey.day}/{state.limit}", style="bold")
    return out


def _days_ruler(state: D6State) -> Text:
    line = _Line(6 + state.limit + (state.limit - 1) // 5)
    for d in range(5, state.limit + 1, 5):
        col = 6 + (d - 1) + (d - 1) // 5
        line.put(col - len(str(d)) + 1, str(d), "dim", gap=0)
    return line.text()


def _pips(n: int, cap: int) -> str:
    return "●" * min(n, cap) + "○" * max(0, cap - n)


def _resources(state: D6State) -> Table:
    j = state.journey
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold")
    table.add_column(justify="right")
    table.add_column()
    table.add_column(style="bold")
    table.add_column(justify="right")
    table.add_column()
    items = [ITEM_TITLES[n] for n in state.view(None)["journey"]["items"] if n != "guns"]
    if j.guns_bonus:
        items.append(f"Better Guns +{j.guns_bonus}")
    extra = ", ".join(items) if items else "no Items"
    if state.episode == 1:
        extra += " · Special Event " + ("used" if j.special_used else "open")
    rations = Text()
    if not state.is_over and state.mode == "turn":
        short = j.food < j.posse
        rations = Text(" " + rations_note(state), style="red" if short else "dim")
    table.add_row(
        "Posse", f"{j.posse}/{state.cap}", Text(_pips(j.posse, state.cap), style="cyan"),
        " Ammo", str(j.ammo), " " + extra,
    )  # fmt: skip
    table.add_row(
        "Food", f"{j.food}/{state.cap}", Text(_pips(j.food, state.cap), style="green"),
        " Gold", str(j.gold), rations,
    )  # fmt: skip
    return table


def crowe_text(state: D6State) -> Text:
    """Episode 2's Crowe Gang track: ``×`` a member crossed off, ``■`` one left."""
    boxes, left = crowe_track(state)
    out = Text("Crowes ", style="bold")
    out.append("×" * (boxes - left), style="dim")
    out.append("■" * left, style="bold")
    out.append(" +Russell +Sheryl", style="bold")
    out.append(f": {left + CROWE_LEADERS} dice at the Showdown")
    return out


def _die_text(d: Die) -> Text:
    style = _DIE_STYLE[d.colour]
    if d.face is None:
        return Text(" ? ", style="dim")
    if d.forced:
        return Text(f"«{d.face}»", style=style)
    if d.kept:
        return Text(f"[{d.face}]", style=style)
    return Text(f" {d.face} ", style=style)


def dice_text(state: D6State) -> Text:
    """The dice of the turn by colour: ``[n]`` kept, ``«n»`` locked by the
    first roll, ``?`` about to be rolled; the black die counts twice."""
    out = Text()
    dice = turn_dice(state)
    for colour in ("black", "red", "white"):
        mine = [d for d in dice if d.colour == colour]
        if not mine:
            continue
        if out:
            out.append("  ")
        label = "black (×2)" if colour == "black" else colour
        out.append(f"{label} ", style="bold")
        for i, d in enumerate(mine):
            if i:
                out.append(" ")
            out.append_text(_die_text(d))
    return out


def _dice_block(state: D6State) -> list[RenderableType]:
    out: list[RenderableType] = []
    if state.mode == "poker":
        g, f, a = state.visit.stake
        head = Text.assemble(
            ("Poker ", "bold"),
            f"({_roll_label(state)}) ",
            f"stake {g} Gold, {f} Food, {a} Ammo: ",
        )
        out.append(head + dice_text(state))
        return out
    if not _dice_live(state):
        return out
    head = Text.assemble(("Dice ", "bold"), f"({_roll_label(state)})  ")
    line = head + dice_text(state)
    if state.phase not in ROLLING:
        line.append("   " + resolve_summary(state), style="dim")
    out.append(line)
    return out


def _showdown_block(state: D6State) -> list[RenderableType]:
    posse, crowe = showdown_dice(state)
    used = [t for i, t in enumerate(TACTICS) if i and state.showdown.tactics_used & (1 << i)]
    lines: list[RenderableType] = [
        Text.assemble(
            ("Ghost Town Showdown", "bold red"),
            f"  round {state.showdown.round + (0 if state.phase == P_TACTIC else 1)}",
            f" · tactic {state.showdown.tactic}",
            f" · tactics used: {', '.join(used) or 'none'}",
            f" · reroll {'used' if state.showdown.rerolled else 'open'} "
            f"(Ammo {state.journey.ammo})",
            *((f" · nudges left {state.showdown.pips_left}",) if state.showdown.pips_left else ()),
        )
    ]
    for name, dice, n in (
        ("Posse", posse, state.showdown.posse),
        ("Crowe", crowe, state.showdown.crowes),
    ):
        row = Text(f"  {name} {n:>2} dice: ", style="bold")
        for i, d in enumerate(dice):
            if i:
                row.append(" ")
            row.append_text(_die_text(d))
        lines.append(row)
    return lines


def _situation(state: D6State) -> list[RenderableType]:
    """The Event, Town or Shootout under way."""
    out: list[RenderableType] = []
    ph = state.phase
    if ph in (C_POSSE_VOLLEY, C_GANG_VOLLEY):
        bonus = f" + {state.journey.ammo} Ammo" + (
            f" + {state.journey.guns_bonus} Better Guns" if state.journey.guns_bonus else ""
        )
        out.append(
            Text.assemble(
                ("Shootout ", "bold red"),
                f"({state.shootout.kind}), round {state.shootout.round}: Posse "
                f"{state.shootout.posse_dice} dice{bonus} against Gang "
                f"{state.shootout.gang_dice} dice"
                + (
                    f"; your roll: {sum(state.shootout.posse_roll)}"
                    if state.shootout.posse_roll
                    else ""
                ),
            )
        )
    if _event_live(state):
        spec = event_spec(state)
        if spec is not None:
            out.append(
                Text.assemble(
                    (f"Event {state.pending.event_key}: {spec.name}", "bold magenta"),
                    f" — {spec.text}",
                )
            )
    if ph in IN_TOWN:
        town = state.map.towns.get(state.visit.space, "Town")
        offer = "no Special Item for sale"
        if state.visit.item_offered:
            price = (
                "any Gold"
                if state.visit.item_offered == "guns"
                else f"{ITEM_PRICE[state.episode][state.visit.item_offered]} Gold"
            )
            offer = f"for sale: {ITEM_TITLES[state.visit.item_offered]} ({price})"
        extra = f" · Posse bought {state.visit.posse_bought}" if state.visit.posse_bought else ""
        poker = " · Poker played" if state.visit.poker_played else ""
        out.append(Text.assemble((f"In {town}", "bold yellow"), f": {offer}{extra}{poker}"))
    return out


def render_rich(state: D6State) -> Panel:
    """The playsheet as a rich panel: status, route, days, resources, the
    Crowe Gang (episode 2), the dice, the effects and what is pending; a
    dozen lines, so that a menu fits under it on an 80 x 24 screen (the log's
    sentences are told as they happen, not repeated here)."""
    parts: list[RenderableType] = [
        Text(status_line(state), style="bold"),
        _Route(state),
        route_summary(state),
        days_chart(state),
    ]
    parts.append(_resources(state))
    if state.episode == 2:
        parts.append(crowe_text(state))
    parts.extend(_situation(state))
    if state.mode == "showdown":
        parts.extend(_showdown_block(state))
    else:
        parts.extend(_dice_block(state))
    effects = effects_list(state)
    if effects:
        parts.append(Text.assemble(("In force: ", "bold"), ("; ".join(effects), "yellow")))
    if not state.is_over:
        parts.append(Text.assemble(("▶ ", "bold"), (pending_line(state), "bold")))
    episode = f"Episode {state.episode}: {state.map.name}"
    version = state.options.version
    subtitle = (
        f"dice: \\[n] kept, «n» locked, ? to roll · {version} · events {state.options.events}"
    )
    return Panel(
        Group(*parts),
        title=f"The d6 Shooters · {episode}",
        title_align="left",
        subtitle=subtitle,
        subtitle_align="right",
    )


# -- SVG ---------------------------------------------------------------------------------------

_W = 960
_M = 20
_INK = "#3b2a1a"
_PAPER = "#f6efe0"
_KIND_FILL = {
    "plain": "#eadcbf",
    "start": "#d9a55b",
    "town": "#d9a55b",
    "destination": "#c0622d",
    "event": "#f1cf5a",
    "resource": "#a9cfa0",
}
_PASSED_FILL = {
    "plain": "#f3ecdc",
    "start": "#ecd3ac",
    "town": "#ecd3ac",
    "destination": "#e0b096",
    "event": "#f6e6ad",
    "resource": "#d4e6cf",
}
_PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def _attrs(attrs: dict[str, object]) -> str:
    return "".join(f' {k.replace("_", "-")}="{escape(str(v))}"' for k, v in attrs.items())


def _t(x: float, y: float, text: str, **attrs: object) -> str:
    return f'<text x="{x:g}" y="{y:g}"{_attrs(attrs)}>{escape(text)}</text>'


def _route_layout(state: D6State) -> tuple[int, int, float]:
    """Spaces per row, cell size and the left edge of the route's rows."""
    per_row = 24
    cell = 32
    step = cell + 4
    left = (_W - per_row * step + 4) / 2
    return per_row, cell, left


def _space_xy(state: D6State, space: int, top: float) -> tuple[float, float]:
    per_row, cell, left = _route_layout(state)
    i = space - state.map.start
    row, col = divmod(i, per_row)
    if row % 2:
        col = per_row - 1 - col
    return left + col * (cell + 4), top + row * (cell + 34)


def _svg_route(state: D6State, top: float) -> tuple[list[str], float]:
    per_row, cell, _ = _route_layout(state)
    m = state.map
    n = state.destination - m.start + 1
    rows = -(-n // per_row)
    out = [f'<g id="route" data-start="{m.start}" data-destination="{state.destination}">']
    # The trail joining the spaces, drawn first.
    points = []
    for space in range(m.start, state.destination + 1):
        x, y = _space_xy(state, space, top)
        points.append(f"{x + cell / 2:g},{y + cell / 2:g}")
    out.append(
        f'<polyline points="{" ".join(points)}" fill="none" stroke="#b99a6b" '
        'stroke-width="6" stroke-linejoin="round"/>'
    )
    labels: list[str] = []
    for space in range(m.start, state.destination + 1):
        x, y = _space_xy(state, space, top)
        kind = space_kind(state, space)
        passed = space < state.journey.space
        fill = (_PASSED_FILL if passed else _KIND_FILL)[kind]
        attrs: dict[str, object] = {
            "data_space": space,
            "data_kind": kind,
            "data_passed": str(passed).lower(),
        }
        if kind == "resource":
            attrs["data_resource"] = m.resources[space]
        if kind in ("town", "start", "destination"):
            attrs["data_town"] = m.towns[space]
        out.append(
            f'<rect x="{x:g}" y="{y:g}" width="{cell}" height="{cell}" rx="4" fill="{fill}" '
            f'stroke="{_INK}" stroke-width="{2 if kind != "plain" else 1}"{_attrs(attrs)}/>'
        )
        out.append(_t(x + 3, y + 9, str(space), font_size=8, fill="#6b5a40"))
        cx, cy = x + cell / 2, y + cell / 2
        if kind == "event":
            out.append(_t(cx, cy + 7, "E", font_size=16, font_weight="bold", text_anchor="middle"))
        elif kind == "resource":
            code = m.resources[space]
            out.append(_t(cx, cy + 6, code, font_size=12, font_weight="bold", text_anchor="middle"))
        if space in m.landmarks:
            name = m.landmarks[space]
            tx = min(max(cx, _M + 3.2 * len(name)), _W - _M - 3.2 * len(name))
            labels.append(
                _t(tx, y - 4, name, font_size=10, font_style="italic", text_anchor="middle")
            )
        if kind in ("town", "start", "destination"):
            out.append(
                f'<path d="M{cx - 8:g},{cy + 9:g} v-9 l8,-7 l8,7 v9 z" fill="{_PAPER}" '
                f'stroke="{_INK}" stroke-width="1.2"/>'
            )
            name = m.towns[space]
            tx = min(max(cx, _M + 3.2 * len(name)), _W - _M - 3.2 * len(name))
            labels.append(
                _t(
                    tx,
                    y + cell + 13,
                    name,
                    font_size=11,
                    font_weight="bold",
                    text_anchor="middle",
                    fill=_INK,
                )
            )
    out.extend(labels)
    # The posse's marker on its space.
    x, y = _space_xy(state, state.journey.space, top)
    cx, cy = x + cell / 2, y + cell / 2
    out.append(
        f'<g id="posse" data-space="{state.journey.space}" '
        f'data-kind="{space_kind(state, state.journey.space)}">'
        f'<circle cx="{cx:g}" cy="{cy:g}" r="12" fill="#8b1a1a" stroke="#fff" '
        'stroke-width="2"/>'
        + _t(cx, cy + 5, "★", font_size=14, fill="#fff", text_anchor="middle")
        + "</g>"
    )
    out.append("</g>")
    return out, top + rows * (cell + 34)


def _svg_days(state: D6State, top: float) -> tuple[list[str], float]:
    size, gap = 19, 3
    step = size + gap
    left = (_W - state.limit * step + gap) / 2
    head = f"Days: {state.journey.day} of {state.limit} passed · every 5th Day is a Rations Day"
    out = [
        _t(_M, top + 12, head, font_weight="bold", fill=_INK),
        f'<g id="days" data-passed="{state.journey.day}" data-limit="{state.limit}">',
    ]
    y = top + 20
    for d in range(1, state.limit + 1):
        x = left + (d - 1) * step
        passed = d <= state.journey.day
        rations = d % 5 == 0
        fill = "#f0b97a" if rations else "#fbf6ea"
        current = d == state.journey.day + 1 and not state.is_over
        out.append(
            f'<rect x="{x:g}" y="{y:g}" width="{size}" height="{size}" fill="{fill}" '
            f'stroke="{"#8b1a1a" if current else _INK}" stroke-width="{2.5 if current else 1}" '
            f'data-day="{d}" data-passed="{str(passed).lower()}" '
            f'data-rations="{str(rations).lower()}"/>'
        )
        if rations:
            out.append(
                _t(
                    x + size / 2,
                    y + 14,
                    "R",
                    font_size=11,
                    font_weight="bold",
                    text_anchor="middle",
                    fill="#7a3e10",
                )
            )
        if passed:
            out.append(
                f'<path d="M{x + 3:g},{y + 3:g} L{x + size - 3:g},{y + size - 3:g} '
                f'M{x + size - 3:g},{y + 3:g} L{x + 3:g},{y + size - 3:g}" stroke="#8b1a1a" '
                'stroke-width="2"/>'
            )
        if rations or d == 1:
            out.append(
                _t(
                    x + size / 2,
                    y + size + 11,
                    str(d),
                    font_size=9,
                    text_anchor="middle",
                    fill="#6b5a40",
                )
            )
    out.append("</g>")
    return out, y + size + 18


def _svg_pips(x: float, y: float, n: int, cap: int, fill: str) -> str:
    return "".join(
        f'<circle cx="{x + 6 + i * 13:g}" cy="{y:g}" r="5" '
        f'fill="{fill if i < n else "none"}" stroke="{_INK}" stroke-width="1"/>'
        for i in range(cap)
    )


def _svg_resources(state: D6State, x: float, top: float) -> tuple[list[str], float]:
    items = [n for n in state.view(None)["journey"]["items"]]
    out = [
        _t(x, top + 12, "Resources", font_weight="bold", font_size=13, fill=_INK),
        f'<g id="resources" data-posse="{state.journey.posse}" data-food="{state.journey.food}" '
        f'data-ammo="{state.journey.ammo}" data-gold="{state.journey.gold}" '
        f'data-guns="{state.journey.guns_bonus}" '
        f'data-cap="{state.cap}">',
    ]
    y = top + 32
    rows: list[tuple[str, int, int | None, str]] = [
        ("posse", state.journey.posse, state.cap, "#2f6f8f"),
        ("food", state.journey.food, state.cap, "#4f8a3a"),
        ("ammo", state.journey.ammo, None, "#555"),
        ("gold", state.journey.gold, None, "#c79a1e"),
    ]
    for name, value, cap, colour in rows:
        label = f"{name.title()} {value}" + (f"/{cap}" if cap else "")
        out.append(f'<g data-resource="{name}" data-value="{value}">')
        out.append(_t(x, y + 4, label, font_weight="bold", fill=_INK))
        shown = min(value, 12) if cap is None else value
        out.append(_svg_pips(x + 90, y, shown, cap or shown, colour))
        if cap is None and value > 12:
            out.append(_t(x + 90 + 12 * 13 + 4, y + 4, "…", fill=_INK))
        out.append("</g>")
        y += 20
    guns = (
        f"Better Guns +{state.journey.guns_bonus}"
        if state.journey.guns_bonus
        else "Better Guns: none"
    )
    out.append(_t(x, y + 4, guns, fill=_INK, data_guns=state.journey.guns_bonus))
    y += 20
    special = "Special Event: " + ("used" if state.journey.special_used else "open")
    out.append(
        _t(x, y + 4, special, fill=_INK, data_special=str(state.journey.special_used).lower())
    )
    out.append("</g>")
    y += 26
    out.append(_t(x, y, "Items", font_weight="bold", font_size=13, fill=_INK))
    y += 8
    out.append(f'<g id="items" data-items="{" ".join(items)}">')
    if not items:
        out.append(_t(x, y + 14, "none", fill="#6b5a40", font_style="italic"))
        y += 20
    for name in items:
        title = ITEM_TITLES[name] + (f" +{state.journey.guns_bonus}" if name == "guns" else "")
        width = 12 + 7.2 * len(title)
        out.append(
            f'<g data-item="{name}"><rect x="{x:g}" y="{y + 2:g}" width="{width:g}" '
            f'height="18" rx="9" fill="#e8d3a8" stroke="{_INK}"/>'
            + _t(x + 6, y + 15, title, fill=_INK)
            + "</g>"
        )
        y += 22
    out.append("</g>")
    return out, y + 6


def _svg_die(x: float, y: float, size: float, d: Die, index: int, point: str = "") -> str:
    """One die: a filled square with its pips (a dashed outline while it
    waits to be rolled), a padlock when the first roll locked it. A die
    with a face says what it shows in ``aria-label`` (with "locked" when
    it is); a die a decision is about carries its ``data-point``
    (:mod:`saloon.games.d6shooters.pointing`), clicked in the browser."""
    fill, ink = _DIE_FILL[d.colour]
    attrs: dict[str, object] = {
        "data_colour": d.colour,
        "data_face": "" if d.face is None else d.face,
        "data_kept": str(d.kept).lower(),
        "data_forced": str(d.forced).lower(),
        "data_index": index,
    }
    if d.face is not None:
        if point:
            attrs["data_point"] = point
        attrs["aria_label"] = die_words(LETTER[d.colour], d.face, d.forced)
    out = [f"<g{_attrs({'class': 'die', **attrs})}>"]
    if d.face is None:
        out.append(
            f'<rect x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" rx="5" '
            f'fill="none" stroke="{fill if d.colour != "white" else "#888"}" '
            'stroke-width="1.5" stroke-dasharray="4 3"/>'
        )
        out.append(
            _t(x + size / 2, y + size / 2 + 5, "?", text_anchor="middle", fill="#888", font_size=14)
        )
        out.append("</g>")
        return "".join(out)
    stroke = "#e0a000" if d.kept else "#444"
    out.append(
        f'<rect x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" rx="5" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="{3 if d.kept else 1}"/>'
    )
    for px, py in _PIPS[d.face]:
        out.append(
            f'<circle cx="{x + px * size:g}" cy="{y + py * size:g}" r="{size / 11:g}" '
            f'fill="{ink}"/>'
        )
    if d.forced:
        # A padlock on the corner: this die cannot be unlocked.
        lx, ly = x + size - 7, y - 4
        out.append(
            f'<path d="M{lx - 3:g},{ly + 1:g} v-3 a3,3 0 0 1 6,0 v3" fill="none" '
            'stroke="#222" stroke-width="1.5"/>'
            f'<rect x="{lx - 5:g}" y="{ly + 1:g}" width="10" height="8" rx="1.5" '
            'fill="#e0a000" stroke="#222"/>'
        )
    out.append("</g>")
    return "".join(out)


def _die_points(dice: Sequence[Die], points: frozenset[str]) -> list[str]:
    """The point of each die of one kind, ``""`` for a die that is not a
    point of this decision: the dice are named as in
    :func:`~saloon.games.d6shooters.pointing.die_point`, counted among the
    free dice showing the same face, or among the locked ones."""
    seen: Counter[tuple[int, bool]] = Counter()
    out = []
    for d in dice:
        if d.face is None:
            out.append("")
            continue
        seen[d.face, d.forced] += 1
        point = die_point(LETTER[d.colour], d.face, seen[d.face, d.forced], d.forced)
        out.append(point if point in points else "")
    return out


def _svg_dice(state: D6State, x: float, top: float) -> tuple[list[str], float]:
    out: list[str] = []
    size = 30
    points = points_now(state)
    if state.mode == "showdown":
        posse, crowe = showdown_dice(state)
        rnd = state.showdown.round + (0 if state.phase == P_TACTIC else 1)
        out.append(
            _t(
                x,
                top + 12,
                f"Ghost Town Showdown, round {rnd}",
                font_weight="bold",
                font_size=13,
                fill="#8b1a1a",
            )
        )
        used = [t for i, t in enumerate(TACTICS) if i and state.showdown.tactics_used & (1 << i)]
        out.append(
            f'<g id="showdown" data-round="{rnd}" data-tactic="{state.showdown.tactic}" '
            f'data-used="{" ".join(used)}" data-posse-dice="{state.showdown.posse}" '
            f'data-crowe-dice="{state.showdown.crowes}" '
            f'data-rerolled="{str(state.showdown.rerolled).lower()}">'
        )
        y = top + 22
        out.append(
            _t(
                x,
                y + 12,
                f"Tactic: {state.showdown.tactic} · used: {', '.join(used) or 'none'}"
                f" · reroll {'used' if state.showdown.rerolled else 'open'}",
                fill=_INK,
            )
        )
        y += 20
        small = 22
        for name, dice in (("posse", posse), ("crowe", crowe)):
            label = f"{'Posse' if name == 'posse' else 'Crowe Gang'}: {len(dice)} dice"
            out.append(_t(x, y + 12, label, font_weight="bold", fill=_INK))
            y += 18
            out.append(f'<g data-side="{name}">')
            named = _die_points(dice, points)
            for i, d in enumerate(dice):
                row, col = divmod(i, 11)
                at = (x + col * (small + 4), y + row * (small + 4))
                out.append(_svg_die(*at, small, d, i, named[i]))
            out.append("</g>")
            y += max(1, -(-len(dice) // 11)) * (small + 4) + 4
        out.append("</g>")
        return out, y
    dice = turn_dice(state)
    live = state.mode == "poker" or _dice_live(state)
    title = "Poker hand" if state.mode == "poker" else "Dice"
    roll = _roll_label(state) if live and dice else "not rolled yet"
    out.append(_t(x, top + 12, f"{title} ({roll})", font_weight="bold", font_size=13, fill=_INK))
    locked = (
        live
        and state.phase not in ROLLING
        and not (state.mode == "poker" and state.phase == P_KEEP)
    )
    out.append(
        f'<g id="dice" data-mode="{state.mode}" data-roll="{state.dice.rolls}" '
        f'data-locked="{str(locked).lower()}">'
    )
    y = top + 24
    for colour in ("black", "red", "white"):
        mine = [d for d in dice if d.colour == colour]
        if not mine:
            continue
        label = "black ×2" if colour == "black" else colour
        out.append(_t(x, y + size / 2 + 4, label, fill=_INK))
        named = _die_points(mine, points)
        for i, d in enumerate(mine):
            out.append(_svg_die(x + 56 + i * (size + 6), y, size, d, i, named[i]))
        y += size + 12
    if live and dice:
        if state.phase in ROLLING:
            note = "gold rim: kept · padlock: locked red 5/6 · dashed: to roll"
        elif state.mode == "poker":
            g, f, a = state.visit.stake
            note = f"stake {g} Gold, {f} Food, {a} Ammo"
        else:
            note = resolve_summary(state)
        out.append(_t(x, y + 10, note, font_size=10, fill="#6b5a40"))
        y += 16
    out.append("</g>")
    return out, y


def _svg_side(state: D6State, x: float, top: float) -> tuple[list[str], float]:
    out: list[str] = []
    y = top
    if state.episode == 2:
        boxes, left = crowe_track(state)
        out.append(_t(x, y + 12, "Crowe Gang", font_weight="bold", font_size=13, fill=_INK))
        out.append(
            f'<g id="crowe" data-left="{left}" data-boxes="{boxes}" '
            f'data-showdown-dice="{left + CROWE_LEADERS}">'
        )
        y += 20
        size = 16
        for i in range(boxes):
            row, col = divmod(i, 10)
            bx, by = x + col * (size + 3), y + row * (size + 3)
            crossed = i < boxes - left
            out.append(
                f'<rect x="{bx:g}" y="{by:g}" width="{size}" height="{size}" fill="#fbf6ea" '
                f'stroke="{_INK}" data-member="{i + 1}" data-crossed="{str(crossed).lower()}"/>'
            )
            if crossed:
                out.append(
                    f'<path d="M{bx + 3:g},{by + 3:g} L{bx + size - 3:g},{by + size - 3:g} '
                    f'M{bx + size - 3:g},{by + 3:g} L{bx + 3:g},{by + size - 3:g}" '
                    'stroke="#8b1a1a" stroke-width="2"/>'
                )
        y += -(-boxes // 10) * (size + 3) + 4
        for j, leader in enumerate(("Russell", "Sheryl")):
            bx = x + j * 96
            out.append(
                f'<rect x="{bx:g}" y="{y:g}" width="90" height="20" rx="3" fill="#3a3a3a" '
                f'data-leader="{leader.lower()}"/>'
                + _t(bx + 45, y + 14, leader, fill="#fff", text_anchor="middle", font_weight="bold")
            )
        y += 28
        out.append(
            _t(
                x,
                y + 10,
                f"{left} left · {left + CROWE_LEADERS} dice at the Showdown",
                font_size=11,
                fill=_INK,
            )
        )
        out.append("</g>")
        y += 24
    effects = effects_list(state)
    out.append(_t(x, y + 12, "In force", font_weight="bold", font_size=13, fill=_INK))
    out.append(f'<g id="effects" data-count="{len(effects)}">')
    y += 16
    if not effects:
        out.append(_t(x, y + 14, "nothing", fill="#6b5a40", font_style="italic"))
        y += 20
    for e in effects:
        for k, line in enumerate(textwrap.wrap(e, 34)):
            out.append(
                _t(
                    x + (10 if k else 0),
                    y + 14,
                    ("• " if not k else "") + line,
                    fill="#7a3e10",
                    data_effect=e if not k else "",
                )
            )
            y += 17
    out.append("</g>")
    return out, y + 6


def _svg_notes(state: D6State, top: float) -> tuple[list[str], float]:
    """The situation, what is pending and the log, full width."""
    out: list[str] = []
    y = top
    lines: list[tuple[str, dict[str, object]]] = []
    for part in _situation(state):
        assert isinstance(part, Text)
        lines.append((part.plain, {"font_weight": "bold", "fill": "#7a3e10"}))
    lines.append(
        ("▶ " + pending_line(state), {"font_weight": "bold", "fill": "#8b1a1a", "id": "pending"})
    )
    for e in state.log[-LOG_LINES:]:
        lines.append(("» " + e.text, {"font_style": "italic", "fill": "#6b5a40"}))
    for text, attrs in lines:
        for k, chunk in enumerate(textwrap.wrap(text, 140)):
            extra = attrs if k == 0 else {a: v for a, v in attrs.items() if a != "id"}
            out.append(_t(_M + (14 if k else 0), y + 14, chunk, **extra))
            y += 17
    return out, y


def _corner(state: D6State) -> str:
    """The sheet's top-right corner: the Day, or how the game ended."""
    if state.is_over:
        return (
            f"Won, {state.score()} points" if state.journey.ended == "won" else "The journey failed"
        )
    if state.mode == "showdown":
        return f"Showdown · reached on Day {state.journey.arrival_day} of {state.limit}"
    return f"Day {state.journey.day + 1} of {state.limit}"


def render_svg(state: D6State) -> str:
    """The playsheet as a self-contained SVG: the route as a trail of squares
    (Towns by name, Events, resource spaces, the posse's marker), the days
    chart, resources and Items, the dice, the Crowe Gang and the effects,
    then what is pending and the last log sentences."""
    body: list[str] = []
    episode = f"The d6 Shooters · Episode {state.episode}: {state.map.name}"
    body.append(_t(_M, 28, episode, font_size=18, font_weight="bold", fill=_INK))
    body.append(
        _t(
            _W - _M,
            28,
            _corner(state),
            font_size=14,
            text_anchor="end",
            fill=_INK,
        )
    )
    route, y = _svg_route(state, 48)
    body.extend(route)
    days, y = _svg_days(state, y)
    body.extend(days)
    res, y1 = _svg_resources(state, _M, y + 6)
    dice, y2 = _svg_dice(state, 330, y + 6)
    side, y3 = _svg_side(state, 690, y + 6)
    body += res + dice + side
    notes, y = _svg_notes(state, max(y1, y2, y3) + 4)
    body.extend(notes)
    height = int(y + 14)
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_W}" height="{height}" '
        f'viewBox="0 0 {_W} {height}" font-family="Helvetica, Arial, sans-serif" '
        f'font-size="12" data-episode="{state.episode}" data-days-passed="{state.journey.day}" '
        f'data-phase="{state.phase}" data-over="{str(state.is_over).lower()}">'
    )
    return "\n".join(
        [
            head,
            f"<title>{escape(episode)}</title>",
            f'<rect x="0" y="0" width="{_W}" height="{height}" fill="{_PAPER}"/>',
            *body,
            "</svg>",
        ]
    )
