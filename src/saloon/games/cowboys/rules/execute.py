"""A figure's action carried out, once announced and not cancelled.

Cowboys rulebook, Move Actions and Movement with Horses (the figure moves,
mounts, rides, dismounts or leaves the town), Movement to Change Weapons (a
weapon taken in hand or picked up), Reload, Shoot, Draw and Shoot, Spin and
Shoot (the shots declared and their rounds spent, each shot rolled on the
shot chart), the wounds; the scenarios' rules for the loot and the cell
door. Rulings (``docs/rulings.md``, "Cowboys: the turn, moves and shots"):
CW-T3 (losing an action), CW-T5 (which horse), CW-T7 (weapons in a move
action), CW-T9 (leaving the town), CW-T10 (when a shot is fixed), CW-T13
(town folk and ammunition).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from saloon.games.cowboys.actions import Arm, Draw, Move, Pickup, Reload, Roll, Shoot, Spin
from saloon.games.cowboys.rules import moves as mv
from saloon.games.cowboys.rules.figures import Dropped
from saloon.games.cowboys.rules.legal import _room_for
from saloon.games.cowboys.rules.phase import Pending
from saloon.games.cowboys.rules.shots import dice_text, shot_info
from saloon.games.cowboys.shotchart import roll_hits

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState


def _finish(self: CowboysState, p: Pending) -> None:
    # An action is done: what was derived before it (the free horses,
    # who blocks a sight) may be out of date for the one it resumes
    # (Friend in Town: a town folk's action inside one's own).
    self._cache.clear()
    i = self.index[p.act.fig]
    f = self.figures[i]
    if not p.ally:
        self.figures[i] = replace(f, actions=max(0, f.actions - 1))
        if p.act.kind in ("fire", "reload"):
            self.fired = True
    self.pending = None
    if p.ally:
        self.pending = self.resume
        self.resume = None
    self._check_winner()


def _execute(self: CowboysState, p: Pending) -> None:
    act = p.act
    i = self.index[act.fig]
    f = self.figures[i]
    side = self.active
    if not f.standing:
        self._log("act", f"{f.short} can no longer act.", side)
        self._finish(p)
        return
    if isinstance(act, Move):
        self._do_move(i, act, p)
        self._finish(p)
    elif isinstance(act, Arm):
        h = f.weapon(act.slot)
        if h is not None and f.movement >= mv.WEAPON_COST:
            self.figures[i] = replace(f, in_hand=act.slot)
            self._log(
                "move",
                f"{f.label} takes the {h.weapon} in hand (2 of {f.movement} points).",
                side,
            )
        self._finish(p)
    elif isinstance(act, Pickup):
        self._pickup(i, act.item)
        self._finish(p)
    elif isinstance(act, Reload):
        h = f.weapon(act.slot)
        if h is not None:
            self.figures[i] = f.with_weapon(replace(h, ammo=h.weapon.capacity, jammed=False))
            self._log(
                "reload",
                f"{f.label} reloads the {h.weapon}: {h.ammo} → {h.weapon.capacity} rounds.",
                side,
            )
        self._finish(p)
    elif isinstance(act, (Shoot, Draw, Spin)):
        self._fire(i, act, p)
    else:  # pragma: no cover
        raise AssertionError(act)


def _do_move(self: CowboysState, i: int, act: Move, p: Pending) -> None:
    """Move Actions; Movement with Horses (CW-T5..T9)."""
    f = self.figures[i]
    side = self.active
    assert f.square is not None
    points = f.movement + p.run
    horses = () if f.id in self.setup.prisoners else self.free_horses()
    ends = mv.reach_from(self.town, f.square, points, f.horse is not None, horses)
    others = {g.square for j, g in enumerate(self.figures) if j != i and g.standing}
    if act.off:
        cands = [
            (r.rider_left + r.horse_left, xy)
            for (xy, m), r in ends.items()
            if m == act.ride
            and r.rider_left + r.horse_left >= mv.EXIT_COST
            and mv.outer_edge_open(self.town, xy, act.facing)
        ]
        if not cands:
            self._log("move", f"{f.label} cannot reach the {act.facing} edge now; he stays.", side)
            return
        best = max(cands)[1]
        reach = ends[(best, act.ride)]
    else:
        dest = self.town.square(act.dest)
        reach_or = ends.get((dest, act.ride))
        if reach_or is None or (dest in others):
            self._log("move", f"{f.label} cannot make that move now; he stays.", side)
            return
        reach = reach_or
    mount_at, last = mv.horse_path(reach.path)
    k = f.horse
    end_sq = reach.square
    if k is None and mount_at is not None:
        k = next(
            j
            for j, h in enumerate(self.horses)
            if h.alive and h.rider is None and not h.moved and h.square == mount_at
        )
    if k is not None and last is not None:
        h = self.horses[k]
        if act.ride:
            self.horses[k] = replace(h, square=end_sq, facing=act.facing, rider=i, moved=True)
        else:
            self.horses[k] = replace(h, square=last, rider=None, moved=True)
    horse = k if act.ride else None
    own = points - reach.rider_left
    how = f"{own} of {f.movement}" + (f"+{p.run}" if p.run else "") + " points"
    if k is not None and last is not None:
        used = 4 - reach.horse_left if act.ride else None
        how += f", {self.horses[k].label}" + (
            f" {used} of 4" if used is not None else " left behind"
        )
    self.figures[i] = replace(f, square=end_sq, facing=act.facing, horse=horse)
    self._cache.clear()
    if act.off:
        f2 = self.figures[i]
        self.figures[i] = replace(f2, square=None)
        if horse is not None:
            self.horses[horse] = replace(self.horses[horse], square=None)
        self._log(
            "move",
            f"{f.label} leaves the town across the {act.facing} edge from "
            f"{self.town.ref(end_sq)} ({how}, +1 to step off).",
            side,
        )
        return
    self._after_move(i)
    verb = "turns to face" if end_sq == f.square and own == 0 and k is None else None
    if verb:
        self._log("move", f"{f.label} turns to face {act.facing} on {act.dest}.", side)
    else:
        word = "rides" if act.ride else "moves"
        self._log("move", f"{f.label} {word} to {act.dest} facing {act.facing} ({how}).", side)


def _after_move(self: CowboysState, i: int) -> None:
    """A move action ending on a loot square takes the loot; one ending
    on a cell door's square frees the locked-up (scenario rules)."""
    f = self.figures[i]
    if f.side == self.setup.loot_side and f.square in self.loot_squares and not f.loot:
        self.figures[i] = replace(f, loot=True)
        self._log("loot", f"{f.short} takes the loot on {self.ref(f.square)}.", f.side)
    locked = self.setup.locked[0]
    friends = any(self.figures[self.index[k]].side == f.side for k in locked if k in self.index)
    if locked and not self.unlocked and f.square in self.locked_squares and friends:
        self.unlocked = True
        self._log("unlock", f"{f.short} opens the cell: the prisoners may move.", f.side)


