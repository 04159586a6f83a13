"""D6 on one screen: a compact board for a person's decision at the terminal.

The full drawing (:func:`.render.render_rich`) gives each space a line, each
hero two or three and the hand a line a card: 24 to 40 lines, more than an
80 x 24 screen has beside a menu. Here, in the room the table gives:

- the round and whose turn it is;
- the map's spaces in columns (two on an 80-column screen), each with its
  ways on, its environments, its enemies (name and die, in their class's
  colour) and the heroes on it; when that is too tall, only the spaces with
  an enemy or a hero on them, the others named on one line;
- a line a hero: where he is, HP, coins, glory, stats, cards in hand;
- the fight under way, the bounties and the person's hand, as room allows;

and, when something was left out, that ``map`` prints the whole board.

>>> from rich.console import Console
>>> from saloon.core import get_game
>>> game = get_game("dungeons")
>>> state = game.new_state(None, 3)
>>> screen = render_screen(state, 0, 80, 14)
>>> lines = screen.lines(Console(width=80, color_system=None))
>>> len(lines) <= 14, lines[0].plain.startswith("Setup")
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from saloon.games.dungeons.content import STYX, VILLAGE
from saloon.games.dungeons.render import (
    CLASS_STYLES,
    SEAT_COLOURS,
    TEAM_COLOURS,
    benefits_line,
    bounty_text,
    card_name,
    castles_at,
    collection_line,
    companion_words,
    enemy_look,
    environments_at,
    fight_line,
    hand_of,
    mate_shown,
    round_line,
    stats_text,
)
from saloon.games.dungeons.rules.common import glory

if TYPE_CHECKING:
    from saloon.games.dungeons.content import Space
    from saloon.games.dungeons.rules.model import Hero
    from saloon.games.dungeons.rules.state import DungeonsState

#: The narrowest column of spaces; a screen holds as many as fit (two at most).
COLUMN_MIN = 38
#: Said when the compact board leaves something out.
MORE = "'map' prints the whole board."


def spaces(state: DungeonsState) -> list[Space]:
    """The map's spaces, the Village first, then by number (the Styx apart)."""
    return sorted(
        (s for s in state.map.spaces if s.number != STYX),
        key=lambda s: (s.number != VILLAGE, s.number),
    )


def heroes_at(state: DungeonsState, number: int) -> list[Hero]:
    return [h for h in state.heroes if h.space == number]


def space_text(state: DungeonsState, space: Space, *, ways: bool = True) -> Text:
    """``4 Barrowmere →1 5 7 trails: Goblin d4, P1``: a space, its ways on,
    environments, enemies (in their class's colour) and heroes."""
    number = space.number
    head = "V Village" if number == VILLAGE else f"{number} {space.name}"
    t = Text(head, style="bold")
    if ways:
        t.append(" →" + " ".join("V" if x == VILLAGE else str(x) for x in space.exits), style="dim")
    envs = environments_at(state, number)
    if envs:
        t.append(" " + ", ".join(envs), style="dim")
    for name in castles_at(state, number):  # Part IV, Curse Castle Standees
        t.append(" ♜ " + name, style="magenta")
    things: list[Text] = []
    for e in (e for e in state.enemies if e.space == number):
        look = enemy_look(state, e)
        label = f"{look.name} {look.die}" + (f" {look.extras}" if look.extras else "")
        things.append(Text(label, style=CLASS_STYLES.get(look.family, "bold")))
    for h in heroes_at(state, number):
        things.append(hero_mark(h))
    if things:
        t.append(":")
        for k, thing in enumerate(things):
            t.append(" " if k == 0 else ", ")
            t.append_text(thing)
    return t


def hero_mark(h: Hero) -> Text:
    """``P2`` in the seat's colour (``P2 chib`` when he is a chib)."""
    return Text(
        f"P{h.seat + 1}" + (" chib" if h.chib else ""),
        style=f"bold {SEAT_COLOURS[h.seat % len(SEAT_COLOURS)]}",
    )


def hero_line(state: DungeonsState, h: Hero, player: int | None) -> Text:
    """``P1 Slayer (you) at 9, ♥♥♥, 1 coin, 0 glory, Str 6 Sth 6 Wit 3 Skl 3, 1 card``
    (``V`` the Village, as on the map)."""
    t = hero_mark(h)
    if h.hero_class:
        t.append(" " + state.hero_class(h.seat).name)
    if h.seat == player:
        t.append(" (you)")
    elif player is not None and state.partner(player) == h.seat:
        t.append(" (teammate)")
    if state.options.mode == "alliance":
        # Part III, Alliance: the team's mark, in its colour.
        team = "A" if state.teams[h.seat] == 0 else "B"
        t.append(f" [team {team}]", style=f"bold {TEAM_COLOURS[state.teams[h.seat] % 2]}")
    where = "the Styx" if h.space == STYX else "V" if h.space == VILLAGE else str(h.space)
    hearts = "♥" * h.hp + "♡" * max(0, state.content.prices.hp - h.hp)
    coins = f"{h.coins} coin{'s' if h.coins != 1 else ''}"
    cards = f"{h.hand_size} card{'s' if h.hand_size != 1 else ''}"
    # Part III: no glory in the Hide Collection.
    worth = "" if state.options.hides else f"{glory(state, h.seat)} glory, "
    t.append(f" at {where}, {hearts}, {coins}, {worth}")
    t.append(f"{stats_text(h)}, {cards}")
    return t


