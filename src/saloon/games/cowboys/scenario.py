r"""Cowboys' scenarios: who stands where with what, and how the fight is won.

Cowboys rulebook, Scenarios: each scenario of the (unprinted) scenario book
sets up a gunfight: the boards and how they lie, the cowboys (by number,
with the modifier printed on the counter to use) and town folk of each
side with their weapons and squares, the cards each side is dealt, which
side acts first, the turns on the Turn Record Chart, and special rules that
may change the game's rules ("Game Components", "Game Set Up", "Card
Play"). The scenario book is not in the rulebook, so Saloon writes its own
scenarios as data (``content/scenarios/*.toml``, each marked
``reconstructed``), and an owner of the game can type in a printed one in
the same format and play it by giving its path. A malformed file is one
:class:`~saloon.core.errors.ContentError` naming the file and the key.

A scenario file is TOML::

    id = "hickok-tutt"              # the name on the command line
    title = "Wild Bill and Davis Tutt"
    story = "A paragraph setting the scene."
    reconstructed = true            # with a one-line reason when true
    reason = "The scenario book is not in the rulebook."
    layout = "B"                    # boards as build_town reads them: "A B / C> D"
    turns = 8                       # the Turn Record Chart
    first = "Tutt"                  # a side's name, or its number from 1
    cards = [3, 3]                  # cards dealt to each side, in side order
    forbidden = ["Adrenaline"]      # faces, card names or effect kinds: blanks

    [[sides]]
    name = "Hickok"
    # article = "the"               # sentences say "the Law" (optional)

    [[sides.figures]]
    kind = "cowboy"                 # or "townfolk"
    number = 1                      # cowboys 1-10, town folk 1-16, once each
    modifier = 2                    # cowboys only: the counter's 0, +1 or +2
    name = "Wild Bill Hickok"       # optional
    at = "B:a2"                     # board letter, colon, square in its frame
    facing = "S"                    # N, E, S or W of the town
    weapons = ["pistol"]            # the first is in hand; all start loaded
    # mounted = true                # on a horse in his square
    # health = 3                    # a wounded start (full is 4)

    [[sides]]
    name = "Tutt"
    # ... his figures

    [[bystanders]]                  # town folk on nobody's side (optional)
    number = 1
    at = "B:c5"
    facing = "W"
    weapons = []

    [[objects]]                     # horses, cattle, the stagecoach (optional)
    kind = "horse"
    at = "B:b6"

    [victory]
    at_limit = "draw"               # or a side: who wins when the turns run out

    [[victory.goals]]
    kind = "eliminate"              # a side omitted: every side has this goal

    [[special]]                     # optional special rules
    rule = "duel_start"
    text = "Both men start with their pistols holstered."

    [options]                       # Advanced Optional Rules the scenario plays with
    fan_fire = true                 # (optional; see "Options" below)

    [solo]                          # a solitaire scenario's bot side (optional)
    side = "Tutt"
    behaviour = '''...'''           # its rules in words, paragraphs parted by blank lines
    # alert = 3                     # sentries: they hold their posts until an enemy is this near

Figures
-------
A cowboy carries up to two pistols and one rifle or shotgun (Shoot); town
folk a rifle, or nothing (Game Components: they "normally" carry one; they
never reload, Shoot). The first weapon listed is in hand, and every weapon
starts fully loaded (Game Set Up). Figures stand one to a square, on any
square of a board, a building's too (a figure cannot stand "in a wall":
walls lie between squares). A mounted figure and a horse need a square a
horse may enter (Movement with Horses); the horse under a mounted figure is
implied, not listed. Cattle stand on open ground or in a corral, the
stagecoach on open ground; a square holds at most one of these counters.
Cowboy and town-folk numbers are used once each in a scenario, bystanders
(town folk on no side, who never act on their own and count for no side)
included. A figure is named in victory and special rules by its ``name`` or
as ``cowboy 3`` / ``townfolk 12``.

Options
-------
The ``[options]`` table switches on Advanced Optional Rules for the
scenario (rulebook, Advanced Optional Rules; rulings CW-A1..): each key is
one of ``facing_by_last_step``, ``fan_fire``, ``two_pistols``,
``deadly_shots``, ``two_targets``, ``high_card``, ``random_modifiers``, ``poker_order``
and ``fist_fights``, with ``true`` or ``false``. A rule the scenario
switches on is played whatever the game's options say; one it leaves off
(or out) can still be switched on with the game's option of the same
name (``-o fan_fire=true``).

Solitaire (ruling CS-S8)
------------------------
A ``[solo]`` table gives its ``side`` to Saloon's ``solo`` bot
(:mod:`saloon.games.cowboys.solo`), which plays it by written priorities;
``behaviour`` prints them for the players, who see them with the scenario.
The table seats the bot itself when a person names only the other seats.
``alert`` (1 to 20, optional) makes the bot's men sentries (ruling CS-Q3):
a man moves only once an enemy stands within that many squares of him or
he is wounded, and otherwise holds his post, shooting and reloading there.

Victory (rulings CS-V1 to CS-V8 in ``docs/rulings.md``)
-------------------------------------------------------
A figure is *standing* while it is on the board with health left, *down*
once its health is 0 (Shoot: the body stays in its square), *gone* once it
has left the town across an edge (only an ``escape`` goal or the ``flee``
rule lets it, by a step off the board from a square on that edge, one
movement point, on foot or mounted; it never comes back). Goals
(``[[victory.goals]]``, each a ``kind`` with parameters):

``eliminate`` (``side``, optional; ``townfolk = false``)
    The side (each side, when ``side`` is left out) wins as soon as no
    cowboy of any other side is standing; with ``townfolk = true`` their
    town folk must be down or gone too. Bystanders never count.
``escape`` (``side``; ``figures``, default all of the side's; ``count``,
default 1; ``edges``, from N, E, S, W; ``loot = false``; ``otherwise``)
    The side wins as soon as ``count`` of the listed figures have left the
    town across one of the ``edges``; with ``loot = true`` only a figure
    carrying loot when it leaves counts. It can no longer happen once the
    figures that counted plus the listed figures still standing are fewer
    than ``count``.
``reach`` (``side``; ``figures``, default all of the side's; ``count``,
default 1; ``place`` and/or ``squares``; ``otherwise``)
    The side wins as soon as ``count`` of the listed figures stand on the
    target squares together (the squares of the named place, and the listed
    squares). It can no longer happen once fewer than ``count`` of them are
    standing.
``hold`` (``side``; ``figures``, default all of the side's; ``count``,
default 1; ``place`` and/or ``squares``; ``otherwise``)
    Checked only when the last turn ends: the side wins if ``count`` of the
    listed figures stand on the target squares then. It can no longer
    happen once fewer than ``count`` of them are standing.

``otherwise`` names the side that wins at once when a goal can no longer
happen; with two sides it is the other side unless given, with more it is
nobody (the goal just lapses) unless given. ``[victory.loot]`` (``side``;
``place`` and/or ``squares``) is the money an ``escape`` with ``loot =
true`` needs: a standing figure of that side that ends a move action on a
loot square carries loot from then on (a figure already on one may take a
move action without moving; the loot never runs out); one that goes down
drops it, and its square becomes a loot square for the rest of the
scenario. ``at_limit`` (a side, or ``"draw"``) decides a scenario that
nothing has decided when the last turn ends.

After every action, and after every card played, the goals
are checked in file order: the first goal met decides the game; if none is
met, the first goal that can no longer happen and names a winner decides it.
When the last side's actions of the last turn are done, the ``hold`` goals
are checked in file order, then ``at_limit`` decides.

Special rules (rulings CS-S1 to CS-S7)
--------------------------------------
Each ``[[special]]`` table has a ``rule``, its parameters, and an optional
``text`` shown to players.

``duel_start`` (``figures``, default every cowboy carrying a pistol)
    Each listed figure starts with his pistols holstered and nothing in
    hand: until he takes a weapon in hand, his only shoot action is a Draw
    and Shoot (one shot with his first pistol, which is then in hand); a
    change of weapons in a move (2 points) also takes one in hand.
``no_reload`` (``sides``, default every side)
    Figures of those sides may not take the reload action. Cards still do
    what they say (Card Play); forbid them too if none should load a gun.
``town_folk_neutral`` (no parameters; needs bystanders)
    No side may choose a bystander as the target of a shot or a fist fight.
    Bystanders never act on their own; they still block line of sight and
    open doors, and a card may lend one to a side.
``prisoner`` (``figures``)
    Each listed figure is in irons: he carries no weapon and may not pick
    one up, mount a horse, or fist fight; he moves and is shot at as usual.
``locked_up`` (``figures``; ``squares``)
    Each listed figure may take no move action until a standing figure of
    his side ends a move action on one of the ``squares`` (the keys, the
    cell door); from then on all of them move as usual.
``flee`` (``figures``; ``edges``, default all four)
    Each listed figure may leave the town across one of the ``edges``, out
    of the fight: gone, as for ``eliminate``.
``surprise`` (``sides``; ``turns = 1``)
    Figures of those sides may take no shoot action (nor reaction fire) in
    the first ``turns`` turns; their cards still play.
``night`` (``range``, 1 to 12 squares; ruling CS-N4)
    It is dark: no figure sees to shoot farther than ``range`` squares, so
    the shot chart ends there for every weapon (a shot, a draw, a spin,
    reaction fire); closer in, the chart and line of sight are as usual.

``stage_run`` (``figures``, the drivers; ``route``; ``steps = 2``; ``sides``,
default every side but the drivers'; ruling CS-Q1)
    Saloon's scenario rule for a stagecoach on the move (the rulebook has a
    stagecoach counter but no rule to move it). ``route`` lists the road
    square by square, from the stagecoach's square, each beside the last
    across no line, all open ground, the last on the town's edge. At the end
    of every turn but the last the stage is stopped for good if no driver
    is standing, or if a standing figure of one of ``sides`` stands on its
    square or beside it; otherwise it rolls ``steps`` squares on along the
    route, carrying the figure standing on its square (on foot) and any
    loot square under it, and halting short of a square a figure, horse or
    cattle stands on. From the last square it leaves the town, with its
    rider and its loot: an ``escape`` goal with ``loot = true`` can no
    longer happen once no loot is left in the town. A driver on its square
    holds the reins: he may take no move action while it rolls.

>>> s = builtin_scenarios()["hickok-tutt"]
>>> s.title, [side.name for side in s.sides], s.turns, s.sides[s.first].name
('Wild Bill and Davis Tutt', ['Hickok', 'Tutt'], 8, 'Tutt')
>>> hickok = s.figure("Wild Bill Hickok")
>>> hickok.key, hickok.modifier, hickok.weapons, s.town.ref(hickok.xy), hickok.facing
(('cowboy', 1), 2, (<Weapon.PISTOL: 'pistol'>,), 'B:a2', 'S')
>>> type(s.victory.goals[0]).__name__, s.victory.at_limit is None
('Eliminate', True)
"""

