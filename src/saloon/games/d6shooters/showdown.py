"""An exact solver of the Ghost Town Showdown, the end of episode 2 of The d6 Shooters.

It gives the Posse's chance to win the Showdown with best play, and the best
decision at every step the engine asks for.

The Showdown in short (rulebook "The Ghost Town Showdown": Combat, Tactics;
rulings D6-S1..S7; in our own words): the Posse rolls one die per member,
the Crowes one per gang member left. Every round the player may first name
a Tactic, each of the three at most once, then both sides roll.

* Once a round, 1 Ammo rerolls up to three dice, taken from either side.
* In a plain round each Posse 4-6 may remove a Crowe 1-2 for good or
  cancel a Crowe 5-6 for this round; every Crowe 5-6 not cancelled costs
  the Posse a die. The player says how many successes remove Crowes (the
  engine offers every number the dice allow).
* Defend: each Posse 3-6 removes a Crowe 1-2, only Crowe 6s hit.
  Charge: each Posse 3-6 removes a Crowe 1-3, every Crowe 4-6 hits.
  Distract: a plain round, but after the roll (and any reroll) three pips
  may be moved, one at a time, on any dice of either side.
* The round ends with the removals and the hits; the Posse at 0 loses,
  even if the Crowes are gone too; the Crowes at 0 lose.
* Medicine/Bandages (a Special Item, used once) prevents all the Posse
  loss of one source, and one round of the Showdown is one source
  (RULINGS d6; D6-I5, D6-S7): once the round's removals and hits are
  known, a player who holds it may cancel all the hits and discard it.

How it works
------------
A state between rounds is ``(posse, crowes, ammo, used, medicine)``.
Every round leads to a state with no more Posse, Crowes or Ammo, no fewer
Tactics spent and no Medicine gained, so the states are solved from the
smallest up: first every state without Medicine (the Tactics from the most
spent down), then every state with it. One exception: a round without a
Tactic and without a reroll may change nothing; that self-loop is solved
as a fixed point
(:func:`~saloon.games.d6shooters.showdown_kernel.category_round`). With
Medicine the end of a round with ``h > 0`` hits is worth the better of
taking them (the Medicine kept) and of preventing them (the state without
Medicine, no Posse lost); a round without hits keeps the Medicine
(:func:`~saloon.games.d6shooters.showdown_kernel.cont_hit`). Using it does
not leave the state as it was, so the self-loop is the same as without.

Within a round only categories of faces matter, which keeps the rolls
small: outside Distract, the Posse dice that succeed and the Crowe dice
that can be removed, that hit, or neither (per Tactic). In a Distract
round the faces matter more, because a pip costs differently on a Posse
1, 2 or 3, or on a Crowe 3, 4, 5 or 6, but only as far as three pips
reach: the failed Posse dice are summed up by how many successes one, two
or three pips can make of them (7 classes), the neutral and hitting Crowe
dice by how many 3s and 5s there are (up to three) and whether there is a
4 and a 6 when it matters (36 classes). The tests check that every set of
faces in a class is worth the same to every plan of pips.

Two facts keep the choices few. (1) Every option the engine offers that is
left out is dominated as long as the value never falls with one more Posse
die, one fewer Crowe die or one more Ammo, and is never lower with the
Medicine than without (*monotonicity*; then a round's end is worth no less
with fewer hits or more removals, with or without Medicine): the nudges
that make a die worse or change no category, and the rerolls of anything
but the worst dice of each side (rerolling a die rather than a worse one
of its side can only lose, and rerolling a Posse success or a removable
Crowe die is never better than keeping it). So a reroll is "the ``kp``
lowest failed Posse dice and the ``kc`` highest Crowe dice that are not
removable": ten choices with passing. (2) The values computed this way
are monotone (the tests check it on a table; it holds, to rounding, for
every state up to 12 Posse, 30 Crowes and 110 Ammo, with and without
Medicine), which makes them the
values of the full game: with monotone values none of the options left out
would have been better. The tests also compare the values, and every
action's value inside rounds, with a brute-force search over the engine on
small states, and with Monte Carlo games of the engine on bigger ones.

The engine's limit of 50 rounds (D6-S6: then the Crowes escape) is
ignored. Its effect is tiny but not nil: :func:`capped_values` solves the
limited Showdown exactly, and it is below the values here by at most
2.1e-7 without Medicine and 2.7e-7 with it (all states up to 10 Posse, 20
Crowes and 1 Ammo; 8, 16 and 2; 6, 10 and 3). The best play has ties (a
sure win by removing the last Crowe or by waiting a round);
:func:`best_showdown_action` breaks them towards removing Crowes, so its
games do not idle into the limit, and towards keeping the Medicine when
spending it gains nothing.

Ammo has no cap. The table holds as many Ammo layers as a state has asked
for, and stops growing once two layers agree within 1e-15: more Ammo then
changes nothing that a float can tell (see :class:`ShowdownTable`).

The table (every state up to its bounds, any Tactics spent, with and
without Medicine) is built by Numba-compiled loops, in about 80 s of one
core for 12 Posse, 25 Crowes and 15 Ammo, of which 38 s for the states
without Medicine (``benchmarks/d6shooters_showdown.py``), and kept on
disk in ``$SALOON_CACHE`` or ``~/.cache/saloon``, with a checksum that is
verified before the table is used (a damaged file is rebuilt and rewritten:
:mod:`saloon.core.cache`). Without Numba the same
loops run as plain Python: the same numbers, a great deal slower.

>>> round(showdown_win(1, 1, 0), 6)
0.842593
>>> showdown_win(3, 0, 0), showdown_win(0, 2, 5)
(1.0, 0.0)
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb, factorial
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from saloon.core import cache as disk
from saloon.core.action import Action
from saloon.core.state import State
from saloon.games.d6shooters import showdown_kernel as kern
from saloon.games.d6shooters.actions import Amount, Change, Reroll, Word
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.rules.nodes import (
    DONE,
    MEDICINE,
    MEDICINE_WORD,
    P_ASSIGN,
    P_LOSS,
    P_NUDGE,
    P_REROLL,
    P_TACTIC,
    PASS,
    TACTICS,
)

#: Bump when the values or the cache format change.
SOLVER_VERSION = 3
#: Values closer than this count as ties (the first in the preferred order wins).
TIE = 1e-12
#: Two Ammo layers this close make a table stable (see :class:`ShowdownTable`).
STABLE = 1e-15
#: The smallest table built (a bigger one is built when a state needs it).
MIN_DIMS = (4, 6, 2)

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]

NONE, DEFEND, CHARGE, DISTRACT = range(4)
#: Pip pairs ``(more low Crowe dice, fewer high ones)`` a Distract plan can buy.
PAIRS = tuple((dl, dh) for dl in range(4) for dh in range(4 - dl))
_NO = 99  # the cost of a pair no plan reaches


def used_index(used: int) -> int:
    """The engine's ``showdown.tactics_used`` (bit ``1 << TACTICS.index(t)``) as the
    solver's 3-bit index (bit 0 Defend, bit 1 Charge, bit 2 Distract)."""
    return (used >> 1) & 7


