"""A shot's numbers as a player acts on them: the range, each modifier by its
name, the number needed on 2d6, the chance to hit, and the chance of each
number of hits.

Cowboys rulebook, Shoot (cross-reference the weapon with the range on the
shot chart; add or subtract the modifiers; a natural 12 is two hits, a
natural 2 a miss; the shotgun rolls 2d6 twice a shot), Shot Modifiers
(cumulative); Advanced Optional Rule 4 (Deadly Shots). The chances are
exact: they come from the chart's own reading of a roll
(:meth:`~saloon.games.cowboys.shotchart.ShotChart.shot_distribution`, rulings
CW-S1 to CW-S6), with every modifier the engine applies
(:func:`~.shots.shot_info`) and the cards' bonuses on the shot.

This module is the one place the words and the advisor get a shot's
chances from: the choices (:mod:`saloon.games.cowboys.describe`), the
rules at a decision (:mod:`saloon.games.cowboys.guide`), the board
(:mod:`saloon.games.cowboys.render`) and the log's roll line
(:func:`roll_words`).

>>> from saloon.games.cowboys.shotchart import Weapon, load_shot_chart
>>> from saloon.games.cowboys.rules.shots import ShotInfo
>>> info = ShotInfo("pistol", Weapon.PISTOL, 2, 6, (("cowboy", 1),))
>>> odds = shot_odds(load_shot_chart(), info, (("Steady Aim", 1),))
>>> odds.dice, str(odds.hit), odds.words()
(4, '11/12', 'range 2, needs 6, +1 cowboy, +1 Steady Aim: 4+ on 2d6, 92% to hit')
>>> roll_words(4, 6, odds)
'4+6 +1 cowboy +1 Steady Aim = 12 against 6: a hit'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from saloon.games.cowboys.shotchart import Distribution, ShotChart, Weapon, roll_hits
from saloon.games.cowboys.words import number_word, percent

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.shots import ShotInfo
    from saloon.games.cowboys.rules.state import CowboysState

#: A modifier by its name: ``("cowboy", 1)``, ``("Steady Aim", 1)``.
Named = tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class ShotOdds:
    """One shot as the chart reads it: the weapon, the range, the chart's
    number, each modifier by name (the shot's own and the cards' on it),
    whether Deadly Shots is in play, and its exact chances."""

    weapon: Weapon
    range: int
    needed: int
    mods: Named
    deadly: bool
    roll: tuple[Fraction, Fraction, Fraction]
    """One roll of 2d6: the chances of 0, 1 and 2 hits."""
    shot: Distribution
    """The whole shot (two rolls for a shotgun): the chance of 0, 1, 2... hits."""

    @property
    def modifier(self) -> int:
        return sum(v for _, v in self.mods)

    @property
    def dice(self) -> int:
        """The lowest natural 2d6 total that hits: 12 always does (two
        hits), 2 never; 13 when only a natural 12 hits."""
        return max(3, min(12, self.needed - self.modifier)) if self.needed <= 12 else 12

    @property
    def hit(self) -> Fraction:
        """The chance one roll hits (one or two hits)."""
        return 1 - self.roll[0]

    @property
    def rolls(self) -> int:
        return self.weapon.rolls_per_shot

    def mods_text(self) -> str:
        """``+1 cowboy, +1 Steady Aim``, or ``no modifiers``."""
        return ", ".join(f"{v:+d} {k}" for k, v in self.mods) or "no modifiers"

    def words(self) -> str:
        """``range 2, needs 6, +1 cowboy: 5+ on 2d6, 83% to hit`` (a
        shotgun: ``... on each of its two rolls, 42% each``)."""
        text = f"range {self.range}, needs {self.needed}, {self.mods_text()}: "
        text += dice_words(self.dice)
        if self.rolls > 1:
            return (
                text + f" on each of its {number_word(self.rolls)} rolls, {percent(self.hit)} each"
            )
        return text + f", {percent(self.hit)} to hit"


def dice_words(dice: int) -> str:
    """``5+ on 2d6``; ``only a natural 12`` when nothing less will do."""
    return "only a natural 12" if dice >= 12 else f"{dice}+ on 2d6"


def shot_odds(
    chart: ShotChart, info: ShotInfo, bonus: Named = (), *, deadly: bool = False
) -> ShotOdds:
    """The odds of one shot ``info`` (:func:`~.shots.shot_info`) with the
    cards' ``bonus`` on it (Dead Eye, Steady Aim...), on ``chart``."""
    mods = tuple(info.mods) + tuple(bonus)
    total = sum(v for _, v in mods)
    return ShotOdds(
        weapon=info.weapon,
        range=info.range,
        needed=info.needed,
        mods=mods,
        deadly=deadly,
        roll=chart.hit_probability(info.weapon, info.range, total, deadly=deadly),
        shot=chart.shot_distribution(info.weapon, info.range, total, deadly=deadly),
    )


