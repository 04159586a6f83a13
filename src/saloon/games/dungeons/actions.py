"""D6's actions and chance outcomes, and their text notation.

Spaces are written by number (``4``), ``village`` or ``styx``; cards,
potions, skills, classes and enemies by their content ids (lowercase words
joined by hyphens). ``str`` is the notation and :func:`parse_action` reads
it back (case and extra spaces do not matter).

A turn (Part I, Spending Your Actions; Non-Action Tasks):

* the three actions: ``move 4``, ``ride 4 7`` (Rent a Horse: one more
  space for a coin), ``hunt``, ``gather``; ``rest`` ends the turn;
* fighting (not an action): ``fight goblin`` (``fight goblin 2``: the
  second goblin in the space; ``fight cube``: a Cash Cube), then in the
  round ``transform bandit`` (specialty hides), ``wield natural`` /
  ``wield holy-water`` / ``wield long-bow`` / ``wield twin-axes natural``
  (Dual Wield), ``dogmud`` (``dogmud 2``: the second die), ``accept``;
  ``chib 5`` chibs out to space 5;
* anywhere: ``play lucky-coin``, ``drink wingso``, ``skill hero-swap``,
  ``buy advantage``, ``hire 6`` (the Cash Cube); in the Village:
  ``train wits``, ``fountain``, ``refresh``;
* Alliance (Part III): ``give p3 coins 2``, ``give p3 short-sword`` (to
  one's teammate in one's space);
* house rules (Part IV, Suggestions): ``mercenary p2`` (Mercenary Cube:
  turn player 2's Cash Cube against him), ``melee p2`` (Melee Mode: fight
  player 2's hero in one's space);
* out of turn, in a card window: ``play <card>`` or ``pass``;
* choices: ``class explorer``, ``board <id>``, ``place forest 4``, ``stat
  wits`` (a stat roll's slot), ``take coins`` (a Wild gather), ``potion
  wingso`` / ``potion wingso from acupunch`` (Alchemy), ``discard <card>``,
  ``target p2``, ``space 4``, ``option 2``, ``raise wits`` (the Fountain),
  ``convert bandit`` (a wild hide), ``bounty <id>``, ``enemy goblin 2``.

Chance outcomes: ``d6 4`` (a die of 6 sides shows 4; ``d100 37`` a GM
event), ``spawn 7 gather 3`` (the turn's spawn die and open-gather D4
together; ``gather 3`` when nothing spawns), ``token goblin`` (drawn from
the bag), ``draw quest lucky-coin`` (a card drawn; ``advantage``,
``quest`` or ``bounty``), ``roll 5 vs 3`` (a round of combat: the hero's
dice, then the enemy's; ``roll 5 2 vs 3`` with two dice; ``roll 5`` against
a Plant of Eden, which does not roll), ``lost <card>`` (a card discarded
at random).

>>> str(parse_action("RIDE 4  7")), str(parse_action("move Village"))
('ride 4 7', 'move village')
>>> parse_action("wield twin-axes natural")
Wield(weapons=('twin-axes', 'natural'))
>>> parse_action("roll 5 2 vs 3")
CombatRoll(hero=(5, 2), enemy=3)
>>> str(parse_action("fight goblin 1")), str(parse_action("fight goblin 2"))
('fight goblin', 'fight goblin 2')
>>> str(parse_action("Mercenary P2")), parse_action("melee p3")
('mercenary p2', Melee(seat=2))
>>> str(parse_action("give P3 coins 2")), parse_action("give p3 short-sword")
('give p3 coins 2', Give(seat=2, card='short-sword', coins=0))
>>> parse_action("fly away")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
saloon.core.errors.NotationError: 'fly away' is not a D6 action (try: move 4, hunt, ...)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from saloon.core.action import Action, Outcome, check_notation_length
from saloon.core.errors import NotationError, shown
from saloon.games.dungeons.content import STYX, VILLAGE

_ID = re.compile(r"[a-z0-9][a-z0-9-]*")

#: The words of the actions that take nothing after them.
WORDS: Final = ("hunt", "gather", "rest", "accept", "pass", "fountain", "refresh")

#: The words of a choice (:class:`Pick`), each naming what is picked.
PICKS: Final = (
    "class",
    "board",
    "stat",
    "take",
    "potion",
    "discard",
    "target",
    "space",
    "option",
    "raise",
    "convert",
    "bounty",
    "enemy",
    "collect",
    "keep",
    "benefit",
    "drop",
    "companion",
    "call",
    "follow",
)


def space_name(space: int) -> str:
    """A space as the notation writes it.

    >>> space_name(0), space_name(-1), space_name(7)
    ('village', 'styx', '7')
    """
    if space == VILLAGE:
        return "village"
    if space == STYX:
        return "styx"
    return str(space)


def parse_space(text: str) -> int:
    """A space from its notation (:func:`space_name`)."""
    if text == "village":
        return VILLAGE
    if text == "styx":
        return STYX
    if text.isascii() and text.isdigit() and len(text) <= 3:
        return int(text)
    raise NotationError(f"{shown(text)} is not a space (a number, village or styx)")


# -- decisions ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Word(Action):
    """An action that is one word: ``hunt``, ``gather``, ``rest``, ``accept``,
    ``pass``, ``fountain``, ``refresh``."""

    word: str

    def __str__(self) -> str:
        return self.word


HUNT: Final = Word("hunt")
GATHER: Final = Word("gather")
REST: Final = Word("rest")
ACCEPT: Final = Word("accept")
PASS: Final = Word("pass")
FOUNTAIN: Final = Word("fountain")
REFRESH: Final = Word("refresh")


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """A choice: ``word`` says what is chosen, ``value`` which (see :data:`PICKS`)."""

    word: str
    value: str

    def __str__(self) -> str:
        return f"{self.word} {self.value}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """An environment piece put on a numbered space (Part I, Place Environment Pieces)."""

    piece: str
    space: int

    def __str__(self) -> str:
        return f"place {self.piece} {self.space}"


@dataclass(frozen=True, slots=True)
class Castle(Action):
    """A curse castle put on a numbered space, bound to its curse (Part IV,
    Curse Castle Standees): ``castle echoes 4``."""

    curse: str
    space: int

    def __str__(self) -> str:
        return f"castle {self.curse} {self.space}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """The move action: one space along an arrow (Part I, Spending Your Actions)."""

    space: int

    def __str__(self) -> str:
        return f"move {space_name(self.space)}"


@dataclass(frozen=True, slots=True)
class Ride(Action):
    """A move with a rented horse: through ``via`` to ``to`` (Addenda, Rent a Horse)."""

    via: int
    to: int

    def __str__(self) -> str:
        return f"ride {space_name(self.via)} {space_name(self.to)}"


@dataclass(frozen=True, slots=True)
class Fight(Action):
    """Declare a round of combat against the ``nth`` enemy of ``kind`` in
    the hero's space (step 1)."""

    kind: str
    nth: int = 1

    def __str__(self) -> str:
        return f"fight {self.kind}" + (f" {self.nth}" if self.nth != 1 else "")


