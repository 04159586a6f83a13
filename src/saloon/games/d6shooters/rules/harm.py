"""Days, Rations, Posse losses, the Heat, the Gang and Shootouts.

Ep.1/Ep.2 "Days", "Food", "Your Posse", "Dice Actions" (Extreme Heat!, The
Griggs/Crowe Gang Attacks!), "Shootout!", "Special Items" (Medicine/
Bandages), "End of the Game"; RULINGS d6 (Army Deserters).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saloon.games.d6shooters.rules.nodes import (
    C_CHECK,
    C_ROUND,
    FX_CAMPFIRE,
    HUNTER,
    MEDICINE,
    OVER,
    P_HEAT_FOOD,
    P_LOSS,
    RUN,
    S_SIXES,
    S_TOWN,
)
from saloon.games.d6shooters.rules.sheet import NO_PRISONER, PRISONER_HELD

if TYPE_CHECKING:
    from saloon.games.d6shooters.rules.state import D6State

#: Losses that Medicine and Army Deserters can take (D6-I5, D6-V9).
INJURIES = frozenset({"heat", "gang", "shootout", "stampede", "snakes"})

#: Faces out of 6 that count, per check (Ep.1: Heat 3-6; Ep.2: Heat 4-6; the
#: Gang 3-6; Fishing Hole 1-2; Rattlesnakes 6).
CHECK_HITS = {"gang": 4, "fish": 2, "snakes": 1}


def check_hits(st: D6State, check: str) -> int:
    """How many faces of a die count for ``check``."""
    if check == "heat":
        return 4 if st.episode == 1 else 3
    return CHECK_HITS[check]


# -- Days and Rations ------------------------------------------------------------------------


def add_days(st: D6State, n: int) -> None:
    """Ep.1/Ep.2 "Days": added Days are marked at once; a Rations Day is paid
    at once; the journey fails once the limit has passed (D6-T1)."""
    j = st.journey
    for _ in range(n):
        if st.phase == OVER:
            return
        j.day += 1
        if j.day >= st.limit:
            st.end("late")
            return
        if j.day % 5 == 0:
            rations(st)


def rations(st: D6State) -> None:
    """Ep.1/Ep.2 "Food": every 5th Day one Food per Posse member; no Food at
    all loses the game; short Food loses the unfed (D6-T2)."""
    j = st.journey
    if j.food == 0:
        st.say("rations", f"Rations on Day {j.day}: no Food left.")
        st.end("starved")
        return
    short = j.posse - j.food
    j.food = max(0, j.food - j.posse)
    st.say("rations", f"Rations on Day {j.day}.")
    if short > 0:
        lose_posse(st, short)


# -- Posse losses ----------------------------------------------------------------------------


def posse_loss(st: D6State, n: int, source: str) -> None:
    """A loss of ``n`` Posse from ``source``; Medicine or Army Deserters may
    take it (a decision) when the source is one they answer."""
    if n <= 0:
        return
    if source in INJURIES and (st.journey.items & MEDICINE or st.effects.deserters):
        st.pending.loss, st.pending.loss_source = n, source
        st.phase = P_LOSS
        return
    lose_posse(st, n)


def lose_posse(st: D6State, n: int) -> None:
    """Ep.1/Ep.2 "Your Posse": Posse 0 loses the game; the Hunter leaves at 1
    (Ep.1 "Special Items")."""
    j = st.journey
    j.posse = max(0, j.posse - n)
    st.say("loss", f"You lose {n} Posse ({j.posse} left).")
    if j.posse <= 1:
        j.items &= ~HUNTER
    if j.posse == 0:
        st.end("posse")


def use_medicine(st: D6State) -> None:
    """Medicine/Bandages: all of one source's loss, then it is discarded."""
    st.journey.items &= ~MEDICINE
    st.say("medicine", "Medicine saves your Posse.")


