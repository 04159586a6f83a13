"""The d6 Shooters played by pointing at the dice on the board.

In the browser a person clicks the dice rather than choosing among the
notation's keeps (:meth:`saloon.core.state.State.pointer`). Each die on the
board that a decision is about is a *point* of the drawing, named after the
notation (colour letter and face, as in ``keep r46 w124``):

* ``die:r4`` is the first free red 4, ``die:r4.2`` the second one;
* ``die:r5.locked`` is a red 5 locked by the first roll ("Gameplay": red 5s
  and 6s of the first roll are locked and cannot be unlocked); it is never a
  point of a keep, only of the Binoculars, which may reroll it;
* ``b``, ``r``, ``w`` are the black, red and white dice of the turn (or the
  white dice of a Poker hand); ``p`` and ``c`` the Posse's and the Crowe
  Gang's dice at the Ghost Town Showdown.

Where the decision is about dice:

* a keep (``keep r46 w124``) points at the free dice it keeps, picked as a
  set (:func:`points_in_any_order`); the locked red dice are in every keep
  and are not clicked; a keep of no free die and ``stop`` are buttons;
* Gold in Them Hills (``hills w5``) and the Binoculars (``binoculars 5``)
  point at the die they change or reroll;
* the Lucky Charm (``charm w4+``) and Distract (``nudge c5-``) point at the
  die, the way it turns in the last words ("make it a 5");
* the Showdown's reroll (``reroll p12 c5``) points at the dice rerolled, as
  a set.

Every other decision (the 4s' split, Events, Towns, Tactics...) is not about
a die on the board: :func:`pointer` gives ``None`` and the browser shows it
as a button by its words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.core.state import Pointer
from saloon.games.d6shooters.actions import Amount, Change, Keep, Reroll
from saloon.games.d6shooters.dice import minus
from saloon.games.d6shooters.rules.nodes import (
    P_BINOCULARS,
    P_CHARM,
    P_HILLS,
    P_KEEP,
    P_NUDGE,
    P_REROLL,
)

if TYPE_CHECKING:
    from saloon.games.d6shooters.rules.state import D6State

#: The letter of each kind of die, as in the notation.
LETTER = {"black": "b", "red": "r", "white": "w", "posse": "p", "crowe": "c"}
#: Each kind of die in words, by its letter.
DIE_WORDS = {
    "b": "black die",
    "r": "red die",
    "w": "white die",
    "p": "Posse die",
    "c": "Crowe Gang die",
}
#: The decisions whose points are picked as a set.
ANY_ORDER = frozenset({P_KEEP, P_REROLL})


def die_point(letter: str, face: int, nth: int = 1, locked: bool = False) -> str:
    """The point of the ``nth`` die of its kind (``letter``) showing
    ``face``, counted among the free dice or among the locked ones.

    >>> die_point("r", 4), die_point("w", 1, 2), die_point("r", 5, locked=True)
    ('die:r4', 'die:w1.2', 'die:r5.locked')
    """
    tail = ".locked" if locked else ""
    return f"die:{letter}{face}{tail}" + (f".{nth}" if nth > 1 else "")


def die_words(letter: str, face: int, locked: bool = False) -> str:
    """A die in words, for its mark on the board.

    >>> die_words("r", 4), die_words("r", 5, locked=True)
    ('red die showing 4', 'red die showing 5, locked for good')
    >>> die_words("b", 3)
    'black die showing 3 (counts as two)'
    """
    words = f"{DIE_WORDS[letter]} showing {face}"
    if letter == "b":
        # Ep.2 "Gameplay": the Black die counts as two of its number.
        words += " (counts as two)"
    if locked:
        words += ", locked for good"
    return words


def dice_points(letter: str, faces: Iterable[int], locked: bool = False) -> tuple[str, ...]:
    """The points of the first dice of a kind showing ``faces`` (sorted),
    one per die: the second die showing the same face is its ``.2``.

    >>> dice_points("w", (1, 1, 4))
    ('die:w1', 'die:w1.2', 'die:w4')
    """
    seen: Counter[int] = Counter()
    out = []
    for f in sorted(faces):
        seen[f] += 1
        out.append(die_point(letter, f, seen[f], locked))
    return tuple(out)


def _keep_points(st: D6State, a: Keep) -> tuple[str, ...]:
    """The free dice a keep holds: the locked red dice stay whatever is
    kept (Ep.1/Ep.2 "Gameplay"), so they are not among its points."""
    red = minus(a.red, st.dice.locked)
    return (*dice_points("b", a.black), *dice_points("r", red), *dice_points("w", a.white))


def _turned(to: int) -> str:
    return f"make it a {to}"


def pointer(st: D6State, action: Action) -> Pointer | None:
    """Where ``action`` is chosen on the board at ``st``: the dice it is
    about (see the module's docstring), or ``None`` for a choice shown as a
    button by its words.

    >>> from saloon.core import get_game
    >>> from saloon.games.d6shooters.scenario import turn_start
    >>> game = get_game("d6shooters")
    >>> st = turn_start()
    >>> for step in ("red 156", "white 11234"):
    ...     st.apply(game.parse_action(step))
    >>> pointer(st, game.parse_action("keep r156 w14")).points
    ('die:r1', 'die:w1', 'die:w4')
    >>> pointer(st, game.parse_action("keep r56")) is None  # only the locked dice
    True
    """
    ph = st.phase
    if ph == P_KEEP and isinstance(action, Keep):
        points = _keep_points(st, action)
        return Pointer(points) if points else None
    if ph == P_REROLL and isinstance(action, Reroll):
        # Ep.2 "Combat": 1 Ammo rerolls up to three dice, from either side.
        return Pointer((*dice_points("p", action.posse), *dice_points("c", action.crowe)))
    if isinstance(action, Change):
        die = (die_point(action.colour, action.face),)
        if ph == P_HILLS and action.verb == "hills":
            # Gold in Them Hills (Event List): the die clicked becomes a 3.
            return Pointer(die)
        if (ph == P_CHARM and action.verb == "charm") or (ph == P_NUDGE and action.verb == "nudge"):
            # Lucky Charm (Ep.2 "Special Items") and Distract (Ep.2 "Tactics"):
            # the die clicked moves one pip, up or down as the last words say.
            return Pointer(die, last=_turned(action.to))
    if ph == P_BINOCULARS and isinstance(action, Amount) and action.verb == "binoculars":
        # Binoculars (Ep.1/Ep.2 "Special Items"): a locked red die is rerolled.
        return Pointer((die_point("r", action.n, locked=True),))
    return None


def points_in_any_order(st: D6State) -> bool:
    """Whether the dice of this decision are picked as a set: the dice to
    keep ("Gameplay": lock and unlock as many dice as you want) and the
    Showdown's reroll ("Combat": up to three dice)."""
    return st.phase in ANY_ORDER and st.to_move == 0


def points_now(st: D6State) -> frozenset[str]:
    """Every point some legal action of this decision names: the dice the
    drawing marks as points (none at a chance node or once the game is over).

    >>> from saloon.core import get_game
    >>> from saloon.games.d6shooters.scenario import turn_start
    >>> game = get_game("d6shooters")
    >>> st = turn_start()
    >>> for step in ("red 156", "white 11234"):
    ...     st.apply(game.parse_action(step))
    >>> sorted(points_now(st))
    ['die:r1', 'die:w1', 'die:w1.2', 'die:w2', 'die:w3', 'die:w4']
    """
    if st.to_move != 0:
        return frozenset()
    out: set[str] = set()
    for a in st.legal_actions():
        p = pointer(st, a)
        if p is not None:
            out.update(p.points)
    return frozenset(out)
