"""Days, Rations, Posse losses, the Heat, the Gang and Shootouts.

Ep.1/Ep.2 "Days", "Food", "Your Posse", "Dice Actions" (Extreme Heat!, The
Griggs/Crowe Gang Attacks!), "Shootout!", "Special Items" (Medicine/
Bandages), "End of the Game"; RULINGS d6 (Medicine, Army Deserters);
D6-D2, D6-F3, D6-F4, D6-I5, D6-T1, D6-T2, D6-V9.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from saloon.core.action import Outcome
from saloon.games.d6shooters.actions import Roll
from saloon.games.d6shooters.dice import volley
from saloon.games.d6shooters.rules import ending
from saloon.games.d6shooters.rules.nodes import (
    C_CHECK,
    C_GANG_VOLLEY,
    C_POSSE_VOLLEY,
    FX_CAMPFIRE,
    HUNTER,
    MAX_SHOOTOUT_TIES,
    MEDICINE,
    OVER,
    P_HEAT_FOOD,
    P_LOSS,
    RUN,
    S_SIXES,
    S_TOWN,
)
from saloon.games.d6shooters.rules.sheet import NO_PRISONER, PRISONER_HELD
from saloon.games.d6shooters.rules.text import change, count, dice, faces_of, possessive, verb

if TYPE_CHECKING:
    from saloon.games.d6shooters.rules.state import D6State

#: What counts on a check's dice, and the words for it (Ep.1: Heat 3-6; Ep.2:
#: Heat 4-6; the Gang 3-6; Fishing Hole 1-2; Rattlesnakes 6).
CHECK_FACES = {
    ("heat", 1): (3, 4, 5, 6),
    ("heat", 2): (4, 5, 6),
    ("gang", 1): (3, 4, 5, 6),
    ("gang", 2): (3, 4, 5, 6),
    ("fish", 1): (1, 2),
    ("fish", 2): (1, 2),
    ("snakes", 1): (6,),
    ("snakes", 2): (6,),
}
CHECK_NAMES = {
    "heat": "The Heat",
    "gang": "The Gang",
    "fish": "The Fishing Hole",
    "snakes": "The Rattlesnakes",
}


def hits(st: D6State, check: str, faces: Sequence[int]) -> int:
    """How many of a check's dice count."""
    good = CHECK_FACES[check, st.episode]
    return sum(1 for f in faces if f in good)


def check_words(st: D6State, check: str) -> str:
    good = CHECK_FACES[check, st.episode]
    return f"{good[0]}-{good[-1]}" if len(good) > 1 else str(good[0])


# -- Days and Rations ------------------------------------------------------------------------


def add_days(st: D6State, n: int, why: str) -> None:
    """Ep.1/Ep.2 "Days": added Days are marked at once; a Rations Day is paid
    at once; the journey fails once the limit has passed (D6-T1)."""
    j = st.journey
    for _ in range(n):
        if st.phase == OVER:
            return
        j.day += 1
        if not st.quiet:
            st.say("day", f"{why}: Day {j.day} of {st.limit} is marked off.")
        if j.day >= st.limit:
            away = count(st.destination - j.space, "space")
            why = f"the {st.limit} Days ran out with {st.destination_name} still {away} away"
            st.end("late", why, day=j.day)
            return
        if j.day % 5 == 0:
            rations(st)


def rations(st: D6State) -> None:
    """Ep.1/Ep.2 "Food": every 5th Day one Food per Posse member; no Food at
    all loses the game; short Food feeds whom it can and loses the rest
    (D6-T2)."""
    j = st.journey
    if j.food == 0:
        st.end("starved", "it is a Rations Day and there is no Food left", day=j.day)
        return
    short = j.posse - j.food
    before = j.food
    j.food = max(0, j.food - j.posse)
    fed = before - j.food
    eat = verb(j.posse, "eats", "eat")
    text = f"Day {j.day} is a Rations Day: {count(j.posse, 'Posse member')} {eat} {fed} Food"
    text += f" ({before} → {j.food})"
    if short > 0:
        text += f"; {count(short, 'goes', 'go')} unfed"
    st.say("rations", text + ".")
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
    lose_posse(st, n, source)


