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
from saloon.games.cowboys.cards import Effect
from saloon.games.cowboys.rules.cards_play import answer_plays
from saloon.games.cowboys.rules.figures import COWBOY_HEALTH
from saloon.games.cowboys.rules.phase import Pending
from saloon.games.cowboys.rules.shots import firing_weapon

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState


def _announce(self: CowboysState, act: Act) -> None:
    i = self.index[act.fig]
    f = self.figures[i]
    if isinstance(act, Wait):
        self.figures[i] = replace(f, actions=f.actions - 1)
        self._log("wait", f"{f.label} does nothing this turn.", self.active)
        self._check_winner()
        return
    need_run = False
    if isinstance(act, Move):
        opts = self.move_options(i)
        if act.off:
            need_run = (act.facing, act.ride) not in opts.exits
        else:
            need_run = (self.square_of(act.dest), act.ride) not in opts.ends
    self.pending = Pending(act, need_run=need_run)
    self._log(
        "announce",
        f"{self.side_name(self.active)} announces: {self.describe_action(act)}.",
        self.active,
    )
    self._open_answers(act.kind)


def _open_answers(self: CowboysState, kind: str) -> None:
    n = self.num_players
    queue = []
    for k in range(1, n):
        side = (self.active + k) % n
        if answer_plays(self, side, kind):
            queue.append(side)
    self.answer_queue = tuple(queue)
    self.answering = kind


def _spend(self: CowboysState, side: int, face: str) -> None:
    hand = list(self.hands[side])
    hand.remove(face)
    self.hands[side] = tuple(hand)
    self.played.append((side, face))
    self.known = [k - {face} for k in self.known]


def _answer(self: CowboysState, action: Action) -> None:
    side = self.answer_queue[0]
    if not isinstance(action, Play):
        self.answer_queue = self.answer_queue[1:]
        return
    self.answer_queue = ()
    self.opp_used[side] = True
    self._spend(side, action.card)
    card = self.card(action.card)
    p = self.pending
    assert p is not None
    who = self.side_name(side)
    if self.answering == "card":
        self._log(
            "card",
            f"{who} plays {action.card} ({card.name}): {p.card} "
            f"({self.card(p.card or '').name}) "
            "has no effect.",
            side,
        )
        self.pending = replace(p, card=None, card_target=None, run=0)
        return
    i = self.index[p.act.fig]
    f = self.figures[i]
    if card.effect is Effect.JAM:
        text = f"{who} plays {action.card} ({card.name}): {f.short}'s shot is lost, no round spent"
        if card.flag("until_reload"):
            held = firing_weapon(f, "draw" if isinstance(p.act, Draw) else "shoot")
            if held is not None:
                self.figures[i] = f.with_weapon(replace(held, jammed=True))
                text += f", and his {held.weapon} is jammed until reloaded"
        self._log("card", text + ".", side)
    else:
        self._log(
            "card",
            f"{who} plays {action.card} ({card.name}): {f.short}'s action is cancelled.",
            side,
        )
    self._finish(p)


def _play_own(self: CowboysState, play: Play, p: Pending) -> None:
    side = self.active
    self.own_used[side] = True
    self._spend(side, play.card)
    card = self.card(play.card)
    aim = f" on {self._target_words(play.target)}" if play.target else ""
    self._log("card", f"{self.side_name(side)} plays {play.card} ({card.name}){aim}.", side)
    self.pending = replace(p, card=play.card, card_target=play.target)
    self._open_answers("card")


def _target_words(self: CowboysState, target: str) -> str:
    if target[0] in "CTH" and target[1:].isdigit():
        return self.name_of(target)
    if target[0] == "s" and target[1:].isdigit():
        return self.side_name(int(target[1:]) - 1)
    return f"the {target}"


def _card_effect(self: CowboysState, p: Pending) -> None:
    """A card that was not cancelled takes effect (CW-C12)."""
    assert p.card is not None
    card = self.card(p.card)
    t = p.card_target
    p = replace(p, card=None, card_target=None)
    self.pending = p
    e = card.effect
    side = self.active
    i = self.index[p.act.fig]
    if e is Effect.LASTING_BONUS and t:
        j = self.index[t]
        g = self.figures[j]
        self.figures[j] = replace(g, bonus=g.bonus + card.number("bonus"))
        self._log(
            "card",
            f"{g.short} shoots at {self.figures[j].bonus:+d} for the rest of the scenario.",
            side,
        )
    elif e is Effect.DOUBLE_ACTION:
        f = self.figures[i]
        self.figures[i] = replace(f, actions=f.actions + 1)
        self._log("card", f"{f.short} may take another move or shoot action this turn.", side)
    elif e is Effect.SHOT_BONUS:
        self.pending = replace(p, shot_bonus=p.shot_bonus + card.number("bonus"))
    elif e is Effect.ACTION_BONUS:
        self.pending = replace(p, action_bonus=p.action_bonus + card.number("bonus"))
    elif e is Effect.DAMAGE_MULTIPLIER:
        self.pending = replace(p, factor=p.factor * card.number("factor"))
    elif e is Effect.KNOCK_DOWN:
        self.pending = replace(p, knock=True)
    elif e is Effect.RUN:
        self.pending = replace(p, run=p.run + card.number("squares"))
        self._log(
            "card",
            f"{self.figures[i].short} has {card.number('squares')} more movement points "
            "for this move.",
            side,
        )
    elif e is Effect.LOOK_HAND:
        other = int(t[1:]) - 1 if t else next(s for s in range(self.num_players) if s != side)
        self.known[side] = self.known[side] | frozenset(self.hands[other])
        cards = ", ".join(f"{c} ({self.card(c).name})" for c in self.hands[other]) or "no cards"
        self._log("card", f"{self.side_name(other)}'s hand: {cards}.", side, (side,))
        self._log("card", f"{self.side_name(side)} looks at {self.side_name(other)}'s hand.", side)
    elif e is Effect.SPEED_LOAD:
        f = self.figures[i]
        for h in f.weapons:
            if (t is None or h.slot == t) and (not h.full or h.jammed):
                self._log(
                    "card",
                    f"{f.short}'s {h.weapon}: {h.ammo} → {h.weapon.capacity} rounds.",
                    side,
                )
                f = f.with_weapon(replace(h, ammo=h.weapon.capacity, jammed=False))
        self.figures[i] = f
    elif e is Effect.HEAL and t:
        j = self.index[t]
        g = self.figures[j]
        health = min(COWBOY_HEALTH, g.health + card.number("health"))
        self.figures[j] = replace(g, health=health)
        self._log(
            "card",
            f"{g.short}: {g.health} → {health} health (movement {self.figures[j].movement}).",
            side,
        )
    elif e is Effect.ALLY and t:
        self.resume = p
        self.pending = None
        self.ally = t
