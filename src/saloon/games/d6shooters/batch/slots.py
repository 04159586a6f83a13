"""The batch kernel's playsheet: one small ``int64`` array per game.

The reference keeps the playsheet in records (:mod:`..rules.sheet`); the
kernel keeps the same fields in fixed slots of an array, named here, so a
game allocates nothing while it runs. A group of dice (the reference's
sorted tuple of faces) is seven slots: the count of each face 1 to 6 at
``slot + face`` (``slot + 0`` unused). The nodes, stages, Item bits and
effect bits are the reference's own constants (:mod:`..rules.nodes`).
"""

from __future__ import annotations

# -- codes ----------------------------------------------------------------------------------

#: ``mode``: whose dice the next roll is (the reference's ``turn``, ``poker``, ``showdown``).
M_TURN, M_POKER, M_SHOWDOWN = 0, 1, 2

#: How a game ended (the reference's ``Journey.ended``), by code.
ENDED = ("", "won", "posse", "starved", "late", "event", "showdown")
E_NONE, E_WON, E_POSSE, E_STARVED, E_LATE, E_EVENT, E_SHOWDOWN = range(7)

#: The sources of a Posse loss (the reference's ``harm.LOSS_SOURCES``); 0: none
#: (Posse paid by choice).
LOSS_NAMES = (
    "", "rations", "space", "traitor", "heat", "gang", "shootout", "stampede", "snakes",
    "showdown",
)  # fmt: skip
(
    L_NONE, L_RATIONS, L_SPACE, L_TRAITOR, L_HEAT, L_GANG, L_SHOOTOUT, L_STAMPEDE, L_SNAKES,
    L_SHOWDOWN,
) = range(10)  # fmt: skip

#: Groups of dice rolled, as the reference names them (``actions.ROLL_GROUPS``).
GROUPS = (
    "red", "white", "black", "posse", "crowe", "deserters", "heat", "gang", "snakes", "fish",
    "stampede",
)  # fmt: skip
(
    G_RED, G_WHITE, G_BLACK, G_POSSE, G_CROWE, G_DESERTERS, G_HEAT, G_GANG, G_SNAKES, G_FISH,
    G_STAMPEDE,
) = range(11)  # fmt: skip
#: One die's labels (``actions.FACE_LABELS``), numbered after the groups.
LABELS = ("event", "item", "hand", "deer", "shortcut")
F_EVENT, F_ITEM, F_HAND, F_DEER, F_SHORTCUT = range(20, 25)

#: What a check or an Event's die is rolled for (``Pending.roll_for``).
R_NONE, R_HEAT, R_GANG, R_SNAKES, R_FISH, R_STAMPEDE, R_SHORTCUT, R_DEER = range(8)

#: What started a Shootout (``Shootout.kind``).
K_GANG, K_BANDITS, K_HOMETOWN = range(3)

#: The Showdown's Tactics, in the reference's order (``nodes.TACTICS``).
T_NONE, T_DEFEND, T_CHARGE, T_DISTRACT = range(4)

# -- slots of the state array ----------------------------------------------------------------

_n = 0


def _slot(width: int = 1) -> int:
    global _n
    at = _n
    _n += width
    return at


