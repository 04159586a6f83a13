"""Cowboys' pieces as small frozen values: weapons carried, figures, horses, things on the ground.

Cowboys rulebook, Game Components: a cowboy has 4 health and moves 4, one
less of each every time he is shot; a town folk has 1 health and moves 4;
a horse has 2 health and adds 4 to its rider's movement. Cowboy Track: each
weapon a figure carries has its own ammunition. The engine
(:mod:`saloon.games.cowboys.rules.state`) keeps these in lists and replaces
them whole when they change.

>>> f = Figure("C6", side=0, square=(2, 3), facing="N", health=4, modifier=1,
...            weapons=(Held("pistol", Weapon.PISTOL, 6),), in_hand="pistol")
>>> f.label, f.movement, f.standing, f.held().ammo
('Cowboy 6 (+1)', 4, True, 6)
>>> f.wounded(1).movement
3
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from saloon.games.cowboys.board import XY
from saloon.games.cowboys.geometry import Facing
from saloon.games.cowboys.shotchart import Weapon

#: Health at the start (Cowboys rulebook, Game Components).
COWBOY_HEALTH: Final = 4
TOWNFOLK_HEALTH: Final = 1
HORSE_HEALTH: Final = 2
#: Movement at full health (Cowboys rulebook, Game Components).
FULL_MOVEMENT: Final = 4
#: The slots a figure can carry a weapon in (Cowboys rulebook, Shoot: up to
#: two pistols and either a rifle or a shotgun).
SLOTS: Final = ("pistol", "pistol2", "rifle", "shotgun")


@dataclass(frozen=True, slots=True)
class Held:
    """A weapon a figure carries: its slot name (``pistol``, ``pistol2``,
    ``rifle``, ``shotgun``), its kind, the rounds in it, and whether a
    card has jammed it until a reload (CW-C12)."""

    slot: str
    weapon: Weapon
    ammo: int
    jammed: bool = False

    @property
    def full(self) -> bool:
        return self.ammo >= self.weapon.capacity


@dataclass(frozen=True, slots=True)
class Figure:
    """A cowboy (``C6``) or a town folk (``T3``) and everything the
    engine tracks about him.

    ``square`` is ``None`` once he has left the town; ``health`` 0 means
    down (a body, which blocks no sight). ``actions`` are the actions left
    to him in his side's part of this turn (1, 2 with Adrenaline);
    ``stunned``: he loses his side's next part (his horse was killed under
    him); ``knocked``: he may not move in his side's next part (Knock-Down);
    ``no_move``: he may not move in this part. ``bonus`` is a lasting shot
    bonus (A Good Day for a Killing). ``pinned``: grazed under Variable
    Damage, he may not move the next time he acts (Advanced Rules).
    """

    id: str
    side: int
    square: XY | None
    facing: Facing
    health: int
    modifier: int = 0
    name: str = ""
    weapons: tuple[Held, ...] = ()
    in_hand: str | None = None
    horse: int | None = None
    actions: int = 0
    stunned: bool = False
    knocked: bool = False
    no_move: bool = False
    loot: bool = False
    bonus: int = 0
    pinned: bool = False

    @property
    def cowboy(self) -> bool:
        return self.id[0] == "C"

    @property
    def number(self) -> int:
        return int(self.id[1:])

    @property
    def label(self) -> str:
        """``Cowboy 6 (+1)``, ``Town folk 3``: how the log names him."""
        if self.cowboy:
            mod = f" ({self.modifier:+d})" if self.modifier else ""
            return f"Cowboy {self.number}{mod}"
        return f"Town folk {self.number}"

    @property
    def short(self) -> str:
        """``Cowboy 6``, without the modifier."""
        return f"Cowboy {self.number}" if self.cowboy else f"Town folk {self.number}"

    @property
    def standing(self) -> bool:
        """On his feet and in the town."""
        return self.health > 0 and self.square is not None

    @property
    def gone(self) -> bool:
        """Left the town across its edge."""
        return self.square is None and self.health > 0

    @property
    def movement(self) -> int:
        """Movement points: a cowboy's 4 drop by 1 for each wound (Game
        Components); a town folk falls at his first wound."""
        if not self.cowboy:
            return FULL_MOVEMENT
        return max(0, FULL_MOVEMENT - (COWBOY_HEALTH - self.health))

    def held(self) -> Held | None:
        """The weapon in his hand, or ``None`` (holstered)."""
        return self.weapon(self.in_hand) if self.in_hand else None

    def weapon(self, slot: str) -> Held | None:
        for h in self.weapons:
            if h.slot == slot:
                return h
        return None

    def with_weapon(self, held: Held) -> Figure:
        """This figure with ``held`` replacing the weapon in its slot."""
        return replace(
            self, weapons=tuple(held if h.slot == held.slot else h for h in self.weapons)
        )

    def wounded(self, hits: int) -> Figure:
        return replace(self, health=max(0, self.health - hits))


@dataclass(frozen=True, slots=True)
class Horse:
    """A horse (``H1``): where it stands, its facing (its rider's), its
    health (2), its rider (a figure index) and whether it has already
    carried a rider this turn (Movement with Horses: one rider a turn)."""

    id: str
    square: XY | None
    facing: Facing
    health: int = HORSE_HEALTH
    rider: int | None = None
    moved: bool = False

    @property
    def alive(self) -> bool:
        return self.health > 0 and self.square is not None

    @property
    def label(self) -> str:
        return f"Horse {self.id[1:]}"


@dataclass(frozen=True, slots=True)
class Dropped:
    """A weapon (or the loot, ``held`` ``None``) lying on a square (Movement
    to Change Weapons: a fallen figure leaves his weapons in his square)."""

    square: XY
    held: Held | None

    @property
    def item(self) -> str:
        """What ``pickup`` calls it: the weapon kind, or ``loot``."""
        return "loot" if self.held is None else self.held.weapon.value
