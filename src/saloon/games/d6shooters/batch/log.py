"""A game's log from the kernel, read as the reference's actions.

:func:`..batch.trace` logs every chance outcome, every decision and the
final playsheet of a game as rows of numbers (:mod:`.slots`, ``LG_...``);
:func:`read` turns them into a :class:`GameLog`: the steps, each the
reference's :class:`~saloon.core.action.Outcome` (to feed
:class:`~saloon.core.dice.ScriptedDice`) or decision
(:class:`~saloon.core.action.Action`, to compare with
:class:`~..strategy.HeuristicAgent`'s), and the final playsheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from saloon.core.action import Action, Outcome
from saloon.games.d6shooters.actions import (
    Amount,
    Change,
    Face,
    Fours,
    Keep,
    Pair,
    Pay,
    Place,
    Reroll,
    Roll,
    Stake,
    Trade,
    Word,
)
from saloon.games.d6shooters.batch import events as E
from saloon.games.d6shooters.batch import towns as T
from saloon.games.d6shooters.batch.slots import (
    ENDED,
    GROUPS,
    LABELS,
    LG_DECISION,
    LG_END,
    LG_FACE,
    LG_PAIR,
    LG_ROLL,
)
from saloon.games.d6shooters.rules import nodes as N


@dataclass(frozen=True)
class GameLog:
    """One game of the kernel: its index in the run, its steps in order
    (``("chance", outcome)`` or ``("decision", action)``, with the node a
    decision was taken at), and the final playsheet and result."""

    index: int
    steps: tuple[tuple[str, int, Action], ...]
    final: dict[str, Any]

    @property
    def outcomes(self) -> list[Outcome]:
        """The chance outcomes, in order (for ``ScriptedDice``)."""
        out = []
        for kind, _, a in self.steps:
            if kind == "chance":
                assert isinstance(a, Outcome)
                out.append(a)
        return out


def _faces(n: int) -> tuple[int, ...]:
    return tuple(int(c) for c in str(n)) if n else ()


def _counts(row: np.ndarray) -> tuple[int, ...]:
    return tuple(f for f in range(1, 7) for _ in range(int(row[1 + f])))


def outcome(row: np.ndarray) -> Outcome:
    """A chance row as the reference's outcome."""
    kind = int(row[0])
    if kind == LG_ROLL:
        return Roll(GROUPS[int(row[1])], _counts(row))
    if kind == LG_FACE:
        return Face(LABELS[int(row[1]) - 20], int(row[2]))
    assert kind == LG_PAIR
    return Pair(int(row[1]), int(row[2]))


def decision(row: np.ndarray, episode: int) -> Action:
    """A decision row (node, then the action's numbers) as the reference's action."""
    ph, a, b, c, d, e = (int(x) for x in row[1:7])
    if ph == N.P_FREE_ITEM:
        return Word(f"start {N.ITEM_DIE[episode][a - 1]}")
    if ph == N.P_BEGIN:
        return N.SPECIAL if a else N.ROLL
    if ph == N.P_GUIDE:
        return Amount("guide", a)
    if ph == N.P_FAMILY:
        return Place(a, b)
    if ph == N.P_BINOCULARS:
        return Amount("binoculars", a) if a else N.PASS
    if ph == N.P_HILLS:
        return Change("hills", "r" if a == 1 else "w", b, 3) if a else N.PASS
    if ph == N.P_KEEP:
        return N.STOP if a else Keep(_faces(b), _faces(c), _faces(d))
    if ph == N.P_CHARM:
        return Change("charm", "w", a, b) if a else N.PASS
    if ph == N.P_RECRUIT:
        return Amount("recruit", a)
    if ph == N.P_FOURS:
        return Fours(a, b, c, d)
    if ph == N.P_HEAT_FOOD:
        return Amount("heat food", a)
    if ph == N.P_LOSS:
        return N.MEDICINE_WORD if a else Amount("absorb", b)
    if ph == N.P_EVENT_CHOICE:
        return _event(a, b, c, d, e)
    if ph == N.P_SHOP:
        return _shop(a, b, episode)
    if ph == N.P_STAKE:
        return Stake(a, b, c)
    if ph == N.P_TACTIC:
        return Word(f"tactic {N.TACTICS[a]}")
    if ph == N.P_REROLL:
        return Reroll(_faces(b), _faces(c)) if a else N.PASS
    if ph == N.P_NUDGE:
        return Change("nudge", "p" if a == 1 else "c", b, c) if a else N.DONE
    assert ph == N.P_ASSIGN, ph
    return Amount("assign", a)


_EVENT_WORDS = {
    E.EC_DEER_SMALL: "deer small",
    E.EC_HERD: "herd",
    E.EC_DEER_BIG: "deer big",
    E.EC_MINE: "mine",
    E.EC_CAMPFIRE: "campfire",
    E.EC_FIGHT: "fight",
}


def _event(code: int, b: int, c: int, d: int, e: int) -> Action:
    if code == E.EC_PASS:
        return N.PASS
    if code == E.EC_PAY:
        return Pay(b, c, d, e)
    if code == E.EC_TRADE:
        return Trade(b, c)
    return Word(_EVENT_WORDS[code])


_SHOP_WORDS = {
    T.SH_LEAVE: "leave",
    T.SH_FOOD2: "buy food 2",
    T.SH_FOOD5: "buy food 5",
    T.SH_AMMO2: "buy ammo 2",
    T.SH_AMMO5: "buy ammo 5",
    T.SH_POSSE: "buy posse",
    T.SH_POKER: "poker",
}


def _shop(code: int, n: int, episode: int) -> Action:
    if code == T.SH_ITEM:
        return Word(f"buy {N.ITEM_DIE[episode][n - 1]}")
    if code == T.SH_GUNS:
        return Amount("buy guns", n)
    return Word(_SHOP_WORDS[code])


def read(rows: np.ndarray, index: int, episode: int) -> GameLog:
    """A game's log rows as a :class:`GameLog`."""
    steps: list[tuple[str, int, Action]] = []
    ends = []
    for row in rows:
        kind = int(row[0])
        if kind == LG_DECISION:
            steps.append(("decision", int(row[1]), decision(row, episode)))
        elif kind == LG_END:
            ends.append([int(x) for x in row[1:]])
        else:
            steps.append(("chance", 0, outcome(row)))
    (day, space, food, ammo, gold, posse, items, crowes), (ended, arrival, guns, score) = (
        ends[0],
        ends[1][:4],
    )
    final = {
        "day": day,
        "space": space,
        "food": food,
        "ammo": ammo,
        "gold": gold,
        "posse": posse,
        "items": items,
        "crowes": crowes,
        "ended": ENDED[ended],
        "arrival_day": arrival,
        "guns_bonus": guns,
        "score": score,
    }
    return GameLog(index, tuple(steps), final)
