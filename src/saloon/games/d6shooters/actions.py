"""The d6 Shooters' actions and chance outcomes, and their text notation.

Decisions (``str`` is the notation, :func:`parse_action` reads it back):

* ``roll`` / ``special``: start the turn, or (episode 1) first call the
  once-a-game Special Event; ``start ITEM`` (Easier Version's free Item);
* ``keep b1 r46 w124``: the dice to keep after a roll, every colour at once
  (a colour not named keeps none; ``keep none`` rolls everything again but
  the locked red 5s and 6s); the others are rolled again; ``stop``: keep
  every die and stop rolling; Poker keeps white dice only (``keep w44``);
* ``guide N``, ``family rN wM``: dice set before rolling (Indian Guide,
  Lost Family); ``hills w5`` (a die turned into a 3); ``charm w4+``;
  ``binoculars 5`` (the locked red face rerolled); ``pass`` (decline any
  optional offer);
* ``recruit N`` (episode 2: N sets of 3s recruit, the others find Gold);
* ``fours s1 h0 f1 b0``: the 4s used to Seek Shelter, Hide, Fight and for
  Backroads (dice, so two per space in episode 1);
* ``heat food N``: Heat hits paid with 2 Food each (episode 1);
* ``absorb N`` / ``medicine``: deserters or Medicine against a Posse loss
  (``absorb 0``: take the loss);
* Events: ``deer small|big``, ``herd``, ``mine``, ``campfire``,
  ``trade -4f +4a`` (Food and Ammo bought + or sold -), ``pay 1g 1f``,
  ``fight``;
* Towns: ``buy food 2|5``, ``buy ammo 2|5``, ``buy posse``, ``buy ITEM``,
  ``buy guns N``, ``poker``, ``stake 2g 1f 1a``, ``leave``;
* Showdown: ``tactic none|defend|charge|distract``, ``reroll p12 c5``,
  ``nudge c5-``, ``done``, ``assign N``.

Chance outcomes are the dice as they fell, sorted: ``red 56``, ``white
11345``, ``black 4``; the Heat's, the Gang's, Rattlesnakes' and Fishing
Hole's dice (``heat 35``, ``gang 146``, ``snakes 1266``, ``fish 124``); a
Shootout round's dice, the Posse's then the Gang's (``posse 5``, ``gang
34``); the Showdown's (``posse 1446``, ``crowe 2556``); ``deserters 56``,
``stampede 34``; one die: ``event 5`` (the d6 table), ``item N``, ``hand
N``, ``deer N``, ``shortcut N``; and ``event 3-5`` for the 2d6 list (low
die first).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from saloon.core.action import Action, Outcome, check_notation_length
from saloon.core.errors import NotationError, shown
from saloon.core.numerals import is_digits, parse_int

Faces = tuple[int, ...]

ITEM_NAMES = ("compass", "hunter", "map", "binoculars", "medicine", "guns", "charm")


def faces_text(faces: Faces) -> str:
    return "".join(str(f) for f in faces)


@dataclass(frozen=True, slots=True)
class Word(Action):
    """A decision with no parameter (``roll``, ``stop``, ``pass``, ``buy posse``...)."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Amount(Action):
    """A decision with one number (``recruit 2``, ``buy guns 2``, ``binoculars 5``)."""

    verb: str
    n: int

    def __str__(self) -> str:
        return f"{self.verb} {self.n}"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """The dice kept after a roll, every colour at once (sorted faces per
    colour); the others are rolled again ("Gameplay": lock and unlock
    freely between rolls).

    >>> str(Keep((1,), (4, 6), (1, 2, 4))), str(Keep((), (), ()))
    ('keep b1 r46 w124', 'keep none')
    """

    black: Faces
    red: Faces
    white: Faces

    def __str__(self) -> str:
        parts = [
            f"{c}{faces_text(f)}"
            for c, f in (("b", self.black), ("r", self.red), ("w", self.white))
        ]
        kept = [p for p in parts if len(p) > 1]
        return "keep " + (" ".join(kept) if kept else "none")


@dataclass(frozen=True, slots=True)
class Fours(Action):
    """How the 4s are split: Seek Shelter, Hide, Fight, Backroads (dice)."""

    shelter: int
    hide: int
    fight: int
    back: int

    def __str__(self) -> str:
        return f"fours s{self.shelter} h{self.hide} f{self.fight} b{self.back}"


@dataclass(frozen=True, slots=True)
class Change(Action):
    """One die changed: ``hills`` (to a 3), ``charm`` / ``nudge`` (one pip)."""

    verb: str
    colour: str  # r, w, b, p (posse), c (crowe)
    face: int
    to: int

    def __str__(self) -> str:
        if self.verb == "hills":
            return f"hills {self.colour}{self.face}"
        sign = "+" if self.to > self.face else "-"
        return f"{self.verb} {self.colour}{self.face}{sign}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Lost Family: one red and one white die set before rolling."""

    red: int
    white: int

    def __str__(self) -> str:
        return f"family r{self.red} w{self.white}"


