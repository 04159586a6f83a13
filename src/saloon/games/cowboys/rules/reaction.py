"""Reaction Fire (Advanced Rules): a cowboy shoots at a figure moving through his sight.

Cowboys rulebook, Advanced Rules, Reaction Fire: whenever a cowboy or a
town folk moves through the line of sight of an opponent's cowboy, that
opponent may call a reaction shot by him, if he has not moved or shot this
turn; one shot, one round, at -2; one reaction a turn; it is his action
for the turn (his marker leaves the activation cup); any number of cowboys
may react to one mover.

A move is carried out square by square (:mod:`.walk`); at each square
entered, each opposing side with a cowboy able to react is asked in the
order of play (``Phase.REACT``): ``C3 react C6`` (at the mover, or
``H1`` at his horse) or ``pass``. After a reaction shot the same side is
asked again for its other cowboys. Nobody is asked when no cowboy can
react. Rulings CW-V30..39 (``docs/rulings.md``, "Advanced Rules: Reaction
Fire"). With the other reading ``reaction_cards`` the shot is announced
and opens an ordinary shot's card windows before it is fired (CW-O6).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.games.cowboys.actions import PASS, Pass, React
from saloon.games.cowboys.board import XY
from saloon.games.cowboys.geometry import in_front, king_range
from saloon.games.cowboys.rules import cup
from saloon.games.cowboys.rules.phase import Pending, Phase
from saloon.games.cowboys.rules.shots import ShotInfo, shot_info
from saloon.games.cowboys.rules.victory import check_winner

if TYPE_CHECKING:
    from collections.abc import Callable

    from saloon.games.cowboys.rules.figures import Figure
    from saloon.games.cowboys.rules.state import CowboysState

#: A reaction shot's modifier (Reaction Fire).
REACTION = -2
_MODS = (("reaction fire", REACTION),)

#: A reactor: his index, what he shoots at (the mover, or his horse), the shot.
Reactor = tuple[int, str, ShotInfo]


def ready(state: CowboysState, f: Figure) -> bool:
    """Whether cowboy ``f`` could react to someone this turn, wherever the
    mover is: a cowboy (town folk do not react) standing on the town, who
    has not moved or shot (a ``wait`` is neither; a reaction is a shot),
    with a weapon in hand that can fire a round (not jammed, not empty:
    no draw, no reload in a reaction, CW-V32), not barred from shooting
    by the scenario (``surprise``), and not thrown: a rider whose horse is
    killed under him may perform no action in his next turn (Movement with
    Horses; Additional Advanced Options, Shot Horses), and a reaction counts
    as the cowboy's action (Reaction Fire), so from the fall to the end of
    the turn whose action he loses he does not react (:func:`thrown`,
    ruling CW-X1)."""
    from saloon.games.cowboys.rules.legal import may_fire

    if not f.cowboy or not f.standing or f.square is None or f.id in state.acted:
        return False
    if thrown(state, f):
        return False
    held = f.held()
    return held is not None and not held.jammed and held.ammo > 0 and may_fire(state, f)


def thrown(state: CowboysState, f: Figure) -> bool:
    """Whether ``f`` is barred from acting by a horse killed under him:
    still to lose his next action (``stunned``), or having lost it in this
    turn (``state.lost``). Movement with Horses: he "may not perform any
    action" in his next turn; ruling CW-X1."""
    return f.stunned or f.id in state.lost


def mover_of(state: CowboysState) -> Pending:
    """The pending move action (the one a reaction window is about)."""
    p = state.pending
    assert p is not None and p.walk is not None
    return p


