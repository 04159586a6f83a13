"""The d6 Shooters' rules in Saloon's own words, for the player at the table.

Each passage summarises (never quotes) a rulebook section, cited by episode
and heading; :func:`rules_help` picks the passage for the decision at hand.
"""

from __future__ import annotations

from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.rules.nodes import (
    C_CHECK,
    C_EVENT,
    C_HAND,
    C_ITEM,
    C_ROLL,
    C_ROUND,
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
    P_STAKE_AMMO,
    P_STAKE_FOOD,
    P_STAKE_GOLD,
    P_TACTIC,
)


def overview(o: D6ShootersOptions) -> str:
    """The game in a paragraph (Ep.1/Ep.2 "Objective", "Gameplay", "End of the Game")."""
    if o.episode == 1:
        goal = (
            "Escort Billy Griggs from Pyrite to Reno (Essen in the Shorter Version) before "
            "the Days run out; arrive with Posse, Gold and supplies for a better score."
        )
        dice = "three red and five white dice"
    else:
        goal = (
            "Ride to the ghost town of Hoodia in time and beat the Crowe Gang in the "
            "Showdown there; every Shootout won on the way leaves one Gang member fewer."
        )
        dice = "a black die (it counts as two of its number), two red and five white dice"
    text = (
        f"{goal} Each turn is a Day: roll {dice} up to three times, keeping what you like "
        "between rolls (red 5s and 6s of the first roll stay locked), then resolve the dice "
        "from 1s to 6s: 1s move, 2s find Food, 3s find Gold (episode 2: or recruit), 4s "
        "shelter, hide, fight or take the backroads, 5s bring the Heat and 6s the Gang. "
        "Every 5th Day each Posse member eats one Food. [rulebook: Ep.1/Ep.2 Gameplay, "
        "Dice Actions, Food, End of the Game]"
    )
    note = version_note(o)
    return f"{text}\n\n{note}" if note else text


def version_note(o: D6ShootersOptions) -> str:
    """What the version played changes, and whose it is: episode 1's Easier and
    Shorter Versions are the rulebook's; episode 2 prints none, so its are
    Saloon's own (RULINGS d6; rulings D6-E1, D6-E3)."""
    if o.version == "standard":
        return ""
    if o.episode == 1:
        if o.version == "easier":
            return (
                "Easier Version: start with 12 Food, 5 Gold and a Special Item of your choice. "
                "[rulebook: Ep.1 Easier Version]"
            )
        return "Shorter Version: Essen is the destination, in 30 Days. [rulebook: Ep.1 Shorter]"
    if o.version == "easier":
        return (
            "Easier Version: Saloon's own, not in the rulebook (which prints one for episode 1 "
            "only): start with 10 Food, 5 Gold and a Special Item of your choice. [ruling D6-E1]"
        )
    return (
        "Shorter Version: Saloon's own, not in the rulebook (which prints one for episode 1 "
        "only): the Showdown is at Levitra, in 20 Days, against 6 Crowe Gang members plus "
        "Russell and Sheryl. [ruling D6-E3]"
    )


