"""A round of combat, in the rulebook's seven steps.

Part II, The Gather Board, Specialty Hides (steps 1-7); Part I, Enemy
Engagement (the declaration, the collective GM's buffs, the rolls, the
tally, ties won only with strength 6, extra HP, the buffs removed after the
round); Part V, Combat and Resolution; Part II, Advantage Cards (Dual Wield,
Ranged, Critical); Addenda, Village Signs (Dogmud, Holy Water); rulings
DG-R4 (the windows) and DG-R19 to DG-R22. Fighting is not an action (Part
I, Enemy Engagement, GM's Note).

1. ``fight <enemy>``: the hero declares a round against an engaged enemy
   (the Cash Cube first, unless ``cube_order=any``; the same enemy until one of them falls or he
   disengages) or, unengaged, against an enemy of his space;
2. the opponents' window (:mod:`.powers`), never on a Guardian or a Cube;
3. ``transform <class>``: the three specialty hides turned in (ruling DG-R20);
4. ``wield ...``: the weapon(s);
5. the rolls, the hero's dice and the enemy's die together (a Plant of
   Eden does not roll: its attack is 3, +1 for every other Plant on the
   board); no opponent acts after it (step 6 is the hero's alone: ruling
   DG-R39);
6. the hero improves: buffs, rerolls, Dogmud, potions, skills, escapes;
   ``accept``;
7. resolution (:class:`Resolve`).
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from saloon.core.action import Action, Outcome
from saloon.games.dungeons.actions import CombatRoll, Dogmud, Pick, Roll, Wield
from saloon.games.dungeons.rules import (
    board,
    cards,
    common,
    companions,
    curses,
    effects,
    rewards,
    stealth,
)
from saloon.games.dungeons.rules.agenda import Chance, Decision, DieRoll, Step, push, uniform
from saloon.games.dungeons.rules.model import Enemy, Fight, Weapon

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState


# -- step 1: the declaration ------------------------------------------------------------------


def fight_targets(s: DungeonsState, seat: int) -> list[Enemy]:
    """The enemies the hero may declare a round against: the one he is
    fighting, if any; else a Cash Cube he is engaged with (it takes
    precedence: Addenda, Village Signs, Cash Cube; ruling DG-R19; with
    ``cube_order=any`` it waits its turn like the rest); else any he is
    engaged with (he picks the order: Part I, On Stealth); unengaged, any
    enemy of his space (he may fight them if he so desires: Part I, On
    Stealth)."""
    t = s.turn
    h = s.heroes[seat]
    if t is None or h.space <= 0:
        return []
    if t.foe is not None:
        e = s.find_enemy(t.foe)
        return [] if e is None else [e]
    if t.engaged:
        engaged = [s.enemy(u) for u in t.engaged if s.find_enemy(u) is not None]
        if s.options.cube_order == "any":
            return engaged
        cubes = [e for e in engaged if e.is_cube]
        return cubes or engaged
    return board.hostile_in(s, seat, h.space)


@dataclass(frozen=True, slots=True)
class FightStart(Step):
    """Step 1: the round is declared; then the opponents' window (step 2)."""

    seat: int
    uid: int

    def run(self, s: DungeonsState) -> None:
        from saloon.games.dungeons.rules import alliance, powers

        t = s.turn
        assert t is not None
        engaged = t.engaged if self.uid in t.engaged else (*t.engaged, self.uid)
        # Ties won "in this fight" hold while the fight with this enemy goes on.
        ties = t.foe == self.uid and t.ties_with == self.uid
        s.turn = replace(t, engaged=engaged, foe=self.uid, ties_with=self.uid if ties else 0)
        helps = companions.combat_bonus(s, self.seat)
        s.fight = Fight(enemy=self.uid, win_ties=ties, hero_bonus=helps)
        e = s.enemy(self.uid)
        s.say("fight", f"{s.name(self.seat)} fights {board.enemy_name(s, e)}.", self.seat)
        if helps:
            s.say(
                "companion",
                f"{common.upper_first(companions.name(s.companion))} helps: +{helps} to the roll.",
                self.seat,
            )
        # Part III, Alliance: after the GM's window, the teammate's (DG-R81).
        push(s, powers.OpenWindow("before"), alliance.OpenAllyWindow("fight"), SetStage("arm"))


