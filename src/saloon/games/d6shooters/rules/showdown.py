"""The Ghost Town Showdown, which ends episode 2 at Hoodia.

Ep.2 "The Ghost Town Showdown" (Combat, Tactics), "Showdown Example", "End of
the Game"; D6-S1..S6. (The exact solver of the Showdown is
:mod:`saloon.games.d6shooters.showdown`.)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.games.d6shooters.actions import Amount, Change, Faces, Reroll, Word
from saloon.games.d6shooters.dice import is_sub, minus, subsets
from saloon.games.d6shooters.rules import harm
from saloon.games.d6shooters.rules.nodes import (
    C_ROLL,
    CROWE_LEADERS,
    DONE,
    MAX_SHOWDOWN_ROUNDS,
    P_ASSIGN,
    P_NUDGE,
    P_REROLL,
    P_TACTIC,
    PASS,
    RUN,
    TACTICS,
)
from saloon.games.d6shooters.rules.text import capital, count, dice, number, verb

if TYPE_CHECKING:
    from saloon.games.d6shooters.rules.state import D6State


def begin(st: D6State) -> None:
    """Hoodia reached: the Posse's dice against the Crowe Gang left plus
    Russell and Sheryl (D6-S1)."""
    sd = st.showdown
    sd.posse = st.journey.posse
    sd.crowes = st.journey.crowes + CROWE_LEADERS
    sd.round = 0
    sd.tactics_used = 0
    st.mode = "showdown"
    members = st.journey.crowes
    gang = f"{members} Gang member{'s' if members != 1 else ''}, " if members else ""
    st.say(
        "showdown",
        f"The Ghost Town Showdown: your {count(sd.posse, 'Posse die', 'Posse dice')} against "
        f"{count(sd.crowes, 'Crowe die', 'Crowe dice')} ({gang}Russell and Sheryl).",
    )
    st.phase = P_TACTIC


@cache
def reroll_options(posse: Faces, crowe: Faces) -> tuple[Reroll, ...]:
    """Rerolls for 1 Ammo: up to three dice, from either side ("Combat")."""
    out = []
    for p in subsets(posse, ()):
        if len(p) > 3:
            continue
        for c in subsets(crowe, ()):
            if 1 <= len(p) + len(c) <= 3:
                out.append(Reroll(p, c))
    return tuple(out)


def choices(st: D6State) -> Sequence[Action]:
    """The decisions of a round: the Tactic, the reroll, Distract's pips, and
    how many successes remove Crowe 1-2s."""
    sd = st.showdown
    ph = st.phase
    if ph == P_TACTIC:
        # "Tactics": each one time only, declared before rolling.
        return [
            Word(f"tactic {t}")
            for i, t in enumerate(TACTICS)
            if i == 0 or not sd.tactics_used & (1 << i)
        ]
    if ph == P_REROLL:
        return [*reroll_options(sd.posse_faces, sd.crowe_faces), PASS]
    if ph == P_NUDGE:
        out: list[Action] = []
        for side, faces in (("p", sd.posse_faces), ("c", sd.crowe_faces)):
            for f in sorted(set(faces)):
                if f > 1:
                    out.append(Change("nudge", side, f, f - 1))
                if f < 6:
                    out.append(Change("nudge", side, f, f + 1))
        return [*out, DONE]
    lo, hi = assign_range(st)
    return [Amount("assign", r) for r in range(lo, hi + 1)]


def is_reroll_legal(st: D6State, action: Action) -> bool:
    sd = st.showdown
    return (
        isinstance(action, Reroll)
        and 1 <= len(action.posse) + len(action.crowe) <= 3
        and is_sub(action.posse, sd.posse_faces)
        and is_sub(action.crowe, sd.crowe_faces)
        and tuple(sorted(action.posse)) == action.posse
        and tuple(sorted(action.crowe)) == action.crowe
    )


def decide(st: D6State, ph: int, action: Action) -> None:
    """The player's decision ``action`` at the Showdown's node ``ph``."""
    sd = st.showdown
    if ph == P_TACTIC:
        assert isinstance(action, Word)
        t = action.text.split()[1]
        i = TACTICS.index(t)
        if i:
            sd.tactics_used |= 1 << i
        sd.tactic = t
        sd.rerolled = False
        sd.pips_left = 3 if t == "distract" else 0
        named = TACTIC_WORDS[t]
        st.say("showdown", f"Showdown round {sd.round + 1}: {named}.")
        sd.posse_faces, sd.crowe_faces = (), ()
        st.dice.to_roll = (("posse", sd.posse), ("crowe", sd.crowes))
        st.phase = C_ROLL
    elif ph == P_REROLL:
        sd.rerolled = True
        if isinstance(action, Reroll):
            # Once a round, 1 Ammo rerolls up to three dice ("Combat").
            st.journey.ammo -= 1
            parts = [
                f"{side} {dice(f)}"
                for side, f in (("Posse", action.posse), ("Crowe", action.crowe))
                if f
            ]
            st.say(
                "showdown",
                f"You spend 1 Ammo ({st.journey.ammo + 1} → {st.journey.ammo}) to reroll "
                + " and ".join(parts)
                + ".",
            )
            sd.posse_faces = minus(sd.posse_faces, action.posse)
            sd.crowe_faces = minus(sd.crowe_faces, action.crowe)
            q = []
            if action.posse:
                q.append(("posse", len(action.posse)))
            if action.crowe:
                q.append(("crowe", len(action.crowe)))
            st.dice.to_roll = tuple(q)
            st.phase = C_ROLL
        else:
            rolled(st)
    elif ph == P_NUDGE:
        if isinstance(action, Change):
            nudge(st, action)
            sd.pips_left -= 1
            side = "Posse" if action.colour == "p" else "Crowe"
            st.say(
                "showdown",
                f"Distract: a {side} {action.face} becomes a {action.to} "
                f"({sd.pips_left} pip{'s' if sd.pips_left != 1 else ''} left).",
            )
        else:
            sd.pips_left = 0
        rolled(st)
    elif ph == P_ASSIGN:
        assert isinstance(action, Amount)
        resolve(st, action.n)


def dice_rolled(st: D6State, group: str, faces: Faces) -> None:
    sd = st.showdown
    if group == "posse":
        sd.posse_faces = tuple(sorted(sd.posse_faces + faces))
    else:
        sd.crowe_faces = tuple(sorted(sd.crowe_faces + faces))
    if not st.quiet:
        side = "Posse" if group == "posse" else "Crowe"
        st.say("showdown", f"{side} dice: {dice(faces)}.")
    if not st.dice.to_roll:
        rolled(st)


def nudge(st: D6State, a: Change) -> None:
    """Distract: one die moved by one pip ("Tactics")."""
    sd = st.showdown
    if a.colour == "p":
        sd.posse_faces = tuple(sorted((*minus(sd.posse_faces, (a.face,)), a.to)))
    else:
        sd.crowe_faces = tuple(sorted((*minus(sd.crowe_faces, (a.face,)), a.to)))


def rolled(st: D6State) -> None:
    """After the roll: the reroll offer, Distract's pips, then the removals."""
    sd = st.showdown
    if not sd.rerolled and st.journey.ammo > 0:
        st.phase = P_REROLL
        return
    if sd.pips_left > 0:
        st.phase = P_NUDGE
        return
    if sd.tactic in ("none", "distract"):
        lo, hi = assign_range(st)
        if hi > lo:
            st.phase = P_ASSIGN
            return
        resolve(st, lo)
        return
    resolve(st, 0)


