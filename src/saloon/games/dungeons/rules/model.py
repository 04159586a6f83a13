"""The pieces of a game of D6 as small frozen values: heroes, enemies, decks, a turn, a fight.

The state (:class:`~saloon.games.dungeons.rules.state.DungeonsState`) holds
these in lists and tuples and replaces a value to change it, so a clone is a
shallow copy and a key is a tuple of them. Each type says which part of the
rulebook it models.

>>> h = Hero(seat=0, hero_class="mesmerist", stats=(4, 3, 5, 4))
>>> h.stat("skill"), h.stat_total
(4, 16)
>>> Enemy(uid=3, kind="goblin", space=7).is_cube
False
>>> Deck(cards=("a", "a", "b")).size
3
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from saloon.games.dungeons.content import STYX, VILLAGE
from saloon.games.dungeons.effects import STATS

__all__ = [
    "CUBE",
    "STYX",
    "VILLAGE",
    "Deck",
    "Enemy",
    "Fight",
    "Hero",
    "Turn",
    "Weapon",
]

#: An enemy's ``kind`` when it is a Cash Cube (Part I, Cash Cube).
CUBE: Final = "cube"


@dataclass(frozen=True, slots=True)
class Hero:
    """A player's hero and boards (Part II, The Class Board; The Gather Board).

    ``stats`` are in :data:`~saloon.games.dungeons.effects.STATS` order
    (strength, stealth, wits, skill), 0 until rolled (Part I, Roll for
    Stats). ``space`` is a numbered space, the Village (0) or the Styx (-1).
    The hand is two tuples of card ids, sorted: ``advantage`` and ``quests``
    (Heroic Quest cards); both count toward the hand limit (ruling DG-R2), and
    so do ``allies``, the Alliance cards (Part III, Alliance; ruling DG-R83).
    ``potions`` are the potions a bottle stands on (filled, at most two:
    Part II, Gather Rewards, Alchemy). ``specialty`` holds the token in each
    of the gather board's three specialty slots ("" when empty; the slots'
    classes are the board's), ``wild`` the wild hides (two slots). The
    backpack holds bounty cards carried (three at most), ``dropped`` those
    dropped off in the Village, ``trophies`` the Guardians slain that are
    worth glory. ``markers`` lists the skills a used skill marker stands on
    (a skill twice when stacked: Addenda, Stacking Skills). ``lost_actions``,
    ``stealth_bonus`` and ``auto_stealth`` are what cards left for the
    hero's next turn or next stealth check. ``name`` is the hero card's
    (cosmetic: Part I, Choose Your Hero Card).
    """

    seat: int
    hero_class: str = ""
    board: str = ""
    stats: tuple[int, int, int, int] = (0, 0, 0, 0)
    hp: int = 3
    coins: int = 0
    space: int = VILLAGE
    chib: bool = False
    advantage: tuple[str, ...] = ()
    quests: tuple[str, ...] = ()
    allies: tuple[str, ...] = ()
    potions: tuple[str, ...] = ()
    specialty: tuple[str, str, str] = ("", "", "")
    wild: tuple[str, ...] = ()
    backpack: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    trophies: tuple[str, ...] = ()
    markers: tuple[str, ...] = ()
    lost_actions: int = 0
    stealth_bonus: int = 0
    auto_stealth: bool = False
    name: str = ""

    def stat(self, name: str) -> int:
        """The value of stat ``name`` (``"strength"``, ...)."""
        return self.stats[STATS.index(name)]

    @property
    def stat_total(self) -> int:
        """The four stats added up (the last tie-break: Part I, The End of the Game)."""
        return sum(self.stats)

    @property
    def hand_size(self) -> int:
        return len(self.advantage) + len(self.quests) + len(self.allies)

    @property
    def dead(self) -> bool:
        """Whether the hero waits in the Styx (Part I, Death and the Styx River)."""
        return self.space == STYX

    @property
    def in_village(self) -> bool:
        return self.space == VILLAGE


@dataclass(frozen=True, slots=True)
class Enemy:
    """An enemy on the board: a monster, a Guardian or a Cash Cube.

    ``uid`` is a serial number, unique in the game (two goblins in one space
    are two enemies); ``kind`` a monster's or a Guardian's id from the
    content, or :data:`CUBE`. ``hp`` counts its natural HP and the extra HP
    cards and events gave it (Part I, Enemy Engagement, Extra HP);
    ``buffs`` the +1 buffs the collective GM put on it, removed after the
    round of combat (ruling DG-R22). A Cash Cube has its ``owner`` (a seat)
    and, turned against him under the Mercenary Cube house rule, ``serves``:
    the seat that paid for it (Part IV, Suggestions; ruling DG-R55).
    """

    uid: int
    kind: str
    space: int
    hp: int = 1
    buffs: int = 0
    owner: int | None = None
    serves: int | None = None

    @property
    def is_cube(self) -> bool:
        return self.kind == CUBE


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck of cards face down: ``cards``, the cards in it that nobody has
    seen, as a sorted multiset (a draw takes any of them, each copy alike
    likely), and ``bottom``, cards put under the deck in a known order (a GM
    event's new bounties), drawn only when ``cards`` is empty.

    >>> Deck(cards=("a", "b"), bottom=("c",)).next_known
    >>> Deck(cards=(), bottom=("c", "d")).next_known
    'c'
    """

    cards: tuple[str, ...] = ()
    bottom: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        return len(self.cards) + len(self.bottom)

    @property
    def next_known(self) -> str | None:
        """The card a draw must give when only known cards are left, else ``None``."""
        return self.bottom[0] if not self.cards and self.bottom else None


