"""Why an action is refused: the rule that forbids it and what would make it legal.

:meth:`CowboysState.explain_illegal <saloon.games.cowboys.rules.state.CowboysState.explain_illegal>`
answers here, for every kind of action in every phase, in the words of
the rulebook's sections: Game Turn (one action a figure a turn; moves
before shots, CW-T2), Move Actions and Movement with Horses (movement
points, walls, ending on a figure, horses out of buildings), Movement to
Change Weapons, Shoot (front facing, line of sight, range on the shot
chart, rounds), Draw and Shoot, Spin and Shoot, Reload, Card Play (one card
in one's own actions and one in the others', each card in its own window),
the Advanced Optional Rules and the Advanced Rules, and the scenarios'
special rules. Where a refusal cannot name a single rule, it says what the
figure or the side may do now instead (ruling CW-W3).

Only the side to move reads its refusal, so naming the cards of its own
hand is fair; nothing here names a card another side holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from saloon.core.action import Action, Outcome
from saloon.games.cowboys.actions import (
    Act,
    Arm,
    Discard,
    Draw,
    End,
    Fan,
    Fist,
    Move,
    MoveShoot,
    Pass,
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
    Stay,
    Wait,
)
from saloon.games.cowboys.board import XY
from saloon.games.cowboys.cards import WINDOW_WORDS, Card, Effect, Window, effect_words
from saloon.games.cowboys.geometry import in_front, king_range, reachable, sight
from saloon.games.cowboys.rules import moves as mv
from saloon.games.cowboys.rules import stage
from saloon.games.cowboys.rules.figures import Figure
from saloon.games.cowboys.rules.phase import Phase
from saloon.games.cowboys.shotchart import Weapon
from saloon.games.cowboys.words import count, listing, number_word

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.phase import Pending
    from saloon.games.cowboys.rules.state import CowboysState

#: The Advanced Optional Rules and Advanced Rules an action needs, with the
#: rule's name in the rulebook and the option that switches it on.
_RULES: dict[type[Act], tuple[str, str, str]] = {
    Fan: ("fan_fire", "fan fire", "Advanced Optional Rule 2"),
    Pistols: ("two_pistols", "firing two pistols", "Advanced Optional Rule 3"),
    Split: ("two_targets", "two shots at two targets", "Advanced Optional Rule 5"),
    Fist: ("fist_fights", "a fist fight", "Advanced Optional Rule 8"),
    MoveShoot: ("move_and_shoot", "a move and shoot", "the Advanced Rules' Move and Shoot"),
    ShootMove: ("move_and_shoot", "a shoot and move", "the Advanced Rules' Move and Shoot"),
}


def explain(state: CowboysState, action: Action) -> str:
    """Why the side to move cannot play ``action`` now, in one sentence (or
    two): the rule and what would make it legal, or what it may do now."""
    from saloon.core.state import CHANCE

    if state.phase == Phase.OVER:
        return f"the game is over: {state.ending}"
    if state.is_legal(action):
        return f"{action} is legal now"
    if state.to_move == CHANCE:
        return f"the game waits for chance, not a choice: {state.chance_prompt()}"
    if isinstance(action, Outcome):
        return (
            f"{action} is what the dice or a card turned up would show, not a choice; {now(state)}"
        )
    ph = state.phase
    if ph == Phase.SELECT:
        return _at_select(state, action)
    if ph == Phase.ALLY:
        return _at_ally(state, action)
    if ph in (Phase.START, Phase.BEFORE_SHOT, Phase.AFTER_HIT, Phase.ANSWER):
        return _at_window(state, action)
    if ph == Phase.REACT:
        return _at_react(state, action)
    if ph == Phase.SHOOT_MOVE:
        return _at_shoot_move(state, action)
    if ph == Phase.DRAW:
        return _at_draw(state, action)
    return f"{action} cannot be played now; {now(state)}"


# -- what the side to move may do -------------------------------------------------------


def now(state: CowboysState) -> str:
    """What the side to move may do now, in words."""
    ph = state.phase
    side = state.to_move
    if side is None or side < 0:
        return "no side is to choose now"
    who = state.the(side)
    may = "may"
    p = state.pending
    if ph == Phase.SELECT:
        from saloon.games.cowboys.rules import cup

        if cup.cowboy_drawn(state) and state.drawn is not None:
            f = state.figures[state.index[state.drawn]]
            return (
                f"{f.short}'s marker was drawn from the cup: {who} {may} have him act, "
                f"or wait ({f.id} wait)"
            )
        ready = [f.short for f in state.figures if f.side == side and f.standing and f.actions > 0]
        if ready:
            return (
                f"{who} {may} choose an action for {listing(ready, 'or')}, or end this part "
                "of the turn (end)"
            )
        return f"{who} {may} end this part of the turn (end)"
    if ph == Phase.START and p is not None:
        f = state.figures[state.index[p.act.fig]]
        if p.need_run:
            return (
                f"{who} must play a Run card of at least {p.need_run} more points, which "
                f"{f.short}'s announced move counts on"
            )
        return f"{who} {may} play a card as {f.short}'s action starts, or pass"
    if ph == Phase.BEFORE_SHOT:
        return f"{who} {may} play a card before the shot is rolled, or pass"
    if ph == Phase.AFTER_HIT:
        return f"{who} {may} play a card on the hit before its damage is marked, or pass"
    if ph == Phase.ANSWER:
        return f"{who} {may} answer {_announced(state)} with a card that answers it, or pass"
    if ph == Phase.ALLY and state.ally is not None:
        g = state.figures[state.index[state.ally]]
        return f"{who} {may} direct {g.short} (Friend in Town): one action of his, or wait"
    if ph == Phase.REACT and p is not None:
        mover = state.name_of(p.act.fig)
        return (
            f"{who} {may} call on a cowboy to take a reaction shot at {mover} as he moves "
            "through that cowboy's sight, or pass"
        )
    if ph == Phase.SHOOT_MOVE and p is not None and p.stage == "weapon":
        f = state.figures[state.index[p.act.fig]]
        return f"{who} {may} change {f.short}'s weapon with the points his move left, or stay"
    if ph == Phase.SHOOT_MOVE and p is not None:
        f = state.figures[state.index[p.act.fig]]
        return f"{who} {may} move {f.short} up to 2 squares after his shot, or stay (stay)"
    if ph == Phase.DRAW:
        return f"{who} {may} throw away poker cards and draw as many (discard 3C 7H), or stand"
    return "nothing can be chosen now"


def _announced(state: CowboysState) -> str:
    """The announcement being answered: ``the Earps' card QS (Critical
    Hit)``, ``the Earps' announced action (Cowboy 1 moves...)``."""
    from saloon.games.cowboys.rules.cards_play import acting_side

    p = state.pending
    owner = state.owner(acting_side(state))
    if state.answering == "card" and p is not None and p.card is not None:
        return f"{owner} card {p.card} ({state.card(p.card).name})"
    if p is not None:
        return f"{owner} announced action ({state.describe_action(p.act)})"
    return f"{owner} announcement"


