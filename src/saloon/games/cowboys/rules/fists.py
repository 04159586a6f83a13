"""Fist fights: who may fight, whom, with what modifiers, and who is hurt.

Cowboys rulebook, Advanced Optional Rules, item 8 and "Additional Advanced
Options", Fist Fights: a cowboy who is unarmed, or whose weapons are all
unloaded, may take a fist fight as his shoot action against a target in a
square next to his, never across a red line; each side rolls one die and
adds the table's modifiers (+2 hitting the target through its rear facing,
the cowboy modifier); the higher total does one point of damage. Ruling
CW-A8 (``docs/rulings.md``, "Advanced Optional Rules").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from saloon.games.cowboys.board import RED, XY
from saloon.games.cowboys.geometry import back_shot, in_front, sight
from saloon.games.cowboys.rules.figures import Figure

if TYPE_CHECKING:
    from saloon.games.cowboys.actions import Fists
    from saloon.games.cowboys.rules.state import CowboysState

#: Hitting the target through his rear facing (the Fist Fights table).
REAR = 2
#: The squares next to a figure's: those sharing a side with it.
_SIDES = ((0, -1), (1, 0), (0, 1), (-1, 0))
#: The eight squares around a figure's (the other reading, CW-O4).
_AROUND = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
#: What may lie between the two squares: nothing, or a door (CW-A8); a
#: wall, a window or an obstacle (a red line) may not.
_ACROSS = frozenset({"open", "door"})


def may_fist(f: Figure) -> bool:
    """Whether figure ``f`` may fist fight: a standing cowboy with no
    weapon, or whose every weapon is empty (CW-A8; a jammed weapon with
    rounds in it is still loaded). Town folk never do ("cowboys").

    >>> from dataclasses import replace
    >>> from saloon.games.cowboys.rules.figures import Held
    >>> from saloon.games.cowboys.shotchart import Weapon
    >>> c = Figure("C6", side=0, square=(2, 3), facing="N", health=4, modifier=1)
    >>> empty, one = Held("pistol", Weapon.PISTOL, 0), Held("pistol", Weapon.PISTOL, 1)
    >>> may_fist(c), may_fist(replace(c, weapons=(empty,))), may_fist(replace(c, weapons=(one,)))
    (True, True, False)
    """
    return f.cowboy and f.standing and all(h.ammo == 0 for h in f.weapons)


def fist_targets(state: CowboysState, i: int) -> list[str]:
    """The figures that figure ``i`` may fist fight now (CW-A8): a standing
    cowboy or town folk of another side (not a neutral bystander, nor a
    horse) in a square sharing a side with his, in front of him (a fist
    fight is a shoot action), with no wall, window or obstacle between;
    with the other reading ``fists_all_round``, in any of the eight squares
    around his, whichever way he faces (CW-O4)."""
    f = state.figures[i]
    if not may_fist(f) or f.square is None:
        return []
    here = f.square
    town = state.town
    neutral = state.setup.neutral
    around = state.rule("fists_all_round")
    out: list[str] = []
    for dx, dy in _AROUND if around else _SIDES:
        sq = (here[0] + dx, here[1] + dy)
        if not town.contains(sq):
            continue
        if around:
            # The other reading (CW-O4): any square around, whichever way
            # he faces; never across a red line or through a wall.
            if not _clear(state, here, sq):
                continue
        elif not in_front(f.facing, here, sq) or town.edge(here, sq) not in _ACROSS:
            continue
        for g in state.figures:
            if g.square == sq and g.standing and g.side != f.side and not (neutral and g.side < 0):
                out.append(g.id)
    return out


def _clear(state: CowboysState, here: XY, there: XY) -> bool:
    """Whether nothing forbids a fist fight between two squares around
    each other (CW-O4): the line between their centres crosses no wall, no
    closed door and no red line (on a diagonal, the lines meeting at the
    corner: CB-G6)."""
    line = sight(state.town, here, there, occupied=state.occupied())
    return line is not None and not any(c.kind in RED for c in line.crossings)


@dataclass(frozen=True, slots=True)
class FistMods:
    """Each fighter's modifiers, with their reasons."""

    attacker: tuple[tuple[str, int], ...]
    defender: tuple[tuple[str, int], ...]


def fist_mods(state: CowboysState, i: int, j: int) -> FistMods:
    """The table's modifiers for attacker ``i`` and defender ``j``: +2 to
    the one hitting the other through his rear facing, and each figure's
    printed modifier (CW-A8; no card bonus: they are shot modifiers)."""
    f, g = state.figures[i], state.figures[j]
    assert f.square is not None and g.square is not None
    return FistMods(_mods(f, g), _mods(g, f))


def _mods(f: Figure, g: Figure) -> tuple[tuple[str, int], ...]:
    assert f.square is not None and g.square is not None
    mods: list[tuple[str, int]] = []
    if back_shot(g.facing, g.square, f.square):
        mods.append(("through the rear", REAR))
    if f.modifier:
        mods.append(("cowboy" if f.cowboy else "modifier", f.modifier))
    return tuple(mods)


def loser(state: CowboysState, i: int, j: int, dice: Fists) -> int | None:
    """Which of attacker ``i`` and defender ``j`` takes the point of
    damage: the one with the lower total; ``None`` on a tie (CW-A8)."""
    m = fist_mods(state, i, j)
    a = dice.a + sum(v for _, v in m.attacker)
    b = dice.b + sum(v for _, v in m.defender)
    if a == b:
        return None
    return j if a > b else i


def die_text(die: int, mods: tuple[tuple[str, int], ...]) -> str:
    """``5+2 = 7`` (a fighter's die, each modifier, the total), or ``5``.

    >>> die_text(5, (("through the rear", 2),)), die_text(3, ())
    ('5+2 = 7', '3')
    """
    if not any(v for _, v in mods):
        return str(die)
    return (
        f"{die}" + "".join(f"{v:+d}" for _, v in mods if v) + f" = {die + sum(v for _, v in mods)}"
    )


def mods_words(mods: tuple[tuple[str, int], ...]) -> str:
    """``+2 through the rear, +1 cowboy``, or ``no modifiers``."""
    return ", ".join(f"{v:+d} {k}" for k, v in mods) or "no modifiers"