@dataclass(frozen=True, slots=True)
class SetStage(Step):
    stage: str

    def run(self, s: DungeonsState) -> None:
        if s.fight is not None:
            s.fight = replace(s.fight, stage=self.stage)


# -- step 3: transformation --------------------------------------------------------------------


def can_transform(s: DungeonsState, seat: int) -> bool:
    """Three specialty hides, a monster (not a Guardian, not a Cube), not
    transformed yet this round, before the weapon (Part II, Specialty Hides)."""
    f = s.fight
    if f is None or f.stage != "arm" or f.transformed:
        return False
    if not all(s.heroes[seat].specialty):
        return False
    return s.monster(s.enemy(f.enemy).kind) is not None


def transform_with_hides(s: DungeonsState, seat: int, cls: str) -> None:
    """The hides go back to the bag; the monster becomes ``cls``."""
    h = s.heroes[seat]
    hides = [board.kind_name(s, k) for k in h.specialty if k]
    board.bag_add(s, *h.specialty)
    s.heroes[seat] = replace(h, specialty=("", "", ""))
    listed = ", ".join(hides[:-1]) + " and " + hides[-1] if len(hides) > 1 else "".join(hides)
    s.say(
        "transform",
        f"{s.name(seat)} turns in three specialty hides ({listed}) to the bag.",
        seat,
    )
    transform(s, cls)


def transformed_words(s: DungeonsState, into: str) -> str:
    """What a monster was turned into: ``a bandit``, or in Hide Collection
    a specific monster, ``a Gnoll`` (Part III, Specialty Hides)."""
    if s.monster(into) is not None:
        return common.article(board.kind_name(s, into))
    return common.article(into)


def transform_targets(s: DungeonsState) -> tuple[str, ...]:
    """What specialty hides may turn a monster into: a class (Part II,
    Specialty Hides), or in Hide Collection a specific monster (Part III,
    Specialty Hides; ruling DG-R70)."""
    from saloon.games.dungeons.content import MONSTER_CLASSES

    if s.options.hides:
        return tuple(m.id for m in s.content.monsters)
    return MONSTER_CLASSES


def transform(s: DungeonsState, cls: str, source: str = "") -> None:
    """Ruling DG-R20 (Part II, Specialty Hides): the monster is a ``cls``
    with a bare D6 for this roll, no bonus of any kind (environment, buffs,
    extra HP, the Moon); if it wins the round it is itself again with every
    bonus; if it loses it dies as a ``cls``. ``source``: the card or skill
    that does it (Glamour), when no hides are turned in."""
    f = s.fight
    assert f is not None
    s.fight = replace(f, transformed=cls)
    e = s.enemy(f.enemy)
    name = board.enemy_name(s, e)
    what = f"becomes {common.article(cls)} with a bare D6 and no bonus for this roll"
    m = s.monster(cls)
    if m is not None:
        # Part III, Specialty Hides (ruling DG-R70): a specific monster.
        into = transformed_words(s, cls)
        if s.options.hide_transform == "advanced":
            what = f"becomes {into} in every respect, its own d{m.die}, with no environment bonus"
        else:
            what = f"becomes {into} with a bare D6 and no bonus for this roll"
    if source:
        s.say("transform", f"{source}: {name} {what} (no hides are spent).")
    else:
        s.say("transform", f"{common.upper_first(name)} {what}.")


# -- step 4: the weapon ------------------------------------------------------------------------


def current_class(s: DungeonsState, f: Fight) -> str | None:
    """The engaged monster's class now (its transformed class in the round)."""
    if f.transformed:
        into = s.monster(f.transformed)
        return f.transformed if into is None else into.monster_class
    m = s.monster(s.enemy(f.enemy).kind)
    return None if m is None else m.monster_class