def settle_loss(st: D6State, medicine: bool, absorbed: int) -> None:
    """The player's answer to the first loss waiting: Medicine prevents all of
    it (then it is discarded), or ``absorbed`` deserters die in the Posse's
    place and the rest is lost. The next losses waiting are put to the
    player in turn, or taken at once when nothing can be set against them."""
    p = st.pending
    (n, source), p.losses = p.losses[0], p.losses[1:]
    if medicine:
        st.journey.items &= ~MEDICINE
        st.say(
            "medicine",
            f"The Medicine saves {count(n, 'Posse member')} from {LOSS_SOURCES[source]}; "
            "it is used up.",
        )
    else:
        if absorbed:
            fx = st.effects
            men = "Army Deserters die" if absorbed > 1 else "Army Deserter dies"
            st.say(
                "deserters",
                f"{absorbed} {men} in the Posse's place ({fx.deserters} → "
                f"{fx.deserters - absorbed} deserters).",
            )
            fx.deserters -= absorbed
        lose_posse(st, n - absorbed, source)
    while p.losses and not st.is_over:
        n, source = p.losses[0]
        if can_prevent(st, source):
            st.phase = P_LOSS
            return
        p.losses = p.losses[1:]
        lose_posse(st, n, source)


def lose_posse(st: D6State, n: int, source: str = "") -> None:
    """Ep.1/Ep.2 "Your Posse": Posse 0 loses the game. ``source`` is one of
    :data:`LOSS_SOURCES`, or what the Posse was given up to (an Event's
    demand: "the Posse Demands"). The Hunter is lost when
    the Posse falls to 1 in episode 1 (Ep.1 "Special Items"; episode 2's
    Hunter has no such clause: RULINGS d6)."""
    if n <= 0:
        return
    j = st.journey
    before = j.posse
    j.posse = max(0, j.posse - n)
    lost = count(before - j.posse, "Posse member")
    if source in LOSS_SOURCES:
        text = f"You lose {lost} to {LOSS_SOURCES[source]}"
    else:
        text = f"You give up {lost} to {source}" if source else f"You lose {lost}"
    st.say("loss", f"{text} ({before} → {j.posse}).")
    if st.episode == 1 and j.posse <= 1 and j.items & HUNTER:
        j.items &= ~HUNTER
        st.say("item", "The Hunter leaves: the Posse is down to one.")
    if j.posse == 0:
        why = ending.posse_gone(st, before, source)
        day = j.day if source == "rations" else None
        st.end("showdown" if st.mode == "showdown" else "posse", why, day)


# -- the Heat and the Gang (the 5s and 6s) ---------------------------------------------------


def extreme_heat(st: D6State) -> None:
    """Extreme Heat! (5s): reroll each 5 not removed by Seek Shelter; Ep.1: each
    3-6 costs 2 Food or a Posse member; Ep.2: each 4-6 costs a Posse member."""
    st.stage = S_SIXES
    n5 = st.resolution.fives
    if n5 > 0:
        if not st.quiet:
            st.say(
                "heat",
                f"Extreme Heat: {faces_of(n5, 5)} left, rerolled; each "
                f"{check_words(st, 'heat')} costs "
                + ("2 Food or a Posse member." if st.episode == 1 else "a Posse member."),
            )
        start_check(st, "heat", n5)


