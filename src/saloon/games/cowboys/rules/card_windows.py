"""The card windows: an action announced and the answers to it, a card played and its effect.

Cowboys rulebook, Card Play: the acting side announces a figure's action;
each other side in turn may answer it with a card (which may cancel it), or
answer a card with one that cancels the card; the acting side may play a
card of its own at the start of an action, before a shot or after a hit;
one card a side in its own part and one in the others'. A card that is not
cancelled takes effect (CW-C12). Rulings: the order of the windows
(CW-T15), the effects in detail (CW-T16), a move that counts on a Run card
(CW-T6). Which cards may be played, and on what: :mod:`.cards_play`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.games.cowboys.actions import Act, Draw, Move, Play, Wait
from saloon.games.cowboys.cards import Effect, effect_words
from saloon.games.cowboys.rules import damage_cards
from saloon.games.cowboys.rules.cards_play import (
    acting_side,
    asked_to_answer,
    mark_used,
    runs_for,
)
from saloon.games.cowboys.rules.execute import finish
from saloon.games.cowboys.rules.figures import COWBOY_HEALTH
from saloon.games.cowboys.rules.legal_moves import run_needed
from saloon.games.cowboys.rules.phase import Pending
from saloon.games.cowboys.rules.shots import firing_weapon
from saloon.games.cowboys.rules.victory import check_winner

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState


def announce(state: CowboysState, act: Act) -> None:
    """The acting side announces figure's action ``act``: the other sides'
    window opens (CW-T15). ``wait`` is not announced: the figure has
    acted. A move that needs a Run card's points is marked with how many
    (CW-T6), and every seat learns that the side holds such a card."""
    i = state.index[act.fig]
    f = state.figures[i]
    if isinstance(act, Wait):
        state.figures[i] = replace(f, actions=f.actions - 1)
        state.say("wait", f"{f.label} does nothing this turn.", state.active)
        check_winner(state)
        return
    need_run = run_needed(state, i, act) if isinstance(act, Move) else 0
    if need_run:
        claim(state, state.active, need_run)
    state.pending = Pending(act, need_run=need_run)
    state.say(
        "announce",
        f"{state.the(state.active, True)} {state.agree(state.active, 'announces', 'announce')}: "
        f"{state.describe_action(act)}.",
        state.active,
    )
    open_answers(state, act.kind)


def claim(state: CowboysState, side: int, points: int) -> None:
    """Every seat now knows that ``side`` holds a Run card of at least
    ``points`` points (a move announced that needs one, CW-T6); it holds
    one until it plays a Run card that big (:func:`_spend`). A redeal of
    the hidden cards keeps it so (:mod:`.redeal`)."""
    if (side, points) not in state.run_claims:
        state.run_claims = (*state.run_claims, (side, points))


def open_answers(state: CowboysState, kind: str) -> None:
    """The other sides, in turn order after the acting side (in a reaction
    shot, the reacting side: CW-O6), are asked
    whether they answer ``kind`` (an action's kind, or ``card``): each that
    may still play its card of the others' actions, whatever it holds
    (CW-T15), so that being asked tells no one what a side holds."""
    n = state.num_players
    by = acting_side(state)
    queue = []
    for k in range(1, n):
        side = (by + k) % n
        if asked_to_answer(state, side, kind):
            queue.append(side)
    state.answer_queue = tuple(queue)
    state.answering = kind


def _spend(state: CowboysState, side: int, face: str) -> None:
    """``face`` leaves ``side``'s hand for the played cards (and is no
    longer shown to anyone); with Variable Damage it goes under the unused
    deck (CW-V12)."""
    hand = list(state.hands[side])
    hand.remove(face)
    state.hands[side] = tuple(hand)
    state.played.append((side, face))
    state.known = [k - {face} for k in state.known]
    card = state.card(face)
    if state.run_claims and card.effect is Effect.RUN:
        # A Run card as big as a claim settles it: the side need hold no other.
        state.run_claims = tuple(
            (s, n) for s, n in state.run_claims if s != side or not runs_for(card, n)
        )
    if state.rule("variable_damage"):
        damage_cards.return_card(state, face)


def answer(state: CowboysState, action: Action) -> None:
    """An answering side plays a card or passes. A card answering a card
    cancels it; one answering an action cancels it (a Misfire jams the
    shot, and may jam the weapon until it is reloaded). The first card
    played closes the window."""
    side = state.answer_queue[0]
    if not isinstance(action, Play):
        state.answer_queue = state.answer_queue[1:]
        return
    state.answer_queue = ()
    mark_used(state, side)
    _spend(state, side, action.card)
    card = state.card(action.card)
    p = state.pending
    assert p is not None
    who = f"{state.the(side, True)} {state.agree(side, 'plays', 'play')}"
    if state.answering == "card":
        state.say(
            "card",
            f"{who} {action.card} ({card.name}): {p.card} "
            f"({state.card(p.card or '').name}) "
            "has no effect.",
            side,
        )
        state.pending = replace(p, card=None, card_target=None, run=0)
        return
    i = state.index[p.act.fig]
    f = state.figures[i]
    if card.effect is Effect.JAM:
        text = f"{who} {action.card} ({card.name}): {f.short}'s shot is lost, no round spent"
        if card.flag("until_reload"):
            held = firing_weapon(
                f,
                "draw" if isinstance(p.act, Draw) else "shoot",
                armed=state.rule("draw_while_armed"),
            )
            if held is not None:
                state.figures[i] = f.with_weapon(replace(held, jammed=True))
                text += f", and his {held.weapon} is jammed until reloaded"
        state.say("card", text + ".", side)
    else:
        state.say(
            "card",
            f"{who} {action.card} ({card.name}): {f.short}'s action is cancelled.",
            side,
        )
    finish(state, p)


def play_own(state: CowboysState, play: Play, p: Pending) -> None:
    """The acting side plays a card of its own in one of its windows
    (``p`` goes on to the stage after it); the other sides may cancel it
    before it takes effect (CW-T15)."""
    side = acting_side(state)
    mark_used(state, side)
    _spend(state, side, play.card)
    card = state.card(play.card)
    aim = f" on {target_words(state, play.target)}" if play.target else ""
    plays = f"{state.the(side, True)} {state.agree(side, 'plays', 'play')}"
    state.say(
        "card",
        f"{plays} {play.card} ({card.name}: {effect_words(card)}){aim}.",
        side,
    )
    state.pending = replace(p, card=play.card, card_target=play.target)
    open_answers(state, "card")


def target_words(state: CowboysState, target: str) -> str:
    """How the log names a card's target: a figure, a horse, a side, or
    what it names (a weapon slot)."""
    if target[0] in "CTH" and target[1:].isdigit():
        return state.name_of(target)
    if target[0] == "s" and target[1:].isdigit():
        return state.the(int(target[1:]) - 1)
    return f"the {target}"


def card_effect(state: CowboysState, p: Pending) -> None:
    """A card that was not cancelled takes effect (CW-C12)."""
    assert p.card is not None
    card = state.card(p.card)
    t = p.card_target
    p = replace(p, card=None, card_target=None)
    state.pending = p
    e = card.effect
    side = acting_side(state)
    i = state.index[p.act.fig]
    if e is Effect.LASTING_BONUS and t:
        j = state.index[t]
        g = state.figures[j]
        state.figures[j] = replace(g, bonus=g.bonus + card.number("bonus"))
        state.say(
            "card",
            f"{g.short} shoots at {state.figures[j].bonus:+d} for the rest of the scenario.",
            side,
        )
    elif e is Effect.DOUBLE_ACTION:
        f = state.figures[i]
        state.figures[i] = replace(f, actions=f.actions + 1)
        state.say("card", f"{f.short} may take another move or shoot action this turn.", side)
    elif e is Effect.SHOT_BONUS:
        bonus = card.number("bonus")
        state.pending = replace(
            p,
            shot_bonus=p.shot_bonus + bonus,
            shot_cards=(*p.shot_cards, (card.name or str(card), bonus)),
        )
    elif e is Effect.ACTION_BONUS:
        bonus = card.number("bonus")
        state.pending = replace(
            p,
            action_bonus=p.action_bonus + bonus,
            action_cards=(*p.action_cards, (card.name or str(card), bonus)),
        )
    elif e is Effect.DAMAGE_MULTIPLIER:
        state.pending = replace(p, factor=p.factor * card.number("factor"))
    elif e is Effect.KNOCK_DOWN:
        state.pending = replace(p, knock=True)
    elif e is Effect.RUN:
        state.pending = replace(p, run=p.run + card.number("squares"))
        state.say(
            "card",
            f"{state.figures[i].short} has {card.number('squares')} more movement points "
            "for this move.",
            side,
        )
    elif e is Effect.LOOK_HAND:
        other = int(t[1:]) - 1 if t else next(s for s in range(state.num_players) if s != side)
        state.known[side] = state.known[side] | frozenset(state.hands[other])
        cards = ", ".join(f"{c} ({state.card(c).name})" for c in state.hands[other]) or "no cards"
        state.say("card", f"{state.owner(other, True)} hand: {cards}.", side, (side,))
        looks = state.agree(side, "looks", "look")
        state.say("card", f"{state.the(side, True)} {looks} at {state.owner(other)} hand.", side)
    elif e is Effect.SPEED_LOAD:
        f = state.figures[i]
        for h in f.weapons:
            if (t is None or h.slot == t) and (not h.full or h.jammed):
                state.say(
                    "card",
                    f"{f.short}'s {h.weapon}: {h.ammo} → {h.weapon.capacity} rounds.",
                    side,
                )
                f = f.with_weapon(replace(h, ammo=h.weapon.capacity, jammed=False))
        state.figures[i] = f
    elif e is Effect.HEAL and t:
        j = state.index[t]
        g = state.figures[j]
        health = min(COWBOY_HEALTH, g.health + card.number("health"))
        state.figures[j] = replace(g, health=health)
        state.say(
            "card",
            f"{g.short}: {g.health} → {health} health (movement {state.figures[j].movement}).",
            side,
        )
    elif e is Effect.ALLY and t:
        state.resume = p
        state.pending = None
        state.ally = t