def assign_range(st: D6State) -> tuple[int, int]:
    """Posse 4-6s each may remove a Crowe 1-2 ("Combat"): the player says how
    many do (0 up to the number possible); the rest set Crowe 5-6s aside
    (D6-S4). Splits that waste a success are offered too: the rulebook's
    "may" leaves them to the player."""
    sd = st.showdown
    s = sum(1 for f in sd.posse_faces if f >= 4)
    low = sum(1 for f in sd.crowe_faces if f <= 2)
    return 0, min(s, low)


def resolve(st: D6State, removed: int) -> None:
    """One round of combat ("Combat", "Tactics"): removals, then hits; Posse 0
    loses even if the Crowes fall too; after 50 rounds the Crowes escape
    (D6-S6)."""
    sd = st.showdown
    t = sd.tactic
    p, c = sd.posse_faces, sd.crowe_faces
    if t == "defend":
        s = sum(1 for f in p if f >= 3)
        kills = min(s, sum(1 for f in c if f <= 2))
        hits = sum(1 for f in c if f == 6)
    elif t == "charge":
        s = sum(1 for f in p if f >= 3)
        kills = min(s, sum(1 for f in c if f <= 3))
        hits = sum(1 for f in c if f >= 4)
    else:
        s = sum(1 for f in p if f >= 4)
        high = sum(1 for f in c if f >= 5)
        kills = removed
        hits = high - min(s - removed, high)
    sd.round += 1
    before = sd.crowes
    sd.crowes = max(0, sd.crowes - kills)
    hits = min(hits, sd.posse)
    if not st.quiet:
        st.say(
            "showdown",
            round_words(t, p, c, kills, hits, removed) + f" Crowes {before} → {sd.crowes}.",
        )
    st.phase = RUN
    # A Posse die removed is a Posse member lost: one source for Medicine
    # (RULINGS d6), which the player may use once the hits are known.
    harm.posse_loss(st, hits, "showdown")
    if st.phase == RUN:
        finish_round(st)


