"""Events: drawn on an E square or called once a game, and what each one does.

Ep.1/Ep.2 "Events", "Event List", Ep.1 "Special Event"; RULINGS d6 (the
entries 3-3 to 6-6 and the reconstructed episode-2 list); D6-V1..V12. The
list itself is content (``content/events-ep*.toml``): each entry has a
*kind*, which names the code below, and its numbers as parameters.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from saloon.core.action import Action, Outcome
from saloon.games.d6shooters.actions import Face, Pair, Pay, Roll, Trade, Word
from saloon.games.d6shooters.content import EventSpec
from saloon.games.d6shooters.dice import multisets, two_dice
from saloon.games.d6shooters.rules import harm
from saloon.games.d6shooters.rules.nodes import (
    C_CHECK,
    C_EVENT,
    C_EVENT_DIE,
    COMPASS,
    FX_CAMPFIRE,
    FX_CRITTERS,
    FX_DOWNHILL,
    FX_GUIDE,
    FX_GUNSIGHT,
    FX_HILLS,
    P_EVENT_CHOICE,
    PASS,
)
from saloon.games.d6shooters.rules.sheet import NO_PRISONER, PRISONER_AWAITED
from saloon.games.d6shooters.rules.text import capital, change, count, dice, verb

if TYPE_CHECKING:
    from saloon.games.d6shooters.rules.state import D6State


def start_event(st: D6State) -> None:
    """An E square reached (or the Special Event called): the effects that
    last "until the next Town or Event" end, then the Event is drawn
    (D6-V1). Crowe's Hometown is not one of them: it lasts until the next
    Town (Ep.2 Event List 2-6; RULINGS d6)."""
    st.effects.until_town_or_event = 0
    st.phase = C_EVENT


def draws(st: D6State) -> Sequence[tuple[Outcome, float]]:
    """The Event drawn: 2d6, low die first (``events=cards``) or one die
    (``events=d6``). Ep.2 2-5 Downhill Ride is drawn again with the Compass:
    conditioned away (D6-V12)."""
    skip_downhill = st.episode == 2 and bool(st.journey.items & COMPASS)
    rows: list[tuple[Outcome, float]]
    if st.options.events == "d6":
        rows = [
            (Face("event", i + 1), 1.0)
            for i, e in enumerate(st.event_table.d6)
            if not (skip_downhill and _is_red_downhill(e))
        ]
    else:
        pairs, probs, _ = two_dice()
        rows = [
            (Pair(a, b), p)
            for (a, b), p in zip(pairs, probs, strict=True)
            if not (skip_downhill and _is_red_downhill(st.event_table.cards[(a, b)]))
        ]
    total = sum(p for _, p in rows)
    return tuple((o, p / total) for o, p in rows)


def drawn(st: D6State, outcome: Action) -> None:
    """The Event drawn is resolved."""
    if isinstance(outcome, Pair):
        st.pending.event_key = f"{outcome.low}-{outcome.high}"
        roll = f"the Event dice show {outcome.low} and {outcome.high}"
    else:
        assert isinstance(outcome, Face)
        st.pending.event_key = str(outcome.n)
        roll = f"the Event die shows {outcome.n}"
    e = spec(st)
    authored = " (reconstructed)" if e.reconstructed else ""
    stop = "" if not authored and e.name.endswith(("!", "?", ".")) else "."
    st.say("event", f"Event: {roll}: {e.name}{authored}{stop} {e.text}")
    run_event(st, e)


def spec(st: D6State) -> EventSpec:
    """The Event being resolved."""
    key = st.pending.event_key
    if st.options.events == "d6" or "-" not in key:
        return st.event_table.d6[int(key) - 1]
    lo, hi = key.split("-")
    return st.event_table.cards[(int(lo), int(hi))]


def run_event(st: D6State, e: EventSpec) -> None:
    """What each kind of Event does at once (Event List)."""
    st.pending.event_kind = e.kind
    k = e.kind
    j, fx, res = st.journey, st.effects, st.resolution
    if k == "nothing":
        return
    if k == "stampede" or k == "shortcut_roll":
        st.pending.roll_for = "stampede" if k == "stampede" else "shortcut"
        st.phase = C_EVENT_DIE
    elif k == "deer_herd":
        if j.ammo >= e.p("small_ammo"):
            st.phase = P_EVENT_CHOICE
        else:
            st.say("event", "You have no Ammo to hunt with.")
    elif k == "rattlesnakes":
        st.pending.roll_for = "snakes"
        st.pending.dice = j.posse
        st.phase = C_CHECK
    elif k == "fishing_hole":
        st.pending.roll_for = "fish"
        st.pending.dice = j.posse
        st.phase = C_CHECK
    elif k == "billy_escapes":
        # Billy Escapes! (D6-V11): only a strictly nearer Town ahead moves the posse.
        behind = max(t for t in st.map.towns if t <= j.space)
        ahead = min(t for t in st.map.towns if t > j.space)
        if ahead - j.space < j.space - behind:
            st.say("event", f"The nearest Town lies ahead: {count(e.p('ahead'), 'space')} on.")
            res.movement_left += e.p("ahead")
        harm.add_days(st, e.p("days"), "Billy Escapes")
    elif k == "gold_hills":
        fx.until_town_or_event |= FX_HILLS
    elif k in ("wagon_train", "gunsight", "campfire", "demands", "bandits"):
        if choices(st):
            st.phase = P_EVENT_CHOICE
        else:
            held = f"{j.gold} Gold, {j.food} Food and {j.ammo} Ammo"
            name = e.name.rstrip("!?")
            st.end("event", f"the {name} Event asks for more than the posse has ({held})")
    elif k == "slow_train":
        if res.movement_left:
            left = res.movement_left
            lost = f"{count(left, 'more space')} of movement {verb(left, 'is', 'are')} lost"
            st.say("event", capital(lost) + ".")
        res.movement_left = 0
        res.no_movement = True
    elif k == "downhill":
        fx.until_town_or_event |= FX_DOWNHILL
    elif k == "shortcut":
        st.say("event", capital(f"{count(e.p('spaces'), 'more space')} to move."))
        res.movement_left += e.p("spaces")
    elif k == "lost":
        # Lost: lose the Food, then the Day; no Food loses the game (D6-V2).
        if j.food < e.p("food"):
            cost = e.p("food")
            st.end("event", f"the {e.name} Event costs {cost} Food and the posse has only {j.food}")
            return
        before = j.food
        j.food -= e.p("food")
        st.say("event", f"Lost: {change('Food', before, j.food)}.")
        harm.add_days(st, e.p("days"), "Lost")
    elif k == "prisoner":
        if fx.prisoner == NO_PRISONER:
            fx.prisoner = PRISONER_AWAITED
    elif k == "critters":
        fx.until_town_or_event |= FX_CRITTERS
    elif k == "lost_family":
        fx.lost_family = True
        harm.add_days(st, e.p("days"), "Lost Family")
    elif k == "deserters":
        fx.deserters = max(fx.deserters, e.p("men"))
        men = fx.deserters
        st.say(
            "event",
            capital(f"{count(men, 'Army Deserter')} {verb(men, 'rides', 'ride')}")
            + " with the Posse.",
        )
    elif k == "indian_guide":
        fx.until_town_or_event |= FX_GUIDE
    elif k == "traitor":
        # Traitor: a Crowe Gang member added, but the track holds no more than
        # it started with (D6-V14); the Posse member is lost (Medicine can
        # prevent it: RULINGS d6).
        if j.crowes < st.crowe_track:
            j.crowes += 1
        else:
            st.say(
                "traitor",
                f"The Crowe Gang track is full ({st.crowe_track} members): no member is added.",
            )
        harm.posse_loss(st, 1, "traitor")
    elif k == "hometown":
        fx.hometown = True


# -- choices --------------------------------------------------------------------------------


def choices(st: D6State) -> list[Action]:
    """The choices the Event offers now (Event List; D6-V3, D6-V5)."""
    e = spec(st)
    k = e.kind
    j = st.journey
    out: list[Action] = []
    if k == "deer_herd":
        if j.ammo >= e.p("small_ammo"):
            out.append(Word("deer small") if e.p("big_ammo") else Word("herd"))
        if e.p("big_ammo") and j.ammo >= e.p("big_ammo"):
            out.append(Word("deer big"))
    elif k == "gunsight":
        out.append(Word("mine"))
    elif k == "campfire":
        if j.food >= e.p("food"):
            out.append(Word("campfire"))
    elif k == "wagon_train":
        out = list(trades(st, e.p("rate")))
    elif k in ("demands", "bandits"):
        for g, f, a, p in e.p("options"):
            if j.gold >= g and j.food >= f and j.ammo >= a:
                out.append(Pay(g, f, a, p))
        if k == "bandits":
            out.append(Word("fight"))
        return out
    return [*out, PASS]


def trades(st: D6State, rate: int) -> list[Trade]:
    """Wagon Train: Food and Ammo bought or sold ``rate`` at a time for 1 Gold;
    Food is bought only while it fits under the cap (D6-V3). A trade names
    the Food and the Ammo that change hands (``trade -4f +4a``)."""
    j = st.journey
    out = []
    f_hi = -(-(st.cap - j.food) // rate)
    for fu in range(-(j.food // rate), f_hi + 1):
        for au in range(-(j.ammo // rate), j.gold - fu + 1):
            if (fu or au) and fu + au <= j.gold:
                out.append(Trade(fu * rate, au * rate))
    return out


def choose(st: D6State, action: Action) -> None:
    """The player's choice at an Event."""
    e = spec(st)
    j = st.journey
    if action == PASS:
        st.say("event", f"You let the {e.name} pass.")
        return
    if isinstance(action, Pay):
        paid = []
        for name, n in (("Gold", action.gold), ("Food", action.food), ("Ammo", action.ammo)):
            if n:
                before = getattr(j, name.lower())
                setattr(j, name.lower(), before - n)
                paid.append(change(name, before, before - n))
        if paid:
            st.say("event", "You pay: " + ", ".join(paid) + ".")
        if action.posse:
            # Posse given up by choice: not a loss Medicine prevents (RULINGS d6).
            harm.lose_posse(st, action.posse, f"the {e.name}")
        return
    if isinstance(action, Trade):
        rate = e.p("rate")
        g, f, a = j.gold, j.food, j.ammo
        j.gold -= (action.food + action.ammo) // rate
        j.food = min(st.cap, j.food + action.food)
        j.ammo += action.ammo
        parts = [change("Food", f, j.food), change("Ammo", a, j.ammo), change("Gold", g, j.gold)]
        st.say("event", "You trade: " + ", ".join(p for p in parts if "stays" not in p) + ".")
        return
    assert isinstance(action, Word)
    t = action.text
    fx = st.effects
    if t in ("deer small", "herd"):
        a, f = j.ammo, j.food
        j.ammo -= e.p("small_ammo")
        j.food = min(st.cap, j.food + e.p("small_food"))
        st.say("event", f"You hunt: {change('Ammo', a, j.ammo)}, {change('Food', f, j.food)}.")
    elif t == "deer big":
        a = j.ammo
        j.ammo -= e.p("big_ammo")
        st.say("event", f"The big hunt: {change('Ammo', a, j.ammo)}; a die says how much Food.")
        st.pending.roll_for = "deer"
        st.phase = C_EVENT_DIE
    elif t == "mine":
        g = j.gold
        j.gold += e.p("gold")
        fx.until_town_or_event |= FX_GUNSIGHT
        st.say(
            "event",
            f"You work the mine: {change('Gold', g, j.gold)}; no Seek Shelter until the next "
            "Town or Event.",
        )
    elif t == "campfire":
        f = j.food
        j.food -= e.p("food")
        fx.until_town_or_event |= FX_CAMPFIRE
        st.say(
            "event",
            f"Campfire Songs: {change('Food', f, j.food)}; +1 Fight die in every Shootout until "
            "the next Town or Event.",
        )
    elif t == "fight":
        extra = 1 if fx.until_town_or_event & FX_CAMPFIRE else 0
        harm.start_shootout(st, e.p("posse_dice") + extra, e.p("gang_dice"), "bandits")


