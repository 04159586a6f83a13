"""Two homebrews of Part IV, Suggestions: the Mercenary Cube and Melee Mode.

**Mercenary Cube** (house rule ``mercenary_cube``; the rulebook's whole
rule: four gold turn someone's Cash Cube against him; rulings DG-R55,
DG-R56). In his own turn, outside a round of combat, anywhere (a Cube is
hired from anywhere: Part I, Cash Cube), a player pays four coins to turn
an opponent's deployed Cash Cube: from then on it works for the payer (it
:func:`~.board.master`), so it engages its owner like any other player's
Cube (no stealth past it, engaged on entering its space and when his turn
begins there: Part I, Cash Cube) and every other hero but the payer's team,
and spares the payer. It stays where it is; only its owner moves it, and
his rehiring it (two coins, to any numbered space, its own included)
makes it his again; slain, it goes back to its owner as any Cube does. A
turned Cube cannot be turned again, nor one's own or an ally's. Paying
for a Cube one is engaged with ends that engagement (the others stand).

**Melee Mode** (house rule ``melee``; the rulebook: heroes in the same
space may fight each other besides the enemies; the loser of a round is
transported to a random space; rulings DG-R57 to DG-R59). In his own turn,
outside a round and not engaged with an enemy, the active hero may attack
an opponent's hero in his numbered space (never the Village, never the
Styx), each at most once a turn. Like a fight it is not an action. Both
heroes roll their natural die (the D6, or a chib's die) at once, with no
card, potion, skill or Dogmud and no window: the higher roll wins; a tie
goes to the higher strength, and with equal strength to the hero attacked.
The loser is sent to a random numbered space by the map's die (a chance
node; a roll of his own space leaves him there) as a card sends a hero:
for the active hero an entry (a Cash Cube there engages him). He loses no
HP and the winner gains nothing: the rulebook names the transport alone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from saloon.core.action import Outcome
from saloon.games.dungeons.actions import CombatRoll
from saloon.games.dungeons.rules import board, common, stealth
from saloon.games.dungeons.rules.agenda import Chance, push, uniform

if TYPE_CHECKING:
    from collections.abc import Hashable

    from saloon.games.dungeons.rules.state import DungeonsState

#: What turning a Cube costs (Part IV, Suggestions, Mercenary Cube: "four gold").
MERCENARY_PRICE = 4


# -- the Mercenary Cube ---------------------------------------------------------------------


def _in_turn(s: DungeonsState, seat: int) -> bool:
    t = s.turn
    return t is not None and t.seat == seat and s.fight is None and not s.heroes[seat].dead


def turnable(s: DungeonsState, seat: int) -> list[int]:
    """The owners (seats) whose Cube ``seat`` could turn, coins aside: an
    opponent's deployed Cube that works for its owner still."""
    out = []
    for other in range(s.num_players):
        if s.teams[other] == s.teams[seat]:
            continue
        cube = board.cube_of(s, other)
        if cube is not None and cube.serves is None:
            out.append(other)
    return out


def mercenary_targets(s: DungeonsState, seat: int) -> list[int]:
    """The owners whose Cube ``seat`` may turn now (ruling DG-R55)."""
    if not s.options.house("mercenary_cube") or not _in_turn(s, seat):
        return []
    if s.heroes[seat].coins < MERCENARY_PRICE:
        return []
    return turnable(s, seat)


def turn_cube(s: DungeonsState, seat: int, owner: int) -> None:
    """The coins paid; the owner's Cube works for ``seat`` now."""
    cube = board.cube_of(s, owner)
    assert cube is not None
    common.pay(s, seat, MERCENARY_PRICE)
    s.set_enemy(replace(cube, serves=seat))
    s.say(
        "cube",
        f"{s.name(seat)} pays {common.count(MERCENARY_PRICE, 'coin')} to turn "
        f"{s.name(owner)}'s Cash Cube at {board.space_words(s, cube.space)} against "
        f"{s.name(owner)}: it now works for {s.name(seat)}.",
        seat,
    )
    t = s.turn
    if t is not None and cube.uid in t.engaged:
        board.forget(s, cube.uid)
        s.say("disengage", f"The Cube no longer threatens {s.name(seat)}.", seat)


