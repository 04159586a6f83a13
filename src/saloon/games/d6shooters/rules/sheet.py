"""The playsheet: everything a game of The d6 Shooters remembers, by concern.

A player with the paper game keeps a playsheet (the Days chart, the route,
the resource tracks, the Crowe Gang boxes) and, during a turn, the dice on
the table. Saloon keeps the same things in a few small records, each named
for what it holds and documented with the rulebook section that defines it:

* :class:`Journey`: the tracks of the playsheet, from Day to Day;
* :class:`TurnDice`: this Day's dice while they are rolled and kept;
* :class:`Resolution`: the dice being resolved, 1s to 6s;
* :class:`Effects`: what Events leave in force for a while;
* :class:`Pending`: a check or an Event's die being rolled, a Posse loss
  waiting for Medicine or deserters;
* :class:`Shootout`: a Shootout under way;
* :class:`TownVisit`: a visit to a Town (shopping, Poker);
* :class:`ShowdownRound`: the Ghost Town Showdown (episode 2).

The records are plain mutable objects with a ``__dict__`` (copied in one
step by :meth:`Record.copy`, so cloning a state stays cheap) and their
fields in a fixed order (so :meth:`Record.key` is a tuple for solvers).
"""

from __future__ import annotations

from typing import Any, Self

Faces = tuple[int, ...]

# The prisoner of the 4-4 Event (RULINGS d6: Prisoner).
NO_PRISONER, PRISONER_AWAITED, PRISONER_HELD = 0, 1, 2


class Record:
    """A group of the state's fields: copied, compared and shown as a whole."""

    def copy(self) -> Self:
        new = object.__new__(type(self))
        new.__dict__ = self.__dict__.copy()
        return new

    def key(self) -> tuple[Any, ...]:
        return tuple(self.__dict__.values())

    def as_dict(self) -> dict[str, Any]:
        """The fields, JSON-able (tuples are written as lists)."""
        return dict(self.__dict__)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.__dict__ == other.__dict__

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items())
        return f"{type(self).__name__}({fields})"


class Journey(Record):
    """The playsheet's tracks (Ep.1/Ep.2 "Starting Resources", "Days", "Food",
    "Your Posse", "Special Items", "Scoring"; Ep.2 "Shootout!" for the Crowe
    Gang boxes).

    ``day`` counts the Days marked off; ``space`` is the posse's space on the
    route; ``crowes`` the Crowe Gang members not yet crossed off (Russell and
    Sheryl are never on this count: RULINGS d6); ``items`` the Special Items
    owned, as bits (:data:`~.nodes.ITEM_BITS`); ``guns_bonus`` what Better
    Guns add to a Shootout total; ``special_used`` whether the once-a-game
    Special Event (episode 1) is spent; ``arrival_day`` the Day the
    destination was reached; ``ended`` how the game ended (``""`` while it
    goes on: ``won``, ``posse``, ``starved``, ``late``, ``event``,
    ``showdown``).
    """

    def __init__(self, food: int, ammo: int, gold: int, posse: int, space: int, crowes: int):
        self.day = 0
        self.space = space
        self.food = food
        self.ammo = ammo
        self.gold = gold
        self.posse = posse
        self.crowes = crowes
        self.items = 0
        self.guns_bonus = 0
        self.special_used = False
        self.arrival_day = 0
        self.ended = ""


class TurnDice(Record):
    """This Day's dice while they are rolled and kept (Ep.1/Ep.2 "Gameplay":
    three rolls, lock and unlock freely, red 5s and 6s of the first roll
    locked for good; Ep.2: the black die counts as two of its number).

    ``rolls`` is the number of rolls made; ``black``, ``red`` and ``white``
    the faces showing (sorted); ``locked`` the red faces locked by the first
    roll; ``to_roll`` the groups still to be rolled, ``(colour, count)``;
    ``set_red`` and ``set_white``
    the dice set before rolling (Indian Guide, Lost Family); ``hills_used``
    whether Gold in Them Hills has changed a die this turn;
    ``binoculars_reroll`` whether the red die being rolled is the
    Binoculars' reroll.
    """

    def __init__(self) -> None:
        self.rolls = 0
        self.black: Faces = ()
        self.red: Faces = ()
        self.white: Faces = ()
        self.locked: Faces = ()
        self.to_roll: tuple[tuple[str, int], ...] = ()
        self.set_red: Faces = ()
        self.set_white: Faces = ()
        self.hills_used = False
        self.binoculars_reroll = False


