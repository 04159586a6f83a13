"""What a kill brings, and what a death costs.

Part I, Enemy Engagement (two coins a kill, one more where Gift to the
Gods holds: Part IV, Incorporating the Curse Castles, ruling DG-R54; then the bounty, the specialty
hide, the wild hide; the Guardians; the Cash Cube); Part II, Hides (the
wild hides' conversion), Bounties (three in the backpack at most); rulings
DG-R5, DG-R6 and DG-R24; Part I, Death and the Styx River; the Poison class (Part I, Know
Thine Enemy: a stat instead of an HP; all stats at 3 means death).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.games.dungeons.actions import PASS, Pick
from saloon.games.dungeons.effects import STATS
from saloon.games.dungeons.rules import board, cards, common, curses, hides
from saloon.games.dungeons.rules.agenda import Decision, Step, push
from saloon.games.dungeons.rules.model import Enemy

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState

#: Bounty cards a backpack holds (Part II, Bounties).
BACKPACK = 3


def kill(s: DungeonsState, seat: int, e: Enemy, as_class: str | None) -> None:
    """``seat`` slays ``e`` (``as_class``: the class it was transformed into)."""
    board.remove_enemy(s, e.uid)
    if e.is_cube:
        owner = e.owner if e.owner is not None else seat
        s.say("cube", f"The Cash Cube goes back to {s.name(owner)} (no coins for it).")
        return
    took, asked, cursed = curses.earn(s, seat, s.content.prices.kill_coins)
    got = common.gain_words(s, seat, took, asked, verb="collects", why=" for the kill" + cursed)
    s.say("coins", f"{s.name(seat)} {got}.", seat)
    g = s.guardian(e.kind)
    if s.options.hides and hides.guardian_kill(s, seat, e.kind):
        return
    if g is not None:
        if g.glory:
            h = s.heroes[seat]
            s.heroes[seat] = replace(h, trophies=(*h.trophies, e.kind))
            s.say(
                "trophy",
                f"{s.name(seat)} takes the {g.name} as a trophy: "
                f"{common.count(g.glory, 'glory point')}.",
                seat,
            )
        else:
            board.bag_add(s, e.kind)
            s.say("guardian", f"The {g.name} goes back into the bag (no trophy, no glory).")
        return
    m = s.monster(e.kind)
    assert m is not None
    cls = as_class or m.monster_class
    if s.options.hides:
        # A monster turned into another dies as that one (Part III,
        # Specialty Hides; ruling DG-R70); its token is the one slain.
        into = s.monster(as_class) if as_class else None
        kind = e.kind if into is None else into.id
        hides.monster_kill(s, seat, e.kind, kind, cls if into is None else into.monster_class)
        return
    wanted = wanted_bounties(s, seat, cls)
    if wanted and len(s.heroes[seat].backpack) < BACKPACK:
        choices = tuple(dict.fromkeys(wanted))
        if len(choices) == 1:
            collect_bounty(s, seat, e.kind, choices[0])
        else:
            push(s, ChooseBounty(seat, e.kind, choices))
        return
    hide(s, seat, e.kind, cls)


def wanted_bounties(s: DungeonsState, seat: int, cls: str) -> list[str]:
    """The face-up bounties a kill of class ``cls`` in the hero's space fits."""
    space = s.heroes[seat].space
    return [
        b
        for b in s.bounties
        if s.index.bounties[b].monster_class == cls and s.index.bounties[b].space == space
    ]