def reclaim(s: DungeonsState, owner: int) -> None:
    """Rehired by its owner, a turned Cube is his again (ruling DG-R56)."""
    cube = board.cube_of(s, owner)
    if cube is not None and cube.serves is not None:
        s.set_enemy(replace(cube, serves=None))


# -- Melee Mode ----------------------------------------------------------------------------


def _busy(s: DungeonsState, seat: int) -> bool:
    """Engaged with an enemy still on the board."""
    t = s.turn
    return t is not None and any(s.find_enemy(u) is not None for u in t.engaged)


def melee_targets(s: DungeonsState, seat: int) -> list[int]:
    """The heroes ``seat`` may attack in melee now (ruling DG-R57)."""
    if not s.options.house("melee") or not _in_turn(s, seat) or _busy(s, seat):
        return []
    t = s.turn
    assert t is not None
    here = s.heroes[seat].space
    if here <= 0:
        return []
    return [
        h.seat
        for h in s.heroes
        if h.seat != seat
        and h.space == here
        and s.teams[h.seat] != s.teams[seat]
        and h.seat not in t.meleed
    ]


def attacker_wins(s: DungeonsState, attacker: int, defender: int, mine: int, theirs: int) -> bool:
    """The higher roll; a tie to the higher strength, an even one to the
    hero attacked (ruling DG-R58)."""
    if mine != theirs:
        return mine > theirs
    return s.heroes[attacker].stat("strength") > s.heroes[defender].stat("strength")


def melee_odds(s: DungeonsState, attacker: int, defender: int) -> Fraction:
    """The attacker's chance to win the round, exact.

    Each rolls his natural die (:func:`~.stealth.natural_die`)."""
    da, dd = stealth.natural_die(s, attacker), stealth.natural_die(s, defender)
    wins = sum(
        attacker_wins(s, attacker, defender, x, y)
        for x in range(1, da + 1)
        for y in range(1, dd + 1)
    )
    return Fraction(wins, da * dd)


def tie_rule_words(s: DungeonsState, attacker: int, defender: int) -> str:
    """Who a tie goes to, and why."""
    mine = s.heroes[attacker].stat("strength")
    theirs = s.heroes[defender].stat("strength")
    if mine > theirs:
        return f"a tie goes to {s.name(attacker)} (strength {mine} against {theirs})"
    if mine < theirs:
        return f"a tie goes to {s.name(defender)} (strength {theirs} against {mine})"
    return f"a tie goes to {s.name(defender)}, attacked (strength {mine} each)"


def start_melee(s: DungeonsState, seat: int, other: int) -> None:
    """The declaration: not an action; then the roll."""
    t = s.turn
    assert t is not None
    s.turn = replace(t, meleed=(*t.meleed, other))
    da, dd = stealth.natural_die(s, seat), stealth.natural_die(s, other)
    s.say(
        "melee",
        f"{s.name(seat)} attacks {s.name(other)} in melee (d{da} against d{dd}; "
        f"{tie_rule_words(s, seat, other)}).",
        seat,
    )
    push(s, MeleeRoll(seat, other))


@dataclass(frozen=True, slots=True)
class MeleeRoll(Chance):
    """A melee round's dice: the attacker's natural die, then the
    defender's (``roll 5 vs 3``), rolled together."""

    seat: int
    other: int

    def kind(self, s: DungeonsState) -> Hashable:
        return ("MeleeRoll", self.seat)

    def _dice(self, s: DungeonsState) -> tuple[int, int]:
        return stealth.natural_die(s, self.seat), stealth.natural_die(s, self.other)

    def outcomes(self, s: DungeonsState) -> list[tuple[Outcome, float]]:
        da, dd = self._dice(s)
        return uniform([CombatRoll((x,), y) for x in range(1, da + 1) for y in range(1, dd + 1)])

    def possible(self, s: DungeonsState, outcome: Outcome) -> bool:
        da, dd = self._dice(s)
        return (
            isinstance(outcome, CombatRoll)
            and len(outcome.hero) == 1
            and 1 <= outcome.hero[0] <= da
            and 1 <= outcome.enemy <= dd
        )

    def sample(self, s: DungeonsState, rng: np.random.Generator) -> Outcome:
        da, dd = self._dice(s)
        return CombatRoll((int(rng.integers(1, da + 1)),), int(rng.integers(1, dd + 1)))

    def prompt(self, s: DungeonsState) -> str:
        da, dd = self._dice(s)
        return f"{s.name(self.seat)}'s d{da} vs {s.name(self.other)}'s d{dd} (e.g. roll 4 vs 3)"

    def answer(self, s: DungeonsState, outcome: Outcome) -> None:
        assert isinstance(outcome, CombatRoll)
        mine, theirs = outcome.hero[0], outcome.enemy
        won = attacker_wins(s, self.seat, self.other, mine, theirs)
        winner, loser = (self.seat, self.other) if won else (self.other, self.seat)
        tie = f"; {tie_rule_words(s, self.seat, self.other)}" if mine == theirs else ""
        s.say(
            "melee",
            f"The melee: {s.name(self.seat)} {mine} against {s.name(self.other)} {theirs}"
            f"{tie}. {s.name(winner)} wins; {s.name(loser)} is transported to a random space.",
        )
        push(s, board.MapDie(then="send", seat=loser))