# -- the side's part of the turn ------------------------------------------------------


def _at_select(state: CowboysState, action: Action) -> str:
    from saloon.games.cowboys.rules import cup

    side = state.active
    if isinstance(action, End):
        assert state.drawn is not None
        f = state.figures[state.index[state.drawn]]
        return (
            f"a cowboy drawn from the cup acts or waits, there is no end: {f.short} acts now, "
            f"or waits ({f.id} wait) (Player Turn Sequence)"
        )
    if isinstance(action, (Play, Pass)):
        return (
            "no card can be played now: cards are played as a figure starts its action "
            "(choose the action first), before a shot, after a hit, or in answer to the "
            f"other side (Card Play); {now(state)}"
        )
    if isinstance(action, Stay):
        return f"stay answers the move after a shoot and move's shot; {now(state)}"
    if isinstance(action, Discard):
        return f"poker cards are thrown away only in the poker hand before turn 1; {now(state)}"
    if isinstance(action, React):
        return (
            "a reaction shot is taken only when asked, as an opposing figure moves through "
            f"a cowboy's sight (Reaction Fire); {now(state)}"
        )
    if not isinstance(action, Act):
        return f"{action} is not a choice here; {now(state)}"
    i = state.index.get(action.fig)
    if i is None:
        return _no_figure(state, action.fig, side)
    f = state.figures[i]
    if f.side != side:
        return f"{f.short} is not {state.owner(side)} to move: {_whose(state, f)}; {now(state)}"
    if not f.standing:
        return f"{f.short} {_out(f)}; {now(state)}"
    if f.actions <= 0:
        if cup.in_play(state) and state.drawn is not None and f.id != state.drawn:
            which = "is still in the cup" if f.id in state.cup else "was drawn earlier this turn"
            if not f.cowboy:
                return f"{f.short} has no action left in this activation; {now(state)}"
            return f"{f.short}'s marker {which}: only the figures drawn act; {now(state)}"
        return f"{f.short} {_acted(state, f)}; {now(state)}"
    why = act_reason(state, i, action, ally=False)
    return why if why is not None else _cannot(state, i, action, ally=False)


def _no_figure(state: CowboysState, fid: str, side: int) -> str:
    mine = [f.id for f in state.figures if f.side == side and f.standing]
    return (
        f"there is no figure {fid} in this scenario; {state.owner(side)} figures standing are "
        f"{listing(mine) or 'none'}"
    )


def _whose(state: CowboysState, f: Figure) -> str:
    if f.side < 0:
        return "he is a bystander, on nobody's side"
    return f"he is one of {state.owner(f.side)} figures"


def _out(f: Figure) -> str:
    return "has left the town" if f.gone else "is down"


def _acted(state: CowboysState, f: Figure) -> str:
    if f.id in state.reacted:
        return "took a reaction shot this turn, which was his action (Reaction Fire)"
    if f.id in state.acted:
        return "has already acted this turn: each figure takes one move or shoot action a turn"
    return (
        "has no action left this turn: he has waited, or lost his action when his horse "
        "was shot from under him"
    )


def _cannot(state: CowboysState, i: int, act: Act, ally: bool) -> str:
    """The fallback: what the figure may do now instead."""
    f = state.figures[i]
    return f"{f.short} cannot do that now; he may {_may_do(state, i, ally)}"


