"""The planner's look-ahead for the decisions between its own: Towns, Events,
the Heat's Food, losses, the 3s, the Special Event, Binoculars and Charms.

The planner scores three kinds of moment on its own terms
(:mod:`saloon.games.d6shooters.planner`): a keep (expectimax over the rolls
left), a split of the 4s (over the Heat's and the Gang's dice), and the start
of a Day (the fitted value of the journey, :mod:`~.value`); the Ghost Town
Showdown is solved exactly (:mod:`~.showdown`). Every other decision leads,
through a few chance nodes and decisions, to one of those moments; this
module plays the game forward from each choice to them, exactly:
expectation over every chance node (dice of the same effect taken
together), the best choice at every decision in between, the planner's or
the solver's value at the moment reached. The planner chooses by these
values and the advisor shows them, so the two always agree.

Poker is not scored (the planner does not play it): its action is left out
of a Town's values, and a decision inside a Poker hand has no values.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from saloon.core.action import Action, Outcome
from saloon.games.d6shooters.actions import Roll, Word
from saloon.games.d6shooters.dice import binomial
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.rules.harm import CHECK_FACES
from saloon.games.d6shooters.rules.nodes import (
    C_CHECK,
    C_GANG_VOLLEY,
    C_POSSE_VOLLEY,
    C_ROLL,
    P_BEGIN,
    P_BINOCULARS,
    P_CHARM,
    P_EVENT_CHOICE,
    P_FAMILY,
    P_FOURS,
    P_FREE_ITEM,
    P_GUIDE,
    P_HEAT_FOOD,
    P_HILLS,
    P_KEEP,
    P_LOSS,
    P_RECRUIT,
    P_SHOP,
    P_STAKE,
    SHOWDOWN_NODES,
)

if TYPE_CHECKING:
    from saloon.games.d6shooters.planner import PlannerAgent

#: The decisions this module scores.
LOOKED_AHEAD = frozenset(
    (
        P_BEGIN, P_FREE_ITEM, P_BINOCULARS, P_HILLS, P_CHARM, P_RECRUIT, P_HEAT_FOOD,
        P_LOSS, P_EVENT_CHOICE, P_SHOP,
    )
)  # fmt: skip
#: Decisions with no values, and why.
NOT_SCORED = {
    P_GUIDE: "the planner's turn values do not see dice set before the roll",
    P_FAMILY: "the planner's turn values do not see dice set before the roll",
    P_STAKE: "the planner does not play Poker, so it does not score a stake",
}
POKER = Word("poker")


class Lookahead:
    """Values by playing forward to the planner's next scored moment; one per
    planner (its memo holds the values of the states met, by key)."""

    def __init__(self, planner: PlannerAgent) -> None:
        self.planner = planner
        self.memo: dict[Hashable, float] = {}

    def values(self, st: D6State) -> list[tuple[Action, float]]:
        """Each scored legal action's value (Poker left out), in the rules' order."""
        if len(self.memo) > 200_000:
            self.memo.clear()
        out = []
        for a in st.legal_actions():
            if a == POKER:
                continue
            child = st.clone()
            child.quiet = True
            child.apply_unchecked(a)
            out.append((a, self.value(child)))
        return out

    def value(self, st: D6State) -> float:
        """The value of ``st`` with the planner's best play."""
        key = st.key()
        got = self.memo.get(key)
        if got is not None:
            return got
        v = self._value(st)
        self.memo[key] = v
        return v

    def _value(self, st: D6State) -> float:
        p = self.planner
        if st.is_over:
            return p.terminal_value(st)
        ph = st.phase
        if ph == P_KEEP and st.mode == "turn":
            return max(v for _, v in p.keep_values(st))
        if ph == P_FOURS:
            return max(p.fours_values(st))
        if ph in SHOWDOWN_NODES or (ph == P_LOSS and st.mode == "showdown"):
            return p.showdown_value(st)
        if ph == C_ROLL and st.mode == "turn" and _day_starts(st):
            return p.day_start_value(st)
        if st.is_chance:
            return sum(prob * self._after(st, o) for o, prob in self._outcomes(st))
        return max(self._after(st, a) for a in st.legal_actions() if a != POKER)

    def _after(self, st: D6State, action: Action) -> float:
        child = st.clone()
        child.quiet = True
        child.apply_unchecked(action)
        return self.value(child)

    def _outcomes(self, st: D6State) -> Sequence[tuple[Outcome, float]]:
        """The chance node's outcomes, those of the same effect taken together:
        a check's dice by the number that count, a Shootout round's by the
        totals that matter."""
        ph = st.phase
        if ph == C_CHECK:
            check, n = st.pending.roll_for, st.pending.dice
            good = CHECK_FACES[check, st.episode]
            bad = next(f for f in (1, 6, 2, 5) if f not in good)
            counts, probs, _ = binomial(n, len(good))
            return [
                (Roll(check, tuple(sorted((good[0],) * k + (bad,) * (n - k)))), pr)
                for k, pr in zip(counts, probs, strict=True)
            ]
        if ph == C_POSSE_VOLLEY:
            return _by_total(st.chance_outcomes(), "posse")
        if ph == C_GANG_VOLLEY:
            return _by_result(st)
        return st.chance_outcomes()


def _day_starts(st: D6State) -> bool:
    """The first roll of a Day, before any die of it is rolled."""
    d = st.dice
    return d.rolls == 0 and len(d.black) + len(d.red) + len(d.white) == len(d.set_red) + len(
        d.set_white
    )


def _by_total(outcomes: Sequence[tuple[Outcome, float]], group: str) -> list[tuple[Outcome, float]]:
    """Dice outcomes with the same sum taken together (a representative each)."""
    by: dict[int, tuple[Outcome, float]] = {}
    for o, p in outcomes:
        assert isinstance(o, Roll)
        s = sum(o.faces)
        if s in by:
            by[s] = (by[s][0], by[s][1] + p)
        else:
            by[s] = (o, p)
    return list(by.values())


def _by_result(st: D6State) -> list[tuple[Outcome, float]]:
    """The Gang's dice of a round taken together by what they do: win, lose
    or tie against the Posse's total."""
    s = st.shootout
    total = sum(s.posse_roll) + st.journey.ammo + st.journey.guns_bonus
    groups: dict[int, tuple[Outcome, float]] = {}
    for o, p in st.chance_outcomes():
        assert isinstance(o, Roll)
        g = sum(o.faces)
        key = (g > total) - (g < total)
        if key in groups:
            groups[key] = (groups[key][0], groups[key][1] + p)
        else:
            groups[key] = (o, p)
    return list(groups.values())


__all__ = ["LOOKED_AHEAD", "NOT_SCORED", "Lookahead"]
