"""The board: the enemy bag, the enemies on the map, the environments, spawning.

Part I, Place Enemies; Enemy Spawn; "Random" Thoughts (a random enemy is
drawn from the bag, a random space is rolled on the map's die: D10 standard,
D12 advanced); Part II, The Maps (environment pieces); Know Thine Enemy
(environments give +1 to monsters, never to Poison monsters or Guardians).
The Village holds no enemy (Part II, The Village).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from saloon.core.action import Action, Outcome
from saloon.games.dungeons.actions import Pick, Roll, Token, space_name
from saloon.games.dungeons.content import VILLAGE
from saloon.games.dungeons.rules.agenda import Chance, Decision, Step, push, uniform
from saloon.games.dungeons.rules.common import upper_first
from saloon.games.dungeons.rules.model import CUBE, Enemy

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState

#: The environment pieces of the base game: four dungeons and four terrains
#: (Part I, Place Environment Pieces; Part II, The Maps).
PIECES = ("dungeon", "dungeon", "dungeon", "dungeon", "forest", "cemetery", "hills", "trails")
#: The expansion's sixteen more: eight dungeons and two each of the four
#: terrains (Part IV, Environment Miniatures; option
#: ``environment_pieces=expansion``, ruling DG-R52).
EXPANSION_PIECES = ("dungeon",) * 8 + ("forest", "cemetery", "hills", "trails") * 2


def pieces_of(s: DungeonsState) -> tuple[str, ...]:
    """The environment pieces placed at setup (the base game's first)."""
    extra = EXPANSION_PIECES if s.options.environment_pieces == "expansion" else ()
    return (*PIECES, *extra)


def piece_spaces(s: DungeonsState, piece: str) -> tuple[int, ...]:
    """The numbered spaces ``piece`` may go to: those without that piece
    (Part I, Place Environment Pieces: never two identical pieces in a
    space); once every space holds one (the expansion's twelve dungeons on
    the ten spaces of the standard map), those holding the fewest (ruling
    DG-R52)."""
    held: dict[int, int] = {}
    for sp, p in s.environments:
        if p == piece:
            held[sp] = held.get(sp, 0) + 1
    spaces = numbered(s)
    least = min(held.get(sp, 0) for sp in spaces)
    return tuple(sp for sp in spaces if held.get(sp, 0) == least)


#: The most enemies a space holds under the Creature Quota house rule (Part IV).
QUOTA = 3


# -- the bag ------------------------------------------------------------------------------


def bag_counts(s: DungeonsState) -> dict[str, int]:
    """The bag as kind -> tokens."""
    out: dict[str, int] = {}
    for k in s.bag:
        out[k] = out.get(k, 0) + 1
    return out


def bag_add(s: DungeonsState, *kinds: str) -> None:
    """Tokens go back into the bag (never a Cash Cube: it goes to its owner)."""
    back = [k for k in kinds if k and k != CUBE]
    if back:
        s.bag = tuple(sorted((*s.bag, *back)))


def bag_take(s: DungeonsState, kind: str) -> None:
    bag = list(s.bag)
    bag.remove(kind)
    s.bag = tuple(bag)


# -- enemies on the board -------------------------------------------------------------------


def numbered(s: DungeonsState) -> tuple[int, ...]:
    """The map's numbered spaces, 1 to 10 or 12."""
    return tuple(sp.number for sp in s.map.spaces if sp.number > 0)


def exits(s: DungeonsState, space: int) -> tuple[int, ...]:
    """Where the arrows from ``space`` lead (Part II, The Maps, Spaces)."""
    return s.map.space(space).exits


def space_words(s: DungeonsState, space: int) -> str:
    """``7 (Blackfen Marsh)``; ``the Village``."""
    if space <= 0:
        return "the Village" if space == VILLAGE else "the Styx"
    return f"{space} ({s.map.space(space).name})"


def enemies_in(s: DungeonsState, space: int) -> list[Enemy]:
    return [e for e in s.enemies if e.space == space]


def master(e: Enemy) -> int | None:
    """The seat a Cash Cube works for: its owner, or the player who turned it
    against him (the Mercenary Cube house rule, ruling DG-R55); ``None`` for
    a monster or a Guardian."""
    if not e.is_cube:
        return None
    return e.owner if e.serves is None else e.serves


def hostile_in(s: DungeonsState, seat: int, space: int) -> list[Enemy]:
    """The enemies in ``space`` that threaten ``seat``'s hero: all but the
    Cash Cubes working for his team (Part I, Cash Cube: a Cube never attacks
    its owner, or his allies in Alliance; a turned Cube spares the one who
    paid for it and attacks its owner: ruling DG-R55)."""
    team = s.teams[seat]
    out = []
    for e in s.enemies:
        if e.space != space:
            continue
        boss = master(e)
        if boss is not None and s.teams[boss] == team:
            continue
        out.append(e)
    return out


def cube_of(s: DungeonsState, seat: int) -> Enemy | None:
    for e in s.enemies:
        if e.is_cube and e.owner == seat:
            return e
    return None


def add_enemy(s: DungeonsState, kind: str, space: int, owner: int | None = None) -> Enemy:
    e = Enemy(uid=s.next_uid, kind=kind, space=space, owner=owner)
    s.next_uid += 1
    s.enemies.append(e)
    return e


def remove_enemy(s: DungeonsState, uid: int) -> Enemy:
    """Take the enemy off the board (the caller says where its token goes);
    the active hero is no longer engaged with it, and a round against it ends."""
    e = s.enemy(uid)
    s.enemies = [x for x in s.enemies if x.uid != uid]
    forget(s, uid)
    return e


def forget(s: DungeonsState, uid: int) -> None:
    """The active hero's engagement with ``uid`` ends (it left his space or the board)."""
    t = s.turn
    if t is None:
        return
    if uid in t.engaged or t.foe == uid:
        s.turn = replace(
            t, engaged=tuple(u for u in t.engaged if u != uid), foe=None if t.foe == uid else t.foe
        )
    if s.fight is not None and s.fight.enemy == uid:
        end_round(s)


def end_round(s: DungeonsState) -> None:
    """The round of combat under way ends (the hero escaped, or the enemy
    left): the collective GM's buffs go with it (rulings DG-R22, DG-R33)."""
    f = s.fight
    if f is None:
        return
    e = s.find_enemy(f.enemy)
    if e is not None and e.buffs:
        s.set_enemy(replace(e, buffs=0))
    s.fight = None


def enemy_name(s: DungeonsState, e: Enemy) -> str:
    """``the Goblin``, ``Player 2's Cash Cube``."""
    if e.is_cube:
        mine = f"{s.name(e.owner or 0)}'s Cash Cube"
        return mine if e.serves is None else f"{mine} (working for {s.name(e.serves)})"
    return "the " + kind_name(s, e.kind)


def kind_name(s: DungeonsState, kind: str) -> str:
    m = s.monster(kind)
    if m is not None:
        return m.name
    g = s.guardian(kind)
    if g is not None:
        return g.name
    return "Cash Cube" if kind == CUBE else kind


def pieces_in(s: DungeonsState, space: int) -> tuple[str, ...]:
    return tuple(p for sp, p in s.environments if sp == space)


def plants_on_board(s: DungeonsState) -> int:
    """How many Plants of Eden are on the board (Part I, Know Thine Enemy:
    each adds +1 to the others' attack of 3)."""
    count = 0
    for e in s.enemies:
        g = s.guardian(e.kind)
        if g is not None and g.kind == "plant":
            count += 1
    return count


def nth_of(s: DungeonsState, enemies: list[Enemy], e: Enemy) -> int:
    """Which of the enemies of its kind ``e`` is in ``enemies`` (1, 2, ...)."""
    same = [x.uid for x in enemies if x.kind == e.kind]
    return same.index(e.uid) + 1


def enemy_ref(s: DungeonsState, enemies: list[Enemy], e: Enemy) -> str:
    """How a choice names ``e`` among ``enemies``: ``goblin``, ``goblin 2``."""
    nth = nth_of(s, enemies, e)
    return e.kind if nth == 1 else f"{e.kind} {nth}"


def find_ref(s: DungeonsState, enemies: list[Enemy], ref: str) -> Enemy | None:
    kind, _, nth = ref.partition(" ")
    k = int(nth) if nth.isdigit() else 1
    same = [x for x in enemies if x.kind == kind]
    return same[k - 1] if 0 < k <= len(same) else None


# -- spawning --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MapDie(Chance):
    """A random space: the map's die (Part I, "Random" Thoughts). ``then``
    says what the space is for: ``spawn`` (draw an enemy into it),
    ``respawn`` (the hero of ``seat`` is dropped there: Part I, Death and
    the Styx River), ``send`` (the hero of ``seat`` is sent there),
    ``move-enemy`` (the enemy ``uid`` goes there), ``piece`` (an environment
    piece goes there, option ``environments=random``), ``castle`` (the
    castle of the curse ``piece`` goes there: Part IV, Curse Castle
    Standees)."""

    then: str
    seat: int = -1
    uid: int = 0
    piece: str = ""

    def kind(self, s: DungeonsState) -> Hashable:
        return ("MapDie", self.then, self.seat)

    def _faces(self, s: DungeonsState) -> list[int]:
        if self.then == "piece":
            return list(piece_spaces(s, self.piece))
        if self.then == "castle":
            from saloon.games.dungeons.rules import curses

            return list(curses.castle_spaces(s))
        return list(numbered(s))

    def outcomes(self, s: DungeonsState) -> list[tuple[Outcome, float]]:
        return uniform([Roll(s.map.die, f) for f in self._faces(s)])

    def possible(self, s: DungeonsState, outcome: Outcome) -> bool:
        return (
            isinstance(outcome, Roll)
            and outcome.sides == s.map.die
            and outcome.face in self._faces(s)
        )

    def sample(self, s: DungeonsState, rng: np.random.Generator) -> Outcome:
        faces = self._faces(s)
        return Roll(s.map.die, faces[int(rng.integers(len(faces)))])

    def prompt(self, s: DungeonsState) -> str:
        return f"the map's die, d{s.map.die} (e.g. d{s.map.die} 4)"

    def answer(self, s: DungeonsState, outcome: Outcome) -> None:
        assert isinstance(outcome, Roll)
        space = outcome.face
        if self.then == "spawn":
            s.say("roll", f"The map's die shows {space}.")
            push(s, BagDraw(space=space, gm=self.seat))
        elif self.then == "respawn":
            from saloon.games.dungeons.rules import moves

            s.say("respawn", f"The Ferryman drops {s.name(self.seat)} at {space_words(s, space)}.")
            moves.place_hero(s, self.seat, space)
        elif self.then == "send":
            from saloon.games.dungeons.rules import moves

            s.say("roll", f"The map's die sends {s.name(self.seat)} to {space_words(s, space)}.")
            moves.relocate(s, self.seat, space)
        elif self.then == "move-enemy":
            e = s.find_enemy(self.uid)
            s.say("roll", f"The map's die shows {space}.")
            if e is not None:
                move_enemy(s, e, space)
        elif self.then == "castle":
            from saloon.games.dungeons.rules import curses

            curses.castle_rolled(s, self.piece, space)
        else:
            s.environments = tuple(sorted((*s.environments, (space, self.piece))))
            s.pieces = _without(s.pieces, self.piece)
            s.say("place", f"A {self.piece} piece goes to {space_words(s, space)} (d{s.map.die}).")


def _without(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    out = list(items)
    out.remove(item)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class BagDraw(Chance):
    """The GM draws a random enemy from the bag and places it in ``space``
    (Part I, Enemy Spawn; Hunting). ``gm`` is the seat who draws (-1: the
    players together, at setup)."""

    space: int
    gm: int = -1

    def outcomes(self, s: DungeonsState) -> list[tuple[Outcome, float]]:
        counts = bag_counts(s)
        total = len(s.bag)
        return [(Token(k), c / total) for k, c in sorted(counts.items())]

    def possible(self, s: DungeonsState, outcome: Outcome) -> bool:
        return isinstance(outcome, Token) and outcome.kind in s.bag

    def sample(self, s: DungeonsState, rng: np.random.Generator) -> Outcome:
        return Token(s.bag[int(rng.integers(len(s.bag)))])

    def prompt(self, s: DungeonsState) -> str:
        return f"the token drawn from the bag, by its name (e.g. {kind_name(s, s.bag[0])})"

    def help(self, s: DungeonsState) -> str:
        inside = ", ".join(f"{n} {kind_name(s, kind)}" for kind, n in sorted(bag_counts(s).items()))
        return (
            "Draw a token from the real bag and type the name it shows (e.g. "
            f"{kind_name(s, s.bag[0])}), or token KIND with Saloon's id (e.g. token {s.bag[0]}). "
            f"The bag holds {len(s.bag)}: {inside}."
        )

    def answer(self, s: DungeonsState, outcome: Outcome) -> None:
        assert isinstance(outcome, Token)
        bag_take(s, outcome.kind)
        space = self.space
        if s.options.house("creature_quota"):
            space = quota_space(s, space)
        e = add_enemy(s, outcome.kind, space)
        who = "" if self.gm < 0 else f"{s.name(self.gm)} (the GM) draws "
        what = _a(kind_name(s, e.kind))
        if who:
            s.say("spawn", f"{who}{what} from the bag: it goes to {space_words(s, space)}.")
        else:
            s.say(
                "spawn",
                f"{upper_first(what)} is drawn from the bag and goes to {space_words(s, space)}.",
            )


def _a(name: str) -> str:
    """A token's name with its article (``a Goblin``, ``an Owlbear``, ``the
    Kraken``: there is one)."""
    if name in ("Kraken",):
        return "the " + name
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def quota_space(s: DungeonsState, space: int) -> int:
    """Creature Quota (Part IV, Suggestions): a space holding three enemies
    passes the spawn to the next numbered space, looping, never the Village
    (if every space is full, the first choice stands)."""
    spaces = numbered(s)
    start = spaces.index(space)
    for k in range(len(spaces)):
        sp = spaces[(start + k) % len(spaces)]
        if len(enemies_in(s, sp)) < QUOTA:
            return sp
    return space


@dataclass(frozen=True, slots=True)
class Spawn(Step):
    """Spawn an enemy into ``space`` (0: a random space, the map's die),
    if the bag holds a token. ``gm`` draws it."""

    space: int = 0
    gm: int = -1

    def run(self, s: DungeonsState) -> None:
        if not s.bag:
            s.say("spawn", "The bag is empty: no enemy is spawned.")
            return
        if self.space > 0:
            push(s, BagDraw(space=self.space, gm=self.gm))
        else:
            push(s, MapDie(then="spawn", seat=self.gm))


def move_enemy(s: DungeonsState, e: Enemy, space: int) -> None:
    """An enemy goes to another space (a card, a skill): it is no longer
    engaged with the active hero unless he is there."""
    s.set_enemy(replace(e, space=space))
    t = s.turn
    if t is not None and s.heroes[t.seat].space != space:
        forget(s, e.uid)
    s.say("enemy", f"{upper_first(enemy_name(s, e))} moves to {space_words(s, space)}.")


# -- choosing a space --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseSpace(Decision):
    """``seat`` picks a space among ``spaces`` for ``purpose`` (a card's
    ``where``: adjacent, chosen, bounty); the follow-up is in
    :func:`space_chosen`."""

    seat: int
    spaces: tuple[int, ...]
    purpose: str
    subject: int = -1
    uid: int = 0

    def legal(self, s: DungeonsState) -> list[Action]:
        return [Pick("space", space_name(sp)) for sp in self.spaces]

    def prompt(self, s: DungeonsState) -> str:
        what = {
            "spawn": "the space the enemy is spawned in",
            "move-enemy": "the space the enemy goes to",
            "send": f"the space {s.name(self.subject)} is sent to",
            "free-move": "the space to move to (no action)",
            "disengage": "the space to slip away to",
            "chib": "the space the chib runs to",
        }
        return what.get(self.purpose, f"a space for {self.purpose.replace('-', ' ')}")

    def answer(self, s: DungeonsState, action: Action) -> None:
        assert isinstance(action, Pick)
        from saloon.games.dungeons.actions import parse_space

        space_chosen(s, self, parse_space(action.value))


def space_chosen(s: DungeonsState, node: ChooseSpace, space: int) -> None:
    from saloon.games.dungeons.rules import moves

    p = node.purpose
    if p == "spawn":
        s.say("choose", f"{s.name(node.seat)} picks {space_words(s, space)}.")
        push(s, Spawn(space=space, gm=node.seat))
    elif p == "move-enemy":
        e = s.find_enemy(node.uid)
        if e is not None:
            move_enemy(s, e, space)
    elif p == "send":
        moves.relocate(s, node.subject, space)
    elif p == "free-move":
        moves.relocate(s, node.subject, space, free_move=True)
    elif p == "disengage" or p == "chib":
        moves.relocate(s, node.subject, space)
    else:
        raise AssertionError(p)