# the node and the step of the turn
PHASE = _slot()
STAGE = _slot()
MODE = _slot()
# Journey
DAY = _slot()
SPACE = _slot()
FOOD = _slot()
AMMO = _slot()
GOLD = _slot()
POSSE = _slot()
CROWES = _slot()
ITEMS = _slot()
GUNS = _slot()
SPECIAL_USED = _slot()
ARRIVAL = _slot()
ENDED_AT = _slot()
# TurnDice (each group: counts of faces 1-6)
ROLLS = _slot()
BLACK = _slot(7)
RED = _slot(7)
WHITE = _slot(7)
LOCKED = _slot(7)
SET_RED = _slot(7)
SET_WHITE = _slot(7)
TO_ROLL = _slot(6)  # up to three (group, count) pairs
TO_ROLL_N = _slot()
HILLS_USED = _slot()
BINO_REROLL = _slot()
# Resolution
ONES = _slot()
TWOS = _slot()
THREES = _slot()
FOURS = _slot()
FIVES = _slot()
SIXES = _slot()
FIGHT = _slot()
BACKROADS = _slot()
MOVE_LEFT = _slot()
MOVED = _slot()
MOVE_START = _slot()
NO_MOVEMENT = _slot()
TOWN_STOP = _slot()
# Effects
FX = _slot()
HOMETOWN = _slot()
PRISONER = _slot()
DESERTERS = _slot()
LOST_FAMILY = _slot()
# Pending
EVENT_AT = _slot()  # the Event's row in the event table (cards 0-20, d6 21-26)
ROLL_FOR = _slot()
CHECK_DICE = _slot()
HEAT_HITS = _slot()
MAX_LOSSES = 16
LOSSES = _slot(2 * MAX_LOSSES)  # (amount, source) pairs, waiting in order
LOSSES_N = _slot()
# Shootout
SO_POSSE = _slot()
SO_GANG = _slot()
SO_KIND = _slot()
SO_ROUND = _slot()
SO_ROLL = _slot()  # the sum of the Posse's dice of this round
SO_TIES = _slot()
# TownVisit
V_PENDING = _slot()
V_SPACE = _slot()
V_ITEM = _slot()  # the Special Item die's face offered (0: none)
V_BOUGHT = _slot()
V_POKER = _slot()
V_STAKE = _slot(3)
V_TIES = _slot()
# ShowdownRound
SD_ROUND = _slot()
SD_USED = _slot()
SD_TACTIC = _slot()
SD_PF = _slot(7)
SD_CF = _slot(7)
SD_POSSE = _slot()
SD_CROWES = _slot()
SD_REROLLED = _slot()
SD_PIPS = _slot()
# the dice just rolled (a check's, a Shootout round's, an Event's)
ROLLED = _slot(7)
# the dice stream and the log
RNG_KEY = _slot()
RNG_CTR = _slot()
LOG_N = _slot()
STEPS = _slot()

#: The length of a game's state array.
SIZE = _n

# -- the configuration array (options and map, :mod:`.tables`) ----------------------------------

C_EPISODE = 0
C_EASIER = 1
C_EVENTS_D6 = 2
C_HIDE_PER_DIE = 3
C_CAP = 4
C_LIMIT = 5
C_DEST = 6
C_START = 7
C_FOOD = 8
C_AMMO = 9
C_GOLD = 10
C_POSSE = 11
C_CROWES = 12
C_SKIP_DOWNHILL = 13  # the table holds a red-1s Downhill Ride (drawn again with the Compass)
C_SIZE = 14

#: A space of the route (the ``route`` array): plain, Town, Event square or a
#: resource space (Ep.2 "Resource Spaces"), one code per kind and sign.
SP_PLAIN, SP_TOWN, SP_EVENT = 0, 1, 2
RESOURCE_CODE = {"P+": 3, "P-": 4, "F+": 5, "F-": 6, "G+": 7, "G-": 8, "A+": 9, "A-": 10, "D+": 11}

#: The int knobs' order in the ``knobs_i`` array, the float knobs' in ``knobs_f``.
KNOBS_I = (
    "threes", "food_margin", "posse_food", "poker_stake", "poker_rich", "fight_dice", "ammo",
    "ammo_ep2",
)  # fmt: skip
KI_THREES, KI_FOOD_MARGIN, KI_POSSE_FOOD, KI_POKER_STAKE, KI_POKER_RICH = range(5)
KI_FIGHT_DICE, KI_AMMO, KI_AMMO_EP2 = range(5, 8)
KNOBS_F = ("pace", "crowe")
KF_PACE, KF_CROWE = 0, 1

# -- the log (:func:`..batch.trace`): rows of LOG_WIDTH numbers --------------------------------

LOG_WIDTH = 9
#: A row's kind: a group of dice (group, then the count of each face), one
#: die (label, face), the Event's two dice (low, high), a decision (node,
#: then the action's numbers), and the end (the final playsheet).
LG_ROLL, LG_FACE, LG_PAIR, LG_DECISION, LG_END = range(5)
