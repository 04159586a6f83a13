"""The d6 Shooters' rules in Saloon's own words, for the player at the table.

Each passage summarises (never quotes) a rulebook section, cited by episode
and heading; :func:`rules_help` picks the passage for the decision at hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.rules.nodes import (
    C_CHECK,
    C_DESERTERS,
    C_EVENT,
    C_EVENT_DIE,
    C_GANG_VOLLEY,
    C_HAND,
    C_ITEM,
    C_POSSE_VOLLEY,
    C_ROLL,
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


@dataclass(frozen=True)
class Passage:
    """One rule in Saloon's words: its heading, the text, and the nodes of the
    game where it is the rule at hand."""

    heading: str
    text: str
    nodes: tuple[int, ...] = ()
    episode: int = 0  # 0: both episodes


#: The rules in the rulebook's order (Ep.1 then what Ep.2 adds), each citing
#: its section.
PASSAGES = (
    Passage(
        "Starting resources",
        "Episode 1: 6 Food, 6 Ammo, 3 Gold and 12 Posse; episode 2: 5 Food, 4 Ammo, 3 Gold and "
        "10 Posse. Easier Version: pick the Special Item you start with (Better Guns "
        "counts +2). [rulebook: Starting Resources, Ep.1 Easier Version; rulings D6-E1, D6-E2]",
        (P_FREE_ITEM,),
    ),
    Passage(
        "Rolling",
        "Each Day roll all the dice up to three times. Between rolls keep any dice you like, "
        "every colour at once (keep r14 w22: red 1 4, white 2 2); the others are rolled "
        "again. Red 5s and 6s of the first roll are locked for good and need not be typed. "
        "'stop' keeps everything. Episode 2's black die counts as two of its number. "
        "[rulebook: Gameplay; ruling D6-D3]",
        (P_KEEP, C_ROLL),
    ),
    Passage(
        "Move (1s)",
        "Each 1 moves a space. An Event square stops the move for its Event, then it goes on; "
        "in episode 1 a Town stops all movement for the Day (the rest is wasted), in episode 2 "
        "you visit it on the way. [rulebook: Dice Actions: Move; Ep.2 Movement]",
    ),
    Passage(
        "Find Food (2s)",
        "Every two 2s find a Food (the Hunter's red 2s count twice), up to the cap. "
        "[rulebook: Dice Actions: Find Food]",
    ),
    Passage(
        "Prospect or recruit (3s)",
        "Episode 1: three 3s find a Gold (two with the Prospector's Map). Episode 2: each set "
        "of three 3s recruits a Posse member or finds a Gold, as you choose. "
        "[rulebook: Dice Actions: Prospect; Ep.2 Recruit Posse or Find Gold]",
        (P_RECRUIT,),
    ),
    Passage(
        "The 4s",
        "Split your 4s: Seek Shelter removes a 5 each; Hide removes two 6s each and costs a "
        "Day; Fight rolls a die each in a Shootout against the 6s; Backroads moves a space "
        "per two 4s (episode 2: per 4, at most 2). Unused 4s are wasted. "
        "[rulebook: Dice Actions (4s)]",
        (P_FOURS,),
    ),
    Passage(
        "Extreme Heat (5s)",
        "Each 5 not sheltered is rolled again: in episode 1 each 3-6 costs 2 Food or a Posse "
        "member (you choose how many hits to pay with Food); in episode 2 each 4-6 costs a "
        "Posse member. [rulebook: Extreme Heat!]",
        (P_HEAT_FOOD,),
    ),
    Passage(
        "The Gang attacks (6s)",
        "If any 4 Fights, the 6s fight a Shootout; otherwise each 6 is rolled again and each "
        "3-6 costs a Posse member. [rulebook: The Griggs/Crowe Gang Attacks!]",
        (C_CHECK,),
    ),
    Passage(
        "Shootout",
        "Each round your Fight dice plus your Ammo (and Better Guns) against the Gang's dice; "
        "the higher total wins, a tie is rolled again; the loser removes a die. When a side "
        "has no dice left it is over: Ammo -1; if the Gang won, a Posse member per Gang die "
        "left. Type the dice as rolled: yours, then the Gang's. Episode 2: a win crosses off a "
        "Crowe Gang member. [rulebook: Shootout!; ruling D6-D2]",
        (C_POSSE_VOLLEY, C_GANG_VOLLEY),
    ),
    Passage(
        "Posse, Days and Food",
        "Posse 0 loses. Each turn is a Day; Days added by Hide or an Event are marked at once. "
        "Every 5th Day each Posse member eats a Food; the unfed are lost, and no Food at all "
        "loses. [rulebook: Your Posse, Days, Food]",
    ),
    Passage(
        "Losses",
        "Medicine/Bandages prevent all the Posse loss from one source, then are used up; "
        "Army Deserters can die in the Posse's place. [rulebook: Special Items; RULINGS d6: "
        "Medicine, 5-6 Army Deserters]",
        (P_LOSS,),
    ),
    Passage(
        "Events",
        "An Event square draws an Event: two dice on the Event list (in either order) or one "
        "die on the short table; some offer a choice (take it, pay, trade, fight or let it "
        "pass). [rulebook: Events, Event List]",
        (C_EVENT, P_EVENT_CHOICE, C_EVENT_DIE, C_DESERTERS),
    ),
    Passage(
        "Special Event",
        "Once per game, at the start of a turn, call an Event wherever you are. "
        "[rulebook: Ep.1 Special Event]",
        (P_BEGIN,),
        episode=1,
    ),
    Passage(
        "Event effects",
        "Gold in Them Hills turns one die into a 3 after the first roll (episode 1: never a "
        "red 5 or 6; episode 2: a white die); the Indian Guide sets a red die before you roll; "
        "Lost Family sets a red and a white die. [rulebook: Event List 1-6; RULINGS d6: 5-5, "
        "6-6; ruling D6-V13]",
        (P_HILLS, P_GUIDE, P_FAMILY),
    ),
    Passage(
        "Towns",
        "In a Town buy 2 Food or Ammo for 1 Gold, 5 for 2, up to 3 Posse members (episode 2: 2) "
        "at 1 Gold each, and the Special Item a die offers; in episode 1 play one hand of "
        "Poker; leave when done. [rulebook: Towns, Items That Are Always Available, Special "
        "Items]",
        (P_SHOP, C_ITEM),
    ),
    Passage(
        "Special Items",
        "Binoculars reroll a red 5 (episode 2: the red 5 or 6 you name) locked on the first "
        "roll; the new face is free. The Lucky Charm moves one white die a pip before the "
        "dice are resolved. [rulebook: Special Items; ruling D6-I4]",
        (P_BINOCULARS, P_CHARM),
    ),
    Passage(
        "Poker",
        "Stake any mix of Gold, Food and Ammo in one go (stake 2g 1f); roll the best hand in "
        "three rolls of the white dice; a die picks the hand to beat. A win pays the stake, a "
        "loss takes it, a tie is played again. [rulebook: Ep.1 Poker; RULINGS d6]",
        (P_STAKE, C_HAND),
        episode=1,
    ),
    Passage(
        "The Ghost Town Showdown",
        "Your Posse's dice against the Crowes'. Before each roll declare a Tactic (each once) "
        "or none: Defend (3-6 remove Crowe 1-2s; only Crowe 6s hit), Charge (3-6 remove Crowe "
        "1-3s; Crowe 4-6s hit), Distract (move three pips after the roll). Once a round 1 Ammo "
        "rerolls up to three dice. Each 4-6 removes a Crowe 1-2 or sets a Crowe 5-6 aside; "
        "each Crowe 5-6 left removes a Posse die. [rulebook: The Ghost Town Showdown]",
        (P_TACTIC, P_REROLL, P_NUDGE, P_ASSIGN),
        episode=2,
    ),
)
_BY_NODE = {node: p for p in PASSAGES for node in p.nodes}


# -- the advisor's values ------------------------------------------------------------------------


def score_weight(episode: int) -> float:
    """The weight of the expected score in the planner's value (its ``score``
    parameter's default): 0.2 in episode 1, 0 in episode 2."""
    from saloon.games.d6shooters.value import value_net

    return value_net(episode).score_weight