def _may_do(state: CowboysState, i: int, ally: bool) -> str:
    """The figure's legal actions in words, grouped: ``shoot at Cowboy 5 or
    Horse 1, move (4 points), reload his pistol, or wait``."""
    acts = state.figure_actions(i, ally)
    targets: list[str] = []
    reloads: list[str] = []
    moves = False
    other: list[str] = []
    f = state.figures[i]
    for a in acts:
        t = getattr(a, "target", None)
        if a.kind in ("fire", "fist_fight") and isinstance(t, str):
            name = state.name_of(t)
            if name not in targets:
                targets.append(name)
        elif isinstance(a, Reload):
            h = f.weapon(a.slot)
            if h is not None and f"reload his {h.weapon}" not in reloads:
                reloads.append(f"reload his {h.weapon}")
        elif isinstance(a, Move):
            moves = True
        elif isinstance(a, Arm):
            h = f.weapon(a.slot)
            if h is not None:
                other.append(f"take his {h.weapon} in hand")
        elif isinstance(a, Pickup):
            other.append(f"pick up the {a.item}")
    parts: list[str] = []
    if targets:
        parts.append(f"shoot at {listing(targets, 'or')}")
    if moves:
        parts.append(f"move ({count(f.movement, 'point')} of his own)")
    parts.extend(reloads)
    parts.extend(dict.fromkeys(other))
    parts.append(f"wait ({f.id} wait)")
    return listing(parts, "or")


# -- a figure's action --------------------------------------------------------------------


def act_reason(state: CowboysState, i: int, act: Act, ally: bool) -> str | None:
    """The rule that forbids figure ``i`` the action ``act`` now, or
    ``None`` if no single rule can be named."""
    f = state.figures[i]
    rule = _RULES.get(type(act))
    if rule is not None and not state.rule(rule[0]):
        return (
            f"{rule[1]} is {rule[2]}, not in play in this game (-o {rule[0]}=true switches it on)"
        )
    if isinstance(act, SpinSplit) and not (
        state.rule("spin_two_shots") and state.rule("two_targets")
    ):
        return (
            "a spin and shoot at two targets needs the Advanced Rules' two spin shots and "
            "Advanced Optional Rule 5 (-o spin_two_shots=true -o two_targets=true)"
        )
    if isinstance(act, React):
        return (
            "a reaction shot is taken only when asked, as an opposing figure moves through "
            "his sight (Reaction Fire)"
        )
    if isinstance(act, Wait):
        return None
    if isinstance(act, Reload):
        return _reload_reason(state, f, act)
    if isinstance(act, (Move, Arm, Pickup)):
        return _move_family_reason(state, i, act, ally)
    return _fire_reason(state, i, act, ally)


def _reload_reason(state: CowboysState, f: Figure, act: Reload) -> str | None:
    h = f.weapon(act.slot)
    if h is None:
        return f"{f.short} carries no {_slot_words(act.slot)}"
    if f.side in state.setup.no_reload:
        return f"the scenario's special rule forbids {state.the(f.side)} to reload"
    if not f.cowboy and not h.jammed:
        return (
            f"{f.short} is a town folk: town folk never run out of rounds and reload only to "
            "clear a jam (Shoot; ruling CW-T13)"
        )
    if h.full and not h.jammed:
        return (
            f"{f.short}'s {h.weapon} is full ({count(h.ammo, 'round')}): there is nothing to reload"
        )
    return None


def _slot_words(slot: str) -> str:
    return "second pistol" if slot == "pistol2" else slot


def _no_move_reason(state: CowboysState, f: Figure, ally: bool) -> str | None:
    """Why figure ``f`` may not take a move action at all now, if so."""
    if f.no_move:
        return (
            f"{f.short} was knocked down or is pinned: he may not move in this part, "
            "though he may shoot"
        )
    if not ally and state.options.moves_first and state.fired:
        return (
            f"a figure of {state.the(f.side)} has already shot or reloaded in this part, and "
            "moves come before shots (Game Turn; ruling CW-T2): the others may now only "
            "shoot, reload or wait"
        )
    if not state.unlocked and f.id in state.setup.locked[0]:
        where = listing(list(state.setup.locked[1]), "or")
        return f"{f.short} is locked up until a friend of his reaches {where}"
    if stage.at_the_reins(state, f):
        return (
            f"{f.short} holds the reins of the stagecoach: he may not get down while it "
            "rolls (the scenario's rule)"
        )
    return None


def _move_family_reason(
    state: CowboysState, i: int, act: Move | Arm | Pickup, ally: bool
) -> str | None:
    f = state.figures[i]
    why = _no_move_reason(state, f, ally)
    if why is not None:
        return why
    if isinstance(act, Arm):
        h = f.weapon(act.slot)
        if h is None:
            return f"{f.short} carries no {_slot_words(act.slot)}"
        if act.slot == f.in_hand:
            return f"{f.short}'s {h.weapon} is already in his hand"
        if f.movement < mv.WEAPON_COST:
            return (
                f"changing weapons costs {mv.WEAPON_COST} movement points and {f.short} has "
                f"{f.movement} (Movement to Change Weapons)"
            )
        return None
    if isinstance(act, Pickup):
        return _pickup_reason(state, i, act)
    return move_reason(state, i, act, ally)


def _pickup_reason(state: CowboysState, i: int, act: Pickup) -> str | None:
    from saloon.games.cowboys.rules.legal import room_for

    f = state.figures[i]
    if f.id in state.setup.prisoners:
        return f"{f.short} is a prisoner: he picks nothing up (the scenario's special rule)"
    if f.movement < mv.WEAPON_COST:
        return (
            f"picking up costs {mv.WEAPON_COST} movement points and {f.short} has "
            f"{f.movement} (Movement to Change Weapons)"
        )
    here = [d for d in state.ground if d.square == f.square and d.item == act.item]
    where = state.ref(f.square)
    if not here:
        return f"there is no {act.item} in {f.short}'s square ({where}) to pick up"
    if act.item == "loot":
        return f"{f.short} already carries the loot" if f.loot else None
    held = here[0].held
    if held is not None and not room_for(f, held.weapon):
        return (
            f"{f.short} has no room for a {held.weapon}: a figure carries up to two pistols "
            "and one rifle or shotgun (Shoot)"
        )
    return None


