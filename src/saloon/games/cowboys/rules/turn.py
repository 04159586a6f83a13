"""The sequence of play: the deal, the turns and the sides' parts, and the steps between decisions.

Cowboys rulebook, Game Set Up (the cards dealt), Game Turn (the sides act
in turn, each with all of its figures, one at a time; the turn limit),
Card Play (the windows an action opens); rulings CW-T2 (a side's part),
CW-T3 (losing an action), CW-T15 (the order of the windows), CW-T17
(dealing), CW-T18 (the goals checked when an action is over). Between two
decisions the pending action runs on by itself: its start window, its
execution, the window before each shot, the roll, the window after a hit,
the wounds.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from saloon.games.cowboys.cards import Window
from saloon.games.cowboys.rules.cards_play import shot_plays, start_plays
from saloon.games.cowboys.rules.phase import Pending, Phase
from saloon.games.cowboys.rules.victory import winner_at_limit

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState


def _deal(self: CowboysState, face: str) -> None:
    side = self.deal_queue[0]
    self.deal_queue = self.deal_queue[1:]
    self.deck = tuple(c for c in self.deck if c != face)
    self.hands[side] = self._sorted((*self.hands[side], face))
    card = self.card(face)
    self._log("deal", f"{self.side_name(side)} is dealt {face} ({card.name}).", side, (side,))
    self._log(
        "deal",
        f"{self.side_name(side)} is dealt a card ({len(self.hands[side])} in hand, "
        f"{len(self.deck)} left in the deck).",
        side,
    )
    if not self.deal_queue:
        self._begin()


def _begin(self: CowboysState) -> None:
    """Game Set Up done: turn 1 begins with the first side."""
    self.turn = 1
    self.part = 0
    self.active = self.order[0]
    self._start_turn()
    self._start_part()
    self.phase = Phase.SELECT


def _start_turn(self: CowboysState) -> None:
    n = self.num_players
    self.own_used = [False] * n
    self.opp_used = [False] * n
    self.horses = [replace(h, moved=False) if h.moved else h for h in self.horses]


def _start_part(self: CowboysState) -> None:
    """A side's part of the turn: each standing figure may act once; a
    figure whose horse was killed under him loses this part; a knocked
    down figure may not move in it (CW-T3)."""
    side = self.active
    self.fired = False
    for i, f in enumerate(self.figures):
        if f.side == side:
            self.figures[i] = replace(
                f,
                actions=0 if f.stunned or not f.standing else 1,
                stunned=False,
                no_move=f.knocked,
                knocked=False,
            )
    self._log("turn", f"Turn {self.turn} of {self.setup.turns}: {self.side_name(side)} acts.", side)


def _next_part(self: CowboysState) -> bool:
    """End the acting side's part; the next side acts, or the next turn
    begins, or the last turn is over. False when the game has ended."""
    for i, f in enumerate(self.figures):
        if f.side == self.active and (f.actions or f.no_move):
            self.figures[i] = replace(f, actions=0, no_move=False)
    self.part += 1
    if self.part >= len(self.order):
        if self.turn >= self.setup.turns:
            w = winner_at_limit(self)
            self._over(w, "turn limit")
            return False
        self.turn += 1
        self.part = 0
        self._start_turn()
    self.active = self.order[self.part]
    self._start_part()
    return True


def _can_act(self: CowboysState, side: int) -> bool:
    return any(f.side == side and f.standing and f.actions > 0 for f in self.figures)


def _advance(self: CowboysState) -> None:
    while True:
        if self.phase == Phase.OVER or self.phase == Phase.DEAL:
            return
        if self.answer_queue:
            self.phase = Phase.ANSWER
            return
        p = self.pending
        if p is None:
            if self.ally is not None:
                self.phase = Phase.ALLY
                return
            if self._can_act(self.active):
                self.phase = Phase.SELECT
                return
            if not self._next_part():
                return
            continue
        if p.card is not None:
            self._card_effect(p)
            continue
        stage = p.stage
        if stage == "start":
            if not p.ally and start_plays(self, self.active, p):
                self.phase = Phase.START
                return
            self.pending = replace(p, stage="execute")
        elif stage == "execute":
            self._execute(p)
        elif stage == "before":
            if self._target_down(p):
                left = p.shots - p.shot
                self._log(
                    "shot",
                    f"{self.name_of(p.target_id or '')} is down: the "
                    f"{'shot' if left == 1 else f'{left} shots'} left "
                    f"{'is' if left == 1 else 'are'} spent without a roll.",
                    self.active,
                )
                self._finish(p)
            elif not p.ally and shot_plays(self, self.active, Window.OWN_BEFORE_SHOT, p):
                self.phase = Phase.BEFORE_SHOT
                return
            else:
                self.pending = replace(p, stage="roll")
        elif stage == "roll":
            self.phase = Phase.ROLL
            return
        elif stage == "after":
            if not p.ally and shot_plays(self, self.active, Window.OWN_AFTER_HIT, p):
                self.phase = Phase.AFTER_HIT
                return
            self.pending = replace(p, stage="damage")
        elif stage == "damage":
            self._damage(p)
        else:  # pragma: no cover
            raise AssertionError(stage)


def _target_down(self: CowboysState, p: Pending) -> bool:
    t = p.target_id
    if t is None:
        return False
    if t[0] == "H":
        return not self.horses[self.horse_index[t]].alive
    return not self.figures[self.index[t]].standing
