"""A Day: its start, the three rolls and the dice kept, and the order in which
the dice are resolved; the end of the Day.

Ep.1/Ep.2 "Gameplay" (three rolls; red 5s and 6s of the first roll locked;
Ep.2: the black die counts two), "Dice Actions" (resolved 1s first), "Days",
Ep.1 "Special Event", "Special Items" (Binoculars, Lucky Charm, Compass,
Hunter), Event List (Gold in Them Hills, Downhill Ride, Critters
Everywhere, Lost Family, Indian Guide, Army Deserters, Prisoner); D6-D1..D4.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.games.d6shooters.actions import Amount, Change, Faces, Keep, Place
from saloon.games.d6shooters.dice import face_counts, is_sub, minus, subsets
from saloon.games.d6shooters.rules import events, harm, moves, showdown, towns
from saloon.games.d6shooters.rules.nodes import (
    BINOCULARS,
    C_DESERTERS,
    C_HAND,
    C_ROLL,
    CHARM,
    COMPASS,
    FX_CRITTERS,
    FX_DOWNHILL,
    FX_GUIDE,
    FX_HILLS,
    HUNTER,
    OVER,
    P_BEGIN,
    P_BINOCULARS,
    P_CHARM,
    P_FAMILY,
    P_GUIDE,
    P_HILLS,
    P_KEEP,
    PASS,
    RUN,
    S_BACKROADS,
    S_DESERTERS,
    S_END,
    S_FAMILY,
    S_FIVES,
    S_FOURS,
    S_GUIDE,
    S_ONES,
    S_ROLL,
    S_SIXES,
    S_START,
    S_THREES,
    S_TOWN,
    S_TWOS,
    STOP,
)
from saloon.games.d6shooters.rules.sheet import PRISONER_AWAITED, PRISONER_HELD, TurnDice
from saloon.games.d6shooters.rules.text import count, dice, verb

if TYPE_CHECKING:
    from saloon.games.d6shooters.rules.state import D6State


# -- the stages of a turn ----------------------------------------------------------------------


def advance(st: D6State) -> None:
    """Run automatic steps until a decision, a chance node or the end."""
    while st.phase == RUN:
        if st.visit.pending:
            st.visit.pending = False
            towns.enter_town(st)
        elif st.resolution.movement_left > 0:
            moves.step(st)
        else:
            stage(st)


def stage(st: D6State) -> None:
    """The next step of the turn, in the rulebook's order."""
    s = st.stage
    if s == S_START:
        st.stage = S_DESERTERS
        if not st.quiet:
            j = st.journey
            st.say(
                "day",
                f"Day {j.day + 1} of {st.limit} begins on space {j.space} "
                f"({st.destination - j.space} to {st.destination_name}).",
            )
        # Ep.1 "Special Event" (episode 2's rules have none: RULINGS d6).
        if st.episode == 1 and not st.journey.special_used:
            st.phase = P_BEGIN
    elif s == S_DESERTERS:
        st.stage = S_GUIDE
        if st.effects.deserters > 0:
            # Army Deserters (D6-V9): before each turn a die for each.
            st.phase = C_DESERTERS
    elif s == S_GUIDE:
        st.stage = S_FAMILY
        if st.effects.until_town_or_event & FX_GUIDE:
            st.phase = P_GUIDE
    elif s == S_FAMILY:
        st.stage = S_ROLL
        if st.effects.lost_family:
            st.phase = P_FAMILY
    elif s == S_ROLL:
        first_roll(st)
    elif s == S_ONES:
        st.stage = S_TWOS
    elif s == S_TWOS:
        moves.find_food(st)
    elif s == S_THREES:
        moves.prospect(st)
    elif s == S_FOURS:
        moves.fours_stage(st)
    elif s == S_BACKROADS:
        moves.backroads(st)
    elif s == S_FIVES:
        harm.extreme_heat(st)
    elif s == S_SIXES:
        harm.gang_attacks(st)
    elif s == S_TOWN:
        st.stage = S_END
        if st.resolution.town_stop and st.episode == 1:
            towns.enter_town(st)
    elif s == S_END:
        end_of_day(st)


def begin(st: D6State, special: bool) -> None:
    """Episode 1, "Special Event": once per game, an Event at the start of a turn."""
    st.phase = RUN
    if special:
        st.journey.special_used = True
        st.say("special", "You call the Special Event.")
        events.start_event(st)