from __future__ import annotations

import itertools
import re
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final, Literal, get_args

from saloon.core.content import is_reference, read_file
from saloon.core.errors import ContentError, shown
from saloon.games.cowboys.board import XY, Board, Town, board_set, compose, parse_layout
from saloon.games.cowboys.cards import DECK_SIZE, Deck, load_deck
from saloon.games.cowboys.geometry import FACINGS, Facing
from saloon.games.cowboys.options import ADVANCED_RULES, OPTIONAL_RULES
from saloon.games.cowboys.shotchart import Weapon, content_header, content_int, content_str
from saloon.games.cowboys.words import count

#: What a figure is (Cowboys rulebook, Game Components).
FigureKind = Literal["cowboy", "townfolk"]
FIGURE_KINDS: Final[tuple[FigureKind, ...]] = get_args(FigureKind)
#: A figure's identity in a scenario: its kind and its number.
FigureKey = tuple[FigureKind, int]
#: Counters that are not figures (Game Components: horses; other counters:
#: a stagecoach, cattle).
ObjectKind = Literal["horse", "cattle", "stagecoach"]
OBJECT_KINDS: Final[tuple[ObjectKind, ...]] = get_args(ObjectKind)
#: An edge of the town: the side of the whole layout a figure may leave by.
Edge = Literal["N", "E", "S", "W"]
EDGES: Final[tuple[Edge, ...]] = get_args(Edge)
#: The kinds of goal (see the module's docstring).
GoalKind = Literal["eliminate", "escape", "reach", "hold"]
GOAL_KINDS: Final[tuple[GoalKind, ...]] = get_args(GoalKind)
#: The special rules (see the module's docstring).
SpecialRule = Literal[
    "duel_start",
    "no_reload",
    "town_folk_neutral",
    "prisoner",
    "locked_up",
    "flee",
    "surprise",
    "night",
    "stage_run",
]
SPECIAL_RULES: Final[tuple[SpecialRule, ...]] = get_args(SpecialRule)

#: Numbers printed on the counters (Game Components, Cowboy Track; RULINGS:
#: 10 cowboys, 16 town folk) and the cowboys' modifiers.
NUMBERS: Final[Mapping[FigureKind, range]] = MappingProxyType(
    {"cowboy": range(1, 11), "townfolk": range(1, 17)}
)
MODIFIERS: Final[tuple[int, ...]] = (0, 1, 2)
#: Full health (Game Components: a cowboy 4, a town folk 1).
FULL_HEALTH: Final[Mapping[FigureKind, int]] = MappingProxyType({"cowboy": 4, "townfolk": 1})
#: At most this many pistols, and long guns (a rifle or a shotgun), per cowboy (Shoot).
MAX_PISTOLS, MAX_LONG_GUNS = 2, 1
MAX_SIDES = 4
MAX_TURNS = 40
#: The longest sight a ``night`` rule may give (a board is 11 squares long).
MAX_NIGHT_RANGE = 12

#: The most squares the stagecoach rolls in a turn (``stage_run``).
MAX_STAGE_STEPS = 4
#: The largest scenario file read: 256 KiB.
MAX_SCENARIO_BYTES = 256 * 1024
#: Where an object may stand, by terrain.
OBJECT_TERRAINS: Final[Mapping[ObjectKind, frozenset[str]]] = MappingProxyType(
    {
        "horse": frozenset({"open", "stable", "corral", "livery"}),
        "cattle": frozenset({"open", "corral"}),
        "stagecoach": frozenset({"open"}),
    }
)
_ARTICLE: Final[Mapping[ObjectKind, str]] = MappingProxyType(
    {"horse": "a ", "cattle": "", "stagecoach": "the "}
)
#: A side's name that ``at_limit`` reads as no winner.
DRAW: Final = "draw"

_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_REF_WORDS = re.compile(r"(cowboy|townfolk|town folk)\s*#?\s*([0-9]{1,3})", re.IGNORECASE)
_TOP_KEYS = (
    "id",
    "title",
    "story",
    "reconstructed",
    "reason",
    "layout",
    "turns",
    "first",
    "cards",
    "forbidden",
    "sides",
    "bystanders",
    "objects",
    "victory",
    "special",
    "options",
    "solo",
)
_FIGURE_KEYS = (
    "kind",
    "number",
    "modifier",
    "name",
    "at",
    "facing",
    "weapons",
    "mounted",
    "health",
)
_GOAL_KEYS: Final[Mapping[GoalKind, tuple[str, ...]]] = MappingProxyType(
    {
        "eliminate": ("side", "townfolk"),
        "escape": ("side", "figures", "count", "edges", "loot", "otherwise"),
        "reach": ("side", "figures", "count", "place", "squares", "otherwise"),
        "hold": ("side", "figures", "count", "place", "squares", "otherwise"),
    }
)
#: Each special rule's parameters (``figures``, ``sides``, ``squares``,
#: ``edges``, ``turns``), which of them it needs, and the sentence shown to
#: players when the file gives none.
_SPECIAL: Final[Mapping[SpecialRule, tuple[tuple[str, ...], tuple[str, ...], str]]] = (
    MappingProxyType(
        {
            "duel_start": (
                ("figures",),
                (),
                "The duellists start with their pistols holstered: a draw and shoot, "
                "or a change of weapons, puts a gun in their hand.",
            ),
            "no_reload": (
                ("sides",),
                (),
                "No reloading: every gun holds only what it starts with.",
            ),
            "town_folk_neutral": (
                (),
                (),
                "The bystanders take no side, and no one may shoot at them.",
            ),
            "prisoner": (
                ("figures",),
                ("figures",),
                "The prisoner is in irons: no weapon, no horse, no fist fight.",
            ),
            "locked_up": (
                ("figures", "squares"),
                ("figures", "squares"),
                "The prisoner cannot move until a friend reaches the cell door.",
            ),
            "flee": (
                ("figures", "edges"),
                ("figures",),
                "Some may run from the fight, off the edge of town.",
            ),
            "surprise": (
                ("sides", "turns"),
                ("sides",),
                "Taken by surprise: no shooting at first.",
            ),
            "night": (
                ("range",),
                ("range",),
                "",  # said with the range: see :func:`night_text`
            ),
            "stage_run": (
                ("figures", "sides", "route", "steps"),
                ("figures", "route"),
                "The stagecoach rolls on along its road at the end of every turn until "
                "it is stopped or leaves the town.",
            ),
        }
    )
)