def reactors(state: CowboysState, p: Pending, side: int) -> tuple[Reactor, ...]:
    """The cowboys of ``side`` who can react now to the figure moving in
    ``p``, each with what he may shoot at: the mover, and his horse if he
    rides (CW-V38), each in his front facing, in sight and in range
    (:func:`~.shots.shot_info`, with the -2)."""
    key = ("react", side, p.act.fig)
    got: tuple[Reactor, ...] | None = state._cache.get(key)
    if got is not None:
        return got
    from saloon.games.cowboys.rules.legal import shootable

    mover = state.figures[state.index[p.act.fig]]
    targets = [mover.id]
    if mover.horse is not None:
        targets.append(state.horses[mover.horse].id)
    allowed = shootable(state, side)
    out: list[Reactor] = []
    for j, f in enumerate(state.figures):
        if f.side != side or not ready(state, f):
            continue
        for t in targets:
            if t not in allowed:
                continue
            info = shot_info(state, j, t, extra=_MODS)
            if info is not None:
                out.append((j, t, info))
    got = state._cache[key] = tuple(out)
    return got


def sides_to_ask(state: CowboysState, mover_side: int) -> tuple[int, ...]:
    """The sides that may react to a figure of ``mover_side``, in the order
    of play from the side acting (CW-V36): every other side but the one
    acting (it may direct an opposing town folk: Friend in Town), and only
    those with a cowboy ready (:func:`ready`)."""
    order = state.order
    k = order.index(state.active)
    out: list[int] = []
    for n in range(1, len(order)):
        s = order[(k + n) % len(order)]
        if s != mover_side and any(f.side == s and ready(state, f) for f in state.figures):
            out.append(s)
    return tuple(out)


def asked(state: CowboysState) -> int:
    """The side asked at the open reaction window."""
    w = mover_of(state).walk
    assert w is not None
    return w.asking[0]


def open_window(state: CowboysState) -> None:
    state.phase = Phase.REACT


def legal(state: CowboysState) -> list[Action]:
    """The window's choices: a reaction shot by each cowboy able to react,
    at each thing he may shoot, then ``pass``."""
    p = mover_of(state)
    acts: list[Action] = [
        React(state.figures[j].id, t) for j, t, _ in reactors(state, p, asked(state))
    ]
    return [*acts, PASS]


def choose(state: CowboysState, action: Action) -> None:
    """The asked side's answer: ``pass`` (none of its cowboys reacts at
    this square) or a reaction shot, carried out at once; the side is
    asked again after it (CW-V33)."""
    p = mover_of(state)
    w = p.walk
    assert w is not None
    side = w.asking[0]
    mover = state.figures[state.index[p.act.fig]]
    if isinstance(action, Pass):
        state.say(
            "react",
            f"{state.the(side, True)} {state.agree(side, 'holds', 'hold')} "
            f"fire as {mover.short} moves through "
            f"{state.ref(w.square)}.",
            side,
        )
        state.pending = replace(p, walk=replace(w, asking=w.asking[1:]))
        return
    assert isinstance(action, React)
    fire(state, p, action)


def fire(state: CowboysState, p: Pending, act: React) -> None:
    """The reaction shot: one shot, one round, at -2 (Reaction Fire); the
    move waits in ``state.moving`` until the shot is resolved. The cowboy
    has spent his action for the turn (CW-V34): he has acted, has no action
    left in his side's part, and his marker leaves the activation cup."""
    w = p.walk
    assert w is not None
    j = state.index[act.fig]
    f = state.figures[j]
    if state.rule("reaction_cards"):
        # The other reading (CW-O6): the reaction is announced as a shot
        # and opens an ordinary shot's windows; it is the cowboy's action
        # even if a card cancels it (CW-C5), and fired at :func:`shoot`.
        from saloon.games.cowboys.rules.card_windows import open_answers

        state.figures[j] = replace(f, actions=0)
        state.acted |= {f.id}
        state.reacted |= {f.id}
        cup.withdraw(state, f.id)
        state.moving = p
        state.pending = Pending(act)
        mover = state.figures[state.index[p.act.fig]]
        state.say(
            "announce",
            f"{state.the(f.side, True)} {state.agree(f.side, 'calls', 'call')} a reaction "
            f"shot: {f.label} at {state.name_of(act.target)}, as {mover.short} moves through "
            f"{state.ref(w.square)}.",
            f.side,
        )
        open_answers(state, act.kind)
        return
    state.moving = p
    state.pending = Pending(act)
    shoot(state, state.pending)