def collect_bounty(s: DungeonsState, seat: int, token: str, bid: str) -> None:
    """The bounty card goes to the backpack; the token to the bag; a new
    bounty is turned; an enemy is spawned (Part I, Enemy Engagement)."""
    h = s.heroes[seat]
    s.heroes[seat] = replace(h, backpack=(*h.backpack, bid))
    bounties = list(s.bounties)
    bounties.remove(bid)
    s.bounties = tuple(bounties)
    board.bag_add(s, token)
    b = s.index.bounties[bid]
    where = board.space_words(s, b.space)
    worth = "a turn once returned" if s.options.hides else common.count(b.glory, "glory point")
    s.say(
        "bounty",
        f"{s.name(seat)} collects the bounty on {common.article(b.monster_class)} in {where}, "
        f"{worth}: {b.story}",
        seat,
    )
    if s.options.hides:
        # Part III, Hide Collection: the eight bounties are the only ones;
        # the spawn stays (Part III, Spawn/Gather).
        push(s, board.Spawn())
    else:
        push(s, cards.TurnBounties(), board.Spawn(gm=s.gm_of(seat)))


@dataclass(frozen=True, slots=True)
class ChooseBounty(Decision):
    """Two face-up bounties fit the kill: the hunter picks one."""

    seat: int
    token: str
    choices: tuple[str, ...]

    def legal(self, s: DungeonsState) -> list[Action]:
        return [Pick("bounty", b) for b in self.choices]

    def prompt(self, s: DungeonsState) -> str:
        return "the bounty this kill collects"

    def answer(self, s: DungeonsState, action: Action) -> None:
        assert isinstance(action, Pick)
        collect_bounty(s, self.seat, self.token, action.value)


def hide(s: DungeonsState, seat: int, token: str, cls: str) -> None:
    """A free specialty slot of the class, else a wild hide (Part II, Hides)."""
    h = s.heroes[seat]
    slots = s.gather_board(seat).specialty
    for i, c in enumerate(slots):
        if c == cls and not h.specialty[i]:
            spec = list(h.specialty)
            spec[i] = token
            s.heroes[seat] = replace(h, specialty=(spec[0], spec[1], spec[2]))
            s.say("hide", f"{s.name(seat)} takes {common.article(cls)} specialty hide.", seat)
            return
    if len(h.wild) >= 2:
        push(s, OfferConversion(seat), PlaceWild(seat, token))
    else:
        push(s, PlaceWild(seat, token))


@dataclass(frozen=True, slots=True)
class PlaceWild(Step):
    """A wild hide into a free wild slot (Part II, Hides: two slots; the
    second fills them and the conversion is offered); with both full it
    goes back to the bag (ruling DG-R5)."""

    seat: int
    token: str

    def run(self, s: DungeonsState) -> None:
        h = s.heroes[self.seat]
        if len(h.wild) >= 2:
            board.bag_add(s, self.token)
            s.say("hide", f"{s.name(self.seat)}'s wild hides are full: the hide goes to the bag.")
            return
        s.heroes[self.seat] = replace(h, wild=(*h.wild, self.token))
        s.say("hide", f"{s.name(self.seat)} takes a wild hide.", self.seat)
        if len(h.wild) + 1 == 2:
            push(s, OfferConversion(self.seat))


def free_slot_classes(s: DungeonsState, seat: int) -> tuple[str, ...]:
    h = s.heroes[seat]
    slots = s.gather_board(seat).specialty
    return tuple(dict.fromkeys(c for i, c in enumerate(slots) if not h.specialty[i]))


@dataclass(frozen=True, slots=True)
class OfferConversion(Step):
    """With both wild slots full, one may become a specialty hide of a free
    slot (the other goes back to the bag): ``may`` by default (ruling
    DG-R5), ``must`` with ``wild_conversion=must``."""

    seat: int

    def run(self, s: DungeonsState) -> None:
        h = s.heroes[self.seat]
        classes = free_slot_classes(s, self.seat)
        if len(h.wild) < 2 or not classes:
            return
        must = s.options.wild_conversion == "must"
        if must and len(classes) == 1:
            convert(s, self.seat, classes[0])
        else:
            push(s, Conversion(self.seat, classes, must))


