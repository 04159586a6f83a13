"""Why an action is refused: the rule that forbids it and what would do.

:func:`explain` is :meth:`D6State.explain_illegal`: the message of the
:class:`~saloon.core.errors.IllegalAction` that ``apply`` raises, which the
terminal and the browser both show. A refusal names the rule (by the
rulebook's heading or Saloon's ruling), what made the action wrong here (a
die the roll did not show, a split of the 4s that does not add up, Gold
short, no Town to buy in), and what is asked for now, in notation the
player can type.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.games.d6shooters.actions import (
    Amount,
    Change,
    Face,
    Faces,
    Fours,
    Keep,
    Pair,
    Pay,
    Place,
    Reroll,
    Roll,
    Stake,
    Trade,
    Word,
)
from saloon.games.d6shooters.rules import events, harm, towns
from saloon.games.d6shooters.rules.moves import fours_args
from saloon.games.d6shooters.rules.nodes import (
    CHARM,
    FX_GUIDE,
    FX_GUNSIGHT,
    FX_HILLS,
    ITEM_BITS,
    ITEM_PRICE,
    ITEM_TITLES,
    MEDICINE,
    OVER,
    P_ASSIGN,
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
    P_NUDGE,
    P_RECRUIT,
    P_REROLL,
    P_SHOP,
    P_STAKE,
    P_TACTIC,
)
from saloon.games.d6shooters.rules.showdown import assign_range
from saloon.games.d6shooters.rules.text import count, dice, faces_of, number, verb

if TYPE_CHECKING:
    from saloon.games.d6shooters.rules.state import D6State

_COLOURS = {"b": "black", "r": "red", "w": "white", "p": "Posse", "c": "Crowe"}


def explain(st: D6State, action: Action) -> str:
    """Why ``action`` cannot be played at ``st``, and what is asked for now."""
    if st.phase == OVER:
        ending = st.ending.rstrip(".")
        return f"the journey is over; {action} cannot be played (End of the Game): {ending}"
    if st.is_chance:
        from saloon.games.d6shooters.manual import prompt

        return f"{action} cannot be played now: the game waits for the dice ({prompt(st)})"
    if isinstance(action, Roll | Face | Pair):
        return (
            f"{action} is what dice show, not a choice: the dice are rolled for you (with "
            f"manual dice you type them when asked); now {asked(st)}"
        )
    reason = _here(st, action)
    if reason is None:
        reason = _elsewhere(st, action)
    return f"{reason}; now {asked(st)}"


# -- what is asked now -------------------------------------------------------------------------


def asked(st: D6State) -> str:
    """The decision at hand in words, with notation to type."""
    ph = st.phase
    j = st.journey
    if ph == P_FREE_ITEM:
        return "choose the Special Item you start with (start compass, start hunter...)"
    if ph == P_BEGIN:
        return f"start Day {j.day + 1}: roll, or call the once-a-game Special Event (special)"
    if ph == P_GUIDE:
        return "set the Indian Guide's red die (guide 1 to guide 6)"
    if ph == P_FAMILY:
        return "set the Lost Family's red and white dice (family r3 w4)"
    if ph == P_BINOCULARS:
        faces = " or ".join(str(a.n) for a in st.legal_actions() if isinstance(a, Amount))
        return f"reroll the locked red {faces} with the Binoculars (binoculars {faces[0]}) or pass"
    if ph == P_HILLS:
        return "turn one die into a 3 for Gold in Them Hills (hills w5) or pass"
    if ph == P_KEEP:
        d = st.dice
        if st.mode == "poker":
            return f"keep white dice for Poker (keep w44) or stop, after roll {d.rolls} of 3"
        return (
            f"keep dice and roll the others again (keep r14 w22), or stop, after roll "
            f"{d.rolls} of 3 (the dice show {_showing(st)})"
        )
    if ph == P_CHARM:
        return "move a white die one pip with the Lucky Charm (charm w4+) or pass"
    if ph == P_RECRUIT:
        top = _numbers(st, "recruit")
        return f"say how many sets of three 3s recruit a Posse member (recruit 0 to recruit {top})"
    if ph == P_FOURS:
        n = st.resolution.fours
        return (
            f"split the {faces_of(n, 4)} between Seek Shelter, Hide, Fight and Backroads "
            "(fours s1 h0 f1 b0)"
        )
    if ph == P_HEAT_FOOD:
        hits = st.pending.heat_hits
        top = _numbers(st, "heat food")
        if hits == 1:
            return (
                "say whether you pay the Heat's hit with 2 Food (heat food 1) or not (heat food 0)"
            )
        return (
            f"say how many of the Heat's {count(hits, 'hit')} you pay with 2 Food each "
            f"(heat food 0 to heat food {top})"
        )
    if ph == P_LOSS:
        n, source = st.pending.losses[0]
        ways = []
        if j.items & MEDICINE:
            ways.append("medicine")
        top = _numbers(st, "absorb")
        ways.append("absorb 0 (take it)" if top == 0 else f"absorb 0 to absorb {top}")
        return (
            f"say what takes the loss of {count(n, 'Posse member')} to "
            f"{harm.LOSS_SOURCES[source]}: {' or '.join(ways)}"
        )
    if ph == P_EVENT_CHOICE:
        return f"answer the {_event_name(st)}: {_listing(st.legal_actions())}"
    if ph == P_SHOP:
        return f"buy, play Poker or leave {towns.town_name(st)}: {_listing(st.legal_actions())}"
    if ph == P_STAKE:
        return (
            f"stake Gold, Food or Ammo for Poker (stake 2g 1f; you hold {j.gold} Gold, "
            f"{j.food} Food and {j.ammo} Ammo)"
        )
    if ph == P_TACTIC:
        return (
            f"declare the Tactic of Showdown round {st.showdown.round + 1}: "
            f"{_listing(st.legal_actions())}"
        )
    if ph == P_REROLL:
        return "reroll up to three dice for 1 Ammo (reroll p12 c5) or pass"
    if ph == P_NUDGE:
        left = st.showdown.pips_left
        return f"move a die one pip for Distract ({count(left, 'pip')} left: nudge c5-) or done"
    if ph == P_ASSIGN:
        lo, hi = assign_range(st)
        return f"say how many successes remove Crowe 1-2s (assign {lo} to assign {hi})"
    return "nothing is asked of the player"


def _numbers(st: D6State, verb_: str) -> int:
    """The largest ``verb N`` legal now."""
    return max(
        (a.n for a in st.legal_actions() if isinstance(a, Amount) and a.verb == verb_), default=0
    )


def _listing(actions: Sequence[Action], most: int = 8) -> str:
    names = [str(a) for a in actions]
    if len(names) > most:
        return ", ".join(names[:most]) + f" and {len(names) - most} more"
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]


def _showing(st: D6State) -> str:
    d = st.dice
    parts = [
        f"{c} {dice(f)}" for c, f in (("black", d.black), ("red", d.red), ("white", d.white)) if f
    ]
    return ", ".join(parts) or "no dice"


# -- the action is of the kind asked for, but wrong --------------------------------------------


def _here(st: D6State, a: Action) -> str | None:
    """The reason when ``a`` answers the decision at hand but breaks a rule;
    ``None`` when it belongs to another moment of the game."""
    ph = st.phase
    if ph == P_KEEP and isinstance(a, Keep):
        return _keep(st, a)
    if ph == P_FOURS and isinstance(a, Fours):
        return _fours(st, a)
    if ph == P_RECRUIT and isinstance(a, Amount) and a.verb == "recruit":
        return _recruit(st, a.n)
    if ph == P_HEAT_FOOD and isinstance(a, Amount) and a.verb == "heat food":
        return _heat(st, a.n)
    if ph == P_LOSS and (a == Word("medicine") or (isinstance(a, Amount) and a.verb == "absorb")):
        return _loss(st, a)
    if ph == P_EVENT_CHOICE and isinstance(a, Pay | Trade | Word) and _answers_event(a):
        return _event(st, a)
    if ph == P_SHOP and _is_shopping(a):
        return _shop(st, a)
    if ph == P_STAKE and isinstance(a, Stake):
        j = st.journey
        return (
            f"{a} stakes more than you hold ({j.gold} Gold, {j.food} Food and {j.ammo} Ammo): "
            "a stake is any mix of what you have (Poker)"
        )
    if ph in (P_GUIDE, P_FAMILY) and isinstance(a, Amount | Place):
        return "a die shows 1 to 6 (Indian Guide, Lost Family)"
    if ph == P_BINOCULARS and isinstance(a, Amount) and a.verb == "binoculars":
        return _binoculars(st, a.n)
    if ph == P_HILLS and isinstance(a, Change) and a.verb == "hills":
        return _hills(st, a)
    if ph == P_CHARM and isinstance(a, Change) and a.verb == "charm":
        return _charm(st, a)
    if ph == P_FREE_ITEM and isinstance(a, Word) and a.text.startswith("start "):
        name = a.text.split()[1]
        return f"the {ITEM_TITLES[name]} is not among episode {st.episode}'s Special Items"
    if ph == P_TACTIC and isinstance(a, Word) and a.text.startswith("tactic "):
        name = a.text.split()[1]
        return f"{name.title()} is spent: each Tactic is declared once a Showdown (Tactics)"
    if ph == P_REROLL and isinstance(a, Reroll):
        return _reroll(st, a)
    if ph == P_NUDGE and isinstance(a, Change) and a.verb == "nudge":
        return _nudge(st, a)
    if ph == P_ASSIGN and isinstance(a, Amount) and a.verb == "assign":
        lo, hi = assign_range(st)
        sd = st.showdown
        s = sum(1 for f in sd.posse_faces if f >= 4)
        low = sum(1 for f in sd.crowe_faces if f <= 2)
        return (
            f"each Posse 4-6 removes at most one Crowe 1-2, and there are "
            f"{count(s, 'Posse success', 'Posse successes')} against "
            f"{count(low, 'Crowe 1-2', 'Crowe 1-2s')}: {lo} to {hi} can remove (Combat)"
        )
    return None


def _missing(kept: Faces, shown: Faces) -> list[int]:
    """The faces of ``kept`` that ``shown`` does not hold (as a multiset)."""
    left = Counter(shown)
    out = []
    for f in kept:
        if left[f] > 0:
            left[f] -= 1
        else:
            out.append(f)
    return out


def _dice_named(colour: str, faces: Sequence[int]) -> list[str]:
    """``["a white 2"]``, ``["two white 2s", "a white 5"]``."""
    return [
        f"a {colour} {f}" if k == 1 else f"{number(k)} {colour} {f}s"
        for f, k in sorted(Counter(faces).items())
    ]


def _and(parts: Sequence[str]) -> str:
    """``a, b and c``."""
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else "".join(parts)


def _keep(st: D6State, a: Keep) -> str:
    """ "Gameplay": keep dice that were rolled; red 5s and 6s of the first
    roll stay locked; keeping every die is ``stop`` (D6-D3)."""
    d = st.dice
    if st.mode == "poker" and (a.black or a.red):
        return "Poker keeps white dice only: its hand is five white dice (Poker)"
    wrong = []
    for colour, kept, shown in (
        ("black", a.black, d.black),
        ("red", a.red, d.red),
        ("white", a.white, d.white),
    ):
        wrong += _dice_named(colour, _missing(kept, shown))
    if wrong:
        return (
            f"{a} keeps dice that are not on the table: {_and(wrong)} (Gameplay: you keep dice "
            "you rolled)"
        )
    if any(tuple(sorted(f)) != f for f in (a.black, a.red, a.white)):
        return f"{a} lists a colour's faces out of order: write them low to high"
    locked = _missing(d.locked, a.red)
    if locked:
        fixed = Keep(a.black, tuple(sorted((*a.red, *locked))), a.white)
        return (
            f"{a} leaves out {_and(_dice_named('red', locked))} locked by the first roll: red 5s "
            f"and 6s of the first roll stay kept for good (Gameplay); say {fixed}"
        )
    return "that keeps every die, which is stop (ruling D6-D3): say stop"


def _fours(st: D6State, a: Fours) -> str:
    """Ep.1/Ep.2 "Dice Actions" (4s); D6-F1."""
    n4, shelter, n6, back, step = fours_args(st)
    res = st.resolution
    used = a.shelter + a.hide + a.fight + a.back
    if min(a.shelter, a.hide, a.fight, a.back) < 0:
        return f"{a} has a negative count: each use takes some of the 4s, or none"
    if used > n4:
        return (
            f"{a} uses {count(used, '4', '4s')}, and the dice show {faces_of(n4, 4)}: Seek "
            f"Shelter, Hide, Fight and Backroads together take at most {n4} (the rest go unused)"
        )
    if a.shelter > shelter:
        if st.effects.until_town_or_event & FX_GUNSIGHT and res.fives:
            return "no Seek Shelter until the next Town or Event: you worked the Lost Gunsight Mine"
        return (
            f"Seek Shelter takes away one 5 per 4, and the dice show {faces_of(res.fives, 5)}: "
            f"{_at_most(shelter)} can Seek Shelter"
        )
    if a.hide > (n6 + 1) // 2:
        return (
            f"Hide takes away two 6s per 4, and the dice show {faces_of(n6, 6)}: "
            f"{_at_most((n6 + 1) // 2)} can Hide"
        )
    if a.fight and n6 - 2 * a.hide <= 0:
        left = "no 6 is rolled" if n6 == 0 else "Hiding leaves no 6"
        return f"Fight is a Shootout against the 6s, and {left}: no 4 can Fight"
    if a.back:
        if back == 0:
            why = "a Town stopped movement" if res.town_stop else "no movement is possible"
            return f"Backroads is movement, and {why} this turn: no 4 can take the Backroads"
        if step == 2 and a.back % 2:
            return "Backroads takes two 4s a space in episode 1: give it an even number of 4s"
        if a.back > back:
            return f"Backroads takes at most {back} 4s ({count(back, 'space')}) in episode 2"
    return f"{a} is not one of the splits the rules allow here"


def _at_most(n: int) -> str:
    """``no 4``, ``at most 2``."""
    return "no 4" if n <= 0 else f"at most {n}"


def _recruit(st: D6State, n: int) -> str:
    """Ep.2 "Recruit Posse or Find Gold"."""
    j = st.journey
    sets = st.resolution.threes // 3
    if n < 0:
        return "a number of sets cannot be negative"
    if n > sets:
        return (
            f"{count(sets, 'set')} of three 3s {verb(sets, 'was', 'were')} rolled, so at most "
            f"{sets} can recruit (Recruit Posse or Find Gold)"
        )
    room = st.cap - j.posse
    return f"the Posse is at {j.posse} of its {st.cap}, so at most {room} can join (Your Posse)"


def _heat(st: D6State, n: int) -> str:
    """Ep.1 "Extreme Heat!": each hit paid with 2 Food or a Posse member."""
    hits, food = st.pending.heat_hits, st.journey.food
    if n < 0:
        return "a number of hits cannot be negative"
    if n > hits:
        times = "once" if hits == 1 else f"{number(hits)} times"
        return f"the Heat hit {times}, so at most {hits} can be paid with Food"
    return (
        f"each hit paid takes 2 Food and you have {food}, so at most {food // 2} can be paid "
        "with Food (Extreme Heat!)"
    )


def _loss(st: D6State, a: Action) -> str:
    """Medicine/Bandages (Special Items) and the Army Deserters (D6-V9, D6-S7)."""
    n, source = st.pending.losses[0]
    if a == Word("medicine"):
        return "you hold no Medicine/Bandages: they are bought in a Town (Special Items)"
    assert isinstance(a, Amount)
    men = st.effects.deserters
    if a.n < 0:
        return "a number of Army Deserters cannot be negative"
    if source == "showdown" and a.n:
        return (
            "the Army Deserters do not fight in the Showdown: its dice are the Posse's "
            "(ruling D6-S7)"
        )
    if a.n > n:
        return (
            f"the loss is {count(n, 'Posse member')}, so at most {n} Army Deserters can die for it"
        )
    if men == 0:
        return "no Army Deserters ride with the Posse to take the loss"
    return f"only {count(men, 'Army Deserter')} {verb(men, 'rides', 'ride')} with the Posse"


def _answers_event(a: Action) -> bool:
    if isinstance(a, Pay | Trade):
        return True
    return isinstance(a, Word) and a.text in (
        "deer small",
        "deer big",
        "herd",
        "mine",
        "campfire",
        "fight",
    )


def _event(st: D6State, a: Action) -> str:
    """The Event List's choices (D6-V3, D6-V5)."""
    e = events.spec(st)
    k = e.kind
    j = st.journey
    name = _event_name(st)
    if isinstance(a, Pay):
        if k not in ("demands", "bandits"):
            return f"the {name} Event asks for no payment"
        offered = [tuple(o) for o in e.p("options")]
        if (a.gold, a.food, a.ammo, a.posse) not in offered:
            asks = ", ".join(str(Pay(*o)) for o in offered)
            return f"the {name} Event asks for one of: {asks}; {a} is not among them"
        short = [
            f"{need} {what} and you have {have}"
            for what, need, have in (
                ("Gold", a.gold, j.gold),
                ("Food", a.food, j.food),
                ("Ammo", a.ammo, j.ammo),
            )
            if need > have
        ]
        return f"you cannot pay it: it takes {'; '.join(short)}"
    if isinstance(a, Trade):
        if k != "wagon_train":
            return f"only a Wagon Train trades, and this is the {name}"
        return _trade(st, a, e.p("rate"))
    assert isinstance(a, Word)
    t = a.text
    if t in ("deer small", "deer big", "herd"):
        if k != "deer_herd":
            return f"{t} answers a herd to hunt, and this is the {name}"
        big = e.params.get("big_ammo", 0)
        if t == "herd" and big:
            return f"this {name} offers two hunts: deer small and deer big"
        if t != "herd" and not big:
            return f"this {name} offers one hunt: herd"
        need = e.p("big_ammo") if t == "deer big" else e.p("small_ammo")
        return f"that hunt takes {need} Ammo and you have {j.ammo}"
    if t == "mine":
        return f"mine answers the Lost Gunsight Mine, and this is the {name}"
    if t == "campfire":
        if k != "campfire":
            return f"campfire answers the Campfire Songs, and this is the {name}"
        return f"the Campfire Songs take {e.p('food')} Food and you have {j.food}"
    return f"the {name} Event cannot be fought: only Bandits can"