def _amounts(gold: int, food: int, ammo: int, posse: int = 0) -> str:
    parts = [f"{n}{c}" for n, c in ((gold, "g"), (food, "f"), (ammo, "a"), (posse, "p")) if n]
    return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """A payment demanded by an Event."""

    gold: int
    food: int
    ammo: int
    posse: int

    def __str__(self) -> str:
        return "pay " + _amounts(self.gold, self.food, self.ammo, self.posse)


@dataclass(frozen=True, slots=True)
class Stake(Action):
    """Poker: the Gold, Food and Ammo wagered, at least one in all (RULINGS d6)."""

    gold: int
    food: int
    ammo: int

    def __str__(self) -> str:
        return "stake " + _amounts(self.gold, self.food, self.ammo)


@dataclass(frozen=True, slots=True)
class Trade(Action):
    """Wagon Train: the Food and the Ammo bought (+) or sold (-), each a
    multiple of the Event's rate for one Gold.

    >>> str(Trade(-4, 4)), str(Trade(2, 0))
    ('trade -4f +4a', 'trade +2f')
    """

    food: int
    ammo: int

    def __str__(self) -> str:
        parts = [f"{n:+d}{c}" for n, c in ((self.food, "f"), (self.ammo, "a")) if n]
        return "trade " + " ".join(parts)


@dataclass(frozen=True, slots=True)
class Reroll(Action):
    """Showdown: the dice rerolled for 1 Ammo (at most three, either side)."""

    posse: Faces
    crowe: Faces

    def __str__(self) -> str:
        parts = [f"{c}{faces_text(f)}" for c, f in (("p", self.posse), ("c", self.crowe)) if f]
        return "reroll " + " ".join(parts)


# -- outcomes ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Roll(Outcome):
    """The faces of a group of dice just rolled: the turn's (black, red,
    white), a check's (heat, gang, snakes, fish), a Shootout round's (posse,
    gang), the Showdown's (posse, crowe), deserters, stampede."""

    group: str
    faces: Faces

    def __str__(self) -> str:
        return f"{self.group} {faces_text(self.faces)}"


@dataclass(frozen=True, slots=True)
class Face(Outcome):
    """One die: event (d6 table), item, hand, deer, shortcut."""

    label: str
    n: int

    def __str__(self) -> str:
        return f"{self.label} {self.n}"


@dataclass(frozen=True, slots=True)
class Pair(Outcome):
    """Two dice for the Event list, low die first."""

    low: int
    high: int

    def __str__(self) -> str:
        return f"event {self.low}-{self.high}"


ROLL_GROUPS = (
    "red", "white", "black", "posse", "crowe", "deserters", "heat", "gang", "snakes", "fish",
    "stampede",
)  # fmt: skip
FACE_LABELS = ("event", "item", "hand", "deer", "shortcut")
WORDS = (
    "roll", "special", "stop", "pass", "medicine", "leave", "poker", "fight",
    "herd", "mine", "campfire", "deer small", "deer big", "done",
    "buy food 2", "buy food 5", "buy ammo 2", "buy ammo 5", "buy posse",
    "tactic none", "tactic defend", "tactic charge", "tactic distract",
    *(f"buy {i}" for i in ITEM_NAMES if i != "guns"),
    *(f"start {i}" for i in ITEM_NAMES),
)  # fmt: skip
AMOUNT_VERBS = (
    "recruit", "heat food", "absorb", "assign", "guide", "buy guns", "binoculars",
)  # fmt: skip

#: The notation, one example of each kind, for messages.
EXAMPLES = (
    "roll, keep r14 w22, stop, fours s1 h0 f1 b0, pass, buy food 2, stake 2g, leave; "
    "dice: red 56, white 11345, event 3-5"
)


def read_faces(text: str, what: str) -> Faces:
    """Die faces 1-6 written together or apart (``466``, ``4 6 6``, ``4,6,6``), sorted."""
    digits = text.replace(",", "").replace(" ", "")
    if not digits or not is_digits(digits) or any(c not in "123456" for c in digits):
        raise NotationError(f"{what}: {shown(text)} is not a list of die faces 1-6")
    return tuple(sorted(int(c) for c in digits))


def _num(text: str, what: str) -> int:
    n = parse_int(text, signed=True)  # ASCII digits only (saloon.core.numerals)
    if n is None:
        raise NotationError(f"{what}: {shown(text)} is not a number")
    return n


def _amount_parts(tail: str, allowed: str, example: str) -> dict[str, int]:
    out = {c: 0 for c in allowed}
    for part in tail.split():
        c = part[-1:]
        n = parse_int(part[:-1])
        if c not in out or out[c] or n is None:
            raise NotationError(f"cannot read {shown(part)}: write e.g. {example!r}")
        out[c] = n
    return out