# -- the classes of dice Distract's pips can reach ---------------------------------------


def _gclass(n1: int, n2: int, n3: int) -> int:
    """The class of a Posse's failed dice: what 1, 2 or 3 pips can make
    successes of (a 3 takes one pip, a 2 two, a 1 three)."""
    k = min(n3, 3)
    if k == 3:
        return 6
    if k == 2:
        return 5
    if k == 1:
        return 4 if n2 else 3
    if n2:
        return 2
    return 1 if n1 else 0


#: One set of failed Posse dice ``(1s, 2s, 3s)`` of each class.
_G_REP = ((0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1), (0, 1, 1), (0, 0, 2), (0, 0, 3))


def _pclass(cheap: int, dear: int) -> int:
    """The class of a pair of Crowe faces one and two pips from a better
    category (3s and 4s from low, 5s and 6s from neutral): a 4 or a 6 only
    counts when there are fewer than two of the cheaper faces."""
    k = min(cheap, 3)
    if k >= 2:
        return 2 + k
    return 2 * k + (1 if dear else 0)


_P_REP = ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (3, 0))


def _gain(n1: int, n2: int, n3: int, pips: int) -> int:
    """Most successes ``pips`` pips make of failed Posse dice."""
    return max(
        x1 + x2 + x3
        for x1 in range(min(n1, 1) + 1)
        for x2 in range(min(n2, 1) + 1)
        for x3 in range(min(n3, 3) + 1)
        if 3 * x1 + 2 * x2 + x3 <= pips
    )


def _costs(m3: int, m4: int, h5: int, h6: int) -> list[int]:
    """The fewest pips for each pair in :data:`PAIRS`: a 3 to 2 (one pip)
    or a 4 to 2 (two) adds a low die, a 5 to 4 (one) or a 6 to 4 (two)
    takes away a high one, a 5 to 2 (three pips) does both."""
    best = [_NO] * len(PAIRS)
    for a1, a2, b1, b2, c1 in product(range(4), range(2), range(4), range(2), range(2)):
        if a1 > m3 or a2 > m4 or b1 + c1 > h5 or b2 > h6:
            continue
        cost = a1 + 2 * a2 + b1 + 2 * b2 + 3 * c1
        dl, dh = a1 + a2 + c1, b1 + b2 + c1
        if cost <= 3 and dl + dh <= 3:
            i = PAIRS.index((dl, dh))
            best[i] = min(best[i], cost)
    return best


def _crowe_class(m3: int, m4: int, h5: int, h6: int) -> int:
    return _pclass(m3, m4) * 6 + _pclass(h5, h6)


def _posse_after(n1: int, n2: int, n3: int, kp: int) -> int:
    """The class left when the ``kp`` lowest failed dice are rerolled."""
    if kp > n1 + n2 + n3:
        return -1
    take = min(n1, kp)
    n1, kp = n1 - take, kp - take
    take = min(n2, kp)
    n2, kp = n2 - take, kp - take
    return _gclass(n1, n2, n3 - kp)


def _crowe_after(m3: int, m4: int, h5: int, h6: int, kc: int) -> int:
    """The class left when the ``kc`` highest non-low Crowe dice are rerolled."""
    if kc > m3 + m4 + h5 + h6:
        return -1
    counts = [h6, h5, m4, m3]
    for i in range(4):
        take = min(counts[i], kc)
        counts[i] -= take
        kc -= take
    h6, h5, m4, m3 = counts
    return _crowe_class(m3, m4, h5, h6)


@dataclass(frozen=True)
class _Model:
    """The constant tables of the kernel for ``posse <= P``, ``crowes <= C``."""

    P: int
    C: int
    ints: dict[str, I64]
    floats: dict[str, F64]