def gang_attacks(st: D6State) -> None:
    """The Gang attacks (6s): a Shootout if any 4 Fights, else reroll each 6
    and lose a Posse member on each 3-6."""
    st.stage = S_TOWN
    r = st.resolution
    if r.sixes <= 0:
        return
    gang = "Griggs" if st.episode == 1 else "Crowe"
    if r.fight > 0:
        extra = 1 if st.effects.until_town_or_event & FX_CAMPFIRE else 0
        if not st.quiet:
            camp = " (+1 for the Campfire Songs)" if extra else ""
            st.say(
                "gang",
                f"The {gang} Gang attacks with {faces_of(r.sixes, 6)}; {faces_of(r.fight, 4)} "
                f"Fight{'s' if r.fight == 1 else ''}{camp}: a Shootout.",
            )
        start_shootout(st, r.fight + extra, r.sixes, "gang")
    else:
        if not st.quiet:
            st.say(
                "gang",
                f"The {gang} Gang attacks with {faces_of(r.sixes, 6)}; no 4 Fights, so they "
                "are rerolled: each 3-6 costs a Posse member.",
            )
        start_check(st, "gang", r.sixes)


def start_check(st: D6State, check: str, n: int) -> None:
    """Roll ``n`` dice for ``check`` (heat, gang, snakes, fish)."""
    st.pending.roll_for = check
    st.pending.dice = n
    st.phase = C_CHECK


def checked(st: D6State, check: str, faces: Sequence[int]) -> int:
    """The check's dice are down: say what they show; returns the hits."""
    n = hits(st, check, faces)
    if not st.quiet:
        what, plural = {"fish": ("catch", "catches"), "snakes": ("bite", "bites")}.get(
            check, ("hit", "hits")
        )
        st.say(
            check,
            f"{possessive(CHECK_NAMES[check])} dice: {dice(faces)}: {count(n, what, plural)}"
            f" ({check_words(st, check)}).",
        )
    return n


def heat_checked(st: D6State, n: int) -> None:
    """The Heat's hits: episode 1 may pay in Food (a decision); otherwise each
    costs a Posse member."""
    if st.episode == 1 and n and st.journey.food >= 2:
        st.pending.heat_hits = n
        st.phase = P_HEAT_FOOD
        return
    posse_loss(st, n, "heat")


def pay_heat(st: D6State, with_food: int) -> None:
    """Ep.1 "Extreme Heat!": ``with_food`` hits paid with 2 Food each (D6-F3)."""
    j = st.journey
    if with_food:
        before = j.food
        j.food -= 2 * with_food
        st.say("heat", f"You pay {with_food * 2} Food for the Heat ({before} → {j.food}).")
    posse_loss(st, st.pending.heat_hits - with_food, "heat")


# -- Shootouts ---------------------------------------------------------------------------------


def start_shootout(st: D6State, posse: int, gang: int, kind: str) -> None:
    """Ep.1/Ep.2 "Shootout!": rounds until one side has no dice."""
    s = st.shootout
    s.posse_dice, s.gang_dice, s.kind = posse, gang, kind
    s.round, s.ties, s.posse_roll = 1, 0, ()
    if not st.quiet:
        j = st.journey
        guns = f" + {j.guns_bonus} Better Guns" if j.guns_bonus else ""
        st.say(
            "shootout",
            f"Shootout: your {count(posse, 'die', 'dice')} + {j.ammo} Ammo{guns} against the "
            f"Gang's {count(gang, 'die', 'dice')}; the higher total wins each round.",
        )
    st.phase = C_POSSE_VOLLEY


def bonus(st: D6State) -> int:
    """What the Posse adds to its dice: Ammo and Better Guns ("Shootout!")."""
    return st.journey.ammo + st.journey.guns_bonus


def bonus_words(st: D6State) -> str:
    """The Posse's bonus in words: ``6 Ammo`` or ``6 Ammo + 2 Better Guns``."""
    j = st.journey
    return f"{j.ammo} Ammo" + (f" + {j.guns_bonus} Better Guns" if j.guns_bonus else "")