# -- refusals ---------------------------------------------------------------------------------


def _player(s: DungeonsState, seat: int, you: int) -> str:
    """Why ``seat`` names no other player, or ``""``."""
    if not 0 <= seat < s.num_players:
        return f"there is no player {seat + 1}: the players are 1 to {s.num_players}"
    if seat == you:
        return "that is you"
    return ""


def mercenary_reason(s: DungeonsState, seat: int, owner: int) -> str:
    """Why ``seat`` may not turn ``owner``'s Cube now (ruling DG-R55)."""
    rule = "(Part IV, Suggestions, Mercenary Cube; ruling DG-R55)"
    if not s.options.house("mercenary_cube"):
        return "the Mercenary Cube house rule is not in play (option house_rules=mercenary_cube)"
    who = _player(s, owner, seat)
    if who == "that is you":
        return f"a Cube is turned against its owner, and this one is yours {rule}"
    if who:
        return who
    if s.fight is not None:
        return f"a round of combat is under way: turn a Cube before or after it {rule}"
    if s.teams[owner] == s.teams[seat]:
        return f"{s.name(owner)} is your ally: only an opponent's Cube can be turned {rule}"
    cube = board.cube_of(s, owner)
    if cube is None:
        return f"{s.name(owner)} has no Cash Cube on the board to turn {rule}"
    if cube.serves is not None:
        return (
            f"{s.name(owner)}'s Cube already works for {s.name(cube.serves)}: a turned Cube "
            f"stays so until it is slain or its owner rehires it {rule}"
        )
    coins = s.heroes[seat].coins
    if coins < MERCENARY_PRICE:
        return f"turning a Cube costs {MERCENARY_PRICE} coins and you have {coins} {rule}"
    return ""


def melee_reason(s: DungeonsState, seat: int, other: int) -> str:
    """Why ``seat`` may not attack ``other`` in melee now (ruling DG-R57)."""
    rule = "(Part IV, Suggestions, Melee Mode; ruling DG-R57)"
    if not s.options.house("melee"):
        return "the Melee Mode house rule is not in play (option house_rules=melee)"
    who = _player(s, other, seat)
    if who == "that is you":
        return "a hero does not fight himself"
    if who:
        return who
    if s.fight is not None:
        return f"a round of combat is under way: a melee comes after it {rule}"
    if _busy(s, seat):
        return f"you are engaged with an enemy: fight it or escape before a melee {rule}"
    here = s.heroes[seat].space
    if here <= 0:
        where = "the Village" if s.heroes[seat].in_village else "the Styx"
        return f"no melee in {where}: heroes fight each other only in a numbered space {rule}"
    if s.teams[other] == s.teams[seat]:
        return f"{s.name(other)} is your ally: melee is between opponents {rule}"
    if s.heroes[other].space != here:
        return (
            f"{s.name(other)} is in {board.space_words(s, s.heroes[other].space)}, not in your "
            f"space: heroes fight each other in the same space {rule}"
        )
    t = s.turn
    if t is not None and other in t.meleed:
        return f"you fought {s.name(other)} in melee this turn already: once a turn each {rule}"
    return ""
