"""D6 drawn: the map with its arrows, environments, enemies and heroes; each
hero's boards; the face-up bounties; the fight under way; the viewer's hand.

Two drawings of one state: :func:`render_rich` for the terminal (rich) and
:func:`render_svg` for the browser and notebooks. Both draw what one player
may see (``player``; ``None`` a spectator): every hero's public boards, and
the hand of ``player`` alone, the others' as card counts (Part II, The
Cards: hands are private). Nothing here decides anything; the map's layout
is computed from its arrows (the built-in maps and an owner's alike): the
Village at the top, each space in the row of its distance from it.

The SVG is also where a person points to play (:mod:`.pointing`): the
marks he may click carry ``data-point`` and words in ``aria-label``; every
token and pawn spells itself out in a ``<title>``, and a key under the map
lists every symbol drawn (:func:`board_key`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from saloon.core.state import CHANCE
from saloon.core.svg import fit, num, text, text_width, wrap
from saloon.games.dungeons import pointing
from saloon.games.dungeons.content import STYX, VILLAGE, Content, GameMap, Space
from saloon.games.dungeons.effects import STATS
from saloon.games.dungeons.pointing import SERVICES
from saloon.games.dungeons.rules import board, common, village
from saloon.games.dungeons.rules.agenda import Decision
from saloon.games.dungeons.rules.board import plants_on_board
from saloon.games.dungeons.rules.combat import tally_words
from saloon.games.dungeons.rules.common import flag_name, glory, unlocked_count
from saloon.games.dungeons.rules.model import CUBE, Enemy, Hero

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState

#: Each seat's colour (pawns, Cash Cubes, board headings).
SEAT_COLOURS: Final = ("#c0392b", "#2465b0", "#2e8b3a", "#d9822b")
#: The token borders of the monster classes (Part I, Know Thine Enemy):
#: Beasts purple, Rogues blue, Bandits brown, Undead red, Poison green;
#: Guardians white.
CLASS_COLOURS: Final = {
    "beast": "#7d3c98",
    "rogue": "#2e5fa8",
    "bandit": "#8a5a2b",
    "undead": "#b03030",
    "poison": "#3b8a3b",
    "guardian": "#f4f1e8",
}
#: The rich styles of the same.
CLASS_STYLES: Final = {
    "beast": "magenta",
    "rogue": "blue",
    "bandit": "yellow",
    "undead": "red",
    "poison": "green",
    "guardian": "bold white",
}
#: Short names of the stats, in board order.
STAT_ABBR: Final = {"strength": "Str", "stealth": "Sth", "wits": "Wit", "skill": "Skl"}
#: The round rules' names as a player says them.
_INK: Final = "#2b2118"
_PAPER: Final = "#f7f0df"


def player_for(state: DungeonsState) -> int | None:
    """The seat whose hand the terminal shows: the player deciding now
    (none at a chance node or once the game is over)."""
    mover = state.to_move
    return None if mover is None or mover == CHANCE else mover


@dataclass(frozen=True)
class EnemyLook:
    """How an enemy is shown: its name, its die (or fixed attack), its class
    (the token's border), and what it carries (buffs, extra HP)."""

    name: str
    die: str
    family: str
    extras: str


def enemy_look(state: DungeonsState, e: Enemy) -> EnemyLook:
    """The look of enemy ``e``."""
    extras = []
    if e.buffs:
        extras.append(f"+{e.buffs}")
    if e.hp > 1:
        extras.append(f"{e.hp} HP")
    if e.is_cube:
        owner = "" if e.owner is None else f"P{e.owner + 1}'s "
        # Turned against its owner (Mercenary Cube, ruling DG-R55): whom it serves.
        serves = "" if e.serves is None else f" working for P{e.serves + 1}"
        return EnemyLook(
            f"{owner}Cash Cube{serves}", f"d{state.content.prices.cash_cube_die}", "cube", ""
        )
    m = state.monster(e.kind)
    if m is not None:
        return EnemyLook(m.name, f"d{m.die}", m.monster_class, " ".join(extras))
    g = state.guardian(e.kind)
    if g is not None:
        # A Plant of Eden's attack rises with every other Plant on the board
        # (Part I, Know Thine Enemy).
        die = f"d{g.die}" if g.die else f"atk {g.attack + plants_on_board(state) - 1}"
        return EnemyLook(g.name, die, "guardian", " ".join(extras))
    return EnemyLook(e.kind, "?", "guardian", " ".join(extras))


def space_label(state: DungeonsState, number: int) -> str:
    """``7 Blackfen Marsh``, ``the Village``, ``the Styx``."""
    if number == VILLAGE:
        return "the Village"
    if number == STYX:
        return "the Styx"
    try:
        return f"{number} {state.map.space(number).name}"
    except KeyError:
        return str(number)


def environments_at(state: DungeonsState, number: int) -> list[str]:
    """The environments of a space, each once (with the expansion's pieces
    a space may hold two of one: ruling DG-R52; its +1 counts once, DG-R53)."""
    return sorted({piece for space, piece in state.environments if space == number})


#: The colour of a curse castle's mark.
CASTLE_COLOUR: Final = "#5b2a86"


def castles_at(state: DungeonsState, number: int) -> list[str]:
    """The curses whose castles stand in a space, by name."""
    return [state.content.curse(c).name for sp, c in state.castles if sp == number]


def castle_words(state: DungeonsState, curse: str) -> str:
    """A curse castle in words: ``the castle of Gift to the Gods: ...``
    (Part IV, Incorporating the Curse Castles)."""
    c = state.content.curse(curse)
    return f"a curse castle, {c.name}: {c.text}"


def castle_mark(state: DungeonsState, curse: str) -> str:
    """The letters a castle carries on the board and in the key, so that
    each curse's castle is told apart at a glance: the initials of its
    name's main words (``EE`` Curse of Endless Echoes, ``GG`` Gift to the
    Gods, ``BB`` Buff the Beastie); a curse whose initials another curse in
    play shares takes its place in the option instead."""

    def initials(cid: str) -> str:
        minor = {"curse", "of", "the", "to", "a", "an", "and"}
        words = [w for w in state.content.curse(cid).name.split() if w.lower() not in minor]
        return "".join(w[0] for w in words[:2]).upper() or cid[:2].upper()

    mine = initials(curse)
    if sum(initials(c) == mine for c in state.options.curses) > 1:
        return str(state.options.curses.index(curse) + 1)
    return mine


def _castle_glyph(x: float, y: float, colour: str = CASTLE_COLOUR, mark: str = "") -> str:
    """A small castle (a keep and three merlons), 16 wide and 16 high from
    its top-left corner (``x``, ``y``), with ``mark`` on its wall."""
    pts = [
        (0, 16), (0, 3), (3, 3), (3, 6), (6.5, 6), (6.5, 0), (9.5, 0), (9.5, 6),
        (13, 6), (13, 3), (16, 3), (16, 16),
    ]  # fmt: skip
    path = " ".join(f"{num(x + px)},{num(y + py)}" for px, py in pts)
    out = f'<polygon points="{path}" fill="{colour}" stroke="#fff" stroke-width="0.8"/>'
    if mark:
        out += text(
            x + 8,
            y + 14.5,
            mark,
            font_size=6.5,
            font_weight="bold",
            text_anchor="middle",
            fill="#fff",
        )
    return out


def skill_line(state: DungeonsState, h: Hero) -> str:
    """The skills' markers: how many are unlocked and free, and where the
    used ones stand (Part II, The Class Board, E)."""
    used = len(h.markers)
    unlocked = unlocked_count(h.stat("skill"))
    free = max(0, unlocked - used)
    where = ", ".join(
        state.index.skills[m].name if m in state.index.skills else m for m in h.markers
    )
    return f"{free} of {unlocked} free" + (f" (used: {where})" if where else "")


def potion_names(state: DungeonsState, h: Hero) -> str:
    """The potions a bottle stands on, by name (``Grapejib Juice``)."""
    return ", ".join(state.content.potions[p].name for p in h.potions) or "none"


def glory_part(state: DungeonsState, seat: int, sep: str) -> str:
    """``3 glory`` and ``sep``, or nothing in the Hide Collection (Part III:
    no glory in solo and co-op)."""
    return "" if state.options.hides else f"{glory(state, seat)} glory{sep}"


def hides_line(state: DungeonsState, h: Hero) -> str:
    if not h.board:
        return "no gather board yet"
    board = state.gather_board(h.seat)
    slots = []
    for k, token in enumerate(h.specialty):
        wanted = board.specialty[k]
        slots.append(_token_name(state, token) if token else f"({wanted})")
    wild = [_token_name(state, t) for t in h.wild]
    out = "specialty: " + ", ".join(slots)
    return out + ("; wild: " + ", ".join(wild) if wild else "; wild: none")


def _token_name(state: DungeonsState, token: str) -> str:
    kind = token.split("#", 1)[0]
    m = state.monster(kind)
    if m is not None:
        return m.name
    g = state.guardian(kind)
    return g.name if g is not None else kind


def bounty_text(state: DungeonsState, card: str) -> str:
    """``Bandit in 4, 2 glory``."""
    b = state.index.bounties[card]
    if state.options.hides:  # Part III: no glory, a turn once returned
        return f"{b.monster_class.title()} in {b.space}"
    return f"{b.monster_class.title()} in {b.space}, {b.glory} glory"


#: Each team's mark in Alliance (Part III): a ring round its pawns, its name
#: on its boards.
TEAM_COLOURS: Final = ("#b8860b", "#4b5d73")


def team_label(state: DungeonsState, seat: int) -> str:
    """``team of Players 1 and 3`` in Alliance (Part III), else ``""``."""
    if state.options.mode != "alliance":
        return ""
    seats = [p + 1 for p in range(state.num_players) if state.teams[p] == state.teams[seat]]
    return "team of Players " + " and ".join(map(str, seats))


def card_name(state: DungeonsState, card: str) -> tuple[str, str]:
    """A hand card's name and what it does, in Saloon's words."""
    idx = state.index
    if card in idx.alliances:
        x = idx.alliances[card]
        side = "for your teammate" if x.side == "ally" else "against the other team"
        return f"{x.name} (Alliance, {side})", x.text
    if card in idx.advantages:
        c = idx.advantages[card]
        return c.name, c.text
    if card in idx.quests:
        q = idx.quests[card]
        return f"{q.name} ({q.banner})", q.text
    return card, ""


def hand_of(state: DungeonsState, seat: int) -> list[str]:
    h = state.heroes[seat]
    return [*h.advantage, *h.quests, *h.allies]


def mate_shown(state: DungeonsState, player: int | None) -> int | None:
    """The teammate whose hand ``player`` sees (``team_hands=shared``,
    ruling DG-R87), or ``None``."""
    if player is None or state.options.team_hands != "shared":
        return None
    return state.partner(player)


def round_line(state: DungeonsState) -> str:
    """``Round 2 of 3, Player 2 (Slayer)'s turn: Hunters' Moon``; in solo
    and co-op ``Hide Collection: turn 2 of 5, 3 of 15 hides, ...``."""
    head = "Setup" if state.round == 0 else f"Round {state.round} of {state.options.rounds}"
    if state.options.hides and state.round:
        head = (
            f"Hide Collection ({state.options.mode}): turn {state.round} of "
            f"{state.max_turns}, {len(state.collection)} of {len(state.content.monsters)} hides"
        )
    if state.is_over:
        head += ": the game is over"
    elif state.active is not None:
        head += f", {state.name(state.active)}'s turn"
        t = state.turn
        if t is not None:
            head += f" ({t.actions} action{'s' if t.actions != 1 else ''} left)"
    flags = sorted(state.flags)
    if flags:
        head += "; " + ", ".join(flag_name(f) for f in flags)
    return head


def collection_line(state: DungeonsState) -> str:
    """The Hide Collection board by class (Part III): ``beast: Gnoll,
    -, -; rogue: ...``, a dash for each hide still missing."""
    by: dict[str, list[str]] = {}
    for m in state.content.monsters:
        got = m.id in state.collection
        by.setdefault(m.monster_class, []).append(m.name if got else "-")
    return "; ".join(f"{cls}: {', '.join(names)}" for cls, names in by.items())


def benefits_line(state: DungeonsState) -> str:
    """The Heroic Benefits marked (Part III): ``Quick Feet, Coin Purse``."""
    names = {b.id: b.name for b in state.content.benefits}
    return ", ".join(names.get(b, b) for b in state.benefits) or "none"


def fight_line(state: DungeonsState) -> str | None:
    """The round of combat under way, in a sentence."""
    f = state.fight
    t = state.turn
    if f is None or t is None:
        return None
    e = state.find_enemy(f.enemy)
    if e is None:
        return None
    look = enemy_look(state, e)
    what = f"{state.name(t.seat)} fights the {look.name} ({look.die}"
    what += f", {look.extras})" if look.extras else ")"
    if f.transformed:
        what += f", turned into a {f.transformed} rolling a d6"
    if f.dice:
        what += "; " + tally_words(state, f)
    else:
        from saloon.games.dungeons.odds import round_odds

        # Before the roll, the numbers a player can act on (the natural die).
        what += "; " + round_odds(state, t.seat).words(you=False)
    return what + f" ({STAGE_WORDS.get(f.stage, f.stage)})"


#: A round's stage in words (Part II, Specialty Hides, steps 1-7).
STAGE_WORDS = {
    "window": "step 2: the other players may play red cards",
    "arm": "steps 3-4: transform, then pick the weapon",
    "improve": "step 6: improve the roll or accept it",
}


def decision_line(state: DungeonsState) -> str | None:
    """Who decides now and what: ``Now: Player 2 (Slayer): the GM's window
    before the roll: play a red card, or pass`` (none at a chance node)."""
    top = state.agenda[-1] if state.agenda else None
    if not isinstance(top, Decision):
        return None
    return f"Now: {state.name(top.player)}: {top.prompt(state)}"


# -- the terminal --------------------------------------------------------------------------


def render_rich(state: DungeonsState, player: int | None = None) -> Panel:
    """The terminal's picture: the round, the map's spaces with what is in
    them, the bounties, every hero's boards, the fight, and ``player``'s hand."""
    parts: list[Text | Table] = [Text(round_line(state), style="bold")]
    parts.append(_spaces_table(state))
    if state.bounties:
        line = Text("Bounties: ", style="bold")
        line.append("; ".join(bounty_text(state, b) for b in state.bounties))
        parts.append(line)
    if state.options.hides:
        line = Text("Hide Collection: ", style="bold")
        line.append(collection_line(state))
        if state.benefits:
            line.append("; Heroic Benefits: " + benefits_line(state))
        if state.companion:
            line.append("; companion: " + companion_words(state))
        parts.append(line)
    parts.append(_heroes_text(state))
    fl = fight_line(state)
    if fl:
        parts.append(Text(fl, style="bold red"))
    now = decision_line(state)
    if now:
        parts.append(Text(now, style="bold"))
    if player is not None and 0 <= player < len(state.heroes):
        parts.append(_hand_text(state, player))
        mate = mate_shown(state, player)
        if mate is not None:
            parts.append(_hand_text(state, mate, "Your teammate's hand"))
    bag = len(state.bag)
    # Part III: the Heroic Quest deck is out of solo and co-op.
    # The eight bounties are drawn at setup, the only ones: no bounty deck.
    gone = {"quest", "bounty"} if state.options.hides else set()
    decks = ", ".join(f"{k} {d.size}" for k, d in sorted(state.decks.items()) if k not in gone)
    parts.append(Text(f"Bag: {bag} tokens. Decks: {decks}.", style="dim"))
    return Panel(Group(*parts), title="D6: Dungeons, Dudes, Dames, Danger, Dice and Dragons!")


def _env_labels(state: DungeonsState, number: int) -> list[str]:
    """A space's environments and curse castles as the rich board lists
    them: ``dungeon x2``, ``castle: Gift to the Gods``."""
    out = []
    for piece in environments_at(state, number):
        copies = sum(1 for sp, p in state.environments if sp == number and p == piece)
        out.append(piece + (f" x{copies}" if copies > 1 else ""))
    out += [f"castle: {name}" for name in castles_at(state, number)]
    return out


def _spaces_table(state: DungeonsState) -> Table:
    table = Table(show_edge=False, pad_edge=False, box=None, header_style="bold")
    table.add_column("space")
    table.add_column("ways")
    table.add_column("environments")
    table.add_column("enemies")
    table.add_column("heroes")
    for sp in _ordered_spaces(state.map):
        enemies = Text()
        for e in (e for e in state.enemies if e.space == sp.number):
            look = enemy_look(state, e)
            if enemies:
                enemies.append(", ")
            style = CLASS_STYLES.get(look.family, "bold")
            enemies.append(f"{look.name} {look.die}", style=style)
            if look.extras:
                enemies.append(f" {look.extras}")
        heroes = ", ".join(
            f"P{h.seat + 1}" + (" (chib)" if h.chib else "")
            for h in state.heroes
            if h.space == sp.number
        )
        ways = " ".join("V" if x == VILLAGE else str(x) for x in sp.exits)
        # Every cell is a Text, so that no bracket in a name reads as markup.
        table.add_row(
            Text(space_label(state, sp.number)),
            Text(ways),
            Text(", ".join(_env_labels(state, sp.number))),
            enemies,
            Text(heroes),
        )
    dead = ", ".join(f"P{h.seat + 1}" for h in state.heroes if h.space == STYX)
    if dead:
        table.add_row(Text("the Styx"), Text(), Text(), Text(), Text(dead))
    return table


def _ordered_spaces(game_map: GameMap) -> list[Space]:
    return sorted(
        (s for s in game_map.spaces if s.number != STYX),
        key=lambda s: (s.number != VILLAGE, s.number),
    )


def _heroes_text(state: DungeonsState) -> Text:
    """Two lines a hero: where he is, HP, coins, glory, stats, hand; then
    skills, potions, hides and bounties."""
    out = Text()
    for h in state.heroes:
        if out:
            out.append("\n")
        name = state.name(h.seat) + (", chib" if h.chib else "")
        out.append(name, style=f"bold {SEAT_COLOURS[h.seat % 4]}")
        team = team_label(state, h.seat)
        if team:
            out.append(f" [{team}]", style=f"bold {TEAM_COLOURS[state.teams[h.seat] % 2]}")
        stats = stats_text(h)
        hearts = "♥" * h.hp + "♡" * max(0, state.content.prices.hp - h.hp)
        out.append(
            f" · {space_label(state, h.space)} · {hearts} · {_plural(h.coins, 'coin')} · "
            f"{glory_part(state, h.seat, ' · ')}{stats} · {_plural(h.hand_size, 'card')}"
        )
        bounties = ", ".join(bounty_text(state, b) for b in h.backpack) or "empty"
        if h.dropped:
            bounties += f"; {len(h.dropped)} dropped off"
        out.append(
            f"\n    skills {skill_line(state, h)} · potions: {potion_names(state, h)}"
            f" · {hides_line(state, h)} · backpack: {bounties}",
            style="dim",
        )
        if h.trophies:
            out.append(" · trophies: " + ", ".join(_token_name(state, t) for t in h.trophies))
    return out


def stats_text(h: Hero) -> str:
    """``Str 6 Sth 3 Wit 4 Skl 5``, a stat not yet rolled as ``-``."""
    return " ".join(
        f"{STAT_ABBR[st]} {v if v else '-'}" for st, v in zip(STATS, h.stats, strict=True)
    )


def _plural(n: int, word: str) -> str:
    """``1 coin``, ``2 coins``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _hand_text(state: DungeonsState, player: int, title: str = "Your hand") -> Text:
    out = Text(f"{title} (P{player + 1}): ", style="bold")
    cards = hand_of(state, player)
    if not cards:
        out.append("empty")
    for card in cards:
        name, what = card_name(state, card)
        out.append("\n  " + name, style="bold")
        if what:
            out.append(f": {what}")
    return out


# -- the SVG ------------------------------------------------------------------------------

_NODE_W: Final = 150.0
_NODE_H: Final = 92.0
_GAP_X: Final = 56.0
_GAP_Y: Final = 46.0
_MAP_TOP: Final = 64.0


def layout(game_map: GameMap) -> dict[int, tuple[int, int]]:
    """Each space's (row, column): the Village alone in row 0, every other
    space in the row of its distance from the Village along the arrows, the
    spaces of a row ordered by the mean column of the spaces they are
    reached from (fewer crossing arrows); spaces the arrows do not reach
    from the Village go in a last row. The Styx is not laid out.

    >>> from saloon.games.dungeons.content import GameMap, Space
    >>> m = GameMap("m", "M", 4, (Space(0, "V", (1, 2)), Space(1, "A", (0, 3)),
    ...     Space(2, "B", (0, 3)), Space(3, "C", (1,)), Space(-1, "S", ())), {})
    >>> layout(m)
    {0: (0, 0), 1: (1, 0), 2: (1, 1), 3: (2, 0)}
    """
    exits = {s.number: s.exits for s in game_map.spaces if s.number != STYX}
    rows: list[list[int]] = [[VILLAGE]] if VILLAGE in exits else []
    seen = set(rows[0]) if rows else set()
    while rows:
        col = {n: c for c, n in enumerate(rows[-1])}
        nxt: dict[int, list[int]] = {}
        for n in rows[-1]:
            for x in exits.get(n, ()):
                if x in exits and x not in seen:
                    nxt.setdefault(x, []).append(col[n])
        if not nxt:
            break
        row = sorted(nxt, key=lambda x: (sum(nxt[x]) / len(nxt[x]), x))
        seen.update(row)
        rows.append(row)
    rest = sorted(n for n in exits if n not in seen)
    if rest:
        rows.append(rest)
    return {n: (r, c) for r, row in enumerate(rows) for c, n in enumerate(row)}


class _Map:
    """The map's geometry: each space's box, centred per row."""

    def __init__(self, game_map: GameMap) -> None:
        self.grid = layout(game_map)
        counts: dict[int, int] = {}
        for r, _ in self.grid.values():
            counts[r] = counts.get(r, 0) + 1
        self.widest = max(counts.values(), default=1)
        self.rows = max((r for r, _ in self.grid.values()), default=0) + 1
        # Room beside the Village for its signs (Part I, Place Signs).
        self.width = max(
            self.widest * (_NODE_W + _GAP_X) + _GAP_X,
            _NODE_W + 2 * (_SIGN_GAP + _SIGN_W + 8),
        )
        self.height = self.rows * (_NODE_H + _GAP_Y) + _GAP_Y + 70
        self.counts = counts

    def box(self, number: int) -> tuple[float, float]:
        """The top-left corner of a space's box."""
        r, c = self.grid[number]
        row_w = self.counts[r] * (_NODE_W + _GAP_X) - _GAP_X
        x0 = (self.width - row_w) / 2
        return x0 + c * (_NODE_W + _GAP_X), _MAP_TOP + _GAP_Y / 2 + r * (_NODE_H + _GAP_Y)

    def centre(self, number: int) -> tuple[float, float]:
        x, y = self.box(number)
        return x + _NODE_W / 2, y + _NODE_H / 2


def _edge_point(cx: float, cy: float, tx: float, ty: float) -> tuple[float, float]:
    """Where the line from a box's centre toward (tx, ty) leaves the box."""
    dx, dy = tx - cx, ty - cy
    if dx == 0 and dy == 0:
        return cx, cy
    sx = (_NODE_W / 2 + 4) / abs(dx) if dx else float("inf")
    sy = (_NODE_H / 2 + 4) / abs(dy) if dy else float("inf")
    s = min(sx, sy)
    return cx + dx * s, cy + dy * s


def _hits_box(geo: _Map, points: list[tuple[float, float]], skip: tuple[int, int]) -> bool:
    """Whether any of ``points`` falls inside a space's box (but those of ``skip``)."""
    for n in geo.grid:
        if n in skip:
            continue
        x, y = geo.box(n)
        for px, py in points:
            if x - 6 <= px <= x + _NODE_W + 6 and y - 6 <= py <= y + _NODE_H + 6:
                return True
    return False


def _bezier(
    p0: tuple[float, float], c: tuple[float, float], p2: tuple[float, float], t: float
) -> tuple[float, float]:
    u = 1 - t
    return (
        u * u * p0[0] + 2 * u * t * c[0] + t * t * p2[0],
        u * u * p0[1] + 2 * u * t * c[1] + t * t * p2[1],
    )


def _route(geo: _Map, a: int, b: int) -> tuple[float, float] | None:
    """The control point of a curve from ``a`` to ``b`` that passes no other
    space's box, or ``None`` when the straight line passes none."""
    p0, p2 = geo.centre(a), geo.centre(b)
    ts = [k / 20 for k in range(1, 20)]
    if not _hits_box(geo, [_bezier(p0, p0, p2, t) for t in ts], (a, b)):
        return None
    dx, dy = p2[0] - p0[0], p2[1] - p0[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    nx, ny = -dy / length, dx / length
    mx, my = (p0[0] + p2[0]) / 2, (p0[1] + p2[1]) / 2
    for bend in (_NODE_W + _GAP_X, 1.6 * (_NODE_W + _GAP_X), 2.2 * (_NODE_W + _GAP_X)):
        for side in (1, -1):
            c = (mx + side * nx * bend, my + side * ny * bend)
            if not _hits_box(geo, [_bezier(p0, c, p2, t) for t in ts], (a, b)):
                return c
    return (mx + nx * _NODE_W, my + ny * _NODE_W)


def _arrows(game_map: GameMap, geo: _Map) -> list[str]:
    """The arrows between spaces: a two-way arrow for a pair of exits, a
    one-way arrow where only one side leads to the other; an arrow that
    would cross another space's box bends around it."""
    out = []
    done: set[tuple[int, int]] = set()
    exits = {s.number: set(s.exits) for s in game_map.spaces}
    for a, targets in sorted(exits.items()):
        for b in sorted(targets):
            if a not in geo.grid or b not in geo.grid or (b, a) in done:
                continue
            done.add((a, b))
            both = a in exits.get(b, set())
            ax, ay = geo.centre(a)
            bx, by = geo.centre(b)
            start = ' marker-start="url(#arrow-back)"' if both else ""
            tail = f'stroke="#6b5a45" stroke-width="2" fill="none"{start} marker-end="url(#arrow)" '
            tail += f'data-from="{a}" data-to="{b}"/>'
            c = _route(geo, a, b)
            if c is None:
                x1, y1 = _edge_point(ax, ay, bx, by)
                x2, y2 = _edge_point(bx, by, ax, ay)
                out.append(
                    f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" ' + tail
                )
            else:
                x1, y1 = _edge_point(ax, ay, *c)
                x2, y2 = _edge_point(bx, by, *c)
                out.append(
                    f'<path d="M{num(x1)},{num(y1)} Q{num(c[0])},{num(c[1])} {num(x2)},{num(y2)}" '
                    + tail
                )
    return out


_ENV_COLOURS: Final = {
    "dungeon": "#5b5b66",
    "forest": "#2f6b2f",
    "cemetery": "#6e6e6e",
    "hills": "#9a7b3c",
    "trails": "#b38b5d",
}
#: The token rings in words (Part I, Know Thine Enemy: each monster class
#: has a border colour; Guardians a white one).
RING_WORDS: Final = {
    "beast": "purple",
    "rogue": "blue",
    "bandit": "brown",
    "undead": "red",
    "poison": "green",
    "guardian": "white",
}
#: Words left out of a token's symbol (``Plant of Eden``: ``PE``).
_SMALL_WORDS: Final = frozenset({"of", "the", "a", "an", "and"})


def token_symbols(content: Content) -> dict[str, str]:
    """The symbol on each enemy kind's token: the initials of a name of two
    words or more (``Giant Spider``: ``GS``; ``Plant of Eden``: ``PE``),
    the first two letters of a one-word name (``Goblin``: ``Go``), and
    where two kinds would share one, another letter of the name for the
    later kind (``Mummy`` ``Mu``, ``Mushroom`` ``Ms``); the Cash Cube is
    ``$``. Every kind of the content has its own.

    >>> from saloon.games.dungeons.content import load_content
    >>> sym = token_symbols(load_content())
    >>> sym["goblin"], sym["gnoll"], sym["mummy"], sym["mushroom"], sym["plant-of-eden"]
    ('Go', 'Gn', 'Mu', 'Ms', 'PE')
    >>> len(set(sym.values())) == len(sym)
    True
    """
    got = _SYMBOLS.get(id(content))
    if got is not None and got[0] is content:
        return got[1]
    out = {CUBE: "$"}
    taken = {"$"}
    named = [(m.id, m.name) for m in content.monsters]
    named += [(g.id, g.name) for g in content.guardians]
    for kind, name in named:
        out[kind] = _symbol(name, taken)
        taken.add(out[kind])
    if len(_SYMBOLS) > 16:
        _SYMBOLS.clear()
    _SYMBOLS[id(content)] = (content, out)
    return out


_SYMBOLS: dict[int, tuple[Content, dict[str, str]]] = {}


def _symbol(name: str, taken: set[str]) -> str:
    """A short symbol for ``name`` that is not in ``taken``."""
    words: list[str] = re.findall(r"[A-Za-z0-9]+", name) or ["X"]
    big = [w for w in words if w.lower() not in _SMALL_WORDS] or words
    if len(big) >= 2:
        first = big[0][0].upper() + big[1][0].upper()
    else:
        first = big[0][0].upper() + big[0][1:2].lower()
    letters = "".join(big).lower()
    for sym in (first, *(letters[0].upper() + ch for ch in letters[1:])):
        if sym not in taken:
            return sym
    k = 2
    while f"{first}{k}" in taken:
        k += 1
    return f"{first}{k}"


def token_symbol(state: DungeonsState, kind: str) -> str:
    """The symbol on the token of ``kind`` (:func:`token_symbols`)."""
    return token_symbols(state.content).get(kind) or kind[:2].title()


def enemy_words(state: DungeonsState, e: Enemy) -> str:
    """A token spelled out, as its ``<title>`` shows it on hover: what it
    is, its class (the ring), the die it rolls, what it carries.

    Part I, Know Thine Enemy: the classes' borders, a monster's +1 in its
    environment, a Plant of Eden's attack of 3 with +1 for each other
    Plant on the board; Part I, Cash Cube: a D12, 1 HP.
    """
    look = enemy_look(state, e)
    if e.is_cube:
        return (
            f"{board.enemy_name(state, e)} ({look.die}, 1 HP): engages any other hero "
            "who enters its space; it never attacks its owner"
            if e.serves is None
            else f"{board.enemy_name(state, e)} ({look.die}, 1 HP), turned against its owner: "
            f"engages every hero who enters its space but {state.name(e.serves)}"
        )
    extras = []
    if e.buffs:
        extras.append(f"buffed +{e.buffs} for this round")
    if e.hp > 1:
        extras.append(f"{e.hp} HP")
    m = state.monster(e.kind)
    if m is not None:
        what = (
            f"{m.name}: {common.article(m.monster_class.title())} "
            f"({RING_WORDS.get(m.monster_class)} ring)"
        )
        what += f", rolls a {look.die}"
        if m.environment:
            here = m.environment in board.pieces_in(state, e.space)
            what += f", +1 in the {m.environment}" + (" (as here)" if here else "")
    else:
        g = state.guardian(e.kind)
        name = g.name if g is not None else e.kind
        what = f"{name}: a Guardian (white ring)"
        if g is not None and not g.die:
            what += (
                f", a fixed attack of {look.die.removeprefix('atk ')}, not rolled "
                f"({g.attack}, +1 for each other {g.name} on the board)"
            )
        else:
            what += f", rolls a {look.die}"
        if g is not None and g.glory and not state.options.hides:
            what += f", worth {g.glory} glory"
    return what + ("; " + ", ".join(extras) if extras else "")


def space_words(state: DungeonsState, number: int) -> str:
    """A space as a point on the board is named: ``space 4 (Barrowmere)``,
    ``the Village``, ``the Styx River``."""
    if number == VILLAGE:
        return "the Village"
    if number == STYX:
        return "the Styx River"
    return "space " + board.space_words(state, number)


def _attrs(point: str, words: str, live: frozenset[str] | None = None) -> str:
    """``data-point`` and ``aria-label``; with ``live``, the point only when
    it is in it (a mark standing on a space: see :func:`.pointing.points_now`)."""
    where = f' data-point="{_esc(point)}"' if live is None or point in live else ""
    return f'{where} aria-label="{_esc(words)}"'


def _space_svg(state: DungeonsState, geo: _Map, number: int, live: frozenset[str]) -> list[str]:
    x, y = geo.box(number)
    village = number == VILLAGE
    fill = "#fff7d6" if village else "#efe3c4"
    out = [
        f'<g class="space" data-space="{number}"'
        + _attrs(pointing.space_point(number), space_words(state, number))
        + ">",
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(_NODE_W)}" height="{num(_NODE_H)}" '
        f'rx="10" fill="{fill}" stroke="{_INK}" stroke-width="{2.5 if village else 1.5}"/>',
    ]
    name = state.map.space(number).name
    label = name if village else f"{number}  {name}"
    out.append(fit(x + 8, y + 16, label, _NODE_W - 14, 12.5, font_weight="bold", fill=_INK))
    ex = x + 8
    pieces = environments_at(state, number)
    labels = [_piece_label(state, number, piece, short=False) for piece in pieces]
    if sum(len(a) * 5.6 + 12 for a in labels) > _NODE_W - 12:
        # Four or five kinds in one space (the expansion's pieces): three
        # letters each; the title and the key say the rest.
        labels = [_piece_label(state, number, piece, short=True) for piece in pieces]
    for piece, label in zip(pieces, labels, strict=True):
        colour = _ENV_COLOURS.get(piece, "#777")
        w = len(label) * 5.6 + 8
        out.append(f'<g class="environment"><title>{_esc(piece_words(state, piece))}</title>')
        out.append(
            f'<rect x="{num(ex)}" y="{num(y + 22)}" width="{num(w)}" height="13" rx="3" '
            f'fill="{colour}"/>'
        )
        out.append(text(ex + 4, y + 32, label, font_size=9.5, fill="#fff"))
        out.append("</g>")
        ex += w + 4
    tokens = [e for e in state.enemies if e.space == number]
    # Every token is drawn (each may be pointed at): more than six close up
    # and drop their dice, which their titles and the key still tell.
    many = len(tokens) > _ROW
    step = (_NODE_W - 28) / (len(tokens) - 1) if many else 23.0
    for k, e in enumerate(tokens):
        out.extend(_token_svg(state, e, x + 14 + k * step, y + 52, live, die=not many))
    heroes = [h for h in state.heroes if h.space == number]
    for k, h in enumerate(heroes):
        out.extend(_pawn_svg(state, h, x + 16 + k * 24, y + _NODE_H - 14, live))
    if state.companion and state.companion_at == number:
        out.extend(_companion_svg(state, x + 16 + len(heroes) * 24, y + _NODE_H - 14))
    castles = [c for sp, c in state.castles if sp == number]
    for k, c in enumerate(castles):
        words = castle_words(state, c)
        cx = x + _NODE_W - 22 - k * 19
        out += [
            f'<g class="castle" data-curse="{_esc(c)}" aria-label="{_esc(words)}">'
            f"<title>{_esc(words)}</title>",
            _castle_glyph(cx, y + _NODE_H - 22, mark=castle_mark(state, c)),
            "</g>",
        ]
    out.append("</g>")
    return out


#: The tokens a space shows side by side with their dice.
_ROW: Final = 6


def _piece_label(state: DungeonsState, number: int, piece: str, short: bool) -> str:
    """A piece's tag in a space: ``forest``, ``dungeon ×2``; ``short``:
    ``for``, ``dun×2``."""
    copies = sum(1 for sp, p in state.environments if sp == number and p == piece)
    if short:
        return piece[:3] + (f"×{copies}" if copies > 1 else "")
    return piece + (f" ×{copies}" if copies > 1 else "")


def piece_words(state: DungeonsState, piece: str) -> str:
    """An environment piece in words: the monsters it gives +1 (Part I,
    Know Thine Enemy; Guardians take no environmental advantage)."""
    helped = [m.name for m in state.content.monsters if m.environment == piece]
    if not helped:
        return f"{common.article(piece)} piece"
    return f"{common.article(piece)} piece: +1 to the {', the '.join(helped)} in its space"


def _token_svg(
    state: DungeonsState, e: Enemy, cx: float, cy: float, live: frozenset[str], die: bool = True
) -> list[str]:
    look = enemy_look(state, e)
    if e.is_cube:
        colour = SEAT_COLOURS[(e.owner or 0) % 4]
        # A turned Cube's rim is the colour of the player it works for (DG-R55).
        rim = colour if e.serves is None else SEAT_COLOURS[e.serves % 4]
        width = 2 if e.serves is None else 4
        shape = (
            f'<rect x="{num(cx - 9)}" y="{num(cy - 9)}" width="18" height="18" rx="3" '
            f'fill="{colour}" fill-opacity="0.55" stroke="{rim}" stroke-width="{width}"/>'
        )
    else:
        border = CLASS_COLOURS.get(look.family, "#999")
        fill = "#fffdf6" if look.family == "guardian" else "#f8f2e4"
        ring = "#333" if look.family == "guardian" else border
        shape = (
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="10" fill="{fill}" '
            f'stroke="{ring}" stroke-width="3"/>'
        )
    where = f"{board.enemy_name(state, e)} in {board.space_words(state, e.space)}"
    out = [
        f'<g class="enemy" data-uid="{e.uid}" data-kind="{_esc(e.kind)}"'
        + _attrs(pointing.foe_point(e.uid), where, live)
        + f"><title>{_esc(enemy_words(state, e))}</title>",
        shape,
        text(
            cx,
            cy + 3.5,
            token_symbol(state, e.kind),
            font_size=9,
            font_weight="bold",
            text_anchor="middle",
            fill=_INK,
        ),
    ]
    if die:
        out.append(text(cx, cy + 20, look.die, font_size=8, text_anchor="middle", fill=_INK))
    if e.buffs or e.hp > 1:
        out.append(text(cx + 8, cy - 8, _badge(e), font_size=8, font_weight="bold", fill="#b03030"))
    out.append("</g>")
    return out


def _badge(e: Enemy) -> str:
    """``+1`` for each buff, ``♥`` for each extra HP."""
    return (f"+{e.buffs}" if e.buffs else "") + ("♥" * (e.hp - 1))


def _esc(s: str) -> str:
    from html import escape

    return escape(s)


def _pawn_svg(
    state: DungeonsState, h: Hero, cx: float, cy: float, live: frozenset[str]
) -> list[str]:
    colour = SEAT_COLOURS[h.seat % 4]
    shape = "#fff" if h.chib else colour
    who = state.name(h.seat) + (", a chib" if h.chib else "")
    # Part III, Alliance: a ring of the team's colour round the pawn.
    ring = (
        [
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="12" fill="none" '
            f'stroke="{TEAM_COLOURS[state.teams[h.seat] % 2]}" stroke-width="2.5"/>'
        ]
        if team_label(state, h.seat)
        else []
    )
    return [
        f'<g class="hero" data-seat="{h.seat}"'
        + _attrs(pointing.hero_point(h.seat), who, live)
        + f"><title>{_esc(pawn_words(state, h))}</title>",
        *ring,
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="9" fill="{shape}" stroke="{colour}" '
        'stroke-width="3"/>',
        text(
            cx,
            cy + 3.5,
            str(h.seat + 1),
            font_size=10,
            font_weight="bold",
            text_anchor="middle",
            fill=colour if h.chib else "#fff",
        ),
        "</g>",
    ]


def companion_words(state: DungeonsState) -> str:
    """``the Kitteh (+1 to the combat roll), in 4 (Barrowmere)``, or ``in
    its carrier`` (Part III, Companions)."""
    from saloon.games.dungeons.rules import companions

    name, helps = companions.COMPANIONS.get(state.companion, (state.companion, ""))
    at = state.companion_at
    where = "in its carrier" if at is None else f"in {space_words(state, at)}"
    return f"{name} ({helps}), {where}"


def _companion_svg(state: DungeonsState, cx: float, cy: float) -> list[str]:
    """The companion's token beside the heroes' pawns: a diamond."""
    words = "the companion: " + companion_words(state)
    corners = ((cx, cy - 9), (cx + 9, cy), (cx, cy + 9), (cx - 9, cy))
    pts = " ".join(f"{num(px)},{num(py)}" for px, py in corners)
    return [
        f'<g class="companion" data-companion="{_esc(state.companion)}" '
        f'aria-label="{_esc(words)}"><title>{_esc(words)}</title>',
        f'<polygon points="{pts}" fill="#f4d35e" stroke="#8a6d00" stroke-width="2"/>',
        text(
            cx,
            cy + 3.5,
            state.companion[:1].upper(),
            font_size=9,
            font_weight="bold",
            text_anchor="middle",
            fill="#4a3f33",
        ),
        "</g>",
    ]


def pawn_words(state: DungeonsState, h: Hero) -> str:
    """A pawn spelled out: ``Player 2 (Slayer)'s hero in 4 (Barrowmere)``;
    a chib's pawn is white inside (Part I, Chibbing Out)."""
    chib = f", a chib (a d{state.hero_class(h.seat).chib_die})" if h.chib else ""
    team = team_label(state, h.seat)
    team = f" ({team})" if team else ""
    return f"{state.name(h.seat)}'s hero{chib}{team}, in {board.space_words(state, h.space)}"


# -- the Village signs, the pieces to place, the key ------------------------------------------

_SIGN_W: Final = 134.0
_SIGN_H: Final = 24.0
#: Each Village service's sign: its name and what it does (Part II, The
#: Village, What You Can Pay to Do).
_SIGNS: Final = {
    "fountain": ("Fountain of You", "roll a D6; one stat lower than the roll rises to it"),
    "training": ("Training Camp", "+1 to a stat, at most 6"),
    "refresh": ("Refresh Skills", "a used skill marker is free again"),
}


def _village_signs(state: DungeonsState, geo: _Map) -> list[str]:
    """The Village's services as signs beside it (Part I, Set Up the Game
    Board, Place Signs: they stand next to the Village, where alone they
    may be used)."""
    if VILLAGE not in geo.grid:
        return []
    x, y = geo.box(VILLAGE)
    sx = x + _NODE_W + _SIGN_GAP
    gap = 4.0
    sy = y + (_NODE_H - len(SERVICES) * _SIGN_H - (len(SERVICES) - 1) * gap) / 2
    out = []
    for k, service in enumerate(SERVICES):
        name, what = _SIGNS[service]
        cost = village.service_price(state, service)
        words = f"{name} ({_plural(cost, 'coin')}): {what}; in the Village only"
        top = sy + k * (_SIGN_H + gap)
        out += [
            f'<g class="village-sign" data-service="{service}"'
            + _attrs(pointing.village_point(service), words)
            + f"><title>{_esc(words)}</title>",
            f'<rect x="{num(sx)}" y="{num(top)}" width="{num(_SIGN_W)}" height="{num(_SIGN_H)}" '
            f'rx="4" fill="#f3e2b3" stroke="{_INK}" stroke-width="1.2"/>',
            fit(
                sx + 7,
                top + 16,
                f"{name}: {_plural(cost, 'coin')}",
                _SIGN_W - 16,
                10,
                font_weight="bold",
                fill=_INK,
            ),
            "</g>",
        ]
    return out


#: Room between the Village and its signs.
_SIGN_GAP: Final = 16.0


def _pieces_svg(state: DungeonsState, x0: float, y0: float, right: float) -> list[str]:
    """The environment pieces and curse castles still to place (setup), one
    mark a kind of piece, one a castle, in rows that end before ``right``."""
    if not state.pieces and not state.curses_left:
        return []
    out = [text(x0, y0 + 12, "To place:", font_size=11.5, font_weight="bold", fill=_INK)]
    x = x0 + 62

    def place(w: float) -> None:
        nonlocal x, y0
        if x + w > right and x > x0 + 62:
            x, y0 = x0 + 62, y0 + 21

    for c in state.curses_left:
        words = f"{castle_words(state, c)} (to place)"
        name = state.content.curse(c).name
        w = text_width(name, 10) + 30
        place(w)
        out += [
            '<g class="castle-to-place"' + _attrs(pointing.castle_point(c), words) + ">",
            f"<title>{_esc(words)}</title>",
            f'<rect x="{num(x)}" y="{num(y0)}" width="{num(w)}" height="17" rx="3" '
            f'fill="{CASTLE_COLOUR}"/>',
            _castle_glyph(x + 3, y0 + 1, mark=castle_mark(state, c)),
            text(x + 22, y0 + 12.5, name, font_size=10, fill="#fff"),
            "</g>",
        ]
        x += w + 6
    counts = {p: state.pieces.count(p) for p in dict.fromkeys(state.pieces)}
    for piece, n in counts.items():
        label = piece + (f" ×{n}" if n > 1 else "")
        w = text_width(label, 10) + 12
        words = f"{piece_words(state, piece)} ({n} left to place)"
        place(w)
        out += [
            '<g class="piece"' + _attrs(pointing.piece_point(piece), words) + ">",
            f"<title>{_esc(words)}</title>",
            f'<rect x="{num(x)}" y="{num(y0)}" width="{num(w)}" height="17" rx="3" '
            f'fill="{_ENV_COLOURS.get(piece, "#777")}"/>',
            text(x + 6, y0 + 12.5, label, font_size=10, fill="#fff"),
            "</g>",
        ]
        x += w + 6
    return out


@dataclass(frozen=True)
class KeyEntry:
    """A line of the board's key: a ``symbol`` as the board draws it, what
    it means in ``words``; ``glyph`` how the key draws it (``token``,
    ``cube``, ``die``, ``badge``, ``pawn``, ``piece``, ``castle``) in ``colour``."""

    symbol: str
    words: str
    glyph: str
    colour: str = _INK


def board_key(state: DungeonsState) -> list[KeyEntry]:
    """The key of the board as drawn now: every enemy token's symbol, every
    die under a token, the badges, the heroes' pawns and the environment
    pieces on the map, each in words (Part I, Know Thine Enemy; Cash Cube).

    >>> from saloon.games.dungeons import GAME
    >>> s = GAME.new_state(num_players=2)
    >>> [(k.symbol, k.words) for k in board_key(s)][:1]
    [('1', 'Player 1, a hero (white inside: a chib)')]
    """
    out: list[KeyEntry] = []
    kinds = sorted({e.kind for e in state.enemies}, key=lambda k: token_symbol(state, k))
    for kind in kinds:
        sym = token_symbol(state, kind)
        m = state.monster(kind)
        g = state.guardian(kind)
        if kind == CUBE:
            cube = next(e for e in state.enemies if e.is_cube)
            out.append(
                KeyEntry(
                    sym,
                    "a Cash Cube (its owner's colour; its rim, whom it works for if turned): "
                    "engages other heroes who enter",
                    "cube",
                    SEAT_COLOURS[(cube.owner or 0) % 4],
                )
            )
        elif m is not None:
            ring = RING_WORDS.get(m.monster_class, "grey")
            env = f", +1 in the {m.environment}" if m.environment else ""
            out.append(
                KeyEntry(
                    sym,
                    f"{m.name}: {common.article(m.monster_class.title())} ({ring} ring){env}",
                    "token",
                    CLASS_COLOURS.get(m.monster_class, "#999"),
                )
            )
        else:
            name = g.name if g is not None else kind
            worth = g is not None and g.glory and not state.options.hides
            glory_words = f", {g.glory} glory" if worth and g is not None else ""
            out.append(
                KeyEntry(sym, f"{name}: a Guardian (white ring){glory_words}", "token", "#333")
            )
    dice = {enemy_look(state, e).die for e in state.enemies}
    for die in sorted(dice, key=_die_order):
        if die.startswith("atk "):
            words = "a fixed attack, not rolled (a Plant of Eden's: 3, +1 for each other Plant)"
        else:
            words = f"under a token: the die it rolls in a fight ({die[1:]} sides)"
        out.append(KeyEntry(die, words, "die"))
    if any(e.buffs for e in state.enemies):
        out.append(KeyEntry("+1", "a buff on it for this round, +1 to its roll", "badge"))
    if any(e.hp > 1 for e in state.enemies):
        out.append(KeyEntry("♥", "an extra HP: one more round to lose", "badge"))
    for h in state.heroes:
        words = f"Player {h.seat + 1}, a hero (white inside: a chib)"
        if h.hero_class:
            words = f"{state.name(h.seat)}'s hero (white inside: a chib)"
        team = team_label(state, h.seat)
        if team:
            words += f"; the ring: the {team}"
        out.append(KeyEntry(str(h.seat + 1), words, "pawn", SEAT_COLOURS[h.seat % 4]))
    for piece in sorted({p for _, p in state.environments}):
        helped = [m.name for m in state.content.monsters if m.environment == piece]
        words = f"+1 in its space to {', '.join(helped)}" if helped else "an environment piece"
        out.append(KeyEntry(piece, words, "piece", _ENV_COLOURS.get(piece, "#777")))
    for _, c in state.castles:
        curse = state.content.curse(c)
        mark = castle_mark(state, c)
        out.append(KeyEntry(mark, f"{curse.name}: {curse.text}", "castle", CASTLE_COLOUR))
    return out


def _die_order(die: str) -> tuple[int, int]:
    """``d4`` before ``d12``, the fixed attacks last."""
    digits = "".join(ch for ch in die if ch.isdigit())
    return (die.startswith("atk"), int(digits) if digits else 0)


_KEY_ROW: Final = 17.0
_KEY_COL: Final = 300.0


def _key_svg(state: DungeonsState, x0: float, y0: float, width: float) -> tuple[list[str], float]:
    """The key drawn under the map, in columns; its height."""
    entries = board_key(state)
    cols = max(1, int(width // _KEY_COL))
    rows = -(-len(entries) // cols)
    col_w = width / cols
    out = [
        '<g class="key">',
        text(x0, y0 + 13, "Key", font_size=12.5, font_weight="bold", fill=_INK),
    ]
    for i, en in enumerate(entries):
        x = x0 + (i // rows) * col_w
        y = y0 + 22 + (i % rows) * _KEY_ROW
        out.append(f'<g class="key-entry" data-symbol="{_esc(en.symbol)}">')
        out.extend(_glyph(en, x + 12, y + 7))
        # A die or a badge is drawn as it is; a token's symbol is small.
        words = en.words if en.glyph in ("die", "badge") else f"{en.symbol}: {en.words}"
        out.append(fit(x + 28, y + 11, words, col_w - 34, 10, fill=_INK))
        out.append("</g>")
    out.append("</g>")
    return out, 22 + rows * _KEY_ROW + 6


def _glyph(en: KeyEntry, cx: float, cy: float) -> list[str]:
    """The key's small picture of a symbol, centred at (cx, cy)."""
    if en.glyph == "token":
        fill = "#fffdf6" if en.colour == "#333" else "#f8f2e4"
        return [
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="8" fill="{fill}" stroke="{en.colour}" '
            'stroke-width="2.5"/>',
            text(cx, cy + 3, en.symbol, font_size=7.5, font_weight="bold", text_anchor="middle"),
        ]
    if en.glyph == "cube":
        return [
            f'<rect x="{num(cx - 7)}" y="{num(cy - 7)}" width="14" height="14" rx="2" '
            f'fill="{en.colour}" fill-opacity="0.55" stroke="{en.colour}" stroke-width="2"/>',
            text(cx, cy + 3, en.symbol, font_size=8, font_weight="bold", text_anchor="middle"),
        ]
    if en.glyph == "pawn":
        return [
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="7.5" fill="{en.colour}" '
            f'stroke="{en.colour}" stroke-width="2"/>',
            text(
                cx,
                cy + 3,
                en.symbol,
                font_size=8.5,
                font_weight="bold",
                text_anchor="middle",
                fill="#fff",
            ),
        ]
    if en.glyph == "castle":
        return [_castle_glyph(cx - 8, cy - 8, en.colour, mark=en.symbol)]
    if en.glyph == "piece":
        return [
            f'<rect x="{num(cx - 10)}" y="{num(cy - 6)}" width="20" height="12" rx="3" '
            f'fill="{en.colour}"/>'
        ]
    colour = "#b03030" if en.glyph == "badge" else _INK
    weight = "bold" if en.glyph == "badge" else None
    return [
        text(
            cx,
            cy + 3,
            en.symbol,
            font_size=8,
            font_weight=weight,
            text_anchor="middle",
            fill=colour,
        )
    ]


_PANEL_W: Final = 330.0


def render_svg(state: DungeonsState, player: int | None = None) -> str:
    """The SVG of what ``player`` may see (``None``: a spectator): the map on
    the left (spaces, arrows, environments, enemy tokens with their dice,
    heroes' pawns; the Village's signs beside it; the Styx below; under it
    the key to every symbol on the board), the round and the fight above
    it (at setup the pieces to place), and on the right the bounties,
    every hero's boards and ``player``'s hand.

    Each place a person may point at carries ``data-point`` and words in
    ``aria-label`` (:mod:`.pointing`): the spaces, the Village's signs, the
    pieces to place, the bounties, ``player``'s cards and Cash Cube always;
    an enemy token or a pawn only when ``player`` may choose it now, so
    that a click on it otherwise goes to its space. Every token says what
    it is in a ``<title>`` (shown on hover).
    """
    geo = _Map(state.map)
    live = pointing.points_now(state, player)
    body: list[str] = []
    body.append(
        # Bold letters run about a tenth wider than the measure's: the
        # line keeps clear of the panel beside the map.
        fit(
            16,
            26,
            "D6: " + round_line(state),
            (geo.width - 24) * 0.9,
            16,
            font_weight="bold",
            fill=_INK,
        )
    )
    fl = fight_line(state)
    if fl:
        for k, line in enumerate(wrap(fl, int(geo.width / 6.6))[:2]):
            body.append(text(16, 46 + 14 * k, line, font_size=11.5, fill="#8b1e1e"))
    body.extend(_pieces_svg(state, 16, 38, geo.width - 8))
    body.extend(_arrows(state.map, geo))
    for number in geo.grid:
        body.extend(_space_svg(state, geo, number, live))
    body.extend(_village_signs(state, geo))
    sy = geo.height - 60
    dead = [h for h in state.heroes if h.space == STYX]
    body.append(
        f'<g class="styx"{_attrs(pointing.space_point(STYX), space_words(state, STYX))}>'
        f'<rect x="16" y="{num(sy)}" width="{num(geo.width - 32)}" height="44" rx="8" '
        'fill="#2c3e57" stroke="#1b2636"/>'
        + text(28, sy + 27, "The Styx River", font_size=13, font_weight="bold", fill="#e6ecf5")
        + "</g>"
    )
    for k, h in enumerate(dead):
        body.extend(_pawn_svg(state, h, 160 + k * 26, sy + 22, live))
    key, key_h = _key_svg(state, 16, geo.height - 8, geo.width - 32)
    body.extend(key)
    panel, panel_h = _panel_svg(state, player, geo.width + 10)
    width = geo.width + 10 + _PANEL_W + 12
    height = max(geo.height - 8 + key_h, panel_h) + 8
    defs = (
        "<defs>"
        '<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#6b5a45"/></marker>'
        '<marker id="arrow-back" viewBox="0 0 10 10" refX="1" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto"><path d="M10,0 L0,5 L10,10 z" fill="#6b5a45"/></marker>'
        "</defs>"
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(width)}" height="{num(height)}" '
        f'viewBox="0 0 {num(width)} {num(height)}" font-family="sans-serif" '
        f'class="dungeons">{defs}'
        f'<rect width="100%" height="100%" fill="{_PAPER}"/>'
        + "".join(body)
        + "".join(panel)
        + "</svg>"
    )


def _panel_svg(state: DungeonsState, player: int | None, x0: float) -> tuple[list[str], float]:
    out: list[str] = []
    y = 24.0
    out.append(text(x0, y, "Bounties", font_size=13, font_weight="bold", fill=_INK))
    y += 6
    for b in state.bounties:
        colour = CLASS_COLOURS.get(state.index.bounties[b].monster_class, "#999")
        words = f"the bounty on {_bounty_words(state, b)}"
        out.append(f'<g class="bounty-card"{_attrs(pointing.bounty_point(b), words)}>')
        out.append(
            f'<rect class="bounty" data-card="{b}" x="{num(x0)}" y="{num(y)}" '
            f'width="{num(_PANEL_W)}" height="20" rx="4" fill="#fffaf0" stroke="{colour}" '
            'stroke-width="2"/>'
        )
        out.append(text(x0 + 8, y + 14, bounty_text(state, b), font_size=11, fill=_INK))
        out.append("</g>")
        y += 24
    y += 10
    if state.options.hides:
        part, used = _collection_svg(state, x0, y)
        out.extend(part)
        y += used + 8
    for h in state.heroes:
        part, used = _board_svg(state, h, x0, y, mine=h.seat == player)
        out.extend(part)
        y += used + 8
    if player is not None and 0 <= player < len(state.heroes):
        out.append(
            text(
                x0,
                y + 12,
                f"Your hand (Player {player + 1})",
                font_size=13,
                font_weight="bold",
                fill=_INK,
            )
        )
        y += 20
        cards = hand_of(state, player)
        if not cards:
            out.append(text(x0 + 8, y + 12, "no cards", font_size=11, fill=_INK))
            y += 18
        drawn: set[str] = set()
        for card in cards:
            name, what = card_name(state, card)
            lines = wrap(what, 52)[:3]
            h_card = 18 + 13 * len(lines)
            # A card held twice is one point: the first copy takes the clicks.
            point = (
                "" if card in drawn else _attrs(pointing.card_point(card), _card_words(state, card))
            )
            drawn.add(card)
            out.append(
                f'<g class="card" data-card="{card}"{point}><rect x="{num(x0)}" y="{num(y)}" '
                f'width="{num(_PANEL_W)}" height="{num(h_card)}" rx="5" fill="#fff" '
                'stroke="#b8a98a"/>'
            )
            out.append(
                fit(x0 + 8, y + 14, name, _PANEL_W - 16, 11.5, font_weight="bold", fill=_INK)
            )
            for k, line in enumerate(lines):
                out.append(text(x0 + 8, y + 28 + 13 * k, line, font_size=10, fill="#4a3f33"))
            out.append("</g>")
            y += h_card + 4
        mate = mate_shown(state, player)
        if mate is not None:
            y = _mate_hand_svg(state, mate, x0, y, out)
    return out, y + 8


def _mate_hand_svg(state: DungeonsState, mate: int, x0: float, y: float, out: list[str]) -> float:
    """The teammate's hand, shown with ``team_hands=shared`` (Part III,
    Alliance, GM's Note; ruling DG-R87): names only, no points (it is his
    to play)."""
    out.append(
        text(
            x0,
            y + 16,
            f"Your teammate's hand (Player {mate + 1})",
            font_size=13,
            font_weight="bold",
            fill=TEAM_COLOURS[state.teams[mate] % 2],
        )
    )
    y += 24
    cards = hand_of(state, mate)
    names = [card_name(state, c)[0] for c in cards] or ["no cards"]
    for name in names:
        out.append(
            f'<g class="mate-card"><rect x="{num(x0)}" y="{num(y)}" width="{num(_PANEL_W)}" '
            'height="18" rx="4" fill="#f7f3ea" stroke="#b8a98a"/>'
        )
        out.append(fit(x0 + 8, y + 13, name, _PANEL_W - 16, 11, fill=_INK))
        out.append("</g>")
        y += 22
    return y


def _collection_svg(state: DungeonsState, x0: float, y0: float) -> tuple[list[str], float]:
    """The Hide Collection board (Part III): the turn of the max turn
    counter, and a square per monster, filled once its hide is on it."""
    out = [
        text(
            x0,
            y0 + 12,
            f"Hide Collection: {len(state.collection)} of {len(state.content.monsters)}, "
            f"turn {state.round} of {state.max_turns}",
            font_size=13,
            font_weight="bold",
            fill=_INK,
        )
    ]
    y = y0 + 20
    extra = [f"Heroic Benefits: {benefits_line(state)}"]
    if state.companion:
        extra.append("Companion: " + companion_words(state))
    # A long line (the Wisp's terrains, many benefits) wraps at a size
    # that can be read, rather than shrinking to fit one line.
    chars = int(_PANEL_W / (0.56 * 10.5))
    for line in (part for whole in extra for part in wrap(whole, chars)):
        out.append(fit(x0, y + 11, line, _PANEL_W, 10.5, fill=_INK))
        y += 14
    by: dict[str, list[tuple[str, bool]]] = {}
    for m in state.content.monsters:
        by.setdefault(m.monster_class, []).append((m.name, m.id in state.collection))
    for cls, items in by.items():
        colour = CLASS_COLOURS.get(cls, "#999")
        out.append(text(x0, y + 11, cls, font_size=10, fill=_INK))
        for k, (name, got) in enumerate(items):
            x = x0 + 56 + k * 84
            fill = colour if got else "#fff"
            out.append(
                f'<g class="hide-slot" data-got="{int(got)}"><title>{_esc(name)}'
                f"{' (collected)' if got else ' (missing)'}</title>"
                f'<rect x="{num(x)}" y="{num(y)}" width="80" height="15" rx="3" '
                f'fill="{fill}" stroke="{colour}"/></g>'
            )
            # A collected hide's name in white on its class's colour.
            out.append(fit(x + 3, y + 11, name, 74, 9.5, fill="#fff" if got else _INK))
        y += 18
    return out, y - y0


def _bounty_words(state: DungeonsState, card: str) -> str:
    """``a Bandit in 4 (Barrowmere), 2 glory``."""
    b = state.index.bounties[card]
    wanted = common.article(b.monster_class.title())
    if state.options.hides:  # Part III: no glory; returned, it adds a turn
        return f"{wanted} in {board.space_words(state, b.space)}, a turn more once returned"
    return f"{wanted} in {board.space_words(state, b.space)}, {b.glory} glory"


def _card_words(state: DungeonsState, card: str) -> str:
    """A card of the hand as a point is named: ``Lucky Coin, an Advantage card``."""
    name, _ = card_name(state, card)
    deck = "an Advantage card" if card in state.index.advantages else "a Heroic Quest card"
    if card in state.index.alliances:
        deck = "an Alliance card"
    return f"{name}, {deck} in your hand"


def _cube_line(state: DungeonsState, h: Hero) -> str:
    """Where a hero's Cash Cube is: on a space, or at home on his class
    board (Part I, Place Your Cash Cube; Cash Cube)."""
    cube = board.cube_of(state, h.seat)
    if cube is not None and cube.serves is not None:
        where = board.space_words(state, cube.space)
        return f"Cash Cube: in {where}, turned against its owner: working for P{cube.serves + 1}"
    if cube is not None:
        return f"Cash Cube: hired, in {board.space_words(state, cube.space)}"
    return "Cash Cube: at home on the class board"


def _board_svg(
    state: DungeonsState, h: Hero, x0: float, y0: float, mine: bool = False
) -> tuple[list[str], float]:
    colour = SEAT_COLOURS[h.seat % 4]
    lines = [
        stats_text(h)
        + f"   HP {'♥' * h.hp}{'♡' * max(0, state.content.prices.hp - h.hp)}"
        + f"   {_plural(h.coins, 'coin')}",
        f"at {space_label(state, h.space)}; skills {skill_line(state, h)}",
        "potions: " + potion_names(state, h),
        hides_line(state, h),
        "backpack: "
        + (", ".join(bounty_text(state, b) for b in h.backpack) or "empty")
        + (f"; {len(h.dropped)} dropped off" if h.dropped else ""),
    ]
    if h.trophies:
        lines.append("trophies: " + ", ".join(_token_name(state, t) for t in h.trophies))
    lines.append(f"{_plural(h.hand_size, 'card')} in hand")
    height = 22 + 13.5 * (len(lines) + 1)
    out = [
        f'<g class="board" data-seat="{h.seat}">',
        f'<rect x="{num(x0)}" y="{num(y0)}" width="{num(_PANEL_W)}" height="{num(height)}" rx="6" '
        f'fill="#fffaf0" stroke="{colour}" stroke-width="2"/>',
        fit(
            x0 + 8,
            y0 + 16,
            f"{state.name(h.seat)}{' (chib)' if h.chib else ''}"
            + (f": {glory(state, h.seat)} glory" if not state.options.hides else "")
            + (f" · {team_label(state, h.seat)}" if team_label(state, h.seat) else ""),
            _PANEL_W - 16,
            12.5,
            font_weight="bold",
            fill=colour,
        ),
    ]
    for k, line in enumerate(lines):
        out.append(fit(x0 + 8, y0 + 31 + 13.5 * k, line, _PANEL_W - 16, 10.5, fill=_INK))
    if not state.options.hides:  # Part III: no Cash Cubes in solo and co-op
        out.extend(_cube_svg(state, h, x0, y0 + 31 + 13.5 * len(lines), mine))
    out.append("</g>")
    return out, height


def _cube_svg(state: DungeonsState, h: Hero, x0: float, base: float, mine: bool) -> list[str]:
    """A board's Cash Cube line; on the viewer's own board it is the point
    ``cube``, clicked first to hire the cube (then its space)."""
    colour = SEAT_COLOURS[h.seat % 4]
    line = _cube_line(state, h)
    if mine:
        price = _plural(state.content.prices.cash_cube, "coin")
        hired = board.cube_of(state, h.seat) is not None
        deal = f"{price} to move it (rehire)" if hired else f"{price} to hire it onto a space"
        words = f"your Cash Cube ({line.removeprefix('Cash Cube: ')}): {deal}"
        head = f'<g class="cube"{_attrs(pointing.CUBE, words)}><title>{_esc(words)}</title>'
    else:
        head = '<g class="cube">'
    return [
        head,
        # The whole line takes the click (a transparent fill still does).
        f'<rect x="{num(x0 + 4)}" y="{num(base - 11)}" width="{num(_PANEL_W - 8)}" height="14" '
        'fill="#fff" fill-opacity="0"/>',
        f'<rect x="{num(x0 + 8)}" y="{num(base - 9)}" width="11" height="11" rx="2" '
        f'fill="{colour}" fill-opacity="0.55" stroke="{colour}" stroke-width="1.5"/>',
        text(x0 + 13.5, base - 0.5, "$", font_size=8, font_weight="bold", text_anchor="middle"),
        fit(x0 + 24, base, line, _PANEL_W - 32, 10.5, fill=_INK),
        "</g>",
    ]