def shoot(state: CowboysState, q: Pending) -> None:
    """The reaction shot ``q`` is fired: its round spent, then its roll. A
    shot that can no longer be taken (a card moved a figure into the line)
    is lost with no round spent (CW-T10)."""
    p = state.moving
    assert p is not None and p.walk is not None
    w = p.walk
    act = q.act
    assert isinstance(act, React)
    j = state.index[act.fig]
    f = state.figures[j]
    info = shot_info(state, j, act.target, extra=_MODS)
    if info is None:
        state.say(
            "shot",
            f"{f.label} no longer has a shot at {state.name_of(act.target)}; the reaction is lost.",
            f.side,
        )
        done(state)
        return
    mover = state.figures[state.index[p.act.fig]]
    held = f.weapon(info.slot)
    assert held is not None
    text = (
        f"{f.label} reacts to {mover.label} moving through {state.ref(w.square)}: "
        f"one shot with the {held.weapon} at {state.name_of(act.target)}, range {info.range}, "
        f"needs {info.needed}, {info.mods_text()}"
    )
    if f.cowboy:
        f = f.with_weapon(replace(held, ammo=held.ammo - 1))
        text += f"; {held.weapon} {held.ammo} → {held.ammo - 1} rounds"
    state.figures[j] = replace(f, actions=0)
    state.acted |= {f.id}
    state.reacted |= {f.id}
    cup.withdraw(state, f.id)
    state.say("shot", text + ".", f.side)
    state.pending = replace(q, stage="before", info=info, target_id=act.target, shots=1)


def done(state: CowboysState) -> None:
    """The reaction shot is over: the move goes on where it stopped (the
    same side is asked again, for its other cowboys), unless the game is
    over."""
    state._cache.clear()
    state.pending = state.moving
    state.moving = None
    check_winner(state)


def is_reaction(p: Pending) -> bool:
    """Whether ``p`` is a reaction shot (no card windows of its own: CW-V31,
    unless the other reading ``reaction_cards``: CW-O6)."""
    return isinstance(p.act, React)


def seer(state: CowboysState, i: int) -> Callable[[XY], bool] | None:
    """Whether a square is seen by a cowboy able to react to figure ``i``,
    as the town stands when his move begins (in his front facing, his
    weapon's range and his sight); ``None`` when no cowboy could react at
    all (CW-V37: the path is chosen to cross the fewest such squares)."""
    f = state.figures[i]
    sides = set(sides_to_ask(state, f.side))
    watchers = [g for g in state.figures if g.side in sides and ready(state, g)]
    if not watchers:
        return None
    memo: dict[XY, bool] = {}

    def seen(xy: XY) -> bool:
        got = memo.get(xy)
        if got is None:
            got = memo[xy] = any(sees(state, g, xy) for g in watchers)
        return got

    return seen


def sees(state: CowboysState, g: Figure, xy: XY) -> bool:
    """Whether cowboy ``g`` sees ``xy`` in his front facing, within his
    weapon's range on the shot chart."""
    held = g.held()
    if held is None or g.square is None:
        return False
    rng = king_range(g.square, xy)
    return (
        rng >= 1
        and state.chart.needed(held.weapon, rng) is not None
        and in_front(g.facing, g.square, xy)
        and state.sight_line(g.square, xy) is not None
    )


def watchers_of(state: CowboysState, xy: XY, side: int) -> list[str]:
    """The cowboys of ``side`` ready to react who see ``xy`` now (the
    terminal's and the view's note on a reaction window)."""
    return [
        g.id for g in state.figures if g.side == side and ready(state, g) and sees(state, g, xy)
    ]