def move_reason(state: CowboysState, i: int, act: Move, ally: bool) -> str | None:
    """Why figure ``i`` may not make the move ``act`` (its points, walls,
    a figure on the square, horses and buildings, leaving the town, the
    facing it must end in)."""
    f = state.figures[i]
    assert f.square is not None
    opts = state.move_options(i, ally=ally)
    if act.off:
        leaves = (*state.setup.exits, *state.leavers.get(f.id, ()))
        if act.facing not in leaves:
            if not leaves:
                return (
                    f"{f.short} may not leave the town: only the figures a scenario's goal or "
                    "special rule lets leave may"
                )
            edges = listing(list(dict.fromkeys(leaves)), "or")
            return f"{f.short} may leave the town only across the {edges} edge"
        return (
            f"{f.short} cannot get off the town across the {act.facing} edge this move: he "
            f"must stand on that edge with a point left, {count(f.movement, 'movement point')} "
            "of his own"
        )
    xy = state.square_of(act.dest)
    if xy is None:
        return f"there is no square {act.dest} in this town (squares are named like B:c7)"
    if mv.pointless(f, xy, act.ride, act.facing):
        return (
            f"that move changes nothing: {f.short} is on {act.dest} facing {act.facing} "
            f"already (to do nothing: {f.id} wait)"
        )
    for j, g in enumerate(state.figures):
        if j != i and g.standing and g.square == xy:
            return (
                f"{g.short} stands on {act.dest}: figures may pass through each other but not "
                "end a move in the same square (Movement with Cowboys and Town Folk)"
            )
    if act.ride and f.horse is None and not state.free_horses():
        return f"{f.short} has no horse to ride: no free horse stands where he could mount it"
    if act.ride and not state.town.horse_ok(xy):
        return (
            f"a horse may not go to {act.dest}: horses may not enter buildings but stables, "
            "corrals and the livery (Movement with Horses)"
        )
    reach = opts.ends.get((xy, act.ride)) or opts.extra.get((xy, act.ride))
    if reach is None:
        return _too_far(state, i, act, xy, opts.run)
    fixed, must = mv.must_face(mv.facing_rule(state), reach)
    want = must or f.facing
    if fixed and act.facing != want:
        if mv.facing_rule(state) == "after_move":
            return (
                f"with Facing After Movement {f.short} ends that move facing {want}, the way "
                "of his last square: turning at the end costs 1 movement point, and he has "
                f"none left (move {act.dest} {want})"
            )
        return (
            f"with Advanced Optional Rule 1 a move that spends every point ends facing the way "
            f"of its last square: {want} (move {act.dest} {want})"
        )
    return None


def _too_far(state: CowboysState, i: int, act: Move, xy: XY, run: int) -> str:
    """A square out of reach: how far it is and what he has."""
    f = state.figures[i]
    assert f.square is not None
    from saloon.games.cowboys.rules.shot_horses import ridden_points

    mounted = f.horse is not None
    horse = ridden_points(state, f) if mounted else 0
    free = () if f.id in state.setup.prisoners else state.free_horses()
    far = reachable(
        state.town, f.square, points=60, mounted=mounted, horse_points=horse or 4, horses=free
    )
    got = far.get((xy, act.ride))
    if got is None:
        how = "mounted" if act.ride else "on foot"
        return (
            f"no way leads {f.short} to {act.dest} {how}: walls stand in the way (a wall is "
            "crossed only at a door)"
        )
    points = f.movement
    has = count(points, "movement point")
    if mounted:
        has += f" and his horse {horse}"
    if run:
        has += f" ({run} more with a Run card)"
    squares = mv.squares_moved(got.path)
    if got.spent == squares and not mounted and not act.ride:
        return (
            f"{f.short} cannot move to {act.dest}: it is {count(squares, 'square')} away "
            f"and he has {has}"
        )
    return (
        f"{f.short} cannot move to {act.dest}: the way there costs "
        f"{count(got.spent, 'movement point')} ({_way_words(state, got.path)}) and he has {has}"
    )


def _way_words(state: CowboysState, path: Sequence[tuple[XY, bool]]) -> str:
    """What a move's points go on: ``4 squares and a window or obstacle to
    cross (1 more)``, ``mounting (2)`` (Move Actions, Movement with Horses)."""
    from saloon.games.cowboys.board import RED

    squares = mv.squares_moved(tuple(path))
    red = sum(
        1
        for k in range(1, len(path))
        if path[k][0] != path[k - 1][0] and state.town.edge(path[k - 1][0], path[k][0]) in RED
    )
    mounts = sum(1 for k in range(1, len(path)) if path[k][1] != path[k - 1][1])
    parts = [count(squares, "square")]
    if red:
        parts.append(
            f"{count(red, 'window or obstacle', 'windows or obstacles')} to cross (1 more each)"
        )
    if mounts:
        parts.append(f"{count(mounts, 'mount or dismount', 'mounts and dismounts')} (2 each)")
    return listing(parts)


# -- shots ---------------------------------------------------------------------------


