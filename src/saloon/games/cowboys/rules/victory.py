"""Who has won: a scenario's victory conditions, checked after every action.

Cowboys rulebook, Scenarios: each scenario says how it is won; the engine
reads the goals of :class:`saloon.games.cowboys.rules.setup.Goal`
(eliminate, escape with or without loot, reach, hold) and the side that
wins when the turns run out (rulings CS-V1..V8). :func:`check_winner` ends
the game when an action leaves a side with its goals met (CW-T18);
:func:`over` ends it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from saloon.games.cowboys.rules.figures import Figure
from saloon.games.cowboys.rules.phase import Phase
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
    if state.setup.scenario is not None:
        return scenario_winner(state)[1]
    n = state.num_players
    for k in range(n):
        side = (state.active + k) % n
        if any(goal_met(state, side, g) for g in state.setup.sides[side].goals):
            return side
    return None


def winner_at_limit(state: CowboysState) -> int | None:
    """When the last turn ends: a side meeting a hold goal (or any goal),
    else the scenario's ``at_limit`` side, else nobody (a draw; CS-V7, CS-V8)."""
    if state.setup.scenario is not None:
        return scenario_winner(state, at_limit=True)[1]
    for side in range(state.num_players):
        goals = state.setup.sides[side].goals
        if any(goal_met(state, side, g, at_limit=True) for g in goals):
            return side
    return state.setup.at_limit


# -- a scenario file's victory conditions (saloon.games.cowboys.scenario) --------------


def _fid(key: tuple[str, int]) -> str:
    return ("C" if key[0] == "cowboy" else "T") + str(key[1])


def _listed(state: CowboysState, goal: Any) -> list[Figure]:
    return [state.figures[state.index[_fid(k)]] for k in goal.figures if _fid(k) in state.index]


def _scenario_goal(state: CowboysState, goal: Any, at_limit: bool) -> tuple[int | None, bool]:
    """``(side, met)`` when the goal is met, ``(otherwise, False)`` when it can
    no longer happen, ``(None, False)`` while it is open (the scenario
    module's docstring gives the rules, rulings CS-V1..V8)."""
    kind = type(goal).__name__
    if kind == "Eliminate":
        sides = [goal.side] if goal.side is not None else range(state.num_players)
        for side in sides:
            if all(
                not f.standing
                for f in state.figures
                if f.side >= 0 and f.side != side and (f.cowboy or goal.townfolk)
            ):
                return side, True
        return None, False
    listed = _listed(state, goal)
    standing = [f for f in listed if f.standing]
    if kind == "Escape":
        out = [f for f in listed if f.gone and (f.loot or not goal.loot)]
        if len(out) >= goal.count:
            return goal.side, True
        if len(out) + len(standing) < goal.count:
            return goal.otherwise, False
        return None, False
    on = [f for f in standing if f.square in goal.target.squares]
    if (kind == "Reach" or at_limit) and len(on) >= goal.count:
        return goal.side, True
    if len(standing) < goal.count:
        return goal.otherwise, False
    return None, False


def scenario_winner(state: CowboysState, *, at_limit: bool = False) -> tuple[bool, int | None]:
    """``(decided, winner)`` by the scenario's goals, in file order: the first
    met, else the first that can no longer happen and names a winner; at the
    limit the hold goals too, then ``at_limit`` (``winner`` None: a draw)."""
    goals = state.setup.scenario.victory.goals
    lapsed: int | None = None
    for g in goals:
        if type(g).__name__ == "Hold" and not at_limit:
            side, met = _scenario_goal(state, g, False)
            if side is not None and lapsed is None:
                lapsed = side
            continue
        side, met = _scenario_goal(state, g, at_limit)
        if met:
            return True, side
        if side is not None and lapsed is None:
            lapsed = side
    if lapsed is not None:
        return True, lapsed
    if at_limit:
        return True, state.setup.at_limit
    return False, None


def over(state: CowboysState, winner: int | None, how: str) -> None:
    """The game ends: ``winner`` (``None``: a draw) wins by ``how``."""
    state.phase = Phase.OVER
    state.winner = winner
    state.category = how
    state.pending = None
    state.resume = None
    state.answer_queue = ()
    if winner is None:
        state.say("over", f"The game ends in a draw ({how}).")
    else:
        state.say("over", f"{state.side_name(winner)} wins ({how}).", winner)


def check_winner(state: CowboysState) -> None:
    """End the game if a side has met its goals now (CW-T18: checked when
    each action is over)."""
    w = winner_now(state)
    if w is not None:
        goals = ", ".join(g.kind for g in state.setup.sides[w].goals)
        over(state, w, goals)