def weapon_cards(s: DungeonsState, seat: int) -> list[str]:
    """The weapon cards ``seat`` may roll: none in chib form (Part I,
    Chibbing Out: the chib trades its weapon for the chib's; Part IV, the
    Werewolf; ruling DG-R21), or with ``chib_weapons=quest`` a Heroic Quest
    weapon card but never an Advantage one (DG-R21's other reading)."""
    from saloon.games.dungeons.content import QuestCard
    from saloon.games.dungeons.rules import powers

    chib = s.heroes[seat].chib
    if chib and s.options.chib_weapons == "none":
        return []
    out = []
    for cid in dict.fromkeys(cards.hand(s, seat)):
        c = cards.card(s, cid)
        if chib and not isinstance(c, QuestCard):
            continue
        if powers.is_weapon(c) and not powers.is_red(c):
            out.append(cid)
    return out


def weapon_of(s: DungeonsState, seat: int, source: str) -> Weapon:
    if source == "natural":
        return Weapon("natural", stealth.natural_die(s, seat))
    if source == "holy-water":
        return Weapon("holy-water", s.content.prices.holy_water_die)
    for e in cards.card(s, source).effects:
        if e.kind == "weapon":
            return Weapon(source, e.die, e.dice, e.flags)
    raise KeyError(source)


def wield_options(s: DungeonsState, seat: int) -> list[Action]:
    """Step 4's choices: the natural die; Holy Water against the Undead (2
    coins: the D6 becomes a D12; not for a chib); each weapon card; a Dual
    Wield weapon with a second weapon (another card or the natural die);
    never more than two (Part II, Advantage Cards, Dual Wield)."""
    f = s.fight
    assert f is not None
    h = s.heroes[seat]
    naturals = ["natural"]
    if not h.chib and current_class(s, f) == "undead" and h.coins >= s.content.prices.holy_water:
        naturals.append("holy-water")
    held = cards.hand(s, seat)
    weapons = weapon_cards(s, seat)
    out: list[Action] = [Wield((n,)) for n in naturals]
    out += [Wield((c,)) for c in weapons]
    for c in weapons:
        if "dual_wield" not in weapon_of(s, seat, c).flags:
            continue
        for p in naturals:
            out.append(Wield((c, p)))
        for p in weapons:
            if p == c and held.count(c) < 2:
                continue
            if "dual_wield" in weapon_of(s, seat, p).flags and p < c:
                continue
            out.append(Wield((c, p)))
    return out


#: The weapons' keywords as the cards print them (Part II, Advantage Cards).
KEYWORDS = {"dual_wield": "Dual Wield", "ranged": "Ranged", "critical": "Critical"}


def keyword_words(flags: frozenset[str]) -> str:
    """A weapon's keywords as printed: ``Dual Wield, Ranged``.

    >>> keyword_words(frozenset({"ranged", "dual_wield"}))
    'Dual Wield, Ranged'
    """
    return ", ".join(KEYWORDS.get(f, f) for f in sorted(flags))


def wield(s: DungeonsState, seat: int, sources: tuple[str, ...]) -> None:
    """The weapons are played (a card is spent, even if the round is later
    escaped: Part II, Advantage Cards); Holy Water is paid; then the roll."""
    f = s.fight
    assert f is not None
    weapons = tuple(weapon_of(s, seat, src) for src in sources)
    if weapons and companions.bird_die(s, seat, sources, weapons[0].die):
        # Part III, Companions: the Bird's extra D4 with the natural D6.
        weapons = (*weapons, Weapon(companions.BIRD, 4))
    s.fight = replace(f, weapons=weapons)
    push(s, RoundRoll())
    words = []
    for w in weapons:
        dice = f"{w.dice}d{w.die}" if w.dice > 1 else f"d{w.die}"
        if w.source == "holy-water":
            common.pay(s, seat, s.content.prices.holy_water)
            words.append(f"Holy Water ({dice}, {s.content.prices.holy_water} coins)")
        elif w.source == "natural":
            words.append(f"the natural {dice}")
        elif w.source == companions.BIRD:
            words.append(f"the Bird's {dice}")
        else:
            c = cards.card(s, w.source)
            cards.spend(s, seat, w.source)
            flags = keyword_words(w.flags)
            words.append(f"{c.name} ({dice}{', ' + flags if flags else ''})")
            rest = tuple(e for e in c.effects if e.kind != "weapon")
            if rest:
                effects.run(s, rest, effects.Ctx(seat, c.name))
    s.say("wield", f"{s.name(seat)} wields {' and '.join(words)}.", seat)


