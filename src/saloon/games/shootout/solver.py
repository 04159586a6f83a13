"""The exact solver of Shoot Out: every state's win probability under perfect play.

The objective is the probability of winning the game (RULINGS, Shoot Out
9), for both players playing their best, with the dice and the cards as
chance nodes (ruling 6).

How it works
------------
Shoot Out is acyclic: every shot spends a bullet, bullets come back only
on a retreat, which ends a duel, and every move brings a pawn one space
nearer the centre (rulebook "Moving", "Shooting", "The End of the Duel";
rulings 1-5). So it is solved backwards, one duel at a time.

* A **context** is what a duel is played for: the cards left in the deck
  (a multiset, so duplicate card values are fine) and both players' scores.
  The card values won matter only through their sum ("The End of the
  Game", ruling 7).
* A **duel** is one context and its face-up card. Its states are both
  pawns' spaces, both players' black and red bullets, who is to move, and
  whether he is at the start of his turn or after a hit (ruling 3). The
  duel is solved by :mod:`saloon.games.shootout.solver_kernel`; its
  terminal payoffs are the values of the next duel's start: the winner
  takes the card, the loser starts the next duel (ruling 6) from the start
  space with the bullets he has (ruling 5), or the game is over when the
  winner reaches the target (ruling 7).
* Contexts are done by number of cards left, fewest first, so what a duel
  needs is always ready. Duels of one round are independent and run on
  all cores.
* Player-swap symmetry: values are kept for the player to move, so the
  context "my score, your score" serves both players; when both scores are
  equal a duel's two tables are one.

What is kept (and cached on disk, per variant, in ``$SALOON_CACHE`` or
``~/.cache/saloon``) is each context's value at the start of a duel, before
its card is turned up, for every pair of bullet counts: float64, a few tens
of megabytes. A duel's inner tables (start of turn and after a hit, for
every position and bullet count) are recomputed on demand for mid-duel
queries, a fraction of a second each, and the last few are memoized. The
cache file carries a checksum and is verified before use; a damaged one is
solved again and rewritten (:mod:`saloon.core.cache`).

Limits: before anything is built, :func:`check_size` bounds a variant's
memory and work from its numbers alone (:func:`solve_size`) and refuses
one beyond :data:`MAX_DUEL_BYTES`, :data:`MAX_TABLE_BYTES` or
:data:`MAX_STATES` (docs/hardening.md).
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from saloon.core import cache as disk
from saloon.core.action import Action
from saloon.core.errors import OptionError
from saloon.core.state import State
from saloon.games.shootout.options import ShootOutOptions
from saloon.games.shootout.rules import DIE, Phase, ShootOutState

#: Bump when the solver's output or the cache format changes.
SOLVER_VERSION = 1
#: Values closer than this count as ties (``best_actions``).
TIE = 1e-12
#: A duel's tables may take at most this much memory (per worker thread).
MAX_DUEL_BYTES = 1 << 30
#: The start-of-duel values kept (and cached) may take at most this much.
MAX_TABLE_BYTES = 1 << 30
#: The most decision states a solve may work through: about four times
#: the Veteran game's bound (1.4e10 states are really solved for it, in
#: about 12 s on a laptop), so a few minutes at most (docs/hardening.md).
MAX_STATES = 2 * 10**11

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
#: The cards left (sorted), the score of the player to start, the other's.
Context = tuple[tuple[int, ...], int, int]


# -- the shape of a variant ---------------------------------------------------------


@dataclass(frozen=True)
class _Layout:
    """Array shapes and per-space constants of one variant."""

    nr: int  # red counts 0..red
    n_i: int  # bullet indices per player: (black+1) * (red+1)
    npos: int  # spaces front..back
    front: int
    start_x: int  # the start space as an index
    push: int
    rf: int  # reload threshold as a position index (ruling 4)
    reload_idx: I64
    colt_p: F64
    winch_p: F64
    target: int

    @classmethod
    def of(cls, o: ShootOutOptions) -> _Layout:
        nr = o.red + 1
        n_i = (o.black + 1) * nr
        npos = o.back - o.front + 1
        spaces = np.arange(o.front, o.back + 1)
        # Ruling 4: the reload never takes the black bullets above the start.
        reload_idx = np.array(
            [min(o.black, i // nr + o.reload) * nr + i % nr for i in range(n_i)], dtype=np.int64
        )
        return cls(
            nr=nr,
            n_i=n_i,
            npos=npos,
            front=o.front,
            start_x=o.start - o.front,
            push=o.pushback,
            rf=o.reload_from - o.front,
            reload_idx=reload_idx,
            colt_p=_hit_chance(spaces, 0),
            winch_p=_hit_chance(spaces, o.bonus),
            target=o.goal,
        )

    def index(self, black: int, red: int) -> int:
        return black * self.nr + red

    def duel_bytes(self) -> int:
        """Memory of one duel's complete tables (kept for mid-duel queries)."""
        return 4 * self.n_i * self.n_i * self.npos * self.npos * 8


