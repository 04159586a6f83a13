"""Cowboys' actions and chance outcomes, and their text notation.

Figures are named ``C6`` (cowboy 6) and ``T3`` (town folk 3), horses
``H1``; squares by a scenario's reference ``B:c7``; facings ``N E S W``.
A figure's whole action is one decision (``str`` is the notation,
:func:`parse_action` reads it back):

* ``C6 move B:c7 N`` ends on foot, ``C6 ride B:c7 N`` ends mounted (the
  cheapest path; mounting and dismounting on the way as needed); ``C6 move
  off E`` / ``C6 ride off E`` leaves the town across its east edge; a figure
  that stays may turn: ``C6 move <its square> E``;
* ``C6 arm rifle`` (change the weapon in hand), ``C6 pickup shotgun`` /
  ``C6 pickup loot`` (from his square);
* ``C6 shoot C3`` / ``C6 shoot C3 x2`` (one or two shots; ``H1`` a horse),
  ``C6 draw C3``, ``C6 spin S C3``, ``C6 reload pistol``, ``C6 wait``;
* with the Advanced Optional Rules: ``C6 fan C3`` (fan fire), ``C6 pistols
  C3`` (both pistols), ``C6 shoot C3 C4`` (one shot at each of two
  targets), ``C6 fist C3`` (a fist fight); with the Advanced Rules' two
  spin shots and Rule 5, ``C6 spin S C3 C4`` (one at each);
* with the Advanced Rules' Move and Shoot: ``C6 move B:c7 N shoot C3``
  (move, then one shot; ``ride`` mounted) and ``C6 shoot C3 move`` (one
  shot, then up to two squares, chosen after it as a move, or ``stay``);
* with the Advanced Rules' Reaction Fire: ``C3 react C6`` (a reaction shot
  at the mover, or ``H1`` at the horse he rides);
* ``end`` (the side's remaining figures do nothing this turn);
* at a card window: ``play QS``, ``play KH C6`` (a figure), ``play 9S
  rifle`` (a weapon), ``play 2D s2`` (a side), or ``pass``.

Chance outcomes: ``roll 3 5`` (two dice, low first), ``fists 5 3`` (a fist
fight's two dice, the attacker's first), ``deal QS`` (a card dealt) and
``flip QS`` (a card flipped for the order of play, Advanced Optional Rule 6;
``die 4``, a cowboy's modifier rolled on its die table) and ``poker QS``
(a card dealt for the poker hand of Advanced Optional Rule 7), ``damage JS``
(the card flipped for a hit's damage, the Advanced Rules' Variable Damage).
A side's draw in that hand is ``discard 3C 7H``, or ``stand`` to keep its five.
With the Advanced Rules' activation cup, the marker drawn is written alone:
``C6`` (a cowboy's) or ``s2`` (the town folk of side 2).

>>> str(parse_action("c6 shoot c3 X2")), str(parse_action("C6 ride b:C7 n"))
('C6 shoot C3 x2', 'C6 ride B:c7 N')
>>> parse_action("roll 5 3") == Roll(3, 5), str(parse_action("play kh c6"))
(True, 'play KH C6')
>>> str(parse_action("c6 FAN c3")), str(parse_action("c6 shoot c3 t2"))
('C6 fan C3', 'C6 shoot C3 T2')
>>> str(parse_action("c6 fist c3")), parse_action("fists 5 3") == Fists(5, 3)
('C6 fist C3', True)
>>> str(parse_action("c6 move b:c7 n SHOOT c3")), str(parse_action("c6 shoot c3 MOVE"))
('C6 move B:c7 N shoot C3', 'C6 shoot C3 move')
>>> str(parse_action("c3 REACT h1"))
'C3 react H1'
>>> parse_action("FLIP ks"), parse_action("die 4")
(Flip(card='KS'), Die(face=4))
>>> parse_action("c06"), str(parse_action("S2"))
(Marker(marker='C6'), 's2')
>>> parse_action("damage js"), str(parse_action("c6 spin s c3 t2"))
(DamageCard(card='JS'), 'C6 spin S C3 T2')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from saloon.core.action import Action, Outcome, check_notation_length
from saloon.core.errors import NotationError, shown
from saloon.games.cowboys.cards import parse_card
from saloon.games.cowboys.geometry import FACINGS, Facing
from saloon.games.cowboys.rules.figures import SLOTS

_FIG = re.compile(r"[CT][0-9]{1,2}")
_TARGET = re.compile(r"[CTH][0-9]{1,2}")
_REF = re.compile(r"([A-Z]):([a-z])([0-9]{1,2})")
_SIDE = re.compile(r"s([1-9])")


@dataclass(frozen=True, slots=True)
class Act(Action):
    """A figure's action (the figure's id, ``C6``)."""

    fig: str

    @property
    def kind(self) -> str:
        """What the opponent hears announced (cards.ANNOUNCEMENTS):
        ``move``, ``fire``, ``reload``, or ``wait`` (nothing)."""
        return "move"


@dataclass(frozen=True, slots=True)
class Move(Act):
    """A move action ending on ``dest`` (``off`` the town) facing ``facing``,
    mounted when ``ride`` (Move Actions; Movement with Horses)."""

    dest: str
    facing: Facing
    ride: bool = False

    def __str__(self) -> str:
        return f"{self.fig} {'ride' if self.ride else 'move'} {self.dest} {self.facing}"

    @property
    def off(self) -> bool:
        return self.dest == "off"


@dataclass(frozen=True, slots=True)
class Arm(Act):
    """Change the weapon in hand, 2 movement points (Movement to Change Weapons)."""

    slot: str

    def __str__(self) -> str:
        return f"{self.fig} arm {self.slot}"


@dataclass(frozen=True, slots=True)
class Pickup(Act):
    """Pick up a weapon (or the loot) lying in his square, 2 movement points."""

    item: str

    def __str__(self) -> str:
        return f"{self.fig} pickup {self.item}"


@dataclass(frozen=True, slots=True)
class Shoot(Act):
    """One or two declared shots with the weapon in hand (Shoot)."""

    target: str
    shots: int = 1

    def __str__(self) -> str:
        return f"{self.fig} shoot {self.target}" + (" x2" if self.shots == 2 else "")

    @property
    def kind(self) -> str:
        return "fire"


@dataclass(frozen=True, slots=True)
class Draw(Act):
    """Draw a holstered pistol and shoot once (Draw and Shoot)."""

    target: str

    def __str__(self) -> str:
        return f"{self.fig} draw {self.target}"

    @property
    def kind(self) -> str:
        return "fire"


@dataclass(frozen=True, slots=True)
class Spin(Act):
    """Face ``facing`` and shoot once (Spin and Shoot)."""

    facing: Facing
    target: str

    def __str__(self) -> str:
        return f"{self.fig} spin {self.facing} {self.target}"

    @property
    def kind(self) -> str:
        return "fire"


@dataclass(frozen=True, slots=True)
class SpinSplit(Act):
    """Face ``facing`` and fire two shots, one at ``target`` and then one at
    ``second`` (Advanced Rules, Modification to Spin and Shoot, with
    Advanced Optional Rule 5's two targets; ruling CW-V17)."""

    facing: Facing
    target: str
    second: str

    def __str__(self) -> str:
        return f"{self.fig} spin {self.facing} {self.target} {self.second}"

    @property
    def kind(self) -> str:
        return "fire"


@dataclass(frozen=True, slots=True)
class Fan(Act):
    """Fan the pistol in hand: every round in it at ``target``, -3 a shot
    (Advanced Optional Rule 2, Fan Fire; a cowboy only)."""

    target: str

    def __str__(self) -> str:
        return f"{self.fig} fan {self.target}"

    @property
    def kind(self) -> str:
        return "fire"


@dataclass(frozen=True, slots=True)
class Pistols(Act):
    """Fire both pistols at ``target``: two shots from each, -2 a shot
    (Advanced Optional Rule 3, Two Pistols)."""

    target: str

    def __str__(self) -> str:
        return f"{self.fig} pistols {self.target}"

    @property
    def kind(self) -> str:
        return "fire"


@dataclass(frozen=True, slots=True)
class Split(Act):
    """Two shots with the weapon in hand, one at ``target`` and then one at
    ``second``, -2 a shot (Advanced Optional Rule 5, two targets)."""

    target: str
    second: str

    def __str__(self) -> str:
        return f"{self.fig} shoot {self.target} {self.second}"

    @property
    def kind(self) -> str:
        return "fire"


@dataclass(frozen=True, slots=True)
class Fist(Act):
    """A fist fight with the figure ``target`` next to him, as a shoot
    action (Advanced Optional Rule 8, Fist Fights; a cowboy with no loaded
    weapon; ruling CW-A8)."""

    target: str

    def __str__(self) -> str:
        return f"{self.fig} fist {self.target}"

    @property
    def kind(self) -> str:
        return "fist_fight"


@dataclass(frozen=True, slots=True)
class MoveShoot(Act):
    """Move to ``dest`` facing ``facing`` (mounted when ``ride``), then take
    one shot at ``target`` with the weapon in hand, -1 a square moved, and
    move no more (Advanced Rules, Move and Shoot; a cowboy only)."""

    dest: str
    facing: Facing
    target: str
    ride: bool = False

    def __str__(self) -> str:
        verb = "ride" if self.ride else "move"
        return f"{self.fig} {verb} {self.dest} {self.facing} shoot {self.target}"

    @property
    def kind(self) -> str:
        return "fire"

    @property
    def move(self) -> Move:
        """The move part, as a move action would make it."""
        return Move(self.fig, self.dest, self.facing, self.ride)


@dataclass(frozen=True, slots=True)
class ShootMove(Act):
    """One shot at ``target`` with the weapon in hand, then a move of up to
    two squares, chosen once the shot is over (Advanced Rules, Shoot and
    Move; a cowboy only)."""

    target: str

    def __str__(self) -> str:
        return f"{self.fig} shoot {self.target} move"

    @property
    def kind(self) -> str:
        return "fire"


@dataclass(frozen=True, slots=True)
class React(Act):
    """A reaction shot at ``target``, a figure moving through his sight or
    the horse it rides (Advanced Rules, Reaction Fire: one shot at -2)."""

    target: str

    def __str__(self) -> str:
        return f"{self.fig} react {self.target}"

    @property
    def kind(self) -> str:
        return "fire"


@dataclass(frozen=True, slots=True)
class Reload(Act):
    """Load one weapon fully (Reload)."""

    slot: str

    def __str__(self) -> str:
        return f"{self.fig} reload {self.slot}"

    @property
    def kind(self) -> str:
        return "reload"


@dataclass(frozen=True, slots=True)
class Wait(Act):
    """Do nothing this turn (Game Turn: a figure may also do nothing)."""

    def __str__(self) -> str:
        return f"{self.fig} wait"

    @property
    def kind(self) -> str:
        return "wait"


@dataclass(frozen=True, slots=True)
class End(Action):
    """End the side's part of the turn: its figures left do nothing."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Stay(Action):
    """Take none of the squares a shoot and move allows (Advanced Rules,
    Shoot and Move)."""

    def __str__(self) -> str:
        return "stay"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Play no card at this window."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play the card ``card`` (its face, ``QS``), with a target where its
    effect needs one: a figure (``C6``), a weapon slot, or a side (``s2``)."""

    card: str
    target: str | None = None

    def __str__(self) -> str:
        return f"play {self.card}" + (f" {self.target}" if self.target else "")


@dataclass(frozen=True, slots=True)
class Roll(Outcome):
    """Two six-sided dice, low die first (a shot, or one roll of a shotgun shot)."""

    a: int
    b: int

    def __str__(self) -> str:
        return f"roll {self.a} {self.b}"

    @property
    def total(self) -> int:
        return self.a + self.b


@dataclass(frozen=True, slots=True)
class Fists(Outcome):
    """A fist fight's dice: one die each, the attacker's ``a`` and the
    defender's ``b``, kept in that order (Advanced Optional Rule 8)."""

    a: int
    b: int

    def __str__(self) -> str:
        return f"fists {self.a} {self.b}"


@dataclass(frozen=True, slots=True)
class Die(Outcome):
    """One die rolled for a cowboy's modifier (the die table of Advanced
    Optional Rule 6)."""

    face: int

    def __str__(self) -> str:
        return f"die {self.face}"


@dataclass(frozen=True, slots=True)
class Deal(Outcome):
    """A card dealt from the deck (its face)."""

    card: str

    def __str__(self) -> str:
        return f"deal {self.card}"


@dataclass(frozen=True, slots=True)
class Flip(Outcome):
    """A card flipped from the deck for the order of play (its face;
    Advanced Optional Rule 6)."""

    card: str

    def __str__(self) -> str:
        return f"flip {self.card}"


@dataclass(frozen=True, slots=True)
class PokerCard(Outcome):
    """A card dealt from the deck for the poker hand that decides the order
    of play (its face; Advanced Optional Rule 7)."""

    card: str

    def __str__(self) -> str:
        return f"poker {self.card}"


@dataclass(frozen=True, slots=True)
class Marker(Outcome):
    """A marker drawn from the activation cup (Advanced Rules, Player Turn
    Sequence): a cowboy's (``C6``) or a side's town folk's (``s2``)."""

    marker: str

    def __str__(self) -> str:
        return self.marker


@dataclass(frozen=True, slots=True)
class DamageCard(Outcome):
    """The card flipped from the top of the unused deck for one hit's damage
    (its face; Advanced Rules, Variable Damage)."""

    card: str

    def __str__(self) -> str:
        return f"damage {self.card}"


def _face_key(face: str) -> tuple[int, str, int]:
    c = parse_card(face)
    return (c.rank, c.suit, c.joker)


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """A side's draw in the poker hand for the order of play (Advanced
    Optional Rule 7): the cards it throws away, to be replaced from the
    deck; none is ``stand``. The cards are kept low to high, so equal
    draws are equal actions.

    >>> str(Discard(("7H", "3C"))), str(Discard(()))
    ('discard 3C 7H', 'stand')
    """

    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=_face_key)))

    def __str__(self) -> str:
        return "discard " + " ".join(self.cards) if self.cards else "stand"