# -- step 5: the rolls -------------------------------------------------------------------------


def hero_dice(f: Fight) -> list[int]:
    """The sides of each die the hero rolls, in order."""
    return [w.die for w in f.weapons for _ in range(w.dice)]


def enemy_die(s: DungeonsState, f: Fight) -> int:
    """The enemy's die (Part I, Enemy Engagement: each enemy its own die;
    Know Thine Enemy; Cash Cube): a D6 when transformed (Part II, Specialty
    Hides); a Cube's D12; a monster's or a Guardian's own; 0 for a Plant of
    Eden (it does not roll). In Hide Collection with ``hide_transform=advanced``
    a monster turned into another rolls that one's die (Part III, Specialty
    Hides; ruling DG-R70)."""
    if f.transformed:
        into = s.monster(f.transformed)
        if into is not None and s.options.hide_transform == "advanced":
            return into.die
        return 6
    e = s.enemy(f.enemy)
    if e.is_cube:
        return s.content.prices.cash_cube_die
    m = s.monster(e.kind)
    if m is not None:
        return m.die
    g = s.guardian(e.kind)
    return 0 if g is None else g.die


@dataclass(frozen=True, slots=True)
class RoundRoll(Chance):
    """Step 5: the hero's dice and the GM's die, rolled together."""

    def kind(self, s: DungeonsState) -> Hashable:
        return ("RoundRoll", s.active)

    def _dice(self, s: DungeonsState) -> tuple[list[int], int]:
        f = s.fight
        assert f is not None
        return hero_dice(f), enemy_die(s, f)

    def outcomes(self, s: DungeonsState) -> list[tuple[Outcome, float]]:
        mine, theirs = self._dice(s)
        ranges = [range(1, d + 1) for d in mine]
        enemy = range(1, theirs + 1) if theirs else range(0, 1)
        out: list[Outcome] = [
            CombatRoll(tuple(faces), x) for faces in itertools.product(*ranges) for x in enemy
        ]
        return uniform(out)

    def possible(self, s: DungeonsState, outcome: Outcome) -> bool:
        if not isinstance(outcome, CombatRoll):
            return False
        mine, theirs = self._dice(s)
        if len(outcome.hero) != len(mine):
            return False
        if not all(1 <= x <= d for x, d in zip(outcome.hero, mine, strict=True)):
            return False
        return 1 <= outcome.enemy <= theirs if theirs else outcome.enemy == 0

    def sample(self, s: DungeonsState, rng: np.random.Generator) -> Outcome:
        mine, theirs = self._dice(s)
        faces = tuple(int(rng.integers(1, d + 1)) for d in mine)
        return CombatRoll(faces, int(rng.integers(1, theirs + 1)) if theirs else 0)

    def prompt(self, s: DungeonsState) -> str:
        mine, theirs = self._dice(s)
        dice = " ".join(f"d{d}" for d in mine)
        vs = f" vs the enemy's d{theirs}" if theirs else " (a Plant of Eden does not roll)"
        example = "roll " + " ".join("3" for _ in mine) + (" vs 2" if theirs else "")
        return f"the hero's {dice}{vs} (e.g. {example})"

    def answer(self, s: DungeonsState, outcome: Outcome) -> None:
        assert isinstance(outcome, CombatRoll)
        f = s.fight
        assert f is not None
        s.fight = f = replace(f, dice=outcome.hero, enemy_roll=outcome.enemy)
        s.say("roll", f"The roll: {tally_words(s, f)}.")
        # Part II, Specialty Hides, step 6: once the dice are down only the
        # hero's buffs and his Dogmud may change the round; the opponents'
        # say ended with step 2, so no window of theirs opens here (DG-R39).
        push(s, SetStage("improve"))