@dataclass(frozen=True, slots=True)
class Wield(Action):
    """The weapon for this round (step 4): ``natural``, ``holy-water`` or a
    card; two with Dual Wield."""

    weapons: tuple[str, ...]

    def __str__(self) -> str:
        return "wield " + " ".join(self.weapons)


@dataclass(frozen=True, slots=True)
class Transform(Action):
    """Turn in the three specialty hides: the engaged monster becomes a
    ``monster_class`` for this roll (step 3)."""

    monster_class: str

    def __str__(self) -> str:
        return f"transform {self.monster_class}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card from the hand."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Drink(Action):
    """Drink a filled potion."""

    potion: str

    def __str__(self) -> str:
        return f"drink {self.potion}"


@dataclass(frozen=True, slots=True)
class UseSkill(Action):
    """Use a skill (a marker goes on it)."""

    skill: str

    def __str__(self) -> str:
        return f"skill {self.skill}"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Buy an Advantage card (ruling DG-C6)."""

    item: str = "advantage"

    def __str__(self) -> str:
        return f"buy {self.item}"


@dataclass(frozen=True, slots=True)
class Hire(Action):
    """Hire (or rehire) the Cash Cube onto a numbered space (Part I, Cash Cube)."""

    space: int

    def __str__(self) -> str:
        return f"hire {self.space}"


@dataclass(frozen=True, slots=True)
class Train(Action):
    """Training Camp: +1 to a stat (Part II, The Village)."""

    stat: str

    def __str__(self) -> str:
        return f"train {self.stat}"


@dataclass(frozen=True, slots=True)
class Chib(Action):
    """Chib out to an adjacent space (Part I, Chibbing Out)."""

    space: int

    def __str__(self) -> str:
        return f"chib {space_name(self.space)}"


@dataclass(frozen=True, slots=True)
class Dogmud(Action):
    """Buy a reroll of one of the hero's dice (Addenda, Village Signs):
    ``die`` is 1 or 2 (which of two dice), 0 when there is one."""

    die: int = 0

    def __str__(self) -> str:
        return "dogmud" + (f" {self.die}" if self.die else "")


@dataclass(frozen=True, slots=True)
class Mercenary(Action):
    """Pay to turn the Cash Cube of the player in ``seat`` against him (the
    Mercenary Cube house rule: Part IV, Suggestions; ruling DG-R55)."""

    seat: int

    def __str__(self) -> str:
        return f"mercenary p{self.seat + 1}"


@dataclass(frozen=True, slots=True)
class Melee(Action):
    """Fight the hero of ``seat`` in one's space (the Melee Mode house
    rule: Part IV, Suggestions; ruling DG-R57)."""

    seat: int

    def __str__(self) -> str:
        return f"melee p{self.seat + 1}"


@dataclass(frozen=True, slots=True)
class Give(Action):
    """Give one's teammate in one's space ``coins`` coins or the Advantage
    card ``card`` (Part III, Alliance; ruling DG-R84): ``give p3 coins 2``,
    ``give p3 short-sword``."""

    seat: int
    card: str = ""
    coins: int = 0

    def __str__(self) -> str:
        if self.card:
            return f"give p{self.seat + 1} {self.card}"
        return f"give p{self.seat + 1} coins {self.coins}"


def parse_seat(text: str) -> int:
    """A player from ``p1``, ``p2``...: his seat (0, 1...)."""
    if text.startswith("p") and text[1:].isascii() and text[1:].isdigit() and len(text) <= 3:
        seat = int(text[1:]) - 1
        if seat >= 0:
            return seat
    raise NotationError(f"{shown(text)} is not a player (p1, p2, ...)")


# -- chance outcomes ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Roll(Outcome):
    """A die of ``sides`` sides shows ``face`` (``d100``: the percentile dice)."""

    sides: int
    face: int

    def __str__(self) -> str:
        return f"d{self.sides} {self.face}"


@dataclass(frozen=True, slots=True)
class TurnRoll(Outcome):
    """The turn's first roll: the spawn die (``space``; 0 when nothing
    spawns) and the open gather's D4 together (Part I, Beginning Your Turn)."""

    space: int
    face: int

    def __str__(self) -> str:
        if self.space:
            return f"spawn {self.space} gather {self.face}"
        return f"gather {self.face}"