@cache
def _model(P: int, C: int) -> _Model:
    N = max(P, C)
    ints: dict[str, I64] = {}
    floats: dict[str, F64] = {}
    tri = np.full((C + 1, C + 1), -1, dtype=np.int64)
    n = 0
    for lw in range(C + 1):
        for h in range(C + 1 - lw):
            tri[lw, h] = n
            n += 1
    ints["TRI"] = tri
    pf_n = np.zeros(N + 1, dtype=np.int64)
    pf = np.zeros((N + 1, 6), dtype=np.int64)
    for k in range(N + 1):
        found = sorted({_pclass(j, k - j) for j in range(k + 1)})
        pf_n[k] = len(found)
        pf[k, : len(found)] = found
    ints["PF_N"], ints["PF"] = pf_n, pf
    gf_n = np.zeros(P + 1, dtype=np.int64)
    gf = np.zeros((P + 1, 7), dtype=np.int64)
    for f in range(P + 1):
        found = sorted(
            {_gclass(n1, n2, f - n1 - n2) for n1 in range(f + 1) for n2 in range(f + 1 - n1)}
        )
        gf_n[f] = len(found)
        gf[f, : len(found)] = found
    ints["GF_N"], ints["GF"] = gf_n, gf
    ints["GAIN"] = np.array([[_gain(*rep, pips) for pips in range(4)] for rep in _G_REP])
    ints["COST"] = np.array(
        [_costs(*_P_REP[cp // 6], *_P_REP[cp % 6]) for cp in range(36)], dtype=np.int64
    )
    ints["DL"] = np.array([dl for dl, _ in PAIRS], dtype=np.int64)
    ints["DH"] = np.array([dh for _, dh in PAIRS], dtype=np.int64)
    merge_p = np.zeros((7, 3), dtype=np.int64)
    for g, (n1, n2, n3) in enumerate(_G_REP):
        merge_p[g] = [_gclass(n1 + 1, n2, n3), _gclass(n1, n2 + 1, n3), _gclass(n1, n2, n3 + 1)]
    ints["MERGE_P"] = merge_p
    merge_c = np.zeros((36, 4), dtype=np.int64)
    for cp in range(36):
        (m3, m4), (h5, h6) = _P_REP[cp // 6], _P_REP[cp % 6]
        merge_c[cp] = [
            _crowe_class(m3 + 1, m4, h5, h6),
            _crowe_class(m3, m4 + 1, h5, h6),
            _crowe_class(m3, m4, h5 + 1, h6),
            _crowe_class(m3, m4, h5, h6 + 1),
        ]
    ints["MERGE_C"] = merge_c
    # Posse signatures: for each number of failed dice, the classes left by
    # each reroll of 0..3 of them, with their chances (1s, 2s, 3s alike).
    psigs: list[dict[tuple[int, ...], Fraction]] = []
    for f in range(P + 1):
        sigs: dict[tuple[int, ...], Fraction] = {}
        for n1 in range(f + 1):
            for n2 in range(f + 1 - n1):
                n3 = f - n1 - n2
                w = Fraction(factorial(f), factorial(n1) * factorial(n2) * factorial(n3) * 3**f)
                sig = tuple(_posse_after(n1, n2, n3, k) for k in range(4))
                sigs[sig] = sigs.get(sig, Fraction(0)) + w
        psigs.append(sigs)
    width = max(len(s) for s in psigs)
    ps_n = np.zeros(P + 1, dtype=np.int64)
    ps_prob = np.zeros((P + 1, width))
    ps_g = np.full((P + 1, width, 4), -1, dtype=np.int64)
    for f, sigs in enumerate(psigs):
        ps_n[f] = len(sigs)
        for i, (sig, w) in enumerate(sorted(sigs.items())):
            ps_prob[f, i] = float(w)
            ps_g[f, i] = sig
    ints["PS_N"], ints["PS_G"], floats["PS_PROB"] = ps_n, ps_g, ps_prob
    # Crowe signatures per (neutral, high) counts: 3s among the neutral and
    # 5s among the high dice are each half.
    csigs: dict[tuple[int, int], dict[tuple[int, ...], Fraction]] = {}
    for m in range(C + 1):
        for h in range(C + 1 - m):
            sigs = {}
            for m3 in range(m + 1):
                for h5 in range(h + 1):
                    w = Fraction(comb(m, m3) * comb(h, h5), 2 ** (m + h))
                    sig = tuple(_crowe_after(m3, m - m3, h5, h - h5, k) for k in range(4))
                    sigs[sig] = sigs.get(sig, Fraction(0)) + w
            csigs[m, h] = sigs
    width = max(len(s) for s in csigs.values())
    cs_n = np.zeros((C + 1, C + 1), dtype=np.int64)
    cs_prob = np.zeros((C + 1, C + 1, width))
    cs_cp = np.full((C + 1, C + 1, width, 4), -1, dtype=np.int64)
    for (m, h), sigs in csigs.items():
        cs_n[m, h] = len(sigs)
        for i, (sig, w) in enumerate(sorted(sigs.items())):
            cs_prob[m, h, i] = float(w)
            cs_cp[m, h, i] = sig
    ints["CS_N"], ints["CS_CP"], floats["CS_PROB"] = cs_n, cs_cp, cs_prob
    ints["OPTP"], ints["OPTC"] = kern.OPT_P, kern.OPT_C
    # Roll chances: Posse successes (1/2 plain, 2/3 with Defend or Charge);
    # Crowe (low, neutral, high) per Tactic.
    pbin = np.zeros((2, N + 1, N + 1))
    for qi, q in enumerate((Fraction(1, 2), Fraction(2, 3))):
        for k in range(N + 1):
            for s in range(k + 1):
                pbin[qi, k, s] = float(comb(k, s) * q**s * (1 - q) ** (k - s))
    floats["PBIN"] = pbin
    qc = (
        (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)),
        (Fraction(1, 3), Fraction(1, 2), Fraction(1, 6)),
        (Fraction(1, 2), Fraction(0), Fraction(1, 2)),
    )
    cmult = np.zeros((3, C + 1, C + 1, C + 1))
    for t, (ql, qm, qh) in enumerate(qc):
        for k in range(C + 1):
            for lw in range(k + 1):
                for h in range(k + 1 - lw):
                    m = k - lw - h
                    ways = factorial(k) // (factorial(lw) * factorial(h) * factorial(m))
                    cmult[t, k, lw, h] = float(ways * ql**lw * qh**h * qm**m)
    floats["CMULT"] = cmult
    floats["QS"] = np.array([0.5, 2.0 / 3.0])
    floats["QC"] = np.array([[float(x) for x in row] for row in qc])
    for arr in (*ints.values(), *floats.values()):
        arr.flags.writeable = False
    return _Model(P, C, ints, floats)


_INT_ARGS = (
    "TRI", "PF_N", "PF", "GF_N", "GF", "GAIN", "COST", "DL", "DH", "MERGE_P", "MERGE_C",
    "PS_N", "PS_G", "CS_N", "CS_CP", "OPTP", "OPTC",
)  # fmt: skip
_FLOAT_ARGS = ("PBIN", "CMULT", "QS", "QC", "PS_PROB", "CS_PROB")


class _Work:
    """The kernel's scratch arrays for ``posse <= P``, ``crowes <= C``."""

    def __init__(self, P: int, C: int) -> None:
        ntri = (C + 1) * (C + 2) // 2
        self.Q0 = np.full((ntri, 36, 8, P + 1), -1.0)
        self.Q1 = np.full((ntri, 36, 8, P + 1), -1.0)
        self.F0 = np.zeros((P + 1, C + 1, C + 1))
        self.L0 = np.zeros((P + 1, C + 1, C + 1), dtype=np.bool_)
        self.F1 = np.zeros((P + 1, C + 1, C + 1))
        self.L1 = np.zeros((P + 1, C + 1, C + 1), dtype=np.bool_)
        self.H = np.zeros((4, 4, P + 1, C + 1, C + 1))
        self.LB = np.zeros((P + 1) * ntri)
        self.LP = np.zeros((P + 1) * ntri)
        self.T = np.full((11, C + 1, 36, 8, P + 1), -1.0)
        self.FM = np.zeros((4, P + 1))
        self.B = np.zeros((P + 1) * 16)

    def args(self) -> tuple[Any, ...]:
        return (
            self.F0, self.L0, self.F1, self.L1, self.H, self.LB, self.LP, self.T, self.FM, self.B
        )  # fmt: skip


def _const_args(model: _Model) -> tuple[Any, ...]:
    return (
        *(model.ints[k] for k in _INT_ARGS),
        *(model.floats[k] for k in _FLOAT_ARGS),
    )


# -- the table ----------------------------------------------------------------------------


class ShowdownTable:
    """The solved Showdown for every state with ``posse <= P``,
    ``crowes <= C``, ``ammo <= A``, any Tactics spent, with or without
    Medicine.

    ``values[m, u, a, p, c]`` is the win chance between rounds (``m`` 1
    with Medicine held, ``u`` from :func:`used_index`);
    ``tactics[m, u, a, p, c, t]`` the chance after declaring ``TACTICS[t]``
    (``-1`` if spent or if nobody is left).

    More Ammo is worth less and less (a Showdown seldom lasts long enough
    to spend it): once the last two Ammo layers agree within
    :data:`STABLE` the table is *stable* and answers for any Ammo from its
    top layer. With 12 Posse and 30 Crowes that happens at 71 Ammo (72
    with Medicine), and nothing moves by more than 1e-15 from there to 110
    Ammo (the largest change of a value from one Ammo to the next is 6e-10
    at 50 Ammo, 1e-12 at 60 and 2e-15 at 70; 7e-10, 1.5e-12 and 2.3e-15
    with Medicine).
    """

    def __init__(
        self, P: int, C: int, A: int, values: F64, tactics: F64, seconds: float, cached: bool
    ) -> None:
        self.P, self.C, self.A = P, C, A
        self.values = values
        self.tactics = tactics
        self.seconds = seconds
        self.cached = cached
        self.values.flags.writeable = False
        self.tactics.flags.writeable = False
        self.stable = A >= 1 and bool(
            np.abs(values[:, :, A] - values[:, :, A - 1]).max() <= STABLE
            and np.abs(tactics[:, :, A] - tactics[:, :, A - 1]).max() <= STABLE
        )

    def __repr__(self) -> str:
        return (
            f"<ShowdownTable posse<={self.P} crowes<={self.C} ammo<={self.A}"
            f"{' (stable)' if self.stable else ''}, {self.seconds:.1f}s"
            f"{' (cached)' if self.cached else ''}>"
        )

    def covers(self, posse: int, crowes: int, ammo: int) -> bool:
        return posse <= self.P and crowes <= self.C and (ammo <= self.A or self.stable)

    def layer(self, ammo: int) -> int:
        """The Ammo index of ``ammo`` (the top one for more, when stable)."""
        if ammo <= self.A:
            return ammo
        if self.stable:
            return self.A
        raise ValueError(f"this table stops at {self.A} Ammo")

    def win(
        self, posse: int, crowes: int, ammo: int, used: int = 0, medicine: bool = False
    ) -> float:
        """The Posse's chance between rounds (``used`` as in the engine;
        ``medicine``: Medicine/Bandages held)."""
        if posse <= 0:
            return 0.0
        if crowes <= 0:
            return 1.0
        m = int(medicine)
        return float(self.values[m, used_index(used), self.layer(ammo), posse, crowes])


def _solve(values: F64, tactics: F64, P: int, C: int, a_from: int) -> None:
    """Solve the Ammo layers from ``a_from`` up: the layer without Medicine,
    then the one with it, which continues into the other."""
    A = values.shape[2] - 1
    model = _model(P, C)
    work = _Work(P, C)
    for m in (0, 1):
        kern.solve_all(
            values[m], tactics[m], values[m], values[0], m == 1, True, P, C, A, a_from,
            work.Q0, work.Q1, *_const_args(model), *work.args(),
        )  # fmt: skip


def _shape(P: int, C: int, A: int) -> tuple[int, int, int, int, int]:
    """The shape of :attr:`ShowdownTable.values` (Medicine, Tactics, Ammo, Posse, Crowes)."""
    return (2, 8, A + 1, P + 1, C + 1)


def build_table(posse: int, crowes: int, ammo: int) -> ShowdownTable:
    """Solve every state up to these bounds (no cache; see :func:`table`)."""
    P, C, A = max(posse, 1), max(crowes, 1), max(ammo, 0)
    values = np.zeros(_shape(P, C, A))
    tactics = np.full((*_shape(P, C, A), 4), -1.0)
    began = time.perf_counter()
    _solve(values, tactics, P, C, 0)
    return ShowdownTable(P, C, A, values, tactics, time.perf_counter() - began, False)


def extend_table(tab: ShowdownTable, ammo: int) -> ShowdownTable:
    """``tab`` with the Ammo layers up to ``ammo`` added."""
    if ammo <= tab.A:
        return tab
    P, C, A = tab.P, tab.C, tab.A
    values = np.zeros(_shape(P, C, ammo))
    tactics = np.full((*_shape(P, C, ammo), 4), -1.0)
    values[:, :, : A + 1] = tab.values
    tactics[:, :, : A + 1] = tab.tactics
    began = time.perf_counter()
    _solve(values, tactics, P, C, A + 1)
    seconds = tab.seconds + time.perf_counter() - began
    return ShowdownTable(P, C, ammo, values, tactics, seconds, False)


def tactic_values(
    table: ShowdownTable, posse: int, crowes: int, ammo: int, used: int, medicine: bool = False
) -> F64:
    """Recompute one state's Tactic values from the smaller states of
    ``table`` (a check of the table: they equal ``table.tactics``)."""
    P, C = table.P, table.C
    model = _model(P, C)
    work = _Work(P, C)
    m = int(medicine)
    values = np.array(table.values)
    tactics = np.full(table.tactics.shape, -1.0)
    kern.solve_state(
        values[m], tactics[m], values[m], values[0], medicine, True, used_index(used),
        posse, crowes, ammo, work.Q0, work.Q1, False, *_const_args(model), *work.args(),
    )  # fmt: skip
    out: F64 = tactics[m, used_index(used), ammo, posse, crowes].copy()
    return out


def capped_values(posse: int, crowes: int, ammo: int, rounds: int) -> F64:
    """The win chances with at most ``rounds`` rounds left (a Showdown
    still on after them is lost, as the engine's limit of 50 rounds,
    D6-S6), indexed as :attr:`ShowdownTable.values`. They rise with
    ``rounds`` towards the values without a limit."""
    P, C, A = max(posse, 1), max(crowes, 1), max(ammo, 0)
    model = _model(P, C)
    work = _Work(P, C)
    before = np.zeros(_shape(P, C, A))
    before[:, :, :, 1:, 0] = 1.0
    tactics = np.full((*_shape(P, C, A), 4), -1.0)
    for _ in range(rounds):
        after = np.zeros_like(before)
        for m in (0, 1):
            kern.solve_all(
                after[m], tactics[m], before[m], before[0], m == 1, False, P, C, A, 0,
                work.Q0, work.Q1, *_const_args(model), *work.args(),
            )  # fmt: skip
        before = after
    return before


# -- caching ---------------------------------------------------------------------------------

_LOCK = threading.Lock()
_CURRENT: list[ShowdownTable] = []
#: Ammo layers added at a time when a state needs more.
AMMO_STEP = 8


def cache_dir() -> Path:
    """Where the table is kept: ``$SALOON_CACHE``, else ``~/.cache/saloon``."""
    return disk.cache_dir()


def _cache_path() -> Path:
    digest = hashlib.sha256(
        json.dumps({"game": "d6shooters-showdown", "solver": SOLVER_VERSION}).encode()
    ).hexdigest()[:16]
    return cache_dir() / f"d6showdown-{digest}.cache"


def _load(path: Path) -> ShowdownTable | None:
    """The table kept at ``path``, verified (:mod:`saloon.core.cache`);
    ``None`` if there is none or it cannot be trusted (said once on stderr)."""

    def build(meta: dict[str, Any], arrays: dict[str, Any]) -> ShowdownTable | None:
        if meta["solver"] != SOLVER_VERSION:
            return None  # another version's table: not damaged, just not ours
        P, C, A = (int(n) for n in meta["dims"])
        values, tactics = arrays["values"], arrays["tactics"]
        if min(P, C, A) < 0 or values.dtype != np.float64 or tactics.dtype != np.float64:
            raise ValueError(f"dimensions {meta['dims']} or types of the tables")
        if values.shape != _shape(P, C, A) or tactics.shape != (*values.shape, 4):
            raise ValueError(f"tables of shapes {values.shape} and {tactics.shape}")
        return ShowdownTable(P, C, A, values, tactics, float(meta["seconds"]), True)

    return disk.read(path, build)


def _save(path: Path, tab: ShowdownTable) -> None:
    """Keep the table on disk (checksummed, atomic; a failure is said once)."""
    meta = {"solver": SOLVER_VERSION, "dims": [tab.P, tab.C, tab.A], "seconds": tab.seconds}
    disk.write(path, meta, {"values": tab.values, "tactics": tab.tactics})


def _grow(tab: ShowdownTable, ammo: int) -> ShowdownTable:
    """Add Ammo layers a few at a time until ``ammo`` or a stable table."""
    while not tab.covers(tab.P, tab.C, ammo):
        tab = extend_table(tab, min(ammo, tab.A + AMMO_STEP))
    return tab


def table(posse: int = 0, crowes: int = 0, ammo: int = 0, *, cache: bool = True) -> ShowdownTable:
    """A solved table covering the state ``(posse, crowes, ammo)``.

    The one in memory if it covers the state, else the one on disk, else
    one grown from them (more Ammo layers) or built afresh with the larger
    of each bound, then saved. ``cache=False`` always solves afresh and
    stores nothing.
    """
    P, C = max(posse, MIN_DIMS[0]), max(crowes, MIN_DIMS[1])
    A = max(ammo, MIN_DIMS[2])
    if not cache:
        return _grow(build_table(P, C, min(A, AMMO_STEP)), A)
    with _LOCK:
        if _CURRENT and _CURRENT[0].covers(P, C, A):
            return _CURRENT[0]
        path = _cache_path()
        found = _load(path)  # files are replaced atomically: reading needs no lock
        if found is None or not found.covers(P, C, A):
            with disk.building(path):  # another process building it: wait, then read
                found = _from_disk_or_built(path, P, C, A)
        _CURRENT[:] = [found]
        return found


def _from_disk_or_built(path: Path, P: int, C: int, A: int) -> ShowdownTable:
    """The table on disk if it covers ``(P, C, A)``, else one grown or built
    (and saved); called with the cache file's lock held."""
    found = _load(path)
    if found is not None and found.covers(P, C, A):
        return found
    olds = [t for t in (found, *_CURRENT) if t is not None]
    base = next((t for t in olds if t.P >= P and t.C >= C), None)
    if base is None:
        P = max([P, *(t.P for t in olds)])
        C = max([C, *(t.C for t in olds)])
        start = max([min(A, AMMO_STEP), *(min(t.A, A) for t in olds)])
        base = build_table(P, C, start)
    grown = _grow(base, A)
    _save(path, grown)  # a read-only home still solves
    return grown


def showdown_win(
    posse: int, crowes: int, ammo: int, used: int = 0, medicine: bool = False
) -> float:
    """The Posse's chance to win the Showdown with best play, between rounds.

    ``used`` is the engine's ``showdown.tactics_used``: bit ``1 << TACTICS.index(t)``
    for each Tactic ``t`` already spent (rulebook "The Ghost Town
    Showdown": Tactics; D6-S1). ``medicine``: Medicine/Bandages held, which
    can prevent the hits of one round (RULINGS d6; D6-I5, D6-S7). The
    50-round limit (D6-S6) is ignored.

    >>> round(showdown_win(2, 2, 0), 4), round(showdown_win(2, 2, 1), 4)
    (0.8648, 0.965)
    >>> round(showdown_win(2, 2, 0, medicine=True), 4)
    0.9593
    >>> showdown_win(2, 2, 0, used=0b1110) < showdown_win(2, 2, 0)
    True
    """
    if posse <= 0:
        return 0.0
    if crowes <= 0:
        return 1.0
    return table(posse, crowes, ammo).win(posse, crowes, ammo, used, medicine)


# -- decisions inside a round -----------------------------------------------------------------

# Dice are counted per category that any Tactic tells apart: Posse
# (1, 2, 3, 4-6); Crowe (1-2, 3, 4, 5, 6).
PosseCounts = tuple[int, int, int, int]
CroweCounts = tuple[int, int, int, int, int]
_PCAT = (0, 0, 1, 2, 3, 3, 3)  # face -> Posse category
_CCAT = (0, 0, 0, 1, 2, 3, 4)  # face -> Crowe category


def _counts(posse: Sequence[int], crowe: Sequence[int]) -> tuple[list[int], list[int]]:
    pc = [0, 0, 0, 0]
    cc = [0, 0, 0, 0, 0]
    for f in posse:
        pc[_PCAT[f]] += 1
    for f in crowe:
        cc[_CCAT[f]] += 1
    return pc, cc


@cache
def _outcomes(k: int, cats: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """The category counts of ``k`` new dice and their chances."""
    probs = (
        (Fraction(1, 6), Fraction(1, 6), Fraction(1, 6), Fraction(1, 2))
        if cats == 4
        else (Fraction(1, 3), Fraction(1, 6), Fraction(1, 6), Fraction(1, 6), Fraction(1, 6))
    )
    out = []
    for combo in product(range(k + 1), repeat=cats):
        if sum(combo) != k:
            continue
        w = Fraction(factorial(k))
        for n, q in zip(combo, probs, strict=True):
            w *= q**n / factorial(n)
        out.append((combo, float(w)))
    return tuple(out)


def has_medicine(st: D6State) -> bool:
    """Whether the player holds Medicine/Bandages (Ep.2 "Special Items")."""
    return bool(st.journey.items & MEDICINE)


class _Round:
    """One round in progress: its Tactic, the sizes of both sides, the
    Medicine held and the table of what follows, to value the dice at the
    end of the round."""

    def __init__(self, tab: ShowdownTable, st: D6State) -> None:
        self.tab = tab
        self.kind = TACTICS.index(st.showdown.tactic)
        self.p, self.c = st.showdown.posse, st.showdown.crowes
        self.u = used_index(st.showdown.tactics_used)
        self.med = has_medicine(st)
        self.model = _model(tab.P, tab.C)
        self._finals: dict[int, F64] = {}

    def after(self, ammo: int) -> tuple[F64, F64]:
        """The values of the next round's start, Ammo then ``ammo``: with
        the Medicine as held now, and without it."""
        tab, layer = self.tab, self.tab.layer(ammo)
        return tab.values[int(self.med), self.u, layer], tab.values[0, self.u, layer]

    def finals(self, ammo: int) -> F64:
        """``F[s, lw, h]`` once the dice are final, the round's Ammo then ``ammo``."""
        found = self._finals.get(ammo)
        if found is None:
            p, c = self.p, self.c
            found = np.zeros((p + 1, c + 1, c + 1))
            flags = np.zeros((p + 1, c + 1, c + 1), dtype=np.bool_)
            kind = self.kind if self.kind in (DEFEND, CHARGE) else NONE
            kern.final_table(found, flags, p, c, *self.after(ammo), self.med, kind, False)
            self._finals[ammo] = found
        return found

    def value(self, pc: Sequence[int], cc: Sequence[int], ammo: int, pips: int) -> float:
        """The round's value with these dice, ``pips`` nudges still to spend."""
        F = self.finals(ammo)
        if self.kind == DEFEND:
            return float(F[pc[2] + pc[3], cc[0], cc[4]])
        if self.kind == CHARGE:
            return float(F[pc[2] + pc[3], cc[0] + cc[1], cc[2] + cc[3] + cc[4]])
        s, lw, h = pc[3], cc[0], cc[3] + cc[4]
        if pips <= 0:
            return float(F[s, lw, h])
        gain = self.model.ints["GAIN"][_gclass(pc[0], pc[1], pc[2])]
        cost = self.model.ints["COST"][_crowe_class(cc[1], cc[2], cc[3], cc[4])]
        best = -1.0
        for pi in range(pips + 1):
            for d, (dl, dh) in enumerate(PAIRS):
                if cost[d] <= pips - pi:
                    best = max(best, float(F[s + gain[pi], lw + dl, h - dh]))
        return best

    def reroll(
        self, pc: Sequence[int], cc: Sequence[int], rp: Sequence[int], rc: Sequence[int],
        ammo: int, pips: int,
    ) -> float:  # fmt: skip
        """The value of rerolling the dice counted ``rp`` / ``rc`` (1 Ammo)."""
        kp, kc = sum(rp), sum(rc)
        keep_p = [a - b for a, b in zip(pc, rp, strict=True)]
        keep_c = [a - b for a, b in zip(cc, rc, strict=True)]
        total = 0.0
        for new_p, wp in _outcomes(kp, 4):
            pc2 = [a + b for a, b in zip(keep_p, new_p, strict=True)]
            for new_c, wc in _outcomes(kc, 5):
                cc2 = [a + b for a, b in zip(keep_c, new_c, strict=True)]
                total += wp * wc * self.value(pc2, cc2, ammo - 1, pips)
        return total


#: The Showdown's decisions the solver answers: its own, and Medicine
#: against a round's hits (D6-S7).
DECISIONS = frozenset((P_TACTIC, P_REROLL, P_NUDGE, P_ASSIGN, P_LOSS))


def _check(state: State) -> D6State:
    if not isinstance(state, D6State):
        raise TypeError(f"a d6 Shooters state is needed, not {type(state).__name__}")
    if state.mode != "showdown" or state.phase not in DECISIONS:
        raise ValueError("not a Showdown decision (Tactic, reroll, nudge, assign or Medicine)")
    return state


def _worst_first(st: D6State, kind: int) -> list[Reroll]:
    """The rerolls that can be best: the ``kp`` lowest failed Posse dice
    and the ``kc`` highest Crowe dice that are not removable."""
    ok = 3 if kind in (DEFEND, CHARGE) else 4
    low = 3 if kind == CHARGE else 2
    fails = sorted(f for f in st.showdown.posse_faces if f < ok)
    bad = sorted((f for f in st.showdown.crowe_faces if f > low), reverse=True)
    out = []
    for kp in range(min(3, len(fails)) + 1):
        for kc in range(min(3 - kp, len(bad)) + 1):
            if kp + kc:
                out.append(Reroll(tuple(fails[:kp]), tuple(sorted(bad[:kc]))))
    return out


def _values(st: D6State, actions: Sequence[Action]) -> list[float]:
    """The win chance after each of ``actions`` (legal at ``st``)."""
    tab = table(st.showdown.posse, st.showdown.crowes, st.journey.ammo)
    ph = st.phase
    if ph == P_TACTIC:
        row = tab.tactics[
            int(has_medicine(st)),
            used_index(st.showdown.tactics_used),
            tab.layer(st.journey.ammo),
            st.showdown.posse,
            st.showdown.crowes,
        ]
        out = []
        for action in actions:
            assert isinstance(action, Word)
            out.append(float(row[TACTICS.index(action.text.split()[1])]))
        return out
    rnd = _Round(tab, st)
    a = st.journey.ammo
    if ph == P_LOSS:
        # The round is over but for its hits (D6-S7): the Medicine prevents
        # them all and is spent; ``absorb 0`` takes them.
        W, Wn = rnd.after(a)
        hits = st.pending.losses[0][0]
        return [
            kern.cont(Wn, rnd.p, rnd.c) if x == MEDICINE_WORD else kern.cont(W, rnd.p - hits, rnd.c)
            for x in actions
        ]
    pc, cc = _counts(st.showdown.posse_faces, st.showdown.crowe_faces)
    if ph == P_REROLL:
        out = []
        for action in actions:
            if isinstance(action, Reroll):
                rp, rc = _counts(action.posse, action.crowe)
                out.append(rnd.reroll(pc, cc, rp, rc, a, st.showdown.pips_left))
            else:
                out.append(rnd.value(pc, cc, a, st.showdown.pips_left))
        return out
    if ph == P_NUDGE:
        out = []
        for action in actions:
            if isinstance(action, Change):
                p2, c2 = list(st.showdown.posse_faces), list(st.showdown.crowe_faces)
                side = p2 if action.colour == "p" else c2
                side.remove(action.face)
                side.append(action.to)
                out.append(rnd.value(*_counts(p2, c2), a, st.showdown.pips_left - 1))
            else:
                out.append(rnd.value(pc, cc, a, 0))
        return out
    W, Wn = rnd.after(a)
    s, h = pc[3], cc[3] + cc[4]
    out = []
    for action in actions:
        assert isinstance(action, Amount)
        hits = max(0, h - s + action.n)
        out.append(kern.cont_hit(W, Wn, rnd.med, rnd.p, hits, rnd.c - action.n))
    return out


def _preferred(actions: Sequence[Action]) -> list[Action]:
    """The order in which ties are broken: passing and ending the nudges
    first (they keep Ammo and change nothing), the Medicine last (kept
    rather than spent on hits that do not matter), else the engine's
    order, but the most removals first (so a round never idles on a tie:
    the engine's 50-round limit, D6-S6, punishes idling that the values do
    not see)."""

    def rank(a: Action) -> tuple[int, int]:
        if a in (PASS, DONE):
            return (0, 0)
        if a == MEDICINE_WORD:
            return (2, 0)
        if isinstance(a, Amount):
            return (1, -a.n)
        return (1, 0)

    return sorted(actions, key=rank)


def action_values(state: State) -> dict[str, float]:
    """Each legal action's notation and the Posse's win chance after it,
    with best play from then on, at a Showdown decision (``tactic ...``,
    ``reroll ...`` / ``pass``, ``nudge ...`` / ``done``, ``assign N``, and
    ``medicine`` / ``absorb 0`` against a round's hits). The Medicine held
    (``journey.items``) is read from the state.

    >>> from saloon.games.d6shooters import GAME
    >>> from saloon.games.d6shooters.scenario import turn_start
    >>> st = turn_start(GAME.parse_options(["episode=2"]), posse=2, ammo=0)
    >>> st.showdown.posse, st.showdown.crowes, st.mode, st.phase = 2, 2, "showdown", P_TACTIC
    >>> for name, value in action_values(st).items():
    ...     print(name, round(value, 4))
    tactic none 0.8013
    tactic defend 0.7942
    tactic charge 0.6413
    tactic distract 0.8648
    """
    st = _check(state)
    actions = list(st.legal_actions())
    return {str(a): v for a, v in zip(actions, _values(st, actions), strict=True)}


def best_showdown_action(state: State) -> Action:
    """The optimal legal action at a Showdown decision of ``state`` (phase
    Tactic, reroll, nudge, assign, or Medicine against a round's hits),
    mid-round states included. Ties (within ``1e-12``) go to passing or
    ending the nudges first, then to the most Crowes removed, then to the
    engine's order of the legal actions, the Medicine last (it is not spent
    on hits that change nothing). A reroll is chosen among the rerolls of
    the worst dice (the others are never better; see the module notes).

    >>> from saloon.games.d6shooters import GAME
    >>> from saloon.games.d6shooters.scenario import turn_start
    >>> st = turn_start(GAME.parse_options(["episode=2"]), posse=2, ammo=0)
    >>> st.showdown.posse, st.showdown.crowes, st.mode, st.phase = 2, 2, "showdown", P_TACTIC
    >>> str(best_showdown_action(st))
    'tactic distract'
    """
    st = _check(state)
    if st.phase == P_REROLL:
        actions: list[Action] = [PASS, *_worst_first(st, TACTICS.index(st.showdown.tactic))]
    else:
        actions = _preferred(st.legal_actions())
    values = _values(st, actions)
    best = max(values)
    for action, v in zip(actions, values, strict=True):
        if v >= best - TIE:
            return action
    raise AssertionError("unreachable")  # pragma: no cover
