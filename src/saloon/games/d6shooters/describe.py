"""Choices in words: what each action does, with its effect and its cost.

The notation (``fours s1 h0 f1 b2``, ``trade -4f +4a``) is for typing and for
records; a menu says the same in the player's terms ("Split the 4s: 1 to
Seek Shelter, 1 to Fight, 2 to Backroads (1 space)", "Sell 4 Food and buy
4 Ammo", "Buy 5 Food for 2 Gold"). :func:`groups` orders long menus so the
choices that matter come first.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.core.state import ActionGroup
from saloon.games.d6shooters.actions import (
    Amount,
    Change,
    Fours,
    Keep,
    Pay,
    Place,
    Reroll,
    Stake,
    Trade,
    Word,
)
from saloon.games.d6shooters.rules import events, harm
from saloon.games.d6shooters.rules.moves import fours_words
from saloon.games.d6shooters.rules.nodes import (
    DONE,
    ITEM_PRICE,
    ITEM_TITLES,
    LEAVE,
    MEDICINE_WORD,
    P_BINOCULARS,
    P_CHARM,
    P_EVENT_CHOICE,
    P_HILLS,
    P_KEEP,
    P_REROLL,
    P_STAKE,
    PASS,
    ROLL,
    SPECIAL,
    STOP,
)
from saloon.games.d6shooters.rules.showdown import TACTIC_WORDS
from saloon.games.d6shooters.rules.text import capital, count, dice, number, verb
from saloon.games.d6shooters.rules.towns import GOODS, goods_words, item_named, town_name

if TYPE_CHECKING:
    from saloon.games.d6shooters.rules.state import D6State

#: What each Special Item does (Ep.1/Ep.2 "Special Items"), for the menu;
#: where the episodes differ, by episode (``ITEM_EFFECTS[name][episode - 1]``).
ITEM_EFFECTS = {
    "compass": ("red 1s count two moves",) * 2,
    "hunter": (
        "counts as a Posse member, lost when the Posse falls to 1; red 2s count twice for Food",
        "counts as a Posse member; red 2s count twice for Food",
    ),
    "map": ("a Gold for every two 3s",) * 2,
    "binoculars": (
        "reroll a locked red 5 of the first roll",
        "reroll a locked red 5 or 6 of the first roll",
    ),
    "medicine": ("prevents all Posse loss from one source, once",) * 2,
    "guns": ("+1 to Shootout totals per Gold paid",) * 2,
    "charm": ("move one white die a pip each turn",) * 2,
}


def describe(st: D6State, action: Action) -> str:
    """``action`` at ``st`` in the player's words."""
    j = st.journey
    if action == ROLL:
        return f"Roll the dice for Day {j.day + 1}"
    if action == SPECIAL:
        return "Call the Special Event now (once per game), then roll"
    if action == STOP:
        return f"Stop: keep all the dice and resolve them (after roll {st.dice.rolls})"
    if action == PASS:
        return _pass_words(st)
    if action == LEAVE:
        return f"Leave {town_name(st)}"
    if action == DONE:
        return "Move no more pips"
    if action == MEDICINE_WORD:
        n, source = st.pending.losses[0]
        return (
            f"Use the Medicine: save {count(n, 'Posse member')} from "
            f"{harm.LOSS_SOURCES[source]} (it is used up)"
        )
    if isinstance(action, Keep):
        return _keep_words(st, action)
    if isinstance(action, Fours):
        return "Split the 4s: " + fours_words(st, action)
    if isinstance(action, Stake):
        return f"Stake {goods_words(action.gold, action.food, action.ammo)}"
    if isinstance(action, Trade):
        return _trade_words(st, action)
    if isinstance(action, Pay):
        paid = goods_words(action.gold, action.food, action.ammo)
        if action.posse:
            after = max(0, j.posse - action.posse)
            lost = f"lose {count(action.posse, 'Posse member')} ({j.posse} → {after})"
            return f"Pay {paid} and {lost}" if paid else lost[0].upper() + lost[1:]
        return f"Pay {paid}"
    if isinstance(action, Reroll):
        parts = [
            f"{side} {dice(f)}"
            for side, f in (("Posse", action.posse), ("Crowe", action.crowe))
            if f
        ]
        return f"Spend 1 Ammo ({j.ammo} → {j.ammo - 1}) to reroll " + " and ".join(parts)
    if isinstance(action, Change):
        return _change_words(action)
    if isinstance(action, Place):
        return f"Set a red die to {action.red} and a white die to {action.white} before rolling"
    if isinstance(action, Amount):
        return _amount_words(st, action)
    if isinstance(action, Word):
        return _word_words(st, action)
    return str(action)


