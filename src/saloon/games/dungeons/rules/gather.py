"""Gathering: the open gather every player collects, the personal gather, the rewards.

Part I, Open Gather (each player collects the reward his own gather board
shows on the active player's D4); Spending Your Actions, Gathering (a
personal gather: the active player alone, one action); Part II, Gather
Rewards: two coins, an Advantage card, Alchemy (place a potion bottle, or
move one), Wild (any of the other three). Ruling DG-R9: the choices are asked
of each player in seat order from the active one, and only when there is a
real choice.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from saloon.core.action import Action, Outcome
from saloon.games.dungeons.actions import PASS, Pick, Roll
from saloon.games.dungeons.rules import cards, common, curses
from saloon.games.dungeons.rules.agenda import Decision, Step, push
from saloon.games.dungeons.rules.reroll import Rerollable

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState

#: What Wild may be turned into (Part II, Gather Rewards: any of the other three).
WILD_CHOICES = ("coins", "advantage", "alchemy")


def reward_of(s: DungeonsState, seat: int, face: int) -> str:
    """The reward on ``seat``'s gather board for a D4 face."""
    return s.gather_board(seat).rewards[face - 1]


@dataclass(frozen=True, slots=True)
class Reward(Step):
    """``seat`` collects ``reward``."""

    seat: int
    reward: str

    def run(self, s: DungeonsState) -> None:
        collect(s, self.seat, self.reward)


def collect(s: DungeonsState, seat: int, reward: str) -> None:
    who = s.name(seat)
    if reward == "coins":
        took, asked, cursed = curses.earn(s, seat, common.GATHER_COINS)
        got = common.gain_words(s, seat, took, asked, verb="gathers", why=cursed)
        s.say("gather", f"{who} {got}.", seat)
    elif reward == "advantage":
        s.say("gather", f"{who} gathers an Advantage card.", seat)
        push(s, cards.DrawCard(seat, "advantage"))
    elif reward == "alchemy":
        s.say("gather", f"{who} gathers Alchemy.", seat)
        alchemy(s, seat)
    elif reward == "companion":
        from saloon.games.dungeons.rules import companions

        companions.gather_reward(s, seat)
    else:
        s.say("gather", f"{who} gathers Wild: any reward.", seat)
        push(s, WildChoice(seat))


def wild_choices(s: DungeonsState, seat: int) -> tuple[str, ...]:
    """Wild's rewards: the other three of the board (on the red-dot board the
    companion in place of the Advantage card: Part III, Companions)."""
    if "companion" in s.gather_board(seat).rewards:
        return tuple("companion" if r == "advantage" else r for r in WILD_CHOICES)
    return WILD_CHOICES


@dataclass(frozen=True, slots=True)
class WildChoice(Decision):
    """Wild: the player picks coins, an Advantage card or Alchemy."""

    seat: int

    def legal(self, s: DungeonsState) -> list[Action]:
        return [Pick("take", r) for r in wild_choices(s, self.seat)]

    def prompt(self, s: DungeonsState) -> str:
        names = {"coins": "coins", "advantage": "an Advantage card", "alchemy": "Alchemy"}
        names["companion"] = "the companion"
        picks = [names.get(r, r) for r in wild_choices(s, self.seat)]
        return f"Wild: take {', '.join(picks[:-1])} or {picks[-1]}"

    def answer(self, s: DungeonsState, action: Action) -> None:
        assert isinstance(action, Pick)
        collect(s, self.seat, action.value)


def alchemy_options(s: DungeonsState, seat: int) -> list[Action]:
    """Alchemy's choices: a bottle onto an empty potion of the board (while
    a bottle is free), or a placed bottle moved to another potion (Part II,
    Gather Rewards, Alchemy; one bottle a potion); ``pass`` (keep them)
    once both bottles are placed."""
    h = s.heroes[seat]
    free = [p for p in s.gather_board(seat).potions if p not in h.potions]
    out: list[Action] = []
    if len(h.potions) < 2:
        out += [Pick("potion", p) for p in free]
    for old in h.potions:
        out += [Pick("potion", f"{p} from {old}") for p in free]
    if len(h.potions) >= 2 or not out:
        out.append(PASS)
    return out


def alchemy(s: DungeonsState, seat: int) -> None:
    """Fill a potion: asked if there is a choice, done at once if not."""
    options = alchemy_options(s, seat)
    if len(options) == 1:
        _apply_alchemy(s, seat, options[0])
    else:
        push(s, AlchemyChoice(seat))


@dataclass(frozen=True, slots=True)
class AlchemyChoice(Decision):
    """Alchemy: which potion to fill (see :func:`alchemy_options`)."""

    seat: int

    def legal(self, s: DungeonsState) -> list[Action]:
        return alchemy_options(s, self.seat)

    def prompt(self, s: DungeonsState) -> str:
        return "Alchemy: place a potion bottle"

    def answer(self, s: DungeonsState, action: Action) -> None:
        _apply_alchemy(s, self.seat, action)


def _apply_alchemy(s: DungeonsState, seat: int, action: Action) -> None:
    h = s.heroes[seat]
    if not isinstance(action, Pick):
        s.say("alchemy", f"{s.name(seat)} keeps the potions as they are.", seat)
        return
    new, _, old = action.value.partition(" from ")
    potions = [p for p in h.potions if p != old] + [new]
    s.heroes[seat] = replace(h, potions=tuple(sorted(potions)))
    name = s.content.potions[new].name
    if old:
        s.say("alchemy", f"{s.name(seat)} moves a bottle to {name}.", seat)
    else:
        s.say("alchemy", f"{s.name(seat)} fills {name}.", seat)


@dataclass(frozen=True, slots=True)
class GatherDie(Rerollable):
    """The D4 of a gather: ``seat``'s personal gather (his own die: with
    ``dogmud=any`` he may buy it again, :mod:`.reroll`), or with ``open`` an
    open gather rolled by ``seat`` that every player collects (a GM
    event's, a card's: the table's roll, never rerolled)."""

    seat: int
    open: bool = False

    def die(self, s: DungeonsState) -> int:
        return 4

    def prompt(self, s: DungeonsState) -> str:
        return "the gather's D4 (e.g. d4 2)"

    def what(self, s: DungeonsState) -> str:
        return "the gather's D4"

    def say(self, s: DungeonsState, face: int) -> None:
        s.say("gather", f"{s.name(self.seat)}'s gather D4 shows {face}.", self.seat)

    def settle(self, s: DungeonsState, face: int) -> None:
        push(s, Reward(self.seat, reward_of(s, self.seat, face)))

    def answer(self, s: DungeonsState, outcome: Outcome) -> None:
        assert isinstance(outcome, Roll)
        if self.open:
            s.say("gather", f"The open gather's D4 shows {outcome.face}.")
            open_gather(s, outcome.face, self.seat)
        else:
            Rerollable.answer(self, s, outcome)


def open_gather(s: DungeonsState, face: int, first: int) -> None:
    """Every player, in seat order from ``first``, collects his board's
    reward for ``face`` (ruling DG-R9)."""
    n = s.num_players
    seats = [(first + k) % n for k in range(n)]
    push(s, *(Reward(seat, reward_of(s, seat, face)) for seat in seats))