# -- totals ------------------------------------------------------------------------------------


def hero_total(f: Fight) -> int:
    """The hero's combat total: each weapon's dice (doubled by Critical),
    added (Dual Wield); doubled by a Critical after the roll; plus his
    buffs (Part II, Advantage Cards)."""
    total = 0
    i = 0
    for w in f.weapons:
        faces = f.dice[i : i + w.dice]
        i += w.dice
        v = sum(faces)
        total += 2 * v if "critical" in w.flags else v
    if f.doubled:
        total *= 2
    return total + f.hero_bonus


def enemy_parts(s: DungeonsState, f: Fight) -> list[tuple[str, int]]:
    """The enemy's combat total in parts (label, value), its roll first.
    Transformed: the bare D6 (ruling DG-R20). A monster: its die, +1 when
    its environment is in its space (Poison monsters have none; once,
    however many of its pieces: ruling DG-R53), a curse castle's
    ``monster_buff`` in its space (Part IV: Buff the Beastie), +2 under
    the Hunters' Moon, +1 under bloodlust, a GM event's bonus for the round,
    the collective GM's buffs. A Guardian: its die (a Plant's attack of 3,
    +1 for every other Plant on the board); no environment, no Moon, no
    buffs, no round rule's bonus (Part I, Know Thine Enemy; DG-R40). A Cash Cube:
    its D12 alone. The Overzealous Hunters' Moon gives every enemy the
    Moon's +2 (Part IV, Suggestions)."""
    e = s.enemy(f.enemy)
    if f.transformed:
        return [(f"d{enemy_die(s, f)}", f.enemy_roll)]
    moon = "hunters_moon" in s.flags
    zealous = moon and s.options.house("overzealous_moon")
    m = s.monster(e.kind)
    if m is not None:
        parts = [(f"d{m.die}", f.enemy_roll)]
        if m.environment and m.environment in board.pieces_in(s, e.space):
            parts.append((m.environment, 1))
        parts += curses.monster_parts(s, m, e.space)
        if moon:
            parts.append(("Hunters' Moon", 2))
        if "bloodlust" in s.flags:
            parts.append(("bloodlust", 1))
        if s.monster_bonus:
            parts.append(("event", s.monster_bonus))
        if e.buffs:
            parts.append(("buff" if e.buffs == 1 else "buffs", e.buffs))
        return parts
    if e.is_cube:
        parts = [(f"d{s.content.prices.cash_cube_die}", f.enemy_roll)]
    else:
        g = s.guardian(e.kind)
        assert g is not None
        if g.kind == "plant":
            parts = [("attack", g.attack)]
            others = board.plants_on_board(s) - 1
            if others > 0:
                parts.append(("other Plant" if others == 1 else "other Plants", others))
        else:
            parts = [(f"d{g.die}", f.enemy_roll)]
        # No round rule raises a Guardian: they take no combat buffs (DG-R40).
    if zealous:
        parts.append(("Hunters' Moon", 2))
    return parts


def enemy_total(s: DungeonsState, f: Fight) -> int:
    return sum(v for _, v in enemy_parts(s, f))


# -- the round in words ------------------------------------------------------------------------


def short_name(s: DungeonsState, e: Enemy) -> str:
    """The enemy as a fight names it: ``the Goblin``, ``the Cash Cube``."""
    return "the Cash Cube" if e.is_cube else board.enemy_name(s, e)