def _event_name(st: D6State) -> str:
    """The Event's name inside a sentence (``Bandits!`` as ``Bandits``)."""
    return events.spec(st).name.rstrip("!?.")


def _trade(st: D6State, a: Trade, rate: int) -> str:
    """Wagon Train: ``rate`` Food or Ammo for 1 Gold, either way (D6-V3)."""
    j = st.journey
    if a.food % rate or a.ammo % rate:
        return f"the Wagon Train trades Food and Ammo {rate} at a time for 1 Gold"
    if -a.food > j.food:
        return f"you have {j.food} Food to sell, not {-a.food}"
    if -a.ammo > j.ammo:
        return f"you have {j.ammo} Ammo to sell, not {-a.ammo}"
    if a.food > 0 and j.food + a.food - rate >= st.cap:
        return (
            f"Food is bought only while it fits under the cap of {st.cap}: you hold {j.food} "
            "(ruling D6-V3)"
        )
    cost = (a.food + a.ammo) // rate
    if cost > j.gold:
        return f"that trade costs {cost} Gold and you have {j.gold}"
    return f"{a} is not a trade the Wagon Train offers"


def _is_shopping(a: Action) -> bool:
    if isinstance(a, Amount):
        return a.verb == "buy guns"
    return isinstance(a, Word) and (a.text.startswith("buy ") or a.text in ("poker", "leave"))


