"""The agenda: what is left to do, as a stack of small frozen tasks.

A game of D6 nests interruptions deeply: a card played in a fight may make a
player draw, the draw may meet the hand limit, the limit asks for a discard.
So the engine keeps one stack of tasks (the state's ``agenda``), the next to
do on top, and runs it (:func:`advance`) until the top task waits for
someone: a :class:`Decision` (a player's choice, in turn or out of turn) or
a :class:`Chance` node (dice, a card or a token drawn). Applying an action
or an outcome pops that node, lets it answer (it may push more tasks), and
runs the agenda on. An automatic :class:`Step` just does its work.

Every task is a frozen dataclass, so the agenda is part of the state's key
and a clone copies it by copying the list.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from saloon.core.action import Action, Outcome
from saloon.games.dungeons.actions import Roll

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState


class Task:
    """Something on the agenda."""

    __slots__ = ()


class Step(Task):
    """A task that needs nobody: it does its work when it reaches the top."""

    __slots__ = ()

    def run(self, s: DungeonsState) -> None:
        raise NotImplementedError


class Decision(Task):
    """A player's decision: ``player`` chooses one of :meth:`legal`."""

    __slots__ = ()

    @property
    def player(self) -> int:
        """The deciding seat: the node's ``seat`` field, unless the node
        says otherwise."""
        seat = getattr(self, "seat", None)
        if not isinstance(seat, int):
            raise NotImplementedError(f"{type(self).__name__} names no deciding seat")
        return seat

    def legal(self, s: DungeonsState) -> list[Action]:
        raise NotImplementedError

    def is_legal(self, s: DungeonsState, action: Action) -> bool:
        """Whether ``action`` is one of :meth:`legal` (nodes with long lists
        override this with a narrower look)."""
        return action in self.legal(s)

    def answer(self, s: DungeonsState, action: Action) -> None:
        """Carry out ``action`` (legal; the node is already off the agenda)."""
        raise NotImplementedError

    def prompt(self, s: DungeonsState) -> str:
        """What the player is asked, in a few words (the view shows it)."""
        return type(self).__name__.lower()


class Chance(Task):
    """A chance node: :meth:`outcomes` with exact probabilities."""

    __slots__ = ()

    def outcomes(self, s: DungeonsState) -> list[tuple[Outcome, float]]:
        raise NotImplementedError

    def sample(self, s: DungeonsState, rng: np.random.Generator) -> Outcome:
        """One outcome drawn as :meth:`outcomes` says (nodes override this
        with a faster draw from the same distribution)."""
        outcomes = self.outcomes(s)
        u = rng.random()
        acc = 0.0
        for o, p in outcomes:
            acc += p
            if u < acc:
                return o
        return outcomes[-1][0]

    def answer(self, s: DungeonsState, outcome: Outcome) -> None:
        raise NotImplementedError

    def possible(self, s: DungeonsState, outcome: Outcome) -> bool:
        """Whether ``outcome`` can happen here (nodes override this with a
        direct check, faster than listing every outcome)."""
        return any(o == outcome for o, _ in self.outcomes(s))

    def kind(self, s: DungeonsState) -> Hashable:
        """Which kind of event this is (:meth:`State.chance_kind`): the
        node's class, and the seat it rolls or draws for where it has one,
        so that keyed dice give each hero's rolls of a kind their own
        sequence."""
        return (type(self).__name__, getattr(self, "seat", None))

    def prompt(self, s: DungeonsState) -> str:
        """What is rolled or drawn, in a few words, with an example."""
        return "one of: " + ", ".join(str(o) for o, _ in self.outcomes(s)[:6])

    def help(self, s: DungeonsState) -> str:
        """How to type what the real dice or draw show (``help`` at a
        referee's prompt); draws override this to list what may come."""
        return f"Roll the real dice and type what they show: {self.prompt(s)}."


class DieRoll(Chance):
    """A chance node that rolls one die: each face of :meth:`die` alike
    likely, an outcome ``Roll(sides, face)``."""

    __slots__ = ()

    def die(self, s: DungeonsState) -> int:
        """The sides of the die rolled here."""
        raise NotImplementedError

    def outcomes(self, s: DungeonsState) -> list[tuple[Outcome, float]]:
        d = self.die(s)
        return uniform([Roll(d, f) for f in range(1, d + 1)])

    def possible(self, s: DungeonsState, outcome: Outcome) -> bool:
        d = self.die(s)
        return isinstance(outcome, Roll) and outcome.sides == d and 1 <= outcome.face <= d

    def sample(self, s: DungeonsState, rng: np.random.Generator) -> Outcome:
        d = self.die(s)
        return Roll(d, int(rng.integers(1, d + 1)))


def advance(s: DungeonsState) -> None:
    """Run the agenda until a decision or a chance node is on top, or the
    agenda is empty (the game is over)."""
    agenda = s.agenda
    while agenda:
        top = agenda[-1]
        if isinstance(top, (Decision, Chance)):
            return
        agenda.pop()
        assert isinstance(top, Step)
        top.run(s)


def push(s: DungeonsState, *tasks: Task) -> None:
    """Put ``tasks`` on the agenda so that the first is done first (it ends
    on top)."""
    s.agenda.extend(reversed(tasks))


def uniform(outcomes: Sequence[Outcome]) -> list[tuple[Outcome, float]]:
    """Each of ``outcomes`` alike likely."""
    p = 1.0 / len(outcomes)
    return [(o, p) for o in outcomes]


def by_counts(counts: dict[str, int], make: type[Outcome]) -> list[tuple[Outcome, float]]:
    """One outcome per kind, by its share of ``counts`` (a bag, a deck)."""
    total = sum(counts.values())
    return [(make(k), c / total) for k, c in sorted(counts.items())]  # type: ignore[call-arg]