_PASSAGES: dict[int, str] = {
    P_FREE_ITEM: "Easier Version: pick the Special Item you start with (Better Guns counts +2). "
    "[rulebook: Ep.1 Easier Version; rulings D6-E1, D6-E2]",
    P_BEGIN: "Episode 1: once per game you may call an Event at the start of a turn, "
    "wherever you are, before rolling. [rulebook: Ep.1 Special Event]",
    P_GUIDE: "The Indian Guide sets one red die to a number of your choice before you roll. "
    "[RULINGS d6: 6-6 Indian Guide]",
    P_FAMILY: "Lost Family: set one red and one white die to numbers of your choice before "
    "this roll. [RULINGS d6: 5-5 Lost Family]",
    P_BINOCULARS: "Binoculars: you may reroll a red 5 (episode 2: a red 5 or 6, the one you "
    "name) that locked on the first roll; the new face stays free. [rulebook: Special Items]",
    P_HILLS: "Gold in Them Hills: change one die to a 3 after the first roll (episode 1: not "
    "a locked red 5 or 6; episode 2: a white die). [rulebook: Event List 1-6]",
    P_KEEP: "Choose, colour by colour, which dice to keep; the rest are rolled again. Locked "
    "red 5s and 6s must stay. 'stop' keeps everything and ends the rolling. You have three "
    "rolls in all. [rulebook: Gameplay; ruling D6-D3]",
    P_CHARM: "Lucky Charm: change one white die by one pip before the dice are resolved. "
    "[rulebook: Ep.2 Special Items]",
    P_RECRUIT: "Each set of three 3s recruits a Posse member or finds a Gold: choose how many "
    "recruit. [rulebook: Ep.2 Dice Actions]",
    P_FOURS: "Split your 4s: Seek Shelter removes a 5 each; Hide removes two 6s each but "
    "costs a Day; Fight rolls a die each in a Shootout against the 6s; Backroads moves a "
    "space per two 4s (episode 2: per 4, at most 2). Unused 4s are wasted. "
    "[rulebook: Dice Actions (4s)]",
    P_HEAT_FOOD: "Each Heat hit costs 2 Food or 1 Posse member: choose how many hits you pay with "
    "Food. [rulebook: Ep.1 Extreme Heat!]",
    P_LOSS: "Medicine saves the whole loss (then it is used up); Army Deserters can die in "
    "your Posse's place. [rulebook: Special Items; RULINGS d6: 5-6 Army Deserters]",
    P_EVENT_CHOICE: "The Event offers a choice: take it, pay, trade or decline as it allows. "
    "[rulebook: Events, Event List]",
    P_SHOP: "In Town buy Food, Ammo and up to 3 Posse (episode 2: 2) for Gold, the Special "
    "Item on offer, or (episode 1) play one hand of Poker; leave when done. "
    "[rulebook: Towns, Items, Poker]",
    P_STAKE_GOLD: "Poker: stake Gold, then Food, then Ammo (at least one in all); a win pays the "
    "stake again, a loss takes it. [rulebook: Ep.1 Poker; RULINGS d6]",
    P_TACTIC: "Showdown: declare a Tactic before rolling (each once): Defend (3-6 remove "
    "Crowe 1-2; only Crowe 6s hit), Charge (3-6 remove Crowe 1-3; Crowe 4-6 hit), Distract "
    "(move up to three pips after the roll), or none. [rulebook: The Ghost Town Showdown]",
    P_REROLL: "Once a round you may spend 1 Ammo to reroll up to three dice from either "
    "side. [rulebook: The Ghost Town Showdown, Combat]",
    P_NUDGE: "Distract: change dice by one pip at a time, three pips in all. [rulebook: Tactics]",
    P_ASSIGN: "Each Posse 4-6 either removes a Crowe 1-2 for good or sets a Crowe 5-6 aside "
    "for this round; the Crowe 5-6s left each remove a Posse die. Choose how many remove. "
    "[rulebook: The Ghost Town Showdown, Combat]",
    C_ROLL: "The dice are rolled: type the faces showing, e.g. 'white 11345'. [rulebook: Gameplay]",
    C_CHECK: "Rerolled dice: count how many hit (Heat: 3-6 in episode 1, 4-6 in episode 2; "
    "the Gang: 3-6). [rulebook: Dice Actions]",
    C_ROUND: "A Shootout round: your dice plus Ammo (and Better Guns) against the Gang's; "
    "ties are rolled again; the loser removes a die. [rulebook: Shootout!]",
    C_EVENT: "An Event: two dice on the Event list (low die first) or one die on the short "
    "table. [rulebook: Events]",
    C_ITEM: "A die shows which Special Item this Town sells (Items you own are rolled "
    "again). [rulebook: Special Items]",
    C_HAND: "A die picks the hand to beat. [rulebook: Ep.1 Poker]",
}
_PASSAGES[P_STAKE_FOOD] = _PASSAGES[P_STAKE_GOLD]
_PASSAGES[P_STAKE_AMMO] = _PASSAGES[P_STAKE_GOLD]


def rules_help(state: D6State | None, options: D6ShootersOptions) -> str:
    """The passage for ``state``'s decision (the whole summary if ``None``)."""
    if state is None:
        return "\n\n".join((overview(options), *sorted(set(_PASSAGES.values()))))
    if state.phase == OVER:
        return overview(options)
    return _PASSAGES.get(state.phase, overview(options))