def value_words(episode: int, destination: str) -> str:
    """What the advisor's values are away from the Showdown, in a line (the
    note above them).

    >>> value_words(2, "Hoodia")
    "each choice's chance to reach Hoodia and win the Showdown, with the planner's play after"
    """
    goal = f"reach {destination}" + (" and win the Showdown" if episode == 2 else "")
    w = score_weight(episode)
    if w <= 0:
        return f"each choice's chance to {goal}, with the planner's play after"
    return (
        f"each choice's planner score, the chance to {goal} plus {w:g} x the expected final "
        "score / 50, with the planner's play after"
    )


def advisor_help(episode: int, destination: str) -> str:
    """The advisor's values explained (``hint`` at the table, the values
    beside the choices in the browser): what the numbers are and how the
    episode 1 score is made, with an example.

    >>> print(advisor_help(1, "Reno").split(". ")[0])
    The advisor (hint) values each choice by the planner's play after it
    """
    solver = (
        " In the Ghost Town Showdown the values are exact: each choice's chance to win the "
        "Showdown with best play after, from the Showdown solver."
        if episode == 2
        else ""
    )
    w = score_weight(episode)
    if w <= 0:
        body = (
            f"The advisor (hint) values each choice by the planner's play after it: its "
            f"estimate of the chance to reach {destination} in time"
            + (" and win the Showdown" if episode == 2 else "")
            + ", in per cent (an estimate, from the planner's fitted value of the journey)."
        )
        return body + solver + " [docs: games/d6shooters.md, The planner]"
    example = 0.6 + w * 24 / 50
    return (
        f"The advisor (hint) values each choice by the planner's play after it. The value is "
        f"the planner's score, not a per cent: its chance to reach {destination} plus {w:g} x "
        f"the expected final score / 50 (a failed journey scores 0), an estimate from its "
        f"fitted value of the journey. A 60% chance of arriving with 40 points (24 expected) "
        f"is worth 0.6 + {w:g} x 24 / 50 = {example:.3f}; a sure arrival is worth 1 plus "
        f"{w:g} x its score / 50, so among equally safe choices the one that scores more ranks "
        f"higher.{solver} [docs: games/d6shooters.md, The planner]"
    )


