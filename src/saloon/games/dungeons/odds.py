"""The chance to win a round of combat, exact from the dice.

A round of combat (Part II, Specialty Hides, steps 1-7; Part I, Enemy
Engagement) sets the hero's total against the enemy's: the hero's dice
(each weapon's, a Critical weapon's doubled, added with Dual Wield: Part
II, Advantage Cards), doubled by a card after the roll, plus his buffs;
against the enemy's die plus its bonuses (its environment, the Hunters'
Moon, the collective GM's buffs...: :func:`~.rules.combat.enemy_parts`).
The higher total wins; a tie is the hero's only with strength 6 or a card
or skill that wins ties (Part I, Enemy Engagement, ties).

This module says, before a roll, what a player can act on: the hero's dice
and bonuses against the enemy's, and the chance to win the round, computed
exactly (:class:`fractions.Fraction`) from the dice's distributions. The
menu's words (:mod:`.describe`), the rules help at a fight (:mod:`.guide`),
the drawing of the fight (:mod:`.render`) and the advisor all read it here.

>>> from fractions import Fraction
>>> d6 = total_distribution(((6, 1, False),))
>>> d6[1], sum(d6.values())
(Fraction(1, 6), Fraction(1, 1))
>>> win_chance(d6, die_distribution(4, 1), ties_won=False)  # a d6 against a d4 +1
Fraction(5, 12)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from saloon.games.dungeons.rules import combat
from saloon.games.dungeons.rules.model import Fight, Weapon

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState

#: A distribution of totals: total -> probability (summing to 1).
Distribution = Mapping[int, Fraction]


def die_distribution(sides: int, plus: int = 0) -> dict[int, Fraction]:
    """One die of ``sides`` faces plus ``plus``; ``sides`` 0 is no die (a
    Plant of Eden's fixed attack: ``plus`` alone).

    >>> die_distribution(0, 4)
    {4: Fraction(1, 1)}
    """
    if sides <= 0:
        return {plus: Fraction(1)}
    p = Fraction(1, sides)
    return {face + plus: p for face in range(1, sides + 1)}


def _add(a: Distribution, b: Distribution) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


def total_distribution(
    weapons: Sequence[tuple[int, int, bool]], *, doubled: bool = False, bonus: int = 0
) -> dict[int, Fraction]:
    """The hero's total: for each weapon ``(die, dice, critical)`` the sum
    of its dice (doubled when Critical), the weapons added (Dual Wield), the
    whole doubled (``doubled``: a card after the roll), plus ``bonus``.

    >>> total_distribution(((8, 1, True),))[16]
    Fraction(1, 8)
    >>> total_distribution(((4, 1, False), (4, 1, False)))[8]
    Fraction(1, 16)
    """
    dist: dict[int, Fraction] = {0: Fraction(1)}
    for die, dice, critical in weapons:
        one = die_distribution(die)
        for _ in range(dice):
            dist = _add(dist, {2 * x if critical else x: p for x, p in one.items()})
    if doubled:
        dist = {2 * x: p for x, p in dist.items()}
    return {x + bonus: p for x, p in dist.items()}


def win_chance(hero: Distribution, enemy: Distribution, *, ties_won: bool) -> Fraction:
    """The chance the hero's total beats the enemy's (or ties it, when he
    wins ties)."""
    won = Fraction(0)
    for x, p in hero.items():
        for y, q in enemy.items():
            if x > y or (x == y and ties_won):
                won += p * q
    return won


def tie_chance(hero: Distribution, enemy: Distribution) -> Fraction:
    return sum((p * enemy.get(x, Fraction(0)) for x, p in hero.items()), Fraction(0))


def percent(p: Fraction) -> str:
    """A chance in whole per cent, never rounded to a certainty it is not.

    >>> percent(Fraction(1, 3)), percent(Fraction(199, 200)), percent(Fraction(1, 300))
    ('33%', 'over 99%', 'under 1%')
    >>> percent(Fraction(1)), percent(Fraction(0))
    ('100%', '0%')
    """
    if p in (0, 1):
        return f"{int(p) * 100}%"
    value = round(float(p) * 100)
    if value >= 100:
        return "over 99%"
    if value <= 0:
        return "under 1%"
    return f"{value}%"


@dataclass(frozen=True)
class RoundOdds:
    """A round about to be rolled: what each side rolls and adds, in words,
    and the exact chance that the hero wins it (a tie counted as his only
    when ``ties_won``)."""

    dice: str
    enemy: str
    foe: str
    win: Fraction
    tie: Fraction
    ties_won: bool
    strength: int
    ties_card: bool = False

    @property
    def hero(self) -> str:
        """``your d6``."""
        return "your " + self.dice

    def tie_reason(self, you: bool = True) -> str:
        """Why a tie goes where it goes (Part I, Enemy Engagement)."""
        his = "your" if you else "the hero's"
        if self.ties_card:
            return f"ties are {his} in this fight"
        if self.strength == 6:
            return f"{his} strength is 6"
        return f"{his} strength is {self.strength}, only 6 wins ties"

    def words(self, you: bool = True) -> str:
        """``your d6 against the Goblin's d4 +1 hills: 67% to win the round
        (a tie, 17%, goes to the Goblin: your strength is 4, only 6 wins
        ties)``; with ``you`` False, the hero in the third person (``the
        hero's d6 ... 67% for the hero to win``)."""
        hero = ("your " if you else "the hero's ") + self.dice
        win = "to win the round" if you else "for the hero to win the round"
        out = f"{hero} against {self.enemy}: {percent(self.win)} {win}"
        if self.tie and self.win not in (0, 1):
            who = ("you" if you else "the hero") if self.ties_won else self.foe
            out += f" (a tie, {percent(self.tie)}, goes to {who}: {self.tie_reason(you)})"
        return out


def hero_words(weapons: Sequence[Weapon], *, you: bool = True, source: bool = True) -> str:
    """``your d6``, ``your d8 (Critical) and d6``, ``hero's d12 (Holy
    Water)``: what the hero rolls."""
    parts = []
    for w in weapons:
        dice = f"{w.dice}d{w.die}" if w.dice > 1 else f"d{w.die}"
        notes = []
        if source and w.source == "holy-water":
            notes.append("Holy Water")
        if "critical" in w.flags:
            notes.append("Critical")
        parts.append(dice + (f" ({', '.join(notes)})" if notes else ""))
    return ("your " if you else "hero's ") + " and ".join(parts)


def ties_won(s: DungeonsState, seat: int, f: Fight) -> bool:
    """Whether the hero wins a tie in this round (Part I, Enemy Engagement:
    strength 6 wins ties; a card's or skill's ``win_ties``)."""
    return f.win_ties or s.heroes[seat].stat("strength") == 6


def enemy_words(s: DungeonsState, f: Fight) -> str:
    """``the Goblin's d4 +1 hills``: the enemy's die and what is added to it
    before its roll."""
    parts = combat.enemy_parts(s, f)
    lead = combat.enemy_lead(s, f)
    if parts[0][0] == "attack":
        lead += f" of {parts[0][1]}"
    return lead + "".join(f" {v:+d} {label}" for label, v in parts[1:])


def probe(s: DungeonsState, seat: int, uid: int | None = None) -> Fight:
    """The round against ``uid`` (the round under way when ``None``) as it
    stands before its roll: the transformation and the ties won in it."""
    f = s.fight
    if uid is None:
        assert f is not None
        return replace(f, dice=(), enemy_roll=0, weapons=())
    if f is not None and f.enemy == uid:
        return replace(f, dice=(), enemy_roll=0, weapons=())
    t = s.turn
    ties = t is not None and t.ties_with == uid and t.foe == uid
    from saloon.games.dungeons.rules import companions

    return Fight(enemy=uid, win_ties=ties, hero_bonus=companions.combat_bonus(s, seat))


def round_odds(
    s: DungeonsState,
    seat: int,
    weapons: Sequence[Weapon] | None = None,
    uid: int | None = None,
    transformed: str = "",
    enemy_extra: int = 0,
) -> RoundOdds:
    """The odds of a round not yet rolled: against the enemy ``uid`` (the
    one of the round under way when ``None``), with ``weapons`` (the
    hero's natural die when ``None``: his D6, or his chib's die), the
    monster turned into ``transformed`` if given (a bare D6, no bonus:
    Part II, Specialty Hides); ``enemy_extra``: a buff about to be put on
    the monster (a red card in the collective GM's window).

    The enemy's bonuses are those it has now (a buff the collective GM has
    yet to play is not counted).
    """
    f = probe(s, seat, uid)
    if transformed:
        f = replace(f, transformed=transformed)
    ws = tuple(weapons) if weapons else (combat.weapon_of(s, seat, "natural"),)
    hero = total_distribution(
        [(w.die, w.dice, "critical" in w.flags) for w in ws],
        doubled=f.doubled,
        bonus=f.hero_bonus,
    )
    # With no roll yet the enemy's die counts 0: its total is what is added.
    enemy = die_distribution(combat.enemy_die(s, f), combat.enemy_total(s, f) + enemy_extra)
    won = ties_won(s, seat, f)
    return RoundOdds(
        dice=hero_words(ws).removeprefix("your "),
        enemy=enemy_words(s, f) + (f" {enemy_extra:+d} buffs" if enemy_extra else ""),
        foe=combat.short_name(s, s.enemy(f.enemy)),
        win=win_chance(hero, enemy, ties_won=won),
        tie=tie_chance(hero, enemy),
        ties_won=won,
        strength=s.heroes[seat].stat("strength"),
        ties_card=f.win_ties,
    )


def stealth_chance(s: DungeonsState, seat: int) -> Fraction:
    """The chance that the hero's next stealth check succeeds (Part I, On
    Stealth: his die under his stealth stat, a tie fails; a Shade Draught or
    a card may make it succeed unrolled; fog adds 1 to the roll, a clear
    night takes 1 off, a card's bonus takes its amount off, a curse castle
    of the hero's space adds its own: Part IV, Endless Echoes)."""
    from saloon.games.dungeons.rules import curses, stealth

    h = s.heroes[seat]
    if h.auto_stealth:
        return Fraction(1)
    die = stealth.natural_die(s, seat)
    mods = ("fog" in s.flags) - ("clear_night" in s.flags) - h.stealth_bonus
    mods += curses.stealth_mod(s, h.space)
    need = h.stat("stealth")
    return Fraction(sum(1 for face in range(1, die + 1) if face + mods < need), die)


# -- after the roll ----------------------------------------------------------------------------


def reroll_chance(s: DungeonsState, index: int) -> Fraction:
    """The chance that the hero wins the round under way once his die
    ``index`` (0-based) is rolled again (Dogmud; a card's reroll), the rest
    as it stands."""
    f = s.fight
    seat = s.active
    assert f is not None and seat is not None
    dice = combat.hero_dice(f)
    sides = dice[index]
    wins = 0
    for face in range(1, sides + 1):
        faces = list(f.dice)
        faces[index] = face
        if combat.hero_wins(s, replace(f, dice=tuple(faces))):
            wins += 1
    return Fraction(wins, sides)


def best_reroll(s: DungeonsState) -> tuple[int, Fraction]:
    """The die (0-based) whose reroll gives the best chance, and that chance."""
    f = s.fight
    assert f is not None
    chances = [(reroll_chance(s, i), -i) for i in range(len(f.dice))]
    p, i = max(chances)
    return -i, p


def enemy_reroll_chance(s: DungeonsState) -> Fraction:
    """The chance that the hero wins the round under way once the GM rolls
    the monster's die again (Beguile, a red card's reroll)."""
    f = s.fight
    assert f is not None
    die = combat.enemy_die(s, f)
    if not die:
        return Fraction(int(combat.hero_wins(s, f)))
    wins = sum(1 for r in range(1, die + 1) if combat.hero_wins(s, replace(f, enemy_roll=r)))
    return Fraction(wins, die)
