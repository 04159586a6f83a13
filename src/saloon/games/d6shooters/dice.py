"""Exact dice distributions for The d6 Shooters' chance nodes, and poker hands.

Every roll is an explicit chance node (DESIGN, "The core contract"): a group
of ``n`` dice is one outcome per sorted multiset of faces, with its
multinomial probability; a count of successes is binomial; a Shootout round
is won or lost with the probabilities of the two sums (ties rerolled, so
they are conditioned away). Tables are cached, and sampling draws one
uniform number and bisects the cumulative table, so ``sample_chance``
draws from exactly the listed distribution.
"""

from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement, product
from math import comb, factorial

Faces = tuple[int, ...]


@cache
def multisets(n: int) -> tuple[tuple[Faces, ...], tuple[float, ...], tuple[float, ...]]:
    """Every sorted outcome of ``n`` dice, its probability, and the
    cumulative probabilities.

    >>> faces, probs, _ = multisets(2)
    >>> len(faces), faces[0], probs[0], probs[1]
    (21, (1, 1), 0.027777777777777776, 0.05555555555555555)
    """
    out: list[Faces] = []
    probs: list[float] = []
    total = 6**n
    for combo in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for f in set(combo):
            ways //= factorial(combo.count(f))
        out.append(combo)
        probs.append(ways / total)
    return tuple(out), tuple(probs), _cumulative(probs)


def _cumulative(probs: list[float]) -> tuple[float, ...]:
    acc = 0.0
    cum = []
    for p in probs:
        acc += p
        cum.append(acc)
    cum[-1] = 1.0
    return tuple(cum)


def draw(cum: tuple[float, ...], u: float) -> int:
    """The index drawn by the uniform number ``u`` from a cumulative table."""
    i = bisect_right(cum, u)
    return i if i < len(cum) else len(cum) - 1


@cache
def binomial(n: int, hits: int) -> tuple[tuple[int, ...], tuple[float, ...], tuple[float, ...]]:
    """Counts of successes among ``n`` dice, each succeeding on ``hits`` of 6
    faces: the counts with positive probability, their probabilities, and
    the cumulative table.

    >>> binomial(2, 3)[:2]
    ((0, 1, 2), (0.25, 0.5, 0.25))
    """
    p = Fraction(hits, 6)
    counts: list[int] = []
    probs: list[float] = []
    for k in range(n + 1):
        q = comb(n, k) * p**k * (1 - p) ** (n - k)
        if q > 0:
            counts.append(k)
            probs.append(float(q))
    return tuple(counts), tuple(probs), _cumulative(probs)


@cache
def sum_distribution(n: int) -> dict[int, Fraction]:
    """The distribution of the sum of ``n`` dice."""
    dist = {0: Fraction(1)}
    for _ in range(n):
        nxt: dict[int, Fraction] = {}
        for s, p in dist.items():
            for f in range(1, 7):
                nxt[s + f] = nxt.get(s + f, Fraction(0)) + p / 6
        dist = nxt
    return dist


@cache
def round_odds(posse: int, gang: int, bonus: int) -> tuple[float, float]:
    """A Shootout round: (P(win), P(lose)) for ``posse`` dice plus ``bonus``
    against ``gang`` dice, ties rerolled (so the two sum to 1).

    Ep.1/Ep.2 "Shootout!": each side adds its dice; the Posse adds its
    Ammo (and Better Guns); the high total wins; ties are rolled again.

    >>> round_odds(1, 1, 0)
    (0.5, 0.5)
    >>> round_odds(1, 1, 6)
    (1.0, 0.0)
    """
    a = sum_distribution(posse)
    b = sum_distribution(gang)
    win = lose = Fraction(0)
    for sa, pa in a.items():
        for sb, pb in b.items():
            if sa + bonus > sb:
                win += pa * pb
            elif sa + bonus < sb:
                lose += pa * pb
    total = win + lose
    return float(win / total), float(lose / total)


