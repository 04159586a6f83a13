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

from saloon.games.cowboys.actions import (
    FIRING,
    Act,
    Arm,
    Draw,
    Fan,
    Fist,
    Fists,
    Move,
    Pickup,
    Pistols,
    React,
    Reload,
    Roll,
    Shoot,
    ShootMove,
    Spin,
    SpinSplit,
    Split,
)
from saloon.games.cowboys.rules import damage_cards, reaction, walk
from saloon.games.cowboys.rules import moves as mv
from saloon.games.cowboys.rules.figures import Dropped
from saloon.games.cowboys.rules.fists import die_text, fist_mods, fist_targets, loser, mods_words
from saloon.games.cowboys.rules.legal import room_for
from saloon.games.cowboys.rules.odds import of_state, roll_words
from saloon.games.cowboys.rules.phase import Pending
from saloon.games.cowboys.rules.shots import volley
from saloon.games.cowboys.rules.victory import check_winner
from saloon.games.cowboys.shotchart import roll_hits

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState


def finish(state: CowboysState, p: Pending) -> None:
    """The action ``p`` is over: the figure has acted, unless he is a town
    folk directed by Friend in Town (the directing side's action then
    resumes); a shot or a reload bars the side's later moves (CW-T2); the
    goals are checked (CW-T18)."""
    # An action is done: what was derived before it (the free horses,
    # who blocks a sight) may be out of date for the one it resumes
    # (Friend in Town: a town folk's action inside one's own).
    state._cache.clear()
    if reaction.is_reaction(p):
        # Reaction Fire: the move it interrupted goes on (CW-V34).
        reaction.done(state)
        return
    i = state.index[p.act.fig]
    f = state.figures[i]
    if p.act.kind != "wait":
        state.acted |= {f.id}
    if not p.ally:
        state.figures[i] = replace(f, actions=max(0, f.actions - 1))
        if p.act.kind in ("fire", "reload", "fist_fight"):
            state.fired = True
    state.pending = None
    if p.ally:
        state.pending = state.resume
        state.resume = None
    check_winner(state)


def execute(state: CowboysState, p: Pending) -> None:
    """Carry out the announced action ``p`` whose windows are past: a move
    or a change or pick-up of weapons, a reload, or the shots fired (the
    rolls follow as chance nodes). A figure shot down meanwhile loses it."""
    act = p.act
    i = state.index[act.fig]
    f = state.figures[i]
    side = state.active
    if not f.standing:
        state.say("act", f"{f.short} can no longer act.", side)
        finish(state, p)
        return
    if isinstance(act, Move):
        # Carried out square by square (Reaction Fire: rules/walk.py).
        walk.begin(state, p)
    elif isinstance(act, Arm):
        h = f.weapon(act.slot)
        if h is not None and f.movement >= mv.WEAPON_COST:
            state.figures[i] = replace(f, in_hand=act.slot)
            state.say(
                "move",
                f"{f.label} takes the {h.weapon} in hand (2 of {f.movement} points).",
                side,
            )
        finish(state, p)
    elif isinstance(act, Pickup):
        _pickup(state, i, act.item)
        finish(state, p)
    elif isinstance(act, Reload):
        h = f.weapon(act.slot)
        if h is not None:
            state.figures[i] = f.with_weapon(replace(h, ammo=h.weapon.capacity, jammed=False))
            state.say(
                "reload",
                f"{f.label} reloads the {h.weapon}: {h.ammo} → {h.weapon.capacity} rounds.",
                side,
            )
        finish(state, p)
    elif isinstance(act, React):
        # Reaction Fire with the other reading's windows past (CW-O6).
        reaction.shoot(state, p)
    elif isinstance(act, FIRING):
        _fire(state, i, act, p)
    elif isinstance(act, Fist):
        _fist(state, i, act, p)
    else:  # pragma: no cover
        raise AssertionError(act)


def _pickup(state: CowboysState, i: int, item: str, points: str | None = None) -> None:
    """Figure ``i`` picks up ``item`` in his square: the loot, or a
    weapon, which goes to his hand if it is empty (CW-T7); ``points`` says
    what it cost, for the log."""
    f = state.figures[i]
    cost = points or f"2 of {f.movement} points"
    for n, d in enumerate(state.ground):
        if d.square == f.square and d.item == item:
            if d.held is None:
                if f.loot:
                    continue
                state.figures[i] = replace(f, loot=True)
                state.say(
                    "move",
                    f"{f.label} picks up the loot ({cost}).",
                    state.active,
                )
            else:
                if not room_for(f, d.held.weapon):
                    continue
                slot = d.held.weapon.value
                if slot == "pistol" and f.weapon("pistol") is not None:
                    slot = "pistol2"
                held = replace(d.held, slot=slot)
                state.figures[i] = replace(
                    f,
                    weapons=(*f.weapons, held),
                    in_hand=f.in_hand if f.in_hand is not None else slot,
                )
                state.say(
                    "move",
                    f"{f.label} picks up a {held.weapon} with {held.ammo} rounds ({cost}).",
                    state.active,
                )
            del state.ground[n]
            return