#: The actions that fire a weapon (their ``kind`` is ``fire``).
FIRING = (Shoot, Draw, Spin, SpinSplit, Fan, Pistols, Split)

END = End()
PASS = Pass()
STAY = Stay()
ROLLS: tuple[Roll, ...] = tuple(Roll(a, b) for a in range(1, 7) for b in range(a, 7))
ROLL_OUTCOMES: tuple[tuple[Roll, float], ...] = tuple(
    (r, (1 if r.a == r.b else 2) / 36) for r in ROLLS
)
#: A fist fight's 36 outcomes, the attacker's die first, each 1/36.
FISTS: tuple[Fists, ...] = tuple(Fists(a, b) for a in range(1, 7) for b in range(1, 7))
FISTS_OUTCOMES: tuple[tuple[Fists, float], ...] = tuple((f, 1 / 36) for f in FISTS)
#: A cowboy's modifier die: six faces, each 1/6.
DICE: tuple[Die, ...] = tuple(Die(k) for k in range(1, 7))
DIE_OUTCOMES: tuple[tuple[Die, float], ...] = tuple((d, 1 / 6) for d in DICE)


def _fig(text: str, what: str = "figure") -> str:
    t = text.upper()
    if not _FIG.fullmatch(t):
        raise NotationError(f"{shown(text)} is not a {what} such as C6 (cowboy) or T3 (town folk)")
    return t[0] + str(int(t[1:]))


