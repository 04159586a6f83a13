"""The d6 Shooters' constants: the decision and chance nodes, the stages of a
turn, the Special Items and the effects Events leave in force.

A turn runs through *stages* in the rulebook's order (Ep.1/Ep.2
"Gameplay", "Dice Actions": the start, the roll, then the 1s to the 6s, the
Town and the end of the Day). Whenever the player has a choice or dice must
be rolled, the state stops at a *node*: a decision (``P_...``, the player is
to move) or a chance node (``C_...``); :data:`RUN` means nothing is pending
and the turn carries on by itself.
"""

from __future__ import annotations

from saloon.games.d6shooters.actions import ITEM_NAMES, Word

# -- nodes ---------------------------------------------------------------------------------

#: Nothing pending (the turn carries on), and the game over.
RUN, OVER = 0, 1

(
    P_FREE_ITEM,     # Easier Version: the Special Item to start with
    P_BEGIN,         # episode 1: roll, or call the once-a-game Special Event
    P_GUIDE,         # Indian Guide: set a red die before rolling
    P_FAMILY,        # Lost Family: set a red and a white die before rolling
    P_BINOCULARS,    # Binoculars: reroll a locked red die of the first roll?
    P_HILLS,         # Gold in Them Hills: change a die to a 3?
    P_KEEP,          # the dice to keep after a roll
    P_CHARM,         # Lucky Charm: move a white die one pip?
    P_RECRUIT,       # episode 2: sets of 3s that recruit rather than find Gold
    P_FOURS,         # how the 4s are split
    P_HEAT_FOOD,     # episode 1: Heat hits paid with 2 Food each
    P_LOSS,          # Medicine or deserters against a Posse loss?
    P_EVENT_CHOICE,  # an Event's choice (pay, trade, hunt, fight, decline)
    P_SHOP,          # in a Town: buy, play Poker, leave
    P_STAKE,         # Poker: the Gold, Food and Ammo staked
    P_TACTIC,        # the Showdown: the round's Tactic
    P_REROLL,        # the Showdown: 1 Ammo rerolls up to three dice?
    P_NUDGE,         # the Showdown: Distract's pips
    P_ASSIGN,        # the Showdown: successes that remove Crowe 1-2s
) = range(10, 29)  # fmt: skip

(
    C_ROLL,          # a group of dice rolled: the turn's, Poker's or the Showdown's
    C_DESERTERS,     # the Army Deserters' dice before a turn
    C_CHECK,         # the dice of the Heat, the Gang, Rattlesnakes or Fishing Hole
    C_POSSE_VOLLEY,  # a Shootout round: the Posse's dice
    C_GANG_VOLLEY,   # a Shootout round: the Gang's dice
    C_EVENT,         # the Event drawn
    C_EVENT_DIE,     # a die an Event rolls (Stampede's two, Shortcut, Deer Herd)
    C_ITEM,          # the Special Item a Town offers
    C_HAND,          # Poker: the hand to beat
) = range(40, 49)  # fmt: skip

CHANCE_NODES = frozenset(range(40, 49))
#: The player's decisions of the Ghost Town Showdown.
SHOWDOWN_NODES = frozenset((P_TACTIC, P_REROLL, P_NUDGE, P_ASSIGN))

# -- stages of a turn ("Gameplay", "Dice Actions": resolved from 1s to 6s) -----------------

(
    S_START, S_DESERTERS, S_GUIDE, S_FAMILY, S_ROLL, S_ONES, S_TWOS, S_THREES, S_FOURS,
    S_BACKROADS, S_FIVES, S_SIXES, S_TOWN, S_END,
) = range(14)  # fmt: skip

# -- words ---------------------------------------------------------------------------------

PASS = Word("pass")
STOP = Word("stop")
ROLL = Word("roll")
SPECIAL = Word("special")
LEAVE = Word("leave")
DONE = Word("done")
MEDICINE_WORD = Word("medicine")
#: The Showdown's Tactics ("Tactics"); ``none`` is a round without one.
TACTICS = ("none", "defend", "charge", "distract")

# -- Special Items (Ep.1/Ep.2 "Special Items") ---------------------------------------------

COMPASS, HUNTER, MAP, BINOCULARS, MEDICINE, GUNS, CHARM = 1, 2, 4, 8, 16, 32, 64
ITEM_BITS = dict(
    zip(ITEM_NAMES, (COMPASS, HUNTER, MAP, BINOCULARS, MEDICINE, GUNS, CHARM), strict=True)
)
#: The Special Item die, faces 1 to 6, per episode.
ITEM_DIE = {
    1: ("compass", "hunter", "map", "binoculars", "medicine", "guns"),
    2: ("compass", "hunter", "charm", "binoculars", "medicine", "guns"),
}
ITEM_PRICE = {
    1: {"compass": 2, "hunter": 3, "map": 3, "binoculars": 2, "medicine": 2},
    2: {"compass": 3, "hunter": 3, "charm": 2, "binoculars": 2, "medicine": 2},
}
ITEM_TITLES = {
    "compass": "Compass",
    "hunter": "Hunter",
    "map": "Prospector's Map",
    "binoculars": "Binoculars",
    "medicine": "Medicine/Bandages",
    "guns": "Better Guns",
    "charm": "Lucky Charm",
}
#: Better Guns taken as the Easier Version's free item adds this (D6-E2).
FREE_GUNS = 2

# -- effects that last "until the next Town or Event" (Event List), as bits ----------------

FX_HILLS, FX_DOWNHILL, FX_GUNSIGHT, FX_CAMPFIRE, FX_CRITTERS, FX_GUIDE = 1, 2, 4, 8, 16, 32
FX_NAMES = {
    FX_HILLS: "Gold in Them Hills",
    FX_DOWNHILL: "Downhill Ride",
    FX_GUNSIGHT: "Lost Gunsight Mine (no Seek Shelter)",
    FX_CAMPFIRE: "Campfire Songs (+1 Fight die)",
    FX_CRITTERS: "Critters Everywhere (+2 dice)",
    FX_GUIDE: "Indian Guide",
}

# -- the journey's fixed numbers --------------------------------------------------------------

#: The Crowe Gang's members to cross off, and the two who never are (RULINGS d6).
CROWE_MEMBERS = 18
CROWE_LEADERS = 2
#: A tied poker hand is replayed at most this often, then the wager stands (D6-T6).
MAX_POKER_TIES = 3
#: After this many ties in a row a Shootout round's roll is conditioned on not
#: tying, which keeps the round's odds and makes the game finite (D6-D2).
MAX_SHOOTOUT_TIES = 5
#: The Showdown ends after this many rounds with the Crowes escaping (D6-S6).
MAX_SHOWDOWN_ROUNDS = 50
