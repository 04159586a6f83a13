"""Cowboys' weapons and SHOT CHART: what a 2d6 shot needs to hit, exactly.

The rulebook describes the chart (Cowboys rulebook, "Game Chart"; "Shoot":
cross-reference the weapon with the range for the roll that hits) but
prints only four of its entries, in "A Gunfight Example": the pistol hits
on 6-12 at range 2 and 8-12 at range 3, the rifle on 7-12 at range 3, the
shotgun on 8-12 at range 3. Saloon authors the rest as data in
``content/shot-chart.toml``, marked ``reconstructed`` with its reason and
each printed entry flagged (ruling CW-R1); a player who owns the game can
load the real chart instead with :func:`load_shot_chart`, and a malformed
file raises :class:`~saloon.core.errors.ContentError` naming the file and
the key.

How a roll is read (Cowboys rulebook, "Shoot"; rulings CW-S1 to CW-S5):
a natural 2 always misses, a natural 12 always marks two hits, any other
total plus the shot modifiers hits once when it reaches the chart's entry.
A pistol or rifle shot is one 2d6 roll, a shotgun shot two.

>>> chart = load_shot_chart(None)
>>> chart.needed("pistol", 2), chart.needed("rifle", 3), chart.needed("shotgun", 9)
(6, 7, None)
>>> [str(p) for p in chart.hit_probability("rifle", 3)]
['5/12', '5/9', '1/36']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache
from types import MappingProxyType
from typing import Any

import saloon.games.cowboys._frozen  # noqa: F401  (read-only tables pickle)
from saloon.core import files
from saloon.core.errors import ContentError, NotationError, shown

#: The longest range a chart may give a weapon (a scenario's boards, laid
#: side by side, are far shorter than this).
MAX_RANGE = 60
#: The smallest and largest entries: 2 (every roll but a natural 2 hits)
#: and 13 (only a natural 12 hits, ruling CW-S3).
MIN_NEEDED, MAX_NEEDED = 2, 13
#: The largest shot modifier :meth:`ShotChart.hit_probability` accepts, either
#: way; the printed modifiers add up to far less.
MAX_MODIFIER = 100

#: The chance of each 2d6 total 2..12, in 36ths.
_WAYS = {t: 6 - abs(t - 7) for t in range(2, 13)}


class Weapon(StrEnum):
    """The three weapons (Cowboys rulebook, "Shoot": pistol, rifle, shotgun).

    >>> Weapon("rifle").capacity, Weapon.SHOTGUN.rolls_per_shot
    (16, 2)
    """

    PISTOL = "pistol"
    RIFLE = "rifle"
    SHOTGUN = "shotgun"

    @property
    def capacity(self) -> int:
        """Rounds when fully loaded (Cowboys rulebook, "Reload": pistol 6,
        rifle 16, shotgun 2; also "Game Set Up": weapons start loaded)."""
        return CAPACITY[self]

    @property
    def rolls_per_shot(self) -> int:
        """2d6 rolls per shot (Cowboys rulebook, "Shoot": one for a pistol
        or a rifle, two for the shotgun)."""
        return 2 if self is Weapon.SHOTGUN else 1


#: Full loads (Cowboys rulebook, "Reload").
CAPACITY: Mapping[Weapon, int] = MappingProxyType(
    {Weapon.PISTOL: 6, Weapon.RIFLE: 16, Weapon.SHOTGUN: 2}
)


def parse_weapon(text: str | Weapon) -> Weapon:
    """The weapon named ``text`` (any case); :class:`NotationError` otherwise.

    >>> parse_weapon("Shotgun")
    <Weapon.SHOTGUN: 'shotgun'>
    >>> parse_weapon("bow")
    Traceback (most recent call last):
    ...
    saloon.core.errors.NotationError: 'bow' is not a weapon: pistol, rifle or shotgun
    """
    if isinstance(text, Weapon):
        return text
    if isinstance(text, str):
        try:
            return Weapon(text.strip().lower())
        except ValueError:
            pass
    raise NotationError(f"{shown(text)} is not a weapon: pistol, rifle or shotgun")


def roll_hits(total: int, modifier: int, needed: int | None, *, deadly: bool = False) -> int:
    """Hits marked by one 2d6 roll showing ``total`` (the natural sum of
    the dice) with the shot's ``modifier``, against the chart's ``needed``
    (``None``: out of range, no hit possible, as no shot is allowed).

    Cowboys rulebook, "Shoot": a natural 12 is two hits and a natural 2 a
    miss, whatever the modifiers; otherwise the modified total hits when it
    reaches ``needed`` (CW-S2), a ``needed`` of 13 letting only the natural
    12 hit (CW-S3). With ``deadly`` (Advanced Optional Rule 4, Deadly
    Shots) a hit whose modified total is 12 or more marks two (CW-S6).

    >>> roll_hits(5, 2 - 1, 7), roll_hits(6, 2 - 1, 7)   # Cowboy #2's two shots
    (0, 1)
    >>> roll_hits(2, 20, 6), roll_hits(12, -9, 13), roll_hits(11, 1, 6, deadly=True)
    (0, 2, 2)
    """
    if isinstance(total, bool) or not isinstance(total, int) or not 2 <= total <= 12:
        raise ValueError(f"a 2d6 total is 2 to 12, not {shown(total)}")
    if needed is None or total == 2:
        return 0
    if total == 12:
        return 2
    modified = total + modifier
    if needed > 12 or modified < needed:
        return 0
    return 2 if deadly and modified >= 12 else 1


#: Probabilities of 0, 1, 2, ... hits.
Distribution = tuple[Fraction, ...]


@dataclass(frozen=True, eq=False)
class ShotChart:
    """The shot chart: for each weapon, the total needed at ranges 1..max.

    ``rows[w][r - 1]`` is the entry at range ``r``; ``printed[w]`` the ranges
    whose entries the rulebook prints (the others are reconstructed).
    """

    source: str
    reconstructed: bool
    reason: str
    rows: Mapping[Weapon, tuple[int, ...]]
    printed: Mapping[Weapon, frozenset[int]]

    def max_range(self, weapon: Weapon | str, /) -> int:
        """The longest range ``weapon`` can shoot at.

        >>> load_shot_chart(None).max_range("shotgun")
        5
        """
        return len(self.rows[parse_weapon(weapon)])

    def needed(self, weapon: Weapon | str, range_: int, /) -> int | None:
        """The lowest modified total that hits with ``weapon`` at ``range_``
        squares, or ``None`` beyond the weapon's longest range (no shot).

        Range is counted in squares, diagonals included, and is at least 1
        (Cowboys rulebook, "Shoot", RANGE).

        >>> chart = load_shot_chart(None)
        >>> chart.needed("pistol", 3), chart.needed("pistol", 99)
        (8, None)
        """
        row = self.rows[parse_weapon(weapon)]
        if isinstance(range_, bool) or not isinstance(range_, int) or range_ < 1:
            raise ValueError(f"a range is a whole number of squares from 1, not {shown(range_)}")
        return row[range_ - 1] if range_ <= len(row) else None

    def within(self, reach: int, /) -> ShotChart:
        """This chart ended at ``reach`` squares for every weapon: a scenario's
        ``night`` (Saloon's scenario rule, ruling CS-N4: in the dark no one
        sees to shoot farther). The same chart object for the same ``reach``.

        >>> night = load_shot_chart(None).within(3)
        >>> night.max_range("rifle"), night.needed("pistol", 3), night.needed("rifle", 4)
        (3, 8, None)
        """
        return _within(self, reach)

    def is_printed(self, weapon: Weapon | str, range_: int, /) -> bool:
        """Whether the rulebook prints this entry (else it is Saloon's).

        >>> chart = load_shot_chart(None)
        >>> chart.is_printed("rifle", 3), chart.is_printed("rifle", 4)
        (True, False)
        """
        return range_ in self.printed[parse_weapon(weapon)]

    def hit_probability(
        self, weapon: Weapon | str, range_: int, /, modifier: int = 0, *, deadly: bool = False
    ) -> tuple[Fraction, Fraction, Fraction]:
        """The exact chances that ONE 2d6 roll marks 0, 1 and 2 hits
        (:func:`roll_hits` over the 36 equally likely throws).

        Beyond the weapon's longest range no shot can be taken, and asking
        is a :class:`ValueError`.

        >>> [str(p) for p in load_shot_chart(None).hit_probability("pistol", 2)]
        ['5/18', '25/36', '1/36']
        """
        needed = self.needed(weapon, range_)
        if needed is None:
            w = parse_weapon(weapon)
            raise ValueError(
                f"a {w} cannot shoot at range {range_}: its longest range is {self.max_range(w)}"
            )
        if isinstance(modifier, bool) or not isinstance(modifier, int):
            raise ValueError(f"a shot modifier is a whole number, not {shown(modifier)}")
        if abs(modifier) > MAX_MODIFIER:
            raise ValueError(f"a shot modifier is at most {MAX_MODIFIER} either way")
        ways = [0, 0, 0]
        for total, n in _WAYS.items():
            ways[roll_hits(total, modifier, needed, deadly=deadly)] += n
        return (Fraction(ways[0], 36), Fraction(ways[1], 36), Fraction(ways[2], 36))

    def shot_distribution(
        self, weapon: Weapon | str, range_: int, /, modifier: int = 0, *, deadly: bool = False
    ) -> Distribution:
        """The exact chances that one SHOT marks 0, 1, 2, ... hits: one roll
        for a pistol or rifle (0-2 hits), two independent rolls for the
        shotgun (0-4 hits), each with the same modifier (Cowboys rulebook,
        "Shoot"; CW-S4).

        >>> [str(p) for p in load_shot_chart(None).shot_distribution("shotgun", 3)]
        ['49/144', '49/108', '119/648', '7/324', '1/1296']
        """
        one = self.hit_probability(weapon, range_, modifier, deadly=deadly)
        dist: Distribution = (Fraction(1),)
        for _ in range(parse_weapon(weapon).rolls_per_shot):
            out = [Fraction(0)] * (len(dist) + 2)
            for a, pa in enumerate(dist):
                for b, pb in enumerate(one):
                    out[a + b] += pa * pb
            dist = tuple(out)
        return dist


@cache
def _within(chart: ShotChart, reach: int) -> ShotChart:
    if isinstance(reach, bool) or not isinstance(reach, int) or reach < 1:
        raise ValueError(f"a sight range is a whole number of squares from 1, not {shown(reach)}")
    return ShotChart(
        source=chart.source,
        reconstructed=chart.reconstructed,
        reason=chart.reason,
        rows=MappingProxyType({w: row[:reach] for w, row in chart.rows.items()}),
        printed=MappingProxyType(
            {w: frozenset(r for r in marks if r <= reach) for w, marks in chart.printed.items()}
        ),
    )


# --- reading content files ---------------------------------------------------


def read_content(path: str | None, default: str) -> tuple[str, dict[str, Any]]:
    """The TOML table of the user's file ``path``, or of the built-in
    ``content/<default>`` when ``path`` is ``None``
    (:func:`saloon.core.files.read_content`)."""
    return files.read_content(path, "saloon.games.cowboys", default)


def content_int(source: str, where: str, value: object, lo: int, hi: int) -> int:
    """``value`` if it is a whole number from ``lo`` to ``hi`` (not a bool)."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ContentError(
            f"{source}: {where} must be a whole number from {lo} to {hi}, not {shown(value)}"
        )
    return value