def _shop(st: D6State, a: Action) -> str:
    """Ep.1/Ep.2 "Towns", "Items That Are Always Available", "Special
    Items", Ep.1 "Poker"; D6-T3, D6-T4."""
    j, v = st.journey, st.visit
    g = j.gold
    if isinstance(a, Amount):
        name, price = "guns", a.n
        if a.n < 1:
            return "Better Guns cost at least 1 Gold (each Gold is +1 in Shootouts)"
    else:
        assert isinstance(a, Word)
        t = a.text
        if t == "poker":
            if st.episode == 2:
                return "there is no Poker in episode 2: it is episode 1's (Poker)"
            if v.poker_played:
                return "one hand of Poker a visit, and this visit's is played (Poker)"
            return "you hold no Gold, Food or Ammo to stake (Poker)"
        if t in towns.GOODS:
            what, n, price = towns.GOODS[t]
            if what == "Food" and j.food >= st.cap:
                return f"Food is at its cap of {st.cap} (Food)"
            if what == "Posse" and j.posse >= st.cap:
                return f"the Posse is at its cap of {st.cap} (Your Posse)"
            most = 3 if st.episode == 1 else 2
            if what == "Posse" and v.posse_bought >= most:
                return (
                    f"a Town sells at most {count(most, 'Posse member')} a visit in episode "
                    f"{st.episode}, and you have bought {v.posse_bought} (Towns)"
                )
            bought = "a Posse member costs" if what == "Posse" else f"{n} {what} cost"
            return f"{bought} {price} Gold and you have {g} (Items That Are Always Available)"
        name = t.split()[1]
        if name not in ITEM_PRICE[st.episode] and name != "guns":
            return f"the {ITEM_TITLES[name]} is not among episode {st.episode}'s Special Items"
        price = ITEM_PRICE[st.episode].get(name, 1)
    item = towns.item_named(name)
    if j.items & ITEM_BITS[name]:
        return f"you hold {item} already (Special Items)"
    offer = v.item_offered
    if offer != name:
        if offer:
            sold = towns.item_named(offer) + (" are" if offer in towns.PLURAL_ITEMS else " is")
        else:
            sold = "no Special Item is"
        return (
            f"{towns.town_name(st)} does not sell {item}: {sold} for sale here, as its Special "
            "Item die said (Special Items)"
        )
    costs = "cost" if name in towns.PLURAL_ITEMS else "costs"
    return f"{item} {costs} {price} Gold and you have {g} (Special Items)"


