"""Who has won: a scenario's victory conditions, checked after every action.

Cowboys rulebook, Scenarios: each scenario says how it is won; the engine
reads the goals of :class:`saloon.games.cowboys.rules.setup.Goal`
(eliminate, escape with or without loot, reach, hold) and the side that
wins when the turns run out (rulings CW-V1..V3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saloon.games.cowboys.rules.setup import Goal

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState


def goal_met(state: CowboysState, side: int, goal: Goal, *, at_limit: bool = False) -> bool:
    """Whether ``side`` meets ``goal`` now (a ``hold`` goal only at the limit)."""
    mine = [f for f in state.figures if f.side == side]
    if goal.kind == "eliminate":
        return all(not f.standing for f in state.figures if f.side != side)
    if goal.kind == "escape":
        out = [f for f in mine if f.gone and (f.loot or not goal.loot)]
        return len(out) >= goal.count
    squares = state.goal_squares(goal)
    on = [f for f in mine if f.standing and f.square in squares]
    if goal.kind == "reach":
        return len(on) >= goal.count
    return at_limit and len(on) >= goal.count  # hold


def winner_now(state: CowboysState) -> int | None:
    """The side that has won, the acting side's goals checked first."""
    n = state.num_players
    for k in range(n):
        side = (state.active + k) % n
        if any(goal_met(state, side, g) for g in state.setup.sides[side].goals):
            return side
    return None


def winner_at_limit(state: CowboysState) -> int | None:
    """When the last turn ends: a side meeting a hold goal (or any goal),
    else the scenario's ``at_limit`` side, else nobody (a draw; CW-V2)."""
    for side in range(state.num_players):
        goals = state.setup.sides[side].goals
        if any(goal_met(state, side, g, at_limit=True) for g in goals):
            return side
    return state.setup.at_limit
