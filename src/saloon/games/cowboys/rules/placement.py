"""The pieces of a setup placed on its town, each checked.

Cowboys rulebook, Game Set Up (the scenario places the figures and the
counters: horses, cattle, the stagecoach), Game Components (a cowboy's
health is 4, a town folk's 1, unless the scenario says otherwise), Shoot
(a figure carries at most two pistols and one rifle or shotgun; CW-T7),
Movement with Horses (a horse stands only where horses may go). A setup
that breaks one of these is a :class:`~saloon.core.errors.ContentError`
naming the scenario and the figure or square.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from saloon.core.errors import ContentError
from saloon.games.cowboys.board import XY
from saloon.games.cowboys.rules.figures import (
    COWBOY_HEALTH,
    TOWNFOLK_HEALTH,
    Dropped,
    Figure,
    Held,
    Horse,
)
from saloon.games.cowboys.rules.setup import Setup
from saloon.games.cowboys.shotchart import Weapon


class Pieces(NamedTuple):
    """What a game starts with on its town: the figures (the sides' in
    order, then the bystanders, side ``-1``), the horses (ridden ones
    first), the squares of the obstacles, and the weapons and loot on the
    ground."""

    figures: list[Figure]
    horses: list[Horse]
    obstacles: frozenset[XY]
    ground: list[Dropped]


def weapon_slots(weapons: Sequence[str], where: str) -> tuple[Held, ...]:
    """The weapons a figure is placed with, in their slots (a second
    pistol in ``pistol2``), each fully loaded."""
    out: list[Held] = []
    for name in weapons:
        try:
            w = Weapon(name)
        except ValueError:
            raise ContentError(f"{where}: {name!r} is not a pistol, rifle or shotgun") from None
        slot = w.value
        if w is Weapon.PISTOL and any(h.slot == "pistol" for h in out):
            slot = "pistol2"
        if any(h.slot == slot for h in out) or (
            w is not Weapon.PISTOL and any(h.weapon is not Weapon.PISTOL for h in out)
        ):
            raise ContentError(f"{where}: at most two pistols and one rifle or shotgun")
        out.append(Held(slot, w, w.capacity))
    return tuple(out)


def place(setup: Setup) -> Pieces:
    """The pieces of ``setup`` on its town, each checked."""
    town = setup.town
    figures: list[Figure] = []
    horses: list[Horse] = []
    taken: set[XY] = set()
    placed = [(s, fs) for s, side in enumerate(setup.sides) for fs in side.figures]
    placed += [(-1, fs) for fs in setup.bystanders]
    for s, fs in placed:
        where = f"{setup.name}: {fs.id}"
        if fs.id[:1] not in ("C", "T") or not fs.id[1:].isdigit():
            raise ContentError(f"{where}: a figure is C<number> or T<number>")
        sq = town.square(fs.at)
        if sq in taken:
            raise ContentError(f"{where}: two figures on {fs.at}")
        taken.add(sq)
        weapons = weapon_slots(fs.weapons, where)
        horse = None
        if fs.mounted:
            if not town.horse_ok(sq):
                raise ContentError(f"{where}: a horse cannot stand on {fs.at}")
            horse = len(horses)
            horses.append(Horse(f"H{horse + 1}", sq, fs.facing, rider=len(figures)))
        cowboy = fs.id[0] == "C"
        figures.append(
            Figure(
                id=fs.id,
                side=s,
                square=sq,
                facing=fs.facing,
                health=fs.health
                if fs.health is not None
                else COWBOY_HEALTH
                if cowboy
                else TOWNFOLK_HEALTH,
                modifier=fs.modifier,
                name=fs.name,
                weapons=weapons,
                in_hand=None if fs.holstered or not weapons else weapons[0].slot,
                horse=horse,
                loot=fs.loot,
            )
        )
    obstacles: set[XY] = set()
    ground: list[Dropped] = []
    for kind, at, facing in setup.objects:
        sq = town.square(at)
        if kind == "horse":
            horses.append(Horse(f"H{len(horses) + 1}", sq, facing))
        elif kind in ("cattle", "stagecoach"):
            obstacles.add(sq)
        elif kind == "loot":
            ground.append(Dropped(sq, None))
        else:
            ground.extend(Dropped(sq, h) for h in weapon_slots([kind], f"{setup.name}: {at}"))
    return Pieces(figures, horses, frozenset(obstacles), ground)
