"""Dogmud on the hero's other dice (the option ``dogmud=any``).

Addenda, Village Signs, Dogmud: for two coins a hero rerolls any one of
his own dice during his turn, as often as he can pay. Saloon's reading
(ruling DG-R7) keeps Dogmud to the dice that decide something against him:
the combat roll (:mod:`.combat`) and a failed stealth roll (:mod:`.stealth`).
The other reading, ``dogmud=any``, lets him reroll his other dice in his
turn too: the D4 of his personal gather and the Fountain of You's D6. The
turn's first roll (the spawn die and the open gather's D4) is the table's
roll, not his: every player collects from it, so it is never rerolled.

A die that may be rerolled is a :class:`Rerollable` roll: it says its face,
then either settles it at once or, when the hero may buy a reroll, asks
him first (:class:`RollDogmud`: ``dogmud`` or ``accept``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from saloon.core.action import Action, Outcome
from saloon.games.dungeons.actions import ACCEPT, Dogmud, Roll
from saloon.games.dungeons.rules.agenda import Decision, DieRoll, push

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState


class Rerollable(DieRoll):
    """A roll of the hero's own die that ``dogmud=any`` lets him buy again.

    Subclasses name the die (:meth:`what`), the roller (``seat``) and what
    the face does (:meth:`settle`); :meth:`answer` says the face and settles
    it, or offers the reroll first.
    """

    __slots__ = ()
    seat: int

    def what(self, s: DungeonsState) -> str:
        """The die in words (``your gather D4``)."""
        raise NotImplementedError

    def say(self, s: DungeonsState, face: int) -> None:
        """The roll in the log."""
        raise NotImplementedError

    def settle(self, s: DungeonsState, face: int) -> None:
        """What the face does."""
        raise NotImplementedError

    def answer(self, s: DungeonsState, outcome: Outcome) -> None:
        assert isinstance(outcome, Roll)
        self.say(s, outcome.face)
        if may_reroll(s, self.seat):
            push(s, RollDogmud(self.seat, self, outcome.face))
        else:
            self.settle(s, outcome.face)


def may_reroll(s: DungeonsState, seat: int) -> bool:
    """Whether ``seat`` may buy a Dogmud for a die of his just rolled: the
    option ``dogmud=any``, his own turn, alive, and the coins.

    >>> from saloon.games.dungeons import GAME
    >>> from saloon.games.dungeons.options import DungeonsOptions
    >>> may_reroll(GAME.new_state(DungeonsOptions(), 2), 0)
    False
    """
    t = s.turn
    h = s.heroes[seat]
    return (
        s.options.dogmud == "any"
        and t is not None
        and t.seat == seat
        and not h.dead
        and h.coins >= s.content.prices.dogmud
    )


@dataclass(frozen=True, slots=True)
class RollDogmud(Decision):
    """``dogmud``: two coins and the die again; ``accept``: the face stands."""

    seat: int
    roll: Rerollable
    face: int

    def legal(self, s: DungeonsState) -> list[Action]:
        return [Dogmud(), ACCEPT]

    def prompt(self, s: DungeonsState) -> str:
        return f"{self.roll.what(s)} shows {self.face}: buy a Dogmud reroll or accept"

    def answer(self, s: DungeonsState, action: Action) -> None:
        from saloon.games.dungeons.rules import common

        if isinstance(action, Dogmud):
            price = s.content.prices.dogmud
            common.pay(s, self.seat, price)
            s.say(
                "dogmud",
                f"{s.name(self.seat)} buys a Dogmud ({price} coins) and rolls "
                f"{self.roll.what(s)} again.",
                self.seat,
            )
            push(s, self.roll)
        else:
            self.roll.settle(s, self.face)
