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
from typing import Literal

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
    name: str
    figures: tuple[FigureSetup, ...]
    cards: int = 0
    goals: tuple[Goal, ...] = (Goal("eliminate"),)


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

    def __post_init__(self) -> None:
        if not 2 <= len(self.sides) <= 3:
            raise ContentError(f"{self.name}: a game has 2 or 3 sides, not {len(self.sides)}")
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
    loose horse, 4 cards a side, 8 turns. The gang wins by getting the loot
    out across the north edge or by shooting the law down; the law by
    shooting the gang down; a draw otherwise."""
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
            SideSetup("Gang", gang, 4, (Goal("eliminate"), Goal("escape", loot=True))),
            SideSetup("Law", law, 4, (Goal("eliminate"),)),
        ),
        turns=8,
        objects=(("horse", "B:b6", "N"), ("cattle", "B:a3", "N"), ("rifle", "B:d7", "N")),
        exits=("N",),
    )
