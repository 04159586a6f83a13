"""Heroes moving: the move action, Rent a Horse, entering a space, the Village.

Part I, Spending Your Actions (Moving: one space as the arrows allow);
Addenda, Rent a Horse (one more space for a coin, one rental an action;
passing a space with enemies needs a stealth check there: Part I, On
Stealth); Part II, The Village (entering it drops off the backpack's
bounties and heals fully); Part I, Cash Cube (entering a space with another
player's Cube engages it and every enemy there, no stealth); Part IV, The
Werewolf (a Werewolf chib may not enter the Village).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from saloon.games.dungeons.content import STYX, VILLAGE
from saloon.games.dungeons.rules import board, common, stealth
from saloon.games.dungeons.rules.agenda import Step, push

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState


def can_enter(s: DungeonsState, seat: int, space: int) -> bool:
    """Whether ``seat``'s hero may go to ``space``: never the Styx by
    moving; a chib whose chib die is not a D4 (the Werewolf) never the
    Village (Part IV, The D6 Expansion)."""
    if space == STYX:
        return False
    if space == VILLAGE:
        h = s.heroes[seat]
        return not (h.chib and s.hero_class(seat).chib_die != 4)
    return True


def place_hero(s: DungeonsState, seat: int, space: int) -> None:
    """Put a hero on a space without the effects of entering it (a respawn:
    the engagement waits for the turn's start, ruling DG-R18)."""
    s.heroes[seat] = replace(s.heroes[seat], space=space)


def relocate(
    s: DungeonsState, seat: int, space: int, *, entry_check: bool = True, free_move: bool = False
) -> None:
    """``seat``'s hero goes to ``space`` by any means (a move, a ride's
    step, a card, a skill, a potion): the active hero leaves his engagement
    behind (Part I, Enemy Disengagement), then enters the space."""
    if space == STYX:
        from saloon.games.dungeons.rules import rewards

        rewards.die(s, seat, "is sent to the Styx")
        return
    h = s.heroes[seat]
    if h.space == space:
        return
    t = s.turn
    if t is not None and t.seat == seat:
        if t.engaged or s.fight is not None:
            s.say("disengage", f"{s.name(seat)} leaves the fight behind.")
        s.turn = replace(t, engaged=(), foe=None, stealthy_in=None)
        board.end_round(s)
    s.heroes[seat] = replace(h, space=space)
    verb = "moves freely" if free_move else "goes"
    s.say("move", f"{s.name(seat)} {verb} to {board.space_words(s, space)}.", seat)
    arrive(s, seat, space, entry_check=entry_check)


def arrive(s: DungeonsState, seat: int, space: int, *, entry_check: bool = True) -> None:
    """What entering a space does: the Village drops off and heals; another
    player's Cash Cube engages the active hero with everything there; with
    ``stealth=on_entry`` a stealth check (ruling DG-R8)."""
    if space == VILLAGE:
        enter_village(s, seat)
        return
    t = s.turn
    if t is None or t.seat != seat:
        return
    hostile = board.hostile_in(s, seat, space)
    if any(e.is_cube for e in hostile):
        s.turn = replace(t, engaged=tuple(e.uid for e in hostile))
        names = ", ".join(board.enemy_name(s, e) for e in hostile)
        s.say("engage", f"A Cash Cube lies in wait: {s.name(seat)} is engaged with {names}.", seat)
        return
    if entry_check and hostile and s.options.stealth == "on_entry":
        stealth.check(s, seat, then=None, purpose="entry")


def enter_village(s: DungeonsState, seat: int) -> None:
    """Part II, The Village, What You Can Do for Free: the backpack's
    bounties are dropped off (their glory counts as ever), all HP back."""
    h = s.heroes[seat]
    top = s.content.prices.hp
    if h.backpack:
        s.say(
            "drop-off",
            f"{s.name(seat)} drops off {common.count(len(h.backpack), 'bounty card')} "
            "in the Village.",
            seat,
        )
    if h.hp < top:
        s.say("heal", f"{s.name(seat)} heals to {top} HP in the Village.", seat)
    s.heroes[seat] = replace(h, backpack=(), dropped=h.dropped + h.backpack, hp=top)
    if s.options.hides:
        from saloon.games.dungeons.rules import hides

        hides.returned(s, seat, len(h.backpack))


@dataclass(frozen=True, slots=True)
class MoveStep(Step):
    """The move action (its stealth check, if any, is already made)."""

    seat: int
    to: int

    def run(self, s: DungeonsState) -> None:
        relocate(s, self.seat, self.to)


@dataclass(frozen=True, slots=True)
class RideStep(Step):
    """Rent a Horse: through ``via`` to ``to``. In ``via`` another player's
    Cube stops the ride (engaged, the horse and its coin lost); enemies
    there need a stealth check (Part I, On Stealth; ruling DG-R17)."""

    seat: int
    via: int
    to: int

    def run(self, s: DungeonsState) -> None:
        relocate(s, self.seat, self.via, entry_check=False)
        t = s.turn
        if t is None or t.engaged or s.heroes[self.seat].dead:
            s.say("horse", "The horse is lost, and its coin with it.", self.seat)
            return
        if self.via != VILLAGE and board.hostile_in(s, self.seat, self.via):
            stealth.check(s, self.seat, then=RideOn(self.seat, self.to), purpose="ride")
        else:
            relocate(s, self.seat, self.to)


@dataclass(frozen=True, slots=True)
class RideOn(Step):
    """The rest of a ride after a successful stealth check on the way."""

    seat: int
    to: int

    def run(self, s: DungeonsState) -> None:
        relocate(s, self.seat, self.to)


def chib_spaces(s: DungeonsState, seat: int) -> tuple[int, ...]:
    """Where chibbing out may take the hero: an adjacent space he may enter
    (Part I, Chibbing Out)."""
    here = s.heroes[seat].space
    return tuple(sp for sp in board.exits(s, here) if can_enter(s, seat, sp))


def push_move(s: DungeonsState, seat: int, to: int) -> None:
    push(s, MoveStep(seat, to))