def enemy_lead(s: DungeonsState, f: Fight) -> str:
    """What the enemy rolls: ``the Goblin's d4``, ``the Goblin's bare d6
    (now a bandit)``, ``the Plant of Eden's attack``."""
    name = short_name(s, s.enemy(f.enemy))
    label = enemy_parts(s, f)[0][0]
    if f.transformed:
        bare = "bare " if enemy_die(s, f) == 6 else ""
        return f"{name}'s {bare}{label} (now {transformed_words(s, f.transformed)})"
    return f"{name}'s {label}"


def hero_lead(f: Fight, you: bool = False) -> str:
    """What the hero rolls: ``hero's d6``, ``your d8 (Critical) and d6``."""
    from saloon.games.dungeons.odds import hero_words

    return hero_words(f.weapons, you=you)


def hero_expr(f: Fight) -> str:
    """The hero's faces and what is done to them: ``4``, ``7 + 3 = 10``,
    ``5 x 2 +2 buffs = 12`` (a Critical weapon's dice doubled)."""
    terms = []
    i = 0
    for w in f.weapons:
        faces = f.dice[i : i + w.dice]
        i += w.dice
        term = " + ".join(map(str, faces))
        if "critical" in w.flags:
            term = f"({term}) x 2" if len(faces) > 1 else f"{term} x 2"
        terms.append(term)
    expr = " + ".join(terms)
    if f.doubled:
        expr = f"({expr}) x 2" if " " in expr else f"{expr} x 2"
    if f.hero_bonus:
        expr += f" +{f.hero_bonus} {'buff' if f.hero_bonus == 1 else 'buffs'}"
    total = hero_total(f)
    return expr if expr == str(total) else f"{expr} = {total}"


def enemy_expr(s: DungeonsState, f: Fight) -> str:
    """The enemy's roll and what is added: ``3 +1 hills = 4``, ``7``."""
    parts = enemy_parts(s, f)
    expr = str(parts[0][1]) + "".join(f" {v:+d} {label}" for label, v in parts[1:])
    total = enemy_total(s, f)
    return expr if expr == str(total) else f"{expr} = {total}"


def tie_words(s: DungeonsState, f: Fight, you: bool = False) -> str:
    """Who wins a tie in this round and why (Part I, Enemy Engagement: the
    hero's strength of 6, or a card or skill that wins ties)."""
    seat = s.active
    assert seat is not None
    hero = "you" if you else "the hero"
    his = "your" if you else "the hero's"
    if f.win_ties:
        return f"a tie, and {hero} {'win' if you else 'wins'} it: ties are {his} in this fight"
    strength = s.heroes[seat].stat("strength")
    if strength == 6:
        return f"a tie, and {hero} {'win' if you else 'wins'} it with strength 6"
    foe = short_name(s, s.enemy(f.enemy))
    return f"a tie, and {foe} wins it: {his} strength is {strength}, only 6 wins ties"


def verdict(s: DungeonsState, f: Fight, you: bool = False) -> str:
    """Who the round goes to as it stands: ``the hero wins``, a tie's words."""
    mine, theirs = hero_total(f), enemy_total(s, f)
    if mine == theirs:
        return tie_words(s, f, you)
    if mine > theirs:
        return "you win" if you else "the hero wins"
    return f"{short_name(s, s.enemy(f.enemy))} wins"


def tally_words(s: DungeonsState, f: Fight, you: bool = False) -> str:
    """The round as rolled, so that a die is never read as a count:
    ``hero's d6: 4 against the Goblin's d8: 3 +1 dungeon = 4; a tie, and
    the hero wins it with strength 6``."""
    return (
        f"{hero_lead(f, you)}: {hero_expr(f)} against {enemy_lead(s, f)}: {enemy_expr(s, f)}; "
        + verdict(s, f, you)
    )


def hero_wins(s: DungeonsState, f: Fight) -> bool:
    """Higher total wins; a tie goes to the hero only with strength 6 (or a
    card's ``win_ties``) (Part I, Enemy Engagement)."""
    seat = s.active
    assert seat is not None
    mine, theirs = hero_total(f), enemy_total(s, f)
    if mine != theirs:
        return mine > theirs
    return f.win_ties or s.heroes[seat].stat("strength") == 6