def _hit_chance(spaces: npt.NDArray[np.int64], bonus: int) -> F64:
    """Ruling 3: a hit when the d20 (+ ``bonus``) reaches the shooter's space."""
    need = np.maximum(spaces - bonus, 1)
    hits: F64 = np.clip(DIE + 1 - need, 0, DIE).astype(np.float64)
    return hits / DIE


def _remove(deck: tuple[int, ...], card: int) -> tuple[int, ...]:
    rest = list(deck)
    rest.remove(card)
    return tuple(rest)


def _draws(deck: tuple[int, ...]) -> list[tuple[int, float]]:
    """Ruling 6: the face-up card is drawn uniformly from the cards left."""
    counts = Counter(deck)
    return [(c, counts[c] / len(deck)) for c in sorted(counts)]


def _contexts(o: ShootOutOptions) -> list[tuple[tuple[int, ...], int, int]]:
    """Every context a game can reach, as ``(deck, low score, high score)``."""
    start = (o.deck, 0, 0)
    seen = {start}
    todo = [start]
    while todo:
        deck, lo, hi = todo.pop()
        for card, _ in _draws(deck):
            rest = _remove(deck, card)
            for a, b in ((lo + card, hi), (lo, hi + card)):
                if a < o.goal and b < o.goal:
                    nxt = (rest, min(a, b), max(a, b))
                    if nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)
    return sorted(seen, key=lambda c: (len(c[0]), c))


# -- one duel -------------------------------------------------------------------------


class _Workspace(threading.local):
    """A worker thread's reusable tables for :func:`_solve_duel` (a few MB)."""

    arrays: tuple[F64, F64, F64, F64] | None = None


_WORK = _Workspace()


@dataclass
class _Duel:
    """The tables of one duel (see :mod:`solver_kernel`): ``ab`` is the
    lower-scored player to move, ``ba`` the other (one array if equal)."""

    t_ab: F64
    a_ab: F64
    t_ba: F64
    a_ba: F64


def _payoffs(
    lay: _Layout,
    starts: dict[Context, F64],
    deck: tuple[int, ...],
    lo: int,
    hi: int,
    card: int,
) -> tuple[F64, F64, F64, F64]:
    """Terminal payoffs of a duel for the player to move, ``[mine, theirs]``.

    The winner takes the card; the game ends at the target (ruling 7),
    else the loser starts the next duel (ruling 6) from the start space
    with the bullets both have (ruling 5).
    """
    rest = _remove(deck, card)
    n = lay.n_i
    if lo + card >= lay.target:
        win_ab: F64 = np.ones((n, n))
    else:
        win_ab = 1.0 - starts[(rest, hi, lo + card)].T
    if hi + card >= lay.target:
        lose_ab: F64 = np.zeros((n, n))
    else:
        lose_ab = starts[(rest, lo, hi + card)]
    win_ba = 1.0 - lose_ab.T
    lose_ba = 1.0 - win_ab.T
    return (
        np.ascontiguousarray(win_ab),
        np.ascontiguousarray(lose_ab),
        np.ascontiguousarray(win_ba),
        np.ascontiguousarray(lose_ba),
    )