@dataclass(frozen=True, slots=True)
class Weapon:
    """What the hero rolls in a round of combat (Part II, Advantage Cards):
    ``dice`` dice of ``die`` sides; ``source`` is ``natural`` (the D6, or
    the chib's die), ``holy-water`` (a D12 bought against the Undead:
    Addenda, Village Signs) or the card played. ``flags``: ``ranged``,
    ``critical``, ``dual_wield``."""

    source: str
    die: int
    dice: int = 1
    flags: frozenset[str] = field(default_factory=frozenset)


@dataclass(frozen=True, slots=True)
class Fight:
    """One round of combat, in the rulebook's steps (Part II, Specialty
    Hides, steps 1-7; rulings DG-R4, DG-R19).

    ``stage``: ``window`` (step 2: the collective GM's cards), ``arm``
    (steps 3-4: transform, pick the weapon), ``improve`` (step 6: the
    hero's buffs, rerolls, escapes; then ``accept``; no opponent acts after
    the roll: ruling DG-R39). ``transformed`` is the class the monster was
    turned into for this roll (ruling DG-R20). ``dice`` are the hero's faces
    (one per die of ``weapons``, in order), ``enemy_roll`` the GM's (0 for a
    Plant of Eden, which does not roll). ``hero_bonus`` adds the hero's
    buffs; ``doubled`` doubles his dice (a Critical after the roll);
    ``ward`` spares him the harm of a lost roll; ``win_ties`` wins a tie.
    ``enemy_bonus`` adds what red cards gave for this roll only.
    """

    enemy: int
    stage: str = "window"
    transformed: str = ""
    weapons: tuple[Weapon, ...] = ()
    dice: tuple[int, ...] = ()
    enemy_roll: int = 0
    hero_bonus: int = 0
    doubled: bool = False
    ward: bool = False
    win_ties: bool = False
    enemy_bonus: int = 0


@dataclass(frozen=True, slots=True)
class Turn:
    """The active player's turn (Part I, Beginning Your Turn; Spending Your
    Actions; (R)est).

    ``actions`` are the actions left (three, and more from cards and
    potions), ``spent`` those taken. ``engaged`` are the enemies the hero
    is engaged with (their uids); ``foe`` the one he fights, fixed once a
    round against it was fought until it or he falls or he disengages
    (Part I, Enemy Engagement). ``rested``: the turn ended with every
    action taken (two Heroic Quest cards). ``stealthy_in``: the space where
    a successful stealth check holds (the Quiet Space house rule).
    ``drunk``, ``skills``, ``free`` count what was used this turn: each
    potion once a turn, each skill once (twice when stacked), each service
    that costs nothing once (rulings DG-R12, DG-R13). ``ties_with``: the
    enemy (uid) the hero wins ties against for the rest of this fight (a
    card's or a skill's ``win_ties``: "in this fight"), 0 for none.
    ``meleed``: the heroes (seats) the active hero fought in Melee Mode this
    turn, once each (Part IV, Suggestions; ruling DG-R57).
    """

    seat: int
    actions: int = 3
    spent: int = 0
    engaged: tuple[int, ...] = ()
    foe: int | None = None
    rested: bool = False
    stealthy_in: int | None = None
    drunk: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    free: tuple[str, ...] = ()
    ties_with: int = 0
    meleed: tuple[int, ...] = ()