TACTIC_WORDS = {
    "none": "no Tactic",
    "defend": "Defend (3-6 remove Crowe 1-2s; only Crowe 6s hit)",
    "charge": "Charge (3-6 remove Crowe 1-3s; Crowe 4-6s hit)",
    "distract": "Distract (move three pips after the roll)",
}


def round_words(
    tactic: str, posse: Faces, crowe: Faces, kills: int, hits: int, removed: int
) -> str:
    """A round's result with its dice, as the rulebook counts it.

    >>> round_words("charge", (1, 3, 4), (2, 4, 6), 1, 2, 0)
    'Two Posse successes (3-6) remove one Crowe die (1-3); two Crowe hits (4-6).'
    >>> print(round_words("none", (4, 5), (1, 5), 1, 0, 1))
    Two Posse successes (4-6): one removes a Crowe 1-2, one sets a Crowe 5-6 aside; \
no Crowe hits (5-6 left).
    """
    if tactic in ("defend", "charge"):
        s = sum(1 for f in posse if f >= 3)
        low = "1-2" if tactic == "defend" else "1-3"
        hit = "6" if tactic == "defend" else "4-6"
        successes = count(s, "Posse success", "Posse successes")
        return capital(
            f"{successes} (3-6) {verb(s, 'removes', 'remove')} "
            f"{count(kills, 'Crowe die', 'Crowe dice')} ({low}); "
            f"{count(hits, 'Crowe hit')} ({hit})."
        )
    s = sum(1 for f in posse if f >= 4)
    high = sum(1 for f in crowe if f >= 5)
    aside = min(s - removed, high)
    uses = []
    if removed:
        uses.append(
            f"{number(removed)} {verb(removed, 'removes a Crowe 1-2', 'remove Crowe 1-2s')}"
        )
    if aside:
        uses.append(f"{number(aside)} {verb(aside, 'sets a Crowe 5-6', 'set Crowe 5-6s')} aside")
    used = ": " + ", ".join(uses) if uses else ""
    return capital(
        f"{count(s, 'Posse success', 'Posse successes')} (4-6){used}; "
        f"{count(hits, 'Crowe hit')} (5-6 left)."
    )


def finish_round(st: D6State) -> None:
    """The round's end: Posse 0 loses even if the Crowes fall too; Crowes 0
    win; after 50 rounds the Crowes escape (D6-S6); else the next round."""
    sd = st.showdown
    sd.posse = st.journey.posse
    if sd.posse == 0:
        if not st.is_over:
            st.end("showdown", "the Posse is gone")
    elif sd.crowes <= 0:
        st.end("won")
    elif sd.round >= MAX_SHOWDOWN_ROUNDS:
        left = count(sd.crowes, "Crowe die", "Crowe dice")
        st.end(
            "showdown",
            f"after {sd.round} rounds of the Showdown the Crowe Gang escapes with {left} still "
            "standing (ruling D6-S6)",
        )
    else:
        st.phase = P_TACTIC