def volley_outcomes(st: D6State) -> tuple[tuple[Outcome, float], ...]:
    """The dice of a Shootout round, the Posse's, then the Gang's; a tie is
    rolled again, and after :data:`MAX_SHOOTOUT_TIES` ties in a row the roll
    is conditioned on not tying, which leaves the round's odds as they are
    (D6-D2)."""
    s = st.shootout
    settle = s.ties >= MAX_SHOOTOUT_TIES
    if st.phase == C_POSSE_VOLLEY:
        faces, probs, _ = volley(s.posse_dice, s.gang_dice, bonus(st), None, settle)
        group = "posse"
    else:
        total = sum(s.posse_roll) + bonus(st)
        faces, probs, _ = volley(s.posse_dice, s.gang_dice, bonus(st), total, settle)
        group = "gang"
    return tuple((Roll(group, f), p) for f, p in zip(faces, probs, strict=True))


def posse_volley(st: D6State, faces: tuple[int, ...]) -> None:
    """The Posse's dice of a round: added to the Ammo (and Better Guns)."""
    s = st.shootout
    s.posse_roll = faces
    if not st.quiet:
        st.say(
            "shootout",
            f"Round {s.round}: your {'die' if len(faces) == 1 else 'dice'} {dice(faces)} "
            f"+ {bonus_words(st)} = {sum(faces) + bonus(st)}.",
        )
    st.phase = C_GANG_VOLLEY


def gang_volley(st: D6State, faces: tuple[int, ...]) -> None:
    """The Gang's dice: the higher total wins the round, a tie is rolled
    again; the loser removes a die. When a side runs out, Ammo -1 (never
    below 0); a lost Shootout costs a Posse member per Gang die left; in
    episode 2 a won Shootout against the Gang crosses off a Crowe Gang member
    (not against Bandits: D6-F4)."""
    s = st.shootout
    j = st.journey
    mine, theirs = sum(s.posse_roll) + bonus(st), sum(faces)
    if mine == theirs:
        s.ties += 1
        st.say(
            "shootout",
            f"The Gang's {'die' if len(faces) == 1 else 'dice'} {dice(faces)} = {theirs}: "
            "a tie, rolled again.",
        )
        s.posse_roll = ()
        st.phase = C_POSSE_VOLLEY
        return
    won = mine > theirs
    if won:
        s.gang_dice -= 1
    else:
        s.posse_dice -= 1
    if not st.quiet:
        side = "you win the round" if won else "the Gang wins the round"
        st.say(
            "shootout",
            f"The Gang's {'die' if len(faces) == 1 else 'dice'} {dice(faces)} = {theirs}: "
            f"{side} (you have {count(s.posse_dice, 'die', 'dice')} left, "
            f"the Gang {count(s.gang_dice, 'die', 'dice')}).",
        )
    s.round += 1
    s.ties = 0
    s.posse_roll = ()
    if s.gang_dice > 0 and s.posse_dice > 0:
        st.phase = C_POSSE_VOLLEY
        return
    before = j.ammo
    j.ammo = max(0, j.ammo - 1)
    st.phase = RUN
    ammo = change("Ammo", before, j.ammo)
    if s.gang_dice == 0:
        crossed = st.episode == 2 and s.kind != "bandits" and j.crowes > 0
        if crossed:
            j.crowes -= 1
        tail = f"; a Crowe Gang member is crossed off ({j.crowes} left)" if crossed else ""
        st.say("shootout", f"You win the Shootout; {ammo}{tail}.")
        return
    st.say(
        "shootout",
        f"The Gang wins the Shootout with {count(s.gang_dice, 'die', 'dice')} left; {ammo}.",
    )
    e = st.effects
    if e.prisoner == PRISONER_HELD:
        # Prisoner (RULINGS d6, 4-4; D6-V6): a lost Shootout frees him, and costs 1 Gold.
        e.prisoner = NO_PRISONER
        g = j.gold
        j.gold = max(0, j.gold - 1)
        st.say("prisoner", f"The prisoner gets away in the fight: {change('Gold', g, j.gold)}.")
    posse_loss(st, s.gang_dice, "shootout")