def deserters_rolled(st: D6State, faces: Faces) -> None:
    """Army Deserters (D6-V9): a 5 deserts; a 6 deserts with 1 Food and 1 Gold."""
    st.phase = RUN
    j, fx = st.journey, st.effects
    food, gold, men = j.food, j.gold, fx.deserters
    for f in faces:
        if f >= 5:
            fx.deserters -= 1
            if f == 6:
                j.food = max(0, j.food - 1)
                j.gold = max(0, j.gold - 1)
    gone = men - fx.deserters
    text = f"The Army Deserters' dice: {dice(faces)}: " + (
        f"{count(gone, 'man', 'men')} {verb(gone, 'deserts', 'desert')}" if gone else "they stay"
    )
    taken = [
        f"{b - a} {n} ({b} → {a})"
        for n, b, a in (("Food", food, j.food), ("Gold", gold, j.gold))
        if b != a
    ]
    st.say("deserters", text + (", taking " + " and ".join(taken) if taken else "") + ".")


def set_guide(st: D6State, face: int) -> None:
    """Indian Guide (RULINGS d6, 6-6): one red die set before rolling."""
    st.dice.set_red = (face,)
    st.say("guide", f"The Indian Guide sets a red die to {face}.")


def set_family(st: D6State, red: int, white: int) -> None:
    """Lost Family (RULINGS d6, 5-5): a red and a white die set before rolling."""
    d = st.dice
    st.effects.lost_family = False
    d.set_red = tuple(sorted((*d.set_red, red)))
    d.set_white = (white,)
    st.say("family", f"Lost Family: a red die is set to {red} and a white die to {white}.")


def end_of_day(st: D6State) -> None:
    """ "At the end of each turn, check off one Day" (Ep.1/Ep.2 "Gameplay")."""
    st.stage = S_START
    harm.add_days(st, 1, "The Day is over")
    if st.phase != OVER:
        st.dice = TurnDice()
        st.resolution = type(st.resolution)()
        st.mode = "turn"


# -- rolling ---------------------------------------------------------------------------------


def first_roll(st: D6State) -> None:
    """Ep.1: 3 red and 5 white dice; Ep.2: a black, 2 red and 5 white.
    Critters Everywhere adds 2 white dice (D6-V7); dice set by the Indian
    Guide or Lost Family start kept (D6-D4)."""
    st.stage = S_ONES
    d = st.dice
    reds = (3 if st.episode == 1 else 2) - len(d.set_red)
    critters = 2 if st.effects.until_town_or_event & FX_CRITTERS else 0
    whites = 5 + critters - len(d.set_white)
    d.red, d.white, d.black = d.set_red, d.set_white, ()
    q = []
    if st.episode == 2:
        q.append(("black", 1))
    if reds > 0:
        q.append(("red", reds))
    if whites > 0:
        q.append(("white", whites))
    d.to_roll = tuple(q)
    d.rolls = 0
    st.mode = "turn"
    st.phase = C_ROLL


def rolled(st: D6State, faces: Faces) -> None:
    """A group of dice has been rolled (the turn's, Poker's, the Showdown's)."""
    d = st.dice
    group, _ = d.to_roll[0]
    d.to_roll = d.to_roll[1:]
    mode = st.mode
    if mode == "showdown":
        showdown.dice_rolled(st, group, faces)
        return
    locks: tuple[int, ...] = ()
    if group == "red":
        d.red = tuple(sorted(d.red + faces))
        if d.rolls == 0 and mode == "turn" and not d.binoculars_reroll:
            # "Gameplay": red 5s and 6s of the first roll lock.
            locks = tuple(f for f in faces if f >= 5)
            d.locked = tuple(sorted(d.locked + locks))
    elif group == "white":
        d.white = tuple(sorted(d.white + faces))
    else:
        d.black = tuple(sorted(d.black + faces))
    if not st.quiet:
        if d.binoculars_reroll:
            st.say("roll", f"The Binoculars' red die shows {faces[0]} (it is not locked).")
        else:
            lock = f"; locked for good: {dice(locks)}" if locks else ""
            what = "Poker roll" if mode == "poker" else "Roll"
            st.say("roll", f"{what} {d.rolls + 1}, {group}: {dice(faces)}{lock}.")
    if d.to_roll:
        return
    if d.binoculars_reroll:
        d.binoculars_reroll = False
        after_binoculars(st)
        return
    d.rolls += 1
    if mode == "poker":
        if d.rolls >= 3:
            st.phase = C_HAND
        else:
            to_keep(st)
        return
    if d.rolls == 1 and st.journey.items & BINOCULARS and binoculars_targets(st):
        st.phase = P_BINOCULARS
        return
    after_binoculars(st)