def _pass_words(st: D6State) -> str:
    ph = st.phase
    if ph == P_BINOCULARS:
        return "Keep the locked dice as they are"
    if ph == P_HILLS:
        return "Change no die"
    if ph == P_CHARM:
        return "Leave the white dice as they are"
    if ph == P_EVENT_CHOICE:
        return f"Take nothing: let the {events.spec(st).name} pass"
    if ph == P_REROLL:
        return f"Spend no Ammo: keep the dice as they fell ({st.journey.ammo} Ammo kept)"
    return "Pass"


def _keep_words(st: D6State, a: Keep) -> str:
    d = st.dice
    kept = [
        f"{g} {dice(f)}" for g, f in (("black", a.black), ("red", a.red), ("white", a.white)) if f
    ]
    again = [
        f"{n} {g}"
        for g, n in (
            ("black", len(d.black) - len(a.black)),
            ("red", len(d.red) - len(a.red)),
            ("white", len(d.white) - len(a.white)),
        )
        if n
    ]
    held = ", ".join(kept) if kept else "nothing"
    if st.mode == "poker":
        return f"Keep {held}; roll {len(d.white) - len(a.white)} again"
    return f"Keep {held}; roll {', '.join(again)} again"


def _trade_words(st: D6State, a: Trade) -> str:
    """A Wagon Train trade as what is given and what is got, Gold included
    (``trade -4f +4a``: "Trade 4 Food for 4 Ammo")."""
    gold = -(a.food + a.ammo) // events.spec(st).p("rate")
    given = [f"{-n} {name}" for name, n in (("Food", a.food), ("Ammo", a.ammo)) if n < 0]
    got = [f"{n} {name}" for name, n in (("Food", a.food), ("Ammo", a.ammo)) if n > 0]
    if gold < 0:
        given.append(f"{-gold} Gold")
    elif gold > 0:
        got.append(f"{gold} Gold")
    if not got:
        return f"Give {' and '.join(given)} for nothing"
    if not any("Gold" not in g for g in given) and given:
        return f"Buy {' and '.join(got)} for {' and '.join(given)}"
    if not any("Gold" not in g for g in got):
        return f"Sell {' and '.join(given)} for {' and '.join(got)}"
    return f"Trade {' and '.join(given)} for {' and '.join(got)}"


def _change_words(a: Change) -> str:
    colour = {"r": "red", "w": "white", "b": "black", "p": "Posse", "c": "Crowe"}[a.colour]
    why = {"hills": " (Gold in Them Hills)", "charm": " (Lucky Charm)", "nudge": " (Distract)"}
    return f"Turn a {colour} {a.face} into a {a.to}{why.get(a.verb, '')}"


def _amount_words(st: D6State, a: Amount) -> str:
    j = st.journey
    if a.verb == "guide":
        return f"Set a red die to {a.n} before rolling (Indian Guide)"
    if a.verb == "binoculars":
        return f"Reroll the locked red {a.n} with the Binoculars"
    if a.verb == "recruit":
        sets = st.resolution.threes // 3
        return (
            f"Recruit {count(a.n, 'Posse member')} ({j.posse} → {j.posse + a.n}) and find "
            f"{sets - a.n} Gold ({j.gold} → {j.gold + sets - a.n})"
        )
    if a.verb == "heat food":
        hits = st.pending.heat_hits
        lost = hits - a.n
        parts = []
        if a.n:
            parts.append(f"pay {2 * a.n} Food ({j.food} → {j.food - 2 * a.n})")
        if lost:
            parts.append(f"lose {count(lost, 'Posse member')}")
        text = " and ".join(parts)
        return text[0].upper() + text[1:]
    if a.verb == "absorb":
        n, source = st.pending.losses[0]
        if a.n == 0:
            return (
                f"Take the loss: lose {count(n, 'Posse member')} to {harm.LOSS_SOURCES[source]} "
                f"({j.posse} → {max(0, j.posse - n)})"
            )
        rest = n - a.n
        tail = f"; lose {count(rest, 'Posse member')}" if rest else "; no Posse lost"
        dies = verb(a.n, "dies", "die")
        return capital(f"{count(a.n, 'Army Deserter')} {dies} in the Posse's place{tail}")
    if a.verb == "assign":
        return _assign_words(st, a.n)
    if a.verb == "buy guns":
        return f"Buy Better Guns for {a.n} Gold: +{a.n} to Shootout totals"
    return str(a)


def _assign_words(st: D6State, n: int) -> str:
    """The Showdown's successes split between removals and setting aside
    ("Combat": each 4-6 removes a Crowe 1-2 or sets a Crowe 5-6 aside)."""
    sd = st.showdown
    s = sum(1 for f in sd.posse_faces if f >= 4)
    rest = s - n
    what = verb(n, "removes a Crowe 1-2", "remove Crowe 1-2s")
    remove = (
        f"{capital(number(n))} of the successes {what}" if n else "No success removes a Crowe 1-2"
    )
    if rest <= 0:
        return remove
    return f"{remove}; {number(rest)} {verb(rest, 'sets a Crowe 5-6', 'set Crowe 5-6s')} aside"


