"""Shoot actions: who can be shot, what a shot needs, and its modifiers.

Cowboys rulebook, Shoot (front facing, line of sight, range, the shot
chart, one or two declared shots, ammunition), Shot Modifiers (cowboy
modifier, back shot +2, -1 for a red line or an open door next to the
target, mounted -2 pistol / -3 long guns, spin -1 / -3; cumulative), Draw
and Shoot, Spin and Shoot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from saloon.games.cowboys.board import XY
from saloon.games.cowboys.geometry import (
    Facing,
    SightLine,
    back_shot,
    in_front,
    king_range,
    red_run_at_target,
)
from saloon.games.cowboys.rules.figures import Figure, Held
from saloon.games.cowboys.shotchart import Weapon

if TYPE_CHECKING:
    from saloon.games.cowboys.actions import Act
    from saloon.games.cowboys.rules.state import CowboysState

BACK_SHOT = 2
RED_LINE = -1
OPEN_DOOR = -1
#: Shooting from the saddle (Shot Modifiers).
MOUNTED = {Weapon.PISTOL: -2, Weapon.RIFLE: -3, Weapon.SHOTGUN: -3}
#: Spin and Shoot (Shot Modifiers).
SPIN = {Weapon.PISTOL: -1, Weapon.RIFLE: -3, Weapon.SHOTGUN: -3}


@dataclass(frozen=True, slots=True)
class ShotInfo:
    """A shot that can be taken: the weapon's slot and kind, the range, the
    chart's entry, and each modifier with its reason."""

    slot: str
    weapon: Weapon
    range: int
    needed: int
    mods: tuple[tuple[str, int], ...]

    @property
    def modifier(self) -> int:
        return sum(v for _, v in self.mods)

    def mods_text(self) -> str:
        """``+2 back shot, -1 red line``, or ``no modifiers``."""
        return ", ".join(f"{v:+d} {k}" for k, v in self.mods) or "no modifiers"


def blockers(state: CowboysState) -> frozenset[XY]:
    """Squares that block a line of sight: standing figures, horses, cattle,
    the stagecoach (Line of Sight; bodies do not block)."""
    out = {f.square for f in state.figures if f.standing and f.square is not None}
    out |= {h.square for h in state.horses if h.alive and h.square is not None}
    out |= state.obstacles
    return frozenset(out)


def occupied(state: CowboysState) -> frozenset[XY]:
    """Squares of standing cowboys and town folk: they hold doors open (CB-G4)."""
    return frozenset(f.square for f in state.figures if f.standing and f.square is not None)


def target_place(state: CowboysState, target: str) -> tuple[XY, Facing] | None:
    """The square and facing of a standing figure or a live horse ``target``."""
    if target[0] == "H":
        k = state.horse_index.get(target)
        if k is None:
            return None
        h = state.horses[k]
        return (h.square, h.facing) if h.alive and h.square is not None else None
    j = state.index.get(target)
    if j is None:
        return None
    g = state.figures[j]
    return (g.square, g.facing) if g.standing and g.square is not None else None


def red_line_mod(state: CowboysState, line: SightLine) -> bool:
    """Whether a shot along ``line`` takes the -1 for a red line: one the
    line crosses that is a side of the target's square (Shot Modifiers,
    CB-G7), or with the other reading ``red_line_whole`` any part of the
    straight red line the target stands against (CW-O3)."""
    if line.red_line_at_target:
        return True
    return state.rule("red_line_whole") and red_run_at_target(state.town, line)


def firing_weapon(f: Figure, verb: str, armed: bool = False) -> Held | None:
    """The weapon a shoot action fires: the one in hand, or for a draw the
    first holstered pistol that can fire (Draw and Shoot: only with no
    weapon in hand, ruling CW-T12; with ``armed``, the other reading
    ``draw_while_armed``, whatever he holds: a pistol not in his hand,
    CW-O1)."""
    if verb == "draw":
        if f.in_hand is not None and not armed:
            return None
        for h in f.weapons:
            if (
                h.weapon is Weapon.PISTOL
                and h.slot != f.in_hand
                and not h.jammed
                and (h.ammo > 0 or not f.cowboy)
            ):
                return h
        return None
    return f.held()