def dice_text(st: D6State) -> str:
    d = st.dice
    parts = []
    for name, faces in (("black", d.black), ("red", d.red), ("white", d.white)):
        if faces:
            parts.append(f"{name} {' '.join(map(str, faces))}")
    return ", ".join(parts)


def binoculars_targets(st: D6State) -> list[int]:
    """The locked red faces Binoculars may reroll, one of them of the
    player's choice: Ep.1 a red 5; Ep.2 a red 5 or 6 (RULINGS d6)."""
    faces = (5,) if st.episode == 1 else (5, 6)
    return [f for f in faces if f in st.dice.locked]


def binoculars_choices(st: D6State) -> list[Action]:
    return [*(Amount("binoculars", f) for f in binoculars_targets(st)), PASS]


def use_binoculars(st: D6State, action: Action) -> None:
    """Reroll the named red die; the new face is never locked (D6-I4: the
    lock is for the first roll's 5s and 6s, and this is not that roll)."""
    if action == PASS:
        after_binoculars(st)
        return
    assert isinstance(action, Amount)
    d = st.dice
    f = action.n
    st.say("binoculars", f"You reroll the locked red {f} with the Binoculars.")
    d.locked = minus(d.locked, (f,))
    d.red = minus(d.red, (f,))
    d.binoculars_reroll = True
    d.to_roll = (("red", 1),)
    st.phase = C_ROLL


def after_binoculars(st: D6State) -> None:
    d = st.dice
    fx = st.effects.until_town_or_event
    if d.rolls == 1 and fx & FX_HILLS and not d.hills_used and hills_changes(st):
        st.phase = P_HILLS
        return
    to_keep(st)


def hills_changes(st: D6State) -> list[Action]:
    """Gold in Them Hills: one die to a 3 after the first roll (Ep.1 Event
    List 1-6: any die but a red 5 or 6, even one the Indian Guide or Lost
    Family set, D6-V13; Ep.2: a white die)."""
    d = st.dice
    out: list[Action] = []
    if st.episode == 1:
        out += [Change("hills", "r", f, 3) for f in sorted(set(d.red)) if f not in (3, 5, 6)]
    out += [Change("hills", "w", f, 3) for f in sorted(set(d.white)) if f != 3]
    return out


def use_hills(st: D6State, action: Action) -> None:
    st.dice.hills_used = True
    if isinstance(action, Change):
        change_die(st, action)
        colour = "red" if action.colour == "r" else "white"
        st.say("hills", f"Gold in Them Hills: a {colour} {action.face} becomes a 3.")
    to_keep(st)


def change_die(st: D6State, a: Change) -> None:
    d = st.dice
    if a.colour == "r":
        d.red = tuple(sorted((*minus(d.red, (a.face,)), a.to)))
    else:
        d.white = tuple(sorted((*minus(d.white, (a.face,)), a.to)))


# -- keeping -----------------------------------------------------------------------------------


@cache
def keep_choices(black: Faces, red: Faces, white: Faces, locked: Faces) -> tuple[Action, ...]:
    """Every keep of the dice showing, all colours at once ("Gameplay": lock and
    unlock freely; the locked red 5s and 6s always stay), and ``stop``.
    Keeping every die is the same as stopping, so it is offered as ``stop``
    only (D6-D3)."""
    everything = (black, red, white)
    out: list[Action] = [
        Keep(b, r, w)
        for b in subsets(black, ())
        for r in subsets(red, locked)
        for w in subsets(white, ())
        if (b, r, w) != everything
    ]
    out.append(STOP)
    return tuple(out)


@cache
def keep_ok(faces: Faces, shown: Faces, forced: Faces) -> bool:
    """A keep is legal: sorted faces among those shown, the forced ones in it."""
    return tuple(sorted(faces)) == faces and is_sub(faces, shown) and is_sub(forced, faces)


def keep_legal(st: D6State) -> tuple[Action, ...]:
    d = st.dice
    return keep_choices(d.black, d.red, d.white, d.locked)


def is_keep_legal(st: D6State, action: Action) -> bool:
    if action == STOP:
        return True
    if not isinstance(action, Keep):
        return False
    d = st.dice
    return (
        keep_ok(action.black, d.black, ())
        and keep_ok(action.red, d.red, d.locked)
        and keep_ok(action.white, d.white, ())
        and (action.black, action.red, action.white) != (d.black, d.red, d.white)
    )