def _target(text: str) -> str:
    t = text.upper()
    if not _TARGET.fullmatch(t):
        raise NotationError(f"{shown(text)} is not a target such as C3, T2 or H1 (a horse)")
    return t[0] + str(int(t[1:]))


def _facing(text: str) -> Facing:
    t = text.upper()
    for f in FACINGS:
        if f == t:
            return f
    raise NotationError(f"{shown(text)} is not a facing: N, E, S or W")


def square_ref(text: str) -> str:
    """A square reference in its canonical form (``B:c7``).

    >>> square_ref("b:C07")
    'B:c7'
    """
    m = re.fullmatch(r"([A-Za-z]):([A-Za-z])([0-9]{1,2})", text)
    if m is None:
        raise NotationError(f"{shown(text)} is not a square such as B:c7, nor 'off'")
    return f"{m.group(1).upper()}:{m.group(2).lower()}{int(m.group(3))}"


def _slot(text: str) -> str:
    t = text.lower()
    if t not in SLOTS:
        raise NotationError(f"{shown(text)} is not a weapon: {', '.join(SLOTS)}")
    return t


def card_face(text: str) -> str:
    """A card's canonical face (``QS``) from any case; NotationError if none."""
    return str(parse_card(text))


def parse_dice(text: str) -> Roll | None:
    """Two dice typed alone (``3 5``, ``53``, ``3-5``), or ``None``.

    >>> parse_dice("5 3"), parse_dice("35"), parse_dice("7 1")
    (Roll(a=3, b=5), Roll(a=3, b=5), None)
    """
    digits = [c for c in text if not c.isspace() and c not in "-,+"]
    if len(digits) != 2 or not all(c in "123456" for c in digits):
        return None
    a, b = sorted(int(c) for c in digits)
    return Roll(a, b)