def shot_info(
    state: CowboysState,
    i: int,
    target: str,
    *,
    verb: str = "shoot",
    facing: Facing | None = None,
    shots: int = 1,
    slot: str | None = None,
    extra: tuple[tuple[str, int], ...] = (),
) -> ShotInfo | None:
    """The shot figure ``i`` would take at ``target`` (``verb`` shoot, draw
    or spin, ``facing`` his facing after a spin), or ``None`` if he cannot:
    no loaded weapon that can fire, the target not standing, behind him,
    out of sight or out of range. ``slot`` fires a weapon other than the
    one in hand (his second pistol, Advanced Optional Rule 3); ``extra``
    are an Advanced Optional Rule's modifiers, added last."""
    f = state.figures[i]
    if not f.standing or f.square is None:
        return None
    held = (
        f.weapon(slot)
        if slot is not None
        else firing_weapon(f, verb, armed=verb == "draw" and state.rule("draw_while_armed"))
    )
    if held is None or held.jammed or (f.cowboy and held.ammo < shots):
        return None
    place = target_place(state, target)
    if place is None:
        return None
    sq, tfacing = place
    rng = king_range(f.square, sq)
    if rng < 1:
        return None
    needed = state.chart.needed(held.weapon, rng)
    if needed is None:
        return None
    face = facing or f.facing
    if not in_front(face, f.square, sq):
        return None
    line = state.sight_line(f.square, sq)
    if line is None:
        return None
    mods: list[tuple[str, int]] = []
    if f.modifier:
        mods.append(("cowboy", f.modifier))
    if f.bonus:
        mods.append(("lasting card bonus", f.bonus))
    if back_shot(tfacing, sq, f.square):
        mods.append(("back shot", BACK_SHOT))
    if red_line_mod(state, line):
        mods.append(("red line", RED_LINE))
    if line.open_door_at_target:
        mods.append(("open door", OPEN_DOOR))
    if f.horse is not None:
        mods.append(("mounted", MOUNTED[held.weapon]))
    if verb == "spin":
        mods.append(("spin", SPIN[held.weapon]))
    mods.extend(extra)
    return ShotInfo(held.slot, held.weapon, rng, needed, tuple(mods))


#: Advanced Optional Rules 2, 3 and 5: each shot's modifier.
FAN_FIRE = -3
TWO_PISTOLS = -2
TWO_TARGETS = -2

#: The shots of one action: each shot's target and what it needs, in order.
Volley = tuple[tuple[str, ShotInfo], ...]


def volley(state: CowboysState, i: int, act: Act) -> Volley | None:
    """The shots figure ``i``'s firing action ``act`` would fire now, in
    order, or ``None`` if it cannot be taken (any of its shots).

    Shoot (one or two shots), Draw and Shoot, Spin and Shoot (two shots
    with the Advanced Rules, :mod:`.spin_shots`); Advanced
    Optional Rule 2, fan fire (a cowboy's pistol in hand, every round in it,
    at -3 a shot: ruling CW-A2); Rule 3, two pistols (two shots from the
    pistol in hand, then two from the other, at -2 a shot: CW-A3); Rule 5,
    two shots at two different targets, one each, at -2 (CW-A5). Whether
    the rule is in play is the caller's question (:mod:`.legal`).
    """
    from saloon.games.cowboys.actions import Draw, Fan, Pistols, Shoot, Spin, SpinSplit, Split

    f = state.figures[i]
    if isinstance(act, Shoot):
        info = shot_info(state, i, act.target, shots=act.shots)
        return None if info is None else ((act.target, info),) * act.shots
    if isinstance(act, Draw):
        info = shot_info(state, i, act.target, verb="draw")
        return None if info is None else ((act.target, info),)
    if isinstance(act, (Spin, SpinSplit)):
        # Two shots with the Advanced Rules (CW-V17, CW-V18).
        from saloon.games.cowboys.rules.spin_shots import spin_volley

        return spin_volley(state, i, act)
    held = f.held()
    if isinstance(act, Fan):
        if not f.cowboy or held is None or held.weapon is not Weapon.PISTOL or held.ammo < 2:
            return None
        info = shot_info(state, i, act.target, shots=held.ammo, extra=(("fan fire", FAN_FIRE),))
        return None if info is None else ((act.target, info),) * held.ammo
    if isinstance(act, Pistols):
        other = second_pistol(f)
        if held is None or held.weapon is not Weapon.PISTOL or other is None:
            return None
        mod = (("two pistols", TWO_PISTOLS),)
        # Two from each pistol (CW-A3); with the other reading
        # ``two_pistols_short``, one from a pistol with one round (CW-O8).
        n1, n2 = 2, 2
        if f.cowboy and state.rule("two_pistols_short"):
            n1, n2 = min(2, held.ammo), min(2, other.ammo)
        first = shot_info(state, i, act.target, shots=max(n1, 1), extra=mod)
        then = shot_info(state, i, act.target, shots=max(n2, 1), slot=other.slot, extra=mod)
        if first is None or then is None:
            return None
        return ((act.target, first),) * n1 + ((act.target, then),) * n2
    if isinstance(act, Split):
        if act.second == act.target:
            return None
        mod = (("two targets", TWO_TARGETS),)
        one = shot_info(state, i, act.target, shots=2, extra=mod)
        two = shot_info(state, i, act.second, shots=2, extra=mod)
        if one is None or two is None:
            return None
        return ((act.target, one), (act.second, two))
    return None


def second_pistol(f: Figure) -> Held | None:
    """The pistol a figure carries besides the one in hand (Advanced
    Optional Rule 3)."""
    for h in f.weapons:
        if h.weapon is Weapon.PISTOL and h.slot != f.in_hand:
            return h
    return None


def dice_text(a: int, b: int, mods: tuple[int, ...]) -> str:
    """``6+5+1-1 = 11`` (the dice, each modifier, the total).

    >>> dice_text(6, 5, (1, -1)), dice_text(3, 3, ())
    ('6+5+1-1 = 11', '3+3 = 6')
    """
    parts = f"{a}+{b}" + "".join(f"{m:+d}" for m in mods if m)
    return f"{parts} = {a + b + sum(mods)}"