def _fire_reason(state: CowboysState, i: int, act: Act, ally: bool) -> str | None:
    from saloon.games.cowboys.rules.legal import may_fire

    f = state.figures[i]
    if not may_fire(state, f):
        turns = state.setup.surprise[1]
        return (
            f"the scenario's surprise: {state.the(f.side)} may not shoot in the first "
            f"{count(turns, 'turn')}"
        )
    if isinstance(act, Fist):
        return _fist_reason(state, i, act)
    if isinstance(act, (Fan, MoveShoot, ShootMove)) and not f.cowboy:
        return f"only a cowboy may take {_RULES[type(act)][1]}, not a town folk"
    if isinstance(act, (MoveShoot, ShootMove)) and ally:
        return "a town folk lent by Friend in Town takes one action: no move and shoot"
    targets = [act.target]  # type: ignore[attr-defined]
    second = getattr(act, "second", None)
    if second is not None:
        if second == act.target:  # type: ignore[attr-defined]
            return "two shots at two targets need two different targets"
        targets.append(second)
    for t in targets:
        why = _target_reason(state, f, t)
        if why is not None:
            return why
    if isinstance(act, (Draw,)):
        return _shot_reason(state, i, act.target, verb="draw")
    weapon_why = _weapon_reason(state, i, act)
    if weapon_why is not None:
        return weapon_why
    if isinstance(act, MoveShoot):
        return _move_shoot_reason(state, i, act)
    facing = act.facing if isinstance(act, (Spin, SpinSplit)) else None
    verb = "spin" if facing is not None else "shoot"
    for t in targets:
        why = _shot_reason(state, i, t, verb=verb, facing=facing)
        if why is not None:
            return why
    if isinstance(act, ShootMove):
        why = _no_move_reason(state, f, ally)
        if why is not None:
            return f"a shoot and move needs a move after the shot: {why}"
    return None


def _target_reason(state: CowboysState, f: Figure, t: str) -> str | None:
    """Whether ``t`` may be shot at all by ``f``'s side (CW-T8)."""
    if t[0] == "H":
        k = state.horse_index.get(t)
        if k is None:
            return f"there is no {t} in this scenario"
        h = state.horses[k]
        if not h.alive:
            return f"{h.label} is dead"
        if h.rider is not None and state.figures[h.rider].side == f.side:
            rider = state.figures[h.rider].short
            return f"{h.label} carries {rider}, of {f.short}'s own side (ruling CW-T8)"
        return None
    j = state.index.get(t)
    if j is None:
        return f"there is no figure {t} in this scenario"
    g = state.figures[j]
    if g.side == f.side:
        return (
            f"{g.short} is on {f.short}'s own side: a side shoots at the others' figures, "
            "bystanders and horses (ruling CW-T8)"
        )
    if state.setup.neutral and g.side < 0:
        return (
            f"{g.short} is a bystander, and the scenario makes bystanders neutral: "
            "no one shoots them"
        )
    if not g.standing:
        return f"{g.short} {_out(g)}"
    return None


def _weapon_reason(state: CowboysState, i: int, act: Act) -> str | None:
    """The weapon the action fires: in hand, loaded, not jammed, and the
    rounds the action needs; a spin's mount and facing."""
    from saloon.games.cowboys.rules.shots import second_pistol

    f = state.figures[i]
    held = f.held()
    if held is None:
        pistols = [h for h in f.weapons if h.weapon is Weapon.PISTOL]
        if pistols and isinstance(act, Shoot):
            return (
                f"{f.short} holds no weapon in his hand: he may draw his pistol and shoot "
                f"instead (Draw and Shoot: {f.id} draw {act.target})"
            )
        if f.weapons:
            return (
                f"{f.short} holds no weapon in his hand: taking one in hand is a move action "
                f"({f.id} arm {f.weapons[0].slot})"
            )
        return f"{f.short} carries no weapon"
    if held.jammed:
        return (
            f"{f.short}'s {held.weapon} is jammed until he reloads it ({f.id} reload {held.slot})"
        )
    need = _rounds_needed(state, i, act)
    if f.cowboy and held.ammo < need:
        if held.ammo == 0:
            return f"{f.short}'s {held.weapon} is empty: reload it ({f.id} reload {held.slot})"
        return (
            f"{f.short}'s {held.weapon} holds {count(held.ammo, 'round')}, and this action "
            f"fires {number_word(need)}"
        )
    if isinstance(act, (Fan, Pistols)) and held.weapon is not Weapon.PISTOL:
        return (
            f"{_RULES[type(act)][1]} is done with a pistol in hand, and {f.short} holds "
            f"his {held.weapon}"
        )
    if isinstance(act, Pistols):
        other = second_pistol(f)
        if other is None:
            return f"{f.short} carries only one pistol"
        if other.jammed or (f.cowboy and other.ammo < 2):
            return f"{f.short}'s second pistol needs 2 rounds and no jam for its two shots"
    if isinstance(act, (Spin, SpinSplit)):
        if f.horse is not None:
            return f"{f.short} is mounted: there is no spin and shoot on horseback (Spin and Shoot)"
        if act.facing == f.facing:
            return (
                f"{f.short} already faces {act.facing}: shoot without spinning "
                f"({f.id} shoot {act.target})"
            )
    return None


def _rounds_needed(state: CowboysState, i: int, act: Act) -> int:
    if isinstance(act, Shoot):
        return act.shots
    if isinstance(act, (Split, SpinSplit, Fan)):
        return 2
    if isinstance(act, Pistols):
        return 2
    return 1


