"""The Advanced Rules' Move and Shoot, and Shoot and Move.

Cowboys rulebook, Advanced Rules, "Move and Shoot": only a cowboy may move
and shoot in one turn, and he takes one shot (one round): moving and
shooting, the shot comes at any point of the move, at -1 for each square
moved, and he moves no more after it; shooting and moving, the shot comes
first, with no penalty, and he may then move up to two squares. The option
is ``move_and_shoot``; rulings CW-V22..V29 in ``docs/rulings.md``,
"Advanced Rules: facing, move and shoot". (Facing After Movement, the
facing a move ends in, is :func:`~.moves.must_face`: CW-V20, CW-V21.)

As a person sees it, a move and shoot is one action, "move to X facing F,
then shoot T" (``C6 move B:c7 N shoot C3``): the squares before the shot
are the move, and stopping at X is where he shoots. It is legal when T is in
his sight from X facing F with the weapon in hand loaded, so the list holds
only the ends from which a target is in sight and the facings that see it
(:func:`plans`, derived once per position and kept by the town). It is
carried out as a move action (the move execution of :mod:`.execute`),
then the shot as a stage of its own (``aim``), which goes through the
usual stages: the window before the shot, the roll, the window after a
hit, the wounds.

A shoot and move (``C6 shoot C3 move``) fires its one shot through the same
stages; once it is over, the side chooses the move of up to two squares
(``Phase.SHOOT_MOVE``: the moves, in the move notation, or ``stay``), not
asked when the cowboy cannot move (down, knocked down, no square in reach).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.games.cowboys.actions import STAY, Act, Move, MoveShoot, ShootMove
from saloon.games.cowboys.board import XY
from saloon.games.cowboys.geometry import FACINGS, STEPS, Facing, sight
from saloon.games.cowboys.rules import moves as mv
from saloon.games.cowboys.rules import walk
from saloon.games.cowboys.rules.execute import finish
from saloon.games.cowboys.rules.figures import Figure, Held
from saloon.games.cowboys.rules.legal import _target_places, may_fire, may_move
from saloon.games.cowboys.rules.legal_moves import move_options, run_points
from saloon.games.cowboys.rules.phase import Pending
from saloon.games.cowboys.rules.shots import (
    BACK_SHOT,
    MOUNTED,
    OPEN_DOOR,
    RED_LINE,
    ShotInfo,
    red_line_mod,
    shot_info,
    target_place,
)

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState

#: Move and Shoot: the shot's modifier for each square moved before it.
ON_THE_MOVE = -1
#: Shoot and Move: the most squares moved after the shot.
SHOOT_MOVE_SQUARES = 2


def _gun(state: CowboysState, f: Figure, ally: bool) -> Held | None:
    """The weapon a cowboy would move and shoot (or shoot and move) with:
    the one in hand, loaded and not jammed; ``None`` if he may not (a town
    folk, one lent by Friend in Town, no round in hand, a scenario's
    ``surprise``, the option off: CW-V22)."""
    if ally or not f.cowboy or not f.standing or not state.rule("move_and_shoot"):
        return None
    held = f.held()
    if held is None or held.jammed or held.ammo < 1 or not may_fire(state, f):
        return None
    return held


# -- Move and Shoot: the actions ----------------------------------------------------------


def plans(state: CowboysState, i: int) -> Mapping[MoveShoot, ShotInfo]:
    """Every move and shoot figure ``i`` may take now, each with the shot it
    would fire from its end (range, the chart's number, the modifiers with
    -1 a square moved), kept until the next transition.

    An end is one of his move's ends (his own points and his horse's; no Run
    card: CW-V24) at least one square away (CW-V23); a facing is one the
    move may end in (Facing After Movement, Rule 1) that has the target in
    front; the target is in sight from the end as the town will stand once
    he is there: his old square empty, his horse with him (CW-V25)."""
    key = ("move-shoot", i)
    got: Mapping[MoveShoot, ShotInfo] | None = state._cache.get(key)
    if got is not None:
        return got
    got = state._cache[key] = _plans(state, i)
    return got


def actions(state: CowboysState, i: int) -> tuple[MoveShoot, ...]:
    """:func:`plans`' actions, in a list's order."""
    key = ("move-shoot-acts", i)
    got: tuple[MoveShoot, ...] | None = state._cache.get(key)
    if got is None:
        got = state._cache[key] = tuple(plans(state, i))
    return got


#: One end of a move and shoot's move, whatever stands in the town: its
#: square, whether mounted, the squares moved, the facings it may end in,
#: and where it mounts a horse and leaves it or ends with it (CW-T5).
_End = tuple[XY, bool, int, tuple[Facing, ...], XY | None, XY | None]
#: How many figures' ends, and how many positions' plans, a town keeps.
_ENDS_CACHE = 20_000
_PLANS_CACHE = 2_000


def _ends(state: CowboysState, f: Figure, rule: str) -> tuple[_End, ...]:
    """The ends of figure ``f``'s move at least one square away (CW-V23),
    with his own points and his horse's (no Run card: CW-V24), derived
    once per reach (:func:`~.moves.reach_key`) and facing rule."""
    # The reach of the move actions, with their Run card's points (whose
    # own-points part is the same): derived once for both.
    run = run_points(state, state.active)
    key = (mv.reach_key(state, f, run), rule)
    cache = state.town.cache.get("move-shoot-ends")
    if not isinstance(cache, dict):
        cache = state.town.cache["move-shoot-ends"] = {}
    got: tuple[_End, ...] | None = cache.get(key)
    if got is None:
        out: list[_End] = []
        for (xy, m), reach in mv.reach_of(state, f, run)[0].items():
            path = reach.path
            moved = mv.squares_moved(path)
            if moved < 1:
                continue
            fixed, must = mv.must_face(rule, reach)
            facings = (must,) if fixed and must is not None else FACINGS
            out.append((xy, m, moved, facings, *mv.horse_path(path)))
        got = tuple(out)
        if len(cache) > _ENDS_CACHE:
            cache.clear()
        cache[key] = got
    return got


def _plans(state: CowboysState, i: int) -> Mapping[MoveShoot, ShotInfo]:
    f = state.figures[i]
    held = _gun(state, f, ally=False)
    if held is None or f.square is None or not may_move(state, f, False):
        return {}
    rule = mv.facing_rule(state)
    targets: list[tuple[str, XY, Facing]] = []
    for t, sq in _target_places(state, f.side):
        place = target_place(state, t)
        if place is not None:
            targets.append((t, sq, place[1]))
    if not targets:
        return {}
    others = frozenset(
        g.square
        for j, g in enumerate(state.figures)
        if j != i and g.standing and g.square is not None
    )
    horses: tuple[tuple[int, XY], ...] = tuple(
        (k, h.square) for k, h in enumerate(state.horses) if h.alive and h.square is not None
    )
    # The same position (a clone, a search's revisit) gives the same plans.
    key = (
        f.id,
        mv.reach_key(state, f, 0),
        f.facing,
        f.horse,
        f.modifier,
        f.bonus,
        held.slot,
        held.weapon,
        rule,
        tuple(targets),
        others,
        horses,
        state.obstacles,
        state.chart,
    )
    cache = state.town.cache.get("move-shoot-plans")
    if not isinstance(cache, dict):
        cache = state.town.cache["move-shoot-plans"] = {}
    got: dict[MoveShoot, ShotInfo] | None = cache.get(key)
    if got is None:
        got = _plans_from(state, f, held, targets, others, horses, rule)
        if len(cache) > _PLANS_CACHE:
            cache.clear()
        cache[key] = got
    return got


def _plans_from(
    state: CowboysState,
    f: Figure,
    held: Held,
    targets: list[tuple[str, XY, Facing]],
    others: frozenset[XY],
    horses: tuple[tuple[int, XY], ...],
    rule: str,
) -> dict[MoveShoot, ShotInfo]:
    """:func:`plans` worked out for one position (see there)."""
    weapon = held.weapon
    chart = state.chart
    reach_max = chart.max_range(weapon)
    needed_at = [None, *(chart.needed(weapon, r) for r in range(1, reach_max + 1))]
    fixed_blockers = others | state.obstacles
    still = fixed_blockers | {sq for _, sq in horses}
    mods0: list[tuple[str, int]] = []
    if f.modifier:
        mods0.append(("cowboy", f.modifier))
    if f.bonus:
        mods0.append(("lasting card bonus", f.bonus))
    mounted_mod = ("mounted", MOUNTED[weapon])
    town = state.town
    made = town.cache.get("move-shoot-acts")
    if not isinstance(made, dict) or len(made) > _ENDS_CACHE * 10:
        made = town.cache["move-shoot-acts"] = {}
    occupied = set(others)
    out: dict[MoveShoot, ShotInfo] = {}
    for xy, m, moved, facings, mount_at, last in _ends(state, f, rule):
        if xy in others:
            continue
        x, y = xy
        blockers = still
        horse_id = ""
        if last is not None:
            # The town as it will stand: his horse ridden, or left where he got off.
            k = f.horse
            if k is None:
                k = next(
                    j
                    for j, h in enumerate(state.horses)
                    if h.alive and h.rider is None and not h.moved and h.square == mount_at
                )
            horse_id = state.horses[k].id
            horse_at = xy if m else last
            blockers = fixed_blockers | {horse_at if j == k else sq for j, sq in horses}
        occupied.add(xy)
        ref = ""
        steps = [(fc, *STEPS[fc]) for fc in facings]
        for t, tsq, tfacing in targets:
            dx, dy = tsq[0] - x, tsq[1] - y
            rng = dx if dx >= 0 else -dx
            if dy > rng or -dy > rng:
                rng = dy if dy >= 0 else -dy
            if rng < 1 or rng > reach_max or t == horse_id:
                continue
            needed = needed_at[rng]
            if needed is None:
                continue
            seeing = [fc for fc, sx, sy in steps if dx * sx + dy * sy >= 0]
            if not seeing:
                continue
            line = sight(town, xy, tsq, blockers=blockers, occupied=occupied)
            if line is None:
                continue
            mods = list(mods0)
            bx, by = STEPS[tfacing]
            if dx * bx + dy * by > 0:  # he stands behind the target (a back shot)
                mods.append(("back shot", BACK_SHOT))
            if line.crossings:
                if red_line_mod(state, line):
                    mods.append(("red line", RED_LINE))
                if line.open_door_at_target:
                    mods.append(("open door", OPEN_DOOR))
            if m:
                mods.append(mounted_mod)
            mods.append(("on the move", ON_THE_MOVE * moved))
            info = ShotInfo(held.slot, weapon, rng, needed, tuple(mods))
            for fc in seeing:
                # The same action objects from one position to the next.
                a = made.get((f.id, xy, fc, t, m))
                if a is None:
                    ref = ref or state.ref(xy)
                    a = made[(f.id, xy, fc, t, m)] = MoveShoot(f.id, ref, fc, t, m)
                out[a] = info
        occupied.discard(xy)
    return out


def legal(state: CowboysState, i: int, act: Act, ally: bool) -> bool:
    """Whether figure ``i`` may take the move and shoot, or the shoot and
    move, ``act`` now (checked without the list of every action)."""
    if ally:
        return False
    if isinstance(act, MoveShoot):
        return act in plans(state, i)
    if not isinstance(act, ShootMove):
        return False
    f = state.figures[i]
    return (
        _gun(state, f, ally) is not None
        and may_move(state, f, False)
        and any(t == act.target for t, _ in _target_places(state, f.side))
        and shot_info(state, i, act.target) is not None
    )


def shoot_moves(state: CowboysState, i: int, in_sight: list[str], ally: bool) -> list[ShootMove]:
    """Figure ``i``'s shoot and move actions at the targets he may shoot at
    (``in_sight``: those a one-shot shoot action may take)."""
    f = state.figures[i]
    if _gun(state, f, ally) is None or not may_move(state, f, ally):
        return []
    return [ShootMove(f.id, t) for t in in_sight]


# -- carrying them out --------------------------------------------------------------------


def execute(state: CowboysState, p: Pending) -> None:
    """Carry out a move and shoot (its move, then the ``aim`` stage for the
    shot) or a shoot and move (its shot; the move comes after it)."""
    act = p.act
    i = state.index[act.fig]
    f = state.figures[i]
    if not f.standing:
        state.say("act", f"{f.short} can no longer act.", state.active)
        finish(state, p)
        return
    if isinstance(act, ShootMove):
        _fire(state, i, p, shot_info(state, i, act.target))
        return
    assert isinstance(act, MoveShoot)
    dest = state.square_of(act.dest)
    reach = move_options(state, i).ends.get((dest, act.ride)) if dest is not None else None
    moved = mv.squares_moved(reach.path) if reach is not None else 0
    # The move, square by square (Reaction Fire may stop it), then the shot.
    walk.begin(state, replace(p, moved=moved), act.move, then="aim")


def aim(state: CowboysState, p: Pending) -> None:
    """A move and shoot's shot, once he has moved: at -1 a square moved,
    as the town stands now (CW-V25). A cowboy who did not get to his end
    (the move was refused, or Reaction Fire stopped it) loses the shot."""
    act = p.act
    assert isinstance(act, MoveShoot)
    i = state.index[act.fig]
    f = state.figures[i]
    if (
        not f.standing
        or f.square != state.square_of(act.dest)
        or f.facing != act.facing
        or (f.horse is not None) != act.ride
    ):
        state.say(
            "shot",
            f"{f.label} does not get to his square; his shot at "
            f"{state.name_of(act.target)} is lost.",
            state.active,
        )
        finish(state, p)
        return
    extra = (("on the move", ON_THE_MOVE * p.moved),) if p.moved else ()
    _fire(state, i, p, shot_info(state, i, act.target, extra=extra))


def _fire(state: CowboysState, i: int, p: Pending, info: ShotInfo | None) -> None:
    """The one shot (one round) of a move and shoot or a shoot and move,
    fired: its round spent, then the usual stages from the window before
    it. A shot that can no longer be taken is lost, with no round spent
    (as CW-T10)."""
    f = state.figures[i]
    act = p.act
    assert isinstance(act, (MoveShoot, ShootMove))
    target = state.name_of(act.target)
    if info is None:
        state.say(
            "shot",
            f"{f.label} no longer has a shot at {target}; the shot is lost.",
            state.active,
        )
        finish(state, p)
        return
    held = f.weapon(info.slot)
    assert held is not None
    text = (
        f"{f.label} fires one shot with the {held.weapon} at {target}: range {info.range}, "
        f"needs {info.needed}, {info.mods_text()}"
    )
    if f.cowboy:
        state.figures[i] = f.with_weapon(replace(held, ammo=held.ammo - 1))
        text += f"; {held.weapon} {held.ammo} → {held.ammo - 1} rounds"
    if isinstance(act, ShootMove):
        text += f"; then he may move up to {SHOOT_MOVE_SQUARES} squares"
    state.say("shot", text + ".", state.active)
    state.pending = replace(
        p, stage="before", info=info, target_id=act.target, shots=1, shot=0, roll=0, hits=0
    )


# -- Shoot and Move: the move after the shot ---------------------------------------------


def after_moves(state: CowboysState, i: int) -> tuple[Move, ...]:
    """The moves figure ``i`` may make after his shoot and move's shot: to
    each end of his move (his own points and his horse's) at most two
    squares away, in each facing the move may end in (Facing After
    Movement, Rule 1), but the move that changes nothing; kept until the
    next transition (CW-V27)."""
    key = ("shoot-move", i)
    got: tuple[Move, ...] | None = state._cache.get(key)
    if got is not None:
        return got
    f = state.figures[i]
    out: list[Move] = []
    if f.standing and f.square is not None and may_move(state, f, False):
        rule = mv.facing_rule(state)
        here, mounted = f.square, f.horse is not None
        for (xy, m), reach in move_options(state, i).ends.items():
            if mv.squares_moved(reach.path) > SHOOT_MOVE_SQUARES:
                continue
            fixed, must = mv.must_face(rule, reach)
            ref = state.ref(xy)
            for fc in ((must or f.facing),) if fixed else FACINGS:
                if xy == here and m == mounted and fc == f.facing:
                    continue
                out.append(Move(f.id, ref, fc, m))
    got = state._cache[key] = tuple(out)
    return got


def choices(state: CowboysState) -> list[Action]:
    """The legal actions at ``SHOOT_MOVE``: the moves, then ``stay``."""
    p = state.pending
    assert p is not None
    return [*after_moves(state, state.index[p.act.fig]), STAY]


def window(state: CowboysState, p: Pending) -> bool:
    """Whether the side chooses the shoot and move's move now (``True``:
    ``Phase.SHOOT_MOVE``); if the cowboy cannot move (down, knocked down,
    no square in reach), the action is over without asking (CW-V28)."""
    i = state.index[p.act.fig]
    f = state.figures[i]
    if after_moves(state, i):
        return True
    if f.standing:
        state.say("move", f"{f.short} cannot move after his shot.", state.active)
    finish(state, p)
    return False


def move_after(state: CowboysState, action: Action) -> None:
    """The side's choice at ``SHOOT_MOVE``: the move, made as a move action
    makes it, or ``stay``; the shoot and move is then over."""
    p = state.pending
    assert p is not None
    i = state.index[p.act.fig]
    if isinstance(action, Move):
        # made as a move action is, square by square; then the action is over
        walk.begin(state, replace(p, run=0), action, then="finish")
        return
    f = state.figures[i]
    state.say("move", f"{f.label} stays on {state.ref(f.square)} after his shot.", state.active)
    finish(state, p)
