"""The legal actions of a game of Cowboys, phase by phase.

Cowboys rulebook, Game Turn: the side acting picks a figure that has not
acted yet and its whole action: a shoot action (Shoot, Draw and Shoot, Spin
and Shoot), a reload (Reload), a move action (Move Actions; the moves
themselves: :mod:`.legal_moves`), with the Advanced Optional Rules their
shoot actions and a fist fight (:mod:`.fists`), a change of weapon or a pick-up
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
from itertools import chain, combinations
from typing import TYPE_CHECKING, Any, overload

from saloon.core.action import Action
from saloon.games.cowboys.actions import (
    END,
    PASS,
    Act,
    Arm,
    Discard,
    Draw,
    End,
    Fan,
    Fist,
    Move,
    MoveShoot,
    Pickup,
    Pistols,
    Reload,
    Shoot,
    ShootMove,
    Spin,
    SpinSplit,
    Split,
    Wait,
)
from saloon.games.cowboys.board import XY
from saloon.games.cowboys.cards import Window
from saloon.games.cowboys.geometry import FACINGS, STEPS, sight
from saloon.games.cowboys.rules import cup, stage
from saloon.games.cowboys.rules import moves as mv
from saloon.games.cowboys.rules.cards_play import (
    acting_side,
    answer_plays,
    shot_plays,
    start_plays,
)
from saloon.games.cowboys.rules.figures import Figure, Held
from saloon.games.cowboys.rules.fists import fist_targets
from saloon.games.cowboys.rules.legal_moves import move_actions, move_options
from saloon.games.cowboys.rules.phase import Phase
from saloon.games.cowboys.rules.shots import firing_weapon, shot_info, volley
from saloon.games.cowboys.rules.spin_shots import spin_splits
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

    @property
    def chunks(self) -> tuple[Sequence[Action], ...]:
        """The pieces the list is made of, in order. A piece that is a
        tuple may be shared with other states' lists (a figure's moves to
        one square, made once per town); a list is this state's own.

        >>> Actions([(END,), [PASS]]).chunks
        ((End(),), [Pass()])
        """
        return tuple(self._chunks)

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


def room_for(f: Figure, weapon: Weapon) -> bool:
    """Shoot: up to two pistols and either a rifle or a shotgun."""
    if weapon is Weapon.PISTOL:
        return sum(h.weapon is Weapon.PISTOL for h in f.weapons) < 2
    return all(h.weapon is Weapon.PISTOL for h in f.weapons)


def legal_actions(state: CowboysState) -> Sequence[Action]:
    """The legal actions of the phase: in ``SELECT`` every action of each of
    the acting side's figures that may still act, then ``end``; in
    ``ALLY`` the directed town folk's actions; in a card window the cards
    that may be played, then ``pass`` (not in the start window of a move
    that counts on a Run card, CW-T6): a side asked with nothing playable
    has ``pass`` alone (CW-T15); none at a chance node or the end.
    A cowboy drawn from the activation cup has no ``end``: ``wait`` (CW-V5)."""
    ph = state.phase
    p = state.pending
    if ph == Phase.DRAW:
        return draws(state.poker[state.active])
    if ph == Phase.SELECT:
        chunks: list[Sequence[Action]] = []
        for i, f in enumerate(state.figures):
            if f.side == state.active and f.standing and f.actions > 0:
                chunks.extend(_figure_chunks(state, i, False))
        if not cup.cowboy_drawn(state):
            chunks.append((END,))
        return Actions(chunks)
    if ph == Phase.ALLY:
        assert state.ally is not None
        return list(figure_actions(state, state.index[state.ally], ally=True))
    if ph == Phase.START:
        assert p is not None
        plays: list[Action] = list(start_plays(state, acting_side(state), p))
        return plays if p.need_run else [*plays, PASS]
    if ph == Phase.BEFORE_SHOT or ph == Phase.AFTER_HIT:
        assert p is not None
        w = Window.OWN_BEFORE_SHOT if ph == Phase.BEFORE_SHOT else Window.OWN_AFTER_HIT
        return [*shot_plays(state, acting_side(state), w, p), PASS]
    if ph == Phase.ANSWER:
        return [*answer_plays(state, state.answer_queue[0], state.answering), PASS]
    if ph == Phase.SHOOT_MOVE:
        from saloon.games.cowboys.rules import move_shoot, weapon_move

        if weapon_move.is_choice(p):
            return weapon_move.legal(state)  # CW-O2
        return move_shoot.choices(state)
    if ph == Phase.REACT:
        from saloon.games.cowboys.rules import reaction

        return reaction.legal(state)
    return []


def is_legal(state: CowboysState, action: Action) -> bool:
    """Whether ``action`` is legal now; a figure's action is checked
    directly (:func:`act_legal`), without building the list."""
    ph = state.phase
    if ph == Phase.SELECT:
        if isinstance(action, End):
            return not cup.cowboy_drawn(state)
        if not isinstance(action, Act):
            return False
        i = state.index.get(action.fig)
        if i is None:
            return False
        f = state.figures[i]
        if f.side != state.active or not f.standing or f.actions <= 0:
            return False
        return act_legal(state, i, action)
    if ph == Phase.ALLY:
        return (
            isinstance(action, Act)
            and action.fig == state.ally
            and act_legal(state, state.index[action.fig], action, ally=True)
        )
    if ph in (
        Phase.START,
        Phase.BEFORE_SHOT,
        Phase.AFTER_HIT,
        Phase.ANSWER,
        Phase.SHOOT_MOVE,
        Phase.REACT,
    ):
        return action in state.legal_actions()
    if ph == Phase.DRAW:
        return isinstance(action, Discard) and set(action.cards) <= set(state.poker[state.active])
    return False


def draws(hand: Sequence[str]) -> list[Action]:
    """A side's draws in the poker hand for the order of play (Advanced
    Optional Rule 7, CW-A7): any of its cards thrown away, from none
    (``stand``) to all five; fewest first.

    >>> [str(a) for a in draws(("2C", "3C"))]
    ['stand', 'discard 2C', 'discard 3C', 'discard 2C 3C']
    """
    return [Discard(cards) for k in range(len(hand) + 1) for cards in combinations(hand, k)]


def figure_actions(state: CowboysState, i: int, ally: bool = False) -> tuple[Act, ...]:
    """Every action figure ``i`` may take now: shots first, then
    reloads, moves, weapon changes and pick-ups, then ``wait``."""
    key = ("fig", i, ally)
    got = state._cache.get(key)
    if got is None:
        got = state._cache[key] = tuple(chain.from_iterable(_figure_chunks(state, i, ally)))
    return got


def may_fire(state: CowboysState, f: Figure) -> bool:
    """Special rule ``surprise``: no shooting in the first turns."""
    sides, turns = state.setup.surprise
    return not (f.side in sides and state.turn <= turns)


def may_reload(state: CowboysState, f: Figure, h: Held) -> bool:
    """Reload: cowboys; town folk only to clear a jam (CW-T13); never a
    side under the special rule ``no_reload``."""
    if f.side in state.setup.no_reload:
        return False
    return (f.cowboy and not h.full) or h.jammed


def may_move(state: CowboysState, f: Figure, ally: bool) -> bool:
    """Moves before shots (CW-T2), Knock-Down, the special rule
    ``locked_up``, and a driver at the reins of a rolling stage
    (``stage_run``, ruling CS-Q1)."""
    if f.no_move or (not ally and state.options.moves_first and state.fired):
        return False
    if stage.at_the_reins(state, f):
        return False
    return state.unlocked or f.id not in state.setup.locked[0]


def act_legal(state: CowboysState, i: int, act: Act, ally: bool = False) -> bool:
    """Whether figure ``i`` may take ``act`` now, checked directly (no
    list of every action is built)."""
    cached = state._cache.get(("fig", i, ally))
    if cached is not None:
        return act in cached
    f = state.figures[i]
    if isinstance(act, Wait):
        return True
    if isinstance(act, (Fan, Pistols, Split, SpinSplit)):
        return act in figure_actions(state, i, ally)
    if isinstance(act, (MoveShoot, ShootMove)):
        # Advanced Rules, Move and Shoot (CW-V22, CW-V26).
        from saloon.games.cowboys.rules import move_shoot

        return move_shoot.legal(state, i, act, ally)
    if isinstance(act, Fist):
        # Advanced Optional Rule 8, Fist Fights (CW-A8).
        return (
            state.rule("fist_fights")
            and may_fire(state, f)
            and act.target in fist_targets(state, i)
        )
    if isinstance(act, (Shoot, Draw, Spin)):
        if not may_fire(state, f) or act.target not in _targets(state, state.active):
            return False
        if isinstance(act, Shoot):
            return (
                f.held() is not None
                and act.shots in (1, 2)
                and shot_info(state, i, act.target, shots=act.shots) is not None
            )
        if isinstance(act, Draw):
            # Draw and Shoot: empty-handed (CW-T12), or any figure with
            # the other reading (CW-O1).
            return (f.held() is None or state.rule("draw_while_armed")) and shot_info(
                state, i, act.target, verb="draw"
            ) is not None
        return (
            f.held() is not None
            and f.horse is None
            and act.facing != f.facing
            and shot_info(state, i, act.target, verb="spin", facing=act.facing) is not None
        )
    if isinstance(act, Reload):
        h = f.weapon(act.slot)
        return h is not None and may_reload(state, f, h)
    if not may_move(state, f, ally):
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
            and f.id not in state.setup.prisoners
            and act.item in _pickups(state, i)
        )
    if isinstance(act, Move):
        opts = move_options(state, i, ally)
        if act.off:
            return (act.facing, act.ride) in opts.exits | opts.exits_extra
        xy = state.square_of(act.dest)
        if xy is None or mv.pointless(f, xy, act.ride, act.facing):
            return False
        reach = opts.ends.get((xy, act.ride)) or opts.extra.get((xy, act.ride))
        if reach is None:
            return False
        # Advanced Optional Rule 1 (CW-A1), Facing After Movement (CW-V20).
        fixed, must = mv.must_face(mv.facing_rule(state), reach)
        return not fixed or act.facing == (must or f.facing)
    return False


def shootable(state: CowboysState, controller: int) -> frozenset[str]:
    """The ids of what ``controller``'s figures may shoot at (CW-T8)."""
    key = ("shootable", controller)
    got: frozenset[str] | None = state._cache.get(key)
    if got is None:
        got = state._cache[key] = frozenset(_targets(state, controller))
    return got