def _binoculars(st: D6State, n: int) -> str:
    """Special Items: Binoculars (Ep.1: a red 5; Ep.2: a red 5 or 6; RULINGS d6)."""
    if st.episode == 1 and n == 6:
        return "the Binoculars reroll a locked red 5 in episode 1, not a 6 (Special Items)"
    locked = st.dice.locked
    return f"no red {n} is locked by the first roll (locked: {dice(locked)})"


def _hills(st: D6State, a: Change) -> str:
    """Gold in Them Hills (Ep.1 1-6: any die but a red 5 or 6, D6-V13; Ep.2: a white die)."""
    d = st.dice
    if a.colour not in "rw" or (st.episode == 2 and a.colour == "r"):
        which = "a red or white die" if st.episode == 1 else "a white die"
        return f"Gold in Them Hills turns {which} into a 3 in episode {st.episode}"
    if a.colour == "r" and a.face in (5, 6):
        return "Gold in Them Hills never changes a red 5 or 6 (Event List 1-6; ruling D6-V13)"
    if a.face == 3:
        return "that die is a 3 already"
    shown = d.red if a.colour == "r" else d.white
    colour = _COLOURS[a.colour]
    return f"no {colour} {a.face} shows: the {colour} dice are {dice(shown)}"


def _charm(st: D6State, a: Change) -> str:
    """Lucky Charm (Ep.2 "Special Items"): one white die, one pip."""
    if a.colour != "w":
        return "the Lucky Charm moves a white die, not a red or black one (Special Items)"
    return f"no white {a.face} shows: the white dice are {dice(st.dice.white)}"