def _solve_duel(
    lay: _Layout,
    starts: dict[Context, F64],
    deck: tuple[int, ...],
    lo: int,
    hi: int,
    card: int,
    *,
    keep: bool = False,
) -> tuple[F64, F64, _Duel | None]:
    """Solve one duel: the start-of-duel values with the lower-scored player
    to start (``[his bullets, other's]``) and with the other to start
    (``[other's bullets, his]``), and, if ``keep``, the complete tables.

    Without ``keep`` the thread's small rolling workspace is used (see
    :func:`solver_kernel._duel`).
    """
    from saloon.games.shootout.solver_kernel import kernel

    run = kernel()
    n, p = lay.n_i, lay.npos
    same = lo == hi and keep
    if keep:
        slots = n
        arrays = tuple(np.empty((n, n, p, p)) for _ in range(4 if not same else 2))
        if same:
            arrays = (arrays[0], arrays[1], arrays[0], arrays[1])
    else:
        slots = lay.nr + 1
        cached = _WORK.arrays
        if cached is None or cached[0].shape != (slots, n, p, p):
            cached = (
                np.empty((slots, n, p, p)),
                np.empty((slots, n, p, p)),
                np.empty((n, slots, p, p)),
                np.empty((n, slots, p, p)),
            )
            _WORK.arrays = cached
        arrays = cached
    t_ab, a_ab, t_ba, a_ba = arrays
    start_ab = np.empty((n, n))
    start_ba = start_ab if same else np.empty((n, n))
    win_ab, lose_ab, win_ba, lose_ba = _payoffs(lay, starts, deck, lo, hi, card)
    run(
        t_ab, a_ab, t_ba, a_ba, win_ab, lose_ab, win_ba, lose_ba,
        lay.reload_idx, lay.colt_p, lay.winch_p, lay.nr, lay.push, lay.rf, same,
        slots, lay.start_x, start_ab, start_ba,
    )  # fmt: skip
    duel = _Duel(t_ab, a_ab, t_ba, a_ba) if keep else None
    return start_ab, start_ba, duel


@dataclass(frozen=True)
class Size:
    """Upper bounds on a variant's solve, computed from its numbers alone
    (nothing is built): the memory of one duel's tables, of the kept
    start-of-duel values, and the decision states worked through."""

    duel_bytes: int
    table_bytes: int
    states: int
    contexts: int

    def problem(self) -> str | None:
        """Why the variant is too big to solve, or ``None``."""
        gib = 2**30
        if self.duel_bytes > MAX_DUEL_BYTES:
            return (
                f"its duel tables need {self.duel_bytes / gib:.1f} GiB "
                f"(more than {MAX_DUEL_BYTES / gib:.0f} GiB)"
            )
        if self.table_bytes > MAX_TABLE_BYTES:
            return (
                f"its tables need up to {self.table_bytes / gib:.1f} GiB "
                f"(more than {MAX_TABLE_BYTES / gib:.0f} GiB)"
            )
        if self.states > MAX_STATES:
            return f"it has up to {self.states:.1e} states to solve (more than {MAX_STATES:.0e})"
        return None