def to_keep(st: D6State) -> None:
    """After a roll: keep and roll again, unless three rolls are made or every
    die is locked ("Gameplay")."""
    d = st.dice
    if d.rolls >= 3 or len(d.locked) == len(d.red) + len(d.white) + len(d.black):
        all_locked(st)
        return
    st.phase = P_KEEP


def keep(st: D6State, action: Action) -> None:
    """The dice kept; the others are rolled again ("Gameplay")."""
    d = st.dice
    if action == STOP:
        if not st.quiet:
            st.say("keep", f"You keep every die after roll {d.rolls}.")
        if st.mode == "poker":
            st.phase = C_HAND
        else:
            all_locked(st)
        return
    assert isinstance(action, Keep)
    rerolls = tuple(
        (group, n)
        for group, n in (
            ("black", len(d.black) - len(action.black)),
            ("red", len(d.red) - len(action.red)),
            ("white", len(d.white) - len(action.white)),
        )
        if n
    )
    if not st.quiet:
        kept = [
            f"{g} {dice(f)}"
            for g, f in (("black", action.black), ("red", action.red), ("white", action.white))
            if f
        ]
        again = ", ".join(f"{n} {g}" for g, n in rerolls)
        st.say("keep", f"You keep {', '.join(kept) or 'nothing'} and roll {again} again.")
    d.black, d.red, d.white = action.black, action.red, action.white
    d.to_roll = rerolls
    st.phase = C_ROLL


def all_locked(st: D6State) -> None:
    """Three rolls made or every die kept: the Lucky Charm's pip (episode 2),
    then the resolution."""
    if st.episode == 2 and st.journey.items & CHARM and st.dice.white:
        st.phase = P_CHARM
        return
    resolve(st)


def charm_choices(st: D6State) -> list[Action]:
    """Lucky Charm (Ep.2 "Special Items"): one white die moved one pip."""
    out: list[Action] = []
    for f in sorted(set(st.dice.white)):
        if f > 1:
            out.append(Change("charm", "w", f, f - 1))
        if f < 6:
            out.append(Change("charm", "w", f, f + 1))
    return [*out, PASS]


def use_charm(st: D6State, action: Action) -> None:
    if isinstance(action, Change):
        change_die(st, action)
        st.say("charm", f"The Lucky Charm turns a white {action.face} into a {action.to}.")
    resolve(st)


def resolve(st: D6State) -> None:
    """All dice locked: counted and resolved 1s to 6s ("Gameplay"). The black
    die counts as two of its number (Ep.2 "Gameplay")."""
    st.phase = RUN
    d, j, fx, res = st.dice, st.journey, st.effects, st.resolution
    if not st.quiet:
        black = f" (the black {d.black[0]} counts twice)" if d.black else ""
        st.say("dice", f"The dice are locked: {dice_text(st)}{black}; resolved 1s to 6s.")
    c = face_counts(d.red)
    for f in d.white:
        c[f] += 1
    for f in d.black:
        c[f] += 2
    red1 = d.red.count(1)
    moves_ = c[1]
    # Compass: red 1s move two (Ep.1/Ep.2 "Special Items"); Ep.2 Downhill the same.
    if j.items & COMPASS or (fx.until_town_or_event & FX_DOWNHILL and st.episode == 2):
        moves_ += red1
    # Ep.1 Downhill Ride: an extra 1 every turn (D6-V4).
    if fx.until_town_or_event & FX_DOWNHILL and st.episode == 1:
        moves_ += 1
    res.ones = moves_
    res.twos = c[2] + (d.red.count(2) if j.items & HUNTER else 0)
    res.threes = c[3]
    res.fours, res.fives, res.sixes = c[4], c[5], c[6]
    if fx.prisoner == PRISONER_AWAITED and 6 in d.red:
        # Prisoner (RULINGS d6, 4-4): the next red 6 sits out.
        fx.prisoner = PRISONER_HELD
        res.sixes -= 1
        st.say("prisoner", "A red 6 is taken prisoner: it sits out of the Gang's attack.")
    st.stage = S_ONES
    res.moved = False
    moves.ones(st)
    if not (res.no_movement or res.town_stop):
        res.movement_left = moves_
    advance(st)


# -- dice set before rolling ---------------------------------------------------------------


def guide_choices() -> list[Action]:
    """Indian Guide: the red die's number."""
    return [Amount("guide", n) for n in range(1, 7)]


def family_choices() -> list[Action]:
    """Lost Family: the red and the white die's numbers."""
    return [Place(r, w) for r in range(1, 7) for w in range(1, 7)]
