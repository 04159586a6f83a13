"""The state of a game of Cowboys and its transitions.

Cowboys rulebook, Game Turn: the sides act in turn, each with all of its
figures, one at a time; each figure takes a move action or a shoot action,
or nothing. The engine is a state machine (the core contract): a side to
act chooses a figure's whole action (:mod:`saloon.games.cowboys.actions`);
card windows are decisions with ``pass``; every 2d6 roll and every card
dealt is a chance node. Rulings CW-T1.. are in ``docs/rulings.md``,
"Cowboys: the turn, moves and shots".

The phases:

* ``DEAL`` (chance): the cards, one at a time, in rounds from the first side;
* ``SELECT``: the side acting picks a figure's action, or ``end``;
* ``ANSWER``: an opposing side may answer an announced action or a card;
* ``START``, ``BEFORE_SHOT``, ``AFTER_HIT``: the acting side's own windows;
* ``ALLY``: the acting side directs an opposing town folk (Friend in Town);
* ``ROLL`` (chance): two dice for a shot (a shotgun shot rolls twice);
* ``OVER``.
"""

from __future__ import annotations

import enum
from bisect import bisect_right
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import chain
from typing import TYPE_CHECKING, Any, overload

import numpy as np

from saloon.core.action import Action, Event, Outcome
from saloon.core.errors import ContentError
from saloon.core.state import CHANCE, ActionGroup, Result, State
from saloon.games.cowboys.actions import (
    END,
    PASS,
    ROLL_OUTCOMES,
    ROLLS,
    Act,
    Arm,
    Deal,
    Draw,
    End,
    Move,
    Pickup,
    Play,
    Reload,
    Roll,
    Shoot,
    Spin,
    Wait,
    card_face,
    parse_dice,
)
from saloon.games.cowboys.board import XY, Town
from saloon.games.cowboys.cards import Card, Deck, Effect, Window, load_deck
from saloon.games.cowboys.geometry import FACINGS, STEPS, SightLine, sight
from saloon.games.cowboys.options import CowboysOptions
from saloon.games.cowboys.rules import moves as mv
from saloon.games.cowboys.rules.cards_play import answer_plays, shot_plays, start_plays
from saloon.games.cowboys.rules.figures import (
    COWBOY_HEALTH,
    TOWNFOLK_HEALTH,
    Dropped,
    Figure,
    Held,
    Horse,
)
from saloon.games.cowboys.rules.setup import Goal, Setup
from saloon.games.cowboys.rules.shots import (
    ShotInfo,
    dice_text,
    firing_weapon,
    shot_info,
)
from saloon.games.cowboys.rules.victory import winner_at_limit, winner_now
from saloon.games.cowboys.shotchart import ShotChart, Weapon, load_shot_chart, roll_hits

if TYPE_CHECKING:
    from saloon.core.game import Game


class Phase(enum.IntEnum):
    DEAL = 0
    SELECT = 1
    ANSWER = 2
    START = 3
    ALLY = 4
    BEFORE_SHOT = 5
    ROLL = 6
    AFTER_HIT = 7
    OVER = 8


_DECISIONS = frozenset({Phase.SELECT, Phase.START, Phase.ALLY, Phase.BEFORE_SHOT, Phase.AFTER_HIT})


@dataclass(frozen=True, slots=True)
class Pending:
    """The action being carried out, and where it stands.

    ``stage``: ``start`` (the acting side's start window), ``execute``,
    ``before`` (the window before a shot), ``roll``, ``after`` (the window
    after a hit), ``damage``. ``card`` is a card just played, waiting for the
    answers before it takes effect. A shot's ``info`` is fixed when it is
    fired; ``hits`` counts the current shot's hits (both rolls of a shotgun).
    """

    act: Act
    stage: str = "start"
    ally: bool = False
    card: str | None = None
    card_target: str | None = None
    need_run: bool = False
    run: int = 0
    info: ShotInfo | None = None
    target_id: str | None = None
    shots: int = 0
    shot: int = 0
    roll: int = 0
    hits: int = 0
    shot_bonus: int = 0
    action_bonus: int = 0
    factor: int = 1
    knock: bool = False


@cache
def _deck(path: str | None, forbidden: tuple[str, ...], source: str) -> Deck:
    return load_deck(path).with_forbidden(forbidden, source=source)


def _slots(weapons: Sequence[str], where: str) -> tuple[Held, ...]:
    out: list[Held] = []
    for name in weapons:
        try:
            w = Weapon(name)
        except ValueError:
            raise ContentError(f"{where}: {name!r} is not a pistol, rifle or shotgun") from None
        slot = w.value
        if w is Weapon.PISTOL and any(h.slot == "pistol" for h in out):
            slot = "pistol2"
        if any(h.slot == slot for h in out) or (
            w is not Weapon.PISTOL and any(h.weapon is not Weapon.PISTOL for h in out)
        ):
            raise ContentError(f"{where}: at most two pistols and one rifle or shotgun")
        out.append(Held(slot, w, w.capacity))
    return tuple(out)


_UNSEEN: Any = object()
#: How many figures' lists of move actions a town keeps (``CowboysState._moves``).
_MOVE_ACTS_CACHE = 20_000
#: A figure's move actions for one reach: by end, its square, whether
#: mounted, and the move there in each facing; off the town; the squares of
#: the ends; and the lists without the ends other figures stand on (and the
#: move that changes nothing), by those figures' squares and his facing.
_MoveActs = tuple[
    tuple[tuple[XY, bool, tuple["Move", ...]], ...],
    tuple[Act, ...],
    frozenset[XY],
    dict[tuple[frozenset[XY], str], tuple[tuple[Act, ...], ...]],
]


class Actions(Sequence[Action]):
    """A list of actions kept in the pieces it was made of (a figure's moves
    to each square are derived once and shared between states): indexing
    finds the piece, so a random choice never copies the whole list.

    >>> a = Actions([(END,), (), (PASS, END)])
    >>> len(a), a[1], a[-1], list(a), PASS in a, a.index(END, 1)
    (3, Pass(), End(), [End(), Pass(), End()], True, 2)
    """

    __slots__ = ("_chunks", "_ends", "_n")

    def __init__(self, chunks: Sequence[Sequence[Action]]) -> None:
        self._chunks = [c for c in chunks if c]
        ends: list[int] = []
        n = 0
        for c in self._chunks:
            n += len(c)
            ends.append(n)
        self._ends = ends
        self._n = n

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, k: int) -> Action: ...

    @overload
    def __getitem__(self, k: slice) -> Sequence[Action]: ...

    def __getitem__(self, k: int | slice) -> Action | Sequence[Action]:
        if isinstance(k, slice):
            return list(self)[k]
        if k < 0:
            k += self._n
        if not 0 <= k < self._n:
            raise IndexError("action index out of range")
        c = bisect_right(self._ends, k)
        return self._chunks[c][k - (self._ends[c - 1] if c else 0)]

    def __iter__(self) -> Iterator[Action]:
        return chain.from_iterable(self._chunks)

    def __contains__(self, action: object) -> bool:
        return any(action in c for c in self._chunks)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(other) == self._n and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Actions({list(self)!r})"