def _pickup(self: CowboysState, i: int, item: str) -> None:
    f = self.figures[i]
    for n, d in enumerate(self.ground):
        if d.square == f.square and d.item == item:
            if d.held is None:
                if f.loot:
                    continue
                self.figures[i] = replace(f, loot=True)
                self._log(
                    "move",
                    f"{f.label} picks up the loot (2 of {f.movement} points).",
                    self.active,
                )
            else:
                if not _room_for(f, d.held.weapon):
                    continue
                slot = d.held.weapon.value
                if slot == "pistol" and f.weapon("pistol") is not None:
                    slot = "pistol2"
                held = replace(d.held, slot=slot)
                self.figures[i] = replace(
                    f,
                    weapons=(*f.weapons, held),
                    in_hand=f.in_hand if f.in_hand is not None else slot,
                )
                self._log(
                    "move",
                    f"{f.label} picks up a {held.weapon} with {held.ammo} rounds "
                    f"(2 of {f.movement} points).",
                    self.active,
                )
            del self.ground[n]
            return


def _fire(self: CowboysState, i: int, act: Shoot | Draw | Spin, p: Pending) -> None:
    """Shoot, Draw and Shoot, Spin and Shoot: the shots are declared and
    their rounds spent at once (Shoot: a declared second shot is spent
    even when it is not rolled)."""
    f = self.figures[i]
    side = self.active
    verb = "draw" if isinstance(act, Draw) else "spin" if isinstance(act, Spin) else "shoot"
    facing = act.facing if isinstance(act, Spin) else None
    shots = act.shots if isinstance(act, Shoot) else 1
    info = shot_info(self, i, act.target, verb=verb, facing=facing, shots=shots)
    if info is None:
        self._log(
            "shot",
            f"{f.label} no longer has a shot at {self.name_of(act.target)}; the action is lost.",
            side,
        )
        self._finish(p)
        return
    held = f.weapon(info.slot)
    assert held is not None
    if isinstance(act, Spin):
        f = replace(f, facing=act.facing)
        if f.horse is not None:
            self.horses[f.horse] = replace(self.horses[f.horse], facing=act.facing)
    if isinstance(act, Draw):
        f = replace(f, in_hand=held.slot)
    lead = {"draw": "draws and ", "spin": f"spins {facing} and ", "shoot": ""}[verb]
    text = (
        f"{f.label} {lead}fires {'two shots' if shots == 2 else 'one shot'} with the "
        f"{held.weapon} at {self.name_of(act.target)}: range {info.range}, "
        f"needs {info.needed}, {info.mods_text()}"
    )
    if f.cowboy:
        f = f.with_weapon(replace(held, ammo=held.ammo - shots))
        text += f"; {held.weapon} {held.ammo} → {held.ammo - shots} rounds"
    self.figures[i] = f
    self._log("shot", text + ".", side)
    self.pending = replace(
        p, stage="before", info=info, target_id=act.target, shots=shots, shot=0, roll=0, hits=0
    )


