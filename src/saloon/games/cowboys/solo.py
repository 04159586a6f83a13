"""The ``solo`` bot: a side played by written rules, for solitaire scenarios.

A solitaire scenario (its ``[solo]`` table, ruling CS-S8) gives one side to
this bot and prints its behaviour in words, as the solo rules of published
skirmish games do, so that the person knows what the other side will do and
could run it by hand beside a physical copy. The rules, in the order the bot
applies them each time its side chooses a figure's action:

1. **Advance.** Each figure with a loaded weapon in hand and no enemy to
   shoot at moves, the lowest number first (cowboys before town folk), on
   foot or riding as he is (he never mounts nor dismounts): to the end of
   his move from which he would have the best shot at an enemy figure (the
   likeliest to hit, then the shortest range), facing that enemy; when no
   end gives him a shot, to the end nearest on foot to the nearest enemy,
   facing him. A figure with nowhere better to go waits.
2. **Shoot.** Then each figure with a shot fires, the lowest number first,
   at the enemy he is likeliest to hit (then the nearest, then the lowest
   number), two shots when his weapon holds two rounds (a shotgun two
   shots of two rolls); a holstered pistol is drawn and fired.
3. **Reload.** Then each figure whose weapon in hand is empty or jammed
   reloads it, when he may.
4. Every other figure waits.

**Sentries** (the ``[solo]`` table's ``alert``, ruling CS-Q3). A scenario
may post the bot's men: then rule 1 moves a man only once he is roused,
that is an enemy figure stands within ``alert`` squares of him (counted as
range is, Shoot) or he has been wounded; a man not roused holds his post,
though he still shoots (rule 2) and reloads (rule 3) there. Being roused is
read afresh each time from the town as it stands, so a person running the
side by hand needs to remember nothing.

Where a rule leaves a choice between equals, the bot's own dice decide (its
seeded generator). It plays no card at any window (a solitaire scenario
deals its side none), directs no town folk, makes the simplest poker draw
(:func:`~saloon.games.cowboys.rules.poker.simple_discards`), and under the
Advanced Rules takes no reaction shot and no step after a shot (``pass``,
``stay``); a drawn cowboy with nothing to do by these rules waits. It
reads only what its side may see (the positions, never the person's hand).

>>> from saloon.games.cowboys import GAME
>>> from saloon.games.cowboys.options import CowboysOptions
>>> GAME.scripted_seats(CowboysOptions(scenario="sundown-at-red-rock"))
{1: 'solo'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from saloon.core.action import Action
from saloon.core.agent import Agent
from saloon.core.errors import OptionError
from saloon.core.game import AgentFactory, Game
from saloon.core.state import State
from saloon.games.cowboys.actions import (
    END,
    PASS,
    STAY,
    Discard,
    Draw,
    Move,
    Reload,
    Shoot,
    Wait,
)
from saloon.games.cowboys.board import XY
from saloon.games.cowboys.geometry import (
    Facing,
    back_shot,
    in_front,
    king_range,
    walking_distances,
)
from saloon.games.cowboys.rules.figures import COWBOY_HEALTH, TOWNFOLK_HEALTH, Figure
from saloon.games.cowboys.rules.phase import Phase
from saloon.games.cowboys.rules.poker import simple_discards
from saloon.games.cowboys.rules.shots import BACK_SHOT, MOUNTED, volley
from saloon.games.cowboys.rules.state import CowboysState

#: The chance of each natural total of two dice, in 36ths.
_WAYS = {t: 6 - abs(t - 7) for t in range(2, 13)}


def hit_chance(needed: int, modifier: int) -> float:
    """The chance that one roll of two dice hits: a natural 12 always, a
    natural 2 never, else the modified total reaching ``needed`` (Cowboys
    rulebook, Shoot).

    >>> round(hit_chance(7, 0), 3), round(hit_chance(13, 0), 3), hit_chance(2, 5)
    (0.583, 0.028, 0.972...)
    """
    ways = sum(w for t, w in _WAYS.items() if t == 12 or (t != 2 and t + modifier >= needed))
    return ways / 36


def _order(f: Figure) -> tuple[int, int]:
    """Cowboys before town folk, each by number."""
    return (0 if f.cowboy else 1, int(f.id[1:]))


class SoloAgent:
    """Plays a side by the written rules of the module docstring."""

    def __init__(self, seed: int | None = None) -> None:
        self.name = "solo"
        self._rng = np.random.default_rng(seed)

    def choose(self, state: State) -> Action:
        assert isinstance(state, CowboysState)
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action: no player is to move")
        if len(legal) == 1:
            return legal[0]
        if state.phase == Phase.SELECT:
            return self._select(state, legal)
        if state.phase == Phase.DRAW:
            return Discard(simple_discards(state, state.active))
        # Every other window: no card, no reaction shot, no step after a
        # shot (ruling CS-S8).
        for quiet in (PASS, STAY):
            if quiet in legal:
                return quiet
        return legal[0]

    # -- the side's turn --------------------------------------------------------------

    def _select(self, st: CowboysState, legal: Sequence[Action]) -> Action:
        by_fig: dict[str, list[Action]] = {}
        for a in legal:
            fig = getattr(a, "fig", None)
            if fig is not None:
                by_fig.setdefault(fig, []).append(a)
        figs = sorted((st.figures[st.index[k]] for k in by_fig), key=_order)
        shots = {f.id: self._best_shot(st, by_fig[f.id]) for f in figs}
        # 1. Advance: a loaded weapon, nobody to shoot at (sentries: roused).
        for f in figs:
            held = f.held()
            if not roused(st, f):
                continue
            if shots[f.id] is None and held is not None and held.ammo > 0 and not held.jammed:
                move = self._advance(st, f, by_fig[f.id])
                if move is not None:
                    return move
        # 2. Shoot.
        for f in figs:
            shot = shots[f.id]
            if shot is not None:
                return shot
        # 3. Reload the weapon in hand.
        for f in figs:
            for a in by_fig[f.id]:
                if isinstance(a, Reload) and a.slot == f.in_hand:
                    return a
        # 4. The others wait: the side's part ends.
        return END if END in legal else next(a for a in legal if isinstance(a, Wait))

    def _enemies(self, st: CowboysState, side: int) -> list[Figure]:
        return [
            g
            for g in st.figures
            if g.side != side and g.side >= 0 and g.standing and g.square is not None
        ]

    def _best_shot(self, st: CowboysState, acts: Sequence[Action]) -> Action | None:
        """Rule 2's shot: the likeliest to hit, then the nearest, then the
        lowest number; two shots where the weapon allows."""
        best: tuple[tuple[float, int, tuple[int, int], int], Action] | None = None
        for a in acts:
            if not isinstance(a, Shoot | Draw):
                continue
            i = st.index[a.fig]
            shots = volley(st, i, a)
            if not shots:
                continue
            target, info = shots[0]
            t = st.figures[st.index[target]] if target in st.index else None
            if t is None:
                continue  # Rule 2 aims at figures, not horses.
            n = a.shots if isinstance(a, Shoot) else 1
            key = (hit_chance(info.needed, info.modifier), -info.range, _neg(_order(t)), n)
            if best is None or key > best[0]:
                best = (key, a)
        return None if best is None else best[1]

    def _advance(self, st: CowboysState, f: Figure, acts: Sequence[Action]) -> Action | None:
        """Rule 1's move: the end with the best shot, else the end nearest
        on foot to the nearest enemy; ``None`` when no end is better than
        where he stands."""
        enemies = self._enemies(st, f.side)
        if not enemies or f.square is None:
            return None
        held = f.held()
        assert held is not None
        riding = f.horse is not None
        moves = [a for a in acts if isinstance(a, Move) and not a.off and a.ride == riding]
        scored: list[tuple[tuple[float, ...], Move]] = []
        for a in moves:
            dest = st.town.square(a.dest)
            shot = _shot_from(st, f, dest, a.facing, enemies)
            if shot is not None:
                scored.append(((1.0, shot[0], -shot[1]), a))
        if not scored:
            near = walking_distances(st.town, frozenset(g.square for g in enemies if g.square))
            here = near.get(f.square, 999)
            for a in moves:
                dest = st.town.square(a.dest)
                d = near.get(dest, 999)
                if d >= here:
                    continue
                target = min(enemies, key=lambda g: (king_range(dest, g.square or dest), _order(g)))
                if target.square is not None and not in_front(a.facing, dest, target.square):
                    continue
                scored.append(((0.0, float(-d)), a))
        if not scored:
            return None
        top = max(k for k, _ in scored)
        best = [a for k, a in scored if k == top]
        return best[int(self._rng.integers(len(best)))]


def alert_of(st: CowboysState) -> int:
    """The scenario's sentries' alert in squares (0: no sentries)."""
    sc = st.setup.scenario
    solo = getattr(sc, "solo", None)
    return int(getattr(solo, "alert", 0) or 0)


def roused(st: CowboysState, f: Figure) -> bool:
    """Whether rule 1 may move ``f``: always, unless the scenario posts
    sentries (``alert``, ruling CS-Q3); then once an enemy figure stands
    within ``alert`` squares of him, or he is wounded."""
    alert = alert_of(st)
    if alert <= 0:
        return True
    if f.health < (COWBOY_HEALTH if f.cowboy else TOWNFOLK_HEALTH):
        return True
    if f.square is None:
        return False
    return any(
        g.square is not None and king_range(f.square, g.square) <= alert
        for g in st.figures
        if g.standing and g.side >= 0 and g.side != f.side
    )


def _neg(key: tuple[int, int]) -> tuple[int, int]:
    return (-key[0], -key[1])


def _shot_from(
    st: CowboysState, f: Figure, square: XY, facing: Facing, enemies: Sequence[Figure]
) -> tuple[float, int] | None:
    """The best chance to hit and its range that ``f`` would have standing
    on ``square`` facing ``facing``, with the town as it stands (Shoot:
    front facing, line of sight, range; the cowboy, back-shot and saddle
    modifiers), or ``None`` if no enemy would be in his sight and range."""
    held = f.held()
    if held is None:
        return None
    best: tuple[float, int] | None = None
    for g in enemies:
        assert g.square is not None
        rng = king_range(square, g.square)
        needed = st.chart.needed(held.weapon, rng)
        if rng < 1 or needed is None or not in_front(facing, square, g.square):
            continue
        if st.sight_line(square, g.square) is None:
            continue
        mod = f.modifier + (BACK_SHOT if back_shot(g.facing, g.square, square) else 0)
        if f.horse is not None:
            mod += MOUNTED[held.weapon]
        got = (hit_chance(needed, mod), -rng)
        if best is None or got > best:
            best = got
    return None if best is None else (best[0], -best[1])


def _solo(game: Game, seed: int | None, params: Mapping[str, str]) -> Agent:
    if params:
        raise OptionError(f"solo takes no parameters, not {', '.join(sorted(params))}")
    return SoloAgent(seed)


AGENTS: dict[str, AgentFactory] = {"solo": _solo}

__all__ = ["AGENTS", "SoloAgent", "alert_of", "hit_chance", "roused"]