class CowboysState(State):
    """A game of Cowboys in progress (see the module docstring)."""

    options: CowboysOptions

    def __init__(self, game: Game, options: CowboysOptions, setup: Setup) -> None:
        super().__init__(game, options, len(setup.sides))
        self.setup = setup
        self.town: Town = setup.town
        self.chart: ShotChart = load_shot_chart(options.chart)
        self.deckdef = _deck(options.cards, tuple(setup.forbidden), setup.name)
        n = len(setup.sides)
        town = setup.town
        figures: list[Figure] = []
        horses: list[Horse] = []
        taken: set[XY] = set()
        placed = [(s, fs) for s, side in enumerate(setup.sides) for fs in side.figures]
        placed += [(-1, fs) for fs in setup.bystanders]
        if True:
            for s, fs in placed:
                where = f"{setup.name}: {fs.id}"
                if fs.id[:1] not in ("C", "T") or not fs.id[1:].isdigit():
                    raise ContentError(f"{where}: a figure is C<number> or T<number>")
                sq = town.square(fs.at)
                if sq in taken:
                    raise ContentError(f"{where}: two figures on {fs.at}")
                taken.add(sq)
                weapons = _slots(fs.weapons, where)
                horse = None
                if fs.mounted:
                    if not town.horse_ok(sq):
                        raise ContentError(f"{where}: a horse cannot stand on {fs.at}")
                    horse = len(horses)
                    horses.append(Horse(f"H{horse + 1}", sq, fs.facing, rider=len(figures)))
                cowboy = fs.id[0] == "C"
                figures.append(
                    Figure(
                        id=fs.id,
                        side=s,
                        square=sq,
                        facing=fs.facing,
                        health=fs.health
                        if fs.health is not None
                        else COWBOY_HEALTH
                        if cowboy
                        else TOWNFOLK_HEALTH,
                        modifier=fs.modifier,
                        name=fs.name,
                        weapons=weapons,
                        in_hand=None if fs.holstered or not weapons else weapons[0].slot,
                        horse=horse,
                        loot=fs.loot,
                    )
                )
        obstacles: set[XY] = set()
        ground: list[Dropped] = []
        for kind, at, facing in setup.objects:
            sq = town.square(at)
            if kind == "horse":
                horses.append(Horse(f"H{len(horses) + 1}", sq, facing))
            elif kind in ("cattle", "stagecoach"):
                obstacles.add(sq)
            elif kind == "loot":
                ground.append(Dropped(sq, None))
            else:
                ground.extend(Dropped(sq, h) for h in _slots([kind], f"{setup.name}: {at}"))
        self.figures = figures
        self.horses = horses
        self.index = {f.id: i for i, f in enumerate(figures)}
        self.horse_index = {h.id: k for k, h in enumerate(horses)}
        self.obstacles = frozenset(obstacles)
        self.ground = ground
        self.order = tuple((setup.first + k) % n for k in range(n))
        self.hands: list[tuple[str, ...]] = [() for _ in range(n)]
        self.deck: tuple[str, ...] = tuple(str(c) for c in self.deckdef)
        most = max(side.cards for side in setup.sides)
        self.deal_queue = tuple(
            s for k in range(most) for s in self.order if setup.sides[s].cards > k
        )
        self.played: list[tuple[int, str]] = []
        self.known: list[frozenset[str]] = [frozenset() for _ in range(n)]
        self.turn = 1
        self.part = 0
        self.active = self.order[0]
        self.own_used = [False] * n
        self.opp_used = [False] * n
        self.fired = False
        self.pending: Pending | None = None
        self.resume: Pending | None = None
        self.ally: str | None = None
        self.answer_queue: tuple[int, ...] = ()
        self.answering = ""
        self.loot_squares = frozenset(town.square(r) for r in setup.loot_squares)
        self.locked_squares = frozenset(town.square(r) for r in setup.locked[1])
        self.unlocked = False
        self.leavers = {k: v for k, v in setup.leavers}
        self.winner: int | None = None
        self.category = ""
        self._cache: dict[Any, Any] = {}
        self.phase = Phase.DEAL
        if not self.deal_queue:
            self._begin()

    # -- small helpers ---------------------------------------------------------------

    def card(self, face: str) -> Card:
        return _faces(self.deckdef)[face]

    def side_name(self, side: int) -> str:
        return self.setup.sides[side].name or f"Side {side + 1}"

    def ref(self, xy: XY | None) -> str:
        return "off the town" if xy is None else _refs(self.town)[0][xy]

    def square_of(self, ref: str) -> XY | None:
        """The town square of a reference such as ``B:c7`` (``None`` if none)."""
        return _refs(self.town)[1].get(ref)

    def blockers(self) -> frozenset[XY]:
        from saloon.games.cowboys.rules.shots import blockers

        got = self._cache.get("blockers")
        if got is None:
            got = self._cache["blockers"] = blockers(self)
        return got

    def occupied(self) -> frozenset[XY]:
        from saloon.games.cowboys.rules.shots import occupied

        got = self._cache.get("occupied")
        if got is None:
            got = self._cache["occupied"] = occupied(self)
        return got

    def free_horses(self) -> tuple[XY, ...]:
        """The squares of the horses a figure may mount now (alive, no
        rider, not ridden this turn), in the horses' order, each once."""
        got: tuple[XY, ...] | None = self._cache.get("free-horses")
        if got is None:
            squares: dict[XY, None] = {}
            for h in self.horses:
                if h.alive and h.rider is None and not h.moved and h.square is not None:
                    squares.setdefault(h.square, None)
            got = self._cache["free-horses"] = tuple(squares)
        return got

    def _sight_lines(self) -> dict[tuple[XY, XY], SightLine | None]:
        lines: dict[tuple[XY, XY], SightLine | None] | None = self._cache.get("sight")
        if lines is None:
            lines = self._cache["sight"] = {}
        return lines

    def sight_line(self, shooter: XY, target: XY) -> SightLine | None:
        """The line of sight between two squares as the town stands now
        (:func:`~saloon.games.cowboys.geometry.sight`), kept until the next
        transition."""
        lines = self._sight_lines()
        key = (shooter, target)
        if key in lines:
            got: SightLine | None = lines[key]
            return got
        line = lines[key] = sight(
            self.town, shooter, target, blockers=self.blockers(), occupied=self.occupied()
        )
        return line

    def goal_squares(self, goal: Goal) -> frozenset[XY]:
        return frozenset(self.town.square(r) for r in goal.squares)

    def name_of(self, target: str) -> str:
        """How the log names ``target``: ``Cowboy 5``, ``Horse 1``."""
        if target[0] == "H":
            return f"Horse {target[1:]}"
        return self.figures[self.index[target]].short if target in self.index else target

    def _log(
        self, kind: str, text: str, player: int | None = None, to: tuple[int, ...] | None = None
    ) -> None:
        self.log.append(Event(kind, text, player, to))

    # -- the contract ------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        ph = self.phase
        if ph in _DECISIONS:
            return self.active
        if ph == Phase.ANSWER:
            return self.answer_queue[0]
        if ph == Phase.OVER:
            return None
        return CHANCE

    def legal_actions(self) -> Sequence[Action]:
        got: Sequence[Action] | None = self._cache.get("legal")
        if got is not None:
            return got
        out = self._legal()
        self._cache["legal"] = out
        return out

    def _legal(self) -> Sequence[Action]:
        ph = self.phase
        p = self.pending
        if ph == Phase.SELECT:
            chunks: list[Sequence[Action]] = []
            for i, f in enumerate(self.figures):
                if f.side == self.active and f.standing and f.actions > 0:
                    chunks.extend(self._figure_chunks(i, False))
            chunks.append((END,))
            return Actions(chunks)
        if ph == Phase.ALLY:
            assert self.ally is not None
            return list(self.figure_actions(self.index[self.ally], ally=True))
        if ph == Phase.START:
            assert p is not None
            plays: list[Action] = list(start_plays(self, self.active, p))
            return plays if p.need_run else [*plays, PASS]
        if ph == Phase.BEFORE_SHOT or ph == Phase.AFTER_HIT:
            assert p is not None
            w = Window.OWN_BEFORE_SHOT if ph == Phase.BEFORE_SHOT else Window.OWN_AFTER_HIT
            return [*shot_plays(self, self.active, w, p), PASS]
        if ph == Phase.ANSWER:
            return [*answer_plays(self, self.answer_queue[0], self.answering), PASS]
        return []

    def is_legal(self, action: Action) -> bool:
        ph = self.phase
        if ph == Phase.SELECT:
            if isinstance(action, End):
                return True
            if not isinstance(action, Act):
                return False
            i = self.index.get(action.fig)
            if i is None:
                return False
            f = self.figures[i]
            if f.side != self.active or not f.standing or f.actions <= 0:
                return False
            return self.act_legal(i, action)
        if ph == Phase.ALLY:
            return (
                isinstance(action, Act)
                and action.fig == self.ally
                and self.act_legal(self.index[action.fig], action, ally=True)
            )
        if ph in (Phase.START, Phase.BEFORE_SHOT, Phase.AFTER_HIT, Phase.ANSWER):
            return action in self.legal_actions()
        return False

    def figure_actions(self, i: int, ally: bool = False) -> tuple[Act, ...]:
        """Every action figure ``i`` may take now: shots first, then
        reloads, moves, weapon changes and pick-ups, then ``wait``."""
        key = ("fig", i, ally)
        got = self._cache.get(key)
        if got is None:
            got = self._cache[key] = tuple(chain.from_iterable(self._figure_chunks(i, ally)))
        return got

    def may_fire(self, f: Figure) -> bool:
        """Special rule ``surprise``: no shooting in the first turns."""
        sides, turns = self.setup.surprise
        return not (f.side in sides and self.turn <= turns)

    def may_reload(self, f: Figure, h: Held) -> bool:
        """Reload: cowboys; town folk only to clear a jam (CW-T13); never a
        side under the special rule ``no_reload``."""
        if f.side in self.setup.no_reload:
            return False
        return (f.cowboy and not h.full) or h.jammed

    def may_move(self, f: Figure, ally: bool) -> bool:
        """Moves before shots (CW-T2), Knock-Down, and the special rule
        ``locked_up``."""
        if f.no_move or (not ally and self.options.moves_first and self.fired):
            return False
        return self.unlocked or f.id not in self.setup.locked[0]

    def act_legal(self, i: int, act: Act, ally: bool = False) -> bool:
        """Whether figure ``i`` may take ``act`` now, checked directly (no
        list of every action is built)."""
        cached = self._cache.get(("fig", i, ally))
        if cached is not None:
            return act in cached
        f = self.figures[i]
        if isinstance(act, Wait):
            return True
        if isinstance(act, (Shoot, Draw, Spin)):
            if not self.may_fire(f) or act.target not in self._targets(self.active):
                return False
            if isinstance(act, Shoot):
                return (
                    f.held() is not None
                    and act.shots in (1, 2)
                    and shot_info(self, i, act.target, shots=act.shots) is not None
                )
            if isinstance(act, Draw):
                return f.held() is None and shot_info(self, i, act.target, verb="draw") is not None
            return (
                f.held() is not None
                and f.horse is None
                and act.facing != f.facing
                and shot_info(self, i, act.target, verb="spin", facing=act.facing) is not None
            )
        if isinstance(act, Reload):
            h = f.weapon(act.slot)
            return h is not None and self.may_reload(f, h)
        if not self.may_move(f, ally):
            return False
        if isinstance(act, Arm):
            return (
                f.movement >= mv.WEAPON_COST
                and act.slot != f.in_hand
                and f.weapon(act.slot) is not None
            )
        if isinstance(act, Pickup):
            return (
                f.movement >= mv.WEAPON_COST
                and f.id not in self.setup.prisoners
                and act.item in self._pickups(i)
            )
        if isinstance(act, Move):
            opts = self.move_options(i, ally)
            if act.off:
                return (act.facing, act.ride) in opts.exits | opts.exits_extra
            xy = self.square_of(act.dest)
            if xy is None or mv.pointless(f, xy, act.ride, act.facing):
                return False
            return (xy, act.ride) in opts.ends or (xy, act.ride) in opts.extra
        return False

    def _targets(self, controller: int) -> list[str]:
        return [t for t, _ in self._target_places(controller)]

    def _target_places(self, controller: int) -> tuple[tuple[str, XY], ...]:
        """What ``controller``'s figures may shoot at, each with its square:
        the other sides' standing figures (not neutral bystanders) and the
        live horses not ridden by his own."""
        key = ("targets", controller)
        got: tuple[tuple[str, XY], ...] | None = self._cache.get(key)
        if got is not None:
            return got
        neutral = self.setup.neutral
        out: list[tuple[str, XY]] = [
            (g.id, g.square)
            for g in self.figures
            if g.side != controller
            and g.standing
            and g.square is not None
            and not (neutral and g.side < 0)
        ]
        for h in self.horses:
            if (
                h.alive
                and h.square is not None
                and (h.rider is None or self.figures[h.rider].side != controller)
            ):
                out.append((h.id, h.square))
        got = self._cache[key] = tuple(out)
        return got

    def _figure_chunks(self, i: int, ally: bool) -> list[Sequence[Act]]:
        """:meth:`figure_actions` in pieces: the shots and reloads, the
        moves (in pieces, as :meth:`_moves` keeps them), and the rest."""
        f = self.figures[i]
        fid = f.id
        out: list[Act] = []
        held = f.held()
        # Shoot Actions: shoot, draw and shoot, spin and shoot (the checks of
        # shots.shot_info, shared between the ways of shooting at a target).
        if self.may_fire(f) and f.standing and f.square is not None:
            here = f.square
            hx, hy = here
            cowboy = f.cowboy
            ok = held is not None and not held.jammed and (not cowboy or held.ammo >= 1)
            two = ok and (not cowboy or (held is not None and held.ammo >= 2))
            drawn = firing_weapon(f, "draw") if held is None else None
            if drawn is not None and (drawn.jammed or (cowboy and drawn.ammo < 1)):
                drawn = None
            weapon = held.weapon if ok and held is not None else None
            if weapon is None and drawn is not None:
                weapon = drawn.weapon
            spin = ok and f.horse is None
            sx, sy = STEPS[f.facing]
            others = [STEPS[g] + (g,) for g in FACINGS if g != f.facing] if spin else []
            if weapon is not None:
                reach = self.chart.max_range(weapon)
                lines = self._sight_lines()
                town, blk, occ = self.town, self.blockers(), self.occupied()
                for t, sq in self._target_places(self.active):
                    dx, dy = sq[0] - hx, sq[1] - hy
                    rng = max(abs(dx), abs(dy))
                    if rng < 1 or rng > reach:
                        continue
                    front = dx * sx + dy * sy >= 0
                    seen: bool | None = None
                    if front:
                        line = lines.get((here, sq), _UNSEEN)
                        if line is _UNSEEN:
                            line = lines[(here, sq)] = sight(
                                town, here, sq, blockers=blk, occupied=occ
                            )
                        seen = line is not None
                    if not ok:
                        if seen:
                            out.append(Draw(fid, t))
                        continue
                    if seen:
                        out.append(Shoot(fid, t, 1))
                        if two:
                            out.append(Shoot(fid, t, 2))
                    for fx, fy, facing in others:
                        if dx * fx + dy * fy >= 0:
                            if seen is None:
                                seen = self.sight_line(here, sq) is not None
                            if seen:
                                out.append(Spin(fid, facing, t))
        # Reload: cowboys; town folk only to clear a jam (CW-T13).
        for h in f.weapons:
            if self.may_reload(f, h):
                out.append(Reload(fid, h.slot))
        # Move actions, before any shoot action of the side (moves_first).
        if self.may_move(f, ally):
            chunks: list[Sequence[Act]] = [out, *self._moves(i, ally)]
            out = []
            if f.movement >= mv.WEAPON_COST:
                for h in f.weapons:
                    if h.slot != f.in_hand:
                        out.append(Arm(fid, h.slot))
                if fid not in self.setup.prisoners:
                    for item in self._pickups(i):
                        out.append(Pickup(fid, item))
        else:
            chunks = []
        out.append(Wait(fid))
        chunks.append(out)
        return chunks

    def run_points(self, side: int) -> int:
        """The most extra points a Run card in ``side``'s hand could add now."""
        if self.own_used[side]:
            return 0
        best = 0
        for face in self.hands[side]:
            c = self.card(face)
            if c.effect is Effect.RUN:
                best = max(best, c.number("squares"))
        return best

    def move_options(self, i: int, ally: bool = False) -> mv.MoveOptions:
        key = ("moves", i, ally)
        got = self._cache.get(key)
        if got is None:
            run = 0 if ally else self.run_points(self.active)
            got = self._cache[key] = mv.move_options(self, i, run)
        return got

    def _moves(self, i: int, ally: bool) -> tuple[tuple[Act, ...], ...]:
        """Figure ``i``'s move actions: to each end he may reach (with a Run
        card's points too) in each facing but the one that changes nothing,
        then off the town. The actions are derived once per reach and
        (:func:`~saloon.games.cowboys.rules.moves.reach_key`); the ends on
        other figures and the move that changes nothing are taken out here."""
        f = self.figures[i]
        run = 0 if ally else self.run_points(self.active)
        key = (f.id, mv.reach_key(self, f, run))
        cache = self.town.cache.get("move-acts")
        if not isinstance(cache, dict):
            cache = self.town.cache["move-acts"] = {}
        got: _MoveActs | None = cache.get(key)
        if got is None:
            ends_all, extra_all, exits, exits_extra = mv.reach_of(self, f, run)
            keys = list(ends_all)
            keys += [k for k in extra_all if k not in ends_all]
            # The moves to an end, in each facing, made once per figure and end.
            made = self.town.cache.get("moves-to")
            if not isinstance(made, dict):
                made = self.town.cache["moves-to"] = {}
            per_end: list[tuple[XY, bool, tuple[Move, ...]]] = []
            for xy, m in keys:
                ms = made.get((f.id, xy, m))
                if ms is None:
                    ref = self.ref(xy)
                    ms = made[(f.id, xy, m)] = tuple(Move(f.id, ref, fc, m) for fc in FACINGS)
                per_end.append((xy, m, ms))
            leave: tuple[Act, ...] = tuple(
                Move(f.id, "off", facing, m) for facing, m in sorted(exits | exits_extra)
            )
            got = (tuple(per_end), leave, frozenset(xy for xy, _ in keys), {})
            if len(cache) > _MOVE_ACTS_CACHE:
                cache.clear()
            cache[key] = got
        per, off, squares, lists = got
        # The figures standing where he could end, which he may not end on.
        near = frozenset(
            g.square
            for j, g in enumerate(self.figures)
            if j != i and g.square in squares and g.standing and g.square
        )
        acts = lists.get((near, f.facing))
        if acts is None:
            # A move to his own square, as he is, facing as he faces changes nothing.
            here, mounted, facing = f.square, f.horse is not None, f.facing
            chunks: list[tuple[Act, ...]] = []
            for xy, m, ms in per:
                if xy in near:
                    continue
                if xy == here and m == mounted:
                    chunks.append(tuple(a for a in ms if a.facing != facing))
                else:
                    chunks.append(ms)
            chunks.append(off)
            acts = lists[(near, facing)] = tuple(chunks)
        return acts

    def _pickups(self, i: int) -> list[str]:
        f = self.figures[i]
        items: list[str] = []
        for d in self.ground:
            if d.square != f.square or d.item in items:
                continue
            if d.held is None:
                if not f.loot:
                    items.append("loot")
            elif _room_for(f, d.held.weapon):
                items.append(d.item)
        return items

    def chance_outcomes(self) -> Sequence[tuple[Outcome, float]]:
        if self.phase == Phase.ROLL:
            return ROLL_OUTCOMES
        if self.phase == Phase.DEAL:
            p = 1.0 / len(self.deck)
            return [(Deal(c), p) for c in self.deck]
        return super().chance_outcomes()

    def sample_chance(self, rng: np.random.Generator) -> Outcome:
        if self.phase == Phase.ROLL:
            a, b = rng.integers(1, 7, size=2)
            lo, hi = (int(a), int(b)) if a <= b else (int(b), int(a))
            return ROLLS[(lo - 1) * (14 - lo) // 2 + (hi - lo)]
        if self.phase == Phase.DEAL:
            return Deal(self.deck[int(rng.integers(len(self.deck)))])
        return super().sample_chance(rng)

    def chance_prompt(self) -> str:
        if self.phase == Phase.ROLL:
            p = self.pending
            what = ""
            if p is not None and p.info is not None and p.target_id is not None:
                f = self.figures[self.index[p.act.fig]]
                what = (
                    f" ({f.short}'s {p.info.weapon} at {self.name_of(p.target_id)}, "
                    f"needs {p.info.needed})"
                )
            return f"two dice, e.g. 3 5{what}"
        if self.phase == Phase.DEAL:
            side = self.side_name(self.deal_queue[0])
            return f"the card dealt to {side}, by its face, e.g. {self.deck[0]}"
        return super().chance_prompt()

    def parse(self, text: str) -> Action:
        if self.phase == Phase.ROLL:
            r = parse_dice(text)
            if r is not None:
                return r
        if self.phase == Phase.DEAL and len(text.split()) == 1:
            try:
                return Deal(card_face(text))
            except ValueError:
                pass
        return self.game.parse_action(text)

    # -- transitions -------------------------------------------------------------------

    def apply_unchecked(self, action: Action) -> None:
        self._cache.clear()
        ph = self.phase
        if ph == Phase.DEAL:
            assert isinstance(action, Deal)
            self._deal(action.card)
        elif ph == Phase.ROLL:
            assert isinstance(action, Roll)
            self._roll(action)
        elif ph == Phase.SELECT:
            if isinstance(action, End):
                self._log(
                    "end",
                    f"{self.side_name(self.active)} ends its part of turn {self.turn}.",
                    self.active,
                )
                self._next_part()
            else:
                assert isinstance(action, Act)
                self._announce(action)
        elif ph == Phase.ALLY:
            assert isinstance(action, Act)
            self.ally = None
            f = self.figures[self.index[action.fig]]
            if isinstance(action, Wait):
                self._log(
                    "ally",
                    f"{f.short} does nothing for {self.side_name(self.active)}.",
                    self.active,
                )
                self.pending = self.resume
                self.resume = None
            else:
                self._log(
                    "ally",
                    f"{self.side_name(self.active)} directs {f.short}: "
                    f"{self.describe_action(action)}.",
                    self.active,
                )
                self.pending = Pending(action, stage="execute", ally=True)
        elif ph == Phase.ANSWER:
            self._answer(action)
        else:
            p = self.pending
            assert p is not None
            after = {Phase.START: "execute", Phase.BEFORE_SHOT: "roll", Phase.AFTER_HIT: "damage"}[
                ph
            ]
            if isinstance(action, Play):
                self._play_own(action, replace(p, stage=after))
            else:
                self.pending = replace(p, stage=after)
        self._advance()
        # What was derived during the transition may describe the state
        # before it (a horse ridden away): derive it again when asked.
        self._cache.clear()

    def _deal(self, face: str) -> None:
        side = self.deal_queue[0]
        self.deal_queue = self.deal_queue[1:]
        self.deck = tuple(c for c in self.deck if c != face)
        self.hands[side] = self._sorted((*self.hands[side], face))
        card = self.card(face)
        self._log("deal", f"{self.side_name(side)} is dealt {face} ({card.name}).", side, (side,))
        self._log(
            "deal",
            f"{self.side_name(side)} is dealt a card ({len(self.hands[side])} in hand, "
            f"{len(self.deck)} left in the deck).",
            side,
        )
        if not self.deal_queue:
            self._begin()

    def _sorted(self, faces: Sequence[str]) -> tuple[str, ...]:
        order = self._deck_order()
        return tuple(sorted(faces, key=order.__getitem__))

    def _deck_order(self) -> dict[str, int]:
        return _order(self.deckdef)

    def _begin(self) -> None:
        """Game Set Up done: turn 1 begins with the first side."""
        self.turn = 1
        self.part = 0
        self.active = self.order[0]
        self._start_turn()
        self._start_part()
        self.phase = Phase.SELECT

    def _start_turn(self) -> None:
        n = self.num_players
        self.own_used = [False] * n
        self.opp_used = [False] * n
        self.horses = [replace(h, moved=False) if h.moved else h for h in self.horses]

    def _start_part(self) -> None:
        """A side's part of the turn: each standing figure may act once; a
        figure whose horse was killed under him loses this part; a knocked
        down figure may not move in it (CW-T3)."""
        side = self.active
        self.fired = False
        for i, f in enumerate(self.figures):
            if f.side == side:
                self.figures[i] = replace(
                    f,
                    actions=0 if f.stunned or not f.standing else 1,
                    stunned=False,
                    no_move=f.knocked,
                    knocked=False,
                )
        self._log(
            "turn", f"Turn {self.turn} of {self.setup.turns}: {self.side_name(side)} acts.", side
        )

    def _next_part(self) -> bool:
        """End the acting side's part; the next side acts, or the next turn
        begins, or the last turn is over. False when the game has ended."""
        for i, f in enumerate(self.figures):
            if f.side == self.active and (f.actions or f.no_move):
                self.figures[i] = replace(f, actions=0, no_move=False)
        self.part += 1
        if self.part >= len(self.order):
            if self.turn >= self.setup.turns:
                w = winner_at_limit(self)
                self._over(w, "turn limit")
                return False
            self.turn += 1
            self.part = 0
            self._start_turn()
        self.active = self.order[self.part]
        self._start_part()
        return True

    def _over(self, winner: int | None, how: str) -> None:
        self.phase = Phase.OVER
        self.winner = winner
        self.category = how
        self.pending = None
        self.resume = None
        self.answer_queue = ()
        if winner is None:
            self._log("over", f"The game ends in a draw ({how}).")
        else:
            self._log("over", f"{self.side_name(winner)} wins ({how}).", winner)

    def _can_act(self, side: int) -> bool:
        return any(f.side == side and f.standing and f.actions > 0 for f in self.figures)

    def _advance(self) -> None:
        while True:
            if self.phase == Phase.OVER or self.phase == Phase.DEAL:
                return
            if self.answer_queue:
                self.phase = Phase.ANSWER
                return
            p = self.pending
            if p is None:
                if self.ally is not None:
                    self.phase = Phase.ALLY
                    return
                if self._can_act(self.active):
                    self.phase = Phase.SELECT
                    return
                if not self._next_part():
                    return
                continue
            if p.card is not None:
                self._card_effect(p)
                continue
            stage = p.stage
            if stage == "start":
                if not p.ally and start_plays(self, self.active, p):
                    self.phase = Phase.START
                    return
                self.pending = replace(p, stage="execute")
            elif stage == "execute":
                self._execute(p)
            elif stage == "before":
                if self._target_down(p):
                    left = p.shots - p.shot
                    self._log(
                        "shot",
                        f"{self.name_of(p.target_id or '')} is down: the "
                        f"{'shot' if left == 1 else f'{left} shots'} left "
                        f"{'is' if left == 1 else 'are'} spent without a roll.",
                        self.active,
                    )
                    self._finish(p)
                elif not p.ally and shot_plays(self, self.active, Window.OWN_BEFORE_SHOT, p):
                    self.phase = Phase.BEFORE_SHOT
                    return
                else:
                    self.pending = replace(p, stage="roll")
            elif stage == "roll":
                self.phase = Phase.ROLL
                return
            elif stage == "after":
                if not p.ally and shot_plays(self, self.active, Window.OWN_AFTER_HIT, p):
                    self.phase = Phase.AFTER_HIT
                    return
                self.pending = replace(p, stage="damage")
            elif stage == "damage":
                self._damage(p)
            else:  # pragma: no cover
                raise AssertionError(stage)

    def _target_down(self, p: Pending) -> bool:
        t = p.target_id
        if t is None:
            return False
        if t[0] == "H":
            return not self.horses[self.horse_index[t]].alive
        return not self.figures[self.index[t]].standing

    # -- announcing and answering ----------------------------------------------------

    def _announce(self, act: Act) -> None:
        i = self.index[act.fig]
        f = self.figures[i]
        if isinstance(act, Wait):
            self.figures[i] = replace(f, actions=f.actions - 1)
            self._log("wait", f"{f.label} does nothing this turn.", self.active)
            self._check_winner()
            return
        need_run = False
        if isinstance(act, Move):
            opts = self.move_options(i)
            if act.off:
                need_run = (act.facing, act.ride) not in opts.exits
            else:
                need_run = (self.square_of(act.dest), act.ride) not in opts.ends
        self.pending = Pending(act, need_run=need_run)
        self._log(
            "announce",
            f"{self.side_name(self.active)} announces: {self.describe_action(act)}.",
            self.active,
        )
        self._open_answers(act.kind)

    def _open_answers(self, kind: str) -> None:
        n = self.num_players
        queue = []
        for k in range(1, n):
            side = (self.active + k) % n
            if answer_plays(self, side, kind):
                queue.append(side)
        self.answer_queue = tuple(queue)
        self.answering = kind

    def _spend(self, side: int, face: str) -> None:
        hand = list(self.hands[side])
        hand.remove(face)
        self.hands[side] = tuple(hand)
        self.played.append((side, face))
        self.known = [k - {face} for k in self.known]

    def _answer(self, action: Action) -> None:
        side = self.answer_queue[0]
        if not isinstance(action, Play):
            self.answer_queue = self.answer_queue[1:]
            return
        self.answer_queue = ()
        self.opp_used[side] = True
        self._spend(side, action.card)
        card = self.card(action.card)
        p = self.pending
        assert p is not None
        who = self.side_name(side)
        if self.answering == "card":
            self._log(
                "card",
                f"{who} plays {action.card} ({card.name}): {p.card} "
                f"({self.card(p.card or '').name}) "
                "has no effect.",
                side,
            )
            self.pending = replace(p, card=None, card_target=None, run=0)
            return
        i = self.index[p.act.fig]
        f = self.figures[i]
        if card.effect is Effect.JAM:
            text = (
                f"{who} plays {action.card} ({card.name}): {f.short}'s shot is lost, no round spent"
            )
            if card.flag("until_reload"):
                held = firing_weapon(f, "draw" if isinstance(p.act, Draw) else "shoot")
                if held is not None:
                    self.figures[i] = f.with_weapon(replace(held, jammed=True))
                    text += f", and his {held.weapon} is jammed until reloaded"
            self._log("card", text + ".", side)
        else:
            self._log(
                "card",
                f"{who} plays {action.card} ({card.name}): {f.short}'s action is cancelled.",
                side,
            )
        self._finish(p)

    def _play_own(self, play: Play, p: Pending) -> None:
        side = self.active
        self.own_used[side] = True
        self._spend(side, play.card)
        card = self.card(play.card)
        aim = f" on {self._target_words(play.target)}" if play.target else ""
        self._log("card", f"{self.side_name(side)} plays {play.card} ({card.name}){aim}.", side)
        self.pending = replace(p, card=play.card, card_target=play.target)
        self._open_answers("card")

    def _target_words(self, target: str) -> str:
        if target[0] in "CTH" and target[1:].isdigit():
            return self.name_of(target)
        if target[0] == "s" and target[1:].isdigit():
            return self.side_name(int(target[1:]) - 1)
        return f"the {target}"

    def _card_effect(self, p: Pending) -> None:
        """A card that was not cancelled takes effect (CW-C12)."""
        assert p.card is not None
        card = self.card(p.card)
        t = p.card_target
        p = replace(p, card=None, card_target=None)
        self.pending = p
        e = card.effect
        side = self.active
        i = self.index[p.act.fig]
        if e is Effect.LASTING_BONUS and t:
            j = self.index[t]
            g = self.figures[j]
            self.figures[j] = replace(g, bonus=g.bonus + card.number("bonus"))
            self._log(
                "card",
                f"{g.short} shoots at {self.figures[j].bonus:+d} for the rest of the scenario.",
                side,
            )
        elif e is Effect.DOUBLE_ACTION:
            f = self.figures[i]
            self.figures[i] = replace(f, actions=f.actions + 1)
            self._log("card", f"{f.short} may take another move or shoot action this turn.", side)
        elif e is Effect.SHOT_BONUS:
            self.pending = replace(p, shot_bonus=p.shot_bonus + card.number("bonus"))
        elif e is Effect.ACTION_BONUS:
            self.pending = replace(p, action_bonus=p.action_bonus + card.number("bonus"))
        elif e is Effect.DAMAGE_MULTIPLIER:
            self.pending = replace(p, factor=p.factor * card.number("factor"))
        elif e is Effect.KNOCK_DOWN:
            self.pending = replace(p, knock=True)
        elif e is Effect.RUN:
            self.pending = replace(p, run=p.run + card.number("squares"))
            self._log(
                "card",
                f"{self.figures[i].short} has {card.number('squares')} more movement points "
                "for this move.",
                side,
            )
        elif e is Effect.LOOK_HAND:
            other = int(t[1:]) - 1 if t else next(s for s in range(self.num_players) if s != side)
            self.known[side] = self.known[side] | frozenset(self.hands[other])
            cards = ", ".join(f"{c} ({self.card(c).name})" for c in self.hands[other]) or "no cards"
            self._log("card", f"{self.side_name(other)}'s hand: {cards}.", side, (side,))
            self._log(
                "card", f"{self.side_name(side)} looks at {self.side_name(other)}'s hand.", side
            )
        elif e is Effect.SPEED_LOAD:
            f = self.figures[i]
            for h in f.weapons:
                if (t is None or h.slot == t) and (not h.full or h.jammed):
                    self._log(
                        "card",
                        f"{f.short}'s {h.weapon}: {h.ammo} → {h.weapon.capacity} rounds.",
                        side,
                    )
                    f = f.with_weapon(replace(h, ammo=h.weapon.capacity, jammed=False))
            self.figures[i] = f
        elif e is Effect.HEAL and t:
            j = self.index[t]
            g = self.figures[j]
            health = min(COWBOY_HEALTH, g.health + card.number("health"))
            self.figures[j] = replace(g, health=health)
            self._log(
                "card",
                f"{g.short}: {g.health} → {health} health (movement {self.figures[j].movement}).",
                side,
            )
        elif e is Effect.ALLY and t:
            self.resume = p
            self.pending = None
            self.ally = t

    # -- carrying out an action ----------------------------------------------------------

    def _finish(self, p: Pending) -> None:
        # An action is done: what was derived before it (the free horses,
        # who blocks a sight) may be out of date for the one it resumes
        # (Friend in Town: a town folk's action inside one's own).
        self._cache.clear()
        i = self.index[p.act.fig]
        f = self.figures[i]
        if not p.ally:
            self.figures[i] = replace(f, actions=max(0, f.actions - 1))
            if p.act.kind in ("fire", "reload"):
                self.fired = True
        self.pending = None
        if p.ally:
            self.pending = self.resume
            self.resume = None
        self._check_winner()

    def _check_winner(self) -> None:
        w = winner_now(self)
        if w is not None:
            goals = ", ".join(g.kind for g in self.setup.sides[w].goals)
            self._over(w, goals)

    def _execute(self, p: Pending) -> None:
        act = p.act
        i = self.index[act.fig]
        f = self.figures[i]
        side = self.active
        if not f.standing:
            self._log("act", f"{f.short} can no longer act.", side)
            self._finish(p)
            return
        if isinstance(act, Move):
            self._do_move(i, act, p)
            self._finish(p)
        elif isinstance(act, Arm):
            h = f.weapon(act.slot)
            if h is not None and f.movement >= mv.WEAPON_COST:
                self.figures[i] = replace(f, in_hand=act.slot)
                self._log(
                    "move",
                    f"{f.label} takes the {h.weapon} in hand (2 of {f.movement} points).",
                    side,
                )
            self._finish(p)
        elif isinstance(act, Pickup):
            self._pickup(i, act.item)
            self._finish(p)
        elif isinstance(act, Reload):
            h = f.weapon(act.slot)
            if h is not None:
                self.figures[i] = f.with_weapon(replace(h, ammo=h.weapon.capacity, jammed=False))
                self._log(
                    "reload",
                    f"{f.label} reloads the {h.weapon}: {h.ammo} → {h.weapon.capacity} rounds.",
                    side,
                )
            self._finish(p)
        elif isinstance(act, (Shoot, Draw, Spin)):
            self._fire(i, act, p)
        else:  # pragma: no cover
            raise AssertionError(act)

    def _do_move(self, i: int, act: Move, p: Pending) -> None:
        """Move Actions; Movement with Horses (CW-T5..T9)."""
        f = self.figures[i]
        side = self.active
        assert f.square is not None
        points = f.movement + p.run
        horses = () if f.id in self.setup.prisoners else self.free_horses()
        ends = mv.reach_from(self.town, f.square, points, f.horse is not None, horses)
        others = {g.square for j, g in enumerate(self.figures) if j != i and g.standing}
        if act.off:
            cands = [
                (r.rider_left + r.horse_left, xy)
                for (xy, m), r in ends.items()
                if m == act.ride
                and r.rider_left + r.horse_left >= mv.EXIT_COST
                and mv.outer_edge_open(self.town, xy, act.facing)
            ]
            if not cands:
                self._log(
                    "move", f"{f.label} cannot reach the {act.facing} edge now; he stays.", side
                )
                return
            best = max(cands)[1]
            reach = ends[(best, act.ride)]
        else:
            dest = self.town.square(act.dest)
            reach_or = ends.get((dest, act.ride))
            if reach_or is None or (dest in others):
                self._log("move", f"{f.label} cannot make that move now; he stays.", side)
                return
            reach = reach_or
        mount_at, last = mv.horse_path(reach.path)
        k = f.horse
        end_sq = reach.square
        if k is None and mount_at is not None:
            k = next(
                j
                for j, h in enumerate(self.horses)
                if h.alive and h.rider is None and not h.moved and h.square == mount_at
            )
        if k is not None and last is not None:
            h = self.horses[k]
            if act.ride:
                self.horses[k] = replace(h, square=end_sq, facing=act.facing, rider=i, moved=True)
            else:
                self.horses[k] = replace(h, square=last, rider=None, moved=True)
        horse = k if act.ride else None
        own = points - reach.rider_left
        how = f"{own} of {f.movement}" + (f"+{p.run}" if p.run else "") + " points"
        if k is not None and last is not None:
            used = 4 - reach.horse_left if act.ride else None
            how += f", {self.horses[k].label}" + (
                f" {used} of 4" if used is not None else " left behind"
            )
        self.figures[i] = replace(f, square=end_sq, facing=act.facing, horse=horse)
        self._cache.clear()
        if act.off:
            f2 = self.figures[i]
            self.figures[i] = replace(f2, square=None)
            if horse is not None:
                self.horses[horse] = replace(self.horses[horse], square=None)
            self._log(
                "move",
                f"{f.label} leaves the town across the {act.facing} edge from "
                f"{self.town.ref(end_sq)} ({how}, +1 to step off).",
                side,
            )
            return
        self._after_move(i)
        verb = "turns to face" if end_sq == f.square and own == 0 and k is None else None
        if verb:
            self._log("move", f"{f.label} turns to face {act.facing} on {act.dest}.", side)
        else:
            word = "rides" if act.ride else "moves"
            self._log("move", f"{f.label} {word} to {act.dest} facing {act.facing} ({how}).", side)

    def _after_move(self, i: int) -> None:
        """A move action ending on a loot square takes the loot; one ending
        on a cell door's square frees the locked-up (scenario rules)."""
        f = self.figures[i]
        if f.side == self.setup.loot_side and f.square in self.loot_squares and not f.loot:
            self.figures[i] = replace(f, loot=True)
            self._log("loot", f"{f.short} takes the loot on {self.ref(f.square)}.", f.side)
        locked = self.setup.locked[0]
        friends = any(self.figures[self.index[k]].side == f.side for k in locked if k in self.index)
        if locked and not self.unlocked and f.square in self.locked_squares and friends:
            self.unlocked = True
            self._log("unlock", f"{f.short} opens the cell: the prisoners may move.", f.side)

    def _pickup(self, i: int, item: str) -> None:
        f = self.figures[i]
        for n, d in enumerate(self.ground):
            if d.square == f.square and d.item == item:
                if d.held is None:
                    if f.loot:
                        continue
                    self.figures[i] = replace(f, loot=True)
                    self._log(
                        "move",
                        f"{f.label} picks up the loot (2 of {f.movement} points).",
                        self.active,
                    )
                else:
                    if not _room_for(f, d.held.weapon):
                        continue
                    slot = d.held.weapon.value
                    if slot == "pistol" and f.weapon("pistol") is not None:
                        slot = "pistol2"
                    held = replace(d.held, slot=slot)
                    self.figures[i] = replace(
                        f,
                        weapons=(*f.weapons, held),
                        in_hand=f.in_hand if f.in_hand is not None else slot,
                    )
                    self._log(
                        "move",
                        f"{f.label} picks up a {held.weapon} with {held.ammo} rounds "
                        f"(2 of {f.movement} points).",
                        self.active,
                    )
                del self.ground[n]
                return

    def _fire(self, i: int, act: Shoot | Draw | Spin, p: Pending) -> None:
        """Shoot, Draw and Shoot, Spin and Shoot: the shots are declared and
        their rounds spent at once (Shoot: a declared second shot is spent
        even when it is not rolled)."""
        f = self.figures[i]
        side = self.active
        verb = "draw" if isinstance(act, Draw) else "spin" if isinstance(act, Spin) else "shoot"
        facing = act.facing if isinstance(act, Spin) else None
        shots = act.shots if isinstance(act, Shoot) else 1
        info = shot_info(self, i, act.target, verb=verb, facing=facing, shots=shots)
        if info is None:
            self._log(
                "shot",
                f"{f.label} no longer has a shot at {self.name_of(act.target)}; "
                "the action is lost.",
                side,
            )
            self._finish(p)
            return
        held = f.weapon(info.slot)
        assert held is not None
        if isinstance(act, Spin):
            f = replace(f, facing=act.facing)
            if f.horse is not None:
                self.horses[f.horse] = replace(self.horses[f.horse], facing=act.facing)
        if isinstance(act, Draw):
            f = replace(f, in_hand=held.slot)
        lead = {"draw": "draws and ", "spin": f"spins {facing} and ", "shoot": ""}[verb]
        text = (
            f"{f.label} {lead}fires {'two shots' if shots == 2 else 'one shot'} with the "
            f"{held.weapon} at {self.name_of(act.target)}: range {info.range}, "
            f"needs {info.needed}, {info.mods_text()}"
        )
        if f.cowboy:
            f = f.with_weapon(replace(held, ammo=held.ammo - shots))
            text += f"; {held.weapon} {held.ammo} → {held.ammo - shots} rounds"
        self.figures[i] = f
        self._log("shot", text + ".", side)
        self.pending = replace(
            p, stage="before", info=info, target_id=act.target, shots=shots, shot=0, roll=0, hits=0
        )

    def _roll(self, r: Roll) -> None:
        p = self.pending
        assert p is not None and p.info is not None and p.target_id is not None
        info = p.info
        f = self.figures[self.index[p.act.fig]]
        mods = tuple(v for _, v in info.mods)
        if p.action_bonus:
            mods += (p.action_bonus,)
        if p.shot_bonus:
            mods += (p.shot_bonus,)
        hits = roll_hits(r.total, sum(mods), info.needed)
        word = "a miss" if hits == 0 else "a hit" if hits == 1 else "two hits"
        if r.total == 12:
            word = "a natural 12, two hits"
        elif r.total == 2:
            word = "a natural 2, a miss"
        where = f"shot {p.shot + 1} of {p.shots}" if p.shots > 1 else "the shot"
        if info.weapon.rolls_per_shot > 1:
            where += f", roll {p.roll + 1} of {info.weapon.rolls_per_shot}"
        self._log(
            "roll",
            f"{f.label} fires the {info.weapon} at {self.name_of(p.target_id)} ({where}), "
            f"range {info.range}, needs {info.needed}: {dice_text(r.a, r.b, mods)}, {word}.",
            self.active,
        )
        p = replace(p, hits=p.hits + hits, roll=p.roll + 1)
        if p.roll < info.weapon.rolls_per_shot:
            self.pending = p
            return
        if p.hits > 0:
            self.pending = replace(p, stage="after")
        else:
            self._next_shot(p)

    def _next_shot(self, p: Pending) -> None:
        if p.shot + 1 < p.shots:
            self.pending = replace(
                p,
                stage="before",
                shot=p.shot + 1,
                roll=0,
                hits=0,
                shot_bonus=0,
                factor=1,
                knock=False,
            )
        else:
            self._finish(p)

    def _damage(self, p: Pending) -> None:
        """Wounds: each hit takes 1 health (and a cowboy's 1 movement); at 0
        the figure is down, a body that leaves its weapons in its square; a
        horse falls at 2 hits, and its rider stays in the square, dismounted,
        losing his next action (Shoot; Movement with Horses)."""
        assert p.target_id is not None
        side = self.active
        hits = p.hits * p.factor
        extra = f" ({p.hits} × {p.factor})" if p.factor != 1 else ""
        t = p.target_id
        if t[0] == "H":
            k = self.horse_index[t]
            h = self.horses[k]
            health = max(0, h.health - hits)
            text = f"{h.label}: {h.health} → {health} health{extra}"
            if health == 0:
                self.horses[k] = replace(h, health=0, square=None, rider=None)
                text += ", it falls"
                if h.rider is not None:
                    g = self.figures[h.rider]
                    self.figures[h.rider] = replace(g, horse=None, stunned=True)
                    text += f"; {g.short} is thrown and loses his next action"
            else:
                self.horses[k] = replace(h, health=health)
            self._log("wound", text + ".", side)
        else:
            j = self.index[t]
            g = self.figures[j]
            after = g.wounded(hits)
            text = f"{g.short}: {g.health} → {after.health} health{extra}"
            if after.health == 0:
                text += ", he is down"
                assert g.square is not None
                dropped = [Dropped(g.square, h) for h in g.weapons]
                if g.loot and self.setup.loot_side is not None:
                    self.loot_squares = self.loot_squares | {g.square}
                    text += " (his square holds the loot now)"
                elif g.loot:
                    dropped.append(Dropped(g.square, None))
                if dropped:
                    text += " and drops " + ", ".join(
                        "the loot" if d.held is None else f"a {d.held.weapon} ({d.held.ammo})"
                        for d in dropped
                    )
                self.ground.extend(dropped)
                if g.horse is not None:
                    self.horses[g.horse] = replace(self.horses[g.horse], rider=None)
                after = replace(after, weapons=(), in_hand=None, horse=None, loot=False, actions=0)
            elif g.cowboy:
                text += f" (movement {after.movement})"
            if p.knock and after.health > 0:
                if after.horse is not None:
                    self.horses[after.horse] = replace(self.horses[after.horse], rider=None)
                    after = replace(after, horse=None)
                after = replace(after, knocked=True)
                text += "; knocked down, he may not move in his side's next part"
            self.figures[j] = after
            self._log("wound", text + ".", side)
        self._next_shot(replace(p, knock=False, factor=1))

    # -- results, keys, views --------------------------------------------------------------

    def returns(self) -> tuple[float, ...]:
        n = self.num_players
        if self.phase != Phase.OVER or self.winner is None:
            return (0.0,) * n
        lose = -1.0 / (n - 1)
        return tuple(1.0 if s == self.winner else lose for s in range(n))

    def estimate(self) -> tuple[float, ...]:
        from saloon.games.cowboys.estimate import estimate

        return estimate(self)

    def result(self) -> Result:
        r = self.returns()
        standing = tuple(
            float(sum(f.standing for f in self.figures if f.side == s))
            for s in range(self.num_players)
        )
        return Result(
            returns=r,
            scores=standing,
            winners=() if self.winner is None else (self.winner,),
            category=self.category,
            details={"turn": self.turn},
        )

    def key(self) -> Hashable:
        return (
            int(self.phase), self.turn, self.part, self.active,
            tuple(self.figures), tuple(self.horses), tuple(self.ground),
            tuple(self.hands), self.deck, self.deal_queue, tuple(self.played),
            tuple(self.known), tuple(self.own_used), tuple(self.opp_used), self.fired,
            self.pending, self.resume, self.ally, self.answer_queue, self.answering,
            self.winner, self.loot_squares, self.unlocked,
        )  # fmt: skip

    def view(self, player: int | None) -> dict[str, Any]:
        """Everything on the table; of the hands, ``player``'s own cards and
        the others' sizes only (and the cards he has been shown)."""
        hands: list[Any] = []
        for s in range(self.num_players):
            if s == player:
                hands.append(list(self.hands[s]))
            else:
                seen = [c for c in self.hands[s] if player is not None and c in self.known[player]]
                hands.append({"count": len(self.hands[s]), "seen": seen})
        p = self.pending
        return {
            "scenario": self.setup.name,
            "turn": self.turn,
            "turns": self.setup.turns,
            "active": self.active,
            "phase": self.phase.name.lower(),
            "to_move": self.to_move,
            "figures": [_figure_view(self, f) for f in self.figures],
            "horses": [
                {
                    "id": h.id,
                    "square": self.ref(h.square) if h.alive else None,
                    "facing": h.facing,
                    "health": h.health,
                    "rider": None if h.rider is None else self.figures[h.rider].id,
                    "moved": h.moved,
                }
                for h in self.horses
            ],
            "ground": [
                [self.ref(d.square), d.item, None if d.held is None else d.held.ammo]
                for d in self.ground
            ],
            "obstacles": sorted(self.ref(xy) for xy in self.obstacles),
            "hands": hands,
            "deck": len(self.deck),
            "played": [[s, c] for s, c in self.played],
            "cards_used": {"own": list(self.own_used), "opponent": list(self.opp_used)},
            "pending": None
            if p is None
            else {
                "action": str(p.act),
                "stage": p.stage,
                "card": p.card,
                "shot": p.shot,
                "shots": p.shots,
                "hits": p.hits,
                "target": p.target_id,
            },
            "ally": self.ally,
            "answering": self.answering if self.answer_queue else None,
            "winner": self.winner,
            "result": self.category,
        }

    def clone(self) -> CowboysState:
        new = CowboysState.__new__(CowboysState)
        new.__dict__.update(self.__dict__)
        new.history = self.history[:]
        new.log = self.log[:]
        new.figures = self.figures[:]
        new.horses = self.horses[:]
        new.ground = self.ground[:]
        new.hands = self.hands[:]
        new.played = self.played[:]
        new.known = self.known[:]
        new.own_used = self.own_used[:]
        new.opp_used = self.opp_used[:]
        new._cache = dict(self._cache)
        return new

    def resample_hidden(self, player: int, rng: np.random.Generator) -> State:
        """The other sides' unseen cards and the deck, redealt at random
        (the cards ``player`` was shown stay where they are)."""
        new = self.clone()
        known = self.known[player] if 0 <= player < self.num_players else frozenset()
        pool: list[str] = list(self.deck)
        slots: list[tuple[int, int]] = []
        hands = [list(h) for h in self.hands]
        for s in range(self.num_players):
            if s == player:
                continue
            for k, c in enumerate(hands[s]):
                if c not in known:
                    pool.append(c)
                    slots.append((s, k))
        order = rng.permutation(len(pool))
        shuffled = [pool[int(j)] for j in order]
        for (s, k), c in zip(slots, shuffled, strict=False):
            hands[s][k] = c
        rest = set(shuffled[len(slots) :])
        new.hands = [self._sorted(h) for h in hands]
        new._cache = {}
        new.deck = tuple(c for c in _order(self.deckdef) if c in rest)
        return new

    # -- words ---------------------------------------------------------------------------

    def describe_action(self, action: Action) -> str:
        from saloon.games.cowboys.describe import describe

        return describe(self, action)

    def action_groups(self, legal: Sequence[Action]) -> Sequence[ActionGroup]:
        from saloon.games.cowboys.describe import groups

        return groups(self, legal)


def _figure_view(state: CowboysState, f: Figure) -> dict[str, Any]:
    return {
        "id": f.id,
        "side": f.side,
        "name": f.name,
        "square": None if f.square is None else state.town.ref(f.square),
        "facing": f.facing,
        "health": f.health,
        "movement": f.movement,
        "modifier": f.modifier,
        "bonus": f.bonus,
        "weapons": [
            {"slot": h.slot, "weapon": h.weapon.value, "ammo": h.ammo, "jammed": h.jammed}
            for h in f.weapons
        ],
        "in_hand": f.in_hand,
        "horse": None if f.horse is None else state.horses[f.horse].id,
        "actions": f.actions,
        "down": f.health == 0,
        "gone": f.gone,
        "loot": f.loot,
        "stunned": f.stunned,
        "knocked": f.knocked or f.no_move,
    }


def _room_for(f: Figure, weapon: Weapon) -> bool:
    """Shoot: up to two pistols and either a rifle or a shotgun."""
    if weapon is Weapon.PISTOL:
        return sum(h.weapon is Weapon.PISTOL for h in f.weapons) < 2
    return all(h.weapon is Weapon.PISTOL for h in f.weapons)


@cache
def _order(deck: Deck) -> dict[str, int]:
    return {str(c): k for k, c in enumerate(deck)}


def _refs(town: Town) -> tuple[dict[XY, str], dict[str, XY]]:
    """Each square's reference and back, computed once per town."""
    got = town.cache.get("refs")
    if got is None:
        fwd = {xy: town.ref(xy) for xy in town.squares()}
        got = town.cache["refs"] = (fwd, {r: xy for xy, r in fwd.items()})
    return got  # type: ignore[return-value]


@cache
def _faces(deck: Deck) -> dict[str, Card]:
    return {str(c): c for c in deck}
