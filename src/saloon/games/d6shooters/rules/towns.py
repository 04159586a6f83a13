"""Towns: reaching one, shopping, the Special Item for sale, and Poker.

Ep.1/Ep.2 "Towns", "Items That Are Always Available", "Special Items",
Ep.1 "Poker"; RULINGS d6 (Poker stakes and hands); D6-T3..T6, D6-V6,
D6-V10.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.games.d6shooters.actions import Amount, Word
from saloon.games.d6shooters.dice import TARGET_HANDS, hand_key
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
    P_STAKE_AMMO,
    P_STAKE_FOOD,
    P_STAKE_GOLD,
    RUN,
)
from saloon.games.d6shooters.rules.sheet import NO_PRISONER, PRISONER_HELD

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
    st.say("town", f"You reach {name}.")
    if fx.prisoner == PRISONER_HELD:
        st.journey.gold += 3
        fx.prisoner = NO_PRISONER
        st.say("prisoner", "You hand over the prisoner for 3 Gold.")
    res = st.resolution
    if st.episode == 1:
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
    st.phase = C_ITEM if items_for_sale(st) else P_SHOP


def items_for_sale(st: D6State) -> list[int]:
    """Ep.1 "Special Items": an Item already owned is rolled again, so the die
    is uniform over the Items not owned (D6-T3)."""
    names = ITEM_DIE[st.episode]
    owned = st.journey.items
    return [i + 1 for i, n in enumerate(names) if not owned & ITEM_BITS[n]]


def item_rolled(st: D6State, face: int) -> None:
    st.visit.item_offered = ITEM_DIE[st.episode][face - 1]
    st.say("item", f"{ITEM_TITLES[st.visit.item_offered]} is for sale.")
    st.phase = P_SHOP


def gain_item(st: D6State, name: str, price: int) -> None:
    """A Special Item joins the posse; Better Guns add what was paid; the
    Hunter counts as a Posse member (D6-I2)."""
    j = st.journey
    j.items |= ITEM_BITS[name]
    if name == "guns":
        j.guns_bonus = price
    if name == "hunter":
        j.posse = min(st.cap, j.posse + 1)
    st.say("item", f"You gain the {ITEM_TITLES[name]}.")


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
        v.item_offered = ""
        st.phase = RUN
        return
    if isinstance(action, Amount):  # buy guns N
        j.gold -= action.n
        gain_item(st, "guns", action.n)
        return
    assert isinstance(action, Word)
    t = action.text
    if t == "buy food 2":
        j.gold -= 1
        j.food = min(st.cap, j.food + 2)
    elif t == "buy food 5":
        j.gold -= 2
        j.food = min(st.cap, j.food + 5)
    elif t == "buy ammo 2":
        j.gold -= 1
        j.ammo += 2
    elif t == "buy ammo 5":
        j.gold -= 2
        j.ammo += 5
    elif t == "buy posse":
        j.gold -= 1
        j.posse += 1
        v.posse_bought += 1
    elif t == "poker":
        v.poker_played = True
        st.phase = P_STAKE_GOLD
    else:
        name = t.split()[1]
        j.gold -= ITEM_PRICE[st.episode][name]
        gain_item(st, name, 0)


# -- Poker (Ep.1 "Poker"; RULINGS d6; D6-T5, D6-T6) ------------------------------------------


def stake_choices(st: D6State) -> list[Action]:
    """The stake, Gold then Food then Ammo, at least one in all (D6-T5)."""
    j, stake = st.journey, st.visit.stake
    if st.phase == P_STAKE_GOLD:
        g_min = 0 if j.food + j.ammo > 0 else 1
        return [Amount("stake gold", g) for g in range(g_min, j.gold + 1)]
    if st.phase == P_STAKE_FOOD:
        f_min = 0 if stake[0] > 0 or j.ammo > 0 else 1
        return [Amount("stake food", f) for f in range(f_min, j.food + 1)]
    a_min = 0 if stake[0] + stake[1] > 0 else 1
    return [Amount("stake ammo", a) for a in range(a_min, j.ammo + 1)]


def stake(st: D6State, ph: int, action: Action) -> None:
    """One part of the stake, at the node ``ph`` (Gold, Food, Ammo)."""
    assert isinstance(action, Amount)
    v = st.visit
    if ph == P_STAKE_GOLD:
        v.stake = (action.n, 0, 0)
        st.phase = P_STAKE_FOOD
    elif ph == P_STAKE_FOOD:
        v.stake = (v.stake[0], action.n, 0)
        st.phase = P_STAKE_AMMO
    else:
        v.stake = (v.stake[0], v.stake[1], action.n)
        deal(st)


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
    mine, theirs = hand_key(st.dice.white), hand_key(TARGET_HANDS[n - 1])
    g, f, a = v.stake
    if mine == theirs and v.ties < MAX_POKER_TIES:
        v.ties += 1
        st.say("poker", "A tie: the hand is played again.")
        deal(st)
        return
    if mine > theirs:
        j.gold += g
        j.food = min(st.cap, j.food + f)
        j.ammo += a
        st.say("poker", "You win at Poker.")
    elif mine < theirs:
        j.gold -= g
        j.food -= f
        j.ammo -= a
        st.say("poker", "You lose at Poker.")
    v.stake = (0, 0, 0)
    st.mode = "turn"
    st.dice.white = ()
    st.phase = P_SHOP