# -- the Events' own dice ----------------------------------------------------------------------


def die_outcomes(st: D6State) -> Sequence[tuple[Outcome, float]]:
    """The dice an Event rolls: two for Stampede!, else one."""
    label = st.pending.roll_for
    if label == "stampede":
        faces, probs, _ = multisets(2)
        return tuple((Roll("stampede", f), p) for f, p in zip(faces, probs, strict=True))
    return tuple((Face(label, n), 1 / 6) for n in range(1, 7))


def die_rolled(st: D6State, label: str, faces: tuple[int, ...]) -> None:
    """What an Event's dice do (Event List; RULINGS d6)."""
    e = spec(st)
    j = st.journey
    n = sum(faces)
    if label == "stampede":
        # Stampede!: two dice lower than the Posse cost 2 Posse.
        lower = n < j.posse
        st.say(
            "event",
            f"Stampede dice: {dice(faces)} = {n}, "
            + (
                f"lower than your {j.posse} Posse."
                if lower
                else f"not lower than your {j.posse} Posse."
            ),
        )
        if lower:
            harm.posse_loss(st, e.p("loss"), "stampede")
    elif label == "shortcut":
        # Shortcut? (RULINGS d6, 3-3): a die minus 3.
        if n > 3:
            st.say("event", f"Shortcut die: {n} - 3 = {n - 3}: {count(n - 3, 'space')} on.")
            st.resolution.movement_left += n - 3
        elif n < 3:
            st.say("event", f"Shortcut die: {n} - 3 = {n - 3}: it costs a Day.")
            harm.add_days(st, 1, "Shortcut?")
        else:
            st.say("event", "Shortcut die: 3 - 3 = 0: no shortcut.")
    elif label == "deer":
        # Deer Herd, the big hunt: a die plus the bonus in Food (and a Day in Ep.1: D6-V5).
        f = j.food
        j.food = min(st.cap, j.food + n + e.p("big_bonus"))
        st.say("event", f"Hunt die: {n} + {e.p('big_bonus')}: {change('Food', f, j.food)}.")
        if e.p("big_days"):
            harm.add_days(st, e.p("big_days"), "The big hunt")


def counted(st: D6State, check: str, n: int) -> None:
    """Rattlesnakes! and Fishing Hole: ``n`` of one die per Posse member counted."""
    if check == "snakes":
        # Rattlesnakes: the first 6 adds a Day, each further 6 costs a Posse member.
        if n:
            harm.add_days(st, 1, "The first snakebite")
            if not st.is_over:
                harm.posse_loss(st, n - 1, "snakes")
    elif check == "fish":
        f = st.journey.food
        st.journey.food = min(st.cap, st.journey.food + n)
        st.say("event", f"Fishing: {change('Food', f, st.journey.food)}.")


def _is_red_downhill(e: EventSpec) -> bool:
    return e.kind == "downhill" and e.p("mode") == "red_ones"
