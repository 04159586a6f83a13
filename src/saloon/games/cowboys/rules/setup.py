"""What a game of Cowboys starts from: the town, the sides and their figures, the goals.

Cowboys rulebook, Game Set Up and Scenarios: a scenario lays out the boards,
lists each side's cowboys (number and modifier) and town folk with their
squares and weapons, the counters (horses, cattle, the stagecoach), how many
cards each side is dealt, which side goes first, and how it is won. The
engine plays a :class:`Setup`; :func:`duel` is the small built-in one that
needs no scenario file.

>>> s = duel()
>>> len(s.sides), s.turns, [f.id for side in s.sides for f in side.figures]
(2, 10, ['C1', 'C2'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from saloon.core.errors import ContentError
from saloon.games.cowboys.board import Town, build_town
from saloon.games.cowboys.geometry import Facing

GoalKind = Literal["eliminate", "escape", "reach", "hold"]
GOAL_KINDS: tuple[GoalKind, ...] = ("eliminate", "escape", "reach", "hold")


@dataclass(frozen=True)
class FigureSetup:
    """One figure as a scenario places it: ``C6`` or ``T3``, its modifier,
    square (``B:c7``), facing, weapons (the first in hand unless
    ``holstered``), whether it starts mounted (a horse is placed under it)
    and whether it carries the loot."""

    id: str
    at: str
    facing: Facing = "N"
    modifier: int = 0
    name: str = ""
    weapons: tuple[str, ...] = ("pistol",)
    holstered: bool = False
    mounted: bool = False
    loot: bool = False
    health: int | None = None


@dataclass(frozen=True)
class Goal:
    """How a side wins (a scenario's victory conditions).

    * ``eliminate``: every cowboy and town folk of the other sides is down
      or gone from the town;
    * ``escape``: ``count`` of the side's figures have left the town (with
      ``loot``: carrying loot);
    * ``reach``: ``count`` of its standing figures stand on ``squares``;
    * ``hold``: at the turn limit, ``count`` of its standing figures stand on
      ``squares``.
    """

    kind: GoalKind
    count: int = 1
    squares: tuple[str, ...] = ()
    loot: bool = False


@dataclass(frozen=True)
class SideSetup:
    """A side: its name (``article``: ``"the"`` when sentences say "the
    Law", ruling CW-W1), its figures, its cards and its goals."""

    name: str
    figures: tuple[FigureSetup, ...]
    cards: int = 0
    goals: tuple[Goal, ...] = (Goal("eliminate"),)
    article: str = ""


@dataclass(frozen=True)
class StageRun:
    """The stagecoach on the move (Saloon's ``stage_run`` scenario rule,
    ruling CS-Q1): its road square by square (the first its square), the
    drivers, the squares it rolls a turn, the sides whose figures stop it."""

    route: tuple[str, ...]
    drivers: tuple[str, ...]
    steps: int
    stoppers: tuple[int, ...]


@dataclass(frozen=True)
class Setup:
    """A game ready to start. ``objects`` are counters on the town:
    ``("horse", "A:g2", "N")``, ``("cattle", ...)``, ``("stagecoach", ...)``,
    ``("loot", ...)`` or a dropped weapon (``("rifle", ...)``). ``exits``
    are the town's edges (``N E S W``) a figure may leave by (escape goals);
    ``at_limit`` is the side that wins when the turns run out and no hold
    goal is met (``None``: a draw)."""

    name: str
    town: Town
    sides: tuple[SideSetup, ...]
    turns: int = 10
    first: int = 0
    objects: tuple[tuple[str, str, Facing], ...] = ()
    forbidden: tuple[str, ...] = ()
    exits: tuple[Facing, ...] = ()
    at_limit: int | None = None
    special: tuple[str, ...] = field(default=())
    #: Town folk on no side (a scenario's bystanders).
    bystanders: tuple[FigureSetup, ...] = ()
    #: The scenario this was made from: its victory conditions then decide
    #: the game (:mod:`saloon.games.cowboys.scenario`), not ``goals``.
    scenario: Any = field(default=None, compare=False, repr=False)
    #: Squares where figures of ``loot_side`` take the loot by ending a move.
    loot_squares: tuple[str, ...] = ()
    loot_side: int | None = None
    #: Figures that may leave the town, and across which edges.
    leavers: tuple[tuple[str, tuple[Facing, ...]], ...] = ()
    #: Special rules: sides that may not reload; bystanders no one may shoot;
    #: sides that may not shoot in the first turns; prisoners; figures locked
    #: up until a friend reaches one of the squares.
    no_reload: tuple[int, ...] = ()
    neutral: bool = False
    surprise: tuple[tuple[int, ...], int] = ((), 0)
    prisoners: tuple[str, ...] = ()
    locked: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    #: The special rule ``night``: the farthest a figure sees to shoot (0: daylight).
    night: int = 0
    #: The Advanced Optional Rules the scenario switches on (its ``[options]``).
    optional: tuple[str, ...] = ()
    #: A stagecoach on the move (the ``stage_run`` rule, ruling CS-Q1).
    stage_run: StageRun | None = None

    def __post_init__(self) -> None:
        if not 2 <= len(self.sides) <= 4:
            raise ContentError(f"{self.name}: a game has 2 to 4 sides, not {len(self.sides)}")
        if not 0 <= self.first < len(self.sides):
            raise ContentError(f"{self.name}: the first side must be one of the sides")
        if self.turns < 1:
            raise ContentError(f"{self.name}: the game lasts at least one turn")
        ids = [f.id for s in self.sides for f in s.figures]
        if len(set(ids)) != len(ids):
            raise ContentError(f"{self.name}: a figure is placed twice")
        if sum(s.cards for s in self.sides) > 54:
            raise ContentError(f"{self.name}: more cards are dealt than the deck holds")


def duel(town: Town | None = None) -> Setup:
    """Saloon's own small duel on board B: two cowboys in the street (a
    pistol and a long gun each), 10 turns, 2 cards each, the last one standing wins (a draw if
    both stand at the end)."""
    town = town or build_town([["B"]])
    return Setup(
        name="duel",
        town=town,
        sides=(
            SideSetup("East", (FigureSetup("C1", "B:a2", "S", weapons=("pistol", "rifle")),), 2),
            SideSetup("West", (FigureSetup("C2", "B:b10", "N", weapons=("pistol", "shotgun")),), 2),
        ),
        turns=10,
        objects=(("horse", "B:a6", "N"),),
    )


def brawl(town: Town | None = None) -> Setup:
    """Saloon's own skirmish on board B, to exercise every rule: a gang of
    two cowboys (one mounted, one carrying the loot) and a town folk against
    the law's two cowboys (one with his pistol holstered) and a town folk, a
    loose horse, 4 cards a side, 8 turns, the law first. The gang wins by
    getting the loot out across the south edge, past the law, or by
    shooting the law down; the law by shooting the gang down or by holding
    it until the turns run out. (With the north edge behind the gang, it
    left in its first action; placed so, two heuristics split the games:
    docs/games/cowboys.md, "Balance".)"""
    town = town or build_town([["B"]])
    gang = (
        FigureSetup("C1", "B:a5", "S", modifier=1, weapons=("pistol", "pistol"), mounted=True),
        FigureSetup("C3", "B:c4", "S", weapons=("rifle", "pistol"), loot=True),
        FigureSetup("T1", "B:e3", "W", weapons=("rifle",)),
    )
    law = (
        FigureSetup("C2", "B:a9", "N", modifier=2, weapons=("shotgun", "pistol")),
        FigureSetup("C4", "B:b8", "N", weapons=("pistol",), holstered=True),
        FigureSetup("T2", "B:c10", "N", weapons=("rifle",)),
    )
    return Setup(
        name="brawl",
        town=town,
        sides=(
            SideSetup("Gang", gang, 4, (Goal("eliminate"), Goal("escape", loot=True)), "the"),
            SideSetup("Law", law, 4, (Goal("eliminate"),), "the"),
        ),
        turns=8,
        first=1,
        objects=(("horse", "B:b6", "N"), ("cattle", "B:a3", "N"), ("rifle", "B:d7", "N")),
        exits=("S",),
        at_limit=1,
    )


def from_scenario(sc: Any) -> Setup:
    """The setup of a :class:`saloon.games.cowboys.scenario.Scenario`: its
    sides, bystanders, counters, cards, forbidden cards and special rules
    (its victory conditions are read by :mod:`.victory`)."""

    def fid(key: tuple[str, int]) -> str:
        return ("C" if key[0] == "cowboy" else "T") + str(key[1])

    holstered: set[str] = set()
    for sp in sc.specials("duel_start"):
        keys = sp.figures or tuple(
            f.key for f in sc.figures() if f.kind == "cowboy" and "pistol" in f.weapons
        )
        holstered |= {fid(k) for k in keys}

    def figure(f: Any) -> FigureSetup:
        i = fid(f.key)
        return FigureSetup(
            i,
            f.at,
            f.facing,
            modifier=f.modifier,
            name=f.name,
            weapons=tuple(w.value for w in f.weapons),
            holstered=i in holstered,
            mounted=f.mounted,
            health=f.health,
        )

    leavers: dict[str, set[Facing]] = {}
    for g in sc.victory.goals:
        if type(g).__name__ == "Escape":
            for k in g.figures:
                leavers.setdefault(fid(k), set()).update(g.edges)
    for sp in sc.specials("flee"):
        for k in sp.figures:
            leavers.setdefault(fid(k), set()).update(sp.edges or ("N", "E", "S", "W"))
    loot = sc.victory.loot
    surprise = sc.specials("surprise")
    night = sc.specials("night")
    locked = sc.specials("locked_up")
    no_reload = {i for sp in sc.specials("no_reload") for i in (sp.sides or range(len(sc.sides)))}
    run = sc.specials("stage_run")
    stage_run = (
        StageRun(
            tuple(sc.town.ref(xy) for xy in run[0].route),
            tuple(fid(k) for k in run[0].figures),
            run[0].steps,
            run[0].sides,
        )
        if run
        else None
    )
    return Setup(
        name=sc.id,
        town=sc.town,
        sides=tuple(
            SideSetup(
                side.name, tuple(figure(f) for f in side.figures), side.cards, (), side.article
            )
            for side in sc.sides
        ),
        turns=sc.turns,
        first=sc.first,
        objects=tuple((o.kind, o.at, "N") for o in sc.objects),
        forbidden=tuple(sc.forbidden),
        at_limit=sc.victory.at_limit,
        bystanders=tuple(figure(f) for f in sc.bystanders),
        scenario=sc,
        loot_squares=tuple(sorted(sc.town.ref(xy) for xy in loot.target.squares)) if loot else (),
        loot_side=loot.side if loot else None,
        leavers=tuple((k, tuple(sorted(v))) for k, v in sorted(leavers.items())),
        no_reload=tuple(sorted(no_reload)),
        neutral=bool(sc.specials("town_folk_neutral")),
        surprise=(surprise[0].sides, surprise[0].turns) if surprise else ((), 0),
        prisoners=tuple(fid(k) for sp in sc.specials("prisoner") for k in sp.figures),
        locked=(
            tuple(fid(k) for k in locked[0].figures),
            tuple(sorted(sc.town.ref(xy) for xy in locked[0].squares)),
        )
        if locked
        else ((), ()),
        optional=sc.options,
        night=night[0].range if night else 0,
        stage_run=stage_run,
    )
