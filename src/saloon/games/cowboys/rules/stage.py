"""The stagecoach on the move: Saloon's ``stage_run`` scenario rule (ruling CS-Q1).

The Cowboys rulebook has a stagecoach counter (Game Components, "Other Game
Counters") that blocks line of sight like horses and cattle (Line of Sight)
and that figures may move through and share a square with (Movement), but
no rule moves it: a scenario that wants the stage to roll through town says
so itself. Saloon's rule, read from the scenario's ``stage_run`` table
(:mod:`saloon.games.cowboys.scenario`): at the end of every turn but the
last, the stage is stopped for good once none of its drivers is standing or
a standing figure of a side that stops it (by default every side but the
drivers') stands on its square or beside it (sharing a side); otherwise it
rolls ``steps`` squares on along its road, taking with it the figure on
foot standing on its square (the man on the box) and any loot square under
it, and halting for the turn short of a square where a figure, a horse or
cattle stands. From the road's last square (on the town's edge) it leaves
the town, with its rider and its loot. A driver on its square holds the
reins: he may take no move action while it rolls (he may still shoot).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from saloon.games.cowboys.board import XY
from saloon.games.cowboys.rules.figures import Figure

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState


def _beside(a: XY, b: XY) -> bool:
    """On the same square, or sharing a side."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) <= 1


def at_the_reins(state: CowboysState, f: Figure) -> bool:
    """Whether ``f`` drives the stage while it rolls: a driver on its square
    may take no move action until it is stopped (he may still shoot)."""
    run = state.setup.stage_run
    return (
        run is not None
        and not state.stage_halted
        and state.stage is not None
        and f.id in run.drivers
        and f.square == state.stage
    )


def stopped_by(state: CowboysState) -> str | None:
    """Why the stage stops for good now, in words, or ``None``."""
    run = state.setup.stage_run
    at = state.stage
    if run is None or at is None:
        return None
    drivers = [state.figures[state.index[d]] for d in run.drivers if d in state.index]
    if not any(f.standing for f in drivers):
        return "its driver is down" if len(drivers) == 1 else "its drivers are down"
    for f in state.figures:
        if f.standing and f.side in run.stoppers and f.square and _beside(f.square, at):
            return f"{f.name or f.short} stands at its team's heads"
    return None


def end_of_turn(state: CowboysState) -> None:
    """The stage stops for good, or rolls on, or leaves the town (the
    module's docstring)."""
    run = state.setup.stage_run
    if run is None or state.stage is None or state.stage_halted:
        return
    why = stopped_by(state)
    if why is not None:
        state.stage_halted = True
        state.say("stage", f"The stagecoach is stopped: {why}.")
        return
    route = [state.town.square(r) for r in run.route]
    moved = 0
    while moved < run.steps and state.stage is not None:
        here = state.stage
        leg = route.index(here)
        if leg + 1 >= len(route):
            _leave(state, here)
            return
        ahead = route[leg + 1]
        if _blocked(state, ahead):
            break
        _roll(state, here, ahead)
        moved += 1
    if moved:
        state.say("stage", f"The stagecoach rolls on to {state.ref(state.stage)}.")
    else:
        state.say("stage", "The stagecoach cannot get by and waits.")


def _blocked(state: CowboysState, sq: XY) -> bool:
    if any(f.standing and f.square == sq for f in state.figures):
        return True
    if any(h.alive and h.square == sq for h in state.horses):
        return True
    return sq in state.obstacles


def _rider(state: CowboysState, sq: XY) -> int | None:
    for i, f in enumerate(state.figures):
        if f.standing and f.square == sq and f.horse is None:
            return i
    return None


def _roll(state: CowboysState, here: XY, ahead: XY) -> None:
    rider = _rider(state, here)
    state.obstacles = (state.obstacles - {here}) | {ahead}
    if here in state.loot_squares:
        state.loot_squares = (state.loot_squares - {here}) | {ahead}
    if rider is not None:
        state.figures[rider] = replace(state.figures[rider], square=ahead)
    state.stage = ahead
    state._cache.clear()


def _leave(state: CowboysState, here: XY) -> None:
    rider = _rider(state, here)
    state.obstacles = state.obstacles - {here}
    carried = here in state.loot_squares
    state.loot_squares = state.loot_squares - {here}
    text = "The stagecoach leaves the town"
    if rider is not None:
        f = state.figures[rider]
        state.figures[rider] = replace(f, square=None)
        text += f" with {f.name or f.short} on the box"
    if carried:
        text += ", and the loot goes with it"
    state.stage = None
    state.stage_halted = True
    state._cache.clear()
    state.say("stage", text + ".")
