"""Cowboys' own agent: ``heuristic``, a gunfighter's rules of thumb, no look-ahead.

Every decision of the game (:class:`HeuristicAgent`):

* **which figure acts, and how** (``SELECT``): each of the side's figures
  that may still act gets its best action by a score, and the best of them
  is taken, move actions before shoot actions (Game Turn: once a figure of
  the side has shot, the others may not move). A shot scores the expected
  damage its hits do (the shot chart with every modifier the engine
  applies: range, back shot, red line and open door, mounted, spin, the
  cowboy's modifier), more on the most wounded, the most dangerous and the
  goal's figures, a kill most; two shots when the rounds allow. With
  Variable Damage (Advanced Rules) each hit's damage is the deck's: none
  for a joker or a 2, up to four for an ace, about 1.41 on average; a
  spin and shoot fires two shots with the Advanced Rules, and may go at
  two targets with Rule 5. A move
  scores where it ends: the shots it gives next turn against the shots it
  draws (how many enemies see the square, from what range, cover at the
  target, backs turned: the figure faces the enemy), and the scenario's
  goal (the loot, then an escape edge; the place to reach or hold; for an
  eliminate goal, closing on the enemy). With the Advanced Rules' Move and
  Shoot, a move and shoot scores its shot from the end (at -1 a square
  moved) and the end, so a cowboy out of sight steps into sight and fires;
  a shoot and move scores its shot and the best step of up to two squares
  after it (into cover), which it then takes (``SHOOT_MOVE``). A reload scores high on an empty
  or jammed weapon, less on a low one and less again under threat; a
  figure without a weapon picks one up; a holstered one draws.
* **cards**: Dead Eye when it turns a poor shot into a likely hit, Critical
  Hit when the doubled hits kill (or badly hurt a wounded cowboy), Knock-Down
  on a dangerous figure left standing, a jam or a cancel against a shot
  likely to hurt one of its figures (or a runner leaving the town, or a
  Critical Hit that would kill), a heal on a badly wounded cowboy, a shot
  bonus on a shot that needs it, a lasting bonus (A Good Day for a Killing)
  at the start of a move, its window, on an armed figure early in the game,
  speed loading on a low weapon, Adrenaline on a runner or a move that ends
  in range, Friend in Town on a town folk who can shoot his own side, Card
  Sharp when no other card of the hand is for its own windows; the cards a
  move counted on when it must; ``pass`` otherwise. Each card is weighed
  in its own window (the legal plays hold no other).
* **reaction fire** (the Advanced Rules' ``reaction_fire``): at a window it
  takes the reaction shot worth most (its chance to hit, at -2, times the
  target's value) if that beats what the cowboy's own action is still
  worth this turn (his best shot in his side's part, weighted by
  ``react``; nothing once his side's part is over), and
  passes otherwise. In its own part, it holds a cowboy back (``wait``)
  when the squares around an enemy who moves later this turn are in his
  sight and range, weighted by the reaction shot he would get there
  (``hold``), unless he has a better move or shot now.
* **the Advanced Optional Rules' shots**: fan fire, two pistols and two
  targets score the expected damage of every shot they fire (each at its
  own modifier, the shots at one target added up), so a cowboy fans when
  the rounds he empties at -3 do more than two aimed shots (a close,
  badly wounded or dangerous target); a fist fight scores the chance his
  die wins times the wound it does, less the chance it loses times his own.

It sees only what its side sees (its own hand, the table). The knobs, each
settable in the agent spec (``heuristic:threat=0.8``), are
:class:`Knobs`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from saloon.core.action import Action
from saloon.core.agent import Agent, parse_knobs
from saloon.core.game import AgentFactory, Game
from saloon.core.state import State
from saloon.games.cowboys.actions import (
    END,
    PASS,
    STAY,
    Act,
    Arm,
    Discard,
    Draw,
    Fan,
    Fist,
    Move,
    MoveShoot,
    Pickup,
    Pistols,
    Play,
    React,
    Reload,
    Shoot,
    ShootMove,
    Spin,
    SpinSplit,
    Split,
    Wait,
)
from saloon.games.cowboys.board import XY, Town
from saloon.games.cowboys.cards import Effect, Window
from saloon.games.cowboys.geometry import (
    FACINGS,
    STEPS,
    Facing,
    SightLine,
    king_range,
    sight,
    walking_distances,
)
from saloon.games.cowboys.rules import move_shoot
from saloon.games.cowboys.rules import moves as mv
from saloon.games.cowboys.rules.cup import cowboy_drawn, in_play, town_marker
from saloon.games.cowboys.rules.damage_cards import hits_distribution, mean_hits
from saloon.games.cowboys.rules.figures import COWBOY_HEALTH, Figure, Held
from saloon.games.cowboys.rules.fists import fist_mods
from saloon.games.cowboys.rules.poker import simple_discards
from saloon.games.cowboys.rules.reaction import REACTION, ready, sees
from saloon.games.cowboys.rules.shots import MOUNTED, ShotInfo, shot_info, volley
from saloon.games.cowboys.rules.spin_shots import spin_shots
from saloon.games.cowboys.rules.state import CowboysState, Phase
from saloon.games.cowboys.shotchart import MAX_MODIFIER, ShotChart, Weapon


@dataclass(frozen=True)
class Knobs:
    """The heuristic's weights and thresholds (``heuristic:key=value``).

    ``shot``: the weight of a shot's expected damage now; ``offense``: of the
    shots a square gives next turn; ``threat``: of the shots it draws;
    ``goal``: of a square of progress toward the side's goal (runners,
    figures that must reach or hold a place); ``hunt``: of a square closer
    to the nearest enemy; ``kill``: the bonus of a kill (in wounds);
    ``double_ammo``: the fewest rounds in hand to fire two shots;
    ``reload_low``: a weapon with at most that many rounds is low;
    ``answer``: the expected wounds an enemy shot must threaten for a jam
    or a cancel; ``card_gain``: the least gain (in wounds) for a card in
    one's own turn; ``heal_at``: heal a cowboy at this health or less;
    ``jitter``: random noise added to every score (0: deterministic);
    with Reaction Fire, ``react``: the weight of what a cowboy's own action
    still to come this turn is worth (a reaction shot must be worth more:
    his best shot then, at two shots and no -2), ``hold``: the
    weight of the cover a cowboy held back gives (0: never hold back).
    """

    shot: float = 1.0
    offense: float = 0.35
    threat: float = 0.45
    goal: float = 0.25
    hunt: float = 0.06
    kill: float = 1.5
    double_ammo: int = 2
    reload_low: int = 1
    answer: float = 0.45
    card_gain: float = 0.2
    heal_at: int = 2
    jitter: float = 0.01
    react: float = 0.5
    hold: float = 0.5


def _cowboys(state: State) -> CowboysState:
    if not isinstance(state, CowboysState):
        raise TypeError(f"a Cowboys state is needed, not {type(state).__name__}")
    return state


# -- the shot chart as numbers -------------------------------------------------------


@cache
def _dist(chart: ShotChart, weapon: Weapon, rng: int, mod: int) -> tuple[float, ...]:
    """The chances of 0, 1, 2, ... hits of one shot (floats)."""
    mod = max(-MAX_MODIFIER, min(MAX_MODIFIER, mod))
    return tuple(float(p) for p in chart.shot_distribution(weapon, rng, mod))


@cache
def _dist2(chart: ShotChart, weapon: Weapon, rng: int, mod: int) -> tuple[float, ...]:
    """The chances of 0, 1, 2, ... hits of two shots."""
    one = _dist(chart, weapon, rng, mod)
    out = [0.0] * (2 * len(one) - 1)
    for a, pa in enumerate(one):
        for b, pb in enumerate(one):
            out[a + b] += pa * pb
    return tuple(out)


@cache
def _hits(chart: ShotChart, weapon: Weapon, rng: int, mod: int) -> float:
    """The expected hits of one shot."""
    return _mean(_dist(chart, weapon, rng, mod))


@cache
def _flipped(dist: tuple[float, ...], per_hit: tuple[float, ...]) -> tuple[float, ...]:
    """The chances of 0, 1, 2, ... damage when each of ``dist``'s hits
    flips a card whose damage is distributed as ``per_hit`` (Variable
    Damage; the flips taken as independent draws from the whole deck).

    >>> _flipped((0.5, 0.5), (0.25, 0.75))
    (0.625, 0.375)
    """
    powers: list[tuple[float, ...]] = [(1.0,)]
    for _ in range(1, len(dist)):
        last = powers[-1]
        nxt = [0.0] * (len(last) + len(per_hit) - 1)
        for a, pa in enumerate(last):
            for b, pb in enumerate(per_hit):
                nxt[a + b] += pa * pb
        powers.append(tuple(nxt))
    out = [0.0] * len(powers[-1])
    for k, p in enumerate(dist):
        for d, q in enumerate(powers[k]):
            out[d] += p * q
    return tuple(out)


def _mean(dist: Sequence[float]) -> float:
    return sum(k * p for k, p in enumerate(dist))


def _add(a: Sequence[float], b: Sequence[float]) -> tuple[float, ...]:
    """The hits of two independent shots together, as a distribution."""
    out = [0.0] * (len(a) + len(b) - 1)
    for x, pa in enumerate(a):
        for y, pb in enumerate(b):
            out[x + y] += pa * pb
    return tuple(out)


def _shift(dist: Sequence[float], factor: int) -> tuple[float, ...]:
    """The hits multiplied by ``factor`` (a Critical Hit), as a distribution."""
    out = [0.0] * ((len(dist) - 1) * factor + 1)
    for k, p in enumerate(dist):
        out[k * factor] += p
    return tuple(out)


# -- distances over the town -----------------------------------------------------------


def _edge_squares(town: Town, edges: Iterable[str]) -> frozenset[XY]:
    wanted = [e for e in FACINGS if e in set(edges)]
    return frozenset(xy for xy in town.squares() for e in wanted if mv.outer_edge_open(town, xy, e))


# -- what each side is after ----------------------------------------------------------


@dataclass
class _Plan:
    """A side's aims read from the scenario: who runs for which edges (and
    whether with loot), who must reach or hold which squares, where the loot
    is; and whom the enemy wants out (runners, reachers: shot first)."""

    runners: dict[str, frozenset[XY]]
    loot: bool
    places: dict[str, frozenset[XY]]
    hold: bool
    loot_squares: frozenset[XY]
    wanted: set[str]


def _fid(key: tuple[str, int]) -> str:
    return ("C" if key[0] == "cowboy" else "T") + str(key[1])


def _wanted(state: CowboysState, ids: Sequence[str], loot: bool) -> list[str]:
    """The figures an enemy goal needs: with loot, those carrying it (all
    listed while none does)."""
    if not loot:
        return list(ids)
    carriers = [i for i in ids if i in state.index and state.figures[state.index[i]].loot]
    return carriers or list(ids)


def _plan(state: CowboysState, side: int) -> _Plan:
    got = state._cache.get(("heuristic-plan", side))
    if isinstance(got, _Plan):
        return got
    town = state.town
    runners: dict[str, frozenset[XY]] = {}
    places: dict[str, frozenset[XY]] = {}
    loot = hold = False
    wanted: set[str] = set()
    sc = state.setup.scenario
    if sc is not None:
        for g in sc.victory.goals:
            kind = type(g).__name__
            if kind == "Eliminate":
                continue
            ids = [_fid(k) for k in g.figures]
            if g.side != side:
                wanted.update(_wanted(state, ids, kind == "Escape" and g.loot))
                continue
            if kind == "Escape":
                edges = _edge_squares(town, g.edges)
                for fid in ids:
                    runners[fid] = edges
                loot = loot or g.loot
            else:
                for fid in ids:
                    places[fid] = frozenset(g.target.squares)
                hold = hold or kind == "Hold"
    else:
        for s, sd in enumerate(state.setup.sides):
            for goal in sd.goals:
                if goal.kind == "eliminate":
                    continue
                ids = [f.id for f in state.figures if f.side == s]
                if s != side:
                    wanted.update(_wanted(state, ids, goal.kind == "escape" and goal.loot))
                    continue
                if goal.kind == "escape":
                    edges = _edge_squares(town, state.setup.exits)
                    for fid in ids:
                        runners[fid] = edges
                    loot = loot or goal.loot
                else:
                    for fid in ids:
                        places[fid] = state.goal_squares(goal)
                    hold = hold or goal.kind == "hold"
    locked, door = state.setup.locked
    if (
        not state.unlocked
        and door
        and any(
            fid in state.index and state.figures[state.index[fid]].side == side for fid in locked
        )
    ):
        squares = frozenset(state.locked_squares)
        for f in state.figures:
            if f.side == side and f.id not in locked and f.id not in places:
                places[f.id] = squares
    loot_squares: frozenset[XY] = frozenset()
    if loot:
        ground = {d.square for d in state.ground if d.held is None}
        if state.setup.loot_side == side:
            ground |= state.loot_squares
        loot_squares = frozenset(ground)
    plan = _Plan(runners, loot, places, hold, loot_squares, wanted)
    state._cache[("heuristic-plan", side)] = plan
    return plan


# -- the agent ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Gun:
    """An enemy who can shoot next turn: where, with what, at what modifier."""

    square: XY
    weapon: Weapon
    mod: int
    shots: float
    reach: int


def _sight_after_leaving(
    st: CowboysState, f: Figure, sq: XY
) -> Callable[[XY, XY], SightLine | None]:
    """Lines of sight as the town will stand once ``f`` has stepped from his
    square to ``sq`` on foot (a short step after a shoot and move's shot)."""
    assert f.square is not None
    blockers = (st.blockers() - {f.square}) | {sq}
    if any(h.alive and h.square == f.square for h in st.horses):
        blockers |= {f.square}
    occupied = (st.occupied() - {f.square}) | {sq}

    def line(a: XY, b: XY) -> SightLine | None:
        return sight(st.town, a, b, blockers=blockers, occupied=occupied)

    return line


class HeuristicAgent:
    """Scores every choice by the rules of thumb of the module docstring."""

    def __init__(self, seed: int | None = None, knobs: Knobs | None = None) -> None:
        self.name = "heuristic"
        self.knobs = knobs or Knobs()
        self._rng = np.random.default_rng(seed)

    # -- entry --------------------------------------------------------------------------

    def choose(self, state: State) -> Action:
        st = _cowboys(state)
        legal = st.legal_actions()
        if not legal:
            raise ValueError("no legal action: no player is to move")
        if len(legal) == 1:
            return legal[0]
        ph = st.phase
        if ph == Phase.DRAW:
            return Discard(simple_discards(st, st.active))
        if ph == Phase.SELECT:
            return self._select(st)
        if ph == Phase.ALLY:
            return self._ally(st, legal)
        if ph == Phase.START:
            return self._start(st, legal)
        if ph == Phase.BEFORE_SHOT:
            return self._before_shot(st, legal)
        if ph == Phase.AFTER_HIT:
            return self._after_hit(st, legal)
        if ph == Phase.ANSWER:
            return self._answer(st, legal)
        if ph == Phase.SHOOT_MOVE:
            if st.pending is not None and st.pending.stage == "weapon":
                return self._weapon_change(st, legal)
            return self._shoot_move(st)
        if ph == Phase.REACT:
            return self._react(st, legal)
        return legal[0]  # pragma: no cover

    # -- valuing targets and shots -------------------------------------------------------

    def _danger(self, st: CowboysState, g: Figure) -> float:
        """How much a figure's fall is worth to its enemies."""
        d = 1.0 if g.cowboy else 0.6
        if any(h.ammo > 0 and not h.jammed for h in g.weapons) or (
            g.cowboy and g.weapons and g.side not in st.setup.no_reload
        ):
            d += 0.4 + 0.15 * (g.modifier + g.bonus)
        else:
            d *= 0.5
        if g.loot:
            d += 1.0
        return d

    def _target_value(self, st: CowboysState, side: int, target: str) -> tuple[float, int]:
        """(value of one wound, health) of ``target`` for ``side``."""
        if target[0] == "H":
            h = st.horses[st.horse_index[target]]
            if h.rider is None:
                return 0.0, h.health
            rider = st.figures[h.rider]
            return 0.25 * self._danger(st, rider), h.health
        g = st.figures[st.index[target]]
        if g.side < 0:
            return 0.0, g.health  # a bystander counts for no side
        v = self._danger(st, g)
        if target in _plan(st, side).wanted:
            v += 0.8
        return v, g.health

    def _damage_value(
        self, st: CowboysState, side: int, target: str, dist: Sequence[float]
    ) -> float:
        """The expected worth of a shot's hits: each wound (more on the
        wounded), a kill a bonus."""
        per, health = self._target_value(st, side, target)
        if per <= 0:
            return 0.0
        k = self.knobs
        total = 0.0
        for hits, p in enumerate(dist):
            if hits == 0 or p == 0:
                continue
            dealt = min(hits, health)
            v = per * dealt * (1.0 + 0.25 * (COWBOY_HEALTH - health))
            if hits >= health:
                v += per * k.kill
            total += p * v
        return total

    def _shot_dist(
        self, st: CowboysState, info: ShotInfo, shots: int, extra: int = 0
    ) -> tuple[float, ...]:
        mod = info.modifier + extra
        if shots == 2:
            return self._damage(st, _dist2(st.chart, info.weapon, info.range, mod))
        return self._damage(st, _dist(st.chart, info.weapon, info.range, mod))

    def _damage(self, st: CowboysState, hits: tuple[float, ...]) -> tuple[float, ...]:
        """The chances of 0, 1, 2, ... damage from ``hits``' chances of
        hits: the same, or with Variable Damage a card's damage a hit."""
        if not st.rule("variable_damage"):
            return hits
        return _flipped(hits, hits_distribution(st.deckdef))

    def _per_hit(self, st: CowboysState) -> float:
        """The damage of one hit on average: 1, or the deck's under
        Variable Damage (76/54, about 1.41, for Saloon's deck)."""
        return mean_hits(st.deckdef) if st.rule("variable_damage") else 1.0

    def _shot_value(self, st: CowboysState, i: int, act: Shoot | Draw | Spin) -> float:
        verb = "draw" if isinstance(act, Draw) else "spin" if isinstance(act, Spin) else "shoot"
        shots = act.shots if isinstance(act, Shoot) else 1
        facing = act.facing if isinstance(act, Spin) else None
        info = shot_info(st, i, act.target, verb=verb, facing=facing, shots=shots)
        if info is None:
            return -1.0
        if isinstance(act, Spin):
            shots = spin_shots(st, i, info.slot)  # two with the Advanced Rules
        side = st.figures[i].side
        v = self._damage_value(st, side, act.target, self._shot_dist(st, info, shots))
        f = st.figures[i]
        if f.cowboy:
            h = f.weapon(info.slot)
            left = (h.ammo if h is not None else 0) - shots
            if left <= 0:
                v -= 0.05
        return v * self.knobs.shot

    def _volley_value(
        self, st: CowboysState, i: int, act: Fan | Pistols | Split | SpinSplit
    ) -> float:
        """The shots of an Advanced Optional Rule (fan fire, two pistols, two
        targets; a spin at two targets under the Advanced Rules): the
        expected damage at each target of all the shots at him, each at its
        own modifier (:func:`~.rules.shots.volley`)."""
        shots = volley(st, i, act)
        if not shots:
            return -1.0
        side = st.figures[i].side
        per_target: dict[str, tuple[float, ...]] = {}
        for target, info in shots:
            one = _dist(st.chart, info.weapon, info.range, info.modifier)
            per_target[target] = _add(per_target.get(target, (1.0,)), one)
        v = sum(self._damage_value(st, side, t, self._damage(st, d)) for t, d in per_target.items())
        f = st.figures[i]
        held = f.held()
        if f.cowboy and held is not None and held.ammo - len(shots) <= 0:
            v -= 0.05
        return v * self.knobs.shot

    def _fist_value(self, st: CowboysState, i: int, act: Fist) -> float:
        """A fist fight (Advanced Optional Rule 8): the chance the higher
        die is his times the wound he does, less the chance it is the
        defender's times the wound he takes; a tie does nothing."""
        j = st.index.get(act.target)
        if j is None:
            return -1.0
        m = fist_mods(st, i, j)
        diff = sum(v for _, v in m.attacker) - sum(v for _, v in m.defender)
        win = sum(1 for a in range(1, 7) for b in range(1, 7) if a + diff > b) / 36
        lose = sum(1 for a in range(1, 7) for b in range(1, 7) if a + diff < b) / 36
        f, g = st.figures[i], st.figures[j]
        gain = self._damage_value(st, f.side, g.id, (1 - win, win))
        loss = self._damage_value(st, g.side, f.id, (1 - lose, lose))
        return (gain - loss) * self.knobs.shot

    def _guns(self, st: CowboysState, side: int) -> list[_Gun]:
        """The enemies who could shoot at ``side`` next turn."""
        key = ("heuristic-guns", side)
        got = st._cache.get(key)
        if isinstance(got, list):
            return got
        out: list[_Gun] = []
        for g in st.figures:
            if g.side == side or not g.standing or g.square is None:
                continue
            if g.side < 0:
                continue  # bystanders never act on their own
            best: Held | None = None
            for h in g.weapons:
                if h.jammed or (g.cowboy and h.ammo == 0):
                    continue
                if best is None or h.slot == g.in_hand:
                    best = h
            shots = 1.0
            if best is None:
                reloadable = g.cowboy and g.side not in st.setup.no_reload
                if not (g.weapons and reloadable):
                    continue
                best = g.weapons[0]
                shots = 0.4
            elif not g.cowboy or best.ammo >= 2:
                shots = 1.6
            mod = g.modifier + g.bonus
            if g.horse is not None:
                mod += MOUNTED[best.weapon]
            out.append(_Gun(g.square, best.weapon, mod, shots, st.chart.max_range(best.weapon)))
        st._cache[key] = out
        return out

    def _targets_of(self, st: CowboysState, side: int) -> list[tuple[str, XY, Facing]]:
        """The enemy figures ``side`` would shoot at (not bystanders, not horses)."""
        key = ("heuristic-targets", side)
        got = st._cache.get(key)
        if isinstance(got, list):
            return got
        out = [
            (g.id, g.square, g.facing)
            for g in st.figures
            if g.side != side and g.side >= 0 and g.standing and g.square is not None
        ]
        st._cache[key] = out
        return out

    def _my_weapon(self, f: Figure) -> tuple[Weapon | None, float]:
        """The weapon a figure would fire next turn and how much it counts."""
        held = f.held()
        if held is not None and not held.jammed and (held.ammo > 0 or not f.cowboy):
            return held.weapon, 1.0
        for h in f.weapons:
            if not h.jammed and (h.ammo > 0 or not f.cowboy):
                return h.weapon, 0.8
        if f.weapons and f.cowboy:
            return f.weapons[0].weapon, 0.4
        return None, 0.0

    def _square_scores(
        self, st: CowboysState, f: Figure, sq: XY, mounted: bool, leaving: bool = False
    ) -> dict[Facing, float]:
        """What ending a move on ``sq`` (facing each way) is worth to ``f``:
        the shots it gives next turn against the shots it draws, and the goal.
        ``leaving``: the lines of sight as they will be once he has left his
        square (it no longer blocks them, nor holds a door open)."""
        k = self.knobs
        sight_line: Callable[[XY, XY], SightLine | None] = st.sight_line
        if leaving and f.square is not None and sq != f.square:
            sight_line = _sight_after_leaving(st, f, sq)
        chart = st.chart
        side = f.side
        threat = {fc: 0.0 for fc in FACINGS}
        cover_val = 1.0 + 0.25 * (COWBOY_HEALTH - f.health) if f.cowboy else 0.8
        per_hit = self._per_hit(st)
        for gun in self._guns(st, side):
            gx, gy = gun.square
            dx, dy = gx - sq[0], gy - sq[1]
            rng = max(abs(dx), abs(dy))
            if rng < 1 or rng > gun.reach:
                continue
            line = sight_line(gun.square, sq)
            if line is None:
                continue
            mod = gun.mod
            if line.red_line_at_target:
                mod -= 1
            if line.open_door_at_target:
                mod -= 1
            front = _hits(chart, gun.weapon, rng, mod) * gun.shots * per_hit
            back = _hits(chart, gun.weapon, rng, mod + 2) * gun.shots * per_hit
            for fc in FACINGS:
                sx, sy = STEPS[fc]
                threat[fc] += front if dx * sx + dy * sy >= 0 else back
        weapon, weight = self._my_weapon(f)
        offense = {fc: 0.0 for fc in FACINGS}
        if weapon is not None:
            mod = f.modifier + f.bonus + (MOUNTED[weapon] if mounted else 0)
            reach = chart.max_range(weapon)
            for tid, tsq, tfacing in self._targets_of(st, side):
                dx, dy = tsq[0] - sq[0], tsq[1] - sq[1]
                rng = max(abs(dx), abs(dy))
                if rng < 1 or rng > reach:
                    continue
                line = sight_line(sq, tsq)
                if line is None:
                    continue
                m = mod
                bx, by = STEPS[tfacing]
                if -dx * bx - dy * by < 0:
                    m += 2  # behind him
                if line.red_line_at_target:
                    m -= 1
                if line.open_door_at_target:
                    m -= 1
                per, health = self._target_value(st, side, tid)
                v = _hits(chart, weapon, rng, m) * per * weight * per_hit
                v *= 1.0 + 0.25 * (COWBOY_HEALTH - health)
                for fc in FACINGS:
                    sx, sy = STEPS[fc]
                    # in front: a shot; behind: a spin (or a turn first)
                    got = v if dx * sx + dy * sy >= 0 else 0.4 * v
                    if got > offense[fc]:
                        offense[fc] = got
        goal = self._goal_score(st, f, sq)
        return {
            fc: k.offense * offense[fc] - k.threat * cover_val * threat[fc] + goal for fc in FACINGS
        }

    def _goal_score(self, st: CowboysState, f: Figure, sq: XY) -> float:
        k = self.knobs
        plan = _plan(st, f.side)
        town = st.town
        if f.id in plan.runners and (f.loot or not plan.loot):
            d = walking_distances(town, plan.runners[f.id]).get(sq, 99)
            return -k.goal * 1.5 * d
        if f.id in plan.runners and plan.loot and plan.loot_squares:
            d = walking_distances(town, plan.loot_squares).get(sq, 99)
            return -k.goal * 1.5 * d
        if f.id in plan.places:
            squares = plan.places[f.id]
            if sq in squares:
                return 2.0 if not plan.hold else 1.5
            d = walking_distances(town, squares).get(sq, 99)
            return -k.goal * (1.5 if not plan.hold else 1.0) * d
        enemies = frozenset(
            g.square
            for g in st.figures
            if g.side != f.side and g.side >= 0 and g.standing and g.square is not None
        )
        if not enemies:
            return 0.0
        wanted = [
            st.figures[st.index[w]].square
            for w in plan.wanted
            if w in st.index and st.figures[st.index[w]].standing
        ]
        near = frozenset(x for x in wanted if x is not None) or enemies
        d = walking_distances(town, near).get(sq, 99)
        return -k.hunt * d * (2.0 if wanted else 1.0)

    # -- choosing a figure's action ----------------------------------------------------

    def _select(self, st: CowboysState) -> Action:
        best: tuple[float, int, Action] | None = None
        side = st.active
        for i, f in enumerate(st.figures):
            if f.side != side or not f.standing or f.actions <= 0:
                continue
            got = self._figure_best(st, i, ally=False)
            if got is None:
                continue
            score, act = got
            # moves before shots: a figure that moves goes first
            kind = 0 if isinstance(act, Wait) else 2 if act.kind == "move" else 1
            if best is None or (kind, score) > (best[1], best[0]):
                best = (score, kind, act)
        if best is None or best[1] == 0:
            return _nothing(st)
        return best[2]

    # -- every choice in order (for a search) ----------------------------------------------

    def ranked(self, state: State) -> list[Action]:
        """Every legal action, the one :meth:`choose` takes first.

        When a figure is chosen (``SELECT``) the rest follow in turns, one
        action of each figure (the figures by their best score), each
        figure's by its score, other facings of a square already listed
        after all the squares; ``end`` comes last. In a card window the
        other choices follow in the game's order. A search (``mcts:top=K``)
        looks at the first few."""
        st = _cowboys(state)
        legal = st.legal_actions()
        if len(legal) <= 1:
            return list(legal)
        if st.phase == Phase.SELECT:
            return self._ranked_select(st)
        first = self.choose(st)
        return [first, *(a for a in legal if a != first)]

    def _ranked_select(self, st: CowboysState) -> list[Action]:
        side = st.active
        lists: list[tuple[float, list[Act]]] = []
        best: tuple[float, int, Action] | None = None
        for i, f in enumerate(st.figures):
            if f.side != side or not f.standing or f.actions <= 0:
                continue
            scored = self._figure_scores(st, i, ally=False)
            if not scored:
                continue
            top_v, top_a = scored[0]
            for v, a in scored:
                if v > top_v:
                    top_v, top_a = v, a
            kind = 0 if isinstance(top_a, Wait) else 2 if top_a.kind == "move" else 1
            if best is None or (kind, top_v) > (best[1], best[0]):
                best = (top_v, kind, top_a)
            order = sorted(range(len(scored)), key=lambda k: -scored[k][0])
            squares: set[tuple[str, bool]] = set()
            head: list[Act] = []
            tail: list[Act] = []
            for k in order:
                a = scored[k][1]
                if isinstance(a, Move):
                    where = (a.dest, a.ride)
                    if where in squares:
                        tail.append(a)
                        continue
                    squares.add(where)
                head.append(a)
            lists.append((top_v, head + tail))
        first: Action = _nothing(st) if best is None or best[1] == 0 else best[2]
        out: list[Action] = [first]
        lists.sort(key=lambda x: -x[0])
        for r in range(max((len(acts) for _, acts in lists), default=0)):
            out.extend(acts[r] for _, acts in lists if r < len(acts) and acts[r] != first)
        if first != END and not cowboy_drawn(st):
            out.append(END)
        return out

    def _figure_best(self, st: CowboysState, i: int, ally: bool) -> tuple[float, Act] | None:
        """The best action of figure ``i`` and its gain over waiting."""
        best: tuple[float, Act] | None = None
        for v, a in self._figure_scores(st, i, ally):
            if best is None or v > best[0]:
                best = (v, a)
        return best

    def _figure_scores(self, st: CowboysState, i: int, ally: bool) -> list[tuple[float, Act]]:
        """Each action of figure ``i`` with its gain over waiting."""
        f = st.figures[i]
        assert f.square is not None
        k = self.knobs
        acts = st.figure_actions(i, ally)
        here = self._square_scores(st, f, f.square, f.horse is not None)
        stay = here[f.facing]
        out: list[tuple[float, Act]] = []
        scores: dict[tuple[XY, bool], dict[Facing, float]] = {(f.square, f.horse is not None): here}
        plan = _plan(st, f.side)
        opts = st.move_options(i, ally) if any(isinstance(a, Move) for a in acts) else None
        run_cost = 0.3
        step: float | None = None

        def end_scores(dest: str, ride: bool) -> tuple[tuple[XY, bool], dict[Facing, float]]:
            """Where a move ends, and what it is worth facing each way."""
            xy = st.square_of(dest)
            assert xy is not None
            key = (xy, ride)
            sc = scores.get(key)
            if sc is None:
                sc = scores[key] = self._square_scores(st, f, xy, ride)
            return key, sc

        # the noise for every action at once (the same numbers as one by one)
        noise = self._rng.uniform(0, k.jitter, len(acts)).tolist() if k.jitter else None
        for j, a in enumerate(acts):
            if isinstance(a, Move) and not a.off:  # the most of them, first
                key, sc = end_scores(a.dest, a.ride)
                v = sc[a.facing] - stay
                if opts is not None and key not in opts.ends:
                    v -= run_cost  # it takes a Run card
            elif isinstance(a, Wait):
                v = self._hold_value(st, f) if st.rule("reaction_fire") else 0.0
            elif isinstance(a, MoveShoot):
                # Advanced Rules, Move and Shoot: the shot from the end, and the end.
                sc = end_scores(a.dest, a.ride)[1]
                v = self._move_shot_value(st, i, a) + sc[a.facing] - stay
            elif isinstance(a, ShootMove):
                # Shoot and Move: the shot, then the best step of up to two squares.
                if step is None:
                    step = self._best_step(st, i, {}, stay)[0]
                v = self._shot_value(st, i, Shoot(a.fig, a.target, 1)) + step
            elif isinstance(a, (Shoot, Draw, Spin)):
                v = self._shot_value(st, i, a)
                if isinstance(a, Spin):
                    v += here[a.facing] - stay
            elif isinstance(a, SpinSplit):
                v = self._volley_value(st, i, a) + here[a.facing] - stay
                if isinstance(a, Shoot) and a.shots == 2:
                    held = f.held()
                    if f.cowboy and held is not None and held.ammo - 2 < k.double_ammo - 2:
                        v -= 0.1
            elif isinstance(a, (Fan, Pistols, Split)):
                v = self._volley_value(st, i, a)
            elif isinstance(a, Fist):
                v = self._fist_value(st, i, a)
            elif isinstance(a, Reload):
                v = self._reload_value(st, f, a.slot, stay)
            elif isinstance(a, Move):  # leaving the town (the others are above)
                v = self._leave_value(st, f, plan)
            elif isinstance(a, Pickup):
                v = self._pickup_value(st, f, a.item, plan)
            elif isinstance(a, Arm):
                v = self._arm_value(st, f, a.slot)
            else:  # pragma: no cover
                v = -1.0
            if noise is not None:
                v += noise[j]
            out.append((v, a))
        return out

    def _move_shot_value(self, st: CowboysState, i: int, act: MoveShoot) -> float:
        """A move and shoot's shot: its expected damage from the end, at -1
        a square moved (the engine's plan of it), less a last round's cost."""
        info = move_shoot.plans(st, i).get(act)
        if info is None:
            return -1.0
        f = st.figures[i]
        v = self._damage_value(st, f.side, act.target, self._shot_dist(st, info, 1))
        h = f.weapon(info.slot)
        if h is not None and h.ammo <= 1:
            v -= 0.05
        return v * self.knobs.shot

    def _best_step(
        self,
        st: CowboysState,
        i: int,
        scores: dict[tuple[XY, bool], dict[Facing, float]],
        stay: float,
    ) -> tuple[float, Action]:
        """The best move of up to two squares after a shoot and move's shot
        (the gain over staying, ``stay`` if none gains), by where it ends."""
        f = st.figures[i]
        best: tuple[float, Action] = (0.0, STAY)
        for a in move_shoot.after_moves(st, i):
            xy = st.square_of(a.dest)
            assert xy is not None
            key = (xy, a.ride)
            sc = scores.get(key)
            if sc is None:
                sc = scores[key] = self._square_scores(st, f, xy, a.ride, leaving=True)
            v = sc[a.facing] - stay
            if v > best[0]:
                best = (v, a)
        return best

    def _shoot_move(self, st: CowboysState) -> Action:
        """Shoot and Move: where the cowboy steps after his shot (or stays)."""
        p = st.pending
        assert p is not None
        i = st.index[p.act.fig]
        f = st.figures[i]
        assert f.square is not None
        here = self._square_scores(st, f, f.square, f.horse is not None)
        return self._best_step(st, i, {}, here[f.facing])[1]

    def _weapon_change(self, st: CowboysState, legal: Sequence[Action]) -> Action:
        """Weapons changed within a move (the other reading, CW-O2): pick up
        a loaded weapon, or take one in hand when the one held cannot fire;
        else keep them."""
        p = st.pending
        assert p is not None
        f = st.figures[st.index[p.act.fig]]
        held = f.held()
        dry = held is None or held.jammed or (f.cowboy and held.ammo == 0)
        for a in legal:
            if isinstance(a, Pickup) and a.item != "loot":
                return a
        for a in legal:
            h = f.weapon(a.slot) if isinstance(a, Arm) else None
            if dry and h is not None and not h.jammed and h.ammo > 0:
                return a
        return STAY

    # -- reaction fire ------------------------------------------------------------------

    def _react(self, st: CowboysState, legal: Sequence[Action]) -> Action:
        """The reaction shot worth most, if it is worth the cowboy's action
        still to come this turn (Reaction Fire); ``pass`` otherwise."""
        best: tuple[float, Action] = (0.0, PASS)
        for a in legal:
            if not isinstance(a, React):
                continue
            j = st.index[a.fig]
            f = st.figures[j]
            info = shot_info(st, j, a.target, extra=(("reaction fire", REACTION),))
            if info is None:
                continue
            v = self._damage_value(st, f.side, a.target, self._shot_dist(st, info, 1))
            v *= self.knobs.shot
            if _still_to_act(st, f):
                v -= self.knobs.react * self._own_part_value(st, j)
            if v > best[0]:
                best = (v, a)
        return best[1]

    def _own_part_value(self, st: CowboysState, j: int) -> float:
        """What cowboy ``j``'s own action, still to come this turn, is worth
        as the town stands: his best shot then (two shots if his rounds
        allow, no -2) at an enemy other than the mover, or at the mover
        where his move ends if he will see him there."""
        f = st.figures[j]
        held = f.held()
        if held is None or f.square is None:
            return 0.0
        p = st.pending
        mover = p.act.fig if p is not None else ""
        shots = 2 if not f.cowboy or held.ammo >= 2 else 1
        best = 0.0
        for t, _, _ in self._targets_of(st, f.side):
            if t == mover:
                continue
            info = shot_info(st, j, t, shots=shots)
            if info is not None:
                dist = self._shot_dist(st, info, shots)
                best = max(best, self._damage_value(st, f.side, t, dist))
        w = p.walk if p is not None else None
        if w is not None and not w.move.off:
            end = st.square_of(w.move.dest)
            if end is not None and sees(st, f, end):
                rng = king_range(f.square, end)
                mod = f.modifier + f.bonus
                dist = (_dist2 if shots == 2 else _dist)(st.chart, held.weapon, rng, mod)
                best = max(best, self._damage_value(st, f.side, mover, dist))
        return best * self.knobs.shot

    def _hold_value(self, st: CowboysState, f: Figure) -> float:
        """What holding cowboy ``f`` back for a reaction shot is worth: for
        the enemy acting later this turn that he covers best (one with no
        shot now, who must move to get one), the share of the squares
        within that enemy's move that he sees in range, times the reaction
        shot he would get at the enemy's range now."""
        k = self.knobs
        if not k.hold or not ready(st, f) or f.square is None:
            return 0.0
        held = f.held()
        if held is None:
            return 0.0
        town = st.town
        best = 0.0
        mine = [g.id for g in st.figures if g.side == f.side and g.standing]
        for n, e in enumerate(st.figures):
            if e.side == f.side or e.side < 0 or not e.standing or e.square is None:
                continue
            if not _still_to_act(st, e):
                continue
            if any(shot_info(st, n, t) is not None for t in mine):
                continue  # he has a shot now: he is likelier to shoot than to move
            reach = st.chart.max_range(held.weapon)
            rng = max(1, king_range(f.square, e.square))
            if rng > reach + e.movement:
                continue
            r = e.movement
            ex, ey = e.square
            squares = [
                (ex + dx, ey + dy)
                for dx in range(-r, r + 1)
                for dy in range(-(r - abs(dx)), r - abs(dx) + 1)
                if (dx or dy) and town.contains((ex + dx, ey + dy))
            ]
            if not squares:
                continue
            covered = sum(sees(st, f, sq) for sq in squares) / len(squares)
            if not covered:
                continue
            dist = _dist(st.chart, held.weapon, min(rng, reach), f.modifier + f.bonus + REACTION)
            best = max(best, covered * self._damage_value(st, f.side, e.id, dist))
        return k.hold * best

    def _reload_value(self, st: CowboysState, f: Figure, slot: str, stay: float) -> float:
        k = self.knobs
        h = f.weapon(slot)
        if h is None:
            return -1.0
        main = slot == f.in_hand or f.in_hand is None
        loaded_other = any(g.slot != slot and g.ammo > 0 and not g.jammed for g in f.weapons)
        if h.jammed or h.ammo == 0:
            v = 0.8 if main or not loaded_other else 0.3
        elif h.ammo <= k.reload_low:
            v = 0.35 if main else 0.1
        else:
            v = 0.05 * (h.weapon.capacity - h.ammo) / h.weapon.capacity
        # under threat, a reload stands where it is: its cost is the square's threat
        return v + min(0.0, stay) * 0.2

    def _leave_value(self, st: CowboysState, f: Figure, plan: _Plan) -> float:
        if f.id in plan.runners and (f.loot or not plan.loot):
            return 100.0
        return -5.0

    def _pickup_value(self, st: CowboysState, f: Figure, item: str, plan: _Plan) -> float:
        if item == "loot":
            return 3.0 if plan.loot and f.id in plan.runners else 0.2
        usable = [h for h in f.weapons if h.ammo > 0 and not h.jammed]
        if not usable:
            return 2.0
        return 0.15 if item in ("rifle", "shotgun") and len(f.weapons) < 2 else 0.05

    def _arm_value(self, st: CowboysState, f: Figure, slot: str) -> float:
        h = f.weapon(slot)
        held = f.held()
        if h is None or h.jammed or (f.cowboy and h.ammo == 0):
            return -0.5
        if held is None:
            return 0.15
        if held.jammed or (f.cowboy and held.ammo == 0):
            return 0.5
        return -0.2

    # -- a town folk one directs ----------------------------------------------------------

    def _ally(self, st: CowboysState, legal: Sequence[Action]) -> Action:
        best: tuple[float, Action] | None = None
        assert st.ally is not None
        i = st.index[st.ally]
        for a in legal:
            if isinstance(a, (Shoot, Draw, Spin)):
                v = self._shot_value(st, i, a)
            elif isinstance(a, Wait):
                v = 0.0
            else:
                v = -0.1
            if best is None or v > best[0]:
                best = (v, a)
        assert best is not None
        return best[1]

    # -- cards ---------------------------------------------------------------------------

    def _start(self, st: CowboysState, legal: Sequence[Action]) -> Action:
        k = self.knobs
        p = st.pending
        assert p is not None
        side = st.active
        plays = [a for a in legal if isinstance(a, Play)]
        if p.need_run or PASS not in legal:
            return plays[0]
        act = p.act
        i = st.index[act.fig]
        f = st.figures[i]
        plan = _plan(st, side)
        best: tuple[float, Action] = (k.card_gain, PASS)
        for pl in plays:
            card = st.card(pl.card)
            e = card.effect
            v = 0.0
            if e is Effect.HEAL and pl.target:
                g = st.figures[st.index[pl.target]]
                if g.health <= k.heal_at:
                    v = 0.6 + 0.3 * (k.heal_at - g.health) + (0.2 if pl.target == f.id else 0)
            elif e is Effect.LASTING_BONUS and pl.target:
                # A Good Day for a Killing plays at the start of a move
                # (cards.toml; rulebook, Game Cards: "during the movement
                # action"): the legal plays hold only cards of this window.
                v = self._lasting_gain(st, pl.target, f.id, plan)
            elif e is Effect.LOOK_HAND:
                v = self._look_gain(st, side)
            elif e is Effect.ACTION_BONUS and isinstance(act, (Shoot, Draw, Spin)):
                v = self._bonus_gain(st, i, act, card.number("bonus"))
            elif e is Effect.SPEED_LOAD:
                slots = [pl.target] if pl.target else [h.slot for h in f.weapons]
                for slot in slots:
                    h = f.weapon(slot)
                    if h is not None and (h.jammed or h.ammo <= k.reload_low):
                        v = max(v, 0.5 if slot == f.in_hand else 0.25)
            elif e is Effect.DOUBLE_ACTION and isinstance(act, Move):
                if f.id in plan.runners:
                    v = 0.6
                elif self._ends_in_range(st, f, act):
                    v = 0.4
            elif e is Effect.ALLY and pl.target:
                v = self._ally_value(st, side, pl.target)
            if v > best[0]:
                best = (v, pl)
        return best[1]

    def _lasting_gain(self, st: CowboysState, tid: str, mover: str, plan: _Plan) -> float:
        """What a lasting shot bonus (A Good Day for a Killing: +1 for the
        rest of the scenario) on ``tid`` is worth: more the more turns are
        left, for a figure with a weapon who is not running for an edge,
        a little more on a healthy cowboy and on the figure moving now."""
        g = st.figures[st.index[tid]]
        if not g.standing or g.square is None or not g.weapons or tid in plan.runners:
            return 0.0
        turns = max(1, st.setup.turns)
        left = max(0, turns - st.turn + 1) / turns
        v = 0.1 + 0.35 * left + 0.05 * g.health / COWBOY_HEALTH
        if g.cowboy:
            v += 0.05
        if tid == mover:
            v += 0.02
        return v

    def _look_gain(self, st: CowboysState, side: int) -> float:
        """A look at a hand (Card Sharp) tells this bot nothing it uses, so
        it is played only when it costs nothing: when no other card of the
        hand is for the side's own windows (the card of its own part would
        go unused) and an opposing side holds cards it has not seen."""
        for face in st.hands[side]:
            card = st.card(face)
            if card.effect is not Effect.LOOK_HAND and card.window not in (
                Window.OPPONENT_ANNOUNCED,
                Window.NEVER,
            ):
                return 0.0
        unseen = any(set(st.hands[s]) - st.known[side] for s in range(st.num_players) if s != side)
        return self.knobs.card_gain + 0.05 if unseen else 0.0

    def _ends_in_range(self, st: CowboysState, f: Figure, act: Move) -> bool:
        if act.off:
            return False
        xy = st.square_of(act.dest)
        weapon, _ = self._my_weapon(f)
        if xy is None or weapon is None:
            return False
        reach = st.chart.max_range(weapon)
        for _, tsq, _ in self._targets_of(st, f.side):
            if 1 <= max(abs(tsq[0] - xy[0]), abs(tsq[1] - xy[1])) <= reach:
                return True
        return False

    def _ally_value(self, st: CowboysState, side: int, tid: str) -> float:
        g = st.figures[st.index[tid]]
        held = g.held()
        if g.square is None or held is None or held.jammed:
            return 0.0
        reach = st.chart.max_range(held.weapon)
        best = 0.0
        for h in st.figures:
            if h.side != g.side or h.side == side or not h.standing or h.square is None:
                continue
            if h.id == g.id:
                continue
            rng = max(abs(h.square[0] - g.square[0]), abs(h.square[1] - g.square[1]))
            if 1 <= rng <= reach and st.sight_line(g.square, h.square) is not None:
                best = max(best, 0.4 * _mean(_dist(st.chart, held.weapon, rng, 0)) + 0.2)
        return best

    def _bonus_gain(self, st: CowboysState, i: int, act: Shoot | Draw | Spin, bonus: int) -> float:
        verb = "draw" if isinstance(act, Draw) else "spin" if isinstance(act, Spin) else "shoot"
        shots = act.shots if isinstance(act, Shoot) else 1
        facing = act.facing if isinstance(act, Spin) else None
        info = shot_info(st, i, act.target, verb=verb, facing=facing, shots=shots)
        if info is None:
            return 0.0
        if isinstance(act, Spin):
            shots = spin_shots(st, i, info.slot)
        side = st.figures[i].side
        before = self._damage_value(st, side, act.target, self._shot_dist(st, info, shots))
        after = self._damage_value(
            st, side, act.target, self._shot_dist(st, info, shots, extra=bonus)
        )
        return after - before

    def _before_shot(self, st: CowboysState, legal: Sequence[Action]) -> Action:
        k = self.knobs
        p = st.pending
        assert p is not None and p.info is not None and p.target_id is not None
        side = st.active
        extra = p.action_bonus + p.shot_bonus
        base = self._damage(
            st, _dist(st.chart, p.info.weapon, p.info.range, p.info.modifier + extra)
        )
        now = self._damage_value(st, side, p.target_id, base)
        best: tuple[float, Action] = (k.card_gain, PASS)
        for a in legal:
            if not isinstance(a, Play):
                continue
            card = st.card(a.card)
            if card.effect is Effect.SHOT_BONUS:
                b = card.number("bonus")
                d = self._damage(
                    st, _dist(st.chart, p.info.weapon, p.info.range, p.info.modifier + extra + b)
                )
                gain = self._damage_value(st, side, p.target_id, d) - now
                if gain > best[0]:
                    best = (gain, a)
        return best[1]

    def _after_hit(self, st: CowboysState, legal: Sequence[Action]) -> Action:
        p = st.pending
        assert p is not None and p.target_id is not None
        t = p.target_id
        hits = p.hits * p.factor
        health = (
            st.horses[st.horse_index[t]].health if t[0] == "H" else st.figures[st.index[t]].health
        )
        best: tuple[float, Action] = (0.0, PASS)
        for a in legal:
            if not isinstance(a, Play):
                continue
            card = st.card(a.card)
            v = 0.0
            if card.effect is Effect.DAMAGE_MULTIPLIER and t[0] != "H":
                more = hits * card.number("factor")
                if hits < health <= more:
                    v = 2.0  # it kills
                elif hits < health and health - hits <= 2 and more > hits:
                    v = 0.3
            elif card.effect is Effect.KNOCK_DOWN and t[0] != "H" and hits < health:
                g = st.figures[st.index[t]]
                v = 0.25 * self._danger(st, g) + (0.5 if g.horse is not None else 0.0)
                if t in _plan(st, g.side).runners or t in _plan(st, g.side).places:
                    v += 0.5
            if v > best[0]:
                best = (v, a)
        return best[1]

    def _answer(self, st: CowboysState, legal: Sequence[Action]) -> Action:
        k = self.knobs
        side = st.answer_queue[0]
        p = st.pending
        plays = [a for a in legal if isinstance(a, Play)]
        if p is None or not plays:
            return PASS
        act = p.act
        i = st.index[act.fig]
        f = st.figures[i]
        threat = 0.0
        if st.answering == "fire" and isinstance(act, (MoveShoot, ShootMove)):
            info = (
                move_shoot.plans(st, i).get(act)
                if isinstance(act, MoveShoot)
                else shot_info(st, i, act.target)
            )
            t = act.target
            if info is not None and t in st.index and st.figures[st.index[t]].side == side:
                threat = _mean(self._shot_dist(st, info, 1))
        elif st.answering == "fire" and isinstance(act, (Shoot, Draw, Spin)):
            t = act.target
            mine = (t in st.index and st.figures[st.index[t]].side == side) or (
                t[0] == "H"
                and (r := st.horses[st.horse_index[t]].rider) is not None
                and st.figures[r].side == side
            )
            if mine:
                verb = (
                    "draw"
                    if isinstance(act, Draw)
                    else "spin"
                    if isinstance(act, Spin)
                    else "shoot"
                )
                shots = act.shots if isinstance(act, Shoot) else 1
                facing = act.facing if isinstance(act, Spin) else None
                info = shot_info(st, i, t, verb=verb, facing=facing, shots=shots)
                if info is not None:
                    if isinstance(act, Spin):
                        shots = spin_shots(st, i, info.slot)
                    dist = self._shot_dist(st, info, shots)
                    threat = _mean(dist) * (0.5 if t[0] == "H" else 1.0)
                    if t[0] != "T" and t[0] != "H":
                        g = st.figures[st.index[t]]
                        if sum(dist[g.health :]) > 0.2:
                            threat += 0.3
        elif st.answering == "move" and isinstance(act, Move):
            plan = _plan(st, f.side)
            if act.off and f.id in plan.runners and (f.loot or not plan.loot):
                threat = 5.0
            elif not act.off and f.id in plan.places:
                xy = st.square_of(act.dest)
                if xy in plan.places[f.id] and not plan.hold:
                    threat = 5.0
        elif st.answering == "card" and p.card is not None:
            card = st.card(p.card)
            aim = p.target_id
            if card.effect is Effect.DAMAGE_MULTIPLIER and aim is not None and aim in st.index:
                g = st.figures[st.index[aim]]
                if g.side == side and p.hits < g.health <= p.hits * card.number("factor"):
                    threat = 5.0
            elif card.effect is Effect.RUN and isinstance(act, Move) and act.off:
                threat = 5.0
            elif (
                card.effect is Effect.SHOT_BONUS
                and aim is not None
                and aim in st.index
                and st.figures[st.index[aim]].side == side
            ):
                threat = 0.3
        if threat < k.answer:
            return PASS

        # the cheapest card that answers: a jam before a cancel of anything
        def rank(a: Play) -> int:
            e = st.card(a.card).effect
            return 0 if e is Effect.JAM else 1

        return min(plays, key=rank)


def _nothing(st: CowboysState) -> Action:
    """Doing nothing more: ``end``, or the drawn cowboy's ``wait`` when the
    activation cup has drawn one (Advanced Rules, Player Turn Sequence)."""
    if cowboy_drawn(st) and st.drawn is not None:
        return Wait(st.drawn)
    return END


def _still_to_act(st: CowboysState, f: Figure) -> bool:
    """Whether figure ``f`` has his own action still to come this turn: his
    side's part is still to come, or with the activation cup his marker
    (his side's town-folk marker) is still in the cup."""
    if in_play(st):
        return (f.id if f.cowboy else town_marker(f.side)) in st.cup
    return st.order.index(f.side) > st.part if f.side in st.order else False


def _heuristic(game: Game, seed: int | None, params: Mapping[str, str]) -> Agent:
    return HeuristicAgent(seed=seed, knobs=parse_knobs("heuristic", params, Knobs))


def _advisor(game: Game, seed: int | None, params: Mapping[str, str]) -> Agent:
    """``advisor``: plays the first choice of the search advisor (:mod:`.advisor`)."""
    from saloon.games.cowboys.advisor import AGENTS as ADVISOR

    return ADVISOR["advisor"](game, seed, params)


AGENTS: dict[str, AgentFactory] = {"heuristic": _heuristic, "advisor": _advisor}