def content_str(source: str, where: str, value: object, limit: int = 200) -> str:
    """``value`` if it is a one-line, non-empty string of at most ``limit``."""
    if not isinstance(value, str) or not value.strip():
        raise ContentError(f"{source}: {where} must be a non-empty string")
    if len(value) > limit or not value.isprintable():
        raise ContentError(
            f"{source}: {where} must be one line of at most {limit} printable characters"
        )
    return value


def content_header(source: str, data: dict[str, Any]) -> tuple[bool, str]:
    """The ``reconstructed`` flag and its ``reason`` (needed when true)."""
    reconstructed = data.get("reconstructed", False)
    if not isinstance(reconstructed, bool):
        raise ContentError(f"{source}: reconstructed must be true or false")
    reason = data.get("reason", "")
    if reconstructed or reason != "":
        reason = content_str(source, "reason", reason, limit=400)
    return reconstructed, reason


def load_shot_chart(path: str | None = None) -> ShotChart:
    """The shot chart of the user's file ``path``, or the built-in one.

    The file has ``reconstructed`` and ``reason`` and one table per weapon:
    ``needed`` (the entries at ranges 1, 2, ..., each 2..13, never lower
    than the one before) and ``printed`` (the ranges the rulebook prints).

    >>> load_shot_chart(None).rows[Weapon.PISTOL]
    (5, 6, 8, 9, 10, 11, 12, 12)
    >>> load_shot_chart("no/such/chart.toml")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon.core.errors.ContentError: cannot read content file no/such/chart.toml: No such file ...
    """
    return _load_shot_chart(path)