class Resolution(Record):
    """The dice being resolved, in numerical order (Ep.1/Ep.2 "Dice Actions").

    ``ones`` spaces to move, ``twos`` dice that find Food (red 2s count
    twice with the Hunter), ``threes``, ``fours``, ``fives`` (Heat) and
    ``sixes`` (the Gang) as counted at resolution; ``fight`` and
    ``backroads`` the 4s put to those uses; ``movement_left`` the spaces
    still to move, ``moved`` whether this movement has left the space,
    ``move_start`` where the stretch of movement under way began (-1: none);
    ``no_movement`` (Slow Train Crossing) and ``town_stop`` (episode 1: a
    Town stops all movement) forbid further movement this turn.
    """

    def __init__(self) -> None:
        self.ones = 0
        self.twos = 0
        self.threes = 0
        self.fours = 0
        self.fives = 0
        self.sixes = 0
        self.fight = 0
        self.backroads = 0
        self.movement_left = 0
        self.moved = False
        self.move_start = -1
        self.no_movement = False
        self.town_stop = False


class Effects(Record):
    """What Events leave in force (Ep.1/Ep.2 "Event List"; RULINGS d6).

    ``until_town_or_event`` holds the effects that last until the next Town
    or Event, as bits (:data:`~.nodes.FX_NAMES`); ``hometown`` is Crowe's
    Hometown, which lasts until the next Town only; ``prisoner`` follows
    the 4-4 Prisoner (:data:`NO_PRISONER`, :data:`PRISONER_AWAITED` for the
    next red 6, :data:`PRISONER_HELD`); ``deserters`` the Army Deserters
    riding along; ``lost_family`` whether the next turn sets two dice.
    """

    def __init__(self) -> None:
        self.until_town_or_event = 0
        self.hometown = False
        self.prisoner = NO_PRISONER
        self.deserters = 0
        self.lost_family = False


class Pending(Record):
    """What is being rolled or decided in the middle of a resolution.

    ``event_kind`` and ``event_key`` name the Event drawn (its kind and its
    roll: ``3-5`` or ``5``); ``roll_for`` the check or die being rolled
    (``heat``, ``gang``, ``snakes``, ``fish``, ``stampede``, ``shortcut``,
    ``deer``); ``dice`` how many dice a check rolls; ``heat_hits`` the Heat
    hits to pay in Food or Posse (Ep.1 "Extreme Heat!"); ``losses`` the
    Posse losses waiting, in order, for the player to say whether Medicine
    or the Army Deserters take them, each ``(amount, source)`` (Ep.1/Ep.2
    "Special Items": Medicine/Bandages; RULINGS d6: Army Deserters).
    """

    def __init__(self) -> None:
        self.event_kind = ""
        self.event_key = ""
        self.roll_for = ""
        self.dice = 0
        self.heat_hits = 0
        self.losses: tuple[tuple[int, str], ...] = ()


class Shootout(Record):
    """A Shootout under way (Ep.1/Ep.2 "Shootout!"): the dice left on each
    side, what started it (``gang``, ``bandits``, ``hometown``), the round
    being fought, the Posse's dice of this roll (rolled before the Gang's)
    and the ties in a row of this round (D6-D2)."""

    def __init__(self) -> None:
        self.posse_dice = 0
        self.gang_dice = 0
        self.kind = ""
        self.round = 0
        self.posse_roll: tuple[int, ...] = ()
        self.ties = 0


class TownVisit(Record):
    """A visit to a Town (Ep.1/Ep.2 "Towns", "Items", Ep.1 "Poker").

    ``pending`` says a Town reached is still to be visited; ``space`` is
    the Town's space; ``item_offered`` the Special Item rolled for sale;
    ``posse_bought`` the Posse members bought on this visit (at most 3;
    episode 2: 2); ``poker_played`` whether the one hand of Poker is
    played; ``stake`` the Gold, Food and Ammo wagered; ``ties`` the hands
    replayed after a tie (D6-T6).
    """

    def __init__(self) -> None:
        self.pending = False
        self.space = 0
        self.item_offered = ""
        self.posse_bought = 0
        self.poker_played = False
        self.stake: tuple[int, int, int] = (0, 0, 0)
        self.ties = 0


class ShowdownRound(Record):
    """The Ghost Town Showdown (Ep.2 "The Ghost Town Showdown": Combat,
    Tactics).

    ``posse`` and ``crowes`` are the dice left on each side (Russell and
    Sheryl included); ``round`` the rounds fought; ``tactics_used`` the
    Tactics spent, as bits (``1 << TACTICS.index(name)``); ``tactic`` this
    round's Tactic; ``posse_faces`` and ``crowe_faces`` the dice rolled this
    round; ``rerolled`` whether this round's Ammo reroll is spent;
    ``pips_left`` the pips Distract may still change.
    """

    def __init__(self) -> None:
        self.round = 0
        self.tactics_used = 0
        self.tactic = "none"
        self.posse_faces: Faces = ()
        self.crowe_faces: Faces = ()
        self.posse = 0
        self.crowes = 0
        self.rerolled = False
        self.pips_left = 0


#: The records of a state, by attribute name, in the order of its key.
RECORDS = (
    "journey", "dice", "resolution", "effects", "pending", "shootout", "visit", "showdown",
)  # fmt: skip
