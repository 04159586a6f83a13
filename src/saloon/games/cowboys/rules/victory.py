"""Who has won: a scenario's victory conditions, checked after every action.

Cowboys rulebook, Scenarios: each scenario says how it is won; the engine
reads the goals of :class:`saloon.games.cowboys.rules.setup.Goal`
(eliminate, escape with or without loot, reach, hold) and the side that
wins when the turns run out (rulings CS-V1..V8). :func:`check_winner` ends
the game when an action leaves a side with its goals met (CW-T18);
:func:`over` ends it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from saloon.games.cowboys.rules.figures import Figure
from saloon.games.cowboys.rules.phase import Phase
from saloon.games.cowboys.rules.setup import Goal
from saloon.games.cowboys.words import listing, number_word

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


@dataclass(frozen=True)
class Decision:
    """How a game was decided: the winner (``None``: a draw), the goal
    that decided it (a scenario's or a setup's; ``None`` at the turn limit
    with no goal met), and whether that goal was met or could no longer
    happen (its ``otherwise`` side wins)."""

    winner: int | None
    goal: Any = None
    met: bool = True


def winner_now(state: CowboysState) -> int | None:
    """The side that has won, the acting side's goals checked first."""
    d = decided_now(state)
    return None if d is None else d.winner


def decided_now(state: CowboysState) -> Decision | None:
    """How the game is decided now, if it is (the acting side's goals
    checked first; a scenario's in the order of its file, CS-V8)."""
    if state.setup.scenario is not None:
        return scenario_decision(state)
    n = state.num_players
    for k in range(n):
        side = (state.active + k) % n
        for g in state.setup.sides[side].goals:
            if goal_met(state, side, g):
                return Decision(side, g)
    return None


def winner_at_limit(state: CowboysState) -> int | None:
    """When the last turn ends: a side meeting a hold goal (or any goal),
    else the scenario's ``at_limit`` side, else nobody (a draw; CS-V7, CS-V8)."""
    return decided_at_limit(state).winner


def decided_at_limit(state: CowboysState) -> Decision:
    """How the game is decided when the last turn ends (CS-V7, CS-V8)."""
    if state.setup.scenario is not None:
        got = scenario_decision(state, at_limit=True)
        assert got is not None
        return got
    for side in range(state.num_players):
        for g in state.setup.sides[side].goals:
            if goal_met(state, side, g, at_limit=True):
                return Decision(side, g)
    return Decision(state.setup.at_limit)


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
        if goal.loot and _loot_gone(state, standing):
            return goal.otherwise, False
        return None, False
    on = [f for f in standing if f.square in goal.target.squares]
    if (kind == "Reach" or at_limit) and len(on) >= goal.count:
        return goal.side, True
    if len(standing) < goal.count:
        return goal.otherwise, False
    return None, False


def _loot_gone(state: CowboysState, standing: list[Figure]) -> bool:
    """No loot is left in the town: no loot square (the last has left on
    the stagecoach, ruling CS-Q1), no loot on the ground, and no standing
    figure (of ``standing`` or any other) carries any."""
    if state.loot_squares or any(d.held is None for d in state.ground):
        return False
    return not any(f.loot for f in standing) and not any(
        f.loot and f.standing for f in state.figures
    )


def scenario_winner(state: CowboysState, *, at_limit: bool = False) -> tuple[bool, int | None]:
    """``(decided, winner)`` by the scenario's goals, in file order: the first
    met, else the first that can no longer happen and names a winner; at the
    limit the hold goals too, then ``at_limit`` (``winner`` None: a draw)."""
    d = scenario_decision(state, at_limit=at_limit)
    return (False, None) if d is None else (True, d.winner)


def scenario_decision(state: CowboysState, *, at_limit: bool = False) -> Decision | None:
    """:func:`scenario_winner` with the goal that decided it (CS-V8)."""
    goals = state.setup.scenario.victory.goals
    lapsed: Decision | None = None
    for g in goals:
        if type(g).__name__ == "Hold" and not at_limit:
            side, met = _scenario_goal(state, g, False)
            if side is not None and lapsed is None:
                lapsed = Decision(side, g, met=False)
            continue
        side, met = _scenario_goal(state, g, at_limit)
        if met:
            return Decision(side, g)
        if side is not None and lapsed is None:
            lapsed = Decision(side, g, met=False)
    if lapsed is not None:
        return lapsed
    if at_limit:
        return Decision(state.setup.at_limit)
    return None