def _shot_reason(
    state: CowboysState, i: int, target: str, *, verb: str, facing: str | None = None
) -> str | None:
    """Range, front facing and line of sight, in the order the rulebook
    reads them (Shoot: pick a target, determine line of sight and range)."""
    from saloon.games.cowboys.rules.shots import firing_weapon, target_place

    f = state.figures[i]
    assert f.square is not None
    armed = verb == "draw" and state.rule("draw_while_armed")
    held = firing_weapon(f, verb, armed=armed)
    if verb == "draw":
        if f.in_hand is not None and not armed:
            h = f.held()
            what = h.weapon if h is not None else "weapon"
            return (
                f"Draw and Shoot is for a figure with no weapon in hand, and {f.short} holds "
                f"his {what}: shoot it ({f.id} shoot {target})"
            )
        if held is None:
            return f"{f.short} has no loaded pistol to draw"
    if held is None:
        return None
    place = target_place(state, target)
    if place is None:
        return None
    sq, _ = place
    who = state.name_of(target)
    rng = king_range(f.square, sq)
    if rng < 1:
        return f"{who} is in {f.short}'s own square"
    reach = state.chart.max_range(held.weapon)
    if rng > reach and state.setup.night and reach == state.setup.night:
        return (
            f"{who} is {count(rng, 'square')} away, and at night no one sees to shoot "
            f"farther than {count(reach, 'square')}"
        )
    if rng > reach:
        return (
            f"{who} is {count(rng, 'square')} away, and a {held.weapon} reaches "
            f"{count(reach, 'square')} on the shot chart"
        )
    face = facing or f.facing
    if not in_front(face, f.square, sq):  # type: ignore[arg-type]
        spin = f" ({f.id} spin {_toward(f.square, sq)} {target})" if f.horse is None else ""
        return (
            f"{who} is behind {f.short}, who faces {face}: he shoots only at what is in front "
            f"of him or to his sides (Shoot); a spin and shoot turns him{spin}"
        )
    if state.sight_line(f.square, sq) is None:
        return f"{f.short} cannot shoot {who}: {blocked_by(state, f.square, sq)}"
    return None


def _toward(a: XY, b: XY) -> str:
    dx, dy = b[0] - a[0], b[1] - a[1]
    if abs(dx) >= abs(dy):
        return "E" if dx > 0 else "W"
    return "S" if dy > 0 else "N"


def blocked_by(state: CowboysState, a: XY, b: XY) -> str:
    """What blocks the line of sight from ``a`` to ``b`` (Line of Sight): a
    wall, a closed door, or a figure, horse, cattle or the stagecoach on a
    square between, named with its square."""
    town = state.town
    occupied = state.occupied()
    if sight(town, a, b, occupied=occupied) is None:
        everyone = frozenset(town.squares())
        if sight(town, a, b, occupied=everyone) is not None:
            return (
                "a closed door blocks the line of sight (a door is open while a figure "
                "stands beside it)"
            )
        return "a wall blocks the line of sight"
    for sq in sorted(state.blockers(), key=lambda s: (king_range(a, s), s)):
        if sq in (a, b):
            continue
        if sight(town, a, b, blockers=frozenset({sq}), occupied=occupied) is None:
            return f"{_standing_on(state, sq)} at {state.ref(sq)} blocks the line of sight"
    return "the line of sight is blocked"


def _standing_on(state: CowboysState, sq: XY) -> str:
    for g in state.figures:
        if g.standing and g.square == sq:
            return g.short
    for h in state.horses:
        if h.alive and h.square == sq:
            return h.label
    kind = state.counters().get(sq)
    if kind is not None:
        return "cattle" if kind == "cattle" else "the stagecoach"
    return "something"


def _fist_reason(state: CowboysState, i: int, act: Fist) -> str | None:
    from saloon.games.cowboys.rules.fists import may_fist

    f = state.figures[i]
    if not f.cowboy:
        return "only a cowboy fist fights, not a town folk (Fist Fights)"
    if not may_fist(f):
        return (
            f"{f.short} has a loaded weapon: a fist fight is for an unarmed cowboy or one "
            "whose weapons are all empty (Fist Fights)"
        )
    why = _target_reason(state, f, act.target)
    if why is not None:
        return why
    if act.target[0] == "H":
        return "a fist fight is against a cowboy or a town folk, not a horse"
    g = state.figures[state.index[act.target]]
    assert f.square is not None and g.square is not None
    dx, dy = g.square[0] - f.square[0], g.square[1] - f.square[1]
    if abs(dx) + abs(dy) != 1:
        return f"{g.short} is not in a square beside {f.short}'s (Fist Fights)"
    if not in_front(f.facing, f.square, g.square):
        return f"{g.short} is behind {f.short}, who faces {f.facing}"
    return (
        f"a wall, window or obstacle lies between {f.short} and {g.short}: no fist fight across it"
    )


def _move_shoot_reason(state: CowboysState, i: int, act: MoveShoot) -> str | None:
    """A move and shoot: the move (his own points and his horse's, at least
    one square) and then the shot from its end."""
    f = state.figures[i]
    why = _no_move_reason(state, f, ally=False)
    if why is not None:
        return why
    why = move_reason(state, i, act.move, ally=False)
    if why is not None:
        return why
    xy = state.square_of(act.dest)
    if xy == f.square:
        return "a move and shoot moves at least one square before its shot (ruling CW-V23)"
    return (
        f"from {act.dest} facing {act.facing}, {state.name_of(act.target)} is not in "
        f"{f.short}'s sight and range with the weapon in his hand (a Run card's points do not "
        "count for a move and shoot, ruling CW-V24)"
    )