def _roll(self: CowboysState, r: Roll) -> None:
    p = self.pending
    assert p is not None and p.info is not None and p.target_id is not None
    info = p.info
    f = self.figures[self.index[p.act.fig]]
    mods = tuple(v for _, v in info.mods)
    if p.action_bonus:
        mods += (p.action_bonus,)
    if p.shot_bonus:
        mods += (p.shot_bonus,)
    hits = roll_hits(r.total, sum(mods), info.needed)
    word = "a miss" if hits == 0 else "a hit" if hits == 1 else "two hits"
    if r.total == 12:
        word = "a natural 12, two hits"
    elif r.total == 2:
        word = "a natural 2, a miss"
    where = f"shot {p.shot + 1} of {p.shots}" if p.shots > 1 else "the shot"
    if info.weapon.rolls_per_shot > 1:
        where += f", roll {p.roll + 1} of {info.weapon.rolls_per_shot}"
    self._log(
        "roll",
        f"{f.label} fires the {info.weapon} at {self.name_of(p.target_id)} ({where}), "
        f"range {info.range}, needs {info.needed}: {dice_text(r.a, r.b, mods)}, {word}.",
        self.active,
    )
    p = replace(p, hits=p.hits + hits, roll=p.roll + 1)
    if p.roll < info.weapon.rolls_per_shot:
        self.pending = p
        return
    if p.hits > 0:
        self.pending = replace(p, stage="after")
    else:
        self._next_shot(p)


def _next_shot(self: CowboysState, p: Pending) -> None:
    if p.shot + 1 < p.shots:
        self.pending = replace(
            p,
            stage="before",
            shot=p.shot + 1,
            roll=0,
            hits=0,
            shot_bonus=0,
            factor=1,
            knock=False,
        )
    else:
        self._finish(p)


def _damage(self: CowboysState, p: Pending) -> None:
    """Wounds: each hit takes 1 health (and a cowboy's 1 movement); at 0
    the figure is down, a body that leaves its weapons in its square; a
    horse falls at 2 hits, and its rider stays in the square, dismounted,
    losing his next action (Shoot; Movement with Horses)."""
    assert p.target_id is not None
    side = self.active
    hits = p.hits * p.factor
    extra = f" ({p.hits} × {p.factor})" if p.factor != 1 else ""
    t = p.target_id
    if t[0] == "H":
        k = self.horse_index[t]
        h = self.horses[k]
        health = max(0, h.health - hits)
        text = f"{h.label}: {h.health} → {health} health{extra}"
        if health == 0:
            self.horses[k] = replace(h, health=0, square=None, rider=None)
            text += ", it falls"
            if h.rider is not None:
                g = self.figures[h.rider]
                self.figures[h.rider] = replace(g, horse=None, stunned=True)
                text += f"; {g.short} is thrown and loses his next action"
        else:
            self.horses[k] = replace(h, health=health)
        self._log("wound", text + ".", side)
    else:
        j = self.index[t]
        g = self.figures[j]
        after = g.wounded(hits)
        text = f"{g.short}: {g.health} → {after.health} health{extra}"
        if after.health == 0:
            text += ", he is down"
            assert g.square is not None
            dropped = [Dropped(g.square, h) for h in g.weapons]
            if g.loot and self.setup.loot_side is not None:
                self.loot_squares = self.loot_squares | {g.square}
                text += " (his square holds the loot now)"
            elif g.loot:
                dropped.append(Dropped(g.square, None))
            if dropped:
                text += " and drops " + ", ".join(
                    "the loot" if d.held is None else f"a {d.held.weapon} ({d.held.ammo})"
                    for d in dropped
                )
            self.ground.extend(dropped)
            if g.horse is not None:
                self.horses[g.horse] = replace(self.horses[g.horse], rider=None)
            after = replace(after, weapons=(), in_hand=None, horse=None, loot=False, actions=0)
        elif g.cowboy:
            text += f" (movement {after.movement})"
        if p.knock and after.health > 0:
            if after.horse is not None:
                self.horses[after.horse] = replace(self.horses[after.horse], rider=None)
                after = replace(after, horse=None)
            after = replace(after, knocked=True)
            text += "; knocked down, he may not move in his side's next part"
        self.figures[j] = after
        self._log("wound", text + ".", side)
    self._next_shot(replace(p, knock=False, factor=1))
