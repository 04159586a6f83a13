"""The legal actions of a game of Cowboys, phase by phase.

Cowboys rulebook, Game Turn: the side acting picks a figure that has not
acted yet and its whole action: a shoot action (Shoot, Draw and Shoot, Spin
and Shoot), a reload (Reload), a move action (Move Actions; the moves
themselves: :mod:`.legal_moves`), a change of weapon or a pick-up
(Movement to Change Weapons), or nothing; or it ends its part. In a card
window (Card Play) a side plays a card (:mod:`.cards_play`) or passes.
Rulings (``docs/rulings.md``, "Cowboys: the turn, moves and shots"): a
side's part (CW-T2), a move that changes nothing is not offered (CW-T4),
weapons in a move action (CW-T7), who can be shot (CW-T8), drawing
(CW-T12), town folk and ammunition (CW-T13).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from itertools import chain
from typing import TYPE_CHECKING, Any, overload

from saloon.core.action import Action
from saloon.games.cowboys.actions import (
    END,
    PASS,
    Act,
    Arm,
    Draw,
    End,
    Move,
    Pickup,
    Reload,
    Shoot,
    Spin,
    Wait,
)
from saloon.games.cowboys.board import XY
from saloon.games.cowboys.cards import Window
from saloon.games.cowboys.geometry import FACINGS, STEPS, sight
from saloon.games.cowboys.rules import moves as mv
from saloon.games.cowboys.rules.cards_play import answer_plays, shot_plays, start_plays
from saloon.games.cowboys.rules.figures import Figure, Held
from saloon.games.cowboys.rules.phase import Phase
from saloon.games.cowboys.rules.shots import firing_weapon, shot_info
from saloon.games.cowboys.shotchart import Weapon

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState


_UNSEEN: Any = object()


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


def _room_for(f: Figure, weapon: Weapon) -> bool:
    """Shoot: up to two pistols and either a rifle or a shotgun."""
    if weapon is Weapon.PISTOL:
        return sum(h.weapon is Weapon.PISTOL for h in f.weapons) < 2
    return all(h.weapon is Weapon.PISTOL for h in f.weapons)


def _legal(self: CowboysState) -> Sequence[Action]:
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


def is_legal(self: CowboysState, action: Action) -> bool:
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


def figure_actions(self: CowboysState, i: int, ally: bool = False) -> tuple[Act, ...]:
    """Every action figure ``i`` may take now: shots first, then
    reloads, moves, weapon changes and pick-ups, then ``wait``."""
    key = ("fig", i, ally)
    got = self._cache.get(key)
    if got is None:
        got = self._cache[key] = tuple(chain.from_iterable(self._figure_chunks(i, ally)))
    return got


def may_fire(self: CowboysState, f: Figure) -> bool:
    """Special rule ``surprise``: no shooting in the first turns."""
    sides, turns = self.setup.surprise
    return not (f.side in sides and self.turn <= turns)


def may_reload(self: CowboysState, f: Figure, h: Held) -> bool:
    """Reload: cowboys; town folk only to clear a jam (CW-T13); never a
    side under the special rule ``no_reload``."""
    if f.side in self.setup.no_reload:
        return False
    return (f.cowboy and not h.full) or h.jammed


def may_move(self: CowboysState, f: Figure, ally: bool) -> bool:
    """Moves before shots (CW-T2), Knock-Down, and the special rule
    ``locked_up``."""
    if f.no_move or (not ally and self.options.moves_first and self.fired):
        return False
    return self.unlocked or f.id not in self.setup.locked[0]


def act_legal(self: CowboysState, i: int, act: Act, ally: bool = False) -> bool:
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


def _targets(self: CowboysState, controller: int) -> list[str]:
    return [t for t, _ in self._target_places(controller)]


def _target_places(self: CowboysState, controller: int) -> tuple[tuple[str, XY], ...]:
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


def _figure_chunks(self: CowboysState, i: int, ally: bool) -> list[Sequence[Act]]:
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
                        line = lines[(here, sq)] = sight(town, here, sq, blockers=blk, occupied=occ)
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


def _pickups(self: CowboysState, i: int) -> list[str]:
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