@dataclass
class Part:
    """Lines of the board kept together; the lowest ``rank`` is left out first."""

    lines: list[Text]
    rank: int


def columns(items: Sequence[Text], width: int, console: Console) -> list[Text]:
    """``items`` in as many columns as fit ``width`` (two at most), read
    down each column; an item too long for its column wraps under itself."""
    count = 2 if width >= 2 * COLUMN_MIN + 2 else 1
    col = (width - 2 * (count - 1)) // count
    per = -(-len(items) // count)
    cols: list[list[Text]] = []
    for c in range(count):
        block: list[Text] = []
        for item in items[c * per : (c + 1) * per]:
            # Two characters short of the column: a wrapped line is indented by two.
            wrapped = list(item.wrap(console, max(1, col - 2)))
            for k, line in enumerate(wrapped):
                block.append(Text("  ").append_text(line) if k else line)
        cols.append(block)
    out: list[Text] = []
    for k in range(max((len(b) for b in cols), default=0)):
        line = Text()
        for c, block in enumerate(cols):
            cell = block[k] if k < len(block) else Text("")
            if c:
                line.append("  ")
            line.append_text(cell)
            if c < count - 1:
                line.pad_right(max(0, (c + 1) * col + 2 * c - line.cell_len))
        out.append(line)
    return out


class BoardScreen:
    """The compact board in at most ``height`` lines of ``width`` characters."""

    def __init__(self, state: DungeonsState, player: int | None, width: int, height: int) -> None:
        self.state = state
        self.player = player
        self.width = width
        self.height = height

    def parts(self, console: Console) -> list[Part]:
        """What the board says, in order, each with its rank."""
        s = self.state
        w = self.width
        out = [Part(list(Text(round_line(s), style="bold").wrap(console, w)), 9)]
        fight = fight_line(s)
        if fight:
            out.append(Part(list(Text(fight, style="bold red").wrap(console, w)), 8))
        out.append(Part(self.map_lines(console), 7))
        if s.options.hides:
            line = Text("Hides: ", style="bold")
            line.append(collection_line(s))
            line.append("; benefits: " + benefits_line(s))
            if s.companion:
                line.append("; companion: " + companion_words(s))
            out.append(Part(list(line.wrap(console, w)), 6))
        for h in s.heroes:
            line = hero_line(s, h, self.player)
            out.append(Part(list(line.wrap(console, w)), 6 if h.seat == self.player else 5))
        if s.bounties:
            line = Text("Bounties: ", style="bold")
            line.append("; ".join(bounty_text(s, b) for b in s.bounties))
            out.append(Part(list(line.wrap(console, w)), 3))
        if self.player is not None and 0 <= self.player < len(s.heroes):
            cards = hand_of(s, self.player)
            hand = Text("Your hand: ", style="bold")
            hand.append(", ".join(card_name(s, c)[0] for c in cards) or "empty")
            out.append(Part(list(hand.wrap(console, w)), 4))
            mate = mate_shown(s, self.player)
            if mate is not None:
                line = Text(f"Teammate's hand (P{mate + 1}): ", style="bold")
                line.append(", ".join(card_name(s, c)[0] for c in hand_of(s, mate)) or "empty")
                out.append(Part(list(line.wrap(console, w)), 4))
        return out

    def map_lines(self, console: Console, *, full: bool = True) -> list[Text]:
        """The spaces in columns (``full``: every space; else those with an
        enemy or a hero, and the others' numbers on one line)."""
        s = self.state
        every = spaces(s)
        if full:
            return columns([space_text(s, sp) for sp in every], self.width, console)
        busy = [
            sp
            for sp in every
            if heroes_at(s, sp.number) or any(e.space == sp.number for e in s.enemies)
        ]
        quiet = [sp for sp in every if sp not in busy]
        lines = columns([space_text(s, sp, ways=False) for sp in busy], self.width, console)
        if quiet:
            names = ", ".join("V" if sp.number == VILLAGE else str(sp.number) for sp in quiet)
            lines.append(Text(f"Nothing on {names}.", style="dim"))
        return lines

    def lines(self, console: Console) -> list[Text]:
        parts = self.parts(console)
        room = self.height

        def total() -> int:
            return sum(len(p.lines) for p in parts)

        cut = False
        if total() > room:
            # The map, busy spaces only; then the least needed parts left out.
            cut = True
            board = next(p for p in parts if p.rank == 7)
            board.lines = self.map_lines(console, full=False)
        while parts and total() > room - (1 if cut else 0):
            parts.remove(min(parts, key=lambda p: p.rank))
        out = [line for p in parts for line in p.lines]
        if cut:
            out.append(Text(MORE, style="dim"))
        return out[: self.height]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines(console):
            line.no_wrap = True
            line.overflow = "crop"
            yield line


def render_screen(state: DungeonsState, player: int | None, width: int, height: int) -> BoardScreen:
    """The compact board for ``player``'s decision (:class:`BoardScreen`)."""
    return BoardScreen(state, player, width, height)