def night_text(reach: int) -> str:
    """The sentence players read for the ``night`` rule without a ``text``.

    >>> night_text(3)
    'It is night: no one can see to shoot farther than 3 squares.'
    """
    return f"It is night: no one can see to shoot farther than {count(reach, 'square')}."


# -- the types -----------------------------------------------------------------------


@dataclass(frozen=True)
class FigureSetup:
    """A cowboy or a town folk as the scenario places it.

    ``side`` is the index of its side in :attr:`Scenario.sides`, ``None``
    for a bystander; ``at`` the reference as written (``B:c7``) and ``xy``
    its town square; ``weapons`` in order, the first in hand (Game Set Up:
    all loaded); ``health`` full unless the scenario starts it wounded.
    """

    kind: FigureKind
    number: int
    side: int | None
    at: str
    xy: XY
    facing: Facing
    weapons: tuple[Weapon, ...]
    modifier: int = 0
    name: str = ""
    mounted: bool = False
    health: int = 4

    @property
    def key(self) -> FigureKey:
        """``("cowboy", 3)``: the figure's identity in the scenario."""
        return (self.kind, self.number)

    @property
    def ref(self) -> str:
        """How a scenario file names it without a name: ``cowboy 3``."""
        return f"{self.kind} {self.number}"

    @property
    def label(self) -> str:
        """How messages and descriptions show it.

        >>> FigureSetup("cowboy", 6, 0, "A:a1", (0, 0), "N", (), modifier=1).label
        'cowboy 6 (+1)'
        >>> FigureSetup("townfolk", 2, None, "A:a1", (0, 0), "N", (), health=1).label
        'town folk 2'
        """
        counter = f"cowboy {self.number} (+{self.modifier})" if self.kind == "cowboy" else ""
        if self.kind == "townfolk":
            counter = f"town folk {self.number}"
        return f"{self.name}, {counter}" if self.name else counter

    @property
    def in_hand(self) -> Weapon | None:
        """The weapon in hand at the start (the first listed), if any."""
        return self.weapons[0] if self.weapons else None


@dataclass(frozen=True)
class ObjectSetup:
    """A horse, cattle or the stagecoach on ``at`` (town square ``xy``)."""

    kind: ObjectKind
    at: str
    xy: XY


@dataclass(frozen=True)
class Side:
    """A side: its name, its figures, and the cards dealt to it (Game Set
    Up); ``article`` is ``"the"`` when sentences name it with one (``the
    Law``), as a plural name (``Earps``) always is (ruling CW-W1)."""

    name: str
    figures: tuple[FigureSetup, ...]
    cards: int
    article: str = ""


@dataclass(frozen=True)
class Target:
    """Squares a goal or the loot points at: a place's squares and listed
    ones, with how the file named them (``place``, ``refs``)."""

    squares: frozenset[XY]
    place: str = ""
    refs: tuple[str, ...] = ()

    @property
    def words(self) -> str:
        """``the Jail`` / ``C:b3, C:c3`` / ``the Bank vault or A:b10``."""
        parts = ([f"the {self.place}"] if self.place else []) + list(self.refs)
        return " or ".join([", ".join(parts[:-1]), parts[-1]]) if len(parts) > 1 else parts[0]


@dataclass(frozen=True)
class Eliminate:
    """``side`` (every side when ``None``) wins when no cowboy (with
    ``townfolk``, no figure) of any other side is standing."""

    side: int | None = None
    townfolk: bool = False


@dataclass(frozen=True)
class Escape:
    """``side`` wins when ``count`` of ``figures`` have left across
    ``edges`` (carrying loot, with ``loot``); ``otherwise`` wins when that
    can no longer happen."""

    side: int
    figures: tuple[FigureKey, ...]
    count: int
    edges: tuple[Edge, ...]
    loot: bool = False
    otherwise: int | None = None


@dataclass(frozen=True)
class Reach:
    """``side`` wins when ``count`` of ``figures`` stand on ``target``
    together; ``otherwise`` wins when fewer than ``count`` are standing."""

    side: int
    figures: tuple[FigureKey, ...]
    count: int
    target: Target
    otherwise: int | None = None


@dataclass(frozen=True)
class Hold:
    """``side`` wins if, when the last turn ends, ``count`` of ``figures``
    stand on ``target``; ``otherwise`` wins when fewer than ``count`` are
    standing."""

    side: int
    figures: tuple[FigureKey, ...]
    count: int
    target: Target
    otherwise: int | None = None


Goal = Eliminate | Escape | Reach | Hold


@dataclass(frozen=True)
class Loot:
    """Where figures of ``side`` pick up the money: by ending a move on ``target``."""

    side: int
    target: Target


@dataclass(frozen=True)
class Victory:
    """The goals in the order they are checked, the loot if any, and who
    wins when the last turn ends undecided (``None``: a draw)."""

    goals: tuple[Goal, ...]
    at_limit: int | None
    loot: Loot | None = None


@dataclass(frozen=True)
class Special:
    """A special rule with its parameters (only those the rule reads are
    set) and the sentence shown to players."""

    rule: SpecialRule
    text: str
    figures: tuple[FigureKey, ...] = ()
    sides: tuple[int, ...] = ()
    squares: frozenset[XY] = frozenset()
    edges: tuple[Edge, ...] = ()
    turns: int = 0
    #: ``night``: the farthest a figure sees to shoot, in squares.
    range: int = 0

    #: ``stage_run``: the stagecoach's road, square by square, and how many
    #: squares it rolls in a turn.
    route: tuple[XY, ...] = ()
    steps: int = 0


@dataclass(frozen=True)
class Solo:
    """A solitaire scenario's bot side: the side Saloon's ``solo`` bot plays
    (:mod:`saloon.games.cowboys.solo`), and its behaviour in words, a
    paragraph a rule, as the players read it (ruling CS-S8)."""

    side: int
    behaviour: tuple[str, ...]
    #: Sentries (ruling CS-Q3): when above 0, a man of the bot's side moves
    #: only once an enemy stands within this many squares of him or he is
    #: wounded; until then he holds his post (he still shoots and reloads).
    alert: int = 0


#: The widest alert a ``[solo]`` table gives its sentries, in squares.
MAX_ALERT = 20


