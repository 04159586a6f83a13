"""Weapons changed within a move: the other reading ``weapon_in_move`` (ruling CW-O2).

Cowboys rulebook, Move Actions ("Movement to Change Weapons"): weapons are
changed only during movement, for 2 movement points; a weapon left by a
fallen figure is picked up in its square, for 2 movement points. Saloon's
reading (CW-T7) makes each a whole move action at the figure's square.
With ``weapon_in_move``, a move action that ends with 2 points or more
unspent goes on with a choice (``Phase.SHOOT_MOVE``, stage ``weapon``):
take another weapon in hand (``C6 arm rifle``), pick one up (or the loot)
in the square the move reached (``C6 pickup rifle``), or ``stay`` as he
is. The change needs no announcement of its own: it is part of the move.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.games.cowboys.actions import STAY, Act, Arm, Move, Pickup

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.phase import Pending
    from saloon.games.cowboys.rules.state import CowboysState

#: The stage of a move action that offers the change (``Pending.stage``).
STAGE = "weapon"


def spare(rider_left: int, horse_left: int, turn: int) -> int:
    """The figure's own points a move leaves for a change of weapon: his
    points unspent, less a turn at the end (Facing After Movement) that the
    horse's points left do not pay (CB-M2: his own points pay for
    everything but riding).

    >>> spare(3, 0, 1), spare(2, 4, 1), spare(0, 4, 0)
    (2, 2, 0)
    """
    return max(0, rider_left - max(0, turn - horse_left))


def choices(state: CowboysState, i: int) -> list[Act]:
    """The changes figure ``i`` may make in his square (CW-T7's own rules:
    another weapon he carries into his hand; a weapon there he has room
    for, or the loot; not a prisoner's pick-up)."""
    from saloon.games.cowboys.rules.legal import _pickups

    f = state.figures[i]
    if not f.standing or f.square is None:
        return []
    out: list[Act] = [Arm(f.id, h.slot) for h in f.weapons if h.slot != f.in_hand]
    if f.id not in state.setup.prisoners:
        out.extend(Pickup(f.id, item) for item in _pickups(state, i))
    return out


def opens(state: CowboysState, p: Pending, left: int) -> bool:
    """Whether the move ``p`` that has just ended goes on to the choice: the
    option is on, it is a move action of the side's own figure (not a town
    folk lent by Friend in Town), 2 points are left, and there is a change
    to make."""
    from saloon.games.cowboys.rules import moves as mv

    if not state.rule("weapon_in_move") or p.ally or not isinstance(p.act, Move):
        return False
    if left < mv.WEAPON_COST:
        return False
    return bool(choices(state, state.index[p.act.fig]))


def legal(state: CowboysState) -> list[Action]:
    """The choice's actions: the changes, then ``stay``."""
    p = state.pending
    assert p is not None
    return [*choices(state, state.index[p.act.fig]), STAY]


def choose(state: CowboysState, action: Action) -> None:
    """The side's choice: the change made for 2 of the points the move left,
    or ``stay``; the move action is then over."""
    from saloon.games.cowboys.rules.execute import _pickup, finish

    p = state.pending
    assert p is not None
    i = state.index[p.act.fig]
    f = state.figures[i]
    points = f"2 of the {p.spare} points his move left"
    if isinstance(action, Arm):
        h = f.weapon(action.slot)
        assert h is not None
        state.figures[i] = replace(f, in_hand=action.slot)
        state.say("move", f"{f.label} takes the {h.weapon} in hand ({points}).", state.active)
    elif isinstance(action, Pickup):
        _pickup(state, i, action.item, points=points)
    finish(state, p)


def is_choice(p: Pending | None) -> bool:
    """Whether ``p`` waits for the choice of a change of weapon."""
    return p is not None and p.stage == STAGE
