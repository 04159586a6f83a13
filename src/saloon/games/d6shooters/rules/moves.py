"""The 1s to the 4s: movement on the route, Food, Gold, and the split of the 4s.

Ep.1/Ep.2 "Dice Actions" (Move, Find Food, Prospect / Recruit Posse or Find
Gold, Hide, Seek Shelter, Backroads, Fight!), Ep.2 "Movement", "Resource
Spaces", Ep.1/Ep.2 "End of the Game" (the destination); RULINGS d6 (Events
pause movement); D6-M1..M4, D6-F1, D6-F2.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from saloon.games.d6shooters.actions import Fours
from saloon.games.d6shooters.rules import events, harm, showdown, text, towns
from saloon.games.d6shooters.rules.nodes import (
    FX_GUNSIGHT,
    HUNTER,
    MAP,
    P_FOURS,
    P_RECRUIT,
    RUN,
    S_BACKROADS,
    S_FIVES,
    S_FOURS,
    S_THREES,
)
from saloon.games.d6shooters.rules.text import change, count, faces_of, number

if TYPE_CHECKING:
    from saloon.games.d6shooters.rules.state import D6State


# -- the 1s: movement ------------------------------------------------------------------------


def step(st: D6State) -> None:
    """One space on. An E square pauses movement for its Event (RULINGS d6);
    a Town stops it in episode 1 and is visited on the way in episode 2; the
    destination ends the journey (D6-M1, D6-M4)."""
    j, res = st.journey, st.resolution
    if res.move_start < 0:
        res.move_start = j.space
    j.space += 1
    res.movement_left -= 1
    res.moved = True
    space = j.space
    if space >= st.destination:
        j.space = st.destination
        res.movement_left = 0
        text.say_moved(st)
        arrive(st)
        return
    town = st.map.towns.get(space)
    if town is not None:
        towns.reach_town(st, space, town)
        return
    if space in st.map.events:
        text.say_moved(st, "onto an Event square")
        events.start_event(st)
        return
    if res.movement_left == 0:
        code = st.map.resources.get(space)
        text.say_moved(st, f"onto the {code} space" if code else "")
        if code:
            resource_space(st, code)


def resource_space(st: D6State, code: str) -> None:
    """Ep.2 "Resource Spaces": landing exactly gains or loses one (D6-M2)."""
    what, sign = code[0], code[1]
    d = 1 if sign == "+" else -1
    j = st.journey
    if what == "D":
        harm.add_days(st, 1, f"The {code} space")
        return
    if what == "P" and d < 0:
        st.say("resource", f"The {code} space costs a Posse member.")
        harm.posse_loss(st, 1, "space")
        return
    name, attr = {"P": ("Posse", "posse"), "F": ("Food", "food"), "G": ("Gold", "gold")}.get(
        what, ("Ammo", "ammo")
    )
    before = getattr(j, attr)
    cap = st.cap if what in "PF" else 10**9
    after = max(0, min(cap, before + d))
    setattr(j, attr, after)
    st.say("resource", f"The {code} space: {change(name, before, after)}.")


def arrive(st: D6State) -> None:
    """Ep.1 "End of the Game": Reno reached, the rest of the turn is
    disregarded and the game is won. Ep.2: the Ghost Town Showdown."""
    j = st.journey
    j.arrival_day = j.day + 1
    st.say("arrive", f"You reach {st.destination_name} on Day {j.arrival_day} of {st.limit}.")
    if st.episode == 1:
        st.end("won")
        return
    showdown.begin(st)


# -- the 2s and 3s ---------------------------------------------------------------------------


def ones(st: D6State) -> None:
    """The 1s: one space each (Compass: red 1s count two; Ep.2 Downhill Ride
    the same; Ep.1 Downhill Ride adds one: D6-V4)."""
    res = st.resolution
    if st.quiet or not res.ones:
        return
    if res.no_movement or res.town_stop:
        st.say("move", f"1s: {count(res.ones, 'move')}, but no movement is possible now.")
    else:
        st.say("move", f"1s: {count(res.ones, 'space')} to move.")


def find_food(st: D6State) -> None:
    """Find Food (2s): one Food for every two 2s, up to the cap ("Food")."""
    st.stage = S_THREES
    n = st.resolution.twos
    if not n:
        return
    gain = n // 2
    j = st.journey
    before = j.food
    if gain:
        j.food = min(st.cap, j.food + gain)
    if not st.quiet:
        hunter = (
            " (the Hunter's red 2s count twice)" if j.items & HUNTER and 2 in st.dice.red else ""
        )
        what = change("Food", before, j.food) if gain else "no Food (two 2s find one)"
        capped = " (the cap)" if gain and j.food - before < gain else ""
        black = " (the black 2 counts twice)" if 2 in st.dice.black else ""
        st.say("food", f"2s: {faces_of(n, 2)}{black}{hunter}: {what}{capped}.")


def prospect(st: D6State) -> None:
    """Ep.1 Prospect: a Gold for three 3s (two with the Prospector's Map).
    Ep.2: each three 3s recruit a Posse member or find a Gold."""
    st.stage = S_FOURS
    j = st.journey
    threes = st.resolution.threes
    if not threes:
        return
    if st.episode == 1:
        per = 2 if j.items & MAP else 3
        before = j.gold
        j.gold += threes // per
        if not st.quiet:
            what = (
                change("Gold", before, j.gold)
                if j.gold > before
                else f"no Gold ({number(per)} find one)"
            )
            st.say("gold", f"3s: {faces_of(threes, 3)}: {what}.")
        return
    sets = threes // 3
    if not sets:
        if not st.quiet:
            st.say("gold", f"3s: {faces_of(threes, 3)}: nothing (three make a set).")
        return
    if j.posse >= st.cap:
        before = j.gold
        j.gold += sets
        st.say(
            "gold",
            f"3s: {count(sets, 'set')} of three, the Posse full: {change('Gold', before, j.gold)}.",
        )
    else:
        st.say(
            "gold",
            f"3s: {count(sets, 'set')} of three: each recruits a Posse member or finds a Gold.",
        )
        st.phase = P_RECRUIT


def recruit(st: D6State, n: int) -> None:
    """Ep.2: ``n`` sets of 3s recruit, the other sets find Gold."""
    j = st.journey
    sets = st.resolution.threes // 3
    p, g = j.posse, j.gold
    j.posse = min(st.cap, j.posse + n)
    j.gold += sets - n
    parts = [change("Posse", p, j.posse), change("Gold", g, j.gold)]
    st.say("gold", "You recruit and prospect: " + ", ".join(parts) + ".")


# -- the 4s --------------------------------------------------------------------------------


@cache
def fours_options(n4: int, shelter: int, n6: int, back: int, step: int) -> tuple[Fours, ...]:
    """Every split of ``n4`` 4s (D6-F1): Seek Shelter up to the 5s showing,
    Hide up to the pairs of 6s, Fight only against 6s that remain,
    Backroads in steps of ``step`` dice."""
    out = []
    for s in range(min(n4, shelter) + 1):
        for h in range(min(n4 - s, (n6 + 1) // 2) + 1):
            for b in range(0, min(n4 - s - h, back) + 1, step):
                rest = n4 - s - h - b
                fmax = rest if n6 - 2 * h > 0 else 0
                for f in range(fmax + 1):
                    out.append(Fours(s, h, f, b))
    return tuple(out)


@cache
def fours_set(n4: int, shelter: int, n6: int, back: int, step: int) -> frozenset[Fours]:
    """:func:`fours_options` as a set, for a quick legality check."""
    return frozenset(fours_options(n4, shelter, n6, back, step))


def fours_args(st: D6State) -> tuple[int, int, int, int, int]:
    """What the split of the 4s depends on: the 4s, the 5s Shelter may remove
    (none under Lost Gunsight Mine), the 6s, the 4s Backroads may take (none
    once movement has stopped) and its step (Ep.1: two 4s a space; Ep.2: a
    4 a space, at most two)."""
    res = st.resolution
    shelter = 0 if st.effects.until_town_or_event & FX_GUNSIGHT else res.fives
    can_move = not (res.no_movement or res.town_stop)
    if st.episode == 1:
        back, stepping = (res.fours if can_move else 0), 2
    else:
        back, stepping = (min(2, res.fours) if can_move else 0), 1
    return res.fours, shelter, res.sixes, back, stepping


def fours_choices(st: D6State) -> tuple[Fours, ...]:
    return fours_options(*fours_args(st))


def fours_stage(st: D6State) -> None:
    """The 4s are split, by the player unless only one split is possible."""
    st.stage = S_BACKROADS
    if st.resolution.fours > 0:
        opts = fours_choices(st)
        if len(opts) == 1:
            split_fours(st, opts[0])
        else:
            st.phase = P_FOURS


def split_fours(st: D6State, a: Fours) -> None:
    """Seek Shelter removes a 5 per 4; Hide removes (up to) two 6s per 4 and
    adds Days at once (D6-F2); Fight sets the Shootout's dice; Backroads
    moves (Ep.1: a space per two 4s; Ep.2: a space per 4, at most 2)."""
    st.phase = RUN
    res = st.resolution
    if not st.quiet:
        st.say("fours", "4s: " + fours_words(st, a) + ".")
    res.fives -= a.shelter
    res.fight = a.fight
    res.backroads = a.back // 2 if st.episode == 1 else a.back
    if a.hide:
        res.sixes = max(0, res.sixes - 2 * a.hide)
        days = a.hide if (st.episode == 1 or st.options.hide_days == "per_die") else 1
        harm.add_days(st, days, "Hiding")


def fours_words(st: D6State, a: Fours) -> str:
    """A split of the 4s in words, with what each use does.

    >>> from saloon.games.d6shooters.scenario import turn_start
    >>> st = turn_start()
    >>> st.resolution.fours, st.resolution.fives, st.resolution.sixes = 4, 1, 2
    >>> for part in fours_words(st, Fours(1, 0, 1, 2)).split(", "):
    ...     print(part)
    1 to Seek Shelter (one 5 removed)
    1 to Fight (1 Shootout die against the Gang)
    2 to Backroads (1 space)
    """
    res = st.resolution
    parts = []
    if a.shelter:
        parts.append(f"{a.shelter} to Seek Shelter ({faces_of(a.shelter, 5)} removed)")
    if a.hide:
        gone = min(res.sixes, 2 * a.hide)
        days = a.hide if (st.episode == 1 or st.options.hide_days == "per_die") else 1
        plural = "s" if days > 1 else ""
        parts.append(f"{a.hide} to Hide ({faces_of(gone, 6)} removed, +{days} Day{plural})")
    if a.fight:
        dice = "die" if a.fight == 1 else "dice"
        parts.append(f"{a.fight} to Fight ({a.fight} Shootout {dice} against the Gang)")
    if a.back:
        spaces = a.back // 2 if st.episode == 1 else a.back
        parts.append(f"{a.back} to Backroads ({spaces} space{'s' if spaces != 1 else ''})")
    unused = res.fours - a.shelter - a.hide - a.fight - a.back
    if unused:
        parts.append(f"{unused} unused")
    return ", ".join(parts) if parts else "none used"


def backroads(st: D6State) -> None:
    """Backroads movement, a movement of its own (Ep.2 "Movement")."""
    st.stage = S_FIVES
    res = st.resolution
    if res.backroads and not (res.no_movement or res.town_stop):
        res.moved = False
        res.movement_left = res.backroads