#: How a game may end (the result's category, ruling CW-W2): the goal met
#: (eliminated, escaped, reached, held at the limit), the goal the other
#: side can no longer meet, or the turn limit with no goal met.
CATEGORIES = ("eliminated", "escaped", "reached", "held", "goal lost", "turn limit")


def over(state: CowboysState, winner: int | None, how: str, text: str) -> None:
    """The game ends: ``winner`` (``None``: a draw) wins; ``how`` is the
    result's category (one of :data:`CATEGORIES`), ``text`` the ending in a
    sentence that names the way it was decided (:func:`ending`;
    :attr:`saloon.core.state.Result.text`), also the log's last line. There
    is no ending without both (ruling CW-X2): the goals a scenario file
    leaves out of its sides are never read for them."""
    assert how in CATEGORIES and text, (how, text)
    state.phase = Phase.OVER
    state.winner = winner
    state.category = how
    state.pending = None
    state.resume = None
    state.answer_queue = ()
    state.ending = text.rstrip(".") + "."
    state.say("over", state.ending, winner)


def end_by(state: CowboysState, d: Decision, *, at_limit: bool = False) -> None:
    """End the game as ``d`` decides it, in words (:func:`ending`)."""
    how, text = ending(state, d, at_limit=at_limit)
    over(state, d.winner, how, text)


def check_winner(state: CowboysState) -> None:
    """End the game if a side has met its goals now (CW-T18: checked when
    each action is over)."""
    d = decided_now(state)
    if d is not None:
        end_by(state, d)


# -- the ending in words ---------------------------------------------------------------


def ending(state: CowboysState, d: Decision, *, at_limit: bool = False) -> tuple[str, str]:
    """The result's category and the ending in a sentence: who won, and
    how (the goal met, the goal the other side can no longer meet, or the
    turn limit with who still stands), on which turn (ruling CW-W2).

    The categories: ``eliminated``, ``escaped``, ``reached``, ``held``,
    ``goal lost`` (the goal that can no longer happen) and ``turn limit``."""
    turn = f"on turn {state.turn}"
    if d.goal is None:
        return "turn limit", _at_limit(state, d.winner)
    kind = _kind(d.goal)
    win = _wins(state, d.winner)
    if not d.met:
        side = _side_of(state, d.goal)
        return "goal lost", f"{win}: {_lost(state, side, d.goal)} {turn}"
    if kind == "eliminate":
        return "eliminated", f"{win}: {_eliminated(state, d.winner, d.goal)} {turn}"
    if kind == "escape":
        return "escaped", f"{win}: {_escaped(state, d.winner, d.goal)} {turn}"
    if kind == "reach":
        return "reached", f"{win}: {_reached(state, d.winner, d.goal)} {turn}"
    return "held", (
        f"{win}: {_reached(state, d.winner, d.goal)} when the last turn ({state.turn}) ends"
    )


#: The town's edges in words.
EDGE_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _wins(state: CowboysState, side: int | None) -> str:
    if side is None:
        return "A draw"
    return f"{state.the(side, True)} {state.agree(side, 'wins', 'win')}"


def _kind(goal: Any) -> str:
    """A goal's kind, a scenario's (``Escape``) or a setup's (``escape``)."""
    kind = getattr(goal, "kind", None)
    return kind if isinstance(kind, str) else type(goal).__name__.lower()


def _side_of(state: CowboysState, goal: Any) -> int | None:
    side = getattr(goal, "side", None)
    if isinstance(side, int):
        return side
    for s in range(state.num_players):
        if goal in state.setup.sides[s].goals:
            return s
    return None


def _who(state: CowboysState, figs: list[Figure]) -> str:
    """``Bob Dalton and Grat Dalton``: figures by their names."""
    return listing([f.name or f.short for f in figs])