def outcome_words(s: DungeonsState, f: Fight) -> str:
    """What accepting the roll as it stands does, to the hero in the second
    person (step 7, :class:`Resolve`): the kill or the HP the enemy loses;
    the HP or the stat the hero loses, or why he loses nothing (a Ranged
    weapon, a ward)."""
    seat = s.active
    assert seat is not None
    e = s.enemy(f.enemy)
    foe = short_name(s, e)
    if hero_wins(s, f):
        if f.transformed:
            return f"you win the round: {foe} dies as {transformed_words(s, f.transformed)}"
        if e.hp > 1:
            return f"you win the round: {foe} loses an HP ({e.hp - 1} left)"
        return f"you win the round and slay {foe}"
    again = f" ({foe} is itself again)" if f.transformed else ""
    if any("ranged" in w.flags for w in f.weapons):
        return f"you lose the round{again}, but your Ranged weapon keeps you out of reach: no harm"
    if f.ward:
        return f"you lose the round{again}, but the blow is warded off: no harm"
    h = s.heroes[seat]
    m = s.monster(e.kind)
    if m is not None and m.monster_class == "poison":
        if all(v <= common.STAT_MIN for v in h.stats):
            return f"you lose the round{again} and die of its poison: every stat of yours is 3"
        return f"you lose the round{again}: its poison drops a stat of your choice by 1"
    if h.hp <= 1:
        return f"you lose the round{again} and your last HP: you go to the Styx"
    return f"you lose the round{again} and 1 HP ({h.hp - 1} left)"


# -- step 6: rerolls ---------------------------------------------------------------------------


def dogmud_options(s: DungeonsState, seat: int) -> list[Action]:
    """Dogmud: one of the hero's dice again for 2 coins (``dogmud 2``: the
    second of two dice; Addenda, Village Signs, and its GM's Note on Dual
    Wield)."""
    f = s.fight
    if f is None or f.stage != "improve" or s.heroes[seat].coins < s.content.prices.dogmud:
        return []
    n = len(f.dice)
    return [Dogmud()] if n == 1 else [Dogmud(k + 1) for k in range(n)]


def ask_reroll(s: DungeonsState, paid: bool) -> None:
    """A card's reroll: which die, if there are two."""
    f = s.fight
    assert f is not None and s.active is not None
    if len(f.dice) == 1:
        push(s, HeroReroll(0))
    else:
        push(s, WhichDie(s.active))


@dataclass(frozen=True, slots=True)
class WhichDie(Decision):
    """Which of the hero's dice a card rerolls (``option 2``)."""

    seat: int

    def legal(self, s: DungeonsState) -> list[Action]:
        f = s.fight
        n = 0 if f is None else len(f.dice)
        return [Pick("option", str(k + 1)) for k in range(n)]

    def prompt(self, s: DungeonsState) -> str:
        return "which die to roll again"

    def answer(self, s: DungeonsState, action: Action) -> None:
        assert isinstance(action, Pick)
        push(s, HeroReroll(int(action.value) - 1))


@dataclass(frozen=True, slots=True)
class HeroReroll(DieRoll):
    """One of the hero's dice rolled again."""

    index: int

    def die(self, s: DungeonsState) -> int:
        f = s.fight
        assert f is not None
        return hero_dice(f)[self.index]

    def prompt(self, s: DungeonsState) -> str:
        d = self.die(s)
        return f"the hero's d{d} rolled again (e.g. d{d} 4)"

    def answer(self, s: DungeonsState, outcome: Outcome) -> None:
        assert isinstance(outcome, Roll)
        f = s.fight
        assert f is not None
        dice = list(f.dice)
        old = dice[self.index]
        dice[self.index] = outcome.face
        s.fight = f = replace(f, dice=tuple(dice))
        tally = common.upper_first(tally_words(s, f))
        d = outcome.sides
        s.say("reroll", f"The hero's d{d} is rolled again: {old} becomes {outcome.face}. {tally}.")