@dataclass(frozen=True)
class Scenario:
    """A scenario, validated against its town (see the module's docstring).

    ``first`` is the index in ``sides`` of the side that acts first in each
    turn; the others follow in the order of ``sides`` (:attr:`order`).
    """

    id: str
    title: str
    story: str
    reconstructed: bool
    reason: str
    layout: str
    town: Town = field(compare=False, repr=False)
    turns: int
    first: int
    sides: tuple[Side, ...]
    bystanders: tuple[FigureSetup, ...]
    objects: tuple[ObjectSetup, ...]
    forbidden: tuple[str, ...]
    victory: Victory
    special: tuple[Special, ...]
    #: The Advanced Optional Rules the scenario switches on (``[options]``),
    #: by option name.
    options: tuple[str, ...] = ()
    #: The side a bot plays by the scenario's own rules (``[solo]``), if any.
    solo: Solo | None = None
    #: The names of the boards, in the order of ``town.placements``.
    board_names: tuple[str, ...] = field(default=(), compare=False)
    #: The file it was read from, as messages show it (not part of the value).
    source: str = field(default="<scenario>", compare=False)

    @property
    def order(self) -> tuple[int, ...]:
        """The sides in the order they act in a turn (Game Turn).

        >>> builtin_scenarios()["hickok-tutt"].order
        (1, 0)
        """
        n = len(self.sides)
        return tuple((self.first + i) % n for i in range(n))

    @property
    def cards(self) -> tuple[int, ...]:
        """The cards dealt to each side, in side order."""
        return tuple(s.cards for s in self.sides)

    def figures(self) -> Iterator[FigureSetup]:
        """Every figure: each side's in order, then the bystanders."""
        for s in self.sides:
            yield from s.figures
        yield from self.bystanders

    def figure(self, key: FigureKey | str) -> FigureSetup:
        """The figure ``("cowboy", 3)``, or named ``"cowboy 3"`` or by its name.

        >>> builtin_scenarios()["hickok-tutt"].figure("cowboy 2").name
        'Davis Tutt'
        """
        for f in self.figures():
            if f.key == key or (isinstance(key, str) and _names_figure(key, f)):
                return f
        raise KeyError(key)

    def side_named(self, name: str) -> int:
        """The index of the side called ``name``."""
        for i, s in enumerate(self.sides):
            if s.name == name:
                return i
        raise KeyError(name)

    def specials(self, rule: SpecialRule) -> tuple[Special, ...]:
        """The special rules of kind ``rule`` (at most one)."""
        return tuple(s for s in self.special if s.rule == rule)

    def deck(self, base: Deck | None = None) -> Deck:
        """``base`` (Saloon's deck by default) with this scenario's forbidden
        cards made blanks (Card Play)."""
        return (base or load_deck()).with_forbidden(
            self.forbidden, source=self.source, key="forbidden"
        )

    def describe(self, *, story: bool = True) -> str:
        """A few lines for players: title, story, town, sides with their
        figures, weapons and cards, what else is on the board, victory and
        special rules.

        >>> print(builtin_scenarios()["hickok-tutt"].describe(story=False))  # doctest: +ELLIPSIS
        Wild Bill and Davis Tutt (hickok-tutt; reconstructed)
        Town: B (8 x 11 squares): board B, Saloon and Hotel. 8 turns; order of play: Tutt, Hickok.
        Side 1, Hickok (3 cards): Wild Bill Hickok, cowboy 1 (+2) at B:a2 facing S, pistol.
        Side 2, Tutt (3 cards): Davis Tutt, cowboy 2 (+1) at B:b8 facing N, pistol.
        Bystanders: ...
        To win: each side, once every cowboy of the other sides is down or gone. ...
        Special rule (duel start): ...
        """
        lines = [f"{self.title} ({self.id}{'; reconstructed' if self.reconstructed else ''})"]
        if story and self.story:
            lines.append(self.story)
        boards = "; ".join(
            f"board {p.notation}" + (f", {name}" if name else "")
            for p, name in zip(self.town.placements, self.board_names, strict=False)
        )
        order = ", ".join(self.sides[i].name for i in self.order)
        lines.append(
            f"Town: {self.layout} ({self.town.width} x {self.town.height} squares): {boards}. "
            f"{self.turns} turns; order of play: {order}."
        )
        for i, s in enumerate(self.sides, 1):
            figures = "; ".join(_figure_words(f) for f in s.figures)
            lines.append(f"Side {i}, {s.name} ({_count(s.cards, 'card')}): {figures}.")
        if self.bystanders:
            figures = "; ".join(_figure_words(f) for f in self.bystanders)
            lines.append(f"Bystanders: {figures}.")
        if self.objects:
            lines.append(
                "On the board: " + ", ".join(f"{o.kind} at {o.at}" for o in self.objects) + "."
            )
        if self.forbidden:
            blanks = ", ".join(_words(f, "cards") if "_" in f else f for f in self.forbidden)
            lines.append(f"Forbidden cards (blanks): {blanks}.")
        lines.append("To win: " + " ".join(self._goal_words()))
        for sp in self.special:
            lines.append(f"Special rule ({_words(sp.rule)}): {sp.text}")
        if self.options:
            lines.append(f"Rules in play: {', '.join(_words(o) for o in self.options)}.")
        if self.solo is not None:
            lines.append(
                f"Solitaire: Saloon's solo bot plays {self.sides[self.solo.side].name}, "
                "by these rules:"
            )
            lines.extend(f"  {p}" for p in self.solo.behaviour)
        return "\n".join(lines)

    def _goal_words(self) -> Iterator[str]:
        names = [s.name for s in self.sides]

        def who(side: int, keys: Sequence[FigureKey], count: int) -> tuple[str, bool]:
            """The figures a goal counts, in words, and whether the verb is singular."""
            if len(keys) == 1:
                f = self.figure(keys[0])
                return f.name or f.ref, True
            words = "one" if count == 1 else str(count)
            if keys == tuple(f.key for f in self.sides[side].figures):
                return f"{words} of their figures", count == 1
            labels = [self.figure(k).name or self.figure(k).ref for k in keys]
            return f"{words} of {', '.join(labels[:-1])} and {labels[-1]}", count == 1

        def lapse(goal: Escape | Reach | Hold) -> str:
            if goal.otherwise is None:
                return "."
            return f"; {names[goal.otherwise]}, once that can no longer happen."

        for g in self.victory.goals:
            if isinstance(g, Eliminate):
                whom = "cowboy and town folk" if g.townfolk else "cowboy"
                subject = "each side" if g.side is None else names[g.side]
                yield f"{subject}, once every {whom} of the other sides is down or gone."
            elif isinstance(g, Escape):
                words, one = who(g.side, g.figures, g.count)
                edges = " or ".join(g.edges)
                carry = " carrying loot" if g.loot else ""
                yield (
                    f"{names[g.side]}, once {words} {'has' if one else 'have'} left "
                    f"the town across the {edges} edge{carry}" + lapse(g)
                )
            elif isinstance(g, Reach):
                words, one = who(g.side, g.figures, g.count)
                yield (
                    f"{names[g.side]}, once {words} {'stands' if one else 'stand'} "
                    f"in {g.target.words}" + lapse(g)
                )
            else:
                words, one = who(g.side, g.figures, g.count)
                yield (
                    f"{names[g.side]}, if, when the last turn ends, {words} "
                    f"{'stands' if one else 'stand'} in {g.target.words}" + lapse(g)
                )
        loot = self.victory.loot
        if loot is not None:
            yield (f"Loot ({names[loot.side]}): picked up by ending a move on {loot.target.words}.")
        limit = self.victory.at_limit
        yield f"At the turn limit: {'a draw' if limit is None else names[limit]}."


def _words(name: str, noun: str = "") -> str:
    """An internal name as words: ``duel_start`` reads ``duel start``;
    with ``noun``, ``speed load cards``."""
    text = name.replace("_", " ")
    return f"{text} {noun}" if noun else text


def _figure_words(f: FigureSetup) -> str:
    arms = ", ".join(w.value for w in f.weapons) or "unarmed"
    extra = ""
    if f.mounted:
        extra += ", mounted"
    if f.health < FULL_HEALTH[f.kind]:
        extra += f", health {f.health}"
    return f"{f.label} at {f.at} facing {f.facing}, {arms}{extra}"


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _names_figure(text: str, f: FigureSetup) -> bool:
    m = _REF_WORDS.fullmatch(text.strip())
    if m is not None:
        kind = "cowboy" if m.group(1).lower() == "cowboy" else "townfolk"
        return (kind, int(m.group(2))) == f.key
    return bool(f.name) and text.strip().casefold() == f.name.casefold()


# -- reading scenario files --------------------------------------------------------------