# -- Friend in Town ---------------------------------------------------------------------


def _at_ally(state: CowboysState, action: Action) -> str:
    assert state.ally is not None
    g = state.figures[state.index[state.ally]]
    if not isinstance(action, Act) or action.fig != state.ally:
        return (
            f"Friend in Town lends {g.short} now: {state.the(state.active)} directs one action "
            f"of his, or has him wait ({g.id} wait); the others' actions wait"
        )
    why = act_reason(state, state.index[g.id], action, ally=True)
    return why if why is not None else _cannot(state, state.index[g.id], action, ally=True)


# -- card windows --------------------------------------------------------------------


def _window_now(state: CowboysState) -> tuple[frozenset[Window], str]:
    """The windows open now and the moment in words."""
    from saloon.games.cowboys.rules.cards_play import START_WINDOWS

    p = state.pending
    ph = state.phase
    if ph == Phase.START and p is not None:
        f = state.figures[state.index[p.act.fig]]
        kind = {"move": "move", "fire": "shoot action", "reload": "reload"}.get(
            p.act.kind, "shoot action"
        )
        return START_WINDOWS.get(p.act.kind, frozenset()), f"the start of {f.short}'s {kind}"
    if ph == Phase.BEFORE_SHOT:
        return frozenset({Window.OWN_BEFORE_SHOT}), "the moment before a shot is rolled"
    if ph == Phase.AFTER_HIT:
        return frozenset({Window.OWN_AFTER_HIT}), "the moment after a hit"
    return frozenset({Window.OPPONENT_ANNOUNCED}), f"the answer to {_announced(state)}"


def _at_window(state: CowboysState, action: Action) -> str:
    side = state.to_move
    assert side is not None and side >= 0
    p = state.pending
    if isinstance(action, Pass):
        assert p is not None and p.need_run
        return (
            f"{state.the(side, True)} announced a move that needs {p.need_run} more "
            f"movement points, counting on a Run card: one must be played now, there is no pass "
            "(ruling CW-T6)"
        )
    if isinstance(action, Play):
        return play_reason(state, side, action)
    if isinstance(action, Act) and state.phase == Phase.ANSWER:
        return (
            f"it is {state.owner(state.active)} part of the turn, not {state.owner(side)}; "
            f"{now(state)}"
        )
    if isinstance(action, Act):
        return f"the action under way must go on first; {now(state)}"
    return f"{action} is not a choice in a card window; {now(state)}"


def play_reason(state: CowboysState, side: int, play: Play) -> str:
    """Why ``side`` may not play the card ``play`` in the window open now."""
    from saloon.games.cowboys.rules.cards_play import answer_plays, shot_plays, start_plays

    try:
        card = state.card(play.card)
    except KeyError:
        return f"there is no card {play.card} in the deck; {now(state)}"
    title = f"{play.card} ({card.name})"
    hand = state.hands[side]
    if play.card not in hand:
        held = listing([f"{c} ({state.card(c).name})" for c in hand]) or "no cards"
        return (
            f"{state.the(side, True)} {state.agree(side, 'holds', 'hold')} no {title}: "
            f"{state.owner(side)} hand is {held}"
        )
    ph = state.phase
    own = ph != Phase.ANSWER
    used = state.own_used if own else state.opp_used
    if used[side]:
        whose = f"{state.owner(side)} own actions" if own else "the other sides' actions"
        return (
            f"{state.the(side, True)} {state.agree(side, 'has', 'have')} already played a card "
            f"in {whose} this turn: a side plays one card in its own actions and one in the "
            "others' (Card Play)"
        )
    if card.is_blank:
        return (
            f"{title} is a blank in this scenario: the scenario forbids it, and it is never played"
        )
    windows, moment = _window_now(state)
    p = state.pending
    assert p is not None
    if card.window not in windows:
        return (
            f"{play.card} ({card.name}: {effect_words(card)}) is played "
            f"{WINDOW_WORDS[card.window]}, "
            f"and now is {moment}"
        )
    if ph == Phase.ANSWER:
        if not card.answers(state.answering):
            return (
                f"{play.card} ({card.name}: {effect_words(card)}) does not answer "
                f"{_announced(state)}"
            )
        return _legal_plays_text(state, title, answer_plays(state, side, state.answering))
    if ph == Phase.START:
        plays = start_plays(state, side, p)
        mine = [pl for pl in plays if pl.card == play.card]
        if (p.need_run and card.effect is not Effect.RUN) or (
            p.need_run and card.effect is Effect.RUN and not mine
        ):
            return (
                f"the move announced needs a Run card of at least {p.need_run} points, and "
                f"{title} is not one: play one that is (ruling CW-T6)"
            )
        if not mine:
            return f"{title} does nothing on this action: {_start_misfit(state, side, p, card)}"
        targets = listing([str(pl) for pl in mine], "or")
        return f"{title} needs a target it can take here: {targets}"
    window = Window.OWN_BEFORE_SHOT if ph == Phase.BEFORE_SHOT else Window.OWN_AFTER_HIT
    plays = shot_plays(state, side, window, p)
    if not any(pl.card == play.card for pl in plays) and card.effect is Effect.KNOCK_DOWN:
        return f"{title} needs a target left standing after the hit, and this hit downs him"
    if play.target:
        return f"{title} takes no target: play {play.card}"
    return _legal_plays_text(state, title, plays)