def _reroll(st: D6State, a: Reroll) -> str:
    """ "Combat": once a round, 1 Ammo rerolls up to three dice of either side."""
    sd = st.showdown
    n = len(a.posse) + len(a.crowe)
    if n > 3:
        return f"1 Ammo rerolls at most three dice, and {a} names {n} (Combat)"
    wrong = [
        *_dice_named("Posse", _missing(a.posse, sd.posse_faces)),
        *_dice_named("Crowe", _missing(a.crowe, sd.crowe_faces)),
    ]
    if wrong:
        return (
            f"the dice do not show {_and(wrong)}: the Posse's are {dice(sd.posse_faces)}, "
            f"the Crowes' {dice(sd.crowe_faces)}"
        )
    return f"{a} lists a side's faces out of order: write them low to high"


def _nudge(st: D6State, a: Change) -> str:
    """Distract (Tactics): three pips, one at a time, on any dice."""
    sd = st.showdown
    if a.colour not in "pc":
        return "Distract moves Posse or Crowe dice (nudge p3+, nudge c5-)"
    shown = sd.posse_faces if a.colour == "p" else sd.crowe_faces
    side = _COLOURS[a.colour]
    return f"no {side} {a.face} shows: the {side} dice are {dice(shown)}"


# -- the action belongs to another moment --------------------------------------------------------