@dataclass(frozen=True, slots=True)
class Token(Outcome):
    """An enemy token drawn from the bag."""

    kind: str

    def __str__(self) -> str:
        return f"token {self.kind}"


@dataclass(frozen=True, slots=True)
class Draw(Outcome):
    """A card drawn from a deck: ``advantage``, ``quest`` or ``bounty``."""

    deck: str
    card: str

    def __str__(self) -> str:
        return f"draw {self.deck} {self.card}"


@dataclass(frozen=True, slots=True)
class CombatRoll(Outcome):
    """A round's rolls (step 5): the hero's dice and the enemy's die (0: a
    Plant of Eden, which does not roll)."""

    hero: tuple[int, ...]
    enemy: int

    def __str__(self) -> str:
        mine = " ".join(map(str, self.hero))
        return f"roll {mine} vs {self.enemy}" if self.enemy else f"roll {mine}"


@dataclass(frozen=True, slots=True)
class Lost(Outcome):
    """A card discarded at random from a hand."""

    card: str

    def __str__(self) -> str:
        return f"lost {self.card}"


DECKS: Final = ("advantage", "quest", "alliance", "bounty")


def _id(text: str, what: str) -> str:
    if not _ID.fullmatch(text):
        raise NotationError(f"{shown(text)} is not {what} (lowercase words joined by hyphens)")
    return text


def _int(text: str, what: str) -> int:
    if text.isascii() and text.isdigit() and len(text) <= 4:
        return int(text)
    raise NotationError(f"{shown(text)} is not {what}")


def parse_action(text: str) -> Action:
    """Read an action or an outcome from its notation (see the module docstring)."""
    check_notation_length(text)
    words = text.strip().lower().split()
    if not words:
        raise NotationError("an empty text is not a D6 action")
    head, rest = words[0], words[1:]
    n = len(rest)
    try:
        return _parse(head, rest, n)
    except NotationError as exc:
        if head in _KNOWN:
            raise NotationError(f"cannot read {shown(text)}: {exc}") from None
        raise
    except (IndexError, ValueError):
        pass
    raise NotationError(f"cannot read {shown(text)} as a D6 action")