def solve_size(o: ShootOutOptions) -> Size:
    """Bounds on the work and memory of solving ``o`` (see :class:`Size`).

    The contexts (cards left and both scores) are bounded by counting, for
    each total of the cards already won, the ways to draw them (a
    polynomial count over the card values) times the ways to split that
    total into two scores below the target (the lower of which some cards
    make); no context is listed.

    >>> s = solve_size(ShootOutOptions())
    >>> s.contexts, s.problem() is None
    (275, True)
    >>> solve_size(ShootOutOptions(back=60, black=40, red=20)).problem()
    'its duel tables need 69.3 GiB (more than 1 GiB)'
    """
    n_i = (o.black + 1) * (o.red + 1)
    npos = o.back - o.front + 1
    duel = 4 * n_i * n_i * npos * npos * 8
    # ways[s]: the sub-multisets of the deck whose cards total s.
    ways: dict[int, int] = {0: 1}
    for value, count in Counter(o.deck).items():
        nxt: dict[int, int] = {}
        for total, n in ways.items():
            for k in range(count + 1):
                nxt[total + k * value] = nxt.get(total + k * value, 0) + n
        ways = nxt
    # below[x]: the totals under x that some cards make (a score is one).
    below = [0] * (max(ways) + 2)
    for x in range(1, len(below)):
        below[x] = below[x - 1] + (1 if x - 1 in ways else 0)
    contexts = 0
    for total, n in ways.items():
        low = max(0, total - o.goal + 1)  # the lower score, both below the target
        if low <= total // 2:
            contexts += n * (below[total // 2 + 1] - below[low])
    distinct = len(set(o.deck))
    return Size(
        duel_bytes=duel,
        table_bytes=2 * contexts * n_i * n_i * 8,
        states=contexts * distinct * 4 * n_i * n_i * npos * npos,
        contexts=contexts,
    )


def check_size(o: ShootOutOptions) -> None:
    """Refuse (:class:`~saloon.core.errors.OptionError`) a variant too big
    to solve, before anything is built."""
    problem = solve_size(o).problem()
    if problem is not None:
        raise OptionError(
            f"this variant is too big to solve exactly: {problem}; "
            "fewer cards, bullets or spaces make it smaller"
        )


def _workers() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def _solve_all(o: ShootOutOptions) -> tuple[dict[Context, F64], int]:
    """Every context's start-of-duel values, fewest cards left first."""
    check_size(o)
    lay = _Layout.of(o)
    contexts = _contexts(o)
    starts: dict[Context, F64] = {}
    states = 0
    by_size: dict[int, list[tuple[tuple[int, ...], int, int]]] = {}
    for ctx in contexts:
        by_size.setdefault(len(ctx[0]), []).append(ctx)
    with ThreadPoolExecutor(max_workers=_workers()) as pool:
        for size in sorted(by_size):
            jobs = [
                (deck, lo, hi, card, w)
                for deck, lo, hi in by_size[size]
                for card, w in _draws(deck)
            ]
            results = pool.map(
                lambda job: _solve_duel(lay, starts, job[0], job[1], job[2], job[3]), jobs
            )
            level: dict[Context, F64] = {}
            for (deck, lo, hi, _card, w), (start_ab, start_ba, _) in zip(
                jobs, results, strict=True
            ):
                sides = [((deck, lo, hi), start_ab)]
                if hi != lo:
                    sides.append(((deck, hi, lo), start_ba))
                for key, values in sides:
                    if key in level:
                        level[key] += w * values
                    else:
                        level[key] = w * values
                # Decision states of the game covered: both players to move,
                # start of turn and after a hit, every position and bullets.
                states += 2 * 2 * lay.n_i**2 * lay.npos**2
            starts.update(level)
    return starts, states


# -- the solution ---------------------------------------------------------------------


class Solution:
    """The solved game: win probabilities and optimal actions for any state.

    ``first_player_win`` is the win probability of the player who starts
    the first duel, before its card is turned up; ``states`` counts the
    decision states whose value the solver determined (both players to
    move, at the start of a turn and after a hit); ``seconds`` is how long
    the solve took (not the cache load).
    """

    options: ShootOutOptions
    states: int
    seconds: float
    first_player_win: float
    cached: bool

    def __init__(
        self,
        options: ShootOutOptions,
        starts: dict[Context, F64],
        states: int,
        seconds: float,
        *,
        cached: bool = False,
        memo: int = 4,
    ) -> None:
        self.options = options
        self.states = states
        self.seconds = seconds
        self.cached = cached
        self._lay = _Layout.of(options)
        self._starts = starts
        self._memo = memo
        self._duels: OrderedDict[tuple[tuple[int, ...], int, int, int], _Duel] = OrderedDict()
        full = self._lay.index(options.black, options.red)
        self.first_player_win = float(starts[(options.deck, 0, 0)][full, full])

    def __repr__(self) -> str:
        return (
            f"<Solution {self.options.describe()}: first player wins "
            f"{self.first_player_win:.6f}, {self.states} states, {self.seconds:.1f}s>"
        )

    @property
    def contexts(self) -> Iterator[Context]:
        """Every context solved: ``(cards left, starter's score, other's score)``."""
        return iter(self._starts)

    def start_values(self, deck: tuple[int, ...], starter: int, other: int) -> F64:
        """The starter's win probability before the card of a duel is turned
        up, indexed ``[starter's bullets, other's bullets]`` with bullets as
        ``black * (red + 1) + red``. Read-only."""
        values = self._starts[(tuple(sorted(deck)), starter, other)]
        view = values.view()
        view.flags.writeable = False
        return view

    # -- duels on demand ----------------------------------------------------------------

    def _duel(self, deck: tuple[int, ...], lo: int, hi: int, card: int) -> _Duel:
        key = (deck, lo, hi, card)
        duel = self._duels.get(key)
        if duel is not None:
            self._duels.move_to_end(key)
            return duel
        _, _, made = _solve_duel(self._lay, self._starts, deck, lo, hi, card, keep=True)
        assert made is not None
        self._duels[key] = made
        while len(self._duels) > self._memo:
            self._duels.popitem(last=False)
        return made

    def duel_tables(self, state: ShootOutState) -> tuple[F64, F64, F64, F64]:
        """``(T_me, A_me, T_opp, A_opp)`` of the duel in progress, for the
        player to move ("me"): start-of-turn and after-hit values indexed
        ``[my bullets, their bullets, my space - front, their space - front]``
        (see :mod:`saloon.games.shootout.solver_kernel`). Read-only use."""
        if state.card is None:
            raise ValueError("no duel is in progress")
        me = state.turn
        mine, theirs = state.score(me), state.score(1 - me)
        lo, hi = min(mine, theirs), max(mine, theirs)
        # The face-up card has left the deck; the duel's context still holds it.
        deck = tuple(sorted((*state.deck, state.card)))
        duel = self._duel(deck, lo, hi, state.card)
        if mine == lo:
            return duel.t_ab, duel.a_ab, duel.t_ba, duel.a_ba
        return duel.t_ba, duel.a_ba, duel.t_ab, duel.a_ab

    # -- queries -------------------------------------------------------------------------

    def _check(self, state: State) -> ShootOutState:
        if not isinstance(state, ShootOutState):
            raise TypeError(f"a Shoot Out state is needed, not {type(state).__name__}")
        if state.options != self.options:
            raise ValueError(
                f"this solution is for {self.options.describe()}, not {state.options.describe()}"
            )
        return state

    def _mover_value(self, st: ShootOutState) -> float:
        """The win probability of ``st.turn`` (the player to move or to start)."""
        lay = self._lay
        me, opp = st.turn, 1 - st.turn
        i = lay.index(st.black[me], st.red[me])
        j = lay.index(st.black[opp], st.red[opp])
        phase = st.phase
        if phase == Phase.CARD:
            key = (tuple(sorted(st.deck)), st.score(me), st.score(opp))
            return float(self._starts[key][i, j])
        t_me, a_me, t_opp, _ = self.duel_tables(st)
        x = st.pos[me] - lay.front
        y = st.pos[opp] - lay.front
        if phase == Phase.TURN:
            return float(t_me[i, j, x, y])
        if phase == Phase.AFTER_HIT:
            return float(a_me[i, j, x, y])
        # ROLL: the bullet is already spent (ruling 3).
        assert st.weapon is not None
        p = st.hit_chance(me, st.weapon)
        yp = min(y + lay.push, lay.npos - 1)
        return float(p * a_me[i, j, x, yp] + (1.0 - p) * (1.0 - t_opp[j, i, y, x]))

    def win_probability(self, state: State, player: int = 0) -> float:
        """``player``'s probability of winning the game from ``state`` when
        both play perfectly: any state, chance nodes included; 1 or 0 once
        the game is over."""
        st = self._check(state)
        if st.phase == Phase.OVER:
            return 1.0 if st.winner() == player else 0.0
        if st.phase == Phase.FIRST:
            # Ruling 6: who starts the first duel is a fair coin.
            key = (tuple(sorted(st.deck)), st.score(0), st.score(1))
            lay = self._lay
            i = lay.index(st.black[0], st.red[0])
            j = lay.index(st.black[1], st.red[1])
            starts, swapped = self._starts[key], self._starts[(key[0], key[2], key[1])]
            p0 = 0.5 * float(starts[i, j]) + 0.5 * (1.0 - float(swapped[j, i]))
            return p0 if player == 0 else 1.0 - p0
        value = self._mover_value(st)
        return value if player == st.turn else 1.0 - value

    def action_values(self, state: State) -> list[tuple[Action, float]]:
        """Each legal action with the mover's win probability after it, best
        first (ties keep the rules' order: retreat, move, Colt, Winchester)."""
        st = self._check(state)
        mover = st.to_move
        if mover is None or st.phase not in (Phase.TURN, Phase.AFTER_HIT):
            raise ValueError("action values exist only where a player is to move")
        out: list[tuple[Action, float]] = []
        for action in st.legal_actions():
            child = st.clone()
            child.apply_unchecked(action)
            out.append((action, self.win_probability(child, mover)))
        out.sort(key=lambda av: -av[1])
        return out

    def best_actions(self, state: State) -> list[Action]:
        """Every optimal action (within ``1e-12`` of the best)."""
        values = self.action_values(state)
        best = values[0][1]
        return [a for a, v in values if v >= best - TIE]


# -- solving and caching ----------------------------------------------------------------

_MEMORY: dict[str, Solution] = {}
_LOCK = threading.Lock()


def cache_dir() -> Path:
    """Where solutions are kept: ``$SALOON_CACHE``, else ``~/.cache/saloon``."""
    return disk.cache_dir()


def cache_key(options: ShootOutOptions) -> str:
    """A digest of the options and the solver version."""
    text = json.dumps(
        {"game": "shootout", "solver": SOLVER_VERSION, "options": options.to_dict()},
        sort_keys=True,
    )
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def _cache_path(options: ShootOutOptions) -> Path:
    return cache_dir() / f"shootout-{cache_key(options)}.cache"


def _save(path: Path, solution: Solution) -> None:
    """Keep the start-of-duel values on disk (checksummed, atomic:
    :mod:`saloon.core.cache`)."""
    keys = list(solution._starts)
    meta = {
        "solver": SOLVER_VERSION,
        "options": solution.options.to_dict(),
        "states": solution.states,
        "seconds": solution.seconds,
        "contexts": [[list(d), a, b] for d, a, b in keys],
    }
    disk.write(path, meta, {"values": np.stack([solution._starts[k] for k in keys])})


def _load(path: Path, options: ShootOutOptions) -> Solution | None:
    """The solution kept at ``path``, verified; ``None`` if there is none
    or it cannot be trusted (then said once on stderr)."""

    def build(meta: dict[str, Any], arrays: dict[str, Any]) -> Solution | None:
        if meta["solver"] != SOLVER_VERSION or meta["options"] != options.to_dict():
            return None  # another solver's or variant's file: not damaged, just not ours
        values = arrays["values"]
        lay = _Layout.of(options)
        contexts = meta["contexts"]
        if values.dtype != np.float64 or values.shape != (len(contexts), lay.n_i, lay.n_i):
            raise ValueError(f"values of shape {values.shape} for {len(contexts)} contexts")
        starts: dict[Context, F64] = {}
        for n, (d, a, b) in enumerate(contexts):
            starts[(tuple(int(c) for c in d), int(a), int(b))] = values[n]
        expected = {(d, a, b) for d, lo, hi in _contexts(options) for a, b in ((lo, hi), (hi, lo))}
        if set(starts) != expected:
            raise KeyError(f"{len(starts)} contexts where the variant has {len(expected)}")
        return Solution(options, starts, int(meta["states"]), float(meta["seconds"]), cached=True)

    return disk.read(path, build)


def is_cached(options: ShootOutOptions | None = None) -> bool:
    """Whether :func:`solve` would answer from memory or disk at once."""
    o = options if options is not None else ShootOutOptions()
    return cache_key(o) in _MEMORY or _cache_path(o).exists()


def solve(options: ShootOutOptions | None = None, *, cache: bool = True) -> Solution:
    """Solve a variant of Shoot Out exactly (see the module notes).

    With ``cache`` (the default), a solution is kept in memory and on disk
    per variant, so a second solve is instant; ``cache=False`` always
    solves afresh and stores nothing.
    """
    o = options if options is not None else ShootOutOptions()
    check_size(o)
    if not cache:
        return _compute(o)
    key = cache_key(o)
    with _LOCK:
        found = _MEMORY.get(key)
        if found is not None:
            return found
        path = _cache_path(o)
        found = _load(path, o)  # files are replaced atomically: reading needs no lock
        if found is None:
            with disk.building(path):  # another process solving it: wait, then read
                found = _load(path, o)
                if found is None:
                    found = _compute(o)
                    _save(path, found)  # a read-only home still solves (said once)
        _MEMORY[key] = found
        return found


def _compute(o: ShootOutOptions) -> Solution:
    began = time.perf_counter()
    starts, states = _solve_all(o)
    return Solution(o, starts, states, time.perf_counter() - began)