def deserters_absorb(st: D6State, n: int) -> None:
    """Army Deserters (D6-V9): ``n`` of them die in the Posse's place."""
    p = st.pending
    st.effects.deserters -= n
    if p.loss - n > 0:
        lose_posse(st, p.loss - n)


# -- the Heat and the Gang (the 5s and 6s) ---------------------------------------------------


def extreme_heat(st: D6State) -> None:
    """Extreme Heat! (5s): reroll each 5 not removed by Seek Shelter; Ep.1: each
    3-6 costs 2 Food or a Posse member; Ep.2: each 4-6 costs a Posse member."""
    st.stage = S_SIXES
    n5 = st.resolution.fives
    if n5 > 0:
        start_check(st, "heat", n5)


def gang_attacks(st: D6State) -> None:
    """The Gang attacks (6s): a Shootout if any 4 Fights, else reroll each 6
    and lose a Posse member on each 3-6."""
    st.stage = S_TOWN
    r = st.resolution
    if r.sixes <= 0:
        return
    if r.fight > 0:
        extra = 1 if st.effects.until_town_or_event & FX_CAMPFIRE else 0
        start_shootout(st, r.fight + extra, r.sixes, "gang")
    else:
        start_check(st, "gang", r.sixes)


def start_check(st: D6State, check: str, dice: int) -> None:
    """Roll ``dice`` dice for ``check`` (heat, gang, snakes, fish)."""
    st.pending.roll_for = check
    st.pending.dice = dice
    st.phase = C_CHECK


def heat_checked(st: D6State, hits: int) -> None:
    """The Heat's dice: ``hits`` of them count. Episode 1 may pay in Food
    (a decision); otherwise each costs a Posse member."""
    if st.episode == 1 and hits and st.journey.food >= 2:
        st.pending.loss = hits
        st.phase = P_HEAT_FOOD
        return
    posse_loss(st, hits, "heat")


def gang_checked(st: D6State, hits: int) -> None:
    """The Gang's dice (no Fight): ``hits`` Posse members are lost."""
    posse_loss(st, hits, "gang")


def pay_heat(st: D6State, with_food: int) -> None:
    """Ep.1 "Extreme Heat!": ``with_food`` hits paid with 2 Food each (D6-F3)."""
    st.journey.food -= 2 * with_food
    posse_loss(st, st.pending.loss - with_food, "heat")


# -- Shootouts ---------------------------------------------------------------------------------


def start_shootout(st: D6State, posse: int, gang: int, kind: str) -> None:
    """Ep.1/Ep.2 "Shootout!": rounds until one side has no dice."""
    s = st.shootout
    s.posse_dice, s.gang_dice, s.kind = posse, gang, kind
    st.phase = C_ROUND


def shootout_round(st: D6State, won: bool) -> None:
    """One round: the loser removes a die (ties are rolled again: D6-D2).
    When a side runs out, Ammo -1 (never below 0); a lost Shootout costs a
    Posse member per Gang die left; in episode 2 a won Shootout against the
    Gang crosses off a Crowe Gang member (not against Bandits: D6-F4)."""
    s = st.shootout
    j = st.journey
    if won:
        s.gang_dice -= 1
    else:
        s.posse_dice -= 1
    if s.gang_dice > 0 and s.posse_dice > 0:
        return
    j.ammo = max(0, j.ammo - 1)
    st.phase = RUN
    if s.gang_dice == 0:
        st.say("shootout", "You win the Shootout.")
        if st.episode == 2 and s.kind != "bandits" and j.crowes > 0:
            j.crowes -= 1
        return
    st.say("shootout", f"You lose the Shootout: {s.gang_dice} Gang dice remain.")
    e = st.effects
    if e.prisoner == PRISONER_HELD:
        # Prisoner (RULINGS d6, 4-4; D6-V6): a lost Shootout frees him, and costs 1 Gold.
        e.prisoner = NO_PRISONER
        j.gold = max(0, j.gold - 1)
    posse_loss(st, s.gang_dice, "shootout")