@dataclass(frozen=True, slots=True)
class EnemyReroll(DieRoll):
    """The GM rolls the monster's die again (a red card, a skill)."""

    def die(self, s: DungeonsState) -> int:
        f = s.fight
        assert f is not None
        return enemy_die(s, f)

    def prompt(self, s: DungeonsState) -> str:
        f = s.fight
        assert f is not None
        return f"the enemy's d{enemy_die(s, f)} rolled again"

    def answer(self, s: DungeonsState, outcome: Outcome) -> None:
        assert isinstance(outcome, Roll)
        f = s.fight
        assert f is not None
        old = f.enemy_roll
        s.fight = f = replace(f, enemy_roll=outcome.face)
        tally = common.upper_first(tally_words(s, f))
        name = common.upper_first(short_name(s, s.enemy(f.enemy)))
        s.say(
            "reroll",
            f"{name}'s d{outcome.sides} is rolled again: {old} becomes {outcome.face}. {tally}.",
        )


def dogmud(s: DungeonsState, seat: int, die: int) -> None:
    """Addenda, Village Signs, Dogmud: two coins, one of the hero's dice
    rolled again (ruling DG-R7)."""
    price = s.content.prices.dogmud
    common.pay(s, seat, price)
    s.say("dogmud", f"{s.name(seat)} buys a Dogmud ({price} coins) for a reroll.", seat)
    push(s, HeroReroll(max(0, die - 1)))


# -- step 7: resolution ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Resolve(Step):
    """Step 7 (Part I, Enemy Engagement; rulings DG-R22, DG-R24): the higher
    total wins; the enemy's buffs go, a transformed monster's too (ruling
    DG-R33; with ``transformed_buffs=kept`` a transformed monster that wins
    takes its buffs back into the next round, step 7); a hit costs the loser one HP (a Poison
    monster's hit a stat instead; a Ranged weapon or a ward: no harm to the
    hero)."""

    seat: int

    def run(self, s: DungeonsState) -> None:
        f = s.fight
        if f is None:
            return
        e = s.enemy(f.enemy)
        won = hero_wins(s, f)
        s.fight = None
        name = board.enemy_name(s, e)
        who = s.name(self.seat)
        if e.buffs and not (f.transformed and not won and s.options.transformed_buffs == "kept"):
            s.set_enemy(e := replace(e, buffs=0))
        if won:
            if f.transformed:
                s.say(
                    "hit",
                    f"{who} wins the round: {name} dies as {transformed_words(s, f.transformed)}.",
                )
                rewards.kill(s, self.seat, e, f.transformed)
                return
            hp = e.hp - 1
            if hp <= 0:
                s.say("hit", f"{s.name(self.seat)} wins the round and slays {name}.")
                rewards.kill(s, self.seat, e, None)
            else:
                s.set_enemy(replace(e, hp=hp))
                s.say("hit", f"{s.name(self.seat)} wins the round: {name} has {hp} HP left.")
            return
        if f.transformed:
            s.say("transform", f"{common.upper_first(name)} wins and is itself again.")
        ranged = any("ranged" in w.flags for w in f.weapons)
        if ranged or f.ward:
            why = "the weapon is Ranged" if ranged else "the blow is warded off"
            s.say("miss", f"{common.upper_first(name)} wins the round, but {why}: no harm.")
            return
        m = s.monster(e.kind)
        if m is not None and m.monster_class == "poison":
            s.say("hit", f"{common.upper_first(name)} wins the round: its poison saps a stat.")
            rewards.poisoned(s, self.seat)
            return
        h = s.heroes[self.seat]
        hp = h.hp - 1
        s.heroes[self.seat] = replace(h, hp=hp)
        companions.hurt(s, self.seat)
        s.say(
            "hit",
            f"{common.upper_first(name)} wins the round: {s.name(self.seat)} has {hp} HP left.",
        )
        if hp <= 0:
            rewards.die(s, self.seat, f"is slain by {name}")