@cache
def volley(
    posse: int, gang: int, bonus: int, total: int | None, settle: bool
) -> tuple[tuple[Faces, ...], tuple[float, ...], tuple[float, ...]]:
    """One side's dice of a Shootout round ("Shootout!"): the Posse's
    ``posse`` dice (``total`` None) or the Gang's ``gang`` dice against the
    Posse's ``total`` (its dice plus ``bonus``).

    The round is rolled as the rulebook says, a tie rolled again; when
    ``settle`` is set the roll is conditioned on not being a tie (both
    sides), which leaves the chance of winning the round unchanged, so that
    a run of ties cannot go on for ever (D6-D2). Returns the outcomes with a
    positive chance, their chances and the cumulative table.

    >>> faces, probs, _ = volley(1, 1, 0, None, True)
    >>> faces[0], round(sum(probs), 12)
    ((1,), 1.0)
    >>> volley(1, 1, 0, 3, True)[0]
    ((1,), (2,), (4,), (5,), (6,))
    """
    if total is None:
        faces, probs, _ = multisets(posse)
        if not settle:
            return faces, probs, _cumulative(list(probs))
        g = sum_distribution(gang)
        weights = [
            p * float(1 - g.get(sum(f) + bonus, Fraction(0)))
            for f, p in zip(faces, probs, strict=True)
        ]
    else:
        faces, probs, _ = multisets(gang)
        if not settle:
            return faces, probs, _cumulative(list(probs))
        weights = [0.0 if sum(f) == total else p for f, p in zip(faces, probs, strict=True)]
    kept = [(f, w) for f, w in zip(faces, weights, strict=True) if w > 0]
    norm = sum(w for _, w in kept)
    out_f = tuple(f for f, _ in kept)
    out_p = [w / norm for _, w in kept]
    return out_f, tuple(out_p), _cumulative(out_p)


@cache
def two_dice() -> tuple[tuple[tuple[int, int], ...], tuple[float, ...], tuple[float, ...]]:
    """Two dice read low die first (the Event list's keys): 21 outcomes."""
    out = [(a, b) for a in range(1, 7) for b in range(a, 7)]
    probs = [(1 if a == b else 2) / 36 for a, b in out]
    return tuple(out), tuple(probs), _cumulative(probs)


@cache
def two_dice_sums() -> tuple[tuple[int, ...], tuple[float, ...], tuple[float, ...]]:
    """The total of two dice (Stampede!)."""
    sums = tuple(range(2, 13))
    probs = [(6 - abs(s - 7)) / 36 for s in sums]
    return sums, tuple(probs), _cumulative(probs)


# -- multisets of faces ---------------------------------------------------------------


def face_counts(faces: Faces) -> list[int]:
    """How many of each face (index 1 to 6) ``faces`` holds."""
    c = [0] * 7
    for f in faces:
        c[f] += 1
    return c


@cache
def subsets(faces: Faces, must: Faces) -> tuple[Faces, ...]:
    """Every sub-multiset of ``faces`` that contains ``must`` (sorted tuples).

    >>> subsets((1, 1, 4), (4,))
    ((4,), (1, 4), (1, 1, 4))
    """
    have = face_counts(faces)
    need = face_counts(must)
    ranges = [range(need[f], have[f] + 1) for f in range(1, 7)]
    out = []
    for combo in product(*ranges):
        out.append(tuple(f for f in range(1, 7) for _ in range(combo[f - 1])))
    return tuple(out)


@cache
def is_sub(small: Faces, big: Faces) -> bool:
    """Whether ``small`` is a sub-multiset of ``big``."""
    cs, cb = face_counts(small), face_counts(big)
    return all(cs[f] <= cb[f] for f in range(1, 7))


def minus(big: Faces, small: Faces) -> Faces:
    """``big`` without the faces of ``small`` (each taken once)."""
    rest = list(big)
    for f in small:
        rest.remove(f)
    return tuple(rest)


# -- poker (Ep.1 "Poker") --------------------------------------------------------------

HAND_NAMES = (
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "full house",
    "straight",
    "four of a kind",
    "five of a kind",
)

#: The hands to beat, by the die rolled (Ep.1 "Poker").
TARGET_HANDS: tuple[Faces, ...] = (
    (1, 3, 4, 5, 6),
    (2, 3, 4, 4, 6),
    (2, 2, 4, 4, 4),
    (1, 2, 3, 4, 5),
    (3, 3, 3, 3, 6),
    (4, 4, 4, 4, 4),
)


def hand_key(faces: Faces) -> tuple[int, tuple[int, ...]]:
    """A poker hand's rank and tie-break: the rank (Ep.1 "Poker": five of a
    kind > four > straight > full house > three > two pair > pair > high
    card), then the grouped faces, larger groups first, then the kickers
    (RULINGS, d6 Shooters: poker).

    >>> HAND_NAMES[hand_key((4, 4, 6, 3, 2))[0]]
    'one pair'
    >>> hand_key((2, 2, 5, 5, 1)) > hand_key((4, 4, 3, 3, 6))
    True
    """
    counts = {f: faces.count(f) for f in set(faces)}
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    order = tuple(f for f, _ in groups)
    if shape == (5,):
        rank = 7
    elif shape == (4, 1):
        rank = 6
    elif len(counts) == 5 and max(faces) - min(faces) == 4:
        rank = 5
    elif shape == (3, 2):
        rank = 4
    elif shape == (3, 1, 1):
        rank = 3
    elif shape == (2, 2, 1):
        rank = 2
    elif shape == (2, 1, 1, 1):
        rank = 1
    else:
        rank = 0
    return rank, order