def _eliminated(state: CowboysState, winner: int | None, goal: Any) -> str:
    """``Tutt is down``, ``every cowboy of the Cowboys is down or gone``."""
    # A scenario's goal counts town folk when it says so; a setup's always.
    townfolk = bool(getattr(goal, "townfolk", True))
    losers = [s for s in range(state.num_players) if s != winner]
    counted = [f for f in state.figures if f.side in losers and (f.cowboy or townfolk)]
    gone = any(f.gone for f in counted)
    state_words = "down or gone from the town" if gone else "down"
    alone = [s for s in losers if sum(f.side == s for f in state.figures) == 1]
    if len(alone) == len(losers):
        names = [state.the(s) for s in losers]
        if len(counted) == 1:
            f = counted[0]
            return f"{names[0]} {'has left the town' if f.gone else 'is down'}"
        return f"{listing(names)} are {state_words}"
    whom = "figure" if townfolk else "cowboy"
    return f"every {whom} of {listing([state.the(s) for s in losers])} is {state_words}"


def _escaped(state: CowboysState, winner: int | None, goal: Any) -> str:
    """``Bob Dalton and Emmett Dalton have left the town across the S edge
    with the loot``."""
    listed = (
        _listed(state, goal)
        if hasattr(goal, "figures")
        else [f for f in state.figures if f.side == winner]
    )
    out = [f for f in listed if f.gone and (f.loot or not goal.loot)]
    edges = getattr(goal, "edges", None) or state.setup.exits
    names = [EDGE_WORDS.get(e, e) for e in edges]
    edge = f" across the {listing(names, 'or')} edge" if edges else ""
    loot = " with the loot" if goal.loot else ""
    verb = "has" if len(out) == 1 else "have"
    return f"{_who(state, out)} {verb} left the town{edge}{loot}"


def _reached(state: CowboysState, winner: int | None, goal: Any) -> str:
    """``Tom Riggs stands in the Jail``."""
    if hasattr(goal, "target"):
        squares, where = goal.target.squares, goal.target.words
        listed = _listed(state, goal)
    else:
        squares = state.goal_squares(goal)
        where = listing([state.ref(xy) for xy in sorted(squares)], "or")
        listed = [f for f in state.figures if f.side == winner]
    on = [f for f in listed if f.standing and f.square in squares]
    verb = "stands" if len(on) == 1 else "stand"
    return f"{_who(state, on)} {verb} in {where}"


def _lost(state: CowboysState, side: int | None, goal: Any) -> str:
    """``the Daltons can no longer get 2 men out of the town with the loot:
    too few of them are left standing``."""
    who = "the goal" if side is None else state.the(side)
    kind = _kind(goal)
    n = getattr(goal, "count", 1)
    listed = _listed(state, goal) if hasattr(goal, "figures") else []
    if len(listed) == n:
        men = _who(state, listed)
    else:
        men = number_word(n) + (" man" if n == 1 else " men")
    if kind == "escape":
        loot = " with the loot" if goal.loot else ""
        what = f"get {men} out of the town{loot}"
        if goal.loot and hasattr(goal, "figures"):
            standing = [f for f in listed if f.standing]
            if len(standing) >= n and _loot_gone(state, standing):
                return f"{who} can no longer {what} (the loot has left the town)"
    elif kind == "reach":
        what = f"get {men} into {goal.target.words}"
    else:
        what = f"hold {goal.target.words} with {men}"
    return f"{who} can no longer {what} (too few are left to do it)"


def _at_limit(state: CowboysState, winner: int | None) -> str:
    """The turn limit: who the scenario gives it to (or a draw), and who
    still stands on each side."""
    standing = [
        f"{state.the(s)} {sum(f.standing for f in state.figures if f.side == s)}"
        for s in range(state.num_players)
    ]
    stands = f"figures standing: {listing(standing)}"
    end = f"the last turn ({state.setup.turns}) is over with no goal met"
    if winner is None:
        return f"A draw: {end} ({stands})"
    return (
        f"{_wins(state, winner)}: {end}, and the scenario gives the game to "
        f"{state.the(winner)} at the limit ({stands})"
    )