def _fire(state: CowboysState, i: int, act: Act, p: Pending) -> None:
    """Shoot, Draw and Shoot, Spin and Shoot, and the Advanced Optional
    Rules' fan fire, two pistols and two targets: the shots are declared
    and their rounds spent at once (Shoot: a declared second shot is spent
    even when it is not rolled; CW-A2, CW-A3, CW-A5 likewise)."""
    f = state.figures[i]
    side = state.active
    shots = volley(state, i, act)
    if shots is None:
        target = getattr(act, "target", "")
        state.say(
            "shot",
            f"{f.label} no longer has a shot at {state.name_of(target)}; the action is lost.",
            side,
        )
        finish(state, p)
        return
    target, info = shots[0]
    if isinstance(act, (Spin, SpinSplit)):
        f = replace(f, facing=act.facing)
        if f.horse is not None:
            state.horses[f.horse] = replace(state.horses[f.horse], facing=act.facing)
    if isinstance(act, Draw):
        f = replace(f, in_hand=info.slot)
    n = len(shots)
    count = {1: "one shot", 2: "two shots"}.get(n, f"{n} shots")
    held = f.weapon(info.slot)
    assert held is not None
    if isinstance(act, (Shoot, Draw, Spin)):
        lead = (
            "draws and "
            if isinstance(act, Draw)
            else f"spins {act.facing} and "
            if isinstance(act, Spin)
            else ""
        )
        text = f"{f.label} {lead}fires {count} with the {held.weapon} at {state.name_of(target)}"
    elif isinstance(act, Fan):
        text = f"{f.label} fans his pistol: {count} at {state.name_of(target)}"
    elif isinstance(act, Pistols):
        each = "two shots each" if n == 4 else count
        text = f"{f.label} fires both pistols, {each}, at {state.name_of(target)}"
    else:
        assert isinstance(act, (Split, SpinSplit))
        lead = f"spins {act.facing} and fires" if isinstance(act, SpinSplit) else "fires"
        text = (
            f"{f.label} {lead} the {held.weapon} at two targets, one shot at "
            f"{state.name_of(target)}, then one at {state.name_of(shots[1][0])}"
        )
    text += f": range {info.range}, needs {info.needed}, {info.mods_text()}"
    if isinstance(act, (Split, SpinSplit)):
        second = shots[1][1]
        text += f"; then range {second.range}, needs {second.needed}, {second.mods_text()}"
    if f.cowboy:
        spent: dict[str, int] = {}
        for _, s in shots:
            spent[s.slot] = spent.get(s.slot, 0) + 1
        for slot, k in spent.items():
            h = f.weapon(slot)
            assert h is not None
            f = f.with_weapon(replace(h, ammo=h.ammo - k))
            text += f"; {h.weapon} {h.ammo} → {h.ammo - k} rounds"
    state.figures[i] = f
    state.say("shot", text + ".", side)
    plan = shots if isinstance(act, (Fan, Pistols, Split, SpinSplit)) else ()
    state.pending = replace(
        p, stage="before", info=info, target_id=target, shots=n, shot=0, roll=0, hits=0, plan=plan
    )


def _fist(state: CowboysState, i: int, act: Fist, p: Pending) -> None:
    """Advanced Optional Rule 8, Fist Fights: the fight is on if the
    target is still next to him (CW-A8); the dice follow as a chance node."""
    f = state.figures[i]
    side = state.active
    if act.target not in fist_targets(state, i):
        state.say(
            "shot",
            f"{f.label} can no longer reach {state.name_of(act.target)} with his fists; "
            "the action is lost.",
            side,
        )
        finish(state, p)
        return
    j = state.index[act.target]
    m = fist_mods(state, i, j)
    state.say(
        "shot",
        f"{f.label} fights {state.figures[j].label} with his fists, one die each: "
        f"{f.short} with {mods_words(m.attacker)}, {state.figures[j].short} "
        f"with {mods_words(m.defender)}.",
        side,
    )
    state.pending = replace(p, stage="fists", target_id=act.target)


def fists(state: CowboysState, dice: Fists) -> None:
    """A fist fight's two dice, the attacker's first, each with its
    fighter's modifiers: the higher total does one point of damage to the
    other; a tie does none (Advanced Optional Rule 8; CW-A8)."""
    p = state.pending
    assert p is not None and p.target_id is not None
    i, j = state.index[p.act.fig], state.index[p.target_id]
    f, g = state.figures[i], state.figures[j]
    m = fist_mods(state, i, j)
    a = die_text(dice.a, m.attacker)
    b = die_text(dice.b, m.defender)
    hurt = loser(state, i, j, dice)
    if hurt is None:
        word = "a tie, nobody is hurt"
    else:
        word = f"{(g if hurt == j else f).short} takes the blow"
    state.say(
        "roll", f"Fist fight: {f.short} rolls {a}, {g.short} rolls {b}: {word}.", state.active
    )
    if hurt is None:
        finish(state, p)
        return
    who = f.id if hurt == i else g.id
    state.pending = replace(p, stage="damage", target_id=who, shots=1, shot=0, hits=1)


