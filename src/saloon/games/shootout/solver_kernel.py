"""The hot loop of the Shoot Out solver: one duel, solved backwards.

The functions are compiled by Numba (``saloon[fast]``), which caches the
machine code on disk; the solver imports this module only when it has a
duel to solve. Nothing here knows about states or options: the
caller (:mod:`saloon.games.shootout.solver`) prepares the arrays.

Notation. A duel is seen from each duellist in turn: "me" is the player to
move, "opp" the other. Bullets are one index ``i = black * nr + red``
(``nr = red + 1``), so a Colt shot is ``i - nr`` and a Winchester shot
``i - 1``. Positions are indices ``x = space - front``: ``x = 0`` is the
front space, from which a move reaches the centre (ruling 1).

Tables, for the player to move with bullets ``i`` on ``x`` against ``j`` on
``y``, hold his probability of winning the game:

* ``A[i, j, x, y]``: after one of his hits ("Shooting", ruling 3): the best
  of moving and shooting again;
* ``T[i, j, x, y]``: at the start of his turn: the best of retreating
  ("The End of the Duel", ruling 4) and what ``A`` offers (ruling 2).

A duel is played for one card between two players with given scores, so
it needs two pairs of tables, one for each player to move: ``ab`` and
``ba``. When both players have the same score the two pairs are one
(player-swap symmetry), which the caller signals with ``same``.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from saloon.core.jit import HAVE_NUMBA, jit

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]

MISSING_NUMBA = (
    "the Shoot Out solver needs Numba for its inner loop; install it with "
    "`pip install 'saloon[fast]'` (or `pip install numba`)"
)


@jit
def _shots(
    am: F64,
    t_miss_c: F64,
    a_hit_c: F64,
    t_miss_w: F64,
    a_hit_w: F64,
    has_black: bool,
    has_red: bool,
    colt_p: F64,
    winch_p: F64,
    push: int,
) -> None:
    """The best shot for the player to move, into ``am[x, y]`` (-1: none).

    One block of bullet counts, both spaces as ``[mine, theirs]``; the
    blocks after a Colt or Winchester shot (``*_c``, ``*_w``) are solved.
    Ruling 3: the bullet is spent whatever the roll; a hit (probability read
    from the shooter's own space) pushes the opponent back ``push`` spaces,
    never beyond the back space, and leaves the shooter to move again
    (``a_hit``; with no bullet left that is a forced move, which is what
    ``a_hit`` holds then); a miss hands the turn over (``t_miss``, which is
    indexed from the opponent's side, ``[theirs, mine]``).
    """
    npos = am.shape[0]
    top = npos - 1
    for x in range(npos):
        pc = colt_p[x]
        pw = winch_p[x]
        for y in range(npos):
            yp = min(y + push, top)
            best = -1.0
            if has_black:
                best = pc * a_hit_c[x, yp] + (1.0 - pc) * (1.0 - t_miss_c[y, x])
            if has_red:
                v = pw * a_hit_w[x, yp] + (1.0 - pw) * (1.0 - t_miss_w[y, x])
                if v > best:
                    best = v
            am[x, y] = best


@jit
def _duel(
    t_ab: F64,
    a_ab: F64,
    t_ba: F64,
    a_ba: F64,
    win_ab: F64,
    lose_ab: F64,
    win_ba: F64,
    lose_ba: F64,
    reload_idx: I64,
    colt_p: F64,
    winch_p: F64,
    nr: int,
    push: int,
    rf: int,
    same: bool,
    slots: int,
    sx: int,
    start_ab: F64,
    start_ba: F64,
) -> None:
    """Solve one duel backwards, filling the four tables.

    The order makes every value's successors ready: bullets never increase
    within a duel (a shot spends one, and a retreat ends the duel), so the
    bullet pairs go in increasing order; for one pair of bullet counts,
    once the shots are valued only moves remain, each bringing the mover's
    pawn one space nearer, so the positions go front to back.

    For each value (ruling 2): a move ("Moving", ruling 1) from the front
    space reaches the centre and wins the duel (``win``), else hands the
    turn to the opponent one space nearer; ``A`` is the best of the move
    and the shots; ``T`` adds the retreat (ruling 4), only at the start of
    a turn: the opponent takes the card (``lose``) and the retreating player
    reloads black bullets (``reload_idx``, capped at the start number) when
    the opponent stands at position index ``rf`` or farther.

    With ``same`` the ``ab`` and ``ba`` tables are one array and each
    unordered pair of bullet counts is done once.

    Memory: a value needs only the blocks of up to ``nr`` fewer bullets of
    the player to move, so the tables may keep just ``slots = nr + 1`` of
    them along the outer bullet index (``i % slots``: ``t_ab[i, j]`` and
    ``t_ba[j, i]``), a few megabytes that stay in the CPU caches. With
    ``slots = n_i`` the tables are complete (for queries; ``same`` needs
    complete tables). ``start_ab[i, j]`` and ``start_ba[j, i]`` receive the
    values at the start of the duel: both pawns on ``sx``, ``ab`` or ``ba``
    to move.
    """
    n_i = win_ab.shape[0]
    npos = t_ab.shape[2]
    for i in range(n_i):
        bi = i // nr
        ri = i - bi * nr
        ic = i - nr if bi > 0 else i
        iw = i - 1 if ri > 0 else i
        si = i % slots
        sc = ic % slots
        sw = iw % slots
        j0 = i if same else 0
        for j in range(j0, n_i):
            bj = j // nr
            rj = j - bj * nr
            jc = j - nr if bj > 0 else j
            jw = j - 1 if rj > 0 else j
            tm_ab = t_ab[si, j]
            am_ab = a_ab[si, j]
            tm_ba = t_ba[j, si]
            am_ba = a_ba[j, si]
            _shots(
                am_ab, t_ba[j, sc], a_ab[sc, j], t_ba[j, sw], a_ab[sw, j],
                bi > 0, ri > 0, colt_p, winch_p, push,
            )  # fmt: skip
            _shots(
                am_ba, t_ab[si, jc], a_ba[jc, si], t_ab[si, jw], a_ba[jw, si],
                bj > 0, rj > 0, colt_p, winch_p, push,
            )  # fmt: skip
            w_ab = win_ab[i, j]
            w_ba = win_ba[j, i]
            r_ab_near = lose_ab[i, j]
            r_ab_far = lose_ab[reload_idx[i], j]
            r_ba_near = lose_ba[j, i]
            r_ba_far = lose_ba[reload_idx[j], i]
            for k in range(npos):
                # "ab" to move from space k, "ba" on y.
                for y in range(npos):
                    m = w_ab if k == 0 else 1.0 - tm_ba[y, k - 1]
                    a = am_ab[k, y]
                    if m > a:
                        a = m
                    am_ab[k, y] = a
                    r = r_ab_far if y >= rf else r_ab_near
                    tm_ab[k, y] = r if r > a else a
                # "ba" to move from space y, "ab" on k.
                for y in range(npos):
                    m = w_ba if y == 0 else 1.0 - tm_ab[k, y - 1]
                    a = am_ba[y, k]
                    if m > a:
                        a = m
                    am_ba[y, k] = a
                    r = r_ba_far if k >= rf else r_ba_near
                    tm_ba[y, k] = r if r > a else a
            start_ab[i, j] = tm_ab[sx, sx]
            start_ba[j, i] = tm_ba[sx, sx]


def kernel() -> Callable[..., None]:
    """The compiled duel solver; :class:`ImportError` with a hint without Numba."""
    if not HAVE_NUMBA:  # pragma: no cover
        raise ImportError(MISSING_NUMBA)
    return _duel