def _keep(text: str, tail: str) -> Keep:
    if tail == "none":
        return Keep((), (), ())
    sides: dict[str, Faces] = {"b": (), "r": (), "w": ()}
    seen: set[str] = set()
    for part in tail.split():
        c = part[:1]
        if c not in sides or c in seen or len(part) < 2:
            raise NotationError(
                f"cannot read {shown(text)}: write e.g. 'keep r14 w22' (b, r, w: black, red, white)"
            )
        seen.add(c)
        sides[c] = read_faces(part[1:], "keep")
    return Keep(sides["b"], sides["r"], sides["w"])


@lru_cache(maxsize=4096)
def parse_action(text: str) -> Action:
    """Read a decision or an outcome from its notation.

    >>> parse_action("keep r46 w124")
    Keep(black=(), red=(4, 6), white=(1, 2, 4))
    >>> str(parse_action("white 5,3,1")), str(parse_action("stake 2g 1a"))
    ('white 135', 'stake 2g 1a')
    >>> parse_action("fours s1 h0 f1 b0"), parse_action("event 3-5")
    (Fours(shelter=1, hide=0, fight=1, back=0), Pair(low=3, high=5))
    """
    check_notation_length(text)
    t = " ".join(text.strip().lower().split())
    if t in WORDS:
        return Word(t)
    head, _, tail = t.partition(" ")
    if head == "keep":
        return _keep(text, tail)
    if head == "stake":
        a = _amount_parts(tail, "gfa", "stake 2g 1f")
        if not any(a.values()):
            raise NotationError("a stake is at least one Gold, Food or Ammo: e.g. 'stake 2g'")
        return Stake(a["g"], a["f"], a["a"])
    if head == "reroll":
        sides: dict[str, Faces] = {"p": (), "c": ()}
        for part in tail.split():
            if part[:1] not in sides or sides[part[0]]:
                raise NotationError(f"cannot read {shown(text)}: write e.g. 'reroll p12 c5'")
            sides[part[0]] = read_faces(part[1:], "reroll")
        if not sides["p"] and not sides["c"]:
            raise NotationError("reroll names no dice (say 'pass' to keep them)")
        return Reroll(sides["p"], sides["c"])
    if head == "fours":
        parts = tail.split()
        if len(parts) == 4 and all(p[:1] == c for p, c in zip(parts, "shfb", strict=True)):
            s, h, f, b = (_num(p[1:], "fours") for p in parts)
            return Fours(s, h, f, b)
        raise NotationError(f"cannot read {shown(text)}: write e.g. 'fours s1 h0 f1 b0'")
    if head in ("hills", "charm", "nudge"):
        colour = tail[:1]
        if not colour or colour not in "rwbpc" or len(tail) < 2 or tail[1] not in "123456":
            raise NotationError(f"cannot read {shown(text)}: write e.g. '{head} w5'")
        face = int(tail[1])
        if head == "hills" and len(tail) == 2:
            return Change("hills", colour, face, 3)
        if head != "hills" and len(tail) == 3 and tail[2] in "+-":
            to = face + (1 if tail[2] == "+" else -1)
            if not 1 <= to <= 6:
                raise NotationError(f"{shown(text)}: a die shows 1 to 6")
            return Change(head, colour, face, to)
        raise NotationError(f"cannot read {shown(text)}")
    if head == "family":
        parts = tail.split()
        if len(parts) == 2 and parts[0][:1] == "r" and parts[1][:1] == "w":
            r, w = read_faces(parts[0][1:], "family"), read_faces(parts[1][1:], "family")
            if len(r) == 1 and len(w) == 1:
                return Place(r[0], w[0])
        raise NotationError(f"cannot read {shown(text)}: write e.g. 'family r3 w4'")
    if head == "pay":
        a = _amount_parts(tail, "gfap", "pay 1g 1f")
        if not any(a.values()):
            raise NotationError("a payment names what is paid: e.g. 'pay 1g 1f'")
        return Pay(a["g"], a["f"], a["a"], a["p"])
    if head == "trade":
        f = a_ = 0
        parts = tail.split()
        if not parts or len(parts) > 2:
            raise NotationError(f"cannot read {shown(text)}: write e.g. 'trade -4f +4a'")
        for part in parts:
            if part[-1:] == "f" and not f:
                f = _num(part[:-1], "trade")
            elif part[-1:] == "a" and not a_:
                a_ = _num(part[:-1], "trade")
            else:
                raise NotationError(f"cannot read {shown(text)}: write e.g. 'trade -4f +4a'")
        return Trade(f, a_)
    if head == "event" and len(tail) == 3 and tail[1] == "-":
        lo, hi = read_faces(tail[0], "event"), read_faces(tail[2], "event")
        if lo[0] <= hi[0]:
            return Pair(lo[0], hi[0])
        raise NotationError(f"{shown(text)}: write the low die first")
    verb, _, number = t.rpartition(" ")
    if verb in AMOUNT_VERBS:
        return Amount(verb, _num(number, verb))
    if head in ROLL_GROUPS and tail:
        return Roll(head, read_faces(tail, head))
    if head in FACE_LABELS:
        return Face(head, _num(tail, head))
    raise NotationError(
        f"cannot read {shown(text)}: see the notation with 'rules' (e.g. {EXAMPLES})"
    )