def _elsewhere(st: D6State, a: Action) -> str:
    """Where ``a`` belongs in the game, when it is not asked for now."""
    j = st.journey
    items = j.items
    if isinstance(a, Word):
        t = a.text
        if t in ("roll", "special"):
            if t == "special" and st.episode == 2:
                return "episode 2 has no Special Event (ruling D6-E4)"
            if t == "special" and j.special_used:
                return "the Special Event is called once a game, and it is called (Special Event)"
            if st.phase == P_KEEP:
                return (
                    f"the dice are rolled already (roll {st.dice.rolls} of 3): say which to keep "
                    "and the others are rolled again (Gameplay)"
                )
            return f"{t} starts a Day, before its first roll"
        if t == "stop":
            return "stop keeps every die after a roll, and no roll is waiting to be kept"
        if t in ("leave", "poker") or t.startswith("buy "):
            return _not_in_town(st, t)
        if t.startswith("start "):
            if st.options.version != "easier":
                return "only the Easier Version starts with a Special Item (Easier Version)"
            return "the Special Item you start with is chosen before the first Day"
        if t == "medicine":
            if not items & MEDICINE:
                return "you hold no Medicine/Bandages (Special Items)"
            return "the Medicine is used against a Posse loss, and none is waiting"
        if t.startswith("tactic ") or t == "done":
            return _not_showdown(st, "Tactics are declared before each round of the Showdown")
        if t in ("deer small", "deer big", "herd", "mine", "campfire", "fight"):
            return f"{t} answers an Event, and no Event is asking now"
        if t == "pass":
            return "there is no offer to pass on now"
    if isinstance(a, Keep):
        return "keeping dice comes after a roll, and no roll is waiting to be kept"
    if isinstance(a, Fours):
        return "the 4s are split when the dice are resolved, and no 4s are waiting"
    if isinstance(a, Stake):
        if st.phase == P_SHOP:
            return "a stake comes after choosing poker (Poker)"
        return _not_in_town(st, "stake")
    if isinstance(a, Pay | Trade):
        return f"{a} answers an Event's demand or a Wagon Train, and no Event is asking now"
    if isinstance(a, Reroll):
        return _not_showdown(st, "the Ammo reroll comes after a Showdown round's roll")
    if isinstance(a, Place):
        if not st.effects.lost_family:
            return "the Lost Family is not with the posse: it sets two dice only after its Event"
        return "the Lost Family's dice are set before a Day's first roll"
    if isinstance(a, Change):
        return _change_elsewhere(st, a)
    if isinstance(a, Amount):
        return _amount_elsewhere(st, a)
    return f"{a} is not a move of this game"