def _targets(state: CowboysState, controller: int) -> list[str]:
    """The ids of what ``controller``'s figures may shoot at (CW-T8)."""
    return [t for t, _ in _target_places(state, controller)]


def _target_places(state: CowboysState, controller: int) -> tuple[tuple[str, XY], ...]:
    """What ``controller``'s figures may shoot at, each with its square:
    the other sides' standing figures (not neutral bystanders) and the
    live horses not ridden by his own."""
    key = ("targets", controller)
    got: tuple[tuple[str, XY], ...] | None = state._cache.get(key)
    if got is not None:
        return got
    neutral = state.setup.neutral
    out: list[tuple[str, XY]] = [
        (g.id, g.square)
        for g in state.figures
        if g.side != controller
        and g.standing
        and g.square is not None
        and not (neutral and g.side < 0)
    ]
    for h in state.horses:
        if (
            h.alive
            and h.square is not None
            and (h.rider is None or state.figures[h.rider].side != controller)
        ):
            out.append((h.id, h.square))
    got = state._cache[key] = tuple(out)
    return got


def _figure_chunks(state: CowboysState, i: int, ally: bool) -> list[Sequence[Act]]:
    """:func:`figure_actions` in pieces: the shots and reloads, the
    moves (in pieces, as :func:`~.legal_moves.move_actions` keeps them),
    and the rest."""
    f = state.figures[i]
    fid = f.id
    out: list[Act] = []
    held = f.held()
    # Shoot Actions: shoot, draw and shoot, spin and shoot (the checks of
    # shots.shot_info, shared between the ways of shooting at a target).
    if may_fire(state, f) and f.standing and f.square is not None:
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
        in_sight: list[str] = []
        if weapon is not None:
            reach = state.chart.max_range(weapon)
            lines = state.sight_lines()
            town, blk, occ = state.town, state.blockers(), state.occupied()
            for t, sq in _target_places(state, state.active):
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
                    in_sight.append(t)
                for fx, fy, facing in others:
                    if dx * fx + dy * fy >= 0:
                        if seen is None:
                            seen = state.sight_line(here, sq) is not None
                        if seen:
                            out.append(Spin(fid, facing, t))
        if in_sight and state.rules:
            out.extend(_optional_shots(state, i, in_sight))
            # Advanced Rules, Shoot and Move (CW-V26).
            if state.rule("move_and_shoot") and cowboy:
                from saloon.games.cowboys.rules import move_shoot

                out.extend(move_shoot.shoot_moves(state, i, in_sight, ally))
        if held is not None and state.rule("draw_while_armed"):
            # Draw and Shoot, the other reading: a holstered pistol drawn
            # whatever he holds (CW-O1).
            out.extend(
                Draw(fid, t)
                for t, _ in _target_places(state, state.active)
                if shot_info(state, i, t, verb="draw") is not None
            )
        if spin and state.rule("two_targets"):
            # The Advanced Rules' two spin shots, at two targets (CW-V18).
            out.extend(spin_splits(state, i, [a for a in out if isinstance(a, Spin)]))
        # Advanced Optional Rule 8: a fist fight, as a shoot action (CW-A8).
        if state.rule("fist_fights"):
            out.extend(Fist(fid, t) for t in fist_targets(state, i))
    # Reload: cowboys; town folk only to clear a jam (CW-T13).
    for h in f.weapons:
        if may_reload(state, f, h):
            out.append(Reload(fid, h.slot))
    # Move actions, before any shoot action of the side (moves_first).
    if may_move(state, f, ally):
        chunks: list[Sequence[Act]] = [out, *move_actions(state, i, ally)]
        # Advanced Rules, Move and Shoot: a cowboy's moves that end in a shot (CW-V22).
        if state.rule("move_and_shoot") and f.cowboy and not ally:
            from saloon.games.cowboys.rules import move_shoot

            chunks.append(move_shoot.actions(state, i))
        out = []
        if f.movement >= mv.WEAPON_COST:
            for h in f.weapons:
                if h.slot != f.in_hand:
                    out.append(Arm(fid, h.slot))
            if fid not in state.setup.prisoners:
                for item in _pickups(state, i):
                    out.append(Pickup(fid, item))
    else:
        chunks = []
    out.append(Wait(fid))
    chunks.append(out)
    return chunks


