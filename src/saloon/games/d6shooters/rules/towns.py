"""Towns: reaching one, shopping, the Special Item for sale, and Poker.

Ep.1/Ep.2 "Towns", "Items That Are Always Available", "Special Items",
Ep.1 "Poker"; RULINGS d6 (Poker stakes and hands); D6-T3..T6, D6-V6,
D6-V10.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.games.d6shooters.actions import Amount, Stake, Word
from saloon.games.d6shooters.dice import HAND_NAMES, TARGET_HANDS, hand_key
from saloon.games.d6shooters.rules import harm
from saloon.games.d6shooters.rules.nodes import (
    C_ITEM,
    C_ROLL,
    ITEM_BITS,
    ITEM_DIE,
    ITEM_PRICE,
    ITEM_TITLES,
    LEAVE,
    MAX_POKER_TIES,
    P_SHOP,
    P_STAKE,
    RUN,
)
from saloon.games.d6shooters.rules.sheet import NO_PRISONER, PRISONER_HELD
from saloon.games.d6shooters.rules.text import change, count, dice, possessive, say_moved, verb

if TYPE_CHECKING:
    from saloon.games.d6shooters.rules.state import D6State


def reach_town(st: D6State, space: int, name: str) -> None:
    """A Town reached ends the "until the next Town or Event" effects; a held
    prisoner pays 3 Gold (D6-V6). Episode 1 stops here (the movement dice
    left are wasted, the Town is visited at the end of the turn); episode 2
    visits it now (D6-M1)."""
    fx = st.effects
    hometown = fx.hometown
    fx.until_town_or_event = 0
    fx.hometown = False
    st.visit.space = space
    say_moved(st)
    st.say("town", f"You reach {name}.")
    if fx.prisoner == PRISONER_HELD:
        g = st.journey.gold
        st.journey.gold += 3
        fx.prisoner = NO_PRISONER
        st.say("prisoner", f"You hand over the prisoner: {change('Gold', g, st.journey.gold)}.")
    res = st.resolution
    if st.episode == 1:
        if res.movement_left:
            left = res.movement_left
            wasted = f"{count(left, 'more space')} {verb(left, 'is', 'are')} wasted"
            st.say("town", f"Movement stops at a Town: {wasted}.")
        res.movement_left = 0
        res.town_stop = True
        return
    st.visit.pending = True
    if hometown and res.movement_left == 0:
        # Ep.2 2-6 Crowe's Hometown: a Shootout where you stop (D6-V10).
        harm.start_shootout(st, 2, 2, "hometown")


def enter_town(st: D6State) -> None:
    """A visit begins: the Special Item for sale is rolled (D6-T3)."""
    v = st.visit
    v.item_offered = ""
    v.posse_bought = 0
    v.poker_played = False
    v.ties = 0
    if items_for_sale(st):
        st.phase = C_ITEM
    else:
        st.say("town", "You own every Special Item: none is for sale.")
        st.phase = P_SHOP


def town_name(st: D6State) -> str:
    return st.map.towns.get(st.visit.space, "the Town")


def items_for_sale(st: D6State) -> list[int]:
    """Ep.1 "Special Items": an Item already owned is rolled again, so the die
    is uniform over the Items not owned (D6-T3)."""
    names = ITEM_DIE[st.episode]
    owned = st.journey.items
    return [i + 1 for i, n in enumerate(names) if not owned & ITEM_BITS[n]]


#: The Special Items named in the plural ("the Binoculars are for sale").
PLURAL_ITEMS = frozenset(("binoculars", "guns"))


def item_named(name: str) -> str:
    """A Special Item with its article: ``the Compass``, ``Better Guns``.

    >>> item_named("map"), item_named("guns")
    ("the Prospector's Map", 'Better Guns')
    """
    return ITEM_TITLES[name] if name == "guns" else f"the {ITEM_TITLES[name]}"


def price_words(st: D6State, name: str) -> str:
    """What a Special Item costs (Better Guns: any Gold, each one a point)."""
    if name == "guns":
        return "any Gold, +1 in Shootouts per Gold"
    return f"{ITEM_PRICE[st.episode][name]} Gold"


def item_rolled(st: D6State, face: int) -> None:
    name = ITEM_DIE[st.episode][face - 1]
    st.visit.item_offered = name
    st.say(
        "item",
        f"The Special Item die in {town_name(st)} shows {face}: {item_named(name)} "
        f"{'are' if name in PLURAL_ITEMS else 'is'} for sale ({price_words(st, name)}).",
    )
    st.phase = P_SHOP


def gain_item(st: D6State, name: str, price: int) -> None:
    """A Special Item joins the posse; Better Guns add what was paid; the
    Hunter counts as a Posse member (D6-I2)."""
    j = st.journey
    j.items |= ITEM_BITS[name]
    if name == "guns":
        j.guns_bonus = price
    if name == "hunter":
        before = j.posse
        j.posse = min(st.cap, j.posse + 1)
        st.say("item", f"The Hunter joins the Posse ({before} → {j.posse}).")


#: The goods always for sale: notation -> (what, how many, Gold).
GOODS = {
    "buy food 2": ("Food", 2, 1),
    "buy food 5": ("Food", 5, 2),
    "buy ammo 2": ("Ammo", 2, 1),
    "buy ammo 5": ("Ammo", 5, 2),
    "buy posse": ("Posse", 1, 1),
}


def shop(st: D6State) -> list[Action]:
    """What a Town sells now (D6-T4), Poker (episode 1, once a visit) and
    leaving."""
    j, v = st.journey, st.visit
    out: list[Action] = []
    g = j.gold
    if g >= 1 and j.food < st.cap:
        out.append(Word("buy food 2"))
        if g >= 2:
            out.append(Word("buy food 5"))
    if g >= 1:
        out.append(Word("buy ammo 2"))
        if g >= 2:
            out.append(Word("buy ammo 5"))
    if g >= 1 and j.posse < st.cap and v.posse_bought < (3 if st.episode == 1 else 2):
        out.append(Word("buy posse"))
    offer = v.item_offered
    if offer and not j.items & ITEM_BITS[offer]:
        if offer == "guns":
            out += [Amount("buy guns", n) for n in range(1, g + 1)]
        elif g >= ITEM_PRICE[st.episode][offer]:
            out.append(Word(f"buy {offer}"))
    if st.episode == 1 and not v.poker_played and g + j.food + j.ammo > 0:
        out.append(Word("poker"))
    out.append(LEAVE)
    return out


def shop_action(st: D6State, action: Action) -> None:
    """A purchase, Poker, or leaving the Town."""
    j, v = st.journey, st.visit
    st.phase = P_SHOP
    if action == LEAVE:
        st.say("town", f"You leave {town_name(st)} with {j.gold} Gold.")
        v.item_offered = ""
        st.phase = RUN
        return
    g = j.gold
    if isinstance(action, Amount):  # buy guns N
        j.gold -= action.n
        gain_item(st, "guns", action.n)
        st.say(
            "buy",
            f"You buy Better Guns for {action.n} Gold: +{action.n} in Shootouts "
            f"(Gold {g} → {j.gold}).",
        )
        return
    assert isinstance(action, Word)
    t = action.text
    if t in GOODS:
        what, n, price = GOODS[t]
        attr = what.lower()
        before = getattr(j, attr)
        after = min(st.cap, before + n) if what == "Food" else before + n
        setattr(j, attr, after)
        j.gold -= price
        if what == "Posse":
            v.posse_bought += 1
        capped = " (the rest is lost: the cap)" if after - before < n else ""
        bought = "a Posse member" if what == "Posse" else f"{n} {what}"
        st.say(
            "buy",
            f"You buy {bought} for {price} Gold: {what} {before} → {after}{capped}, "
            f"Gold {g} → {j.gold}.",
        )
    elif t == "poker":
        v.poker_played = True
        st.say("poker", f"You sit down to Poker in {possessive(town_name(st))} saloon.")
        st.phase = P_STAKE
    else:
        name = t.split()[1]
        j.gold -= ITEM_PRICE[st.episode][name]
        st.say(
            "buy",
            f"You buy the {ITEM_TITLES[name]} for {g - j.gold} Gold (Gold {g} → {j.gold}).",
        )
        gain_item(st, name, 0)


# -- Poker (Ep.1 "Poker"; RULINGS d6; D6-T5, D6-T6) ------------------------------------------


@cache
def _stakes(gold: int, food: int, ammo: int) -> tuple[Stake, ...]:
    return tuple(
        Stake(g, f, a)
        for g in range(gold + 1)
        for f in range(food + 1)
        for a in range(ammo + 1)
        if g + f + a > 0
    )


def stake_choices(st: D6State) -> tuple[Stake, ...]:
    """Any mix of Gold, Food and Ammo held, at least one in all (RULINGS d6;
    D6-T5: any Food held may be staked)."""
    j = st.journey
    return _stakes(j.gold, j.food, j.ammo)


def is_stake_legal(st: D6State, action: Action) -> bool:
    j = st.journey
    return (
        isinstance(action, Stake)
        and 0 <= action.gold <= j.gold
        and 0 <= action.food <= j.food
        and 0 <= action.ammo <= j.ammo
        and action.gold + action.food + action.ammo > 0
    )


def stake(st: D6State, action: Action) -> None:
    """The wager is set; the hand is dealt."""
    assert isinstance(action, Stake)
    st.visit.stake = (action.gold, action.food, action.ammo)
    st.say("poker", f"You stake {goods_words(action.gold, action.food, action.ammo)}.")
    deal(st)


def goods_words(gold: int, food: int, ammo: int) -> str:
    """``2 Gold and 1 Food``.

    >>> goods_words(2, 1, 0), goods_words(0, 0, 3)
    ('2 Gold and 1 Food', '3 Ammo')
    """
    parts = [f"{n} {w}" for n, w in ((gold, "Gold"), (food, "Food"), (ammo, "Ammo")) if n]
    return " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 2 else parts)


def deal(st: D6State) -> None:
    """Ep.1 "Poker": the best hand in three rolls of the white dice."""
    st.mode = "poker"
    d = st.dice
    d.rolls = 0
    d.red, d.white, d.black, d.locked = (), (), (), ()
    d.to_roll = (("white", 5),)
    st.phase = C_ROLL


def hand_to_beat(st: D6State, n: int) -> None:
    """Compare with the hand to beat (a die); a tie starts over (D6-T6)."""
    j, v = st.journey, st.visit
    target = TARGET_HANDS[n - 1]
    mine, theirs = hand_key(st.dice.white), hand_key(target)
    st.say(
        "poker",
        f"Your hand {dice(st.dice.white)} is {HAND_NAMES[mine[0]]}; the die shows {n}: the hand "
        f"to beat is {HAND_NAMES[theirs[0]]}, {dice(target)}.",
    )
    g, f, a = v.stake
    if mine == theirs and v.ties < MAX_POKER_TIES:
        v.ties += 1
        st.say("poker", "A tie: the hand is played again.")
        deal(st)
        return
    before = (j.gold, j.food, j.ammo)
    if mine > theirs:
        j.gold += g
        j.food = min(st.cap, j.food + f)
        j.ammo += a
        verdict = "You win at Poker"
    elif mine < theirs:
        j.gold -= g
        j.food -= f
        j.ammo -= a
        verdict = "You lose at Poker"
    else:
        verdict = "A fourth tie: the stake is returned (D6-T6)"
    after = (j.gold, j.food, j.ammo)
    moved = [
        change(name, b, a_)
        for name, b, a_ in zip(("Gold", "Food", "Ammo"), before, after, strict=True)
        if b != a_
    ]
    st.say("poker", verdict + (": " + ", ".join(moved) if moved else "") + ".")
    v.stake = (0, 0, 0)
    st.mode = "turn"
    st.dice.white = ()
    st.phase = P_SHOP