def _change_elsewhere(st: D6State, a: Change) -> str:
    if a.verb == "hills":
        if not st.effects.until_town_or_event & FX_HILLS:
            return "Gold in Them Hills is not in force (it comes with its Event)"
        return "Gold in Them Hills changes a die right after a Day's first roll, once"
    if a.verb == "charm":
        if st.episode == 1:
            return "the Lucky Charm is episode 2's (Special Items)"
        if not st.journey.items & CHARM:
            return "you hold no Lucky Charm (Special Items)"
        return "the Lucky Charm moves a die once the dice are kept, before they are resolved"
    return _not_showdown(st, "Distract's pips are moved after a Distract round's roll")


def _amount_elsewhere(st: D6State, a: Amount) -> str:
    j = st.journey
    v = a.verb
    if v == "recruit":
        if st.episode == 1:
            return "episode 1's 3s find Gold and recruit no one (Prospect)"
        return "recruit answers sets of three 3s being resolved, and none are"
    if v == "heat food":
        if st.episode == 2:
            return "episode 2's Heat costs Posse members, not Food (Extreme Heat!)"
        return "Food pays for Heat hits once the Heat's dice have hit, and none are waiting"
    if v == "absorb":
        if not st.effects.deserters:
            return "no Army Deserters ride with the Posse"
        return "the Army Deserters answer a Posse loss, and none is waiting"
    if v == "binoculars":
        if not j.items & ITEM_BITS["binoculars"]:
            return "you hold no Binoculars (Special Items)"
        return "the Binoculars reroll a locked red die right after a Day's first roll"
    if v == "guide":
        if not st.effects.until_town_or_event & FX_GUIDE:
            return "no Indian Guide rides with the posse (he comes with his Event)"
        return "the Indian Guide sets a red die before a Day's first roll"
    if v == "assign":
        return _not_showdown(st, "successes are assigned once a Showdown round is rolled")
    if v == "buy guns":
        return _not_in_town(st, "buy guns")
    return f"{a} is not a move of this game"


def _not_in_town(st: D6State, what: str) -> str:
    """Buying, Poker and leaving need a Town's visit (Towns)."""
    if what == "poker" and st.episode == 2:
        return "there is no Poker in episode 2 (Poker)"
    if st.mode == "showdown":
        ghost = st.destination_name
        return f"{what} is for a Town's visit, and {ghost} is a ghost town: the Showdown is on"
    ahead = [s for s in st.map.towns if st.journey.space < s <= st.destination]
    if st.phase == P_STAKE:
        return "the Poker stake is asked now, and the shop opens again after the hand"
    if not ahead:
        return f"{what} is for a Town's visit, and you are not in a Town (Towns)"
    nxt = min(ahead)
    away = count(nxt - st.journey.space, "space")
    return (
        f"{what} is for a Town's visit, and you are not in a Town: the next is "
        f"{st.map.towns[nxt]}, {away} on (Towns)"
    )


def _not_showdown(st: D6State, rule: str) -> str:
    """The Showdown's decisions outside their moment."""
    if st.episode == 1:
        return "the Showdown is episode 2's: episode 1 ends at Reno"
    if st.mode != "showdown":
        return f"the Showdown begins at {st.destination_name}, and the posse is not there yet"
    return rule