def rules_help(state: D6State | None, options: D6ShootersOptions) -> str:
    """The passage for ``state``'s decision (the whole summary, in the
    rulebook's order, if ``None``)."""
    if state is None:
        body = [f"{p.heading}: {p.text}" for p in PASSAGES if p.episode in (0, options.episode)]
        destination = _destination(options)
        advisor = advisor_help(options.episode, destination)
        return "\n\n".join((overview(options), *body, advisor))
    if state.phase == OVER:
        return overview(options)
    passage = _BY_NODE.get(state.phase)
    text = overview(options) if passage is None else f"{passage.heading}: {passage.text}"
    if _advised(state):
        text += "\n\n" + advisor_help(state.episode, state.destination_name)
    return text


def _destination(options: D6ShootersOptions) -> str:
    """Where the journey of ``options`` ends (the map's destination)."""
    from saloon.games.d6shooters.content import load_map

    m = load_map(options.map, options.episode)
    space = m.short_destination if options.version == "shorter" else m.destination
    return m.towns[m.town_at(space)]


def _advised(state: D6State) -> bool:
    """Whether the advisor values the decision at hand."""
    from saloon.games.d6shooters.lookahead import LOOKED_AHEAD

    ph = state.phase
    if state.to_move != 0 or state.mode == "poker":
        return False
    if state.mode == "showdown":
        return ph in (P_TACTIC, P_REROLL, P_NUDGE, P_ASSIGN, P_LOSS)
    return ph in (P_KEEP, P_FOURS) or ph in LOOKED_AHEAD
