"""Stealth: the check before acting in a space with enemies.

Part I, On Stealth and "Stealthing": a check is a roll of the hero's die
under his stealth stat (a tie fails); before each action in a space with
enemies (ruling DG-R8: on acting, not on entering; ``stealth=on_entry`` adds a
check on entering); a failure forbids the action (it is not spent) and
engages every enemy there; a Cash Cube cannot be stealthed. A chib rolls its
chib die (Part I, Chibbing Out: the D4 makes stealth easier, the
Werewolf's D8 harder). The round rules ``fog`` (+1 to the roll) and
``clear_night`` (-1), a card's ``stealth_bonus`` (taken off the next roll)
and ``auto_stealth`` (the next check succeeds unrolled). A curse castle's
``stealth_roll`` is added to every roll made in its space (Part IV,
Incorporating the Curse Castles: Endless Echoes' +1; ruling DG-R50). Dogmud rerolls the
hero's own die (Addenda, Village Signs; ruling DG-R7). The Quiet Space
house rule keeps a successful check for the space (Part IV, Suggestions).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from saloon.core.action import Action, Outcome
from saloon.games.dungeons.actions import ACCEPT, Dogmud, Roll
from saloon.games.dungeons.rules import board, curses
from saloon.games.dungeons.rules.agenda import Decision, DieRoll, Task, push

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState


def natural_die(s: DungeonsState, seat: int) -> int:
    """The hero's own die: the D6, or his chib's die in chib form."""
    h = s.heroes[seat]
    return s.hero_class(seat).chib_die if h.chib else 6


def needs_check(s: DungeonsState, seat: int) -> bool:
    """Whether an action now needs a stealth check first: enemies in the
    hero's space (not his own Cube), and not already stealthy there under
    Quiet Space."""
    h = s.heroes[seat]
    if h.space <= 0 or not board.hostile_in(s, seat, h.space):
        return False
    t = s.turn
    return not (s.options.house("quiet_space") and t is not None and t.stealthy_in == h.space)


def check(s: DungeonsState, seat: int, then: Task | None, purpose: str) -> None:
    """Start a stealth check; ``then`` happens if it succeeds."""
    h = s.heroes[seat]
    if h.auto_stealth:
        s.heroes[seat] = replace(h, auto_stealth=False)
        s.say("stealth", f"{s.name(seat)} slips by unseen (no roll needed).", seat)
        _success(s, seat, then)
        return
    push(s, StealthRoll(seat, then, purpose))


def _success(s: DungeonsState, seat: int, then: Task | None) -> None:
    t = s.turn
    if s.options.house("quiet_space") and t is not None and t.seat == seat:
        s.turn = replace(t, stealthy_in=s.heroes[seat].space)
    if then is not None:
        push(s, then)


def fail(s: DungeonsState, seat: int, purpose: str) -> None:
    """A failed check: engaged with every enemy in the space (the hero
    picks the order when he fights); no action (ruling DG-R8), until the
    engagement is over (ruling DG-R34)."""
    h = s.heroes[seat]
    hostile = board.hostile_in(s, seat, h.space)
    t = s.turn
    if t is not None and t.seat == seat:
        s.turn = replace(t, engaged=tuple(e.uid for e in hostile))
    names = ", ".join(board.enemy_name(s, e) for e in hostile)
    lost = " The horse bolts: the ride ends here." if purpose == "ride" else ""
    s.say("engage", f"{s.name(seat)} is spotted and engaged with {names}.{lost}", seat)


@dataclass(frozen=True, slots=True)
class StealthRoll(DieRoll):
    """The stealth roll: the hero's die under his stealth stat."""

    seat: int
    then: Task | None
    purpose: str

    def die(self, s: DungeonsState) -> int:
        return natural_die(s, self.seat)

    def prompt(self, s: DungeonsState) -> str:
        d = self.die(s)
        return f"{s.name(self.seat)}'s stealth roll, a d{d} (e.g. d{d} 3)"

    def answer(self, s: DungeonsState, outcome: Outcome) -> None:
        assert isinstance(outcome, Roll)
        h = s.heroes[self.seat]
        mods = []
        total = outcome.face
        if "fog" in s.flags:
            total += 1
            mods.append("+1 fog")
        if "clear_night" in s.flags:
            total -= 1
            mods.append("-1 clear night")
        for name, k in curses.stealth_parts(s, h.space):
            total += k
            mods.append(f"{k:+d} {name}")
        if h.stealth_bonus:
            total -= h.stealth_bonus
            mods.append(f"-{h.stealth_bonus} card")
            s.heroes[self.seat] = h = replace(h, stealth_bonus=0)
        need = h.stat("stealth")
        how = f" {' '.join(mods)} = {total}" if mods else ""
        ok = total < need
        verdict = "under it: unseen." if ok else "not under it (a tie fails): spotted!"
        if not ok and total > need:
            verdict = "not under it: spotted!"
        s.say(
            "stealth",
            f"{s.name(self.seat)}'s stealth check: d{outcome.sides}: {outcome.face}{how} "
            f"against stealth {need}, {verdict}",
            self.seat,
        )
        if ok:
            _success(s, self.seat, self.then)
        elif h.coins >= s.content.prices.dogmud:
            push(s, StealthDogmud(self.seat, self.then, self.purpose))
        else:
            fail(s, self.seat, self.purpose)


@dataclass(frozen=True, slots=True)
class StealthDogmud(Decision):
    """After a failed stealth roll the hero may buy a reroll (Dogmud, 2
    coins) or take the failure (``accept``)."""

    seat: int
    then: Task | None
    purpose: str

    def legal(self, s: DungeonsState) -> list[Action]:
        return [Dogmud(), ACCEPT]

    def prompt(self, s: DungeonsState) -> str:
        return "a failed stealth roll: buy a Dogmud reroll or accept"

    def answer(self, s: DungeonsState, action: Action) -> None:
        if isinstance(action, Dogmud):
            from saloon.games.dungeons.rules import common

            price = s.content.prices.dogmud
            common.pay(s, self.seat, price)
            s.say("dogmud", f"{s.name(self.seat)} buys a Dogmud ({price} coins) and rolls again.")
            push(s, StealthRoll(self.seat, self.then, self.purpose))
        else:
            fail(s, self.seat, self.purpose)