def of_state(state: CowboysState, info: ShotInfo, bonus: Named = ()) -> ShotOdds:
    """:func:`shot_odds` on the game's chart, with Deadly Shots if in play."""
    return shot_odds(state.chart, info, bonus, deadly=state.rule("deadly_shots"))


def convolve(dists: Sequence[Distribution]) -> Distribution:
    """The chance of each total number of hits over independent shots.

    >>> [str(p) for p in convolve([(Fraction(1, 2), Fraction(1, 2))] * 2)]
    ['1/4', '1/2', '1/4']
    """
    out: Distribution = (Fraction(1),)
    for d in dists:
        acc = [Fraction(0)] * (len(out) + len(d) - 1)
        for a, pa in enumerate(out):
            for b, pb in enumerate(d):
                acc[a + b] += pa * pb
        out = tuple(acc)
    while len(out) > 1 and out[-1] == 0:
        out = out[:-1]
    return out


def hits_words(dist: Distribution) -> str:
    """``no hit 30%, 1 hit 49%, 2 hits 19%, 3 or more 2%``: the chance of
    each number of hits (the tail past four together); a number of hits
    that cannot happen (one, when only a natural 12 hits) is left out.

    >>> hits_words((Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)))
    'no hit 25%, 1 hit 50%, 2 hits 25%'
    >>> hits_words((Fraction(35, 36), Fraction(0), Fraction(1, 36)))
    'no hit 97%, 2 hits 3%'
    """
    parts = []
    top = 4
    for n, p in enumerate(dist):
        if n > top:
            break
        if n == top and len(dist) > top + 1:
            parts.append(f"{n} or more {percent(sum(dist[n:], Fraction(0)))}")
            break
        if p == 0:
            continue
        word = "no hit" if n == 0 else f"{n} hit" if n == 1 else f"{n} hits"
        parts.append(f"{word} {percent(p)}")
    return ", ".join(parts)


def volley_words(odds: Sequence[tuple[str, ShotOdds]], names: dict[str, str]) -> str:
    """An action's shots in words: each shot's numbers (once when they are
    all alike), then, for more than one roll at one target, the chance of
    each number of hits. ``names`` names each target."""
    if not odds:
        return ""
    targets = list(dict.fromkeys(t for t, _ in odds))
    if len(targets) == 1:
        first = odds[0][1]
        same = all(o.words() == first.words() for _, o in odds)
        if same:
            text = first.words()
        else:
            text = "; ".join(f"{_ordinal(k)} {o.words()}" for k, (_, o) in enumerate(odds))
        if len(odds) > 1 or first.rolls > 1:
            text += f"; hits: {hits_words(convolve([o.shot for _, o in odds]))}"
        return text
    parts = []
    for t in targets:
        mine = [o for u, o in odds if u == t]
        part = f"at {names.get(t, t)}: {mine[0].words()}"
        if len(mine) > 1 or mine[0].rolls > 1:
            part += f"; hits: {hits_words(convolve([o.shot for o in mine]))}"
        parts.append(part)
    return "; ".join(parts)


def _ordinal(k: int) -> str:
    return (
        ("first", "second", "third", "fourth", "fifth", "sixth")[k] + " shot"
        if k < 6
        else (f"shot {k + 1}")
    )


def roll_words(a: int, b: int, odds: ShotOdds) -> str:
    """One roll read on the chart, each modifier by name:
    ``4+6 +1 cowboy +1 Steady Aim = 12 against 6: a hit``.

    >>> from saloon.games.cowboys.shotchart import load_shot_chart
    >>> from saloon.games.cowboys.rules.shots import ShotInfo
    >>> o = shot_odds(load_shot_chart(), ShotInfo("rifle", Weapon.RIFLE, 3, 7,
    ...               (("cowboy", 2), ("red line", -1))))
    >>> roll_words(2, 2, o)
    '2+2 +2 cowboy -1 red line = 5 against 7: a miss'
    >>> roll_words(1, 1, o)
    '1+1 +2 cowboy -1 red line = 3 against 7: a natural 2, a miss'
    >>> roll_words(6, 6, o)
    '6+6 +2 cowboy -1 red line = 13 against 7: a natural 12, two hits'
    """
    total = a + b
    mods = "".join(f" {v:+d} {k}" for k, v in odds.mods if v)
    modified = total + odds.modifier
    hits = roll_hits(total, odds.modifier, odds.needed, deadly=odds.deadly)
    word = "a miss" if hits == 0 else "a hit" if hits == 1 else "two hits, a deadly shot"
    if total == 2:
        word = "a natural 2, a miss"
    elif total == 12:
        word = "a natural 12, two hits"
    return f"{a}+{b}{mods} = {modified} against {odds.needed}: {word}"