def _legal_plays_text(state: CowboysState, title: str, plays: Sequence[Play]) -> str:
    listed = listing([str(p) for p in plays], "or")
    return f"{title} cannot be played so here; " + (
        f"what can: {listed}, or pass" if plays else "nothing can be played here: pass"
    )


def _start_misfit(state: CowboysState, side: int, p: Pending, card: Card) -> str:
    """Why a card of the start window has no use on this action."""
    e = card.effect
    f = state.figures[state.index[p.act.fig]]
    kind = p.act.kind
    if e is Effect.DOUBLE_ACTION or e is Effect.RUN:
        return "it is played as a figure starts a move action" if kind != "move" else "not here"
    if e is Effect.ACTION_BONUS:
        return "it is played as a figure starts a shoot action that fires"
    if e is Effect.HEAL:
        return "none of your cowboys standing is wounded"
    if e is Effect.SPEED_LOAD:
        if not f.cowboy:
            return f"{f.short} is a town folk, whose rifle never runs out"
        return f"{f.short}'s weapons are all full"
    if e is Effect.ALLY:
        return "no town folk of another side stands in the town"
    if e is Effect.LOOK_HAND:
        return "no other side holds a card"
    if e is Effect.LASTING_BONUS:
        top = card.number("max_modifier")
        if state.rule("good_day_cap"):
            return (
                f"it goes on one of your figures shooting at +{top} or less with his card "
                "bonuses, and none stands"
            )
        return f"it goes on one of your town folk or a cowboy of +{top} or less, and none stands"
    return "no target fits"


# -- reaction fire, shoot and move, poker ----------------------------------------------


def _at_react(state: CowboysState, action: Action) -> str:
    from saloon.games.cowboys.rules.reaction import reactors, ready, thrown

    side = state.to_move
    assert side is not None and side >= 0
    p = state.pending
    assert p is not None and p.walk is not None
    mover = state.figures[state.index[p.act.fig]]
    if not isinstance(action, React):
        return (
            f"{mover.short} is moving through the sight of {state.owner(side)} cowboys; "
            f"{now(state)}"
        )
    i = state.index.get(action.fig)
    if i is None:
        return _no_figure(state, action.fig, side)
    f = state.figures[i]
    if f.side != side:
        return f"{f.short} is not {state.owner(side)} to call on: {_whose(state, f)}"
    if not f.cowboy:
        return "only a cowboy takes a reaction shot, not a town folk (Reaction Fire)"
    if f.id in state.acted or f.id in state.reacted:
        return (
            f"{f.short} has already moved or shot this turn: only a cowboy who has not may "
            "react, once a turn (Reaction Fire)"
        )
    if thrown(state, f):
        return (
            f"{f.short} was thrown when his horse was killed under him: he may take no action, "
            "a reaction shot included, until the end of the turn whose action he loses "
            "(Movement with Horses; ruling CW-X1)"
        )
    allowed = [mover.id] + ([state.horses[mover.horse].id] if mover.horse is not None else [])
    if action.target not in allowed:
        return (
            f"a reaction shot is at the figure moving, {mover.short}, or at his horse "
            "(Reaction Fire; ruling CW-V38)"
        )
    if not ready(state, f):
        held = f.held()
        if held is None:
            return f"{f.short} holds no weapon: a reaction shot is fired with the weapon in hand"
        return (
            f"{f.short}'s {held.weapon} cannot fire a round now (empty or jammed): "
            "a reaction shot neither draws nor reloads (ruling CW-V32)"
        )
    why = _target_reason(state, f, action.target) or _shot_reason(
        state, i, action.target, verb="shoot"
    )
    if why is not None:
        return why
    if not any(state.figures[j].id == f.id for j, _, _ in reactors(state, p, side)):
        return f"{f.short} cannot react at {state.ref(p.walk.square)}; {now(state)}"
    return f"{action} cannot be taken now; {now(state)}"


def _at_shoot_move(state: CowboysState, action: Action) -> str:
    from saloon.games.cowboys.rules.move_shoot import SHOOT_MOVE_SQUARES

    p = state.pending
    assert p is not None
    f = state.figures[state.index[p.act.fig]]
    if p.stage == "weapon":
        return (
            f"{f.short}'s move is over: he may take another weapon in hand or pick one up "
            f"in his square for 2 points (ruling CW-O2), or stay; {now(state)}"
        )
    if isinstance(action, Move) and action.fig == f.id:
        return (
            f"after a shoot and move's shot {f.short} moves at most "
            f"{count(SHOOT_MOVE_SQUARES, 'square')}, with no Run card (Move and Shoot; ruling "
            f"CW-V27), and {action.dest} is not one he can reach so; or stay"
        )
    return f"{f.short}'s shoot and move is under way; {now(state)}"


def _at_draw(state: CowboysState, action: Action) -> str:
    side = state.active
    hand = state.poker[side]
    if isinstance(action, Discard):
        wrong = [c for c in action.cards if c not in hand]
        return (
            f"{listing(wrong)} {'is' if len(wrong) == 1 else 'are'} not in "
            f"{state.owner(side)} poker hand ({' '.join(hand)}): throw away only cards in that hand"
        )
    return f"the poker hand for the order of play comes first; {now(state)}"


__all__ = ["act_reason", "blocked_by", "explain", "move_reason", "now", "play_reason"]