_KNOWN = frozenset(
    (
        *WORDS,
        *PICKS,
        *("place", "castle", "move", "ride", "fight", "wield", "transform", "play", "drink"),
        "skill",
        *("buy", "hire", "train", "chib", "dogmud", "spawn", "token", "draw", "roll", "lost"),
        *("mercenary", "melee", "give"),
    )
)


def _parse(head: str, rest: list[str], n: int) -> Action:
    if head in WORDS and n == 0:
        return Word(head)
    if head in PICKS and n >= 1:
        return Pick(head, " ".join(_id(w, "a name") for w in rest))
    if head == "place" and n == 2:
        return Place(_id(rest[0], "an environment piece"), _int(rest[1], "a space"))
    if head == "castle" and n == 2:
        return Castle(_id(rest[0], "a curse"), _int(rest[1], "a space"))
    if head == "move" and n == 1:
        return Move(parse_space(rest[0]))
    if head == "ride" and n == 2:
        return Ride(parse_space(rest[0]), parse_space(rest[1]))
    if head == "fight" and n in (1, 2):
        nth = _int(rest[1], "which enemy (1, 2, ...)") if n == 2 else 1
        if nth < 1:
            raise NotationError("enemies are counted from 1")
        return Fight(_id(rest[0], "an enemy"), nth)
    if head == "wield" and n in (1, 2):
        return Wield(tuple(_id(w, "a weapon") for w in rest))
    if head == "transform" and n == 1:
        return Transform(_id(rest[0], "a monster class"))
    if head == "play" and n == 1:
        return Play(_id(rest[0], "a card"))
    if head == "drink" and n == 1:
        return Drink(_id(rest[0], "a potion"))
    if head == "skill" and n == 1:
        return UseSkill(_id(rest[0], "a skill"))
    if head == "buy" and n == 1 and rest[0] == "advantage":
        return Buy()
    if head == "hire" and n == 1:
        return Hire(_int(rest[0], "a numbered space"))
    if head == "mercenary" and n == 1:
        return Mercenary(parse_seat(rest[0]))
    if head == "melee" and n == 1:
        return Melee(parse_seat(rest[0]))
    if head == "give" and n == 3 and rest[1] == "coins":
        coins = _int(rest[2], "a number of coins")
        if coins < 1:
            raise NotationError("a gift is at least one coin")
        return Give(parse_seat(rest[0]), coins=coins)
    if head == "give" and n == 2:
        return Give(parse_seat(rest[0]), card=_id(rest[1], "a card"))
    if head == "train" and n == 1:
        return Train(_id(rest[0], "a stat"))
    if head == "chib" and n == 1:
        return Chib(parse_space(rest[0]))
    if head == "dogmud" and n <= 1:
        return Dogmud(_int(rest[0], "a die (1 or 2)") if n else 0)
    if head.startswith("d") and n == 1 and head[1:].isascii() and head[1:].isdigit():
        return Roll(int(head[1:]), _int(rest[0], "a face"))
    if head == "spawn" and n == 3 and rest[1] == "gather":
        return TurnRoll(_int(rest[0], "a space"), _int(rest[2], "a face"))
    if head == "gather" and n == 1:
        return TurnRoll(0, _int(rest[0], "a face"))
    if head == "token" and n == 1:
        return Token(_id(rest[0], "an enemy token"))
    if head == "draw" and n == 2 and rest[0] in DECKS:
        return Draw(rest[0], _id(rest[1], "a card"))
    if head == "roll" and n >= 1:
        if "vs" in rest:
            k = rest.index("vs")
            if k != n - 2 or k == 0:
                raise NotationError("write the hero's dice, then vs and the enemy's die")
            return CombatRoll(tuple(_int(w, "a face") for w in rest[:k]), _int(rest[-1], "a face"))
        return CombatRoll(tuple(_int(w, "a face") for w in rest), 0)
    if head == "lost" and n == 1:
        return Lost(_id(rest[0], "a card"))
    if head in _KNOWN:
        raise NotationError(f"{head} does not take {' '.join(rest) or 'nothing'} after it")
    raise NotationError(
        f"{shown(' '.join([head, *rest]))} is not a D6 action "
        "(try: move 4, hunt, gather, rest, fight goblin, play <card>, pass)"
    )