def roll(state: CowboysState, r: Roll) -> None:
    """One roll of two dice for the pending shot, with its modifiers and
    the cards' bonuses, on the shot chart (Shoot; naturals: a 12 is two
    hits, a 2 a miss); a shotgun rolls twice for each shot. A hit opens
    the window after it; a miss goes on to the next shot."""
    p = state.pending
    assert p is not None and p.info is not None and p.target_id is not None
    info = p.info
    f = state.figures[state.index[p.act.fig]]
    # The shot's modifiers and the cards' bonuses, each by name; Advanced
    # Optional Rule 4, Deadly Shots: a modified 12 or more is two hits
    # (CW-S6), when the rule is in play.
    odds = of_state(state, info, p.action_cards + p.shot_cards)
    hits = roll_hits(r.total, odds.modifier, info.needed, deadly=odds.deadly)
    parts = [f"shot {p.shot + 1} of {p.shots}"] if p.shots > 1 else []
    if info.weapon.rolls_per_shot > 1:
        parts.append(f"roll {p.roll + 1} of {info.weapon.rolls_per_shot}")
    where = f" ({', '.join(parts)})" if parts else ""
    state.say(
        "roll",
        f"{f.label} fires the {info.weapon} at {state.name_of(p.target_id)}{where}, "
        f"range {info.range}: {roll_words(r.a, r.b, odds)}.",
        state.active,
    )
    p = replace(p, hits=p.hits + hits, roll=p.roll + 1)
    if p.roll < info.weapon.rolls_per_shot:
        state.pending = p
        return
    if p.hits > 0 and state.rule("variable_damage"):
        damage_cards.begin(state, p)  # a card flipped for each hit (CW-V10)
    elif p.hits > 0:
        state.pending = replace(p, stage="after")
    else:
        next_shot(state, p)


def next_shot(state: CowboysState, p: Pending) -> None:
    """The next declared shot, with the last shot's card effects spent;
    after the last, the action is over."""
    if p.shot + 1 < p.shots:
        if p.plan:
            target, info = p.plan[p.shot + 1]
            p = replace(p, target_id=target, info=info)
        state.pending = replace(
            p,
            stage="before",
            shot=p.shot + 1,
            roll=0,
            hits=0,
            shot_bonus=0,
            shot_cards=(),
            factor=1,
            knock=False,
        )
    elif isinstance(p.act, ShootMove):
        # Advanced Rules, Shoot and Move: his move comes after the shot (CW-V27).
        state.pending = replace(p, stage="shoot_move")
    else:
        finish(state, p)


def damage(state: CowboysState, p: Pending) -> None:
    """Wounds: each hit takes 1 health (and a cowboy's 1 movement); at 0
    the figure is down, a body that leaves its weapons in its square; a
    horse falls at 2 hits, and its rider stays in the square, dismounted,
    losing his next action (Shoot; Movement with Horses)."""
    assert p.target_id is not None
    side = state.active
    hits = p.hits * p.factor
    extra = f" ({p.hits} × {p.factor})" if p.factor != 1 else ""
    t = p.target_id
    if t[0] == "H":
        k = state.horse_index[t]
        h = state.horses[k]
        health = max(0, h.health - hits)
        text = f"{h.label}: {h.health} → {health} health{extra}"
        if health == 0:
            state.horses[k] = replace(h, health=0, square=None, rider=None)
            text += ", it falls"
            if h.rider is not None:
                g = state.figures[h.rider]
                state.figures[h.rider] = replace(g, horse=None, stunned=True)
                text += f"; {g.short} is thrown and loses his next action"
        else:
            state.horses[k] = replace(h, health=health)
        state.say("wound", text + ".", side)
    else:
        j = state.index[t]
        g = state.figures[j]
        after = g.wounded(hits)
        text = f"{g.short}: {g.health} → {after.health} health{extra}"
        if after.health == 0:
            text += ", he is down"
            assert g.square is not None
            dropped = [Dropped(g.square, h) for h in g.weapons]
            if g.loot and state.setup.loot_side is not None:
                state.loot_squares = state.loot_squares | {g.square}
                text += " (his square holds the loot now)"
            elif g.loot:
                dropped.append(Dropped(g.square, None))
            if dropped:
                text += " and drops " + ", ".join(
                    "the loot" if d.held is None else f"a {d.held.weapon} ({d.held.ammo})"
                    for d in dropped
                )
            state.ground.extend(dropped)
            if g.horse is not None:
                state.horses[g.horse] = replace(state.horses[g.horse], rider=None)
            after = replace(after, weapons=(), in_hand=None, horse=None, loot=False, actions=0)
        elif g.cowboy:
            text += f" (movement {after.movement})"
        if p.knock and after.health > 0:
            if after.horse is not None:
                state.horses[after.horse] = replace(state.horses[after.horse], rider=None)
                after = replace(after, horse=None)
            after = replace(after, knocked=True)
            text += "; knocked down, he may not move in his side's next part"
        state.figures[j] = after
        state.say("wound", text + ".", side)
    next_shot(state, replace(p, knock=False, factor=1))