def parse_fists(text: str) -> Fists | None:
    """A fist fight's two dice typed alone, the attacker's first (``5 3``,
    ``53``), or ``None``.

    >>> parse_fists("5 3"), parse_fists("7 1")
    (Fists(a=5, b=3), None)
    """
    digits = [c for c in text if not c.isspace() and c not in "-,+"]
    if len(digits) != 2 or not all(c in "123456" for c in digits):
        return None
    return Fists(int(digits[0]), int(digits[1]))


def parse_action(text: str) -> Action:
    """Read an action or outcome from its notation (see the module docstring).

    >>> parse_action("t3 spin w c2"), parse_action("end"), parse_action("deal jk1")
    (Spin(fig='T3', facing='W', target='C2'), End(), Deal(card='JK1'))
    >>> parse_action("C6 fly")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon.core.errors.NotationError: cannot read 'fly' after C6: say move, ride, arm, pickup, ...
    """
    check_notation_length(text)
    words = text.split()
    if not words:
        raise NotationError("an empty action: say, e.g., 'C6 move B:c7 N', 'end' or 'pass'")
    head = words[0].lower()
    n = len(words)
    if n == 1 and head in ("end", "pass", "stay"):
        return END if head == "end" else PASS if head == "pass" else STAY
    if n == 1 and head == "stand":
        return Discard(())
    if n == 1 and re.fullmatch(r"c[0-9]{1,2}|s[1-9]", head):
        return Marker(head[0].upper() + str(int(head[1:])) if head[0] == "c" else head)
    if head == "discard":
        faces = [card_face(w) for w in words[1:]]
        if not 1 <= len(faces) <= 5 or len(set(faces)) != len(faces):
            raise NotationError(
                f"{shown(text)}: a discard names one to five different cards of the poker hand, "
                "such as 'discard 3C 7H' (or say 'stand' to keep them all)"
            )
        return Discard(tuple(faces))
    if head == "roll":
        r = parse_dice(" ".join(words[1:])) if n in (2, 3) else None
        if r is None:
            raise NotationError(f"{shown(text)}: a roll is two dice 1-6, such as 'roll 3 5'")
        return r
    if head == "fists":
        fr = parse_fists(" ".join(words[1:])) if n in (2, 3) else None
        if fr is None:
            raise NotationError(
                f"{shown(text)}: a fist fight's roll is two dice 1-6, the attacker's first, "
                "such as 'fists 5 3'"
            )
        return fr
    if head == "die":
        if n != 2 or words[1] not in ("1", "2", "3", "4", "5", "6"):
            raise NotationError(f"{shown(text)}: a modifier's die is one die 1-6, such as 'die 4'")
        return DICE[int(words[1]) - 1]
    if head == "deal" and n == 2:
        return Deal(card_face(words[1]))
    if head == "flip" and n == 2:
        return Flip(card_face(words[1]))
    if head == "poker" and n == 2:
        return PokerCard(card_face(words[1]))
    if head == "damage" and n == 2:
        return DamageCard(card_face(words[1]))
    if head == "play" and n in (2, 3):
        face = card_face(words[1])
        if n == 2:
            return Play(face)
        t = words[2]
        if _TARGET.fullmatch(t.upper()):
            return Play(face, _target(t))
        if _SIDE.fullmatch(t.lower()):
            return Play(face, t.lower())
        return Play(face, _slot(t))
    if n < 2:
        raise NotationError(
            f"cannot read {shown(text)}: say, e.g., 'C6 move B:c7 N', 'C6 shoot C3', "
            "'end', 'pass', 'play QS'"
        )
    fig = _fig(words[0])
    verb = words[1].lower()
    rest = words[2:]
    if verb in ("move", "ride") and len(rest) == 2:
        dest = "off" if rest[0].lower() == "off" else square_ref(rest[0])
        return Move(fig, dest, _facing(rest[1]), verb == "ride")
    if verb in ("move", "ride") and len(rest) == 4 and rest[2].lower() == "shoot":
        return MoveShoot(
            fig, square_ref(rest[0]), _facing(rest[1]), _target(rest[3]), verb == "ride"
        )
    if verb == "shoot" and len(rest) == 2 and rest[1].lower() == "move":
        return ShootMove(fig, _target(rest[0]))
    if verb == "arm" and len(rest) == 1:
        return Arm(fig, _slot(rest[0]))
    if verb == "pickup" and len(rest) == 1:
        item = rest[0].lower()
        if item not in ("pistol", "rifle", "shotgun", "loot"):
            raise NotationError(
                f"{shown(rest[0])} cannot be picked up: pistol, rifle, shotgun, loot"
            )
        return Pickup(fig, item)
    if verb == "shoot" and len(rest) == 2 and _TARGET.fullmatch(rest[1].upper()):
        return Split(fig, _target(rest[0]), _target(rest[1]))
    if verb == "fan" and len(rest) == 1:
        return Fan(fig, _target(rest[0]))
    if verb == "pistols" and len(rest) == 1:
        return Pistols(fig, _target(rest[0]))
    if verb == "fist" and len(rest) == 1:
        return Fist(fig, _target(rest[0]))
    if verb == "react" and len(rest) == 1:
        return React(fig, _target(rest[0]))
    if verb == "shoot" and len(rest) in (1, 2):
        shots = 1
        if len(rest) == 2:
            if rest[1].lower() not in ("x1", "x2"):
                raise NotationError(f"{shown(rest[1])}: one or two shots, x1 or x2")
            shots = int(rest[1][1])
        return Shoot(fig, _target(rest[0]), shots)
    if verb == "draw" and len(rest) == 1:
        return Draw(fig, _target(rest[0]))
    if verb == "spin" and len(rest) == 2:
        return Spin(fig, _facing(rest[0]), _target(rest[1]))
    if verb == "spin" and len(rest) == 3:
        return SpinSplit(fig, _facing(rest[0]), _target(rest[1]), _target(rest[2]))
    if verb == "reload" and len(rest) == 1:
        return Reload(fig, _slot(rest[0]))
    if verb == "wait" and not rest:
        return Wait(fig)
    raise NotationError(
        f"cannot read {shown(' '.join(words[1:]))} after {fig}: say move, ride, arm, pickup, "
        "shoot, draw, spin, fan, pistols, fist, react, reload or wait"
    )