@cache
def _load_shot_chart(path: str | None) -> ShotChart:
    source, data = read_content(path, "shot-chart.toml")
    reconstructed, reason = content_header(source, data)
    for key in data:
        if key not in ("reconstructed", "reason", *Weapon):
            raise ContentError(
                f"{source}: {shown(key)} is not pistol, rifle, shotgun, reconstructed or reason"
            )
    rows: dict[Weapon, tuple[int, ...]] = {}
    printed: dict[Weapon, frozenset[int]] = {}
    for w in Weapon:
        table = data.get(w.value)
        if not isinstance(table, dict):
            raise ContentError(f"{source}: a [{w}] table with needed = [...] is missing")
        for key in table:
            if key not in ("needed", "printed"):
                raise ContentError(f"{source}: {w}.{shown(key)} is not needed or printed")
        raw = table.get("needed")
        if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_RANGE:
            raise ContentError(
                f"{source}: {w}.needed must be a list of 1 to {MAX_RANGE} entries, "
                "one per range from 1"
            )
        row: list[int] = []
        for i, v in enumerate(raw):
            n = content_int(source, f"{w}.needed[{i}]", v, MIN_NEEDED, MAX_NEEDED)
            if row and n < row[-1]:
                raise ContentError(
                    f"{source}: {w}.needed[{i}] is {n}, easier at range {i + 1} than "
                    f"{row[-1]} at range {i}: a longer range is never easier"
                )
            row.append(n)
        rows[w] = tuple(row)
        marks = table.get("printed", [])
        if not isinstance(marks, list):
            raise ContentError(f"{source}: {w}.printed must be a list of ranges")
        seen: set[int] = set()
        for i, r in enumerate(marks):
            seen.add(content_int(source, f"{w}.printed[{i}]", r, 1, len(row)))
        printed[w] = frozenset(seen)
    return ShotChart(
        source=source,
        reconstructed=reconstructed,
        reason=reason,
        rows=MappingProxyType(rows),
        printed=MappingProxyType(printed),
    )