@dataclass(frozen=True, slots=True)
class Conversion(Decision):
    """``convert <class>``: a wild hide into that specialty slot; or ``pass``
    (Part II, Hides; ruling DG-R5)."""

    seat: int
    classes: tuple[str, ...]
    must: bool

    def legal(self, s: DungeonsState) -> list[Action]:
        out: list[Action] = [Pick("convert", c) for c in self.classes]
        return out if self.must else [*out, PASS]

    def prompt(self, s: DungeonsState) -> str:
        return "convert a wild hide into a specialty hide, or pass"

    def answer(self, s: DungeonsState, action: Action) -> None:
        if isinstance(action, Pick):
            convert(s, self.seat, action.value)
        else:
            s.say("hide", f"{s.name(self.seat)} keeps the two wild hides.", self.seat)


def convert(s: DungeonsState, seat: int, cls: str) -> None:
    """The first wild hide fills a free ``cls`` slot, the other goes to the
    bag (ruling DG-R6: the older hide is the one kept)."""
    h = s.heroes[seat]
    slots = s.gather_board(seat).specialty
    i = next(i for i, c in enumerate(slots) if c == cls and not h.specialty[i])
    spec = list(h.specialty)
    spec[i] = h.wild[0]
    board.bag_add(s, *h.wild[1:])
    s.heroes[seat] = replace(h, specialty=(spec[0], spec[1], spec[2]), wild=())
    s.say(
        "hide",
        f"{s.name(seat)} converts a wild hide into {common.article(cls)} specialty hide.",
        seat,
    )


# -- harm --------------------------------------------------------------------------------------


def poisoned(s: DungeonsState, seat: int) -> None:
    """A Poison monster's hit: the hero drops a stat of his choice by one,
    never below 3; with every stat at 3 he dies (Part I, Death, GM's Note)."""
    h = s.heroes[seat]
    options = tuple(st for st in STATS if h.stat(st) > common.STAT_MIN)
    if not options:
        die(s, seat, "succumbs to the poison")
    elif len(options) == 1:
        drop_stat(s, seat, options[0])
    else:
        push(s, PoisonStat(seat, options))


def drop_stat(s: DungeonsState, seat: int, stat: str) -> None:
    before = s.heroes[seat].stat(stat)
    common.set_stat(s, seat, stat, before - 1)
    s.say(
        "poison", f"The poison drops {s.name(seat)}'s {stat} from {before} to {before - 1}.", seat
    )


@dataclass(frozen=True, slots=True)
class PoisonStat(Decision):
    """The poisoned hero picks the stat that drops."""

    seat: int
    options: tuple[str, ...]

    def legal(self, s: DungeonsState) -> list[Action]:
        return [Pick("stat", st) for st in self.options]

    def prompt(self, s: DungeonsState) -> str:
        return "the poison: which stat drops by 1"

    def answer(self, s: DungeonsState, action: Action) -> None:
        assert isinstance(action, Pick)
        drop_stat(s, self.seat, action.value)


def die(s: DungeonsState, seat: int, how: str) -> None:
    """Death (Part I, Death and the Styx River; ruling DG-R24): to the Styx; the
    specialty and wild hides to the bag; the Heroic Quest cards discarded;
    the Advantage cards, coins and bounties kept; the turn is over with no
    rest draw; the Ferryman restores the HP and drops the hero on a random
    space at the start of his next turn. A chib stays a chib (ruling DG-R30)."""
    h = s.heroes[seat]
    board.bag_add(s, *h.wild, *h.specialty)
    for q in h.quests:
        cards.discard(s, q)
    s.heroes[seat] = replace(h, space=-1, hp=0, wild=(), specialty=("", "", ""), quests=())
    s.say("death", f"{s.name(seat)} {how} and goes to the Styx.", seat)
    t = s.turn
    if t is not None and t.seat == seat:
        s.turn = replace(t, engaged=(), foe=None, rested=False)
        board.end_round(s)
        _end_turn_now(s)


def _end_turn_now(s: DungeonsState) -> None:
    """Drop what was left of the dead hero's turn, down to its end."""
    from saloon.games.dungeons.rules.turn import EndOfTurn

    for i in range(len(s.agenda) - 1, -1, -1):
        if isinstance(s.agenda[i], EndOfTurn):
            del s.agenda[i + 1 :]
            return