def parse_scenario(
    text: str,
    source: str = "<scenario>",
    *,
    boards: Mapping[str, Board] | None = None,
    deck: Deck | None = None,
) -> Scenario:
    """The scenario in the TOML ``text`` (read from ``source``, as messages
    name it), validated against its town, made of ``boards`` (Saloon's own
    by default; see :func:`~saloon.games.cowboys.board.board_set`), and
    ``deck`` (for the forbidden cards; Saloon's by default);
    :class:`ContentError` naming the file and the key otherwise.

    >>> parse_scenario('id = "x"', "x.toml")
    Traceback (most recent call last):
    ...
    saloon.core.errors.ContentError: x.toml: title is missing
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{source} is not valid TOML: {exc}") from None
    except (ValueError, RecursionError):  # a huge number, tables nested too deep
        raise ContentError(f"{source} is not TOML that Saloon can read") from None
    return _Reader(source, boards, deck).scenario(data)


def load_scenario(
    path: str | Path,
    *,
    boards: Mapping[str, Board] | None = None,
    deck: Deck | None = None,
) -> Scenario:
    """The scenario in the file ``path`` (a player's own), validated (see
    :func:`parse_scenario`).

    >>> load_scenario("no/such/duel.toml")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon.core.errors.ContentError: cannot read scenario file no/such/duel.toml: No such file ...
    """
    source, text = read_file(
        path, what="scenario file", limit=MAX_SCENARIO_BYTES, error=ContentError
    )
    return parse_scenario(text, source, boards=boards, deck=deck)


@cache
def _builtin_files() -> tuple[str, ...]:
    folder = resources.files("saloon.games.cowboys").joinpath("content", "scenarios")
    return tuple(sorted(p.name for p in folder.iterdir() if p.name.endswith(".toml")))


@cache
def _builtin() -> Mapping[str, Scenario]:
    out: dict[str, Scenario] = {}
    for name in _builtin_files():
        text = (
            resources.files("saloon.games.cowboys")
            .joinpath("content", "scenarios", name)
            .read_text(encoding="utf-8")
        )
        s = parse_scenario(text, f"scenarios/{name}")
        if not re.fullmatch(r"[0-9]{2}-" + re.escape(s.id) + r"\.toml", name):
            raise ContentError(f"scenarios/{name}: the file must be called NN-{s.id}.toml")
        if s.id in out:
            raise ContentError(f"scenarios/{name}: id {s.id} is used twice")
        out[s.id] = s
    return MappingProxyType(out)


def builtin_scenarios() -> Mapping[str, Scenario]:
    """Saloon's scenarios by id, in the order of their files (the duel first).

    >>> list(builtin_scenarios())[:2]
    ['hickok-tutt', 'coffeyville']
    """
    return _builtin()


def scenario(
    id_or_path: str | Path,
    *,
    boards: Mapping[str, Board] | None = None,
    deck: Deck | None = None,
) -> Scenario:
    """The built-in scenario ``id_or_path`` (its id, as ``-o scenario=...``
    gives it), or the scenario in the file at that path (``boards`` and
    ``deck`` are for such a file: a built-in is always on Saloon's boards).

    >>> scenario("ok-corral").title
    'The Gunfight near the O.K. Corral'
    >>> scenario("alamo")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon.core.errors.ContentError: there is no scenario 'alamo'; scenarios: hickok-tutt, ...
    """
    text = str(id_or_path)
    if isinstance(id_or_path, str) and text in builtin_scenarios():
        return builtin_scenarios()[text]
    if isinstance(id_or_path, Path) or _looks_like_a_file(text):
        return load_scenario(id_or_path, boards=boards, deck=deck)
    raise ContentError(
        f"there is no scenario {shown(text)}; scenarios: {', '.join(builtin_scenarios())} "
        f"(or the path of a scenario file)"
    )


def _looks_like_a_file(text: str) -> bool:
    if is_reference(text):
        return True
    if text.endswith(".toml") or "/" in text or "\\" in text:
        return True
    try:
        return Path(text).is_file()
    except (OSError, ValueError):  # a name too long, or with a NUL in it
        return False


# -- validation --------------------------------------------------------------------------


class _Reader:
    """Reads one scenario file's table, naming ``source`` and the key in every error."""

    def __init__(self, source: str, boards: Mapping[str, Board] | None, deck: Deck | None):
        self.source = source
        self.boards = boards
        self.deck = deck
        self.town: Town | None = None
        self.side_names: list[str] = []
        self.figures: list[tuple[str, FigureSetup]] = []  # (where, figure)
        self.objects_placed: tuple[ObjectSetup, ...] = ()

    # small readers

    def fail(self, message: str) -> ContentError:
        return ContentError(f"{self.source}: {message}")

    def missing(self, where: str, value: object) -> None:
        """TOML has no null: ``None`` is a key the file does not give."""
        if value is None:
            raise self.fail(f"{where} is missing")

    def table(self, where: str, value: object, what: str) -> dict[str, Any]:
        self.missing(where, value)
        if not isinstance(value, dict):
            raise self.fail(f"{where} must be a table ({what})")
        return value

    def keys(self, where: str, data: Mapping[str, Any], allowed: Sequence[str], what: str) -> None:
        for key in data:
            if key not in allowed:
                place = f"{where}.{shown(key)}" if where else shown(key)
                raise self.fail(f"{place} is not a key of {what} (keys: {', '.join(allowed)})")

    def text(self, where: str, value: object, limit: int = 80) -> str:
        self.missing(where, value)
        return content_str(self.source, where, value, limit)

    def number(self, where: str, value: object, lo: int, hi: int) -> int:
        self.missing(where, value)
        return content_int(self.source, where, value, lo, hi)

    def flag(self, where: str, value: object) -> bool:
        if not isinstance(value, bool):
            raise self.fail(f"{where} must be true or false, not {shown(value)}")
        return value

    def items(self, where: str, value: object, what: str, *, empty: bool = True) -> list[Any]:
        self.missing(where, value)
        if not isinstance(value, list) or (not empty and not value):
            need = "a list" if empty else "a non-empty list"
            raise self.fail(f"{where} must be {need} of {what}, not {shown(value)}")
        return value

    def square(self, where: str, value: object) -> XY:
        assert self.town is not None
        self.missing(where, value)
        if not isinstance(value, str):
            raise self.fail(f"{where} must be a square such as B:c7, not {shown(value)}")
        try:
            return self.town.square(value)
        except ContentError as exc:
            raise self.fail(f"{where}: {exc}") from None

    def side(self, where: str, value: object) -> int:
        self.missing(where, value)
        if isinstance(value, str) and value in self.side_names:
            return self.side_names.index(value)
        raise self.fail(
            f"{where} must name a side ({', '.join(map(repr, self.side_names))}), "
            f"not {shown(value)}"
        )

    def edges(self, where: str, value: object) -> tuple[Edge, ...]:
        items = self.items(where, value, "edges N, E, S, W", empty=False)
        out: list[Edge] = []
        for i, e in enumerate(items):
            if e not in EDGES:
                raise self.fail(f"{where}[{i}] must be N, E, S or W, not {shown(e)}")
            if e in out:
                raise self.fail(f"{where}[{i}] {e} is listed twice")
            out.append(e)
        return tuple(out)

    def figure_key(self, where: str, value: object) -> FigureKey:
        if isinstance(value, str):
            for _, f in self.figures:
                if _names_figure(value, f):
                    return f.key
        raise self.fail(
            f"{where}: {shown(value)} is no figure of this scenario "
            f"(name one by its name, or as 'cowboy 3' or 'townfolk 12')"
        )

    def figure_keys(self, where: str, value: object) -> tuple[FigureKey, ...]:
        items = self.items(where, value, "figures", empty=False)
        out: list[FigureKey] = []
        for i, v in enumerate(items):
            key = self.figure_key(f"{where}[{i}]", v)
            if key in out:
                raise self.fail(f"{where}[{i}] {shown(v)} is listed twice")
            out.append(key)
        return tuple(out)

    def by_key(self, key: FigureKey) -> FigureSetup:
        return next(f for _, f in self.figures if f.key == key)

    def target(self, where: str, data: Mapping[str, Any]) -> Target:
        assert self.town is not None
        town = self.town
        squares: set[XY] = set()
        place = ""
        if "place" in data:
            place = self.text(f"{where}.place", data["place"], 60)
            found = {
                xy for xy in town.squares() if town.place(xy).name.casefold() == place.casefold()
            }
            if not found:
                names = sorted({town.place(xy).name for xy in town.squares()})
                raise self.fail(
                    f"{where}.place {shown(place)} is no place in this town "
                    f"(places: {', '.join(names)})"
                )
            squares |= found
        refs: list[str] = []
        if "squares" in data:
            items = self.items(
                f"{where}.squares", data["squares"], "squares such as B:c7", empty=False
            )
            for i, r in enumerate(items):
                squares.add(self.square(f"{where}.squares[{i}]", r))
                refs.append(r)
        if not squares:
            raise self.fail(f"{where} needs a place or squares")
        return Target(frozenset(squares), place, tuple(refs))

    # the file

    def scenario(self, data: dict[str, Any]) -> Scenario:
        self.keys("", data, _TOP_KEYS, "a scenario file")
        ident = data.get("id")
        self.missing("id", ident)
        if not isinstance(ident, str) or len(ident) > 40 or not _ID.fullmatch(ident):
            raise self.fail(
                f"id must be a short name of small letters, digits and dashes such as "
                f"hickok-tutt, not {shown(ident)}"
            )
        title = self.text("title", data.get("title"), 80)
        story = data.get("story", "")
        if not isinstance(story, str):
            raise self.fail("story must be a string")
        story = " ".join(story.split())
        if story:
            story = self.text("story", story, 1200)
        reconstructed, reason = content_header(self.source, data)
        layout = data.get("layout")
        self.missing("layout", layout)
        if not isinstance(layout, str) or not layout.strip() or len(layout) > 200:
            raise self.fail(
                f"layout must be boards on one line such as 'A B / C D', not {shown(layout)}"
            )
        rows = parse_layout(layout)
        boards = self.boards if self.boards is not None else board_set()
        self.town = compose(rows, boards, source=f"{self.source}: layout")
        turns = self.number("turns", data.get("turns"), 1, MAX_TURNS)

        raw_sides = self.items("sides", data.get("sides"), "[[sides]] tables", empty=False)
        if not 2 <= len(raw_sides) <= MAX_SIDES:
            raise self.fail(f"sides: a scenario has 2 to {MAX_SIDES} sides, not {len(raw_sides)}")
        for i, raw in enumerate(raw_sides):
            t = self.table(f"sides[{i}]", raw, "name and figures")
            name = self.text(f"sides[{i}].name", t.get("name"), 40)
            if name in self.side_names:
                raise self.fail(f"sides[{i}].name {shown(name)} is used by two sides")
            if name.casefold() == DRAW:
                raise self.fail(f"sides[{i}].name may not be {DRAW!r}")
            self.side_names.append(name)
        cards = self.cards(data.get("cards"), len(raw_sides))
        side_figures: list[tuple[FigureSetup, ...]] = []
        articles: list[str] = []
        for i, raw in enumerate(raw_sides):
            self.keys(f"sides[{i}]", raw, ("name", "article", "figures"), "a side")
            article = raw.get("article", "")
            if article not in ("", "the"):
                raise self.fail(
                    f'sides[{i}].article must be "the" or "" (none), not {shown(article)}'
                )
            articles.append(article)
            items = self.items(f"sides[{i}].figures", raw.get("figures"), "figures", empty=False)
            side_figures.append(
                tuple(self.figure(f"sides[{i}].figures[{j}]", f, i) for j, f in enumerate(items))
            )
        sides = tuple(
            Side(n, figs, c, a)
            for n, figs, c, a in zip(self.side_names, side_figures, cards, articles, strict=True)
        )
        raw_by = self.items("bystanders", data.get("bystanders", []), "town folk")
        bystanders = tuple(self.figure(f"bystanders[{j}]", f, None) for j, f in enumerate(raw_by))
        objects = self.objects(data.get("objects", []))
        self.objects_placed = objects
        first = self.first(data.get("first"), len(sides))
        forbidden_raw = self.items("forbidden", data.get("forbidden", []), "cards")
        (self.deck or load_deck()).with_forbidden(
            forbidden_raw, source=self.source, key="forbidden"
        )
        forbidden = tuple(str(f) for f in forbidden_raw)
        victory = self.victory(data.get("victory"), sides)
        special = self.special(data.get("special", []), sides, bystanders)
        options = self.options(data.get("options", {}))
        solo = self.solo(data["solo"]) if "solo" in data else None
        return Scenario(
            id=ident,
            title=title,
            story=story,
            reconstructed=reconstructed,
            reason=reason,
            layout=" ".join(layout.split()),
            town=self.town,
            turns=turns,
            first=first,
            sides=sides,
            bystanders=bystanders,
            objects=objects,
            forbidden=forbidden,
            victory=victory,
            special=special,
            options=options,
            solo=solo,
            board_names=tuple(boards[p.letter].name for p in self.town.placements),
            source=self.source,
        )

    def solo(self, value: object) -> Solo:
        """The ``[solo]`` table: the side the scenario's bot plays, and how."""
        data = self.table("solo", value, "side and behaviour")
        self.keys("solo", data, ("side", "behaviour", "alert"), "[solo]")
        self.missing("solo.side", data.get("side"))
        side = self.side("solo.side", data["side"])
        behaviour = data.get("behaviour")
        self.missing("solo.behaviour", behaviour)
        if not isinstance(behaviour, str):
            raise self.fail("solo.behaviour must be a string: the bot's rules in words")
        paragraphs = [" ".join(p.split()) for p in behaviour.split("\n\n") if p.strip()]
        if not 1 <= len(paragraphs) <= 12:
            raise self.fail("solo.behaviour must be 1 to 12 paragraphs, parted by blank lines")
        alert = self.number("solo.alert", data["alert"], 1, MAX_ALERT) if "alert" in data else 0
        return Solo(
            side,
            tuple(self.text(f"solo.behaviour[{k}]", p, 600) for k, p in enumerate(paragraphs)),
            alert,
        )

    def options(self, value: object) -> tuple[str, ...]:
        """The ``[options]`` table: the Advanced Optional Rules switched on."""
        data = self.table("options", value, "Advanced Optional Rules, each true or false")
        self.keys("options", data, (*OPTIONAL_RULES, "advanced"), "[options]")
        on = {
            name
            for name in OPTIONAL_RULES
            if name in data and self.flag(f"options.{name}", data[name])
        }
        if "advanced" in data and self.flag("options.advanced", data["advanced"]):
            on |= set(ADVANCED_RULES)
        return tuple(name for name in OPTIONAL_RULES if name in on)

    def cards(self, value: object, n: int) -> tuple[int, ...]:
        items = self.items("cards", value, "numbers, one per side", empty=False)
        if len(items) != n:
            raise self.fail(f"cards must give one number per side: {n}, not {len(items)}")
        counts = tuple(self.number(f"cards[{i}]", c, 0, DECK_SIZE) for i, c in enumerate(items))
        if sum(counts) > DECK_SIZE:
            raise self.fail(
                f"cards: hands of {' + '.join(map(str, counts))} need {sum(counts)} cards; "
                f"the deck has {DECK_SIZE}"
            )
        return counts

    def first(self, value: object, n: int) -> int:
        self.missing("first", value)
        if isinstance(value, str):
            return self.side("first", value)
        if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= n:
            return value - 1
        raise self.fail(
            f"first must name a side or give its number from 1 to {n}, not {shown(value)}"
        )

    def figure(self, where: str, raw: object, side: int | None) -> FigureSetup:
        assert self.town is not None
        data = self.table(where, raw, "kind, number, at, facing, weapons")
        self.keys(where, data, _FIGURE_KEYS, "a figure")
        default_kind = "townfolk" if side is None else None
        kind = data.get("kind", default_kind)
        self.missing(f"{where}.kind", kind)
        if kind not in FIGURE_KINDS:
            raise self.fail(f"{where}.kind must be cowboy or townfolk, not {shown(kind)}")
        if side is None and kind != "townfolk":
            raise self.fail(f"{where}.kind: bystanders are town folk, not {shown(kind)}")
        numbers = NUMBERS[kind]
        number = self.number(f"{where}.number", data.get("number"), numbers.start, numbers.stop - 1)
        for other_where, other in self.figures:
            if other.key == (kind, number):
                raise self.fail(f"{where}.number: {other.ref} is already {other_where}")
        if kind == "cowboy":
            modifier = self.number(f"{where}.modifier", data.get("modifier"), 0, 2)
        elif "modifier" in data:
            raise self.fail(f"{where}.modifier: town folk have no printed modifier")
        else:
            modifier = 0
        name = ""
        if "name" in data:
            name = self.text(f"{where}.name", data["name"], 40)
            if _REF_WORDS.fullmatch(name.strip()) or name.casefold() == DRAW:
                raise self.fail(f"{where}.name {shown(name)} would be read as another figure")
            for other_where, other in self.figures:
                if other.name.casefold() == name.casefold():
                    raise self.fail(
                        f"{where}.name {shown(name)} is already the name of {other_where}"
                    )
        at = data.get("at")
        xy = self.square(f"{where}.at", at)
        assert isinstance(at, str)
        for other_where, other in self.figures:
            if other.xy == xy:
                raise self.fail(
                    f"{where}.at {at}: {other.label} ({other_where}) already stands there; "
                    f"figures may not share a square"
                )
        facing = data.get("facing")
        self.missing(f"{where}.facing", facing)
        if facing not in FACINGS:
            raise self.fail(
                f"{where}.facing must be N, E, S or W (of the town), not {shown(facing)}"
            )
        weapons = self.weapons(f"{where}.weapons", data, kind)
        mounted = self.flag(f"{where}.mounted", data.get("mounted", False))
        if mounted and not self.town.horse_ok(xy):
            place = self.town.place(xy)
            raise self.fail(
                f"{where}.at {at}: a mounted figure cannot stand in the {place.name} "
                f"({place.terrain}); horses go only on open ground, stables, corrals and the livery"
            )
        full = FULL_HEALTH[kind]
        health = self.number(f"{where}.health", data.get("health", full), 1, full)
        f = FigureSetup(
            kind, number, side, at, xy, facing, weapons, modifier, name, mounted, health
        )
        self.figures.append((where, f))
        return f

    def weapons(self, where: str, data: Mapping[str, Any], kind: FigureKind) -> tuple[Weapon, ...]:
        if "weapons" not in data:
            if kind == "townfolk":
                return (Weapon.RIFLE,)  # Game Components: town folk start with rifles
            raise self.fail(f"{where} is missing: list a cowboy's weapons (or [] for none)")
        items = self.items(where, data["weapons"], "pistol, rifle or shotgun")
        out: list[Weapon] = []
        for i, w in enumerate(items):
            if not isinstance(w, str) or w not in {x.value for x in Weapon}:
                raise self.fail(f"{where}[{i}] must be pistol, rifle or shotgun, not {shown(w)}")
            out.append(Weapon(w))
        if kind == "townfolk":
            if out not in ([], [Weapon.RIFLE]):
                raise self.fail(f"{where}: town folk carry a rifle or nothing (Shoot)")
        else:
            if out.count(Weapon.PISTOL) > MAX_PISTOLS:
                raise self.fail(f"{where}: a cowboy carries at most two pistols (Shoot)")
            if len(out) - out.count(Weapon.PISTOL) > MAX_LONG_GUNS:
                raise self.fail(f"{where}: a cowboy carries a rifle or a shotgun, not more (Shoot)")
        return tuple(out)

    def objects(self, value: object) -> tuple[ObjectSetup, ...]:
        assert self.town is not None
        items = self.items("objects", value, "horses, cattle and the stagecoach")
        taken: dict[XY, str] = {
            f.xy: f"the horse under {f.label}" for _, f in self.figures if f.mounted
        }
        out: list[ObjectSetup] = []
        for i, raw in enumerate(items):
            where = f"objects[{i}]"
            data = self.table(where, raw, "kind and at")
            self.keys(where, data, ("kind", "at"), "an object")
            kind = data.get("kind")
            self.missing(f"{where}.kind", kind)
            if kind not in OBJECT_KINDS:
                raise self.fail(
                    f"{where}.kind must be horse, cattle or stagecoach, not {shown(kind)}"
                )
            at = data.get("at")
            xy = self.square(f"{where}.at", at)
            place = self.town.place(xy)
            if place.terrain not in OBJECT_TERRAINS[kind]:
                allowed = ", ".join(sorted(OBJECT_TERRAINS[kind]))
                raise self.fail(
                    f"{where}.at {at}: {_ARTICLE[kind]}{kind} cannot stand in the {place.name} "
                    f"({place.terrain}); only on: {allowed}"
                )
            if xy in taken:
                raise self.fail(f"{where}.at {at}: {taken[xy]} is already there")
            taken[xy] = f"a {kind} ({where})"
            assert isinstance(at, str)
            out.append(ObjectSetup(kind, at, xy))
        if sum(o.kind == "stagecoach" for o in out) > 1:
            raise self.fail("objects: the game has one stagecoach")
        return tuple(out)

    # victory

    def victory(self, value: object, sides: tuple[Side, ...]) -> Victory:
        data = self.table("victory", value, "at_limit and [[victory.goals]]")
        self.keys("victory", data, ("goals", "at_limit", "loot"), "victory")
        limit = data.get("at_limit")
        self.missing("victory.at_limit", limit)
        if not isinstance(limit, str):
            raise self.fail(f"victory.at_limit must name a side or be 'draw', not {shown(limit)}")
        at_limit = None if limit == DRAW else self.side("victory.at_limit", limit)
        loot = None
        if "loot" in data:
            t = self.table("victory.loot", data["loot"], "side, place and/or squares")
            self.keys("victory.loot", t, ("side", "place", "squares"), "the loot")
            loot = Loot(
                self.side("victory.loot.side", t.get("side")), self.target("victory.loot", t)
            )
        items = self.items(
            "victory.goals", data.get("goals"), "[[victory.goals]] tables", empty=False
        )
        goals = tuple(self.goal(f"victory.goals[{i}]", g, sides, loot) for i, g in enumerate(items))
        if loot is not None and not any(isinstance(g, Escape) and g.loot for g in goals):
            raise self.fail("victory.loot: no escape goal with loot = true uses it")
        return Victory(goals, at_limit, loot)

    def goal(self, where: str, raw: object, sides: tuple[Side, ...], loot: Loot | None) -> Goal:
        data = self.table(where, raw, "kind and its parameters")
        kind = data.get("kind")
        self.missing(f"{where}.kind", kind)
        if kind not in GOAL_KINDS:
            raise self.fail(
                f"{where}.kind must be one of {', '.join(GOAL_KINDS)}, not {shown(kind)}"
            )
        self.keys(
            where,
            data,
            ("kind", *_GOAL_KEYS[kind]),
            f"an {kind} goal" if kind[0] in "ae" else f"a {kind} goal",
        )
        if kind == "eliminate":
            side = self.side(f"{where}.side", data["side"]) if "side" in data else None
            townfolk = self.flag(f"{where}.townfolk", data.get("townfolk", False))
            for i in range(len(sides)) if side is None else (side,):
                enemies = [
                    f
                    for j, s in enumerate(sides)
                    if j != i
                    for f in s.figures
                    if townfolk or f.kind == "cowboy"
                ]
                if not enemies:
                    whom = "figures" if townfolk else "cowboys"
                    raise self.fail(
                        f"{where}: the sides against {sides[i].name} have no {whom}, so the "
                        f"goal is met before a shot is fired"
                        + ("" if townfolk else "; set townfolk = true")
                    )
            return Eliminate(side, townfolk)
        if "side" not in data:
            raise self.fail(f"{where}.side is missing: name the side this goal wins for")
        side = self.side(f"{where}.side", data["side"])
        own = tuple(f.key for f in sides[side].figures)
        if "figures" in data:
            figures = self.figure_keys(f"{where}.figures", data["figures"])
            for i, k in enumerate(figures):
                if k not in own:
                    raise self.fail(
                        f"{where}.figures[{i}]: {self.by_key(k).label} is not of {sides[side].name}"
                    )
        else:
            figures = own
        count = self.number(f"{where}.count", data.get("count", 1), 1, len(figures))
        otherwise: int | None = (1 - side) if len(sides) == 2 else None
        if "otherwise" in data:
            otherwise = self.side(f"{where}.otherwise", data["otherwise"])
            if otherwise == side:
                raise self.fail(f"{where}.otherwise must be another side than {sides[side].name}")
        if kind == "escape":
            if "edges" not in data:
                raise self.fail(f"{where}.edges is missing: the edges of town to leave by")
            edges = self.edges(f"{where}.edges", data["edges"])
            with_loot = self.flag(f"{where}.loot", data.get("loot", False))
            if with_loot and (loot is None or loot.side != side):
                raise self.fail(
                    f"{where}.loot: a [victory.loot] table for {sides[side].name} is needed"
                )
            return Escape(side, figures, count, edges, with_loot, otherwise)
        target = self.target(where, data)
        if kind == "reach":
            there = [k for k in figures if self.by_key(k).xy in target.squares]
            if len(there) >= count:
                raise self.fail(f"{where}: the goal is met before a shot is fired")
            return Reach(side, figures, count, target, otherwise)
        return Hold(side, figures, count, target, otherwise)

    # special rules

    def special(
        self, value: object, sides: tuple[Side, ...], bystanders: tuple[FigureSetup, ...]
    ) -> tuple[Special, ...]:
        items = self.items("special", value, "[[special]] tables")
        out: list[Special] = []
        for i, raw in enumerate(items):
            where = f"special[{i}]"
            data = self.table(where, raw, "rule and its parameters")
            rule = data.get("rule")
            self.missing(f"{where}.rule", rule)
            if rule not in SPECIAL_RULES:
                raise self.fail(
                    f"{where}.rule must be one of {', '.join(SPECIAL_RULES)}, not {shown(rule)}"
                )
            params, needed, default_text = _SPECIAL[rule]
            self.keys(where, data, ("rule", "text", *params), f"the {rule} rule")
            for key in needed:
                if key not in data:
                    raise self.fail(f"{where}.{key} is missing: the {rule} rule needs it")
            if any(s.rule == rule for s in out):
                raise self.fail(f"{where}: the {rule} rule is given twice")
            if rule == "night" and "text" not in data:
                default_text = night_text(
                    self.number(f"{where}.range", data["range"], 1, MAX_NIGHT_RANGE)
                )
            text = self.text(f"{where}.text", data.get("text", default_text), 300)
            out.append(self.special_rule(where, rule, text, data, sides, bystanders))
        return tuple(out)

    def special_rule(
        self,
        where: str,
        rule: SpecialRule,
        text: str,
        data: Mapping[str, Any],
        sides: tuple[Side, ...],
        bystanders: tuple[FigureSetup, ...],
    ) -> Special:
        figures: tuple[FigureKey, ...] = ()
        if "figures" in data:
            figures = self.figure_keys(f"{where}.figures", data["figures"])
        side_list: tuple[int, ...] = tuple(range(len(sides)))
        if "sides" in data:
            names = self.items(f"{where}.sides", data["sides"], "side names", empty=False)
            side_list = tuple(self.side(f"{where}.sides[{i}]", n) for i, n in enumerate(names))
            if len(set(side_list)) != len(side_list):
                raise self.fail(f"{where}.sides names a side twice")
        if rule == "duel_start":
            if not figures:
                figures = tuple(
                    f.key
                    for _, f in self.figures
                    if f.kind == "cowboy" and Weapon.PISTOL in f.weapons
                )
                if not figures:
                    raise self.fail(f"{where}: no cowboy carries a pistol to holster")
            for i, k in enumerate(figures):
                if Weapon.PISTOL not in self.by_key(k).weapons:
                    raise self.fail(
                        f"{where}.figures[{i}]: {self.by_key(k).label} has no pistol to holster"
                    )
            return Special(rule, text, figures=figures)
        if rule == "no_reload":
            return Special(rule, text, sides=side_list)
        if rule == "town_folk_neutral":
            if not bystanders:
                raise self.fail(f"{where}: the rule needs [[bystanders]], and there are none")
            return Special(rule, text)
        if rule == "prisoner":
            for i, k in enumerate(figures):
                f = self.by_key(k)
                if f.weapons or f.mounted or f.side is None:
                    raise self.fail(
                        f"{where}.figures[{i}]: {f.label} must be a side's figure, unarmed "
                        f"and on foot to be a prisoner"
                    )
            return Special(rule, text, figures=figures)
        if rule == "locked_up":
            squares = self.items(f"{where}.squares", data["squares"], "squares", empty=False)
            keys = frozenset(self.square(f"{where}.squares[{i}]", r) for i, r in enumerate(squares))
            for i, k in enumerate(figures):
                if self.by_key(k).side is None:
                    raise self.fail(f"{where}.figures[{i}]: a bystander has no friends to free him")
            return Special(rule, text, figures=figures, squares=keys)
        if rule == "flee":
            edges: tuple[Edge, ...] = EDGES
            if "edges" in data:
                edges = self.edges(f"{where}.edges", data["edges"])
            return Special(rule, text, figures=figures, edges=edges)
        if rule == "night":
            # Saloon's scenario rule (CS-N4): the dark cuts the shot chart.
            reach = self.number(f"{where}.range", data["range"], 1, MAX_NIGHT_RANGE)
            return Special(rule, text, range=reach)

        if rule == "stage_run":
            return self.stage_run(where, text, data, figures, sides)
        turns = self.number(f"{where}.turns", data.get("turns", 1), 1, MAX_TURNS)
        return Special(rule, text, sides=side_list, turns=turns)

    def stage_run(
        self,
        where: str,
        text: str,
        data: Mapping[str, Any],
        figures: tuple[FigureKey, ...],
        sides: tuple[Side, ...],
    ) -> Special:
        """The ``stage_run`` rule (ruling CS-Q1): the drivers, the road, the pace."""
        assert self.town is not None
        town = self.town
        coach = [o for o in self.objects_placed if o.kind == "stagecoach"]
        if not coach:
            raise self.fail(f"{where}: the rule needs a stagecoach in [[objects]]")
        drivers = [self.by_key(k) for k in figures]
        if not drivers:
            raise self.fail(f"{where}.figures: name the stagecoach's driver")
        own = {f.side for f in drivers}
        if None in own or len(own) != 1:
            raise self.fail(f"{where}.figures: the drivers must be figures of one side")
        (driver_side,) = own
        assert driver_side is not None
        items = self.items(f"{where}.route", data["route"], "squares", empty=False)
        route = tuple(self.square(f"{where}.route[{i}]", r) for i, r in enumerate(items))
        if len(route) < 2:
            raise self.fail(f"{where}.route: a road of at least two squares")
        if route[0] != coach[0].xy:
            raise self.fail(
                f"{where}.route[0] must be the stagecoach's square, {coach[0].at}, "
                f"not {shown(items[0])}"
            )
        if len(set(route)) != len(route):
            raise self.fail(f"{where}.route passes a square twice")
        for i, (a, b) in enumerate(itertools.pairwise(route), 1):
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                raise self.fail(f"{where}.route[{i}] {items[i]} is not beside {items[i - 1]}")
            if town.edge(a, b) != "open":
                raise self.fail(
                    f"{where}.route[{i}] {items[i]}: a {town.edge(a, b)} lies between it "
                    f"and {items[i - 1]}"
                )
        for i, xy in enumerate(route):
            place = town.place(xy)
            if place.terrain != "open":
                raise self.fail(
                    f"{where}.route[{i}] {items[i]}: the stagecoach cannot roll through "
                    f"the {place.name} ({place.terrain})"
                )
        x, y = route[-1]
        if not (x in (0, town.width - 1) or y in (0, town.height - 1)):
            raise self.fail(
                f"{where}.route: the last square, {items[-1]}, must be on the town's edge"
            )
        steps = self.number(f"{where}.steps", data.get("steps", 2), 1, MAX_STAGE_STEPS)
        side_list = tuple(i for i in range(len(sides)) if i != driver_side)
        if "sides" in data:
            names = self.items(f"{where}.sides", data["sides"], "side names", empty=False)
            side_list = tuple(self.side(f"{where}.sides[{i}]", n) for i, n in enumerate(names))
            if driver_side in side_list:
                raise self.fail(f"{where}.sides: the drivers' own side cannot stop the stage")
        return Special(
            "stage_run", text, figures=figures, sides=side_list, route=route, steps=steps
        )