def _word_words(st: D6State, a: Word) -> str:
    t = a.text
    j = st.journey
    if t in GOODS:
        what, n, price = GOODS[t]
        if what == "Posse":
            return f"Buy a Posse member for 1 Gold ({j.posse} → {j.posse + 1})"
        have = getattr(j, what.lower())
        after = min(st.cap, have + n) if what == "Food" else have + n
        return f"Buy {n} {what} for {price} Gold ({what} {have} → {after})"
    if t.startswith("buy "):
        name = t.split()[1]
        price = ITEM_PRICE[st.episode][name]
        effect = ITEM_EFFECTS[name][st.episode - 1]
        return f"Buy the {ITEM_TITLES[name]} for {price} Gold: {effect}"
    if t.startswith("start "):
        name = t.split()[1]
        return f"Start with {item_named(name)}: {ITEM_EFFECTS[name][st.episode - 1]}"
    if t.startswith("tactic "):
        name = t.split()[1]
        if name == "none":
            return "No Tactic this round (each Tactic is once a Showdown)"
        return "Tactic: " + TACTIC_WORDS[name] + ", once a Showdown"
    if t == "poker":
        return "Play a hand of Poker (once a visit): stake Gold, Food or Ammo"
    e = events.spec(st) if st.phase == P_EVENT_CHOICE else None
    if e is not None:
        if t in ("deer small", "herd"):
            return f"Spend {e.p('small_ammo')} Ammo for {e.p('small_food')} Food"
        if t == "deer big":
            days = f" and {count(e.p('big_days'), 'Day')}" if e.p("big_days") else ""
            return f"Spend {e.p('big_ammo')} Ammo{days} for a die + {e.p('big_bonus')} Food"
        if t == "mine":
            return f"Take {e.p('gold')} Gold; no Seek Shelter until the next Town or Event"
        if t == "campfire":
            return (
                f"Spend {e.p('food')} Food for +1 Fight die in Shootouts until the next Town "
                "or Event"
            )
        if t == "fight":
            return (
                f"Fight them: your {count(e.p('posse_dice'), 'die', 'dice')} against their "
                f"{count(e.p('gang_dice'), 'die', 'dice')} (+{j.ammo} Ammo)"
            )
    return t


# -- menus ---------------------------------------------------------------------------------


def groups(st: D6State, legal: Sequence[Action]) -> list[ActionGroup]:
    """The menu's groups, the choices that matter first."""
    if st.phase == P_KEEP:
        return _keep_groups(st, legal)
    if st.phase == P_STAKE:
        return _stake_groups(legal)
    return [ActionGroup("", tuple(legal))]


def _keep_groups(st: D6State, legal: Sequence[Action]) -> list[ActionGroup]:
    """Keeps by what they hold: stop or roll everything again; all the dice of
    one kind; of two kinds; then every other keep (colour by colour)."""
    d = st.dice
    legal_set = set(legal)
    free_faces = sorted({*d.black, *d.white, *_free_red(st)})

    def of_kinds(kinds: tuple[int, ...]) -> Keep:
        red = tuple(sorted([*d.locked, *(f for f in _free_red(st) if f in kinds)]))
        return Keep(
            tuple(f for f in d.black if f in kinds), red, tuple(f for f in d.white if f in kinds)
        )

    out: list[ActionGroup] = []
    seen: set[Action] = set()

    def group(title: str, actions: Sequence[Action]) -> None:
        keep = [a for a in actions if a in legal_set and a not in seen]
        seen.update(keep)
        if keep:
            out.append(ActionGroup(title, tuple(keep)))

    group("Stop, or roll again", [STOP, Keep((), d.locked, ())])
    group("Keep one kind", [of_kinds((f,)) for f in free_faces])
    group("Keep two kinds", [of_kinds(pair) for pair in combinations(free_faces, 2)])
    group("Any other keep", list(legal))
    return out


def _free_red(st: D6State) -> list[int]:
    red = list(st.dice.red)
    for f in st.dice.locked:
        red.remove(f)
    return red


def _stake_groups(legal: Sequence[Action]) -> list[ActionGroup]:
    single: dict[str, list[Action]] = {"Gold": [], "Food": [], "Ammo": []}
    mixed: list[Action] = []
    for a in legal:
        assert isinstance(a, Stake)
        parts = [n for n, v in (("Gold", a.gold), ("Food", a.food), ("Ammo", a.ammo)) if v]
        (single[parts[0]] if len(parts) == 1 else mixed).append(a)
    out = [ActionGroup(f"{name} only", tuple(acts)) for name, acts in single.items() if acts]
    if mixed:
        out.append(ActionGroup("A mix", tuple(mixed)))
    return out
