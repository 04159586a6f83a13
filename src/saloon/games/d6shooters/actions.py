"""The d6 Shooters' actions and chance outcomes, and their text notation.

Decisions (``str`` is the notation, :func:`parse_action` reads it back):

* ``roll`` / ``special``: start the turn, or first call the once-a-game
  Special Event; ``start ITEM`` (Easier Version's free Special Item);
* ``keep red 56``, ``keep white none``: the dice of one colour to keep
  (asked colour by colour: black, red, white; the others are rolled
  again); ``stop``: keep every die and stop rolling;
* ``guide N``, ``family rN wM``: dice set before rolling (Indian Guide,
  Lost Family); ``hills w5`` (a die turned into a 3); ``charm w4+``;
  ``binoculars``; ``pass`` (decline any optional offer);
* ``recruit N`` (episode 2: N sets of 3s recruit, the others find Gold);
* ``fours s1 h0 f1 b0``: the 4s used to Seek Shelter, Hide, Fight and for
  Backroads (dice, so two per space in episode 1);
* ``heat food N``: Heat hits paid with 2 Food each (episode 1);
* ``absorb N`` / ``medicine``: deserters or Medicine against a Posse loss;
* Events: ``deer small|big``, ``herd``, ``mine``, ``campfire``,
  ``trade +1f -2a``, ``pay 1g 1f``, ``fight``;
* Towns: ``buy food 2|5``, ``buy ammo 2|5``, ``buy posse``, ``buy ITEM``,
  ``buy guns N``, ``poker``, ``stake gold|food|ammo N``, ``leave``;
* Showdown: ``tactic none|defend|charge|distract``, ``reroll p12 c5``,
  ``nudge c5-``, ``done``, ``assign N``.

Chance outcomes: ``red 56``, ``white 11345``, ``black 4`` (the faces of the
dice just rolled, sorted), ``posse 1446`` / ``crowe 2556`` (Showdown),
``deserters 56``; ``heat N``, ``gang N``, ``snakes N``, ``fish N`` (how many
dice succeeded); ``event 3-5`` (2d6 list), ``event 5`` (d6 table),
``item N``, ``hand N``, ``deer N``, ``shortcut N``, ``stampede N``
(a die or a total); ``round win`` / ``round lose`` (a Shootout round).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from saloon.core.action import Action, Outcome, check_notation_length
from saloon.core.errors import NotationError, shown
from saloon.core.numerals import parse_int

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
    """A decision with one number (``recruit 2``, ``stake gold 3``, ``buy guns 2``)."""

    verb: str
    n: int

    def __str__(self) -> str:
        return f"{self.verb} {self.n}"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """The dice of one colour kept after a roll (sorted faces); the others of
    that colour are rolled again. Colours are decided in turn: black, red,
    white (D6-D3)."""

    group: str  # black, red, white
    faces: Faces

    def __str__(self) -> str:
        return f"keep {self.group} {faces_text(self.faces) or 'none'}"


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
    """One die changed: ``hills`` (to a 3), ``charm`` / ``nudge`` (one pip),
    ``guide`` / ``family`` placements use :class:`Place`."""

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


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """A payment demanded by an Event."""

    gold: int
    food: int
    ammo: int
    posse: int

    def __str__(self) -> str:
        parts = [
            f"{n}{c}"
            for n, c in ((self.gold, "g"), (self.food, "f"), (self.ammo, "a"), (self.posse, "p"))
            if n
        ]
        return "pay " + " ".join(parts)


@dataclass(frozen=True, slots=True)
class Trade(Action):
    """Wagon Train: units of Food and of Ammo bought (+) or sold (-)."""

    food: int
    ammo: int

    def __str__(self) -> str:
        return f"trade {self.food:+d}f {self.ammo:+d}a"


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
    """The faces of a group of dice just rolled: red, white, black, posse,
    crowe, deserters."""

    group: str
    faces: Faces

    def __str__(self) -> str:
        return f"{self.group} {faces_text(self.faces)}"


@dataclass(frozen=True, slots=True)
class Count(Outcome):
    """How many dice of a group succeeded (heat, gang, snakes, fish)."""

    label: str
    n: int

    def __str__(self) -> str:
        return f"{self.label} {self.n}"


@dataclass(frozen=True, slots=True)
class Face(Outcome):
    """One die (or a total): event (d6 table), item, hand, deer, shortcut, stampede."""

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


@dataclass(frozen=True, slots=True)
class Round(Outcome):
    """A Shootout round, ties already rerolled."""

    won: bool

    def __str__(self) -> str:
        return "round win" if self.won else "round lose"


ROLL_GROUPS = ("red", "white", "black", "posse", "crowe", "deserters")
COUNT_LABELS = ("heat", "gang", "snakes", "fish")
FACE_LABELS = ("event", "item", "hand", "deer", "shortcut", "stampede")
WORDS = (
    "roll", "special", "stop", "pass", "binoculars", "medicine", "leave", "poker", "fight",
    "herd", "mine", "campfire", "deer small", "deer big", "done",
    "buy food 2", "buy food 5", "buy ammo 2", "buy ammo 5", "buy posse",
    "tactic none", "tactic defend", "tactic charge", "tactic distract",
    *(f"buy {i}" for i in ITEM_NAMES if i != "guns"),
    *(f"start {i}" for i in ITEM_NAMES),
)  # fmt: skip
AMOUNT_VERBS = (
    "recruit", "heat food", "absorb", "assign", "guide", "buy guns",
    "stake gold", "stake food", "stake ammo",
)  # fmt: skip
_COLOURS = {"r": "red", "w": "white", "b": "black"}


def _faces(text: str, what: str) -> Faces:
    digits = text.replace(",", "").replace(" ", "")
    if not digits or any(c not in "123456" for c in digits):
        raise NotationError(f"{what}: {shown(text)} is not a list of die faces 1-6")
    return tuple(sorted(int(c) for c in digits))


def _num(text: str, what: str) -> int:
    n = parse_int(text, signed=True)  # ASCII digits only (saloon.core.numerals)
    if n is None:
        raise NotationError(f"{what}: {shown(text)} is not a number")
    return n


@lru_cache(maxsize=4096)
def parse_action(text: str) -> Action:
    """Read a decision or an outcome from its notation.

    >>> parse_action("keep white 421")
    Keep(group='white', faces=(1, 2, 4))
    >>> str(parse_action("white 5,3,1"))
    'white 135'
    >>> parse_action("fours s1 h0 f1 b0"), parse_action("event 3-5")
    (Fours(shelter=1, hide=0, fight=1, back=0), Pair(low=3, high=5))
    """
    check_notation_length(text)
    t = " ".join(text.strip().lower().split())
    if t in WORDS:
        return Word(t)
    head, _, tail = t.partition(" ")
    if head == "keep":
        group, _, rest = tail.partition(" ")
        if group in ("black", "red", "white") and rest:
            return Keep(group, () if rest == "none" else _faces(rest, "keep"))
        raise NotationError(f"cannot read {text!r}: write e.g. 'keep red 56' or 'keep white none'")
    if head == "reroll":
        sides: dict[str, Faces] = {"p": (), "c": ()}
        for part in tail.split():
            if part[:1] not in sides or sides[part[0]]:
                raise NotationError(f"cannot read {text!r}: write e.g. 'reroll p12 c5'")
            sides[part[0]] = _faces(part[1:], "reroll")
        if not sides["p"] and not sides["c"]:
            raise NotationError("reroll names no dice (say 'pass' to keep them)")
        return Reroll(sides["p"], sides["c"])
    if head == "fours":
        parts = tail.split()
        if len(parts) == 4 and all(p[:1] == c for p, c in zip(parts, "shfb", strict=True)):
            s, h, f, b = (_num(p[1:], "fours") for p in parts)
            return Fours(s, h, f, b)
        raise NotationError(f"cannot read {text!r}: write e.g. 'fours s1 h0 f1 b0'")
    if head in ("hills", "charm", "nudge"):
        colour = tail[:1]
        if colour not in "rwbpc" or len(tail) < 2 or tail[1] not in "123456":
            raise NotationError(f"cannot read {text!r}: write e.g. '{head} w5'")
        face = int(tail[1])
        if head == "hills" and len(tail) == 2:
            return Change("hills", colour, face, 3)
        if head != "hills" and len(tail) == 3 and tail[2] in "+-":
            to = face + (1 if tail[2] == "+" else -1)
            if not 1 <= to <= 6:
                raise NotationError(f"{text!r}: a die shows 1 to 6")
            return Change(head, colour, face, to)
        raise NotationError(f"cannot read {text!r}")
    if head == "family":
        parts = tail.split()
        if len(parts) == 2 and parts[0][:1] == "r" and parts[1][:1] == "w":
            r, w = _faces(parts[0][1:], "family"), _faces(parts[1][1:], "family")
            if len(r) == 1 and len(w) == 1:
                return Place(r[0], w[0])
        raise NotationError(f"cannot read {text!r}: write e.g. 'family r3 w4'")
    if head == "pay":
        amounts = {"g": 0, "f": 0, "a": 0, "p": 0}
        for part in tail.split():
            n = parse_int(part[:-1])
            if part[-1:] not in amounts or n is None:
                raise NotationError(f"cannot read {shown(text)}: write e.g. 'pay 1g 1f'")
            amounts[part[-1]] = n
        return Pay(amounts["g"], amounts["f"], amounts["a"], amounts["p"])
    if head == "trade":
        parts = tail.split()
        if len(parts) == 2 and parts[0].endswith("f") and parts[1].endswith("a"):
            return Trade(_num(parts[0][:-1], "trade"), _num(parts[1][:-1], "trade"))
        raise NotationError(f"cannot read {text!r}: write e.g. 'trade +1f -2a'")
    if head == "round" and tail in ("win", "lose"):
        return Round(tail == "win")
    if head == "event" and len(tail) == 3 and tail[1] == "-":
        lo, hi = _faces(tail[0], "event"), _faces(tail[2], "event")
        if lo[0] <= hi[0]:
            return Pair(lo[0], hi[0])
        raise NotationError(f"{text!r}: write the low die first")
    verb, _, number = t.rpartition(" ")
    if verb in AMOUNT_VERBS:
        return Amount(verb, _num(number, verb))
    if head in ROLL_GROUPS:
        return Roll(head, _faces(tail, head))
    if head in COUNT_LABELS:
        return Count(head, _num(tail, head))
    if head in FACE_LABELS:
        return Face(head, _num(tail, head))
    raise NotationError(
        f"cannot read {text!r}: see the notation with 'rules' (e.g. roll, keep r56 w113, stop, "
        "fours s1 h0 f1 b0, pass, buy food 2, leave; outcomes: red 56, white 11345, event 3-5)"
    )