def _optional_shots(state: CowboysState, i: int, targets: Sequence[str]) -> list[Act]:
    """The shoot actions of the Advanced Optional Rules in play that figure
    ``i`` may take at ``targets`` (those he could shoot at): fan fire (Rule
    2), both pistols (Rule 3), and two shots at two different targets, in
    either order (Rule 5); rulings CW-A2, CW-A3, CW-A5."""
    fid = state.figures[i].id
    cands: list[Act] = []
    for t in targets:
        if state.rule("fan_fire"):
            cands.append(Fan(fid, t))
        if state.rule("two_pistols"):
            cands.append(Pistols(fid, t))
    if state.rule("two_targets"):
        cands.extend(Split(fid, t, u) for t in targets for u in targets if t != u)
    return [a for a in cands if volley(state, i, a) is not None]


def _pickups(state: CowboysState, i: int) -> list[str]:
    """What figure ``i`` may pick up in his square: a weapon he has room
    for, or the loot if he carries none (Movement to Change Weapons, CW-T7)."""
    f = state.figures[i]
    items: list[str] = []
    for d in state.ground:
        if d.square != f.square or d.item in items:
            continue
        if d.held is None:
            if not f.loot:
                items.append("loot")
        elif room_for(f, d.held.weapon):
            items.append(d.item)
    return items
