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
        posse_loss(st, short, "rations")


# -- Posse losses ----------------------------------------------------------------------------

#: Where a Posse loss comes from; each is "a single source" for Medicine
#: (RULINGS d6: Medicine prevents all Posse loss from one source, whatever
#: it is). Posse paid by choice (a demand) is not a loss and is not here.
LOSS_SOURCES = {
    "rations": "Rations",
    "space": "a P- space",
    "traitor": "the Traitor",
    "heat": "the Heat",
    "gang": "the Gang",
    "shootout": "a lost Shootout",
    "stampede": "the Stampede",
    "snakes": "the Rattlesnakes",
    "showdown": "a round of the Showdown",
}


def deserters_can_take(st: D6State, source: str) -> int:
    """How many of a loss from ``source`` the Army Deserters can take: any
    loss Medicine could prevent (D6-V9), except in the Showdown, which the
    Posse fights with its own dice (D6-S7)."""
    return 0 if source == "showdown" else st.effects.deserters


def can_prevent(st: D6State, source: str) -> bool:
    """Whether the player has something to set against a loss: Medicine, or
    deserters who can take it."""
    return bool(st.journey.items & MEDICINE) or deserters_can_take(st, source) > 0


def posse_loss(st: D6State, n: int, source: str) -> None:
    """A loss of ``n`` Posse from ``source`` (one of :data:`LOSS_SOURCES`).
    With Medicine or deserters at hand the player says what takes it
    (:data:`P_LOSS`); losses that come while one waits are queued behind it,
    in order."""
    if n <= 0:
        return
    p = st.pending
    if p.losses or can_prevent(st, source):
        p.losses = (*p.losses, (n, source))
        st.phase = P_LOSS
        return
    lose_posse(st, n)


def settle_loss(st: D6State, medicine: bool, absorbed: int) -> None:
    """The player's answer to the first loss waiting: Medicine prevents all of
    it (then it is discarded), or ``absorbed`` deserters die in the Posse's
    place and the rest is lost. The next losses waiting are put to the
    player in turn, or taken at once when nothing can be set against them."""
    p = st.pending
    (n, source), p.losses = p.losses[0], p.losses[1:]
    if medicine:
        st.journey.items &= ~MEDICINE
        st.say("medicine", f"Medicine saves your Posse from {LOSS_SOURCES[source]}.")
    else:
        if absorbed:
            st.effects.deserters -= absorbed
            men = "Army Deserters die" if absorbed > 1 else "Army Deserter dies"
            st.say("deserters", f"{absorbed} {men} in the Posse's place.")
        lose_posse(st, n - absorbed)
    while p.losses and not st.is_over:
        n, source = p.losses[0]
        if can_prevent(st, source):
            st.phase = P_LOSS
            return
        p.losses = p.losses[1:]
        lose_posse(st, n)


def lose_posse(st: D6State, n: int) -> None:
    """Ep.1/Ep.2 "Your Posse": Posse 0 loses the game. The Hunter is lost when
    the Posse falls to 1 in episode 1 (Ep.1 "Special Items"; episode 2's
    Hunter has no such clause: RULINGS d6)."""
    if n <= 0:
        return
    j = st.journey
    j.posse = max(0, j.posse - n)
    st.say("loss", f"You lose {n} Posse ({j.posse} left).")
    if st.episode == 1 and j.posse <= 1 and j.items & HUNTER:
        j.items &= ~HUNTER
        st.say("item", "The Hunter leaves: the Posse is down to one.")
    if j.posse == 0:
        st.end("showdown" if st.mode == "showdown" else "posse")


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
        st.pending.heat_hits = hits
        st.phase = P_HEAT_FOOD
        return
    posse_loss(st, hits, "heat")


def gang_checked(st: D6State, hits: int) -> None:
    """The Gang's dice (no Fight): ``hits`` Posse members are lost."""
    posse_loss(st, hits, "gang")


def pay_heat(st: D6State, with_food: int) -> None:
    """Ep.1 "Extreme Heat!": ``with_food`` hits paid with 2 Food each (D6-F3)."""
    st.journey.food -= 2 * with_food
    posse_loss(st, st.pending.heat_hits - with_food, "heat")


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
