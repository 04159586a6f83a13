"""The curse castles: where they go, and what their curses do in their space.

Part IV, Curse Castle Standees: playing with them is optional (option
``curses=``, one castle per curse named, ruling DG-R50); they are placed
before the game, with the environment pieces (the same way: by the players
in turn, or each on the map's die), in any space but the Village, never two
in one space (the standees are identical, as two identical environment
pieces never share a space: ruling DG-R51). Incorporating the Curse
Castles: each castle marks the space where its curse holds; the curses are
content (``content/curses.toml``, ruling DG-C22), their effects of
:data:`~saloon.games.dungeons.effects.CURSE_KINDS`:

* ``stealth_roll``: added to every stealth roll made in the space (Endless
  Echoes' +1; a check succeeds under the stat, so it hurts);
* ``gain_coins``: whoever earns coins in the space earns that many more
  with them, the cap still holding (Gift to the Gods: a kill's two coins
  become three; ruling DG-R54 says which coins);
* ``monster_buff``: the monsters of the classes named (every class if none)
  get it on their combat rolls in the space (Buff the Beastie: the beasts'
  +1); never a Guardian or a Cash Cube (Part I, Know Thine Enemy;
  ruling DG-R40).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.core.errors import OptionError, shown
from saloon.games.dungeons.actions import Castle
from saloon.games.dungeons.content import Content, Curse
from saloon.games.dungeons.rules import board
from saloon.games.dungeons.rules.agenda import Decision, Step, push

if TYPE_CHECKING:
    from saloon.games.dungeons.content import Monster
    from saloon.games.dungeons.options import DungeonsOptions
    from saloon.games.dungeons.rules.state import DungeonsState


def check_options(options: DungeonsOptions, content: Content) -> None:
    """Every curse the option names is in the content (Saloon's three, or
    an owner's own), else one :class:`OptionError` naming the known ones."""
    known = [c.id for c in content.curses]
    for cid in options.curses:
        if cid not in known:
            raise OptionError(f"no curse {shown(cid)} (known: {', '.join(known)})")


def curses_at(s: DungeonsState, space: int) -> tuple[Curse, ...]:
    """The curses holding in ``space`` (one per castle there)."""
    return tuple(s.content.curse(c) for sp, c in s.castles if sp == space)


def stealth_parts(s: DungeonsState, space: int) -> list[tuple[str, int]]:
    """What the castles of ``space`` add to a stealth roll made there, as
    (the curse's name, amount)."""
    out = []
    for c in curses_at(s, space):
        k = c.amount("stealth_roll")
        if k:
            out.append((c.name, k))
    return out


def stealth_mod(s: DungeonsState, space: int) -> int:
    return sum(k for _, k in stealth_parts(s, space))


def coin_parts(s: DungeonsState, space: int) -> list[tuple[str, int]]:
    """The coins more that earning coins in ``space`` brings, by curse."""
    out = []
    for c in curses_at(s, space):
        k = c.amount("gain_coins")
        if k:
            out.append((c.name, k))
    return out


def monster_parts(s: DungeonsState, m: Monster, space: int) -> list[tuple[str, int]]:
    """What the castles of ``space`` add to the monster ``m``'s combat roll
    there (a Guardian or a Cash Cube is never a monster: they get nothing)."""
    out = []
    for c in curses_at(s, space):
        k = sum(
            e.amount
            for e in c.effects
            if e.kind == "monster_buff" and (not e.flags or m.monster_class in e.flags)
        )
        if k:
            out.append((c.name, k))
    return out


def earn(s: DungeonsState, seat: int, amount: int) -> tuple[int, int, str]:
    """The coins ``seat`` earns: ``amount`` plus what the curses of his
    space add (Gift to the Gods), kept to the cap. Returns (taken, asked,
    the words for the curses' part: `` (+1 Gift to the Gods)``)."""
    from saloon.games.dungeons.rules import common

    parts = coin_parts(s, s.heroes[seat].space) if amount > 0 else []
    asked = amount + sum(k for _, k in parts)
    took = common.gain(s, seat, asked)
    words = "".join(f" (+{k} {name})" for name, k in parts)
    return took, asked, words


# -- placing the castles --------------------------------------------------------------------


def castle_spaces(s: DungeonsState) -> tuple[int, ...]:
    """The numbered spaces without a castle: never the Village (Part IV,
    Curse Castle Standees), never two castles in a space (ruling DG-R51)."""
    held = {sp for sp, _ in s.castles}
    return tuple(sp for sp in board.numbered(s) if sp not in held)


def castle_placements(s: DungeonsState) -> list[Action]:
    return [Castle(c, sp) for c in dict.fromkeys(s.curses_left) for sp in castle_spaces(s)]


def put_castle(s: DungeonsState, curse: str, space: int) -> None:
    s.castles = tuple(sorted((*s.castles, (space, curse))))
    left = list(s.curses_left)
    left.remove(curse)
    s.curses_left = tuple(left)


@dataclass(frozen=True, slots=True)
class CastleStep(Step):
    """A player's turn to place a castle (``environments=placed``)."""

    seat: int

    def run(self, s: DungeonsState) -> None:
        if s.curses_left and castle_spaces(s):
            push(s, PlaceCastle(self.seat))


@dataclass(frozen=True, slots=True)
class PlaceCastle(Decision):
    """``castle <curse> <space>``: ruling DG-R51."""

    seat: int

    def legal(self, s: DungeonsState) -> list[Action]:
        return castle_placements(s)

    def prompt(self, s: DungeonsState) -> str:
        return "place a curse castle"

    def answer(self, s: DungeonsState, action: Action) -> None:
        assert isinstance(action, Castle)
        put_castle(s, action.curse, action.space)
        c = s.content.curse(action.curse)
        s.say(
            "place",
            f"{s.name(self.seat)} places the castle of {c.name} in "
            f"{board.space_words(s, action.space)}: {c.text}",
            self.seat,
        )


@dataclass(frozen=True, slots=True)
class CastleRandom(Step):
    """``environments=random``: the castle of ``curse`` on a space rolled
    on the map's die (again when the space holds a castle already)."""

    curse: str

    def run(self, s: DungeonsState) -> None:
        if castle_spaces(s):
            push(s, board.MapDie(then="castle", piece=self.curse))


def castle_rolled(s: DungeonsState, curse: str, space: int) -> None:
    put_castle(s, curse, space)
    c = s.content.curse(curse)
    s.say(
        "place",
        f"The castle of {c.name} goes to {board.space_words(s, space)} (d{s.map.die}): {c.text}",
    )
