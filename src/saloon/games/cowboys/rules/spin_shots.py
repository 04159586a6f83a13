"""Spin and shoot with two shots (Advanced Rules), and at two targets with Rule 5.

Cowboys rulebook, Advanced Rules, "Modification to Spin and Shoot in
Advanced Rules": a spin and shoot fires two shots, each with the spin's
modifier (-1 with a pistol, -3 with a rifle or shotgun); Spin and Shoot
(the figure turns in its square, never on a horse). Rulings CW-V17 (one
shot with one round left) and CW-V18 (two targets with Advanced Optional
Rule 5, each shot also at -2) in ``docs/rulings.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from saloon.games.cowboys.actions import Spin, SpinSplit
from saloon.games.cowboys.geometry import Facing
from saloon.games.cowboys.rules.shots import TWO_TARGETS, Volley, shot_info

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState


def spin_shots(state: CowboysState, i: int, slot: str) -> int:
    """How many shots figure ``i``'s spin and shoot fires with the weapon
    in ``slot``: one in the basic game; two with the option
    ``spin_two_shots``, or one when the weapon holds a single round (a
    town folk's never runs out: CW-T13; CW-V17)."""
    if not state.rule("spin_two_shots"):
        return 1
    f = state.figures[i]
    held = f.weapon(slot)
    if f.cowboy and (held is None or held.ammo < 2):
        return 1
    return 2


def spin_volley(state: CowboysState, i: int, act: Spin | SpinSplit) -> Volley | None:
    """The shots of a spin and shoot, or ``None`` if it cannot be taken:
    one or two at ``target`` (:func:`spin_shots`); with Advanced Optional
    Rule 5 too, one at ``target`` and one at ``second``, each also at -2
    (CW-V18), which needs two rounds."""
    if isinstance(act, Spin):
        info = shot_info(state, i, act.target, verb="spin", facing=act.facing)
        if info is None:
            return None
        return ((act.target, info),) * spin_shots(state, i, info.slot)
    if not (state.rule("spin_two_shots") and state.rule("two_targets")):
        return None
    if act.second == act.target:
        return None
    mod = (("two targets", TWO_TARGETS),)
    one = shot_info(state, i, act.target, verb="spin", facing=act.facing, shots=2, extra=mod)
    two = shot_info(state, i, act.second, verb="spin", facing=act.facing, shots=2, extra=mod)
    if one is None or two is None:
        return None
    return ((act.target, one), (act.second, two))


def spin_splits(state: CowboysState, i: int, spins: Sequence[Spin]) -> list[SpinSplit]:
    """The spins at two targets figure ``i`` may fire, from his legal
    spins (a target each, by facing): every ordered pair of two targets
    of one facing (CW-V18)."""
    if not (state.rule("spin_two_shots") and state.rule("two_targets")):
        return []
    by_facing: dict[Facing, list[str]] = {}
    for s in spins:
        by_facing.setdefault(s.facing, []).append(s.target)
    fid = state.figures[i].id
    out: list[SpinSplit] = []
    for facing, targets in by_facing.items():
        for t in targets:
            for u in targets:
                if t != u:
                    a = SpinSplit(fid, facing, t, u)
                    if spin_volley(state, i, a) is not None:
                        out.append(a)
    return out
