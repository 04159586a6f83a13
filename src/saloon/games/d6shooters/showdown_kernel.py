"""The hot loops of the Ghost Town Showdown solver (episode 2 of The d6 Shooters).

The functions are compiled by Numba (``saloon[fast]``) when it is
installed, with the machine code cached on disk; without Numba the very
same functions run as plain Python (the same numbers, far slower). Nothing
here knows about engine states: :mod:`saloon.games.d6shooters.showdown`
prepares the constant tables (what each tactic's categories of faces are,
the summaries of the dice that Distract's pips can reach) and reads the
results.

Notation. A state between rounds is ``(p, c, a, u)``: Posse dice, Crowe
dice, Ammo and the Tactics spent ``u`` (bit 0 Defend, bit 1 Charge, bit 2
Distract), in one of two layers: without Medicine, or with it. ``V[u, a,
p, c]`` is the Posse's chance to win with best play in one layer;
``TV[u, a, p, c, t]`` the chance after declaring Tactic ``t`` (``-1`` when
``t`` is spent). The layer without Medicine is solved on its own; the layer
with it (``med``) also continues into the one without, ``N``, when a round
that hits ends with the Medicine used (:func:`cont_hit`). Within a round
the dice are counted by categories:

* ``s``: Posse dice that succeed; ``lw``: Crowe dice that can be removed
  ("low"); ``h``: Crowe dice that hit ("high"); the rest of the Crowe dice
  are neutral (``m = c - lw - h``);
* in a Distract round the failed Posse dice are summarised by a class
  ``g`` (0..6) that says how many successes 1, 2 or 3 pips can make, and
  the neutral and high Crowe dice by a class ``cp`` (0..35) that says which
  pairs ``(more low, fewer high)`` each number of pips can buy; a table of
  ``(lw, h)`` pairs is stored in one index, ``TRI[lw, h]``.

A reroll always takes the worst dice of each side (Posse dice from the
lowest face up, Crowe dice from the highest face down, never a Posse
success or a low Crowe die): every other choice is dominated when the
value is monotone in each die (see the solver's notes), so the loops try
the nine splits ``(kp, kc)`` of one to three dice (``OPT_P``, ``OPT_C``)
besides passing.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from saloon.core.jit import jit

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
B8 = npt.NDArray[np.bool_]

#: The reroll splits ``(posse dice, crowe dice)`` of one to three dice.
OPT_P = np.array([0, 0, 0, 1, 1, 1, 2, 2, 3], dtype=np.int64)
OPT_C = np.array([1, 2, 3, 0, 1, 2, 0, 1, 0], dtype=np.int64)


@jit
def cont(W: F64, p2: int, c2: int) -> float:
    """The value of the next round's start: the Posse at 0 loses (even when
    the Crowes are gone too), the Crowes at 0 lose."""
    if p2 <= 0:
        return 0.0
    if c2 <= 0:
        return 1.0
    return float(W[p2, c2])


@jit
def cont_hit(W: F64, Wn: F64, med: bool, p: int, hits: int, c2: int) -> float:
    """The value of a round's end: ``hits`` of the ``p`` Posse dice lost,
    ``c2`` Crowe dice left, continuing into ``W``. With ``med`` (Medicine
    held; ``W`` the layer with it, ``Wn`` the layer without) the player may
    rather prevent the whole loss with the Medicine (RULINGS d6: one round
    is one source; D6-S7) and continue into ``Wn`` with the Posse whole."""
    v = cont(W, p - hits, c2)
    if med and hits > 0:
        w = cont(Wn, p, c2)
        if w > v:
            v = w
    return v


@jit
def final_table(
    F: F64, L: B8, p: int, c: int, W: F64, Wn: F64, med: bool, kind: int, loop: bool
) -> None:
    """``F[s, lw, h]``: the value once the dice are final, for ``s`` Posse
    successes, ``lw`` low and ``h`` high Crowe dice (continuing as
    :func:`cont_hit` with ``W``, ``Wn`` and ``med``).

    ``kind`` 1 (Defend) and 2 (Charge): each success removes a low die,
    each high die removes a Posse die. Otherwise (a plain or Distract
    round) the best number ``r`` of successes that remove low dice (any
    number the dice allow, as the engine offers), the others setting high
    dice aside. With ``loop`` the split that changes nothing (no kill, no
    hit) is left out of ``F`` and flagged in ``L``: its value is the
    state's own.
    """
    for s in range(p + 1):
        for lw in range(c + 1):
            for h in range(c + 1 - lw):
                if kind == 1 or kind == 2:
                    F[s, lw, h] = cont_hit(W, Wn, med, p, h, c - min(s, lw))
                    L[s, lw, h] = False
                    continue
                best = -1.0
                same = False
                for r in range(min(s, lw) + 1):
                    hits = max(0, h - s + r)
                    if loop and r == 0 and hits == 0:
                        same = True
                        continue
                    v = cont_hit(W, Wn, med, p, hits, c - r)
                    if v > best:
                        best = v
                F[s, lw, h] = best
                L[s, lw, h] = same


@jit
def category_round(
    p: int,
    c: int,
    a: int,
    kind: int,
    W0: F64,
    W1: F64,
    N0: F64,
    N1: F64,
    med: bool,
    other: float,
    loop: bool,
    PBIN: F64,
    CMULT: F64,
    QS: F64,
    QC: F64,
    F0: F64,
    L0: B8,
    F1: F64,
    L1: B8,
    H: F64,
    LB: F64,
    LP: F64,
) -> tuple[float, float]:
    """A round without Distract: ``kind`` 0 (no Tactic), 1 (Defend) or 2
    (Charge), continuing into ``W0`` (no reroll) or ``W1`` (1 Ammo spent),
    and with ``med`` into ``N0`` or ``N1`` (the same without Medicine) when
    the Medicine is used (:func:`cont_hit`).

    Returns ``(value, after)``: ``after`` is the value of the round and
    ``value = max(other, after)`` (``other``: the best other Tactic, or
    -1). With ``loop`` (no Tactic, ``W0`` the state's own Tactics and
    Ammo) a round may leave the state as it was: ``value`` then solves
    ``x = max(other, f(x))`` and ``after = f(value)``. ``f`` is convex and
    piecewise linear with slope below 1, so Newton's method from below
    ends on the fixed point in a few steps.
    """
    qi = 0 if kind == 0 else 1
    qs = QS[qi]
    ql = QC[kind, 0]
    qm = QC[kind, 1]
    qh = QC[kind, 2]
    loop = loop and kind == 0
    final_table(F0, L0, p, c, W0, N0, med, kind, loop)
    rr = a >= 1
    if rr:
        final_table(F1, L1, p, c, W1, N1, med, kind, False)
        for s in range(p + 1):
            for lw in range(c + 1):
                for h in range(c + 1 - lw):
                    H[0, 0, s, lw, h] = F1[s, lw, h]
        # H[kp, kc]: the expectation over kp new Posse and kc new Crowe dice.
        for kc in range(1, min(3, c) + 1):
            n = c - kc
            for s in range(p + 1):
                for lw in range(n + 1):
                    for h in range(n + 1 - lw):
                        H[0, kc, s, lw, h] = (
                            ql * H[0, kc - 1, s, lw + 1, h]
                            + qm * H[0, kc - 1, s, lw, h]
                            + qh * H[0, kc - 1, s, lw, h + 1]
                        )
        for kp in range(1, min(3, p) + 1):
            for kc in range(0, min(3 - kp, c) + 1):
                n = c - kc
                for s in range(p - kp + 1):
                    for lw in range(n + 1):
                        for h in range(n + 1 - lw):
                            H[kp, kc, s, lw, h] = (
                                qs * H[kp - 1, kc, s + 1, lw, h]
                                + (1.0 - qs) * H[kp - 1, kc, s, lw, h]
                            )
    total = 0.0
    mass = 0.0  # the chance of the outcomes that are not a self-loop
    n_loop = 0
    for s in range(p + 1):
        ps = PBIN[qi, p, s]
        if ps == 0.0:
            continue
        f = p - s
        for lw in range(c + 1):
            for h in range(c + 1 - lw):
                pr = ps * CMULT[kind, c, lw, h]
                if pr == 0.0:
                    continue
                m = c - lw - h
                b = F0[s, lw, h]
                if rr:
                    for kp in range(min(3, f) + 1):
                        for kc in range(min(3 - kp, m + h) + 1):
                            if kp + kc == 0:
                                continue
                            v = H[kp, kc, s, lw, h - min(kc, h)]
                            if v > b:
                                b = v
                if loop and L0[s, lw, h]:
                    LB[n_loop] = b
                    LP[n_loop] = pr
                    n_loop += 1
                else:
                    total += pr * b
                    mass += pr
    if not loop:
        return max(other, total), total
    # Newton's step from x to the fixed point of the piece of f at x, as a
    # ratio of sums of chances: 1 - slope is summed, not subtracted, so the
    # rounding errors do not grow when waiting a round is nearly always
    # possible.
    x = max(other, 0.0)
    for _ in range(500):
        fx = total
        for i in range(n_loop):
            fx += LP[i] * max(LB[i], x)
        if fx <= x:
            break
        num = total
        den = mass
        for i in range(n_loop):
            if LB[i] > x:
                num += LP[i] * LB[i]
                den += LP[i]
        xn = num / den
        if xn <= x:
            break
        x = xn
    after = total
    for i in range(n_loop):
        after += LP[i] * max(LB[i], x)
    return x, after


# -- Distract ---------------------------------------------------------------------------


@jit
def build_q(
    Q: F64,
    F: F64,
    p: int,
    c: int,
    TRI: I64,
    PF_N: I64,
    PF: I64,
    GF_N: I64,
    GF: I64,
    GAIN: I64,
    COST: I64,
    DL: I64,
    DH: I64,
    FM: F64,
) -> None:
    """``Q[TRI[lw, h], cp, g, s]``: a Distract round's value after the
    reroll, with the three pips still to spend on the best plan, from the
    final values ``F``."""
    for lw in range(c + 1):
        for h in range(c + 1 - lw):
            m = c - lw - h
            t = TRI[lw, h]
            for im in range(PF_N[m]):
                for ih in range(PF_N[h]):
                    cp = PF[m, im] * 6 + PF[h, ih]
                    for s2 in range(p + 1):
                        base = F[s2, lw, h]
                        for b in range(4):
                            FM[b, s2] = base
                    for d in range(1, 10):
                        cost = COST[cp, d]
                        if cost > 3:
                            continue
                        l2 = lw + DL[d]
                        h2 = h - DH[d]
                        for s2 in range(p + 1):
                            v = F[s2, l2, h2]
                            for b in range(cost, 4):
                                if v > FM[b, s2]:
                                    FM[b, s2] = v
                    for s in range(p + 1):
                        f = p - s
                        for ig in range(GF_N[f]):
                            g = GF[f, ig]
                            best = FM[3, s]
                            for pi in range(1, 4):
                                v = FM[3 - pi, s + GAIN[g, pi]]
                                if v > best:
                                    best = v
                            Q[t, cp, g, s] = best


@jit
def _posse_block(X: F64, Y: F64, npos: int, MERGE_P: I64) -> None:
    """One ``(lw, h, cp)`` block ``[g, s]``: ``Y`` over ``npos`` kept Posse
    dice, the expectation of ``X`` (over ``npos + 1``) when one more Posse
    die is rolled (a success half the time, else a 1, 2 or 3)."""
    sixth = 1.0 / 6.0
    for g in range(7):
        ya = Y[g]
        xs = X[g]
        x1 = X[MERGE_P[g, 0]]
        x2 = X[MERGE_P[g, 1]]
        x3 = X[MERGE_P[g, 2]]
        for s in range(npos + 1):
            ya[s] = 0.5 * xs[s + 1] + sixth * (x1[s] + x2[s] + x3[s])


@jit
def _crowe_block(Y: F64, XA: F64, X3: F64, X4: F64, X5: F64, X6: F64, npos: int) -> None:
    """One block ``[g, s]`` of one more Crowe die rolled: low a third of
    the time (``XA``: one more low die), else a 3, 4, 5 or 6 (``X3`` ..
    ``X6``: the blocks of the class it joins)."""
    third = 1.0 / 3.0
    sixth = 1.0 / 6.0
    for g in range(7):
        ya = Y[g]
        xa = XA[g]
        x3 = X3[g]
        x4 = X4[g]
        x5 = X5[g]
        x6 = X6[g]
        for s in range(npos + 1):
            ya[s] = third * xa[s] + sixth * (x3[s] + x4[s] + x5[s] + x6[s])


@jit
def distract_value(
    p: int,
    c: int,
    a: int,
    Q0: F64,
    Q1: F64,
    S: F64,
    PBIN: F64,
    CMULT: F64,
    TRI: I64,
    PF_N: I64,
    PF: I64,
    MERGE_P: I64,
    MERGE_C: I64,
    PS_N: I64,
    PS_PROB: F64,
    PS_G: I64,
    CS_N: I64,
    CS_PROB: F64,
    CS_CP: I64,
    OPTP: I64,
    OPTC: I64,
    B: F64,
) -> float:
    """A Distract round's value at Ammo ``a``: the roll, each side summed up
    by the classes its worst dice leave after each reroll split, and the
    best of passing (``Q0``, the table at Ammo ``a``) and the splits (the
    expectation of ``Q1``, the table at ``a - 1``, over the rerolled dice).

    The rerolls' tables are made one value of ``lw`` at a time, from the
    highest down (a Crowe die rolled low moves to ``lw + 1``), in the slabs
    ``S[i, h, cp, g, s]``: 0/1 and 2/3 one and two Crowe dice (this ``lw``
    and the one before), 4 three, then the splits (1,0) (1,1) (1,2) (2,0)
    (2,1) (3,0). Class ``g = 7`` is "no such reroll": its rows hold -1.
    """
    # The Posse's (successes, signature) pairs, flat.
    n_si = 0
    for s in range(p + 1):
        n_si += PS_N[p - s]
    ss = np.empty(n_si, dtype=np.int64)
    gg = np.empty((4, n_si), dtype=np.int64)
    ww = np.empty(n_si)
    n = 0
    for s in range(p + 1):
        f = p - s
        for i in range(PS_N[f]):
            ss[n] = s
            for kp in range(4):
                g = PS_G[f, i, kp]
                gg[kp, n] = g if g >= 0 else 7
            ww[n] = PBIN[0, p, s] * PS_PROB[f, i]
            n += 1
    cur0, prev0, cur1, prev1 = 0, 1, 2, 3
    slab = np.empty(9, dtype=np.int64)
    total = 0.0
    for lw in range(c, -1, -1):
        base = TRI[lw, 0]
        slab[0] = cur0
        slab[1] = cur1
        slab[2] = 4
        for k in range(3, 9):
            slab[k] = k + 2
        if a >= 1 and p >= 1:
            for h in range(c - lw + 1):
                m = c - lw - h
                for im in range(PF_N[m]):
                    for ih in range(PF_N[h]):
                        cp = PF[m, im] * 6 + PF[h, ih]
                        _posse_block(Q1[base + h, cp], S[5, h, cp], p - 1, MERGE_P)
                        if p >= 2:
                            _posse_block(S[5, h, cp], S[8, h, cp], p - 2, MERGE_P)
                        if p >= 3:
                            _posse_block(S[8, h, cp], S[10, h, cp], p - 3, MERGE_P)
        for kc in range(1, 4):
            nc = c - kc
            if a < 1 or lw > nc:
                continue
            out = cur0 if kc == 1 else cur1 if kc == 2 else 4
            prev = prev0 if kc == 2 else prev1
            now = cur0 if kc == 2 else cur1
            for h in range(nc - lw + 1):
                m = nc - lw - h
                for im in range(PF_N[m]):
                    for ih in range(PF_N[h]):
                        cp = PF[m, im] * 6 + PF[h, ih]
                        c3 = MERGE_C[cp, 0]
                        c4 = MERGE_C[cp, 1]
                        c5 = MERGE_C[cp, 2]
                        c6 = MERGE_C[cp, 3]
                        if kc == 1:
                            up = TRI[lw + 1, 0] + h
                            _crowe_block(
                                S[out, h, cp], Q1[up, cp], Q1[base + h, c3], Q1[base + h, c4],
                                Q1[base + h + 1, c5], Q1[base + h + 1, c6], p,
                            )  # fmt: skip
                        else:
                            _crowe_block(
                                S[out, h, cp], S[prev, h, cp], S[now, h, c3], S[now, h, c4],
                                S[now, h + 1, c5], S[now, h + 1, c6], p,
                            )  # fmt: skip
                        if kc == 1 and p >= 1:
                            _posse_block(S[out, h, cp], S[6, h, cp], p - 1, MERGE_P)
                            if p >= 2:
                                _posse_block(S[6, h, cp], S[9, h, cp], p - 2, MERGE_P)
                        if kc == 2 and p >= 1:
                            _posse_block(S[out, h, cp], S[7, h, cp], p - 1, MERGE_P)
        # The roll at this lw: pass or the best reroll.
        for h in range(c - lw + 1):
            pc = CMULT[0, c, lw, h]
            m = c - lw - h
            for j in range(CS_N[m, h]):
                q0 = Q0[base + h, CS_CP[m, h, j, 0]]
                g0 = gg[0]
                for n in range(n_si):
                    B[n] = q0[g0[n], ss[n]]
                if a >= 1:
                    for k in range(9):
                        kc = OPTC[k]
                        ck = CS_CP[m, h, j, kc]
                        if ck < 0:
                            continue
                        blk = S[slab[k], h - min(kc, h), ck]
                        gk = gg[OPTP[k]]
                        for n in range(n_si):
                            v = blk[gk[n], ss[n]]
                            if v > B[n]:
                                B[n] = v
                acc = 0.0
                for n in range(n_si):
                    acc += ww[n] * B[n]
                total += pc * CS_PROB[m, h, j] * acc
        cur0, prev0 = prev0, cur0
        cur1, prev1 = prev1, cur1
    return total


# -- the whole table ------------------------------------------------------------------------


@jit
def solve_state(
    V: F64,
    TV: F64,
    Vc: F64,
    N: F64,
    med: bool,
    loop: bool,
    u: int,
    p: int,
    c: int,
    a: int,
    Qa: F64,
    Qb: F64,
    have_qb: bool,
    TRI: I64,
    PF_N: I64,
    PF: I64,
    GF_N: I64,
    GF: I64,
    GAIN: I64,
    COST: I64,
    DL: I64,
    DH: I64,
    MERGE_P: I64,
    MERGE_C: I64,
    PS_N: I64,
    PS_G: I64,
    CS_N: I64,
    CS_CP: I64,
    OPTP: I64,
    OPTC: I64,
    PBIN: F64,
    CMULT: F64,
    QS: F64,
    QC: F64,
    PS_PROB: F64,
    CS_PROB: F64,
    F0: F64,
    L0: B8,
    F1: F64,
    L1: B8,
    H: F64,
    LB: F64,
    LP: F64,
    T: F64,
    FM: F64,
    B: F64,
) -> None:
    """Fill ``V[u, a, p, c]`` and ``TV[u, a, p, c]`` from ``Vc``, the
    values of the states the round can reach (``Vc`` is ``V`` itself, with
    ``loop``, for the Showdown without a round limit; the values with one
    round fewer left, without ``loop``, for a limited one). With ``med``
    the layer is the one with Medicine, and ``N`` holds the values of the
    layer without, which a round that hits can reach (:func:`cont_hit`);
    without ``med``, ``N`` is not read. ``Qa``
    receives the Distract table of ``(p, c)`` at Ammo ``a``; ``Qb`` holds
    it at Ammo ``a - 1`` when ``have_qb``, else it is built here."""
    tv = TV[u, a, p, c]
    for t in range(4):
        tv[t] = -1.0
    other = -1.0
    for kind in (1, 2):
        bit = 1 << (kind - 1)
        if u & bit:
            continue
        v, _ = category_round(
            p, c, a, kind, Vc[u | bit, a], Vc[u | bit, max(a - 1, 0)],
            N[u | bit, a], N[u | bit, max(a - 1, 0)], med, -1.0, False,
            PBIN, CMULT, QS, QC, F0, L0, F1, L1, H, LB, LP,
        )  # fmt: skip
        tv[kind] = min(v, 1.0)
        other = max(other, tv[kind])
    if not u & 4:
        w = u | 4
        final_table(F0, L0, p, c, Vc[w, a], N[w, a], med, 0, False)
        build_q(Qa, F0, p, c, TRI, PF_N, PF, GF_N, GF, GAIN, COST, DL, DH, FM)
        if a >= 1 and not have_qb:
            final_table(F1, L1, p, c, Vc[w, a - 1], N[w, a - 1], med, 0, False)
            build_q(Qb, F1, p, c, TRI, PF_N, PF, GF_N, GF, GAIN, COST, DL, DH, FM)
        v = distract_value(
            p, c, a, Qa, Qb, T, PBIN, CMULT, TRI, PF_N, PF, MERGE_P, MERGE_C,
            PS_N, PS_PROB, PS_G, CS_N, CS_PROB, CS_CP, OPTP, OPTC, B,
        )  # fmt: skip
        tv[3] = min(v, 1.0)
        other = max(other, tv[3])
    x, after = category_round(
        p, c, a, 0, Vc[u, a], Vc[u, max(a - 1, 0)], N[u, a], N[u, max(a - 1, 0)], med,
        other, loop, PBIN, CMULT, QS, QC, F0, L0, F1, L1, H, LB, LP,
    )  # fmt: skip
    # Chances summed in floating point may pass 1 by a rounding error.
    tv[0] = min(after, 1.0)
    V[u, a, p, c] = min(x, 1.0)


@jit
def solve_all(
    V: F64,
    TV: F64,
    Vc: F64,
    N: F64,
    med: bool,
    loop: bool,
    P: int,
    C: int,
    A: int,
    a_from: int,
    Q0: F64,
    Q1: F64,
    TRI: I64,
    PF_N: I64,
    PF: I64,
    GF_N: I64,
    GF: I64,
    GAIN: I64,
    COST: I64,
    DL: I64,
    DH: I64,
    MERGE_P: I64,
    MERGE_C: I64,
    PS_N: I64,
    PS_G: I64,
    CS_N: I64,
    CS_CP: I64,
    OPTP: I64,
    OPTC: I64,
    PBIN: F64,
    CMULT: F64,
    QS: F64,
    QC: F64,
    PS_PROB: F64,
    CS_PROB: F64,
    F0: F64,
    L0: B8,
    F1: F64,
    L1: B8,
    H: F64,
    LB: F64,
    LP: F64,
    T: F64,
    FM: F64,
    B: F64,
) -> None:
    """Every state ``p <= P``, ``c <= C``, ``a_from <= a <= A``, all
    ``u``, into ``V`` and ``TV`` (see :func:`solve_state`; with ``loop``,
    ``Vc`` is ``V``, whose layers below ``a_from`` are solved already; with
    ``med``, ``N`` is the layer without Medicine, solved already): the
    spent Tactics from most to fewest, then ``p``, ``c`` and ``a`` upwards,
    so what a round reaches is always solved (and the Distract table of
    Ammo ``a - 1`` is at hand for Ammo ``a``)."""
    for u in range(7, -1, -1):
        for p in range(P + 1):
            for c in range(C + 1):
                if p == 0 or c == 0:
                    for a in range(a_from, A + 1):
                        V[u, a, p, c] = 0.0 if p == 0 else 1.0
                        for t in range(4):
                            TV[u, a, p, c, t] = -1.0
                    continue
                qa = Q0
                qb = Q1
                for a in range(a_from, A + 1):
                    solve_state(
                        V, TV, Vc, N, med, loop, u, p, c, a, qa, qb, a > a_from,
                        TRI, PF_N, PF, GF_N, GF, GAIN, COST, DL, DH, MERGE_P, MERGE_C,
                        PS_N, PS_G, CS_N, CS_CP, OPTP, OPTC,
                        PBIN, CMULT, QS, QC, PS_PROB, CS_PROB,
                        F0, L0, F1, L1, H, LB, LP, T, FM, B,
                    )  # fmt: skip
                    qa, qb = qb, qa
