"""Card play: which cards a side may play at a window, with their targets.

Cowboys rulebook, Card Play: one card during one's own actions of a turn
and one during the opponents'; in one's own turn at the start of a
figure's move or shoot action (and where a card says so: before a shot,
after a hit); in the opponent's just after he announces an action or plays
a card, which may cancel it. The cards played and their effects are
carried out by :mod:`saloon.games.cowboys.rules.card_windows`; the
vocabulary is :class:`saloon.games.cowboys.cards.Effect` (rulings
CW-C1..C12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saloon.games.cowboys.actions import Act, Arm, Move, Pickup, Play
from saloon.games.cowboys.cards import Card, Effect, Window
from saloon.games.cowboys.rules.figures import COWBOY_HEALTH

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.phase import Pending
    from saloon.games.cowboys.rules.state import CowboysState

#: The windows at the start of an action, by what it is (Card Play).
START_WINDOWS = {
    "move": frozenset({Window.OWN_ACTION_START, Window.OWN_MOVE_START}),
    "fire": frozenset({Window.OWN_ACTION_START, Window.OWN_SHOOT_START}),
    "reload": frozenset({Window.OWN_ACTION_START, Window.OWN_SHOOT_START}),
    # A fist fight is a shoot action (Advanced Optional Rule 8; CW-A8).
    "fist_fight": frozenset({Window.OWN_ACTION_START, Window.OWN_SHOOT_START}),
}


def _distinct(cards: tuple[str, ...]) -> list[str]:
    seen: list[str] = []
    for c in cards:
        if c not in seen:
            seen.append(c)
    return seen


def start_plays(state: CowboysState, side: int, p: Pending) -> list[Play]:
    """The cards ``side`` may play as its figure starts the action of
    ``p``, each with each target it can take (CW-C1, CW-C12)."""
    act = p.act
    windows = START_WINDOWS.get(act.kind)
    if windows is None or state.own_used[side]:
        return []
    i = state.index[act.fig]
    out: list[Play] = []
    for face in _distinct(state.hands[side]):
        card = state.card(face)
        if card.window not in windows:
            continue
        out.extend(_start_targets(state, side, p, f_index=i, card=card))
    # A move that counted on a Run card's points must have one (CW-T6).
    if p.need_run:
        out = [
            pl
            for pl in out
            if state.card(pl.card).effect is Effect.RUN
            and state.card(pl.card).number("squares") >= p.need_run
        ]
    return out


def _start_targets(
    state: CowboysState, side: int, p: Pending, f_index: int, card: Card
) -> list[Play]:
    act: Act = p.act
    f = state.figures[f_index]
    e = card.effect
    face = str(card)
    if e is Effect.LASTING_BONUS:
        top = card.number("max_modifier")
        return [
            Play(face, g.id)
            for g in state.figures
            if g.side == side and g.standing and (not g.cowboy or g.modifier <= top)
        ]
    if e is Effect.DOUBLE_ACTION:
        return [Play(face)] if isinstance(act, (Move, Arm, Pickup)) else []
    if e is Effect.ACTION_BONUS:
        return [Play(face)] if act.kind == "fire" else []
    if e is Effect.RUN:
        return [Play(face)] if isinstance(act, Move) else []
    if e is Effect.LOOK_HAND:
        others = [s for s in range(state.num_players) if s != side and state.hands[s]]
        if state.num_players == 2:
            return [Play(face)] if others else []
        return [Play(face, f"s{s + 1}") for s in others]
    if e is Effect.SPEED_LOAD:
        if not f.cowboy:
            return []
        empty = [h.slot for h in f.weapons if not h.full or h.jammed]
        if card.flag("all_weapons"):
            return [Play(face)] if empty else []
        return [Play(face, slot) for slot in empty]
    if e is Effect.HEAL:
        return [
            Play(face, g.id)
            for g in state.figures
            if g.side == side and g.cowboy and g.standing and g.health < COWBOY_HEALTH
        ]
    if e is Effect.ALLY:
        return [
            Play(face, g.id)
            for g in state.figures
            if g.side != side and not g.cowboy and g.standing
        ]
    return []


def shot_plays(state: CowboysState, side: int, window: Window, p: Pending) -> list[Play]:
    """Cards for the window before a shot (``own_before_shot``) or after a
    hit (``own_after_hit``)."""
    if state.own_used[side]:
        return []
    out: list[Play] = []
    for face in _distinct(state.hands[side]):
        card = state.card(face)
        if card.window is not window:
            continue
        if card.effect is Effect.KNOCK_DOWN:
            t = p.target_id
            j = state.index.get(t) if t else None
            if j is None or state.figures[j].health <= p.hits:
                continue  # only a figure left standing is knocked down
        out.append(Play(face))
    return out


def answer_plays(state: CowboysState, side: int, announcement: str) -> list[Play]:
    """Cards ``side`` may play just after an opponent announces
    ``announcement`` (``move``, ``fire``, ``reload``, ``fist_fight`` or
    ``card``; CW-C5)."""
    if state.opp_used[side]:
        return []
    return [
        Play(face)
        for face in _distinct(state.hands[side])
        if state.card(face).answers(announcement)
    ]
