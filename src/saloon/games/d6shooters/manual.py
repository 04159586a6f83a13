"""Typing at the table: real dice read off by a referee, and keeps in one line.

A referee beside a physical copy types what the dice show. At every chance
node the format is one thing: the faces, digits 1-6 in any order, with or
without spaces (``146``, ``1 4 6``); the node knows which dice they are, so
the colour is not typed (``red 146`` is read too). Two Event dice may be
typed in either order (``53`` is the Event 3-5). A person choosing which
dice to keep types them in one line, every colour at once, with or without
the word ``keep`` (``keep r366 w133`` or ``r366 w133``), and need not type
the locked red 5s and 6s: they are kept anyway.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.core.errors import NotationError, shown
from saloon.games.d6shooters.actions import Face, Keep, Pair, Roll, parse_action, read_faces
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
    MAX_SHOOTOUT_TIES,
    P_KEEP,
)
from saloon.games.d6shooters.rules.towns import items_for_sale

if TYPE_CHECKING:
    from saloon.games.d6shooters.rules.state import D6State

_CHECKS = {
    "heat": "the Heat's",
    "gang": "the Gang's",
    "snakes": "the Rattlesnakes' (one per Posse member)",
    "fish": "the Fishing Hole's (one per Posse member)",
}


def _example(n: int) -> str:
    """``n`` faces to show at a prompt (a run of digits as long as the roll)."""
    return ("146253" * (n // 6 + 1))[:n] if n else "1"


def _dice(n: int) -> str:
    return "die" if n == 1 else "dice"


def dice_needed(st: D6State) -> tuple[str, int] | None:
    """Which dice a roll node wants, ``(group, count)``, or None."""
    ph = st.phase
    if ph == C_ROLL:
        return st.dice.to_roll[0]
    if ph == C_CHECK:
        return st.pending.roll_for, st.pending.dice
    if ph == C_DESERTERS:
        return "deserters", st.effects.deserters
    if ph == C_POSSE_VOLLEY:
        return "posse", st.shootout.posse_dice
    if ph == C_GANG_VOLLEY:
        return "gang", st.shootout.gang_dice
    if ph == C_EVENT_DIE and st.pending.roll_for == "stampede":
        return "stampede", 2
    return None


def prompt(st: D6State) -> str:
    """What to type at this chance node, with an example."""
    ph = st.phase
    need = dice_needed(st)
    if need is not None:
        group, n = need
        e = _example(n)
        if ph == C_ROLL:
            if st.mode == "showdown":
                side = "Posse's" if group == "posse" else "Crowes'"
                what = f"the {side} {n} {_dice(n)}"
            elif st.mode == "poker":
                what = f"the {n} white Poker {_dice(n)}"
            else:
                counted = f"{group} die" if n == 1 else f"{n} {group} dice"
                what = f"the {counted} (roll {st.dice.rolls + 1})"
        elif ph == C_CHECK:
            what = f"{_CHECKS[group]} {n} {_dice(n)}"
        elif ph == C_POSSE_VOLLEY:
            what = f"your {n} Shootout {_dice(n)}"
        elif ph == C_GANG_VOLLEY:
            tied = st.shootout.ties >= MAX_SHOOTOUT_TIES
            tie = " (after this many ties: the roll that settled it)" if tied else ""
            what = f"the Gang's {n} {_dice(n)}{tie}"
        elif ph == C_DESERTERS:
            what = f"the deserters' {n} {_dice(n)}"
        else:
            what = "the two Stampede dice"
        return f"{what}, e.g. {e}"
    if ph == C_EVENT:
        if st.options.events == "cards":
            return "the two Event dice in either order, e.g. 35"
        return "the Event die, e.g. 4"
    if ph == C_EVENT_DIE:
        return f"the {st.pending.roll_for} die, e.g. 4"
    if ph == C_ITEM:
        faces = items_for_sale(st)
        return f"the Special Item die ({', '.join(map(str, faces))}; owned Items are rolled again)"
    if ph == C_HAND:
        return "the die for the hand to beat, e.g. 3"
    return "the dice"


def help_text(st: D6State) -> str:
    """``help`` at a dice prompt: the one format, and this node's example."""
    return (
        "Roll the real dice the game asks for and type their faces: digits 1-6 in any order, "
        "with or without spaces (146, 1 4 6). The prompt says which dice; the colour is not "
        "typed. Two Event dice go in either order (53 is the Event 3-5). A Shootout round is "
        "typed as it is rolled: your dice, then the Gang's; a tie is rolled again. "
        f"Now: {prompt(st)}. 'undo' takes back the last dice typed."
    )


def read(st: D6State, text: str) -> Action:
    """What a person typed at ``st``: the game's notation, or the faces alone at
    a dice prompt, or a keep without the word ``keep`` (``r366 w133``) or
    without its locked dice."""
    t = " ".join(text.strip().lower().split())
    ph = st.phase
    if t and all(c in "123456 ,-" for c in t) and any(c.isdigit() for c in t):
        outcome = _faces_only(st, t)
        if outcome is not None:
            return outcome
    if ph == P_KEEP and _KEEP_PARTS.fullmatch(t):
        t = "keep " + t
    action = parse_action(t)
    if ph == P_KEEP and isinstance(action, Keep):
        return _with_locked(st, action)
    if ph == C_EVENT and isinstance(action, Roll):
        raise NotationError(f"type the Event dice as e.g. '35', not {shown(text)}")
    return action


#: A keep's colours without the word ``keep``: ``r366 w133``, ``b2 r5``.
_KEEP_PARTS = re.compile(r"[brw][1-6]+( [brw][1-6]+){0,2}")


def _faces_only(st: D6State, t: str) -> Action | None:
    ph = st.phase
    if ph == C_EVENT:
        faces = read_faces(t.replace("-", ""), "the Event dice")
        if st.options.events == "cards":
            if len(faces) != 2:
                raise NotationError("the Event list takes two dice, e.g. 35")
            return Pair(faces[0], faces[1])
        if len(faces) != 1:
            raise NotationError("the Event table takes one die, e.g. 4")
        return Face("event", faces[0])
    if "-" in t:
        return None
    need = dice_needed(st)
    if need is not None:
        return Roll(need[0], read_faces(t, need[0]))
    if ph in (C_EVENT_DIE, C_ITEM, C_HAND):
        faces = read_faces(t, "the die")
        if len(faces) != 1:
            raise NotationError("one die, e.g. 4")
        label = {C_ITEM: "item", C_HAND: "hand"}.get(ph, st.pending.roll_for)
        return Face(label, faces[0])
    return None


def _with_locked(st: D6State, keep: Keep) -> Keep:
    """A typed keep with the locked red dice it left out (they stay anyway)."""
    red = list(keep.red)
    for f in st.dice.locked:
        if red.count(f) < st.dice.locked.count(f):
            red.append(f)
    return Keep(keep.black, tuple(sorted(red)), keep.white)
